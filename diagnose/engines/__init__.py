"""Engine parsers: marker tables per engine, one scanner over all of them, engine/version detection."""

from __future__ import annotations

import re

from diagnose.anchors import AnchorIndex
from diagnose.engines import common, sglang, vllm
from diagnose.engines.base import PHASE_INDEX, PHASES, Marker, number

ALL_MARKERS: list[Marker] = [*vllm.MARKERS, *sglang.MARKERS, *common.MARKERS]

# Markers a server prints once per start, at its very beginning: vLLM's API-server banner (text or
# logo) and SGLang's server_args. One after the previous start came up, failed or was stopped
# means the log goes on with a new start (a restarted container's `docker logs`, a retry loop).
START_BANNERS = frozenset({"banner_old", "banner_new", "logo_version", "server_args"})
# What a new process prints before its banner (vLLM: `Automatically detected platform cuda.`); after a
# start has ended, a banner soon after such a line makes it the first line of the new start
PROCESS_FIRST = frozenset({"platform"})
# Ready markers that only say the HTTP server listens, per engine whose start is decided later: SGLang
# sends itself a warm-up request after uvicorn starts (it may fail, e.g. through an HTTP proxy) and is
# up at "The server is fired up and ready to roll!". For these engines the start is not ready there.
# (and its access lines: SGLang's warm-up requests are answered, and logged, before it is ready)
LISTENING_ONLY = {"sglang": frozenset({"uv_complete", "uv_running", "uv_access"})}


def shows_ready(mk, engine: str) -> bool:
    """Whether an event of this ready or serving marker shows the start ready, in a log of `engine`
    (as guessed so far): not a LISTENING_ONLY one."""
    return mk.id not in LISTENING_ONLY.get(engine, ())

_PATH_HINT = re.compile(r"/(vllm|sglang)/")
_VLLM_DEV = re.compile(r"\d+\.\d+\.\d+.*(?:dev|\+g[0-9a-f]{6,})")


class Event:
    """A marker matched on a line: the phase event plus the facts it carries."""

    __slots__ = ("marker", "match", "facts")

    def __init__(self, marker: Marker, match, facts: dict):
        self.marker = marker
        self.match = match
        self.facts = facts


def _facts(marker: Marker, m) -> dict:
    out = {}
    for group, fact in marker.facts.items():
        value = m.group(group)
        if value is not None:
            out[fact] = value if fact in _TEXT_FACTS else number(value)
    if marker.extract is not None:
        out.update(marker.extract(m))
    return out


_TEXT_FACTS = {"engine_version", "image_vllm_version", "sglang_version", "model", "architecture", "listen_url", "gpu_name",
               "driver_version", "cuda_version", "torch_version", "nccl_version", "checkpoint_fs",
               "attention_backend", "platform", "failed_core_procs", "shards_elapsed", "dist_backend",
               "distributed_executor_backend", "remote_rank"}


class MarkerScanner:
    """Finds the markers of a line: a literal anchor check first, the regex only on candidates."""

    def __init__(self, markers: list[Marker] | None = None):
        self.markers = list(ALL_MARKERS if markers is None else markers)
        by_anchor: dict[str, list[Marker]] = {}
        for mk in self.markers:
            for a in mk.anchor:
                by_anchor.setdefault(a, []).append(mk)
        self.anchors = list(by_anchor.items())  # (anchor, its markers), in table order
        self._pos = {a: i for i, (a, _) in enumerate(self.anchors)}
        self._index = AnchorIndex(self._pos)

    def blind_on(self, text: str) -> bool:
        """Whether every marker `scan` tries on `text` is number-blind (see matcher.number_blind):
        then it finds the same markers on every text of `text`'s number shape that holds the same
        anchors."""
        anchors, pos = self.anchors, self._pos
        return all(mk.number_blind for a in self._index.found(text) for mk in anchors[pos[a]][1])

    def scan(self, line) -> list[Event]:
        text = line.text
        return self.events(self.tried(text, line.kind), text) if text else []

    def tried(self, text: str, kind: str | None) -> tuple[Marker, ...]:
        """The markers `scan` tries on a text of this kind: those of the anchors it holds, each once,
        in table order (the same for every text that holds the same anchors)."""
        found = self._index.found(text)
        if not found:
            return ()
        out: dict[int, Marker] = {}
        pos = self._pos
        for i in sorted({pos[a] for a in found}):  # table order, as the anchor loop had it
            for mk in self.anchors[i][1]:
                if not mk.kinds or kind in mk.kinds:
                    out.setdefault(id(mk), mk)
        return tuple(out.values())

    @staticmethod
    def events(markers, text: str) -> list[Event]:
        """The events of these markers on `text` (see tried): the first that matches of those that
        share an id."""
        seen: set[str] = set()
        events: list[Event] = []
        for mk in markers:
            if mk.id in seen:
                continue
            m = mk.pattern.search(text)
            if m is not None:
                seen.add(mk.id)
                events.append(Event(mk, m, _facts(mk, m)))
        return events


_BANNER = 1000  # the weight of an engine's own version banner


class EngineGuess:
    """Accumulates evidence of which engine wrote the log."""

    def __init__(self) -> None:
        self.score = {"vllm": 0, "sglang": 0}

    def feed(self, line, events: list[Event]) -> None:
        self.vote(line.kind, [ev.marker.engine for ev in events],
                  path_hint(line.text) if "File \"" in line.text else None,
                  sum(1 for ev in events if ev.marker.engine == "vllm" and "engine_version" in ev.facts) if events else 0)

    def vote(self, kind: str | None, engines, hint: str | None, banners: int = 0) -> None:
        """A line of this kind whose events name these engines and whose traceback frame names this
        engine's package (`hint`): a header counts 1, an event 3, a frame 1 (kind None: the events
        of lines counted already, see Analyzer.quiet_run). vLLM's own version
        banner settles it (`banners`: how many of the events are one; each weighs _BANNER): SGLang
        never prints one, while other libraries (AITER, a launcher) can print many SGLang-shaped
        "[date time]" lines in a vLLM log. (A quiet line of diagnose.fastpath has no banner: its
        events have no facts.)"""
        score = self.score
        if kind in score:
            score[kind] += 1
        for eng in engines:
            if eng in score:
                score[eng] += 3
        if banners:
            score["vllm"] += banners * (_BANNER - 3)
        if hint is not None:
            score[hint] += 1

    def count(self, kind: str, k: int) -> None:
        """`vote(kind, (), None)` of k lines (a run of quiet lines, see diagnose.fastpath)."""
        if kind in self.score:
            self.score[kind] += k

    def hinted(self, hints) -> None:
        """The `hint` votes of a run's traceback frames (the engines their paths name)."""
        for hint in hints:
            self.score[hint] += 1

    @property
    def engine(self) -> str:
        v, s = self.score["vllm"], self.score["sglang"]
        if v == 0 and s == 0:
            return "unknown"
        # SGLang imports vLLM in some versions, so a few vLLM-shaped lines appear in SGLang logs;
        # SGLang markers weigh three times a header line, so the majority decides.
        return "sglang" if s > v else "vllm"


def path_hint(text: str) -> str | None:
    """The engine whose package a traceback frame's path names (`.../vllm/...`)."""
    m = _PATH_HINT.search(text)
    return m.group(1) if m is not None else None


def is_dev_version(version: str | None) -> bool:
    return bool(version) and bool(_VLLM_DEV.search(version))


__all__ = ["ALL_MARKERS", "LISTENING_ONLY", "PHASES", "PHASE_INDEX", "PROCESS_FIRST", "START_BANNERS", "Event", "EngineGuess", "Marker", "MarkerScanner", "is_dev_version", "path_hint", "shows_ready"]
