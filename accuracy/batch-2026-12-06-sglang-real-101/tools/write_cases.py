#!/usr/bin/env python3
"""Batch aw: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch av's write_cases.py (../../batch-2026-12-06-sglang-real-100/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "req-running-timeout-env-tiny": ("failure", "server", "invalid-argument", [],
   "AssertionError: {\"object\":\"error\",\"message\":\"Request running timeout reached.\"",
   "SGLANG_REQ_RUNNING_TIMEOUT=0.001 (seconds) in the server's environment: every request may run 1 ms. The start "
   "is complete (`Uvicorn running`, GET /model_info 200), then the warm-up /generate is aborted by the scheduler's "
   "running-request timeout (`POST /generate` 503, `Request running timeout reached.`), `Initialization failed. "
   "warmup error`, and the launcher kills the tree (rc -9). Unset SGLANG_REQ_RUNNING_TIMEOUT (default -1, no limit) "
   "or set it in seconds, well above the longest request.",
   "likely"),
 "checkpoint-engine-wait-no-sender": ("hang", "server", "invalid-argument", [],
   "Uvicorn running on http://127.0.0.1:36013 (Press CTRL+C to quit)",
   "--checkpoint-engine-wait-weights-before-ready: the server holds its warm-up (and readiness) until a checkpoint "
   "engine has pushed the first weights through its update API; no checkpoint engine runs here. The start reaches "
   "`Uvicorn running` and then logs nothing (no warm-up request, no `fired up`, no message that it waits) until the "
   "runner's SIGTERM at 200 s (rc -9). Start the checkpoint-engine sender that is meant to feed this server, or drop "
   "the flag when the weights come from --model-path.",
   "possible"),
 "lora-adapter-dora": ("failure", "weights", "unsupported-model", ["invalid-argument"],
   "RuntimeError: Failed to load LoRA adapter a: Failed to load a because LoRA serving currently doesn't support DoRA adapters",
   "--lora-paths a=<tmp>/lora-dora: the adapter's adapter_config.json has use_dora true (a DoRA adapter). The base "
   "weights loaded (`Load weight end`), then the LoRA manager refused the adapter (`LoRA serving currently doesn't "
   "support DoRA adapters`); the launcher got SIGQUIT and killed the tree (rc -9). Serve a plain LoRA adapter "
   "(retrain without use_dora, or merge the DoRA adapter into the base weights and serve the merged model).",
   "likely"),
 "lora-adapter-added-tokens": ("failure", "weights", "unsupported-model", ["invalid-argument"],
   "RuntimeError: Failed to load LoRA adapter a: Failed to load a because LoRA serving currently doesn't support adapters that add tokens to the vocabulary",
   "--lora-paths a=<tmp>/lora-added-tokens: the adapter folder holds added_tokens.json with two tokens past the base "
   "vocabulary (ids 558, 559; the base has 558). After `Load weight end` the LoRA manager refused it (`doesn't "
   "support adapters that add tokens to the vocabulary`), SIGQUIT, tree killed (rc -9). Merge the adapter (with its "
   "resized embeddings) into the base model and serve that, or remove added_tokens.json if it was copied from the "
   "base by mistake and adds nothing.",
   "likely"),
 "lora-adapter-gpt2-target-modules": ("failure", "weights", "invalid-argument", ["unsupported-model"],
   "NotImplementedError: get_hidden_dim not implemented for c_attn",
   "--lora-paths a=<tmp>/lora-gpt2-c-attn: a LoRA adapter made for a GPT-2 base (target_modules c_attn, "
   "transformer.h.N.attn.c_attn weights) given to a Llama base, which has no c_attn. After `Load weight end` the "
   "LoRA manager sizes its buffers per target module and fails: `NotImplementedError: get_hidden_dim not implemented "
   "for c_attn`; SIGQUIT, tree killed (rc -9). Use an adapter trained for this base model (target modules q_proj, "
   "k_proj, v_proj, o_proj, ...; check base_model_name_or_path in adapter_config.json).",
   "likely"),
 "update-weights-lora-adapter-folder": ("success", "server", "invalid-argument", [],
   "ValueError: No module or parameter named 'model.base_model' in TransformersForCausalLM.",
   "The start came up (`fired up`, a completion answered 200). Then POST /update_weights_from_disk was given a LoRA "
   "adapter folder (<tmp>/lora-ok: adapter_config.json, adapter_model.safetensors) as model_path. The scheduler "
   "loaded the adapter's tensors as full weights and failed on their PEFT names (`No module or parameter named "
   "'model.base_model'`): `Scheduler hit an exception`, SIGQUIT, tree killed (rc -9); the update and later requests "
   "got no answer. /update_weights_from_disk takes a full model folder of the same architecture; load adapters with "
   "/load_lora_adapter (server started with --enable-lora), or merge the adapter first.",
   "likely"),
 "lora-adapter-peft-ia3": ("failure", "weights", "unsupported-model", ["corrupt-checkpoint"],
   "RuntimeError: Failed to load LoRA adapter a: 'r'",
   "--lora-paths a=<tmp>/lora-ia3: the adapter is a PEFT IA3 adapter (peft_type IA3, ia3_l vectors, no rank r), "
   "not LoRA. After `Load weight end` and `Using csgmv as backend of LoRA kernels.` the LoRA manager fails reading "
   "its config: `Failed to load LoRA adapter a: 'r'` (the missing rank key; a bare KeyError text), SIGQUIT, tree "
   "killed (rc -9). SGLang serves LoRA adapters only: use a LoRA adapter (peft_type LORA with r, lora_alpha, "
   "target_modules), or merge the IA3 adapter into the base weights and serve the merged model.",
   "likely"),
}
# starts that came up and showed nothing wrong in their logs
L.update({
 "http-conn-flood-nofile-after-ready": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing in the log to fix. The start ran under `ulimit -n 512` (so `Fail to set RLIMIT_NOFILE: current limit "
   "exceeds maximum limit`, a line every start on this machine prints), came up and answered a completion. A client "
   "then held 700 idle connections to the port for 40 s: the HTTP process reached 512 open fds and the completion and "
   "/health sent meanwhile got no answer (driver: HTTP 000), but the server logged nothing about it (no `Too many "
   "open files`); after the connections closed the next completion was answered 200 and SIGTERM ended the start "
   "cleanly (rc 0). The log shows only a 44 s gap between two requests.",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
