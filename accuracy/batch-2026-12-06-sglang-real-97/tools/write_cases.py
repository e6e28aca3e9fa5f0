#!/usr/bin/env python3
"""Batch as: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ar's write_cases.py (../../batch-2026-12-06-sglang-real-96/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "shard-header-length-huge": ("failure", "weights", "corrupt-checkpoint", [],
   "SafetensorError: Error while deserializing header: header too large",
   "model-00003-of-00004.safetensors: the 8-byte header-length field at the start of the file says 2^40 bytes, the "
   "file has about 300 KB (a damaged or partly overwritten first block; header JSON and data are intact). Two shards "
   "load, then the reader refuses shard 3 (`header too large`), the scheduler dies and the launcher kills the tree "
   "(rc -9). Download the shard again and compare checksums.",
   "likely"),
 "config-num-hidden-layers-float": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "TypeError: Field 'num_hidden_layers' expected int, got float (value: 2.0)",
   "config.json: `num_hidden_layers` written as a float (`2.0`, a converter or script that dumped numbers as floats). "
   "transformers 5 validates the config fields strictly (huggingface_hub strict dataclass) and refuses it while "
   "SGLang resolves its arguments (`get_config`), before any process starts: `StrictDataclassFieldValidationError` "
   "(rc 1). Write integers for integer fields (`\"num_hidden_layers\": 2`).",
   "likely"),
 "tokenizer-normalizer-regex-invalid": ("failure", "config", "corrupt-checkpoint", [],
   "Exception: Oniguruma error: end pattern with unmatched parenthesis",
   "tokenizer.json: a `Replace` normalizer whose regex does not compile (`(\\s+`, an unclosed group; a hand edit or a "
   "bad conversion). The tokenizers library refuses the file when the launcher's tokenizer manager loads the "
   "tokenizer (`get_tokenizer` -> `from_pretrained`), before the scheduler starts: `Oniguruma error: end pattern with "
   "unmatched parenthesis` (rc 1). The error names neither the file nor the field. Fix the pattern or take "
   "tokenizer.json from the original repo again.",
   "likely"),
 "config-max-position-negative": ("failure", "kv_cache", "corrupt-checkpoint", ["kv-cache-insufficient"],
   "AssertionError: Memory pool size is too small",
   "config.json: `max_position_embeddings` is -1 (a placeholder left by a converter). No --context-length was given, "
   "so SGLang takes the context from the config; weights load and the KV cache (4096 tokens) is allocated, then the "
   "pool's per-request length comes out <= 0 and the scheduler asserts `Memory pool size is too small`; the launcher "
   "kills the tree (rc -9). The message points at memory, not at the config: put the real context length into "
   "config.json, or pass --context-length.",
   "possible"),
 "index-weight-map-is-list": ("failure", "weights", "corrupt-checkpoint", [],
   "TypeError: list indices must be integers or slices, not list",
   "model.safetensors.index.json: `weight_map` is a list of [tensor, shard] pairs instead of an object (a hand-written "
   "or converted index). The JSON parses; the scheduler fails at `Load weight begin` when it reads the map "
   "(`list indices must be integers or slices, not list`), the launcher kills the tree (rc -9). Write `weight_map` as "
   "an object {tensor: shard}, or take the index from the original repo again.",
   "likely"),
 "netns-ephemeral-port-range-two": ("failure", "nccl", "nccl-network", ["bind-address"],
   "RuntimeError: Cannot resolve 127.0.0.1 to a (local) address",
   "The start ran in its own network namespace (lo up, 127.0.0.1 present) whose ephemeral port range was set to two "
   "ports (`net.ipv4.ip_local_port_range = 61000 61001`, a sysctl of a pod or a hardening script). At `Init "
   "parallel begin` the TCPStore client takes a local port, Gloo's device set-up cannot bind 127.0.0.1 to a free "
   "ephemeral port and reports `Cannot resolve 127.0.0.1 to a (local) address`; the scheduler dies (rc -9). A plain "
   "network namespace with lo up (control start, not kept) came up. Widen the range (`sysctl -w "
   "net.ipv4.ip_local_port_range=\"32768 60999\"`).",
   "possible"),
}
# starts that came up
L.update({
 "torchelastic-agent-store-env": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "TORCHELASTIC_USE_AGENT_STORE=True and TORCHELASTIC_RESTART_COUNT=0 left in the environment by a torchrun/elastic "
   "parent: SGLang's one-rank CPU start came up, answered a completion (HTTP 200) and stopped cleanly on SIGTERM "
   "(rc 0). Nothing to fix.",
   "likely"),
 "ld-bind-now": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "LD_BIND_NOW=1 (every shared library's symbols resolved at load, as some hardened images set): all libraries of "
   "the venv resolve, the start came up, answered a completion (HTTP 200) and stopped cleanly on SIGTERM (rc 0). "
   "Nothing to fix.",
   "likely"),
})
L["stdout-dev-full"] = ("success", "server", None, [],
   "OSError: [Errno 28] No space left on device",
   "stdout was redirected to /dev/full (every write fails with ENOSPC, as stdout to a file on a full disk does); stderr "
   "went to the log. The start came up, answered a completion (HTTP 200) and stopped cleanly on SIGTERM (rc 0); every "
   "line written to stdout (uvicorn's access log) fails with `--- Logging error ---` and `OSError: [Errno 28] No space "
   "left on device` (5 times in the log). Serving is not affected; "
   "send stdout to a place that can take it.",
   "likely")

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
