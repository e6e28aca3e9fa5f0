"""Readable terminal report (rich): header, phase table, diagnoses as what / why / what to do."""

from __future__ import annotations

import io
import re
import textwrap

from diagnose.engines.base import PHASE_INDEX
from diagnose.i18n import tr
from diagnose.render.causes import folded, reported_by
from diagnose.render.safe import visible_report
from diagnose.report import Report, died_after_ready
from diagnose.render import family_note

_OUTCOME_STYLE = {"ready": "bold green", "failed": "bold red", "incomplete": "bold yellow"}
_SEV_STYLE = {"error": "red", "warning": "yellow", "info": "cyan"}
_KEY_FACTS = {
    "config": ("architecture", "max_model_len", "dtype", "quantization"),
    "init": ("tp_size", "pp_size", "world_size"),
    "nccl": ("nccl_version", "world_size"),
    "weights": ("weights_gib", "weights_load_s", "load_gbps", "shards_total"),
    "kv_cache": ("kv_tokens", "kv_available_gib", "max_concurrency", "max_total_num_tokens"),
    "compile": ("compile_s", "graph_capture_s"),
    "server": ("listen_url",),
}
_NO_WRAP = 100_000  # rich lays out at this width: nothing is ever wider, so nothing is broken
_TRAILING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$")
_UNITS = {"weights_gib": " GiB", "weights_load_s": " s", "load_gbps": " GB/s", "kv_available_gib": " GiB",
          "compile_s": " s", "graph_capture_s": " s", "max_concurrency": "x"}


def fmt_dur(d: float | None) -> str:
    """12.3s, or 2m05s from 90 s on; '-' when unknown."""
    if d is None:
        return "-"
    if d >= 90:
        return f"{int(d // 60)}m{int(d % 60):02d}s"
    return f"{d:.1f}s"


def phase_note(report: Report) -> str | None:
    """What the phase table cannot show: no phase at all, or the phase the diagnosis places the
    failure in when the log has no marker line of it, or none after the last (the headline names
    that phase)."""
    if not report.phases:
        if report.last_phase:
            return tr("No loading phase marker was recognised in this log; the diagnosis places the failure "
                      "in phase {phase}.", phase=report.last_phase)
        return tr("No loading phase was recognised in this log.")
    if not report.last_phase or report.outcome == "ready":
        return None
    names = {p.name for p in report.phases}
    if report.last_phase not in names:
        return tr("Phase {phase} has no marker line in this log; the diagnosis places the failure there.",
                  phase=report.last_phase)
    last_marked = report.phases[-1].name
    if PHASE_INDEX[report.last_phase] > PHASE_INDEX[last_marked] and not any(
            p.name == report.last_phase and p.status == "failed" for p in report.phases):
        # a phase the start passes through twice (vLLM V1 compiles before and after the KV cache)
        return tr("The failure's traceback places it in phase {phase}, after the log's last marker line (phase "
                  "{marker}).", phase=report.last_phase, marker=last_marked)
    return None


def after_ready_note(report) -> str | None:
    """What became of the server after it came up, when that is more than serving on (docs/contract.md)."""
    ar = report.after_ready if report.outcome == "ready" else None
    if ar is None or ar.state == "serving":
        return None
    came = tr("The server came up at line {n}", n=ar.ready_line) if ar.ready_line else tr("The server came up")
    at = tr(" at line {n}", n=ar.line) if ar.line else ""
    if ar.state == "died":
        return tr("{came}, then died{at}: the start succeeded, serving failed.", came=came, at=at)
    if ar.state == "stopped":
        return tr("{came} and was stopped{at} (a clean shutdown).", came=came, at=at)
    return tr("{came}, then stopped serving{at} (stuck).", came=came, at=at)


def probe_note(report) -> str | None:
    """run --probe / watch --probe: what the probe said (docs/probe.md)."""
    pr = getattr(report, "probe", None)
    if pr is None:
        return None
    if pr.result == "serves":
        ttft = tr(", first token after {s} s", s=f"{pr.ttft_s:.3f}") if pr.ttft_s is not None else ""
        return tr("Probe: {url} serves{ttft}.", url=pr.url, ttft=ttft)
    return tr("Probe: {url} {result} (see below).", url=pr.url, result=pr.result)


def _trim(text: str) -> str:
    """No trailing spaces (table padding), also before a closing colour code."""
    return "\n".join(_TRAILING.sub(r"\1", ln) for ln in text.split("\n"))


def _prose(label: str, text: str, width: int | None, indent: int = 3):
    """`   Why: text`; on a terminal (`width`), wrapped under its first word; never a hard break otherwise.
    A Chinese label ends with a full-width colon and takes no space after it."""
    from rich.text import Text

    sep = "" if label.endswith("：") else " "
    lead = " " * indent + label
    pad = _cols(lead + sep)  # display columns: a CJK character takes two
    lines = [text]
    if width and any(ord(c) > 0x2E7F for c in text):
        lines = _wrap_cjk(text, max(20, width - pad))
    elif width:
        lines = textwrap.wrap(text, max(20, width - pad), break_long_words=False,
                              break_on_hyphens=False) or [""]
    out = Text(lead, style="bold") + Text(sep + lines[0])
    for ln in lines[1:]:
        out.append("\n" + " " * pad + ln)
    return out


def _cols(text: str) -> int:
    return sum(2 if ord(c) > 0x2E7F else 1 for c in text)


def _wrap_cjk(text: str, room: int) -> list[str]:
    """Lines of at most `room` display columns, broken at any character (Chinese has no spaces between
    words), but not inside a run of ASCII letters, digits and punctuation (a flag, a path, a number)."""
    import re

    tokens = re.findall(r"[\x21-\x7e]+|\s+|.", text)
    lines, cur = [], ""
    for tok in tokens:
        if cur and _cols(cur) + _cols(tok) > room:
            lines.append(cur.rstrip())
            cur = tok.lstrip()
            continue
        cur += tok
    lines.append(cur)
    return lines or [""]


def render(report: Report, color: bool = True, width: int | None = None) -> str:
    """The report for a person. `width`: the terminal's columns, at which the Why text is wrapped;
    None (a pipe, a file, a CI log): no line is wrapped. Commands, evidence and the table are never
    wrapped: a line to copy stays one line."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    report = visible_report(report)
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=color, no_color=not color,
                      width=_NO_WRAP, highlight=False, soft_wrap=True, emoji=False)
    head = Text()
    head.append("llmdiag ", style="bold")
    eng = report.engine if report.engine != "unknown" else tr("engine unknown")
    head.append(f"{eng}")
    if report.engine_version:
        head.append(f" {report.engine_version}")
    if report.model:
        head.append(tr("  model {model}", model=report.model))
    head.append(tr("  outcome "))
    head.append(tr(report.outcome.upper()), style=_OUTCOME_STYLE[report.outcome])
    head.append(tr("  last phase {phase}", phase=report.last_phase or '-'))
    console.print(head)

    if report.phases:
        table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        table.add_column(tr("phase"))
        table.add_column(tr("status"))
        table.add_column(tr("lines"), justify="right")
        table.add_column(tr("duration"), justify="right")
        table.add_column(tr("facts"))
        for p in report.phases:
            facts = []
            for key in _KEY_FACTS.get(p.name, ()):
                if key in report.facts:
                    facts.append(f"{key}={report.facts[key]}{_UNITS.get(key, '')}")
            style = {"failed": "red", "running": "yellow"}.get(p.status, "")
            table.add_row(p.name, Text(tr(p.status), style=style), f"{p.first_line}-{p.last_line}",
                          fmt_dur(p.duration_s), ", ".join(facts))
        console.print(table)
    note = phase_note(report)
    if note:
        console.print(note)
    note = after_ready_note(report)
    if note:
        console.print(Text(note, style="red" if died_after_ready(report) else ""))
    note = probe_note(report)
    if note:
        console.print(Text(note, style="green" if report.probe.result == "serves" else "red"))

    if not report.diagnoses:
        console.print(Text(tr("No problem found."), style="green") if report.outcome == "ready"
                      else Text(tr("No diagnosis."), style="yellow"))
    for i, (d, wrappers) in enumerate(folded(report), 1):
        console.print()
        title = Text(f"{i}. ")
        title.append(f"[{d.severity}] ", style=_SEV_STYLE[d.severity])
        title.append(d.title, style="bold")
        title.append(f"  ({d.category}, {d.role}" + (f", {d.phase}" if d.phase else "") + f", {tr('rule {rule}', rule=d.rule)})",
                     style="dim")
        if family_note(d):
            title.append(f"  ({family_note(d)})", style="yellow")
        console.print(title)
        console.print(_prose(tr("Why:"), d.explanation, width))
        if d.remediation:
            console.print(Text("   " + tr("What to do:"), style="bold"))
            for r in d.remediation:
                console.print(Text("     - ") + Text(r, style="cyan"))
        for ev in d.evidence[:3]:
            src = f"{ev.source}:" if ev.source else ""
            console.print(Text(f"   {src}{ev.line}: ", style="dim") + Text(ev.text[:300]))
        if d.count > 1:
            console.print(Text(tr("   (matched {n} times)", n=d.count), style="dim"))
        if wrappers:
            console.print(Text(f"   {reported_by(wrappers)}", style="dim"))
    for w in report.warnings:
        console.print(Text(tr("warning: {w}", w=w), style="yellow"))
    return _trim(buf.getvalue())
