#!/usr/bin/env python3
"""Batch bh: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same shape as batch bf's write_cases.py (../../batch-2026-12-07-sglang-real-115/tools/), other labels; each evidence
is copied whole from the first line of its log that contains the text given here (the script stops if none does);
a label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "host-with-port-pasted": ("failure", "nccl", "bind-address", ["invalid-argument"],
   "ValueError: Port could not be cast to integer value as",
   "--host was given as an address with its port pasted on (`--host 0.0.0.0:37701`, copied from a URL or a "
   "`host:port` setting). SGLang also uses --host as torch.distributed's rendezvous address, so the scheduler builds "
   "`tcp://0.0.0.0:37701:<port>` and `init_process_group` fails right after `Init parallel begin.` with "
   "`ValueError: Port could not be cast to integer value as '37701:25184'`; the launcher gets SIGQUIT and kills its "
   "process tree (rc -9). Give the address alone and the port separately: `--host 0.0.0.0 --port 37701`.",
   "likely"),
 "host-ipv6-bracketed": ("failure", "server", "bind-address", ["invalid-argument"],
   "ERROR:    [Errno -2] Name or service not known",
   "--host was given in URL form with brackets (`--host [::1]`). torch.distributed accepts it (the rendezvous "
   "`tcp://[::1]:port` is a valid URL), so weights and KV cache come up, but uvicorn passes `[::1]` to getaddrinfo, "
   "which does not know it: `ERROR:    [Errno -2] Name or service not known`, then `Waiting for application "
   "shutdown.`; SGLang's warm-up keeps asking http://[::1]:37702/model_info (Connection refused) for 120 s, then "
   "`Initialization failed. warmup error` and it kills its process tree (rc -9). Give the bare address: `--host ::1`.",
   "likely"),
 "http-port-held-ipv6-dualstack": ("failure", "server", "port-in-use", [],
   "error while attempting to bind on address ('127.0.0.1', 37703): address already in use",
   "Another program (here `python3 -m http.server 37703 --bind ::`, a dual-stack IPv6 socket on [::]:37703, which also "
   "takes the port for every IPv4 address) already listened on the port; a check for 127.0.0.1:37703 alone does "
   "not show it. Uvicorn cannot bind 127.0.0.1:37703 (`[Errno 98] ... address already in use`); "
   "SGLang's warm-up then reaches the other program (`GET /model_info` -> 404), and after 120 s SGLang logs "
   "`Initialization failed. warmup error ... AssertionError: res=<Response [404]>` and kills its process tree (rc -9). "
   "Stop the other program (`ss -ltnp 'sport = :37703'`) or start SGLang with another --port.",
   "confirmed"),
 "detokenizer-sigterm-after-ready": ("success", "server", "terminated", [],
   "Subprocess detokenizer (pid=",
   "The server was up and had answered a completion when its detokenizer process (sglang::detokenizer) got SIGTERM "
   "(here `kill <pid>` by the driver, as someone cleaning up a \"stray\" python process would). The launcher logs "
   "`Subprocess detokenizer (pid=...) crashed with exit code -15. Triggering SIGQUIT for cleanup...`, dumps the "
   "healthy scheduler with py-spy, waits 60 s for CUDA coredumps and kills its process tree (rc -9); the next "
   "completion got no answer. Nothing is wrong with the model or flags: find who sent the signal and start again.",
   "likely"),
 "scheduler-sigint-after-ready": ("success", "server", "terminated", [],
   "KeyboardInterrupt",
   "The server was up and had answered a completion when the scheduler process (sglang::scheduler) alone got SIGINT "
   "(here `kill -INT <pid>` by the driver; the start ran with SIGINT's default handling, as from a terminal). The "
   "scheduler ends with a `Process Process-1:` traceback and `KeyboardInterrupt` in its idle loop, the launcher logs "
   "`Subprocess scheduler_0 (pid=...) crashed with exit code 1. Triggering SIGQUIT for cleanup...`, finds no live "
   "scheduler and kills its process tree (rc -9); the next completion got no answer. Nothing is wrong with the "
   "model or flags: find who sent the signal and start again.",
   "likely"),
 "chat-template-typeerror-at-request": ("success", "server", "invalid-argument", [],
   "\"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request",
   "--chat-template points at a Jinja file that parses but fails when rendered (`message['content'] + 1`: "
   "adds an int to a string). SGLang loads it at start without complaint (`Loading chat template from argument`, "
   "`Detected user specified Jinja chat template with content format: string`) and comes up; every chat request "
   "then gets 400 Bad Request with `can only concatenate str (not \"int\") to str` (in the reply only, not in the "
   "log); completions (200) and /health (200) work, rc 0 on SIGTERM. Fix the template (render it once with "
   "`jinja2` on a sample conversation before deploying).",
   "likely"),
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
