"""How far `explain` has read a big input, on stderr (the report on stdout is unchanged).

`explain` reads a 1 GB log in about half a minute; a support engineer running it over a 10 GB
`NCCL_DEBUG=INFO` log should not stare at a silent terminal for five. `Progress` is told the
position in the input now and then (`Analyzer.feed_inputs(progress=...)`) and shows, once the
run has taken `DELAY_S`, how much is read, the rate and the time left: on a terminal as one
line redrawn in place and wiped at the end, elsewhere (`--progress` in CI) as a line every
`EVERY_PLAIN_S`. stdin has no size: nothing is shown for it.
"""

from __future__ import annotations

import time
from typing import Callable, TextIO

from diagnose.render.text import fmt_dur

DELAY_S = 1.5  # a run shorter than this shows nothing
EVERY_S = 0.25  # redraws on a terminal
EVERY_PLAIN_S = 10.0  # lines elsewhere


def _size(n: float) -> str:
    for unit, div in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= div:
            return f"{n / div:.1f} {unit}"
    return f"{n:.0f} B"


class Progress:
    def __init__(self, out: TextIO, name: str, total: int, tty: bool, clock: Callable[[], float] = time.monotonic):
        self.out = out
        self.name = name
        self.total = max(1, total)
        self.tty = tty
        self.clock = clock
        self.started = clock()
        self.last_shown: float | None = None
        self.shown = False

    def __call__(self, done: int) -> None:
        now = self.clock()
        elapsed = now - self.started
        if elapsed < DELAY_S:
            return
        if self.last_shown is not None and now - self.last_shown < (EVERY_S if self.tty else EVERY_PLAIN_S):
            return
        self.last_shown = now
        done = min(max(done, 0), self.total)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", about {fmt_dur((self.total - done) / rate)} left" if rate > 0 and done < self.total else ""
        msg = (f"llmdiag: reading {self.name}: {_size(done)} of {_size(self.total)} "
               f"({100 * done / self.total:.0f}%), {rate / 1e6:.0f} MB/s{left}")
        try:
            if self.tty:
                self.out.write("\r\x1b[K" + msg)
            else:
                self.out.write(msg + "\n")
            self.out.flush()
        except (OSError, ValueError):  # stderr gone: the report still goes to stdout
            self.tty = False
            self.last_shown = float("inf")
            return
        self.shown = True

    def close(self) -> None:
        """Wipe the redrawn line (the report follows on stdout, maybe on the same terminal)."""
        if self.shown and self.tty:
            try:
                self.out.write("\r\x1b[K")
                self.out.flush()
            except (OSError, ValueError):
                pass
