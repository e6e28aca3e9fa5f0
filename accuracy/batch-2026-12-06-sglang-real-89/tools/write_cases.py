#!/usr/bin/env python3
"""Batch ak: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Each evidence is the first line of the kept log that contains the given text, copied whole (None on a success: the
`The server is fired up` line). Same writer code as batch aj's write_cases.py, other labels.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "model-path-relative-other-cwd": ("failure", "config", "model-not-found", [],
   "thrown while requesting HEAD https://huggingface.co/models/tiny-llama/",
   "--model-path models/tiny-llama (relative) started from a folder that has no models/ below it (a service unit whose "
   "WorkingDirectory is not the one the path was written for). No such local folder, so the path is taken as a Hub "
   "repo id `models/tiny-llama`; the machine is offline, five retries fail (`Name or service not known`) and "
   "transformers stops with `We couldn't connect to 'https://huggingface.co'` (rc 1). Give an absolute path or start "
   "from the folder the relative path is meant for.",
   "likely"),
 "config-json-is-directory": ("failure", "config", "corrupt-checkpoint", ["model-not-found"],
   "ValueError: Unrecognized model in",
   "config.json in the model folder is a directory (holding the real config.json one level down: an archive unpacked "
   "or a sync tool that made a folder of that name). transformers finds no readable config file and says `Unrecognized "
   "model ... Should have a model_type key in its config.json` before server_args is printed (rc 1). Put the real "
   "config.json file in the model folder.",
   "possible"),
 "config-vocab-size-above-embedding": ("failure", "weights", "corrupt-checkpoint", ["invalid-argument"],
   "AssertionError: self.org_vocab_size=600",
   "config.json says vocab_size 600 while embed_tokens / lm_head in the shards have 558 rows (a config left stale after "
   "the vocabulary was resized). The embedding's weight loader asserts the row count after `Load weight begin`, the "
   "scheduler dies (`Scheduler hit an exception`) and the launcher kills the tree (rc -9). Make config.json's "
   "vocab_size match the checkpoint (or re-export the model).",
   "likely"),
 "limit-mm-data-not-json": ("failure", "config", "invalid-argument", [],
   "invalid loads value: '{image: 2}'",
   "--limit-mm-data-per-request '{image: 2}' (keys not quoted, as in a YAML-ish snippet): argparse cannot parse it as "
   "JSON and exits with the usage text (rc 2). Pass JSON: '{\"image\": 2}' (the option only matters for multimodal "
   "models).",
   "likely"),
 "tokenizer-mode-mistral-hf-folder": ("failure", "config", "invalid-argument", [],
   "argument --tokenizer-mode: invalid choice: 'mistral'",
   "--tokenizer-mode mistral, a vLLM value carried over to SGLang, whose --tokenizer-mode knows only auto and slow: "
   "argparse exits with the usage text (rc 2). Drop the option (or use auto).",
   "likely"),
 "kv-events-port-taken": ("failure", "kv_cache", "port-in-use", ["invalid-argument"],
   "zmq.error.ZMQError: Address already in use (addr='tcp://*:31857')",
   "--kv-events-config with a ZMQ publisher on tcp://*:31857 while another process (a second server with the same "
   "kv-events config, here a plain listener) already holds that port. The weights load and the KV cache is allocated; "
   "then the scheduler binds the publisher socket, zmq raises `Address already in use`, the scheduler dies "
   "(`Scheduler hit an exception`) and the launcher kills the tree (rc -9). Give each server its own kv-events "
   "endpoint port, or stop the other one.",
   "likely"),
 "checkpoint-mixed-dtype-shards": ("success", "server", None, [], None,
   "One of the four shards stored in float32, the rest bfloat16 (a partly converted checkpoint). Loaded (weights cast "
   "to the bfloat16 of config.json), came up, answered a completion and a chat completion, stopped by SIGTERM (rc 0).",
   "likely"),
 "tokenizer-path-separate-folder": ("success", "server", None, [], None,
   "The weights folder holds no tokenizer files; --tokenizer-path names a folder with tokenizer.json, "
   "tokenizer_config.json and chat_template.jinja. Came up, answered a completion and a chat completion, stopped by "
   "SIGTERM (rc 0).",
   "likely"),
 "score-label-ids-above-vocab": ("success", "server", None, [], None,
   "Came up and served; POST /v1/score with label_token_ids 9000/9001 (ids from a bigger tokenizer; this vocab is "
   "558) is refused with 400 (`Token ID 9000 is out of vocabulary`), the next completion is 200, stopped by SIGTERM "
   "(rc 0). A rejected request, not a death.",
   "likely"),
 "request-input-ids-token-strings": ("success", "server", None, [], None,
   "Came up and served; POST /generate with input_ids given as token strings ([\"The\", \" model\", \" server\"]) is "
   "refused with 400 by request validation (`elements must be int or list; got str`), the next completion is 200, "
   "stopped by SIGTERM (rc 0). A rejected request, not a death.",
   "likely"),
 "numa-node-absent": ("success", "server", None, [], None,
   "--numa-node 3 on a host with one NUMA node (node0) and no numactl binary: the scheduler logs that it could not "
   "apply NUMA binding for node 3 and skips it, then comes up, answers a completion and is stopped by SIGTERM (rc 0).",
   "likely"),
}
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
