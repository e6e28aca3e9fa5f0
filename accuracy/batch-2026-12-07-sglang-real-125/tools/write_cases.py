#!/usr/bin/env python3
"""Batch bm (125): write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch bl's write_cases.py (../../batch-2026-12-07-sglang-real-121/tools/) with other labels; each evidence is copied
whole from the first line of its log that contains the text given here (the script stops if none does); an evidence
of None is written as null; a label whose log is absent is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "stream-clients-hang-up-midway": ("success", "server", None, [], None,
   "none for the server: it came up and kept serving. After ready four streaming /v1/completions (max_tokens 400, "
   "ignore_eos) were sent at once and every client hung up after 2 s (curl -N -m 2, as a client with a short read "
   "timeout or a user closing the page does), each after 6 `data:` chunks. SGLang dropped the four requests without "
   "a word: the log shows only their `200 OK` access lines (written when a stream starts) and no abort, error or "
   "decode line; the next completion got 200, /health 200, clean stop on SIGTERM (rc 0). Nothing to fix on the "
   "server; a client that wants the whole answer must keep the stream open (raise its read timeout) or send "
   "non-streaming requests.",
   "likely"),
 "client-timeout-while-queued": ("success", "server", None, [],
   "#running-req: 0, #queue-req: 4",
   "none for the server: it came up and kept serving. With --max-running-requests 1, five non-streaming "
   "completions of 400 tokens (ignore_eos) were sent at once by clients that give up after 3 s (curl -m 3): one ran "
   "(about 4 tokens/s on this loaded CPU), four waited (`#queue-req: 4`), and all five clients timed out (HTTP 000 "
   "on the client side). SGLang noticed the closed connections and aborted the requests ('Request is disconnected "
   "from the client side', turned into an error response nobody received); the only trace in the log is a "
   "FastAPIDeprecationWarning from `create_error_response(str(e))`, with no access line for the five. The next "
   "completion got 200, /health 200, clean stop on SIGTERM (rc 0). Clients must wait longer than the queue takes "
   "(raise their timeout), or raise --max-running-requests so that requests do not queue.",
   "likely"),
 "stdout-stderr-piped-to-head-20": ("failure", "weights", "unknown", [],
   "2>&1 | head -n 20",
   "The start's stdout and stderr were piped into `head -n 20` (`... 2>&1 | head -n 20`, to peek at the first lines), "
   "so the log is head's 20 lines: import warnings, `server_args=...` and the scheduler's first warnings, with no "
   "error and no exit line. head exited after its 20th line and closed the pipe. SGLang ignores SIGPIPE and its "
   "logging swallows the failed writes (`--- Logging error ---`, unseen), but the weight loader's tqdm progress bar "
   "(`Multi-thread loading shards`) writes to stderr directly: BrokenPipeError in the scheduler at `Load weight "
   "begin`, `Scheduler hit an exception`, SIGQUIT to the launcher, which SIGKILLs its children and itself, 24 s after "
   "the start (seen only in a strace re-run, tools/diag-head20-strace.txt; launcher exit 137; the pipeline's status "
   "is head's 0). The only hint in the log is its first line. Send the output to a file (`> server.log 2>&1`, then "
   "`head server.log`) or through `tee`; never into head or a pager that quits. (With `head -n 50` the pipe closed "
   "after the weights had loaded and the server kept serving; that run was not kept.)",
   "likely"),
 "address-space-limit-huge-prompt": ("success", "server", None, ["host-limits"],
   "\"POST /v1/completions HTTP/1.1\" 400 Bad Request",
   "none for the server: it came up and kept serving. After ready the launcher's address space (the process that "
   "runs the HTTP server and the tokenizer) was limited to its size + 256 MiB (prlimit --as on the live process, as "
   "a ulimit -v or a container's address-space limit), then a client posted a 40 MB prompt. Parsing the body failed "
   "for lack of memory (the reply, seen only by the client: `JSON decode error ... 'Not enough memory to allocate "
   "buffer for parsing'`), answered 400 Bad Request; the log shows only a FastAPIDeprecationWarning and the 400 "
   "line, which looks like an ordinary client error. The launcher lived on: the next completion got 200, /health "
   "200, clean stop (rc 0). Without the limit (a control run on the same machine, not kept) the same body was "
   "tokenized (12,592,589 tokens, the launcher grew to about 4 GB RSS in ~75 s) and then refused with 400 (`longer "
   "than the model's context length (512 tokens)`). Raise or remove the address-space limit, and cap the request "
   "body size in a proxy in front of the server.",
   "likely"),
 "profile-trace-file-size-limit": ("success", "server", "host-limits", ["tmp-space"],
   "output_json.cpp:1042] Failed to write to log file!",
   "The start ran under `ulimit -f 512` (a 512 KiB file-size limit, as a disk quota or a full disk), came up and "
   "served. After ready POST /start_profile (CPU activities, with_stack, record_shapes, output_dir <tmp>/prof, 10 "
   "steps); when the profile stopped, the trace writer failed (`ERROR:... output_json.cpp:1042] Failed to write to "
   "log file!`), yet SGLang logged `Profiling done. Traces are saved to: <tmp>/prof`; the file there is an empty "
   "54-byte .trace.json.gz. The server kept serving (completions 200, /health 200, clean stop rc 0): only the trace "
   "is lost. Raise the file-size limit (ulimit -f unlimited) or write the profile to a disk with room.",
   "likely"),
 "parallel-sampling-n-above-max-queued": ("success", "server", None, ["invalid-argument"],
   "\"POST /v1/completions HTTP/1.1\" 503 Service Unavailable",
   "none for the server: it came up and kept serving. Started with --max-running-requests 1 --max-queued-requests "
   "2; on the idle server one completion with n 4 (parallel sampling) got 503 at once (the reply, seen only by the "
   "client: `The request queue is full.`): SGLang splits an n=4 request into a shared-prefix prefill and 4 samples, "
   "only one runs and two may wait, so the fourth sample is refused and with it the whole request. The log shows "
   "only the prefix prefill, a FastAPIDeprecationWarning from `create_error_response` and the 503 line. A plain "
   "completion then got 200, /health 200, clean stop (rc 0). Raise --max-queued-requests (or leave it out) to at "
   "least the largest n clients send, or send fewer samples per request.",
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
