#!/usr/bin/env python3
"""Batch 127: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch bm's write_cases.py (../../batch-2026-12-07-sglang-real-125/tools/) with other labels; each evidence is copied
whole from the first line of its log that contains the text given here (the script stops if none does); an evidence
of None is written as null; a label whose log is absent is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "skip-tokenizer-init-json-schema-request": ("success", "server", None, ["invalid-argument"],
   "Grammar-based generation (json_schema, regex, ebnf, structural_tag) is not supported when the server is launched with --grammar-backend none, self.rid=",
   "none for the server: it came up and kept serving. Started with --skip-tokenizer-init (a client that tokenizes "
   "itself); after ready one POST /generate with input_ids and a json_schema in sampling_params got HTTP 400. With "
   "--skip-tokenizer-init SGLang builds no grammar backend at all (the token masks need the tokenizer), so every "
   "constrained request (json_schema, regex, ebnf, structural_tag) is refused, and the message blames "
   "`--grammar-backend none` although server_args say grammar_backend 'xgrammar' and no such flag was given. The "
   "same input_ids without the schema then got 200, /health 200, clean stop on SIGTERM (rc 0). For structured "
   "output drop --skip-tokenizer-init (send text or input_ids to a server that loads the tokenizer), or enforce the "
   "format on the client side.",
   "likely"),
 "grammar-backend-outlines-ebnf-request": ("success", "server", None, ["invalid-argument"],
   "Failed to compile ebnf grammar: Unknown grammar error",
   "none for the server: it came up and kept serving. --grammar-backend outlines (installed, 0.1.11), then one "
   "POST /generate with an EBNF grammar (`root ::= \"yes\" | \"no\"`, valid EBNF): HTTP 400 'Failed to compile ebnf "
   "grammar: Unknown grammar error'. SGLang's outlines backend handles json_schema and regex only; for ebnf (and "
   "structural_tag) it falls back to the base class's 'not supported' and the message does not say so. A plain "
   "completion then got 200, /health 200, clean stop (rc 0). Use the default --grammar-backend xgrammar (or "
   "llguidance) for EBNF grammars, or express the constraint as a regex / json_schema for outlines.",
   "likely"),
 "request-model-name-ollama-tag": ("success", "server", None, ["invalid-argument"],
   "\"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request",
   "none for the server: it came up and kept serving. Served with --served-model-name tiny-chat; a client called "
   "/v1/chat/completions with model \"tiny-chat:latest\" (an ollama-style tag, as ollama clients add). SGLang reads "
   "`name:suffix` as `base-model:lora-adapter`, so the request asked for LoRA adapter 'latest' and was refused with "
   "400 ('LoRA adapter 'latest' was requested, but LoRA is not enabled ...', in the reply only; the log shows a "
   "FastAPIDeprecationWarning and the 400 line). Other model names are not checked (a completion with model \"x\" "
   "then got 200). Call the server with the exact served name (\"tiny-chat\") or without a tag; --served-model-name "
   "itself cannot carry the ':latest' (SGLang refuses a colon there).",
   "likely"),
 "enable-hisparse-llama": ("failure", "config", "invalid-argument", ["unsupported-model"],
   "AssertionError: --enable-hisparse is only supported for DSA",
   "--enable-hisparse (hierarchical sparse attention, with the --disable-radix-cache it requires, as the DeepSeek "
   "V3.2 / GLM-5 recipes set them) on a Llama model: SGLang's argument check asserts that the model is a DSA model "
   "(DeepSeek V3.2, GLM-5), DeepSeek V4 or MiniMax M3, and the launcher exits (rc 1) before any process starts. "
   "Drop --enable-hisparse (and --disable-radix-cache, which only it needed) for this model.",
   "likely"),
 "speculative-dflash-cpu": ("failure", "config", "invalid-argument", ["cuda-driver-mismatch"],
   "ValueError: DFLASH speculative decoding is not supported by SRTPlatform on device 'cpu'.",
   "--speculative-algorithm DFLASH (with --speculative-draft-model-path) on a --device cpu start: SGLang's "
   "speculative argument resolution refuses it at once (DFLASH runs on CUDA, NPU or XPU only) and the launcher "
   "exits (rc 1) before any process starts. Drop the speculative flags on this CPU machine (the other algorithms "
   "do not run on the CPU build either), or run on a GPU with a DFLASH draft model (the draft given here was the "
   "target model itself, which a GPU start would also have to replace).",
   "likely"),
 "gpt-oss-parsers-llama-tools": ("success", "server", None, ["invalid-argument"],
   "--tool-call-parser gpt-oss --reasoning-parser gpt-oss",
   "--tool-call-parser gpt-oss --reasoning-parser gpt-oss (copied from a gpt-oss recipe) on a Llama model whose "
   "chat template and output have no harmony channels (<|channel|>analysis / final). The start came up; a chat "
   "request with one function tool (tool_choice auto, max_tokens 32) got 200 with content \"\", reasoning_content "
   "null and no tool_calls, while usage counted all 32 tokens as reasoning_tokens: the reasoning parser waits for "
   "the final channel that never comes and the answer is lost. Nothing in the log shows it (the chat line is 200); "
   "a plain completion got 200, clean stop (rc 0). Drop both parsers, or choose the ones that match the model's "
   "chat template (e.g. --tool-call-parser llama3 for Llama 3 models, no reasoning parser for a model that does "
   "not reason).",
   "possible"),
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
