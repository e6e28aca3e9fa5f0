#!/usr/bin/env python3
"""Batch 129: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 127's write_cases.py (../../batch-2026-12-07-sglang-real-127/tools/) with other labels; each evidence is copied
whole from the first line of its log that contains the text given here (the script stops if none does); an evidence
of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_129.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "use-ray-not-installed": ("failure", "config", "dependency-import", [],
   "ImportError: Ray is required for --use-ray mode.",
   "--use-ray (the Ray backend for the HTTP server, copied from a Ray / KubeRay recipe) on a venv without the ray "
   "package: the launcher turns the `ModuleNotFoundError: No module named 'ray'` of sglang.srt.ray into 'Ray is "
   "required for --use-ray mode. Install it with: pip install 'sglang[ray]'' and exits (rc 1) before any "
   "server_args line or subprocess. Drop --use-ray for a plain single-node start (the default HTTP mode needs no "
   "Ray), or install the Ray extra that matches this SGLang (`pip install 'sglang[ray]==0.5.23'`) and start inside "
   "the Ray cluster.",
   "likely"),
 "forward-hooks-factory-not-installed": ("failure", "compile", "dependency-import", ["invalid-argument"],
   "ModuleNotFoundError: No module named 'act_probe'",
   "--forward-hooks names a hook factory `act_probe.hooks:make_stats_hook` (an activation-statistics probe from a "
   "debugging recipe) whose package is not installed in this venv. The flag is accepted, weights load and the KV "
   "cache is allocated; then, at the end of the CUDA-graph / warm-up setup (init_all_cuda_graphs -> "
   "finalize_cuda_graph_capture -> register_forward_hooks), SGLang imports the factory's module and the scheduler "
   "dies with ModuleNotFoundError; the launcher kills itself (rc -9). Install the package that provides the hook "
   "factory into the server's venv (or put it on its import path), fix the module:function path, or drop "
   "--forward-hooks.",
   "possible"),
 "radix-cache-backend-flexkv-not-enabled": ("failure", "kv_cache", "invalid-argument", [],
   "ValueError: --radix-cache-backend='flexkv' is not registered.",
   "--radix-cache-backend flexkv (the FlexKV prefix cache chosen by name): in this release the name is registered "
   "only when SGLang's flexkv package module is imported, which --radix-cache-backend alone does not do, so when the "
   "scheduler builds its tree cache (after the KV pool, in build_kv_cache) it finds no backend of that name "
   "('Registered backends: []') and dies; the launcher kills itself (rc -9). Drop --radix-cache-backend to use the "
   "built-in radix cache, or turn FlexKV on the supported way (--enable-flexkv with --flexkv-config-file and the "
   "flexkv package installed), or load a plugin that calls register_radix_cache_backend('flexkv', ...) at import.",
   "likely"),
 "dllm-algorithm-on-llama": ("failure", "config", "invalid-argument", ["unsupported-model"],
   "RuntimeError: Unknown diffusion LLM: LlamaForCausalLM",
   "--dllm-algorithm LowConfidence (the diffusion-LM decoding of a LLaDA2 / SDAR recipe) on an ordinary "
   "autoregressive Llama model: while resolving the arguments SGLang switches attention to flashinfer and overlap "
   "off for diffusion inference, then looks the architecture up in its table of diffusion LLMs (LLaDA2MoeModelLM, "
   "SDARForCausalLM, SDARMoeForCausalLM, DiffusionGemmaForBlockDiffusion) and refuses LlamaForCausalLM; the launcher "
   "exits (rc 1) before any server_args line. Drop --dllm-algorithm for this model (it applies only to block-"
   "diffusion models), or serve one of the supported diffusion LLMs with it.",
   "likely"),
 "load-format-expert-pack-dense": ("failure", "config", "invalid-argument", ["unsupported-model"],
   "ValueError: Invalid expert_pack configuration:",
   "--load-format expert_pack (prepacked MoE expert weights, from a DeepSeek-V4 / Kimi-K3 recipe) on a dense Llama "
   "checkpoint with no pack: the argument resolution lists two problems ('pack_path is required in "
   "--model-loader-extra-config or SGLANG_EXPERT_PACK_PATH' and 'model_type must be 'deepseek_v4' or the text-only "
   "Kimi-K3 'kimi_linear' config, got 'llama'') and the launcher exits (rc 1) before any server_args line. Drop "
   "--load-format expert_pack (the default auto loads the safetensors shards); it is only for those MoE models with "
   "an expert pack built for them.",
   "likely"),
 "torch-cpp-log-level-verbose": ("success", "server", None, ["invalid-argument"],
   "`TORCH_CPP_LOG_LEVEL` environment variable cannot be parsed.",
   "none for the start: TORCH_CPP_LOG_LEVEL=verbose (not a level of torch's C++ logging) makes every process that "
   "imports torch (launcher, scheduler, detokenizer) print '`TORCH_CPP_LOG_LEVEL` environment variable cannot be "
   "parsed. Valid values are `INFO`, `WARNING`, `ERROR`, and `FATAL` ...' and keep its default level. The server "
   "came up, answered a completion and a chat completion (200), /health 200, and stopped on SIGTERM (rc 0). Use "
   "INFO, WARNING, ERROR or FATAL (or 0-3), or unset the variable, to silence the line.",
   "likely"),
 "startup-weight-load-overlap-cpu": ("failure", "weights", "invalid-argument", ["cuda-driver-mismatch"],
   "ValueError: --startup-weight-load-mode=overlap is not supported: CUDA only",
   "--startup-weight-load-mode overlap (load weights while the rest of the start proceeds) on a --device cpu start: "
   "the flag passes the argument checks, but when the scheduler's model runner starts loading ('Load weight "
   "begin') the startup weight-load manager refuses it ('not supported: CUDA only') and the scheduler dies; the "
   "launcher kills itself (rc -9). Drop the flag (the default serial mode) on this CPU machine; overlap needs a CUDA "
   "GPU.",
   "likely"),
}
rows = []
for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
    p = os.path.join(D, name + ".log")
    if not os.path.exists(p):
        continue
    lines = open(p, errors="replace").read().splitlines()
    hit = None
    if ev is not None:
        hit = next((l for l in lines if ev in l), None)
        if hit is None:
            sys.exit(f"{name}: evidence not in log: {ev!r}")
    rows.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                     category=cat, secondary=sec, evidence=hit, remediation=rem, confidence=conf,
                     source=SRC.format(name)))
with open(os.path.join(D, "cases.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "cases")
