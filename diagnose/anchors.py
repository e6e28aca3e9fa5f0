"""Which literal anchors occur in a text: one Aho-Corasick pass instead of one `in` per anchor.

The marker scanner and the rule matcher gate every regex on a literal anchor. With ~450 anchors a
loop of `anchor in text` costs ~100 µs per line; one automaton pass over the line (ahocorasick-rs,
Rust, abi3 wheels everywhere) costs ~4 µs and gives the same answer. Without the library the loop
is used, so results never depend on it (see docs/performance.md for the measurements).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import partial
from typing import Iterable

try:
    import ahocorasick_rs as _ac
except ImportError:  # pragma: no cover - the dependency is declared; this keeps a broken install working
    _ac = None


class AnchorIndex:
    """`present(text)`: the set of anchors that occur in `text` (exactly `{a for a in anchors if a in text}`)."""

    __slots__ = ("anchors", "_ac", "found", "_apart", "_needs", "_apart_if")

    def __init__(self, anchors: Iterable[str], use_library: bool = True, apart: Iterable[str] = (),
                 needs: dict | None = None, apart_if: Iterable[str] = ()):
        """`apart`: anchors whose places `starts_apart` gives apart from the others'. `needs`: anchor ->
        what a line that holds it must hold as well to count (alternatives, each clauses of literals
        as matcher.required_literals gives them; see starts_apart). `apart_if`: anchors of `needs`
        whose places count apart where the line holds what they need."""
        self.anchors = tuple(sorted({a for a in anchors if a}))
        apart = set(apart)
        self._apart = tuple(a in apart for a in self.anchors)
        self._needs = tuple(map(needs.get, self.anchors)) if needs else None
        apart_if = set(apart_if)
        self._apart_if = tuple(a in apart_if for a in self.anchors) if apart_if else None
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
        return [m[1] for m in self._places(text)]

    def starts_apart(self, text: str) -> tuple[list[int], list[int]]:
        """`starts` in two: places of anchors of `apart`, and places of the others. Each line that
        holds an anchor has a place in one of them (an anchor may hide one of the other kind that
        it overlaps: a line in the second list may hold an anchor of `apart` as well). With `needs`,
        every occurrence is looked at (none hidden), and a line whose every anchor needs what the
        line does not hold has no place; a place of an `apart_if` anchor goes with the first kind where
        its line holds what it needs."""
        needs = self._needs
        found = self._places(text, needs is not None)
        apart = self._apart
        hard = [m[1] for m in found if apart[m[0]]]
        if needs is None:
            return hard, [m[1] for m in found if not apart[m[0]]]
        soft = sorted(m[1] for m in found if needs[m[0]] is None and not apart[m[0]])
        places = len(soft)
        end = -1  # where the line of the last place looked at ends, the line, and whether it counts
        at = 0
        line = ""
        counts = False
        apart_if = self._apart_if
        moved = False
        looked = [m for m in found if needs[m[0]] is not None and not apart[m[0]]]
        if looked:
            # A line holds what an anchor needs only where the block does: an anchor whose needs the
            # block lacks is dropped for all its places at once (an access log's every line holds
            # ` HTTP/`, which needs a `://` no access line holds)
            able = {i for i in {m[0] for m in looked} if any(holds(alt, text) for alt in needs[i])}
            looked = [m for m in looked if m[0] in able] if able else ()
        for i, start, _ in looked:
            if start > end:  # (the library reports places in the order they end: lines in order)
                at = text.rfind("\n", 0, start) + 1
                end = text.find("\n", start) % (len(text) + 1)
                k = bisect_left(soft, at, 0, places)
                counts = k < places and soft[k] < end  # (another anchor of the line counts already)
                line = "" if counts else text[at:end]
            if apart_if is not None and apart_if[i]:
                if any(holds(alt, line or text[at:end]) for alt in needs[i]):
                    hard.append(start)
                    moved = True
                continue
            if not counts:
                # (`in` on the line for each literal: a regex of look-aheads took 3-5x as long)
                counts = any(holds(alt, line) for alt in needs[i])
                if counts:
                    soft.append(start)
        if moved:
            hard.sort()
        return hard, soft

    def _places(self, text: str, every: bool = False) -> list:
        """(anchor index, start, end) of anchors in `text`: with the library, each occurrence it
        reports (`every`: overlapping ones too); without, the first of each anchor in each line."""
        if self._ac is not None:
            return self._ac.find_matches_as_indexes(text, overlapping=every)
        out = []
        for k, a in enumerate(self.anchors):
            i = text.find(a)
            while i >= 0:
                out.append((k, i, i + len(a)))
                end = text.find("\n", i)
                i = text.find(a, end + 1) if end >= 0 else -1
        return out

    def present(self, text: str) -> set[str]:
        if self._ac is not None:
            # overlapping search reports every occurrence of every anchor, nested ones included
            return set(self._ac.find_matches_as_strings(text, overlapping=True))
        return {a for a in self.anchors if a in text}


def holds(needs: tuple[tuple[str, ...], ...], text: str) -> bool:
    """Whether `text` holds a literal of every clause of `needs` (see matcher.required_literals)."""
    for clause in needs:
        for a in clause:
            if a in text:
                break
        else:
            return False
    return True


def have_library() -> bool:
    return _ac is not None
