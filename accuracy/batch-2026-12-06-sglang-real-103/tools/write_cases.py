#!/usr/bin/env python3
"""Batch ay: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch ax's write_cases.py (../../batch-2026-12-06-sglang-real-102/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "shards-extension-uppercase": ("failure", "weights", "corrupt-checkpoint", ["model-not-found"],
   "RuntimeError: Cannot find any model weights with `<tmp>/models/tiny-llama-upper`",
   "The four weight shards are named model-0000N-of-00004.SAFETENSORS (upper-case extension, as a copy through a "
   "case-changing tool or file system leaves them; the index names them the same way). SGLang looks for weights by "
   "the lower-case patterns *.safetensors, then *.bin / *.pt, finds none, and the scheduler stops right after `Load "
   "weight begin` (`Cannot find any model weights with <model folder>`); the launcher kills the tree (rc -9). The "
   "message does not say which files it saw. Rename the shards back to *.safetensors (and fix the names in "
   "model.safetensors.index.json), or copy the model again with its original names.",
   "likely"),
 "index-json-dot-slash-shard-paths": ("failure", "weights", "corrupt-checkpoint", [],
   "RuntimeError: Cannot find any model weights with `<tmp>/models/tiny-llama-dotidx`",
   "model.safetensors.index.json names every shard as `./model-0000N-of-00004.safetensors` (a hand-written or "
   "script-made index). The files exist, so the index's missing-shard check passes, but SGLang then keeps only the "
   "shards whose joined path string appears in the weight map (`<folder>/./model-...` is not `<folder>/model-...`), "
   "drops all four, and the scheduler stops after `Load weight begin` with `Cannot find any model weights with "
   "<model folder>` although the shards are there (rc -9). Write the weight_map values as bare file names "
   "(`model-00001-of-00004.safetensors`), e.g. regenerate the index, or delete the index for a single-folder model.",
   "likely"),
 "dev-tmpfs-empty": ("failure", "config", "host-limits", [],
   "RuntimeError: Unable to open /dev/urandom",
   "The start ran with an empty /dev (a fresh tmpfs mounted on /dev in its own mount namespace, as a hand-made "
   "chroot or a sandbox without device nodes has it): no /dev/urandom, /dev/null or /dev/shm. The launcher dies "
   "while importing torch (`from torch._C import *` -> `RuntimeError: Unable to open /dev/urandom`), before any "
   "argument or model is read (rc 1, 2 s). Give the container its standard /dev (docker/podman do; for a chroot or "
   "namespace bind-mount /dev or at least null, zero, random, urandom and a /dev/shm tmpfs).",
   "likely"),
 "pythonplatlibdir-lib64": ("failure", "config", "dependency-import", ["invalid-argument"],
   "ModuleNotFoundError: No module named 'encodings'",
   "PYTHONPLATLIBDIR=lib64 in the environment (a RHEL/Fedora habit) for a Python built with lib: Python 3.11 then "
   "looks for its standard library in <prefix>/lib64/python3.11, which does not exist (`Could not find platform "
   "independent libraries`, `stdlib dir = .../lib64/python3.11`), and the interpreter cannot start (`Fatal Python "
   "error: init_fs_encoding ... No module named 'encodings'`, rc 1) before any SGLang code runs. Unset "
   "PYTHONPLATLIBDIR (the interpreter knows its own platlibdir).",
   "likely"),
 "proc-cpuinfo-empty": ("failure", "config", "host-limits", [],
   "ValueError: invalid literal for int() with base 10: ''",
   "/proc/cpuinfo reads empty (an empty file bind-mounted over it in the start's mount namespace, as a masked or "
   "LXCFS-style container /proc can show it). With --device cpu the launcher sizes memory per NUMA node from "
   "`lscpu -p` (get_cpu_memory_capacity -> get_cpu_ids_by_node -> parse_lscpu_topology); lscpu's output then has a "
   "row without a CPU id and `int('')` fails (`ValueError: invalid literal for int() with base 10: ''`) while the "
   "launcher resolves its arguments, before any subprocess (rc 1). Nothing in the log names /proc/cpuinfo. Give the "
   "container the host's /proc/cpuinfo (or a complete LXCFS view) so that `lscpu -p=CPU,Core,Socket,Node` lists the "
   "CPUs.",
   "possible"),
 "proc-meminfo-empty": ("failure", "config", "host-limits", [],
   "KeyError: b'MemTotal:'",
   "/proc/meminfo reads empty (an empty file bind-mounted over it in the start's mount namespace, as a broken "
   "LXCFS or masked container /proc gives it). With --device cpu the launcher asks psutil for the machine's memory "
   "(get_cpu_memory_capacity -> psutil.virtual_memory()), which finds no MemTotal line (`KeyError: b'MemTotal:'`); "
   "the launcher stops while resolving its arguments, rc 1. Give the container a /proc/meminfo with the usual "
   "fields (fix or remove the LXCFS/overlay mount).",
   "likely"),
 "load-format-layered": ("failure", "weights", "invalid-argument", ["cuda-driver-mismatch"],
   "RuntimeError: No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) or platform plugin is available.",
   "--load-format layered with --device cpu: the start gets through the launcher, the scheduler and torch.distributed "
   "and begins loading (`Load weight begin`, `Using Transformers backend`); the layered loader builds the model's "
   "parameters on `get_device()`, which ignores --device cpu and finds no accelerator (`NotImplementedError` in "
   "get_device, then `No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) or platform plugin is available.`); the "
   "launcher kills the tree (rc -9). Layered loading is for accelerators: drop --load-format layered (auto) on a CPU "
   "start, or run it on a GPU host.",
   "likely"),
}
# starts that came up and showed nothing wrong in their logs
L.update({
 "config-rms-norm-eps-nan": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing in the log to fix: config.json says `\"rms_norm_eps\": NaN` (a bare NaN, which Python's json reads). "
   "The start loads, comes up and answers a completion and a chat completion (200) and stops cleanly on SIGTERM "
   "(rc 0); no line names the value or warns. The answers were empty strings of 8 tokens (seen by the client only): "
   "every RMSNorm divides by a NaN, so the model's output is meaningless. Set rms_norm_eps to the model's real "
   "value (1e-05 here, 1e-06 for many models).",
   "possible"),
 "dev-shm-absent": ("success", "server", None, ["shm-exhausted"],
   "load snapshot writer init failed: [Errno 2] No such file or directory: '/dev/shm/",
   "The start is fine for serving: its /dev has no /dev/shm (a fresh tmpfs on /dev in its own mount namespace with "
   "only null, zero, random, urandom, full and tty bound in, as a minimal sandbox or hand-made chroot has it). One "
   "line shows it, while the scheduler starts: `load snapshot writer init failed: [Errno 2] No such file or "
   "directory: '/dev/shm/sglang_loads_....shm'`; SGLang carries on without that shared-memory snapshot, comes up, "
   "answers a completion and a chat completion (200) and stops cleanly on SIGTERM (rc 0). Nothing to fix for this "
   "single-CPU start; mount a tmpfs on /dev/shm (docker gives one; `--shm-size`) before anything that needs shared "
   "memory between processes.",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
