"""`lazy(pattern, flags)`: a module's regex, compiled by the stdlib `re` on its first use. Most module
patterns (redaction's secret shapes, the formats of other tools' logs) go unused on a given log, and the
stdlib keeps no compiled pattern between runs: compiling them all cost every start ~12 ms."""

from __future__ import annotations

import re

_NAMES = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner", "pattern",
          "flags", "groups", "groupindex")


class lazy:  # noqa: N801 - reads like re.compile at the call sites
    def __init__(self, pattern, flags: int = 0) -> None:
        self._args = (pattern, flags)

    def __getattr__(self, name: str):  # the first use; then the pattern's own attributes are the object's
        compiled = re.compile(*self._args)
        for n in _NAMES:
            setattr(self, n, getattr(compiled, n))
        return getattr(compiled, name)
