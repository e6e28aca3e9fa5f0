#!/usr/bin/env python3
"""Batch ao: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch an's write_cases.py (../sglang-real-an/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "config-kv-heads-2-checkpoint-1": ("failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
   "RuntimeError: start (0) + length (128) exceeds dimension size (64).",
   "config.json says num_key_value_heads 2, the checkpoint was saved with 1 KV head (k_proj/v_proj [64, 128]; a config "
   "from another size of the family, or edited). The model is built with [128, 128] k/v projections; when the loader "
   "narrows the checkpoint tensor for them: `start (0) + length (128) exceeds dimension size (64)`; the scheduler dies, "
   "rc -9. Use the config that came with the weights (num_key_value_heads 1).",
   "likely"),
 "prompt-tokens-buckets-tse-three-values": ("failure", "config", "invalid-argument", [],
   "AssertionError: --prompt-tokens-buckets TSE rule requires exactly 4 parameters",
   "`--enable-metrics --prompt-tokens-buckets tse 1000 2`: the TSE bucket rule takes three numbers (middle, base, count); "
   "the count was left out. The argument check fails in the launcher before any process starts (rc 1). Give "
   "`--prompt-tokens-buckets tse 1000 2 8`, or `default`.",
   "likely"),
 "proc-hidden-by-tmpfs": ("failure", "config", "host-limits", ["unknown"],
   "RuntimeError: Unexpected error running 'lscpu': Command '['lscpu', '-p=CPU,Core,Socket,Node']' returned non-zero exit status 1.",
   "/proc is hidden (an empty tmpfs mounted on it in the start's mount namespace, as a locked-down sandbox or a wrong "
   "container mount does). torch's cpuinfo already complains (`failed to parse processor information from /proc/cpuinfo`); "
   "SGLang's CPU topology probe runs `lscpu`, which cannot open /proc/cpuinfo, and the launcher fails while it resolves its arguments, before `server_args=` (rc 1). Run with a "
   "real /proc mounted.",
   "possible"),
 "tokenizer-json-utf8-bom": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "json.decoder.JSONDecodeError: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)",
   "tokenizer.json was saved with a UTF-8 byte-order mark (an editor on Windows). transformers' `json.load` of the "
   "tokenizer file refuses it (`Unexpected UTF-8 BOM`) while the launcher loads the tokenizer; rc 1. Save the file "
   "again without the BOM (or download it again).",
   "likely"),
 "metrics-multiproc-dir-garbage-db": ("success", "server", None, ["corrupt-checkpoint"],
   "struct.error: unpack_from requires a buffer of at least",
   "`--enable-metrics` with PROMETHEUS_MULTIPROC_DIR set to a folder that still holds a damaged `counter_4242.db` "
   "(5000 random bytes: a file left by an earlier server, cut off). The server comes up and serves a completion (HTTP "
   "200); every `GET /metrics` is `500 Internal Server Error`, prometheus_client's multiprocess collector failing on the "
   "file (`struct.error: unpack_from requires a buffer of at least ... bytes`). Empty the folder before each start.",
   "possible"),
 "config-qwen3-on-llama-weights": ("success", "server", None, [], None,
   "config.json says model_type qwen3 / Qwen3ForCausalLM on the Llama checkpoint (no q_norm/k_norm tensors). With "
   "`--model-impl transformers` the model is built as Qwen3, the missing norms keep their initial values without a "
   "message, the server comes up, answers a completion with other text than the Llama start and stops cleanly on "
   "SIGTERM. Nothing in the log tells of the mismatch.",
   "likely"),
 "shard-is-html-error-page": ("failure", "weights", "corrupt-checkpoint", [],
   "SafetensorError: Error while deserializing header: header too large",
   "model-00002-of-00004.safetensors holds an nginx `502 Bad Gateway` HTML page (a download tool saved the error page "
   "under the shard's name). The scheduler reaches `Load weight begin`; safetensors reads the first 8 bytes (`<!DOCTYP`) "
   "as the header length and fails (`header too large`); rc -9. Download the shard again and compare its size/checksum.",
   "likely"),
 "etc-hosts-no-localhost": ("hang", "nccl", "bind-address", [],
   "The IPv6 network addresses of (localhost, 28927) cannot be retrieved (gai error: -2 - Name or service not known).",
   "`--host localhost` on a host whose /etc/hosts has lost its `localhost` line (bind-mounted in the start's mount "
   "namespace; DNS does not answer for it). torch.distributed's rendezvous on localhost cannot resolve the name and "
   "retries (`gai error: -2 - Name or service not known`, ever further apart); the start stays in `Init parallel` until "
   "the runner's 180 s limit ends it (SIGTERM, rc -15, nothing of it in the log). Restore `127.0.0.1 localhost` in "
   "/etc/hosts, or `--host 127.0.0.1`.",
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
