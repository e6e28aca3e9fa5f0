#!/usr/bin/env python3
"""Run one real SGLang start and keep its log, as the accuracy batches `sglang-real-*` were made.

    python tools/real_engine/sglang_run.py --out DIR --work DIR NAME TIMEOUT [ENV=VAL ...] -- ARGS...

Starts `<venv>/bin/python -m sglang.launch_server ARGS` (the venv: $LLMDIAG_REAL_CACHE or
~/.cache/llmdiag-real, then sglang-0.5.23; see README.md) in its own session with the given
environment added, stdout and stderr into one file whose first line is the command (`$ ...`), waits
up to TIMEOUT seconds, then SIGTERM to the process group (SIGKILL 20 s later). Writes DIR/NAME.log
with the venv, the work folder and the home folder replaced by <venv>, <tmp> and <home>, and appends
{name, rc, timed_out, seconds, lines} to DIR/runs.jsonl. SGLang on PyPI is the CUDA build: on a
machine without a GPU, pass `--device cpu` to reach the steps after its defaults.
"""
import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import time

VENV = os.path.join(os.environ.get("LLMDIAG_REAL_CACHE", os.path.expanduser("~/.cache/llmdiag-real")),
                    "sglang-0.5.23")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="folder for NAME.log and runs.jsonl")
    ap.add_argument("--work", required=True, help="working folder of the run (models, raw logs)")
    ap.add_argument("name")
    ap.add_argument("timeout", type=float)
    ap.add_argument("envs", nargs="*", metavar="ENV=VAL", help="then -- and SGLang's arguments")
    # split at the first "--" here: argparse drops a "--" that no ENV=VAL precedes
    argv = sys.argv[1:]
    i = argv.index("--") if "--" in argv else len(argv)
    a = ap.parse_args(argv[:i])
    if i == len(argv):
        ap.error("give SGLang's arguments after --")
    envs = dict(e.split("=", 1) for e in a.envs)
    args = argv[i + 1:]
    env = {**os.environ, **envs, "PATH": VENV + "/bin:" + os.environ["PATH"]}
    env.setdefault("PYTHONUNBUFFERED", "1")
    os.makedirs(os.path.join(a.work, "raw"), exist_ok=True)
    os.makedirs(a.out, exist_ok=True)
    raw = os.path.join(a.work, "raw", a.name + ".log")
    shown = " ".join([f"{k}={shlex.quote(v)}" for k, v in envs.items()]
                     + ["python", "-m", "sglang.launch_server"] + [shlex.quote(x) for x in args])
    t0 = time.time()
    timed_out = False
    with open(raw, "w") as f:
        f.write("$ " + shown + "\n")
        f.flush()
        p = subprocess.Popen([VENV + "/bin/python", "-m", "sglang.launch_server", *args], stdout=f,
                             stderr=subprocess.STDOUT, env=env, start_new_session=True, cwd=a.work)
        try:
            rc = p.wait(timeout=a.timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(p.pid, signal.SIGTERM)
            try:
                rc = p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                rc = p.wait()
    try:  # what the start left running in its group
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    with open(raw, errors="replace") as f:
        text = f.read()
    for path, mark in ((VENV, "<venv>"), (os.path.abspath(a.work), "<tmp>"), (os.path.expanduser("~"), "<home>")):
        text = text.replace(path, mark)
    with open(os.path.join(a.out, a.name + ".log"), "w") as f:
        f.write(text)
    meta = dict(name=a.name, rc=rc, timed_out=timed_out, seconds=round(time.time() - t0, 1), lines=text.count("\n"))
    with open(os.path.join(a.out, "runs.jsonl"), "a") as f:
        f.write(json.dumps(meta) + "\n")
    print(json.dumps(meta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
