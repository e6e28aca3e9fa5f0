#!/usr/bin/env python3
"""Batch bj: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same shape as batch bh's write_cases.py (../../batch-2026-12-07-sglang-real-117/tools/), other labels; each evidence
is copied whole from the first line of its log that contains the text given here (the script stops if none does);
an evidence of None is written as null (a start with nothing to blame); a label whose log is absent is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "model-path-colon-tag": ("failure", "config", "invalid-argument", [],
   "AssertionError: served_model_name cannot contain a colon",
   "The model folder's name carries an ollama-style tag (`--model-path <tmp>/models/tiny-llama:q4`) and no "
   "--served-model-name was given, so SGLang uses the path as the served model name, and its argument check refuses a "
   "name with ':' (reserved for 'model:adapter' LoRA names): `AssertionError: served_model_name cannot contain a colon "
   "(':') character ... Invalid value: '<tmp>/models/tiny-llama:q4'`. Rename the folder (e.g. tiny-llama-q4) or pass "
   "--served-model-name without a colon (e.g. --served-model-name tiny-llama-q4).",
   "confirmed"),
 "random-seed-above-2-32": ("failure", "weights", "invalid-argument", [],
   "ValueError: Seed must be between 0 and 2**32 - 1",
   "--random-seed 4294967296 (a 64-bit seed, e.g. copied from another tool) passes argument parsing, but the scheduler "
   "seeds numpy with it right after the weights load (`set_random_seed` -> `np.random.seed`), and numpy's legacy "
   "seeding takes only 0..2**32-1: `ValueError: Seed must be between 0 and 2**32 - 1`; the launcher gets SIGQUIT and "
   "kills its process tree (rc -9). Use a seed below 4294967296.",
   "confirmed"),
 "omp-num-threads-huge": ("success", "server", None, [], None,
   "none needed: OMP_NUM_THREADS=100000 in the environment (meant to break the start with an absurd thread count). "
   "On --device cpu SGLang binds its own OpenMP threads (`init_threads_binding: ... local_omp_cpuid=0,1`), and the "
   "start came up, served a completion and a chat completion (200), and stopped cleanly on the driver's SIGTERM (rc 0). "
   "The log shows no trace of the variable except the first line.",
   "likely"),
 "max-queued-requests-1-burst": ("success", "server", None, ["invalid-argument"],
   "\"POST /v1/completions HTTP/1.1\" 503 Service Unavailable",
   "none for the server: it came up and kept serving. With --max-running-requests 1 --max-queued-requests 1, six "
   "client completions sent at once: one ran, one waited in the queue, and the other four got 503 at once (the reply "
   "body, seen only by the client: `The request queue is full.`); the two admitted ones ended 200. The log shows only "
   "the `503 Service Unavailable` access lines. Raise --max-queued-requests (or leave it out) if clients should wait "
   "instead of being refused. The driver's last completion never went out (a `wait` in the driver also waited for the "
   "runner), so the run ended at the 420 s limit with SIGTERM to the group.",
   "likely"),
 "metrics-scrape-api-key": ("success", "server", None, [], None,
   "none needed: --api-key with --enable-metrics, and /metrics scraped without the key (as a Prometheus job with no "
   "bearer token). Meant to get 401, but SGLang does not put /metrics behind --api-key: all four scrapes (three "
   "without the key, one with it) got 200, a completion with the key got 200, stopped cleanly by SIGTERM (rc 0). "
   "(If /metrics must not be public, put it behind a proxy or a firewall.)",
   "likely"),
 "soft-watchdog-timeout-tiny": ("success", "server", None, [], None,
   "none for the server: --soft-watchdog-timeout 0.001 (a debugging aid: when a forward batch or the tokenizer manager "
   "takes longer than this, SGLang dumps stacks and its state, it does not stop). The dumps "
   "(`TokenizerManager watchdog timeout (self.watchdog_timeout=0.001, self.soft=True)`, `Scheduler watchdog "
   "timeout ...`, thread stacks) fill thousands of lines from the start on, but the server comes up and serves. "
   "Leave the flag out or set it to seconds, well above one forward pass.",
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
