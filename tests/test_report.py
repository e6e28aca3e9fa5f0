"""The report (diagnose.report) against the pydantic models made from its declarations: the same
JSON byte for byte, the kinds of field read right; and `explain` never imports pydantic."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from diagnose import outputs
from diagnose import report as light
from diagnose.engines.base import PHASES
from diagnose.ruletest import iter_samples
from tests.conftest import ROOT, SAMPLES

PYDANTIC = light.pydantic_models()
MODELS = sorted(PYDANTIC)


# -- the declarations ----------------------------------------------------------------------------

def _kind(annotation) -> tuple[str, str | None]:
    """What diagnose.report must do with a field of this annotation: (kind, nested class name)."""
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


@pytest.mark.parametrize("name", MODELS)
def test_fields_are_read_as_pydantic_reads_them(name):
    model, cls = PYDANTIC[name], getattr(light, name)
    assert [f.name for f in cls._fields] == list(model.model_fields) and cls.__slots__ == tuple(model.model_fields)
    for f in cls._fields:
        info = model.model_fields[f.name]
        if info.default_factory is not None:
            default = info.default_factory()
        else:
            default = light.REQUIRED if info.default is PydanticUndefined else info.default
        assert (f.default, f.alias) == (default, info.alias), f.name
        assert (f.kind, f.model.__name__ if f.model else None) == _kind(info.annotation), f.name


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


def test_model_validate_checks_and_converts():
    p = PYDANTIC["Report"](engine="vllm", outcome="failed", phases=[], diagnoses=[],
                           history=PYDANTIC["HistoryInfo"](notes=["n"]))
    r = light.Report.model_validate(p.model_dump(by_alias=True))
    assert isinstance(r.history, light.HistoryInfo) and r.to_json() == p.model_dump_json(by_alias=True, indent=2)
    with pytest.raises(ValueError):
        light.Report.model_validate({"engine": "vllm", "outcome": "maybe", "phases": [], "diagnoses": []})


# -- every sample: the pipeline's report, both ways -----------------------------------------------

def _inputs() -> list[Path]:
    logs = sorted(SAMPLES.rglob("*.log"))
    folders = sorted({log for log, _ in iter_samples(SAMPLES) if log.is_dir()})
    assert folders, "no multi-file sample found"
    return logs + folders


@pytest.fixture(scope="module")
def rules():
    from diagnose import pipeline

    return pipeline.load_rules()[0]


@pytest.mark.parametrize("path", _inputs(), ids=lambda p: str(p.relative_to(SAMPLES)))
def test_sample_reports_are_valid_and_pydantic_writes_them_alike(path, rules):
    from diagnose import pipeline

    mine = pipeline.analyze([str(path)], rules)
    assert isinstance(mine, light.Report)
    theirs = PYDANTIC["Report"].model_validate(mine.model_dump(by_alias=True))
    assert mine.to_json() == theirs.model_dump_json(by_alias=True, indent=2)
    out = outputs.render(outputs.prepare(mine), "json")
    assert out == PYDANTIC["Report"].model_validate(json.loads(out)).model_dump_json(by_alias=True, indent=2) + "\n"


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
phase = st.sampled_from(list(PHASES))
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
    theirs = PYDANTIC["Report"].model_validate(data)
    mine = light.Report.from_dict(data)
    for indent in (2, None, 0, 4):
        assert mine.to_json(indent) == theirs.model_dump_json(by_alias=True, indent=indent)


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
