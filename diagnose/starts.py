"""Which input files belong to one start (`llmdiag explain a.log b.log`, a folder).

The files of one start (the head node's log and its workers' or ranks' logs) are read merged by
time as one report; files of different starts get a report each, so a failed start next to a clean
one is never reported READY. Each file is looked at cheaply (its first lines and its last 64 KB)
for what tells starts apart:

* its time span (the clocks of its lines): processes of one start run at the same time;
* its start banner (vLLM's API-server banner, SGLang's server_args), model and engine;
* the rendezvous address of a multi-node start (`--dist-init-addr`).

Two files join when their spans overlap (when both print a banner, two servers may run side by side:
then the start must also span several nodes, or their names mark them as its parts, node0/node1), or
when they name the same rendezvous address and their spans do not contradict it; and nothing else
contradicts it: another year, another model, another
engine, another rendezvous address. A file without clocks or a rendezvous address joins nothing
(when unsure, separate verdicts: a wrong READY is the worst error), and stdin or a pipe (which
cannot be read twice) is a start of its own. The files of one Ray session log folder are one node
of one start. `--merge` and `--separate` override all of this.
"""

from __future__ import annotations

import collections
import io
import itertools
import os
import re
import stat
from dataclasses import dataclass, field

from diagnose.engines import START_BANNERS
from diagnose.history import model_key
from diagnose.lines import InputSpec, LineParser, open_input, read_records

HEAD_LINES = 4000  # lines read from the top of each file
TAIL_BYTES = 64 << 10  # bytes read from the end of a plain file (for its last clock)
TAIL_LINES = 512  # lines of a .gz file's end looked at (for its last clock)
OVERLAP_S = 1.0  # spans overlap when they share more than this (a run that ends as the next begins does not)
_IDS = ("model", "dist_init_addr")  # facts that differ between starts of different servers
_KEPT = (*_IDS, "nnodes")
MODES = ("auto", "merge", "separate")


@dataclass
class Profile:
    """What one file shows about the start it belongs to."""

    spec: InputSpec
    first: float | None = None  # clock of its first and last line with one
    last: float | None = None
    year: int | None = None
    banner: bool = False
    engine: str | None = None
    facts: dict = field(default_factory=dict)

    def overlaps(self, other: "Profile") -> bool | None:
        """Whether the two spans overlap; None when either file has no clock."""
        if self.first is None or other.first is None or self.last is None or other.last is None:
            return None
        if self.year is not None and other.year is not None and self.year != other.year:
            return False
        return min(self.last, other.last) - max(self.first, other.first) > OVERLAP_S


@dataclass
class Group:
    """Files read as one start, and why they were put together (empty for a single file)."""

    specs: list[InputSpec]
    why: str = ""

    @property
    def names(self) -> list[str]:
        return [sp.name for sp in self.specs]


def _look(profile: Profile, lines) -> None:
    from diagnose.engines import EngineGuess
    from diagnose.pipeline import scanner

    scan = scanner().scan
    guess = EngineGuess()
    for line in lines:
        if line.clock is not None:
            if profile.first is None:
                profile.first = line.clock
            profile.last = line.clock
        if line.year is not None and profile.year is None:
            profile.year = line.year
        events = scan(line)
        guess.feed(line, events)
        for ev in events:
            if ev.marker.id in START_BANNERS:
                profile.banner = True
            for k in _KEPT:
                v = ev.facts.get(k)
                if v not in (None, "") and k not in profile.facts:
                    profile.facts[k] = v
    if guess.engine != "unknown":
        profile.engine = guess.engine


def profile(spec: InputSpec) -> Profile:
    """Look at a file's first HEAD_LINES lines and its last clock: a plain file's last TAIL_BYTES,
    or (a .gz file) the last TAIL_LINES lines of the rest, decompressed but not parsed."""
    prof = Profile(spec)
    stream, _ = open_input(spec.path)
    parser = LineParser(spec.name, spec.node, spec.proc, spec.pid)
    try:
        records = read_records(stream, spec.name, whole=False)
        _look(prof, (parser.parse(n, text, redraws) for n, text, redraws in itertools.islice(records, HEAD_LINES)))
        if type(stream) is io.BufferedReader:
            size = os.fstat(stream.fileno()).st_size
            if size <= stream.tell():
                return prof
            stream.seek(max(stream.tell(), size - TAIL_BYTES))
            stream.readline()  # the rest of a cut line
            rest = read_records(stream, spec.name)
        else:
            rest = records
        tail = LineParser(spec.name)
        for n, text, redraws in collections.deque(rest, TAIL_LINES):
            clock = tail.parse(n, text, redraws).clock
            if clock is not None and (prof.last is None or clock > prof.last):
                prof.last = clock
    finally:
        stream.close()
    return prof


def _regular(path: str) -> bool:
    if path == "-":
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True  # (open_input says why it cannot be read)


def _conflict(a: Profile, b: Profile) -> str | None:
    if a.engine and b.engine and a.engine != b.engine:
        return "engine"
    for k in _IDS:
        va, vb = a.facts.get(k), b.facts.get(k)
        if not (isinstance(va, str) and isinstance(vb, str) and va and vb):
            continue
        if (model_key(va) != model_key(vb)) if k == "model" else va != vb:
            return k
    return None


def _why_together(a: Profile, b: Profile) -> str | None:
    """Why two files belong to one start, or None."""
    if _conflict(a, b):
        return None
    overlap = a.overlaps(b)
    addr = a.facts.get("dist_init_addr")
    if addr and addr == b.facts.get("dist_init_addr") and overlap is not False:
        return "same --dist-init-addr"
    if not overlap or (a.engine is None) != (b.engine is None):
        return None  # (a vLLM or SGLang log and a log of neither: unrelated programs at the same time)
    if a.banner and b.banner and not (_multi_node(a) or _multi_node(b) or _sibling_names(a, b)):
        return None  # two servers' own starts at the same time (two replicas on one host)
    return "their times overlap"


def _multi_node(p: Profile) -> bool:
    n = p.facts.get("nnodes")
    return isinstance(n, int) and n > 1


_NUMBERED = re.compile(r"(?i)(node|rank|worker|host)[-_.]?\d+")


def _sibling_names(a: Profile, b: Profile) -> bool:
    """node0.log and node1.log (or rank-3, worker_1, host2), or one name in two folders (node-a/server.log,
    node-b/server.log): names of one start's parts."""
    if os.path.basename(a.spec.path) == os.path.basename(b.spec.path):
        return True
    na, nb = (_NUMBERED.sub(r"\1#", os.path.basename(p.spec.path)) for p in (a, b))
    return na == nb and _NUMBERED.search(os.path.basename(a.spec.path)) is not None


def group(specs: list[InputSpec], mode: str = "auto") -> list[Group]:
    """The starts among the input files, in the order of their first file."""
    if mode not in MODES:
        raise ValueError(mode)
    if len(specs) <= 1 or mode == "merge":
        why = "--merge" if mode == "merge" and len(specs) > 1 else ""
        return [Group(list(specs), why)] if specs else []
    if mode == "separate":
        return [Group([sp]) for sp in specs]
    # stdin and pipes (`explain <(kubectl logs a) b.log`) cannot be read twice: a start of their own
    once = [sp for sp in specs if not _regular(sp.path)]
    files = [sp for sp in specs if _regular(sp.path)]
    profs = [profile(sp) for sp in files]
    parent = list(range(len(profs)))
    reasons: dict[int, set[str]] = {}

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def members(root: int) -> list[int]:
        return [k for k in range(len(profs)) if find(k) == root]

    def join(i: int, j: int, why: str) -> None:
        ri, rj = find(i), find(j)
        if ri == rj:
            return
        # every file of one group must agree with every file of the other
        if any(_conflict(profs[x], profs[y]) for x in members(ri) for y in members(rj)):
            return
        parent[rj] = ri
        reasons[ri] = reasons.get(ri, set()) | reasons.pop(rj, set()) | {why}

    by_ray: dict[str, int] = {}
    for i, sp in enumerate(files):  # a Ray session folder: one node's processes of one start
        if sp.pid is not None or os.path.basename(sp.path).startswith(("raylet.", "job-driver-")):
            key = os.path.dirname(os.path.abspath(sp.path))
            if key in by_ray:
                join(by_ray[key], i, "one Ray session folder")
            else:
                by_ray[key] = i
    for i in range(len(profs)):
        for j in range(i + 1, len(profs)):
            why = _why_together(profs[i], profs[j])
            if why:
                join(i, j, why)
    groups: dict[int, list[int]] = {}
    for i in range(len(profs)):
        groups.setdefault(find(i), []).append(i)
    out = [Group([files[k] for k in ks], "; ".join(sorted(reasons.get(root, ()))) if len(ks) > 1 else "")
           for root, ks in groups.items()]
    out += [Group([sp]) for sp in once]
    return out
