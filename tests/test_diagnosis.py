"""Diagnosis building alone: ranking, filters, grouping, honest unknowns, ready logs."""

import textwrap

from diagnose.pipeline import analyze_text
from diagnose.rulepack import Rule


def make(rule_id, match, **kw):
    data = {"id": rule_id, "title": f"title {rule_id}", "category": kw.pop("category", "unknown"),
            "severity": kw.pop("severity", "error"), "role": kw.pop("role", "cause"), "match": match,
            "explanation": kw.pop("explanation", "x"), "remediation": kw.pop("remediation", ["y"]),
            "examples": {"match": ["x"], "no_match": []}}
    data.update(kw)
    return Rule.model_validate(data)


FAIL = textwrap.dedent("""\
    INFO 03-01 10:00:00 [core.py:1] Initializing a V1 LLM engine (v0.11.0) with config: model='m', tensor_parallel_size=2
    INFO 03-01 10:00:02 [gpu_model_runner.py:1] Starting to load model m...
    ERROR 03-01 10:00:05 [core.py:2] EngineCore failed to start.
    ERROR 03-01 10:00:05 [core.py:2] Traceback (most recent call last):
    ERROR 03-01 10:00:05 [core.py:2]   File "/x/vllm/model_loader.py", line 1, in load
    ERROR 03-01 10:00:05 [core.py:2] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.
    RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
    """)


def test_cause_before_wrapper_and_specific_before_generic():
    rules = [
        make("wrap", {"contains": "Engine core initialization failed"}, role="wrapper", priority=10),
        make("generic-oom", {"contains": "CUDA out of memory"}, priority=40, category="weights-oom"),
        make("specific-oom", {"regex": r"Tried to allocate (?P<alloc>[\d.]+ GiB)"}, priority=80,
             category="weights-oom", phases=["weights"], explanation="tried {alloc}"),
    ]
    rep = analyze_text(FAIL, rules)
    ids = [d.rule for d in rep.diagnoses]
    assert ids == ["specific-oom", "wrap"]  # same line: only the most specific finding survives
    assert rep.diagnoses[0].explanation == "tried 2.00 GiB" and rep.diagnoses[0].phase == "weights"
    assert rep.outcome == "failed" and rep.last_phase == "weights"


def test_phase_engine_version_and_when_filters():
    rules = [
        make("wrong-phase", {"contains": "CUDA out of memory"}, phases=["compile"]),
        make("wrong-engine", {"contains": "CUDA out of memory"}, engines=["sglang"]),
        make("wrong-version", {"contains": "CUDA out of memory"}, engines=["vllm"], versions=">=0.12"),
        make("when-false", {"contains": "CUDA out of memory"}, when="tp_size > 4"),
        make("when-true", {"contains": "CUDA out of memory"}, when="tp_size == 2", priority=10),
    ]
    rep = analyze_text(FAIL, rules)
    assert [d.rule for d in rep.diagnoses] == ["when-true"]


def test_remediation_with_missing_value_is_dropped():
    rules = [make("my-rule", {"contains": "CUDA out of memory"},
                  remediation=["--max-model-len {nonexistent}", "--tensor-parallel-size {tp_size * 2}"])]
    rep = analyze_text(FAIL, rules)
    assert rep.diagnoses[0].remediation == ["--tensor-parallel-size 4"]


def test_repeats_group_into_one_diagnosis_with_stable_fingerprint():
    rules = [make("my-rule", {"regex": r"Tried to allocate (?P<alloc>\S+ GiB)"}, fingerprint=["alloc"])]
    text = FAIL + FAIL.replace("03-01 10:00", "03-02 11:00")
    rep = analyze_text(text, rules)
    assert len(rep.diagnoses) >= 1
    d = rep.diagnoses[0]
    assert d.count == 2 and len(d.evidence) == 2
    assert d.fingerprint == analyze_text(FAIL, rules).diagnoses[0].fingerprint


def test_unknown_failure_names_first_non_wrapper_error():
    rep = analyze_text(FAIL, [])
    top = rep.diagnoses[0]
    assert top.category == "unknown" and top.severity == "error"
    assert top.evidence[0].line == 6 and "CUDA out of memory" in top.explanation


def test_stall_diagnosis_for_incomplete_logs():
    text = "\n".join(FAIL.splitlines()[:2]) + "\n"
    rep = analyze_text(text, [])
    assert rep.outcome == "incomplete"
    top = rep.diagnoses[0]
    assert top.rule == "stall-unknown" and top.phase == "weights" and top.evidence[0].line == 2
    assert any("iostat" in r or "local NVMe" in r for r in top.remediation)


def test_ready_log_carries_no_error():
    text = textwrap.dedent("""\
        INFO 03-01 10:00:00 [core.py:1] Initializing a V1 LLM engine (v0.11.0) with config: model='m'
        ERROR 03-01 10:00:01 [x.py:1] something logged at error level but harmless
        INFO:     Application startup complete.
        """)
    rules = [make("my-rule", {"contains": "harmless"})]
    rep = analyze_text(text, rules)
    assert rep.outcome == "ready"
    assert all(d.severity != "error" for d in rep.diagnoses)
