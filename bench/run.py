#!/usr/bin/env python3
"""The llmdiag benchmark suite, in one command (not a test; see docs/performance.md):

    python bench/run.py                      # 10 MB, 100 MB, 1 GB; 3 runs each (medians)
    python bench/run.py --sizes 10,100 --ranks-size 10 --runs 1 --no-watch   # quicker

It writes realistic logs with bench/gen_log.py (kept in --work, default $TMPDIR/llmdiag-bench) and
reports side by side:
  - `llmdiag explain --format json` throughput against `grep -c -E -f PATTERNS` (every literal and
    regex of the shipped rule pack and the engine markers, as POSIX ERE) and against `cat`, as ratios;
  - per-MB cost from the smallest to the largest size (flat is the goal);
  - the 8-rank start-up log of bench/gen_log.py --kind ranks (NCCL INFO and DEBUG lines);
  - the log of a server up a while (--kind access: uvicorn's access log of many clients), and of an
    SGLang server up a while (--kind sglang: its scheduler's batch lines and access lines);
  - the cost of 10x as many rules (synthetic copies of the pack that never fire);
  - peak RSS of each explain run;
  - cold start: `llmdiag --version` and `llmdiag explain` of a 1 MB log, against `python -c pass`;
  - `watch` analysis MB/s on the serving and 8-rank logs (bench/bench_watch.py --analysis);
  - `watch` passthrough and CPU (bench/bench_watch.py, run as is).
--json FILE also writes every measurement as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

LLMDIAG = [sys.executable, "-m", "diagnose"]


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["NO_COLOR"] = "1"
    return env


def timed(cmd: list[str], stdin=None, shell: bool = False) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in bytes) of one child run; output goes to /dev/null,
    except grep's: GNU grep stops at the first match when its output is /dev/null, so it gets a pipe."""
    with open(os.devnull, "wb") as null:
        is_grep = os.path.basename(cmd[0]) == "grep"
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.PIPE if is_grep else null,
                                stderr=subprocess.DEVNULL, env=_env(), shell=shell)
        if is_grep:
            proc.stdout.read()  # a count: tiny
            proc.stdout.close()
        if hasattr(os, "wait4"):
            _, status, ru = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            wall = time.perf_counter() - t0
            rss = ru.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
            return wall, ru.ru_utime + ru.ru_stime, rss
        proc.wait()  # pragma: no cover - no wait4 (Windows): no CPU or RSS figures
        return time.perf_counter() - t0, float("nan"), 0


def median_run(cmd: list[str], runs: int) -> dict:
    res = [timed(cmd) for _ in range(runs)]
    return {"wall_s": statistics.median(r[0] for r in res), "cpu_s": statistics.median(r[1] for r in res),
            "rss_mb": max(r[2] for r in res) / 2**20, "runs": runs}


# -- the patterns grep gets -----------------------------------------------------------------

_PY_TO_ERE = [
    (re.compile(r"\(\?P<\w+>"), "("), (re.compile(r"\(\?:"), "("), (re.compile(r"\\d"), "[0-9]"),
    (re.compile(r"\\D"), "[^0-9]"), (re.compile(r"\\s"), "[[:space:]]"), (re.compile(r"\\S"), "[^[:space:]]"),
    (re.compile(r"\\w"), "[[:alnum:]_]"), (re.compile(r"\\W"), "[^[:alnum:]_]"),
    (re.compile(r"(?<=[*+?}])\?"), ""),  # lazy quantifiers: same lines match
]


def to_ere(pattern: str) -> str | None:
    """A Python regex as POSIX ERE for grep -E, or None when it has no ERE form (look-arounds, back-refs)."""
    if re.search(r"\(\?[=!<]|\(\?[aiLmsux]|\\[1-9AZzGbB]|\\[pP]\{", pattern):
        return None
    out = pattern
    for rx, rep in _PY_TO_ERE:
        out = rx.sub(rep, out)
    # \d etc. inside a bracket ([\d.]) became a nested bracket: flatten it
    out = out.replace("[[0-9]", "[0-9").replace("[[[:space:]]", "[[:space:]")
    return out


def grep_patterns(work: Path) -> tuple[Path, int, int]:
    """Every literal and regex of the rule pack and the markers, one ERE per line (a regex with no ERE
    form is replaced by its literal anchors). Returns (file, regexes kept, anchors used instead)."""
    from diagnose.engines import ALL_MARKERS
    from diagnose.matcher import literal_anchors
    from diagnose.rulepack import load_pack, walk_conds

    pats: list[tuple[str, tuple[str, ...]]] = []  # (python regex, its anchors)
    for mk in ALL_MARKERS:
        pats.append((mk.regex, tuple(mk.anchor)))
    for lr in load_pack().rules:
        for cond in [*walk_conds(lr.rule.match), *(walk_conds(lr.rule.unless) if lr.rule.unless else [])]:
            if cond.contains is not None:
                pats.append((re.escape(cond.contains), (cond.contains,)))
            elif cond.regex is not None:
                pats.append((cond.regex, (cond.anchor,) if cond.anchor else literal_anchors(cond.regex) or ()))
    out: list[str] = []
    kept = fallback = 0
    for rx, anchors in pats:
        ere = to_ere(rx)
        if ere is not None and subprocess.run(["grep", "-E", "-e", ere, os.devnull],
                                              capture_output=True).returncode != 2:
            out.append(ere)
            kept += 1
        else:
            out.extend(re.sub(r"([.\[\]\\*+?{}()|^$])", r"\\\1", a) for a in anchors)
            fallback += 1
    path = work / "patterns.ere"
    path.write_text("\n".join(dict.fromkeys(out)) + "\n")
    return path, kept, fallback


# -- 10x rules --------------------------------------------------------------------------------

def synthetic_rules(work: Path, copies: int, same_literals: bool = False) -> Path:
    """`copies` renamed copies of every shipped rule whose leaves never match (a named pattern is written
    out as its regex and anchor first, and mutated as one). By default a `contains`
    gets a suffix (a new literal) and a regex a literal suffix after it (same anchor: the regex is a
    candidate on the lines its anchor finds, and its new required literal rules it out there).
    `same_literals`: every leaf keeps all its literals and its anchor and gets a look-ahead that no
    log line satisfies (three to eleven NUL characters), so each copy's regex runs wherever the
    original's does: the case of rules that compete for the same lines."""
    import yaml

    from diagnose.rulepack import builtin_rules_dir

    out = work / (f"rules-x{copies + 1}" + ("-same" if same_literals else ""))
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    named = yaml.safe_load((builtin_rules_dir() / "patterns.yaml").read_text())

    def mutate(cond, k):
        if isinstance(cond, dict):
            cond = dict(cond)
            if "pattern" in cond:  # (kept as a name, a copy would match what its original matches)
                pattern = named[cond.pop("pattern")]
                cond["regex"] = pattern["regex"]
                if pattern.get("anchor") and "anchor" not in cond:
                    cond["anchor"] = pattern["anchor"]
            if same_literals and "contains" in cond:
                cond["anchor"] = cond["contains"]
                cond["regex"] = re.escape(cond.pop("contains"))
            suffix = f"(?=[\\x00]{{{3 + k}}})" if same_literals else f"zq{k}x"
            if "contains" in cond:
                cond["contains"] = f"{cond['contains']} zq{k}x"
            if "regex" in cond:
                flags = re.match(r"\(\?[aiLmsux]+\)", cond["regex"])  # global flags must stay in front
                head = flags.group(0) if flags else ""
                cond["regex"] = f"{head}(?:{cond['regex'][len(head):]}){suffix}"
            for key in ("any", "all"):
                if key in cond:
                    cond[key] = [mutate(c, k) for c in cond[key]]
        return cond

    for path in sorted(builtin_rules_dir().rglob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        if not isinstance(data, dict) or "id" not in data or "match" not in data:
            continue  # not a rule (rules/patterns.yaml), or a rule decided by code (rules/python/)
        for k in range(copies):
            d = dict(data)
            d["id"] = f"{data['id']}-x{k}"
            d["match"] = mutate(data["match"], k)
            if "unless" in d:
                d["unless"] = mutate(d["unless"], k)
            (out / f"{d['id']}.yaml").write_text(yaml.safe_dump(d, sort_keys=False))
    return out


# -- the suite ----------------------------------------------------------------------------

def make_log(work: Path, size_mb: int, kind: str = "serving") -> Path:
    from gen_log import GENERATORS

    path = work / (f"bench-{size_mb}mb.log" if kind == "serving" else f"bench-{kind}-{size_mb}mb.log")
    if not path.exists() or abs(path.stat().st_size - size_mb * 2**20) > size_mb * 2**20 * 0.05:
        GENERATORS[kind](path, size_mb)
    return path


def fmt_row(cols, widths) -> str:
    return "".join(f"{c:>{w}}" if i else f"{c:<{w}}" for i, (c, w) in enumerate(zip(cols, widths)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10,100,1024", help="log sizes in MB (default 10,100,1024)")
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement; medians are reported")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "llmdiag-bench")
    ap.add_argument("--rules-size", type=int, default=None, help="log size (MB) for the 10x-rules run (default: the middle size)")
    ap.add_argument("--ranks-size", type=int, default=128,
                    help="size (MB) of the 8-rank start-up log with NCCL INFO and DEBUG lines (default 128; 0: skip)")
    ap.add_argument("--access-size", type=int, default=100,
                    help="size (MB) of the log of a server up a while: uvicorn's access log (default 100; 0: skip)")
    ap.add_argument("--sglang-size", type=int, default=100,
                    help="size (MB) of the log of an SGLang server up a while (default 100; 0: skip)")
    ap.add_argument("--no-watch", action="store_true", help="skip bench/bench_watch.py")
    ap.add_argument("--no-grep", action="store_true",
                    help="skip the grep comparison (GNU grep with ~600 EREs runs at ~1 MB/s on some machines)")
    ap.add_argument("--json", type=Path, default=None, help="also write the measurements here")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    args.work.mkdir(parents=True, exist_ok=True)
    if shutil.which("grep") is None:
        print("grep not found: the grep comparison is left out", file=sys.stderr)
    result: dict = {"python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count(),
                    "runs": args.runs}
    from diagnose import __version__
    from diagnose.anchors import have_library

    print(f"llmdiag {__version__} benchmark  (python {result['python']}, {result['cpus']} CPUs, "
          f"ahocorasick-rs {'yes' if have_library() else 'NO'}, medians of {args.runs})")

    # cold start: with bytecode written, as `pip install` does (a source checkout run under
    # PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module on every start)
    import compileall

    import diagnose

    compileall.compile_dir(os.path.dirname(diagnose.__file__), quiet=1)
    one = make_log(args.work, 1)
    result["cold"] = {
        "python -c pass": median_run([sys.executable, "-c", "pass"], max(args.runs, 5)),
        "llmdiag --version": median_run([*LLMDIAG, "--version"], max(args.runs, 5)),
        "llmdiag explain 1 MB": median_run([*LLMDIAG, "explain", "--format", "json", str(one)], max(args.runs, 5)),
    }
    print("\ncold start (wall s)")
    for k, v in result["cold"].items():
        print(f"  {k:<24}{v['wall_s']:>8.3f}")

    pat, kept, fallback = grep_patterns(args.work)
    result["patterns"] = {"file": str(pat), "regexes": kept, "anchor_fallbacks": fallback}
    print(f"\ngrep patterns: {kept} regexes as ERE, {fallback} replaced by their literal anchors ({pat})")

    # throughput per size
    rows = []
    widths = (10, 11, 11, 11, 10, 10, 10, 10)
    print("\n" + fmt_row(("size", "cat MB/s", "grep MB/s", "ours MB/s", "ours/grep", "ours/cat", "s/GB", "RSS MB"), widths))
    result["sizes"] = {}
    for size in sizes:
        log = make_log(args.work, size)
        mb = log.stat().st_size / 2**20
        cat = median_run(["cat", str(log)], args.runs)
        grep = median_run(["grep", "-c", "-E", "-f", str(pat), str(log)], args.runs) \
            if shutil.which("grep") and not args.no_grep else None
        ours = median_run([*LLMDIAG, "explain", "--format", "json", str(log)], args.runs)
        r = {"mb": mb, "cat": cat, "grep": grep, "explain": ours,
             "explain_mb_s": mb / ours["wall_s"], "grep_mb_s": mb / grep["wall_s"] if grep else None,
             "cat_mb_s": mb / cat["wall_s"], "s_per_gb": ours["wall_s"] / mb * 1024}
        result["sizes"][size] = r
        rows.append(r)
        print(fmt_row((f"{mb:.0f} MB", f"{r['cat_mb_s']:.0f}", f"{r['grep_mb_s']:.1f}" if grep else "-",
                       f"{r['explain_mb_s']:.1f}", f"{r['explain_mb_s'] / r['grep_mb_s']:.2f}x" if grep else "-",
                       f"{r['explain_mb_s'] / r['cat_mb_s']:.3f}x", f"{r['s_per_gb']:.1f}",
                       f"{ours['rss_mb']:.0f}"), widths))
    if len(rows) > 1:
        growth = rows[-1]["s_per_gb"] / rows[0]["s_per_gb"] - 1
        result["per_mb_growth"] = growth
        print(f"per-MB cost {rows[0]['mb']:.0f} MB -> {rows[-1]['mb']:.0f} MB: {100 * growth:+.1f}%")

    # the 8-rank start-up log (NCCL_DEBUG=INFO, DEBUG lines); a server up a while: its access log,
    # an SGLang server's log
    for kind, size, what in (("ranks", args.ranks_size, "8-rank start-up log (NCCL INFO + DEBUG)"),
                             ("access", args.access_size, "server up a while (uvicorn access log)"),
                             ("sglang", args.sglang_size, "SGLang server up a while")):
        if size:
            log = make_log(args.work, size, kind)
            mb = log.stat().st_size / 2**20
            ours = median_run([*LLMDIAG, "explain", "--format", "json", str(log)], args.runs)
            result[kind] = {"mb": mb, "explain": ours, "explain_mb_s": mb / ours["wall_s"]}
            print(f"\n{what}, {mb:.0f} MB: {mb / ours['wall_s']:.1f} MB/s, RSS {ours['rss_mb']:.0f} MB")

    # 10x rules
    rsize = args.rules_size or sizes[len(sizes) // 2]
    log = make_log(args.work, rsize)
    base = median_run([*LLMDIAG, "explain", "--format", "json", str(log)], args.runs)
    for key, same, what in (("rules_x10", False, "each with a literal of its own"),
                            ("rules_x10_same", True, "each with all the literals of its original")):
        extra = synthetic_rules(args.work, 9, same_literals=same)
        n_extra = len(list(extra.glob("*.yaml")))
        # a new pack is validated and cached on its first run (once per edit of the pack), as the
        # shipped one was by the runs above: warm that cache before timing, so both are steady runs
        subprocess.run([*LLMDIAG, "explain", "--format", "json", "--rules", str(extra), str(make_log(args.work, 1))],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        more = median_run([*LLMDIAG, "explain", "--format", "json", "--rules", str(extra), str(log)], args.runs)
        result[key] = {"log_mb": rsize, "extra_rules": n_extra, "base": base, "x10": more,
                       "ratio": more["wall_s"] / base["wall_s"]}
        print(f"\n10x rules (+{n_extra} synthetic, {what}) on {rsize} MB: {base['wall_s']:.2f} s -> "
              f"{more['wall_s']:.2f} s = {more['wall_s'] / base['wall_s']:.2f}x the time")

    if not args.no_watch:
        # the analysis of watch (its process, in-process here) on a serving and an 8-rank log
        result["watch_analysis"] = {}
        print("\nwatch analysis (bench/bench_watch.py --analysis; CPU time)")
        for kind, size in (("serving", min(sizes)), ("ranks", min(sizes))):
            log = make_log(args.work, size, kind)
            got = [json.loads(subprocess.run([sys.executable, str(ROOT / "bench" / "bench_watch.py"), "--analysis",
                                              str(log)], capture_output=True, text=True, env=_env(),
                                             check=True).stdout) for _ in range(args.runs)]
            got.sort(key=lambda r: r["cpu_s"])
            r = got[len(got) // 2]
            result["watch_analysis"][kind] = r
            print(f"  {kind} log {r['mb']:.0f} MB: {r['mb_s']:.1f} MB/s ({r['cpu_s']:.2f} s CPU)")

    if not args.no_watch and (ROOT / "bench" / "bench_watch.py").exists():
        print("\nwatch (bench/bench_watch.py)", flush=True)
        wsize = max(sizes)
        res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_watch.py"), "--size-mb", str(wsize),
                              "--repeat", str(args.runs), "--rates", "1000,7000"],
                             capture_output=True, text=True, env=_env())
        result["watch"] = res.stdout
        print(res.stdout.rstrip() or res.stderr.rstrip())

    if args.json:
        args.json.write_text(json.dumps(result, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
