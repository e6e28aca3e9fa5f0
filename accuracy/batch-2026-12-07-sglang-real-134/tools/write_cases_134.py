#!/usr/bin/env python3
"""Batch 134: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 133's write_cases_133.py (../../batch-2026-12-07-sglang-real-133/tools/, itself batch 131's and earlier) with
other labels; each evidence is copied whole from the first line of its log that contains the text given here (the
script stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_134.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "pytorch-cuda-alloc-conf-no-value": ("failure", "config", "invalid-argument", ["engine-internal"],
   "Index out of bounds in ConfigTokenizer",
   "PYTORCH_CUDA_ALLOC_CONF=expandable_segments in the environment (the option without its value; PyTorch wants "
   "key:value pairs, e.g. expandable_segments:True). torch 2.14 parses the allocator config while its libraries are "
   "loaded (libc10_cuda.so, even on a CPU-only start), and its config tokenizer fails an internal check: 'terminate "
   "called after throwing an instance of c10::Error', 'i < config_.size() INTERNAL ASSERT FAILED at "
   "c10/core/AllocatorConfig.h:124 ... Index out of bounds in ConfigTokenizer', a C++ stack through dlopen, and the "
   "process aborts (SIGABRT, rc -6) before SGLang prints anything. The variable is named nowhere but in the command. "
   "Fix the value (PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF=expandable_segments:True) or unset it; "
   "`python -c 'import torch'` with the same environment shows the same abort.",
   "likely"),
 "log-level-http-warn": ("failure", "server", "invalid-argument", [],
   "KeyError: 'warn'",
   "--log-level-http warn. SGLang passes the value to uvicorn without checking it (--log-level has choices, "
   "--log-level-http is free text); uvicorn knows critical/error/warning/info/debug/trace, not 'warn'. The whole "
   "engine came up (weights, KV cache, 'Engine startup timings'), then uvicorn.Config -> configure_logging raises "
   "KeyError: 'warn' while the HTTP server is set up; kill_process_tree, no 'Uvicorn running' line, rc 1. Use "
   "--log-level-http warning (or leave it unset to reuse --log-level).",
   "likely"),
 "quantize-and-serve-modelopt-fp8": ("failure", "config", "invalid-argument", [],
   "NotImplementedError: quantize_and_serve functionality is currently disabled",
   "--quantization modelopt_fp8 --quantize-and-serve (quantize with ModelOpt and serve in one step, as older docs "
   "show). 0.5.23 accepts the flag but ModelConfig refuses it while the arguments are resolved (before server_args "
   "is printed): NotImplementedError 'quantize_and_serve functionality is currently disabled due to compatibility "
   "issues. Please use the separate quantize-then-deploy workflow instead'; rc 1. Quantize and export the model "
   "first (ModelOpt), then serve the exported checkpoint without --quantize-and-serve.",
   "likely"),
 "separate-reasoning-parser-unknown": ("success", "server", None, ["invalid-argument"],
   "ValueError: Unsupported model type: deepseek-r2",
   "none for the server: after ready, one POST /separate_reasoning with reasoning_parser 'deepseek-r2' (no such "
   "parser; deepseek-r1 exists). The endpoint does not catch the parser's ValueError: HTTP 500, 'Exception in ASGI "
   "application' and a FastAPI / starlette traceback ending in reasoning_parser.py `ValueError: Unsupported model "
   "type: deepseek-r2`. The next completion and two /health got 200; the server stopped cleanly on SIGTERM (rc 0). "
   "Client: use a parser name SGLang knows (the same names as --reasoning-parser).",
   "likely"),
 "max-total-tokens-below-context-long-request": ("success", "server", None, ["kv-cache-insufficient"],
   "KV pool holds 300 tokens, fewer than --context-length 512",
   "--max-total-tokens 300 with the model's context 512. SGLang warns at start that one full-length request cannot "
   "fit ('KV pool holds 300 tokens, fewer than --context-length 512 ... long requests will be refused or truncated "
   "at serving time') and comes up. After ready a completion with a 252-token prompt and max_tokens 200 "
   "(ignore_eos) got HTTP 200 with only 46 tokens and finish_reason 'length' (252 + 46 = 298): the output was cut "
   "to what the pool holds, and the log shows only the prefill at token usage 0.84 and a decode at 0.95. A pool "
   "at least as large as the context (raise --max-total-tokens / --mem-fraction-static) or a --context-length that "
   "fits the pool.",
   "likely"),
 "log-requests-level-3-prompt-quotes-errors": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: a control. --log-requests --log-requests-level 3 (valid) logs every request and answer in full; after "
   "ready one chat request whose user message quotes a pasted error ('Traceback (most recent call last)', "
   "'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', 'OSError: [Errno 98] Address already "
   "in use'), then a completion and two /health. The quoted errors appear inside the 'Receive OpenAI:', 'Receive:' "
   "and 'Finish:' request lines (as Python reprs, \\n escaped); all requests got 200, rc 0. Nothing is wrong with "
   "the server.",
   "likely"),
 "constrained-json-whitespace-pattern-unclosed": ("success", "server", "invalid-argument", [],
   "Hit invalid grammar",
   "--grammar-backend llguidance --constrained-json-whitespace-pattern '[\\n\\t *' (the closing ] of the "
   "character class missing). The pattern is not checked at start; the server comes up, and every JSON-constrained "
   "request fails: after ready a /generate with a json_schema got HTTP 400 'Failed to compile json grammar: regex "
   "parse error ... error: unclosed character class' ('Hit invalid grammar' with the whitespace_pattern, then the "
   "compile error, in the log). Unconstrained requests keep working (the next completion 200). Fix the flag, e.g. "
   "'[\\n\\t ]*', or drop it.",
   "possible"),
 "load-format-presharded-plain-folder": ("success", "server", None, [],
   "The server is fired up and ready to roll!",
   "none: --load-format presharded on an ordinary HF safetensors folder with tp 1 is accepted. SGLang logs "
   "'Failed to build structural signature for presharded cache key (model_type=llama): No accelerator ...' (a "
   "fallback, harmless here), 'No presharded checkpoint at <tmp>/models/tiny-llama/presharded/TP-1-sig-...; doing "
   "first-time load and dump.', loads the weights and writes a presharded copy into the model folder (892 KB, with "
   "checksum.json and READY), then serves; two requests 200, rc 0. Side effect: the model folder must be writable "
   "and grows by a copy of the weights.",
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
