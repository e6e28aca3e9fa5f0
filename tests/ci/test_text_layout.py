"""The text report in a pipe, a file or a CI log: no line is ever broken (a command stays one line
to copy), no trailing spaces; on a terminal only the Why prose wraps, under its first word.
Colour follows --no-color / NO_COLOR / FORCE_COLOR."""

from __future__ import annotations

import re

import pytest

from diagnose.render.causes import shown
from diagnose.render.term import use_color
from diagnose.render.text import render

from .conftest import ROOT

CPU_KV = str(ROOT / "sample_logs/real/vllm-0.32.0/kv-cache-no-blocks.log")
FAILED = str(ROOT / "sample_logs/vllm/10-v1-0.10.2-tp2-weights-oom.log")
SGR = re.compile("\x1b\\[[0-9;]*m")


def _report(path):
    from diagnose.pipeline import analyze, load_rules

    rules, _ = load_rules([], [], [])
    return analyze([path], rules)


@pytest.mark.parametrize("columns", ["40", "200"])
def test_piped_text_never_breaks_a_line(cli_run, columns):
    rc, out, _ = cli_run("explain", FAILED, env={"COLUMNS": columns, "NO_COLOR": "", "FORCE_COLOR": ""})
    assert rc == 1
    report = _report(FAILED)
    lines = out.split("\n")
    for d in shown(report):
        assert any(ln.endswith(d.explanation) for ln in lines), d.explanation  # Why on one line
        for r in d.remediation:
            assert f"     - {r}" in lines, r
    assert not [ln for ln in lines if ln != ln.rstrip()], "trailing spaces"
    assert "\x1b" not in out


def test_on_a_terminal_only_the_why_wraps_under_its_first_word():
    report = _report(CPU_KV)
    text = render(report, color=False, width=60)
    lines = text.split("\n")
    why = next(i for i, ln in enumerate(lines) if ln.startswith("   Why: "))
    assert len(lines[why]) <= 60 and lines[why + 1].startswith(" " * 8) and lines[why + 1][8] != " "
    cont = []
    for ln in lines[why + 1:]:
        if not ln.startswith(" " * 8):
            break
        assert len(ln) <= 60
        cont.append(ln.strip())
    d = report.diagnoses[0]
    assert " ".join([lines[why][len("   Why: "):], *cont]) == d.explanation
    for r in d.remediation:  # longer than 60, still one line
        assert f"     - {r}" in lines
    assert any(len(ln) > 60 for ln in lines)
    assert not [ln for ln in lines if ln != ln.rstrip()]


def test_coloured_text_has_no_trailing_spaces_either():
    text = render(_report(CPU_KV), color=True, width=None)
    assert "\x1b[" in text
    assert not [ln for ln in SGR.sub("", text).split("\n") if ln != ln.rstrip()]


@pytest.mark.parametrize("flag, env, tty, want", [
    (False, {}, False, False),
    (False, {}, True, True),
    (False, {"TERM": "dumb"}, True, False),
    (False, {"FORCE_COLOR": "1"}, False, True),
    (False, {"FORCE_COLOR": ""}, False, False),
    (False, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),
    (False, {"NO_COLOR": ""}, True, True),
    (True, {"FORCE_COLOR": "1"}, True, False),
])
def test_colour_choice(flag, env, tty, want):
    class Stream:
        def isatty(self):
            return tty

    assert use_color(flag, Stream(), env) is want


def test_force_color_colours_a_pipe(cli_run):
    _, out, _ = cli_run("explain", FAILED, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b[" in out
    _, out, _ = cli_run("explain", FAILED, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b" not in out
    _, out, _ = cli_run("explain", FAILED, "--no-color", env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert "\x1b" not in out
