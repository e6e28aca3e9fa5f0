"""`llmdiag preflight [OPTIONS] -- ENGINE COMMAND...`: the CLI layer only parses options and calls the library.

Exit codes: 0 every check ok (or only warnings, unless --fail-on warning), 1 a check predicts a
failure, 2 bad usage or a model that is not on this machine (one line on stderr).
"""

from __future__ import annotations

import os
import sys

import click

from diagnose.exits import EXIT_FAILED, EXIT_OK
from diagnose.exits import UsageProblem as _Usage

GIB = 1024 ** 3


def exit_code_for(outcome: str, fail_on: str) -> int:
    if fail_on == "never":
        return EXIT_OK
    if outcome == "error" or (fail_on == "warning" and outcome == "warning"):
        return EXIT_FAILED
    return EXIT_OK


def _use_color(no_color: bool) -> bool:
    from diagnose.render.term import use_color

    return use_color(no_color, sys.stdout)


@click.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option("--gpu-mem", type=float, help="Memory of one GPU in GiB (default: nvidia-smi when present).")
@click.option("--gpus", type=int, help="GPUs on this node (default: nvidia-smi; CUDA_VISIBLE_DEVICES narrows it).")
@click.option("--gpu-name", help="GPU type for the dtype check, e.g. A100, V100, H100 (default: nvidia-smi).")
@click.option("--host-ram", type=float, help="Available host RAM in GiB (default: /proc/meminfo).")
@click.option("--engine-version", help="vLLM / SGLang version that will run (for version-bound checks).")
@click.option("--image", help="Container image that will run (pinned-tag check; its tag gives the version).")
@click.option("--cpu", is_flag=True, help="vLLM's CPU backend: memory is host RAM, KV from VLLM_CPU_KVCACHE_SPACE.")
@click.option("--expect-metrics", is_flag=True, envvar="LLMDIAG_EXPECT_METRICS",
              help="A platform scrapes /metrics (Prometheus): warn when the command does not serve it "
                   "(SGLang without --enable-metrics). Also LLMDIAG_EXPECT_METRICS=1.")
@click.option("--no-probe", is_flag=True, help="Do not look at this machine (nvidia-smi, /dev/shm, RAM, TMPDIR).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True)
@click.option("--fail-on", type=click.Choice(["error", "warning", "never"]), default="error", show_default=True,
              help="When to exit 1: error = a check predicts a failure; warning = also on warnings; never.")
@click.option("--no-color", is_flag=True, help="Plain text without colour (also NO_COLOR=1).")
def preflight(command, gpu_mem, gpus, gpu_name, host_ram, engine_version, image, cpu, expect_metrics, no_probe, fmt,
              fail_on, no_color):
    """Predict start-up failures from the model folder and the command line, before starting.

    \b
    llmdiag preflight --gpu-mem 80 --gpus 2 -- vllm serve /models/llama -tp 2 --max-model-len 131072
    llmdiag preflight -- python -m sglang.launch_server --model-path /models/qwen --tp 4
    """
    from diagnose.preflight import host as host_mod
    from diagnose.preflight.cmdline import CommandError, parse_command
    from diagnose.preflight.core import ModelNotLocal, Options, run_preflight
    from diagnose.preflight.render import render_json, render_markdown, render_text

    try:
        spec = parse_command(list(command))
    except CommandError as exc:
        raise _Usage(str(exc)) from None
    env = {} if spec.image else dict(os.environ)  # a container does not inherit this shell's environment
    info = host_mod.HostInfo() if no_probe else host_mod.probe_host(dict(os.environ))
    if gpu_mem is not None:
        info.gpu_mem_bytes, info.gpu_source = int(gpu_mem * GIB), "--gpu-mem"
    if gpus is not None:
        info.gpu_count, info.gpu_count_source = gpus, "--gpus"
    if gpu_name:
        info.gpu_name = gpu_name
    if host_ram is not None:
        info.ram_available_bytes = int(host_ram * GIB)
    try:
        report = run_preflight(spec, info, env, Options(engine_version=engine_version, image=image, cpu=cpu,
                                                       expect_metrics=expect_metrics))
    except ModelNotLocal as exc:
        raise _Usage(str(exc)) from None
    if fmt == "json":
        click.echo(render_json(report), nl=False)
    elif fmt == "markdown":
        click.echo(render_markdown(report), nl=False)
    else:
        click.echo(render_text(report, color=_use_color(no_color)), nl=False, color=True)
    sys.exit(exit_code_for(report.outcome, fail_on))
