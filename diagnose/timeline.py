"""The timeline: a small state machine fed by marker events. It owns phases, durations, facts,
Python exceptions seen, and the outcome (ready / failed / incomplete)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from diagnose.distributed import DistTracker
from diagnose.engines import PHASE_INDEX, Event, shows_ready
from diagnose.frames import IMPORT_ROW, SCHEDULER_ROW, SERVING_ROW, frame_row, row_phase
from diagnose.lines import LOUD

# Phases vLLM V1 passes in both orders: it profiles and compiles before KV sizing, then warms up and
# captures graphs after it (PHASES lists compile after kv_cache).
BOTH_WAYS = {("compile", "kv_cache")}

# seconds without a line before a stop during the start that the report names (fact silent_before_stop_s)
STOP_SILENCE_S = 60

# (a warning class ends a traceback only where one is open: a warning raised as an error, as
# PYTHONWARNINGS=error or -W error make every warning; see _track_exceptions)
EXC_RE = re.compile(
    r"^(?:[A-Za-z_][\w]*\.)*(?P<exc>[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Failure|Warning)|Exception)(?:: ?(?P<msg>.*))?$"
)
# vLLM V1 and SGLang size the KV cache (memory profiling) right after loading weights, and V1 right
# after torch.compile's warm-up pass; errors there come before any kv_cache line is printed.
_IMPLIED_NEXT = {"weights": "kv_cache", "compile": "kv_cache"}
_BENIGN_EXC = {"KeyboardInterrupt", "CancelledError", "SystemExit", "GeneratorExit"}
_TB_START = "Traceback (most recent call last)"


def _past_tb(after: int, text: str) -> bool:
    """Whether a line is past the traceback it follows: the `after`-th line after its exception line
    (the first is that line), not a continuation of its message."""
    return after > 4 and not _TB_CONT.match(text)
_TEARDOWN = (" in shutdown", " in __del__")  # frames of a process shutting down (vLLM's worker_main -> shutdown)
# fatal markers after the ready line that undo it: the socket was never bound; SGLang's warm-up, which
# runs once uvicorn listens and before its "fired up" line, failed and SGLang took the server down (the
# listening lines read as ready only where the engine was not known yet: an excerpt that starts there)
_UNREADY = ("uv_bind", "warmup_failed")
# frames of the HTTP server's setup: vLLM's serve_http (launcher.py) and uvicorn's Config.load / its TLS context
_SERVER_SETUP = re.compile(r'in serve_http\b|uvicorn/config\.py", line \d+, in (?:load|create_ssl_context)\b')
_FRAME_LINE = re.compile(r'\s*File "[^"]+", line \d+, in ')


def _raised(text: str) -> bool:
    """Whether a message is an exception line other than a warning's (which only a traceback makes one)."""
    m = EXC_RE.match(text)
    return m is not None and not m["exc"].endswith("Warning")


def frame_line(text: str) -> bool:
    """Whether a message is a traceback's frame (`  File "...", line N, in f`, or without its indent
    as a page that collapsed the spaces quotes it): with no traceback open, such a line opens one
    (see Timeline._track_exceptions)."""
    return text[:1] in (" ", "F") and _FRAME_LINE.match(text) is not None
_TB_CONT = re.compile(r"^(?:\s|File \"|\^|~|During handling of the above|The above exception was|\.\.\.|\[Previous line repeated)")
_CHAINED = re.compile(r"^(?:During handling of the above exception|The above exception was the direct cause)")
MAX_EXCEPTIONS = 200
MAX_TB_PHASES = 1000  # traceback blocks whose frame phase is kept (the most recent)
MAX_FATAL = 200
# a line after an error that shows the start still moving (so the error was recovered from): a phase
# marker, or a waiting line; shutdown / cleanup lines and traceback text do not count
MOVING_ROLES = frozenset({"start", "progress", "end", "finish", "ready"})
_WAITING = re.compile(r"\b[Ww]aiting for\b")


def waiting(text: str) -> bool:
    """Whether a line says it is waiting for something (such a line does not end the error that ends
    the log so far). The literal test first: the regex looks at every position of a long text."""
    return "aiting for" in text and _WAITING.search(text) is not None


# Facts whose latest value counts (a progress figure); of any other fact the first value counts.
LATEST_FACTS = frozenset((
    "shards_done", "shards_total", "weights_load_s", "weights_gib", "kv_tokens", "kv_available_gib", "avail_mem_gb",
    "max_concurrency", "kv_blocks", "compile_s", "graph_capture_s", "exit_code", "max_model_len", "weights_total_s",
    "engine_init_s", "shards_elapsed", "failed_core_procs"))


def moves(events) -> bool:
    """Whether a line's marker events show the start moving on (which forgets an error that ended the log so far)."""
    return any(ev.marker.role in MOVING_ROLES for ev in events or ())


def decide_outcome(up: bool, error_seen: bool, error_diagnosed: bool = False, exit_code: int | None = None) -> str:
    """The outcome of a start (docs/contract.md), decided here only: `ready` when the server came
    up, else `failed` when an error was seen, a rule named one or the server's process ended with
    anything but 0 (`llmdiag run`: a failure code, or -N for a signal it did not forward), else
    `incomplete` (Timeline.finish decides from lines, Analyzer again with diagnoses)."""
    if up:
        return "ready"
    if error_seen or error_diagnosed or exit_code:
        return "failed"
    return "incomplete"


@dataclass
class PhaseSpan:
    name: str
    first_line: int
    last_line: int
    source: str
    status: str = "running"
    start_clock: float | None = None
    end_clock: float | None = None
    start_year: int | None = None
    ended: bool = False  # its end marker was seen
    implied: bool = False  # entered by an error right after the previous phase's end (_IMPLIED_NEXT), no marker yet

    @property
    def duration_s(self) -> float | None:
        if self.start_clock is None or self.end_clock is None:
            return None
        return max(0.0, round(self.end_clock - self.start_clock, 3))


@dataclass
class ExceptionLine:
    n: int
    source: str
    text: str
    exc: str
    tb: int | None
    phase: str | None
    wrapper: bool = False


@dataclass
class TimelineResult:
    outcome: str
    last_phase: str | None
    phases: list[PhaseSpan]
    facts: dict
    exceptions: list[ExceptionLine]
    fatal_lines: list[tuple[int, str, str]]  # (line, source, marker id or "exception")
    ready_line: int | None
    year: int | None
    last_clock: float | None
    n_lines: int
    dist: DistTracker | None = None  # per-rank / per-node progress (shared, not copied)
    tb_phase: dict = field(default_factory=dict)  # traceback block -> phase its frames show (diagnose.frames)
    tb_teardown: frozenset = frozenset()  # traceback blocks raised while a process shut down (Timeline.note_frame)
    tail_error: tuple | None = None  # (line, source, raw) of an error that ends the log (Timeline.tail_error)
    # what became of the server after it came up (docs/contract.md): {"state": serving|died|stopped, "line": N}
    after_ready: dict | None = None
    awaiting_app: bool = False  # uvicorn waits for the app's startup, which the log never shows completing
    # the last traceback, while it has no exception line (an excerpt cut short), when it began with or
    # after the first fatal line (not a stack printed with a warning before it)
    cut_tb: int | None = None

    @property
    def died_after_ready(self) -> bool:
        return bool(self.after_ready) and self.after_ready["state"] == "died"

    @property
    def stopped_serving(self) -> bool:
        """The server came up, then died or stopped answering (a line showed it stuck)."""
        return bool(self.after_ready) and self.after_ready["state"] in ("died", "stuck")


@dataclass
class Timeline:
    phases: list[PhaseSpan] = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    exceptions: list[ExceptionLine] = field(default_factory=list)
    fatal: list[tuple[int, str, str, bool, int]] = field(default_factory=list)  # line, src, id, after_ready_ok, seq
    ready_seq: int | None = None
    ready_line: int | None = None
    shutdown_seq: int | None = None  # a requested stop began here
    shutdown_line: int | None = None
    core_stop: bool = False  # that stop is the engine core's own signal (a death after it is still one)
    fatal_count: int = 0
    first_fatal_after_ready: int | None = None  # seq of the first engine-death line after ready
    first_fatal_after_ready_line: int | None = None
    first_fatal_after_ready_id: str | None = None
    stuck_line: int | None = None  # where the server stopped serving after ready though it lives (Marker.stops_serving)
    stuck_seq: int | None = None
    startup_complete: bool = False  # uvicorn's "Application startup complete" was seen
    awaiting_app: bool = False  # uvicorn's "Waiting for application startup." with no completion after it
    server_setup_failed: int | None = None  # line of an exception raised by the HTTP server's setup after ready
    _tb_server_setup: int | None = None
    tail_error: tuple | None = None  # (line, source, raw) of the last error not followed by progress
    year: int | None = None
    last_clock: float | None = None
    n_lines: int = 0
    seq: int = 0
    _tb_id: int = 0
    _tb_seq: int = 0  # seq of the line that opened the traceback block _tb_id
    _fatal_tb: int | None = None  # the traceback block open when the first fatal line came (see cut_tb)
    _in_tb: bool = False
    _tb_after_exc: int = 0
    tb_of_line: int | None = None  # traceback block of the line just fed (for the matcher)
    tb_rows: dict = field(default_factory=dict)  # traceback block -> best FRAME_PHASES row of its frames
    _chain: dict = field(default_factory=dict)  # traceback block -> the first block of its chain (see note_frame)
    _teardown: dict = field(default_factory=dict)  # traceback blocks with a frame of a shutdown (see note_frame)
    _tb_imports: bool = False  # the line above imports (an import statement, importlib's frame): see note_frame
    _tb_import: bool = False  # a frame of the block imports a module: the frames below it say nothing of the phase
    _chained: int | None = None  # a chain line ended this block: the next traceback continues its chain
    dist: DistTracker = field(default_factory=DistTracker)  # per-rank and per-node progress

    @property
    def current(self) -> PhaseSpan | None:
        return self.phases[-1] if self.phases else None

    @property
    def phase(self) -> str | None:
        return self.phases[-1].name if self.phases else None

    @property
    def in_traceback(self) -> bool:
        """Whether the last line fed is inside a traceback that may go on."""
        return self._in_tb

    def span_of(self, name: str) -> PhaseSpan | None:
        for span in reversed(self.phases):
            if span.name == name:
                return span
        return None

    # -- feeding -------------------------------------------------------------------------
    def feed(self, line, events: list[Event], engine: str = "unknown") -> str | None:
        """Advance on one line (`engine`: who wrote the log, as guessed so far); return the name of a
        phase entered on this line, if any."""
        self.seq += 1
        implied = None
        cur = self.current
        if cur is not None and cur.ended and cur.name in _IMPLIED_NEXT and not events and \
                self.span_of(_IMPLIED_NEXT[cur.name]) is None and (
            _TB_START in line.text or (line.text[:1].isalpha() and _raised(line.text))
        ):
            # an error right after a phase's end line belongs to the next phase (memory profiling
            # follows weight loading before it prints any line of its own)
            implied = _IMPLIED_NEXT[cur.name]
            if self._enter(implied, line):
                self.phases[-1].implied = True
        before = self.last_clock
        self._counted(line.n, line.clock, line.year)
        entered = implied
        for ev in events:
            mk = ev.marker
            for k, v in ev.facts.items():
                if k in LATEST_FACTS:
                    self.facts[k] = v
                else:
                    self.facts.setdefault(k, v)
            role = mk.role
            if mk.serving and self.ready_seq is None and shows_ready(mk, engine):
                # a line of a server serving: an excerpt that begins after the ready line (the server
                # came up; where is not known, so no ready line), before this line: a death that this
                # line shows too (SGLang's prefill out of memory) is one after ready
                self.ready_seq = self.seq - 1
                if self._enter("server", line):
                    entered = "server"
            if role in ("start", "progress", "end") and mk.phase:
                if self._enter(mk.phase, line):
                    entered = mk.phase
                elif self.phases[-1].implied and self.phases[-1].name == mk.phase:
                    self.phases[-1].implied = False  # its own marker: the phase was really entered
                if mk.id == "uv_wait":  # (a trigger of the fast path: always read here)
                    self.awaiting_app = not self.startup_complete
                span = self.current
                if span is not None and span.name == mk.phase and role == "end":
                    span.status = "done"
                    span.ended = True
                    span.end_clock = line.clock if line.clock is not None else span.end_clock
            elif role == "finish":
                span = self.current
                if span is not None:
                    span.status = "done"
            elif role == "ready":
                if self._enter("server", line):
                    entered = "server"
                if mk.id == "uv_complete":
                    self.startup_complete = True
                if mk.id in ("uv_complete", "uv_running"):
                    self.awaiting_app = False
                if self.ready_seq is None and shows_ready(mk, engine):
                    self.ready_seq = self.seq
                    self.ready_line = line.n
            elif role == "shutdown":
                if self.shutdown_seq is None:
                    self.shutdown_seq = self.seq
                    self.shutdown_line = line.n
                    self.core_stop = mk.id == "core_signal"
                    if self.ready_seq is None and line.clock is not None and before is not None \
                            and line.clock - before >= STOP_SILENCE_S:
                        # a start stopped after a long silence: stuck there, or in a step that prints nothing
                        self.facts["silent_before_stop_s"] = round(line.clock - before)
                elif self.core_stop and mk.id != "core_signal" and self.first_fatal_after_ready is None:
                    self.core_stop = False  # the server's own stop before any death: the whole group was signalled
            elif role in ("wrapper", "fatal"):
                if mk.stops_serving and self.ready_seq is not None and self.stuck_seq is None:
                    self.stuck_seq, self.stuck_line = self.seq, line.n
                self._fatal(line, mk.id, mk.after_ready)
                if mk.phase and not self.phases:
                    self._enter(mk.phase, line)
        self._extend(line.n, line.source, line.clock, line.year)
        if self.tail_error is not None:
            self.moved_on(moves(events), line.level, line.text)
        if line.level in LOUD and not any(ev.marker.role == "shutdown" for ev in events):
            self.tail_error = (line.n, line.source, line.raw)
        n_exc = len(self.exceptions)
        self._track_exceptions(line, events)
        self.dist.feed(line, events, len(self.exceptions) > n_exc and not self.exceptions[-1].wrapper
                       and self.exceptions[-1].exc not in _BENIGN_EXC)
        return entered

    def knows(self, facts: dict) -> bool:
        """Whether `feed` would keep its facts as they are on these: each is known and its first
        value counts."""
        have = self.facts
        return all(k in have and k not in LATEST_FACTS for k in facts)

    def quiet(self, n: int, source: str, clock: float | None, year: int | None, text: str,
              moving: bool, behind, loud: tuple | None = None) -> None:
        """`feed` of a line that enters no phase, names no new fact and is no exception or traceback
        start (see diagnose.fastpath); `moving`: `moves` of its events; `behind`: phases of its events
        for phases the start has left; `loud`: (n, source, raw) when it is logged as an error."""
        self.quiet_run(n, 1, source, clock, [text], dict.fromkeys(behind, n), moving, year, loud)

    def quiet_run(self, last: int, k: int, source: str, clock: float | None, texts: list[str] | None,
                  behind: dict | None = None, moving: bool = False, year: int | None = None,
                  loud: tuple | None = None) -> None:
        """`quiet` of k lines up to line `last` of `source`; of more than one, none is a waiting line
        that would end the error that ends the log so far (see diagnose.fastpath.QuietLines.run);
        `clock`: the last one they print, if any (the current span has its start clock already);
        `texts`: their messages (at least while a traceback is open); `behind`: phase -> the last of
        their lines with an event of that phase the start has left; `moving`: whether the events of
        one show the start moving on; `loud`: (n, source, raw) of the last of them logged as an error,
        when none after it shows the start moving on (as `feed` keeps it)."""
        self.seq += k
        self._counted(last, clock, year)
        self._extend(last, source, clock, year)
        if self.tail_error is not None:
            self.moved_on(moving, None, texts[-1] if texts else "")
        if loud is not None:
            self.tail_error = loud
        for name, n in (behind or {}).items():
            self._straggled(name, n, source)
        tb = None
        if self._in_tb:
            for text in texts:
                tb = self._quiet_tb(text)
                if tb is None:
                    break
        self.tb_of_line = tb

    def _quiet_tb(self, text: str) -> int | None:
        """A line inside an open traceback (before its exception line: a frame; after it: its
        continuation) that is no traceback start: the traceback's block, or None when the line is
        past its end. _track_exceptions and the quiet path share it."""
        if self._tb_after_exc:
            self._tb_after_exc += 1
            if _past_tb(self._tb_after_exc, text):
                self._in_tb = False
                return None
            if _CHAINED.match(text):
                self._chained = self._tb_id  # the next traceback is this one's chain
        else:
            self.note_frame(text)
        return self._tb_id

    def tb_end_in(self, texts: list[str]) -> int | None:
        """Where the open traceback ends among these messages of the lines that follow (the index of
        the first line past it, as _quiet_tb would find it), or None: without changing anything."""
        after = self._tb_after_exc
        if self._in_tb and after:
            for i, text in enumerate(texts):
                after += 1
                if _past_tb(after, text):
                    return i
        return None

    def _counted(self, n: int, clock: float | None, year: int | None) -> None:
        if n > self.n_lines:
            self.n_lines = n
        if clock is not None:
            self.last_clock = clock
            if year and self.year is None:
                self.year = year

    def _extend(self, n: int, source: str, clock: float | None, year: int | None) -> None:
        """The current span goes on to this line (of its own input) and its clock."""
        span = self.current
        if span is not None:
            if span.source == source:
                span.last_line = n
            if clock is not None:
                if span.start_clock is None:
                    span.start_clock = clock
                    span.start_year = year
                if span.status != "done":
                    span.end_clock = clock

    def moved_on(self, moving: bool, level: str | None, text: str) -> None:
        """Forget the error that ended the log so far when this line shows the start moving on (a phase
        marker, or a waiting line not logged as an error): the error was recovered from."""
        if moving or (level not in LOUD and waiting(text)):
            self.tail_error = None

    def _straggled(self, name: str, n: int, source: str) -> None:
        """A straggling rank still in phase `name`, which the start has left, at line n of `source`:
        that phase's span goes on to it (the start stays where it is)."""
        old = self.span_of(name)
        if old is not None and old.source == source:
            old.last_line = max(old.last_line, n)

    def left_behind(self, name: str, source: str) -> bool:
        """Whether an event of phase `name` from `source` is a straggler's: the start has left that
        phase (V1 vLLM's compile -> kv_cache in one input is a step forward)."""
        cur = self.current
        return cur is not None and PHASE_INDEX[name] < PHASE_INDEX[cur.name] and (
            (cur.name, name) not in BOTH_WAYS or source != cur.source)

    def _enter(self, name: str, line) -> bool:
        cur = self.current
        if cur is not None:
            if cur.name == name:
                return False
            if self.left_behind(name, line.source):
                self._straggled(name, line.n, line.source)
                return False
            if cur.status == "running":
                cur.status = "done"
            if line.clock is not None:
                cur.end_clock = line.clock
        span = PhaseSpan(name, line.n, line.n, line.source, start_clock=line.clock, start_year=line.year)
        self.phases.append(span)
        return True

    def note_frame(self, text: str) -> None:
        """A line inside a traceback, before its exception line: the phase its frame shows, if any.
        The tracebacks of one chain of exceptions (Python's "During handling of the above exception"
        and "The above exception was the direct cause") are one failure: their frames count for the
        first (`_chain`)."""
        if text[:1] in (" ", "F") and not self._tb_import:
            if self._tb_imports and text.endswith(" in <module>") and frame_line(text):
                # a module imported by the frame above (its source line an import statement, or
                # importlib's frames; not a script that runpy runs, nor another rank's traceback
                # interleaved): the frames under it run while it is imported, wherever their code
                # belongs (a module-level `@torch.compile` is not a compile step); the import's place is
                # in the frames above, and with none of a start step there, the program importing what
                # it runs (config)
                self._tb_import = True
                row = IMPORT_ROW
            else:
                framed = 'File "' in text  # (what the regexes of frame_row and frame_line need)
                row = frame_row(text) if framed else None
                if row is not None or (framed and frame_line(text)):
                    self._tb_imports = "importlib" in text
                    if text.endswith(_TEARDOWN) and len(self._teardown) < MAX_TB_PHASES:
                        # raised while a process shuts down (after another error, most often): what
                        # it says is a consequence (a device gone, a closed queue), not the cause
                        self._teardown[self._chain.get(self._tb_id, self._tb_id)] = True
                elif text.strip(" ^~"):  # a source line (not the carets under one)
                    code = text.lstrip()
                    self._tb_imports = code.startswith("import ") or (code.startswith("from ") and " import " in code)
            if row is not None:
                if self.ready_seq is None and row in (SERVING_ROW, SCHEDULER_ROW) and not self.phases:
                    self._up_before_tb()  # an excerpt that opens in the server serving (its engine's step, a handler)
                elif self.ready_seq is None and row == SERVING_ROW:
                    self.ready_seq = self.seq  # a frame of the server serving a request (as Marker.serving)
                tb = self._chain.get(self._tb_id, self._tb_id)
                best = self.tb_rows.get(tb)
                if best is None or row < best:
                    self.tb_rows[tb] = row
                    if len(self.tb_rows) > MAX_TB_PHASES:
                        del self.tb_rows[next(iter(self.tb_rows))]

    def _up_before_tb(self) -> None:
        """An excerpt that shows none of the start opens in the server serving (SGLang's scheduler running
        batches, vLLM's engine core stepping one): the server was up before this traceback began, and a
        death line of the traceback's opening (SGLang's "Scheduler hit an exception: Traceback ...",
        vLLM's "EngineCore hit an exception: Traceback ...") is a death after ready."""
        self.ready_seq = self._tb_seq - 1
        for n, _, marker_id, after_ready, seq in self.fatal:
            if after_ready and self._died_after_ready(n, marker_id, seq):
                break

    def _new_tb(self) -> None:
        """A traceback block begins; one that a chain line announced joins that chain."""
        self._tb_id += 1
        self._tb_seq = self.seq
        self._tb_imports, self._tb_import = False, False
        if self._chained is not None:
            if self._chained == self._tb_id - 1 and len(self._chain) < MAX_TB_PHASES:
                self._chain[self._tb_id] = self._chain.get(self._chained, self._chained)
            self._chained = None

    def _track_exceptions(self, line, events: list[Event]) -> None:
        text = line.text
        self.tb_of_line = None
        if _TB_START in text:
            if not self._in_tb or self._tb_after_exc:
                self._new_tb()
            self._in_tb = True
            self._tb_after_exc = 0
            self.tb_of_line = self._tb_id
            return
        if not self._in_tb and frame_line(text):
            # a pasted excerpt often starts inside a traceback, without its header line
            self._new_tb()
            self._in_tb = True
            self._tb_after_exc = 0
        if self._in_tb:
            if not self._tb_after_exc and _SERVER_SETUP.search(text):
                self._tb_server_setup = self._tb_id
            self.tb_of_line = self._quiet_tb(text)
        m = EXC_RE.match(text) if text[:1].isalpha() else None
        if m is None or line.level in ("DEBUG", "INFO", "WARNING"):
            return
        exc = m["exc"]
        if exc.endswith("Warning") and not self._in_tb:
            return
        if self._in_tb:
            self._tb_after_exc = 1
            if self._tb_server_setup == self._tb_id and self.ready_seq is not None and not self.startup_complete \
                    and self.server_setup_failed is None:
                # the HTTP server's own setup raised (uvicorn's config: TLS files, the app, the socket):
                # the lines that looked like ready came before it, and the server never came up
                self.server_setup_failed = line.n
        wrapper = any(ev.marker.role == "wrapper" for ev in events)
        if len(self.exceptions) < MAX_EXCEPTIONS:
            self.exceptions.append(
                ExceptionLine(line.n, line.source, line.raw, exc, self.tb_of_line, self.phase, wrapper)
            )
        if exc not in _BENIGN_EXC:
            self.tail_error = (line.n, line.source, line.raw)
            self._fatal(line, "exception", False)

    def _fatal(self, line, marker_id: str, after_ready: bool) -> None:
        """Record a fatal line: the first MAX_FATAL in full, the rest only as counts (bounded)."""
        self.fatal_count += 1
        if self._fatal_tb is None:
            self._fatal_tb = self._tb_id
        if after_ready:
            self._died_after_ready(line.n, marker_id, self.seq)
        if len(self.fatal) < MAX_FATAL:
            self.fatal.append((line.n, line.source, marker_id, after_ready, self.seq))

    def _died_after_ready(self, n: int, marker_id: str, seq: int) -> bool:
        """Keep a death line (line n, fed as `seq`) as the first after ready, where it came after the
        ready point and none did before it; whether it is kept."""
        if self.ready_seq is None or seq <= self.ready_seq or self.first_fatal_after_ready is not None:
            return False
        self.first_fatal_after_ready, self.first_fatal_after_ready_line, self.first_fatal_after_ready_id = seq, n, marker_id
        return True

    # -- result --------------------------------------------------------------------------
    def finish(self, exit_code: int | None = None) -> TimelineResult:
        """The result so far; does not change the timeline, so it can be called at any time.
        `exit_code`: how the server's process ended, where `llmdiag run` knows it (see
        decide_outcome): anything but 0 fails a start that did not come up, and is a death (with no
        line) of a server that was serving."""
        ready = self.ready_seq
        if self.awaiting_app:
            # vLLM names its address and routes before uvicorn runs the app's startup: a log that ends
            # while uvicorn still waits for it shows a server that never came up
            ready = None
        after_ready = None
        never_up = False  # lines that looked like ready came before the server failed to come up
        if ready is not None:
            # the start succeeded; an engine death after it is reported beside the outcome (after_ready),
            # unless a requested stop came first: processes torn down on SIGINT/SIGTERM may log errors
            # on their way out
            stop = self.shutdown_seq if self.shutdown_seq is not None and self.shutdown_seq > ready else None
            if stop is not None and self.core_stop and self.first_fatal_after_ready is not None:
                stop = None  # the engine core alone was signalled, and its server found it gone: a death
            # only the engines' own death lines count (markers with after_ready): a request that fails
            # while the server serves logs ERROR lines and tracebacks too, and the server goes on
            first = self.first_fatal_after_ready
            if self.server_setup_failed is not None:
                never_up = True
            elif first is not None and (stop is None or first < stop) and self.first_fatal_after_ready_id in _UNREADY:
                # uvicorn says "Application startup complete" before it binds its socket: a bind error
                # after it means the server never came up
                never_up = True
            elif first is not None and (stop is None or first < stop):
                after_ready = {"state": "died", "line": self.first_fatal_after_ready_line, "ready_line": self.ready_line}
            elif self.stuck_seq is not None and (stop is None or self.stuck_seq < stop):
                after_ready = {"state": "stuck", "line": self.stuck_line, "ready_line": self.ready_line}
            elif stop is not None:
                after_ready = {"state": "stopped", "line": self.shutdown_line, "ready_line": self.ready_line}
            else:
                after_ready = {"state": "died" if exit_code else "serving", "line": None, "ready_line": self.ready_line}
        # an error (ERROR-level line or exception) that ends the log, with nothing after it but
        # shutdown / cleanup lines, fails the start even when no marker names it
        outcome = decide_outcome(ready is not None and not never_up,
                                 never_up or bool(self.fatal_count) or self.tail_error is not None, exit_code=exit_code)
        phases = [replace(span) for span in self.phases]
        current = phases[-1] if phases else None
        for span in phases:
            if span.status == "running":
                if span is current:
                    span.status = {"failed": "failed", "ready": "done"}.get(outcome, "running")
                else:
                    span.status = "done"
        if outcome == "failed" and current is not None:
            current.status = "failed"
        facts = dict(self.facts)
        _derive(facts, phases)
        return TimelineResult(
            outcome=outcome,
            # (a server known to have come up only from a frame of it serving: see note_frame)
            last_phase="server" if ready is not None and self.ready_line is None else self.phase,
            phases=phases,
            facts=facts,
            exceptions=list(self.exceptions),
            fatal_lines=[(f[0], f[1], f[2]) for f in self.fatal[:50]],
            ready_line=self.ready_line,
            year=self.year,
            last_clock=self.last_clock,
            n_lines=self.n_lines,
            dist=self.dist,
            tb_phase={**{tb: row_phase(row) for tb, row in self.tb_rows.items()},
                      **{tb: row_phase(self.tb_rows.get(first)) for tb, first in self._chain.items() if first in self.tb_rows}},
            tb_teardown=frozenset(self._teardown) | {tb for tb, first in self._chain.items() if first in self._teardown},
            tail_error=self.tail_error,
            after_ready=after_ready,
            awaiting_app=self.awaiting_app,
            cut_tb=self._tb_id if self._in_tb and not self._tb_after_exc and (
                self._fatal_tb is None or self._tb_id > self._fatal_tb) else None,
        )


def _derive(facts: dict, phases: list[PhaseSpan]) -> None:
    """Facts computed from other facts: load time and throughput, context length aliases."""
    if "weights_load_s" not in facts:
        if "weights_total_s" in facts:
            facts["weights_load_s"] = facts["weights_total_s"]
        else:
            span = next((p for p in phases if p.name == "weights"), None)
            if span is not None and span.duration_s:
                facts["weights_load_s"] = span.duration_s
    gib = facts.get("weights_gib") or facts.get("checkpoint_gib")
    secs = facts.get("weights_load_s")
    if isinstance(gib, (int, float)) and isinstance(secs, (int, float)) and secs > 0 and gib > 0:
        facts["load_gbps"] = round(gib * 1.073741824 / secs, 3)
    if "context_length" in facts and "max_model_len" not in facts:
        facts["max_model_len"] = facts["context_length"]
    for key in ("tp_size", "pp_size"):
        facts.setdefault(key, 1) if facts.get("engine_version") or facts.get("model") else None
    if isinstance(facts.get("tp_size"), int) and isinstance(facts.get("pp_size"), int):
        facts.setdefault("world_size", facts["tp_size"] * facts["pp_size"])
