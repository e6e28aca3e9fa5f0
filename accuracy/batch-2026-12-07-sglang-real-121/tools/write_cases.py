#!/usr/bin/env python3
"""Batch bl: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch bj's write_cases.py (../../batch-2026-12-07-sglang-real-119/tools/) with other labels; each evidence is copied
whole from the first line of its log that contains the text given here (the script stops if none does); an evidence
of None is written as null; a label whose log is absent is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "hf-home-points-at-hub-folder": ("failure", "config", "model-not-found", [],
   "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache",
   "HF_HOME was set to the hub folder itself (`HF_HOME=<tmp>/hfcache/hub`) instead of its parent, with "
   "HF_HUB_OFFLINE=1 and a hub id (`--model-path tiny-org/tiny-llama`). huggingface_hub then looks for the repo in "
   "<tmp>/hfcache/hub/hub/models--tiny-org--tiny-llama, which does not exist, so config.json is 'not in the disk "
   "cache' (`LocalEntryNotFoundError`, then transformers' `OSError: We couldn't connect to 'https://huggingface.co' "
   "...` although no connection was tried) while SGLang resolves its arguments, before any process starts (rc 1). "
   "Set HF_HOME to the folder that contains hub/ (here <tmp>/hfcache), or set HF_HUB_CACHE=<tmp>/hfcache/hub.",
   "confirmed"),
 "hub-refs-main-snapshot-deleted-offline": ("failure", "config", "model-not-found", ["corrupt-checkpoint"],
   "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache",
   "HF_HUB_OFFLINE=1 with a hub id whose cache is inconsistent: refs/main names revision 89abcdef..., but that "
   "snapshot folder was deleted (as a cache clean-up of one revision leaves it); only an older snapshot "
   "(01234567...) is there, complete. Offline, huggingface_hub resolves refs/main and finds no config.json for it: "
   "`LocalEntryNotFoundError: Cannot find the requested files in the disk cache ...`, then transformers' "
   "`OSError: We couldn't connect to 'https://huggingface.co' ...`, while SGLang resolves its arguments (rc 1). The "
   "log is the same as for a repo that is not cached at all. Download the model again while online (or point "
   "refs/main at the snapshot that exists, or pass --revision 0123456789abcdef0123456789abcdef01234567).",
   "likely"),
 "hub-id-shadowed-by-empty-folder": ("failure", "config", "model-not-found", ["corrupt-checkpoint"],
   "ValueError: Unrecognized model in tiny-org/tiny-llama. Should have a `model_type` key in its config.json.",
   "`--model-path tiny-org/tiny-llama` (a hub id, cached in HF_HOME, HF_HUB_OFFLINE=1) was started from a folder "
   "(<tmp>/proj) that holds an empty folder tiny-org/tiny-llama (e.g. made for a download that never ran). A path "
   "that exists wins over a hub id, so SGLang and transformers read the empty local folder: "
   "`ValueError: Unrecognized model in tiny-org/tiny-llama. Should have a `model_type` key in its config.json.` "
   "while resolving the arguments (rc 1). Remove or rename the local folder, start from another folder, or pass the "
   "snapshot path.",
   "likely"),
 "chunked-prefill-size-zero": ("failure", "kv_cache", "invalid-argument", ["kv-cache-insufficient"],
   "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=-0.047.",
   "--chunked-prefill-size 0 (meant as 'no chunking'; -1 is the documented value, and fails the same way on CPU). SGLang derives "
   "--mem-fraction-static from the chunked prefill size when it is not given, and with 0 the derived value is "
   "negative (`'mem_fraction_static': -0.047` in server_args; 0.716 in a plain start on the same machine at the "
   "same time). The weights load, then sizing the KV cache fails: `ValueError: Loaded weights leave no GPU memory "
   "for the KV cache under --mem-fraction-static=-0.047. Raise --mem-fraction-static above 0.008 ...` (Scheduler "
   "hit an exception, SIGQUIT, rc -9). The message points at --mem-fraction-static, but the flag to fix is "
   "--chunked-prefill-size: leave it out or give a positive size; to disable chunking, also give "
   "--mem-fraction-static explicitly (e.g. 0.8), which avoids the derivation.",
   "likely"),
 "request-min-tokens-above-max-tokens": ("success", "server", None, ["invalid-argument"],
   "\"POST /v1/completions HTTP/1.1\" 400 Bad Request",
   "none for the server: it came up and kept serving. After ready a completion with min_tokens 64 and max_tokens 16 "
   "got 400 (the reply body, seen only by the client: `min_new_tokens must be in [0, max_new_tokens(16)], got "
   "64.`); the log shows only the `400 Bad Request` access line. The next plain completion got 200, /health 200, "
   "clean stop on SIGTERM (rc 0). The client should send min_tokens <= max_tokens.",
   "likely"),
 "request-stop-empty-string": ("success", "server", None, ["invalid-argument"], None,
   "none for the server: it came up and kept serving. After ready a completion with `\"stop\": [\"\"]` (an empty "
   "stop string, e.g. from a blank client setting) got 200 but with empty text after one token "
   "(`finish_reason: stop`, `matched_stop: \"\"`): the empty string matches at once. Nothing in the log shows it "
   "(only `200 OK` access lines); the next plain completion got 200 with text; clean stop on SIGTERM (rc 0). The "
   "client should drop empty stop strings.",
   "likely"),
}
rows = []
for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
    p = os.path.join(D, name + ".log")
    if not os.path.exists(p):
        continue
    lines = open(p, errors="replace").read().splitlines()
    hit = None
    if ev is not None:
        hit = next((l for l in lines if ev in l), None)
        if hit is None:
            sys.exit(f"{name}: evidence not in log: {ev!r}")
    rows.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                     category=cat, secondary=sec, evidence=hit, remediation=rem, confidence=conf,
                     source=SRC.format(name)))
with open(os.path.join(D, "cases.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "cases")
