"""The command's own surface: what a bare `llmdiag` does, `python -m llmdiag`, the `rules` group's
commands a user reaches for first (categories, show, test outside the source tree)."""

from __future__ import annotations

import json
import os
import re
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
    assert {"llmdiag", "docs", "action.yml", ".pre-commit-hooks.yaml"} <= set(config["sdist"]["include"])


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


def test_rules_show_of_a_category_lists_its_rules_and_a_typo_gets_close_ids():
    code, out, _ = run_cli(["rules", "show", "shm-exhausted"])
    assert code == 0 and out.startswith("shm-exhausted is a category: ")
    listed = [line.split()[0] for line in out.splitlines()[2:]]
    assert listed and all(run_cli(["rules", "show", rid])[1].count("category shm-exhausted") for rid in listed[:2])
    code, _, err = llmdiag("rules", "show", "vllm-kv-cach-no-block")  # a typo, not a substring
    assert code == 2 and "did you mean: vllm-kv-cache-no-blocks" in err and len(err.splitlines()) == 1
    code, _, err = llmdiag("rules", "show", "kv-cache-insuficient")
    assert code == 2 and "kv-cache-insufficient (a category)" in err
    code, out, _ = run_cli(["rules", "show", "vllm-kv-cache-no-blocks"])  # a rule id: unchanged
    assert code == 0 and "  file: rules/memory/vllm-kv-cache-no-blocks.yaml" in out


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The package as `pip install .` leaves it: rules in diagnose/_rules, no sample_logs beside it."""
    from diagnose import rulepack, ruletest

    site = tmp_path / "site-packages" / "diagnose"
    rule = ROOT / "rules" / "memory" / "vllm-kv-cache-no-blocks.yaml"
    (site / "_rules" / "memory").mkdir(parents=True)
    shutil.copy(rule, site / "_rules" / "memory" / rule.name)
    monkeypatch.setattr(rulepack, "builtin_rules_dir", lambda: site / "_rules")
    monkeypatch.setattr(ruletest, "__file__", str(site / "ruletest.py"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return site


def test_rules_show_names_the_checkouts_file_or_the_installed_copy(installed, tmp_path, monkeypatch):
    code, out, _ = run_cli(["rules", "show", "vllm-kv-cache-no-blocks"])
    copy = installed / "_rules" / "memory" / "vllm-kv-cache-no-blocks.yaml"
    assert code == 0 and f"  file: {copy} (installed copy)\n" in out
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "rules" / "memory", checkout / "rules" / "memory")
    monkeypatch.chdir(checkout)
    code, out, _ = run_cli(["rules", "show", "vllm-kv-cache-no-blocks"])
    assert code == 0 and "  file: rules/memory/vllm-kv-cache-no-blocks.yaml\n" in out


def test_rules_test_after_a_plain_install_reads_the_checkouts_sample_logs(installed, tmp_path, monkeypatch):
    code, out, _ = run_cli(["rules", "test"])
    assert code == 0 and "sample logs: none found (looked in " in out and "pass --samples DIR" in out
    assert str(installed.parent / "sample_logs") in out
    checkout = tmp_path / "checkout"
    sample = ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log"
    (checkout / "sample_logs").mkdir(parents=True)
    for p in (sample, sample.with_name(sample.name.replace(".log", ".expected.json"))):
        shutil.copy(p, checkout / "sample_logs" / p.name)
    monkeypatch.chdir(checkout)
    code, out, _ = run_cli(["rules", "test"])
    assert code == 0 and "1 sample logs, 1 as expected" in out, out
    code, _, err = llmdiag("rules", "test", "--samples", tmp_path / "nope")
    assert code == 2 and "'--samples'" in err and "(try: llmdiag rules test --help)" in err


def test_the_readmes_shell_completion_lines_work():
    """README's lines use click's _LLMDIAG_COMPLETE; each prints a completion script, and completing
    `llmdiag rules ` offers the rules commands."""
    readme = (ROOT / "README.md").read_text()
    shells = re.findall(r"_LLMDIAG_COMPLETE=(\w+)_source llmdiag", readme)
    assert shells == ["bash", "zsh", "fish"]
    for shell in shells:
        p = subprocess.run([sys.executable, "-m", "llmdiag"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "_LLMDIAG_COMPLETE": f"{shell}_source"})
        assert p.returncode == 0 and "_LLMDIAG_COMPLETE" in p.stdout and "llmdiag" in p.stdout, (shell, p.stderr)
    p = subprocess.run([sys.executable, "-m", "llmdiag"], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "_LLMDIAG_COMPLETE": "bash_complete", "COMP_WORDS": "llmdiag rules ",
                            "COMP_CWORD": "2"})
    assert p.returncode == 0 and "plain,categories" in p.stdout.splitlines(), p.stdout
