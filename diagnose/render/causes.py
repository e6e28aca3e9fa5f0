"""Wrappers folded into the cause they wrap, for every human output.

A vLLM failure is reported again by each process it passes through ("WorkerProc hit an exception",
"EngineCore failed to start", "Engine core initialization failed"). Each of those is a wrapper
diagnosis: true, but not what to act on. When the report has a cause, a person sees the cause once
with one line naming its wrappers; only when no cause was found (no diagnosis but wrappers and the
"unknown" ones) do the wrappers stand on their own. The JSON report keeps every diagnosis.
"""

from __future__ import annotations

import re

from diagnose.report import ROLE_RANK as _ROLE
from diagnose.report import SEVERITY_RANK as _SEV

_TRAILING_NOTE = re.compile(r"\s*\([^()]*\)\s*$")


def _is_cause(d) -> bool:
    return d.role != "wrapper" and d.category != "unknown" and d.severity != "info"


def folded(report) -> list[tuple[object, list]]:
    """(diagnosis, wrappers folded into it) in report order; a folded wrapper is not listed itself.
    A wrapper goes to the most important cause (errors first, causes before symptoms) from the same
    input file (several inputs), else to the most important cause."""
    causes = sorted((d for d in report.diagnoses if _is_cause(d)), key=lambda d: (_SEV[d.severity], _ROLE[d.role]))
    if not causes:
        return [(d, []) for d in report.diagnoses]
    into: dict[int, list] = {id(c): [] for c in causes}
    out = []
    for d in report.diagnoses:
        if d.role != "wrapper":
            out.append((d, into.get(id(d), [])))
            continue
        src = d.evidence[0].source if d.evidence else None
        target = next((c for c in causes if src and c.evidence and c.evidence[0].source == src), causes[0])
        into[id(target)].append(d)
    return out


def shown(report) -> list:
    """The diagnoses a person sees, wrappers folded away when there is a cause."""
    return [d for d, _ in folded(report)]


def reported_by(wrappers: list, label: str = "reported by") -> str:
    """'reported by: vLLM worker process failed to start (line 51), ...' or '' without wrappers."""
    if not wrappers:
        return ""
    from diagnose.i18n import current, tr

    zh = current() == "zh"
    parts = []
    for w in wrappers:
        name = _TRAILING_NOTE.sub("", w.title) or w.title
        if zh:
            name = re.sub(r"\s*（[^（）]*）\s*$", "", name) or name
        if w.evidence:
            ev = w.evidence[0]
            where = tr("line {n} of {source}", n=ev.line, source=ev.source) if ev.source else tr("line {n}", n=ev.line)
            name += f" ({where})" if not zh else f"（{where}）"
        parts.append(name)
    return (f"{tr(label)}: " + ", ".join(parts)) if not zh else f"{tr(label)}：" + "，".join(parts)
