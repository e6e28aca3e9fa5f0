#!/usr/bin/env python3
"""Write cases.jsonl for batch r from the labels below (set by hand from what each run broke and what its log shows).
Checks that each evidence line occurs in its log verbatim. Run from the batch folder."""
import json, os

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
C = [
 ("config-empty-object", "failure", "config", "corrupt-checkpoint", [],
  "ValueError: Unrecognized model in <tmp>/models/tiny-emptycfg. Should have a `model_type` key in its config.json.",
  "config.json is an empty JSON object ({}), as a failed export or conversion script leaves it: transformers' AutoConfig finds no model_type (and no architectures), so SGLang stops while reading the config. Restore config.json from the original model (re-download it).", "likely"),
 ("pythonhome-wrong", "failure", "config", "dependency-import", [],
  "Fatal Python error: init_fs_encoding: failed to get the Python codec of the filesystem encoding",
  "PYTHONHOME points at a folder without a Python standard library (left over from another Python/conda install), so the interpreter cannot import 'encodings' and dies before SGLang runs a line. Unset PYTHONHOME (or point it at this Python's prefix).", "likely"),
 ("context-length-zero", "failure", "kv_cache", "invalid-argument", ["engine-internal"],
  "ZeroDivisionError: division by zero",
  "--context-length 0 (meant as 'use the model's') is accepted by the argument checks; the scheduler loads the weights and divides by the context length while sizing the memory pool (max running requests), the child dies and the launcher is killed. Leave --context-length out to use the model's, or give a positive length.", "likely"),
 ("model-path-lora-adapter", "failure", "config", "model-not-found", ["invalid-argument"],
  "ValueError: Unrecognized model in <tmp>/models/tiny-adapter. Should have a `model_type` key in its config.json.",
  "--model-path is a LoRA adapter folder (adapter_config.json + adapter_model.safetensors, no config.json): an adapter is not a model. Serve the base model with --model-path and pass the adapter with --enable-lora --lora-paths name=<adapter>.", "possible"),
 ("pythonwarnings-error", "failure", "config", "invalid-argument", ["dependency-import"],
  "UserWarning: 'python -m sglang.launch_server' is still supported, but 'sglang serve' is the recommended entrypoint.",
  "PYTHONWARNINGS=error (from a CI or test environment) turns every warning into an exception; the first one, SGLang's own deprecation notice for 'python -m sglang.launch_server', ends the launcher before it parses its arguments. Unset PYTHONWARNINGS for the server (or use 'sglang serve' and filter warnings more narrowly).", "possible"),
 ("tokenizer-json-lfs-pointer", "failure", "config", "corrupt-checkpoint", [],
  "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
  "tokenizer.json is a Git LFS pointer (a 3-line text file), as a clone without git-lfs leaves it: transformers' tokenizer loader cannot parse it as JSON and the tokenizer manager fails at start. Run 'git lfs pull' (or download the file again) and check its size.", "likely"),
 ("config-dtype-float8", "failure", "weights", "dtype-unsupported", ["corrupt-checkpoint", "invalid-argument"],
  "TypeError: couldn't find storage object Float8_e4m3fnStorage",
  "config.json says dtype/torch_dtype float8_e4m3fn (an fp8 export's config copied over a bf16 checkpoint, no quantization_config): SGLang takes it as the model dtype, gets through config, tokenizer and scheduler start, and at 'Load weight begin.' torch refuses float8 as a default dtype. Put the checkpoint's real dtype (bfloat16) back into config.json, or pass --dtype bfloat16; fp8 weights need a quantization_config.", "possible"),
 ("taskset-one-core", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "Nothing broken: the whole start pinned to one core with 'taskset -c 1' (valid; slower). It came up and answered a completion; stopped by the runner's SIGTERM.", "likely"),
 ("tokenizer-mode-slow", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--tokenizer-mode slow on a model folder with only a fast tokenizer.json (no tokenizer.model) is accepted; it came up and answered a completion; stopped by the runner's SIGTERM.", "likely"),
 ("chat-template-builtin-name", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--chat-template chatml (one of SGLang's built-in template names, not a file) is valid: 'Loading chat template from argument: chatml', a chat request and a completion got 200; stopped by the runner's SIGTERM.", "likely"),
 ("omp-bind-absent-cores", "success", "server", None, ["invalid-argument"],
  "The server is fired up and ready to roll!",
  "SGLANG_CPU_OMP_THREADS_BIND=4-7 on a 2-core machine (cores 4-7 do not exist): SGLang logs the binding (local_omp_cpuid=4-7) but, without Intel AMX, does not apply it, so the start came up and answered; stopped by SIGTERM. Set the variable to cores this machine has.", "possible"),
 ("cpu-offload-gb-cpu", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--cpu-offload-gb 2 with --device cpu (offloading to the CPU when the model already runs there) is accepted; it came up and answered a completion; stopped by SIGTERM.", "likely"),
 ("request-logit-bias-above-vocab", "success", "server", None, ["invalid-argument"],
  "The server is fired up and ready to roll!",
  "After ready, a completion with logit_bias for token id 99999 (vocab 558) got 400 ('logit_bias must has keys in [0, 557], got 99999.'); completions before and after it got 200; stopped by SIGTERM. The request is the client's error, the server is fine.", "likely"),
 ("request-max-tokens-negative", "success", "server", None, ["invalid-argument"],
  "The server is fired up and ready to roll!",
  "After ready, a completion with max_tokens -1 (meant as 'no limit') got 400 (max_tokens must be positive); the next completion got 200; stopped by SIGTERM. Omit max_tokens instead of -1.", "likely"),
]

def main():
    out = []
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        if outcome is None:
            continue
        log = open(name + ".log", errors="replace").read()
        assert ev in log, (name, ev)
        out.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase, category=cat,
                        secondary=sec, evidence=ev, remediation=rem, confidence=conf, source=SRC.format(name)))
    with open("cases.jsonl", "w") as f:
        for r in out:
            f.write(json.dumps(r) + "\n")
    print(len(out), "cases")

if __name__ == "__main__":
    main()
