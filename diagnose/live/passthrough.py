"""The passthrough: every input byte to stdout, unchanged and at once, whatever the analysis does.

It runs in its own process (the analysis runs in another, see worker.py), so a slow or broken
analysis cannot hold the GIL, block a write or raise into this loop. Analysis input goes out as
frames on a non-blocking pipe with a bounded backlog: when the backlog is full the frame is
dropped and the next frame says how many bytes and newlines were skipped.
"""

from __future__ import annotations

import errno
import os
import select
import struct
import time
from collections import deque
from typing import Callable

CHUNK = 256 * 1024
BACKLOG_LIMIT = 16 * 1024 * 1024  # bytes of analysis frames held while the analysis is busy
PIPE_SIZE = 1 << 20

# frame: kind (1 byte), payload length, bytes and newlines dropped just before this frame
HEADER = struct.Struct("<cIQQ")
DATA, EXIT, TIMEOUT = b"D", b"X", b"T"


def frame(kind: bytes, payload: bytes, gap_bytes: int = 0, gap_newlines: int = 0) -> bytes:
    return HEADER.pack(kind, len(payload), gap_bytes, gap_newlines) + payload


class FrameReader:
    """Reassembles frames from the bytes read off the pipe."""

    def __init__(self) -> None:
        self.buf = bytearray()

    def feed(self, data: bytes) -> list[tuple[bytes, bytes, int, int]]:
        self.buf += data
        out = []
        size = HEADER.size
        while len(self.buf) >= size:
            kind, length, gap_b, gap_n = HEADER.unpack_from(self.buf)
            if len(self.buf) < size + length:
                break
            out.append((kind, bytes(self.buf[size:size + length]), gap_b, gap_n))
            del self.buf[:size + length]
        return out


def set_pipe_size(fd: int, size: int = PIPE_SIZE) -> None:
    """Best effort (Linux): a larger pipe lets a busy analysis catch up without drops."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), size)
    except (OSError, ImportError, ValueError):
        pass


def write_all(fd: int, data) -> None:
    """os.write until done: partial writes, EINTR (retried by Python) and a non-blocking fd."""
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            select.select([], [fd], [], 1.0)
            continue
        view = view[n:]


class Passthrough:
    """One input fd to stdout (and an optional raw log), with analysis frames on the side."""

    def __init__(self, in_fd: int, out_fd: int = 1, sink_fd: int | None = None, log_fd: int | None = None,
                 notify: Callable[[str], None] | None = None, backlog_limit: int = BACKLOG_LIMIT,
                 chunk: int = CHUNK):
        self.in_fd = in_fd
        self.out_fd = out_fd
        self.sink_fd = sink_fd
        self.log_fd = log_fd
        self.notify = notify or (lambda msg: None)
        self.backlog_limit = backlog_limit
        self.chunk = chunk
        self.out_ok = True
        self.sink_ok = sink_fd is not None
        self.analysis_lost = False
        self.backlog: deque[memoryview] = deque()
        self.backlog_bytes = 0
        self.gap_bytes = 0
        self.gap_newlines = 0
        self.bytes_in = 0
        self.last_byte = b"\n"
        self.eof = False
        self.poll = select.poll()
        self.poll.register(in_fd, select.POLLIN)
        self._sink_polled = False
        self.extra: dict[int, Callable[[], None]] = {}

    # -- outputs ------------------------------------------------------------------------------
    def _out(self, data: bytes) -> None:
        if not self.out_ok:
            return
        try:
            write_all(self.out_fd, data)
        except OSError as exc:  # EPIPE: the reader went away; EIO: the terminal is gone
            self.out_ok = False
            why = "closed by its reader" if exc.errno == errno.EPIPE else f"not writable ({exc.strerror})"
            self.notify(f"stdout was {why}; still reading the input so the server is not hurt")

    def _log(self, data: bytes) -> None:
        if self.log_fd is None:
            return
        try:
            write_all(self.log_fd, data)
        except OSError as exc:
            self.notify(f"--log: write failed ({exc.strerror}); the raw log is incomplete from here")
            self.log_fd = None

    def send(self, kind: bytes, payload: bytes) -> None:
        """Queue a frame for the analysis; never blocks. Data that does not fit is dropped."""
        if not self.sink_ok:
            return
        if kind == DATA and self.backlog_bytes + len(payload) > self.backlog_limit:
            self.gap_bytes += len(payload)
            self.gap_newlines += payload.count(b"\n")
            return
        fr = frame(kind, payload, self.gap_bytes, self.gap_newlines) if kind == DATA else frame(kind, payload)
        if kind == DATA:
            self.gap_bytes = self.gap_newlines = 0
        self.backlog.append(memoryview(fr))
        self.backlog_bytes += len(fr)
        self.pump()

    def pump(self) -> None:
        """Write as much backlog as the analysis pipe takes without blocking."""
        while self.backlog and self.sink_ok:
            head = self.backlog[0]
            try:
                n = os.write(self.sink_fd, head)  # type: ignore[arg-type]
            except BlockingIOError:
                break
            except OSError:  # the analysis process died: keep passing bytes without it
                self.sink_ok = False
                self.backlog.clear()
                self.backlog_bytes = 0
                self.analysis_lost = True
                self.notify("the analysis stopped; the log still passes through unchanged")
                break
            self.backlog_bytes -= n
            if n == len(head):
                self.backlog.popleft()
            else:
                self.backlog[0] = head[n:]
        want = bool(self.backlog) and self.sink_ok
        if want != self._sink_polled:
            if want:
                self.poll.register(self.sink_fd, select.POLLOUT)  # type: ignore[arg-type]
            else:
                self.poll.unregister(self.sink_fd)  # type: ignore[arg-type]
            self._sink_polled = want

    # -- loop ---------------------------------------------------------------------------------
    def watch_fd(self, fd: int, callback: Callable[[], None]) -> None:
        """Call `callback` when `fd` is readable (the analysis's control messages in `run`)."""
        self.extra[fd] = callback
        self.poll.register(fd, select.POLLIN)

    def unwatch_fd(self, fd: int) -> None:
        if self.extra.pop(fd, None) is not None:
            self.poll.unregister(fd)

    def step(self, timeout_s: float | None = None) -> bool:
        """One round: read what is there, pass it on. False once the input has ended."""
        if self.eof:
            return False
        try:
            events = self.poll.poll(None if timeout_s is None else int(timeout_s * 1000))
        except InterruptedError:  # pragma: no cover - PEP 475 retries; kept for safety
            return True
        for fd, ev in events:
            if fd == self.in_fd:
                self._read()
            elif fd == self.sink_fd:
                self.pump()
            elif fd in self.extra:
                self.extra[fd]()
        return not self.eof

    def _read(self) -> None:
        try:
            data = os.read(self.in_fd, self.chunk)
        except BlockingIOError:
            return
        except OSError:  # EIO from a closed terminal or pty: the input has ended
            data = b""
        if not data:
            self.eof = True
            self.poll.unregister(self.in_fd)
            return
        self.bytes_in += len(data)
        self.last_byte = data[-1:]
        # the raw log first: what the reader of stdout has seen is in the file, even when this process
        # is killed right after (a fast child's whole output can come in one read)
        self._log(data)
        self._out(data)
        self.send(DATA, data)

    def run(self) -> None:
        while self.step(None if not self.extra and not self.backlog else 0.5):
            pass

    def finish(self, timeout_s: float = 30.0) -> None:
        """Hand the rest of the backlog to the analysis (it is reading) and close its pipe."""
        if self.sink_fd is None:
            return
        deadline = time.monotonic() + timeout_s
        while self.backlog and self.sink_ok and time.monotonic() < deadline:
            select.select([], [self.sink_fd], [], 0.5)
            self.pump()
        if self.backlog and self.sink_ok:
            self.notify(f"the analysis did not take the last {self.backlog_bytes} bytes; the summary may miss them")
        if self._sink_polled:
            self.poll.unregister(self.sink_fd)
            self._sink_polled = False
        try:
            os.close(self.sink_fd)
        except OSError:
            pass
        self.sink_fd = None
        self.sink_ok = False
