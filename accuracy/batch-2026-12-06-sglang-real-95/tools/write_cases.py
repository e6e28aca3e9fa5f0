#!/usr/bin/env python3
"""Batch aq: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ap's write_cases.py (../../batch-2026-12-06-sglang-real-94/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "pythonmalloc-unknown-allocator": ("failure", "config", "invalid-argument", [],
   "Fatal Python error: preconfig_init_allocator: PYTHONMALLOC: unknown allocator",
   "PYTHONMALLOC=jemalloc in the environment (someone meant to switch to jemalloc, which is done with LD_PRELOAD, not "
   "with PYTHONMALLOC). CPython accepts only default, malloc, pymalloc and their _debug forms (and mimalloc in 3.13+); "
   "the interpreter aborts while it pre-initialises, before any SGLang code runs (rc 1, no SGLang line). Unset "
   "PYTHONMALLOC, or load jemalloc with LD_PRELOAD.",
   "likely"),
 "stdout-pipe-reader-stalled": ("hang", "config", "unknown", [],
   "$ python -m sglang.launch_server",
   "The server's stdout and stderr go into a pipe (shrunk to 4 KiB) whose reader, a log collector, stopped reading "
   "after the `server_args=` line (a stuck logging agent or sidecar, a `| tee` onto a hung mount). Once the pipe is "
   "full, every write of the launcher and of its scheduler blocks: the start makes no progress and the HTTP server "
   "never comes up (GET /health refused 2 min in, while an unbroken start is ready in about 80 s); the runner stopped "
   "it after 150 s (rc -15). The log just ends after server_args. Make the log reader drain its input again (or "
   "restart it), or write the server's log to a file.",
   "possible"),
 "config-num-attention-heads-zero": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "ZeroDivisionError: integer modulo by zero",
   "config.json has `\"num_attention_heads\": 0` (a config written by a tool that dropped the value). transformers' "
   "LlamaConfig validation computes `hidden_size % num_attention_heads` while SGLang resolves its server arguments "
   "(`apply_muse_spark_env_defaults` -> `get_config`), so the launcher dies with a bare ZeroDivisionError before any "
   "process starts (rc 1). Put the model's head count back (hidden_size / head_dim).",
   "possible"),
 "tokenizer-added-token-key-typo": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "Exception: missing field `content` at line 1 column 731",
   "tokenizer.json: one entry of `added_tokens` has the key `contents` instead of `content` (a hand edit that added "
   "a special token). The tokenizers library refuses the file while the launcher loads the tokenizer "
   "(`TokenizerFast.from_file`): `missing field `content``, before any process starts (rc 1). Fix the entry (or take "
   "tokenizer.json from the original repo again).",
   "likely"),
 "shard-metadata-nested-object": ("failure", "weights", "corrupt-checkpoint", [],
   "safetensors._safetensors_rust.SafetensorError: Error while deserializing header: invalid JSON in header: invalid type: map, expected a string",
   "model-00001-of-00004.safetensors: the header's `__metadata__` holds a nested object (`\"source\": {\"tool\": ...}`), "
   "as a converter that stored its settings there would write; safetensors allows only string values. The reader "
   "refuses the header when the scheduler opens the first shard (`Multi-thread loading shards: 0%`), the scheduler "
   "dies, rc -9. Rewrite the shard's metadata as strings (or convert the checkpoint again).",
   "likely"),
 "outlines-cache-db-locked": ("failure", "kv_cache", "tmp-space", ["unknown"],
   "sqlite3.OperationalError: database is locked",
   "--grammar-backend outlines with OUTLINES_CACHE_DIR on a folder whose cache.db (diskcache's SQLite file) another "
   "process holds under an exclusive lock (an older server on the same shared cache folder, stuck). Weights load and "
   "the KV cache is allocated; then the scheduler imports SGLang's outlines backend, whose `@disk_cache()` opens the "
   "cache and waits for the lock: two minutes without a line after `Tree cache initialized`, then `database is "
   "locked` and the start ends before the HTTP server (rc -9). Stop the process that holds the cache (`fuser "
   "cache.db`), or give each server its own OUTLINES_CACHE_DIR.",
   "possible"),
 "loopback-down-after-ready": ("success", "server", None, ["bind-address"],
   "The server is fired up and ready to roll!",
   "The start is fine: it ran in its own network namespace, came up and served a completion (HTTP 200). After ready "
   "the namespace's loopback interface was set down (`ip link set lo down`, a network agent or a CNI plugin that "
   "reset the pod's interfaces). SGLang's own processes talk over Unix sockets, so nothing in the log changes; every "
   "HTTP client on 127.0.0.1 is cut off from then on (the next completion and GET /health timed out, HTTP 000). The "
   "log shows only the SIGTERM shutdown. Bring lo back up (`ip link set lo up`).",
   "possible"),
 "index-weight-map-all-shard-one": ("success", "server", "corrupt-checkpoint", [],
   "Multi-thread loading shards: 100% Completed | 1/1",
   "model.safetensors.index.json maps every tensor to model-00001-of-00004.safetensors (an index written for another "
   "split of the weights); all four shards are in the folder. SGLang loads only the shard files named in the index, "
   "so it reads one shard (`1/1`, where a good start shows `4/4`), leaves the other layers' weights uninitialised "
   "without a warning and comes up; the completion returns HTTP 200 with empty text. Regenerate the index from the "
   "shards' headers (or download it again) and compare checksums.",
   "possible"),
}

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = None
        if ev:
            evidence = next(l for l in text if ev in l)
        elif outcome == "success":
            evidence = next(l for l in text if "The server is fired up" in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
