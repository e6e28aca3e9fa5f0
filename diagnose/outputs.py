"""Format dispatch for every front door (`explain`, and the end-of-input summary of `watch` / `run`).

    report = outputs.prepare(report, redact=True, history="runs.sqlite")
    print(outputs.render(report, "markdown"))
    outputs.write_outputs(report, [("junit", "llmdiag.xml"), ("json", "report.json")])

`prepare` redacts the Report once (and adds history), so no renderer ever sees a secret.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Iterable, Sequence

from diagnose.reportdata import Report

FORMATS = ("text", "json", "markdown", "junit", "github")
ALIASES = {"md": "markdown", "xml": "junit", "gha": "github"}


class OutputError(Exception):
    """A bad --output spec or a path that cannot be written (usage error, exit 2)."""


def normalize_format(fmt: str) -> str:
    f = ALIASES.get(fmt.strip().lower(), fmt.strip().lower())
    if f not in FORMATS:
        raise OutputError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    return f


def parse_output_spec(spec: str) -> tuple[str, str]:
    """'junit=reports/llmdiag.xml' -> ('junit', 'reports/llmdiag.xml'); PATH '-' is stdout."""
    fmt, sep, path = spec.partition("=")
    if not sep or not path:
        raise OutputError(f"--output wants FORMAT=PATH (e.g. junit=llmdiag.xml), got {spec!r}")
    return normalize_format(fmt), path


def prepare(report: Report, redact: bool = True, history: str | None = None,
            now: datetime | None = None) -> Report:
    """History first (it keys on the model name and fingerprints, which redaction keeps), then redaction."""
    if history:
        from diagnose.history import HistoryError, annotate

        try:
            report = annotate(report, history, now=now)
        except HistoryError as exc:
            raise OutputError(str(exc)) from None
    if redact:
        from diagnose.redact import redact_report

        report = redact_report(report)
    return report


def render(report: Report, fmt: str, color: bool = False, input_paths: Sequence[str] | None = None,
           width: int | None = None) -> str:
    """`width`: a terminal's columns, for the text format's prose; None never wraps a line."""
    fmt = normalize_format(fmt)
    if fmt == "json":
        from diagnose.render.json import render as r_json

        return r_json(report)
    if fmt == "markdown":
        from diagnose.render.markdown import render as r_md

        return r_md(report)
    if fmt == "junit":
        from diagnose.render.junit import render as r_junit

        return r_junit(report)
    if fmt == "github":
        from diagnose.render.github import render as r_gh

        return r_gh(report, input_paths=input_paths)
    from diagnose.render.text import render as r_text

    return r_text(report, color=color, width=width)


def write_outputs(report: Report, outputs: Iterable[tuple[str, str]], color: bool = False,
                  input_paths: Sequence[str] | None = None, stdout=None, width: int | None = None) -> list[str]:
    """Write each (format, path); '-' goes to `stdout`. Returns the paths written."""
    written = []
    for fmt, path in outputs:
        to_out = path == "-"
        text = render(report, fmt, color=color and to_out, input_paths=input_paths, width=width if to_out else None)
        if path == "-":
            if stdout is None:
                import sys

                stdout = sys.stdout
            stdout.write(text)
            written.append(path)
            continue
        try:
            parent = os.path.dirname(path)
            if parent:
                os.makedirs(parent, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        except OSError as exc:
            raise OutputError(f"cannot write {fmt} output to {path}: {exc.strerror or exc}") from None
        written.append(path)
    return written


def github_step_summary(report: Report, env: dict | None = None) -> str | None:
    """With the github format: append the Markdown summary to $GITHUB_STEP_SUMMARY when it is set."""
    from diagnose.render.github import append_step_summary
    from diagnose.render.markdown import render as r_md

    try:
        return append_step_summary(r_md(report), env)
    except OSError as exc:
        raise OutputError(f"cannot append to GITHUB_STEP_SUMMARY: {exc.strerror or exc}") from None
