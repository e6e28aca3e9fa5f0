#!/usr/bin/env python3
"""Batch 135: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 134's write_cases_134.py (../../batch-2026-12-07-sglang-real-134/tools/, itself batch 133's and earlier) with
other labels; each evidence is copied whole from the first line of its log that contains the text given here (the
script stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_135.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "ld-preload-tcmalloc-glibcxx-too-new": ("failure", "config", "dependency-import", [],
   "version `GLIBCXX_3.4.32' not found",
   "LD_PRELOAD names a tcmalloc (libtcmalloc_minimal.so.4, as SGLang's CPU docs advise preloading) that was built "
   "against a newer libstdc++ than this host has (it needs GLIBCXX_3.4.32; the system libstdc++.so.6 stops at "
   "GLIBCXX_3.4.30), e.g. one copied from a conda env or another image. Unlike a missing preload file (ld.so says "
   "'cannot be preloaded ... ignored' and goes on), an unresolved symbol version of a preloaded library is fatal: "
   "the dynamic loader refuses to start python ('python: /lib/x86_64-linux-gnu/libstdc++.so.6: version "
   "`GLIBCXX_3.4.32' not found (required by <tmp>/lib/libtcmalloc_minimal.so.4)'), rc 1, before any Python or SGLang "
   "line. Use a tcmalloc built for this OS (apt install libgoogle-perftools4 / the distro's libtcmalloc-minimal4), "
   "or put the matching newer libstdc++ (the same env's lib folder) on LD_LIBRARY_PATH, or unset LD_PRELOAD.",
   "likely"),
 "weight-loader-prefetch-threads-zero": ("failure", "weights", "invalid-argument", [],
   "ValueError: weight loader prefetch num_threads must be >= 1",
   "--weight-loader-prefetch-checkpoints --weight-loader-prefetch-num-threads 0. The thread count is not checked "
   "when the arguments are parsed; the start goes through config, init and 'Load weight begin', then the safetensors "
   "iterator starts the prefetch and raises ValueError 'weight loader prefetch num_threads must be >= 1' in the "
   "scheduler ('Scheduler hit an exception'), SGLang kills its own process tree (rc -9 from that kill, not an OOM). "
   "Give a thread count of 1 or more (default 4), or drop --weight-loader-prefetch-checkpoints (it only helps on "
   "network storage).",
   "likely"),
 "iomp5-preload-kmp-affinity-absent-procs": ("success", "server", None, ["invalid-argument"],
   "OMP: Warning #124: Ignoring invalid OS proc ID 4.",
   "LD_PRELOAD=libiomp5.so (Intel OpenMP, as SGLang's CPU docs advise) with KMP_AFFINITY="
   "'granularity=fine,proclist=[4,5,6,7],explicit', copied from a bigger host: this machine has OS procs 0-1. "
   "Intel OpenMP prints 'OMP: Warning #124: Ignoring invalid OS proc ID 4.' ... 7 and 'OMP: Warning #125: No valid "
   "OS proc IDs specified - not using affinity.' in the launcher and again in the two child processes, and runs "
   "without pinning; SGLang itself binds its OMP threads to cores 0,1 (init_threads_binding) and the start comes up "
   "and serves (completion and chat 200, rc 0 after SIGTERM). Nothing fails; the affinity setting is ignored. Use "
   "proc ids that exist here (see lscpu / nproc) or leave KMP_AFFINITY out and let SGLang bind.",
   "likely"),
 "gc-warning-threshold-tiny": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: a control. --gc-warning-threshold-secs 0.00001 (a valid float; 0 disables) makes the HTTP server process "
   "log 'LONG GARBAGE COLLECTION DETECTED | Generation N | Duration: 0.0001s ... This may cause latency jitter. "
   "Consider calling the freeze_gc API ...' for nearly every collection: 20 such warnings, before and after ready, "
   "with durations of 0.1-17 ms. They only reflect the tiny threshold. The start came up, completion and chat got "
   "200, rc 0 after SIGTERM. Use a threshold that means something (e.g. 0.5 s) or leave it at 0.",
   "likely"),
 "generate-n2-regex": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: a control. After ready, one POST /generate with sampling_params n 2, regex '(yes|no)', temperature 0.8: "
   "HTTP 200, two samples 'yes' and 'no', both finish_reason stop (the log shows one prefill of the prompt and one "
   "of 2 new sequences sharing the prefix, then the 200). Parallel sampling with a regex constraint works on "
   "0.5.23 with the default grammar backend; the next completion and two /health got 200, rc 0 after SIGTERM.",
   "likely"),
 "kv-canary-raise": ("failure", "kv_cache", "engine-internal", ["invalid-argument"],
   "TypeError: Stream.__init__() got an unexpected keyword argument 'device'",
   "--kv-canary raise (the KV-cache canary, a debugging mode for KV corruption) on --device cpu. Weights load and the "
   "KV pool is allocated; then install_canary -> CanaryManager creates a device-to-host stream with "
   "torch.get_device_module('cpu').Stream(device=...), and torch's CPU Stream takes no 'device' argument: "
   "'TypeError: Stream.__init__() got an unexpected keyword argument 'device'' in the scheduler, SGLang kills its "
   "process tree (rc -9). The canary assumes a CUDA-like device; no message says so. Drop --kv-canary (or use "
   "'none') on CPU; use it only on a GPU start.",
   "possible"),
 "admin-api-key-flush-cache-no-key": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none for the server: --admin-api-key set (the dummy value not-a-secret-135, no real key), then after ready an "
   "ops-style POST /flush_cache without an Authorization header: HTTP 401 ('{\"error\":\"Unauthorized\"}', in the "
   "log only as the access line '\"POST /flush_cache HTTP/1.1\" 401 Unauthorized'). Ordinary requests need no key "
   "with only --admin-api-key: the next completion and two /health got 200; rc 0 after SIGTERM. Client: send "
   "'Authorization: Bearer <admin key>' to admin endpoints.",
   "likely"),
}

rows = []
for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
    p = os.path.join(D, name + ".log")
    if not os.path.exists(p):
        continue
    lines = open(p, errors="replace").read().splitlines()
    hit = None
    if ev is not None:
        hit = next((l for l in lines if ev in l), None)
        if hit is None:
            sys.exit(f"{name}: evidence not in log: {ev!r}")
    rows.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                     category=cat, secondary=sec, evidence=hit, remediation=rem, confidence=conf,
                     source=SRC.format(name)))
with open(os.path.join(D, "cases.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "cases")
