"""Click options and up-front checks that several command modules share (the `llmdiag` group in
cli.py, and the lazily loaded live/commands.py and probe/commands.py). They live here because the
command layer's own module is imported only by the entry point (tests/test_cli.py)."""

from __future__ import annotations

import click

from diagnose.exits import UsageProblem


def _set_lang(ctx, param, value):
    from diagnose import i18n

    i18n.set_lang(i18n.resolve(value))
    return value


lang_option = click.option(
    "--lang", type=click.Choice(["en", "zh"]), default=None, expose_value=False, is_eager=True, callback=_set_lang,
    help="Language of titles, explanations, advice and labels: en or zh (Chinese). Default: zh when LC_ALL, "
         "else LC_MESSAGES, else LANG starts with zh; else en. JSON keeps its English fields and adds "
         "each diagnosis's `i18n` text under zh.")


def telemetry_check(events_target: str | None, otel: bool, allow_stdout: bool = False):
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
