#!/usr/bin/env python3
"""Batch aj: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Same writer as batch ai's write_cases.py, other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "update-weights-tensor-garbage": ("success", "server", "engine-internal", ["invalid-argument"],
   "_pickle.UnpicklingError: invalid load key, 'n'.",
   "Came up and served; then POST /begin_weight_update (200) and POST /update_weights_from_tensor with a base64 string "
   "that is not a serialized tensor list. The scheduler unpickles it without a guard, raises UnpicklingError "
   "(`Scheduler hit an exception`), and the launcher kills the server (SIGQUIT, rc -9); the request and every later "
   "one get no answer. Send tensors serialized by SGLang's MultiprocessingSerializer (the Engine API does it); SGLang "
   "should refuse the payload instead of dying.",
   "likely"),
 "resume-memory-without-release": ("success", "server", "engine-internal", ["invalid-argument"],
   "KeyError: 'kv_cache'",
   "Came up and served; then POST /resume_memory_occupation {} with no /release_memory_occupation before it (as a "
   "training loop that resumes twice does). The scheduler removes each memory tag from its set of released ones "
   "without a check, raises KeyError: 'kv_cache' (`Scheduler hit an exception`), and the launcher kills the server "
   "(SIGQUIT, rc -9). Call resume only after a release; SGLang should answer the call with an error instead.",
   "likely"),
 "config-max-position-1e12": ("failure", "kv_cache", "kv-cache-insufficient", ["host-oom-killed", "corrupt-checkpoint"],
   "DefaultCPUAllocator: can't allocate memory",
   "config.json says max_position_embeddings 10**12 (the model has 512). SGLang takes it as the context length and "
   "sizes its request-to-token table by it right after the weights load: torch.zeros asks for 8.2e15 bytes, the "
   "allocation is refused (Error code 12) and the scheduler dies (rc -9). Fix max_position_embeddings in config.json, "
   "or pass --context-length.",
   "possible"),
 "weight-cache-socket-stale": ("failure", "weights", "model-not-found", ["invalid-argument"],
   "RuntimeError: [IpcModelLoader] Daemon socket exists at",
   "--weight-cache-mode client --weight-cache-socket <tmp>/wcache/weights.sock, where the socket file is left over "
   "from a daemon that is gone (bound, then its process exited). Loading the weights connects to it, gets `Connection "
   "refused`, and SGLang refuses to fall back to disk (rc -9). Start the weight-cache daemon (python -m "
   "sglang.srt.weight_cache.daemon), or remove the stale socket (a missing socket falls back to disk loading), or "
   "drop --weight-cache-mode client.",
   "possible"),
 "load-format-mistral-hf-folder": ("failure", "weights", "invalid-argument", [],
   "RuntimeError: Cannot find any model weights with",
   "--load-format mistral on a Hugging Face layout folder (model-0000N-of-00004.safetensors + index, no "
   "consolidated*.safetensors): the loader looks only for Mistral's consolidated files, finds none after `Load weight "
   "begin`, and the scheduler dies (rc -9). Use --load-format auto (or safetensors) for this folder.",
   "likely"),
 "hf-chat-template-name-unknown": ("failure", "config", "invalid-argument", ["engine-internal"],
   "Error getting chat template: Specified template 'rag' not found",
   "tokenizer_config.json holds two named chat templates (default, tool_use) and --hf-chat-template-name rag names "
   "neither. SGLang logs the error, goes on with `No chat template found`, then its template detection runs a regex "
   "on the whole template dict and dies with `TypeError: expected string or bytes-like object, got 'dict'` in the "
   "launcher (rc 1). Use one of the listed names (or leave the option out to get the first).",
   "likely"),
 "decrypted-config-file-missing": ("failure", "config", "invalid-argument", [],
   "does not appear to have a file named <tmp>/decrypted/config.json",
   "--decrypted-config-file points at a file that does not exist; SGLang reads the model config from it instead of "
   "config.json and transformers stops (`OSError ... does not appear to have a file named`) before server_args is "
   "printed (rc 1). Point the option at the decrypted config.json, or leave it out.",
   "likely"),
 "dist-init-override-env-no-master": ("failure", "nccl", "invalid-argument", [],
   "ValueError: Error initializing torch.distributed using env:// rendezvous",
   "SGLANG_DISTRIBUTED_INIT_METHOD_OVERRIDE=env:// (an orchestrator's setting) without MASTER_ADDR / MASTER_PORT: "
   "torch.distributed's env:// rendezvous raises `environment variable MASTER_ADDR expected, but not set` right after "
   "`Init parallel begin` and the scheduler dies (rc -9). Unset the override, or set MASTER_ADDR and MASTER_PORT "
   "with it.",
   "confirmed"),
 "load-format-private": ("failure", "weights", "dependency-import", ["invalid-argument"],
   "ModuleNotFoundError: No module named 'sglang.private'",
   "--load-format private: the loader imports sglang.private.private_model_loader, which the public wheel does not "
   "ship; `ModuleNotFoundError`, re-raised as `ValueError: Failed to import sglang.private.private_model_loader` "
   "after `Load weight begin`, and the scheduler dies (rc -9). Use a public load format (auto), or install the "
   "package that provides sglang.private.",
   "likely"),
 "chat-template-named-list": ("success", "server", None, [], None,
   "tokenizer_config.json holds a list of two named chat templates (default, tool_use) and no chat_template.jinja; "
   "SGLang logs `Multiple HuggingFace chat templates available` and takes the first; a completion and a chat "
   "completion answer 200; stopped by the driver's SIGTERM.",
   "likely"),
 "weights-checker-reset-after-ready": ("success", "server", None, [], None,
   "Came up and served; then POST /weights_checker {\"action\": \"reset_tensors\"} (200): every weight is overwritten "
   "with random values (`[WeightChecker] handle action=reset_tensors`). The server keeps serving, but greedy answers "
   "change from the model's text to `vvvvvvvv`; nothing in the log says the weights are no longer the checkpoint's. "
   "Reload the weights (/update_weights_from_disk or a restart). Stopped by the driver's SIGTERM.",
   "likely"),
 "fastapi-root-path": ("success", "server", None, [], None,
   "--fastapi-root-path /llm (for a proxy that strips the prefix): comes up; /v1/completions answers 200 and "
   "/llm/v1/completions 404 (root_path only changes the app's idea of its URL prefix, the routes stay where they "
   "are); stopped by the driver's SIGTERM.",
   "likely"),
 "request-time-stats-logging": ("success", "server", None, [], None,
   "--enable-request-time-stats-logging: comes up and writes one `ReqTimeStats(...)` line per request (the health "
   "check's, then a completion's and a chat completion's, both 200); stopped by the driver's SIGTERM.",
   "likely"),
}
LATER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "labels_later.json")
if os.path.exists(LATER):
    for k, v in json.load(open(LATER)).items():
        L[k] = tuple(v)
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
