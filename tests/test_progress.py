"""explain's progress on stderr for big inputs: shown only after a while, redrawn in place on a
terminal and wiped before the report, a line now and then elsewhere, never on stdout."""

from __future__ import annotations

import gzip
import io
import json

import pytest

from diagnose import progress as P
from diagnose.pipeline import Analyzer, load_rules

from .conftest import SAMPLES, run_cli

RULES, _ = load_rules()


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_nothing_before_the_delay_then_a_line_redrawn_in_place_and_wiped():
    out, clock = io.StringIO(), Clock()
    p = P.Progress(out, "big.log", 4_000_000_000, tty=True, clock=clock)
    clock.t += P.DELAY_S / 2
    p(100_000_000)
    assert out.getvalue() == ""
    clock.t += P.DELAY_S  # 1.5 x the delay in all: 1 GB read
    p(1_000_000_000)
    shown = out.getvalue()
    assert shown.startswith("\r\x1b[Kllmdiag: reading big.log: 1.0 GB of 4.0 GB (25%)") and "left" in shown
    p(1_100_000_000)  # too soon to redraw
    assert out.getvalue() == shown
    p.close()
    assert out.getvalue().endswith("\r\x1b[K")


def test_elsewhere_a_plain_line_now_and_then():
    out, clock = io.StringIO(), Clock()
    p = P.Progress(out, "big.log", 2_000_000, tty=False, clock=clock)
    for _ in range(40):
        clock.t += 1.0
        p(50_000)
    lines = out.getvalue().splitlines()
    assert 3 <= len(lines) <= 5 and all(ln.startswith("llmdiag: reading big.log: ") for ln in lines)
    p.close()
    assert "\x1b" not in out.getvalue()


def test_a_closed_stderr_is_no_error():
    out, clock = io.StringIO(), Clock()
    out.close()
    p = P.Progress(out, "x", 10, tty=True, clock=clock)
    clock.t += 10
    p(5)
    p.close()


@pytest.mark.parametrize("gz", [False, True])
def test_positions_reach_the_end_and_the_report_is_the_same(tmp_path, monkeypatch, gz):
    data = b"".join(p.read_bytes() for p in sorted((SAMPLES / "vllm").glob("*.log"))) * 8  # 3 MB: a call per MB
    log = tmp_path / ("x.log.gz" if gz else "x.log")
    log.write_bytes(gzip.compress(data) if gz else data)
    seen: list[int] = []
    with_progress = Analyzer(RULES)
    with_progress.feed_inputs([str(log)], progress=seen.append)
    plain = Analyzer(RULES)
    plain.feed_inputs([str(log)])
    assert with_progress.report().to_json() == plain.report().to_json()
    assert seen and seen == sorted(seen) and 0 < seen[-1] <= log.stat().st_size


def test_cli_progress_goes_to_stderr_only(tmp_path, monkeypatch):
    monkeypatch.setattr(P, "DELAY_S", 0.0)
    monkeypatch.setattr(P, "EVERY_PLAIN_S", 0.0)
    log = tmp_path / "crash.log"
    log.write_bytes((SAMPLES / "vllm" / "29-v1-0.11.0-restart-loop-symm-mem.log").read_bytes() * 40)  # ~3 MB
    code, out, err = run_cli(["explain", "--format", "json", "--progress", str(log)])
    code2, out2, err2 = run_cli(["explain", "--format", "json", str(log)])  # not a terminal: off by default
    assert code == code2 == 1 and json.loads(out) == json.loads(out2)
    assert err2 == ""
    lines = err.splitlines()
    assert lines and all(ln.startswith("llmdiag: reading crash.log: ") and "MB/s" in ln for ln in lines)
