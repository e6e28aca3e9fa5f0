#!/usr/bin/env python3
"""Write cases.jsonl for batch s from the labels below (set by hand from what each run broke and what its log shows).
Checks that each evidence line occurs in its log verbatim. Run from the batch folder."""
import json, sys

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
R = "The server is fired up and ready to roll!"
C = [
 ("shard-embed-shape-wrong", "failure", "weights", "corrupt-checkpoint", [],
  "RuntimeError: The size of tensor a (128) must match the size of tensor b (64) at non-singleton dimension 1",
  "One tensor of the checkpoint (model.embed_tokens.weight in shard 1) has the wrong shape ([558, 64] where config.json's hidden_size 128 needs [558, 128]), as a bad conversion or a mixed-up shard leaves it; the config is right. The scheduler fails copying it at 'Load weight begin.' and the launcher is killed. Re-download or re-convert the checkpoint and check the shards' checksums.", "likely"),
 ("config-file-missing", "failure", "config", "invalid-argument", [],
  "ValueError: Config file not found: <tmp>/sglang-server.yaml",
  "--config names a YAML file that does not exist (wrong path or not mounted); SGLang stops while merging it into the arguments, before anything else. Fix the path of --config (or drop it).", "likely"),
 ("model-path-tilde-quoted", "failure", "config", "model-not-found", ["invalid-argument"],
  "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '~/models/tiny-llama'. Use `repo_type` argument if needed.",
  "--model-path '~/models/tiny-llama' in quotes: the shell does not expand '~' (and SGLang does not either), so no such local folder exists and the string is taken as a hub repo id, which is not valid. Write the path without quotes around '~', or use $HOME / an absolute path.", "likely"),
 ("max-prefill-tokens-zero", "hang", "server", "invalid-argument", [],
  "[2026-12-06 03:24:14] max_total_num_tokens=4096, chunked_prefill_size=4096, max_prefill_tokens=0, max_running_requests=2048, context_len=512, available_cpu_mem=20.33 GB",
  "--max-prefill-tokens 0 is accepted; the server starts uvicorn, but its own warm-up request never gets a prefill budget, so 'The server is fired up' never comes and the log stops (runner SIGTERM at 240 s). Leave --max-prefill-tokens at its default (16384) or give a positive value at least as long as a prompt.", "possible"),
 ("hf-etag-timeout-not-int", "failure", "config", "invalid-argument", ["dependency-import"],
  "ValueError: invalid literal for int() with base 10: '10s'",
  "HF_HUB_ETAG_TIMEOUT=10s (with a unit): huggingface_hub reads its timeouts with int() when it is imported, so the launcher dies while importing, before SGLang parses its arguments. Give the variable in whole seconds (HF_HUB_ETAG_TIMEOUT=10) or unset it.", "likely"),
 ("device-xpu", "failure", "config", "cuda-driver-mismatch", ["invalid-argument"],
  "ValueError: No GPU memory values found.",
  "--device xpu (Intel GPU) on a machine without any XPU: SGLang asks for the XPU's memory while filling its defaults and finds none. Use the device this machine has (--device cpu here; cuda on NVIDIA) or install the XPU driver and torch's XPU build.", "likely"),
 ("config-architectures-string", "success", "server", None, ["corrupt-checkpoint"],
  R,
  "config.json 'architectures' is the string \"LlamaForCausalLM\", not a list: SGLang iterates its characters ('Cannot resolve model class for 'L' ...' once per letter) but with --model-impl transformers it skips the check, comes up and answers a completion; stopped by the runner's SIGTERM. Make 'architectures' a list ([\"LlamaForCausalLM\"]); without --model-impl transformers it would likely not resolve a model class.", "possible"),
 ("reasoning-parser-no-think", "success", "server", None, ["invalid-argument"],
  R,
  "--reasoning-parser deepseek-r1 on a model that emits no <think> markers is accepted; it came up, but the chat answer had all its text in reasoning_content and an empty content (the parser treats everything as reasoning). Stopped by the runner's SIGTERM. Use a reasoning parser only for a model that reasons in its template's markers.", "possible"),
 ("allow-auto-truncate-long-prompt", "success", "server", None, [],
  R,
  "--context-length 64 --allow-auto-truncate (valid): a 302-token prompt after ready is cut to the context and answered with 0 new tokens (three warnings 'Truncating the input', no error); stopped by the runner's SIGTERM.", "likely"),
 ("revision-local-folder", "success", "server", None, [],
  R,
  "--revision v1.0 with a local model folder: the revision applies only to hub downloads and is ignored for a folder (no warning); it came up and answered; stopped by the runner's SIGTERM.", "likely"),
]
EXTRA = json.load(open("tools/extra_labels.json")) if len(sys.argv) > 1 else []
C += [tuple(x) for x in EXTRA]
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        text = open(name + ".log").read()
        assert ev in text, (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=ev, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
