"""JUnit XML for CI test-report tabs (GitLab `artifacts:reports:junit`, GitHub test-report actions,
Jenkins): one testsuite for the start, one testcase per canonical phase.

- passed: the phase completed;
- failed: the phase failed or stalled, or the diagnosis belongs to it; the failure carries the
  diagnosis title as `message`, its category as `type`, and why / what to do / evidence as body;
- skipped: the phase never appeared in the log: not in this log (before the first phase it shows: an
  excerpt), not reached (after the phase it stopped in), or not part of this engine's start.

Follows the common JUnit schema (the Jenkins / Ant junit-10.xsd subset that GitLab and GitHub
reporters read): testsuites > testsuite(name, tests, failures, errors, skipped, time, timestamp?)
> properties?, testcase(name, classname, time) > (skipped | failure)?, system-out?.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from diagnose.engines.base import PHASES
from diagnose.i18n import tr
from diagnose.render.causes import folded, reported_by
from diagnose.render.safe import visible_report
from diagnose.report import Diagnosis, Report, stopped_serving
from diagnose.render import family_note

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
MAX_BODY = 64 * 1024


def clean(text: str) -> str:
    """Characters XML 1.0 cannot carry (control characters) are replaced."""
    return _XML_BAD.sub("\ufffd", text)


def _secs(d: float | None) -> str:
    return f"{max(d or 0.0, 0.0):.3f}"


def _body(d: Diagnosis, wrappers: list = ()) -> str:
    lines = [f"{d.title}", tr("category {category}, severity {severity}, role {role}, rule {rule}",
                              category=d.category, severity=d.severity, role=d.role, rule=d.rule)
             + (f" ({family_note(d)})" if family_note(d) else ""),
             tr("fingerprint {fingerprint}", fingerprint=d.fingerprint), "", tr("Why: {text}", text=d.explanation)]
    if d.remediation:
        lines += ["", tr("What to do:")] + [f"  {r}" for r in d.remediation]
    if d.evidence:
        lines += ["", tr("Evidence:")]
        for ev in d.evidence:
            src = f"{ev.source}:" if ev.source else ""
            lines.append(f"  {src}{ev.line}: {ev.text[:2000]}")
    if wrappers:
        lines += ["", reported_by(wrappers, "Reported by")]
    return "\n".join(lines)


def _suite_name(report: Report) -> str:
    eng = report.engine + (f" {report.engine_version}" if report.engine_version else "")
    return f"llmdiag start: {eng}" + (f" {report.model}" if report.model else "")


def build(report: Report) -> ET.Element:
    report = visible_report(report)
    pairs = folded(report)  # wrappers folded into their cause; on their own only when there is none
    shown = [d for d, _ in pairs]
    wrappers_of = {id(d): w for d, w in pairs}
    by_phase: dict[str, list] = {}
    for p in report.phases:
        by_phase.setdefault(p.name, []).append(p)
    failing_phase: dict[str, list[Diagnosis]] = {}
    if report.outcome != "ready" or stopped_serving(report):
        # a diagnosis fails its own phase; the phase the start stopped in (or the server, when it died
        # after it came up) fails in any case
        fallback = report.last_phase or (report.phases[-1].name if report.phases else "config")
        failing_phase[fallback] = []
        for d in shown:
            if d.role != "wrapper" and d.severity != "info":
                failing_phase.setdefault(d.phase or fallback, []).append(d)
        if not failing_phase[fallback]:
            failing_phase[fallback] = [d for d in shown if d.severity != "info"][:1]
    notes: dict[str, list[Diagnosis]] = {}
    for d in shown:
        if not any(d in v for v in failing_phase.values()):
            notes.setdefault(d.phase or report.last_phase or "config", []).append(d)

    # the phases the log shows (and the one the diagnosis places the failure in): one before the first
    # of them is not in this log (an excerpt, a log that starts later), not "not reached"
    seen = [PHASES.index(p.name) for p in report.phases] + ([PHASES.index(report.last_phase)] if report.last_phase else [])
    first_seen, last_seen = min(seen, default=None), max(seen, default=None)
    cases = []
    counts = {"tests": 0, "failures": 0, "skipped": 0}
    total_time = 0.0
    classname = f"llmdiag.{report.engine}.start"
    for i, name in enumerate(PHASES):
        spans = by_phase.get(name, [])
        time = sum(p.duration_s or 0.0 for p in spans)
        total_time += time
        case = ET.Element("testcase", {"name": name, "classname": classname, "time": _secs(time)})
        counts["tests"] += 1
        statuses = {p.status for p in spans}
        diags = failing_phase.get(name, [])
        if name in failing_phase:
            counts["failures"] += 1
            top = diags[0] if diags else None
            if top is not None:
                message = top.title
                ftype = top.category
                body = "\n\n".join(_body(d, wrappers_of.get(id(d), [])) for d in diags)
            else:
                message = tr("phase {phase} failed" if "failed" in statuses else "phase {phase} did not complete",
                             phase=name)
                ftype = "unknown"
                body = message
            if "running" in statuses and report.outcome == "incomplete":
                message = tr("stalled in {phase}: {message}", phase=name, message=message)
            fail = ET.SubElement(case, "failure", {"message": clean(message[:1000]), "type": clean(ftype[:200])})
            fail.text = clean(body[:MAX_BODY])
        elif not spans:
            counts["skipped"] += 1
            if first_seen is not None and i < first_seen:
                reason = tr("not in this log (its first phase is {phase})", phase=PHASES[first_seen])
            elif report.outcome != "ready" and (last_seen is None or i > last_seen):
                reason = tr("not reached: the start stopped earlier")
            else:
                reason = tr("not in the log (skipped by this engine or configuration)")
            ET.SubElement(case, "skipped", {"message": reason})
        out = [tr("lines {first}-{last}", first=p.first_line, last=p.last_line)
               + (tr(" of {source}", source=p.source) if p.source else "")
               + f", {tr(p.status)}" + (f", {p.duration_s:.1f}s" if p.duration_s is not None else "") for p in spans]
        for d in notes.get(name, []):
            out.append(f"[{d.severity}] {d.title} ({d.category}, {d.role}, {tr('rule {rule}', rule=d.rule)})")
        if out:
            so = ET.SubElement(case, "system-out")
            so.text = clean("\n".join(out))
        cases.append(case)

    attrs = {"name": clean(_suite_name(report)), "tests": str(counts["tests"]),
             "failures": str(counts["failures"]), "errors": "0", "skipped": str(counts["skipped"]),
             "time": _secs(total_time)}
    # junit-10.xsd has no `skipped` on <testsuites>; the suite carries it
    root = ET.Element("testsuites", {"name": "llmdiag", **{k: v for k, v in attrs.items()
                                                           if k not in ("name", "skipped")}})
    suite = ET.SubElement(root, "testsuite", {**attrs, "id": "0", "hostname": "llmdiag"})
    started = next((p.started_at for p in report.phases if p.started_at), None)
    if started:
        suite.set("timestamp", started[:19])
    props = ET.SubElement(suite, "properties")
    for key, value in (("engine", report.engine), ("engine_version", report.engine_version),
                       ("outcome", report.outcome),
                       ("after_ready", report.after_ready.state if report.after_ready else None),
                       ("last_phase", report.last_phase), ("model", report.model),
                       ("schema", report.schema_)):
        if value:
            ET.SubElement(props, "property", {"name": key, "value": clean(str(value))})
    suite.extend(cases)
    return root


def render(report: Report) -> str:
    root = build(report)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
