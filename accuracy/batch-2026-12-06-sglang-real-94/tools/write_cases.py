#!/usr/bin/env python3
"""Batch ap: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ao's write_cases.py (../../batch-2026-12-06-sglang-real-93/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "gloo-device-transport-tcp-tls": ("failure", "nccl", "nccl-network", ["invalid-argument"],
   "RuntimeError: makeDeviceForHostname(): unsupported gloo device",
   "GLOO_DEVICE_TRANSPORT=TCP_TLS (with key and certificate variables) left in the environment from a cluster set-up that "
   "encrypts Gloo traffic. This torch build has no TCP_TLS transport, so creating the Gloo process group in the scheduler "
   "(`torch.distributed.init_process_group`, right after `Init parallel begin`) fails: `makeDeviceForHostname(): unsupported "
   "gloo device`; the launcher gets SIGQUIT and ends its children (rc -9). Unset GLOO_DEVICE_TRANSPORT (TCP is the default) "
   "or use a torch built with TCP_TLS.",
   "possible"),
 "outlines-cache-db-garbage": ("failure", "kv_cache", "corrupt-checkpoint", ["tmp-space"],
   "sqlite3.DatabaseError: file is not a database",
   "--grammar-backend outlines with OUTLINES_CACHE_DIR pointing at a folder whose cache.db (diskcache's SQLite file) is "
   "damaged (a leftover of a crashed or full-disk earlier run, or a shared volume). Weights load and the KV cache is "
   "allocated; then the scheduler imports SGLang's outlines backend, whose `@disk_cache()` opens the cache and SQLite "
   "refuses the file: `file is not a database`; the start ends before the HTTP server (rc -9). Delete the cache folder "
   "(it is rebuilt) or point OUTLINES_CACHE_DIR at an empty writable folder.",
   "possible"),
 "config-rms-norm-eps-null": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "huggingface_hub.errors.StrictDataclassFieldValidationError: Validation error for field 'rms_norm_eps':",
   "config.json has `\"rms_norm_eps\": null` (written by a tool that dropped the value). transformers' strict config "
   "validation rejects it while the launcher reads the config (`Field 'rms_norm_eps' expected float, got NoneType`), "
   "before any process starts (rc 1). Put the model's value back (1e-05 or 1e-06 for Llama-family models).",
   "likely"),
 "shard-header-shape-mismatch": ("failure", "weights", "corrupt-checkpoint", [],
   "safetensors._safetensors_rust.SafetensorError: Error while deserializing header: invalid shape, data type, or offset for tensor",
   "model-00002-of-00004.safetensors: the header gives the first tensor the shape [256] while its data range holds [128] "
   "(a converter that rewrote the header wrongly). The safetensors reader checks shape x dtype against the offsets and "
   "refuses the shard after the first one loaded (`Multi-thread loading shards: 25%`); the scheduler dies, rc -9. Convert "
   "or download the shard again and compare checksums.",
   "likely"),
 "fsize-launcher-after-ready": ("success", "server", None, ["host-limits"],
   "The server is fired up and ready to roll!",
   "The start is fine. After ready the launcher's file-size limit was set (prlimit --fsize) to the size its log file "
   "already had, as a log file capped by the host would. Python ignores SIGXFSZ, so the launcher is not killed: its "
   "writes fail silently, and the log loses every line of the launcher from then on (the completions' access lines, "
   "the SIGTERM and shutdown lines) while the scheduler's `Prefill batch` lines (another process) still come. Both "
   "completions got HTTP 200. Nothing in the log names the limit; the log just ends without its shutdown lines. "
   "Raise the limit or rotate the log.",
   "possible"),
 "etc-hosts-localhost-ipv6-only": ("success", "server", None, ["bind-address"],
   "INFO:     Uvicorn running on http://localhost:33312 (Press CTRL+C to quit)",
   "/etc/hosts maps `localhost` only to ::1 (no 127.0.0.1 line), with `--host localhost`. The start comes up: the "
   "server binds ::1 only and its own warm-up reaches it over IPv6 (`::1:... POST /generate 200`). A client that uses "
   "127.0.0.1 (the runner's completion here, an IPv4-only probe) gets connection refused, which the log does not show. "
   "Use `--host 127.0.0.1` / `0.0.0.0`, or add `127.0.0.1 localhost` to /etc/hosts.",
   "possible"),
 "tokenizer-json-gzipped": ("failure", "config", "corrupt-checkpoint", [],
   "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x8b in position 1: invalid start byte",
   "tokenizer.json is gzip-compressed (a download that kept the server's `Content-Encoding: gzip` body as it came; "
   "byte 0x8b is the second byte of the gzip magic). transformers' `json.load` of the tokenizer file fails to decode it "
   "as UTF-8 while the launcher loads the tokenizer, before any process starts (rc 1). Decompress the file "
   "(`gunzip -c`) or download it again.",
   "likely"),
 "tokenizer-json-is-bare-vocab": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "KeyError: 'added_tokens'",
   "tokenizer.json holds only a `{token: id}` vocabulary (a vocab.json saved or renamed as tokenizer.json), not the "
   "tokenizers library's full file. transformers reads it as a tokenizer file and fails on the first field it expects "
   "(`added_tokens`) while the launcher loads the tokenizer, before any process starts (rc 1). Put the real "
   "tokenizer.json back (or vocab.json + merges.txt under their own names).",
   "likely"),
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
