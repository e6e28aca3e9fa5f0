"""The benchmark scripts run (they are measured by hand, never timed here): the generator writes a
log of the size asked for that explain reads as a failed restart, and bench/floor.py prints every step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_generated_log_and_floor_script(tmp_path):
    log = tmp_path / "bench.log"
    subprocess.run([sys.executable, str(ROOT / "bench" / "gen_log.py"), str(log), "0.3"], check=True,
                   capture_output=True)
    assert abs(log.stat().st_size - 0.3e6) < 0.05e6
    out = subprocess.run([sys.executable, "-m", "diagnose", "explain", "--format", "json", str(log)],
                         capture_output=True, text=True, cwd=ROOT)
    report = json.loads(out.stdout)
    assert report["outcome"] == "failed" and report["facts"]["starts"] == 2
    floor = subprocess.run([sys.executable, str(ROOT / "bench" / "floor.py"), "--log", str(log), "--runs", "1"],
                           capture_output=True, text=True, cwd=ROOT, check=True)
    steps = [ln.split()[0] for ln in floor.stdout.splitlines()[2:]]
    assert steps == ["read", "iterate", "automaton", "prefix", "memo", "blocks", "pieces", "explain"]


def test_floor_script_names_a_missing_log(tmp_path):
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "floor.py"), "--log", str(tmp_path / "nope.log")],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 2 and "no such file" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.parametrize("same_literals", [False, True])
def test_ten_times_rules_copies_load_and_never_fire(tmp_path, same_literals):
    """bench/run.py's 10x-rules packs: renamed copies of every shipped rule with a match (the rules
    decided by code have none), which the rule loader accepts and which never fire; with
    `same_literals` every regex leaf keeps its anchor and all the literals its matches hold."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    folder = bench.synthetic_rules(tmp_path, 1, same_literals=same_literals)
    assert len(list(folder.glob("*.yaml"))) > 200
    log = ROOT / "sample_logs" / "vllm" / "13-v1-0.11.2-free-memory-less-than-utilization.log"
    out = subprocess.run([sys.executable, "-m", "diagnose", "explain", "--format", "json", "--rules", str(folder),
                          str(log)], capture_output=True, text=True, cwd=ROOT)
    rules = [d["rule"] for d in json.loads(out.stdout)["diagnoses"]]
    assert rules and not any(r.endswith("-x0") for r in rules)
    if same_literals:
        from diagnose.matcher import Matcher
        from diagnose.pipeline import load_rules

        anchors: dict[str, list] = {}
        for lf in Matcher(load_rules([str(folder)])[0]).leaves:
            anchors.setdefault(lf.origin, []).append((lf.anchor, bool(lf.needs)))
        copy, original = anchors["vllm-profile-run-cuda-oom-x0"], anchors["vllm-profile-run-cuda-oom"]
        assert [a for a, _ in copy] == [a for a, _ in original] and all(needs for _, needs in copy)


def test_watch_analysis_rate_reads_the_whole_log():
    log = ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log"
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_watch.py"), "--analysis", str(log)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    got = json.loads(out.stdout)
    assert got["mb"] == log.stat().st_size / 2**20 and got["cpu_s"] > 0
