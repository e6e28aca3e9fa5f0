from __future__ import annotations

import xml.etree.ElementTree as ET

from diagnose.render import junit
from diagnose.report import PhaseReport

from .junit_schema import validate
from .reports import diag, report


def _cases(xml: str) -> dict:
    root = ET.fromstring(xml)
    assert validate(root) == []
    return {c.get("name"): c for c in root.iter("testcase")}


def test_failed_phase_carries_the_diagnosis():
    d = diag(1, title="CUDA OOM while loading weights", category="weights-oom",
             explanation="needs 80 GiB", remediation=["--tensor-parallel-size 2"])
    cases = _cases(junit.render(report(diagnoses=[d])))
    f = cases["weights"].find("failure")
    assert f.get("message") == "CUDA OOM while loading weights" and f.get("type") == "weights-oom"
    assert "needs 80 GiB" in f.text and "--tensor-parallel-size 2" in f.text and "11: error line 1" in f.text
    assert cases["config"].find("failure") is None and cases["config"].find("skipped") is None
    assert cases["config"].get("time") == "2.000" and cases["weights"].get("time") == "31.500"
    for name in ("init", "nccl"):  # between two phases the log shows: passed by, not "not reached"
        assert cases[name].find("skipped").get("message").startswith("not in the log (skipped")
    for name in ("kv_cache", "compile", "server"):
        assert cases[name].find("skipped").get("message").startswith("not reached")


def test_ready_start_passes_and_skips_absent_phases():
    xml = junit.render(report(outcome="ready", diagnoses=[diag(1, severity="warning")]))
    root = ET.fromstring(xml)
    assert root.get("failures") == "0"
    cases = _cases(xml)
    assert cases["server"].find("skipped").get("message").startswith("not in the log")
    assert "[warning] Title 1" in cases["weights"].find("system-out").text


def test_stall_fails_the_running_phase():
    phases = [PhaseReport(name="weights", status="running", first_line=1, last_line=9, duration_s=600.0)]
    d = diag(1, severity="warning", title="Log ends in phase weights")
    cases = _cases(junit.render(report(outcome="incomplete", diagnoses=[d], phases=phases)))
    assert cases["weights"].find("failure").get("message") == "stalled in weights: Log ends in phase weights"


def test_failure_without_phases_or_diagnoses_still_fails_something():
    xml = junit.render(report(diagnoses=[], phases=[]))
    root = ET.fromstring(xml)
    assert validate(root) == []
    assert root.find("testsuite").get("failures") == "1"


def test_control_characters_and_markup_are_safe():
    d = diag(1, title="bad \x1b[31m <tag> & \"q\"", evidence=[])
    xml = junit.render(report(diagnoses=[d]))
    f = _cases(xml)["weights"].find("failure")
    assert f.get("message") == "bad \\x1b[31m <tag> & \"q\""  # shown, not obeyed nor hidden
