#!/usr/bin/env python3
"""Batch al: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Same writer code as batch ak's write_cases.py, other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "bin-is-safetensors-file": ("failure", "weights", "corrupt-checkpoint", [],
   "_pickle.UnpicklingError: Weights only load failed.",
   "The model folder holds one weights file, pytorch_model.bin, that is really a safetensors file (saved or renamed "
   "under the wrong name; no *.safetensors, no index). SGLang takes the .bin path and calls torch.load(weights_only=True) "
   "after `Load weight begin`; the unpickler stops at the first byte (`Unsupported operand 8`), the scheduler dies and "
   "the launcher kills the tree (rc -9). torch's text suggests weights_only=False, which would not help: the file is not "
   "a pickle. Rename it to model.safetensors (or re-save the checkpoint).",
   "likely"),
 "cwd-stray-openai-py": ("failure", "config", "dependency-import", [],
   "svc/openai.py\", line 2, in <module>",
   "The start ran from a folder (<tmp>/svc) holding the user's own test client named openai.py. `python -m` puts the "
   "working folder first on sys.path, so SGLang's `from openai.types.responses import ...` (http_server -> "
   "openai/protocol.py) imports that script instead of the openai package; the script runs at import, posts to "
   "127.0.0.1:30000 where nothing listens, and the launcher dies with requests' ConnectionError before server_args is "
   "printed (rc 1). Rename the script (or start from another folder); the openai package is installed.",
   "likely"),
 "config-quantization-config-empty": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "ValueError: Unknown quantization method: .",
   "config.json of an unquantized bf16 model carries an empty `quantization_config: {}` (left by an export or merge "
   "tool). SGLang reads the quant method from it as an empty string and stops in ModelConfig._verify_quantization "
   "(`Unknown quantization method: . Must be one of [...]`, rc 1). Delete the empty quantization_config key from "
   "config.json.",
   "possible"),
 "tool-call-parser-llama3-tools-request": ("success", "server", None, [], None,
   "--tool-call-parser llama3 on a small ChatML-template model: the start comes up, answers a completion and a chat "
   "completion with one function tool (tool_choice auto; 200, plain text, no tool call parsed) and is stopped by "
   "SIGTERM (rc 0). A parser that does not fit the model's template shows nothing in the log.",
   "likely"),
 "config-hidden-act-gelu-silu-weights": ("success", "server", None, [], None,
   "config.json says hidden_act gelu_pytorch_tanh while the weights were made for silu (a config copied from another "
   "family). Nothing checks the activation against the weights: the start comes up, answers a completion and a chat "
   "completion (200; text from the wrong activation, not visible in the log) and is stopped by SIGTERM (rc 0).",
   "likely"),
 "kv-pool-full-n40-burst": ("success", "server", None, [], None,
   "After ready: one /v1/completions with n=40, max_tokens 200, ignore_eos against a KV pool of 4096 tokens (40 x ~206 "
   "tokens would need about 8200). Meant to make the scheduler retract requests; it admitted 20 sequences at a time "
   "(`#queue-req: 20`, token usage up to 0.92) and ran the rest after them, the request ended 200 after 52 s, a "
   "completion after it too, stopped by SIGTERM (rc 0). A full KV pool that queues, not an error.",
   "likely"),
 "host-trailing-newline": ("failure", "server", "bind-address", ["invalid-argument"],
   "ERROR:    [Errno -2] Name or service not known",
   "--host taken from a variable that ends in a newline (a ConfigMap or .env value written with a trailing line break): "
   "server_args shows 'host': '127.0.0.1\\n'. Everything loads, then uvicorn cannot resolve the name with the newline "
   "(`ERROR: [Errno -2] Name or service not known` right after `Application startup complete`); the launcher stays in "
   "`Waiting for application shutdown` with the scheduler alive until the runner's SIGTERM at its 180 s limit (the scheduler exits -15, the launcher kills its tree, rc -9). Strip the "
   "value (e.g. `${HOST%%$'\\n'}`) or write the address without a line break.",
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
