#!/usr/bin/env python3
"""Batch 138: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 135's write_cases_135.py (../../batch-2026-12-07-sglang-real-135/tools/, itself batch 134's and earlier) with
other labels; each evidence is copied whole from the first line of its log that contains the text given here (the
script stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_138.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "radix-eviction-slru-config-typo": ("failure", "kv_cache", "invalid-argument", [],
   "TypeError: SLRUStrategy.__init__() got an unexpected keyword argument 'protected_thresold'",
   "--radix-eviction-policy slru --radix-eviction-policy-config '{\"protected_thresold\": 4}': a misspelt key "
   "(protected_threshold). The JSON parses and nothing checks its keys at start; config, init, weights and the KV "
   "pool go through ('KV Cache is allocated', 'Memory pool end'), then the radix tree cache passes the object to the "
   "eviction strategy as keyword arguments and the scheduler stops with 'TypeError: SLRUStrategy.__init__() got an "
   "unexpected keyword argument 'protected_thresold'' ('Scheduler hit an exception'); SGLang kills its own tree "
   "(rc -9 from that kill, not an OOM). Spell the key as the policy takes it ('slru' takes protected_threshold, "
   "'tlru' threshold and next_prompt_estimate) or drop --radix-eviction-policy-config.",
   "likely"),
 "radix-eviction-tlru-threshold-below-estimate": ("failure", "config", "invalid-argument", [],
   "ValueError: --radix-eviction-policy tlru needs 'threshold' greater than",
   "--radix-eviction-policy tlru --radix-eviction-policy-config '{\"threshold\": 256, \"next_prompt_estimate\": 512}'. "
   "The argument resolution (handle_cache_compatibility) refuses it before any process starts: 'ValueError: "
   "--radix-eviction-policy tlru needs 'threshold' greater than 'next_prompt_estimate' in "
   "--radix-eviction-policy-config, got 256 <= 512; otherwise no tokens are ever TEL-safe and T-LRU is exactly "
   "LRU.' (rc 1 after about 30 s). Give a threshold larger than next_prompt_estimate, or use the default lru policy.",
   "likely"),
 "shard-symlink-loop": ("failure", "weights", "corrupt-checkpoint", [],
   "RuntimeError: model.safetensors.index.json references 1 shard file(s) missing from",
   "One shard of the checkpoint, model-00002-of-00004.safetensors, is a symlink to itself (a loop, ELOOP: 'Too many "
   "levels of symbolic links' when opened), as a botched sync or link farm can leave. SGLang's existence check treats "
   "the unreadable link as absent: after 'Load weight begin.' the scheduler stops with 'RuntimeError: "
   "model.safetensors.index.json references 1 shard file(s) missing from <tmp>/models/tiny-llama-shardloop "
   "(incomplete download?): ['model-00002-of-00004.safetensors']' and SGLang kills its tree (rc -9 from that kill). "
   "The log does not say it is a symlink loop: check the named file with ls -l / readlink -f and replace it with the "
   "real shard (download again or fix the link).",
   "likely"),
 "priority-request-abort-when-disabled": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Came up with --abort-on-priority-when-disabled and without --enable-priority-scheduling; after ready a client "
   "sent POST /generate with \"priority\": 5 and got 503 Service Unavailable (body: 'Using priority is disabled for "
   "this server. Please send a new request without a priority.'; only the access-log line '\"POST /generate "
   "HTTP/1.1\" 503 Service Unavailable' is in the log). The server went on serving (the next completion and two "
   "/health got 200, rc 0 after SIGTERM). Either enable --enable-priority-scheduling (fcfs or lof policy) or have "
   "the client drop the priority field; without --abort-on-priority-when-disabled the field is ignored.",
   "likely"),
 "weight-loader-drop-cache-after-load": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: a control. --weight-loader-drop-cache-after-load (drop the page cache of the checkpoint files once they "
   "are loaded) is accepted on CPU; weights load in 0.13 s, the start comes up, completion and chat got 200, rc 0 "
   "after SIGTERM. Nothing to fix.",
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
