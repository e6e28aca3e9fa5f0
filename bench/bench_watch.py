#!/usr/bin/env python3
"""Benchmark of `llmdiag watch` (not a test): passthrough throughput as a ratio to `cat` on the same
input, and CPU use while a server that is up keeps logging.

    python bench/bench_watch.py [--size-mb 256] [--seconds 10] [--rates 100,1000]

Throughput: `cat FILE | X | consumer` for X = cat and X = llmdiag watch, timed until the consumer
has every byte, with the CPU seconds X spent per GB passed (the analysis runs beside the passthrough and may skip input it cannot follow;
the passthrough never waits for it). CPU: a ready vLLM log, then request and metrics lines at a
fixed rate; CPU seconds of watch (both of its processes) per wall second, measured from /proc.

Analysis: `python bench/bench_watch.py --analysis LOG` feeds LOG to the analysis of watch as its
process does (diagnose.live.analysis.LiveAnalysis, 64 KiB at a time, with its ticks) and prints
the MB/s of the CPU time it took (bench/run.py runs it on its serving and 8-rank logs).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WATCH = [sys.executable, "-m", "diagnose", "watch", "--plain", "--fail-on", "never"]
READY_LOG = ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log"
ACCESS = b'(APIServer pid=1) INFO:     10.0.0.%d:%d - "POST /v1/chat/completions HTTP/1.1" 200 OK\n'
METRICS = (b"(APIServer pid=1) INFO 11-27 11:10:%02d [loggers.py:123] Engine 000: Avg prompt throughput: 1234.5 "
           b"tokens/s, Avg generation throughput: 456.7 tokens/s, Running: 12 reqs, Waiting: 0 reqs, "
           b"GPU KV cache usage: 7.5%%, Prefix cache hit rate: 41.2%%\n")


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["NO_COLOR"] = "1"
    return env


def make_inputs(tmp: Path, size: int) -> dict[str, Path]:
    rnd = random.Random(0)
    logs = b"".join(p.read_bytes() for p in sorted((ROOT / "sample_logs").rglob("*.log")))
    traffic = b"".join((ACCESS % (i % 250, 30000 + i)) if i % 20 else (METRICS % (i % 60)) for i in range(20000))
    text_block = logs + traffic
    bin_block = bytes(rnd.getrandbits(8) for _ in range(1 << 20))
    out = {}
    for name, block in (("log text", text_block), ("random binary", bin_block)):
        path = tmp / name.replace(" ", "_")
        with open(path, "wb") as fh:
            written = 0
            while written < size:
                piece = block[: size - written]
                fh.write(piece)
                written += len(piece)
        out[name] = path
    return out


def time_passthrough(cmd: list[str], path: Path, size: int) -> tuple[float, float, float | None]:
    """(seconds to the first byte, MB/s from the first to the last byte, CPU seconds of `cmd` and the
    processes it waited for) of `cat path | cmd`."""
    src = subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=src.stdout, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())
    src.stdout.close()
    fd = proc.stdout.fileno()
    got = 0
    first = None
    while got < size:
        data = os.read(fd, 1 << 20)
        if not data:
            break
        if first is None:
            first = (time.perf_counter(), len(data))
        got += len(data)
    t_end = time.perf_counter()
    proc.stdout.close()
    src.wait()
    cpu = None
    if hasattr(os, "wait4"):
        _, _, ru = os.wait4(proc.pid, 0)  # the analysis process is waited for by watch: counted too
        cpu = ru.ru_utime + ru.ru_stime
    proc.wait()
    if got != size or first is None:
        raise SystemExit(f"{cmd[0]}: got {got} of {size} bytes")
    return first[0] - t0, (size - first[1]) / 1e6 / max(1e-9, t_end - first[0]), cpu


def _cpu_of_tree(pid: int) -> float:
    """utime + stime (seconds) of pid and its direct children, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                pids.append(int(entry))
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def cpu_while_up(cmd: list[str], rate: int, seconds: float) -> float:
    """CPU seconds per second while a ready server logs `rate` lines/s."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=_env())
    proc.stdin.write(READY_LOG.read_bytes())
    proc.stdin.flush()
    time.sleep(3.0)  # startup analysis done, server is up
    c0, t0 = _cpu_of_tree(proc.pid), time.perf_counter()
    i = 0
    batch = max(1, rate // 20)
    next_t = t0
    while time.perf_counter() - t0 < seconds:
        lines = b"".join((ACCESS % (j % 250, 30000 + j % 30000)) if j % 50 else (METRICS % (j % 60))
                         for j in range(i, i + batch))
        proc.stdin.write(lines)
        proc.stdin.flush()
        i += batch
        next_t += batch / rate
        time.sleep(max(0.0, next_t - time.perf_counter()))
    c1, t1 = _cpu_of_tree(proc.pid), time.perf_counter()
    proc.stdin.close()
    proc.wait()
    return (c1 - c0) / (t1 - t0)


def analysis_rate(path: Path) -> dict:
    """CPU seconds of the analysis of watch over `path` (as its process reads it), and MB/s."""
    sys.path.insert(0, str(ROOT))
    from diagnose.live.analysis import LiveAnalysis
    from diagnose.live.views import View
    from diagnose.pipeline import load_rules

    rules, _ = load_rules()
    la = LiveAnalysis(rules, [], View())
    t0 = time.process_time()
    with open(path, "rb") as fh:
        while True:
            block = fh.read(1 << 16)
            if not block:
                break
            la.feed_data(block)
            la.tick()
    la.finish()
    cpu = time.process_time() - t0
    mb = path.stat().st_size / 2**20
    return {"mb": mb, "cpu_s": cpu, "mb_s": mb / cpu if cpu else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--analysis", type=Path, default=None, help="only: the analysis MB/s on this log (JSON)")
    ap.add_argument("--size-mb", type=int, default=256)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--rates", default="100,1000")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if args.analysis is not None:
        import json

        print(json.dumps(analysis_rate(args.analysis)))
        return
    size = args.size_mb << 20
    cat = [shutil.which("cat") or "cat"]
    print(f"llmdiag watch benchmark  (python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
    with tempfile.TemporaryDirectory() as tmp:
        inputs = make_inputs(Path(tmp), size)
        print(f"\npassthrough throughput, {args.size_mb} MB through a pipe (best of {args.repeat})")
        print("(MB/s from the first byte to the last; start-up time to the first byte shown apart)")
        print("(CPU s/GB: CPU seconds of cat, or of both watch processes, per GB passed; the fewest of the runs)")
        print(f"{'input':<16}{'cat MB/s':>10}{'watch MB/s':>12}{'watch/cat':>11}{'watch start ms':>16}"
              f"{'cat CPU s/GB':>14}{'watch CPU s/GB':>16}")
        gb = size / 1e9
        for name, path in inputs.items():
            cat_runs = [time_passthrough(cat, path, size) for _ in range(args.repeat)]
            watch_runs = [time_passthrough(WATCH, path, size) for _ in range(args.repeat)]
            c = max(r[1] for r in cat_runs)
            w = max(r[1] for r in watch_runs)
            start = min(r[0] for r in watch_runs) * 1000
            cpu = [min((r[2] for r in runs if r[2] is not None), default=None) for runs in (cat_runs, watch_runs)]
            cpu_s = "".join(f"{'-' if x is None else f'{x / gb:.2f}':>{wd}}" for x, wd in zip(cpu, (14, 16)))
            print(f"{name:<16}{c:>10.0f}{w:>12.0f}{w / c:>11.2f}{start:>16.0f}{cpu_s}")
    print(f"\nCPU while the server is up ({args.seconds:g} s of request and metrics lines after a ready log)")
    print(f"{'lines/s':>8}{'cat CPU %':>12}{'watch CPU %':>13}")
    for rate in (int(r) for r in args.rates.split(",")):
        c_cat = cpu_while_up(cat, rate, args.seconds)
        c_watch = cpu_while_up(WATCH, rate, args.seconds)
        print(f"{rate:>8}{100 * c_cat:>12.2f}{100 * c_watch:>13.2f}")


if __name__ == "__main__":
    main()
