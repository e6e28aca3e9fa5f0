"""The analysis process: frames from the passthrough on stdin, status on the chosen output.

Started by `watch` and `run` as `python -m diagnose.live.worker CONFIG_JSON`. It exits with the
`--fail-on` exit code of the final report. It ignores the terminal's SIGINT / SIGHUP: the
passthrough process decides when to stop, and closing the pipe makes this process summarise and
exit.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys

from diagnose.live.passthrough import DATA, EXIT, TIMEOUT, FrameReader


def make_view(cfg: dict):
    from diagnose.live.views import Out, PlainView, TtyView, View

    if cfg.get("status_file"):
        try:
            fd = os.open(cfg["status_file"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            sys.stderr.write(f"llmdiag: error: --status-file {cfg['status_file']!r}: {exc.strerror}\n")
            return View()
        out = Out(fd, close=True)
    else:
        out = Out(int(cfg.get("status_fd", 2)))
    try:
        tty = os.isatty(out.fd)
    except OSError:
        tty = False
    if cfg.get("quiet"):
        return PlainView(out, quiet=True)
    if tty and not cfg.get("plain") and os.environ.get("TERM", "") != "dumb":
        return TtyView(out, color=cfg.get("color", True), shares_stdout=cfg.get("shares_stdout", False))
    return PlainView(out)


def main(argv: list[str] | None = None) -> int:
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    argv = sys.argv[1:] if argv is None else argv
    cfg = json.loads(argv[0]) if argv else {}
    from diagnose.i18n import set_lang

    set_lang(cfg.get("lang") or "en")  # the front's --lang (or locale), chosen once
    in_fd = 0
    control_fd = 1 if cfg.get("control") else None
    view = make_view(cfg)

    from diagnose.exits import exit_code_for
    from diagnose.live.analysis import TICK_S, LiveAnalysis
    from diagnose.pipeline import load_rules

    try:
        rules, errors = load_rules(cfg.get("rules_dirs") or [], cfg.get("only") or [], cfg.get("skip") or [])
    except Exception as exc:  # noqa: BLE001 - no rules: still drain the pipe so the passthrough is unaffected
        rules, errors = [], [f"rule pack failed to load: {exc}"]
    # Start-up (imports, rules, the summary's renderer) at the priority we were given, then step back:
    # at nice 10 on a busy machine a process gets a few percent of a core, and start-up work left for
    # later (a stop right after `run` began) could hold up the end of `run` for a minute.
    try:
        import diagnose.render.text  # noqa: F401 - the summary's renderer and rich, imported now
        import rich.console  # noqa: F401
        import rich.table  # noqa: F401
    except Exception:  # noqa: BLE001 - the summary reports its own import error later
        pass

    def on_ready() -> None:
        if control_fd is not None:
            os.write(control_fd, b"ready\n")

    def on_probe(result: str) -> None:
        if control_fd is not None:
            os.write(control_fd, f"probe {result}\n".encode())

    events, events_problem = None, None
    if cfg.get("events") or cfg.get("otel"):
        try:
            from diagnose.events import live_events

            events, events_problem = live_events(cfg)
        except Exception as exc:  # noqa: BLE001 - the live view goes on without them
            events_problem = f"warning: the events could not start ({type(exc).__name__}: {exc})"
    live = LiveAnalysis(rules, errors, view, cfg.get("stall") or {}, source=cfg.get("source", "<stdin>"),
                        on_ready=on_ready, node=cfg.get("node"), probe=cfg.get("probe"), on_probe=on_probe,
                        events=events)
    if events_problem:
        live.note(events_problem)
    if hasattr(view, "at_line_start"):
        view.at_line_start = lambda: live.last_byte == b"\n"
    for e in errors:
        live.note(f"warning: {e}")
    exporter = _exporter(cfg, live)
    base = _priority(None)  # the server and the passthrough come first; the analysis uses what is left
    reader = FrameReader()
    broken = False
    while True:
        try:
            ready, _, _ = select.select([in_fd], [], [], TICK_S)
        except InterruptedError:  # pragma: no cover
            continue
        if ready:
            try:
                data = os.read(in_fd, 1 << 20)
            except OSError:
                data = b""
            if not data:
                break
            for kind, payload, gap_b, gap_n in reader.feed(data):
                try:
                    if kind == DATA:
                        live.feed_data(payload, gap_b, gap_n)
                    elif kind == EXIT:
                        code, ours, signame = (payload.decode().split(",") + [""])[:3]
                        live.child_exited(int(code), ours == "1", signame or None)
                    elif kind == TIMEOUT:
                        live.ready_timeout(float(payload))
                except Exception as exc:  # noqa: BLE001 - keep draining: the passthrough must never block
                    if not broken:
                        broken = True
                        live.disable("the live analysis", exc)
                if live.clock() - live.last_tick >= TICK_S:
                    _safe_tick(live, exporter)
        else:
            _safe_tick(live, exporter)
    _priority(base)  # the input has ended: back to the first priority for the summary, where allowed
    report = None
    try:
        report = live.finish()
    except Exception as exc:  # noqa: BLE001
        live.note(f"internal error at the end of input ({type(exc).__name__}: {exc})")
    fail_on = cfg.get("fail_on", "error")
    if report is not None:
        live.to_view("final", report, cfg.get("color", True))
        if exporter is not None:  # the last push, while its warning can still be shown (the file: with the outputs)
            exporter.finish(report)
    live.to_view("close")
    if report is not None and cfg.get("outputs"):
        try:
            from diagnose import outputs

            outputs.write_outputs(outputs.prepare(report, redact=True), [tuple(o) for o in cfg["outputs"]],
                                  color=False, input_paths=[])
        except Exception as exc:  # noqa: BLE001 - the summary on the terminal was already shown
            live.note(f"warning: could not write the reports ({type(exc).__name__}: {exc})")
    code = (0 if fail_on == "never" else 1) if report is None else exit_code_for(report, fail_on)
    if live.events is not None:
        try:
            from diagnose.events import live_end

            for problem in live_end(live.events, live, report, cfg, code):
                sys.stderr.write(f"[llmdiag] {problem}\n")
        except Exception as exc:  # noqa: BLE001
            sys.stderr.write(f"[llmdiag] warning: the end of the events failed ({type(exc).__name__}: {exc})\n")
    return code


def _priority(back_to: int | None) -> int | None:
    """None: lower our priority (nice +10) and return the nice value it had; a value: go back to it,
    best effort (raising the priority again needs a privilege most users lack)."""
    try:
        if back_to is None:
            before = os.getpriority(os.PRIO_PROCESS, 0)
            os.nice(10)
            return before
        os.setpriority(os.PRIO_PROCESS, 0, back_to)
    except (OSError, AttributeError):
        pass
    return None


def _safe_tick(live, exporter=None) -> None:
    try:
        live.tick()
    except Exception as exc:  # noqa: BLE001
        if live.enabled:
            live.disable("the live status", exc)
    if exporter is not None and not exporter.disabled:  # -o prometheus=PATH, --pushgateway: follow the start
        try:
            from diagnose.live.analysis import redacted
            from diagnose.prometheus import live_key

            exporter.maybe_update(live_key(live), lambda: redacted(live.analyzer.report()))
        except Exception as exc:  # noqa: BLE001 - metrics must never stop the analysis
            exporter.disabled = True
            live.note(f"warning: the live metrics are switched off ({type(exc).__name__}: {exc})")


def _exporter(cfg: dict, live):
    """-o prometheus=PATH or --pushgateway: the metrics kept current while the start runs (None otherwise)."""
    if not any(f == "prometheus" for f, _ in (cfg.get("outputs") or [])) and not cfg.get("pushgateway"):
        return None
    if cfg.get("node"):  # --node names the node label, also of the final file written with the other outputs
        os.environ["LLMDIAG_NODE"] = cfg["node"]
    from diagnose.prometheus import live_exporter

    return live_exporter(cfg, live.note)


if __name__ == "__main__":
    try:
        code = main()
    except BrokenPipeError:
        code = 1
    sys.exit(code)
