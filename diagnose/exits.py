"""Exit codes, the usage error every command shares (the CLI layer and the library code it calls)
and the usage checks of --events, --otel and --pushgateway.

0 the server came up (or nothing to fail on), 1 the start failed or is incomplete (see --fail-on),
2 bad usage or unreadable input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import click

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class UsageProblem(click.ClickException):
    exit_code = EXIT_USAGE


def exit_code_for(report, fail_on: str) -> int:
    """The exit code of a report under --fail-on error|warning|never."""
    if fail_on == "never":
        return EXIT_OK
    if report.outcome != "ready":
        return EXIT_FAILED
    if fail_on == "warning" and any(d.severity in ("error", "warning") for d in report.diagnoses):
        return EXIT_FAILED
    if any(d.severity == "error" for d in report.diagnoses):
        return EXIT_FAILED
    return EXIT_OK


def check_telemetry(events_target: str | None, otel: bool, allow_stdout: bool = False):
    """--events and --otel are checked before any work: a bad target or a missing extra is one line, exit 2."""
    if events_target is None and not otel:
        return None
    if events_target is not None:
        from diagnose.events import EventsError, EventWriter

        try:
            EventWriter.open(events_target, allow_stdout, redact=False).close()  # a path that cannot be written: now
        except EventsError as exc:
            raise UsageProblem(str(exc)) from None
    if otel:
        from diagnose.otel import OtelMissing, require

        try:
            require()
        except OtelMissing as exc:
            raise UsageProblem(str(exc)) from None
    return True


def check_pushgateway(url: str) -> None:
    """A --pushgateway URL that cannot be pushed to is a usage error before any work."""
    from diagnose.prometheus import PushError, check_url

    try:
        check_url(url)
    except PushError as exc:
        raise UsageProblem(str(exc)) from None
