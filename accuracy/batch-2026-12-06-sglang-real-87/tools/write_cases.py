#!/usr/bin/env python3
"""Batch ai: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Fields as batch ab's; the same writer as batch ah's write_cases.py with other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "slow-down-sleep-in-ns": ("success", "server", "engine-internal", ["invalid-argument"],
   "OverflowError: timestamp out of range for platform time_t",
   "Came up and served; then POST /slow_down with forward_sleep_time 3e10 (30 s written in nanoseconds; the field is "
   "seconds). The endpoint accepts it, the next batch calls time.sleep(3e10) in the scheduler, which raises "
   "OverflowError (`Scheduler hit an exception`); the scheduler died and the launcher killed the server (SIGQUIT, "
   "rc -9). Give forward_sleep_time in seconds (or null to clear it); SGLang should bound the value.",
   "likely"),
 "config-pad-token-above-vocab": ("failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
   "AssertionError: Padding_idx must be within num_embeddings",
   "config.json has pad_token_id 600 but vocab_size 558. transformers only warns (`pad_token_id must be None or an "
   "integer within the vocabulary`), then the Transformers backend builds nn.Embedding with that padding_idx right "
   "after `Load weight begin` and the scheduler dies (rc -9). Set pad_token_id to an id below vocab_size (or null).",
   "likely"),
 "export-metrics-dir-is-file": ("failure", "init", "invalid-argument", ["tmp-space"],
   "FileExistsError: [Errno 17] File exists: '<tmp>/metrics-export'",
   "--export-metrics-to-file-dir names an existing regular file; the launcher creates the request-metrics exporter "
   "(os.makedirs) right after server_args, before any scheduler, and stops (rc 1). Point the option at a folder (or a "
   "path that does not exist yet) the server may write.",
   "likely"),
 "export-metrics-no-dir": ("failure", "config", "invalid-argument", [],
   "ValueError: --export-metrics-to-file-dir is required when --export-metrics-to-file is enabled",
   "--export-metrics-to-file without --export-metrics-to-file-dir; SGLang's argument check refuses it (rc 1). "
   "Add --export-metrics-to-file-dir FOLDER.",
   "confirmed"),
 "tokenizer-padding-side-center": ("failure", "config", "corrupt-checkpoint", ["invalid-argument"],
   "ValueError: Padding side should be selected between 'right' and 'left', current value: center",
   "tokenizer_config.json in the model folder has padding_side \"center\"; transformers refuses it while the "
   "launcher loads the tokenizer (rc 1). Set padding_side to \"left\" or \"right\" (or remove the key).",
   "likely"),
 "watermark-config-file-missing": ("failure", "config", "invalid-argument", [],
   "sglang.srt.sampling.watermarking.config.WatermarkConfigError: failed to read watermark config JSON",
   "--enable-watermark --watermark-config <home>/watermark.json, a file that does not exist; the option takes a JSON "
   "file path or inline JSON, and the launcher stops while reading it (rc 1). Create the file, or pass the JSON inline.",
   "likely"),
 "load-format-instanttensor": ("failure", "config", "cuda-driver-mismatch", ["invalid-argument"],
   "ValueError: InstantTensor requires a CUDA-compatible device",
   "--load-format instanttensor on a CPU-only start (--device cpu): SGLang's argument check refuses it because "
   "InstantTensor loads straight to a CUDA/ROCm device (rc 1). Use the default load format on CPU, or run on a GPU.",
   "likely"),
 "rid-duplicate-batch": ("success", "server", None, [], None,
   "Came up; after ready one POST /generate sent a batch of two texts with the same rid: HTTP 400 (`Duplicate request "
   "IDs detected within the request`), serving went on (next completion 200). Give each request of a batch its own rid.",
   "likely"),
 "regex-and-json-schema": ("success", "server", None, [], None,
   "Came up; after ready one POST /generate set both regex and json_schema: HTTP 400 (`Only one of json_schema, regex, "
   "ebnf, or structural_tag can be set.`), serving went on. Send one constraint per request.",
   "likely"),
 "stop-regex-invalid": ("success", "server", None, [], None,
   "Came up; after ready one /v1/completions had stop_regex \"(\" (not a valid regular expression): HTTP 500 with a "
   "traceback (`missing ), unterminated subpattern`), serving went on (next completion 200). Escape the pattern.",
   "likely"),
 "tokenizer-auto-map-no-trust": ("success", "server", None, [], None,
   "tokenizer_config.json names a custom tokenizer class (auto_map -> tokenization_tiny.TinyTokenizerFast) and the "
   "start has no --trust-remote-code; transformers ignored the auto_map silently, loaded tokenizer.json with the "
   "built-in class, and the server came up. The log has no word about the custom class: the driver's runner stopped "
   "it at its time limit (SIGTERM). Pass --trust-remote-code if the custom tokenizer matters.",
   "likely"),
 "config-rope-dynamic-factor2": ("success", "server", None, [], None,
   "config.json with rope_parameters dynamic NTK scaling, factor 2 (valid, unusual); came up and served.",
   "likely"),
 "export-metrics-to-file": ("success", "server", None, [], None,
   "--export-metrics-to-file with a writable --export-metrics-to-file-dir; came up, served, and wrote "
   "sglang-request-metrics-YYYYMMDD_HH.log there.",
   "likely"),
 "load-format-remote-instance": ("success", "server", None, [], None,
   "--load-format remote_instance without any --remote-instance-weight-loader-* settings: SGLang warns `Fallback "
   "load_format to 'auto' due to incomplete remote instance weight loader settings`, loads from disk and comes up; "
   "stopped by the runner's time limit (SIGTERM).",
   "likely"),
}
LATER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "labels_later.json")
if os.path.exists(LATER):
    for k, v in json.load(open(LATER)).items():
        L[k] = tuple(v)
with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = None
        if ev:
            evidence = next(l for l in text if ev in l)
        elif outcome == "success":
            evidence = next(l for l in text if "The server is fired up" in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(L), "cases")
