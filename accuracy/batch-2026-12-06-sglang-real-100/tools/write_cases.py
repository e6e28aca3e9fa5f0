#!/usr/bin/env python3
"""Batch av: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch au's write_cases.py (../../batch-2026-12-06-sglang-real-99/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "max-loaded-loras-below-lora-paths": ("failure", "config", "invalid-argument", [],
   "AssertionError: The number of LoRA paths should not exceed max_loaded_loras.",
   "--enable-lora with two adapters in --lora-paths (a=..., b=...) but --max-loaded-loras 1: the argument check "
   "(check_lora_server_args) asserts that the number of LoRA paths does not exceed max_loaded_loras, before any "
   "process is started or any adapter is read (rc 1). Raise --max-loaded-loras to at least the number of "
   "--lora-paths (and at least --max-loras-per-batch), or start with fewer adapters and load the others later.",
   "likely"),
 "load-publish-endpoint-without-kv-events": ("failure", "config", "invalid-argument", [],
   "ValueError: --load-publish-endpoint requires --kv-events-config",
   "--load-publish-endpoint 'tcp://*:35997' without --kv-events-config: refused while the arguments are resolved "
   "(`--load-publish-endpoint requires --kv-events-config`), before any process starts (rc 1). Add a "
   "--kv-events-config that describes a publisher (e.g. '{\"publisher\": \"zmq\", \"endpoint\": \"tcp://*:5557\"}'), "
   "or drop --load-publish-endpoint.",
   "likely"),
 "debug-tensor-dump-input-missing": ("hang", "server", "invalid-argument", [],
   "FileNotFoundError: [Errno 2] No such file or directory: '<tmp>/dump/input_ids.npy'",
   "--debug-tensor-dump-input-file <tmp>/dump/input_ids.npy names a file that does not exist. The start is complete "
   "(`Uvicorn running`, GET /model_info 200), then the warm-up thread, which reads the input ids of its request from "
   "that file with np.load, dies: `Exception in thread Thread-1 (_wait_and_warmup)` ... FileNotFoundError. No "
   "warm-up, no `fired up`, nothing more is logged until the runner's SIGTERM at 220 s (rc -15). Write the .npy "
   "file first (or drop the flag; it is a debugging aid).",
   "likely"),
 "xgrammar-masked-by-empty-mount": ("failure", "config", "dependency-import", [],
   "ImportError: cannot import name 'StructuralTag' from 'xgrammar' (unknown location)",
   "An empty tmpfs was mounted over the venv's site-packages/xgrammar folder (in a mount namespace), as an empty "
   "volume mounted over a package path would: `import xgrammar` finds an empty namespace package, and the launcher's "
   "import of the HTTP server (function-call parsers) fails with `cannot import name 'StructuralTag' from 'xgrammar' "
   "(unknown location)` before anything starts (rc 1). Remove the mount (or the volume over site-packages) so the "
   "installed xgrammar is seen; `python -c 'import xgrammar; print(xgrammar.__file__)'` shows None when it is masked.",
   "likely"),
 "etc-hosts-localhost-non-local": ("hang", "nccl", "bind-address", ["nccl-network"],
   "The client socket has failed to connect to [::ffff:192.0.2.10]:23800 (errno: 113 - No route to host).",
   "--host localhost with /etc/hosts mapping localhost to 192.0.2.10 (an address this machine does not have; "
   "bind-mounted in a mount namespace). SGLang uses the --host name for torch.distributed's rendezvous too: after "
   "`Init parallel begin.` the TCPStore client tries localhost:23800, which resolves to 192.0.2.10 (`No route to "
   "host`), and retries (timeout 1800000 ms) until the runner's SIGTERM at 200 s (rc -15); the HTTP server is never "
   "reached. Fix /etc/hosts (127.0.0.1 localhost, ::1 localhost) or pass --host 127.0.0.1.",
   "likely"),
 "lora-adapter-weights-missing": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"],
   "RuntimeError: Failed to load LoRA adapter a: Cannot find any model weights with",
   "--enable-lora --lora-paths a=<tmp>/lora-noweights: the adapter folder holds adapter_config.json only, no "
   "adapter_model.safetensors (an incomplete copy or download). The base weights loaded (`Load weight end`), then "
   "the LoRA manager failed: `Failed to load LoRA adapter a: Cannot find any model weights with <tmp>/lora-noweights`; "
   "the launcher got SIGQUIT and killed the tree (rc -9). Copy or download the adapter again with its "
   "adapter_model.safetensors (or .bin).",
   "likely"),
}
# starts that came up
L.update({
 "nofile-scheduler-update-weights-after-ready": ("success", "server", "host-limits", [],
   "OSError: [Errno 24] Too many open files: '/proc/meminfo'",
   "After ready (one completion answered 200), the scheduler's RLIMIT_NOFILE was lowered with prlimit to 73, its "
   "lowest free fd number, so it could open no new file; then POST /update_weights_from_disk (the same folder). The "
   "scheduler's weight update needs to read /proc/meminfo (free memory) and fails: `Scheduler hit an exception` ... "
   "`OSError: [Errno 24] Too many open files: '/proc/meminfo'`, the launcher got SIGQUIT and killed the tree (rc -9); "
   "the update and later requests got no answer. Raise the open-files limit of the server's processes (ulimit -n / "
   "LimitNOFILE / the container's nofile) and do not lower it on a running server.",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
