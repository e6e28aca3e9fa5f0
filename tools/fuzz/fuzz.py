"""Long fuzzing runs for llmdiag (not part of pytest's CI budget). See README.md beside this file.

    python tools/fuzz/fuzz.py hypothesis --examples 5000      # the property tests, N examples each
    python tools/fuzz/fuzz.py atheris -- -max_total_time=3600  # coverage-guided (pip install atheris)
    python tools/fuzz/fuzz.py atheris --target rules -- -runs=100000
    python tools/fuzz/fuzz.py differential --minutes 20 [LOG_DIR ...]   # quiet path vs full path

atheris targets: `log` (bytes -> line layer -> engine parsers -> matcher -> report -> every renderer,
JSON checked against `llmdiag schema`) and `rules` (bytes as a rule file -> safe YAML -> validation ->
a matcher run on a few lines). Any exception other than the documented ones is a bug: atheris saves
the input as crash-*; replay it with `python tools/fuzz/fuzz.py atheris --target log crash-...`.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def run_hypothesis(examples: int, extra: list[str]) -> int:
    env = dict(os.environ, LLMDIAG_FUZZ_EXAMPLES=str(examples))
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
           "tests/robustness/test_properties.py",
           "tests/robustness/test_live_faults.py::test_passthrough_is_byte_identical_whatever_the_chunking",
           "tests/robustness/test_live_faults.py::test_watch_output_is_byte_identical_to_its_input", *extra]
    return subprocess.call(cmd, cwd=ROOT, env=env)


def _log_target():
    from diagnose import outputs
    from diagnose.lines import iter_records
    from diagnose.pipeline import Analyzer, load_rules

    sys.path.insert(0, str(ROOT / "tests"))
    from robustness.conftest import check_report_json, physical_line_count  # noqa: E402

    rules, _ = load_rules()

    def target(data: bytes) -> None:
        analyzer = Analyzer(rules)
        analyzer.feed_all(iter_records(io.BytesIO(data), "fuzz.log"))
        report = analyzer.report()
        check_report_json(report.to_json(), physical_line_count(data))
        prepared = outputs.prepare(report, redact=True)
        for fmt in outputs.FORMATS:
            outputs.render(prepared, fmt, input_paths=["fuzz.log"])

    return target


def _rules_target():
    from diagnose.lines import lines_from_text
    from diagnose.matcher import Matcher
    from diagnose.rulepack import load_file

    tmp = Path(tempfile.mkdtemp(prefix="llmdiag-fuzz-"))
    path = tmp / "fuzz.yaml"
    sample = ("ERROR 01-02 03:04:09 [core.py:700] torch.OutOfMemoryError: CUDA out of memory.\n"
              "marker here\n" + "a" * 3000 + "!\n")

    def target(data: bytes) -> None:
        path.write_bytes(data)
        rule, errors = load_file(path)  # never raises: problems are messages
        assert isinstance(errors, list)
        if rule is not None:
            matcher = Matcher([rule])
            run = matcher.new_run()
            for i, line in enumerate(lines_from_text(sample), 1):
                matcher.feed(line, i, None, None, "unknown", run)

    return target


def _report(path: Path, quiet: bool) -> str:
    from diagnose.pipeline import Analyzer, load_rules

    analyzer = Analyzer(load_rules()[0])
    analyzer.feed_inputs([str(path)], quiet=quiet)
    return analyzer.report().to_json()


def _shrink(lines: list[bytes], end: bytes, differs) -> list[bytes]:
    """The lines of a differing mix with as many lines left out as still differ (ddmin over lines)."""
    n = 2
    while len(lines) >= 2:
        chunk = max(1, len(lines) // n)
        for i in range(0, len(lines), chunk):
            cand = lines[:i] + lines[i + chunk:]
            if cand and differs(cand, end):
                lines, n = cand, max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(len(lines), n * 2)
    return lines


def run_differential(minutes: float, seed: int, dirs: list[str]) -> int:
    """The quiet path (diagnose/fastpath.py) against the full path on random mixes of real lines:
    slices, samples and whole logs of the labelled logs (or DIRS), shuffled or not. A mix whose two
    reports differ is shrunk to the fewest lines that still differ and kept as differ-*.log."""
    import random
    import time

    roots = [Path(d) for d in dirs] or [ROOT / "accuracy", ROOT / "sample_logs"]
    files = sorted(p for r in roots for p in r.rglob("*.log"))
    if not files:
        print("no .log files under " + ", ".join(map(str, roots)), file=sys.stderr)
        return 2
    rnd = random.Random(seed)
    out = Path(tempfile.mkdtemp(prefix="llmdiag-differential-"))
    mix = out / "mix.log"

    def differs(lines: list[bytes], end: bytes) -> bool:
        mix.write_bytes(b"\n".join(lines) + end)
        return _report(mix, True) != _report(mix, False)

    deadline = time.monotonic() + minutes * 60
    runs = found = 0
    while time.monotonic() < deadline:
        lines: list[bytes] = []
        for path in rnd.sample(files, min(len(files), rnd.randint(1, 4))):
            raw = path.read_bytes().split(b"\n")
            pick = rnd.random()
            if pick < 0.4:
                i = rnd.randrange(len(raw))
                lines += raw[i:i + rnd.randint(1, 300)]
            elif pick < 0.7:
                lines += rnd.sample(raw, min(len(raw), rnd.randint(1, 60)))
            else:
                lines += raw
        if rnd.random() < 0.5:
            rnd.shuffle(lines)
        end = b"\n" if rnd.random() < 0.8 else b""
        runs += 1
        if differs(lines, end):
            found += 1
            small = _shrink(lines, end, differs)
            kept = out / f"differ-{found}.log"
            kept.write_bytes(b"\n".join(small) + end)
            print(f"reports differ: {kept} ({len(small)} lines)", flush=True)
    print(f"{runs} mixes, {found} differing, in {out}")
    return 1 if found else 0


def run_atheris(target_name: str, args: list[str]) -> int:
    try:
        import atheris
    except ImportError:
        print("atheris is not installed: pip install atheris (Linux, CPython with clang)", file=sys.stderr)
        return 2
    with atheris.instrument_imports():
        import diagnose.lines  # noqa: F401
        import diagnose.matcher  # noqa: F401
        import diagnose.pipeline  # noqa: F401
        import diagnose.rulepack  # noqa: F401
    target = _log_target() if target_name == "log" else _rules_target()
    atheris.Setup([sys.argv[0], *args], target)
    atheris.Fuzz()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    h = sub.add_parser("hypothesis", help="the property tests with many more examples")
    h.add_argument("--examples", type=int, default=5000)
    a = sub.add_parser("atheris", help="coverage-guided fuzzing (libFuzzer options after --)")
    a.add_argument("--target", choices=["log", "rules"], default="log")
    d = sub.add_parser("differential", help="the quiet path against the full path on mixes of real lines")
    d.add_argument("--minutes", type=float, default=20)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("dirs", nargs="*", help="folders of .log files (default: accuracy/ and sample_logs/)")
    ns, rest = ap.parse_known_args()
    rest = [x for x in rest if x != "--"]
    if ns.mode == "hypothesis":
        return run_hypothesis(ns.examples, rest)
    if ns.mode == "differential":
        return run_differential(ns.minutes, ns.seed, ns.dirs)
    return run_atheris(ns.target, rest)


if __name__ == "__main__":
    sys.exit(main())
