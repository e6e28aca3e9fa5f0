"""Long fuzzing runs for llmdiag (not part of pytest's CI budget). See README.md beside this file.

    python tools/fuzz/fuzz.py hypothesis --examples 5000      # the property tests, N examples each
    python tools/fuzz/fuzz.py atheris -- -max_total_time=3600  # coverage-guided (pip install atheris)
    python tools/fuzz/fuzz.py atheris --target rules -- -runs=100000

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
    ns, rest = ap.parse_known_args()
    rest = [x for x in rest if x != "--"]
    if ns.mode == "hypothesis":
        return run_hypothesis(ns.examples, rest)
    return run_atheris(ns.target, rest)


if __name__ == "__main__":
    sys.exit(main())
