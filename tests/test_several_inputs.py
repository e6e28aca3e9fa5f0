"""`explain` of several files or a folder: files of one start are merged into one report, unrelated
starts get a report each and the exit code is the worst (diagnose/starts.py, docs/several-inputs.md)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import xml.etree.ElementTree as ET

import pytest

from diagnose.lines import expand_inputs
from diagnose.starts import group
from tests.conftest import SAMPLES, run_cli

READY = SAMPLES / "vllm" / "03-v1-0.10.1-tp4-ready.log"
FAILED = SAMPLES / "vllm" / "10-v1-0.10.2-tp2-weights-oom.log"
PAIR = SAMPLES / "multinode" / "sglang-0.4.9-2node-tp16-pair"


def _folder(tmp_path, *files, names=None):
    d = tmp_path / "logs"
    d.mkdir()
    for i, f in enumerate(files):
        shutil.copy(f, d / (names[i] if names else f.name))
    return d


def _groups(*paths):
    return [sorted(sp.name.split("/")[-1] for sp in g.specs) for g in group(expand_inputs([str(p) for p in paths]))]


def test_a_folder_of_a_failed_and_a_clean_start_is_not_ready(tmp_path):
    d = _folder(tmp_path, READY, FAILED)
    code, out, _ = run_cli(["explain", "--format", "json", str(d)])
    doc = json.loads(out)
    assert code == 1 and doc["schema"] == "llmdiag.reports/v1" and doc["outcome"] == "failed"
    assert [r["outcome"] for r in doc["reports"]] == ["ready", "failed"]
    assert [s["inputs"] for s in doc["starts"]] == [[f"logs/{READY.name}"], [f"logs/{FAILED.name}"]]
    assert all(r["schema"] == "llmdiag.report/v1" for r in doc["reports"])
    # each report is what `explain FILE` gives for that file alone
    _, alone, _ = run_cli(["explain", "--format", "json", str(FAILED)])
    alone = json.loads(alone)
    same = ("engine", "engine_version", "outcome", "last_phase", "phases", "diagnoses", "facts", "lines", "warnings")
    in_folder = json.loads(json.dumps(doc["reports"][1]).replace("logs/", ""))  # (its name: logs/NAME)
    assert {k: in_folder[k] for k in same} == {k: alone[k] for k in same}
    assert run_cli(["explain", "--fail-on", "never", str(d)])[0] == 0


def test_two_unrelated_files_in_text_each_get_a_report_and_a_summary(tmp_path):
    code, out, _ = run_cli(["explain", "--no-color", str(READY), str(FAILED)])
    assert code == 1
    assert out.count("=== start ") == 2 and "outcome READY" in out and "outcome FAILED" in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("llmdiag: 2 starts in 2 files") and "1 failed, 1 ready" in last and "worst FAILED" in last


def test_merge_forces_one_start_and_separate_one_report_per_file(tmp_path):
    d = _folder(tmp_path, READY, FAILED)
    code, out, _ = run_cli(["explain", "--format", "json", "--merge", str(d)])
    assert json.loads(out)["schema"] == "llmdiag.report/v1" and len(json.loads(out)["inputs"]) == 2
    code, out, _ = run_cli(["explain", "--format", "json", "--separate", str(PAIR)])
    doc = json.loads(out)
    assert code == 1 and len(doc["reports"]) == 2  # node1 alone does not come up


def test_the_nodes_of_one_start_stay_one_report():
    code, out, _ = run_cli(["explain", "--format", "json", str(PAIR)])
    rep = json.loads(out)
    assert code == 0 and rep["schema"] == "llmdiag.report/v1" and len(rep["ranks"]) == 16
    code, out, _ = run_cli(["explain", "--no-color", str(PAIR / "node0.log"), str(PAIR / "node1.log")])
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("llmdiag: 2 files read as one start (same --dist-init-addr)")
    assert "10.0.0.1" not in out.rstrip().splitlines()[-1]


def test_a_worker_log_without_banner_joins_the_head_log_it_overlaps(tmp_path):
    (tmp_path / "head.log").write_text((PAIR / "node0.log").read_text())
    worker = [ln for ln in (PAIR / "node1.log").read_text().splitlines(keepends=True)
              if "server_args=" not in ln and not ln.startswith("$")]
    (tmp_path / "worker.log").write_text("".join(worker))
    assert _groups(tmp_path) == [["head.log", "worker.log"]]


def test_two_servers_at_the_same_time_are_two_starts(tmp_path):
    text = READY.read_text()
    (tmp_path / "llama.log").write_text(text)
    (tmp_path / "llama-replica.log").write_text(text)  # a second server of the same model, same clock
    assert len(_groups(tmp_path)) == 2
    (tmp_path / "llama-replica.log").unlink()
    (tmp_path / "other.log").write_text(text.replace("Llama-3.3-70B-Instruct", "Qwen3-8B"))
    assert len(_groups(tmp_path)) == 2  # another model


def test_two_nodes_named_as_such_with_one_clock_are_one_start(tmp_path):
    text = READY.read_text()
    (tmp_path / "node0.log").write_text(text)
    (tmp_path / "node1.log").write_text(text)
    assert _groups(tmp_path) == [["node0.log", "node1.log"]]
    (tmp_path / "node1.log").write_text(text.replace("Llama-3.3-70B-Instruct", "Qwen3-8B"))
    assert len(_groups(tmp_path)) == 2  # one name but another model: not one start


def test_files_without_clocks_are_kept_apart(tmp_path):
    (tmp_path / "a.log").write_text("starting\nTraceback (most recent call last):\nValueError: x\n")
    (tmp_path / "b.log").write_text("INFO:     Application startup complete.\n")
    assert len(_groups(tmp_path)) == 2


def test_stdin_is_a_start_of_its_own():
    code, out, _ = run_cli(["explain", "--format", "json", "-", str(READY)], input_bytes=FAILED.read_bytes())
    doc = json.loads(out)
    assert code == 1 and [s["inputs"] for s in doc["starts"]] == [[READY.name], ["<stdin>"]]


@pytest.mark.parametrize("fmt", ["markdown", "junit", "github"])
def test_every_format_carries_every_start(tmp_path, fmt):
    code, out, _ = run_cli(["explain", "--format", fmt, str(READY), str(FAILED)])
    assert code == 1
    if fmt == "junit":
        suites = ET.fromstring(out).findall("testsuite")
        assert len(suites) == 2 and [s.get("id") for s in suites] == ["0", "1"]
        assert [int(s.get("failures")) > 0 for s in suites] == [False, True]
        assert int(ET.fromstring(out).get("tests")) == sum(int(s.get("tests")) for s in suites)
    elif fmt == "markdown":
        assert out.startswith("# llmdiag: 2 starts, worst outcome failed") and out.count("llmdiag: start ") == 2
    else:
        assert "::error " in out and "title=llmdiag%3A ready" in out


def test_outputs_files_and_history_take_every_start(tmp_path):
    hist = tmp_path / "h.sqlite"
    code, _, _ = run_cli(["explain", "-o", f"json={tmp_path / 'r.json'}", "-o", f"junit={tmp_path / 'r.xml'}",
                          "--history", str(hist), str(READY), str(FAILED)])
    assert code == 1
    assert json.loads((tmp_path / "r.json").read_text())["outcome"] == "failed"
    assert len(ET.parse(tmp_path / "r.xml").getroot().findall("testsuite")) == 2
    outcomes = sorted(r[0] for r in sqlite3.connect(hist).execute("SELECT outcome FROM runs"))
    assert outcomes == ["failed", "ready"]


def test_github_step_summary_holds_every_start(tmp_path, monkeypatch):
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run_cli(["explain", "--format", "github", str(READY), str(FAILED)])
    assert summary.read_text().startswith("# llmdiag: 2 starts")


def test_pipes_are_starts_of_their_own_and_read_once(tmp_path):
    import os
    import subprocess
    import sys

    fifo = tmp_path / "pipe.log"
    os.mkfifo(fifo)
    writer = subprocess.Popen([sys.executable, "-c", f"open({str(fifo)!r}, 'wb').write(open({str(FAILED)!r}, 'rb').read())"])
    try:
        code, out, _ = run_cli(["explain", "--format", "json", str(READY), str(fifo)])
    finally:
        writer.wait(timeout=30)
    doc = json.loads(out)
    assert code == 1 and [r["outcome"] for r in doc["reports"]] == ["ready", "failed"]
