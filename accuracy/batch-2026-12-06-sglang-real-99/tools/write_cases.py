#!/usr/bin/env python3
"""Batch au: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch at's write_cases.py (../../batch-2026-12-06-sglang-real-98/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "ssl-cert-hostname-mismatch": ("failure", "server", "invalid-argument", [],
   "certificate verify failed: IP address mismatch",
   "--ssl-certfile/--ssl-keyfile hold a certificate issued for DNS:sglang.example.com only (signed by the CA given "
   "with --ssl-ca-certs). With --ssl-ca-certs set, the server's own warm-up verifies the certificate, and it calls "
   "https://127.0.0.1:PORT: every try fails with CERTIFICATE_VERIFY_FAILED (IP address mismatch) for 120 s, then "
   "`Initialization failed. warmup error` and the tree is killed (rc -9). Add the address the server calls itself "
   "by (IP:127.0.0.1 or the --host) to the certificate's subjectAltName, or set --host to the name in the certificate.",
   "likely"),
 "all-proxy-socks5-no-pysocks": ("failure", "server", "http-proxy", ["dependency-import"],
   "requests.exceptions.InvalidSchema: Missing dependencies for SOCKS support.",
   "ALL_PROXY=socks5h://10.0.0.1:1080 in the environment (no NO_PROXY), PySocks not installed in the venv: the "
   "warm-up's requests call to 127.0.0.1 goes through the proxy and fails at once with `Missing dependencies for "
   "SOCKS support` on every try for 120 s, then `Initialization failed. warmup error` and the tree is killed (rc -9). "
   "Set NO_PROXY=127.0.0.1,localhost (or unset ALL_PROXY for the server); install PySocks only if the proxy is "
   "wanted for downloads.",
   "likely"),
 "http-port-taken-during-load": ("failure", "server", "port-in-use", [],
   "ERROR:    [Errno 98] error while attempting to bind on address",
   "--port 35807 was free when the start began; another process (python3 -m http.server 35807) bound it about 1 s "
   "after the scheduler process started, while the model loaded. Uvicorn then failed to bind (`[Errno 98] ... "
   "address already in use`), and the warm-up's GET /model_info reached the other process (404) for 120 s before "
   "`Initialization failed. warmup error: ... Response [404]` and the kill (rc -9). Find what holds the port (ss -ltnp) "
   "- a second replica, a sidecar, an old server - and give each server its own port.",
   "likely"),
 "omp-threads-bind-comma-tp2": ("failure", "nccl", "invalid-argument", [],
   "AssertionError: NUMA index 1 (derived from the worker's global device id",
   "--tp-size 2 on CPU with SGLANG_CPU_OMP_THREADS_BIND=0,1: the cores were meant as one group per rank but joined "
   "with a comma, which is one group; rank 1 asserts that NUMA index 1 is out of range for the 1 bind entries (in "
   "init_threads_binding, after `Init parallel begin.`), the launcher gets SIGQUIT and kills the tree (rc -9). Separate "
   "the groups with '|' (SGLANG_CPU_OMP_THREADS_BIND='0|1'), one per rank.",
   "likely"),
 "kv-events-ipc-endpoint-missing-dir": ("failure", "kv_cache", "invalid-argument", [],
   "zmq.error.ZMQError: No such file or directory for ipc path",
   "--kv-events-config '{\"publisher\": \"zmq\", \"endpoint\": \"ipc://<tmp>/no-such-dir/kv-events.sock\"}': the "
   "folder of the ipc socket does not exist. The scheduler loaded the weights and allocated the KV cache, then binding "
   "the KV-events publisher failed (`ZMQError: No such file or directory for ipc path`); the launcher got SIGQUIT and "
   "killed the tree (rc -9). Create the folder (a shared emptyDir / volume both sides mount) before the start, or use "
   "a tcp:// endpoint.",
   "likely"),
 "api-key-curly-quotes": ("hang", "server", "invalid-argument", [],
   "UnicodeEncodeError: 'latin-1' codec can't encode character '\\u201c'",
   "--api-key '“sk-local-2026”' (the key pasted with typographic quotes U+201C/U+201D). The server came up to "
   "`Uvicorn running`, but its warm-up thread sends `Authorization: Bearer “...”` and http.client cannot encode the "
   "header in latin-1: `Exception in thread Thread-1 (_wait_and_warmup)` ... UnicodeEncodeError. The thread dies, no "
   "warm-up, no `fired up`, nothing more is logged; the runner stopped it at 220 s (rc -15). Use a plain ASCII key "
   "(no quotes, no smart quotes); clients could not send this key either.",
   "likely"),
}
# starts that came up
L.update({
 "dist-init-addr-ipv6-literal": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "One node with --dist-init-addr '[::1]:35896' (an IPv6 literal in brackets) and --dist-timeout 60: the start came "
   "up (torch.distributed initialised, warm-up passed, `fired up`); the runner stopped it at its 150 s limit (SIGTERM to "
   "the group: `Subprocess scheduler_0 ... crashed with exit code -15`, SIGQUIT, rc -9) - the harness, not a fault. "
   "Nothing to fix: the bracketed IPv6 form is accepted.",
   "likely"),
 "request-temperature-nan": ("success", "server", None, [],
   "\"POST /generate HTTP/1.1\" 400 Bad Request",
   "After ready, POST /generate with \"temperature\": NaN (a bare NaN literal, as Python's json.dumps writes "
   "float('nan')): refused with HTTP 400 (`JSON decode error ... unexpected character`), the NaN never reached the "
   "sampler; a completion before and after answered HTTP 200, /health 200, and the server stopped cleanly on SIGTERM "
   "(rc 0). A client error: send finite numbers (json.dumps(..., allow_nan=False) catches it on the client).",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
