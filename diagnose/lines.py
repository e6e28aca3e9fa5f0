"""Bytes to line records: the only module that knows about bytes, encodings and prefixes.

Input is read in bounded pieces (a line longer than MAX_LINE_BYTES is cut, the rest skipped), so
memory stays flat whatever the input. Each physical line (split on b"\\n") keeps its 1-based number;
`\\r`-redrawn progress bars collapse to their last state, other `\\r`-separated pieces become
separate records with the same number.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import stat
import sys
import zlib
from typing import BinaryIO, Iterable, Iterator

MAX_LINE_BYTES = 64 * 1024  # kept per physical line; the rest is skipped
_READ_CHUNK = 1 << 20

ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][AB012]")

# Wrappers added by the tool that collected the log (CI runners, compose, kubectl).
_CI_ISO = re.compile(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})T(?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?:Z|[+-]\d{2}:?\d{2}) "
)
_CI_BRACKET = re.compile(
    r"^\[(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[T ](?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?\] "
)
_COMPOSE = re.compile(r"^(?P<svc>[A-Za-z0-9][\w.-]*?[-_]\d+)\s*\| ?")
# Engine process tags: (EngineCore_DP0 pid=1), (VllmWorker TP1 pid=2), (RayWorkerWrapper pid=3, ip=10.0.0.2)
_PROC = re.compile(r"^\((?:(?P<proc>[^()]*?) )?pid=(?P<pid>\d+)(?:, ip=(?P<ip>[^)]+))?\) ?")
_RANK = re.compile(r"^\[rank(?P<rank>\d+)\]: ?")
_RAY_DEDUP = re.compile(r"\s*\[repeated \d+x across cluster\]\s*$")

# Headers of the writers that share an engine log.
_VLLM_HDR = re.compile(
    r"^(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<mo>\d\d)-(?P<d>\d\d) (?P<t>\d\d:\d\d:\d\d)(?P<f>\.\d+)? "
    r"\[?(?P<file>[\w./\-]+\.py):(?P<lineno>\d+)\] ?"
)
_SGL_HDR = re.compile(
    r"^\[(?:(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) )?(?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d{3})?"
    r"(?P<tags>(?: (?:DP|PP|ATTN_CP|MOE_DP|TP|EP)\d+)*)(?: (?:encode_server|encode_dp_worker\[\d+\]))?\] "
)
_UVICORN = re.compile(r"^(?P<level>TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+")
_RAY_LOG = re.compile(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<t>\d{2}:\d{2}:\d{2}),(?P<ms>\d{3})\s+(?P<level>[A-Z]+) "
    r"[\w.]+:\d+ -- "
)
_TORCH_C10 = re.compile(
    r"^\[(?P<sev>[IWEF])(?:(?P<mo>\d{1,2}?)(?P<d>\d\d) (?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?: \d+)? ?)?\s*[^\s:\]]+:\d+\] "
)
_NCCL = re.compile(r"^(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\] (?=NCCL )")
_PY_LOGGING = re.compile(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<t>\d{2}:\d{2}:\d{2}),(?P<ms>\d{3}) (?:[\w.\[\]-]+ )?(?:\d+ )?"
    r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+"
)
_SGL_TAG = re.compile(r"(DP|PP|ATTN_CP|MOE_DP|TP|EP)(\d+)")
_WORKER_RANK = re.compile(r"(?:TP|rank=|VllmWorker-|_TP)(\d+)")
_BAR = re.compile(r"\d{1,3}%(?:\||\s*Completed \|)|\|\s*\d+/\d+ \[")

_LEVELS = {"W": "WARNING", "E": "ERROR", "F": "CRITICAL", "I": "INFO", "WARN": "WARNING", "ABORT": "ERROR"}
_DAYS_BEFORE_MONTH = (0, 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335)


class InputError(Exception):
    """An input that cannot be read; the CLI prints it as one line and exits 2."""


class Line:
    """One log record. `text` is the message with every wrapper prefix stripped; `raw` is the
    line as printed (ANSI removed); `n` is the 1-based physical line number in `source`."""

    __slots__ = ("n", "source", "raw", "text", "proc", "pid", "ip", "rank", "tags", "node",
                 "level", "kind", "clock", "year", "redraws", "seq")

    def __init__(self, n: int, source: str, raw: str, text: str):
        self.n = n
        self.source = source
        self.raw = raw
        self.text = text
        self.proc: str | None = None
        self.pid: int | None = None
        self.ip: str | None = None
        self.rank: int | None = None
        self.tags: str | None = None
        self.node: str | None = None
        self.level: str | None = None
        self.kind = "raw"
        self.clock: float | None = None  # seconds since Jan 1 of an unnamed year (year-less logs)
        self.year: int | None = None
        self.redraws = 0
        self.seq = 0  # order across merged inputs

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Line({self.source}:{self.n} {self.kind} {self.proc or ''} {self.text[:60]!r})"


def _clock(mo: str, d: str, t: str, frac: str | None = None) -> float:
    m = int(mo)
    if not 1 <= m <= 12:
        m = 1
    day = _DAYS_BEFORE_MONTH[m] + int(d) - 1
    h, mi, s = t.split(":")
    value = day * 86400 + int(h) * 3600 + int(mi) * 60 + int(s)
    if frac:
        try:
            value += float(frac)
        except ValueError:
            pass
    return float(value)


def decode(data: bytes) -> str:
    """UTF-8; GB18030 when that reads cleanly as Chinese text; UTF-8 with replacement otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
        if any("\u4e00" <= ch <= "\u9fff" for ch in text):
            return text
    except UnicodeDecodeError:
        pass
    return data.decode("utf-8", "replace")


def open_input(path: str) -> tuple[BinaryIO, str]:
    """Open a file, `-` (stdin) or a .gz file for binary reading; raise InputError with a reason."""
    if path == "-":
        return sys.stdin.buffer, "<stdin>"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"cannot read {path!r}: no such file") from None
    except OSError as exc:
        raise InputError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"cannot read {path!r}: it is a directory")
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise InputError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    name = os.path.basename(path)
    if path.endswith(".gz"):
        magic = fh.peek(2)[:2] if hasattr(fh, "peek") else b""
        if magic == b"\x1f\x8b":
            return gzip.GzipFile(fileobj=fh), name  # type: ignore[return-value]
    return fh, name


def physical_lines(stream: BinaryIO) -> Iterator[bytes]:
    """Yield physical lines (without b"\\n"), each cut at MAX_LINE_BYTES; bounded memory."""
    readline = stream.readline
    try:
        while True:
            chunk = readline(MAX_LINE_BYTES)
            if not chunk:
                return
            if chunk[-1:] == b"\n":
                yield chunk[:-1]
                continue
            if len(chunk) < MAX_LINE_BYTES:  # last line without newline
                yield chunk
                return
            # too long: keep the head, skip to the end of the line
            while True:
                rest = readline(_READ_CHUNK)
                if not rest or rest[-1:] == b"\n":
                    break
            yield chunk
            if not rest:
                return
    except (OSError, EOFError, gzip.BadGzipFile, ValueError, zlib.error) as exc:  # corrupt gzip, I/O error
        raise InputError(f"input ended with a read error: {exc}") from None


def split_redraws(text: str) -> list[tuple[str, int]]:
    """Split on \\r: consecutive progress-bar states collapse to the last one (with a redraw count)."""
    if "\r" not in text:
        return [(text, 0)]
    out: list[tuple[str, int]] = []
    bar_run = 0
    for piece in text.split("\r"):
        if not piece.strip():
            continue
        is_bar = _BAR.search(piece) is not None
        if is_bar and out and bar_run:
            out[-1] = (piece, out[-1][1] + 1)
        else:
            out.append((piece, 0))
        bar_run = 1 if is_bar else 0
    return out or [("", 0)]


class LineParser:
    """Stateful prefix parser for one input (it tracks year rollover of year-less timestamps)."""

    def __init__(self, source: str):
        self.source = source
        self._last_clock: float | None = None
        self._rollover = 0.0

    def _stamp(self, line: Line, clock: float, year: int | None = None) -> None:
        # Year-less clocks: a jump back of more than ~half a year is a new year.
        if year is None and self._last_clock is not None and clock + self._rollover < self._last_clock - 180 * 86400:
            self._rollover += 366 * 86400
        value = clock + self._rollover
        line.clock = value
        if year is not None:
            line.year = year
        self._last_clock = value

    def parse(self, n: int, raw: str, redraws: int = 0) -> Line:
        if "\x1b" in raw:
            raw = ANSI_RE.sub("", raw)
        if "\x00" in raw:
            raw = raw.replace("\x00", "")
        line = Line(n, self.source, raw, raw)
        line.redraws = redraws
        text = raw
        # 1. collector prefixes (may be stacked: CI timestamp then compose service)
        for _ in range(2):
            if not text:
                break
            c = text[0]
            if c.isdigit():
                m = _CI_ISO.match(text)
                if m:
                    self._stamp(line, _clock(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
                    text = text[m.end():]
                    continue
            elif c == "[":
                m = _CI_BRACKET.match(text)
                if m:
                    self._stamp(line, _clock(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
                    text = text[m.end():]
                    continue
            if "|" in text[:64]:
                m = _COMPOSE.match(text)
                if m:
                    line.node = line.node or m["svc"]
                    text = text[m.end():]
                    continue
            break
        # 2. process tags and rank prefixes (may repeat: Ray tag before vLLM's own)
        while text and text[0] in "([":
            if text[0] == "(":
                m = _PROC.match(text)
                if not m:
                    break
                line.proc = m["proc"] or line.proc or "proc"
                line.pid = int(m["pid"])
                if m["ip"]:
                    line.ip = m["ip"]
                    line.node = m["ip"]
                text = text[m.end():]
            else:
                m = _RANK.match(text)
                if not m:
                    break
                line.rank = int(m["rank"])
                text = text[m.end():]
        if line.proc and line.rank is None:
            m = _WORKER_RANK.search(line.proc)
            if m:
                line.rank = int(m.group(1))
        if "repeated" in text and "across cluster" in text:
            text = _RAY_DEDUP.sub("", text)
        # 3. the writer's header
        if text:
            c = text[0]
            m = None
            if c in "DIWEC":
                m = _VLLM_HDR.match(text)
                if m:
                    line.kind = "vllm"
                    line.level = m["level"]
                    self._stamp(line, _clock(m["mo"], m["d"], m["t"], m["f"]))
                    text = text[m.end():]
                else:
                    m = _UVICORN.match(text)
                    if m:
                        line.kind = "uvicorn"
                        line.level = m["level"]
                        text = text[m.end():]
            elif c == "[":
                m = _SGL_HDR.match(text)
                if m:
                    line.kind = "sglang"
                    if m["mo"]:
                        self._stamp(line, _clock(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
                    tags = m["tags"].strip()
                    if tags:
                        line.tags = tags
                        for kind, num in _SGL_TAG.findall(tags):
                            if kind == "TP":
                                line.rank = int(num)
                    text = text[m.end():]
                    m2 = _UVICORN.match(text)
                    if m2:
                        line.kind = "uvicorn"
                        line.level = m2["level"]
                        text = text[m2.end():]
                else:
                    m = _TORCH_C10.match(text)
                    if m:
                        line.kind = "torch"
                        line.level = _LEVELS.get(m["sev"], "INFO")
                        if m["mo"]:
                            self._stamp(line, _clock(m["mo"], m["d"], m["t"], m["f"]))
                        text = text[m.end():]
            elif c.isdigit():
                m = _RAY_LOG.match(text) or _PY_LOGGING.match(text)
                if m:
                    line.kind = "ray" if "--" in m.group(0) else "pylog"
                    line.level = m["level"]
                    self._stamp(line, _clock(m["mo"], m["d"], m["t"], "." + m["ms"]), int(m["y"]))
                    text = text[m.end():]
            if line.kind == "raw" and " NCCL " in text[:80]:
                m = _NCCL.match(text)
                if m:
                    line.kind = "nccl"
                    line.node = line.node or m["host"]
                    line.pid = int(m["pid"])
                    if line.rank is None:
                        line.rank = None
                    rest = text[m.end():]
                    lvl = rest[5:].split(" ", 1)[0]
                    line.level = _LEVELS.get(lvl, lvl)
                    text = rest
        line.text = text.rstrip()
        return line


def iter_records(stream: BinaryIO, source: str) -> Iterator[Line]:
    parser = LineParser(source)
    n = 0
    for data in physical_lines(stream):
        n += 1
        text = decode(data)
        if text.endswith("\r"):
            text = text.rstrip("\r")
        for piece, redraws in split_redraws(text):
            yield parser.parse(n, piece, redraws)


def read_lines(path: str) -> Iterator[Line]:
    """Records of one input (a path, '-' or a .gz file)."""
    stream, name = open_input(path)
    try:
        yield from iter_records(stream, name)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def lines_from_text(text: str, source: str = "<text>") -> list[Line]:
    """Records of an in-memory log (tests, rule examples)."""
    return list(iter_records(io.BytesIO(text.encode("utf-8")), source))


def iter_inputs(paths: Iterable[str]) -> Iterator[Line]:
    """Records of several inputs one after another (a time-merge comes with multi-node support)."""
    seq = 0
    for path in paths:
        for line in read_lines(path):
            seq += 1
            line.seq = seq
            yield line
