"""The CLI end to end: exit codes, formats, schema, and bad input that must never give a traceback."""

import json
import os
import subprocess
import sys

import pytest

from diagnose.report import Report
from tests.conftest import SAMPLES, run_cli

SUCCESS = SAMPLES / "vllm" / "04-v1-0.11.2-tp2-ready.log"
FAILURE = SAMPLES / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"


def llmdiag(*args, input_bytes=None):
    """The installed console entry, in a subprocess: what a user runs."""
    p = subprocess.run([sys.executable, "-m", "diagnose", *map(str, args)], input=input_bytes,
                       capture_output=True, timeout=120, env={**os.environ, "NO_COLOR": "1"})
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def test_exit_codes_ready_and_failed():
    assert run_cli(["explain", str(SUCCESS)])[0] == 0
    assert run_cli(["explain", str(FAILURE)])[0] == 1
    assert run_cli(["explain", "--fail-on", "never", str(FAILURE)])[0] == 0


def test_json_is_the_contract():
    code, out, _ = run_cli(["explain", "--format", "json", str(FAILURE)])
    data = json.loads(out)
    Report.model_validate(data)
    assert data["schema"] == "llmdiag.report/v1"
    for key in ("engine", "engine_version", "outcome", "last_phase", "phases", "diagnoses"):
        assert key in data
    phase_keys = {"name", "status", "first_line", "last_line", "started_at", "duration_s"}
    assert all(phase_keys <= set(p) for p in data["phases"])
    diag_keys = {"rule", "category", "severity", "role", "phase", "title", "explanation", "remediation",
                 "evidence", "fingerprint"}
    assert all(diag_keys <= set(d) for d in data["diagnoses"])
    lines = FAILURE.read_text(encoding="utf-8").splitlines()
    for d in data["diagnoses"]:
        for ev in d["evidence"]:
            assert 1 <= ev["line"] <= len(lines)
            assert lines[ev["line"] - 1].endswith(ev["text"][-40:])


def test_wrapper_never_heads_and_unknown_is_honest(shared_datadir):
    code, out, _ = run_cli(["explain", "--format", "json", str(shared_datadir / "unknown-failure.log")])
    data = json.loads(out)
    assert code == 1 and data["outcome"] == "failed"
    top = data["diagnoses"][0]
    assert top["category"] == "unknown" and top["role"] == "cause"
    assert "something nobody has seen before" in top["explanation"]
    assert top["evidence"][0]["line"] == 5
    roles = [d["role"] for d in data["diagnoses"]]
    assert roles.index("cause") < roles.index("wrapper")


def test_schema_command_prints_json_schema():
    code, out, _ = run_cli(["schema"])
    schema = json.loads(out)
    assert code == 0 and "diagnoses" in schema["properties"]
    assert schema["properties"]["schema"]["const"] == "llmdiag.report/v1"
    # a JSON Schema document names its dialect and itself; the $id is a URN, not a URL that must resolve
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:llmdiag:report:v1"
    assert list(schema)[:2] == ["$schema", "$id"] and "$defs" in schema


def test_text_report_plain_when_not_a_tty():
    code, out, _ = run_cli(["explain", str(FAILURE)])
    assert "\x1b[" not in out
    assert "symm-mem-allreduce" in out and "VLLM_ALLREDUCE_USE_SYMM_MEM=0" in out
    assert "phase" in out and "nccl" in out


def test_stdin_and_gzip(tmp_path):
    import gzip

    data = FAILURE.read_bytes()
    code, out, _ = llmdiag("explain", "--format", "json", "-", input_bytes=data)
    assert code == 1 and json.loads(out)["outcome"] == "failed"
    gz = tmp_path / "log.gz"
    gz.write_bytes(gzip.compress(data))
    code, out, _ = llmdiag("explain", "--format", "json", gz)
    assert code == 1 and json.loads(out)["diagnoses"][0]["category"] == "symm-mem-allreduce"


@pytest.mark.parametrize("make", ["missing", "directory", "bad-option", "corrupt-gz"])
def test_bad_input_is_one_line_exit_2(tmp_path, make):
    if make == "missing":
        args = ["explain", tmp_path / "nope.log"]
    elif make == "directory":
        args = ["explain", tmp_path]
    elif make == "bad-option":
        args = ["explain", "--no-such-option", SUCCESS]
    else:
        p = tmp_path / "x.gz"
        p.write_bytes(b"\x1f\x8b\x08\x00" + b"garbage" * 10)
        args = ["explain", p]
    code, out, err = llmdiag(*args)
    assert code == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and err.startswith("llmdiag: error:")


@pytest.mark.parametrize("name", ["random", "empty", "huge-line", "only-cr"])
def test_garbage_gives_a_clean_report(tmp_path, shared_datadir, name):
    p = tmp_path / f"{name}.log"
    if name == "random":
        p.write_bytes((shared_datadir / "random.bin").read_bytes())
    elif name == "empty":
        p.write_bytes(b"")
    elif name == "huge-line":
        with open(p, "wb") as fh:
            chunk = b"A" * (1 << 20)
            for _ in range(50):
                fh.write(chunk)
            fh.write(b"\nKilled\n")
    else:
        p.write_bytes(b"\r" * 10000)
    code, out, err = llmdiag("explain", "--format", "json", p)
    assert "Traceback" not in err, err
    data = json.loads(out)
    assert data["outcome"] in ("ready", "failed", "incomplete")
    assert code in (0, 1)


def test_rules_test_and_lint_pass():
    code, out, _ = run_cli(["rules", "lint"])
    assert code == 0, out
    code, out, _ = run_cli(["rules", "test"])
    assert code == 0, out
    assert "sample logs" in out


def test_rules_list_and_show():
    code, out, _ = run_cli(["rules", "list"])
    assert code == 0 and "symm-mem-allreduce" in out
    rule_id = next(line.split()[0] for line in out.splitlines() if "symm-mem-allreduce" in line)
    code, out, _ = run_cli(["rules", "show", rule_id])
    assert code == 0 and "What to do" in out and "Examples that match" in out
    code, out, err = llmdiag("rules", "show", "no-such-rule")
    assert code == 2 and "no rule with id" in err


def test_version_is_fast_path():
    code, out, _ = llmdiag("--version")
    assert code == 0 and out.startswith("llmdiag ")


def test_sglang_log_cut_before_its_warm_up_says_the_warm_up_has_not_finished(tmp_path):
    """SGLang is ready at 'The server is fired up', after its warm-up request; a log that ends while
    uvicorn listens is incomplete, and the report says what is pending instead of generic stall advice."""
    src = str(SAMPLES / "sglang" / "sglang-0.4.7-tp1-qwen2.5-7b-ready.log")
    lines = open(src, encoding="utf-8").read().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if "Uvicorn running on" in line)
    log = tmp_path / "cut.log"
    log.write_text("".join(lines[: cut + 1]), encoding="utf-8")
    rc, out, _ = llmdiag("explain", "--format", "json", str(log))
    report = json.loads(out)
    assert report["outcome"] == "incomplete" and report["last_phase"] == "server"
    top = report["diagnoses"][0]
    assert top["rule"] == "stall-unknown" and "fired up and ready to roll" in top["explanation"]
    rc, out, _ = llmdiag("explain", "--format", "json", src)  # the whole log: ready, no stall note
    assert json.loads(out)["outcome"] == "ready"


def test_a_death_after_ready_keeps_the_outcome_and_fails_the_run(shared_datadir):
    """The start succeeded (outcome ready); the engine core then died of a GPU OOM: after_ready says
    so, the diagnosis is an error in phase server, every output says the server died, exit 1."""
    log = str(shared_datadir / "vllm-died-after-ready.log")
    code, out, _ = run_cli(["explain", "--format", "json", log])
    data = json.loads(out)
    assert code == 1 and data["outcome"] == "ready"
    assert data["after_ready"] == {"state": "died", "line": 8, "ready_line": 3}
    top = data["diagnoses"][0]
    assert top["severity"] == "error" and top["phase"] == "server" and top["category"] == "serving-oom"
    code, out, _ = run_cli(["explain", log])
    assert code == 1 and "The server came up at line 3, then died at line 8" in out
    code, out, _ = run_cli(["explain", "--format", "markdown", log])
    assert "start ready, then the server died" in out
    code, out, _ = run_cli(["explain", "--format", "junit", log])
    assert 'name="after_ready" value="died"' in out and 'failures="1"' in out


def test_a_stop_after_ready_is_stopped_not_died(shared_datadir):
    code, out, _ = run_cli(["explain", "--format", "json", str(shared_datadir / "vllm-0.32-ready-then-shutdown-race.log")])
    data = json.loads(out)
    assert code == 0 and data["outcome"] == "ready" and data["after_ready"]["state"] == "stopped"


def test_library_code_does_not_import_the_cli():
    """diagnose.cli is the command layer: only `python -m diagnose` imports it."""
    from tests.conftest import ROOT

    users = [str(p.relative_to(ROOT)) for p in (ROOT / "diagnose").rglob("*.py")
             if p.name not in ("cli.py", "__main__.py") and "diagnose.cli" in p.read_text(encoding="utf-8")]
    assert users == []
