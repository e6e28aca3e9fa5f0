#!/usr/bin/env python3
"""tools/real_engine/sglang_run.py with a shell around the launcher (batch m's run_sh.py, unchanged).

    run_sh.py --out DIR --work DIR [--cwd DIR] NAME TIMEOUT SHOWN -- SHELL_COMMAND

SHOWN becomes the log's first line (`$ SHOWN`); SHELL_COMMAND runs under `bash -c` in a new session (cwd
--cwd, else --work) with the venv's bin first on PATH and PYTHONUNBUFFERED=1, stdout+stderr into
WORK/raw/NAME.log. At TIMEOUT seconds: SIGTERM to the group, SIGKILL 20 s later. The kept log
(DIR/NAME.log) has the venv, the work folder and the home folder replaced by <venv>, <tmp>, <home>;
{name, rc, timed_out, seconds, lines} is appended to DIR/runs.jsonl.
"""
import argparse, json, os, signal, subprocess, sys, time

VENV = os.path.join(os.environ.get("LLMDIAG_REAL_CACHE", os.path.expanduser("~/.cache/llmdiag-real")), "sglang-0.5.23")


def main() -> int:
    argv = sys.argv[1:]
    i = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cwd")
    ap.add_argument("name")
    ap.add_argument("timeout", type=float)
    ap.add_argument("shown")
    a = ap.parse_args(argv[:i])
    cmd = " ".join(argv[i + 1:])
    env = {**os.environ, "PATH": VENV + "/bin:" + os.environ["PATH"]}
    env.setdefault("PYTHONUNBUFFERED", "1")
    os.makedirs(os.path.join(a.work, "raw"), exist_ok=True)
    os.makedirs(a.out, exist_ok=True)
    raw = os.path.join(a.work, "raw", a.name + ".log")
    t0 = time.time()
    timed_out = False
    with open(raw, "w") as f:
        f.write("$ " + a.shown + "\n")
        f.flush()
        p = subprocess.Popen(["bash", "-c", cmd], stdout=f, stderr=subprocess.STDOUT, env=env,
                             start_new_session=True, cwd=a.cwd or a.work)
        with open(os.path.join(a.work, "raw", a.name + ".pid"), "w") as pf:
            pf.write(str(p.pid))
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
    try:
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
