"""A start as an OpenTelemetry trace, exported over OTLP (`--otel`; pip install 'llmdiag[otel]').

    plan = trace_plan(report, phase_times, root_times, ...)   # plain data, no OpenTelemetry needed
    problem = export(plan)                                     # None, or one line saying why it failed

One root span for the start, one child span per phase with its start and end time from the log
(docs/events.md says how a log without a clock or without the year is placed in time), the
diagnoses as span events on their phase's span, status ERROR on the failed phase and on the root of
a failed start. The exporter is chosen by the standard variables: OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL
(http/protobuf, the default, or grpc), OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT,
OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES; the OpenTelemetry SDK reads them.

Nothing of OpenTelemetry is imported until a trace is exported: `import diagnose` and `--version`
stay fast, and without the extra `require()` gives one line to print.
"""

from __future__ import annotations

import os
from typing import Any

EXTRA_HINT = "pip install 'llmdiag[otel]'"


class OtelMissing(Exception):
    """--otel without the OpenTelemetry packages (usage error: one line, exit 2)."""


def protocol() -> str:
    return (os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
            or "http/protobuf").strip().lower()


def _exporter_module(proto: str) -> str:
    if proto == "grpc":
        return "opentelemetry.exporter.otlp.proto.grpc.trace_exporter"
    if proto == "http/protobuf":
        return "opentelemetry.exporter.otlp.proto.http.trace_exporter"
    raise OtelMissing(f"--otel: OTLP protocol {proto!r} is not supported (OTEL_EXPORTER_OTLP_PROTOCOL: "
                      "http/protobuf or grpc)")


def require() -> None:
    """Raise OtelMissing (one line) unless the SDK and the exporter of the chosen protocol import."""
    import importlib.util

    mod = _exporter_module(protocol())
    missing = [m for m in ("opentelemetry.sdk.trace", mod) if not _importable(m, importlib.util)]
    if missing:
        raise OtelMissing(f"--otel needs the OpenTelemetry SDK and OTLP exporter ({missing[0]} is not installed): "
                          f"{EXTRA_HINT}")


def _importable(name: str, util) -> bool:
    try:
        return util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


# -- the plan: what the trace will hold ------------------------------------------------------------

def _ns(epoch: float) -> int:
    return int(round(epoch * 1e9))


def phase_epochs(report, clocks: dict | None, anchor_epoch: float, wall: list | None = None) -> tuple[list[tuple[float, float]], tuple[float, float], str]:
    """Each phase's (start, end) as Unix times, the root's, and where they come from:
    "log" (the log's clock, read in the local time zone (TZ) as logs print it; a year-less one takes
    the year of `anchor_epoch`), "wall" (when llmdiag saw the lines: `wall`, per phase, live only), or
    "none" (no clock: every span sits at `anchor_epoch`, with no length)."""
    from diagnose.events import anchor_year_for, log_datetime

    spans = (clocks or {}).get("phases") or []
    year = (clocks or {}).get("year")
    first = next((s[0] for s in spans if s[0] is not None), None)
    anchor_y = year or anchor_year_for(first, anchor_epoch)

    def epoch(clock, y):
        dt = log_datetime(clock, y or year, anchor_y)
        if dt is None:
            return None
        try:
            return dt.timestamp()  # naive: the local time zone
        except (OverflowError, OSError, ValueError):
            return None

    out: list[tuple[float | None, float | None]] = []
    source = "log" if first is not None else ("wall" if wall else "none")
    for i, p in enumerate(report.phases):
        s = e = None
        if source == "log" and i < len(spans):
            c0, c1, y = spans[i]
            s = epoch(c0, y)
            e = epoch(c1, y) if c1 is not None else None
            if s is not None and p.duration_s is not None:
                e = s + p.duration_s
        elif source == "wall" and wall and i < len(wall):
            s, e = wall[i]
        out.append((s, e))
    # fill the gaps: a phase without a start begins where the one before ended; without an end,
    # it ends where the next one begins (or where it began)
    fixed: list[tuple[float, float]] = []
    prev_end = None
    for i, (s, e) in enumerate(out):
        if s is None:
            s = prev_end if prev_end is not None else next((x for x, _ in out[i + 1:] if x is not None), None)
        if s is None:
            s = anchor_epoch
        if e is None:
            nxt = next((x for x, _ in out[i + 1:] if x is not None), None)
            e = max(s, nxt) if nxt is not None else s
        e = max(s, e)
        fixed.append((s, e))
        prev_end = e
    if fixed:
        root = (min(s for s, _ in fixed), max(e for _, e in fixed))
        last_clock = (clocks or {}).get("last_clock")
        if source == "log" and last_clock is not None:
            le = epoch(last_clock, None)
            if le is not None and le > root[1]:
                root = (root[0], le)
    else:
        root = (anchor_epoch, anchor_epoch)
    return fixed, root, source


def trace_plan(report, phase_times: list[tuple[float, float]], root_times: tuple[float, float], timing: str,
               run_id: str | None = None, host: str | None = None, process: dict | None = None,
               mode: str = "explain", start: int = 1) -> dict:
    """The trace as plain data: resource attributes, the root span and the phase spans (each with
    start / end in ns, attributes, status, events)."""
    from diagnose.report import stopped_serving

    failed = report.outcome == "failed" or stopped_serving(report)
    top = next((d for d in report.diagnoses if d.role != "wrapper" and d.severity == "error"), None)
    resource: dict[str, Any] = {}
    if not _env_service_name():
        resource["service.name"] = report.engine if report.engine != "unknown" else "llm-server"
        if report.engine_version:
            resource["service.version"] = report.engine_version
    node = report.nodes[0].name if len(report.nodes) == 1 else None
    if host or node:
        resource["host.name"] = host or node
    for k, v in (process or {}).items():
        if v is not None:
            resource[k] = v
    root_attrs: dict[str, Any] = {
        "llmdiag.mode": mode, "llmdiag.outcome": report.outcome, "llmdiag.engine": report.engine,
        "llmdiag.timing": timing, "llmdiag.lines": report.lines,
    }
    if run_id:
        root_attrs["llmdiag.run_id"] = run_id
    root_attrs["llmdiag.start"] = start
    if report.engine_version:
        root_attrs["llmdiag.engine.version"] = report.engine_version
    if report.model:
        root_attrs["gen_ai.request.model"] = report.model
    if report.last_phase:
        root_attrs["llmdiag.last_phase"] = report.last_phase
    if report.after_ready is not None:
        root_attrs["llmdiag.after_ready"] = report.after_ready.state
    if report.probe is not None:
        root_attrs["llmdiag.probe.result"] = report.probe.result
        if report.probe.ttft_s is not None:
            root_attrs["llmdiag.probe.ttft_s"] = report.probe.ttft_s
    if top is not None:
        root_attrs["llmdiag.category"] = top.category
        root_attrs["llmdiag.rule"] = top.rule
    if report.inputs:
        root_attrs["llmdiag.inputs"] = list(report.inputs)[:20]
    spans = []
    failed_idx = max((i for i, p in enumerate(report.phases) if p.status == "failed"), default=None)
    for i, (p, (s, e)) in enumerate(zip(report.phases, phase_times)):
        attrs = {"llmdiag.phase": p.name, "llmdiag.phase.status": p.status, "llmdiag.first_line": p.first_line,
                 "llmdiag.last_line": p.last_line}
        if p.duration_s is not None:
            attrs["llmdiag.duration_s"] = p.duration_s
        if p.source:
            attrs["llmdiag.source"] = p.source
        status = ("ERROR", top.title if top is not None else "phase failed") if i == failed_idx else None
        spans.append({"name": f"phase {p.name}", "start": _ns(s), "end": _ns(e), "attributes": attrs,
                      "status": status, "events": []})
    root = {"name": f"{report.engine if report.engine != 'unknown' else 'server'} start",
            "start": _ns(root_times[0]), "end": _ns(root_times[1]), "attributes": root_attrs,
            "status": ("ERROR", top.title if top is not None else f"start {report.outcome}") if failed else None,
            "events": []}
    for d in report.diagnoses:
        if d.role == "wrapper":
            continue
        ev = d.evidence[0] if d.evidence else None
        target = root
        for i in range(len(spans) - 1, -1, -1):
            if d.phase and report.phases[i].name == d.phase:
                target = spans[i]
                break
        else:
            if ev is not None:
                for i, p in enumerate(report.phases):
                    if p.first_line <= ev.line <= max(p.last_line, p.first_line):
                        target = spans[i]
        attrs = {"llmdiag.diagnosis.rule": d.rule, "llmdiag.diagnosis.category": d.category,
                 "llmdiag.diagnosis.severity": d.severity, "llmdiag.diagnosis.role": d.role,
                 "llmdiag.diagnosis.confidence": d.confidence, "llmdiag.diagnosis.title": d.title,
                 "llmdiag.diagnosis.fingerprint": d.fingerprint}
        if d.remediation:
            attrs["llmdiag.diagnosis.remediation"] = list(d.remediation)[:10]
        if ev is not None:
            attrs["llmdiag.evidence.line"] = ev.line
            attrs["llmdiag.evidence.text"] = ev.text[:1000]
            if ev.source:
                attrs["llmdiag.evidence.source"] = ev.source
        target["events"].append({"name": "llmdiag.diagnosis", "time": target["end"], "attributes": attrs})
    # the first start's trace id is the run id (the events' run_id), when that is 32 hex digits
    return {"resource": resource, "root": root, "phases": spans, "trace_id": run_id if start == 1 else None}


def _env_service_name() -> bool:
    if os.environ.get("OTEL_SERVICE_NAME"):
        return True
    return any(kv.split("=", 1)[0].strip() == "service.name"
               for kv in os.environ.get("OTEL_RESOURCE_ATTRIBUTES", "").split(",") if "=" in kv)


# -- the export ------------------------------------------------------------------------------------

def export(plan: dict) -> str | None:
    """Send the plan's spans in one OTLP request; None when the receiver took them, else one line."""
    import logging

    require()
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExporter, SpanExportResult
    from opentelemetry.sdk.trace.id_generator import RandomIdGenerator
    from opentelemetry.trace import Status, StatusCode, set_span_in_context

    kept: list = []

    class _Keep(SpanExporter):
        def export(self, spans):
            kept.extend(spans)
            return SpanExportResult.SUCCESS

    class _Ids(RandomIdGenerator):
        def __init__(self, trace_id: int | None):
            self.trace_id = trace_id

        def generate_trace_id(self) -> int:
            return self.trace_id or super().generate_trace_id()

    trace_id = None
    rid = plan.get("trace_id") or ""
    if len(rid) == 32:
        try:
            trace_id = int(rid, 16) or None
        except ValueError:
            trace_id = None
    provider = TracerProvider(resource=Resource.create(plan["resource"]), id_generator=_Ids(trace_id))
    provider.add_span_processor(SimpleSpanProcessor(_Keep()))
    from diagnose import __version__

    tracer = provider.get_tracer("llmdiag", __version__)

    def build(spec: dict, context=None):
        span = tracer.start_span(spec["name"], context=context, start_time=spec["start"],
                                 attributes=spec["attributes"])
        for ev in spec["events"]:
            span.add_event(ev["name"], ev["attributes"], timestamp=ev["time"])
        if spec["status"] is not None:
            span.set_status(Status(StatusCode.ERROR, spec["status"][1]))
        return span

    root = build(plan["root"])
    ctx = set_span_in_context(root)
    for spec in plan["phases"]:
        build(spec, ctx).end(end_time=spec["end"])
    root.end(end_time=plan["root"]["end"])
    provider.shutdown()

    # the SDK's exporters log their failures (with tracebacks at times): keep them to one line of ours
    messages: list[str] = []

    class _Catch(logging.Handler):
        def emit(self, record):
            messages.append(record.getMessage().splitlines()[0] if record.getMessage() else "")

    otel_log = logging.getLogger("opentelemetry")
    handler, propagate = _Catch(), otel_log.propagate
    otel_log.addHandler(handler)
    otel_log.propagate = False
    try:
        import importlib

        mod = importlib.import_module(_exporter_module(protocol()))
        try:
            exporter = mod.OTLPSpanExporter()
        except Exception as exc:  # noqa: BLE001 - a bad endpoint or header variable
            return f"OTLP export: cannot set up the exporter: {type(exc).__name__}: {exc}"
        try:
            result = exporter.export(kept)
        except Exception as exc:  # noqa: BLE001
            return f"OTLP export failed: {type(exc).__name__}: {exc}"
        finally:
            try:
                exporter.shutdown()
            except Exception:  # noqa: BLE001
                pass
        if result.name != "SUCCESS":
            why = next((m for m in reversed(messages) if m), "the receiver did not accept the spans")
            return f"OTLP export to {_endpoint()} failed: {why}"
        return None
    finally:
        otel_log.removeHandler(handler)
        otel_log.propagate = propagate


def _endpoint() -> str:
    return (os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
            or ("localhost:4317" if protocol() == "grpc" else "http://localhost:4318"))


def export_report(report, clocks: dict | None, anchor_epoch: float, run_id: str | None = None,
                  host: str | None = None, process: dict | None = None, mode: str = "explain",
                  wall: list | None = None, start: int = 1) -> str | None:
    """Plan and export one start; None or one line saying why the export failed."""
    times, root, timing = phase_epochs(report, clocks, anchor_epoch, wall)
    return export(trace_plan(report, times, root, timing, run_id=run_id, host=host, process=process, mode=mode,
                             start=start))
