#!/usr/bin/env python3
"""Write cases.jsonl of batch p from the labels below (given by hand, blind); each evidence line is checked to be a
whole line of its log, copied exactly. Run in the batch folder."""
import json

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
FIRED = "The server is fired up and ready to roll!"
C = []


def case(name, outcome, phase, category, secondary, evidence, remediation, confidence):
    lines = open(name + ".log").read().splitlines()
    ev = next((l for l in lines if evidence in l), None)
    assert ev is not None, (name, evidence)
    C.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase, category=category,
                  secondary=secondary, evidence=ev, remediation=remediation, confidence=confidence,
                  source=SRC.format(name)))

case("weights-original-pth-only", "failure", "weights", "model-not-found", ["corrupt-checkpoint"],
     "RuntimeError: Cannot find any model weights with",
     "The model folder holds Meta's original-format checkpoint (consolidated.00.pth + params.json, as in a repo's "
     "original/ folder) next to an HF config and tokenizer, but no *.safetensors or *.bin: config, tokenizer and "
     "scheduler start, then right after 'Load weight begin.' the loader finds no weight file it knows. Download the "
     "HF-format weights (model-*.safetensors + index), or convert with transformers' convert_llama_weights_to_hf.py.",
     "likely")
case("config-heads-not-divisor", "failure", "config", "invalid-argument", ["corrupt-checkpoint"],
     "ValueError: The hidden size (128) is not a multiple of the number of attention heads (3).",
     "config.json says num_attention_heads 3 with hidden_size 128 (no head_dim): transformers' LlamaConfig validation "
     "refuses it while SGLang reads the config (StrictDataclassClassValidationError ... validate_architecture), before "
     "server_args is printed. Fix num_attention_heads (here 2) or set head_dim; check the config belongs to these weights.",
     "likely")
case("qwen2-weights-llama-config", "failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
     "ValueError: No module or parameter named 'model.layers.0.self_attn.k_proj.bias' in TransformersForCausalLM.",
     "The shards are a Qwen2 checkpoint (q/k/v projections with biases) but config.json is a Llama config "
     "(LlamaForCausalLM, no attention bias), as when the wrong config.json is copied next to the weights: the model is "
     "built as Llama and the first bias tensor has nowhere to go, so the scheduler dies during the weight load. Use the "
     "config.json that came with the weights (Qwen2ForCausalLM).",
     "likely")
case("cwd-sglang-folder-shadow", "failure", "config", "dependency-import", [],
     "No module named sglang.launch_server",
     "The start ran from a folder that has its own sglang/ package (an empty sglang/__init__.py, as a project or an "
     "old checkout leaves it): `python -m` puts the current folder first on sys.path, so that folder shadows the "
     "installed SGLang and Python finds no sglang.launch_server in it. Start from another folder, rename the local "
     "sglang/ folder, or use the `sglang serve` entry point.",
     "likely")
case("pythonhashseed-invalid", "failure", "config", "invalid-argument", [],
     "PYTHONHASHSEED must be",
     "PYTHONHASHSEED=random42 in the environment: the interpreter refuses it before any Python code runs (Fatal "
     "Python error: config_init_hash_seed, rc 1). Set it to `random` or an integer 0..4294967295, or unset it.",
     "confirmed")
case("chat-template-cp1252", "failure", "config", "invalid-argument", [],
     "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe8",
     "--chat-template names a .jinja file saved in Windows-1252 (a French comment line with 'Modèle'), not UTF-8: "
     "right after 'Loading chat template from argument: ...' the launcher reads it as UTF-8 and stops with "
     "UnicodeDecodeError (rc 1). Re-save the template as UTF-8 (iconv -f cp1252 -t utf-8).",
     "confirmed")
case("profiler-dir-read-only", "success", "server", "invalid-argument", ["tmp-space"],
     "OSError: [Errno 30] Read-only file system:",
     "The start is fine (fired up, completions 200). After ready, POST /start_profile (3 steps, CPU) with "
     "SGLANG_TORCH_PROFILER_DIR on a read-only mount: when the steps are done the scheduler exports the trace, "
     "gets 'Read-only file system' for <dir>/<id>-TP-0.trace.json.gz, and SGLang kills the whole server (rc -9; the "
     "next requests get no answer). Point SGLANG_TORCH_PROFILER_DIR (or the request's output_dir) at a writable folder "
     "before profiling a live server.",
     "likely")
case("grammar-backend-outlines-json", "success", "server", None, [], FIRED,
     "Nothing to fix: --grammar-backend outlines (installed, 0.1.11) is accepted, the server comes up, a chat request "
     "with response_format json_schema gets 200 with output that follows the schema's start, a completion 200; stopped "
     "by the runner's SIGTERM.", "confirmed")
case("dtype-float32-on-bf16", "success", "server", None, [], FIRED,
     "Nothing to fix: --dtype float32 on a bfloat16 checkpoint upcasts the weights (KV cache dtype torch.float32, "
     "twice the memory of bf16); chat and completion requests 200; stopped by the runner's SIGTERM.", "confirmed")
case("consolidated-next-to-shards", "success", "server", None, [], FIRED,
     "Nothing to fix: a Mistral-style folder with consolidated.safetensors (other tensor names) next to the HF shards "
     "and model.safetensors.index.json; the index limits loading to the four shards it names (the shard bar shows "
     "4/4) and the server serves chat and completion requests (200).", "confirmed")
case("ulimit-stack-96k", "success", "server", None, ["host-limits"], FIRED,
     "Nothing to fix for this start: `ulimit -s 96` (96 KiB stack, soft = hard). SGLang warns 'Fail to set "
     "RLIMIT_STACK: current limit exceeds maximum limit' (it tries to raise the soft limit to its wish and cannot "
     "pass the hard one), then comes up and serves a completion (200). Deep recursion (long Jinja templates, big JSON "
     "schemas) could still hit the small stack; raise it (ulimit -s 8192 / docker --ulimit stack=...).",
     "likely")
case("ulimit-stack-64k", "failure", "config", "host-limits", [],
     "$ ulimit -s 64;",
     "`ulimit -s 64` (64 KiB stack, soft = hard): the Python interpreter dies with SIGSEGV (rc -11) before it prints "
     "anything; the log is the command line alone. Raise the stack limit (ulimit -s 8192, the Linux default; in "
     "containers docker --ulimit stack=8388608).",
     "possible")
case("hub-cache-interrupted-offline", "failure", "weights", "corrupt-checkpoint", ["model-not-found"],
     "has no files matching ['*.safetensors', '*.bin', '*.pt']; will attempt download.",
     "HF_HUB_OFFLINE=1 with a hub id whose cache comes from an interrupted download: config, tokenizer and index are "
     "in the snapshot, the four shards only as partial blobs/<sha>.incomplete. Config, tokenizer and scheduler start "
     "from the cache; at 'Load weight begin.' SGLang finds no weight file in the snapshot, would download but is "
     "offline, and stops with 'Cannot find any model weights with `tiny-org/tiny-llama`'. Finish the download "
     "(huggingface-cli download tiny-org/tiny-llama with the network, HF_HUB_OFFLINE unset), or point --model-path at "
     "a complete local copy.",
     "likely")
case("torch-compile-cpu", "success", "server", None, [], FIRED,
     "Nothing to fix: --enable-torch-compile with --device cpu --model-impl transformers is accepted and the server "
     "comes up and serves (200), but no graph is captured or compiled (no capture lines; every batch says 'cpu graph: "
     "False'): the flag has no effect in this combination.",
     "likely")

ORDER = ["weights-original-pth-only", "qwen2-weights-llama-config", "hub-cache-interrupted-offline",
         "config-heads-not-divisor", "chat-template-cp1252", "cwd-sglang-folder-shadow", "pythonhashseed-invalid",
         "ulimit-stack-64k", "profiler-dir-read-only", "grammar-backend-outlines-json", "dtype-float32-on-bf16",
         "consolidated-next-to-shards", "ulimit-stack-96k", "torch-compile-cpu"]
C.sort(key=lambda c: ORDER.index(c["file"][:-4]))
with open("cases.jsonl", "w") as f:
    for c in C:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(C), "cases")
