#!/usr/bin/env python3
"""Batch y: write cases.jsonl from the labels below; each evidence line is looked up in its log (the first line
that contains the key) and copied exactly. Usage: write_cases.py BATCH_DIR"""
import json, os, sys

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# name: (outcome, phase, category, secondary, evidence key, confidence, remediation)
L = {
 "torch-logs-unknown-name": ("failure", "config", "invalid-argument", [], "Invalid log settings: +bogus",
   "likely", "TORCH_LOGS=+bogus in the environment (a log name torch does not know). `import torch` parses TORCH_LOGS and raises ValueError 'Invalid log settings: +bogus, must be a comma separated list of ...' inside `import sglang`, before any SGLang line (rc 1). Unset TORCH_LOGS or use a name from the list it prints (TORCH_LOGS=help)."),
 "sglang-logging-config-missing": ("failure", "config", "invalid-argument", [], "Exception: Setting SGLANG_LOGGING_CONFIG_PATH",
   "likely", "SGLANG_LOGGING_CONFIG_PATH points at a file that does not exist; configure_logger raises 'Setting SGLANG_LOGGING_CONFIG_PATH from env with ... but it does not exist!' while the launcher sets up logging (rc 1). Point the variable at the logging dictConfig JSON, or unset it."),
 "logging-config-handler-read-only": ("failure", "config", "invalid-argument", ["tmp-space"], "OSError: [Errno 30] Read-only file system",
   "likely", "SGLANG_LOGGING_CONFIG_PATH names a valid dictConfig whose FileHandler writes into a folder mounted read-only; logging.config.dictConfig fails to open the file (OSError Errno 30, then 'ValueError: Unable to configure handler 'file'') before server_args is printed (rc 1). Point the handler's filename at a writable folder."),
 "load-format-runai-streamer": ("failure", "weights", "dependency-import", ["invalid-argument"], "ModuleNotFoundError: No module named 'runai_model_streamer'",
   "likely", "--load-format runai_streamer without the optional runai-model-streamer package. After 'Load weight begin.' the scheduler lists the safetensors through it and dies with ModuleNotFoundError (Scheduler hit an exception; launcher rc -9). pip install runai-model-streamer (sglang's extra), or drop --load-format."),
 "ulimit-fsize-8k": ("failure", "config", "host-limits", ["terminated"], "$ ulimit -f 8;",
   "possible", "`ulimit -f 8` (RLIMIT_FSIZE 8 KiB) in the shell that starts the server, with stdout+stderr going to a file. The log stops mid-line at exactly 8192 bytes inside the server_args dump (no error line can be written past the limit); the processes get SIGXFSZ and the launcher ends with rc -9 51 s later. Raise or remove the file-size limit (ulimit -f unlimited, the container's fsize ulimit)."),
 "orjson-shadowed-empty": ("failure", "config", "dependency-import", [], "AttributeError: module 'orjson' has no attribute",
   "likely", "PYTHONPATH starts with a folder holding an empty orjson.py, which shadows the installed orjson. Arguments parse and server_args is printed; importing sglang.srt.utils.json_response then fails with AttributeError: module 'orjson' has no attribute 'OPT_NON_STR_KEYS' (rc 1). Remove the stray orjson.py / fix PYTHONPATH (python -c 'import orjson; print(orjson.__file__)')."),
 "debug-tensor-dump-folder-read-only": ("failure", "weights", "invalid-argument", ["tmp-space"], "OSError: [Errno 30] Read-only file system",
   "likely", "--debug-tensor-dump-output-folder on a folder mounted read-only. The weights load ('Load weight end.'), then registering the dump hook creates TP0_PP0_Rank0_pid... under it and fails with OSError Errno 30 (Scheduler hit an exception, rc -9). Give a writable folder or drop the debug flag."),
 "hf-home-is-file": ("success", "server", None, [], "The server is fired up and ready to roll!",
   "likely", "HF_HOME points at a regular file. With a local model folder neither transformers nor huggingface_hub touches the hub cache, so nothing complains: the server came up, answered a completion and stopped on SIGTERM (rc 0). Fix HF_HOME before a hub download needs it."),
 "transformers-verbosity-unknown": ("success", "server", None, ["invalid-argument"], "Unknown option TRANSFORMERS_VERBOSITY=loud",
   "likely", "TRANSFORMERS_VERBOSITY=loud (not a level transformers knows): each process prints 'Unknown option TRANSFORMERS_VERBOSITY=loud, has to be one of: ...' and keeps the default level. The server came up, answered a completion and stopped on SIGTERM (rc 0). Use one of the levels listed."),
 "release-memory-after-ready": ("success", "server", "engine-internal", ["cuda-driver-mismatch"], "Scheduler hit an exception",
   "possible", "The server came up on CPU and answered a completion; then POST /release_memory_occupation (no --enable-memory-saver). The scheduler calls torch.get_device_module().synchronize(), which on this CPU-only host initialises CUDA and raises 'RuntimeError: Found no NVIDIA driver on your system'; SIGQUIT, the launcher kills its tree (rc -9), the next completion gets no answer. The endpoint is for GPU servers (RL weight offload); do not call it on a CPU server (or start with --enable-memory-saver on a GPU)."),
 "weights-update-group-no-peer": ("success", "server", "nccl-network", [], "init custom process group: master_address=127.0.0.1, master_port=39799",
   "possible", "After ready (one completion answered), POST /init_weights_update_group with gloo, world_size 2, rank_offset 1 and a master 127.0.0.1:39799 where no trainer listens. The scheduler blocks in the rendezvous; the HTTP call (60 s) and the next completion (30 s) get no answer, nothing more is logged until SIGTERM, after which 'Gracefully exiting... Remaining number of requests 1' repeats every 5 s until the runner's limit (240 s) kills the group. Start the trainer side (rank 0) first, or check the master address and port."),
}
PENDING = {}
try:
    sys.path.insert(0, os.path.dirname(__file__)); from labels_late import LATE; L.update(LATE)
except ImportError:
    pass

def main():
    d = sys.argv[1]; out = []
    for name, (oc, ph, cat, sec, key, conf, rem) in L.items():
        lines = open(os.path.join(d, name + ".log"), errors="replace").read().splitlines()
        ev = next((l for l in lines if key in l), None)
        if ev is None:
            sys.exit(f"{name}: evidence key not found: {key}")
        out.append({"file": name + ".log", "engine": "sglang", "version": "0.5.23", "outcome": oc, "phase": ph,
                    "category": cat, "secondary": sec, "evidence": ev, "remediation": rem, "confidence": conf,
                    "source": SRC.format(name)})
    with open(os.path.join(d, "cases.jsonl"), "w") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(len(out), "cases")

main()
