#!/usr/bin/env python3
"""What a line-by-line Python reader can do at best on this machine (not a test; see
docs/performance.md "The floor"):

    python bench/floor.py                     # the 1 GB bench log of bench/run.py (made if missing)
    python bench/floor.py --log FILE --runs 3

Each step does a little more of what every line of `explain` needs, none of the analysis:
  read      the file in blocks and decode it (the reader explain uses, lines.LineSplitter)
  iterate   + one Python loop iteration per line
  automaton + the anchor automaton of the quiet path on each line (ahocorasick-rs)
  prefix    + the quiet path's header regex on each line
  memo      + instead of the last two, one dictionary lookup of the line without its stamp
and what the block path of `explain` does before any analysis:
  blocks    the file in blocks of whole lines, each decoded as one string (LineSplitter.feed_block)
  pieces    + the block scan that splits each block into lines set apart and runs between them
            (QuietLines.pieces: the anchor automaton over the block, the scan for lines of other shapes)
and `explain` itself, for comparison. Throughput is MB/s of CPU time (medians).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from diagnose.fastpath import TAGGED, QuietLines  # noqa: E402
from diagnose.lines import LineParser, LineSplitter, decode_batch, read_blocks  # noqa: E402
from diagnose.pipeline import Analyzer, load_rules  # noqa: E402

_STAMP = re.compile(r"\d\d-\d\d \d\d:\d\d:\d\d")


def _read(path: Path):
    split = LineSplitter()
    with open(path, "rb") as f:
        for data in read_blocks(f, str(path)):
            yield decode_batch(split.lines(data))


def step_read(path: Path, quiet: QuietLines) -> None:
    for _ in _read(path):
        pass


def step_iterate(path: Path, quiet: QuietLines) -> None:
    for texts in _read(path):
        for _text in texts:
            pass


def step_automaton(path: Path, quiet: QuietLines) -> None:
    found = quiet.index.found
    for texts in _read(path):
        for text in texts:
            found(text)


def step_prefix(path: Path, quiet: QuietLines) -> None:
    found = quiet.index.found
    match = TAGGED.match
    for texts in _read(path):
        for text in texts:
            found(text)
            match(text)


def step_memo(path: Path, quiet: QuietLines) -> None:
    memo: dict = {}
    for texts in _read(path):
        for text in texts:
            i = text.find(")") + 1
            sp = text.find(" ", i + 1, i + 10)
            key = (text[:sp], text[sp + 15:]) if sp > 0 else text
            if memo.get(key) is None:
                if len(memo) >= 16384:
                    memo.clear()
                memo[key] = 1


def _blocks(path: Path):
    split = LineSplitter()
    with open(path, "rb") as f:
        for data in read_blocks(f, str(path)):
            yield split.feed_block(data)


def step_blocks(path: Path, quiet: QuietLines) -> None:
    for _ in _blocks(path):
        pass


def step_pieces(path: Path, quiet: QuietLines) -> None:
    for n0, text, _records in _blocks(path):
        if text is not None:
            for _ in quiet.pieces(n0, text):
                pass


def run_explain(path: Path) -> float:
    t0 = os.times()
    subprocess.run([sys.executable, "-m", "diagnose", "explain", "--format", "json", str(path)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    t1 = os.times()
    return (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log", type=Path, default=None, help="log to read (default: the 1 GB bench log)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    path = args.log
    if path is None:  # the 1 GB log of bench/run.py, made the same way when missing
        sys.path.insert(0, str(ROOT / "bench"))
        from run import make_log

        work = Path(tempfile.gettempdir()) / "llmdiag-bench"
        work.mkdir(parents=True, exist_ok=True)
        path = make_log(work, 1024)
    if not path.is_file():
        print(f"floor: no such file: {path}", file=sys.stderr)
        return 2
    mb = path.stat().st_size / 1e6
    rules, _ = load_rules(None)
    quiet = QuietLines(Analyzer(rules), LineParser(str(path)))
    with open(path, "rb") as f:
        lines = sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))
    print(f"{path} ({mb:.0f} MB, {lines} lines, {mb * 1e6 / max(lines, 1):.0f} bytes a line), "
          f"medians of {args.runs}, CPU time")
    print(f"{'step':<10} {'s':>8} {'MB/s':>8} {'us/line':>8}")
    for name, step in (("read", step_read), ("iterate", step_iterate), ("automaton", step_automaton),
                       ("prefix", step_prefix), ("memo", step_memo), ("blocks", step_blocks),
                       ("pieces", step_pieces)):
        times = []
        for _ in range(args.runs):
            t0 = time.process_time()
            step(path, quiet)
            times.append(time.process_time() - t0)
        s = statistics.median(times)
        print(f"{name:<10} {s:8.2f} {mb / s:8.1f} {s * 1e6 / max(lines, 1):8.2f}")
    s = statistics.median(run_explain(path) for _ in range(args.runs))
    print(f"{'explain':<10} {s:8.2f} {mb / s:8.1f} {s * 1e6 / max(lines, 1):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
