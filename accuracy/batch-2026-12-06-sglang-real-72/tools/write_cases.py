#!/usr/bin/env python3
"""Write cases.jsonl for batch t from the labels below (set by hand from what each run broke and what its log shows).
Checks that each evidence line occurs in its log verbatim. Run from the batch folder."""
import json

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
R = "The server is fired up and ready to roll!"
TOOLONG = open("tmpdir-path-too-long.log").read().splitlines()
ZMQ = [l for l in TOOLONG if l.startswith("zmq.error.ZMQError: ipc path")][0]
C = [
 ("reasoning-parser-unknown", "failure", "config", "invalid-argument", [],
  "sglang serve: error: argument --reasoning-parser: invalid choice: 'deepseek-v9' (choose from 'auto', 'apertus2509', 'beam', 'deepseek-r1', 'deepseek-v3', 'deepseek-v4', 'deepseek-v41', 'dots', 'glm45', 'ling3', 'hunyuan', 'gpt-oss', 'k2_horizon', 'kimi', 'kimi_k2', 'kimi_k3', 'mimo', 'muse', 'poolside_v1', 'qwen3', 'qwen3-thinking', 'minimax', 'minimax-append-think', 'minimax-m3', 'nanbeige', 'step3', 'step3p5', 'mistral', 'nemotron_3', 'granite_thinking_parser', 'interns1', 'gemma4', 'inkling', 'iquest_q1', 'cohere_command4', 'gigachat35', 'response_template')",
  "--reasoning-parser deepseek-v9 is not one of the parser names this SGLang knows; argparse rejects it (exit 2) before anything starts. Pick a listed name (deepseek-r1 / deepseek-v3 for DeepSeek models, qwen3 for Qwen3, or auto) or drop the flag for a model that does not reason.", "confirmed"),
 ("deterministic-inference-cpu", "failure", "config", "invalid-argument", ["dtype-unsupported"],
  "ValueError: Currently only ['ascend', 'fa3', 'fa4', 'flashinfer', 'intel_xpu', 'triton'] attention backends are supported for deterministic inference, but you explicitly specified 'intel_amx'.",
  "--enable-deterministic-inference on --device cpu: the CPU's attention backend (intel_amx, chosen by SGLang itself although the message says 'explicitly specified') has no deterministic mode, so the argument check stops the launcher before any process starts. Drop --enable-deterministic-inference on CPU, or run it on a GPU with one of the listed attention backends (fa3, flashinfer, triton).", "likely"),
 ("tmpdir-path-too-long", "failure", "init", "tmp-space", ["host-limits", "invalid-argument"],
  ZMQ,
  "TMPDIR points at a folder whose path is 150+ characters long. SGLang names its ZMQ IPC sockets after temporary files in TMPDIR, and a Unix socket path may be at most 107 bytes, so the tokenizer manager cannot bind its first socket and the launcher exits (rc 1) before the scheduler starts. Point TMPDIR at a short path (/tmp or a short folder on a big disk).", "likely"),
 ("tmpdir-out-of-inodes", "failure", "config", "tmp-space", ["dependency-import"],
  "OSError: [Errno 28] No space left on device: '<tmp>/fulltmp/tmpkcq23sgy'",
  "TMPDIR is a full filesystem (a 1 MB tmpfs out of inodes: filler files took all but one, and a folder 'root' that the start made there the last). While SGLang resolves its arguments it imports flashinfer, which imports cuda.tile, which makes a temporary folder with tempfile.mkdtemp(); that fails with ENOSPC and the launcher exits (rc 1) before any process starts. Free space and inodes in TMPDIR, or point TMPDIR at a disk with room.", "likely"),
 ("config-layers-below-checkpoint", "failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
  "ValueError: No module or parameter named 'model.layers.1' in TransformersForCausalLM.",
  "config.json says num_hidden_layers 1, but the shards hold layers 0 and 1 (a hand-edited or mismatched config next to the checkpoint). The model is built with one layer and the loader finds tensors for a second one it has no place for; the scheduler fails at 'Load weight begin.' and the launcher is killed (rc -9). Restore the config that belongs to the checkpoint (num_hidden_layers 2) or re-download the model folder.", "likely"),
 ("override-rope-yarn-no-factor", "failure", "weights", "invalid-argument", ["unsupported-model"],
  "KeyError: 'factor'",
  "--json-model-override-args sets rope_parameters to {rope_type: yarn} without the factor that YaRN needs; SGLang accepts it, and transformers fails building the rotary embedding (KeyError 'factor') right after 'Load weight begin.', so the scheduler dies and the launcher is killed (rc -9). Give YaRN its factor (and original_max_position_embeddings) in the override, or leave rope_parameters alone.", "likely"),
 ("chunked-prefill-minus-one-cpu", "failure", "kv_cache", "invalid-argument", ["kv-cache-insufficient"],
  "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=-0.049. Raise --mem-fraction-static above 0.004 (minimum viable = 1 - available/pre = 0.0030). If using speculative decoding, draft weights are now counted.",
  "--chunked-prefill-size -1 (documented as 'disable chunked prefill') on --device cpu, with --mem-fraction-static left to SGLang: its default is derived from the chunked-prefill size and comes out negative (mem_fraction_static -0.049 in server_args), so sizing the KV cache after the weights loaded fails although 20 GB are free. Memory is not short: give a positive --chunked-prefill-size, or set --mem-fraction-static explicitly (e.g. 0.8) when disabling chunked prefill.", "possible"),
 ("tokenizer-config-missing", "failure", "config", "corrupt-checkpoint", ["model-not-found"],
  "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or 'namespace/repo_name': '<tmp>/models/tiny-notokcfg'. Use `repo_type` argument if needed.",
  "The model folder lacks tokenizer_config.json (tokenizer.json is there): an incomplete copy of the checkpoint. SGLang does not find the file locally and asks the hub for it with the folder's path as the repo id, which huggingface_hub rejects, so the tokenizer manager fails in the launcher (rc 1) before the scheduler starts. The message reads like a wrong model path, but the path is right: copy tokenizer_config.json from the original model into the folder.", "likely"),
 ("sampling-backend-flashinfer-cpu", "success", "server", None, [],
  R,
  "--sampling-backend flashinfer on --device cpu: SGLang silently uses the pytorch sampler instead (server_args show sampling_backend 'pytorch', no warning); it came up, answered a completion (HTTP 200) and stopped on the runner's SIGTERM.", "likely"),
 ("index-json-missing", "success", "server", None, [],
  R,
  "model.safetensors.index.json deleted, the four shards left in place: SGLang loads every *.safetensors file of the folder without the index, comes up, answers a completion (HTTP 200) and stops on the runner's SIGTERM. Nothing to fix for a complete set of shards (an index helps only to spot a missing one).", "likely"),
 ("config-max-position-missing", "success", "server", None, ["invalid-argument"],
  R,
  "config.json without max_position_embeddings: SGLang falls back to a context length of 2048 (context_len=2048, where the model was made for 512), without a warning; it came up and answered two short completions and one of 302 tokens (HTTP 200), then stopped on the runner's SIGTERM. Put max_position_embeddings back (or pass --context-length) so the server does not accept prompts longer than the model was trained for.", "possible"),
 ("request-json-schema-invalid", "success", "server", None, ["invalid-argument"],
  R,
  "After ready, a chat request whose response_format json_schema is not a valid schema (type \"strin\", required a string): xgrammar cannot compile it, the request gets HTTP 400 ('Failed to compile json grammar ... Unsupported type \"strin\"') and the next completion gets HTTP 200; the server stays up until the runner's SIGTERM. A client error: fix the schema.", "likely"),
 ("scheduler-sigterm-after-ready", "success", "server", "terminated", [],
  "[2026-12-06 03:42:19] Subprocess scheduler_0 (pid=17606) crashed with exit code -15. Triggering SIGQUIT for cleanup...",
  "After ready and one answered completion, SIGTERM to the scheduler process alone (not the launcher), as an OOM-killer-like script or a careless kill of 'sglang::scheduler' would do: the launcher sees its child end with -15, cleans up and is killed (rc -9); the next request gets no answer (HTTP 000). Find who signals the scheduler; restart the server; stop SGLang by signalling the launcher only.", "likely"),
]
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        text = open(name + ".log").read()
        assert ev in text.splitlines() or ev in text, (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=ev, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
