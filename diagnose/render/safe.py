"""Log text made safe for people to read: what a log line carries must never act on a terminal,
a CI log viewer or a text editor.

Every human output (text, Markdown, GitHub annotations, JUnit, the live `[llmdiag]` lines and
status) shows log-derived text through `visible` (or `visible_report` for a whole report):
C0 controls (but tab), DEL and C1 controls become a visible escape (`\\x1b`, `\\x9b`), bidi
embeddings, overrides and isolates a visible code point (`<U+202E>`), so nothing is hidden and
nothing is silently dropped. JSON keeps the text as it was (escaped there, see render/json.py).
"""

from __future__ import annotations

import re

# C0 but tab, DEL, C1; the line separators terminals and editors may break on
_CONTROL = "\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029"
# bidi embeddings / overrides (LRE RLE PDF LRO RLO) and isolates (LRI RLI FSI PDI)
_BIDI = "\u202a-\u202e\u2066-\u2069"
UNSAFE = re.compile(f"[{_CONTROL}{_BIDI}]")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c <= 0xFF else f"<U+{c:04X}>"


def visible(text: str) -> str:
    """`text` with every control character and bidi override shown as an escape."""
    return UNSAFE.sub(_escape, text) if UNSAFE.search(text) else text


def _clean(value):
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    return value


def visible_report(report):
    """A copy of the report with every string passed through `visible`; the report itself when
    nothing in it needs escaping (the usual case). Under --lang zh, the diagnoses' texts are their
    Chinese ones (diagnose.i18n.localized): every human output starts here."""
    from diagnose.i18n import localized

    report = localized(report)
    data = report.model_dump(by_alias=True)
    clean = _clean(data)
    if clean == data:
        return report
    from diagnose.report import Report

    return Report.from_dict(clean)


_JSON_RAW = re.compile(f"[\x7f-\x9f\u2028\u2029{_BIDI}]")


def json_escaped(text: str) -> str:
    """JSON text with DEL, C1, line separators and bidi overrides written as \\u escapes: the same
    data, but `cat report.json` shows them instead of obeying them (C0 is escaped already)."""
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
