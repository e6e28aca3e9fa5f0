"""A log that names very many hosts (10^5 NCCL host names, 10^5 Ray node IPs): per-host state stays
bounded and nothing loops over every host once per host. The checks count state and iterations;
no test times anything."""

import json

from diagnose import distributed
from diagnose.distributed import MAX_ENV, MAX_NODES, MAX_PAIRS, MAX_PROCS, DistTracker
from diagnose.lines import lines_from_text
from diagnose.redact import Redactor
from tests.conftest import run_cli


def nccl_hosts(n: int, start: int = 0) -> str:
    return "".join(f"host{i}:4567:4567 [0] NCCL INFO Bootstrap : Using eth0:10.{i >> 16 & 255}.{i >> 8 & 255}."
                   f"{i & 255}<0>\n" for i in range(start, start + n))


def feed(tracker: DistTracker, text: str) -> None:
    for line in lines_from_text(text):
        tracker.feed(line, [])


def test_nodes_beyond_the_limit_are_counted_not_kept(tmp_path):
    log = tmp_path / "hosts.log"
    log.write_text(nccl_hosts(MAX_NODES + 300) + nccl_hosts(5))  # the first hosts again: still tracked
    rc, out, _ = run_cli(["explain", str(log), "--format", "json", "--no-redact"])
    rep = json.loads(out)
    assert len(rep["nodes"]) == MAX_NODES and rep["nodes"][0]["name"] == "host0"
    assert rep["nodes"][0]["lines"] == 2 and len(rep["ranks"]) == MAX_NODES
    assert [w for w in rep["warnings"] if w.startswith(f"300 lines were not tracked per node")]


def test_processes_rank_pairs_and_variables_are_bounded():
    t = DistTracker()
    feed(t, "".join(f"(RayWorkerWrapper pid={p}) INFO 01-01 00:00:00 [w.py:1] up\n" for p in range(MAX_PROCS + 7)))
    assert len(t.procs) == MAX_PROCS and t.untracked == 7
    t = DistTracker()
    feed(t, "".join(f"h:1:1 [0] NCCL INFO Channel 00/0 : {i}[0] -> {i + 1}[1] via NET/Socket/0\n"
                    for i in range(MAX_PAIRS + 3)))
    assert len(t.transports) == MAX_PAIRS and t.untracked == 3
    t = DistTracker()
    feed(t, "".join(f"VLLM_X{i}=1\n" for i in range(MAX_ENV + 2)))
    assert len(t.nodes["<text>"].env) == MAX_ENV and t.untracked == 2
    assert t.warnings() and not DistTracker().warnings()


class _CountingDict(dict):
    """A dict that counts how often it is walked whole."""

    walks = 0

    def values(self):
        self.walks += 1
        return super().values()

    def items(self):
        self.walks += 1
        return super().items()

    def __iter__(self):
        self.walks += 1
        return super().__iter__()


def test_views_and_diagnoses_walk_the_processes_a_fixed_number_of_times(monkeypatch):
    """The views and the laggard / transport diagnoses once looped over every process for every node
    (10^4 hosts took minutes): the number of walks must not grow with the number of nodes."""
    walks = []
    for n in (20, 200):
        t = DistTracker()
        t.procs = _CountingDict()
        text = nccl_hosts(n) + "".join(  # two nodes in three reach a later phase: the third lags
            f"host{i}:4567:4567 [0] NCCL INFO Channel 00/0 : {i}[0] -> {i + 1}[0] via NET/Socket/0\n" for i in range(n))
        for line in lines_from_text(text):
            t.feed(line, [])
        for i, node in enumerate(t.nodes.values()):
            node.max_idx = 3 if i % 3 else 2
        for p in t.procs.values():
            p.max_idx = 3 if int(p.node[4:]) % 3 else 2
        t.procs.walks = 0
        t.views("failed")
        diags = t.diagnoses("failed", "vllm", False)
        assert [d for d in diags if d.entry.rule == "dist-node-behind"]
        walks.append(t.procs.walks)
    assert walks[0] == walks[1] < 10


def test_behind_picks_what_a_strict_majority_reached():
    """_behind reads the middle of the sorted values; the definition, checked on every small case."""
    import itertools

    for n in range(2, 7):
        for vs in itertools.product(range(4), repeat=n):
            items = list(enumerate(vs))
            if n == 2:
                ref = max(vs)
            else:
                ref = next(v for v in sorted(vs, reverse=True) if sum(w >= v for w in vs) * 2 > n)
            assert distributed._behind(items) == [(i, ref) for i, v in items if v < ref]
