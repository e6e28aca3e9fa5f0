"""Write a large, realistic log. `serving` (the default): a real start from sample_logs/, NCCL INFO
noise from several ranks, tqdm redraws, request-log lines after start-up, long tracebacks, and a real
failure near the end. `ranks`: a start of 8 ranks that hangs in start-up with NCCL_DEBUG=INFO and
VLLM_LOGGING_LEVEL=DEBUG (the log people send when a big start hangs): the real start's first lines,
then DEBUG lines of the 8 workers and NCCL INFO lines of the 8 ranks, interleaved, to the end.
`access`: a server that has been up a while: the real start, then uvicorn's access log (one line
per request, on by default in vLLM) of many clients, and the engine's metrics line every 10 s.
`sglang`: an SGLang server that has been up a while: its real start, then the scheduler's
`Prefill batch` / `Decode batch` lines and uvicorn's access lines, as SGLang 0.5 prints them.
Usage: python bench/gen_log.py OUT SIZE_MB [--kind serving|ranks|access|sglang] [--seed N]"""

from __future__ import annotations

import argparse
import random
import re
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log"
TAIL = ROOT / "sample_logs" / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"

NCCL = [
    "node-{r}:{pid}:{pid} [{d}] NCCL INFO Channel {c:02d}/0 : {d}[{d}] -> {p}[{p}] via P2P/CUMEM",
    "node-{r}:{pid}:{pid} [{d}] NCCL INFO Connected all rings, use ring PXN 0 GDR 1",
    "node-{r}:{pid}:{pid} [{d}] NCCL INFO comm 0x{h:x} rank {d} nRanks 8 nNodes 1 localRanks 8 localRank {d} MNNVL 0",
    "node-{r}:{pid}:{pid} [{d}] NCCL INFO Trees [0] {p}/-1/-1->{d}->-1 [1] {p}/-1/-1->{d}->-1",
]
REQ = [
    '(APIServer pid=1) INFO:     10.0.0.{a}:{port} - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    "(APIServer pid=1) INFO {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [loggers.py:123] Engine 000: Avg prompt throughput: {x:.1f} tokens/s, Avg generation throughput: {y:.1f} tokens/s, Running: {r} reqs, Waiting: 0 reqs, GPU KV cache usage: {k:.1f}%, Prefix cache hit rate: {p:.1f}%",
    "(APIServer pid=1) INFO {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [chat_utils.py:560] Detected the chat template content format to be 'openai'. You can set `--chat-template-content-format` to override this.",
]
# A request rejected for its length, as vLLM's API server logs it (the shape of public reports, e.g.
# vllm-project/vllm#20409): the error line, the traceback with Python 3.12's carets, the exception.
_SITE = "/usr/local/lib/python3.12/dist-packages"
TB = [f"(APIServer pid=1) ERROR {{mo:02d}}-{{d:02d}} {{h:02d}}:{{m:02d}}:{{s:02d}} [serving_chat.py:222] {t}" for t in (
    "Error in preprocessing prompt inputs",
    "Traceback (most recent call last):",
    f'  File "{_SITE}/vllm/entrypoints/openai/serving_chat.py", line 205, in create_chat_completion',
    "    ) = await self._preprocess_chat(",
    "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    f'  File "{_SITE}/vllm/entrypoints/openai/serving_engine.py", line 1096, in _preprocess_chat',
    "    prompt_inputs = await self._tokenize_prompt_input_async(",
    "                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    '  File "/usr/lib/python3.12/concurrent/futures/thread.py", line 58, in run',
    "    result = self.fn(*self.args, **self.kwargs)",
    "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    f'  File "{_SITE}/vllm/entrypoints/openai/serving_engine.py", line 912, in _normalize_prompt_text_to_input',
    "    return self._validate_input(request, input_ids, input_text)",
    "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    f'  File "{_SITE}/vllm/entrypoints/openai/serving_engine.py", line 989, in _validate_input',
    "    raise ValueError(",
    "ValueError: This model's maximum context length is 32768 tokens. However, you requested {n} tokens "
    "({q} in the messages, 2048 in the completion). Please reduce the length of the messages or completion.",
)]


# The 8-rank start: NCCL 2.28 INFO lines (their shapes in sample_logs/real/h200-torch-nccl) and vLLM
# 0.11.2 DEBUG templates (gpu_model_runner.py, parallel_state.py, base_loader.py, compressed_tensors.py).
RANK_NCCL = [
    "node-0:{pid}:{tid} [{r}] NCCL INFO Channel {c:02d}/0 : {r}[{r}] -> {p}[{p}] via P2P/IPC",
    "node-0:{pid}:{tid} [{r}] NCCL INFO Connected all rings, use ring PXN 0 GDR 1",
    "node-0:{pid}:{tid} [{r}] NCCL INFO comm 0x{h:x} rank {r} nRanks 8 nNodes 1 localRanks 8 localRank {r} MNNVL 0",
    "node-0:{pid}:{tid} [{r}] NCCL INFO P2P Chunksize set to 524288",
    "node-0:{pid}:{tid} [{r}] NCCL INFO [Proxy Service] Device {r} CPU core {k}",
    "node-0:{pid}:{tid} [{r}] NCCL INFO ncclTopoGetCpuAffinity: Affinity for GPU {r} is empty, ignoring. "
    "(GPU affinity = ; CPU affinity = 0-95).",
    "node-0:{pid}:{tid} [{r}] NCCL INFO Check P2P Type isAllDirectP2p 1 directMode 0 isAllCudaP2p 1",
    "node-0:{pid}:{tid} [{r}] NCCL INFO Bootstrap timings total 0.00{k} (create 0.000, send 0.000, recv 0.000, "
    "ring 0.000, delay 0.000)",
]
RANK_DEBUG = [
    "(Worker_TP{r} pid={pid}) DEBUG {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [gpu_model_runner.py:4941] "
    "model.layers.{i}.self_attn.attn reuses KV cache of model.layers.{j}.self_attn.attn",
    "(Worker_TP{r} pid={pid}) DEBUG {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [compressed_tensors.py:723] "
    "Using scheme: CompressedTensorsW8A8Fp8 for model.layers.{i}.mlp.gate_up_proj",
    "(Worker_TP{r} pid={pid}) DEBUG {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [base_loader.py:53] "
    "Loading weights on cuda:{r} ...",
    "(Worker_TP{r} pid={pid}) DEBUG {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [parallel_state.py:1169] "
    "world_size=8 rank={r} local_rank={r} distributed_init_method=tcp://127.0.0.1:{port} backend=nccl",
    "(APIServer pid=7) DEBUG {mo:02d}-{d:02d} {h:02d}:{m:02d}:{s:02d} [utils.py:955] "
    "Waiting for 1 local, 0 remote core engine proc(s) to start.",
]
RANKS_HEAD_LINES = 12  # the real start up to its ranks' assignment lines


def _write(out: Path, head: str, target: int, chunk) -> int:
    """Write `head`, then the lines of each `chunk()` (a list a call) until the file holds `target`
    bytes; return how many it holds."""
    written = 0
    with open(out, "wb", buffering=1 << 20) as fh:
        data = head.encode("utf-8")
        while True:
            fh.write(data)
            written += len(data)
            if written >= target:
                return written
            data = ("\n".join(chunk()) + "\n").encode()


def _last_clock(head: str) -> datetime:
    return max(datetime(_YEAR, *map(int, m.groups())) for m in _STAMP.finditer(head))


def generate_ranks(out: Path, size_mb: float, seed: int = 1) -> int:
    rng = random.Random(seed)
    head = "".join(HEAD.read_text(encoding="utf-8").splitlines(keepends=True)[:RANKS_HEAD_LINES])
    clock = _last_clock(head)

    def chunk() -> list[str]:
        nonlocal clock
        lines = []
        for _ in range(4096):
            clock += timedelta(seconds=rng.expovariate(1 / 0.002))
            r = rng.randrange(8)
            if rng.random() < 0.5:
                line = rng.choice(RANK_NCCL).format(pid=281 + r, tid=281 + r + rng.randrange(3) * 100, r=r,
                                                    c=rng.randrange(32), p=(r + 1) % 8, h=0x55d0c0000000 + r,
                                                    k=rng.randrange(96))
            else:
                line = rng.choice(RANK_DEBUG).format(r=r, pid=281 + r, mo=clock.month, d=clock.day, h=clock.hour,
                                                     m=clock.minute, s=clock.second, i=rng.randrange(64),
                                                     j=rng.randrange(64), port=rng.randrange(30000, 60000))
            lines.append(line)
        return lines

    return _write(out, head, int(size_mb * 1024 * 1024), chunk)


# uvicorn's access line (its `%s - "%s %s HTTP/%s" %d` with the status phrase) and vLLM 0.11's metrics line
ACCESS = '(APIServer pid=7) INFO:     {ip}:{port} - "{req} HTTP/1.1" {status}'
ACCESS_REQ = [("POST /v1/chat/completions", ["200 OK"] * 30 + ["400 Bad Request"])] * 6 + [
    ("POST /v1/completions", ["200 OK"] * 30 + ["400 Bad Request"]), ("GET /v1/models", ["200 OK"]),
    ("GET /health", ["200 OK"]), ("GET /metrics", ["200 OK"]), ("GET /favicon.ico", ["404 Not Found"])]
METRICS = REQ[1].replace("pid=1", "pid=7")


def generate_access(out: Path, size_mb: float, seed: int = 1) -> int:
    rng = random.Random(seed)
    head = HEAD.read_text(encoding="utf-8")
    clock = _last_clock(head)
    clients = [f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}" for _ in range(500)]

    def chunk() -> list[str]:
        nonlocal clock
        lines = []
        for _ in range(10):  # ten seconds of requests, then the metrics line
            clock += timedelta(seconds=1)
            for _ in range(rng.randrange(5, 60)):
                req, statuses = rng.choice(ACCESS_REQ)
                lines.append(ACCESS.format(ip=rng.choice(clients), port=rng.randrange(30000, 61000), req=req,
                                           status=rng.choice(statuses)))
        lines.append(METRICS.format(mo=clock.month, d=clock.day, h=clock.hour, m=clock.minute, s=clock.second,
                                    x=rng.random() * 900, y=rng.random() * 3000, r=rng.randrange(64),
                                    k=rng.random() * 90, p=rng.random() * 60))
        return lines

    return _write(out, head, int(size_mb * 1024 * 1024), chunk)


# SGLang 0.5.23's scheduler lines (scheduler_components/metrics_reporter.py, a decode line every 40
# steps by default) and its access line, each behind its `[%Y-%m-%d %H:%M:%S] ` stamp
SGL_HEAD = ROOT / "sample_logs" / "sglang" / "sglang-0.5.13-tp1-qwen3-8b-ready.log"
SGL_PREFILL = ("[{t}] Prefill batch, #new-seq: {n}, #new-token: {tok}, #cached-token: {hit}, token usage: {u:.2f}, "
               "#running-req: {r}, #queue-req: {q}, #pending-token: 0, cuda graph: False, "
               "input throughput (token/s): {x:.2f}")
SGL_DECODE = ("[{t}] Decode batch, #running-req: {r}, #token: {used}, token usage: {u:.2f}, cuda graph: True, "
              "gen throughput (token/s): {x:.2f}, #queue-req: {q}")
SGL_ACCESS = '[{t}] INFO:     127.0.0.1:{port} - "POST /v1/chat/completions HTTP/1.1" 200 OK'
_SGL_STAMP = re.compile(r"^\[(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)", re.M)


def generate_sglang(out: Path, size_mb: float, seed: int = 1) -> int:
    rng = random.Random(seed)
    head = SGL_HEAD.read_text(encoding="utf-8")
    clock = max(datetime(*map(int, m.groups())) for m in _SGL_STAMP.finditer(head))

    def chunk() -> list[str]:
        nonlocal clock
        lines = []
        for _ in range(10):  # a second at a time: new requests prefilled, the running batch decoded
            clock += timedelta(seconds=1)
            t = f"{clock:%Y-%m-%d %H:%M:%S}"
            running = rng.randrange(1, 128)
            for _ in range(rng.randrange(1, 6)):
                lines.append(SGL_PREFILL.format(t=t, n=rng.randrange(1, 8), tok=rng.randrange(6, 8192),
                                                hit=rng.randrange(0, 4096), u=rng.random() * 0.9, r=running,
                                                q=rng.randrange(4), x=rng.random() * 20000))
            for _ in range(rng.randrange(2, 12)):
                lines.append(SGL_DECODE.format(t=t, r=running, used=rng.randrange(1000, 700000),
                                               u=rng.random() * 0.9, x=rng.random() * 4000, q=rng.randrange(4)))
            for _ in range(rng.randrange(1, 8)):
                lines.append(SGL_ACCESS.format(t=t, port=rng.randrange(30000, 61000)))
        return lines

    return _write(out, head, int(size_mb * 1024 * 1024), chunk)


def bar(i: int, n: int) -> str:
    states = [f"Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): {int(100 * k / n):3d}%|{'#' * (k * 10 // n):<10}| {k}/{n} [00:0{k % 10}<00:00, 12.1it/s]" for k in range(n + 1)]
    return "\r".join(states)


_STAMP = re.compile(r"\b(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\b")
_YEAR = 2025  # the logs print no year


def _moved(text: str, delta: timedelta) -> str:
    """Every MM-DD hh:mm:ss stamp of `text` moved by `delta`."""
    def shift(m: re.Match) -> str:
        t = datetime(_YEAR, *map(int, m.groups())) + delta
        return f"{t:%m-%d %H:%M:%S}"
    return _STAMP.sub(shift, text)


def generate(out: Path, size_mb: float, seed: int = 1) -> int:
    rng = random.Random(seed)
    target = int(size_mb * 1024 * 1024)
    head = HEAD.read_bytes()
    tail = TAIL.read_text(encoding="utf-8")
    # the server's clock goes on from the head's last stamp, ~30 ms per record, as a busy server's does
    clock = _last_clock(head.decode("utf-8"))
    written = 0
    with open(out, "wb", buffering=1 << 20) as fh:
        fh.write(head)
        written += len(head)
        budget = target - len(tail.encode("utf-8"))
        chunk: list[str] = []
        pending = 0  # bytes in chunk (a bar record is ~8 KB: count them, do not overshoot the size)
        while written + pending < budget:
            roll = rng.random()
            clock += timedelta(seconds=rng.expovariate(1 / 0.03))
            when = {"mo": clock.month, "d": clock.day, "h": clock.hour, "m": clock.minute, "s": clock.second}
            if roll < 0.45:
                line = rng.choice(NCCL).format(r=rng.randrange(2), pid=1000 + rng.randrange(8), d=rng.randrange(8),
                                               c=rng.randrange(32), p=rng.randrange(8), h=rng.getrandbits(40))
            elif roll < 0.9:
                line = rng.choice(REQ).format(a=rng.randrange(250), port=rng.randrange(30000, 60000), **when,
                                              x=rng.random() * 900, y=rng.random() * 3000, r=rng.randrange(64),
                                              k=rng.random() * 90, p=rng.random() * 60)
            elif roll < 0.97:
                q = rng.randrange(31000, 90000)
                line = "\n".join(TB).format(**when, n=q + 2048, q=q)
            else:
                line = bar(rng.randrange(8), 67)
            chunk.append(line)
            pending += len(line.encode()) + 1
            if pending >= 1 << 20:
                data = ("\n".join(chunk) + "\n").encode()
                fh.write(data)
                written += len(data)
                chunk, pending = [], 0
        if chunk:
            data = ("\n".join(chunk) + "\n").encode()
            fh.write(data)
            written += len(data)
        # the crashed restart at the end, a few seconds after the last request
        first = min(datetime(_YEAR, *map(int, m.groups())) for m in _STAMP.finditer(tail))
        data = _moved(tail, clock + timedelta(seconds=5) - first).encode("utf-8")
        fh.write(data)
        written += len(data)
    return written


GENERATORS = {"serving": generate, "ranks": generate_ranks, "access": generate_access, "sglang": generate_sglang}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out")
    ap.add_argument("size_mb", type=float)
    ap.add_argument("--kind", choices=tuple(GENERATORS), default="serving")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    n = GENERATORS[a.kind](Path(a.out), a.size_mb, a.seed)
    print(f"wrote {n / 1e6:.1f} MB to {a.out}")


if __name__ == "__main__":
    main()
