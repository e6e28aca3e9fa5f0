#!/usr/bin/env python3
"""Batch ah: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole. Fields as batch ab's.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "input-embeds-width-4": ("success", "server", "engine-internal", ["invalid-argument"],
   "ValueError: Expected hidden_size to be 128, but found: 4",
   "After ready, one POST /generate sent input_embeds of 4 floats per token to a model whose hidden size is 128. "
   "SGLang checks the embedding count, not the width; the scheduler's forward pass failed in the first layer norm "
   "(`Scheduler hit an exception`), the scheduler died and took the whole server down (SIGQUIT to the launcher, rc -9). "
   "Send input_embeds of the model's hidden size; a server that must survive bad clients needs a check in front of it.",
   "likely"),
 "config-json-utf16-crlf": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
   "config.json was re-saved as UTF-16 with a byte-order mark and CRLF line ends (what Windows PowerShell's `>` "
   "or an editor's 'Unicode' encoding writes); transformers reads it as UTF-8 and stops at byte 0xff "
   "(`is not a valid JSON file`, rc 1). Save config.json as UTF-8 without BOM (or download it again).",
   "likely"),
 "omp-stacksize-200g": ("failure", "weights", "host-limits", [],
   "libgomp: Thread creation failed: Resource temporarily unavailable",
   "OMP_STACKSIZE=200G asks libgomp for a 200 GiB stack per OpenMP thread; the first parallel torch operation in "
   "the scheduler (loading the shards) cannot create its threads, libgomp exits the scheduler (`Rank 0 scheduler "
   "died during initialization (exit code: 1)`). Unset OMP_STACKSIZE or give it a size that fits (e.g. 16M).",
   "likely"),
 "model-path-file-uri": ("failure", "config", "model-not-found", ["invalid-argument"],
   "ValueError: Invalid connector type: file://",
   "--model-path was given as a file:// URI; SGLang takes any `scheme://` path for a remote connector, knows no "
   "`file` connector and stops before reading the model (rc 1). Pass the plain folder path.",
   "likely"),
 "configure-logging-bad-level": ("success", "server", None, [],
   None,
   "Came up; after ready POST /configure_logging with log_level `verbose` failed with HTTP 500 (`ValueError: "
   "Unknown level: 'VERBOSE'` traceback in the log), and serving went on (the next completion 200). "
   "Use debug/info/warning/error/critical.",
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
print(len(L), "cases")
