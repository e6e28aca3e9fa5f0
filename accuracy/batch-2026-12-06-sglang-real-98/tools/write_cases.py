#!/usr/bin/env python3
"""Batch at: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch as's write_cases.py (../../batch-2026-12-06-sglang-real-97/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "dist-init-addr-master-http-port": ("hang", "nccl", "nccl-network", [],
   "Init parallel begin.",
   "Second node of a two-node start (--nnodes 2 --node-rank 1 --tp-size 2) whose --dist-init-addr names the "
   "master's HTTP port, not its dist-init (TCPStore) port: an HTTP server accepts the connection, reads torch's "
   "binary store handshake as a request line and waits for its end, so the store client waits for an answer that "
   "never comes. The log stops after `Init parallel begin.` / `init_cpu_threads_env ...` with no error; --dist-timeout "
   "60 did not end it within 110 s; the runner stopped it at 150 s (rc -15). Give --dist-init-addr the master's "
   "dist-init port (the same value on every node), not --port; check with `nc -v host port` from the worker.",
   "possible"),
 "dist-init-addr-stale-single-node": ("hang", "nccl", "nccl-network", ["invalid-argument"],
   "Init parallel begin.",
   "A one-node start (nnodes 1, tp 1) with --dist-init-addr 10.255.255.1:34793 left from a multi-node command: the "
   "address is not on this machine and nothing answers there, so torch.distributed's store connection waits (SYN "
   "unanswered). The log stops after `Init parallel begin.` / `init_cpu_threads_env ...` with no error; --dist-timeout "
   "60 did not end it; the runner stopped it at 150 s (rc -15). Drop --dist-init-addr for one node, or give an "
   "address of this machine.",
   "possible"),
 "detokenizer-sigkill-during-load": ("failure", "server", "terminated", ["host-oom-killed"],
   "Subprocess detokenizer (pid=",
   "The detokenizer process was killed with SIGKILL from outside about 1 s after it started (as the OOM killer or "
   "an operator's kill -9 would). The launcher did not notice until its server was up: weights and KV cache were "
   "done, Uvicorn was running, then `Subprocess detokenizer (pid=...) crashed with exit code -9. Triggering SIGQUIT "
   "for cleanup...` and the tree was killed before the warm-up finished (no `fired up`, rc -9). Find what killed "
   "the process (dmesg for the OOM killer, an orchestrator's kill) and start again.",
   "likely"),
 "shard-symlink-dev-urandom": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"],
   "RuntimeError: model.safetensors.index.json references 1 shard file(s) missing",
   "model-00002-of-00004.safetensors is a symlink to /dev/urandom (a character device, not a regular file; a broken "
   "cache link or a test fixture left in place). The loader's shard filter keeps regular files only, so the index "
   "names a shard it cannot find: `model.safetensors.index.json references 1 shard file(s) missing from <tmp>/models/"
   "tiny-llama-urandom (incomplete download?)`; the scheduler dies and the launcher kills the tree (rc -9). Replace "
   "the link with the real shard (download again, compare checksums).",
   "likely"),
 "detokenizer-sigstop-during-load": ("hang", "server", "unknown", [],
   "Uvicorn running on http://127.0.0.1:34713",
   "The detokenizer process was stopped with SIGSTOP about 1 s after it started and never continued (a debugger, a "
   "cgroup freezer, a `kill -STOP` by mistake). The process still exists, so the launcher sees no crash: weights and "
   "KV cache are done, Uvicorn runs, but the warm-up request needs the detokenizer and never finishes - no `fired "
   "up`, no error, nothing more in the log until the runner stopped it at 240 s (rc -9). Look for stopped processes "
   "(`ps -o pid,stat,cmd` shows `T`) and send SIGCONT, or restart.",
   "possible"),
 "launcher-sigstop-during-load": ("hang", "kv_cache", "unknown", [],
   "Tree cache initialized",
   "The launcher (the tokenizer/HTTP process) was stopped with SIGSTOP about 1 s after its scheduler process named "
   "itself, and never continued. The scheduler (a child, not stopped) finishes its part and logs it (weights, KV "
   "cache, `Tree cache initialized`), then waits for the launcher; nothing follows - no Uvicorn, no error - until the "
   "runner stopped it at 240 s (rc -9). Look for stopped processes (`ps` state `T`) and send SIGCONT, or restart.",
   "possible"),
}
# starts that came up
L.update({
 "env-i-empty-environment": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Started with `env -i` (no PATH, HOME, LANG, TMPDIR; as cron or a bare service unit gives), the venv's python "
   "called by its full path. The start came up, answered a completion (HTTP 200) and stopped cleanly on SIGTERM "
   "(rc 0). Nothing to fix.",
   "likely"),
 "k8s-service-env-sglang-port": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "SGLANG_PORT=tcp://10.96.0.12:30000 and its kin (the variables Kubernetes injects for a Service named `sglang`; "
   "SGLang reads SGLANG_PORT as an integer in get_open_port). A one-rank start never calls it: the start came up, "
   "answered a completion (HTTP 200) and stopped cleanly on SIGTERM (rc 0). Nothing to fix here; with more ranks "
   "(shm_broadcast) the variable would be read; set `enableServiceLinks: false` in the pod or name the Service "
   "otherwise.",
   "possible"),
 "request-input-ids-floats": ("success", "server", None, [],
   "\"POST /generate HTTP/1.1\" 400 Bad Request",
   "After ready, POST /generate with \"input_ids\": [1.5, 2.5, 3.5]: the request was refused with HTTP 400 ('elements "
   "must be int or list; got float'), the server went on (a completion before and after answered HTTP 200, "
   "/health 200) and stopped cleanly on SIGTERM (rc 0). A client error, not a server fault: send integer token ids.",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
