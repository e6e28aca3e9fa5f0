#!/usr/bin/env python3
"""Batch ba: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch az's write_cases.py (../../batch-2026-12-06-sglang-real-104/tools/), other labels; a
label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "venv-base-python-removed": ("failure", "config", "dependency-import", [],
   "pyenv: python: command not found",
   "The venv's python is a symlink to the base interpreter <home>/.pyenv/versions/3.11.7/bin/python3.11, and that "
   "interpreter is gone (its bin/ hidden by an empty folder in the start's mount namespace, as `pyenv uninstall "
   "3.11.7`, a Python upgrade by the package manager or a venv copied to another machine leaves it). The venv's "
   "bin/python is now a dangling symlink, so the shell skips it and runs the next `python` on PATH, pyenv's shim, "
   "which finds no 3.11.7 either: `pyenv: python: command not found` and a list of the other installed versions "
   "(rc 127, under 1 s; sglang is never imported). Reinstall the base Python the venv was made with (`pyenv install "
   "3.11.7`) or recreate the venv with an installed Python and reinstall sglang into it.",
   "likely"),
 "tokenizer-batch-encode-and-dynamic": ("failure", "config", "invalid-argument", [],
   "ValueError: Cannot enable both --enable-tokenizer-batch-encode and --enable-dynamic-batch-tokenizer.",
   "Two tokenizer batching modes were asked for at once: --enable-tokenizer-batch-encode and "
   "--enable-dynamic-batch-tokenizer exclude each other. SGLang's argument resolution refuses the pair before "
   "anything starts (`ValueError: Cannot enable both --enable-tokenizer-batch-encode and "
   "--enable-dynamic-batch-tokenizer. Please choose one tokenizer batching approach.`, rc 1, no server_args line). "
   "Keep one of the two flags.",
   "confirmed"),
 "schedule-conservativeness-negative": ("failure", "config", "invalid-argument", [],
   "AssertionError: schedule_conservativeness must be non-negative",
   "--schedule-conservativeness -0.5 is out of range (it scales how much KV room the scheduler keeps for running "
   "requests; 0 or more, default 1.0). The launcher stops in check_server_args (called from _launch_subprocesses, "
   "before any process starts and before the server_args line) with `AssertionError: schedule_conservativeness must be non-negative` (rc 1). Give a "
   "value of 0 or more (lower than 1 to schedule more aggressively).",
   "confirmed"),
 "enable-watermark-cpu": ("failure", "config", "invalid-argument", ["cuda-driver-mismatch"],
   "--enable-watermark requires --device cuda",
   "--enable-watermark (output watermarking) on a start with --device cpu: SGLang supports watermarking only on "
   "CUDA and its argument checks refuse the start (`--enable-watermark requires --device cuda, got 'cpu'`, rc 1) "
   "before any process starts. Drop --enable-watermark on CPU (or run on a CUDA GPU).",
   "likely"),
 "tokenizer-metrics-labels-no-header": ("failure", "config", "invalid-argument", [],
   "Please set --tokenizer-metrics-custom-labels-header",
   "--tokenizer-metrics-allowed-custom-labels names the custom metric labels a request may set, but they are read "
   "from a request header that was not given: SGLang's argument checks refuse the start (`Please set "
   "--tokenizer-metrics-custom-labels-header when setting --tokenizer-metrics-allowed-custom-labels.`, rc 1). Add "
   "--tokenizer-metrics-custom-labels-header (the header that carries the labels) or drop the allowed labels.",
   "likely"),
}
# starts that came up
L.update({
 "pth-editable-finder-missing": ("success", "server", None, ["dependency-import"],
   "The server is fired up and ready to roll!",
   "Comes up and serves (200), stops cleanly on SIGTERM (rc 0). Each new Python process of the start (launcher, "
   "scheduler, detokenizer, helpers; 8 times in all) first prints `Error processing line 1 of <venv>/.../distutils-precedence.pth:` "
   "with a `ModuleNotFoundError: No module named '__editable___mytools_0_1_finder'` traceback and `Remainder of file "
   "ignored`: a .pth line that an editable install (`pip install -e`) leaves, whose finder module is gone (the "
   ".pth bound over the venv's distutils-precedence.pth in the start's mount namespace). Python's site module "
   "reports and skips the line, so the tracebacks are noise and not the cause of anything. Clean up the stale "
   "editable install (`pip uninstall mytools`, or delete the __editable__*.pth file).",
   "likely"),
 "config-rope-yarn-original-above-max": ("success", "server", None, ["corrupt-checkpoint"],
   "The server is fired up and ready to roll!",
   "config.json's rope_parameters say yarn with factor 4.0 and original_max_position_embeddings 2048, above "
   "max_position_embeddings 512 (the implicit factor would be 0.25). transformers warns (`The explicitly set RoPE "
   "scaling factor ... does not match the ratio implicitly set by other parameters ... Using the explicit factor "
   "(4.0) in YaRN. This may cause unexpected behaviour`, three times) and SGLang goes on with context_len=512; the "
   "start comes up, serves (200) and stops cleanly (rc 0). The model's answers may be off (not checked: the model "
   "is random). Make the config consistent: max_position_embeddings = factor x original_max_position_embeddings.",
   "possible"),
 "delete-ckpt-after-loading": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: --delete-ckpt-after-loading (valid) deletes the model folder once the server is up. The start comes "
   "up, serves (200) and stops cleanly on SIGTERM (rc 0); the folder (a copy of tiny-llama) was gone afterwards, "
   "and no line of the log says so. Nothing to fix; keep a copy of the model elsewhere if it is needed again.",
   "likely"),
 "model-folder-noexec-mount": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: the model folder lies on a volume mounted noexec,nosuid,nodev (bound in the start's own mount "
   "namespace), as data volumes often are. The safetensors shards are mapped read-only, never executable, so "
   "nothing changes: the start comes up, serves (200) and stops cleanly on SIGTERM (rc 0). Nothing to fix.",
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
