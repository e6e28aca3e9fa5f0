#!/usr/bin/env python3
"""Batch ax: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch aw's write_cases.py (../../batch-2026-12-06-sglang-real-101/tools/), other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "scheduler-max-recv-per-poll-zero": ("hang", "server", "invalid-argument", [],
   "Uvicorn running on http://127.0.0.1:36111",
   "SGLANG_SCHEDULER_MAX_RECV_PER_POLL=0 in the server's environment: the scheduler's receive loop stops after 0 "
   "requests per poll, so it never takes a request from the tokenizer. The start loads the weights, allocates the KV "
   "cache and reaches `Uvicorn running`; the warm-up /generate is never answered (no `POST /generate` line, no `fired "
   "up`), GET /health answers 503 for 70 s, and nothing says why until the runner's SIGTERM at 170 s (rc -9). Unset "
   "the variable (default -1, no limit) or give it a positive number of requests per poll.",
   "possible"),
 "hf-quant-config-modelopt-stale": ("failure", "weights", "corrupt-checkpoint", ["unsupported-model"],
   "ValueError: Downcasting not allowed: target.dtype=torch.float8_e4m3fn, loaded_weight.dtype=torch.bfloat16",
   "The model folder holds plain bf16 shards and a stale hf_quant_config.json from NVIDIA ModelOpt (quant_algo FP8; "
   "left from a quantized export or copied in with other files). SGLang reads it (`Detected ModelOpt FP8 checkpoint`, "
   "`Using ModelOptModelLoader due to ModelOpt quantization config`), builds FP8 layers, and loading the bf16 tensors "
   "into them fails (`Downcasting not allowed: target.dtype=torch.float8_e4m3fn, loaded_weight.dtype=torch.bfloat16`); "
   "the launcher kills the tree (rc -9). Remove hf_quant_config.json from a bf16 model folder, or serve the real "
   "ModelOpt FP8 checkpoint it belongs to.",
   "likely"),
 "nsswitch-hosts-dns-only": ("hang", "nccl", "bind-address", ["nccl-network"],
   "The IPv6 network addresses of (localhost, 26535) cannot be retrieved (gai error: -2 - Name or service not known)",
   "`--host localhost` on a host whose /etc/nsswitch.conf says `hosts: dns` (no `files`), so /etc/hosts is never "
   "read and `localhost` does not resolve (here bind-mounted in the start's mount namespace; no DNS server answers "
   "for it). SGLang also uses the host for torch.distributed's rendezvous: after `Init parallel begin` the c10d store "
   "keeps retrying the lookup (`gai error: -2 - Name or service not known`) until the runner's SIGTERM at 170 s "
   "(rc -15); no weights were loaded. Put `files` back first on the hosts line of /etc/nsswitch.conf (`hosts: files "
   "dns`), or start with --host 127.0.0.1.",
   "likely"),
 "tokenizer-config-chat-template-number": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "TypeError: argument of type 'int' is not iterable",
   "tokenizer_config.json has `\"chat_template\": 12345` (a number, not a Jinja string; a bad hand edit or a broken "
   "conversion) and the folder has no chat_template.jinja. The tokenizer loads, then the launcher's template manager "
   "checks the template for multimodal keywords (`keyword in chat_template`) and fails with `TypeError: argument of "
   "type 'int' is not iterable` before any scheduler starts (rc 1). Put the real template (a string) in "
   "tokenizer_config.json or chat_template.jinja, or pass --chat-template.",
   "likely"),
 "kv-cache-scales-transformers-backend": ("failure", "weights", "unsupported-model", ["invalid-argument"],
   "RuntimeError: ('Using FP8 KV cache and scaling factors provided but model %s does not support loading scaling factors.'",
   "--kv-cache-dtype fp8_e4m3 with --quantization-param-path <tmp>/kv_scales.json (a KV-cache scaling-factor file) "
   "on the Transformers backend (--model-impl transformers): TransformersForCausalLM has no load_kv_cache_scales, so "
   "right after the shards are read the scheduler fails (`Using FP8 KV cache and scaling factors provided but model "
   "... does not support loading scaling factors`) and the launcher kills the tree (rc -9). Drop "
   "--quantization-param-path (FP8 KV then uses scales of 1.0), or serve the model with an implementation that loads "
   "KV scales (SGLang's own model classes, on a GPU).",
   "likely"),
 "tokenizer-json-ignore-merges-string": ("failure", "config", "corrupt-checkpoint", [],
   "Exception: invalid type: string \"yes\", expected a boolean at line 1879 column 1",
   "tokenizer.json's BPE model has `\"ignore_merges\": \"yes\"` (a string where the tokenizers library wants a "
   "boolean; a hand edit or a tool that wrote it as text). transformers' tokenizer load hands the file to tokenizers, "
   "which refuses it (`invalid type: string \"yes\", expected a boolean at line 1879 column 1`, the position of the "
   "model object's end); the launcher fails before any scheduler starts (rc 1). Set ignore_merges to false (or true) "
   "in tokenizer.json, or download the tokenizer files again.",
   "likely"),
 "quant-description-modelslim-stale": ("failure", "weights", "corrupt-checkpoint", ["unsupported-model"],
   "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: npu",
   "The model folder holds plain bf16 shards and a stale quant_model_description.json from ModelSlim (Huawei "
   "Ascend's quantizer; W8A8 for every linear layer). SGLang takes it as a ModelSlim checkpoint (`Using "
   "ModelSlimW8A8Int8`), reads the shards, and the NPU post-processing moves scales to device `npu`, which this torch "
   "does not know (`Expected one of cpu, cuda, ... device type at start of device string: npu`); the launcher kills "
   "the tree (rc -9). Remove quant_model_description.json from a bf16 model folder; a real ModelSlim checkpoint needs "
   "an Ascend NPU.",
   "possible"),
}
# starts that came up and showed nothing wrong in their logs
L.update({
 "config-partial-rotary-factor-zero": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "Nothing in the log to fix. config.json's rope_parameters has partial_rotary_factor 0.0 (rotary dimension 0 for "
   "head_dim 64; a hand edit of a config meant for a partial-rotary model). The start loads, comes up and answers a "
   "completion and a chat completion (200); no line names RoPE or the factor. Whether the answers change cannot be "
   "told from this random tiny model. Remove partial_rotary_factor (default 1.0) unless the model was trained with it.",
   "possible"),
 "tokenizer-class-llama-on-bpe": ("success", "server", None, [],
   "Fixing v5 tokenizer component mismatch for <tmp>/models/tiny-llama-tcl: pre_tokenizer Metaspace -> ByteLevel, decoder Sequence -> ByteLevel",
   "Nothing to fix for the start: tokenizer_config.json names tokenizer_class LlamaTokenizer (a SentencePiece-style "
   "class) for a byte-level BPE tokenizer.json. transformers 5 built Metaspace components, SGLang noticed and repaired "
   "them (`Fixing v5 tokenizer component mismatch ... pre_tokenizer Metaspace -> ByteLevel`, `Restoring "
   "add_bos_token=True`), and the server came up and answered a completion and a chat completion (200). To be clean, "
   "set tokenizer_class to the class the tokenizer was saved with (here TokenizersBackend / PreTrainedTokenizerFast).",
   "likely"),
})

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
