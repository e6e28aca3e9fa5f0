#!/usr/bin/env python3
"""Batch az: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ay's write_cases.py (../../batch-2026-12-06-sglang-real-103/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "venv-mount-noexec": ("failure", "config", "host-limits", ["dependency-import"],
   "failed to map segment from shared object",
   "The venv lies on a noexec mount (bind-mounted with noexec in the start's own mount namespace, as a hardened "
   "container or a home/cache volume mounted noexec has it). Python itself starts (its binary is elsewhere), but no "
   "compiled extension of site-packages can be mapped executable: the first one, numpy's _multiarray_umath, fails "
   "with `failed to map segment from shared object`, and numpy turns that into a misleading `Error importing numpy: "
   "you should not try to import numpy from its source directory`; the launcher stops while importing sglang (rc 1, "
   "under 1 s). Nothing is wrong with numpy: remount the volume without noexec (or put the venv on an exec mount), "
   "e.g. drop `noexec` from the fstab/volume options.",
   "likely"),
 "python-lib-dynload-missing": ("failure", "config", "dependency-import", [],
   "ModuleNotFoundError: No module named '_struct'",
   "The base interpreter of the venv (pyenv 3.11.7) has lost its lib-dynload folder (an empty tmpfs over it in the "
   "start's mount namespace, as a partly copied or pruned Python install, e.g. an image-slimming step that deletes "
   "lib-dynload/*.so, leaves it): every C extension module of the standard library is missing. The launcher dies "
   "while importing sglang (`import base64` -> `import struct` -> `ModuleNotFoundError: No module named '_struct'`, "
   "rc 1, 0.1 s). Reinstall the base Python (pyenv install 3.11.7 --force, or the image's python package) and "
   "recreate the venv if needed; `python -c 'import _struct, math, _ctypes'` checks it.",
   "likely"),
 "tokenizers-dist-info-emptied": ("failure", "config", "dependency-import", [],
   "ValueError: Unable to compare versions for tokenizers>=0.23.1,<0.24.0: need=0.23.1 found=None.",
   "The installed tokenizers package has lost its metadata (its tokenizers-0.23.2.dist-info folder is empty: an "
   "empty tmpfs over it in the start's mount namespace, as an image-slimming step that strips dist-info files or a "
   "copy of site-packages without them leaves it); the package code itself is intact. transformers checks its "
   "dependency versions at import (importlib.metadata), finds no version and stops (`Unable to compare versions for "
   "tokenizers>=0.23.1,<0.24.0: need=0.23.1 found=None. This is unusual. Consider reinstalling tokenizers.`) while "
   "sglang is imported, rc 1. Reinstall the package with its metadata (`pip install --force-reinstall "
   "tokenizers==0.23.2`) and do not strip *.dist-info from the image.",
   "likely"),
 "hf-snapshot-nosymfollow-mount": ("failure", "config", "host-limits", ["corrupt-checkpoint", "model-not-found"],
   "ValueError: Unrecognized model in <tmp>/hub/models--local--tiny-llama/snapshots/",
   "--model-path is a Hugging Face cache snapshot folder (every file a relative symlink into ../../blobs/), and the "
   "cache volume is mounted nosymfollow (bound with nosymfollow in the start's mount namespace, as a hardened "
   "mount does it): no symlink can be followed, so config.json reads as absent. transformers does not say so: "
   "`ValueError: Unrecognized model in <snapshot>. Should have a `model_type` key in its config.json.` while the "
   "launcher resolves its arguments (rc 1). The files are fine: remount the cache without nosymfollow, or give "
   "SGLang a folder of real files (`huggingface-cli download --local-dir`, or `cp -L` the snapshot).",
   "possible"),
 "prefill-max-requests-zero": ("hang", "server", "invalid-argument", [],
   "\"GET /health HTTP/1.1\" 503 Service Unavailable",
   "--prefill-max-requests 0 is accepted by the argument checks, but the scheduler then admits at most 0 requests "
   "into a prefill batch, so no request is ever run. The start loads, allocates the KV cache and opens the HTTP "
   "server (`Uvicorn running on`), SGLang's own warm-up request (`GET /model_info` 200, then a generate) never gets "
   "an answer, `The server is fired up` never comes and /health answers 503 for the next ~170 s until the start "
   "was stopped (SIGTERM; the scheduler exit -15 is from that). Drop the flag (no limit) or give it a positive "
   "number.",
   "likely"),
}
# starts that came up and showed nothing wrong in their logs
L.update({
 "shards-browser-duplicate-partial": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing to fix for serving: next to the four shards lies `model-00002-of-00004 (1).safetensors`, an "
   "interrupted second download of shard 2 (half its bytes, the name a browser gives a repeated download). "
   "model.safetensors.index.json names only the four real shards, and SGLang keeps only the files the index names, "
   "so the stray copy is never opened (`4/4` shards loaded, no line names it); the start comes up, serves (200) "
   "and stops cleanly on SIGTERM (rc 0). Delete the stray file anyway: without an index it would be loaded.",
   "likely"),
 "pythonprofileimporttime": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing to fix: PYTHONPROFILEIMPORTTIME=1 (a debugging variable left set) makes every Python process of the "
   "start (launcher, scheduler, detokenizer) write one `import time:` line per imported module to stderr, some "
   "22,000 lines around the usual ones. The start comes up, serves (200) and stops cleanly on SIGTERM (rc 0). "
   "Unset the variable to get the log back to its normal size.",
   "likely"),
 "dynamic-batch-tokenizer-batch-size-zero": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing to fix in this log: --enable-dynamic-batch-tokenizer --dynamic-batch-tokenizer-batch-size 0 is "
   "accepted, the start comes up, answers a completion and a chat completion one at a time (200) and stops cleanly "
   "on SIGTERM (rc 0); no line mentions the batch tokenizer. Concurrent requests were not tried: a batch size of 0 "
   "makes no sense, set a positive size (default 32) or leave the option out.",
   "possible"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
