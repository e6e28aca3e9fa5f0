"""The command's own surface: what a bare `llmdiag` does, `python -m llmdiag`, the `rules` group's
commands a user reaches for first (categories, show, test outside the source tree)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


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
