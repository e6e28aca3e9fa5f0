"""`llmdiag watch --merge FILE...`: follow several growing logs (one per node, as written by `tee`
or `kubectl logs -f`, or FIFOs) and show one live view with a row per node.

Nothing is passed through here: the files are the record. Lines are analysed as they arrive, each
with its own source name and node, by one Analyzer, so the per-node views and the distributed
diagnoses of `explain` apply live.
"""

from __future__ import annotations

import os
import signal
import stat
import time
from pathlib import Path

from diagnose.lines import LineParser, LineSplitter
from diagnose.live.views import Out, diagnosis_lines, fmt_dur

POLL_S = 0.2
REPORT_EVERY_S = 1.0
DEFAULT_IDLE_STALL_S = 300.0


class Follower:
    """Reads what was appended to one file (or written to one FIFO) since the last poll."""

    def __init__(self, path: str, name: str, node: str):
        self.path = path
        self.name = name
        self.node = node
        self.parser = LineParser(name, node=node)
        self.fd: int | None = None
        self.fifo = False
        self.pos = 0
        self.split = LineSplitter()
        self.closed = False  # a FIFO whose writers all closed
        self.last_data = time.monotonic()
        self.stalled = False

    def _open(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False  # not created yet: `tee` on that node has not started
        self.fifo = stat.S_ISFIFO(st.st_mode)
        try:
            self.fd = os.open(self.path, os.O_RDONLY | (os.O_NONBLOCK if self.fifo else 0))
        except OSError:
            return False
        return True

    def _read(self) -> bytes:
        if self.fd is None and not self._open():
            return b""
        assert self.fd is not None
        if self.fifo:
            try:
                data = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                return b""
            if not data:
                self.closed = True
            return data
        try:
            size = os.fstat(self.fd).st_size
        except OSError:
            return b""
        if size < self.pos:  # truncated or rotated: start again from the top
            self.pos = 0
        if size == self.pos:
            return b""
        chunks = []
        while self.pos < size and sum(map(len, chunks)) < (8 << 20):
            chunk = os.pread(self.fd, min(1 << 20, size - self.pos), self.pos)
            if not chunk:
                break
            self.pos += len(chunk)
            chunks.append(chunk)
        return b"".join(chunks)

    @property
    def lines(self) -> int:
        return self.split.n

    def poll(self):
        data = self._read()
        if not data:
            if self.closed:
                records = self.split.close()
            else:
                return
        else:
            self.last_data = time.monotonic()
            records = self.split.feed(data)
        for rec in records:
            yield self.parser.parse(*rec)


def followers_for(paths: list[str]) -> list[Follower]:
    """Unique source names (the parent folder is added when two files share a name); a node per
    file: its parent folder when files are named alike (node0/vllm.log), else the file's stem."""
    names = [os.path.basename(p) for p in paths]
    out = []
    for p, name in zip(paths, names):
        parent = os.path.basename(os.path.dirname(os.path.abspath(p)))
        if names.count(name) > 1:
            out.append(Follower(p, f"{parent}/{name}", parent))
        else:
            out.append(Follower(p, name, Path(name).stem))
    return out


class MergeView:
    """Plain `[llmdiag] node X: ...` lines, or on a terminal a table with a row per node."""

    def __init__(self, out: Out, tty: bool, quiet: bool):
        self.out = out
        self.tty = tty and not quiet
        self.quiet = quiet
        self.live = None
        if self.tty:
            from rich.console import Console
            from rich.live import Live

            self.console = Console(file=_Writer(out), force_terminal=True, width=None)
            self.live = Live(console=self.console, refresh_per_second=4, transient=False)
            self.live.start()

    def line(self, text: str) -> None:
        if self.live is not None:
            self.live.console.print(f"[llmdiag] {text}", markup=False, highlight=False)
        else:
            self.out.write(f"[llmdiag] {text}\n")

    def rows(self, rows: list[dict], report) -> None:
        if self.live is None:
            return
        from rich.table import Table

        table = Table(title=f"llmdiag: {report.engine} {report.engine_version or ''}  outcome so far: "
                            f"{report.outcome}", title_justify="left", box=None, header_style="bold")
        for col in ("node", "phase", "status", "lines", "quiet for", "error"):
            table.add_column(col)
        for r in rows:
            table.add_row(r["node"], r["phase"] or "-", r["status"], str(r["lines"]), fmt_dur(r["idle"]),
                          (r.get("error") or "")[:60])
        self.live.update(table)

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()


class _Writer:
    def __init__(self, out: Out):
        self.out = out

    def write(self, text: str) -> int:
        self.out.write(text)
        return len(text)

    def flush(self) -> None:
        pass


def _node_rows(report, followers: list[Follower], now: float) -> list[dict]:
    by_node = {n.get("name"): n for n in (report.model_dump().get("nodes") or [])}
    rows = []
    for f in followers:
        n = by_node.get(f.node, {})
        rows.append({
            "node": f.node,
            "phase": n.get("last_phase") or (report.last_phase if len(followers) == 1 else None),
            "status": "waiting for file" if f.fd is None else (n.get("status") or ("closed" if f.closed else "running")),
            "lines": f.lines,
            "idle": now - f.last_data,
            "error": (n.get("error") or {}).get("text") if isinstance(n.get("error"), dict) else n.get("error"),
        })
    return rows


def merge_watch(paths: list[str], cfg: dict) -> int:
    from diagnose.exits import exit_code_for
    from diagnose.live.front import status_is_tty
    from diagnose.pipeline import Analyzer, load_rules

    rules, errors = load_rules(cfg.get("rules_dirs") or [], cfg.get("only") or [], cfg.get("skip") or [])
    analyzer = Analyzer(rules, errors)
    followers = followers_for(paths)
    if cfg.get("status_file"):
        out = Out(os.open(cfg["status_file"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644), close=True)
    else:
        out = Out(int(cfg.get("status_fd", 2)))
    view = MergeView(out, status_is_tty(cfg) and not cfg.get("plain"), bool(cfg.get("quiet")))
    idle_budget = float((cfg.get("stall") or {}).get("default", DEFAULT_IDLE_STALL_S))
    stop = {"n": 0}

    def on_signal(signum, frame):  # noqa: ARG001
        stop["n"] += 1

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)
    view.line(f"following {len(followers)} logs: " + ", ".join(f"{f.node}={f.path}" for f in followers))
    reported: set[str] = set()
    phases: dict[str, str | None] = {}
    report = analyzer.report()
    from diagnose.prometheus import live_exporter

    exporter = live_exporter(cfg, view.line)  # -o prometheus, --pushgateway: kept current
    dirty = False
    last_report = 0.0
    quiet_since: float | None = None
    while not stop["n"]:
        got = False
        for f in followers:
            for line in f.poll():
                try:
                    analyzer.feed(line)
                except Exception as exc:  # noqa: BLE001 - one bad line must not stop the view
                    view.line(f"internal error on {f.name}:{line.n} ({type(exc).__name__}); line skipped")
                got = True
                if f.stalled:
                    f.stalled = False
                    view.line(f"node {f.node}: output resumed")
        now = time.monotonic()
        dirty = dirty or got
        if dirty and now - last_report >= REPORT_EVERY_S:
            report = analyzer.report()
            last_report, dirty = now, False
            if exporter is not None:
                from diagnose.prometheus import report_key

                exporter.maybe_update(report_key(report), lambda r=report: outputs_prepare(r))
            rows = _node_rows(report, followers, now)
            for r in rows:
                if r["phase"] and phases.get(r["node"]) != r["phase"] and not view.quiet:
                    view.line(f"node {r['node']}: phase {r['phase']}")
                phases[r["node"]] = r["phase"]
            for d in report.diagnoses:
                # the end-of-log guesses (stall-unknown, unknown-failure) are not findings while it runs
                if d.role != "wrapper" and d.severity in ("error", "warning") and d.fingerprint not in reported \
                        and d.rule not in ("stall-unknown", "unknown-failure"):
                    reported.add(d.fingerprint)
                    for text in diagnosis_lines(d):
                        view.line(text)
            view.rows(rows, report)
        for f in followers:
            idle = now - f.last_data
            if not f.stalled and f.fd is not None and not f.closed and idle > idle_budget \
                    and report.outcome == "incomplete":
                f.stalled = True
                view.line(f"node {f.node}: no new output for {fmt_dur(idle)} (last phase "
                          f"{phases.get(f.node) or report.last_phase or '-'}); check that process "
                          "(py-spy dump --pid <pid>, nvidia-smi) and its network to the other nodes")
        if all(f.closed for f in followers):
            break
        if cfg.get("exit_when_done") and report.outcome in ("ready", "failed") and not got:
            quiet_since = quiet_since or now
            if now - quiet_since >= 2.0:
                break
        elif got:
            quiet_since = None
        if not got:
            time.sleep(POLL_S)
    for f in followers:  # what arrived after the last poll
        for line in f.poll():
            analyzer.feed(line)
    report = analyzer.report()
    view.close()
    from diagnose import outputs

    final = outputs.prepare(report, redact=True)
    out.write(outputs.render(final, "text", color=False))
    if cfg.get("outputs"):
        outputs.write_outputs(final, [tuple(o) for o in cfg["outputs"]], color=False, input_paths=paths)
    if exporter is not None:
        exporter.finish(final)
    for f in followers:
        if f.fd is not None:
            os.close(f.fd)
    return exit_code_for(report, cfg.get("fail_on", "error"))


def outputs_prepare(report):
    from diagnose import outputs

    return outputs.prepare(report, redact=True)
