"""GitHub Actions workflow commands: one annotation per diagnosis (at most 10, the most important
first), and a problem matcher generated from the rule pack.

Escaping follows @actions/core (toCommandValue / escapeData / escapeProperty): in the message,
`%` -> %25, `\\r` -> %0D, `\\n` -> %0A; in property values also `:` -> %3A and `,` -> %2C.
"""

from __future__ import annotations

import json
import os
import re

from diagnose.render.causes import folded, reported_by
from diagnose.render.safe import visible_report
from diagnose.report import ROLE_RANK as _ROLE
from diagnose.report import SEVERITY_RANK as _SEV
from diagnose.report import Diagnosis, Report, stopped_serving

MAX_ANNOTATIONS = 10  # GitHub shows at most 10 error and 10 warning annotations per step
_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **props: object) -> str:
    """`::level key=value,key=value::message` (properties with value None are left out)."""
    parts = [f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None]
    return f"::{level}{' ' + ','.join(parts) if parts else ''}::{escape_data(message)}"


def _message(d: Diagnosis, wrappers: list = ()) -> str:
    from diagnose.i18n import tr

    lines = [d.explanation]
    if d.remediation:
        lines += ["", tr("What to do:")] + [f"  {r}" for r in d.remediation]
    if d.evidence:
        ev = d.evidence[0]
        lines += ["", tr("Log line {n}: {text}", n=ev.line, text=ev.text[:500])]
    if wrappers:
        lines += ["", reported_by(wrappers, "Reported by")]
    lines += ["", tr("({category}, rule {rule}, fingerprint {fingerprint})", category=d.category, rule=d.rule,
                     fingerprint=d.fingerprint)]
    return "\n".join(lines)


def _annotation_file(report: Report, d: Diagnosis, input_paths) -> tuple[str | None, int | None]:
    """A workspace-relative file and line make the annotation point into the log, when we have one."""
    if not d.evidence:
        return None, None
    ev = d.evidence[0]
    paths = [p for p in (input_paths or []) if p and p != "-"]
    path = None
    if len(paths) == 1 and (len(report.inputs) <= 1 or not ev.source):
        path = paths[0]
    elif ev.source:
        path = next((p for p in paths if os.path.basename(p) == os.path.basename(ev.source)), None)
    if not path:
        return None, None
    if os.path.isabs(path):
        ws = os.environ.get("GITHUB_WORKSPACE")
        if not ws or not path.startswith(ws.rstrip("/") + "/"):
            return None, None
        path = os.path.relpath(path, ws)
    return path, ev.line


def ordered(report: Report) -> list[tuple[Diagnosis, list]]:
    """(diagnosis, its folded wrappers), most important first: severity, then cause before symptom
    before wrapper, then report order. One annotation per cause; wrappers only when no cause was found."""
    pairs = folded(report)
    return [p for _, p in sorted(enumerate(pairs), key=lambda ip: (_SEV[ip[1][0].severity], _ROLE[ip[1][0].role], ip[0]))]


def render(report: Report, max_annotations: int = MAX_ANNOTATIONS, input_paths=None) -> str:
    """Annotations; `input_paths` (as given on the command line) let them point at the log file."""
    from diagnose.i18n import tr

    report = visible_report(report)
    out = []
    for i, (d, wrappers) in enumerate(ordered(report)[:max_annotations]):
        level = _LEVEL[d.severity]
        if i == 0 and (report.outcome != "ready" or stopped_serving(report)):
            level = "error"  # the start failed or stalled, or the server died: its top diagnosis failed the step
        file, line = _annotation_file(report, d, input_paths)
        title = f"llmdiag: {d.title}"
        out.append(command(level, _message(d, wrappers), file=file, line=line, title=title))
    if not out and report.outcome != "ready":
        out.append(command("error", tr("Start {outcome} in phase {phase}; no rule explains it",
                                       outcome=report.outcome, phase=report.last_phase or "unknown"), title="llmdiag"))
    if report.outcome == "ready" and not any(d.severity == "error" for d in report.diagnoses):
        out.append(command("notice", tr("{engine} server came up; {n} finding(s)", engine=report.engine,
                                        n=len(report.diagnoses)), title=tr("llmdiag: ready")))
    return "\n".join(out) + "\n"


def append_step_summary(markdown: str, env: dict | None = None) -> str | None:
    """Append to $GITHUB_STEP_SUMMARY when set; returns the path written, or None."""
    path = (env if env is not None else os.environ).get("GITHUB_STEP_SUMMARY")
    if not path:
        return None
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(markdown if markdown.endswith("\n") else markdown + "\n")
    return path


# -- problem matcher ------------------------------------------------------------------------------

def _dotnet_regex(pattern: str) -> str:
    """The runner evaluates matchers with .NET regular expressions: (?P<x>) -> (?<x>), (?P=x) -> \\k<x>."""
    pattern = re.sub(r"\(\?P<", "(?<", pattern)
    return re.sub(r"\(\?P=(\w+)\)", r"\\k<\1>", pattern)


def _literal(text: str) -> str:
    return re.sub(r"([.^$*+?()\[\]{}|\\/])", r"\\\1", text)


# an anchor inside an alternation (`a|^b`) cannot survive the `^(.*(?:...).*)$` wrapping: skipped too
_UNPORTABLE = re.compile(r"\|\^|\\[XNLl]|\\p\{[^}]*=|\(\?\||\(\?\(|\[\[:|\(\?[imsx]*[aLuV]|\(\?&|\(\?R|\(\?P>|[*+?}]\+")


def _leaves(cond) -> list[tuple[str, bool]] | None:
    """Patterns of which any single one makes the rule fire, or None if the rule needs several lines."""
    if cond.contains is not None:
        return [(_literal(cond.contains), cond.ignore_case)]
    if cond.regex is not None:
        return [(cond.regex, cond.ignore_case)]
    if cond.any is not None:
        out = []
        for c in cond.any:
            sub = _leaves(c)
            if sub is None:
                return None
            out += sub
        return out
    return None


def problem_matcher(rules) -> dict:
    """A GitHub problem matcher (one owner per rule) for the single-line rules of the pack.

    Rules that need several lines (`all:`), regex syntax .NET does not share, or a `when` that reads
    the line's captures (`code in (-9, 137)`: the regex alone would annotate every line of its shape)
    are left out; their ids are listed under `x-llmdiag-skipped` (the runner ignores unknown keys)."""
    from diagnose.expr import names_in
    from diagnose.rulepack import capture_names

    matchers, skipped = [], []
    for rule in sorted(rules, key=lambda r: r.id):
        if rule.severity == "info":
            continue
        leaves = _leaves(rule.match)
        if not leaves or any(_UNPORTABLE.search(p) for p, _ in leaves) or (
                rule.when and names_in(rule.when) & {*rule.compute, *capture_names(rule.match)}):
            skipped.append(rule.id)
            continue
        # rules see a line without its timestamp / process prefix; the runner sees the raw line
        alts = "|".join(("(?i:" if ic else "(?:") + _dotnet_regex(p.removeprefix("^")) + ")" for p, ic in leaves)
        matchers.append({
            "owner": f"llmdiag-{rule.id}",
            "severity": "warning" if rule.severity == "warning" else "error",
            "pattern": [{"regexp": f"^(.*(?:{alts}).*)$", "message": 1}],
        })
    return {"problemMatcher": matchers, "x-llmdiag-skipped": skipped}


def problem_matcher_json(rules) -> str:
    return json.dumps(problem_matcher(rules), indent=2) + "\n"
