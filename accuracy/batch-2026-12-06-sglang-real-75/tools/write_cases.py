#!/usr/bin/env python3
"""Write cases.jsonl for batch w from the labels below (set by hand from what each run broke and what its log shows).
Each evidence is given as part of a log line (its start, or a piece of it); the full line (the first that holds it) is
copied. Run from the batch folder. (Batch v's write_cases.py with this batch's labels.)"""
import json, os

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
UP = "The server is fired up and ready to roll!"
C = [
 ("index-stale-single-file", "failure", "weights", "corrupt-checkpoint", [],
  "RuntimeError: model.safetensors.index.json references 4 shard file(s) missing",
  "The checkpoint was re-saved as one model.safetensors, but the old model.safetensors.index.json (naming model-0000N-of-00004.safetensors) was left in the folder. SGLang trusts the index: after 'Load weight begin.' it stops with 'model.safetensors.index.json references 4 shard file(s) missing ... (incomplete download?)' and the launcher is killed (rc -9). Delete the stale index (or write one that names model.safetensors); nothing needs downloading again.", "likely"),
 ("npcache-model-folder-read-only", "failure", "weights", "invalid-argument", ["tmp-space"],
  "OSError: [Errno 30] Read-only file system:",
  "--load-format npcache on a .bin checkpoint in a read-only model folder (a read-only bind mount, as a read-only volume in a container): npcache converts the weights to numpy files in <model>/np, so after 'Load weight begin.' os.makedirs fails with '[Errno 30] Read-only file system' and the launcher is killed (rc -9). Drop --load-format npcache (the default reads the .bin directly) or copy the model to a writable folder.", "likely"),
 ("pythonoptimize-2", "failure", "config", "dependency-import", ["invalid-argument"],
  "ValueError: No `Args` or `Parameters` section is found in the docstring",
  "PYTHONOPTIMIZE=2 (python -OO, set in the environment to save memory) strips docstrings; 'import sglang' patches transformers' Llama module, whose @auto_docstring decorator needs the docstring of BaseModelOutputWithPast and raises ValueError, so the launcher stops before the arguments are parsed (rc 1). Unset PYTHONOPTIMIZE (or use at most level 1).", "likely"),
 ("config-head-dim-mismatch", "success", "server", None, ["corrupt-checkpoint"], UP,
  "config.json says head_dim 32, the weights are 2 heads x 64 (q_proj 128 wide). With --model-impl transformers nothing in the log notices: the weights load, the server comes up, answers a completion (200) and stops cleanly on SIGTERM. A silent config/weights mismatch; set head_dim to hidden_size / num_attention_heads (64) and do not trust the outputs of this start.", "likely"),
 ("chat-template-unknown-filter", "success", "server", "invalid-argument", [],
  "\"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request",
  "--chat-template a ChatML .jinja file that uses a filter Jinja does not have (tojson_pretty). The template is loaded without a check ('Detected user specified Jinja chat template'), the server comes up, and every chat request gets 400 (\"No filter named 'tojson_pretty'.\" in the answer, only the 400 line in the log); completions work; it stops cleanly on SIGTERM. Use a filter that exists (tojson) in the template.", "likely"),
 ("hidden-states-transformers", "success", "server", None, [], UP,
  "--enable-return-hidden-states with --model-impl transformers (valid); after ready, POST /generate with return_hidden_states true answers 200, completions before and after too; stops cleanly on SIGTERM. Nothing to do.", "likely"),
 ("tool-choice-required-no-parser", "success", "server", None, [], UP,
  "No --tool-call-parser; after ready a chat request with tools and tool_choice \"required\" answers 200 (the output is constrained to a JSON tool-call list, cut at max_tokens 32), then a completion; stops cleanly on SIGTERM. Nothing to do.", "likely"),
 ("arch-llamamodel-base", "success", "server", None, [], UP,
  "config.json architectures [\"LlamaModel\"] (a base-model export by AutoModel.save_pretrained) on a checkpoint that has lm_head: with --model-impl transformers SGLang builds its TransformersForCausalLM anyway, loads the weights, comes up, answers and stops cleanly on SIGTERM. Nothing fails here; set architectures to LlamaForCausalLM for other backends.", "likely"),
 ("weight-loader-disable-mmap", "success", "server", None, [], UP,
  "--weight-loader-disable-mmap (valid: the shards are read into memory instead of mmapped); comes up, answers and stops cleanly on SIGTERM.", "likely"),
]
if os.path.exists("tools/labels2.json"):
    C += json.load(open("tools/labels2.json"))
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        lines = open(name + ".log").read().splitlines()
        full = [l for l in lines if l.startswith(ev) or ev in l]
        assert full, (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=full[0], remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
