#!/usr/bin/env python3
"""Batch 131: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 129's write_cases_129.py (../../batch-2026-12-07-sglang-real-129/tools/, itself batch 127's) with other labels; each evidence is copied
whole from the first line of its log that contains the text given here (the script stops if none does); an evidence
of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_131.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "tqdm-mininterval-with-unit": ("failure", "config", "invalid-argument", ["dependency-import"],
   "ValueError: could not convert string to float: '30s'",
   "TQDM_MININTERVAL=30s (meant to slow progress bars down in CI logs; the value must be a bare number of seconds). "
   "tqdm reads every TQDM_* variable when its module is imported and converts it to the type of the matching "
   "argument's default (float for mininterval) without a guard, so `import tqdm` raises ValueError. torch imports "
   "tqdm (torch.hub), SGLang imports torch first thing, so `python -m sglang.launch_server` dies at import (rc 1) "
   "before any SGLang line: the traceback runs sglang/__init__ -> torch -> torch.hub -> tqdm -> tqdm/utils.py envwrap. "
   "Set TQDM_MININTERVAL=30 (a number) or unset it; the same holds for the other TQDM_* variables (TQDM_NCOLS, "
   "TQDM_MINITERS, ...).",
   "likely"),
 "onednn-verbose-1": ("success", "server", None, [],
   "onednn_verbose,v1,info,oneDNN v3.12.0 (commit 80afa71049cd69a3df32adcccb623b12cd7baa22)",
   "none for the start: ONEDNN_VERBOSE=1 (left over from a CPU performance investigation) makes oneDNN, which torch "
   "uses for the bf16 matmuls on this AMX CPU, print its info block and one `onednn_verbose,v1,primitive,exec,cpu,"
   "matmul,...` line per primitive executed: 397 of the log's 470 lines, interleaved with SGLang's own. The server "
   "came up, answered a completion and a chat completion (200), /health 200, and stopped on SIGTERM (rc 0). Unset "
   "ONEDNN_VERBOSE (and DNNL_VERBOSE) to get a normal log; on a busy server the lines cost time and disk.",
   "likely"),
 "abort-all-during-burst": ("success", "server", None, [],
   "\"POST /abort_request HTTP/1.1\" 200 OK",
   "none for the server: after ready, four 300-token completions ran at once (a decode batch of 4) and 4 s later "
   "POST /abort_request {\"abort_all\": true} (a router or an operator cancelling everything): the four clients got "
   "HTTP 200 with finish_reason 'abort' and 63 of 300 tokens; the log shows only the 200 lines, no error. A "
   "completion after that was answered (200), /health 200, SIGTERM, rc 0. Nothing to fix in the server; if "
   "clients see cut-short answers with finish_reason 'abort', look for whoever calls /abort_request (or "
   "/update_weights_* with abort_all_requests).",
   "likely"),
 "debug-tensor-dump-tmpfs-fills": ("success", "server", "tmp-space", ["invalid-argument"],
   "RuntimeError: basic_ios::clear: iostream error",
   "--debug-tensor-dump-output-folder (a debugging flag left on in serving) on a small file system (here a 1 MiB "
   "tmpfs): SGLang writes one PassNNNNN.pt file per forward pass (about 25 KB each for this tiny model; warm-up and "
   "CUDA graphs are off in this mode). The server came up and answered one short completion; during the next "
   "(200-token) completion, writing the 40th pass (Pass00039.pt), the file system was full and torch.save failed. The log never says "
   "'No space left on device': the scheduler dies with `RuntimeError: basic_ios::clear: iostream error` and "
   "`[enforce fail at inline_container.cc:672] . unexpected pos 13696 vs 13584` (torch's zip writer) under "
   "`Scheduler hit an exception`; the launcher got SIGQUIT, waited 60 s for coredumps and killed the tree (rc -9), "
   "the requests in flight got no answer. Drop --debug-tensor-dump-output-folder on a serving instance (or limit it "
   "with --debug-tensor-dump-layers and a short test), and give the dump folder a disk with room; check `df` there.",
   "possible"),
 "stop-regex-catastrophic-backtracking": ("success", "server", "unknown", ["invalid-argument"],
   "Health check failed. Server couldn't get a response from detokenizer for last 20 seconds.",
   "After ready, one POST /generate with sampling_params.stop_regex \"(.*\\n?)*###\" (nested quantifiers, meant as "
   "'stop at ###'), max_new_tokens 64, ignore_eos. SGLang runs the pattern with Python's re over the whole output so "
   "far after every decoded token; with no '###' in the output each search backtracks exponentially in its length, "
   "so the scheduler slowed down (`gen throughput (token/s): 0.32` at 43 tokens) and then froze, holding the GIL (its "
   "watchdog thread could not fire). Nothing names the regex: the client gave up after 150 s, /health answered 503 "
   "('Health check failed ... last_heartbeat time: 10:32:58'), a later completion got no answer, and SIGTERM gave "
   "'Signal SIGTERM received while health check failed. Force exiting.' with a py-spy dump of the busy scheduler "
   "(the launcher then exited with rc 0 after its 60 s coredump wait). "
   "Find the request (the client side or --log-requests) and use a linear pattern (e.g. a plain stop string '###', "
   "or '###' as the regex); refuse nested quantifiers in stop_regex at the gateway.",
   "possible"),
 "audio-transcription-text-model": ("success", "server", None, ["unsupported-model"],
   "[2026-12-07 10:35:51] Error in request: Unexpected keyword argument '_detect_language'",
   "none for the server: after ready, POST /v1/audio/transcriptions (multipart, a 1 s WAV) to a text-only Llama "
   "server. The transcription endpoint adds Whisper's internal sampling flag `_detect_language`, which only the "
   "Whisper multimodal processor removes; a text model has none, so SamplingParams refuses it: `Error in request: "
   "Unexpected keyword argument '_detect_language'`, a TypeError traceback in the tokenizer manager, HTTP 500. The "
   "next completion got 200, /health 200, SIGTERM, rc 0. Send transcription requests to a server of an ASR model "
   "(Whisper); this model serves /v1/completions and /v1/chat/completions only.",
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
