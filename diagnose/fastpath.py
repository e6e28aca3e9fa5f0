"""The quiet-line classifier of `explain`: most lines of a big log change nothing but counters.

A request-log line, an NCCL INFO channel line or a metrics line starts no phase, matches no rule
and is no exception: it only counts for its process, node and phase, and votes for its engine.
`QuietLines.classify` recognises such a line from its raw text (one automaton pass over the marker
anchors, rule anchors and trigger words; one prefix regex for vLLM headers with their
`(Proc pid=N)` tags, uvicorn and NCCL `host:pid:tid [dev]` lines; the markers and rule leaves
only where an anchor occurs). It changes nothing: it returns a `QuietLine`, and `Analyzer.quiet`
applies it through the owners' methods (`LineParser.clock_at`, `EngineGuess.vote`,
`Timeline.quiet`, `DistTracker.quiet`).

What a line is from its text alone is remembered (`_classify`, a bounded memo), keyed for a vLLM
line by its text without its stamp, for an NCCL line by its text; a repeat costs a lookup and the
state checks of `_check`. Exact while no anchor can overlap a stamp (`clear_of_stamps`). An SGLang
line (its `Decode batch` and `Prefill batch` lines print new numbers every time) is keyed by its
number shape, an NCCL, vLLM or uvicorn line not seen as it is by its head and the rest's number shape, where
no number decides what the line is but what its markers read (`_same_for_shape`): its text, clock
and year, an NCCL line's channel and node count, and where a marker reads a number the events of
its markers are its own (`_shaped`). Lines over _MEMO_LINE characters are not kept.

A block of whole lines is taken at once: `pieces` sets apart the lines that hold a trigger or
exception word or are of another shape, and yields the runs between them (one automaton pass, one
regex scan); `run` vouches for a run in one go (the state checks once per process, each line that
holds an anchor classified alone and what its events change carried in the `QuietRun`), and
`refused` cuts a run it cannot vouch for at the line that must go alone; `Analyzer.quiet_run`
applies it.

Anything it cannot prove quiet goes the full way (`Analyzer._advance`): a process or node seen for
the first time, an exception or a traceback start, a start banner, an env line, an NCCL line that is
new information, a prefix it does not know. When it ran the rule leaves on a line and some hit, it
hands them over with the refusal, so the full path does not match them again.
`tests/test_fastpath.py` runs every sample log, the benchmark log and random line mixes both ways
and compares the reports byte for byte.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter, namedtuple
from operator import concat, itemgetter

from diagnose.anchors import AnchorIndex
from diagnose.distributed import channel_of, env_line, names_rank, nccl_nodes_of
from diagnose.engines import PROCESS_FIRST, START_BANNERS, path_hint, shows_ready
from diagnose.matcher import ZERO_DIGITS, number_blind, required_literals, scan_anchors, shape_key, zeroed
from diagnose.lines import CARET_ANSI, CARET_CR, LOUD, LOUD_WORDS, LineParser, engine_header, nccl_level, stamp_seconds, worker_rank
from diagnose.timeline import EXC_RE, MOVING_ROLES, frame_line, waiting

# What sends a line the full way: a traceback, Ray's folding, NCCL lines the tracker reads, uvicorn
# waiting for the app's startup (the marker uv_wait: Timeline.awaiting_app), ANSI colour (as the bytes
# or as `cat -v` shows them, with its "^M") and NUL bytes (the parser removes them, which can join an anchor).
TRIGGERS = ("Traceback (most recent call last)", "repeated", "across cluster", "set by environment",
            "Using network", "Waiting for application startup", "\x1b", "\x00", CARET_ANSI, CARET_CR)
_RAY_MARKERS = ("ray_started", "pg_wait", "ray_spmd")  # distributed.DistTracker.feed reads these ids
_STARTS = START_BANNERS | PROCESS_FIRST  # a banner or a process's first line may begin a new start (Analyzer._advance)
_TRIGGER, _MARKER, _RULE, _EXC = 1, 2, 4, 8
_LOUD = 16  # logged as an error (lines.LOUD): quiet only once the server is up (see _check)
_BEAT, _PHASED, _ONWARD, _MOVES, _SERVES = 1, 2, 4, 8, 16  # how _check reads a marker's event (QuietLines._read_as)
_EXC_WORDS = ("Error", "Exception", "Exit", "Interrupt", "Failure", "Warning")  # timeline.EXC_RE matches one of them


def _heartbeat(mk) -> bool:
    """A heartbeat (only `watch` reads it) with no phase and no facts: in explain its event only
    votes for its engine (SGLang's `Decode batch`), or changes nothing (uvicorn's access line)."""
    return (mk.role == "heartbeat" and mk.phase is None and not mk.facts and mk.extract is None
            and mk.id not in _RAY_MARKERS)


def _inert(mk) -> bool:
    """A marker whose event changes nothing in explain."""
    return _heartbeat(mk) and mk.engine not in ("vllm", "sglang")


# What the classifier found about a quiet line: all `Analyzer.quiet` applies. `clock` as printed
# (LineParser.clock_at adds the years); `proc` / `node`: its distributed.ProcState / NodeState;
# `votes`: the engines its events name; `moving`: whether its events show the start moving on
# (timeline.moves, as Timeline.feed asks it); `progress` / `behind`: the phases of its progress events
# for the phase the start is in / for phases the start has left; `events`: its marker events (None: none);
# `loud`: whether it is logged as an error (lines.LOUD: Timeline keeps it as the error that ends the log).
QuietLine = namedtuple("QuietLine", "n raw source kind text clock year proc node ray nodes_seen votes moving "
                                    "progress behind hint nonblank events loud")
_new = tuple.__new__  # QuietLine(...) without the namedtuple's Python-level constructor (hot path)


# lines.LineParser's `(Proc pid=N)` tag, then its vLLM header or its uvicorn level (D/I/W/E/C only:
# the parser tries uvicorn only after a header letter).
TAGGED = re.compile(
    r"(?P<tag>\([^()]*\) ?)?"
    r"(?:(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) (?P<ts>\d\d-\d\d \d\d:\d\d:\d\d)(?P<f>\.\d+)? "
    r"\[?[\w./\-]+\.py:\d+\] ?|(?P<uv>DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+)"
)
_PROC_TAG = re.compile(r"\((?:(?P<proc>[^()]*?) )?pid=(?P<pid>\d+)\) ?$")  # lines._PROC without Ray's ip=
_NCCL_HEAD = re.compile(r"(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\] (?:[\w./\-]+:\d+ )?(?=NCCL )")
_TS = re.compile(r"\d\d-\d\d \d\d:\d\d:\d\d")  # a vLLM header's stamp (the `ts` group of TAGGED)
_STAMP_SHAPE = "dd-dd dd:dd:dd"  # d: a digit
_MEMO_MAX = 16384  # memo entries (a few MB); a full memo starts again
_MEMO_LINE = 1024  # longer lines are not remembered (nor their number shape computed)
_REFUSED = ()  # the memo entry of a line that always takes the full path
_BY_SHAPE = "shape"  # ends the memo key of a vLLM line's number shape (apart from its key as it is)


# A run of lines between the ones a block scan sets apart (see QuietLines.pieces): what
# Analyzer.quiet_run applies. `procs`: (ProcState, NodeState, lines, last line, NCCL lines, phases its
# events name in order, NCCL node count seen or None) per process; `clock`: the last clock printed (as
# printed), `kinds`: (kind, lines) for the engine vote; `last_raw` / `last_key`: the run's last line and
# its process. `texts`: the messages of its lines when a traceback is open (Timeline.quiet_run reads
# them), else None; `hints`: the engines its traceback frames name (EngineGuess.hinted). What the
# events of its lines that hold an anchor change: `votes`, the engines they name; `behind`, the last
# line of each phase the start has left they name; `moving`, whether one shows the start moving on;
# `events`: (line number, its marker events) for each of them with events, in order (for watch's views).
# `loud`: (line number, raw) of its last line logged as an error when no line after it shows the start
# moving on (the error that ends the log so far, as Timeline.feed keeps it), else None.
QuietRun = namedtuple("QuietRun", "first last k source procs clock kinds last_raw last_key texts hints "
                                  "votes behind moving events loud")

# A line a run may hold: a vLLM header (with a valid stamp and a message; ERROR and CRITICAL only once
# the server is up, see QuietLines.run) or a uvicorn level (`INFO:     10.0.0.7:51234 - "POST ..."`,
# the access log) after a plain tag or none, or an NCCL `host:pid:tid [dev]` line whose head is short
# (TAGGED and _NCCL_HEAD with the limits `_classify` puts on them). Any other line is looked at alone.
_VALID_TS = r"(?:0[1-9]|1[0-2])-(?:[0-2]\d|3[01]) (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d"
_LEVELS = r"(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)"
_RUN_VLLM = r"(?:\([^()\n]*\) ?)?" + _LEVELS + " " + _VALID_TS + r"(?:\.\d+)? \[?[\w./\-]+\.py:\d+\] ?"
_RUN_UVICORN = r"(?:\([^()\n]*\) ?)?" + _LEVELS + r":[^\S\n]+"
_RUN_NCCL = r"[A-Za-z_.\-][\w.\-]{0,47}:\d{1,10}:\d{1,10} \[\d{1,4}\] (?:[\w./\-]{1,20}:\d{1,6} )?"
_RUN_LINE = _RUN_VLLM + r"[^\S\n]*\S|" + _RUN_UVICORN + r"\S|" + _RUN_NCCL + "NCCL "
# what `text` of a run line leaves out
_RUN_HEADS = re.compile("^(?:" + _RUN_VLLM + "|" + _RUN_UVICORN + "|" + _RUN_NCCL + "(?=NCCL ))", re.M)
_VLLM_HEAD = re.compile(_RUN_VLLM)  # (see QuietLines.run_texts)
_OTHER_LINE = re.compile(r"\n(?!" + _RUN_LINE + ")")
_FIRST_LINE = re.compile(_RUN_LINE)
# per line of a run: (tag, level, stamp, fraction, NCCL host:pid); a uvicorn line has neither stamp nor
# host, an NCCL line no level
_RUN_HEAD = re.compile(r"\n(?:(\([^()\n]*\) ?)?(" + _LEVELS + ")(?: (" + _VALID_TS + r")(\.\d+)?|:(?=[^\S\n]))"
                       r"|([A-Za-z_.\-][\w.\-]*:\d+):)")
# What else makes `_classify` or `_check` look at a line of such a shape on its own: a compose-like
# `|`, a redraw, an env variable; and what they read on it within a run (see QuietLines.run): an NCCL
# channel, rank or node count.
_RUN_BREAKERS = ("|", "\r", "VLLM_", "NCCL_", "SGLANG_", "GLOO_", "TORCH_", "RAY_", "CUDA_")
_NCCL_NEWS = ("via", " rank ", "nNodes")
# a run head's tag, level (a vLLM header's or uvicorn's), stamp, NCCL host:pid
_tag_of, _level_of, _ts_of, _host_of = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(4)
_RUN_TRIES = 8  # how often QuietLines.refused tries what is left of a run again


def _scan_marks(pairs: set[tuple[str, str]]) -> dict[str, tuple | None]:
    """The block scan's literals for (regex, anchor) pairs (see matcher.scan_anchors), each with what
    a line that holds it must hold as well for one of their regexes to match there: the alternatives
    of required_literals (None: nothing known, for one regex at least). Kept on disk."""
    from diagnose import _cache

    def build(ordered) -> dict[str, tuple | None]:
        out: dict[str, tuple | None] = {}
        for rx, anchor in ordered:
            needs = required_literals(rx)
            for x in scan_anchors(rx, (anchor,)):
                rest = tuple(c for c in needs if not any(lit in x for lit in c))  # (what `x` holds is there)
                if x not in out:
                    out[x] = (rest,) if rest else None
                elif out[x] is not None:
                    out[x] = out[x] + (rest,) if rest else None
        return out

    return _cache.derived("scan", _SCAN_FORMAT, pairs, build)


_SCAN_FORMAT = 4  # bump when scan_anchors, required_literals or `build` change


def _lines_at(text: str, marks: list[int], i: int, start: int, stop: int, n: int) -> tuple[list[int], int]:
    """The numbers of the lines of text[start:stop] (whole lines, the first one numbered n) that hold
    a position of `marks` (sorted; from index i on), and the index of the first position past them."""
    out = []
    pos = start  # where line n starts
    size = len(marks)
    while True:
        i = bisect_left(marks, pos, i, size)  # (the marks before it: before the lines, or on a line counted)
        if i == size or marks[i] >= stop:
            return out, i
        p = marks[i]
        n += text.count("\n", pos, p)
        out.append(n)
        e = text.find("\n", p)
        pos = e + 1 if e >= 0 else len(text) + 1
        n += 1


# an NCCL line's level word that says it is logged as an error (as LineParser reads the word: up to
# a space, or the line's end)
_NCCL_LOUD = re.compile("NCCL (?:" + "|".join(LOUD_WORDS) + ")(?= |$)", re.M)
# an NCCL line of a run (see _RUN_LINE) whose word after its head says it is logged as an error
_RUN_NCCL_LOUD = re.compile("^" + _RUN_NCCL + _NCCL_LOUD.pattern, re.M)


def _error_level(text: str) -> int:
    """Where the first line of a run's text that may be logged as an error begins to say so, or -1:
    a vLLM header's level (then a space), uvicorn's (then a colon), an NCCL line's (_NCCL_LOUD)."""
    first = -1
    size = len(text)
    for word in LOUD:  # (str.find: a regex scan for all of them costs a run 3x as much)
        i = text.find(word)
        while i >= 0:
            j = i + len(word)
            if j < size and text[j] in " :":
                if first < 0 or i < first:
                    first = i
                break
            i = text.find(word, i + 1)
    if "NCCL " in text:
        m = _NCCL_LOUD.search(text)
        if m is not None and (first < 0 or m.start() < first):
            first = m.start()
    return first


def _nccl_reads(text: str) -> tuple[tuple, int | None]:
    """What DistTracker reads on an NCCL line: its channel (see channel_of; () for none) and the
    node count of a communicator line (nNodes; None for none)."""
    channel = channel_of(text) or () if "via" in text else ()
    return channel, nccl_nodes_of(text) if not channel and "nNodes" in text else None


def _anchor_facts(anchors: set[str]) -> dict[str, tuple[bool, bool]]:
    """anchor -> (clear_of_stamps, whether it holds a number's digit), kept on disk (see
    diagnose._cache.derived): ~1000 anchors take ~10 ms, a good part of a small log's time."""
    from diagnose import _cache

    return _cache.derived("anchor-facts", 1, anchors, lambda ordered: {
        a: (clear_of_stamps(a), not number_blind(None, (a,))) for a in ordered})


def clear_of_stamps(anchor: str) -> bool:
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
    """`classify(n, raw)`: a QuietLine for a quiet line; for any other line None, or the rule leaf
    hits it found on the line (to hand to the full path). It changes no analysis state."""

    def __init__(self, analyzer, parser: LineParser, live: bool = False):
        """`live`: for `watch`, which reads every heartbeat (a heartbeat is not progress); explain
        skips the markers whose events change nothing in it."""
        self.a = analyzer
        self.parser = parser
        matcher = analyzer.matcher
        inert = (lambda mk: False) if live else _inert
        self._what: dict[str, int] = {}  # anchor -> what its presence asks for (_TRIGGER | _MARKER | _RULE)
        for anchor in TRIGGERS:
            self._what[anchor] = _TRIGGER
        for anchor, markers in analyzer.scanner.anchors:
            if not all(inert(mk) for mk in markers):
                self._what[anchor] = self._what.get(anchor, 0) | _MARKER
        for anchor in matcher.by_anchor:
            self._what[anchor] = self._what.get(anchor, 0) | _RULE
        for word in _EXC_WORDS:
            self._what[word] = self._what.get(word, 0) | _EXC
        self.index = AnchorIndex(self._what)
        # case-blind rule anchors: an ASCII anchor in the lower-cased message is in the lower-cased line
        self._lower = tuple(sorted(matcher.by_anchor_lower))
        self._caseless = None  # the block scan's search for them (see pieces)
        if self._lower:
            import regex

            # `regex`'s IGNORECASE matches an ASCII letter on every character whose lower() holds it
            # (K for k, İ for i), so this finds a place in each line whose lower() holds an anchor,
            # at the block's own positions and without lower-casing the block (a few more lines at
            # most: ſ for s)
            self._caseless = regex.compile("|".join(map(regex.escape, self._lower)), regex.IGNORECASE)
        self._tags: dict[str, tuple] = {}  # "(Proc pid=N) " -> (proc, pid, rank, names a rank, Ray), () when not one
        self._reads: dict[int, int] = {}  # id(marker) -> how _check reads its events (_read_as)
        # markers of a serving server that explain does not read once the server is up (uvicorn's access
        # line): before it is up, a line of theirs goes the full way (Timeline.feed takes it as ready)
        self._serving_unread = tuple({id(mk): mk for _, markers in analyzer.scanner.anchors for mk in markers
                                      if mk.serving and inert(mk)}.values())
        self._stamps: dict[str, float] = {}  # "MM-DD hh:mm:ss" -> seconds (lines of a second share it)
        # a rule leaf with no anchor runs on every line; a Ray worker file names its process itself
        self.enabled = not matcher.unanchored and parser.proc is None and all(x.isascii() for x in self._lower)
        # key (a vLLM line without its stamp, an NCCL line; the shape_key of an SGLang line, an NCCL
        # or vLLM line's head and the rest's shape_key) -> what `_classify` made of it (see _first)
        self._memo: dict[object, tuple] = {}
        self._zeros: set[int] = set()  # hashes of vLLM lines past their stamps with every digit 0 (see classify)
        anchors = {*self._what, *(a for a, _ in analyzer.scanner.anchors)}
        facts = _anchor_facts(anchors | set(self._lower))
        self._templates = all(facts[x][0] for x in (*self._what, *self._lower))
        # the anchors that hold a number's digit (see _same_for_shape), their digits made 0
        self._numbered = tuple(x.translate(ZERO_DIGITS) for x in anchors if facts[x][1])
        self._numbered_lower = tuple(x.translate(ZERO_DIGITS) for x in self._lower if facts[x][1])
        self._heads: dict[str, tuple] = {}  # an SGLang line's "[date time TP0] " -> (clock as printed, year)
        # the block scan: what sets a line apart (trigger and exception words, _RUN_BREAKERS), and
        # what makes `classify` look further at a line a run may still hold (a marker or rule leaf
        # by the literals its regex requires where its own anchor is generic, see
        # matcher.scan_anchors; _NCCL_NEWS).
        hard = {*TRIGGERS, *_EXC_WORDS, *_RUN_BREAKERS}
        marks = set(_NCCL_NEWS)
        pairs = set()  # (regex, anchor) of the markers and rule leaves
        for anchor, markers in analyzer.scanner.anchors:
            for mk in markers:
                if not inert(mk):
                    pairs.add((mk.regex, anchor))
        marker_pairs = set(pairs)
        for anchor, idxs in matcher.by_anchor.items():
            for idx in idxs:
                leaf = matcher.leaves[idx]
                if leaf.kind == "regex":
                    pairs.add((leaf.text, anchor))
                else:
                    marks.add(anchor)
        scan = _scan_marks(pairs)
        # a literal only rule leaves require, on a line that holds what they need: that line is likely
        # to hit a rule, which a run cannot hold; it is set apart (held, each such line made the run be
        # tried again from it: an access log whose requests are refused now and then has one every few
        # dozen lines)
        rule_only = scan.keys() - _scan_marks(marker_pairs).keys()
        # a line holding a literal of a regex but not all that regex requires (`" HTTP/` of an
        # access line, for a rule about a proxy's `http://` request) needs no closer look
        needs = {a: alts for a, alts in scan.items() if alts is not None and a not in marks}
        marks |= scan.keys()
        # (an anchor that holds a word that sets a line apart sets it apart too: else the automaton,
        # which reports one of two overlapping anchors, could hide the word behind it)
        holds_hard = re.compile("|".join(map(re.escape, sorted(hard)))).search
        hard |= {a for a in marks if holds_hard(a)}
        needs = {a: alts for a, alts in needs.items() if a not in hard}
        self._scan = AnchorIndex(hard | marks, apart=hard, needs=needs, apart_if=rule_only & needs.keys())
        # a run's process key -> (ProcState, NodeState, NCCL (host, pid) or None), as _check found them
        # for one of its lines: a process's state, once found, is never replaced, and what _check asks
        # of it only becomes true for good (a node's sources, a label naming a rank), but for the rank
        # the parser learns of an NCCL process (checked on each run); a new start empties it
        self._run_keys: dict[str, tuple] = {}
        self._run_dist = None
        # (an event's fact names, id of its node) that _settled found known, for the start `_known_tl`
        self._known: set[tuple] = set()
        self._known_tl = None

    def _tag(self, tag: str) -> tuple:
        """What LineParser makes of a process tag (remembered: a log has few processes)."""
        m = _PROC_TAG.match(tag)
        out: tuple = ()
        if m is not None:
            proc = m["proc"] or "proc"
            out = (proc, int(m["pid"]), worker_rank(proc), names_rank(proc), proc.startswith("RayWorker"))
        if len(self._tags) >= 4096:
            self._tags.clear()
        self._tags[tag] = out
        return out

    def _settled(self, ev, tl, node) -> bool:
        """An event whose facts change nothing: none, or each already known where `Timeline.feed` and
        `DistTracker.feed` keep it, and no version banner (EngineGuess.feed counts those). Both only
        add facts, so names once known on a node of a start stay known (remembered per start)."""
        facts = ev.facts
        if not facts:
            return True
        if tl is not self._known_tl:  # a new start
            self._known.clear()
            self._known_tl = tl
        key = (*facts, id(node))
        if key in self._known:
            return True
        if "engine_version" not in facts and tl.knows(facts) and tl.dist.knows(node, facts):
            if len(self._known) < 4096:
                self._known.add(key)
            return True
        return False

    def _read_as(self, mk) -> int:
        """How `_check` reads an event of this marker (kept in `_reads`): _BEAT, a heartbeat
        (see _heartbeat); _PHASED, a phase event, quiet as a straggler's (a phase the start has left:
        Timeline._enter only extends that phase's span, the tracker notes the phase for its process);
        _PHASED | _ONWARD, also quiet as progress (a start or progress event of the phase the start
        is in: Timeline.feed changes nothing for it); 0, never quiet."""
        got = _BEAT if _heartbeat(mk) else 0
        if (not got and mk.role in ("start", "progress", "end") and mk.phase and mk.id not in _RAY_MARKERS
                and mk.id not in _STARTS):
            got = _PHASED | (_ONWARD if mk.role != "end" else 0)
        if mk.role in MOVING_ROLES:
            got |= _MOVES  # (timeline.moves)
        if mk.serving:
            got |= _SERVES  # (not quiet before the server is up: Timeline.feed takes it as ready)
        self._reads[id(mk)] = got
        return got

    def _stamp(self, ts: str) -> float:
        value = stamp_seconds(ts[0:2], ts[3:5], ts[6:14])
        if len(self._stamps) >= 4096:
            self._stamps.clear()
        self._stamps[ts] = value
        return value

    def classify(self, n: int, raw: str):
        if not raw or (raw[0] in " \t" and not raw.strip(" \t")):
            return self._blank(n, raw)
        c = raw[0]
        key: object = raw
        ts = None
        uv = 0  # where what follows a uvicorn level (`INFO:`) starts
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
                    if raw[sp - 1] == ":":
                        uv = sp
        shape = None  # (see _first)
        if c == "[" and len(raw) <= _MEMO_LINE:
            shape = shape_key(raw)  # an SGLang line
        else:
            entry = self._memo.get(key)
            if entry is not None:
                if entry is _REFUSED:
                    return None
                clock = None
                if ts is not None:
                    clock = self._stamps.get(ts)
                    if clock is None:
                        clock = self._stamp(ts)
                    if entry[9] is not None:
                        clock += entry[9]
                return self._check(n, raw, entry, clock, None, False)
            if len(raw) > _MEMO_LINE:
                return self._first(n, raw, c, key, ts)
            if key is raw and not uv:
                i = raw.find(" NCCL ", 0, 120)
                if i < 0:
                    return self._first(n, raw, c, key, ts)
                shape = (raw[:i], shape_key(raw[i:]))  # an NCCL line not seen as it is: its head, the rest's shape
            else:  # a vLLM or uvicorn line not seen as it is: its head (tag, level), the shape of what
                # follows its stamp or level (an access line names a new client port each time)
                head, rest = (raw[:uv], raw[uv:]) if uv else key
                zero = zeroed(rest)
                if hash(zero) not in self._zeros:
                    # the first with its digits where they are: a start prints most lines once, and
                    # a shape is worth its cost when another line may have it
                    if len(self._zeros) >= _MEMO_MAX:
                        self._zeros.clear()
                    self._zeros.add(hash(zero))
                    return self._first(n, raw, c, key, ts)
                shape = (head, shape_key(rest, zero), _BY_SHAPE)
        entry = self._memo.get(shape)
        if entry is None:
            return self._first(n, raw, c, key, ts, shape)
        if entry is _REFUSED:
            return None
        return self._shaped(n, raw, ts, *entry)

    def _blank(self, n: int, raw: str):
        """An empty (or blanks only) line: the parser gives it its input's process (a Ray worker
        file's) and nothing else, no marker or rule reads it; it counts, and may end a traceback."""
        parser = self.parser
        proc = parser.proc
        entry = ("raw", "", proc, parser.pid if proc is not None else None, None,
                 bool(proc) and names_rank(proc), bool(proc) and proc.startswith("RayWorker"), None, None, None,
                 0, None, None, False, (), None, False)
        return self._check(n, raw, entry, None, None, False)

    def _first(self, n: int, raw: str, c: str, key, ts, shape=None):
        """A line not in the memo: classify it, check it, and remember it when it was quiet and what
        made it so is a function of its key (a vLLM line without its stamp, an NCCL line), or of its
        number `shape` (an SGLang, NCCL or vLLM line, see _same_for_shape)."""
        got = self._classify(raw, c)
        keep = len(raw) <= _MEMO_LINE  # (a long line is not remembered: the memo stays a few MB)
        if got is _REFUSED:  # a traceback's first line, an exception line: refused at once when they repeat
            if shape is not None:
                self._remember(shape, _REFUSED)  # (a line of its shape holds its trigger or exception word)
            elif key is not raw and keep:
                self._remember(key, _REFUSED)  # (but for the stamp)
            return None
        if got is None:
            return None
        entry, clock, year, stamp_at = got
        matcher = self.a.matcher
        volatile = matcher.volatile
        out = self._check(n, raw, entry, clock, year, True)
        if out.__class__ is not QuietLine:
            return out
        kind = entry[0]
        if matcher.volatile != volatile or not keep:
            return out
        stamped = kind == "vllm" and ts is not None and stamp_at == len(key[0])
        rescan = None
        if shape is not None and (c == "[" or kind in ("nccl", "uvicorn") or (stamped and entry[9] is None)):
            rescan = self._same_for_shape(raw, entry)
        if rescan is not None:
            self._remember(shape, (entry, stamp_at if c == "[" else None, len(raw.rstrip()) - len(entry[1]), rescan))
        if stamped or (rescan is None and kind == "nccl" and key is raw):
            self._remember(key, entry)  # (a vLLM line's repeats but for the stamp: one lookup)
        return out

    def _same_for_shape(self, raw: str, entry: tuple) -> tuple | None:
        """Whether what `_classify` and `_check` made of a line (quiet, its rule leaves run) holds for
        every line of its number shape but for the text, the clock and the year (and what an NCCL line
        names, see _nccl_reads; its head is part of the key) and its markers' events: None when it
        does not; else the markers to run again on each such line for its own events (none when the
        events hold for all; a marker may read a number, `world_size=8 rank=3 local_rank=3` or NCCL's
        `comm 0x...`, or keep one as a fact). No anchor that holds a number's digit may be in the
        line (the others are in every line of the shape, or in none), and the rule leaves behind the
        anchors it holds must be number-blind or lack what they need whatever the numbers
        (Matcher.blind_on)."""
        digits = raw.translate(ZERO_DIGITS)
        if any(x in digits for x in self._numbered):
            return None
        if self._numbered_lower:
            low = digits.lower()
            if any(x in low for x in self._numbered_lower):
                return None
        text, need, events = entry[1], entry[10], entry[11]
        a = self.a
        if need & _RULE and not a.matcher.blind_on(text):
            return None
        if need & _MARKER and (any(ev.facts for ev in events or ()) or not a.scanner.blind_on(text)):
            return a.scanner.tried(text, entry[0])
        return ()

    def _shaped(self, n: int, raw: str, ts: str | None, entry: tuple, head: int | None, off: int, rescan: tuple):
        """`_check` of an SGLang, NCCL or vLLM line whose number shape is in the memo (see
        _same_for_shape): `head`, the length of an SGLang line's `[...] ` (its clock), `off` where
        its text starts, `rescan`: the markers that find its events on its text; `ts`: a vLLM
        line's stamp."""
        text = raw[off:].rstrip()
        if rescan:
            entry = (*entry[:11], tuple(self.a.scanner.events(rescan, text)) or None, *entry[12:])
        if ts is not None:  # vLLM
            clock = self._stamps.get(ts)
            if clock is None:
                clock = self._stamp(ts)
            return self._check(n, raw, (entry[0], text, *entry[2:]), clock, None, False)
        if head is None and entry[0] == "uvicorn":  # (an SGLang-stamped one has its `[...] ` head)
            return self._check(n, raw, (entry[0], text, *entry[2:]), None, None, False)
        if head is None:  # NCCL
            return self._check(n, raw, (*entry[:1], text, *entry[2:14], *_nccl_reads(text), entry[16]), None, None,
                               False)
        stamp = self._heads.get(raw[:head])
        if stamp is None:
            got = self.parser.bracketed(raw)
            stamp = got[2], got[3]
            if len(self._heads) >= 4096:
                self._heads.clear()
            self._heads[raw[:head]] = stamp
        return self._check(n, raw, (entry[0], text, *entry[2:]), stamp[0], stamp[1], False)

    def _remember(self, key, entry) -> None:
        if len(self._memo) >= _MEMO_MAX:
            self._memo.clear()
        self._memo[key] = entry

    def _classify(self, raw: str, c: str):
        """What a line is, from its text alone: (entry, clock, year, where its vLLM stamp starts),
        or None when it needs the full path (_REFUSED: whatever the state and the numbers, for a
        trigger word or an exception line)."""
        need = 0
        found = self.index.found(raw)
        what = self._what
        if found:
            for anchor in found:
                need |= what[anchor]
            if need & _TRIGGER:
                return _REFUSED
        if c.isdigit() or raw.find("|", 0, 64) >= 0:
            return None  # CI stamps and compose prefixes: the parser's business
        proc = None
        pid = None
        rank = None
        clock = None
        year = None
        tags = None
        host = None
        frac_s = None
        stamp_at = -1
        names = ray = rank_word = False
        m = TAGGED.match(raw) if c == "(" or c in "DIWEC" else None
        if c == "[":
            bracket = self.parser.bracketed(raw)
            if bracket is None:
                return None
            kind, text, clock, year, tags, rank, stamp_at = bracket
            if kind == "uvicorn" and raw.startswith(LOUD, stamp_at):  # (its level follows the `[...] `)
                need |= _LOUD
        elif m is not None:
            tag, level, ts, frac = m.group("tag", "level", "ts", "f")
            if level in LOUD or m["uv"] in LOUD:
                need |= _LOUD
            if tag is not None:
                known = self._tags.get(tag)
                if known is None:
                    known = self._tag(tag)
                if not known:
                    return None  # not a plain (Proc pid=N) tag: Ray's ip= names the node
                proc, pid, rank, names, ray = known
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
            if c == "(" or (c in "DIWEC" and engine_header(raw)):
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
            if nccl_level(rest) in LOUD:
                need |= _LOUD
        if env_line(text):
            return None
        channel, nodes_seen = _nccl_reads(text) if kind == "nccl" else ((), None)
        if need & _EXC and text[:1].isalpha() and EXC_RE.match(text):
            return _REFUSED  # an exception line (or an error right after a phase's end)
        events = None
        if need & _MARKER and text:
            scanner = self.a.scanner
            events = tuple(scanner.events(scanner.tried(text, kind), text)) or None
        if need & _RULE and not any(what[a] & _RULE and a in text for a in found):
            need &= ~_RULE  # (its rule anchors are in the header: the rule leaves read the message)
        if self._lower and not need & _RULE:
            low = text.lower()
            for x in self._lower:
                if x in low:
                    need |= _RULE
                    break
        hint = path_hint(text) if 'File "' in text else None
        entry = (kind, text, proc, pid, rank, names, ray, tags, host, frac_s, need, events, hint,
                 bool(text.strip()), channel, nodes_seen, rank_word)
        return entry, clock, year, stamp_at

    def _check(self, n: int, raw: str, entry: tuple, clock, year, first: bool):
        """What the state asks of a classified line: a QuietLine when it is quiet, else None or the
        rule leaf hits (`first`: it was just classified, its rule leaves not yet run)."""
        (kind, text, proc, pid, rank, names, ray, tags, host, _frac, need, events, hint, nonblank,
         channel, nodes_seen, rank_word) = entry
        a = self.a
        tl = a.timeline
        if tl.ready_seq is None:
            if need & _LOUD:
                return None  # an error line may end the start: Timeline.feed keeps it (tail_error)
            for mk in self._serving_unread:
                if (not mk.kinds or kind in mk.kinds) and shows_ready(mk, a.guess.engine) and mk.pattern.search(text):
                    return None  # (see _serving_unread)
        parser = self.parser
        if kind == "nccl":
            if rank_word and not parser.knows_nccl_rank(host, pid):
                return None  # the parser learns this process's rank here
            rank = parser.nccl_rank(host, pid)
            node_name = host
        else:
            node_name = parser.node
        source = parser.source
        dist = tl.dist
        if node_name is None:
            node_name = source
        node = dist.nodes.get(node_name)
        if node is None or source not in node.sources or source not in a.sources:
            return None
        if tags is not None:  # DistTracker._proc: a pure TP tag is the global rank
            st = dist.procs.get(("rank", rank) if tags == f"TP{rank}" else ("tags", tags))
            if st is not None and st.label != tags and st.key[0] == "rank":
                return None  # the rank is relabelled by its tags on this line
        else:
            st = dist.procs.get(("pid", node_name, pid) if pid is not None else
                                (("rank", rank) if rank is not None else ("main", node_name)))
        if st is None or (st.rank is None and rank is not None):
            return None
        if names and not names_rank(st.label):
            return None  # the process gets its worker label on this line
        if channel:
            info = dist.transports.get(channel[0])
            if info is None or channel[1] not in info["via"]:
                return None
        progress = behind = votes = ()  # phases of progress / straggler events, engines of the events
        moving = False
        if events is not None:
            progress, behind, votes = [], [], []
            reads = self._reads
            for ev in events:  # (events with new facts, or of another phase than these, go the full way)
                mk = ev.marker
                read = reads.get(id(mk))
                if read is None:
                    read = self._read_as(mk)
                if read & _MOVES:
                    moving = True  # (timeline.moves of the events)
                if read & _BEAT:
                    if read & _SERVES and tl.ready_seq is None:
                        return None
                    votes.append(mk.engine)
                    continue
                if not read & _PHASED or not self._settled(ev, tl, node):
                    return None
                if tl.left_behind(mk.phase, source):
                    behind.append(mk.phase)
                elif read & _ONWARD and tl.phases and tl.phases[-1].name == mk.phase:
                    progress.append(mk.phase)
                else:
                    return None
                votes.append(mk.engine)
        if not tl.in_traceback and frame_line(text):
            return None  # (it opens a traceback)
        if first and need & _RULE and text:
            hits = a.matcher.leaf_hits(text, a.run)
            if hits:
                return (text, hits)  # handed to the full path (each regex runs once)
        return _new(QuietLine, (n, raw, source, kind, text, clock, year, st, node, ray, nodes_seen, votes, moving,
                                progress, behind, hint, nonblank, events, bool(need & _LOUD)))


    # -- runs of lines ----------------------------------------------------------------------
    def pieces(self, n0: int, text: str):
        """The lines of a block (`text`: whole lines joined by "\\n", the first one numbered n0 + 1):
        yields (n, raw) for each line that holds a trigger or exception word, a redraw or the like
        (see _RUN_BREAKERS) or is of another shape than a run's (see _RUN_LINE), and (first, last,
        text, held) for each run of lines between them, `held` the numbers of its lines that hold a
        marker or rule anchor (`run` says whether a run is quiet and classifies these alone: one of
        them may hold a trigger word an anchor overlaps as well, see AnchorIndex.starts_apart). One
        automaton pass and one regex scan over the block."""
        hard, soft = self._marks(text)
        hard.extend(m.start() + 1 for m in _OTHER_LINE.finditer(text))
        if not _FIRST_LINE.match(text):
            hard.append(0)
        if self._caseless is not None:
            soft.extend(m.start() for m in self._caseless.finditer(text))
        hard.sort()
        soft.sort()
        si = 0  # the first of `soft` not yet placed
        cur = 0  # where the next line not yet yielded starts
        n = n0  # the number of the line before it
        end = len(text)
        for p in hard:
            if p < cur:
                continue  # (a line already yielded)
            s = text.rfind("\n", 0, p) + 1
            e = text.find("\n", p)
            if e < 0:
                e = end
            if s > cur:
                k = text.count("\n", cur, s)
                held, si = _lines_at(text, soft, si, cur, s, n + 1)
                yield n + 1, n + k, text[cur:s - 1], held
                n += k
            n += 1
            yield n, text[s:e]
            cur = e + 1
        if cur <= end:
            held, si = _lines_at(text, soft, si, cur, end + 1, n + 1)
            yield n + 1, n + 1 + text.count("\n", cur), text[cur:], held

    def _marks(self, text: str) -> tuple[list[int], list[int]]:
        """The block scan's places (AnchorIndex.starts_apart), a line that holds a redraw (`\\r`) set
        apart unscanned: the automaton reports every occurrence, and a bar redrawn in place repeats
        its anchors (`|`, `Capturing CUDA graph`) on one line hundreds of times (a redraw is a run
        breaker: what else the line holds changes nothing here)."""
        r = text.find("\r")
        if r < 0:
            return self._scan.starts_apart(text)
        scan = self._scan.starts_apart
        hard: list[int] = []
        soft: list[int] = []
        pos = 0  # where the text not yet scanned starts
        end = len(text)
        while True:
            s = text.rfind("\n", 0, r) + 1 if r >= 0 else end + 1  # the redraw's line, or past the end
            if s > pos:
                h, o = scan(text[pos:s - 1])  # (without the newline before the redraw's line, or to the end)
                hard.extend(p + pos for p in h)
                soft.extend(p + pos for p in o)
            if r < 0:
                return hard, soft
            hard.append(s)
            e = text.find("\n", r)
            if e < 0:
                return hard, soft
            pos = e + 1
            r = text.find("\r", pos)

    @staticmethod
    def run_texts(text: str) -> list[str]:
        """The messages of a run's lines as the parser gives them (a QuietLine's `text`: what follows
        the head, without its blanks at the end). A line that begins with the vLLM header of the line
        before it (a traceback's lines share theirs but for the second) is not matched again: the header
        regex (the first of _RUN_HEADS) takes the same steps on that header, and all it could take
        beyond it is the one blank its `\\] ?` takes."""
        out = []
        head = None  # the vLLM header of the line before
        for raw in text.split("\n"):
            if head is not None and raw.startswith(head):
                at = len(head)
                if raw[at:at + 1] == " " and head[-1] != " ":
                    at += 1
                out.append(raw[at:].rstrip())
                continue
            m = _VLLM_HEAD.match(raw)
            if m is not None:
                head = raw[:m.end()]
            else:
                head = None
                m = _RUN_HEADS.match(raw)
            out.append((raw[m.end():] if m is not None else raw).rstrip())
        return out

    @staticmethod
    def run_text(raw: str) -> str:
        """The message of one line of a run without its blanks at either end (what watch compares to
        tell progress)."""
        return raw[_RUN_HEADS.match(raw).end():].strip()

    def run(self, first: int, last: int, text: str, held=()):
        """A QuietRun for lines first..last (`text`, of the shapes of _RUN_LINE, holding no trigger
        word) when `classify` would find each of them quiet, the lines `held` (that hold an anchor)
        with what their events change, the others with no events; else None, or the number of a
        line to take alone (a line of `held` that is not quiet, an error line before the server is
        up, a new process's first line; see refused). A process's lines without an anchor differ
        only in their clocks and messages: the state checks run on one line of each process; a
        line of `held` is classified on its own. None of these lines changes what `classify` finds
        of another, so all are looked at before any is applied."""
        a = self.a
        tl = a.timeline
        if tl.tail_error is not None and waiting(text):
            return None  # (a line may end the error that ends the log so far: Timeline.moved_on)
        if tl.ready_seq is None:
            at = _error_level(text)
            if at >= 0:  # an error line before the server is up goes the full way (see _classify)
                return first + text.count("\n", 0, at)
            for mk in self._serving_unread:  # (its line is taken alone, once the lines before it are
                for anchor in mk.anchor:       # applied: _check reads it with their engine votes)
                    at = text.find(anchor)
                    if at >= 0:
                        return first + text.count("\n", 0, at)
        span = tl.current
        heads = _RUN_HEAD.findall("\n" + text)
        k = last - first + 1
        if len(heads) != k:
            return None
        loud = None  # (the index of its last line logged as an error)
        if tl.ready_seq is not None:
            levels = list(map(_level_of, heads))  # (a vLLM header's or uvicorn's level, as the parser reads it)
            for word in LOUD:
                if word in levels:
                    i = k - 1 - levels[::-1].index(word)
                    if loud is None or i > loud:
                        loud = i
            if "NCCL " in text and _NCCL_LOUD.search(text) is not None:  # (an NCCL line's level follows its head)
                at = None
                for m in _RUN_NCCL_LOUD.finditer(text):
                    at = m.start()
                if at is not None:
                    i = text.count("\n", 0, at)
                    if loud is None or i > loud:
                        loud = i
            if loud is not None and tl.tail_error is None and waiting(text):
                return None  # (a line after it may end it: Timeline.moved_on)
        lines = None
        merged: dict[tuple, tuple] = {}  # a process's key -> its entry of QuietRun.procs
        votes = []
        behind = {}
        moving = False
        moved = -1  # the last line of `held` that shows the start moving on
        events = []
        if held:
            lines = text.split("\n")
            for n in held:
                raw = lines[n - first]
                if "\r" in raw:
                    return n  # (a redraw: see pieces)
                q = self.classify(n, raw)
                if q.__class__ is not QuietLine or q.ray:
                    return n
                st = q.proc
                entry = merged.get(st.key)
                phases = (*q.progress, *q.behind)
                seen = q.nodes_seen
                if entry is None:
                    merged[st.key] = (st, q.node, 1, n, q.kind == "nccl", phases, seen)
                else:
                    if entry[6] is not None:
                        seen = entry[6] if seen is None else max(entry[6], seen)
                    merged[st.key] = (st, q.node, entry[2] + 1, n, entry[4] or q.kind == "nccl",
                                      entry[5] + phases if phases else entry[5], seen)
                if q.votes:
                    votes += q.votes
                for name in q.behind:
                    behind[name] = n
                if q.moving:
                    moving = True
                    moved = n
                if q.events is not None:
                    events.append((n, q.events))
        stamps = list(filter(None, map(_ts_of, heads)))
        clock = None
        if stamps:
            if span is not None and span.start_clock is None:
                return first + [h[2] for h in heads].index(stamps[0])  # (its clock starts the span)
            lo, hi = min(stamps), max(stamps)
            get = self._stamps.get
            lo_s = get(lo)
            if lo_s is None:
                lo_s = self._stamp(lo)
            hi_s = get(hi)
            if hi_s is None:
                hi_s = self._stamp(hi)
            if not self.parser.no_rollover(lo_s, hi_s):
                return None
            i = k - 1
            while not heads[i][2]:
                i -= 1
            ts, frac = heads[i][2], heads[i][3]
            clock = get(ts)
            if clock is None:
                clock = self._stamp(ts)
            if frac:
                clock += float(frac)
        keys = list(map(concat, map(_tag_of, heads), map(_host_of, heads)))  # a process's key per line
        if held:
            for n in held:
                keys[n - first] = None  # (counted with their process above)
        counts = Counter(keys)  # a process's key -> its lines in the run, in the order of its first line
        last_of = dict(zip(keys, range(first, last + 1)))  # -> its last line
        if held:
            counts.pop(None, None)
        if tl.dist is not self._run_dist:  # a new start
            self._run_keys.clear()
            self._run_dist = tl.dist
        known = self._run_keys
        nccl_rank = self.parser.nccl_rank
        for key, count in counts.items():
            n = last_of[key]
            got = known.get(key)
            if got is None:
                if lines is None:
                    lines = text.split("\n")
                q = self.classify(n, lines[n - first])
                if q.__class__ is not QuietLine or q.votes or q.progress or q.behind \
                        or q.nodes_seen is not None or q.ray or not q.nonblank or q.moving:
                    return first + keys.index(key)  # its first line (a new process, say)
                nccl = None
                if q.kind == "nccl":
                    host, pid = key.rsplit(":", 1)
                    nccl = (host, int(pid))
                got = known[key] = (q.proc, q.node, nccl)
            st, node, nccl = got
            if nccl is not None and st.rank is None and nccl_rank(*nccl) is not None:
                return first + keys.index(key)  # its rank is known now: the full path gives it to its state
            entry = merged.get(st.key) if merged else None
            if entry is None:
                merged[st.key] = (st, node, count, n, nccl is not None, (), None)
            else:  # (its lines with an anchor were counted first)
                merged[st.key] = (st, node, entry[2] + count, max(entry[3], n), entry[4] or nccl is not None,
                                  entry[5], entry[6])
        procs = list(merged.values())
        last_key = None
        for st, node, _, n, _, _, _ in procs:
            if node.error is None and st.error is not None and first <= st.error[0] <= last:
                return st.error[0]  # (taken alone, it gives the process's error to its node)
            if n == last:
                last_key = st.key
        n_vllm = len(stamps)
        kinds = (("vllm", n_vllm),)  # (an NCCL or uvicorn line is no engine's header: no vote)
        texts = hints = None
        frames = 'File "' in text
        if frames and not tl.in_traceback:
            for i, raw in enumerate(text.split("\n")):
                if 'File "' in raw and frame_line(raw[_RUN_HEADS.match(raw).end():]):
                    return first + i  # (it opens a traceback)
        if tl.in_traceback or frames:
            texts = self.run_texts(text)
            if frames and tl.in_traceback:
                end = tl.tb_end_in(texts)
                if end is not None:  # a frame after the open traceback's end opens another (Timeline.feed)
                    for i in range(end + 1, k):
                        if 'File "' in texts[i] and frame_line(texts[i]):
                            return first + i
            if frames:
                hints = [h for h in map(path_hint, (t for t in texts if 'File "' in t)) if h is not None]
            if not tl.in_traceback:
                texts = None
        if loud is not None:
            n = first + loud
            loud = None if moved > n else (n, (lines or text.split("\n"))[loud])
        return _new(QuietRun, (first, last, k, self.parser.source, procs, clock, kinds, text[text.rfind("\n") + 1:],
                               last_key, texts, hints, votes, behind, moving, events, loud))

    def refused(self, first: int, last: int, text: str, held, why):
        """What `run` refused, in order: (n, raw) for each line to take on its own and QuietRuns for
        the parts that are quiet. `why`: what run returned, None (every line alone) or the number of
        a line to take alone (then the lines before it are tried as a run, and those after it: at
        most _RUN_TRIES times, each costing a pass over the lines left, then the rest go alone)."""
        lines = text.split("\n")
        stops = [last + 1]  # lines to take alone once the lines before them are taken (the nearest last)
        lo = first  # the first line not yet taken
        tries = _RUN_TRIES
        while True:
            hi = stops[-1] - 1
            if why.__class__ is QuietRun:
                yield why
                lo = hi + 1
            elif why is None:
                yield from enumerate(lines[lo - first:hi - first + 1], lo)
                lo = hi + 1
            elif why == lo:
                yield lo, lines[lo - first]
                lo += 1
            else:
                stops.append(why)
            while lo == stops[-1] and lo <= last:
                yield lo, lines[lo - first]
                stops.pop()
                lo += 1
            if lo > last:
                return
            hi = stops[-1] - 1
            tries -= 1
            why = self.run(lo, hi, "\n".join(lines[lo - first:hi - first + 1]),
                           [n for n in held if lo <= n <= hi]) if tries >= 0 else None
