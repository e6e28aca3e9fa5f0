#!/usr/bin/env python3
"""Batch 185: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 139's write_cases_139.py (../../batch-2026-12-07-sglang-real-139/tools/, itself batch 138's and earlier) with
other labels; each evidence is copied whole from the first line of its log that contains the text given here (the
script stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_185.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-08"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "grpc-port-with-api-key": ("failure", "config", "invalid-argument", [],
   "ValueError: --grpc-port is incompatible with --api-key/--admin-api-key",
   "--grpc-port 39861 together with --api-key: the argument resolution (handle_deprecated_args) refuses the "
   "combination before any process starts: 'ValueError: --grpc-port is incompatible with --api-key/--admin-api-key: "
   "the native gRPC listener bypasses HTTP auth middleware.' (rc 1 after about 22 s, no server_args line). Drop "
   "--grpc-port and serve the OpenAI API over HTTP with --api-key, or keep the gRPC listener without --api-key / "
   "--admin-api-key and protect it another way (a private network, a gateway that checks keys).",
   "likely"),
 "disagg-sampling-mask-env-removed": ("failure", "config", "invalid-argument", [],
   "ValueError: SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is no longer supported.",
   "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS=4096 left in the environment (a variable of older releases): "
   "the argument resolution (validate_sampling_mask_max_tokens) refuses to start while it is set: 'ValueError: "
   "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is no longer supported. Unset it. ...' (rc 1 after about 23 s, "
   "no server_args line). Unset the variable; for sampling masks in disaggregated serving set "
   "SGLANG_ENABLE_DISAGG_SAMPLING_MASK=1 and pass the same positive --sampling-mask-max-tokens on the prefill and "
   "decode servers.",
   "likely"),
 "lmcache-with-hierarchical-cache": ("failure", "config", "invalid-argument", [],
   "ValueError: --enable-lmcache and --enable-hierarchical-cache are mutually exclusive",
   "--enable-lmcache --enable-hierarchical-cache: the argument resolution (handle_cache_compatibility) refuses the "
   "pair before any process starts: 'ValueError: --enable-lmcache and --enable-hierarchical-cache are mutually "
   "exclusive' (rc 1 after about 24 s, no server_args line; the check comes before any import of lmcache). Pick one "
   "KV offload: LMCache (--enable-lmcache, with the lmcache package installed) or SGLang's own HiCache "
   "(--enable-hierarchical-cache), not both.",
   "likely"),
 "swa-full-tokens-ratio-above-one": ("failure", "config", "invalid-argument", [],
   "ValueError: --swa-full-tokens-ratio should be in range (0, 1.0].",
   "--swa-full-tokens-ratio 2: the argument resolution (handle_cache_compatibility) checks the ratio for every model, "
   "not only sliding-window ones, and refuses it: 'ValueError: --swa-full-tokens-ratio should be in range (0, 1.0].' "
   "(rc 1 after about 25 s, no server_args line). Give a ratio above 0 and at most 1 (the share of the KV pool for "
   "full-attention layers relative to the sliding-window ones), or drop the flag (it does nothing for a model "
   "without sliding-window layers such as this Llama).",
   "likely"),
 "config-mlp-bias-no-tensors": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none visible in the log: config.json says \"mlp_bias\": true while the checkpoint has no MLP bias tensors. With "
   "--model-impl transformers the load ended after 0.06 s without a word about missing weights (line 39), the "
   "server came up (line 58), the completion and the chat got 200, rc 0 after SIGTERM. The MLP biases stay at their "
   "initial values, so a real model would answer wrongly with no error: set \"mlp_bias\" back to what the checkpoint "
   "was trained with (false for Llama), or use the checkpoint that has the bias tensors.",
   "likely"),
 "kv-canary-interval-without-mode": ("failure", "config", "invalid-argument", [],
   "ValueError: --kv-canary-sweep-interval requires --kv-canary in {log, raise}",
   "--kv-canary-sweep-interval 10 without --kv-canary: check_server_args (called from Engine._launch_subprocesses, "
   "after the argument resolution but before any child process) refuses it: 'ValueError: --kv-canary-sweep-interval "
   "requires --kv-canary in {log, raise}' (rc 1 after about 31 s, no server_args line). Add --kv-canary log (or "
   "raise) to turn the KV canary on, or drop --kv-canary-sweep-interval.",
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
