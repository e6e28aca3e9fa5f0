#!/usr/bin/env python3
"""Batch z: write cases.jsonl from the labels below; each evidence line is looked up in its log (the first line
that contains the key) and copied exactly. Usage: write_cases.py BATCH_DIR"""
import json, os, sys

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence key, confidence, remediation)
L = {
 "shards-dangling-symlinks": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"], "RuntimeError: model.safetensors.index.json references 4 shard file(s) missing",
   "likely", "A hub-cache-style snapshot folder whose four shard entries are symlinks to ../../blobs/<sha256> files that no longer exist (cache clean-up deleted the blobs); config, tokenizer and index are real files. Config and tokenizer load; after 'Load weight begin.' the scheduler finds all 4 shards named by the index missing ('incomplete download?') and dies (Scheduler hit an exception, launcher rc -9). Re-download the repo (huggingface-cli download / hf download) or restore the blobs."),
 "tokenizer-merges-unknown-token": ("failure", "config", "corrupt-checkpoint", [], "Exception: Token `tq` out of vocabulary",
   "likely", "tokenizer.json's first BPE merge names a token (`tq`) that is not in its vocabulary (a hand-edited or badly merged tokenizer). The tokenizers library refuses the file while the TokenizerManager loads it, after server_args ('Exception: Token `tq` out of vocabulary at line 1 column ...', rc 1). Restore tokenizer.json from the original repo."),
 "pythonpath-safetensors-checkout": ("failure", "config", "dependency-import", [], "ModuleNotFoundError: No module named 'safetensors._safetensors_rust'",
   "likely", "PYTHONPATH holds a source checkout of safetensors' Python bindings (safetensors/__init__.py importing the unbuilt Rust extension), which shadows the installed wheel. While the server arguments are resolved, transformers imports safetensors and fails: 'No module named safetensors._safetensors_rust', surfacing as \"Could not import module 'AutoProcessor'\" (rc 1, before server_args is printed). Remove the checkout from PYTHONPATH or build it (pip install -e)."),
 "loopback-down-netns": ("hang", "nccl", "nccl-network", ["bind-address"], "TCP client failed to connect/validate to host 127.0.0.1",
   "likely", "Started inside a fresh network namespace (`unshare --net`) whose loopback interface is down (as a sandbox or container without network set-up). Config, tokenizer and scheduler start; at 'Init parallel begin.' torch.distributed's TCPStore cannot reach 127.0.0.1 ('Network is unreachable') and retries with a 1800 s timeout; killed by the runner at 150 s. Bring `lo` up in the namespace (ip link set lo up) or run with host networking."),
 "host-ipv6-disabled-netns": ("hang", "nccl", "bind-address", ["nccl-network"], "cannot be retrieved (gai error: -9 - Address family for hostname not supported)",
   "likely", "`--host ::1` on a host (network namespace) where IPv6 is disabled (net.ipv6.conf.all.disable_ipv6=1, lo up with 127.0.0.1 only). The scheduler's torch.distributed rendezvous on (::1, port) cannot resolve or connect ('Address family for hostname not supported', 'Cannot assign requested address') and retries; killed by the runner at 150 s. Use --host 127.0.0.1 / 0.0.0.0, or enable IPv6."),
 "omp-num-threads-not-number": ("success", "server", None, ["invalid-argument"], "libgomp: Invalid value for environment variable OMP_NUM_THREADS",
   "likely", "OMP_NUM_THREADS=two (not a number). libgomp prints 'Invalid value for environment variable OMP_NUM_THREADS' in each process and uses its default; the server came up, answered a completion (200) and stopped on SIGTERM (rc 0). Give a number (OMP_NUM_THREADS=2) or unset it."),
}
try:
    sys.path.insert(0, os.path.dirname(__file__)); from labels_late import LATE; L.update(LATE)
except ImportError:
    pass

def main():
    d = sys.argv[1]; out = []
    for name, (oc, ph, cat, sec, key, conf, rem) in L.items():
        lines = open(os.path.join(d, name + ".log"), errors="replace").read().splitlines()
        ev = next((l for l in lines if key in l), None)
        if ev is None:
            sys.exit(f"{name}: evidence key not found: {key}")
        out.append({"file": name + ".log", "engine": "sglang", "version": "0.5.23", "outcome": oc, "phase": ph,
                    "category": cat, "secondary": sec, "evidence": ev, "remediation": rem, "confidence": conf,
                    "source": SRC.format(name)})
    with open(os.path.join(d, "cases.jsonl"), "w") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(len(out), "cases")

main()
