from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(glob.glob(str(ROOT / "sample_logs" / "*" / "*.log")))


def sample_id(path: str) -> str:
    return os.path.relpath(path, ROOT / "sample_logs")


@pytest.fixture(scope="session")
def ci_rules():
    from diagnose.pipeline import load_rules

    return load_rules()[0]


_CACHE: dict = {}


@pytest.fixture(scope="session")
def analyzed(ci_rules):
    """analyze(path) once per session (the pipeline is the slow part)."""
    from diagnose.pipeline import analyze

    def get(path: str):
        if path not in _CACHE:
            _CACHE[path] = analyze([path], ci_rules)
        return _CACHE[path]

    return get


@pytest.fixture
def cli_run():
    """Run the llmdiag CLI in-process; returns (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from diagnose.cli import cli

    def run(*args: str, env: dict | None = None, input: str | None = None):
        try:
            runner = CliRunner(mix_stderr=False)
        except TypeError:  # click >= 8.2 keeps stderr apart by default
            runner = CliRunner()
        res = runner.invoke(cli, list(args), env=env, input=input, catch_exceptions=False)
        return res.exit_code, res.stdout, res.stderr

    return run
