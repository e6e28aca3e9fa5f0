"""NDJSON events for log shippers (schema llmdiag.event/v1, docs/events.md).

One JSON object per line, written and flushed as each event happens, so that Vector, Fluent Bit or
Promtail can forward them:

    w = EventWriter.open("fd:3")            # or a path (appended to), or "-" (stdout: explain only)
    w.emit("phase_started", phase="weights", line=12, log_clock=(clock, year))

`watch` and `run` emit them live (LiveEvents, fed by diagnose.live.analysis); `explain` emits the
same kinds for a finished log (report_events). Strings that come from the log go through the
project's redaction (diagnose.redact) unless the user asked for --no-redact.

Only the standard library is imported here: the events cost nothing to users who do not ask for them.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable

SCHEMA = "llmdiag.event/v1"
KINDS = ("start", "phase_started", "phase_ended", "stall", "stall_over", "diagnosis", "ready",
         "died_after_ready", "stuck_after_ready", "probe", "restart", "end")
# fields the writer owns (a kind's own fields never replace them)
ENVELOPE = ("schema", "kind", "time", "log_time", "seq", "run_id", "start", "engine", "engine_version",
            "model", "node", "host")
# values that are ids, enums or numbers chosen by llmdiag: never rewritten by redaction
_STRUCTURAL = frozenset({"phase", "status", "rule", "category", "severity", "role", "confidence", "outcome",
                         "result", "fingerprint", "last_phase", "state", "previous_outcome", "mode"})


_S, _N, _I = {"type": "string"}, {"type": "number"}, {"type": "integer"}


def _opt(t: dict) -> dict:
    return {"type": [t["type"], "null"], **{k: v for k, v in t.items() if k != "type"}}


def _kind(name: str, required: list[str], props: dict) -> dict:
    return {"if": {"properties": {"kind": {"const": name}}},
            "then": {"required": required, "properties": props}}


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one event line (`llmdiag schema event`; docs/events.md)."""
    from diagnose.engines.base import PHASES
    from diagnose.report import (AFTER_READY_STATES, CONFIDENCES, OUTCOMES, PHASE_STATUSES, PROBE_RESULTS, ROLES,
                                 SEVERITIES)

    phases = list(PHASES)
    phase = {"type": ["string", "null"], "enum": [*phases, None]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:llmdiag:event:v1",
        "title": "llmdiag event", "description": f"One NDJSON line of `--events`; its `schema` field is {SCHEMA}.",
        "type": "object",
        "required": list(ENVELOPE),
        "properties": {
            "schema": {"const": SCHEMA}, "kind": {"enum": list(KINDS)},
            "time": {"type": "string", "format": "date-time", "description": "wall clock (UTC) when written"},
            "log_time": {"type": ["string", "null"],
                         "description": "the log's own clock at the event, as printed (no zone), ISO 8601; "
                                        "null when the log has no clock"},
            "seq": {"type": "integer", "minimum": 1}, "run_id": _S,
            "start": {"type": "integer", "minimum": 1, "description": "which start of the stream (restarts)"},
            "engine": _opt(_S), "engine_version": _opt(_S), "model": _opt(_S), "node": _opt(_S), "host": _opt(_S),
            "line": {"type": ["integer", "null"], "description": "log line the event was noticed at"},
        },
        "allOf": [
            _kind("start", ["mode"], {"mode": {"enum": ["watch", "run", "explain"]}}),
            _kind("phase_started", ["phase"], {"phase": {"enum": phases}}),
            _kind("phase_ended", ["phase", "status", "duration_s"],
                  {"phase": {"enum": phases}, "status": {"enum": list(PHASE_STATUSES)},
                   "duration_s": _opt(_N)}),
            _kind("stall", ["phase", "silent_s", "budget_s", "ready_timeout"],
                  {"phase": phase, "silent_s": _N, "budget_s": _N, "ready_timeout": {"type": "boolean"},
                   "meaning": _S, "actions": {"type": "array", "items": _S}}),
            _kind("stall_over", ["phase", "stalled_s"], {"phase": phase, "stalled_s": _N}),
            _kind("diagnosis", ["rule", "category", "severity", "role", "confidence", "title", "fingerprint",
                                "after_ready"],
                  {"rule": _S, "category": _S, "severity": {"enum": list(SEVERITIES)},
                   "role": {"enum": list(ROLES)}, "confidence": {"enum": list(CONFIDENCES)},
                   "phase": phase, "title": _S, "explanation": _S, "remediation": {"type": "array", "items": _S},
                   "evidence": _opt(_S), "evidence_source": _opt(_S), "after_ready": {"type": "boolean"},
                   "fingerprint": _S}),
            _kind("ready", ["ready_s", "phases"], {"ready_s": _N, "phases": {"type": "object"}}),
            _kind("died_after_ready", ["rule", "category"], {"ready_line": _opt(_I), "rule": _opt(_S),
                                                             "category": _opt(_S)}),
            _kind("stuck_after_ready", ["rule", "category"], {"ready_line": _opt(_I), "rule": _opt(_S),
                                                              "category": _opt(_S)}),
            _kind("probe", ["result", "url"], {"result": {"enum": list(PROBE_RESULTS)},
                                               "url": _opt(_S), "ttft_s": _opt(_N), "detail": _opt(_S)}),
            _kind("restart", ["previous_outcome"], {"previous_outcome": _opt(_S), "previous_rule": _opt(_S)}),
            _kind("end", ["outcome", "exit_code"],
                  {"outcome": {"enum": [*OUTCOMES, None]}, "last_phase": phase,
                   "after_ready": {"enum": [*AFTER_READY_STATES, None]}, "lines": _I,
                   "phases": {"type": "array"}, "diagnoses": {"type": "object"}, "rule": _opt(_S),
                   "category": _opt(_S), "exit_code": _opt(_I), "probe": _opt(_S)}),
        ],
    }


class EventsError(Exception):
    """A bad --events target (usage error, exit 2)."""


def parse_target(spec: str, allow_stdout: bool = False) -> tuple[str, Any]:
    """'fd:3' -> ('fd', 3); '-' -> ('fd', 1) where stdout is free; anything else -> ('path', spec)."""
    if spec == "-":
        if not allow_stdout:
            raise EventsError("--events - is not available here: stdout carries the server's log "
                              "(use a file or fd:N)")
        return "fd", 1
    if spec.startswith("fd:"):
        try:
            fd = int(spec[3:])
        except ValueError:
            raise EventsError(f"--events {spec!r}: fd:N wants a number") from None
        if fd < 0 or (fd in (0, 1) and not allow_stdout):
            raise EventsError(f"--events {spec!r}: must not be 0 or 1 (stdout carries the server's log)")
        try:
            os.fstat(fd)
        except OSError:
            raise EventsError(f"--events {spec!r}: not an open file descriptor") from None
        return "fd", fd
    if not spec:
        raise EventsError("--events wants a PATH or fd:N")
    return "path", spec


def iso_utc(epoch: float) -> str:
    """RFC 3339 in UTC with milliseconds: 2026-12-01T19:52:09.123Z."""
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def log_datetime(clock: float | None, year: int | None, anchor_year: int | None = None) -> datetime | None:
    """The log's own clock (seconds since Jan 1 of its year, diagnose.lines) as a naive datetime.
    A log without the year (vLLM's `MM-DD hh:mm:ss`) takes `anchor_year`; a clock past the year
    (a year rollover) moves on as the calendar does."""
    if clock is None:
        return None
    y = year or anchor_year
    if y is None:
        return None
    from diagnose.lines import clock_datetime

    return clock_datetime(clock, y)


def anchor_year_for(clock: float | None, anchor_epoch: float) -> int:
    """The year a year-less log clock most likely belongs to: that of `anchor_epoch` (now, for a live
    log; the file's modification time for a finished one), or the year before when the date would
    otherwise lie more than two days after the anchor (a log of Dec 31 read on Jan 1)."""
    anchor = datetime.fromtimestamp(anchor_epoch, timezone.utc).replace(tzinfo=None)
    year = anchor.year
    if clock is not None:
        dt = log_datetime(clock, None, year)
        if dt is not None and dt - anchor > timedelta(days=2):
            year -= 1
    return year


def _iso_naive(dt: datetime | None) -> str | None:
    return None if dt is None else dt.isoformat(timespec="milliseconds")


class EventWriter:
    """Writes events to a path (appended to, created 0644), an open fd, or stdout; one os.write per
    event (a whole line, so readers never see half of one). After a write error it is silent."""

    def __init__(self, fd: int, close: bool = False, redact: bool = True, run_id: str | None = None,
                 clock=time.time):
        self.fd = fd
        self._close = close
        self.ok = True
        self.error: str | None = None
        self.seq = 0
        self.clock = clock
        self.run_id = run_id or os.environ.get("LLMDIAG_RUN_ID") or uuid.uuid4().hex
        self.context: dict[str, Any] = {"start": 1, "engine": None, "engine_version": None, "model": None,
                                        "node": None, "host": None}
        self._redactor = None
        if redact:
            from diagnose.redact import Redactor

            self._redactor = Redactor()

    @classmethod
    def open(cls, spec: str, allow_stdout: bool = False, **kw) -> "EventWriter":
        how, what = parse_target(spec, allow_stdout)
        if how == "fd":
            return cls(what, close=False, **kw)
        try:
            parent = os.path.dirname(what)
            if parent:
                os.makedirs(parent, exist_ok=True)
            fd = os.open(what, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise EventsError(f"--events {what!r}: {exc.strerror or exc}") from None
        return cls(fd, close=True, **kw)

    def set_context(self, **kw) -> None:
        for k, v in kw.items():
            if v is not None or k == "model":
                self.context[k] = v

    def redact(self, value: Any, key: str | None = None) -> Any:
        if self._redactor is None or key in _STRUCTURAL:
            return value
        if isinstance(value, dict):
            return {k: self.redact(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [self.redact(v, key) for v in value]
        if isinstance(value, str):
            return self._redactor.value(value, key)
        return value

    def event(self, kind: str, log_time: str | None = None, wall: float | None = None, **fields) -> dict:
        """The event as a dict (envelope first, then the kind's fields), redacted."""
        self.seq += 1
        ctx = dict(self.context)
        model = ctx.get("model")
        doc: dict[str, Any] = {
            "schema": SCHEMA, "kind": kind, "time": iso_utc(self.clock() if wall is None else wall),
            "log_time": log_time, "seq": self.seq, "run_id": self.run_id, "start": ctx.get("start", 1),
            "engine": ctx.get("engine"), "engine_version": ctx.get("engine_version"),
            "model": self.redact(model, "model") if isinstance(model, str) else None,
            "node": ctx.get("node"), "host": ctx.get("host"),
        }
        for k, v in fields.items():
            if k not in doc:
                doc[k] = self.redact(v, k)
        return doc

    def emit(self, kind: str, log_time: str | None = None, wall: float | None = None, **fields) -> None:
        if not self.ok:
            return
        try:
            doc = self.event(kind, log_time, wall, **fields)
            data = (json.dumps(doc, ensure_ascii=False, separators=(",", ":"), default=str) + "\n").encode(
                "utf-8", "replace")
            while data:
                n = os.write(self.fd, data)
                data = data[n:]
        except BlockingIOError:  # a full non-blocking pipe: this event is lost, the next one may pass
            return
        except (OSError, ValueError, TypeError) as exc:
            self.ok = False
            self.error = f"cannot write the events ({getattr(exc, 'strerror', None) or exc}); events are switched off"

    def close(self) -> None:
        if self._close:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self._close = False


# -- the fields of a kind, shared by the live and the post-mortem events --------------------------

def diagnosis_fields(d, after_ready: bool = False) -> dict:
    ev = d.evidence[0] if d.evidence else None
    return {
        "rule": d.rule, "category": d.category, "severity": d.severity, "role": d.role,
        "confidence": getattr(d, "confidence", "confirmed"), "phase": d.phase, "title": d.title,
        "explanation": d.explanation, "remediation": list(d.remediation)[:10],
        "line": ev.line if ev is not None else None, "evidence": ev.text[:1000] if ev is not None else None,
        "evidence_source": ev.source if ev is not None else None,
        "after_ready": after_ready, "fingerprint": d.fingerprint,
    }


def end_fields(report, exit_code: int | None = None) -> dict:
    counts: dict[str, int] = {}
    for d in report.diagnoses:
        if d.role != "wrapper":
            counts[d.severity] = counts.get(d.severity, 0) + 1
    top = next((d for d in report.diagnoses if d.role != "wrapper" and d.severity == "error"), None)
    ar = report.after_ready
    return {
        "outcome": report.outcome, "last_phase": report.last_phase,
        "after_ready": ar.state if ar is not None else None, "lines": report.lines,
        "phases": [{"phase": p.name, "status": p.status, "duration_s": p.duration_s} for p in report.phases],
        "diagnoses": counts, "rule": top.rule if top is not None else None,
        "category": top.category if top is not None else None, "exit_code": exit_code,
        "probe": report.probe.result if report.probe is not None else None,
    }


def phase_seconds(pairs) -> dict:
    """{phase: seconds} of (phase, seconds) pairs; a phase seen twice (compile around kv_cache) adds up."""
    out: dict = {}
    for name, secs in pairs:
        if secs is None:
            out.setdefault(name, None)
        else:
            out[name] = round((out.get(name) or 0.0) + secs, 3)
    return out


def after_ready_event(report) -> tuple | None:
    """(kind, None, fields) of the event that says the server stopped serving after it came up: it died
    (`died_after_ready`), or a line showed it stuck (`stuck_after_ready`; a probe's stuck has its own
    `probe` event); None otherwise."""
    from diagnose.report import died_after_ready, stopped_serving

    ar = report.after_ready
    if not stopped_serving(report) or (not died_after_ready(report) and ar.line is None):
        return None
    top = next((d for d in report.diagnoses if d.role != "wrapper" and d.severity == "error"), None)
    return ("died_after_ready" if died_after_ready(report) else "stuck_after_ready", None,
            {"line": ar.line, "ready_line": ar.ready_line, "rule": top.rule if top else None,
             "category": top.category if top else None})


# -- explain: the events of a finished log ---------------------------------------------------------

def report_events(writer: EventWriter, report, clocks: dict | None = None, anchor_epoch: float | None = None,
                  exit_code: int | None = None, source: str | None = None) -> None:
    """Emit the events a live watch of this log would have written, in the log's order.

    `clocks` (pipeline.Start.clocks): each phase's (start_clock, end_clock, year) and the log's year;
    log_time is the log's own clock (a year-less log takes the year of `anchor_epoch`)."""
    writer.set_context(engine=report.engine if report.engine != "unknown" else None,
                       engine_version=report.engine_version, model=report.model)
    spans = (clocks or {}).get("phases") or []
    year = (clocks or {}).get("year")
    first_clock = next((s[0] for s in spans if s and s[0] is not None), None)
    anchor_y = year or anchor_year_for(first_clock, anchor_epoch if anchor_epoch is not None else time.time())

    def lt(clock: float | None, y: int | None = None) -> str | None:
        return _iso_naive(log_datetime(clock, y or year, anchor_y))

    items: list[tuple[float, int, str, str | None, dict]] = []  # (line, order, kind, log_time, fields)
    items.append((0, 0, "start", lt(first_clock), {"mode": "explain", "inputs": list(report.inputs) or
                                                      ([source] if source else [])}))
    n_phases = len(report.phases)
    for i, p in enumerate(report.phases):
        start_c, end_c, y = spans[i] if i < len(spans) else (None, None, None)
        items.append((p.first_line, 1, "phase_started", lt(start_c, y), {"phase": p.name, "line": p.first_line}))
        # a phase ends where the next one begins (as watch sees it); the last one at its last line
        status = "done" if p.status == "running" and i + 1 < n_phases else p.status
        at = (report.phases[i + 1].first_line, 0.5) if i + 1 < n_phases else (p.last_line + 0.5, 3)
        items.append((*at, "phase_ended", lt(end_c, y),
                      {"phase": p.name, "status": status, "line": int(at[0]) if i + 1 < n_phases else p.last_line,
                       "duration_s": p.duration_s}))
    ar = report.after_ready
    ready_line = ar.ready_line if ar is not None else None
    if report.outcome == "ready":
        rl = ready_line or (report.phases[-1].first_line if report.phases else 0)
        server = next((i for i, p in enumerate(report.phases) if p.name == "server"), None)
        rclock = spans[server][0] if server is not None and server < len(spans) else None
        if rclock is not None and first_clock is not None and rclock >= first_clock:
            total = rclock - first_clock  # the log's clock from the first phase to ready, as watch tells it
        else:
            total = sum(p.duration_s or 0.0 for p in report.phases if p.name != "server")
        items.append((rl, 2, "ready", lt(rclock), {"line": ready_line, "ready_s": round(total, 3),
                                                  "phases": phase_seconds((p.name, p.duration_s) for p in report.phases
                                                                          if p.name != "server")}))
    for d in report.diagnoses:
        if d.role == "wrapper" or d.severity == "info":
            continue
        line = d.evidence[0].line if d.evidence else report.lines
        late = bool(ready_line and d.evidence and d.evidence[0].line > ready_line)
        items.append((line, 2, "diagnosis", lt(_clock_of_line(spans, report.phases, line)),
                      diagnosis_fields(d, late)))
    told = after_ready_event(report)
    if told is not None:
        items.append((ar.line or report.lines, 2.5, *told))
    if report.probe is not None:
        pr = report.probe
        items.append((report.lines + 1, 4, "probe", None,
                      {"result": pr.result, "url": pr.url, "ttft_s": pr.ttft_s, "detail": pr.detail}))
    last_clock = next((s[1] for s in reversed(spans) if s and s[1] is not None), None)
    items.append((float("inf"), 9, "end", lt(last_clock), end_fields(report, exit_code)))
    items.sort(key=lambda it: (it[0], it[1]))
    for _, _, kind, log_time, fields in items:
        writer.emit(kind, log_time, **fields)


def _clock_of_line(spans: list, phases: Iterable, line: int) -> float | None:
    """The log clock at a line, as well as the phases tell it: the end of the phase that holds it."""
    best = None
    for i, p in enumerate(phases):
        if i < len(spans) and p.first_line <= line:
            best = spans[i][1] if spans[i][1] is not None else spans[i][0]
    return best



def explain_telemetry(starts, codes: list[int], events_target: str | None, otel: bool,
                      redact: bool = True) -> list[str]:
    """`explain --events/--otel`: each start's events and trace (one run id per start, which is also
    its trace id). Returns the problems to warn about (the reports are written already)."""
    problems: list[str] = []
    writer = None
    if events_target is not None:
        try:
            writer = EventWriter.open(events_target, allow_stdout=True, redact=redact)
        except EventsError as exc:
            problems.append(str(exc))
    base_id = writer.run_id if writer is not None else (os.environ.get("LLMDIAG_RUN_ID") or None)
    for i, (s, code) in enumerate(zip(starts, codes)):
        run_id = base_id if len(starts) == 1 and base_id else uuid.uuid4().hex
        anchor = _mtime(s.paths)
        if writer is not None:
            writer.run_id = run_id
            writer.seq = 0
            report_events(writer, s.report, s.clocks, anchor, exit_code=code)
            if writer.error:
                problems.append(writer.error)
                break
        if otel:
            from diagnose.otel import export_report

            problem = export_report(s.report, s.clocks, anchor, run_id=run_id, mode="explain")
            if problem:
                problems.append(problem)
    if writer is not None:
        writer.close()
    return problems


def _mtime(paths) -> float:
    """When a finished log was last written (its year places a year-less clock), else now."""
    times = []
    for p in paths or []:
        try:
            times.append(os.stat(p).st_mtime)
        except (OSError, TypeError, ValueError):
            pass
    return max(times) if times else time.time()


# -- watch / run: the events as they happen ----------------------------------------------------------

class LiveEvents:
    """The events of `watch` and `run`, called by diagnose.live.analysis.LiveAnalysis at each moment
    (its `_event` hook) and by the worker at the end. Also keeps the wall-clock time of each phase,
    for the trace of a log without a clock."""

    def __init__(self, writer: EventWriter | None, mode: str, node: str | None = None, host: str | None = None,
                 command: list[str] | None = None, source: str | None = None, wall=time.time):
        self.writer = writer
        self.mode = mode
        self.wall = wall
        self.phase_wall: dict[int, list] = {}  # timeline phase index -> [start, end] (wall clock)
        self.after_ready_told = False  # (after_ready_event: told once per start)
        self.otel: dict | None = None  # the worker's config when --otel is on
        self.exports: list = []  # threads sending the traces of finished starts
        self.problems: list[str] = []
        if writer is not None:
            writer.set_context(node=node, host=host)
            cmd = None
            if command:
                cmd = " ".join(command)
            writer.emit("start", mode=mode, source=source, command=cmd)

    def _context(self, live) -> None:
        eng, ver = live._engine()
        model = live.analyzer.timeline.facts.get("model")
        self.writer.set_context(engine=eng if eng != "unknown" else None, engine_version=ver,
                                model=model if isinstance(model, str) else None, start=live.starts_seen)

    def log_time(self, live) -> str | None:
        tl = live.analyzer.timeline
        if tl.last_clock is None:
            return None
        return _iso_naive(log_datetime(tl.last_clock, tl.year, tl.year or anchor_year_for(tl.last_clock, self.wall())))

    def emit(self, live, kind: str, **fields) -> None:
        now = self.wall()
        idx = len(live.analyzer.timeline.phases) - 1
        if kind == "phase_started":
            for rec in self.phase_wall.values():
                if rec[1] is None:
                    rec[1] = now
            self.phase_wall[idx] = [now, None]
        elif kind == "restart":
            self._export_finished(live)
            self.phase_wall = {}
            self.after_ready_told = False
        if self.writer is None:
            return
        self._context(live)
        if kind == "ready" and isinstance(fields.get("phases"), list):
            fields["phases"] = phase_seconds(fields["phases"])
        d = fields.pop("diagnosis", None)
        if d is not None:
            fields = {**diagnosis_fields(d, fields.pop("after_ready", False)), **fields}
        fields.setdefault("line", live.n or None)
        self.writer.emit(kind, self.log_time(live), now, **fields)

    def _export_finished(self, live) -> None:
        """--otel and a server that started again: the finished start's trace, sent in a thread (the
        analysis must keep up with the log meanwhile); live_end waits for it."""
        a = live.analyzer
        if self.otel is None or a.finished is None:
            return
        import threading

        from diagnose.live.analysis import redacted
        from diagnose.report import Report

        report = redacted(Report(**a.finished))
        wall = self.wall_times(len(report.phases))
        cfg, run_id, start = self.otel, self.run_id, live.starts_seen - 1

        def send() -> None:
            problem = _export_live(report, a.finished_clocks, cfg, run_id, wall, None, start)
            if problem:
                self.problems.append(problem)

        t = threading.Thread(target=send, name="llmdiag-otel", daemon=True)
        t.start()
        self.exports.append(t)

    def wall_times(self, n_phases: int) -> list:
        return [tuple(self.phase_wall.get(i, (None, None))) for i in range(n_phases)]

    def finish(self, live, report, exit_code: int | None) -> None:
        """End of input: the last phase's end and the `end` event with what the start came to."""
        for rec in self.phase_wall.values():
            if rec[1] is None:
                rec[1] = self.wall()
        if self.writer is None:
            return
        if report is not None and report.phases:
            last = report.phases[-1]
            self.emit(live, "phase_ended", phase=last.name, status=last.status, duration_s=last.duration_s,
                      line=last.last_line)
        if report is not None:
            self._context(live)
            self.writer.emit("end", self.log_time(live), self.wall(), **end_fields(report, exit_code))
        else:
            self.writer.emit("end", self.log_time(live), self.wall(), outcome=None, exit_code=exit_code)


def live_events(cfg: dict) -> tuple[LiveEvents | None, str | None]:
    """The worker's LiveEvents for --events / --otel (None without either), and a problem to note."""
    if not cfg.get("events") and not cfg.get("otel"):
        return None, None
    writer, problem = None, None
    if cfg.get("events"):
        try:
            writer = EventWriter.open(cfg["events"], run_id=cfg.get("run_id"))
        except EventsError as exc:
            problem = f"warning: {exc}; no events are written"
    cmd = cfg.get("command")
    if cmd and writer is not None and writer._redactor is not None:
        cmd = [writer._redactor.text(c) for c in cmd]
    ev = LiveEvents(writer, cfg.get("mode", "watch"), node=cfg.get("node"), host=_hostname(), command=cmd,
                    source=cfg.get("source"))
    ev.run_id = writer.run_id if writer is not None else (cfg.get("run_id") or uuid.uuid4().hex)
    if cfg.get("otel"):
        ev.otel = cfg
    return ev, problem


def _hostname() -> str | None:
    import socket

    try:
        return socket.gethostname() or None
    except OSError:
        return None


def live_end(ev: LiveEvents, live, report, cfg: dict, exit_code: int | None) -> list[str]:
    """End of a live start: the `end` event, and the trace (--otel). Returns problems to note."""
    problems: list[str] = []
    if cfg.get("mode") == "run":
        exit_code = live.child_exit
    ev.finish(live, report, exit_code)
    if ev.writer is not None:
        if ev.writer.error:
            problems.append(ev.writer.error)
        ev.writer.close()
    if cfg.get("otel") and report is not None:
        problem = _export_live(report, live.analyzer.clocks(), cfg, ev.run_id, ev.wall_times(len(report.phases)),
                               live.child_exit, live.starts_seen)
        if problem:
            problems.append(problem)
    for t in ev.exports:
        t.join(30.0)
    problems += ev.problems
    return [f"warning: {p}" for p in problems]


def _export_live(report, clocks, cfg: dict, run_id: str, wall: list, child_exit: int | None,
                 start: int) -> str | None:
    """One start of watch / run as a trace (the server's process for run); None or why it failed."""
    from diagnose.otel import export_report
    from diagnose.redact import Redactor

    process = None
    cmd = cfg.get("command")
    if cmd:
        r = Redactor()
        process = {"process.executable.name": os.path.basename(cmd[0]),
                   "process.command_args": [r.text(c) for c in cmd][:64],
                   "process.pid": cfg.get("server_pid"), "process.exit.code": child_exit}
    try:
        return export_report(report, clocks, time.time(), run_id=run_id, host=cfg.get("node") or _hostname(),
                             process=process, mode=cfg.get("mode", "watch"), wall=wall, start=start)
    except Exception as exc:  # noqa: BLE001 - the summary is shown already; say why, carry on
        return f"OTLP export failed: {type(exc).__name__}: {exc}"
