"""action.yml (the GitHub Action) and .pre-commit-hooks.yaml cannot rot: they are valid YAML, and
every llmdiag command and option they use exists (checked against the command's own --help)."""

from __future__ import annotations

import re
import shlex

import click
import pytest
import yaml

from tests.conftest import ROOT, run_cli

ACTION = ROOT / "action.yml"
HOOKS = ROOT / ".pre-commit-hooks.yaml"


def llmdiag_calls(script: str) -> list[list[str]]:
    """The argument lists of every `llmdiag ...` command in a shell script (continued lines joined)."""
    calls = []
    for line in script.replace("\\\n", " ").splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        if "llmdiag" in words:
            calls.append(words[words.index("llmdiag") + 1:])
    return calls


def command_of(args: list[str]) -> tuple[list[str], click.Command]:
    """(the command path after `llmdiag`, its click command) for an argument list."""
    from diagnose.cli import cli

    path, cmd = [], cli
    ctx = click.Context(cli)
    while isinstance(cmd, click.Group) and args and not args[0].startswith("-"):
        sub = cmd.get_command(ctx, args[0])
        assert sub is not None, f"llmdiag {' '.join(path + args[:1])}: no such command"
        path.append(args.pop(0))
        cmd = sub
    return path, cmd


def options_of(args: list[str]) -> list[str]:
    out = []
    for word in args:
        if word == "--":
            break
        if word.startswith("-"):
            out.append(word.split("=", 1)[0])
    return out


def check_call(args: list[str]) -> None:
    from diagnose.cli import FORMAT_CHOICES

    args = list(args)
    path, cmd = command_of(args)
    assert not isinstance(cmd, click.Group), f"llmdiag {' '.join(path)} needs a command"
    code, helptext, _ = run_cli([*path, "--help"])
    assert code == 0
    for opt in options_of(args):
        assert re.search(rf"(^|[\s,]){re.escape(opt)}([\s,/=]|$)", helptext, re.M), f"llmdiag {' '.join(path)} {opt}"
    for i, word in enumerate(args[:-1]):
        if word in ("-o", "--output"):
            fmt = args[i + 1].split("=", 1)[0]
            assert fmt in FORMAT_CHOICES, f"-o {fmt}"


@pytest.fixture(scope="module")
def action():
    data = yaml.safe_load(ACTION.read_text())
    assert isinstance(data, dict)
    return data


def test_action_is_a_composite_action_with_the_steps_it_promises(action):
    assert action["runs"]["using"] == "composite"
    uses = [s["uses"].split("@")[0] for s in action["runs"]["steps"] if "uses" in s]
    assert uses == ["actions/setup-python", "actions/upload-artifact"]
    scripts = [s["run"] for s in action["runs"]["steps"] if "run" in s]
    assert all(s["shell"] == "bash" for s in action["runs"]["steps"] if "run" in s)  # composite steps need one
    assert any('pip install' in s and "$ACTION_PATH" in s for s in scripts)  # llmdiag from the action's own path
    assert {"command", "log", "fail-on", "rules"} <= set(action["inputs"])
    assert {"outcome", "exit-code"} <= set(action["outputs"])


def test_every_llmdiag_command_and_option_the_action_uses_exists(action):
    calls = [c for s in action["runs"]["steps"] if "run" in s for c in llmdiag_calls(s["run"])]
    assert {tuple(c[:1]) for c in calls} == {("run",), ("explain",)}
    for call in calls:
        check_call(call)


def test_the_actions_inputs_outputs_and_fail_on_values_fit_together(action):
    text = ACTION.read_text()
    used_inputs = set(re.findall(r"inputs\.([\w-]+)", text))
    assert used_inputs <= set(action["inputs"]), used_inputs - set(action["inputs"])
    explain = next(s for s in action["runs"]["steps"] if s.get("id") == "explain")
    written = set(re.findall(r'(?:echo "|print\("|")([\w-]+)=', explain["run"]))
    for name, out in action["outputs"].items():
        step, key = re.fullmatch(r"\$\{\{ steps\.(\w+)\.outputs\.([\w-]+) \}\}", out["value"]).groups()
        assert step == "explain" and key in written, name
    from diagnose.cli import explain as explain_cmd

    choices = next(p for p in explain_cmd.params if p.name == "fail_on").type.choices
    assert set(re.findall(r"\b(error|warning|never)\b", action["inputs"]["fail-on"]["description"])) == set(choices)
    assert action["inputs"]["fail-on"]["default"] in choices


def test_pre_commit_hooks_run_existing_commands_with_existing_options():
    hooks = yaml.safe_load(HOOKS.read_text())
    assert [h["id"] for h in hooks] == ["llmdiag-rules-lint", "llmdiag-rules-test"]
    for hook in hooks:
        assert {"id", "name", "entry", "language"} <= set(hook) and hook["language"] == "python"
        assert hook["pass_filenames"] is False  # rules lint / test take --rules DIR, not file names
        words = shlex.split(hook["entry"])
        assert words[0] == "llmdiag"
        check_call(words[1:] + list(hook.get("args", [])))
        assert re.search(hook["files"], "rules/memory/x.yaml") and not re.search(hook["files"], "README.md")


@pytest.mark.parametrize("mode", ["log", "command"])
def test_the_actions_script_explains_a_saved_log_or_a_command(action, tmp_path, mode):
    """The step's own bash script, run as a runner runs it (bash -eo pipefail), with llmdiag on PATH."""
    import os
    import subprocess
    import sys

    step = next(s for s in action["runs"]["steps"] if s.get("id") == "explain")
    failed = ROOT / "sample_logs" / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"
    ready = ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log"
    given = {"LLMDIAG_LOG": str(failed), "LLMDIAG_COMMAND": ""} if mode == "log" else \
        {"LLMDIAG_LOG": "", "LLMDIAG_COMMAND": f"cat {shlex.quote(str(ready))}"}
    outputs, summary = tmp_path / "github_output", tmp_path / "summary"
    env = {**os.environ, **given, "LLMDIAG_READY_TIMEOUT": "60", "LLMDIAG_FAIL_ON": "error",
           "LLMDIAG_EXTRA_RULES": "", "OUT": str(tmp_path / "out"), "GITHUB_OUTPUT": str(outputs),
           "GITHUB_STEP_SUMMARY": str(summary), "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], env=env,
                       capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    got = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    assert {p.name for p in (tmp_path / "out").iterdir()} >= {"report.json", "summary.md", "junit.xml"}, \
        (got, p.stdout[-2000:], p.stderr[-2000:])  # (what the step printed, should it ever fail here)
    assert summary.read_text().strip()  # the job summary
    if mode == "log":
        assert (got["outcome"], got["exit-code"]) == ("failed", "1")
        assert "::error " in p.stdout  # annotations
    else:
        assert (got["outcome"], got["exit-code"], got["server-exit-code"]) == ("ready", "0", "0")
        assert (tmp_path / "out" / "server.log").read_bytes() == ready.read_bytes()
