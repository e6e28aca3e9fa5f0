"""The quiet-line path of `explain`: most lines of a big log change nothing but counters.

A request-log line, an NCCL INFO channel line, a metrics line or a frame of a request traceback
starts no phase, matches no rule and is no exception; all it changes is the line counts, the last
line and clock of the current phase, of its process and of its node, and the engine vote.
`QuietLines` recognises such a line from its raw text: one automaton pass over every marker anchor,
every rule anchor and a few trigger words, one prefix regex for the three commonest writers (a vLLM
header with an optional `(Proc pid=N)` tag, a uvicorn line, an NCCL `host:pid:tid [dev]` line), and,
only where an anchor occurs, the markers and rule leaves themselves on the message (a heartbeat, or
a straggling rank's event for a phase the start has left, still counts as quiet). It then applies
exactly the changes the full path would make, without building a `Line`.

What a line is, from its text alone, is remembered (`_classify`, a bounded memo): a vLLM line is
keyed by its text without its stamp (request tracebacks, metrics and chat-template lines repeat but
for the second they were printed in), an NCCL line by its text. A repeat then costs a dictionary
lookup and the state checks of `_apply`. This is exact only while no anchor can overlap a stamp;
a rule pack with such an anchor (`_clear_of_stamps`) keys vLLM lines by their whole text.

Anything it cannot prove quiet goes the full way (`Analyzer._advance`): a process or node seen for
the first time, an exception or a traceback start, a start banner, an env line, an NCCL line that is
new information, a prefix it does not know. Every check happens before the first change, so a
refusal leaves no trace. `tests/test_fastpath.py` runs every sample log, the benchmark log and
random line mixes both ways and compares the reports byte for byte.
"""

from __future__ import annotations

import re

from diagnose.anchors import AnchorIndex
from diagnose.engines import _PATH_HINT, START_BANNERS
from diagnose.distributed import _ENV_LINE, _NCCL_CHANNEL, _NCCL_NNODES, _names_rank
from diagnose.engines.base import PHASE_INDEX
from diagnose.lines import (_CI_BRACKET, _RANK, _SGL_HDR, _SGL_TAG, _UVICORN, _VLLM_HDR, LineParser, _clock,
                            _worker_rank)
from diagnose.timeline import _BACKWARD_OK, _TB_CONT, EXC_RE, moves

# What sends a line the full way: a traceback, Ray's folding, NCCL lines the tracker reads, ANSI
# colour and NUL bytes (the parser removes them, which can join an anchor).
TRIGGERS = ("Traceback (most recent call last)", "repeated", "across cluster", "set by environment",
            "Using network", "\x1b", "\x00")
_RAY_MARKERS = ("ray_started", "pg_wait", "ray_spmd")  # distributed.DistTracker.feed reads these ids
_TRIGGER, _MARKER, _RULE, _EXC = 1, 2, 4, 8
_EXC_WORDS = ("Error", "Exception", "Exit", "Interrupt", "Failure")  # timeline.EXC_RE matches one of them


def _heartbeat(mk) -> bool:
    """A heartbeat (only `watch` reads it) with no phase and no facts: in explain its event only
    votes for its engine (SGLang's `Decode batch`), or changes nothing (uvicorn's access line)."""
    return (mk.role == "heartbeat" and mk.phase is None and not mk.facts and mk.extract is None
            and mk.id not in _RAY_MARKERS)


def _inert(mk) -> bool:
    """A marker whose event changes nothing in explain."""
    return _heartbeat(mk) and mk.engine not in ("vllm", "sglang")


class _Probe:
    """What MarkerScanner.scan reads of a line."""

    __slots__ = ("text", "kind")


# lines.LineParser's `(Proc pid=N)` tag, then its vLLM header or its uvicorn level (D/I/W/E/C only:
# the parser tries uvicorn only after a header letter).
_TAGGED = re.compile(
    r"(?P<tag>\([^()]*\) ?)?"
    r"(?:(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<ts>\d\d-\d\d \d\d:\d\d:\d\d)(?P<f>\.\d+)? "
    r"\[?[\w./\-]+\.py:\d+\] ?|(?P<uv>DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+)"
)
_PROC_TAG = re.compile(r"\((?:(?P<proc>[^()]*?) )?pid=(?P<pid>\d+)\) ?$")  # lines._PROC without Ray's ip=
_NCCL_HEAD = re.compile(r"(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\] (?:[\w./\-]+:\d+ )?(?=NCCL )")
_UVICORN_ANY = re.compile(r"(?:TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+")
_ROLLOVER_S = 180 * 86400
_YEAR_S = 366 * 86400
_TS = re.compile(r"\d\d-\d\d \d\d:\d\d:\d\d")  # a vLLM header's stamp (the `ts` group of _TAGGED)
_STAMP_SHAPE = "dd-dd dd:dd:dd"  # d: a digit
_MEMO_MAX = 16384  # memo entries (a few MB); a full memo starts again
_REFUSED = ()  # the memo entry of a line that always takes the full path


def _clear_of_stamps(anchor: str) -> bool:
    """Whether `anchor` can never overlap a vLLM stamp: then whether a line holds it does not depend
    on the stamp, and lines that differ only in their stamps share one memo entry."""
    size = len(_STAMP_SHAPE)
    fits_stamp = [ch.isdecimal() or ch in "-: " for ch in anchor]
    if not fits_stamp[0] and not fits_stamp[-1] and "".join("x" if f else " " for f in fits_stamp).find(
            "x" * size) < 0:
        return True  # an overlap would start or end the anchor with stamp characters, or hold all 14
    for start in range(1 - len(anchor), size):  # where the stamp starts, relative to the anchor
        fits = True
        for j, ch in enumerate(anchor):
            k = start + j
            if 0 <= k < size and not (ch.isdecimal() if _STAMP_SHAPE[k] == "d" else ch == _STAMP_SHAPE[k]):
                fits = False
                break
        if fits:
            return False
    return True


class QuietLines:
    """`fast(n, raw)` applies a quiet line to the analyzer and returns True, or returns False
    (having changed nothing) when the line needs the full path."""

    def __init__(self, analyzer, parser: LineParser):
        self.a = analyzer
        self.parser = parser
        matcher = analyzer.matcher
        self._what: dict[str, int] = {}  # anchor -> what its presence asks for (_TRIGGER | _MARKER | _RULE)
        for anchor in TRIGGERS:
            self._what[anchor] = _TRIGGER
        for anchor, markers in analyzer.scanner._anchors:
            if not all(_inert(mk) for mk in markers):
                self._what[anchor] = self._what.get(anchor, 0) | _MARKER
        for anchor in matcher._by_anchor:
            self._what[anchor] = self._what.get(anchor, 0) | _RULE
        for word in _EXC_WORDS:
            self._what[word] = self._what.get(word, 0) | _EXC
        self._index = AnchorIndex(self._what)
        # case-blind rule anchors: an ASCII anchor in the lower-cased message is in the lower-cased line
        self._lower = tuple(sorted(matcher._by_anchor_lower))
        self._probe = _Probe()
        self._tags: dict[str, tuple] = {}  # "(Proc pid=N) " -> (proc, pid, rank, names a rank, Ray), () when not one
        self._channels: dict[str, tuple] = {}  # NCCL channel line -> (rank pair, transport), () when not one
        self._stamps: dict[str, float] = {}  # "MM-DD hh:mm:ss" -> seconds (lines of a second share it)
        # a rule leaf with no anchor runs on every line; a Ray worker file names its process itself
        self.enabled = not matcher._unanchored and parser.proc is None and all(x.isascii() for x in self._lower)
        # key (a vLLM line without its stamp, or an NCCL line) -> what `_classify` made of it
        self._memo: dict[object, tuple] = {}
        self._templates = all(_clear_of_stamps(x) for x in (*self._what, *self._lower))

    def _tag(self, tag: str) -> tuple:
        """What LineParser makes of a process tag (remembered: a log has few processes)."""
        m = _PROC_TAG.match(tag)
        out: tuple = ()
        if m is not None:
            proc = m["proc"] or "proc"
            out = (proc, int(m["pid"]), _worker_rank(proc), _names_rank(proc), proc.startswith("RayWorker"))
        if len(self._tags) >= 4096:
            self._tags.clear()
        self._tags[tag] = out
        return out

    def _channel(self, text: str) -> tuple:
        """((from rank, to rank), transport) of an NCCL channel line, as DistTracker._nccl reads it."""
        mc = _NCCL_CHANNEL.match(text)
        out: tuple = ()
        if mc is not None:
            parts = mc["via"].split("/")
            out = ((int(mc["a"]), int(mc["b"])), parts[0] if parts[0] != "NET" or len(parts) < 2 else f"NET/{parts[1]}")
        if len(self._channels) >= 4096:
            self._channels.clear()
        self._channels[text] = out
        return out

    def _bracket(self, raw: str):
        """(kind, text, clock, year, tags, rank) of a line that starts with "[", as LineParser reads
        the two SGLang shapes: `[date time] msg` (a bracketed stamp, then the message's own header)
        and `[date time TP0] msg` (SGLang's header with its rank tags); None for anything else."""
        parser = self.parser
        m = _CI_BRACKET.match(raw)
        if m is not None:
            clock = self._bracket_clock(m) + parser._rollover
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
            return kind, text.rstrip(), clock, int(m["y"]), None, None
        if _RANK.match(raw):
            return None
        m = _SGL_HDR.match(raw)
        if m is None:
            return None
        clock = year = None
        if m["mo"]:
            clock = self._bracket_clock(m) + parser._rollover
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
        return kind, text.rstrip(), clock, year, tags, rank

    @staticmethod
    def _progress(mk, ev, tl) -> bool:
        """A start or progress event with no facts for the phase the start is in: Timeline.feed
        counts a progress line of the current span, the tracker notes the phase for its process."""
        return (mk.role in ("start", "progress") and bool(mk.phase) and not ev.facts and mk.id not in _RAY_MARKERS
                and mk.id not in START_BANNERS and bool(tl.phases) and tl.phases[-1].name == mk.phase)

    @staticmethod
    def _straggler(mk, ev, tl, source: str) -> bool:
        """A phase event of a phase the start has already left, with no facts: Timeline._enter only
        extends that phase's span (a straggling rank), the tracker notes the phase for its process."""
        if (mk.role not in ("start", "progress", "end") or not mk.phase or ev.facts or mk.id in _RAY_MARKERS
                or mk.id in START_BANNERS):  # a banner may begin a new start (Analyzer._advance)
            return False
        if not tl.phases:
            return False
        cur = tl.phases[-1]
        return PHASE_INDEX[mk.phase] < PHASE_INDEX[cur.name] and (
            (cur.name, mk.phase) not in _BACKWARD_OK or source != cur.source)

    def _bracket_clock(self, m: re.Match) -> float:
        """lines._clock of a bracketed stamp's groups, the whole seconds remembered per stamp."""
        mo, d, t, frac = m.group("mo", "d", "t", "f")
        ts = f"{mo}-{d} {t}"
        value = self._stamps.get(ts)
        if value is None:
            value = self._stamp(ts)
        if frac:
            try:
                value += float(frac)
            except ValueError:
                pass
        return value

    def _stamp(self, ts: str) -> float:
        value = _clock(ts[0:2], ts[3:5], ts[6:14])
        if len(self._stamps) >= 4096:
            self._stamps.clear()
        self._stamps[ts] = value
        return value

    def fast(self, n: int, raw: str) -> bool:
        if not raw or (raw[0] in " \t" and not raw.strip(" \t")):
            return self._blank(n, raw)
        c = raw[0]
        key: object = raw
        ts = None
        if self._templates and (c == "(" or c in "DIWEC"):
            # A vLLM header's stamp sits after the tag and the level word: the line without it is the
            # memo key (request tracebacks, metrics and NCCL lines repeat but for the stamp).
            i = 0
            if c == "(":
                i = raw.find(")") + 1
                if i and raw[i:i + 1] == " ":
                    i += 1
            sp = raw.find(" ", i, i + 9)
            if sp > i:
                p = sp + 1
                ts = raw[p:p + 14]
                if ts in self._stamps or _TS.fullmatch(ts):
                    key = (raw[:p], raw[p + 14:])
                else:
                    ts = None
        entry = self._memo.get(key)
        if entry is None:
            return self._first(n, raw, c, key, ts)
        if entry is _REFUSED:
            return False
        clock = None
        if ts is not None:
            clock = self._stamps.get(ts)
            if clock is None:
                clock = self._stamp(ts)
            if entry[9] is not None:
                clock += entry[9]
        return self._apply(n, raw, entry, clock, None, False)

    def _blank(self, n: int, raw: str) -> bool:
        """An empty (or blanks only) line: the parser gives it its input's process (a Ray worker
        file's) and nothing else, no marker or rule reads it; it counts, and may end a traceback."""
        parser = self.parser
        proc = parser.proc
        entry = ("raw", "", proc, parser.pid if proc is not None else None, None,
                 bool(proc) and _names_rank(proc), bool(proc) and proc.startswith("RayWorker"), None, None, None,
                 0, None, None, False, (), None, False)
        return self._apply(n, raw, entry, None, None, False)

    def _first(self, n: int, raw: str, c: str, key, ts) -> bool:
        """A line not in the memo: classify it, apply it, and remember it when it was quiet and what
        made it so is a function of its key (a vLLM line without its stamp, an NCCL line)."""
        got = self._classify(raw, c)
        if got is _REFUSED:  # a traceback's first line: its repeats (but for the stamp) are refused at once
            if key is not raw:
                self._remember(key, _REFUSED)
            return False
        if got is None:
            return False
        entry, clock, year, stamp_at = got
        volatile = self.a.matcher._volatile
        if not self._apply(n, raw, entry, clock, year, True):
            return False
        kind = entry[0]
        if self.a.matcher._volatile == volatile and (
                (kind == "vllm" and ts is not None and stamp_at == len(key[0])) or (kind == "nccl" and key is raw)):
            self._remember(key, entry)
        return True

    def _remember(self, key, entry) -> None:
        if len(self._memo) >= _MEMO_MAX:
            self._memo.clear()
        self._memo[key] = entry

    def _classify(self, raw: str, c: str):
        """What a line is, from its text alone: (entry, clock, year, where its vLLM stamp starts),
        or None when it needs the full path whatever the state (_REFUSED: for a trigger word)."""
        need = 0
        found = self._index.found(raw)
        if found:
            what = self._what
            for anchor in found:
                need |= what[anchor]
            if need & _TRIGGER:
                return _REFUSED
        if self._lower:
            low = raw.lower()
            for x in self._lower:
                if x in low:
                    need |= _RULE
                    break
        if c.isdigit() or raw.find("|", 0, 64) >= 0:
            return None  # CI stamps and compose prefixes: the parser's business
        parser = self.parser
        proc = None
        pid = None
        rank = None
        clock = None
        year = None
        tags = None
        host = None
        frac_s = None
        stamp_at = -1
        names_rank = ray = rank_word = False
        m = _TAGGED.match(raw) if c == "(" or c in "DIWEC" else None
        if c == "[":
            bracket = self._bracket(raw)
            if bracket is None:
                return None
            kind, text, clock, year, tags, rank = bracket
        elif m is not None:
            tag, level, ts, frac = m.group("tag", "level", "ts", "f")
            if (level in ("ERROR", "CRITICAL") or m["uv"] in ("ERROR", "CRITICAL")) \
                    and self.a.timeline.ready_seq is None:
                return None  # an error line may end the start: Timeline.feed keeps it (tail_error)
            if tag is not None:
                known = self._tags.get(tag)
                if known is None:
                    known = self._tag(tag)
                if not known:
                    return None  # not a plain (Proc pid=N) tag: Ray's ip= names the node
                proc, pid, rank, names_rank, ray = known
            text = raw[m.end():].rstrip()
            if level is not None:
                kind = "vllm"
                stamp_at = m.start("ts")
                clock = self._stamps.get(ts)
                if clock is None:
                    clock = self._stamp(ts)
                if frac:
                    frac_s = float(frac)
                    clock += frac_s
            else:
                kind = "uvicorn"
        else:
            if c == "(" or (c in "DIWEC" and (_VLLM_HDR.match(raw) or _UVICORN_ANY.match(raw))):
                return None
            m = _NCCL_HEAD.match(raw)
            if m is None or m.end() > 115:
                return None
            kind = "nccl"
            host, spid = m.group("host", "pid")
            pid = int(spid)
            rest = raw[m.end():]
            rank_word = " rank " in rest  # the parser learns the process's rank from such a line
            text = rest.rstrip()
        if "=" in text and text[:1] in "+ednVSGTRPC" and _ENV_LINE.match(text):
            return None
        channel = ()
        nodes_seen = None  # NCCL's nNodes of a communicator line (DistTracker._nccl)
        if kind == "nccl":
            if "via" in text:
                channel = self._channels.get(text)
                if channel is None:
                    channel = self._channel(text)
            if not channel and "nNodes" in text:
                mn = _NCCL_NNODES.match(text)
                if mn is not None:
                    nodes_seen = int(mn["nodes"])
        if need & _EXC and text[:1].isalpha() and EXC_RE.match(text):
            return None  # an exception line (or an error right after a phase's end)
        events = None
        if need & _MARKER:
            probe = self._probe
            probe.text, probe.kind = text, kind
            events = tuple(self.a.scanner.scan(probe)) or None
        hint = None
        if 'File "' in text:
            mh = _PATH_HINT.search(text)
            if mh is not None:
                hint = mh.group(1)
        entry = (kind, text, proc, pid, rank, names_rank, ray, tags, host, frac_s, need, events, hint,
                 bool(text.strip()), channel, nodes_seen, rank_word)
        return entry, clock, year, stamp_at

    def _apply(self, n: int, raw: str, entry: tuple, clock, year, first: bool) -> bool:
        """Check what the state asks of a classified line and, when it is quiet, make exactly the
        changes the full path would make (`first`: it was just classified, its rule leaves not yet run)."""
        (kind, text, proc, pid, rank, names_rank, ray, tags, host, _frac, need, events, hint, nonblank,
         channel, nodes_seen, rank_word) = entry
        a = self.a
        tl = a.timeline
        parser = self.parser
        if kind == "nccl":
            nkey = (host, pid)
            if rank_word and nkey not in parser._nccl_rank:
                return False  # the parser learns this process's rank here
            rank = parser._nccl_rank.get(nkey)
            node_name = host
        else:
            node_name = parser.node
        source = parser.source
        dist = tl.dist
        if node_name is None:
            node_name = source
        node = dist.nodes.get(node_name)
        if node is None or source not in node.sources or source not in a.sources:
            return False
        if tags is not None:  # DistTracker._proc: a pure TP tag is the global rank
            st = dist.procs.get(("rank", rank) if tags == f"TP{rank}" else ("tags", tags))
            if st is not None and st.label != tags and st.key[0] == "rank":
                return False  # the rank is relabelled by its tags on this line
        else:
            st = dist.procs.get(("pid", node_name, pid) if pid is not None else
                                (("rank", rank) if rank is not None else ("main", node_name)))
        if st is None or (st.rank is None and rank is not None):
            return False
        if names_rank and not _names_rank(st.label):
            return False  # the process gets its worker label on this line
        if channel:
            info = dist.transports.get(channel[0])
            if info is None or channel[1] not in info["via"]:
                return False
        behind = None  # phases of straggler events: progress of a phase the start has left
        current = None  # progress events of the phase the start is in (SGLang's `Prefill batch`)
        votes = None  # engines of heartbeat events
        if events is not None:
            for ev in events:
                mk = ev.marker
                if _heartbeat(mk):
                    votes = (votes or []) + [mk.engine]
                elif self._straggler(mk, ev, tl, source):
                    behind = (behind or []) + [mk]
                elif self._progress(mk, ev, tl):
                    current = (current or []) + [mk]
                else:
                    return False
        if first and need & _RULE and text:
            if a.matcher.leaf_hits_for_next(text, a.run):
                return False  # the full path reads the hits handed over (each regex runs once)
        # -- quiet: the changes the full path would make ------------------------------------
        if clock is not None:
            if year is None:  # LineParser._stamp: a year-less clock may roll over into the next year
                last = parser._last_clock
                if last is not None and clock + parser._rollover < last - _ROLLOVER_S:
                    parser._rollover += _YEAR_S
                clock += parser._rollover
            parser._last_clock = clock
            tl.last_clock = clock
            if year and tl.year is None:
                tl.year = year
        score = a.guess.score
        if kind in score:
            score[kind] += 1
        if votes is not None:
            for engine in votes:
                if engine in score:
                    score[engine] += 3
        if hint is not None:
            score[hint] += 1
        tl.seq += 1
        if n > tl.n_lines:
            tl.n_lines = n
        if tl.phases:
            span = tl.phases[-1]
            if span.source == source:
                span.last_line = n
            if clock is not None:
                if span.start_clock is None:
                    span.start_clock = clock
                    span.start_year = year
                if span.status != "done":
                    span.end_clock = clock
        if tl.tail_error is not None:
            tl.moved_on(moves(events), None, text)
        tb = None  # timeline._track_exceptions for a line that is neither a traceback start nor an exception
        if tl._in_tb:
            tb = tl._tb_id
            if tl._tb_after_exc:
                tl._tb_after_exc += 1
                if tl._tb_after_exc > 4 and not _TB_CONT.match(text):
                    tl._in_tb = False
                    tb = None
            else:
                tl.note_frame(text)
        tl.tb_of_line = tb
        node.lines += 1
        st.lines += 1
        st.last_line = n
        if ray:
            dist.ray = True
        dist.last_key = st.key
        if node.error is None and st.error is not None and st.error[0] == n:
            node.error = st.error
        if kind == "nccl":
            node.env_families.add("NCCL_")
            if nodes_seen is not None:
                node.nccl_nodes = max(node.nccl_nodes or 0, nodes_seen)
        for mk in current or ():
            tl.phases[-1].progress_lines += 1
            if mk.phase not in st.phases:
                st.phases.append(mk.phase)
            st.max_idx = max(st.max_idx, PHASE_INDEX[mk.phase])
            node.max_idx = max(node.max_idx, PHASE_INDEX[mk.phase])
            if mk.engine in score:
                score[mk.engine] += 3
        if behind is not None:
            for mk in behind:  # Timeline._enter extends the left phase's span; the tracker notes the phase
                old = tl.span_of(mk.phase)
                if old is not None and old.source == source:
                    old.last_line = max(old.last_line, n)
                idx = PHASE_INDEX[mk.phase]
                if mk.phase not in st.phases:
                    st.phases.append(mk.phase)
                st.max_idx = max(st.max_idx, idx)
                node.max_idx = max(node.max_idx, idx)
                if mk.engine in score:
                    score[mk.engine] += 3
        if nonblank:
            a.last = (n, source, raw)
            a.last_who = st.key
        return True
