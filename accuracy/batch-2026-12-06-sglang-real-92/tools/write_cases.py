#!/usr/bin/env python3
"""Batch an: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Same writer code as batch am's write_cases.py, other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "shard-kproj-transposed": ("failure", "weights", "corrupt-checkpoint", [],
   "AssertionError: param_data.shape=",
   "Layer 0's k_proj weight was saved transposed ([128, 64], the [in, out] layout of a Flax/JAX kernel, for the [64, 128] "
   "torch Linear): a conversion that forgot the transpose. Config and tokenizer load, the scheduler reaches `Load weight "
   "begin` and the weight loader asserts the shape (`param_data.shape=torch.Size([64, 128]) != loaded_weight.shape=...`); "
   "the launcher kills the tree (rc -9). Convert the checkpoint again (transpose the kernels) or download a PyTorch export.",
   "likely"),
 "config-layers-below-checkpoint": ("failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
   "ValueError: No module or parameter named 'model.layers.1'",
   "config.json says num_hidden_layers 1, the checkpoint holds 2 layers (a config edited to cut the model down, or from "
   "another size of the family). The model is built with one layer and the loader meets `model.layers.1.*`: `No module or "
   "parameter named 'model.layers.1' in TransformersForCausalLM`; the scheduler dies, rc -9. Use the config that came "
   "with the weights (num_hidden_layers 2).",
   "likely"),
 "shard-zero-bytes": ("failure", "weights", "corrupt-checkpoint", [],
   "SafetensorError: Error while deserializing header: header too small",
   "model-00003-of-00004.safetensors is a 0-byte file (a copy cut off when the disk filled; the index still names it). "
   "The scheduler reaches `Load weight begin`, safetensors cannot read the shard's header (`header too small`); the "
   "launcher kills the tree (rc -9). Copy or download the shard again and compare sizes/checksums.",
   "likely"),
 "generation-config-max-new-tokens-zero": ("failure", "config", "invalid-argument", ["corrupt-checkpoint"],
   "ValueError: `max_new_tokens` must be greater than 0",
   "The model folder's generation_config.json sets max_new_tokens 0. While the server arguments are resolved, "
   "ModelConfig reads it through transformers' GenerationConfig, whose validation refuses it (`max_new_tokens` must be "
   "greater than 0, but is 0); the launcher exits (rc 1) before any process is spawned. Remove the key or set a "
   "positive value.",
   "likely"),
 "chat-template-tokenizer-config-json": ("failure", "config", "invalid-argument", [],
   "KeyError: 'sep_style'",
   "`--chat-template <model>/tokenizer_config.json`: the user pointed at the file that holds the model's template. A "
   "`.json` chat template is read as SGLang's own conversation-template format (name, system, user, assistant, sep_style, "
   "stop_str); tokenizer_config.json has none of these, and the loader fails with `KeyError: 'sep_style'` while the "
   "tokenizer manager starts (rc 1). Drop `--chat-template` (the model folder's template is used) or give a .jinja file.",
   "likely"),
 "metrics-multiproc-dir-filled-after-ready": ("success", "server", "tmp-space", ["shm-exhausted"],
   "Fatal Python error: Bus error",
   "`--enable-metrics` with PROMETHEUS_MULTIPROC_DIR on a 16 MiB tmpfs that filled up after ready (the driver wrote a "
   "filler file into it). prometheus_client keeps its values in mmap'ed files there; the first request after that makes "
   "the scheduler touch a new page of such a file, the full tmpfs cannot back it and the scheduler dies of SIGBUS "
   "(`Fatal Python error: Bus error` in prometheus_client's values.py), the launcher sees `scheduler_0 ... crashed with "
   "exit code -7` and takes the tree down (rc -9). Give the metrics folder room (or clean it), on a disk that does not "
   "fill with other files.",
   "possible"),
 "detokenizer-sigkill-after-ready": ("success", "server", "terminated", ["host-oom-killed"],
   "Subprocess detokenizer (pid=",
   "After ready and one served completion the detokenizer process got SIGKILL (sent by the driver; the log cannot tell "
   "it from the OOM killer). The launcher logs `Subprocess detokenizer ... crashed with exit code -9`, dumps the "
   "scheduler's stacks and waits for crash dumps; the next request gets no answer, the tree is killed (rc -9). Look at "
   "dmesg for the OOM killer and for who sends signals to the container.",
   "possible"),
 "export-metrics-dir-full": ("success", "server", None, ["tmp-space"],
   "Failed to write perf metrics to file: [Errno 28] No space left on device",
   "`--export-metrics-to-file --export-metrics-to-file-dir` on a full 256 KiB tmpfs (the folder itself could be made). "
   "The server comes up; the warm-up request and every completion log `Failed to write perf metrics to file: [Errno 28] "
   "No space left on device` with a traceback, and the requests are served (HTTP 200). A working server with a full "
   "metrics folder: free space there.",
   "possible"),
 "tmpdir-tmpfs-full": ("success", "server", None, [], None,
   "TMPDIR on a full 1 MiB tmpfs (no free bytes, inodes left). The ZMQ IPC sockets need only inodes, nothing else "
   "writes there at start on this CPU set-up: the server comes up, serves a completion and stops cleanly on SIGTERM.",
   "likely"),
}
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
