#!/usr/bin/env python3
"""Batch aq: a log collector that stops reading. Shrinks its stdin pipe to 4096 bytes, copies lines to stdout until
one contains PATTERN (that line included), then sleeps without reading, so the writers block once the pipe is full.
    ... 2>&1 | python3 stall_reader.py PATTERN"""
import fcntl, sys, time
fcntl.fcntl(0, fcntl.F_SETPIPE_SZ, 4096)
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    out.write(line); out.flush()
    if sys.argv[1].encode() in line:
        break
time.sleep(100000)
