"""Every format on every sample log: JSON against the contract, JUnit against the schema, GitHub
workflow-command syntax, Markdown structure and size."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from diagnose import outputs
from diagnose.report import Report

from .conftest import SAMPLES, sample_id
from .junit_schema import validate

PHASES = ["config", "init", "nccl", "weights", "kv_cache", "compile", "server"]
CONTRACT_KEYS = {"schema", "engine", "engine_version", "outcome", "last_phase", "phases", "diagnoses"}
PHASE_KEYS = {"name", "status", "first_line", "last_line", "started_at", "duration_s"}
DIAG_KEYS = {"rule", "category", "severity", "role", "phase", "title", "explanation", "remediation",
             "evidence", "fingerprint"}
# ::error file=a,line=3,title=x::message (properties and message escaped: no raw ',' ':' or newline)
COMMAND = re.compile(r"^::(error|warning|notice)(?: ((?:file|line|title|col|endLine|endColumn)=[^,:\r\n]*"
                     r"(?:,(?:file|line|title|col|endLine|endColumn)=[^,:\r\n]*)*))?::([^\r\n]*)$")


@pytest.fixture(params=SAMPLES, ids=sample_id)
def report(request, analyzed):
    return outputs.prepare(analyzed(request.param))


def test_json_is_the_contract(report):
    data = json.loads(outputs.render(report, "json"))
    assert CONTRACT_KEYS <= set(data)
    assert data["schema"] == "llmdiag.report/v1"
    assert data["outcome"] in ("ready", "failed", "incomplete")
    assert data["last_phase"] in PHASES + [None]
    for p in data["phases"]:
        assert PHASE_KEYS <= set(p) and p["name"] in PHASES and p["status"] in ("done", "failed", "running")
    for d in data["diagnoses"]:
        assert DIAG_KEYS <= set(d)
        assert d["severity"] in ("error", "warning", "info") and d["role"] in ("cause", "wrapper", "symptom")
        for ev in d["evidence"]:
            assert isinstance(ev["line"], int) and ev["line"] >= 1 and isinstance(ev["text"], str)
    # round trip through the pydantic model (the JSON Schema of `llmdiag schema`)
    assert Report.model_validate(data).model_dump(by_alias=True) == data


def test_junit_is_valid_and_tells_the_outcome(report):
    xml = outputs.render(report, "junit")
    root = ET.fromstring(xml.encode("utf-8"))
    assert validate(root) == []
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == PHASES
    failures = [c for c in cases if c.find("failure") is not None]
    assert int(suite.get("failures")) == len(failures)
    assert int(suite.get("skipped")) == sum(c.find("skipped") is not None for c in cases)
    assert int(suite.get("tests")) == len(PHASES)
    if report.outcome == "ready":
        assert not failures
    else:
        assert failures, "a failed or incomplete start fails at least one phase"
        body = failures[0].find("failure")
        assert body.get("message") and body.text  # diagnosis in the message and in the body
    seen = {p.name for p in report.phases}
    for c in cases:
        if c.get("name") not in seen and c.find("failure") is None:
            assert c.find("skipped") is not None
    for p in report.phases:
        case = next(c for c in cases if c.get("name") == p.name)
        assert float(case.get("time")) >= 0


def test_github_commands_are_well_formed(report):
    text = outputs.render(report, "github")
    lines = text.splitlines()
    assert 1 <= len(lines) <= 11
    for line in lines:
        assert COMMAND.match(line), line
    errors = [l for l in lines if l.startswith("::error")]
    if report.outcome != "ready":
        assert errors
    assert len([l for l in lines if not l.startswith("::notice")]) <= 10


def test_markdown_has_the_three_parts(report):
    md = outputs.render(report, "markdown")
    assert md.startswith("## ")
    assert "### Phases" in md
    if report.phases:
        assert "| phase | status | lines | duration |" in md
    if report.outcome != "ready":
        assert "**What failed:**" in md or "**Where it stopped:**" in md
        if any(d.remediation for d in report.diagnoses):
            assert "**What to do:**" in md
    if any(d.evidence for d in report.diagnoses):
        assert "<details><summary>Evidence" in md
    assert md.count("<details>") == md.count("</details>")
    assert len(re.findall(r"^```", md, flags=re.M)) % 2 == 0
    assert len(md.encode()) < 1024 * 1024


def test_text_renders(report):
    assert report.outcome.upper() in outputs.render(report, "text")
