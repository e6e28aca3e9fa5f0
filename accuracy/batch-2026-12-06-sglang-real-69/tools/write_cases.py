#!/usr/bin/env python3
"""Write cases.jsonl of batch q from the labels below (given by hand, blind); each evidence line is checked to be a
whole line of its log, copied exactly. Run in the batch folder."""
import json, os

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
FIRED = "The server is fired up and ready to roll!"
C = []


def case(name, outcome, phase, category, secondary, evidence, remediation, confidence):
    if not os.path.exists(name + ".log"):
        print("skip (no log):", name); return
    lines = open(name + ".log").read().splitlines()
    ev = next((l for l in lines if evidence in l), None)
    assert ev is not None, (name, evidence)
    C.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase, category=category,
                  secondary=secondary, evidence=ev, remediation=remediation, confidence=confidence,
                  source=SRC.format(name)))


case("config-json-utf8-bom", "failure", "config", "corrupt-checkpoint", ["invalid-argument"],
     "json.decoder.JSONDecodeError: Unexpected UTF-8 BOM",
     "config.json starts with a UTF-8 byte-order mark (EF BB BF), as an editor on Windows saves it: transformers' JSON "
     "reader refuses it ('Unexpected UTF-8 BOM') and SGLang stops while reading the config ('... is not a valid JSON "
     "file'). Save config.json as UTF-8 without BOM (or re-download it).", "likely")
case("shard-header-garbage", "failure", "weights", "corrupt-checkpoint", [],
     "SafetensorError: Error while deserializing header: header too large",
     "The first 64 bytes of model-00002-of-00004.safetensors (the 8-byte header length and the start of the JSON "
     "header) are garbage (bit rot, a partial overwrite), so the shard's header length reads as huge: config, "
     "tokenizer and scheduler start, the load dies at 'Load weight begin.'. Re-download the shard and compare its "
     "sha256 with the hub's.", "likely")
case("remote-config-syntax-error", "failure", "config", "corrupt-checkpoint", ["unsupported-model"],
     "SyntaxError: expected ':'",
     "With --trust-remote-code, config.json's auto_map points at configuration_tinycustom.py in the model folder, "
     "and that file has a syntax error (a def line without its ':'): transformers parses the custom code while "
     "SGLang reads the config and stops. Fix or re-download the model's custom .py files (the repo's own revision).",
     "possible")
case("tokenizer-path-is-file", "failure", "config", "invalid-argument", ["model-not-found"],
     "KeyError: 'regular_tokens'",
     "--tokenizer-path names the file tokenizer.json instead of the folder: SGLang takes a path to a .json file for "
     "a tiktoken/xtok tokenizer file and fails on its missing 'regular_tokens' key while the tokenizer manager starts. "
     "Pass the folder that holds tokenizer.json (or leave --tokenizer-path out: it defaults to --model-path).",
     "likely")
case("dtype-bf16-shortname", "failure", "config", "invalid-argument", [],
     "error: argument --dtype: invalid choice: 'bf16'",
     "--dtype bf16: SGLang's --dtype accepts auto, half, float16, bfloat16, float, float32, not the short name bf16 "
     "(argparse exits 2 after printing the usage). Use --dtype bfloat16.", "likely")
case("arch-sequence-classification", "success", "server", "unsupported-model", ["engine-internal", "invalid-argument"],
     "AssertionError",
     "config.json says LlamaForSequenceClassification (a reward/classifier head, num_labels 1) and the server came "
     "up as a classification model (type=TransformersForSequenceClassification); the first /v1/completions request "
     "after ready reached decode, which needs an lm_head, and the scheduler died on `assert self.logits_processor is "
     "not None and self.lm_head is not None`, taking the server down. Serve a causal-LM checkpoint for generation, "
     "or use a classification model only through /classify or /v1/rerank-style endpoints.", "possible")
case("is-embedding-completion", "success", "server", "engine-internal", ["invalid-argument"],
     "AssertionError",
     "--is-embedding on a causal LM came up (valid); the first /v1/completions request after ready was not refused "
     "but reached decode, and the scheduler died on `assert self.logits_processor is not None and self.lm_head is "
     "not None`, taking the server down (an SGLang 0.5.23 bug: an embedding server should answer 400 to generation "
     "requests). Drop --is-embedding to generate, or send only /v1/embeddings to this server.", "possible")
case("mem-fraction-static-above-one", "success", "server", None, ["invalid-argument"],
     FIRED,
     "--mem-fraction-static 1.5 is not a fraction, but SGLang 0.5.23 accepted it without a word on this CPU start "
     "(server_args shows 1.5; --max-total-tokens 4096 fixes the KV cache size, so the value had no effect) and the "
     "server came up and answered. Nothing to fix for this start; use a value in (0, 1) such as 0.85.", "likely")
case("stale-shards-next-to-current", "success", "server", None, [],
     FIRED,
     "Two shards of an older two-shard download (model-0000{1,2}-of-00002.safetensors) lie next to the current "
     "four-shard set and its index: SGLang loads only the files the index names, so the start is clean and a "
     "completion is answered. Nothing to fix; delete the stale shards to save disk.", "likely")
case("rope-linear-factor4", "success", "server", None, [],
     FIRED,
     "config.json asks for linear RoPE scaling with factor 4: SGLang derives context_len=2048 from the 512 "
     "positions and serves a 302-token prompt. Valid; nothing to fix.", "likely")
# filled after the runs (see README)
exec(open("tools/cases_wave2.py").read()) if os.path.exists("tools/cases_wave2.py") else None

with open("cases.jsonl", "w") as f:
    for c in C:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(C), "cases")
