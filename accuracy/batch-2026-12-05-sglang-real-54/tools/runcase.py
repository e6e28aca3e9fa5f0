"""runcase.py NAME TIMEOUT [ENV=VAL ...] -- ARGS...   -> /work/wt/_batch/sglang-real-b/NAME.log"""
import os, sys, subprocess, signal, time, json, shlex
OUT = "/tmp/sglreal-b/out"
os.makedirs(OUT, exist_ok=True)
VENV = os.path.expanduser("~/.cache/llmdiag-real/sglang-0.5.23")
name, tmo = sys.argv[1], float(sys.argv[2])
rest = sys.argv[3:]
i = rest.index("--")
envs = dict(e.split("=", 1) for e in rest[:i])
args = rest[i + 1:]
cmd = [VENV + "/bin/python", "-m", "sglang.launch_server"] + args
env = dict(os.environ); env.update(envs)
env["PATH"] = VENV + "/bin:" + env["PATH"]
env.setdefault("PYTHONUNBUFFERED", "1")
raw = f"/tmp/sglreal-b/raw/{name}.log"
os.makedirs("/tmp/sglreal-b/raw", exist_ok=True)
shown = " ".join([f"{k}={shlex.quote(v)}" for k, v in envs.items()] + ["python", "-m", "sglang.launch_server"] + [shlex.quote(a) for a in args])
t0 = time.time()
with open(raw, "w") as f:
    f.write("$ " + shown + "\n"); f.flush()
    p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, start_new_session=True, cwd="/tmp/sglreal-b")
    timed_out = False
    try:
        rc = p.wait(timeout=tmo)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGTERM)
        try: rc = p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL); rc = p.wait()
# kill leftovers of the group
try: os.killpg(p.pid, signal.SIGKILL)
except ProcessLookupError: pass
dt = time.time() - t0
txt = open(raw, errors="replace").read()
for a, b in [(VENV, "<venv>"), ("/tmp/sglreal-b", "<tmp>"), ("/root", "<home>")]:
    txt = txt.replace(a, b)
open(f"{OUT}/{name}.log", "w").write(txt)
meta = dict(name=name, rc=rc, timed_out=timed_out, seconds=round(dt, 1), lines=txt.count("\n"))
open(f"{OUT}/runs.jsonl", "a").write(json.dumps(meta) + "\n")
print(json.dumps(meta))
