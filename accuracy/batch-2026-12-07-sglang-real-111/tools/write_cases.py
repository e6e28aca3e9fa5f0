#!/usr/bin/env python3
"""Batch bc: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch bb's write_cases.py (../../batch-2026-12-07-sglang-real-108/tools/), other labels; a
label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "pythonutf8-invalid": ("failure", "config", "invalid-argument", [],
   "Fatal Python error: preconfig_init_utf8_mode: invalid PYTHONUTF8 environment variable value",
   "PYTHONUTF8=2 is not a value Python accepts (only 0 or 1): the interpreter stops while it reads its own "
   "configuration, before any module is imported (`Fatal Python error: preconfig_init_utf8_mode: invalid PYTHONUTF8 "
   "environment variable value`, `Python runtime state: preinitializing`, rc 1, no SGLang line). Set PYTHONUTF8=1 "
   "(or 0), or unset it.",
   "likely"),
 "sitecustomize-sys-exit": ("failure", "config", "dependency-import", ["invalid-argument"],
   "Fatal Python error: init_import_site: Failed to import the site module",
   "A folder on PYTHONPATH holds a site policy `sitecustomize.py` that calls sys.exit() when the variable "
   "DEPLOY_ENV is not set. Python imports sitecustomize while it starts; a SystemExit there is not caught as an "
   "ordinary error is (a failing sitecustomize is otherwise only reported and skipped), so the interpreter stops "
   "before SGLang is imported: `Fatal Python error: init_import_site: Failed to import the site module` with the "
   "traceback into `<tmp>/site/sitecustomize.py` and `SystemExit: sitecustomize: DEPLOY_ENV is not set; refusing to "
   "start` (rc 1). Set what the site policy asks for (DEPLOY_ENV), or take that folder off PYTHONPATH / fix the "
   "sitecustomize.py.",
   "possible"),
 "path-venv-bin-only": ("failure", "config", "dependency-import", ["host-limits"],
   "FileNotFoundError: [Errno 2] No such file or directory: 'lscpu'",
   "PATH holds only the venv's bin folder (as a service unit or a container ENV that replaces PATH instead of "
   "prepending to it). On --device cpu SGLang runs `lscpu` to read the CPU/NUMA topology while it resolves its "
   "arguments; with /usr/bin off PATH the command is not found: `FileNotFoundError: [Errno 2] No such file or "
   "directory: 'lscpu'`, re-raised as `RuntimeError: Unexpected error running 'lscpu'` (rc 1, before server_args). "
   "Keep the system folders on PATH (PATH=<venv>/bin:/usr/local/bin:/usr/bin:/bin).",
   "possible"),
 "config-rope-linear-factor-string": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "ValueError: invalid literal for int() with base 10: '4.04.04.0",
   "config.json has \"rope_parameters\": {\"rope_type\": \"linear\", \"factor\": \"4.0\"} (the factor a string). "
   "transformers only warns (`rope_parameters`'s factor field must be a float or int >= 1, got 4.0); SGLang then "
   "derives the context length as int(factor * max_position_embeddings), which for a string repeats it 512 times: "
   "`ValueError: invalid literal for int() with base 10: '4.04.04.0...'` in get_context_length while it resolves "
   "its arguments (rc 1, before server_args). Write a JSON number: \"factor\": 4.0.",
   "likely"),
 "config-max-position-8": ("failure", "server", "invalid-argument", ["max-len-exceeds-model", "corrupt-checkpoint"],
   "AssertionError: {\"error\":{\"message\":\"The input (17 tokens) is longer than the model's context length (8 tokens).\"}}",
   "config.json has \"max_position_embeddings\": 8 (a wrong value; the model was made for 512). SGLang takes it as "
   "the context length (`context_len=8`), loads, starts the HTTP server, and its own warm-up request is refused: "
   "`The input (17 tokens) is longer than the model's context length (8 tokens).`, `POST /generate 400`, "
   "`Initialization failed. warmup error` with that AssertionError, and the launcher kills its processes (rc -9, "
   "before ready). Put the model's real max_position_embeddings back in config.json (--context-length can only "
   "lower it without SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN).",
   "likely"),
 "config-vocab-size-below-tokenizer": ("failure", "server", "corrupt-checkpoint", ["engine-internal", "invalid-argument"],
   "IndexError: index out of range in self",
   "The checkpoint and config.json agree on a vocabulary of 256 (embed_tokens and lm_head have 256 rows), but the "
   "folder's tokenizer.json has 558 tokens (a tokenizer of a larger or extended vocabulary put beside weights that "
   "were never resized). Nothing checks this at load; SGLang comes as far as its HTTP server, and the first token "
   "id above 255 in its own warm-up request fails in the embedding lookup: `Scheduler hit an exception` with "
   "`IndexError: index out of range in self` (F.embedding), SIGQUIT, `No live scheduler processes found; skipping "
   "py-spy and CUDA coredump.`, and the launcher kills its group (rc -9, never ready; no POST /generate line). Use the tokenizer that belongs to the checkpoint, or resize the "
   "embeddings (and lm_head) to the tokenizer's vocabulary and set vocab_size accordingly.",
   "possible"),
}
# came up
L.update({
 "pythonsafepath-cwd-shadow-openai": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: the start's current folder holds a stray `openai.py` (a test script that raises when imported), "
   "which `python -m` would put in front of the installed openai package, but PYTHONSAFEPATH=1 keeps the current "
   "folder off sys.path (for the scheduler and detokenizer processes too, which inherit the variable). The start "
   "comes up, serves both requests and stops cleanly on SIGTERM (rc 0). Nothing to fix.",
   "likely"),
 "pythonasynciodebug": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: PYTHONASYNCIODEBUG=1 turns on asyncio's debug mode in every process (slow-callback checks, task "
   "origin tracking). The start comes up, serves both requests and stops cleanly on SIGTERM (rc 0); the log shows "
   "no asyncio debug line. Nothing to fix.",
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
