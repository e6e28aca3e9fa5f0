#!/usr/bin/env python3
"""Batch am: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Same writer code as batch al's write_cases.py, other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "weights-shards-gzipped": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"],
   "RuntimeError: Cannot find any model weights with",
   "The model folder came from an archive and its four shards were left compressed (model-0000N-of-00004.safetensors.gz; "
   "config, tokenizer and model.safetensors.index.json are plain). Config and tokenizer load, the scheduler reaches "
   "`Load weight begin`, finds no *.safetensors (nor *.bin) and stops with `Cannot find any model weights with <path>`; the "
   "launcher kills the tree (rc -9). gunzip the shards (or download the model again).",
   "likely"),
 "config-vocab-size-below-embedding": ("failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
   "AssertionError: self.org_vocab_size=100",
   "config.json says vocab_size 100 while the checkpoint's embedding has 558 rows (the tokenizer has 558 tokens): the "
   "config was edited or belongs to another model. The embedding is built with 100 rows and its weight loader asserts "
   "the loaded shape (`org_vocab_size=100 ... loaded_weight.shape[output_dim]=558`); the scheduler dies, rc -9. Put the "
   "checkpoint's vocab size (558) back in config.json.",
   "likely"),
 "sigabrt-scheduler-after-ready": ("success", "server", "unknown", ["engine-internal"],
   "Fatal Python error: Aborted",
   "After ready and one served completion the scheduler process got SIGABRT (sent by the driver, kill -ABRT, which the "
   "log cannot tell from a native abort: a C++ assertion, std::terminate, glibc heap-corruption check). faulthandler "
   "prints `Fatal Python error: Aborted` with the scheduler idling in publish_load_snapshot, the launcher sees `scheduler_0 "
   "... crashed with exit code -6` and takes the tree down (rc -9); the next request gets no answer. Look for a core "
   "dump or dmesg, and for who sends signals to the container.",
   "possible"),
 "api-key-empty-string": ("success", "server", None, [], None,
   "--api-key '' (an empty variable in a deployment template): SGLang treats the empty key as no key, adds no auth "
   "middleware, and the server answers a completion without Authorization header and one with `Bearer ` (both 200). "
   "Nothing in the log shows that the server is open; stopped by SIGTERM, rc 0.",
   "likely"),
 "dtype-half-on-bf16": ("success", "server", None, [], None,
   "--dtype half on a bf16 checkpoint on CPU: weights cast to float16, the start comes up, serves a completion (200) "
   "and is stopped by SIGTERM (rc 0). A valid, unusual setting.",
   "likely"),
 "enable-cache-report-repeat-prompt": ("success", "server", None, [], None,
   "--enable-cache-report with the same prompt sent twice: both 200, usage.prompt_tokens_details.cached_tokens 2 then "
   "13 (radix-cache hit). Stopped by SIGTERM, rc 0. A valid setting; nothing to report.",
   "likely"),
 "tmpdir-missing-folder": ("success", "server", None, [], None,
   "TMPDIR points at a folder that does not exist: Python's tempfile falls back to another temporary folder and SGLang's "
   "IPC names work; the start comes up, serves a completion (200), SIGTERM, rc 0. The log says nothing of TMPDIR.",
   "likely"),
 "ulimit-memlock-zero": ("success", "server", None, [], None,
   "ulimit -l 0 (no locked memory) before the start: nothing on the CPU path pins memory; comes up, serves a completion "
   "(200), stopped by SIGTERM, rc 0. A host limit that does not matter here.",
   "likely"),
 "shard-embed-missing-config-tied": ("success", "server", None, [], None,
   "A mismatched checkpoint: model.embed_tokens.weight removed from shard 1 and from the index, config.json says "
   "tie_word_embeddings true (lm_head.weight still in shard 4). SGLang loads it without a word about the missing "
   "tensor, comes up and answers a completion (200) with empty text (the embedding is left as initialised); stopped "
   "by SIGTERM, rc 0. Nothing in the log shows the break.",
   "possible"),
 "flush-cache-while-running": ("success", "server", None, [], None,
   "After ready, POST /flush_cache while a 400-token completion runs: SGLang refuses (`Cache not flushed because there "
   "are pending requests. #queue-req: 0, #running-req: 1`, 400 Bad Request), the completion finishes (200). The "
   "server keeps serving; the driver's wait held it until the runner's SIGTERM to the group at 180 s, a clean "
   "shutdown (rc 0). A refusal after ready, not a failure: flush when idle (or pass ?timeout=).",
   "likely"),
 "omp-wait-policy-invalid": ("success", "server", None, [], None,
   "OMP_WAIT_POLICY=sometimes: libgomp prints `Invalid value for environment variable OMP_WAIT_POLICY` in each process "
   "that loads it (launcher, scheduler, detokenizer) and uses its default; the start comes up, serves a completion "
   "(200), SIGTERM, rc 0. A harmless warning (the variable takes ACTIVE or PASSIVE).",
   "likely"),
 "config-layer-types-short": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "ValueError: `num_hidden_layers` (2) must be equal to the number of `layer_types` (1)",
   "config.json has `layer_types: [\"full_attention\"]` for a 2-layer model (a config cut down from a larger one, or "
   "edited by hand). transformers' strict config validation (validate_layer_type) rejects it while SGLang reads the "
   "config, before server_args is printed (StrictDataclassClassValidationError, rc 1). Make layer_types as long as "
   "num_hidden_layers, or drop it.",
   "likely"),
 "pythonpath-regex-so-truncated": ("failure", "config", "dependency-import", [],
   "Bus error",
   "PYTHONPATH points at a half-copied site-packages (a `regex` package whose compiled extension _regex.*.so was cut "
   "at 64 KiB). Importing it maps the file past its end: the launcher dies by SIGBUS 1.6 s in, during its imports, "
   "before printing anything; only bash's `Bus error` line (and exit 135) remains. Copy the package again or drop the "
   "PYTHONPATH entry (pip install --force-reinstall regex).",
   "possible"),
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
