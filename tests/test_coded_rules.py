"""Rules decided by Python code (`implementation:`, rules/python/): the pack lists, shows, tests and
lints them like every other rule, and their texts are stated once, in their record."""

import importlib
import re
import textwrap
from pathlib import Path

import pytest

from diagnose.rulemodel import load_file
from diagnose.rulepack import builtin_rules_dir, coded_rule, load_pack, select
from tests.conftest import run_cli

CODED = ["dist-config-mismatch", "dist-env-mismatch", "dist-node-behind", "dist-node-rank-duplicate",
         "dist-node-rank-missing", "dist-rank-behind", "nccl-shm-instead-of-p2p", "nccl-socket-between-nodes",
         "nccl-socket-fallback-same-host", "probe-not-serving", "server-exited", "stall-unknown", "stopped-by-user",
         "unknown-failure"]
# the signal, the exit status, the probe's answer: not in the log
NO_LOG_HOLDS_IT = {"probe-not-serving", "server-exited", "stopped-by-user"}
ROOT = Path(__file__).resolve().parent.parent


def test_rules_list_shows_the_coded_rules():
    code, out, _ = run_cli(["rules", "list"])
    assert code == 0
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert set(CODED) <= listed


def test_rules_show_prints_the_code_and_the_remediation():
    code, out, _ = run_cli(["rules", "show", "unknown-failure"])
    assert code == 0
    assert "decided by Python code: diagnose.diagnosis._add_unknown" in out
    assert "Re-run with more logging: VLLM_LOGGING_LEVEL=DEBUG (vLLM) or --log-level debug (SGLang)" in out
    code, out, _ = run_cli(["rules", "show", "stall-unknown"])
    assert "iostat -x 5" in out and "(when stall_phase == 'weights')" in out


def test_rules_test_runs_their_whole_log_examples(tmp_path):
    code, out, _ = run_cli(["rules", "test", "-v", "--samples", str(tmp_path)])
    assert code == 0, out
    for rule_id in CODED:
        assert f"ok   {rule_id}" in out


BROKEN = textwrap.dedent("""\
    id: unknown-failure
    title: "{failed}; no known rule explains it"
    category: unknown
    severity: error
    role: cause
    implementation: diagnose.diagnosis._add_unknown
    explanation: "{what}"
    remediation: ["Read the last lines of the log"]
    examples:
      match:
        - |
          (APIServer pid=1) INFO 08-28 10:14:04 [api_server.py:1805] vLLM API server version 0.10.1.1
          (APIServer pid=1) INFO:     Application startup complete.
      no_match:
        - |
          (APIServer pid=1) INFO 08-28 10:14:04 [api_server.py:1805] vLLM API server version 0.10.1.1
          Traceback (most recent call last):
            File "/usr/local/bin/vllm", line 8, in <module>
          ZeroDivisionError: division by zero
    """)


def test_rules_test_reports_a_coded_rule_whose_examples_fail(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "unknown-failure.yaml").write_text(BROKEN)
    empty = tmp_path / "samples"
    empty.mkdir()
    code, out, _ = run_cli(["rules", "test", "--rules", str(pack), "--samples", str(empty)])
    assert code == 1
    assert "FAIL unknown-failure" in out
    assert "examples.match[1] does not produce it" in out and "examples.no_match[1] produces it" in out


def test_lint_accepts_the_coded_rules():
    code, out, _ = run_cli(["rules", "lint"])
    assert code == 0, out
    assert not [line for line in out.splitlines() if "rules/python/" in line], out


@pytest.mark.parametrize("rule_id", CODED)
def test_implementation_names_existing_code(rule_id):
    rule = coded_rule(rule_id)
    parts = rule.implementation.split(".")
    obj = importlib.import_module(".".join(parts[:2]))
    for name in parts[2:]:
        obj = getattr(obj, name)
    assert callable(obj)
    assert rule.match is None and rule.zh is not None


@pytest.mark.parametrize("rule_id", CODED)
def test_a_coded_rule_has_whole_log_examples_unless_no_log_holds_its_case(rule_id):
    rule = coded_rule(rule_id)
    assert rule.examples.no_match
    assert bool(rule.examples.match) == (rule_id not in NO_LOG_HOLDS_IT)


def test_stopped_and_probe_texts_come_from_their_records():
    from diagnose import i18n
    from diagnose.diagnosis import probe_failed, stopped

    d = stopped(None, "SIGINT")
    assert d.title == "Stopped by you (SIGINT) before any loading phase was recognised, before the server came up"
    assert d.rule == "stopped-by-user" and d.category == "terminated" and d.i18n is None
    with i18n.using("zh"):
        d = stopped("weights", "SIGTERM")
        assert d.i18n.title == "你（SIGTERM）在服务启动完成前停止了它（阶段 weights）"
        p = probe_failed("down", "http://127.0.0.1:8000", "connection refused")
        assert p.i18n.remediation[-1].startswith("--probe-url URL")
    p = probe_failed("refuses", "http://127.0.0.1:8000", "HTTP 401")
    assert p.title == "The server came up but refuses requests" and p.phase == "server" and p.severity == "error"
    assert p.remediation[0] == "llmdiag probe http://127.0.0.1:8000  # each step with its status and time"
    assert len(p.remediation) == 2 and "VLLM_API_KEY" in p.remediation[1]
    assert "Usually: it answered with an HTTP error" in p.explanation


@pytest.mark.parametrize("code,after,title,category,severity,first", [
    (-9, False, "The server was killed by SIGKILL (signal 9) in phase weights, with no error in its log",
     "host-oom-killed", "error", "dmesg -T"),
    (137, False, "The server's command exited with code 137 (128 + 9: killed by SIGKILL) in phase weights, with no error"
     " in its log", "host-oom-killed", "error", "dmesg -T"),
    (-7, False, "The server was killed by SIGBUS (signal 7) in phase weights, with no error in its log",
     "shm-exhausted", "error", "docker run --shm-size"),
    (-15, True, "The server was killed by SIGTERM (signal 15) after it came up, with no error in its log",
     "terminated", "error", "Find who sent it"),
    (-11, False, "The server was killed by SIGSEGV (signal 11) in phase weights, with no error in its log",
     "unknown", "error", "Run it again with PYTHONFAULTHANDLER=1"),
    (3, False, "The server exited with code 3 in phase weights, with no error in its log", "unknown", "error",
     "Read the last lines"),
    (0, False, "The server exited with code 0 in phase weights, with no error in its log", "unknown", "warning",
     "Read the last lines"),
])
def test_exit_texts_come_from_the_record(code, after, title, category, severity, first):
    from diagnose import i18n
    from diagnose.diagnosis import exited

    d = exited("weights", code, after)
    assert (d.title, d.category, d.severity, d.rule) == (title, category, severity, "server-exited")
    assert d.remediation[0].startswith(first) and d.phase == ("server" if after else "weights")
    with i18n.using("zh"):
        assert exited(None, -9).i18n.title == "服务被 SIGKILL（信号 9）终止（尚未识别到任何加载阶段），日志中没有报错"


def test_coded_rules_are_not_matched():
    ids = {r.id for r in select(load_pack(), None, None)}
    assert not ids & set(CODED)


def _write(tmp_path, text):
    p = tmp_path / "x-rule.yaml"
    p.write_text(text)
    return p


def test_a_coded_rule_has_no_condition_and_a_plain_rule_needs_one(tmp_path):
    head = textwrap.dedent("""\
        id: x-rule
        title: t
        category: unknown
        severity: error
        role: cause
        explanation: e
        remediation: [r]
        examples: {match: [a], no_match: [b]}
        """)
    _, errors = load_file(_write(tmp_path, head + "implementation: diagnose.diagnosis.build\nmatch: {contains: a}\n"))
    assert errors and "no conditions, scoping or ranking fields" in errors[0]
    _, errors = load_file(_write(tmp_path, head))
    assert errors and "a rule needs a condition" in errors[0]
    _, errors = load_file(_write(tmp_path, head + "match: {contains: a}\nphrases: {p: {text: x}}\n"))
    assert errors and "phrases" in errors[0]
    rule, errors = load_file(_write(tmp_path, head + "implementation: diagnose.diagnosis.build\n"))
    assert not errors and rule.implementation == "diagnose.diagnosis.build"


def test_their_texts_are_stated_once():
    """The English and Chinese texts live in the records, not in the code that makes the diagnoses."""
    code = "".join(p.read_text() for p in (ROOT / "diagnose").rglob("*.py"))
    for text in ("Start failed during", "The server failed after it came up", "没有已知规则能解释", "Nodes were started with different",
                 "stayed in {phase} while", "the model config, tokenizer or weights may be downloading",
                 "Give every node a distinct --node-rank", "Environment differs between nodes",
                 "Check that this is the whole log", "iostat -x 5", "talk over TCP sockets (NET/Socket)",
                 "found no usable IB device", "staged through host shared memory", "把 NCCL_IB_HCA",
                 "passed your {signame} on to the server", "--ready-timeout SECONDS", "a one-token request did not",
                 "401 or 403: give the server's key", "探测结果为"):
        assert text not in code, text
    assert (builtin_rules_dir() / "python" / "stall-unknown.yaml").is_file()
    assert re.search(r"meaning-weights", (builtin_rules_dir() / "python" / "stall-unknown.yaml").read_text())
