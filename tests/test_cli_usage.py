"""The command's own surface: what a bare `llmdiag` does, `python -m llmdiag`, the `rules` group's
commands a user reaches for first (categories, show, test outside the source tree)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_cli


def llmdiag(*args, module="diagnose", cwd=None, input_bytes=None):
    """`python -m MODULE ARGS` in a subprocess (what a user runs); (exit code, stdout, stderr)."""
    p = subprocess.run([sys.executable, "-m", module, *map(str, args)], input=input_bytes, capture_output=True,
                       timeout=120, cwd=cwd, env={**os.environ, "NO_COLOR": "1"})
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("args", [[], ["rules"]], ids=["llmdiag", "llmdiag rules"])
def test_a_group_without_a_command_prints_its_usage_and_exits_2(args):
    code, out, err = llmdiag(*args)
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("Usage: llmdiag") and "Commands:" in err and "Traceback" not in err
    # asking for help is still a success, on stdout
    code, out, _ = llmdiag(*args, "--help")
    assert code == 0 and out.startswith("Usage: llmdiag") and "Commands:" in out


def test_python_m_llmdiag_runs_the_command(tmp_path):
    """The distribution is llmdiag, the code is `diagnose`: `python -m llmdiag` works like the script
    (from any folder, not only the checkout)."""
    code, out, _ = llmdiag("--version", module="llmdiag", cwd=tmp_path)
    assert code == 0 and out.startswith("llmdiag ")
    log = ROOT / "sample_logs" / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"
    code, out, err = llmdiag("explain", "--format", "json", log, module="llmdiag", cwd=tmp_path)
    assert code == 1 and '"symm-mem-allreduce"' in out, err
    code, _, err = llmdiag(module="llmdiag", cwd=tmp_path)
    assert code == 2 and err.startswith("Usage: llmdiag ")


def test_the_wheel_ships_both_packages():
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]
    assert {"diagnose", "llmdiag"} <= set(config["wheel"]["packages"])
    assert {"llmdiag", "docs"} <= set(config["sdist"]["include"])


# -- rules categories / show / test -------------------------------------------------------------

def test_rules_categories_lists_the_contracts_categories_with_meanings():
    from diagnose.rulepack import CATEGORY_MEANINGS

    code, out, _ = run_cli(["rules", "categories"])
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == list(CATEGORY_MEANINGS)
    assert "kv-cache-insufficient" in out and CATEGORY_MEANINGS["shm-exhausted"] in out
    code, out, _ = run_cli(["rules", "categories", "--format", "json"])
    rows = json.loads(out)
    assert code == 0 and [r["category"] for r in rows] == list(CATEGORY_MEANINGS)
    by_name = {r["category"]: r for r in rows}
    assert by_name["kv-cache-insufficient"]["rules"] >= 5 and by_name["unknown"]["meaning"]
