"""Exit codes and the usage error every command shares (the CLI layer and the library code it calls).

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
