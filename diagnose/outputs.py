"""Format dispatch for every front door (`explain`, and the end-of-input summary of `watch` / `run`).

    report = outputs.prepare(report, redact=True, history="runs.sqlite")
    print(outputs.render(report, "markdown"))
    outputs.write_outputs(report, [("junit", "llmdiag.xml"), ("json", "report.json")])

`prepare` redacts the Report once (and adds history), so no renderer ever sees a secret.

Inputs of several starts (`explain a.log b.log`, a folder; see diagnose.starts) give one report per
start: `render_starts` / `write_starts` write them all in each format (docs/several-inputs.md).
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Iterable, Sequence

from diagnose.report import Report

FORMATS = ("text", "json", "markdown", "junit", "github", "prometheus")
ALIASES = {"md": "markdown", "xml": "junit", "gha": "github", "prom": "prometheus"}


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
    if fmt == "prometheus":  # docs/prometheus.md
        from diagnose.prometheus import render as r_prom

        return r_prom(report)
    from diagnose.render.text import render as r_text

    return r_text(report, color=color, width=width)


def write_outputs(report: Report, outputs: Iterable[tuple[str, str]], color: bool = False,
                  input_paths: Sequence[str] | None = None, stdout=None, width: int | None = None) -> list[str]:
    """Write each (format, path); '-' goes to `stdout`. Returns the paths written."""
    return _write(lambda fmt, to_stdout: render(report, fmt, color=color and to_stdout, input_paths=input_paths,
                                                width=width if to_stdout else None), outputs, stdout)


def _write(render_one, outputs: Iterable[tuple[str, str]], stdout) -> list[str]:
    written = []
    for fmt, path in outputs:
        text = render_one(fmt, path == "-")
        if path == "-":
            if stdout is None:
                import sys

                stdout = sys.stdout
            stdout.write(text)
            written.append(path)
            continue
        try:
            if fmt == "prometheus":  # the textfile collector must never read half a file
                from diagnose.prometheus import write_atomic

                write_atomic(path, text)
                written.append(path)
                continue
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


# -- several starts -------------------------------------------------------------------------------

MULTI_SCHEMA = "llmdiag.reports/v1"
_WORST = {"ready": 0, "incomplete": 1, "failed": 2}


def worst_outcome(reports: Sequence[Report]) -> str:
    return max((r.outcome for r in reports), key=_WORST.__getitem__, default="ready")


def _label(start) -> str:
    names = list(start.report.inputs) or list(start.inputs)
    return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")


def grouping_note(starts: Sequence) -> str:
    """How the input files were grouped into starts, in one line (text output ends with it)."""
    from diagnose.i18n import tr

    files = sum(len(s.inputs) for s in starts)
    if len(starts) == 1:
        why = f" ({starts[0].why})" if starts[0].why else ""
        return tr("llmdiag: {files} files read as one start{why}; --separate gives a report per file.",
                  files=files, why=why)
    counts = {o: sum(1 for s in starts if s.report.outcome == o) for o in ("failed", "incomplete", "ready")}
    told = ", ".join(tr("{n} {outcome}", n=n, outcome=o) for o, n in counts.items() if n)
    merged = [f"{_label(s)} ({s.why})" for s in starts if len(s.inputs) > 1]
    how = tr("; read together: {merged}", merged="; ".join(merged)) if merged else ""
    return tr("llmdiag: {n} starts in {files} files, each with its own report: {told}; worst {worst}{how}. "
              "--merge reads all files as one start.", n=len(starts), files=files, told=told,
              worst=worst_outcome([s.report for s in starts]).upper(), how=how)


def _multi_json(starts: Sequence) -> str:
    from diagnose.report import dumps

    doc = {"schema": MULTI_SCHEMA, "outcome": worst_outcome([s.report for s in starts]),
           "starts": [{"inputs": list(s.report.inputs), "grouped_by": s.why or None} for s in starts],
           "reports": [s.report.model_dump(by_alias=True) for s in starts]}
    return dumps(doc, 2) + "\n"


def _multi_junit(starts: Sequence) -> str:
    import xml.etree.ElementTree as ET

    from diagnose.render.junit import build, clean

    root = ET.Element("testsuites", {"name": "llmdiag"})
    totals = {"tests": 0, "failures": 0, "errors": 0, "time": 0.0}
    for i, s in enumerate(starts):
        suite = build(s.report).find("testsuite")
        assert suite is not None
        suite.set("id", str(i))
        suite.set("name", clean(f"{suite.get('name')} ({_label(s)})"))
        for k in ("tests", "failures", "errors"):
            totals[k] += int(suite.get(k, "0"))
        totals["time"] += float(suite.get("time", "0"))
        root.append(suite)
    for k in ("tests", "failures", "errors"):
        root.set(k, str(totals[k]))
    root.set("time", f"{totals['time']:.3f}")
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _multi_markdown(starts: Sequence) -> str:
    from diagnose.render.markdown import MAX_BYTES, esc
    from diagnose.render.markdown import render as r_md

    from diagnose.i18n import tr

    worst = worst_outcome([s.report for s in starts])
    head = [tr("# llmdiag: {n} starts, worst outcome {worst}", n=len(starts), worst=worst), "",
            tr("| # | files | outcome | read together because |"), "|---|---|---|---|"]
    head += [f"| {i + 1} | {esc(_label(s))} | {s.report.outcome} | {esc(s.why) or '-'} |" for i, s in enumerate(starts)]
    budget = max(4096, (MAX_BYTES - 8192) // len(starts))
    parts = ["\n".join(head)]
    parts += ["---\n\n" + tr("*Start {i} of {n}: {label}*", i=i + 1, n=len(starts), label=esc(_label(s)))
              + "\n\n" + r_md(s.report, max_bytes=budget)
              for i, s in enumerate(starts)]
    return "\n\n".join(parts)


def _printable(paths: Sequence[str]) -> list[str]:
    """Paths an annotation may name: one that is not UTF-8 would make the output invalid UTF-8."""
    from diagnose.lines import display_name

    return [display_name(p) for p in paths]


def render_starts(starts: Sequence, fmt: str, color: bool = False, width: int | None = None) -> str:
    """Every start's report in one format (one start: exactly `render` of its report; text ends
    with the grouping note when several files were read)."""
    fmt = normalize_format(fmt)
    if len(starts) == 1:
        s = starts[0]
        out = render(s.report, fmt, color=color, input_paths=_printable(s.paths), width=width)
        if fmt == "text" and len(s.inputs) > 1:
            out += grouping_note(starts) + "\n"
        return out
    if fmt == "json":
        return _multi_json(starts)
    if fmt == "junit":
        return _multi_junit(starts)
    if fmt == "markdown":
        return _multi_markdown(starts)
    if fmt == "github":
        return "".join(render(s.report, fmt, input_paths=_printable(s.paths)) for s in starts)
    if fmt == "prometheus":
        from diagnose.prometheus import render_many

        return render_many([s.report for s in starts])
    from diagnose.i18n import tr

    out = []
    for i, s in enumerate(starts):
        out.append(tr("=== start {i} of {n}: {label}", i=i + 1, n=len(starts), label=_label(s))
                   + (tr(" (read together: {why})", why=s.why) if s.why else "") + " ===\n")
        out.append(render(s.report, "text", color=color, width=width) + "\n")
    out.append(grouping_note(starts) + "\n")
    return "".join(out)


def write_starts(starts: Sequence, outputs: Iterable[tuple[str, str]], color: bool = False, stdout=None,
                 width: int | None = None) -> list[str]:
    """`write_outputs` of several starts (see render_starts)."""
    return _write(lambda fmt, to_stdout: render_starts(starts, fmt, color=color and to_stdout,
                                                       width=width if to_stdout else None), outputs, stdout)


def github_step_summary_starts(starts: Sequence, env: dict | None = None) -> str | None:
    """`github_step_summary` of several starts: their Markdown (see render_starts)."""
    if len(starts) == 1:
        return github_step_summary(starts[0].report, env)
    from diagnose.render.github import append_step_summary

    try:
        return append_step_summary(_multi_markdown(starts), env)
    except OSError as exc:
        raise OutputError(f"cannot append to GITHUB_STEP_SUMMARY: {exc.strerror or exc}") from None
