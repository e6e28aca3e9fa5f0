"""The benchmark scripts run (they are measured by hand, never timed here): the generator writes a
log of the size asked for that explain reads as a failed restart, and bench/floor.py prints every step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    assert steps == ["read", "iterate", "automaton", "prefix", "memo", "explain"]


def test_floor_script_names_a_missing_log(tmp_path):
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "floor.py"), "--log", str(tmp_path / "nope.log")],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 2 and "no such file" in res.stderr and "Traceback" not in res.stderr
