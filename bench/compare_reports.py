"""Same reports before and after a change: `llmdiag explain --format json` of every sample log (and
every multi-file sample folder) in two source trees, compared byte for byte.

Usage: python bench/compare_reports.py BASE_TREE [NEW_TREE] [--logs DIR|LOG ...]
BASE_TREE / NEW_TREE are checkouts of the repository (NEW_TREE defaults to this one). Prints the
inputs whose reports differ; exit 1 when any does."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_DUMP = r"""
import io, json, sys, contextlib
from diagnose import cli
out = {}
for spec in json.load(sys.stdin):  # (stdin: a list of thousands of paths is past one argument's limit)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            cli.main(["explain", "--format", "json", *spec])
        except SystemExit as exc:
            rc = exc.code
    out["|".join(spec)] = [rc, buf.getvalue()]
json.dump(out, sys.stdout)
"""


def inputs(dirs: list[Path]) -> list[list[str]]:
    specs: list[list[str]] = []
    for d in dirs:
        if d.is_file():  # a log named itself (a bench log)
            specs.append([str(d)])
            continue
        for p in sorted(d.rglob("*.log")):
            specs.append([str(p)])
        for sub in sorted(x for x in d.rglob("*") if x.is_dir() and any(x.glob("*.log"))):
            specs.append([str(sub)])  # a folder of per-node logs is one input too
    return specs


def dump(tree: Path, specs: list[list[str]]) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), LLMDIAG_NO_CACHE="1")
    res = subprocess.run([sys.executable, "-c", _DUMP], input=json.dumps(specs), cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(res.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("base", type=Path)
    ap.add_argument("new", type=Path, nargs="?", default=ROOT)
    ap.add_argument("--logs", type=Path, nargs="*", default=[ROOT / "sample_logs"])
    args = ap.parse_args()
    specs = inputs(args.logs)
    a, b = dump(args.base, specs), dump(args.new, specs)
    bad = [k for k in a if a[k] != b.get(k)]
    for k in bad:
        print(f"DIFFERS: {k}")
    print(f"{len(specs) - len(bad)}/{len(specs)} reports identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
