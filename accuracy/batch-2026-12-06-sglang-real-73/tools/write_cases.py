#!/usr/bin/env python3
"""Write cases.jsonl for batch u from the labels below (set by hand from what each run broke and what its log shows).
Checks that each evidence line occurs in its log verbatim. Run from the batch folder."""
import json

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
C = [
 ("load-format-sharded-state", "failure", "weights", "invalid-argument", [],
  "ValueError: Could not find checkpoint files '<tmp>/models/tiny-llama/model-rank-0-part-*.safetensors', only pre-sharded checkpoints are currently supported!",
  "--load-format sharded_state expects a checkpoint pre-sharded per tensor-parallel rank (model-rank-N-part-*.safetensors, as written by SGLang's/vLLM's save_sharded_state); the folder holds an ordinary HF checkpoint, so the scheduler fails right after 'Load weight begin.' and the launcher is killed (rc -9). Drop --load-format (auto) for an HF folder, or point it at a folder saved in sharded-state form.", "confirmed"),
 ("special-tokens-map-truncated", "failure", "config", "corrupt-checkpoint", [],
  "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 4 column 1 (char 47)",
  "The model folder's special_tokens_map.json is cut in half (an interrupted copy or download). Transformers reads it while the launcher loads the tokenizer (traceback through tokenization_utils_base.py `special_tokens_map = json.load(f)`), so the start fails before any model process. Restore the file from the source repo (or delete it: tokenizer_config.json carries the special tokens) and restart.", "confirmed"),
 ("shards-in-subfolder", "failure", "weights", "model-not-found", ["corrupt-checkpoint"],
  "RuntimeError: Cannot find any model weights with `<tmp>/models/tiny-subdir`",
  "The four safetensors shards and their index sit in a weights/ subfolder while config.json and the tokenizer are at the top of the model folder: config and tokenizer load, then the loader looks only at the top level, finds no *.safetensors / *.bin and the scheduler fails after 'Load weight begin.' (rc -9). Move the shards and model.safetensors.index.json next to config.json (or point --model-path at a folder that has all of them).", "confirmed"),
 ("checkpoint-tied-config-untied", "success", "server", None, [],
  "[2026-12-06 03:59:10] The server is fired up and ready to roll!",
  "A checkpoint saved with tied embeddings (no lm_head.weight in any shard or in the index) whose config.json says tie_word_embeddings false: SGLang's Transformers backend loads the 3 shards without a word and leaves lm_head at its initial values; the server comes up, answers (garbage text, as this random tiny model always does) and stops cleanly on SIGTERM. Nothing in the log shows the missing tensor. Set tie_word_embeddings true in config.json (or add lm_head.weight) for such a checkpoint.", "likely"),
 ("ssl-keyfile-encrypted", "failure", "server", "invalid-argument", [],
  "Enter PEM pass phrase:",
  "--ssl-keyfile is a pass-phrase-protected (encrypted) private key and no --ssl-keyfile-password is given: the model loads and the KV cache is allocated, then uvicorn's load_cert_chain asks OpenSSL for the pass phrase on the terminal ('Enter PEM pass phrase:', twice), gets none (no terminal, stdin /dev/null) and fails with `OSError: [Errno 22] Invalid argument` (rc 1). Pass --ssl-keyfile-password, or give an unencrypted key (openssl pkey -in server.key -out server-plain.key).", "likely"),
 ("max-prefill-tokens-8", "success", "server", None, [],
  "[2026-12-06 04:00:31] The server is fired up and ready to roll!",
  "--max-prefill-tokens 8, far below the 17-token warm-up prompt: accepted as is (max_prefill_tokens=8 in the scheduler's summary line), the warm-up prefill of 17 tokens and a completion run anyway (a lone request is admitted past the budget); the server comes up and stops cleanly on SIGTERM. Valid but pointless: raise it (default 16384) unless a tiny prefill budget is meant.", "likely"),
 ("hf-cache-repo-folder", "failure", "config", "model-not-found", ["invalid-argument"],
  "ValueError: Unrecognized model in <tmp>/hub/models--tiny-org--tiny-llama. Should have a `model_type` key in its config.json.",
  "--model-path names a Hugging Face cache repo folder (models--tiny-org--tiny-llama, with blobs/, refs/, snapshots/) instead of a model folder: there is no config.json at its top, and transformers' message blames a missing `model_type` key. Pass the repo id (tiny-org/tiny-llama, with HF_HOME/HF_HUB_CACHE pointing at the cache) or the snapshot folder snapshots/<hash>/.", "confirmed"),
 ("chat-template-tokenizer-config", "failure", "config", "invalid-argument", [],
  "KeyError: 'sep_style'",
  "--chat-template names the model's tokenizer_config.json. SGLang treats a .json --chat-template as its own conversation-template format (name, sep_style, roles...), finds no sep_style and the launcher fails while loading templates (rc 1). Drop --chat-template (the model's own chat_template.jinja is used), or pass a .jinja file / one of SGLang's built-in template names.", "confirmed"),
]
C += json.load(open("tools/labels2.json")) if __import__("os").path.exists("tools/labels2.json") else []
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        text = open(name + ".log").read()
        assert ev in text.splitlines(), (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=ev, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
