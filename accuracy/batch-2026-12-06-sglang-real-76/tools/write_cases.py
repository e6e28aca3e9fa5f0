#!/usr/bin/env python3
"""Write cases.jsonl for batch x from the labels below (set by hand from what each run broke and what its log shows).
Each evidence is given as part of a log line (its start, or a piece of it); the full line (the first that holds it) is
copied. Run from the batch folder. (Batch w's write_cases.py with this batch's labels; no labels2.json.)"""
import json

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
UP = "The server is fired up and ready to roll!"
C = [
 ("model-checksum-byte-flipped", "failure", "weights", "corrupt-checkpoint", [],
  "sglang.srt.utils.model_file_verifier.IntegrityError: Integrity check failed:",
  "--model-checksum with the checksums.json of the good folder (written by python -m sglang.srt.utils.model_file_verifier generate); one byte of tensor data in model-00003-of-00004.safetensors was flipped (header intact, size the same). After 'Load weight begin.' the verifier hashes the files and stops with 'IntegrityError: Integrity check failed: model-00003-of-00004.safetensors: mismatch (expected=... actual=...)'; the launcher is killed (rc -9). Download the named file again and rerun with the same --model-checksum.", "likely"),
 ("model-checksum-file-missing", "failure", "weights", "invalid-argument", ["model-not-found"],
  "huggingface_hub.errors.OfflineModeIsEnabled:",
  "--model-checksum <tmp>/checksum.json, a path that does not exist (the manifest is checksums.json), with HF_HUB_OFFLINE=1. SGLang takes a value that is not a file for a Hugging Face repo id and asks the hub for its file list, so after 'Load weight begin.' it stops with 'OfflineModeIsEnabled: Cannot reach https://huggingface.co/api/models<path>: offline mode is enabled' (rc -9); the log never says the file is missing. Fix the --model-checksum path (or drop the option).", "likely"),
 ("weights-pickle-named-safetensors", "failure", "weights", "corrupt-checkpoint", [],
  "safetensors._safetensors_rust.SafetensorError: Error while deserializing header",
  "The only weight file, model.safetensors, is a torch.save() pickle (a pytorch_model.bin renamed to .safetensors; the shards and index removed). After 'Load weight begin.' safe_open reads the zip bytes as a header length and stops with 'SafetensorError: Error while deserializing header: header too large'; the launcher is killed (rc -9). Rename the file back to pytorch_model.bin (SGLang loads .bin) or convert it properly with safetensors' save_file.", "likely"),
 ("added-tokens-json-truncated", "failure", "config", "corrupt-checkpoint", [],
  "json.decoder.JSONDecodeError:",
  "The model folder holds an added_tokens.json cut in half. The launcher's tokenizer load (AutoTokenizer.from_pretrained, tokenization_utils_base._from_pretrained) parses it and stops with 'json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes' before any scheduler starts (rc 1); the log does not name the file, only the tokenizer-loading frames. Restore added_tokens.json from the source (or delete it if tokenizer.json already has the tokens).", "likely"),
 ("model-impl-mindspore", "failure", "config", "invalid-argument", [],
  "AssertionError: MindSpore model impl is only supported on Ascend npu.",
  "--model-impl mindspore with --device cpu: the launcher's argument check (check_server_args) asserts 'MindSpore model impl is only supported on Ascend npu.' before any process starts (rc 1). Use --model-impl transformers (or auto/sglang) on this machine; mindspore is for Ascend NPUs only.", "likely"),
 ("kv-events-config-not-json", "failure", "kv_cache", "invalid-argument", [],
  "pydantic_core._pydantic_core.ValidationError: 1 validation error for KVEventsConfig",
  "--kv-events-config publisher=zmq (key=value, not JSON). Not checked when the arguments are parsed: the weights load and the KV cache is allocated, then the scheduler's constructor parses it (KVEventsConfig.model_validate_json) and stops with 'ValidationError: 1 validation error for KVEventsConfig ... Invalid JSON: expected value at line 1 column 1'; the launcher is killed (rc -9). Pass JSON: --kv-events-config '{\"publisher\": \"zmq\", \"endpoint\": \"tcp://...\"}'.", "likely"),
 ("model-checksum-valid", "success", "server", None, [], UP,
  "--model-checksum with the matching checksums.json (valid): after 'Load weight begin.' '[ModelFileVerifier] All 10 files verified successfully.', the server comes up, answers a completion (200) and stops cleanly on SIGTERM. Nothing to do.", "likely"),
 ("attention-backend-torch-native", "success", "server", None, [], UP,
  "--attention-backend torch_native on --device cpu (valid; 'Cuda graph is disabled because of using torch native attention backend'): comes up, answers a completion (200) and stops cleanly on SIGTERM. Nothing to do.", "likely"),
 ("crash-dump-folder-read-only", "success", "server", None, [], UP,
  "--crash-dump-folder on a read-only bind mount (valid at start: the folder is written only when the server crashes; SGLang sets CUDA_ENABLE_COREDUMP_ON_EXCEPTION etc.). Comes up, answers a completion (200) and stops cleanly on SIGTERM; nothing in the log warns that a crash dump could not be written. Point --crash-dump-folder at a writable folder if dumps are wanted.", "likely"),
]
try:
    exec(open("tools/labels_late.py").read())
except FileNotFoundError:
    pass
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        lines = open(name + ".log").read().splitlines()
        full = [l for l in lines if l.startswith(ev) or ev in l]
        assert full, (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=full[0], remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
