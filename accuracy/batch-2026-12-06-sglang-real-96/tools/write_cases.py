#!/usr/bin/env python3
"""Batch ar: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch aq's write_cases.py (../../batch-2026-12-06-sglang-real-95/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "shard-header-offsets-overlap": ("failure", "weights", "corrupt-checkpoint", [],
   "SafetensorError: Error while deserializing header: invalid offset for tensor",
   "model-00001-of-00004.safetensors: the header's `data_offsets` of one tensor (`model.layers.0.self_attn.k_proj.weight`) "
   "start 2 bytes inside the tensor before it (a converter or a hand edit that wrote wrong offsets; the JSON and the "
   "data are otherwise intact). The safetensors reader checks that the tensors tile the data block and refuses the "
   "header when the scheduler opens the shard (`Multi-thread loading shards: 0%`): `invalid offset for tensor`, the "
   "scheduler dies, the launcher kills the tree (rc -9). Convert or download the shard again and compare checksums.",
   "likely"),
 "tokenizer-post-processor-no-special-tokens": ("failure", "server", "corrupt-checkpoint", ["engine-internal"],
   "pyo3_runtime.PanicException: no entry found for key",
   "tokenizer.json: the `TemplateProcessing` post-processor puts `<|begin_of_text|>` in front of every sequence, but "
   "its `special_tokens` map is empty (a hand edit or a converter that dropped it). The tokenizers library loads the "
   "file without complaint; the first encode with special tokens panics in Rust (`processors/template.rs`, `no entry "
   "found for key`). Weights load and the KV cache is allocated; the panic comes when the HTTP server's start-up "
   "(`serving_chat` -> `tokenizer.encode(\"\")`) encodes for the first time, `Application startup failed` (rc 3). Put "
   "the special token back into `post_processor.special_tokens` (`{\"<|begin_of_text|>\": {\"id\": ..., \"ids\": [...], "
   "\"tokens\": [...]}}`) or take tokenizer.json from the original repo again.",
   "likely"),
 "shard-is-named-pipe": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"],
   "references 1 shard file(s) missing from",
   "model-00002-of-00004.safetensors is a named pipe (FIFO) that nobody writes, where a shard file should be (a "
   "streaming or lazy-download tool that exposes shards as pipes, or a copy that kept special files). SGLang's index "
   "check counts only regular files, so it reports the shard as missing (`incomplete download?`) when the scheduler "
   "starts to load weights, and the start ends (rc -9); nothing tries to read the pipe. Replace the pipe with the real "
   "shard file (download it again).",
   "possible"),
 "scheduler-sigstopped-at-spawn": ("hang", "nccl", "unknown", ["terminated"],
   "Init parallel ends.",
   "The scheduler process was stopped (SIGSTOP) from outside right after it was spawned (a debugger or profiler that "
   "attached and paused it, a job-control stop, a freezer). Its last line is `Init parallel ends`; no `Memory "
   "baseline`, no `Load weight begin` follows, the launcher waits for the scheduler forever and the HTTP server never "
   "comes up (an unbroken start here is ready in about 80 s); the runner stopped it after 150 s (rc -15). Nothing in "
   "the log names the stop: look at the scheduler's state (`ps -o stat` shows `T`), send SIGCONT or find who stops it.",
   "possible"),
 "log-requests-target-fifo": ("hang", "kv_cache", "unknown", ["invalid-argument"],
   "Tree cache initialized:",
   "--log-requests --log-requests-target <dir>, and the file SGLang's request logger opens there "
   "(`<dir>/<hostname>_0.log`) is a named pipe that nobody reads (a log shipper's pipe whose reader is not running). "
   "Opening a FIFO for writing blocks until a reader comes, so the launcher's tokenizer manager never finishes its "
   "start: the scheduler gets to `Tree cache initialized`, but `Engine startup timings` and the HTTP server never "
   "follow, without an error line; the runner stopped it after 150 s (rc -15). Start the pipe's reader, or point "
   "--log-requests-target at a plain folder (or `stdout`).",
   "possible"),
 "loopback-ipv4-address-removed": ("hang", "nccl", "nccl-network", ["bind-address"],
   "TCP client failed to connect/validate to host 127.0.0.1:",
   "The start ran in a network namespace whose loopback interface is up but has no IPv4 address (`127.0.0.1/8` deleted "
   "from lo, only `::1` left: a CNI plugin or network script that rewrote the interface's addresses). The launcher "
   "and tokenizer come up; torch.distributed's TCPStore client cannot reach `127.0.0.1:<nccl port>` (`Network is "
   "unreachable`) and retries with growing delays under a 30 min timeout, so the start hangs in `Init parallel`; the "
   "runner stopped it after 150 s (rc -15). Put the address back (`ip addr add 127.0.0.1/8 dev lo`), or fix the "
   "network set-up of the container.",
   "likely"),
}
# the two starts that came up (breaks after ready)
L.update({
 "launcher-sigstop-after-ready": ("success", "server", None, ["unknown"],
   "The server is fired up and ready to roll!",
   "The start is fine: it came up and served a completion (HTTP 200). After ready the launcher (the HTTP server and "
   "tokenizer manager) was stopped with SIGSTOP for 15 s (a debugger or `py-spy dump` that paused it, a job-control "
   "stop): a completion and GET /health from a client timed out (HTTP 000) and the log has no line for 16 s. After "
   "SIGCONT the launcher went on and handled the queued requests (two `Prefill batch` lines at 18:25:56, no `200 OK` "
   "since the clients had given up), then shut down cleanly on SIGTERM. Nothing to fix in the server; find what "
   "paused the process if clients see such stalls.",
   "possible"),
 "model-folder-removed-after-ready": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "The start is fine: it came up and served a completion (HTTP 200). After ready the whole model folder was deleted "
   "(`rm -rf`, a cleanup job or a volume that was unmounted); a completion and a chat completion after that still got "
   "HTTP 200 and the log shows no error: weights, tokenizer and chat template are all in memory once the server is "
   "ready. Nothing to fix for serving; a restart (or `/update_weights_from_disk`) would fail until the folder is back.",
   "likely"),
})

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
