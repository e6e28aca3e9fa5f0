"""Markdown for job summaries and pull-request comments (GitHub-flavoured, GitLab renders it too).

Layout: a headline in three parts (what failed / why, with the numbers / what to do, as commands
to copy), history notes, the phase table with durations, then every diagnosis with its evidence
in a collapsible block. GitHub drops a job summary over 1 MiB entirely, so the output is kept under
`max_bytes`: the least important parts go first (evidence of later diagnoses, then long evidence
lines, then later diagnoses' details) and a note says what was cut.
"""

from __future__ import annotations

import re

from diagnose.report import Diagnosis, Report

MAX_BYTES = 1024 * 1024 - 4096  # GitHub's job summary limit is 1 MiB per step; leave room for others
EVIDENCE_LINE_CHARS = 1000
_ESCAPE = re.compile(r"([\\`*_\[\]<>|#~])")
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
_NOTE = re.compile(r"^(.*?\S)\s{2,}\((.+)\)\s*$")


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


def dur(d: float | None) -> str:
    if d is None:
        return "-"
    if d >= 90:
        return f"{int(d // 60)}m{int(d % 60):02d}s"
    return f"{d:.1f}s"


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
            text = text[:line_chars] + f" … ({len(text) - line_chars} more characters)"
        lines.append(f"{src}{ev.line}: {text}")
    more = f", matched {d.count} times" if d.count > len(d.evidence) else ""
    return (f"<details><summary>Evidence ({len(d.evidence)} line{'s' if len(d.evidence) != 1 else ''}"
            f"{more})</summary>\n\n{fenced(lines, 'text')}\n\n</details>")


def _headline(report: Report) -> list[str]:
    eng = report.engine if report.engine != "unknown" else "engine unknown"
    ver = f" {report.engine_version}" if report.engine_version else ""
    model = f", model {code(report.model)}" if report.model else ""
    where = f" in phase {code(report.last_phase)}" if report.last_phase and report.outcome != "ready" else ""
    out = [f"## {_ICON[report.outcome]} llmdiag: start {_OUTCOME[report.outcome]}{where}",
           "", f"{esc(eng + ver)}{model}, {report.lines} log lines"]
    top = next((d for d in report.diagnoses if d.role != "wrapper"), None) or (
        report.diagnoses[0] if report.diagnoses else None)
    if report.outcome == "ready" and (top is None or top.severity == "info"):
        out += ["", "**What happened:** the server came up; no problem found."]
        return out
    if top is None:
        out += ["", "**What failed:** no rule recognised the failure; see the phase table below."]
        return out
    phase = f", phase {code(top.phase)}" if top.phase else ""
    label = "What failed" if report.outcome != "ready" else "What to look at"
    out += ["", f"**{label}:** {esc(top.title)} ({code(top.category)}{phase})",
            "", f"**Why:** {esc(top.explanation)}"]
    todo = _what_to_do(top)
    if todo:
        out += ["", "**What to do:**", "", *todo]
    return out


def _phase_table(report: Report) -> list[str]:
    if not report.phases:
        return ["No loading phase was recognised in this log."]
    multi = any(p.source for p in report.phases)
    head = "| phase | status | lines | duration |" + (" source |" if multi else "")
    out = [head, "|---|---|---:|---:|" + ("---|" if multi else "")]
    for p in report.phases:
        status = {"failed": "**failed**", "running": "*running*"}.get(p.status, p.status)
        row = f"| {p.name} | {status} | {p.first_line}-{p.last_line} | {dur(p.duration_s)} |"
        if multi:
            row += f" {esc(p.source or '')} |"
        out.append(row)
    return out


def _diagnosis(i: int, d: Diagnosis, detail: bool) -> list[str]:
    phase = f", {d.phase}" if d.phase else ""
    out = [f"#### {i}. {_SEV_ICON[d.severity]} {esc(d.title)}",
           "", f"{code(d.category)}, {d.severity}, {d.role}{phase}; rule {code(d.rule)}, fingerprint {code(d.fingerprint)}"
           + (f"; matched {d.count} times" if d.count > 1 else "")]
    if detail:
        out += ["", f"**Why:** {esc(d.explanation)}"]
        todo = _what_to_do(d)
        if todo:
            out += ["", "**What to do:**", "", *todo]
    return out


def render(report: Report, max_bytes: int = MAX_BYTES) -> str:
    """Markdown under `max_bytes` (UTF-8), cutting the least important parts first."""
    n = len(report.diagnoses)
    detail = [True] * n
    evidence = [True] * n
    line_chars = EVIDENCE_LINE_CHARS
    cuts: list[str] = []

    def build() -> str:
        parts = _headline(report)
        if report.history and report.history.notes:
            parts += ["", "**History:**", ""] + [f"- {esc(x)}" for x in report.history.notes]
        parts += ["", "### Phases", "", *_phase_table(report)]
        if report.diagnoses:
            parts += ["", "### Diagnoses (most likely root cause first)"]
        for i, d in enumerate(report.diagnoses):
            parts += ["", *_diagnosis(i + 1, d, detail[i])]
            if evidence[i] and d.evidence:
                parts += ["", _evidence_block(d, line_chars)]
        if report.warnings:
            parts += ["", "<details><summary>Warnings</summary>", ""]
            parts += [f"- {esc(w)}" for w in report.warnings] + ["", "</details>"]
        if cuts:
            parts += ["", f"*Cut to stay under GitHub's 1 MiB job summary limit: {'; '.join(cuts)}. "
                          "The JSON report has everything.*"]
        parts += ["", f"<sub>llmdiag report {code(report.schema_)}; secrets redacted unless --no-redact.</sub>", ""]
        return "\n".join(parts)

    def size(s: str) -> int:
        return len(s.encode("utf-8"))

    out = build()
    if size(out) <= max_bytes:
        return out
    # 1. evidence of the least important diagnoses first (the top one's evidence last)
    dropped = 0
    for i in reversed(range(n)):
        if size(out) <= max_bytes or i == 0:
            break
        if evidence[i] and report.diagnoses[i].evidence:
            evidence[i] = False
            dropped += 1
            out = build()
    if dropped:
        cuts.append(f"evidence of {dropped} later diagnos{'es' if dropped > 1 else 'is'} left out")
        out = build()
    # 2. shorter evidence lines
    if size(out) > max_bytes:
        line_chars = 200
        cuts.append("evidence lines cut to 200 characters")
        out = build()
    # 3. details (why / what to do) of later diagnoses, keeping their one-line titles
    shortened = 0
    for i in reversed(range(1, n)):
        if size(out) <= max_bytes:
            break
        detail[i] = False
        evidence[i] = False
        shortened += 1
        out = build()
    if shortened:
        cuts.append(f"{shortened} later diagnoses shown by title only")
        out = build()
    # 4. last resort: cut the text itself, keeping valid UTF-8 and closing any open block
    if size(out) > max_bytes:
        note = "\n\n*Report cut at the 1 MiB job summary limit. The JSON report has everything.*\n"
        raw = out.encode("utf-8")[: max_bytes - len(note.encode()) - 16].decode("utf-8", "ignore")
        if raw.count("```") % 2:
            raw += "\n```"
        if raw.count("<details>") > raw.count("</details>"):
            raw += "\n</details>"
        out = raw + note
    return out
