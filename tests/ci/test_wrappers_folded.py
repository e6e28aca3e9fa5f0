"""A vLLM failure passes through WorkerProc, EngineCore and the API server, and each prints a wrapper
error. People see the cause once, with one "reported by" line naming the wrappers; the wrappers
stand on their own only when no cause was found. The JSON report keeps every diagnosis."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from .conftest import ROOT

OOM = str(ROOT / "sample_logs/vllm/10-v1-0.10.2-tp2-weights-oom.log")
WRAPPERS = ("vllm-workerproc-failed", "vllm-enginecore-failed-to-start", "vllm-engine-core-init-failed")
ONLY_WRAPPERS = ("(EngineCore pid=1) ERROR 11-29 23:00:06 [core.py:1510] EngineCore failed to start.\n"
                 "(Worker pid=2) ERROR 11-29 22:43:52 [multiproc_executor.py:1063] WorkerProc hit an exception.\n"
                 "ZzzError: boom\n")


def test_json_keeps_the_wrappers(cli_run):
    _, out, _ = cli_run("explain", OOM, "--format", "json")
    diags = json.loads(out)["diagnoses"]
    assert [d["rule"] for d in diags if d["role"] == "wrapper"] == list(WRAPPERS)


def test_text_shows_the_cause_once_with_its_wrappers(cli_run):
    _, out, _ = cli_run("explain", OOM, env={"NO_COLOR": "1"})
    numbered = [ln for ln in out.splitlines() if ln[:1].isdigit() and ". [" in ln]
    assert [ln for ln in numbered if ". [error]" in ln] == [numbered[0]] and "rule generic-weights-cuda-oom" in numbered[0]
    assert not [ln for ln in numbered if ", wrapper, " in ln]
    assert ("   reported by: vLLM worker process failed to start (line 59), vLLM EngineCore failed to start / "
            "hit a fatal error (line 90), vLLM API server: Engine core initialization failed (line 170)") in out
    assert not any(f"rule {w})" in out for w in WRAPPERS)


def test_one_annotation_and_one_junit_failure_per_cause(cli_run):
    _, out, _ = cli_run("explain", OOM, "--format", "github")
    assert out.count("::error ") == 1 and "Reported by: vLLM worker process failed to start (line 59)" in out
    _, out, _ = cli_run("explain", OOM, "--format", "junit")
    root = ET.fromstring(out)
    bodies = [f.text for f in root.iter("failure")]
    assert len([b for b in bodies if "Reported by: vLLM worker process" in b]) == 1
    assert not [b for b in bodies if "role wrapper" in b]
    notes = "".join(so.text or "" for so in root.iter("system-out"))
    assert "wrapper" not in notes


def test_markdown_lists_the_cause_only(cli_run):
    _, out, _ = cli_run("explain", OOM, "--format", "markdown")
    assert ", wrapper, " not in out and "Reported by: vLLM worker process failed to start (line 59)" in out
    assert out.count("Reported by") == 1


def test_without_a_cause_the_wrappers_stand_alone(cli_run, tmp_path):
    log = tmp_path / "w.log"
    log.write_text(ONLY_WRAPPERS)
    _, out, _ = cli_run("explain", str(log), env={"NO_COLOR": "1"})
    assert "rule unknown-failure)" in out and "rule vllm-workerproc-failed)" in out and "reported by" not in out
    _, out, _ = cli_run("explain", str(log), "--format", "github")
    assert out.count("::error ") == 3
