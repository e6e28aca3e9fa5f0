#!/usr/bin/env python3
"""Capture real torch / NCCL / CUDA failure output on a GPU machine.

Used to produce sample_logs/real/h200-torch-nccl/*.log: evidence of how the failure shapes that
llmdiag diagnoses (nccl-network, shm-exhausted, CUDA OOM in several phases, torchrun child
failures, host OOM kills) really print with the installed torch / NCCL.

    python3 capture.py list                      # scenarios, lanes, timeouts
    python3 capture.py run --out DIR [--only A,B] [--deadline SEC]
    python3 capture.py child NAME [opts]         # the payload run inside torchrun / launcher
    python3 capture.py launch --nprocs N --port P --timeout S -- child NAME [opts]

`run` executes every scenario in its own process group with a hard timeout, writing the combined
stdout+stderr of each to DIR/NAME.log followed by one `rc=N` line (or `rc=timeout after Ns`), and a
summary to DIR/_summary.tsv. Lanes run in parallel threads: CPU-only scenarios, then single-GPU
scenarios (one lane per GPU), then the two-GPU NCCL scenarios one at a time.

Nothing here needs vLLM or network access. Only torch, torchrun (torch.distributed.run) and, for a
few scenarios, root (unshare -m / mount for a tiny /dev/shm, cgroup v2 for a host OOM kill).
"""
from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
SELF = os.path.abspath(__file__)
PY = sys.executable or "python3"
GIB = 1 << 30


# --------------------------------------------------------------------------------------------
# payloads (run in the child processes)
# --------------------------------------------------------------------------------------------

def _rank():
    return int(os.environ.get("RANK", "0")), int(os.environ.get("WORLD_SIZE", "1")), int(
        os.environ.get("LOCAL_RANK", os.environ.get("RANK", "0")))


def _init(backend="nccl", timeout=20, eager=True, init_method=None, mod_device=True):
    import datetime
    import torch
    import torch.distributed as dist
    rank, world, local = _rank()
    kw = dict(backend=backend, timeout=datetime.timedelta(seconds=timeout))
    if init_method:
        kw.update(init_method=init_method, rank=rank, world_size=world)
    if backend == "nccl" and eager:
        idx = local % torch.cuda.device_count() if mod_device else local
        dev = torch.device("cuda", idx)
        torch.cuda.set_device(dev)
        kw["device_id"] = dev
    dist.init_process_group(**kw)
    return rank, world, local


def _allreduce_once(tag=""):
    import torch
    import torch.distributed as dist
    dev = "cuda" if dist.get_backend() == "nccl" else "cpu"
    x = torch.ones(1024, device=dev) * (dist.get_rank() + 1)
    dist.all_reduce(x)
    if dev == "cuda":
        torch.cuda.synchronize()
    print(f"rank {dist.get_rank()} {tag}sum {x[0].item()}", flush=True)


def p_rdzv(a):
    """init_process_group only; used where the rendezvous itself must fail (no CUDA call before)."""
    _init(backend=a.backend, timeout=a.timeout, eager=False, init_method=a.init_method)
    _allreduce_once()


def p_allreduce(a):
    _init(backend=a.backend, timeout=a.timeout, eager=a.backend == "nccl",
          init_method=a.init_method, mod_device=not a.no_mod)
    _allreduce_once()
    import torch.distributed as dist
    dist.destroy_process_group()


def p_collective_timeout(a):
    import torch
    import torch.distributed as dist
    rank, world, _ = _init(timeout=a.timeout)
    _allreduce_once("warmup ")
    if rank == world - 1:
        print(f"rank {rank}: sleeping {a.sleep}s before the next all_reduce", flush=True)
        time.sleep(a.sleep)
    x = torch.ones(1024, device="cuda")
    dist.all_reduce(x)
    torch.cuda.synchronize()
    print(f"rank {rank} second sum {x[0].item()}", flush=True)
    dist.destroy_process_group()


def p_oom_one_rank(a):
    import torch
    import torch.distributed as dist
    rank, world, _ = _init(timeout=a.timeout)
    _allreduce_once("warmup ")
    if rank == world - 1:
        print(f"rank {rank}: allocating {a.gib} GiB", flush=True)
        big = torch.empty(int(a.gib * GIB), dtype=torch.uint8, device="cuda")  # noqa: F841
    x = torch.ones(1024, device="cuda")
    dist.all_reduce(x)
    torch.cuda.synchronize()
    print(f"rank {rank} second sum {x[0].item()}", flush=True)
    dist.destroy_process_group()


def p_init_peer_missing(a):
    """Last rank joins the TCPStore but never starts NCCL (like a peer stuck elsewhere); the other
    ranks create their NCCL communicator eagerly (device_id) or lazily (first collective)."""
    import torch
    rank, world, local = _rank()
    if rank == world - 1:
        _init(timeout=a.timeout, eager=False)
        print(f"rank {rank}: joined the store, never starts NCCL; sleeping {a.sleep}s", flush=True)
        time.sleep(a.sleep)
        return
    _init(timeout=a.timeout, eager=not a.lazy)
    if a.lazy:
        torch.cuda.set_device(local % torch.cuda.device_count())
    _allreduce_once()


def p_raise(a):
    rank, _, _ = _rank()
    if rank == 1:
        time.sleep(1)
        raise RuntimeError("worker 1 failed on purpose (capture scenario)")
    time.sleep(a.sleep)


def p_raise_record(a):
    from torch.distributed.elastic.multiprocessing.errors import record
    record(p_raise)(a)


def p_sigkill(a):
    rank, _, _ = _rank()
    if rank == 1:
        time.sleep(1)
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(a.sleep)


def p_host_alloc(a):
    """Touch a.gib GiB of host RAM (only on the last rank when started by torchrun/launcher)."""
    import torch
    rank, world, _ = _rank()
    if rank == world - 1:
        print(f"rank {rank}: loading {a.gib} GiB of weights into host memory", flush=True)
        t = torch.ones(int(a.gib * GIB), dtype=torch.uint8)
        print("loaded", t.numel(), flush=True)
    else:
        time.sleep(a.sleep)


def p_oom_weights(a):
    import torch
    free, total = torch.cuda.mem_get_info()
    print(f"free={free} total={total}", flush=True)
    layers = {}
    per = int(a.gib * GIB) // 2  # bf16 elements
    for i in range(a.layers):
        layers[f"model.layers.{i}.weight"] = torch.empty(per, dtype=torch.bfloat16, device="cuda")
        if i % 10 == 0:
            print(f"loaded model.layers.{i}.weight ({a.gib} GiB), "
                  f"allocated {torch.cuda.memory_allocated() / GIB:.1f} GiB", flush=True)
    print("all weights loaded", flush=True)


def _fill(keep_gib):
    import torch
    free, _ = torch.cuda.mem_get_info()
    n = max(0, free - int(keep_gib * GIB))
    print(f"filling {n / GIB:.1f} GiB, leaving about {keep_gib} GiB free", flush=True)
    return torch.empty(n, dtype=torch.uint8, device="cuda")


def p_oom_graph(a):
    import torch
    x = torch.randn(4096, 8192, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3):
            y = x @ w  # noqa: F841
    torch.cuda.current_stream().wait_stream(s)
    torch.cuda.synchronize()
    filler = _fill(a.keep)  # noqa: F841
    g = torch.cuda.CUDAGraph()
    outs = []
    print("capturing CUDA graph", flush=True)
    with torch.cuda.graph(g):
        for i in range(a.steps):
            outs.append(x @ w)
    print("graph captured", flush=True)


def p_oom_profile(a):
    import torch
    model = torch.nn.Sequential(
        torch.nn.Linear(8192, 28672, bias=False),
        torch.nn.SiLU(),
        torch.nn.Linear(28672, 8192, bias=False),
    ).to(device="cuda", dtype=torch.bfloat16)
    filler = _fill(a.keep)  # noqa: F841
    tokens = a.tokens
    print(f"dummy forward pass with {tokens} tokens", flush=True)
    with torch.inference_mode():
        x = torch.randn(tokens, 8192, device="cuda", dtype=torch.bfloat16)
        y = model(x)
        torch.cuda.synchronize()
    print("forward done", y.shape, flush=True)


def p_hold_gpu(a):
    import torch
    t = torch.empty(int(a.gib * GIB), dtype=torch.uint8, device="cuda")  # noqa: F841
    torch.cuda.synchronize()
    if a.ready:
        with open(a.ready, "w") as f:
            f.write("ok")
    time.sleep(a.sleep)


def p_alloc(a):
    import torch
    free, total = torch.cuda.mem_get_info()
    print(f"free={free} total={total}", flush=True)
    t = torch.empty(int(a.gib * GIB), dtype=torch.uint8, device="cuda")  # noqa: F841
    torch.cuda.synchronize()
    print("allocated", flush=True)


def p_shm_bus(a):
    from multiprocessing import shared_memory
    n = int(a.mib * (1 << 20))
    shm = shared_memory.SharedMemory(create=True, size=n)
    print(f"created shared memory {shm.name} of {n} bytes; writing", flush=True)
    buf = shm.buf
    step = 4096
    for off in range(0, n, step):
        buf[off] = 1
    print("written", flush=True)
    shm.close()
    shm.unlink()


def p_shm_share(a):
    import torch
    t = torch.ones(int(a.mib * (1 << 20)) // 4)
    print(f"moving a {a.mib} MiB tensor to shared memory", flush=True)
    t.share_memory_()
    print("shared", flush=True)


class _DS:
    def __init__(self, mib):
        self.mib = mib

    def __len__(self):
        return 8

    def __getitem__(self, i):
        import torch
        return torch.full((int(self.mib * (1 << 20)) // 4,), float(i))


def p_shm_dataloader(a):
    import torch
    dl = torch.utils.data.DataLoader(_DS(a.mib), batch_size=1, num_workers=2)
    for i, b in enumerate(dl):
        print("batch", i, b.shape, flush=True)


def p_triton_smem(a):
    # a Triton matmul tile whose shared memory (two 512x512 fp16 tiles, stages) passes any GPU's limit
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def tile(a_ptr, b_ptr, c_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        idx = offs[:, None] * BLOCK + offs[None, :]
        c = tl.dot(tl.load(a_ptr + idx), tl.load(b_ptr + idx))
        tl.store(c_ptr + idx, c)

    n = 512
    x = torch.randn(n, n, device="cuda", dtype=torch.float16)
    out = torch.empty(n, n, device="cuda", dtype=torch.float32)
    tile[(1,)](x, x, out, BLOCK=n, num_stages=4)
    torch.cuda.synchronize()
    print("ran", flush=True)


def p_compile_small(a):
    # torch.compile of a small function: inductor generates and builds Triton kernels (the C launcher too)
    import torch

    @torch.compile
    def f(x):
        return torch.nn.functional.gelu(x) * 2 + 1

    print(f(torch.randn(1024, device="cuda")).sum().item(), flush=True)


def p_device_assert(a):
    # an embedding lookup past the table's end on the GPU: a token id beyond the vocabulary
    import torch
    table = torch.randn(32000, 64, device="cuda")
    ids = torch.tensor([1, 2, 32005], device="cuda")
    out = torch.nn.functional.embedding(ids, table)
    torch.cuda.synchronize()
    print("sum", out.sum().item(), flush=True)


def p_illegal_address(a):
    # a Triton kernel that stores far past its tensor: the context is lost
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def poke(p, off):
        tl.store(p + off, 1.0)

    x = torch.zeros(16, device="cuda")
    poke[(1,)](x, 1 << 40)
    torch.cuda.synchronize()
    print("stored", flush=True)


def p_cublas_full(a):
    # the GPU filled by the caching allocator, then the first matrix product creates cuBLAS's handle
    import torch
    x = torch.randn(256, 256, device="cuda", dtype=torch.float16)
    keep, chunk = [], 1 << 30
    while chunk >= (2 << 20):
        try:
            keep.append(torch.empty(chunk, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            chunk //= 2
    print("filled; free", torch.cuda.mem_get_info()[0], flush=True)
    y = x @ x
    torch.cuda.synchronize()
    print("product", y.float().sum().item(), flush=True)


def p_graph_capture_sync(a):
    # a host read inside CUDA graph capture (what a custom op that syncs does during vLLM's capture)
    import torch
    x = torch.ones(1024, device="cuda")
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        y = x * 2
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = x * 2
        print("value", y.sum().item(), flush=True)


def p_oom_fraction(a):
    # a process capped at a fraction of the GPU (set_per_process_memory_fraction) asks for more
    import torch
    torch.cuda.set_per_process_memory_fraction(a.keep)
    x = torch.empty(int(a.gib * GIB), dtype=torch.uint8, device="cuda")  # noqa: F841
    print("allocated", flush=True)


def p_oom_shared(a):
    # other programs hold part of the GPU (a.steps processes of a.keep GiB each: a notebook, an old server),
    # then this process asks for the rest and a.gib GiB more: torch's message lists the processes NVML sees
    import torch
    holders = [subprocess.Popen([PY, "-c", "import sys, time, torch; x = torch.empty(int(float(sys.argv[1]) * (1 << 30)), "
                                 "dtype=torch.uint8, device='cuda'); print('holding', flush=True); time.sleep(120)",
                                 str(a.keep)], stdout=subprocess.PIPE, text=True) for _ in range(int(a.steps))]
    try:
        for h in holders:
            h.stdout.readline()
        free, total = torch.cuda.mem_get_info()
        print(f"free {free / GIB:.2f} GiB of {total / GIB:.2f} GiB with {len(holders)} other processes", flush=True)
        x = torch.empty(int(free + a.gib * GIB), dtype=torch.uint8, device="cuda")  # noqa: F841
        print("allocated", flush=True)
    finally:
        for h in holders:
            h.kill()


def p_versions(a):
    import torch
    print("torch", torch.__version__, "cuda", torch.version.cuda, "nccl", torch.cuda.nccl.version(),
          "devices", torch.cuda.device_count())
    for i in range(torch.cuda.device_count()):
        p = torch.cuda.get_device_properties(i)
        free, total = torch.cuda.mem_get_info(i)
        print(f"device {i}: {p.name} cc {p.major}.{p.minor} sms {p.multi_processor_count} "
              f"free {free} total {total}")


def p_pinned_host(a):
    # page-locked host memory larger than the machine has (a swap space / CPU offload buffer)
    import torch
    torch.cuda.init()
    x = torch.empty(int(a.gib * GIB), dtype=torch.uint8, pin_memory=True)  # noqa: F841
    print("pinned", flush=True)


def p_cuda_extension(a):
    # a CUDA extension built at start (as FlashInfer / DeepGEMM JIT kernels are), with CUDA_HOME as set
    import torch
    from torch.utils.cpp_extension import load_inline
    mod = load_inline(name="llmdiag_probe_ext", cpp_sources="torch::Tensor twice(torch::Tensor x);",
                      cuda_sources="torch::Tensor twice(torch::Tensor x) { return x * 2; }",
                      functions=["twice"], verbose=True)
    print(mod.twice(torch.ones(2, device="cuda")), flush=True)


def p_fork_after_cuda(a):
    # CUDA initialised in the parent, then a forked child uses it (a fork start method after CUDA init)
    import multiprocessing as mp
    import torch
    torch.zeros(1, device="cuda")

    def child():
        torch.zeros(1, device="cuda")

    p = mp.get_context("fork").Process(target=child)
    p.start()
    p.join()
    print("child exit code", p.exitcode, flush=True)
    sys.exit(1 if p.exitcode else 0)


def p_set_device(a):
    # a rank that picks a GPU index past the visible ones (tensor parallel larger than the GPUs)
    import torch
    print("visible GPUs:", torch.cuda.device_count(), flush=True)
    torch.cuda.set_device(int(a.steps))
    torch.zeros(1, device="cuda")
    print("set", flush=True)


def p_cuda_extension_arch(a):
    # a CUDA extension built for the GPU architectures TORCH_CUDA_ARCH_LIST names (not this GPU's):
    # the kernel then has no code for the device it runs on
    import torch
    from torch.utils.cpp_extension import load_inline
    src = ("__global__ void twice_k(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; "
           "if (i < n) x[i] *= 2; }\n"
           "torch::Tensor twice(torch::Tensor x) { twice_k<<<1, 64>>>(x.data_ptr<float>(), x.numel()); "
           "C10_CUDA_KERNEL_LAUNCH_CHECK(); return x; }")
    mod = load_inline(name="llmdiag_arch_ext", cpp_sources="torch::Tensor twice(torch::Tensor x);",
                      cuda_sources="#include <c10/cuda/CUDAException.h>\n" + src,
                      functions=["twice"], verbose=True)
    y = mod.twice(torch.ones(8, device="cuda"))
    torch.cuda.synchronize()
    print(y, flush=True)


def p_extension_abi(a):
    # a C++ extension built with the other libstdc++ string ABI than torch's (a wheel built for another
    # torch): it builds, then its import finds no symbol of that name in torch's libraries
    import torch
    from torch.utils.cpp_extension import load_inline
    src = ("torch::Tensor check(torch::Tensor x) { TORCH_CHECK(x.numel() > 0, std::string(\"empty\")); "
           "c10::Device d(std::string(\"cpu\")); return x.to(d); }")
    mod = load_inline(name="llmdiag_abi_ext", cpp_sources=src, functions=["check"],
                      extra_cflags=["-D_GLIBCXX_USE_CXX11_ABI=" + ("0" if torch._C._GLIBCXX_USE_CXX11_ABI else "1")],
                      verbose=True)
    print(mod.check(torch.ones(2)), flush=True)


def p_listen(a):
    """Hold a TCP port (0.0.0.0:a.steps) for a.sleep seconds, like another job's rendezvous store."""
    import socket
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", a.steps))
    s.listen()
    print(f"holding port {a.steps}", flush=True)
    time.sleep(a.sleep)


def p_include_dir(a):
    """Print the folder of Python.h (what a C extension build, Triton's launcher too, includes)."""
    import sysconfig
    print(sysconfig.get_paths()["include"])


PAYLOADS = {k[2:]: v for k, v in globals().items() if k.startswith("p_")}


def child_main(argv):
    ap = argparse.ArgumentParser(prog="capture.py child")
    ap.add_argument("name", choices=sorted(PAYLOADS))
    ap.add_argument("--backend", default="nccl")
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--init-method", default=None)
    ap.add_argument("--no-mod", action="store_true")
    ap.add_argument("--lazy", action="store_true")
    ap.add_argument("--sleep", type=float, default=60)
    ap.add_argument("--gib", type=float, default=200)
    ap.add_argument("--layers", type=int, default=100)
    ap.add_argument("--keep", type=float, default=1.0)
    ap.add_argument("--steps", type=int, default=64)
    ap.add_argument("--tokens", type=int, default=65536)
    ap.add_argument("--mib", type=float, default=16)
    ap.add_argument("--ready", default=None)
    a = ap.parse_args(argv)
    PAYLOADS[a.name](a)


def launch_main(argv):
    """Start N ranks of `capture.py child ...` without torchrun, like an engine's own workers:
    all share stdout; wait for all until --timeout, then kill the rest."""
    ap = argparse.ArgumentParser(prog="capture.py launch")
    ap.add_argument("--nprocs", type=int, default=2)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    rest = a.rest[1:] if a.rest and a.rest[0] == "--" else a.rest
    procs = []
    for r in range(a.nprocs):
        env = dict(os.environ, RANK=str(r), LOCAL_RANK=str(r), WORLD_SIZE=str(a.nprocs),
                   MASTER_ADDR=os.environ.get("MASTER_ADDR", "127.0.0.1"), MASTER_PORT=str(a.port))
        procs.append(subprocess.Popen([PY, SELF] + rest, env=env))
    end = time.time() + a.timeout
    reported = set()
    while time.time() < end and any(p.poll() is None for p in procs):
        for r, p in enumerate(procs):
            if p.poll() is not None and r not in reported:
                reported.add(r)
                print(f"launcher: rank {r} exited with code {p.returncode}", flush=True)
        time.sleep(0.2)
    for r, p in enumerate(procs):
        if p.poll() is None:
            print(f"launcher: rank {r} still running after {a.timeout:.0f}s, killing it", flush=True)
            p.kill()
            p.wait()
        elif r not in reported:
            print(f"launcher: rank {r} exited with code {p.returncode}", flush=True)
    sys.exit(max((abs(p.returncode or 0) for p in procs), default=0))


# --------------------------------------------------------------------------------------------
# scenarios
# --------------------------------------------------------------------------------------------

@dataclass
class Sc:
    name: str
    lane: str          # cpu1 | cpu2 | gpu0 | gpu1 | pair | pre
    cmd: str           # bash; $C = capture.py, $PY = python, $LOGDIR = output dir
    timeout: int
    env: dict = field(default_factory=dict)
    what: str = ""


C = "$PY $C"
TR = "$PY -m torch.distributed.run"
NCCL_NO_CUMEM = {"NCCL_CUMEM_ENABLE": "0", "NCCL_CUMEM_HOST_ENABLE": "0"}
INFO = {"NCCL_DEBUG": "INFO"}
# a command run with mounts that only it sees (a tmpfs, a node or a library hidden under /dev/null)
PRIVATE = "unshare -m --propagation private bash -c '{}'"
TINY_SHM = PRIVATE.format("mount -t tmpfs -o size={size} tmpfs /dev/shm && {inner}")
HIDE_GPU_NODES = "for d in /dev/nvidia[0-9]*; do mount --bind /dev/null $d; done; "
HIDE_LIB = "mount --bind /dev/null $(readlink -f $L) && "  # the library that _lib_path found


def _lib_path(lib):
    """Shell that sets $L to where the loader finds `lib` (ldconfig's cache)."""
    return f'L=$(ldconfig -p | grep -m1 "{lib} " | sed "s/.*=> //"); '


def _hide(path):
    return f"mount --bind /dev/null {path} && "
CG = "/sys/fs/cgroup/llmdiag_capture"


def _rank0_env(port):
    return {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port), "RANK": "0", "WORLD_SIZE": "2",
            "LOCAL_RANK": "0"}


def _rank1_env(port, addr="127.0.0.1"):
    return {"MASTER_ADDR": addr, "MASTER_PORT": str(port), "RANK": "1", "WORLD_SIZE": "2",
            "LOCAL_RANK": "1"}


def _cg_run(inner):
    # run `inner` inside a cgroup v2 with memory.max=3G (set up by the `cg-setup` step)
    return f"bash -c 'echo $$ > {CG}/cgroup.procs && exec {inner}'"


SCENARIOS = [
    # ---- preflight / versions ----
    # ---- 9. kernels built at start: Triton and inductor ----
    Sc("90-triton-out-of-shared-memory", "gpu0", f"{C} child triton_smem", 120),
    Sc("91-alloc-conf-typo", "gpu0", f"{C} child alloc --gib 1", 60,
       {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segment:True"}),
    Sc("92-compile-cc-missing", "gpu0", f"{C} child compile_small", 180,
       {"CC": "/usr/bin/gcc-does-not-exist", "TRITON_CACHE_DIR": "/tmp/llmdiag-triton-cc",
        "TORCHINDUCTOR_CACHE_DIR": "/tmp/llmdiag-inductor-cc"}),
    Sc("93-compile-libcuda-dir-empty", "gpu0", f"{C} child compile_small", 180,
       {"TRITON_LIBCUDA_PATH": "/tmp/llmdiag-empty-libcuda", "TRITON_CACHE_DIR": "/tmp/llmdiag-triton-lc",
        "TORCHINDUCTOR_CACHE_DIR": "/tmp/llmdiag-inductor-lc", "LIBRARY_PATH": "/tmp/llmdiag-empty-libcuda"}),

    Sc("94-device-side-assert-embedding", "gpu0", f"{C} child device_assert", 90),
    Sc("95-illegal-memory-access", "gpu0", f"{C} child illegal_address", 120),
    Sc("96-cublas-create-gpu-full", "gpu0", f"{C} child cublas_full", 120),
    Sc("97-graph-capture-host-sync", "gpu0", f"{C} child graph_capture_sync", 90),
    Sc("98-oom-memory-fraction", "gpu0", f"{C} child oom_fraction --keep 0.1 --gib 20", 60),
    Sc("117-oom-gpu-shared-by-processes", "gpu0", f"{C} child oom_shared --steps 3 --keep 2 --gib 4", 120),
    Sc("99-triton-cache-home-not-writable", "gpu0",
       "install -m 644 $C /tmp/llmdiag-capture.py && "
       "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent-home "
       "TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-inductor-nobody $PY /tmp/llmdiag-capture.py child compile_small",
       180),

    # ---- 10. the allocator's settings, the compile caches' disks, the devices named ----
    Sc("100-alloc-conf-bool-value", "gpu0", f"{C} child alloc --gib 1", 60,
       {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:Yes"}),
    Sc("101-alloc-conf-split-too-small", "gpu0", f"{C} child alloc --gib 1", 60,
       {"PYTORCH_CUDA_ALLOC_CONF": "max_split_size_mb:1"}),
    Sc("102-alloc-conf-new-name-typo", "gpu0", f"{C} child alloc --gib 1", 60,
       {"PYTORCH_ALLOC_CONF": "garbage_collection:0.6"}),
    Sc("103-triton-cache-read-only", "gpu0",
       PRIVATE.format("mkdir -p /tmp/llmdiag-ro && mount -t tmpfs -o ro,size=1M tmpfs /tmp/llmdiag-ro && "
                      "TRITON_CACHE_DIR=/tmp/llmdiag-ro/triton TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-inductor-ro "
                      "$PY $C child compile_small"), 180),
    Sc("104-triton-cache-disk-full", "gpu0",
       PRIVATE.format("mkdir -p /tmp/llmdiag-full && mount -t tmpfs -o size=64k tmpfs /tmp/llmdiag-full && "
                      "TRITON_CACHE_DIR=/tmp/llmdiag-full/triton TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-inductor-full "
                      "$PY $C child compile_small"), 180),
    Sc("105-inductor-cache-disk-full", "gpu0",
       PRIVATE.format("mkdir -p /tmp/llmdiag-full2 && mount -t tmpfs -o size=64k tmpfs /tmp/llmdiag-full2 && "
                      "TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-full2/inductor TRITON_CACHE_DIR=/tmp/llmdiag-triton-full2 "
                      "$PY $C child compile_small"), 180),
    Sc("106-cuda-visible-devices-bad-uuid", "gpu0", f"{C} child alloc --gib 1", 60,
       {"CUDA_VISIBLE_DEVICES": "GPU-00000000-0000-0000-0000-000000000000"}),

    Sc("107-oom-cudamallocasync", "gpu0", f"{C} child alloc --gib 200", 60,
       {"PYTORCH_CUDA_ALLOC_CONF": "backend:cudaMallocAsync"}),
    Sc("108-pinned-host-memory-too-large", "gpu0", f"{C} child pinned_host --gib 400", 90),
    Sc("109-cuda-extension-cuda-home-wrong", "gpu0", f"{C} child cuda_extension", 240,
       {"CUDA_HOME": "/nonexistent-cuda", "TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-109"}),
    Sc("110-cuda-extension-builds", "gpu0", f"{C} child cuda_extension", 300,
       {"TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-110"}),

    Sc("111-fork-after-cuda-init", "gpu0", f"{C} child fork_after_cuda", 60),

    # ---- 11. the GPUs a process sees, extensions built for another GPU or torch ----
    Sc("112-cuda-visible-devices-empty", "gpu0", f"{C} child alloc --gib 1", 60, {"CUDA_VISIBLE_DEVICES": ""}),
    Sc("113-cuda-visible-devices-index-past", "gpu0", f"{C} child alloc --gib 1", 60, {"CUDA_VISIBLE_DEVICES": "3"}),
    Sc("114-set-device-past-count", "gpu0", f"{C} child set_device --steps 1", 60),
    Sc("115-extension-built-for-other-arch", "gpu0", f"{C} child cuda_extension_arch", 300,
       {"TORCH_CUDA_ARCH_LIST": "7.0", "TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-115"}),
    Sc("116-extension-arch-list-unknown", "gpu0", f"{C} child cuda_extension_arch", 120,
       {"TORCH_CUDA_ARCH_LIST": "9.9", "TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-116"}),
    Sc("120-extension-built-for-sm80", "gpu0", f"{C} child cuda_extension_arch", 300,
       {"TORCH_CUDA_ARCH_LIST": "8.0", "TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-120"}),
    Sc("121-extension-other-string-abi", "gpu0", f"{C} child extension_abi", 240,
       {"TORCH_EXTENSIONS_DIR": "/tmp/llmdiag-ext-121"}),

    # ---- 12. a container without the GPU, host limits, a busy store port ----
    Sc("130-device-nodes-hidden", "gpu0",
       PRIVATE.format(HIDE_GPU_NODES + "exec $PY $C child alloc --gib 1"), 60),
    Sc("131-libcuda-hidden", "gpu0",
       PRIVATE.format(_lib_path("libcuda.so.1") + "echo libcuda=$L; " + HIDE_LIB + "exec $PY $C child alloc --gib 1"), 60),
    Sc("132-ulimit-v-8g", "gpu0", "bash -c 'ulimit -v 8000000; exec $PY $C child alloc --gib 1'", 60),
    Sc("133-torchrun-master-port-busy", "gpu0",
       f"bash -c '{C} child listen --steps 29641 --sleep 60 & sleep 3; "
       f"{TR} --nproc-per-node=1 --master-port=29641 $C child allreduce --timeout 30; rc=$?; kill $!; exit $rc'", 90),
    Sc("134-init-process-group-port-busy", "gpu0",
       f"bash -c '{C} child listen --steps 29642 --sleep 60 & sleep 3; "
       f"MASTER_ADDR=127.0.0.1 MASTER_PORT=29642 RANK=0 WORLD_SIZE=1 LOCAL_RANK=0 "
       f"{C} child allreduce --timeout 30; rc=$?; kill $!; exit $rc'", 90),
    Sc("136-shm-read-only", "cpu2",
       PRIVATE.format("mount -t tmpfs -o ro,size=64M tmpfs /dev/shm && $PY $C child shm_share --mib 16; exit $?"), 40),
    Sc("138-uvm-node-hidden", "gpu0",
       PRIVATE.format(_hide("/dev/nvidia-uvm") + "exec $PY $C child alloc --gib 1"), 60),
    Sc("139-nvidiactl-hidden", "gpu0",
       PRIVATE.format(_hide("/dev/nvidiactl") + "exec $PY $C child alloc --gib 1"), 60),
    Sc("140-smi-device-nodes-hidden", "gpu0",
       PRIVATE.format(HIDE_GPU_NODES + "nvidia-smi"), 30),
    Sc("141-smi-nvml-hidden", "gpu0",
       PRIVATE.format(_lib_path("libnvidia-ml.so.1") + HIDE_LIB + "nvidia-smi"), 30),
    Sc("142-ulimit-v-2g-import", "gpu0", "bash -c 'ulimit -v 2000000; exec $PY $C child alloc --gib 1'", 60),
    Sc("143-cuda-visible-devices-repeated", "gpu0", f"{C} child set_device --steps 1", 60,
       {"CUDA_VISIBLE_DEVICES": "0,0"}),
    Sc("144-smi-nvidiactl-hidden", "gpu0",
       PRIVATE.format(_hide("/dev/nvidiactl") + "nvidia-smi"), 30),
    Sc("145-pynvml-nvml-hidden", "gpu0",
       PRIVATE.format(_lib_path("libnvidia-ml.so.1") + HIDE_LIB + '$PY -c "import pynvml; pynvml.nvmlInit()"'), 30),
    Sc("146-pynvml-nvidiactl-hidden", "gpu0",
       PRIVATE.format(_hide("/dev/nvidiactl") + '$PY -c "import pynvml; pynvml.nvmlInit()"'), 30),
    Sc("147-smi-messages", "pre",
       "strings -n 12 $(command -v nvidia-smi) | grep -E \"NVIDIA-SMI|NVML|No devices were found|couldn.t\" | sort -u | head -60; "
       + _lib_path("libnvidia-ml.so.1") +
       "strings -n 8 $(readlink -f $L) | grep -E \"^(Driver/library version mismatch|Unknown Error|Driver Not Loaded|Insufficient Permissions|GPU is lost|No permission)\" | sort -u", 30),
    Sc("148-triton-cache-noexec", "gpu0",
       PRIVATE.format("mkdir -p /tmp/llmdiag-noexec && mount -t tmpfs -o noexec,size=256M tmpfs /tmp/llmdiag-noexec && "
                      "TRITON_CACHE_DIR=/tmp/llmdiag-noexec/triton TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-inductor-148 "
                      "$PY $C child compile_small"), 180),
    Sc("149-triton-python-headers-missing", "gpu0",
       PRIVATE.format("I=$($PY $C child include_dir); echo include=$I; mount -t tmpfs -o size=1M tmpfs $I && "
                      "TRITON_CACHE_DIR=/tmp/llmdiag-triton-149 TORCHINDUCTOR_CACHE_DIR=/tmp/llmdiag-inductor-149 "
                      "$PY $C child compile_small"), 180),
    Sc("152-pids-limit-cuda-init", "gpu0",
       "bash -c 'G=/sys/fs/cgroup/llmdiag_pids152; echo +pids > /sys/fs/cgroup/cgroup.subtree_control; mkdir -p $G && "
       "echo 6 > $G/pids.max && echo $$ > $G/cgroup.procs && exec $PY $C child alloc --gib 1'", 60),
    Sc("153-nofile-limit-cuda-init", "gpu0", "bash -c 'ulimit -n 24; exec $PY $C child alloc --gib 1'", 60),
    Sc("80-smi-q-memory-compute", "pre", "nvidia-smi -q -d MEMORY,COMPUTE", 30),
    Sc("81-smi-query-gpu-csv", "pre",
       "nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv; "
       "nvidia-smi --query-gpu=index,name,driver_version,memory.total,memory.used,memory.free "
       "--format=csv,noheader,nounits", 30),
    Sc("82-versions", "pre", f"{C} child versions", 60),

    # ---- 1. rendezvous / store failures (CPU only until the store answers) ----
    Sc("20-rdzv-rank0-alone", "cpu1", f"{C} child rdzv --timeout 20", 60, _rank0_env(29601)),
    Sc("21-rdzv-rank0-alone-nccl-info", "cpu1", f"{C} child rdzv --timeout 20", 60,
       {**_rank0_env(29602), **INFO}),
    Sc("22-rdzv-rank0-alone-tcp-init", "cpu1",
       f"{C} child rdzv --timeout 20 --init-method tcp://127.0.0.1:29603", 60,
       {"RANK": "0", "WORLD_SIZE": "2", "LOCAL_RANK": "0"}),
    Sc("23-rdzv-worker-no-master", "cpu1", f"{C} child rdzv --timeout 20", 60, _rank1_env(29604)),
    Sc("24-rdzv-worker-no-master-nccl-info", "cpu1", f"{C} child rdzv --timeout 20", 60,
       {**_rank1_env(29605), **INFO}),
    Sc("25-rdzv-master-unresolvable", "cpu1", f"{C} child rdzv --timeout 20", 60,
       _rank1_env(29606, "node-b.invalid")),
    Sc("26-rdzv-master-unreachable-ip", "cpu1", f"{C} child rdzv --timeout 20", 60,
       _rank1_env(29607, "10.255.255.1")),
    Sc("27-torchrun-static-node0-alone", "cpu2",
       f"{TR} --nnodes=2 --node-rank=0 --nproc-per-node=1 --master-addr=127.0.0.1 "
       f"--master-port=29611 --rdzv-conf timeout=20 $C child allreduce", 75),
    Sc("28-torchrun-static-node1-no-master", "cpu2",
       f"{TR} --nnodes=2 --node-rank=1 --nproc-per-node=1 --master-addr=127.0.0.1 "
       f"--master-port=29612 --rdzv-conf timeout=20 $C child allreduce", 75),
    Sc("29-torchrun-c10d-join-timeout", "cpu2",
       f"{TR} --nnodes=2 --nproc-per-node=1 --rdzv-backend=c10d --rdzv-endpoint=127.0.0.1:29613 "
       f"--rdzv-id=capture --rdzv-conf join_timeout=20 $C child allreduce", 75),
    Sc("33-gloo-bad-socket-ifname", "cpu1",
       f"{C} launch --nprocs 2 --port 29614 --timeout 45 -- child allreduce --backend gloo", 60,
       {"GLOO_SOCKET_IFNAME": "nosuchif0"}),

    # ---- 2. NCCL socket interface / network selection (two GPUs) ----
    Sc("30-nccl-bad-socket-ifname-info", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29621 $C child allreduce --timeout 30", 75,
       {"NCCL_SOCKET_IFNAME": "nosuchif0", "NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", **INFO}),
    Sc("31-nccl-bad-socket-ifname", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29622 $C child allreduce --timeout 30", 75,
       {"NCCL_SOCKET_IFNAME": "nosuchif0", "NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1"}),
    Sc("32-nccl-net-ib-missing-info", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29623 $C child allreduce --timeout 30", 75,
       {"NCCL_NET": "IB", "NCCL_P2P_DISABLE": "1", "NCCL_SHM_DISABLE": "1", **INFO}),

    Sc("34-nccl-init-peer-missing-eager-info", "cpu1",
       f"{C} launch --nprocs 2 --port 29624 --timeout 100 -- child init_peer_missing --timeout 20 "
       f"--sleep 120", 120, INFO),
    Sc("35-nccl-init-peer-missing-lazy-info", "cpu2",
       f"{C} launch --nprocs 2 --port 29625 --timeout 100 -- child init_peer_missing --lazy "
       f"--timeout 20 --sleep 120", 120, INFO),

    # ---- 3. /dev/shm ----
    Sc("40-nccl-tiny-shm-nocumem-info", "pair",
       TINY_SHM.format(size="1M", inner=f"exec {TR} --nproc-per-node=2 --master-port=29631 "
                                          f"$C child allreduce --timeout 30"), 75,
       {**NCCL_NO_CUMEM, "NCCL_P2P_DISABLE": "1", **INFO}),
    Sc("41-nccl-tiny-shm-nocumem", "pair",
       TINY_SHM.format(size="1M", inner=f"exec {TR} --nproc-per-node=2 --master-port=29632 "
                                          f"$C child allreduce --timeout 30"), 75,
       {**NCCL_NO_CUMEM, "NCCL_P2P_DISABLE": "1"}),
    Sc("42-nccl-tiny-shm-nocumem-p2p-on-info", "pair",
       TINY_SHM.format(size="1M", inner=f"exec {TR} --nproc-per-node=2 --master-port=29633 "
                                          f"$C child allreduce --timeout 30"), 75,
       {**NCCL_NO_CUMEM, **INFO}),
    Sc("43-nccl-64m-shm-nocumem", "pair",
       TINY_SHM.format(size="64M", inner=f"exec {TR} --nproc-per-node=2 --master-port=29634 "
                                           f"$C child allreduce --timeout 30"), 75,
       {**NCCL_NO_CUMEM, "NCCL_P2P_DISABLE": "1"}),
    Sc("44-py-shm-bus-error", "cpu2",
       TINY_SHM.format(size="1M", inner=f"{C} child shm_bus --mib 16; exit $?"), 40),
    Sc("45-py-shm-bus-error-faulthandler", "cpu2",
       TINY_SHM.format(size="1M", inner=f"{C} child shm_bus --mib 16; exit $?"), 40,
       {"PYTHONFAULTHANDLER": "1"}),
    Sc("46-torch-share-memory-full-shm", "cpu2",
       TINY_SHM.format(size="1M", inner=f"{C} child shm_share --mib 16; exit $?"), 40),
    Sc("47-dataloader-full-shm", "cpu2",
       TINY_SHM.format(size="1M", inner=f"{C} child shm_dataloader --mib 16; exit $?"), 60),

    # ---- 4. collective timeout ----
    Sc("50-nccl-collective-timeout", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29641 $C child collective_timeout --timeout 20 "
       f"--sleep 90", 110),
    Sc("51-nccl-collective-timeout-blocking-wait", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29642 $C child collective_timeout --timeout 20 "
       f"--sleep 90", 110, {"TORCH_NCCL_BLOCKING_WAIT": "1"}),

    # ---- 5. CUDA OOM ----
    Sc("60-oom-weights", "gpu0", f"{C} child oom_weights --gib 2 --layers 100", 90),
    Sc("61-oom-weights-expandable", "gpu1", f"{C} child oom_weights --gib 2 --layers 100", 90,
       {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}),
    Sc("62-oom-graph-capture", "gpu0", f"{C} child oom_graph --keep 1 --steps 64", 90),
    Sc("63-oom-graph-capture-expandable", "gpu1", f"{C} child oom_graph --keep 1 --steps 64", 90,
       {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}),
    Sc("64-oom-profile-forward", "gpu0", f"{C} child oom_profile --keep 6 --tokens 65536", 90),
    Sc("65-oom-profile-forward-expandable", "gpu1", f"{C} child oom_profile --keep 6 --tokens 65536",
       90, {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}),
    Sc("68-gpu-held-by-other-process", "pair",
       "rm -f /tmp/cap_ready; "
       f"{C} child hold_gpu --gib 100 --sleep 60 --ready /tmp/cap_ready & holder=$!; "
       "for i in $(seq 120); do [ -e /tmp/cap_ready ] && break; sleep 0.5; done; "
       "{ nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv; "
       "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv; nvidia-smi; } "
       "> $LOGDIR/69-smi-while-gpu-held.log 2>&1; "
       f"{C} child alloc --gib 60; rc=$?; kill $holder; wait $holder; exit $rc", 120,
       {"CUDA_VISIBLE_DEVICES": "0"}),
    Sc("66-oom-one-rank-torchrun", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29651 $C child oom_one_rank --timeout 20 --gib 200",
       90),
    Sc("67-oom-one-rank-survivor", "pair",
       f"{C} launch --nprocs 2 --port 29652 --timeout 150 -- child oom_one_rank --timeout 20 --gib 200",
       170),

    # ---- 6. torchrun failure summaries, host memory ----
    Sc("70-torchrun-child-raises", "cpu1",
       f"{TR} --nproc-per-node=2 --master-port=29661 $C child raise --sleep 30", 60),
    Sc("71-torchrun-child-raises-record", "cpu1",
       f"{TR} --nproc-per-node=2 --master-port=29662 $C child raise_record --sleep 30", 60),
    Sc("72-torchrun-child-sigkill", "cpu1",
       f"{TR} --nproc-per-node=2 --master-port=29663 $C child sigkill --sleep 30", 60),
    Sc("73-host-oom-cgroup-torchrun", "cpu2",
       _cg_run(f"{TR} --nproc-per-node=2 --master-port=29664 $C child host_alloc --gib 8 --sleep 30"),
       90),
    Sc("74-host-oom-cgroup-python", "cpu2",
       f"bash -c 'echo $$ > {CG}/cgroup.procs && {C} child host_alloc --gib 8; exit $?'", 60),
    Sc("75-dmesg-oom", "cpu2", "dmesg | grep -iE 'oom|killed process|memory cgroup' | tail -40", 20),
    Sc("76-host-ulimit-cannot-allocate", "cpu1",
       f"ulimit -v 8000000; {C} child host_alloc --gib 16", 60),
    Sc("77-nccl-duplicate-gpu", "pair",
       f"{TR} --nproc-per-node=2 --master-port=29671 $C child allreduce --timeout 30", 75,
       {"CUDA_VISIBLE_DEVICES": "0"}),
    Sc("78-torchrun-nproc-exceeds-gpus", "pair",
       f"{TR} --nproc-per-node=3 --master-port=29672 $C child allreduce --no-mod --timeout 30", 75),
]

LANE_ORDER = ["pre", "gpu", "pair"]  # gpu0/gpu1 run in parallel, then pair


class Runner:
    def __init__(self, out, deadline):
        self.out = out
        self.t_end = time.time() + deadline
        self.lock = threading.Lock()
        self.procs = set()
        self.summary = open(os.path.join(out, "_summary.tsv"), "a", buffering=1)

    def run(self, sc: Sc):
        path = os.path.join(self.out, sc.name + ".log")
        left = self.t_end - time.time()
        if left < min(sc.timeout, 30):
            self._note(sc, "skipped", 0.0)
            return
        tmo = min(sc.timeout, left)
        env = dict(os.environ, PYTHONUNBUFFERED="1", C=SELF, PY=PY, LOGDIR=self.out, **sc.env)
        if sc.lane == "gpu0":
            env.setdefault("CUDA_VISIBLE_DEVICES", "0")
        elif sc.lane == "gpu1":
            env.setdefault("CUDA_VISIBLE_DEVICES", "1")
        t0 = time.time()
        with open(path, "wb") as f:
            p = subprocess.Popen(["bash", "-c", sc.cmd], stdout=f, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, env=env, cwd=HERE, process_group=0)
            with self.lock:
                self.procs.add(p)
            try:
                rc = p.wait(timeout=tmo)
                tail = f"rc={rc}\n"
            except subprocess.TimeoutExpired:
                self._killpg(p)
                rc = "timeout"
                tail = f"rc=timeout after {tmo:.0f}s (killed by the capture harness)\n"
            with self.lock:
                self.procs.discard(p)
        with open(path, "a") as f:
            f.write(tail)
        self._note(sc, rc, time.time() - t0)

    def _killpg(self, p):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                return
            try:
                p.wait(timeout=5)
                # children of the group may outlive the leader: kill the group regardless
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def kill_all(self):
        with self.lock:
            for p in list(self.procs):
                self._killpg(p)

    def _note(self, sc, rc, secs):
        line = f"{sc.name}\t{sc.lane}\t{rc}\t{secs:.1f}"
        self.summary.write(line + "\n")
        print(line, flush=True)


def cg_setup(out):
    script = f"""
set -x
stat -fc %T /sys/fs/cgroup
cat /sys/fs/cgroup/cgroup.controllers
cat /proc/self/cgroup
echo +memory > /sys/fs/cgroup/cgroup.subtree_control
mkdir -p {CG} && echo 3G > {CG}/memory.max && cat {CG}/memory.max
echo 0 > {CG}/memory.swap.max
true
"""
    with open(os.path.join(out, "_setup.log"), "ab") as f:
        subprocess.run(["bash", "-c", script], stdout=f, stderr=subprocess.STDOUT, timeout=20)


def run_main(argv):
    ap = argparse.ArgumentParser(prog="capture.py run")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default="")
    ap.add_argument("--deadline", type=float, default=520)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    only = {s.strip() for s in a.only.split(",") if s.strip()}
    todo = [s for s in SCENARIOS if not only or s.name in only or
            any(s.name.startswith(o) for o in only)]
    r = Runner(a.out, a.deadline)

    def on_term(signum, frame):
        r.kill_all()
        sys.exit(1)
    signal.signal(signal.SIGTERM, on_term)

    with open(os.path.join(a.out, "_setup.log"), "ab") as f:
        subprocess.run(["bash", "-c", "set -x; hostname; hostname -I; pwd; uname -r; nproc; "
                        "df -h /dev/shm; nvidia-smi -L; env | grep -E '^(NCCL|TORCH|CUDA|NVSHMEM)' "
                        "| sort"], stdout=f, stderr=subprocess.STDOUT, timeout=30, cwd=HERE)
    if any(s.name.startswith(("73", "74")) for s in todo):
        cg_setup(a.out)

    def lane(names):
        for s in [s for s in todo if s.lane in names]:
            r.run(s)

    def gpu_side():
        lane({"pre"})
        t0 = threading.Thread(target=lane, args=({"gpu0"},))
        t1 = threading.Thread(target=lane, args=({"gpu1"},))
        t0.start(); t1.start(); t0.join(); t1.join()
        lane({"pair"})

    threads = [threading.Thread(target=lane, args=({"cpu1"},)),
               threading.Thread(target=lane, args=({"cpu2"},)),
               threading.Thread(target=gpu_side)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    finally:
        r.kill_all()


def list_main(argv):
    for s in SCENARIOS:
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in s.env.items())
        print(f"{s.name:42s} {s.lane:5s} {s.timeout:4d}s  {env} {s.cmd}")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    cmd, rest = sys.argv[1], sys.argv[2:]
    {"child": child_main, "launch": launch_main, "run": run_main, "list": list_main}[cmd](rest)


if __name__ == "__main__":
    main()
