"""What `explain` keeps while it reads is bounded whatever the input: a log of many tracebacks, each
from a process of its own, keeps counts past fixed caps, not one object per traceback. Structural
checks on the Analyzer's state (no timing, no RSS)."""

from __future__ import annotations

from diagnose import distributed, lines, matcher, timeline
from diagnose.pipeline import Analyzer, load_rules

RULES, _ = load_rules()


def _tracebacks(path, n: int, pid_each: bool = True) -> None:
    with open(path, "w") as fh:
        for i in range(n):
            tag = f"(EngineCore_DP0 pid={1000 + i if pid_each else 1}) "
            stamp = f"ERROR 01-02 03:{i // 60 % 60:02d}:{i % 60:02d} [core.py:1] "
            fh.write(f"{tag}{stamp}Traceback (most recent call last):\n")
            fh.write(f'{tag}{stamp}  File "/app/x.py", line {i}, in f\n')
            fh.write(f"{tag}{stamp}RuntimeError: failure number {i}\n")


def test_tracebacks_of_many_processes_keep_bounded_state(tmp_path, monkeypatch):
    monkeypatch.setattr(distributed, "MAX_PROCS", 40)
    monkeypatch.setattr(distributed, "MAX_ATTRIBUTED", 60)
    monkeypatch.setattr(matcher, "_MEMO_MAX", 50)
    log = tmp_path / "many.log"
    _tracebacks(log, 400)
    a = Analyzer(RULES)
    a.feed_inputs([str(log)])
    dist = a.timeline.dist
    assert len(dist.procs) <= 40  # the lines of later processes are counted, not kept
    assert len(dist.where) <= 60
    assert len(a.timeline.exceptions) <= timeline.MAX_EXCEPTIONS
    assert len(a.matcher._memo) <= 50
    assert len(a.run.findings) <= len(RULES) * matcher.MAX_FINDINGS_PER_RULE
    rep = a.report()
    assert rep.outcome == "failed" and rep.facts["python_errors"] == timeline.MAX_EXCEPTIONS
    assert dist.untracked == 3 * (400 - 40)
    assert any("were not tracked per node and per rank" in w for w in rep.warnings)


def test_nccl_ranks_remembered_by_the_parser_are_bounded(monkeypatch):
    monkeypatch.setattr(lines, "_MAX_NCCL_PROCS", 10)
    parser = lines.LineParser("x.log")
    for pid in range(50):
        line = parser.parse(pid + 1, f"node-0:{pid}:{pid} [0] NCCL INFO ncclCommInitRankConfig comm 0x1f "
                                     f"rank {pid % 8} nranks 8 cudaDev 0 nvmlDev 0 busId 70 - Init START")
        assert line.kind == "nccl"
    assert len(parser._nccl_rank) == 10
