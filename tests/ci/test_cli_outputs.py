"""`llmdiag explain` for CI: several outputs in one run, exit codes, stdin, history."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from .conftest import ROOT
from .junit_schema import validate

FAILED = str(ROOT / "sample_logs/vllm/10-v1-0.10.2-tp2-weights-oom.log")
READY = str(ROOT / "sample_logs/sglang/sglang-0.4.7-tp1-qwen2.5-7b-ready.log")
STALL = str(ROOT / "sample_logs/vllm/25-v1-0.13.0-hang-torch-compile-cold-cache.log")


def test_one_run_writes_every_format(cli_run, tmp_path):
    summary = tmp_path / "step-summary.md"
    rc, out, err = cli_run("explain", FAILED, "--format", "github",
                           "--output", f"json={tmp_path}/r/report.json", "-o", f"junit={tmp_path}/r/junit.xml",
                           "-o", f"markdown={tmp_path}/r/summary.md", "-o", f"text={tmp_path}/r/report.txt",
                           env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert rc == 1, err
    assert out.startswith("::error ")
    data = json.loads((tmp_path / "r/report.json").read_text())
    assert data["outcome"] == "failed" and data["diagnoses"][0]["category"] == "weights-oom"
    assert validate(ET.parse(tmp_path / "r/junit.xml").getroot()) == []
    md = (tmp_path / "r/summary.md").read_text()
    assert md.startswith("## :x: llmdiag: start FAILED")
    assert summary.read_text() == md + ("" if md.endswith("\n") else "\n")  # the github format appends it
    assert "FAILED" in (tmp_path / "r/report.txt").read_text()


@pytest.mark.parametrize("log, fail_on, rc", [
    (READY, "error", 0), (FAILED, "error", 1), (STALL, "error", 1),
    (FAILED, "never", 0), (STALL, "never", 0), (READY, "never", 0),
])
def test_exit_codes(cli_run, log, fail_on, rc):
    assert cli_run("explain", log, "--format", "json", "--fail-on", fail_on)[0] == rc


@pytest.mark.parametrize("args", [
    ["-o", "junit"], ["-o", "pdf=x.pdf"], ["-o", "=x"], ["--format", "yaml"],
])
def test_usage_errors_exit_2(cli_run, args):
    rc, out, err = cli_run("explain", READY, *args)
    assert rc == 2 and out == ""


def test_unwritable_output_exits_2(cli_run, tmp_path):
    (tmp_path / "file").write_text("")
    rc, _, err = cli_run("explain", READY, "-o", f"json={tmp_path}/file/sub/report.json")
    assert rc == 2 and "cannot write json output" in err


def test_missing_input_exits_2(cli_run, tmp_path):
    assert cli_run("explain", str(tmp_path / "nope.log"), "--format", "junit")[0] == 2


def test_kubectl_logs_pipe_from_stdin(cli_run):
    text = open(FAILED, encoding="utf-8").read()
    rc, out, _ = cli_run("explain", "-", "--format", "junit", input=text)
    assert rc == 1
    suite = ET.fromstring(out).find("testsuite")
    assert int(suite.get("failures")) >= 1
    weights = next(c for c in suite.iter("testcase") if c.get("name") == "weights")
    assert weights.find("failure").get("type") == "weights-oom"


def test_no_redact_keeps_addresses(cli_run):
    log = str(ROOT / "sample_logs/multinode/sglang-0.4.3-2node-node1-unreachable-store-timeout.log")
    assert "10.0.0.1" not in cli_run("explain", log, "--format", "json")[1]
    assert "10.0.0.1" in cli_run("explain", log, "--format", "json", "--no-redact")[1]


def test_history_through_the_cli(cli_run, tmp_path):
    db = str(tmp_path / "ci" / "runs.sqlite")
    for _ in range(3):
        rc, out, _ = cli_run("explain", FAILED, "--format", "json", "--history", db)
    data = json.loads(out)
    assert data["history"]["seen"][0]["count"] == 3
    assert "seen 4 times in 7 days" in cli_run("explain", FAILED, "--format", "markdown", "--history", db)[1]
