"""Which literal anchors occur in a text: one Aho-Corasick pass instead of one `in` per anchor.

The marker scanner and the rule matcher gate every regex on a literal anchor. With ~450 anchors a
loop of `anchor in text` costs ~100 µs per line; one automaton pass over the line (ahocorasick-rs,
Rust, abi3 wheels everywhere) costs ~4 µs and gives the same answer. Without the library the loop
is used, so results never depend on it (see docs/performance.md for the measurements).
"""

from __future__ import annotations

from functools import partial
from typing import Iterable

try:
    import ahocorasick_rs as _ac
except ImportError:  # pragma: no cover - the dependency is declared; this keeps a broken install working
    _ac = None


class AnchorIndex:
    """`present(text)`: the set of anchors that occur in `text` (exactly `{a for a in anchors if a in text}`)."""

    __slots__ = ("anchors", "_ac", "found", "_apart")

    def __init__(self, anchors: Iterable[str], use_library: bool = True, apart: Iterable[str] = ()):
        """`apart`: anchors whose places `starts_apart` gives apart from the others'."""
        self.anchors = tuple(sorted({a for a in anchors if a}))
        apart = set(apart)
        self._apart = tuple(a in apart for a in self.anchors)
        self._ac = None
        if use_library and _ac is not None and self.anchors:
            self._ac = _ac.AhoCorasick(list(self.anchors), matchkind=_ac.MatchKind.Standard)
            # found(text): the anchors that occur, each once per occurrence (hot path: no set built)
            self.found = partial(self._ac.find_matches_as_strings, overlapping=True)
        else:
            self.found = self._found_loop

    def _found_loop(self, text: str) -> list[str]:
        return [a for a in self.anchors if a in text]

    def starts(self, text: str) -> list[int]:
        """Where anchors occur in `text` (a long block): at least one position in each line that holds
        an anchor (anchors hold no newline), none in any other line."""
        if self._ac is not None:
            return [m[1] for m in self._ac.find_matches_as_indexes(text)]
        return self._starts_loop(text, None)

    def starts_apart(self, text: str) -> tuple[list[int], list[int]]:
        """`starts` in two: places of anchors of `apart`, and places of the others. Each line that
        holds an anchor has a place in one of them (an anchor may hide one of the other kind that
        it overlaps: a line in the second list may hold an anchor of `apart` as well)."""
        if self._ac is not None:
            found = self._ac.find_matches_as_indexes(text)
            apart = self._apart
            return [m[1] for m in found if apart[m[0]]], [m[1] for m in found if not apart[m[0]]]
        return self._starts_loop(text, True), self._starts_loop(text, False)

    def _starts_loop(self, text: str, apart: bool | None) -> list[int]:
        """`starts` without the library, of the anchors of `apart` (True), of the others (False) or of all."""
        out = []
        for a, kind in zip(self.anchors, self._apart):
            if apart is not None and kind != apart:
                continue
            i = text.find(a)
            while i >= 0:
                out.append(i)
                end = text.find("\n", i)
                i = text.find(a, end + 1) if end >= 0 else -1
        return out

    def present(self, text: str) -> set[str]:
        if self._ac is not None:
            # overlapping search reports every occurrence of every anchor, nested ones included
            return set(self._ac.find_matches_as_strings(text, overlapping=True))
        return {a for a in self.anchors if a in text}


def have_library() -> bool:
    return _ac is not None
