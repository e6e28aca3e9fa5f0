"""Stops the server's process group when `llmdiag run` ends without doing it (SIGKILL, a crash).

Started by `run` before the server, as `python -m diagnose.live.reaper KILL_AFTER` in a session of
its own, with the read end of a pipe as stdin; only `run` holds the write end. `run` writes
`pgid N` once the server is started and `done` when it ends normally. End of file without `done`
means `run` is gone: the group gets SIGTERM, and SIGKILL KILL_AFTER seconds later if any of it is
left. A pipe's end of file works on every POSIX system and also covers the server's own children,
which a parent-death signal (Linux prctl) would not. The one case it cannot cover: `run` killed
between the server's fork and its `pgid` message (microseconds; the server's group is then left).
"""

from __future__ import annotations

import os
import signal
import sys
import time


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a member that changed user: not ours to wait for
        return False
    return True


def stop_group(pgid: int, kill_after: float, notify=None) -> None:
    """SIGTERM to the group, then SIGKILL to what is left of it `kill_after` seconds later."""
    try:
        os.killpg(pgid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        return
    kill_group_after(pgid, time.monotonic() + kill_after, kill_after, notify)


def kill_group_after(pgid: int, kill_at: float, kill_after: float, notify=None, reap=None) -> None:
    """Wait (at most until `kill_at`) for the group to end; SIGKILL what is left of it then.
    `reap`: called each time round by the leader's parent (else the exited leader stays a member)."""
    while True:
        if reap is not None:
            reap()
        if not group_alive(pgid):
            return
        if time.monotonic() >= kill_at:
            if notify is not None:
                notify(f"the server's process group {pgid} did not stop within {kill_after:g}s of the signal; "
                       "sending SIGKILL")
            try:
                os.killpg(pgid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            return
        time.sleep(0.05)


def main(argv: list[str]) -> int:
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    kill_after = float(argv[0]) if argv else 10.0
    data = b""
    while True:
        try:
            chunk = os.read(0, 256)
        except OSError:
            chunk = b""
        if not chunk:
            break
        data += chunk
    words = data.split()
    if b"done" in words or b"pgid" not in words:
        return 0
    try:
        pgid = int(words[words.index(b"pgid") + 1])
    except (IndexError, ValueError):
        return 0
    if pgid > 1:
        stop_group(pgid, kill_after)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
