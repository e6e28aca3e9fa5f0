#!/usr/bin/env python3
"""Score `llmdiag explain --format json` on labelled batches of real logs (first-sight accuracy).

A batch folder holds log files and `cases.jsonl`, one labelled case per line:
  {"file": ..., "engine": ..., "outcome": "failure|success|hang", "phase": ..., "category": ...,
   "secondary": [...], "evidence": ..., "source": ...}
Labels come from the thread or the run, never from llmdiag (see docs/accuracy.md).

  python tools/accuracy/score.py accuracy/batch-*/ [-v] [--json] [--min-category 0.9 ...]

The category of a report is its first diagnosis that is not a wrapper: for a failure the first of
severity error (else the first), for a hang the first, for a success the first error: a false alarm,
unless the label names a category for the success (it came up, then failed): that is scored as a failure's.
Exit 0 when every given bound holds, 1 otherwise, 2 on bad usage. Standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

OUTCOME = {"failure": "failed", "success": "ready", "hang": "incomplete"}


def top_category(report: dict, outcome: str, after_ready: bool = False) -> str | None:
    """The category the report names first. For a start that came up (`success`) only an error
    counts, except where the label says it came up and then failed (`after_ready`): a report demotes
    the errors of a start that stayed up to warnings ("Non-fatal: ..."), so its first reading counts."""
    diags = [d for d in report.get("diagnoses") or [] if d.get("role") != "wrapper"]
    errors = [d for d in diags if d.get("severity") == "error"]
    if outcome == "success" and not after_ready:
        pick = errors[:1]
    elif outcome == "hang":
        pick = diags[:1]
    else:
        pick = (errors or diags)[:1]
    return pick[0].get("category") if pick else None


def explain(cmd: list[str], path: Path) -> tuple[dict | None, str, float]:
    t0 = time.monotonic()
    try:
        p = subprocess.run([*cmd, str(path)], capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timeout", time.monotonic() - t0
    dt = time.monotonic() - t0
    try:
        return json.loads(p.stdout), "", dt
    except ValueError:
        tail = p.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        return None, f"no JSON (exit {p.returncode}): {tail[0][:160]}", dt


def score(folders: list[Path], cmd: list[str], verbose: bool) -> dict:
    t = dict(cases=0, crashes=0, outcome=0, phase=0, cat_cases=0, cat_ok=0, cat_unknown=0, cat_wrong=0,
             successes=0, false_alarms=0, slowest_s=0.0)
    rows = []
    for folder in folders:
        for raw in (folder / "cases.jsonl").read_text(encoding="utf-8").splitlines():
            if not raw.strip():
                continue
            case = json.loads(raw)
            t["cases"] += 1
            report, err, dt = explain(cmd, folder / case["file"])
            t["slowest_s"] = max(t["slowest_s"], round(dt, 2))
            row = {"mark": "-", "file": f"{folder.name}/{case['file']}", "want": [OUTCOME.get(case["outcome"]), case.get("phase"),
                   case.get("category")]}
            if report is None:
                t["crashes"] += 1
                row["mark"], row["got"] = "CRASH", err
                rows.append(row)
                continue
            success = case["outcome"] == "success"
            # a success labelled with a category came up, then failed (a request, a death after ready)
            after_ready = success and case.get("category") not in (None, "", "-")
            got_cat = top_category(report, case["outcome"], after_ready) or (
                "unknown" if case["outcome"] != "success" else None)
            row["got"] = [report.get("outcome"), report.get("last_phase"), got_cat]
            t["outcome"] += report.get("outcome") == OUTCOME.get(case["outcome"])
            t["phase"] += report.get("last_phase") == case.get("phase")
            t["successes"] += success
            if success and (report.get("outcome") != "ready" or (got_cat is not None and not after_ready)):
                t["false_alarms"] += 1
                row["mark"] = "FALSE-ALARM"
            elif (after_ready or not success) and case.get("category") \
                    and not str(case["category"]).startswith("other:"):  # outside the contract
                t["cat_cases"] += 1
                want = {case["category"], *(case.get("secondary") or [])}
                if (got_cat or "unknown") in want:
                    t["cat_ok"] += 1
                    row["mark"] = "ok"
                elif (got_cat or "unknown") == "unknown":
                    t["cat_unknown"] += 1
                    row["mark"] = "UNKNOWN"
                else:
                    t["cat_wrong"] += 1
                    row["mark"] = "WRONG"
            elif success:
                row["mark"] = "ok"
            rows.append(row)
            if verbose:
                print(f"{row['mark']:11} {row['file']}: got {row['got']} want {row['want']}  {dt:.2f}s")
    t["rows"] = rows
    return t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batches", nargs="+", type=Path)
    ap.add_argument("--cmd", default=os.environ.get("LLMDIAG_CMD", f"{shlex.quote(sys.executable)} -m diagnose explain --format json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the totals and every case as JSON")
    ap.add_argument("--min-category", type=float)
    ap.add_argument("--min-phase", type=float)
    ap.add_argument("--max-false-alarms", type=int)
    a = ap.parse_args()
    for f in a.batches:
        if not (f / "cases.jsonl").is_file():
            print(f"score: no cases.jsonl in {f}", file=sys.stderr)
            return 2
    t = score(a.batches, shlex.split(a.cmd), a.verbose)
    ratio = lambda x, y: x / y if y else 0.0  # noqa: E731
    cat, phase = ratio(t["cat_ok"], t["cat_cases"]), ratio(t["phase"], t["cases"])
    fails = []
    if a.min_category is not None and cat < a.min_category:
        fails.append(f"category {cat:.2f} < {a.min_category}")
    if a.min_phase is not None and phase < a.min_phase:
        fails.append(f"phase {phase:.2f} < {a.min_phase}")
    if a.max_false_alarms is not None and t["false_alarms"] > a.max_false_alarms:
        fails.append(f"false alarms {t['false_alarms']} > {a.max_false_alarms}")
    if t["crashes"]:
        fails.append(f"{t['crashes']} case(s) gave no JSON")
    if a.json:
        print(json.dumps(t, indent=1))
    else:
        print(f"cases {t['cases']}  crashes {t['crashes']}  slowest {t['slowest_s']:.2f}s")
        print(f"outcome {t['outcome']}/{t['cases']}  phase {t['phase']}/{t['cases']}")
        print(f"category {t['cat_ok']}/{t['cat_cases']} right, {t['cat_unknown']} unknown, {t['cat_wrong']} wrong; "
              f"successes {t['successes']}, false alarms {t['false_alarms']}")
        print("FAIL: " + "; ".join(fails) if fails else
              f"category {cat:.0%} phase {phase:.0%} outcome {ratio(t['outcome'], t['cases']):.0%} "
              f"false-alarms {t['false_alarms']}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
