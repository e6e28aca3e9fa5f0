#!/usr/bin/env python3
"""Batch bb: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ba's write_cases.py (../../batch-2026-12-07-sglang-real-105/tools/), other labels; a
label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "numpy-disable-cpu-features-baseline": ("failure", "config", "invalid-argument", ["dependency-import"],
   "You cannot disable CPU feature 'SSE3', since it is part of the baseline optimizations",
   "NPY_DISABLE_CPU_FEATURES=\"SSE3 AVX2 AVX512F\" asks numpy to turn off CPU features at import, but SSE3 is part of "
   "the baseline this numpy build was compiled for (SSE SSE2 SSE3) and cannot be turned off: numpy's import raises "
   "`RuntimeError: During parsing environment variable: 'NPY_DISABLE_CPU_FEATURES': You cannot disable CPU feature "
   "'SSE3', since it is part of the baseline optimizations` while `import sglang` imports numpy (rc 1, under 1 s, "
   "no SGLang line). Remove the baseline features from the variable (only dispatched ones such as AVX512F or AVX2 "
   "can be disabled) or unset it.",
   "likely"),
 "pythonpath-sourceless-pyc-bad-magic": ("failure", "config", "dependency-import", [],
   "ImportError: bad magic number in 'filelock'",
   "PYTHONPATH names a folder of sourceless .pyc files compiled by another Python (here filelock.pyc with Python "
   "3.8's magic number), as an old deployment bundle leaves. It comes before site-packages, so `import filelock` "
   "finds the stale .pyc instead of the installed package and Python 3.11 refuses it: huggingface_hub prints "
   "`Error importing huggingface_hub.file_download: bad magic number in 'filelock'` and the launcher stops in "
   "transformers' import with `ImportError: bad magic number in 'filelock': b'U\\r\\r\\n'` (rc 1, before "
   "server_args). Remove the folder from PYTHONPATH (or delete the stale .pyc files).",
   "likely"),
 "model-path-browser-url": ("failure", "config", "model-not-found", ["invalid-argument"],
   "ValueError: Invalid connector type: https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct",
   "--model-path is the model page's URL pasted from the browser (https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct). "
   "SGLang takes a path with a URL scheme for a remote connector (s3://, gs://, ...) and has none for https, so "
   "its config resolution stops with `ValueError: Invalid connector type: https://huggingface.co/...` (rc 1, "
   "before server_args). Pass the repo id (Qwen/Qwen2.5-0.5B-Instruct) or a local folder.",
   "likely"),
 "tokenizer-json-bpe-dropout-above-one": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "Exception: Dropout should be between 0 and 1, inclusive",
   "tokenizer.json's BPE model has \"dropout\": 1.5 (BPE dropout is a training-time setting; it must lie in 0..1). "
   "The tokenizers library refuses the file when the tokenizer manager loads it (after the server_args line): "
   "`Exception: Dropout should be between 0 and 1, inclusive at line 1 column 12529` from "
   "TokenizerFast.from_file (rc 1). Set dropout to null in tokenizer.json (for serving it should be off anyway) "
   "or take the tokenizer.json of the original model.",
   "likely"),
 "config-tie-word-embeddings-string": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "TypeError: Field 'tie_word_embeddings' expected bool, got str (value: 'false')",
   "config.json has \"tie_word_embeddings\": \"false\" (a string, as a hand edit or a YAML-to-JSON tool writes it). "
   "transformers' config class is a strict dataclass: huggingface_hub's validation refuses the field while SGLang "
   "resolves its arguments (`StrictDataclassFieldValidationError: Validation error for field "
   "'tie_word_embeddings': TypeError: Field 'tie_word_embeddings' expected bool, got str (value: 'false')`, rc 1, "
   "before server_args). Write a JSON boolean: \"tie_word_embeddings\": false.",
   "likely"),
}
# came up
L.update({
 "config-architectures-two": ("success", "server", "unsupported-model", ["engine-internal", "invalid-argument"],
   "AssertionError",
   "config.json lists two architectures, [\"LlamaForCausalLM\", \"LlamaForSequenceClassification\"] (as a merge of "
   "configs leaves). SGLang does not take the first: a sequence-classification name anywhere in the list makes it "
   "a classification model (`Load weight end ... type=TransformersForSequenceClassification`); it comes up (its "
   "warm-up is an /encode), and the first /v1/completions request after ready reaches decode, which needs an "
   "lm_head: `Scheduler hit an exception` with a bare `AssertionError`, SIGQUIT, and the launcher kills its group "
   "(rc -9, 3 s after ready). Keep only the architecture meant (LlamaForCausalLM) in config.json.",
   "possible"),
 "netns-loopback-only": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: the start runs in a network namespace of its own with only the loopback up (no other interface, no "
   "route), as on an air-gapped host. The model is local, the server binds 127.0.0.1 and its own warm-up reaches it: "
   "the start comes up and stops cleanly on SIGTERM (rc 0). The driver's requests from outside the namespace could "
   "not reach it (not in the log). Nothing to fix.",
   "likely"),
 "generation-config-temperature-string-no-temp-request": ("success", "server", "invalid-argument", ["corrupt-checkpoint"],
   "Error in request: '<=' not supported between instances of 'int' and 'str'",
   "generation_config.json has \"do_sample\": true, \"temperature\": \"0.7\" (a string). SGLang takes it as the default "
   "chat sampling parameters as it is (`Using default chat sampling params from model generation config: "
   "{'temperature': '0.7'}`) and comes up (its warm-up and /v1/completions answer 200). A chat request without its "
   "own temperature gets the string and fails in SGLang's sampling-parameter check: `Error in request: '<=' not "
   "supported between instances of 'int' and 'str'`, HTTP 500 (`POST /v1/chat/completions ... 500`); the server "
   "goes on serving (health 200) and stops cleanly on SIGTERM (rc 0). Every chat request that leaves temperature "
   "out fails the same way. Write a number in generation_config.json (\"temperature\": 0.7).",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        if not os.path.exists(os.path.join(D, name + ".log")):
            continue
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
