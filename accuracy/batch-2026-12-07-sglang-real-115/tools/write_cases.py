#!/usr/bin/env python3
"""Batch bf: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same shape as batch be's write_cases.py (../../batch-2026-12-07-sglang-real-114/tools/), other labels; each evidence
is copied whole from the first line of its log that contains the text given here (the script stops if none does);
a label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "ssl-certfile-der-format": ("failure", "server", "invalid-argument", [],
   "ssl.SSLError: [SSL] PEM lib",
   "--ssl-certfile points at a certificate in DER (binary) form (server.crt, as exported from a Windows certificate "
   "store or a CA portal), not PEM. SGLang checks only that the file exists: the whole start runs (weights, KV cache, "
   "`SSL enabled: certfile=...` is logged), then uvicorn builds its SSL context and "
   "`ctx.load_cert_chain(certfile, keyfile)` fails with `ssl.SSLError: [SSL] PEM lib (_ssl.c:3905)` before it binds "
   "the port (rc 1). Convert the certificate to PEM (`openssl x509 -inform der -in server.crt -out server.pem`) and "
   "pass that file.",
   "likely"),
 "ctrl-c-group-during-load": ("failure", "weights", "terminated", [],
   "KeyboardInterrupt",
   "The start was interrupted from its terminal: SIGINT (Ctrl-C) went to the whole foreground process group (launcher, "
   "scheduler, detokenizer) right when `Load weight begin` was logged. The detokenizer (`Process Process-2:`) and the "
   "launcher (waiting in `_wait_for_scheduler_ready`) end with `KeyboardInterrupt` tracebacks, SGLang kills its "
   "process tree, rc 1. Nothing is wrong with the model or the flags: start again and let it finish (run it under "
   "nohup/tmux/systemd so that a keystroke or a closed terminal does not reach it).",
   "likely"),
 "scheduler-sigkill-during-warmup": ("failure", "server", "terminated", [],
   "Subprocess scheduler_0 (pid=",
   "The scheduler process (sglang::scheduler) got SIGKILL from outside right after `Uvicorn running on` was logged, "
   "while SGLang's own warm-up request was on its way (here kill -9 by the driver; the same is seen when the OOM "
   "killer or a watchdog picks the scheduler). The launcher logs `Subprocess scheduler_0 (pid=...) crashed with exit "
   "code -9. Triggering SIGQUIT for cleanup...`, then kills its process tree including itself (rc -9); `The server "
   "is fired up` never comes. Find who killed the process (dmesg / journal for the OOM killer, the container's "
   "events); if it was memory, give the container more RAM.",
   "likely"),
 "request-ebnf-unclosed-string": ("success", "server", None, ["invalid-argument"],
   "Hit invalid ebnf: key_string=",
   "none for the server: it came up and kept serving. One client /generate request carried an EBNF grammar with an "
   "unclosed string literal (`root ::= \"yes\" | \"no`); xgrammar (the default grammar backend) cannot compile it: "
   "`Hit invalid ebnf ... EBNF lexer error at line 1, column 21: Expect \" in string literal`, the request gets 400 "
   "Bad Request; the next completion (200) and /health (200) show the server unharmed, and it stopped cleanly on "
   "SIGTERM (rc 0). Fix the grammar in the client (close the string: `root ::= \"yes\" | \"no\"`).",
   "confirmed"),
 "request-token-ids-logprob-above-vocab": ("success", "server", None, ["invalid-argument"],
   "token_ids_logprob contains out-of-vocabulary token id",
   "none for the server: it came up and kept serving. One client /generate request asked for the logprobs of token "
   "ids 32000 and 128000 (`token_ids_logprob`, ids of another model's tokenizer) on a model with a 558-token "
   "vocabulary; SGLang refuses it (`token_ids_logprob contains out-of-vocabulary token id 32000; valid range is "
   "[0, 558).`, 400 Bad Request); the next completion (200) and /health (200) show the server unharmed, rc 0 on "
   "SIGTERM. Send ids of this model's own tokenizer.",
   "confirmed"),
 "sighup-group-at-kv-cache": ("hang", "kv_cache", "terminated", [],
   "Engine startup timings (s):",
   "The start's terminal went away (SIGHUP to the whole foreground process group, as an ssh session that drops or a "
   "closed terminal window sends) right when `KV Cache is allocated` was logged. SIGHUP's default action ends the "
   "launcher, scheduler and detokenizer at once, without a Python message: the log just stops after the scheduler's "
   "`Engine startup timings` line (rc -1 by the runner, not in the log). Start the server detached from the terminal "
   "(nohup, tmux/screen, systemd, a container) and start it again.",
   "uncertain"),
}
rows = []
for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
    p = os.path.join(D, name + ".log")
    if not os.path.exists(p):
        continue
    lines = open(p, errors="replace").read().splitlines()
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
