"""`llmdiag replay`: write a saved log to stdout with its original timing, byte for byte.

The timing comes from the timestamps the log carries (engine headers, CI prefixes). Lines without
a timestamp follow the previous one at once, except `\\r` progress-bar redraws, which are spread
over the time until the next timestamped line so that bars move as they did.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from diagnose.lines import MAX_LINE_BYTES, LineParser, decode, open_input
from diagnose.live.passthrough import write_all

_READ = 1 << 20
_MAX_PENDING = 1000


def replay(path: str, speed: float = 1.0, max_gap: float | None = None, out_fd: int = 1,
           sleep: Callable[[float], None] = time.sleep) -> int:
    stream, name = open_input(path)
    parser = LineParser(name)
    prev: float | None = None
    pending: list[bytes] = []

    def gap_to(clock: float | None) -> float:
        if clock is None or prev is None:
            return 0.0
        g = max(0.0, clock - prev) / speed
        return min(g, max_gap) if max_gap else g

    def flush(gap: float) -> None:
        pieces = sum(line.count(b"\r") for line in pending if b"\r" in line.rstrip(b"\r\n"))
        per = gap / (pieces + 1) if pieces else 0.0
        for line in pending:
            body = line.rstrip(b"\r\n")
            if per and b"\r" in body:
                parts = line.split(b"\r")
                for i, part in enumerate(parts):
                    write_all(out_fd, part + (b"\r" if i < len(parts) - 1 else b""))
                    if i < len(parts) - 1:
                        sleep(per)
            else:
                write_all(out_fd, line)
        pending.clear()
        rest = gap - per * pieces
        if rest > 0:
            sleep(rest)

    try:
        while True:
            line = stream.readline(_READ)
            if not line:
                break
            clock = None
            try:
                clock = parser.parse(0, decode(line[:MAX_LINE_BYTES]).rstrip("\r\n").split("\r")[-1]).clock
            except Exception:  # noqa: BLE001 - a line we cannot parse is written without a pause
                clock = None
            if clock is None and len(pending) < _MAX_PENDING:
                pending.append(line)
                continue
            flush(gap_to(clock))
            write_all(out_fd, line)
            if clock is not None:
                prev = clock
        flush(0.0)
    except BrokenPipeError:
        return 0
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return 0
