#!/usr/bin/env python3
"""Batch bd: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch bc's write_cases.py (../../batch-2026-12-07-sglang-real-111/tools/), other labels; a
label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "scheduler-status-target-no-metrics": ("failure", "kv_cache", "invalid-argument", [],
   "ValueError: SGLANG_LOG_SCHEDULER_STATUS_TARGET is set but --enable-metrics is not active.",
   "SGLANG_LOG_SCHEDULER_STATUS_TARGET (periodic scheduler status dumps to a file) is set, but the server runs "
   "without --enable-metrics. The launcher, the weights and the KV cache come up; then the scheduler's metrics "
   "reporter refuses the variable: `Scheduler hit an exception` with `ValueError: SGLANG_LOG_SCHEDULER_STATUS_TARGET "
   "is set but --enable-metrics is not active. Status dumps require --enable-metrics to work.`, SIGQUIT to the "
   "launcher, rc -9, never ready. Add --enable-metrics, or unset SGLANG_LOG_SCHEDULER_STATUS_TARGET.",
   "confirmed"),
 "detokenizer-max-states-zero": ("failure", "server", "invalid-argument", ["engine-internal"],
   "KeyError: 'dictionary is empty'",
   "SGLANG_DETOKENIZER_MAX_STATES=0 (meant as 'no limit', or a wrong value): the detokenizer keeps a decode state "
   "per request in a dict capped at that many entries, and with a cap of 0 it tries to evict from the empty dict "
   "on the first request. The start loads and starts the HTTP server; SGLang's own warm-up request reaches the "
   "detokenizer, which dies with `DetokenizerManager hit an exception` ... `self.popitem(last=False)` / "
   "`KeyError: 'dictionary is empty'`; SIGQUIT, crash diagnostics (py-spy dump, 60 s wait for CUDA coredumps), "
   "never ready. Unset SGLANG_DETOKENIZER_MAX_STATES or give it a positive number of requests (default 65536).",
   "likely"),
 "health-check-timeout-with-unit": ("failure", "config", "invalid-argument", [],
   "ValueError: invalid literal for int() with base 10: '20s'",
   "SGLANG_HEALTH_CHECK_TIMEOUT=20s (a duration written with its unit). SGLang reads it with int() when its HTTP "
   "server module is imported, after the arguments are parsed and before any process starts: the traceback "
   "ends in `HEALTH_CHECK_TIMEOUT = int(os.getenv(\"SGLANG_HEALTH_CHECK_TIMEOUT\", 20))` / `ValueError: invalid "
   "literal for int() with base 10: '20s'` (rc 1). Give a whole number of seconds: SGLANG_HEALTH_CHECK_TIMEOUT=20.",
   "confirmed"),
 "role-namespaces-on": ("failure", "config", "invalid-argument", [],
   "ValueError: SGLANG_ROLE_NAMESPACES='on' is not one of off / record / enforce",
   "SGLANG_ROLE_NAMESPACES=on: the variable takes off, record or enforce, and SGLang checks it while `import "
   "sglang` runs (runtime_context.py, at import), so the launcher stops before parsing its arguments: "
   "`ValueError: SGLANG_ROLE_NAMESPACES='on' is not one of off / record / enforce — refusing to guess` (rc 1, 19 "
   "lines, no SGLang log line). Use record or enforce (or off / unset it).",
   "confirmed"),
}
# came up; one request after ready refused
L.update({
 "chat-image-url-text-model": ("success", "server", "invalid-argument", [],
   "\"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request",
   "A chat request with an image_url content part (a one-pixel PNG data URL) sent to a text-only model (Llama, no "
   "--enable-multimodal). The server comes up and answers the usual completion and chat requests (200); the image "
   "request is refused with 400 (the answer: `Model only supports text input; received unsupported content type "
   "'image_url'.`; the log shows only the 400 line), the server goes on (/health 200) and stops cleanly (rc 0). "
   "Send text-only messages to this model, or serve a vision-language model for images.",
   "possible"),
 "generate-data-parallel-rank-out-of-range": ("success", "server", "invalid-argument", [],
   "[http_server] Error: routed_dp_rank=3 out of range [0, 1)",
   "A /generate request with \"data_parallel_rank\": 3 (a client written for a --dp-size 4 deployment) sent to a "
   "server with one data-parallel rank. The server comes up and serves the usual requests; this one is refused: "
   "`[http_server] Error: routed_dp_rank=3 out of range [0, 1)`, `POST /generate HTTP/1.1\" 400 Bad Request`; the "
   "server goes on (/health 200) and stops cleanly (rc 0). Drop data_parallel_rank from the request or keep it "
   "below --dp-size.",
   "likely"),
})
L.update({
 "host-ipv6-any": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: --host :: (the IPv6 wildcard). Uvicorn listens on http://[::]:PORT, SGLang's own warm-up goes to "
   "::1 and answers 200, the server is ready and stops cleanly on SIGTERM (rc 0). On this host the socket took no "
   "IPv4 connections (the driver's requests to 127.0.0.1 got no connection, HTTP 000; they are not in the log); "
   "clients that must use IPv4 need --host 0.0.0.0. Nothing in the log to fix.",
   "possible"),
 "max-new-tokens-limit-env-4": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "A control: SGLANG_MAX_NEW_TOKENS_LIMIT=4 caps every request's max_new_tokens at 4 (a server-side cap). The start "
   "comes up; the warm-up and both requests (max_tokens 8) are capped with a warning each (`Capping max_new_tokens "
   "of request ... to SGLANG_MAX_NEW_TOKENS_LIMIT=4 (requested: 8).`) and answer 4 tokens (200); stops cleanly on "
   "SIGTERM (rc 0). Nothing to fix (unset the variable if the short answers are not wanted).",
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
