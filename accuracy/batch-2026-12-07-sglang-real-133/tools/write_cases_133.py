#!/usr/bin/env python3
"""Batch 133: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 131's write_cases_131.py (../../batch-2026-12-07-sglang-real-131/tools/, itself batches 129 and 127's) with other
labels; each evidence is copied whole from the first line of its log that contains the text given here (the script
stops if none does); an evidence of None is written as null; a label whose log is absent is skipped.
    python3 write_cases_133.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "c-locale-utf8-mode-off-nonascii-model-path": ("failure", "config", "invalid-argument", ["model-not-found"],
   "UnicodeEncodeError: 'utf-8' codec can't encode characters in position 23-24: surrogates not allowed",
   "LC_ALL=C with PYTHONUTF8=0 (a minimal image or service unit without a UTF-8 locale, where someone also turned "
   "Python's UTF-8 mode off) and a model folder whose name is not ASCII (<tmp>/models/modèle-ü). With an ASCII "
   "file-system encoding Python decodes the path's UTF-8 bytes into lone surrogates (server_args shows "
   "'mod\\udcc3\\udca8le-\\udcc3\\udcbc'); Python's own file calls still work, but the Rust tokenizers library "
   "(TokenizerFast.from_file) needs valid UTF-8 and raises UnicodeEncodeError ('surrogates not allowed ... while "
   "processing path') while the tokenizer manager loads the tokenizer, before the scheduler starts; rc 1. Fix the "
   "environment: a UTF-8 locale (LANG=C.UTF-8 / LC_ALL=C.UTF-8) and PYTHONUTF8 unset or 1; or give the model folder an "
   "ASCII name (or a symlink with one).",
   "possible"),
 "request-logprob-start-len-negative": ("success", "server", "engine-internal", ["invalid-argument"],
   "Scheduler hit an exception: Traceback (most recent call last):",
   "After ready, one POST /generate with return_logprob true, top_logprobs_num 2 and logprob_start_len -5 (meant "
   "Python-style: the last 5 prompt tokens; SGLang only knows -1 = no input logprobs, and refuses a value beyond the "
   "prompt with 400). The negative value is not validated: the scheduler's logprob bookkeeping fails a bare assert "
   "(logprob_result_processor.py add_input_logprob_return_values, `assert len(req.logprob.input_token_logprobs_val) == "
   "relevant_tokens_len` -> AssertionError), the scheduler dies, SIGQUIT, and SIGKILL of the whole server (rc -9); the "
   "client and the next requests get no answer. Clients: logprob_start_len -1 or an index in [0, prompt length); a "
   "release that validates it.",
   "likely"),
 "generate-batch-one-sampling-params-in-list": ("success", "server", None, ["invalid-argument"],
   "IndexError: list index out of range",
   "none for the server: after ready, one POST /generate with a batch of two prompts (text a list of 2) but "
   "sampling_params a list of ONE dict (meant for both; a single dict, not a list, is what applies to all). SGLang "
   "does not check the lengths: the tokenizer manager's per-item split (io_struct.py __getitem__, "
   "self.sampling_params[i]) raises IndexError, uvicorn logs 'Exception in ASGI application' with an 80-line "
   "traceback and answers 500 Internal Server Error. The next completion got 200, /health 200, SIGTERM, rc 0. Client "
   "side: one sampling_params dict for the whole batch, or a list as long as the batch.",
   "likely"),
 "get-weights-by-name-transformers-backend": ("success", "server", None, ["unsupported-model"],
   "Error when getting parameter model.embed_tokens.weight: 'TransformersForCausalLM' object has no attribute 'get_weights_by_name'",
   "none for the server: after ready, POST /get_weights_by_name (what RL trainers call to check a weight sync) for "
   "model.embed_tokens.weight. The model runs on the Transformers backend (--model-impl transformers), whose wrapper "
   "has no get_weights_by_name (SGLang's native models such as llama.py have it), so SGLang logs an error line and "
   "answers 400 'Get parameter by name failed'; serving goes on (completion 200, /health 200, SIGTERM, rc 0). Use "
   "SGLang's native implementation (--model-impl auto/sglang) where the architecture has one, or check the weights "
   "another way.",
   "likely"),
 "custom-logit-processor-params-key-typo": ("success", "server", "engine-internal", ["invalid-argument"],
   "KeyError: 'token_ids'",
   "Started with --enable-custom-logit-processor; after ready, POST /generate with SGLang's own "
   "DisallowedTokensLogitsProcessor (CustomLogitProcessor.to_str(), a valid serialized processor) but custom_params "
   "{\"disallowed_token_ids\": [5, 6]} instead of the key it reads, token_ids. The processor runs inside the "
   "scheduler's sampler without a guard: `custom_param_list[0][\"token_ids\"]` raises KeyError, 'Scheduler hit an "
   "exception', SIGQUIT, SIGKILL of the whole server (rc -9); the client gets no answer. Send the parameters the "
   "processor expects ({\"token_ids\": [...]}); test custom processors offline first, since any exception in one kills "
   "the server.",
   "likely"),
 "request-id-reused-while-running": ("success", "server", None, ["invalid-argument"],
   "Duplicate request ID detected: job-1",
   "none for the server: after ready, two POST /generate with the same client-chosen rid 'job-1' (an idempotency "
   "key reused on a retry), the second 1 s after the first while it still decoded its 450 tokens. SGLang refuses the "
   "second with 400 ('[http_server] Error: Duplicate request ID detected: job-1'); the first finished (200), a later "
   "completion got 200, /health 200, SIGTERM, rc 0. Client side: a unique rid per request (or none: SGLang makes one).",
   "likely"),
 "cpu-quota-0.15-core-startup-probe": ("success", "server", None, ["host-limits"],
   "Init parallel begin.",
   "The launcher ran in a cgroup with a CPU quota of 0.15 CPU (cpu.cfs_quota_us 15000 per 100000 us, like a "
   "Kubernetes limit of 150m; the machine has 2 cores). The start is correct but slow: server_args 100 s after the "
   "command, then nearly 3 minutes without a line (10:57:21 to 11:00:14) while the scheduler and detokenizer "
   "processes import SGLang and torch under the same quota, then the usual lines; 'fired up' at 11:00:45, about 5 minutes "
   "after the command (the plain starts of this batch took 50-130 s), with 503 health answers before it. Then it served "
   "(completion and chat 200) and stopped on SIGTERM (rc 0). Nothing failed; a startup probe or a client with less "
   "patience than 5 minutes would have killed it (see cpu-quota-0.1-core-killed-by-startup-limit). Give the "
   "container at least 1-2 CPUs for the start (a CPU request/limit of 1+), or a startup probe that allows for it.",
   "likely"),
 "cpu-quota-0.1-core-killed-by-startup-limit": ("hang", "init", "host-limits", ["terminated"],
   "Using default HuggingFace chat template with detected content format: string",
   "The launcher ran in a cgroup with a CPU quota of 0.1 CPU (cpu.cfs_quota_us 10000 per 100000 us, like a "
   "Kubernetes CPU limit of 100m) and a 300 s limit for the start (the runner's SIGTERM to the group, as a startup "
   "probe or a deploy timeout would send). Nothing fails: the imports alone take about 2.5 min (server_args that long after "
   "the command), then the scheduler and detokenizer processes start importing under the same quota (one Triton "
   "warning from them) and the log stays silent for 2.5 minutes until the SIGTERM ends everything without a line "
   "(rc -15, 16 lines). The same start at 0.15 CPU came up after 5 minutes (cpu-quota-0.15-core-startup-probe), the "
   "plain starts of this batch took 50-130 s. Give the container at least 1-2 CPUs for the start (or a higher limit "
   "than request while starting), or let the startup probe wait longer; look at the pod's CPU throttling "
   "(cpu.stat nr_throttled / throttled_time) when a start is slow without an error.",
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
