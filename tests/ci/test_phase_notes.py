"""The headline's phase and the phase table agree; in JUnit, phases before the first one a log shows
(a pasted excerpt) are "not in this log", not "not reached"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .conftest import ROOT

NO_MARKERS = str(ROOT / "sample_logs/real/h200-torch-nccl/78-torchrun-nproc-exceeds-gpus.log")
OOM = ROOT / "sample_logs/vllm/10-v1-0.10.2-tp2-weights-oom.log"


def _skipped(xml: str) -> dict[str, str]:
    return {tc.get("name"): tc.find("skipped").get("message") for tc in ET.fromstring(xml).iter("testcase")
            if tc.find("skipped") is not None}


def test_headline_phase_is_explained_when_the_log_has_no_phase_marker(cli_run):
    _, md, _ = cli_run("explain", NO_MARKERS, "--format", "markdown")
    assert md.startswith("## :x: llmdiag: start FAILED in phase `init`")
    assert "No loading phase was recognised" not in md
    assert "No loading phase marker was recognised in this log; the diagnosis places the failure in phase init." in md
    _, text, _ = cli_run("explain", NO_MARKERS, env={"NO_COLOR": "1"})
    assert text.splitlines()[1] == md.split("### Phases\n\n")[1].splitlines()[0]


def test_junit_of_an_excerpt_starting_in_weights(cli_run, tmp_path):
    lines = OOM.read_text().splitlines(keepends=True)
    excerpt = tmp_path / "excerpt.log"
    excerpt.write_text("".join(lines[28:]))  # from "Using model weights format" on
    _, xml, _ = cli_run("explain", str(excerpt), "--format", "junit")
    skipped = _skipped(xml)
    assert {k: skipped[k] for k in ("config", "init", "nccl")} == dict.fromkeys(
        ("config", "init", "nccl"), "not in this log (its first phase is weights)")
    assert all(v == "not reached: the start stopped earlier" for k, v in skipped.items()
               if k in ("kv_cache", "compile", "server"))


def test_junit_of_a_whole_failed_log_unchanged(cli_run):
    _, xml, _ = cli_run("explain", str(OOM), "--format", "junit")
    assert set(_skipped(xml).values()) == {"not reached: the start stopped earlier"}
