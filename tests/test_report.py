"""The pydantic-free report (diagnose.reportdata) against the pydantic contract (diagnose.report):
same fields, same JSON byte for byte, same renderings; and `explain` never imports pydantic."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from diagnose import outputs
from diagnose import report as contract
from diagnose import reportdata as light
from diagnose.redact import redact_report
from diagnose.ruletest import iter_samples
from tests.conftest import ROOT, SAMPLES

FORMATS = ("text", "markdown", "junit", "github")
PHASES = ["config", "init", "nccl", "weights", "kv_cache", "compile", "server"]
MODELS = sorted(name for name, obj in vars(contract).items()
                if isinstance(obj, type) and issubclass(obj, contract._Model) and obj is not contract._Model)


# -- the mirror ----------------------------------------------------------------------------------

def _kind(annotation) -> tuple[str, str | None]:
    """What reportdata must do with a field of this annotation: (kind, nested class name)."""
    if typing.get_origin(annotation) is typing.Union:
        (annotation,) = [a for a in typing.get_args(annotation) if a is not type(None)]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "model", annotation.__name__
    if typing.get_origin(annotation) is list:
        (item,) = typing.get_args(annotation)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return "models", item.__name__
        return "list", None
    return {float: "float", dict: "dict"}.get(annotation, ""), None


def test_every_model_has_a_mirror():
    assert {n for n, o in vars(light).items() if isinstance(o, type) and issubclass(o, light._Data)
            and o is not light._Data} == set(MODELS)


@pytest.mark.parametrize("name", MODELS)
def test_mirror_has_the_same_fields_order_defaults_and_alias(name):
    model, mirror = getattr(contract, name), getattr(light, name)
    assert [f.name for f in mirror._fields] == list(model.model_fields)
    for f in mirror._fields:
        info = model.model_fields[f.name]
        if info.default_factory is not None:
            default = info.default_factory()
        else:
            default = light.REQUIRED if info.default is PydanticUndefined else info.default
        assert (f.default, f.alias) == (default, info.alias), f.name
        assert (f.kind, f.model.__name__ if f.model else None) == _kind(info.annotation), f.name
    assert mirror.__slots__ == tuple(model.model_fields)


def test_defaults_are_fresh_and_input_is_copied():
    remediation = ["a"]
    d = light.Diagnosis(rule="r", category="c", severity="error", role="cause", title="t", explanation="e",
                        remediation=remediation, evidence=[{"line": 1, "text": "x"}], fingerprint="f")
    remediation.append("b")
    assert d.remediation == ["a"] and d.references == [] and d.count == 1
    assert d.evidence == [light.Evidence(line=1, text="x", source=None)]
    d.references.append("x")
    assert light.Diagnosis.from_dict(d.model_dump()).references == ["x"]
    assert light.HistoryInfo().seen == [] and light.HistoryInfo().seen is not light.HistoryInfo().seen


def test_unknown_and_missing_fields_raise():
    with pytest.raises(TypeError, match="_who"):
        light.Evidence(line=1, text="x", _who=("TP0",))
    with pytest.raises(TypeError, match="'text'"):
        light.Evidence(line=1)


def test_alias_name_dump_and_copy():
    r = light.Report(schema="llmdiag.report/v1", engine="vllm", outcome="failed", phases=[], diagnoses=[])
    assert r.schema_ == "llmdiag.report/v1"
    assert "schema" in r.model_dump(by_alias=True) and "schema_" in r.model_dump()
    c = r.model_copy(update={"outcome": "ready"})
    assert (r.outcome, c.outcome, c.phases is r.phases) == ("failed", "ready", True)
    assert c != r and c.model_copy(update={"outcome": "failed"}) == r


def test_pydantic_models_are_taken_over():
    p = contract.Report(engine="vllm", outcome="failed", phases=[], diagnoses=[],
                        history=contract.HistoryInfo(notes=["n"]))
    r = light.as_light(p)
    assert isinstance(r.history, light.HistoryInfo) and r.to_json() == p.to_json()
    mixed = light.Report(engine="vllm", outcome="failed", phases=[], diagnoses=[], history=p.history)
    assert mixed.history == r.history


# -- every sample: the pipeline's report, both ways -----------------------------------------------

def _inputs() -> list[Path]:
    logs = sorted(SAMPLES.rglob("*.log"))
    folders = sorted({log for log, _ in iter_samples(SAMPLES) if log.is_dir()})
    assert folders, "no multi-file sample found"
    return logs + folders


@pytest.fixture(scope="module")
def both_ways():
    """analyze() building both reports from the very same dicts the pipeline passes."""
    from diagnose import pipeline

    rules, _ = pipeline.load_rules()
    mp = pytest.MonkeyPatch()
    mp.setattr(pipeline, "Report", lambda **kw: (light.Report(**kw), contract.Report(**kw)))
    yield lambda path: pipeline.analyze([str(path)], rules)
    mp.undo()


@pytest.mark.parametrize("path", _inputs(), ids=lambda p: str(p.relative_to(SAMPLES)))
def test_sample_reports_and_renderings_are_identical(path, both_ways):
    mine, theirs = both_ways(path)
    assert isinstance(mine, light.Report)
    assert mine.to_json() == theirs.model_dump_json(by_alias=True, indent=2)
    assert mine.model_dump(by_alias=True) == theirs.model_dump(by_alias=True)

    prepared = outputs.prepare(mine)
    assert outputs.prepare(theirs).to_json() == prepared.to_json()
    out = outputs.render(prepared, "json")
    assert out == contract.Report.model_validate(json.loads(out)).model_dump_json(by_alias=True, indent=2) + "\n"
    mirror = contract.Report.model_validate(prepared.model_dump(by_alias=True))
    for fmt in FORMATS:
        assert outputs.render(prepared, fmt, input_paths=[str(path)]) == \
            outputs.render(mirror, fmt, input_paths=[str(path)]), fmt


# -- property: awkward strings and numbers --------------------------------------------------------

AWKWARD = ["", '"', "\\", "\\\"", "\x00", "\x1f", "\x7f", "\b\f\n\r\t", "\u2028\u2029", "é", "😀", "\ufeff",
           "\ufffe", "</script>", "%0A", "'", "hf_abcdefghijklmnopqrstuvwxyz012345", "10.0.0.1", "/home/alice/x"]
text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30) | st.sampled_from(AWKWARD)
FLOATS = [0.1, 1.0, 100.0, 1e-05, 1e16, 1.5e300, 123456789.123, -0.0, 0.0, 5e-324, 1.7976931348623157e308,
          math.inf, -math.inf, math.nan, 9999999999999998.0, 1e-7, 0.00001234]
number = st.floats() | st.sampled_from(FLOATS) | st.integers(-(2**70), 2**70)
scalar = st.none() | st.booleans() | number | text
value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                     max_leaves=8)
small = st.integers(0, 2**40)
line = st.integers(1, 2**31)
phase = st.sampled_from(PHASES)
texts = st.lists(text, max_size=3)


def _opt(s):
    return st.none() | s


evidence = st.fixed_dictionaries({"line": line, "text": text}, optional={"source": _opt(text)})
diagnosis = st.fixed_dictionaries(
    {"rule": text, "category": text, "severity": st.sampled_from(["error", "warning", "info"]),
     "role": st.sampled_from(["cause", "symptom", "wrapper"]), "title": text, "explanation": text,
     "remediation": texts, "evidence": st.lists(evidence, max_size=3), "fingerprint": text},
    optional={"phase": _opt(phase), "count": small, "references": texts, "ranks": texts, "nodes": texts})
phase_report = st.fixed_dictionaries(
    {"name": phase, "status": st.sampled_from(["done", "failed", "running"]), "first_line": line, "last_line": line},
    optional={"started_at": _opt(text), "duration_s": _opt(number), "source": _opt(text)})
rank = st.fixed_dictionaries(
    {"label": text, "node": text, "source": text, "status": st.sampled_from(["ready", "failed", "running"]),
     "first_line": line, "last_line": line, "lines": small},
    optional={"rank": _opt(small), "pid": _opt(small), "last_phase": _opt(phase), "phases": st.lists(phase, max_size=3),
              "error": _opt(st.fixed_dictionaries({"line": line, "source": text, "text": text}))})
node = st.fixed_dictionaries(
    {"name": text, "status": st.sampled_from(["ready", "failed", "running"]), "lines": small},
    optional={"node_rank": _opt(small), "sources": texts, "ranks": texts, "last_phase": _opt(phase),
              "facts": st.dictionaries(text, value, max_size=4), "env": st.dictionaries(text, value, max_size=4)})
nccl = st.fixed_dictionaries({"from_rank": small, "to_rank": small, "transport": text, "node": text})
history = st.fixed_dictionaries({}, optional={
    "model": _opt(text), "previous_runs": small, "notes": texts,
    "seen": st.lists(st.fixed_dictionaries({"fingerprint": text, "rule": text, "count": small, "days": small},
                                           optional={"first_seen": _opt(text)}), max_size=2),
    "slow_phases": st.lists(st.fixed_dictionaries({"phase": phase, "duration_s": number, "median_s": number,
                                                   "ratio": number, "runs": small}), max_size=2)})
report = st.fixed_dictionaries(
    {"engine": st.sampled_from(["vllm", "sglang", "unknown"]),
     "outcome": st.sampled_from(["ready", "failed", "incomplete"]), "phases": st.lists(phase_report, max_size=3), "diagnoses": st.lists(diagnosis, max_size=3)},
    optional={"schema": st.just("llmdiag.report/v1"), "engine_version": _opt(text), "last_phase": _opt(phase),
              "model": _opt(text), "facts": st.dictionaries(text, value, max_size=6), "inputs": texts, "lines": small,
              "warnings": texts, "history": _opt(history), "ranks": st.lists(rank, max_size=2),
              "nodes": st.lists(node, max_size=2), "nccl": st.lists(nccl, max_size=2)})


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(report)
def test_json_is_byte_identical_to_pydantic(data):
    theirs = contract.Report.model_validate(data)
    mine = light.Report.from_dict(data)
    for indent in (2, None, 0, 4):
        assert mine.to_json(indent) == theirs.model_dump_json(by_alias=True, indent=indent)
    assert redact_report(mine).to_json() == redact_report(theirs).to_json()


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(report)
def test_renderings_are_identical(data):
    # a phase lasting inf or nan seconds (never measured from a log) breaks fmt_dur in both
    assume(all(p.get("duration_s") is None or math.isfinite(p["duration_s"]) for p in data["phases"]))
    mine, theirs = light.Report.from_dict(data), contract.Report.model_validate(data)
    for fmt in FORMATS:
        assert outputs.render(mine, fmt, input_paths=["a.log"]) == outputs.render(theirs, fmt, input_paths=["a.log"])


# -- the explain path ------------------------------------------------------------------------------

def test_explain_json_imports_no_pydantic(tmp_path):
    """The everyday run (its rule pack cache already written by an earlier run) loads no pydantic."""
    log = SAMPLES / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"
    env = {**os.environ, "LLMDIAG_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    env.pop("LLMDIAG_NO_CACHE", None)
    env.pop("LLMDIAG_RULES", None)
    cmd = [sys.executable, "-X", "importtime", "-m", "diagnose", "explain", "--format", "json", str(log)]
    for _ in range(2):  # the first run may write the cache
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert proc.returncode == 1 and json.loads(proc.stdout)["outcome"] == "failed", proc.stderr[-2000:]
    imported = [ln.rsplit("|", 1)[-1].strip() for ln in proc.stderr.splitlines() if ln.startswith("import time:")]
    assert "diagnose.pipeline" in imported
    assert [m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")] == []
