import json
V = "0.5.23"
def src(n): return f"real run: sglang {V} on a CPU-only machine, scenario {n}, 2026-12-05"
C = [
 ("plain-start-no-gpu", "failure", "config", "cuda-driver-mismatch", [],
  "RuntimeError: No accelerator (CUDA, XPU, HPU, NPU, MUSA, MPS) or platform plugin is available.",
  "No GPU is visible to SGLang (this machine has none): run on a host with an NVIDIA GPU and a working driver (check nvidia-smi and CUDA_VISIBLE_DEVICES), or pass --device cpu only with SGLang's CPU build.", "confirmed"),
 ("device-cpu", "failure", "weights", "dependency-import", [],
  "ModuleNotFoundError: No module named 'vllm'",
  "The CUDA wheel of SGLang on --device cpu falls back to vllm._custom_ops for rotary embedding while building the model: install SGLang's CPU build (sgl-kernel for CPU, the official CPU image) rather than the PyPI CUDA wheel.", "confirmed"),
 ("unknown-argument", "failure", "config", "invalid-argument", [],
  "sglang serve: error: unrecognized arguments: --max-model-len 256",
  "--max-model-len is vLLM's flag; SGLang calls it --context-length.", "confirmed"),
 ("tp-size-zero", "failure", "init", "invalid-argument", ["engine-internal"],
  "IndexError: list index out of range",
  "--tp-size 0 is not rejected by the argument checks; no scheduler starts and the launcher fails indexing an empty scheduler list (server_args shows 'tp_size': 0). Use --tp-size 1 or more.", "likely"),
 ("model-path-missing", "failure", "config", "model-not-found", [],
  "OSError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '<tmp>/models/tiny-lama'. Use `repo_type` argument if needed.",
  "The --model-path folder does not exist (typo: tiny-lama), so it is taken for a hub repo id, which is not valid; fix the path.", "confirmed"),
 ("hub-repo-unreachable", "failure", "config", "model-not-found", [],
  "OSError: We couldn't connect to 'https://huggingface.co' to load the files, and couldn't find them in the cached files.",
  "The model is a hub repo id, the hub cannot be reached (DNS fails) and the cache does not hold it: download the model where the hub is reachable and pass its local path, or fill HF_HOME and set HF_HUB_OFFLINE=1.", "confirmed"),
 ("config-not-json", "failure", "config", "corrupt-checkpoint", [],
  "OSError: It looks like the config file at '<tmp>/models/tiny-badjson/config.json' is not a valid JSON file.",
  "config.json is cut off (not valid JSON): download the model again and compare checksums.", "confirmed"),
 ("unknown-architecture", "failure", "init", "unsupported-model", [],
  "ValueError: Cannot find model module. 'FooBarForCausalLM' is not a registered model in the Transformers library (only relevant if the model is meant to be in Transformers) and 'AutoModel' is not present in the model config's 'auto_map' (relevant if the model is custom).",
  "Neither SGLang nor transformers knows the architecture FooBarForCausalLM named in config.json: upgrade SGLang/transformers, fix the architectures field, or use a model with remote code and --trust-remote-code.", "confirmed"),
 ("tokenizer-files-missing", "failure", "config", "corrupt-checkpoint", ["model-not-found"],
  "You need to have sentencepiece or tiktoken installed to convert a slow tokenizer to a fast one.",
  "The model folder has no tokenizer files (tokenizer.json, tokenizer_config.json); the hint about sentencepiece/tiktoken is misleading (both are installed). Copy the tokenizer files into the folder or point --tokenizer-path at a folder that has them.", "likely"),
 ("chat-template-missing", "failure", "config", "invalid-argument", [],
  "RuntimeError: Chat template <tmp>/models/tiny-llama/missing_template.jinja is not a built-in template name or a valid chat template file path.",
  "--chat-template names a file that does not exist: fix the path or use a built-in template name.", "confirmed"),
 ("quantization-awq-plain", "failure", "weights", "invalid-argument", [],
  "ValueError: Cannot find the config file for awq",
  "--quantization awq on a checkpoint that is not AWQ-quantized (no quantization config in the folder): drop --quantization or use an AWQ checkpoint.", "confirmed"),
 ("trust-remote-code-missing", "failure", "config", "unsupported-model", [],
  "Please pass the argument `trust_remote_code=True` to allow custom code to be run.",
  "The model's config.json has an auto_map to custom code: add --trust-remote-code (after checking the code).", "confirmed"),
 ("host-unresolvable", "hang", "nccl", "bind-address", ["nccl-network"],
  "[W1205 11:54:08.575189533 socket.cpp:764] [c10d] The IPv6 network addresses of (no-such-host.invalid, 26184) cannot be retrieved (gai error: -2 - Name or service not known).",
  "--host no-such-host.invalid does not resolve; SGLang also uses the host for torch.distributed's rendezvous, which retries the name lookup and never proceeds. Use --host 0.0.0.0, 127.0.0.1 or a name that resolves.", "confirmed"),
 ("nccl-port-in-use", "failure", "nccl", "port-in-use", [],
  "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 30051, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
  "The port given by --nccl-port (30051) is taken by another process: choose a free --nccl-port or leave it unset so SGLang picks a free one.", "confirmed"),
]
out = []
for n, oc, ph, cat, sec, ev, rem, conf in C:
    lines = [l.rstrip("\n") for l in open(n + ".log")]
    assert ev in lines, (n, ev)
    out.append(dict(file=n + ".log", engine="sglang", version=V, outcome=oc, phase=ph, category=cat,
                    secondary=sec, evidence=ev, remediation=rem, confidence=conf, source=src(n)))
open("cases.jsonl", "w").write("".join(json.dumps(o) + "\n" for o in out))
print(len(out))
