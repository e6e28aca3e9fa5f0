"""Prometheus metrics of a start: the text exposition format (version 0.0.4), written for the node
exporter's textfile collector (`-o prometheus=PATH`, an atomic rename) or pushed to a Pushgateway
(`--pushgateway URL`). docs/prometheus.md lists the metrics and shows how to use them.

Only the standard library: a user who asks for neither output imports nothing of this.

Every series carries the labels engine, version, model and node. Label values are bounded (at most
MAX_LABEL characters of a small charset) and never carry a secret: each goes through the project's
redaction (its address aliases are not applied: `ip-1` on every node would merge the nodes).
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Iterable, Sequence
from typing import Any

from diagnose._cache import replace_file

PREFIX = "llmdiag_"
MAX_LABEL = 96
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
PUSH_TIMEOUT_S = 10.0
DEFAULT_JOB = "llmdiag"

_BAD_CHARS = re.compile(r"[^A-Za-z0-9._:/@+=\[\]-]+")


class PushError(Exception):
    """A push to the Pushgateway failed (one line, credentials never in it)."""


# -- label values ---------------------------------------------------------------------------------

def label_value(value: Any, keep: str = "head") -> str:
    """A bounded, secret-free label value: redacted, characters outside [A-Za-z0-9._:/@+=[]-] become
    `_`, at most MAX_LABEL characters (keep="tail" keeps the end: a model path's last part names it)."""
    if value is None:
        return ""
    text = str(value)
    if len(text) > 4 * MAX_LABEL:  # redaction reads a bounded text (a model "name" may be a whole line)
        text = text[-4 * MAX_LABEL:] if keep == "tail" else text[:4 * MAX_LABEL]
    text = _secret_free(text)
    text = _BAD_CHARS.sub("_", text).strip("_")
    if len(text) > MAX_LABEL:
        text = "..." + text[-(MAX_LABEL - 3):] if keep == "tail" else text[:MAX_LABEL - 3] + "..."
    return text


def _secret_free(text: str) -> str:
    from diagnose.redact import SECRET, USER, redact_text

    red = redact_text(text)
    return red if (SECRET in red or USER in red) else text


def node_name(node: str | None = None, env: dict | None = None) -> str:
    """The node label: `--node`, else $LLMDIAG_NODE, else $NODE_NAME (Kubernetes' downward API),
    else this machine's host name."""
    env = os.environ if env is None else env
    for v in (node, env.get("LLMDIAG_NODE"), env.get("NODE_NAME")):
        if v:
            return v
    import socket

    try:
        return socket.gethostname()
    except OSError:  # pragma: no cover
        return ""


# -- the text format ------------------------------------------------------------------------------

def _esc_label(v: str) -> str:
    return v.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _esc_help(v: str) -> str:
    return v.replace("\\", "\\\\").replace("\n", "\\n")


def number(v: float) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "+Inf" if v > 0 else "-Inf"
    return repr(float(v))


class Family:
    """One metric family: name, type, help, and its samples (label dicts and values)."""

    def __init__(self, name: str, mtype: str, help_: str):
        self.name, self.type, self.help = PREFIX + name, mtype, help_
        self.samples: list[tuple[dict[str, str], float]] = []

    def add(self, labels: dict[str, str], value: float) -> None:
        self.samples.append((labels, value))

    def text(self) -> str:
        out = [f"# HELP {self.name} {_esc_help(self.help)}", f"# TYPE {self.name} {self.type}"]
        for labels, value in self.samples:
            lab = ",".join(f'{k}="{_esc_label(v)}"' for k, v in labels.items())
            out.append(f"{self.name}{{{lab}}} {number(value)}" if lab else f"{self.name} {number(value)}")
        return "\n".join(out) + "\n"


# name, type, help: the families in the order they are written (docs/prometheus.md lists them)
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("start_info", "gauge", "Always 1: the start that llmdiag read, labelled by engine, version, model and node."),
    ("start_outcome", "gauge", "1 for the outcome of the start (ready, failed, incomplete), 0 for the others."),
    ("start_after_ready", "gauge",
     "When the start is ready: 1 for what became of the server (serving, died, stuck, stopped), 0 for the others."),
    ("last_phase", "gauge", "1 for the last startup phase the log reached, 0 for the other phases."),
    ("phase_duration_seconds", "gauge", "Seconds each startup phase took (a phase seen twice: the sum)."),
    ("start_duration_seconds", "gauge", "Seconds of all startup phases together."),
    ("weights_bytes", "gauge", "Size of the model weights the log names, in bytes."),
    ("weights_load_seconds", "gauge", "Seconds the weights took to load."),
    ("weights_load_bytes_per_second", "gauge", "Weight loading speed in bytes per second (GB/s times 1e9)."),
    ("kv_cache_tokens", "gauge", "Tokens the KV cache holds, as the engine sized it."),
    ("diagnoses", "gauge", "Diagnoses of the start by category, rule, severity and role (docs/contract.md)."),
    ("probe_ttft_seconds", "gauge", "Time to the first token of the probe after ready (run --probe, watch --probe)."),
    ("log_lines_total", "counter", "Log lines of the start that llmdiag read."),
    ("report_timestamp_seconds", "gauge", "Unix time when llmdiag wrote these metrics."),
)
_HELP = {name: (t, h) for name, t, h in FAMILIES}


def _families() -> dict[str, Family]:
    return {name: Family(name, t, h) for name, t, h in FAMILIES}


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v) if math.isfinite(v) else None


def _add_report(fams: dict[str, Family], report, base: dict[str, str], now: float) -> None:
    from diagnose.engines.base import PHASES
    from diagnose.report import AFTER_READY_STATES, OUTCOMES

    def lab(**extra: str) -> dict[str, str]:
        return {**base, **{k: label_value(v) for k, v in extra.items()}}

    fams["start_info"].add(lab(), 1)
    for o in OUTCOMES:
        fams["start_outcome"].add(lab(outcome=o), int(report.outcome == o))
    ar = report.after_ready
    if report.outcome == "ready" and ar is not None:
        for s in AFTER_READY_STATES:
            fams["start_after_ready"].add(lab(state=s), int(ar.state == s))
    phase_names = list(PHASES) + sorted({p.name for p in report.phases if p.name not in PHASES})
    for p in phase_names:
        fams["last_phase"].add(lab(phase=p), int(report.last_phase == p))
    durations: dict[str, float] = {}
    for p in report.phases:
        d = _num(p.duration_s)
        if d is not None:
            durations[p.name] = durations.get(p.name, 0.0) + d
    for name, d in durations.items():
        fams["phase_duration_seconds"].add(lab(phase=name), round(d, 6))
    if durations:
        fams["start_duration_seconds"].add(lab(), round(sum(durations.values()), 6))
    facts = report.facts or {}
    gib = _num(facts.get("weights_gib"))
    if gib is not None:
        fams["weights_bytes"].add(lab(), round(gib * 2**30))
    load_s = _num(facts.get("weights_load_s"))
    if load_s is not None:
        fams["weights_load_seconds"].add(lab(), load_s)
    gbps = _num(facts.get("load_gbps"))
    if gbps is not None:
        fams["weights_load_bytes_per_second"].add(lab(), round(gbps * 1e9))
    kv = _num(facts.get("kv_tokens"))
    if kv is None:
        kv = _num(facts.get("max_total_num_tokens"))
    if kv is not None:
        fams["kv_cache_tokens"].add(lab(), int(kv))
    counts: dict[tuple[str, str, str, str], int] = {}
    for d in report.diagnoses:
        key = (label_value(d.category), label_value(d.rule), label_value(d.severity), label_value(d.role))
        counts[key] = counts.get(key, 0) + 1
    for (cat, rule, sev, role), n in counts.items():
        fams["diagnoses"].add({**base, "category": cat, "rule": rule, "severity": sev, "role": role}, n)
    probe = report.probe
    if probe is not None and _num(probe.ttft_s) is not None:
        fams["probe_ttft_seconds"].add(lab(), probe.ttft_s)
    fams["log_lines_total"].add(lab(), int(report.lines or 0))
    fams["report_timestamp_seconds"].add(lab(), round(now, 3))


def base_labels(report, node: str | None = None) -> dict[str, str]:
    return {"engine": label_value(report.engine), "version": label_value(report.engine_version),
            "model": label_value(report.model, keep="tail"), "node": label_value(node_name(node))}


def render(report, node: str | None = None, now: float | None = None) -> str:
    """The metrics of one start in the text format."""
    return render_many([report], node, now)


def render_many(reports: Sequence, node: str | None = None, now: float | None = None) -> str:
    """Several starts in one text (each family once): with more than one, a `start` label (1, 2, ...)
    keeps their series apart."""
    now = time.time() if now is None else now
    fams = _families()
    for i, report in enumerate(reports):
        base = base_labels(report, node)
        if len(reports) > 1:
            base["start"] = str(i + 1)
        _add_report(fams, report, base, now)
    return "".join(f.text() for f in fams.values() if f.samples)


# -- the textfile ---------------------------------------------------------------------------------

def write_atomic(path: str, text: str) -> None:
    """Write to a hidden temporary file in the same folder, then rename it over PATH: the textfile
    collector never reads half a file (it reads only *.prom, which the temporary name is not).
    A path that is not a regular file (/dev/stdout, a FIFO) is written directly."""
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        return
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    data = text.encode("utf-8")
    replace_file(path, lambda fh: fh.write(data), mode=0o644)  # (the node exporter runs as another user)


# -- the Pushgateway ------------------------------------------------------------------------------

def _segment(name: str, value: str) -> str:
    """One grouping-key part of the push URL; a value with a slash (or empty) in base64url."""
    from urllib.parse import quote

    if not value or "/" in value:
        import base64

        return f"{name}@base64/" + (base64.urlsafe_b64encode(value.encode()).decode() or "=")
    return f"{name}/{quote(value, safe='')}"


def push_target(url: str, node: str | None = None) -> tuple[str, str, dict[str, str]]:
    """(URL to PUT to, the URL to show in messages, headers). A URL whose path already holds
    /metrics/job/... is used as given (its grouping key is the user's); otherwise the grouping key is
    job=llmdiag, instance=NODE. user:password@ in the URL becomes a basic-auth header, never shown."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PushError(f"--pushgateway wants an http:// or https:// URL, got {_shown(url)!r}")
    headers = {"Content-Type": CONTENT_TYPE}
    if parts.username is not None or parts.password is not None:
        import base64
        from urllib.parse import unquote

        cred = f"{unquote(parts.username or '')}:{unquote(parts.password or '')}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(cred).decode()
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    path = parts.path
    if "/metrics/job" not in path:
        inst = label_value(node_name(node))
        path = path.rstrip("/") + "/metrics/" + _segment("job", DEFAULT_JOB) + "/" + _segment("instance", inst)
    full = urlunsplit((parts.scheme, netloc, path, "", ""))
    return full, full, headers


def _shown(url: str) -> str:
    from diagnose.redact import redact_text

    return redact_text(url)


def check_url(url: str) -> None:
    """A usage check before any work: raises PushError for a URL that cannot be pushed to."""
    try:
        push_target(url, "x")
    except ValueError as exc:  # a port that is not a number
        raise PushError(f"--pushgateway: bad URL {_shown(url)!r} ({exc})") from None


def push(url: str, text: str, node: str | None = None, timeout: float = PUSH_TIMEOUT_S) -> str:
    """PUT the metrics to the Pushgateway (replacing what this group had); returns the URL pushed to.
    Raises PushError with one line."""
    import urllib.error
    import urllib.request

    try:
        target, shown, headers = push_target(url, node)
    except ValueError as exc:
        raise PushError(f"--pushgateway: bad URL {_shown(url)!r} ({exc})") from None
    req = urllib.request.Request(target, data=text.encode("utf-8"), headers=headers, method="PUT")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:  # http(s) only: checked above
            resp.read()
    except urllib.error.HTTPError as exc:
        try:
            body = exc.read(300).decode("utf-8", "replace")
        except Exception:  # noqa: BLE001
            body = ""
        body = " ".join(body.split())[:200]
        why = f"HTTP {exc.code} {exc.reason}" + (f": {body}" if body else "")
        raise PushError(f"push to {shown} failed: {why}") from None
    except TimeoutError:  # socket.timeout is TimeoutError
        raise PushError(f"push to {shown} failed: no answer in {timeout:g} s") from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, TimeoutError):
            raise PushError(f"push to {shown} failed: no answer in {timeout:g} s") from None
        raise PushError(f"push to {shown} failed: {getattr(reason, 'strerror', None) or reason}") from None
    except (OSError, ValueError) as exc:
        raise PushError(f"push to {shown} failed: {getattr(exc, 'strerror', None) or exc}") from None
    return shown


# -- watch and run: keep the file current --------------------------------------------------------

class LiveExporter:
    """While a start runs: rewrite the textfile(s) and push when the start changes (a phase, a
    diagnosis, ready, a failure), at most once every `every_s` seconds. Pushes run in a thread (a slow
    Pushgateway never holds up the analysis); `finish` writes and pushes the final report."""

    def __init__(self, paths: Iterable[str], pushgateway: str | None, node: str | None, note,
                 every_s: float = 2.0, clock=time.monotonic):
        self.paths = list(paths)
        self.pushgateway = pushgateway
        self.node = node
        self.note = note
        self.every_s = every_s
        self.clock = clock
        self.last_key: Any = None
        self.last_write = -math.inf
        self.failed: set[str] = set()
        self._thread = None
        self._pending: str | None = None
        self.disabled = False

    def maybe_update(self, key: Any, make_report) -> bool:
        """`key`: what identifies the state (phase, diagnoses, outcome); `make_report()` builds the report
        only when it changed and the last write is old enough. Returns whether it wrote."""
        if self.disabled or key == self.last_key:
            return False
        now = self.clock()
        if now - self.last_write < self.every_s:
            return False
        report = make_report()
        if report is None:
            return False
        self.last_key, self.last_write = key, now
        self._export(render(report, self.node), final=False)
        return True

    def finish(self, report) -> None:
        """The final report: the textfiles (already written by the outputs at the end: not again) and the push."""
        try:
            self._export(render(report, self.node), final=True, files=False)
        except Exception as exc:  # noqa: BLE001 - the metrics must never cost the report
            self._warn("final", f"the final metrics failed ({type(exc).__name__}: {exc})")

    def _export(self, text: str, final: bool, files: bool = True) -> None:
        if files:
            for p in self.paths:
                try:
                    write_atomic(p, text)
                except OSError as exc:
                    self._warn(p, f"cannot write prometheus output to {p}: {exc.strerror or exc}")
        if not self.pushgateway:
            return
        if final:
            if self._thread is not None:
                self._thread.join(PUSH_TIMEOUT_S + 1)
            self._push(text)
            return
        self._pending = text
        if self._thread is None or not self._thread.is_alive():
            import threading

            self._thread = threading.Thread(target=self._pusher, daemon=True)
            self._thread.start()

    def _pusher(self) -> None:
        while self._pending is not None:
            text, self._pending = self._pending, None
            self._push(text)

    def _push(self, text: str) -> None:
        try:
            push(self.pushgateway or "", text, self.node)
        except PushError as exc:
            self._warn("push", str(exc))

    def _warn(self, key: str, msg: str) -> None:
        if key not in self.failed:  # once per target: a Pushgateway that is down is said once
            self.failed.add(key)
            try:
                self.note(f"warning: {msg}")
            except Exception:  # noqa: BLE001
                pass


def live_exporter(cfg: dict, note) -> LiveExporter | None:
    """The exporter of `watch` / `run` (their config: `outputs`, `pushgateway`, `node`), or None when
    neither a prometheus output nor a Pushgateway was asked for."""
    paths = [p for f, p in (cfg.get("outputs") or []) if f == "prometheus"]
    if not paths and not cfg.get("pushgateway"):
        return None
    return LiveExporter(paths, cfg.get("pushgateway"), cfg.get("node"), note)


def live_key(live) -> tuple:
    """What a live analysis has reached: a new value means new metrics (diagnose.live.analysis)."""
    return (live.analyzer.starts, live.phase, len(live.done), len(live.reported), live.ready, live.failed,
            live.stall is not None, live.probe_res is not None)


def report_key(report) -> tuple:
    """The same for a report (`watch --merge`)."""
    return (report.outcome, report.last_phase, len(report.phases), len(report.diagnoses),
            tuple(p.status for p in report.phases))
