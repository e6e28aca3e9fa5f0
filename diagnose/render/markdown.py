"""Markdown for job summaries and pull-request comments (GitHub-flavoured, GitLab renders it too).

Layout: a headline in three parts (what failed / why, with the numbers / what to do, as commands
to copy), history notes, the phase table with durations, then every diagnosis with its evidence
in a collapsible block. GitHub drops a job summary over 1 MiB entirely, so the output is kept under
`max_bytes`: the least important parts go first (evidence of later diagnoses, then long evidence
lines, then later diagnoses' details) and a note says what was cut.
"""

from __future__ import annotations

import re

from diagnose.i18n import current, tr
from diagnose.render.causes import folded, reported_by
from diagnose.render.safe import visible_report
from diagnose.render.text import after_ready_note, fmt_dur, phase_note, probe_note
from diagnose.report import Diagnosis, Report, died_after_ready, stopped_serving
from diagnose.render import family_note

MAX_BYTES = 1024 * 1024 - 4096  # GitHub's job summary limit is 1 MiB per step; leave room for others
EVIDENCE_LINE_CHARS = 1000
# underscores inside words (VLLM_USE_V1) cannot start emphasis in GFM, so they stay readable
_ESCAPE = re.compile(r"([\\`*\[\]<|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
_OUTCOME = {"ready": "ready", "failed": "FAILED", "incomplete": "INCOMPLETE (no error, no ready line)"}
_ICON = {"ready": ":white_check_mark:", "failed": ":x:", "incomplete": ":warning:"}
_SEV_ICON = {"error": ":red_circle:", "warning": ":warning:", "info": ":information_source:"}
_CMD_WORDS = (
    "export unset pip pip3 uv python python3 docker podman kubectl helm nvidia-smi ray curl sudo df du ls rm mkdir "
    "cd cp mv huggingface-cli hf sha256sum ss lsof py-spy iostat free dmesg conda apt apt-get vllm sglang echo cat "
    "ulimit mount nvcc ldconfig git sysctl numactl lspci ibstat ibv_devinfo ip ping nc journalctl ps kill "
    "watch grep find chmod chown ln tar"
).split()
_COMMAND = re.compile(r"^(?:[A-Z][A-Z0-9_]*=\S*|--?[A-Za-z][\w-]*|(?:" + "|".join(map(re.escape, _CMD_WORDS)) + r"))(?:\s|$)")
_NOTE = re.compile(r"^(.*?\S)\s{2,}[(（](.+)[)）]\s*$")  # a Chinese note has full-width parentheses


def esc(text: str) -> str:
    """Prose outside code: no accidental emphasis, links, HTML or table breaks."""
    return _ESCAPE.sub(r"\\\1", " ".join(text.split()))


def code(text: str) -> str:
    text = " ".join(text.split())
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(lines: list[str], lang: str = "") -> str:
    body = "\n".join(lines)
    longest = max((len(m) for m in re.findall(r"`{3,}", body)), default=2)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{body}\n{fence}"


dur = fmt_dur  # the same durations as the text report


def split_remediation(items: list[str]) -> tuple[list[str], list[str]]:
    """(shell lines to copy, prose advice). A trailing '   (when ...)' note becomes a # comment."""
    commands, prose = [], []
    for item in items:
        text = item.strip()
        if _COMMAND.match(text):
            m = _NOTE.match(text)
            commands.append(f"{m.group(1)}  # {m.group(2)}" if m and "#" not in m.group(1) else text)
        else:
            prose.append(text)
    return commands, prose


def _what_to_do(d: Diagnosis) -> list[str]:
    commands, prose = split_remediation(d.remediation)
    out = []
    if commands:
        out.append(fenced(commands, "sh"))
    out += [f"- {esc(p)}" for p in prose]
    return out


def _evidence_block(d: Diagnosis, line_chars: int) -> str:
    lines = []
    for ev in d.evidence:
        src = f"{ev.source}:" if ev.source else ""
        text = ev.text.replace("\r", "")
        if len(text) > line_chars:
            text = text[:line_chars] + tr(" … ({n} more characters)", n=len(text) - line_chars)
        lines.append(f"{src}{ev.line}: {text}")
    more = tr(", matched {n} times", n=d.count) if d.count > len(d.evidence) else ""
    summary = tr("Evidence ({n} lines{more})" if len(d.evidence) != 1 else "Evidence ({n} line{more})",
                 n=len(d.evidence), more=more)
    return f"<details><summary>{summary}</summary>\n\n{fenced(lines, 'text')}\n\n</details>"


def _top(report: Report) -> Diagnosis | None:
    """The diagnosis the headline is about: the first that is not a wrapper (nor info on a ready start)."""
    for d in report.diagnoses:
        if d.role != "wrapper" and not (report.outcome == "ready" and d.severity == "info"):
            return d
    if report.outcome != "ready" and report.diagnoses:
        return report.diagnoses[0]
    return None


def _headline(report: Report) -> list[str]:
    eng = report.engine if report.engine != "unknown" else tr("engine unknown")
    ver = f" {report.engine_version}" if report.engine_version else ""
    model = tr(", model {model}", model=code(report.model)) if report.model else ""
    where = tr(" in phase {phase}", phase=code(report.last_phase)) if report.last_phase and report.outcome != "ready" else ""
    headline = tr("## {icon} llmdiag: start {outcome}{where}", icon=_ICON[report.outcome],
                  outcome=tr(_OUTCOME[report.outcome]), where=where)
    if died_after_ready(report):
        headline = tr("## {icon} llmdiag: start ready, then the server died", icon=_ICON["failed"])
    elif stopped_serving(report):
        headline = tr("## {icon} llmdiag: start ready, then the server stopped serving", icon=_ICON["failed"])
    out = [headline, "", tr("{engine}{model}, {n} log lines", engine=esc(eng + ver), model=model, n=report.lines)]
    if after_ready_note(report):
        out += ["", esc(after_ready_note(report))]
    if probe_note(report):
        out += ["", esc(probe_note(report))]
    top = _top(report)
    if top is None and report.outcome == "ready":
        out += ["", tr("**What happened:** the server came up; no problem found.")]
        return out
    if top is None:
        out += ["", tr("**What failed:** no rule recognised the failure; see the phase table below.")]
        return out
    phase = tr(", phase {phase}", phase=code(top.phase)) if top.phase else ""
    label = {"failed": "What failed", "incomplete": "Where it stopped"}.get(report.outcome, "What to look at")
    if stopped_serving(report):
        label = "What failed after it came up"
    note = f" ({family_note(top)})" if family_note(top) else ""
    colon = "：" if current() == "zh" else ":"
    paren = ("（", "）") if current() == "zh" else ("(", ")")
    out += ["", f"**{tr(label)}{colon}** {esc(top.title)} {paren[0]}{code(top.category)}{phase}{paren[1]}{note}",
            "", f"{tr('**Why:**')} {esc(top.explanation)}"]
    todo = _what_to_do(top)
    if todo:
        out += ["", tr("**What to do:**"), "", *todo]
    return out


def _phase_table(report: Report) -> list[str]:
    note = phase_note(report)
    if not report.phases:
        return [esc(note)]
    multi = any(p.source for p in report.phases)
    head = tr("| phase | status | lines | duration |") + (tr(" source |") if multi else "")
    out = [head, "|---|---|---:|---:|" + ("---|" if multi else "")]
    for p in report.phases:
        status = {"failed": f"**{tr('failed')}**", "running": f"*{tr('running')}*"}.get(p.status, tr(p.status))
        row = f"| {p.name} | {status} | {p.first_line}-{p.last_line} | {dur(p.duration_s)} |"
        if multi:
            row += f" {esc(p.source or '')} |"
        out.append(row)
    return out + (["", esc(note)] if note else [])


def _diagnosis(i: int, d: Diagnosis, detail: bool, headline: bool = False, wrappers: list = ()) -> list[str]:
    phase = (f"，{d.phase}" if current() == "zh" else f", {d.phase}") if d.phase else ""
    out = [f"#### {i}. {_SEV_ICON[d.severity]} {esc(d.title)}",
           "", tr("{category}, {severity}, {role}{phase}; rule {rule}, fingerprint {fingerprint}",
                  category=code(d.category), severity=d.severity, role=d.role, phase=phase, rule=code(d.rule),
                  fingerprint=code(d.fingerprint))
           + (tr("; matched {n} times", n=d.count) if d.count > 1 else "")
           + (f"; {family_note(d)}" if family_note(d) else "")]
    if wrappers:
        out += ["", esc(reported_by(wrappers, "Reported by"))]
    if headline:
        out += ["", tr("Why and what to do: see the headline above.")]
    elif detail:
        out += ["", f"{tr('**Why:**')} {esc(d.explanation)}"]
        todo = _what_to_do(d)
        if todo:
            out += ["", tr("**What to do:**"), "", *todo]
    return out


def _size(s: str) -> int:
    return len(s.encode("utf-8")) + 2  # + the blank line that joins blocks


def render(report: Report, max_bytes: int = MAX_BYTES) -> str:
    """Markdown under `max_bytes` (UTF-8), cutting the least important parts first."""
    report = visible_report(report)
    head = _headline(report)
    if report.history and report.history.notes:
        head += ["", tr("**History:**"), ""] + [f"- {esc(x)}" for x in report.history.notes]
    head += ["", tr("### Phases"), "", *_phase_table(report)]
    if report.diagnoses:
        head += ["", tr("### Diagnoses (most likely root cause first)")]
    head_text = "\n".join(head)
    tail: list[str] = []
    if report.warnings:
        tail.append("\n".join([f"<details><summary>{tr('Warnings')}</summary>", "",
                                *[f"- {esc(w)}" for w in report.warnings], "", "</details>"]))
    tail.append(tr("<sub>llmdiag report {schema}; secrets redacted unless --no-redact.</sub>", schema=code(report.schema_)) + "\n")

    pairs = folded(report)  # wrappers folded into their cause; the JSON report lists them all
    diags = [d for d, _ in pairs]
    short = ["\n".join(_diagnosis(i + 1, d, False, wrappers=w)) for i, (d, w) in enumerate(pairs)]
    top = _top(report)
    full = ["\n".join(_diagnosis(i + 1, d, True, d is top, w)) for i, (d, w) in enumerate(pairs)]
    ev_long = [_evidence_block(d, EVIDENCE_LINE_CHARS) if d.evidence else "" for d in diags]
    ev_short = [_evidence_block(d, 200) if d.evidence else "" for d in diags]
    detail = [True] * len(diags)
    evidence = [bool(d.evidence) for d in diags]
    long_lines = True
    cuts: list[str] = []
    budget = max_bytes - 400  # room for the note on what was cut

    def blocks() -> list[str]:
        out = [head_text]
        for i in range(len(diags)):
            out.append(full[i] if detail[i] else short[i])
            if evidence[i]:
                out.append(ev_long[i] if long_lines else ev_short[i])
        return out + tail

    total = sum(_size(b) for b in blocks())
    if total > budget:  # 1. evidence of the least important diagnoses (the top one's last)
        dropped = 0
        for i in reversed(range(1, len(diags))):
            if total <= budget:
                break
            if evidence[i]:
                evidence[i] = False
                total -= _size(ev_long[i])
                dropped += 1
        if dropped:
            cuts.append(tr(f"evidence of {{n}} later diagnos{'es' if dropped > 1 else 'is'} left out", n=dropped))
    if total > budget:  # 2. shorter evidence lines
        long_lines = False
        total = sum(_size(b) for b in blocks())
        cuts.append(tr("evidence lines cut to 200 characters"))
    if total > budget:  # 3. later diagnoses by title only
        shortened = 0
        for i in reversed(range(1, len(diags))):
            if total <= budget:
                break
            total -= _size(full[i]) - _size(short[i])
            detail[i] = False
            shortened += 1
        if shortened:
            cuts.append(tr(f"{{n}} later diagnos{'es' if shortened > 1 else 'is'} shown by title only", n=shortened))
    parts = blocks()
    if cuts:
        parts.insert(-1, tr("*Cut to stay under GitHub's 1 MiB job summary limit: {cuts}. The JSON report has everything.*",
                            cuts="; ".join(cuts)))
    out = "\n\n".join(parts)
    if len(out.encode("utf-8")) > max_bytes:  # 4. last resort: cut the text, close open blocks
        note = tr("\n\n*Report cut at the 1 MiB job summary limit. The JSON report has everything.*\n")
        raw = out.encode("utf-8")[: max_bytes - len(note.encode()) - 32].decode("utf-8", "ignore")
        fences = re.findall(r"^(`{3,})", raw, flags=re.M)
        if len(fences) % 2:
            raw += "\n" + fences[-1]
        if raw.count("<details>") > raw.count("</details>"):
            raw += "\n\n</details>"
        out = raw + note
    return out
