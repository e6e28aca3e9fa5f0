"""Marker tables: data that maps log messages to phase events and facts.

A marker is matched against `Line.text` (the message with prefixes stripped). Its `anchor` is a
literal every match contains; the scanner checks the anchor before running the regex.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

PHASES = ("config", "init", "nccl", "weights", "kv_cache", "compile", "server")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}

# Roles of a marker:
#   start / progress / end : phase events (end closes the phase it names)
#   finish                 : closes whatever phase is current (e.g. vLLM "init engine ... took")
#   ready                  : the server is up
#   wrapper                : a fatal "X failed, see above" line (never a root cause)
#   fatal                  : a fatal line that is not a wrapper (Killed, argparse error, bind error)
#   fact                   : facts only
#   heartbeat              : periodic line that is not progress (stall detection ignores it)
#   shutdown               : a requested stop began (errors after it do not fail a start that came up)
ROLES = ("start", "progress", "end", "finish", "ready", "wrapper", "fatal", "fact", "heartbeat", "shutdown")

Extractor = Callable[["re.Match[str]"], dict]


@dataclass(frozen=True)
class Named:
    """A marker regex stated once, as a named pattern of the shipped rules/patterns.yaml that the
    wrapper rule of the same text uses (`pattern: NAME`); read from the cached pack on first use.
    `form` places it in the marker's regex: "{}" as it is, "^{}" at the line's start, "^{}$" the
    whole line."""

    name: str
    form: str = "{}"

    def resolve(self) -> str:
        from diagnose.rulepack import shipped_pattern

        regex = shipped_pattern(self.name).regex
        return regex if self.form == "{}" else self.form.replace("{}", f"(?:{regex})")


@dataclass(frozen=True)
class Marker:
    id: str
    engine: str  # vllm | sglang | common
    phase: str | None
    role: str
    source: "str | Named"  # the regex, or the named pattern it is (see `regex`)
    anchor: "str | tuple[str, ...]"
    versions: str = ""
    facts: dict = field(default_factory=dict)  # group name -> fact name (numbers converted)
    extract: Extractor | None = None  # extra facts from the match
    kinds: tuple = ()  # restrict to these Line.kind values
    after_ready: bool = False  # fatal/wrapper that still means failure once the server is up
    # a fatal/wrapper line after which a server that came up answers no request though its processes live
    # (vLLM's engine core thread that reads requests died): after ready, `after_ready.state` stuck
    stops_serving: bool = False
    # a line only a server that came up prints (SGLang's `Decode batch`, logged every 40 decode steps, more
    # than its warm-up request runs; uvicorn's access lines): an excerpt that begins after the ready line
    # shows it came up
    serving: bool = False

    def __post_init__(self) -> None:
        assert self.role in ROLES, self.role
        assert self.phase is None or self.phase in PHASE_INDEX, self.phase
        assert self.anchor, self.id
        if isinstance(self.anchor, str):
            object.__setattr__(self, "anchor", (self.anchor,))

    @cached_property
    def regex(self) -> str:
        """The regex text; a named pattern is read from the rule pack on first use."""
        return self.source.resolve() if isinstance(self.source, Named) else self.source

    @cached_property
    def number_blind(self) -> bool:
        """Whether it matches a text exactly when it matches the text's number shape (see
        matcher.number_blind)."""
        from diagnose.matcher import number_blind

        return number_blind(self.regex, self.anchor)

    @cached_property
    def pattern(self) -> "re.Pattern[str]":
        """Compiled on first use: most markers never see a line with their anchor."""
        return re.compile(self.regex)


_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def number(value: str | None):
    """'411,184' -> 411184, '3.5' -> 3.5, other text unchanged (a list of ids, '0,2,4,6', too);
    None stays None."""
    if value is None:
        return None
    v = value.strip()
    if "," in v:
        if not _GROUPED.fullmatch(v):
            return value
        v = v.replace(",", "")
    try:
        return int(v)
    except ValueError:
        pass
    try:
        return float(v)
    except ValueError:
        return value


def M(id, engine, phase, role, regex, anchor, **kw) -> Marker:  # noqa: N802 - table shorthand
    return Marker(id=id, engine=engine, phase=phase, role=role, source=regex, anchor=anchor, **kw)
