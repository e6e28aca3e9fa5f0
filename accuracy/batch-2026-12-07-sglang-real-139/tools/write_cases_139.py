#!/usr/bin/env python3
"""Batch 139: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 138's write_cases_138.py (../../batch-2026-12-07-sglang-real-138/tools/, itself batch 135's and earlier) with
other labels; each evidence is copied whole from the first line of its log that contains the text given here (the
script stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_139.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "ssl-refresh-without-cert": ("failure", "config", "invalid-argument", [],
   "ValueError: --enable-ssl-refresh requires --ssl-certfile and --ssl-keyfile to be specified.",
   "--enable-ssl-refresh without --ssl-certfile / --ssl-keyfile: the argument resolution (handle_ssl_validation) "
   "refuses it before any process starts: 'ValueError: --enable-ssl-refresh requires --ssl-certfile and "
   "--ssl-keyfile to be specified.' (rc 1 after about 11 s, no server_args line). Give the certificate and key "
   "(--ssl-certfile, --ssl-keyfile) whose renewal the server should pick up, or drop --enable-ssl-refresh to "
   "serve plain HTTP.",
   "likely"),
 "sampling-mask-max-tokens-zero": ("failure", "config", "invalid-argument", [],
   "ValueError: --sampling-mask-max-tokens must be positive (got 0).",
   "--sampling-mask-max-tokens 0: the argument resolution (validate_sampling_mask_max_tokens) refuses it before "
   "any process starts: 'ValueError: --sampling-mask-max-tokens must be positive (got 0).' (rc 1 after about 12 s, "
   "no server_args line). Give a positive value (default 4096; the same on prefill and decode nodes) or drop the "
   "flag.",
   "likely"),
 "lora-chunk-size-not-power-of-two": ("failure", "config", "invalid-argument", [],
   "sglang serve: error: argument --max-lora-chunk-size: invalid choice: 48",
   "--enable-lora --max-lora-rank 8 --lora-target-modules all --max-lora-chunk-size 48: argparse refuses the value "
   "after printing the whole usage text: 'sglang serve: error: argument --max-lora-chunk-size: invalid choice: 48 "
   "(choose from 16, 32, 64, 128)' (rc 2 after about 7 s; the usage names 'sglang serve' though the command was "
   "python -m sglang.launch_server). Give a power of 2 between 16 and 128 (16, 32, 64, 128) or drop "
   "--max-lora-chunk-size.",
   "likely"),
 "streaming-session-open-when-disabled": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Came up without --enable-streaming-session; after ready a client sent POST /open_session with "
   "{\"capacity_of_str_len\": 1000, \"streaming\": true} and got 400 Bad Request (body: 'Streaming sessions are "
   "disabled. Please relaunch with --enable-streaming-session.'; only the access-log line '\"POST /open_session "
   "HTTP/1.1\" 400 Bad Request' and a FastAPI deprecation warning are in the log). The server went on serving "
   "(the next completion and two /health got 200, rc 0 after SIGTERM). Relaunch with --enable-streaming-session "
   "if streaming sessions are wanted, or have the client open a non-streaming session (streaming false or left out).",
   "likely"),
 "uvicorn-access-log-exclude-health": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: a control. --uvicorn-access-log-exclude-prefixes /health drops the access-log lines of /health: the "
   "log has none (not the warm-up's 503s before ready, not the driver's 200 after), while /model_info, /generate, "
   "/freeze_gc, the completion and the chat (200) are logged. Came up, served, rc 0 after SIGTERM. Nothing to fix; "
   "a health probe's failures are then not in the log either.",
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
