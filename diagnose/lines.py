"""Bytes to line records: the only module that knows about bytes, encodings and prefixes.

Input is read in bounded pieces (a line longer than MAX_LINE_BYTES is cut, the rest skipped), so
memory stays flat whatever the input. Each physical line (split on b"\\n") keeps its 1-based number;
`\\r`-redrawn progress bars collapse to their last state, other `\\r`-separated pieces become
separate records with the same number.
"""

from __future__ import annotations

import heapq
import io
import os
import re
import stat
import sys
import zlib
from typing import BinaryIO, Callable, Iterable, Iterator

from diagnose.lazyre import lazy

MAX_LINE_BYTES = 64 * 1024  # kept per physical line; the rest is skipped
_BLOCK = 64 << 10  # read size of a whole input (larger blocks cost memory, not time)

ANSI_RE = lazy(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][AB012]")
# the same colour codes as `cat -v` and vim show them (and pages that copied such a view): ESC as "^[",
# a line's carriage return as "^M" at its end (a vllm-ascend thread's excerpt, batch zh-132)
CARET_ANSI = "^[["
CARET_CR = "^M"
CARET_ANSI_RE = lazy(r"\^\[\[[0-9;?]*[A-Za-z]")

# Wrappers added by the tool that collected the log (CI runners, compose, kubectl).
_CI_ISO = lazy(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[T ](?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?:Z|[+-]\d{2}:?\d{2})? "
)
_CI_BRACKET = lazy(
    r"^\[(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[T ](?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?\] "
)
ELIDED = "[...] "  # what a pasted excerpt puts where it cut a line's head (see LineParser.parse)
# kubectl logs --prefix (and tools built on its writer): `[pod/NAME/CONTAINER] `, `[node/NAME] `
_KUBECTL = lazy(r"^\[(?:pod/(?P<pod>[^/\]\s]+)/[^\]\s]*|node/(?P<node>[^\]\s]+))\] ")
# docker compose: `svc-1  | ` (service and index), or `vllm     | ` (a container_name, padded to the widest)
_COMPOSE = lazy(r"^(?:(?P<svc>[A-Za-z0-9][\w.-]*?[-_]\d+)\s*|(?P<name>[A-Za-z0-9][\w.-]*)\s+)\| ?")
# Engine process tags: (EngineCore_DP0 pid=1), (VllmWorker TP1 pid=2), (RayWorkerWrapper pid=3, ip=10.0.0.2)
_PROC = lazy(r"^\((?:(?P<proc>[^()]*?) )?pid=(?P<pid>\d+)(?:, ip=(?P<ip>[^)]+))?\) ?")
_RANK = lazy(r"^\[rank(?P<rank>\d+)\]: ?")
_RAY_DEDUP = lazy(r"\s*\[repeated (?P<n>\d+)x across cluster\]\s*$")
# Ray's own C++ log lines (raylet.out, gcs_server.out): [2024-11-05 10:12:46,300 I 1234 1234] (raylet) main.cc:1]
_RAY_CPP = lazy(
    r"^\[(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<t>\d{2}:\d{2}:\d{2}),(?P<ms>\d{3}) (?P<sev>[DIWEF]) \d+ \d+\] "
    r"(?:\((?P<comp>[\w-]+)\) )?(?:[\w.]+:\d+: )?"
)
# Header lines Ray writes at the top of a worker-*.out / .err file (read by its log monitor).
_RAY_WORKER_HDR = lazy(r"^:(?P<key>actor_name|job_id|task_name):(?P<value>.*)$")
# NCCL names a process's global rank in its communicator lines; its [N] prefix is the local device.
_NCCL_COMM_RANK = lazy(r"\bcomm 0x[0-9a-f]+ rank (?P<rank>\d+) n[Rr]anks (?P<n>\d+)")

# Headers of the writers that share an engine log.
_VLLM_HDR = lazy(
    r"^(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<mo>\d\d)-(?P<d>\d\d) (?P<t>\d\d:\d\d:\d\d)(?P<f>\.\d+)? "
    r"\[?(?P<file>[\w./\-]+\.py):(?P<lineno>\d+)\] ?"
)
_SGL_HDR = lazy(
    r"^\[(?:(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) )?(?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d{3})?"
    r"(?P<tags>(?: (?:DP|PP|ATTN_CP|MOE_DP|TP|EP)\d+)*)(?: (?:encode_server|encode_dp_worker\[\d+\]))?\] "
)
_UVICORN = lazy(r"^(?P<level>TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+")
_RAY_LOG = lazy(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<t>\d{2}:\d{2}:\d{2}),(?P<ms>\d{3})\s+(?P<level>[A-Z]+) "
    r"[\w.]+:\d+ -- "
)
_TORCH_C10 = lazy(
    r"^\[(?P<sev>[IWEF])(?:(?P<mo>\d{1,2}?)(?P<d>\d\d) (?P<t>\d{2}:\d{2}:\d{2})(?P<f>\.\d+)?(?: \d+)? ?)?\s*[^\s:\]]+:\d+\] "
)
_NCCL = lazy(r"^(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\] (?:[\w./\-]+:\d+ )?(?=NCCL )")
_PY_LOGGING = lazy(
    r"^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<t>\d{2}:\d{2}:\d{2}),(?P<ms>\d{3}) (?:[\w.\[\]-]+ )?(?:\d+ )?"
    r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+"
)
# Rust's `tracing` (SGLang's Rust HTTP server, SGLANG_RUST_SERVER=1; the sgl router) after its ISO stamp
# (read as a collector's): ` INFO sglang_server::api_server::http::app: The server is fired up ...`
_RUST_TRACING = lazy(r"^ ?(?P<level>TRACE|DEBUG|INFO|WARN|ERROR) (?:[a-z_]\w*\{[^{}]*\}:)*[a-z_]\w*(?:::\w+)+: ")
_SGL_TAG = lazy(r"(DP|PP|ATTN_CP|MOE_DP|TP|EP)(\d+)")
_WORKER_RANK = lazy(r"(?:TP|rank=|VllmWorker-|_TP)(\d+)")
_BAR = lazy(r"\d{1,3}%(?:\||\s*Completed \|)|\|\s*\d+/\d+ \[")

_MAX_NCCL_PROCS = 4096  # NCCL processes whose rank a parser remembers (bounded memory)
_LEVELS = {"W": "WARNING", "E": "ERROR", "F": "CRITICAL", "I": "INFO", "D": "DEBUG", "WARN": "WARNING", "ABORT": "ERROR"}
LOUD = ("ERROR", "CRITICAL")  # the levels of a line that may end a start (Timeline.feed keeps it: tail_error)
LOUD_WORDS = tuple(sorted({*LOUD, *(w for w, level in _LEVELS.items() if level in LOUD)}))  # words read as one
_DAYS_BEFORE_MONTH = (0, 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335)


def nccl_level(rest: str) -> str:
    """The level of an NCCL line, from what follows its head (`NCCL WARN ...`)."""
    lvl = rest[5:].split(" ", 1)[0]
    return _LEVELS.get(lvl, lvl)


_WORKER_RANK_OF: dict[str, int | None] = {}


def worker_rank(proc: str) -> int | None:
    """The rank a process tag names (`VllmWorker TP1`), remembered: a log has few process names."""
    try:
        return _WORKER_RANK_OF[proc]
    except KeyError:
        pass
    m = _WORKER_RANK.search(proc)
    rank = int(m.group(1)) if m else None
    if len(_WORKER_RANK_OF) >= 4096:
        _WORKER_RANK_OF.clear()
    _WORKER_RANK_OF[proc] = rank
    return rank


class InputError(Exception):
    """An input that cannot be read; the CLI prints it as one line and exits 2."""


class Line:
    """One log record. `text` is the message with every wrapper prefix stripped; `raw` is the
    line as printed (ANSI removed); `n` is the 1-based physical line number in `source`."""

    __slots__ = ("n", "source", "raw", "text", "proc", "pid", "ip", "rank", "tags", "node",
                 "level", "kind", "clock", "year", "redraws", "seq", "dev", "repeated")

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
        self.dev: int | None = None  # NCCL's [N] prefix: the CUDA device index on its node
        self.repeated = 0  # Ray de-duplication: "[repeated Nx across cluster]" (this line stands for N more)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Line({self.source}:{self.n} {self.kind} {self.proc or ''} {self.text[:60]!r})"


def clock_datetime(clock: float, year: int):
    """A clock of this module as a naive datetime of `year`. The clock counts seconds from Jan 1 on a
    calendar where February always has 29 days (a year-less log cannot tell), and a year rollover
    adds 366 days: both are undone here, so Oct 14 is Oct 14 in any year. None if out of range."""
    from bisect import bisect_right
    from datetime import datetime, timedelta

    try:
        years, rest = divmod(float(clock), 366 * 86400)
        day, secs = divmod(rest, 86400)
        month = bisect_right(_DAYS_BEFORE_MONTH, int(day)) - 1
        y = year + int(years)
        first = datetime(y, month, 1)
        return first + timedelta(days=int(day) - _DAYS_BEFORE_MONTH[month], seconds=secs)
    except (OverflowError, ValueError):
        return None


def stamp_seconds(mo: str, d: str, t: str, frac: str | None = None) -> float:
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


def engine_header(raw: str) -> bool:
    """Whether a line starts with a vLLM header or a uvicorn level (the parser strips both)."""
    return _VLLM_HDR.match(raw) is not None or _UVICORN.match(raw) is not None


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
        if sys.stdin is None:  # the descriptor was closed before the start (`<&-`)
            raise InputError("cannot read stdin: it is closed")
        return _gunzipped(getattr(sys.stdin, "buffer", sys.stdin)), "<stdin>"
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
    return _gunzipped(fh), display_name(os.path.basename(path))


def _gunzipped(fh: BinaryIO) -> BinaryIO:
    """The stream itself, or its decompressed bytes when it starts with the gzip magic (a .gz file,
    `zcat`-less stdin, a rotated log without the .gz name): the one place that decides. Plain text
    never starts with \\x1f\\x8b."""
    if not hasattr(fh, "peek"):
        try:
            fh = io.BufferedReader(fh)  # type: ignore[arg-type]  # (an in-memory stdin in a test runner)
        except (AttributeError, TypeError, ValueError):
            return fh
    try:
        magic = fh.peek(2)[:2]  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return fh
    if magic == b"\x1f\x8b":
        import gzip  # (only for a gzip input)

        return gzip.GzipFile(fileobj=fh)  # type: ignore[return-value]
    return fh


def display_name(name: str) -> str:
    """A file name as reports print it: a name that is not UTF-8 (os.fsdecode keeps its bytes as lone
    surrogates) gets U+FFFD for each bad byte, so every format (JSON included) stays valid UTF-8."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        pass
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that is no escaped byte
        return name.encode("utf-8", "replace").decode("utf-8")


class LineSplitter:
    """Bytes in, records out: the one place where bytes become lines. `feed(data)` returns the
    records the bytes complete, `close()` those of a last line without a newline. It owns the
    unfinished line (`partial`, cut at MAX_LINE_BYTES), decoding and redraw splitting (`records`);
    `n` counts the physical lines so far, read (`feed`, `follow`) or not (`count`, `gap`)."""

    __slots__ = ("n", "_head", "_drop")

    def __init__(self) -> None:
        self.n = 0
        self._head = b""  # start of a line that continues in the next bytes (cut at MAX_LINE_BYTES)
        self._drop = False  # the bytes up to the next newline end a line not seen whole (see `gap`)

    @property
    def partial(self) -> bytes:
        """The unfinished line (a progress bar being redrawn, as written so far)."""
        return self._head

    def lines(self, data: bytes) -> list[bytes]:
        """The physical lines (without b"\\n", each cut at MAX_LINE_BYTES) that `data` completes."""
        limit = MAX_LINE_BYTES
        parts = data.split(b"\n")
        last = parts.pop()
        if parts:
            if self._drop:
                self._drop = False
                self.n += 1
                del parts[0]
            elif self._head:
                parts[0] = self._head + parts[0]
                self._head = b""
            for i, line in enumerate(parts):
                if len(line) > limit:
                    parts[i] = line[:limit]
        if not self._drop and last:
            self._head = (self._head + last)[:limit]
        return parts

    def feed(self, data: bytes) -> list[tuple[int, str, int]]:
        """(line number, text, redraws) of each record that `data` completes."""
        return self.records(decode_batch(self.lines(data)))

    def feed_block(self, data: bytes) -> tuple[int, str | None, list[tuple[int, str, int]]]:
        """`feed` for a reader that takes whole blocks: (the number of the line before the first one,
        the decoded text of the physical lines `data` completes joined by "\\n", []) when they are
        UTF-8 (a line that `expands` is then the records of `line_records`); else (n, None, the records
        of `feed`). The text is None too when `data` completes no line."""
        parts = self.lines(data)
        n0 = self.n
        if parts:
            try:
                text = b"\n".join(parts).decode("utf-8")
            except UnicodeDecodeError:
                return n0, None, self.records([decode(x) for x in parts])
            self.n += len(parts)
            return n0, text, []
        return n0, None, []

    def close(self) -> list[tuple[int, str, int]]:
        """The records of a last line without a newline (none after a `gap` cut it)."""
        head, drop = self._head, self._drop
        self._head, self._drop = b"", False
        return self.records([decode(head)]) if head and not drop else []

    def records(self, texts: list[str]) -> list[tuple[int, str, int]]:
        """Numbered records of the next decoded physical lines: a trailing \\r dropped, a redrawn
        progress bar collapsed (see `split_redraws`)."""
        n = self.n
        out = []
        for text in texts:
            n += 1
            if not expands(text):
                out.append((n, text, 0))
            else:
                out.extend(line_records(n, text))
        self.n = n
        return out

    def follow(self, data: bytes, skip: Callable[[], "re.Pattern[bytes] | None"]) -> Iterator[tuple[int, str, int]]:
        """`feed` a line at a time; before each line, when `skip()` gives a pattern, the whole lines
        before the next one that holds a match are counted unread."""
        start = 0
        while True:
            if not self._head and not self._drop and (pattern := skip()) is not None:
                start = self._skip(data, start, pattern)
            i = data.find(b"\n", start) + 1
            if not i:
                break
            if self._head or self._drop:
                yield from self.records(decode_batch(self.lines(data[start:i])))
            else:  # (the common case, without the slicing and joining of `lines`)
                yield from self.records([decode(data[start:min(i - 1, start + MAX_LINE_BYTES)])])
            start = i
        self.lines(data[start:])

    def _skip(self, data: bytes, start: int, pattern: "re.Pattern[bytes]") -> int:
        m = pattern.search(data, start)
        end = len(data) if m is None else data.rfind(b"\n", start, m.start()) + 1
        if end <= start:
            return start
        if m is None:
            last = data.rfind(b"\n", start)
            if last < 0:
                return start  # an unfinished line: kept as partial
            end = last + 1
        self.n += data.count(b"\n", start, end)
        return end

    def count(self, data: bytes) -> None:
        """Count the lines `data` ends without reading them."""
        self.n += data.count(b"\n")

    def gap(self, newlines: int) -> None:
        """Bytes holding `newlines` newlines were lost before the next `feed`: the unfinished line
        is dropped, and so are the next bytes up to a newline (the rest of a line not seen whole)."""
        self.n += newlines
        self._head, self._drop = b"", True


def expands(text: str) -> bool:
    """Whether physical line `text` may stand for other records than itself (see line_records)."""
    return "\r" in text or text[:2] == '{"'


def line_records(n: int, text: str) -> list[tuple[int, str, int]]:
    """The records of physical line n where `expands` says so: a JSON log record is the lines it stands
    for (see json_lines); a trailing \\r is dropped, a redrawn progress bar collapsed (see
    `split_redraws`)."""
    if text[:2] == '{"':
        lines = json_lines(text)
        if lines is not None:
            out = []
            for line in lines:
                out.extend(line_records(n, line) if "\r" in line else ((n, line, 0),))
            return out
    text = text.rstrip("\r")
    if "\r" not in text:
        return [(n, text, 0)]
    return [(n, piece, redraws) for piece, redraws in split_redraws(text)]


_JSON_TIME = lazy(r"(?:\d{4})-(?P<mo>\d\d)-(?P<d>\d\d)[ T](?P<t>\d\d:\d\d:\d\d)(?:[,.](?P<f>\d+))?")


def json_lines(text: str) -> list[str] | None:
    """The lines of text a JSON log record stands for (python-json-logger's records: vLLM's
    `--logging-config.formatter json` since 0.2x, a logging config with a JSON formatter): its
    message and its `exc_info` / `stack_info` lines, each with the header the text formatter gives
    it: `(PROCESS pid=N) LEVEL MM-DD hh:mm:ss.mmm [MODULE.py:0] ` (vLLM's; the logger's last name as
    the module, the line number unknown) or, for uvicorn's loggers, `LEVEL:     `. None when `text`
    is not such a record (no message, or not a JSON object)."""
    import json

    try:
        rec = json.loads(text)
    except (ValueError, RecursionError):  # (RecursionError: nested deeper than the decoder goes)
        return None
    if not isinstance(rec, dict):
        return None
    message = rec.get("message", rec.get("msg"))
    if not isinstance(message, str):
        return None
    level = rec.get("levelname", rec.get("level"))
    level = level.upper() if isinstance(level, str) else ""
    if level == "WARN":
        level = "WARNING"
    proc = rec.get("vllm_process_name") or rec.get("processName")
    pid = rec.get("process")
    tag = f"({proc} pid={pid}) " if isinstance(proc, str) and isinstance(pid, int) and "(" not in proc else ""
    name = rec.get("name") if isinstance(rec.get("name"), str) else ""
    when = rec.get("asctime") or rec.get("timestamp") or rec.get("time")
    m = _JSON_TIME.match(when) if isinstance(when, str) else None
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        head = tag
    elif name.startswith("uvicorn") or m is None:
        head = f"{tag}{level}:     "
    else:
        module = name.rsplit(".", 1)[-1] or "root"
        head = f"{tag}{level} {m['mo']}-{m['d']} {m['t']}.{(m['f'] or '0')[:3]} [{module}.py:0] "
    lines = message.split("\n")
    for key in ("exc_info", "stack_info"):
        extra = rec.get(key)
        if isinstance(extra, list):  # (exc_info_as_array)
            extra = "\n".join(x for x in extra if isinstance(x, str))
        if isinstance(extra, str) and extra:
            lines.extend(extra.split("\n"))
    return [head + line for line in lines]


def read_blocks(stream: BinaryIO, source: str, size: int = _BLOCK, line: bool = False) -> Iterator[bytes]:
    """The bytes of a stream in blocks of `size` (`line`: up to a newline at most, so the stream
    stands right after the last line taken); a read error names the input."""
    read = stream.readline if line else stream.read
    try:
        while True:
            data = read(size)
            if not data:
                return
            yield data
    except (OSError, EOFError, ValueError, zlib.error) as exc:  # corrupt gzip (BadGzipFile is an OSError), I/O error
        raise InputError(f"cannot read {source!r}: input ended with a read error: {exc}") from None


def read_records(stream: BinaryIO, source: str, whole: bool = True) -> Iterator[tuple[int, str, int]]:
    """The records of a stream (see LineSplitter). `whole`: it is read to its end, in large blocks;
    else a line at a time, so that the stream stands right after the last record taken."""
    split = LineSplitter()
    for data in read_blocks(stream, source, _BLOCK if whole else MAX_LINE_BYTES, line=not whole):
        yield from split.feed(data)
    yield from split.close()


def decode_batch(batch: list[bytes]) -> list[str]:
    """`[decode(data) for data in batch]`, in one pass when the whole batch is UTF-8 (lines hold no
    b"\\n", so the joined batch is UTF-8 exactly when every line is)."""
    if not batch:
        return []
    try:
        return b"\n".join(batch).decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return [decode(data) for data in batch]


def split_redraws(text: str) -> list[tuple[str, int]]:
    """Split on \\r: consecutive progress-bar states collapse to the last one (with a redraw count)."""
    if "\r" not in text:
        return [(text, 0)]
    out = _REDRAW_MEMO.get(text)  # a pure function of the text; progress bars repeat
    if out is None:
        out = _split_redraws(text)
        if len(text) <= _REDRAW_MEMO_TEXT:
            if len(_REDRAW_MEMO) >= _REDRAW_MEMO_MAX:
                _REDRAW_MEMO.clear()
            _REDRAW_MEMO[text] = out
    return list(out)


_REDRAW_MEMO: dict[str, list[tuple[str, int]]] = {}
_REDRAW_MEMO_MAX = 256
_REDRAW_MEMO_TEXT = 16 * 1024


def _split_redraws(text: str) -> list[tuple[str, int]]:
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

    def __init__(self, source: str, node: str | None = None, proc: str | None = None, pid: int | None = None):
        self.source = source
        self.node = node  # node of lines that name none (one input per node)
        self.proc = proc  # process of untagged lines (a Ray worker-*.out file is one process)
        self.pid = pid
        self._last_clock: float | None = None
        self._rollover = 0.0
        self._nccl_rank: dict[tuple[str, int], int] = {}

    def clock_at(self, clock: float, year: int | None = None) -> float:
        """The clock of the next line, as printed (seconds since Jan 1), with the years this
        input's year-less clocks rolled over: a jump back of more than ~half a year is a new year."""
        if year is None and self._last_clock is not None and clock + self._rollover < self._last_clock - 180 * 86400:
            self._rollover += 366 * 86400
        value = clock + self._rollover
        self._last_clock = value
        return value

    def no_rollover(self, lo: float, hi: float) -> bool:
        """Whether `clock_at` rolls no year over for any clocks between lo and hi (as printed, to a
        few days: a margin covers stamps whose day is past their month's end), in any order."""
        margin = 10 * 86400
        last = self._last_clock
        return hi - lo <= 180 * 86400 - margin and (last is None or lo + self._rollover >= last - 180 * 86400 + margin)

    def _stamp(self, line: Line, clock: float, year: int | None = None) -> None:
        line.clock = self.clock_at(clock, year)
        if year is not None:
            line.year = year

    def knows_nccl_rank(self, host: str, pid: int) -> bool:
        """Whether an NCCL line of this process taught the parser its rank (or no more are kept)."""
        return (host, pid) in self._nccl_rank

    def nccl_rank(self, host: str, pid: int) -> int | None:
        return self._nccl_rank.get((host, pid))

    def bracketed(self, raw: str):
        """(kind, text, clock as printed, year, tags, rank, head) of a line in one of SGLang's two
        shapes, `[date time] msg` and `[date time TP0] msg`, as `parse` reads it (`head`: the length
        of its `[...] `, of which clock, year, tags and rank are a function); None for any other line."""
        m = _CI_BRACKET.match(raw)
        if m is not None:
            clock = stamp_seconds(*m.group("mo", "d", "t", "f"))
            text = raw[m.end():]
            kind = "raw"
            if text:
                c = text[0]
                if c.isdigit() or c in "([" or text.find("|", 0, 64) >= 0:
                    return None
                if c in "DIWEC":
                    if _VLLM_HDR.match(text):
                        return None
                    mu = _UVICORN.match(text)
                    if mu is not None:
                        kind, text = "uvicorn", text[mu.end():]
                if kind == "raw" and (" NCCL " in text[:120] or text[:1] == ":"):
                    return None
            return kind, text.rstrip(), clock, int(m["y"]), None, None, m.end()
        if _RANK.match(raw):
            return None
        m = _SGL_HDR.match(raw)
        if m is None:
            return None
        clock = year = None
        if m["mo"]:
            clock = stamp_seconds(*m.group("mo", "d", "t", "f"))
            year = int(m["y"])
        tags = m["tags"].strip() or None
        rank = None
        if tags:
            for what, num in _SGL_TAG.findall(tags):
                if what == "TP":
                    rank = int(num)
        kind, text = "sglang", raw[m.end():]
        mu = _UVICORN.match(text)
        if mu is not None:
            kind, text = "uvicorn", text[mu.end():]
        elif " NCCL " in text[:120]:
            return None
        return kind, text.rstrip(), clock, year, tags, rank, m.end()

    def parse(self, n: int, raw: str, redraws: int = 0) -> Line:
        if "\x00" in raw:  # first: a NUL inside an escape sequence would keep it from being seen
            raw = raw.replace("\x00", "")
        if "\x1b" in raw:
            raw = ANSI_RE.sub("", raw)
            if "\x1b" in raw:  # a stray ESC, or one that a removed sequence joined to a new "[..."
                raw = raw.replace("\x1b", "")
        if CARET_ANSI in raw:
            raw = CARET_ANSI_RE.sub("", raw)
        if raw.endswith(CARET_CR):
            raw = raw[:-len(CARET_CR)]
        line = Line(n, self.source, raw, raw)
        line.redraws = redraws
        text = raw
        # 1. collector prefixes (may be stacked: CI timestamp then compose service, kubectl's pod then its timestamp)
        for _ in range(2):
            if not text:
                break
            c = text[0]
            if c.isdigit():
                m = _CI_ISO.match(text)
                if m:
                    self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
                    text = text[m.end():]
                    continue
            elif c == "[":
                m = _CI_BRACKET.match(text)
                if m:
                    self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
                    text = text[m.end():]
                    continue
                if text.startswith(("[pod/", "[node/")):
                    m = _KUBECTL.match(text)
                    if m:
                        line.node = line.node or m["pod"] or m["node"]
                        text = text[m.end():]
                        continue
                if text.startswith(ELIDED):
                    # an excerpt's "[...] " where the writer's own head (SGLang's `[date time]`) was cut
                    text = text[len(ELIDED):]
                    continue
            if "|" in text[:64]:
                m = _COMPOSE.match(text)
                if m:
                    line.node = line.node or m["svc"] or m["name"]
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
            line.rank = worker_rank(line.proc)
        if "repeated" in text and "across cluster" in text:
            m = _RAY_DEDUP.search(text)
            if m:
                line.repeated = int(m["n"])
                text = text[:m.start()]
        # 3. the writer's header
        if text:
            c = text[0]
            m = None
            if c in "DIWEC":
                m = _VLLM_HDR.match(text)
                if m:
                    line.kind = "vllm"
                    line.level = m["level"]
                    self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], m["f"]))
                    text = text[m.end():]
                else:
                    m = _UVICORN.match(text)
                    if m:
                        line.kind = "uvicorn"
                        line.level = m["level"]
                        text = text[m.end():]
            if c in " TDIWE" and line.kind == "raw" and (m := _RUST_TRACING.match(text)):
                line.kind = "rust"
                line.level = "WARNING" if m["level"] == "WARN" else m["level"]
                text = text[m.end():]
            elif c == "[":
                m = _SGL_HDR.match(text)
                if m:
                    line.kind = "sglang"
                    if m["mo"]:
                        self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], m["f"]), int(m["y"]))
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
                elif text[1:2].isdigit() and (m := _RAY_CPP.match(text)):
                    line.kind = "ray"
                    line.level = _LEVELS.get(m["sev"], "INFO")
                    line.proc = line.proc or m["comp"]
                    self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], "." + m["ms"]), int(m["y"]))
                    text = text[m.end():]
                else:
                    m = _TORCH_C10.match(text)
                    if m:
                        line.kind = "torch"
                        line.level = _LEVELS.get(m["sev"], "INFO")
                        if m["mo"]:
                            self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], m["f"]))
                        text = text[m.end():]
            elif c.isdigit():
                m = _RAY_LOG.match(text) or _PY_LOGGING.match(text)
                if m:
                    line.kind = "ray" if "--" in m.group(0) else "pylog"
                    line.level = m["level"]
                    self._stamp(line, stamp_seconds(m["mo"], m["d"], m["t"], "." + m["ms"]), int(m["y"]))
                    text = text[m.end():]
            if line.kind in ("raw", "sglang") and " NCCL " in text[:120]:
                # NCCL >= 2.27 prints "[date time] host:pid:tid [dev] file.cc:N NCCL WARN ..."
                m = _NCCL.match(text)
                if m:
                    line.kind = "nccl"
                    line.node = line.node or m["host"]
                    line.pid = int(m["pid"])
                    line.dev = int(m["dev"])
                    rest = text[m.end():]
                    key = (m["host"], line.pid)
                    if key not in self._nccl_rank and " rank " in rest and len(self._nccl_rank) < _MAX_NCCL_PROCS:
                        mr = _NCCL_COMM_RANK.search(rest)
                        if mr:  # the first communicator of a process is its world (or TP) group
                            self._nccl_rank[key] = int(mr["rank"])
                    if line.rank is None:
                        line.rank = self._nccl_rank.get(key)
                    line.level = nccl_level(rest)
                    text = rest
        if line.kind == "raw" and text[:1] == ":" and (m := _RAY_WORKER_HDR.match(text)):
            if m["key"] == "actor_name" and m["value"]:
                self.proc = m["value"].strip()
        if line.proc is None and self.proc is not None:
            line.proc = self.proc
            line.pid = line.pid if line.pid is not None else self.pid
        if line.node is None:
            line.node = self.node
        line.text = text.rstrip()
        return line


def iter_records(stream: BinaryIO, source: str, parser: LineParser | None = None) -> Iterator[Line]:
    """Parsed records of a stream, read to its end."""
    parse = (parser or LineParser(source)).parse
    for n, text, redraws in read_records(stream, source):
        yield parse(n, text, redraws)


def read_lines(path: str, spec: "InputSpec | None" = None) -> Iterator[Line]:
    """Records of one input (a path, '-' or a .gz file)."""
    stream, name = open_input(path)
    parser = None
    if spec is not None:
        name = spec.name
        parser = LineParser(name, spec.node, spec.proc, spec.pid)
    try:
        yield from iter_records(stream, name, parser)
    finally:
        if path != "-":  # (sys.stdin is None when stdin was closed: compare the path, not the stream)
            stream.close()


def lines_from_text(text: str, source: str = "<text>") -> list[Line]:
    """Records of an in-memory log (tests, rule examples)."""
    return list(iter_records(io.BytesIO(text.encode("utf-8")), source))


# -- several inputs: folders, node attribution, time merge ------------------------------------

SKEW_S = 2.0  # clocks of different nodes within this many seconds count as "the same moment"
_LOG_EXT = (".log", ".txt", ".out", ".err", ".gz", ".log.gz", ".jsonl")
_RAY_WORKER_FILE = lazy(r"^(?:worker|python-core-worker)-[0-9a-f]+-(?:[0-9a-f]+-)?(?P<pid>\d+)\.(?:out|err|log)$")
_RAY_KEEP = lazy(r"^(?:worker-[0-9a-f]+-(?:[0-9a-f]+-)?\d+\.(?:out|err)|raylet\.(?:out|err)|job-driver-.*\.log)$")


class InputSpec:
    """One input file: its path, the unique name evidence uses, and the node (and process) its
    untagged lines belong to when several inputs are given."""

    __slots__ = ("path", "name", "node", "proc", "pid")

    def __init__(self, path: str, name: str, node: str | None = None, proc: str | None = None,
                 pid: int | None = None):
        self.path, self.name, self.node, self.proc, self.pid = path, name, node, proc, pid

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"InputSpec({self.name!r}, node={self.node!r})"


def _stem(name: str) -> str:
    for ext in (".gz", ".log", ".txt", ".out", ".err"):
        if name.endswith(ext) and len(name) > len(ext):
            name = name[: -len(ext)]
    return name


def is_ray_session_dir(path: str) -> bool:
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return "raylet.out" in names or any(_RAY_WORKER_FILE.match(n) for n in names)


def _note(msg: str) -> None:
    """A remark about the inputs on stderr (the report itself is unchanged by it)."""
    err = sys.stderr
    if err is not None:
        try:
            err.write(f"llmdiag: note: {msg}\n")
        except (OSError, ValueError):
            pass


def _folder_files(path: str, seen: set[str] | None = None) -> tuple[list[str], bool]:
    """Log files of a folder (sorted, with its subfolders), and whether it is a Ray session log
    folder (then only worker-*.out/err, raylet.* and job-driver logs are read). Folders and files
    are followed by their real paths and each is read once: a link back to a folder already read (a
    loop) or to a file already read is skipped with a note on stderr. `seen` holds the real paths
    taken so far (shared by every input of one run)."""
    seen = set() if seen is None else seen
    seen.add(os.path.realpath(path))
    ray = is_ray_session_dir(path)
    out: list[str] = []
    try:
        entries = sorted(os.listdir(path))
    except OSError as exc:
        raise InputError(f"cannot read {path!r}: {exc.strerror or exc}") from None
    for name in entries:
        full = os.path.join(path, name)
        if name.startswith(".") or name.endswith(".json"):
            continue
        if os.path.isdir(full):
            if not ray and name != "__pycache__":
                real = os.path.realpath(full)
                if real in seen:
                    _note(f"skipped {display_name(full)}: a link to a folder that is already read")
                    continue
                out.extend(_folder_files(full, seen)[0])  # a node's folder (a Ray one is filtered there)
            continue
        if ray:
            if not _RAY_KEEP.match(name):
                continue
        elif not name.endswith(_LOG_EXT):
            continue
        if not os.path.isfile(full):  # a named pipe, socket or device would be read (or waited on) forever
            _note(f"skipped {display_name(full)}: not a regular file")
            continue
        if _first_visit(full, seen):
            out.append(full)
    return out, ray


def _first_visit(path: str, seen: set[str]) -> bool:
    """Whether the file at `path` (by its real path) is not read yet; a second one is noted."""
    real = os.path.realpath(path)
    if real in seen:
        _note(f"skipped {display_name(path)}: the same file is already read")
        return False
    seen.add(real)
    return True


def expand_inputs(paths: Iterable[str]) -> list[InputSpec]:
    """Files of the inputs as given: a folder stands for its log files; a Ray session log folder
    (raylet.out, worker-*.out/err) for its worker and raylet files, all on one node. Names are
    unique (the parent folder is added where two files share a name); with several files each
    gets a node: its Ray session folder, its own sub-folder, or its file name."""
    specs: list[InputSpec] = []
    taken: set[str] = set()  # real paths read (see _folder_files)
    for path in paths:
        if path != "-" and os.path.isdir(path):
            if os.path.realpath(path) in taken:
                _note(f"skipped {display_name(path)}: the folder is already read")
                continue
            files, ray = _folder_files(path, taken)
            if not files:
                raise InputError(f"cannot read {path!r}: the folder holds no log files")
            top = os.path.basename(os.path.normpath(path)) or path
            for f in files:
                rel = os.path.relpath(f, path)
                name = f"{top}/{rel}"  # (display_name below)
                if ray:
                    label = top if top != "logs" else os.path.basename(os.path.dirname(os.path.abspath(path))) or top
                    m = _RAY_WORKER_FILE.match(os.path.basename(f))
                    specs.append(InputSpec(f, name, label, None, int(m["pid"]) if m else None))
                elif os.sep in rel:
                    sub = rel.split(os.sep, 1)[0]
                    m = _RAY_WORKER_FILE.match(os.path.basename(f))
                    specs.append(InputSpec(f, name, sub, None, int(m["pid"]) if m else None))
                else:
                    specs.append(InputSpec(f, name, _stem(os.path.basename(f))))
        elif path == "-" or not os.path.exists(path) or _first_visit(path, taken):  # (open_input names a missing one)
            specs.append(InputSpec(path, "<stdin>" if path == "-" else os.path.basename(path),
                                   None if path == "-" else _stem(os.path.basename(path))))
    seen: dict[str, int] = {}
    for sp in specs:
        seen[sp.name] = seen.get(sp.name, 0) + 1
    for sp in specs:
        if seen[sp.name] > 1 and sp.path != "-":
            parent = os.path.basename(os.path.dirname(os.path.abspath(sp.path)))
            sp.name = f"{parent}/{sp.name}" if parent else sp.path
            if sp.node == _stem(os.path.basename(sp.path)):
                sp.node = f"{parent}/{sp.node}" if parent else sp.node
    for sp in specs:
        sp.name, sp.node = display_name(sp.name), sp.node and display_name(sp.node)
    if len(specs) == 1:
        specs[0].node = None  # one input: nothing to tell apart
    return specs


def merge_by_time(streams: list[Iterator[Line]], skew: float = SKEW_S) -> Iterator[Line]:
    """Heap merge of per-input record streams by clock; streaming, one pending line per input.

    Each input keeps its own order: a line without a clock takes the last clock of its input, and
    clocks never go back within an input. Clocks of different inputs within `skew` seconds count
    as the same moment, so the input being read goes on (small clock skew between nodes does not
    shuffle their lines)."""
    heads: list[Line | None] = [None] * len(streams)
    clocks = [float("-inf")] * len(streams)
    version = [0] * len(streams)
    heap: list[tuple[float, int, int]] = []

    def pull(i: int) -> None:
        line = next(streams[i], None)
        heads[i] = line
        if line is None:
            return
        if line.clock is not None and line.clock > clocks[i]:
            clocks[i] = line.clock
        version[i] += 1
        heapq.heappush(heap, (clocks[i], i, version[i]))

    for i in range(len(streams)):
        pull(i)
    current: int | None = None
    while heap:
        clock, i, ver = heap[0]
        if ver != version[i] or heads[i] is None:
            heapq.heappop(heap)
            continue
        pick = i
        if current is not None and current != i and heads[current] is not None and clocks[current] <= clock + skew:
            pick = current
        else:
            heapq.heappop(heap)
        line = heads[pick]
        assert line is not None
        current = pick
        yield line
        pull(pick)


def iter_inputs(paths: Iterable[str], skew: float = SKEW_S) -> Iterator[Line]:
    """Records of the inputs (files, folders, '-'). Several inputs are merged by time (see
    `merge_by_time`) and reported as one start; each record keeps its own source and line number,
    and `seq` numbers the merged order."""
    yield from iter_specs(expand_inputs(paths), skew)


def iter_specs(specs: list[InputSpec], skew: float = SKEW_S) -> Iterator[Line]:
    """`iter_inputs` of inputs already expanded (see `expand_inputs`)."""
    if len(specs) == 1:
        streams = [read_lines(specs[0].path, specs[0] if specs[0].path != "-" else None)]
    else:
        streams = [read_lines(sp.path, sp) for sp in specs]
    merged = streams[0] if len(streams) == 1 else merge_by_time(streams, skew)
    seq = 0
    for line in merged:
        seq += 1
        line.seq = seq
        yield line
