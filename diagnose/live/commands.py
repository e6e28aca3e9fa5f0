"""Click commands `watch`, `run` and `replay`; `register(cli)` adds them to the llmdiag group."""

from __future__ import annotations

import os
import sys

import click

_PHASE_HELP = "start, config, init, nccl, weights, kv_cache, compile, server or default"


def _live_options(f):
    opts = [
        click.option("--stall", "stall", multiple=True, metavar="PHASE=SECONDS",
                     help=f"Seconds without progress before a phase is reported as stalled (repeatable; PHASE: {_PHASE_HELP})."),
        click.option("-q", "--quiet", is_flag=True, help="Only diagnoses and stalls (no phase lines, no live status)."),
        click.option("--status-file", type=click.Path(dir_okay=False), default=None,
                     help="Append the live lines to this file instead of stderr."),
        click.option("--status-fd", type=int, default=None, help="Write the live status to this open file descriptor instead of stderr."),
        click.option("--plain", is_flag=True, help="Plain [llmdiag] lines even on a terminal."),
        click.option("--no-color", is_flag=True, help="No colour (also NO_COLOR=1)."),
        click.option("--rules", "rules_dirs", multiple=True, type=click.Path(), help="Extra rule pack folder (repeatable)."),
        click.option("--only", multiple=True, help="Use only these rule ids or categories (repeatable)."),
        click.option("--skip", multiple=True, help="Skip these rule ids or categories (repeatable)."),
        click.option("--output", "-o", "output_specs", multiple=True, metavar="FORMAT=PATH",
                     help="At end of input also write the report as FORMAT (json, markdown, junit, github, text, prometheus) "
                          "to PATH (repeatable; a file: stdout carries the server's log; github: workflow-command "
                          "annotations; prometheus: also rewritten while the start runs, docs/prometheus.md)."),
        click.option("--pushgateway", default=None, metavar="URL",
                     help="Push the metrics to this Prometheus Pushgateway while the start runs and at its end "
                          "(docs/prometheus.md); a failed push is a warning on the status output."),
        click.option("--events", "events", default=None, metavar="PATH|fd:N",
                     help="Write NDJSON events (phase started / ended, stall, diagnosis, ready, probe, end; "
                          "llmdiag.event/v1, docs/events.md) to PATH (appended) or an open fd, flushed per event."),
        click.option("--otel", is_flag=True,
                     help="At end of input export the start as an OpenTelemetry trace over OTLP (OTEL_* "
                          "variables; pip install 'llmdiag[otel]')."),
    ]
    from diagnose.options import lang_option

    opts.append(lang_option)
    for opt in reversed(opts):
        f = opt(f)
    return f


def _lang(f):
    from diagnose.options import lang_option

    return lang_option(f)


_probe_timeout = click.option(
    "--probe-timeout", type=float, default=30.0, show_default=True, metavar="SECONDS",
    help="With --probe: limit of the whole probe (each step at most 10 s); a probe still running then is stuck.")


def _probe_cfg(url: str | None, timeout: float) -> dict:
    """The analysis's probe settings; a bad URL or timeout is a usage error now, not after the start."""
    from diagnose.exits import UsageProblem
    from diagnose.probe import ProbeError, parse_url

    if timeout <= 0:
        raise UsageProblem("--probe-timeout must be positive")
    if url:
        try:
            parse_url(url)
        except ProbeError as exc:
            raise UsageProblem(str(exc)) from None
    return {"url": url or None, "timeout": timeout}


def _config(stall, quiet, status_file, status_fd, plain, no_color, rules_dirs, only, skip, output_specs=(),
            events=None, otel=False, pushgateway=None, **extra) -> dict:
    from diagnose import outputs
    from diagnose.exits import UsageProblem
    from diagnose.live.stall import parse_overrides

    try:
        targets = [outputs.parse_output_spec(spec) for spec in output_specs]
    except outputs.OutputError as exc:
        raise UsageProblem(str(exc)) from None
    if any(path == "-" for _, path in targets):
        raise UsageProblem("--output PATH must be a file here: stdout carries the server's log")
    if pushgateway:
        from diagnose.options import check_pushgateway

        check_pushgateway(pushgateway)

    try:
        overrides = parse_overrides(stall)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    if status_fd is not None:
        if status_fd in (0, 1):
            raise UsageProblem("--status-fd must not be 0 or 1 (stdout carries the server's log)")
        try:
            os.fstat(status_fd)
        except OSError:
            raise UsageProblem(f"--status-fd {status_fd}: not an open file descriptor") from None
    if status_file and status_fd is not None:
        raise UsageProblem("use --status-file or --status-fd, not both")
    from diagnose.options import telemetry_check

    telemetry_check(events, otel)
    telemetry = {"events": events, "otel": otel} if events or otel else {}
    env_rules = [d for d in os.environ.get("LLMDIAG_RULES", "").split(":") if d]
    return {
        "stall": overrides, "quiet": quiet, "status_file": status_file,
        "status_fd": 2 if status_fd is None else status_fd, "plain": plain,
        "color": not (no_color or os.environ.get("NO_COLOR")),
        "rules_dirs": [*rules_dirs, *env_rules], "only": list(only), "skip": list(skip),
        "outputs": [list(t) for t in targets], "pushgateway": pushgateway or None, **telemetry, **extra,
    }


@click.command()
@_live_options
@click.option("--fail-on", type=click.Choice(["error", "warning", "never"]), default="error", show_default=True,
              help="When to exit 1 at end of input: error = start failed or incomplete; warning = also on warnings; never.")
@click.option("--node", default=None, metavar="NAME", help="Tag this stream's lines with a node name.")
@click.option("--merge", is_flag=True,
              help="Follow the growing FILES (one per node: tee output, kubectl logs -f, FIFOs) instead of stdin "
                   "and show one view with a row per node.")
@click.option("--exit-when-done", is_flag=True,
              help="With --merge: stop once the start is up or failed and the files are quiet for 2 s.")
@click.option("--probe", "probe_url", is_flag=False, flag_value="", default=None, metavar="[URL]",
              help="Once the log says ready, probe the server once (as `llmdiag probe URL`); --probe alone: "
                   "the URL the log names. A server that does not serve is an error (docs/probe.md).")
@_probe_timeout
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
def watch(fail_on, node, merge, exit_when_done, probe_url, probe_timeout, files, **opts):
    """Pass stdin to stdout unchanged and show a live startup diagnosis on stderr.

    \b
    vllm serve MODEL 2>&1 | llmdiag watch
    python -m sglang.launch_server ... 2>&1 | llmdiag watch --node node-0 --status-file /tmp/llmdiag.status
    llmdiag watch --merge node0.log node1.log     # logs written by `tee` on each node
    """
    from diagnose.exits import UsageProblem

    if files and not merge:
        raise UsageProblem("FILES are followed only with --merge (watch reads stdin otherwise)")
    probe = _probe_cfg(probe_url, probe_timeout) if probe_url is not None else None
    if merge:
        if probe is not None:
            raise UsageProblem("--probe is not available with --merge")
        if not files:
            raise UsageProblem("--merge needs the files to follow")
        from diagnose.live.merge import merge_watch

        if opts.get("events") or opts.get("otel"):
            raise UsageProblem("--events and --otel are not available with --merge (run a watch per node)")
        cfg = _config(**opts, fail_on=fail_on, source="<merge>", exit_when_done=exit_when_done)
        sys.exit(merge_watch(list(files), cfg))
    from diagnose.live.front import watch as do_watch

    cfg = _config(**opts, fail_on=fail_on, source=node or "<stdin>", node=node, probe=probe, mode="watch")
    sys.exit(do_watch(cfg))


@click.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@_live_options
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None,
              help="Save the raw output here as it arrives (nothing is lost if llmdiag is killed).")
@click.option("--ready-timeout", type=float, default=None, metavar="SECONDS",
              help="If the server is not up in time: report where it is stuck, stop it, exit 124.")
@click.option("--kill-after", type=float, default=10.0, show_default=True, metavar="SECONDS",
              help="After stopping the server with SIGTERM, SIGKILL it if still running this much later.")
@click.option("--probe", "probe", is_flag=True,
              help="Once the log says ready, probe the server once (as `llmdiag probe`) at the URL the log names; "
                   "exit 125 if it does not serve (docs/probe.md).")
@click.option("--probe-url", default=None, metavar="URL", help="With --probe: probe this URL instead (implies --probe).")
@_probe_timeout
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(command, log_path, ready_timeout, kill_after, probe, probe_url, probe_timeout, **opts):
    """Start a server (after --), pass its merged output through, and diagnose it live.

    \b
    llmdiag run --log vllm.log -- vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2
    Exit status: the server's (128+N when killed by signal N); 124 after --ready-timeout; 125 with --probe
    when the server came up but does not serve (the server is not stopped for it).
    """
    from diagnose.exits import UsageProblem
    from diagnose.live.front import run as do_run

    if ready_timeout is not None and ready_timeout <= 0:
        raise UsageProblem("--ready-timeout must be positive")
    probe_cfg = _probe_cfg(probe_url, probe_timeout) if probe or probe_url else None
    cfg = _config(**opts, fail_on="never", source=os.path.basename(command[0]), probe=probe_cfg, mode="run",
                  **({"command": list(command)} if opts.get("events") or opts.get("otel") else {}))
    try:
        rc = do_run(list(command), cfg, log_path, ready_timeout, kill_after)
    except (ValueError, FileNotFoundError) as exc:
        click.echo(f"llmdiag: error: {exc}", err=True)
        rc = 127 if isinstance(exc, FileNotFoundError) else 2
    sys.exit(rc)


@click.command()
@click.argument("input_file", metavar="FILE")
@click.option("--speed", type=float, default=1.0, show_default=True, help="Play N times faster.")
@click.option("--max-gap", type=float, default=None, metavar="SECONDS", help="Shorten longer pauses to this.")
@_lang
def replay(input_file, speed, max_gap):
    """Write a saved log to stdout with its original timing: llmdiag replay crash.log | llmdiag watch"""
    from diagnose.exits import UsageProblem
    from diagnose.lines import InputError
    from diagnose.live.replay import replay as do_replay

    if speed <= 0:
        raise UsageProblem("--speed must be positive")
    try:
        rc = do_replay(input_file, speed, max_gap)
    except InputError as exc:
        raise UsageProblem(str(exc)) from None
    sys.exit(rc)
