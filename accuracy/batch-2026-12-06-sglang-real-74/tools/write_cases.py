#!/usr/bin/env python3
"""Write cases.jsonl for batch v from the labels below (set by hand from what each run broke and what its log shows).
Each evidence is given as part of a log line (its start, or a piece of it); the full line (the first that holds it) is copied. Run from the
batch folder."""
import json

SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
C = [
 ("bin-pickle-numpy-global", "failure", "weights", "corrupt-checkpoint", ["unsupported-model"],
  "_pickle.UnpicklingError: Weights only load failed.",
  "The model folder holds only a pytorch_model.bin whose pickled dict also carries numpy objects (a numpy scalar and array saved with the tensors). SGLang loads .bin files with torch.load(weights_only=True), which refuses the numpy globals ('Unsupported global: GLOBAL numpy._core.multiarray.scalar'); the scheduler fails right after 'Load weight begin.' and the launcher is killed (rc -9). Re-save the checkpoint as plain tensors, best as safetensors (load with weights_only=False once, from a trusted source, drop the non-tensor entries, save_file).", "likely"),
 ("loader-threads-zero", "failure", "weights", "invalid-argument", [],
  "ValueError: max_workers must be greater than 0",
  "--model-loader-extra-config '{\"enable_multithread_load\": true, \"num_threads\": 0}': the JSON is accepted as is and the value reaches ThreadPoolExecutor(max_workers=0) when the shards are read, so the scheduler fails after 'Load weight begin.' (rc -9). Give num_threads >= 1 (or leave it out: the default is used).", "confirmed"),
 ("mem-fraction-negative", "failure", "kv_cache", "invalid-argument", ["kv-cache-insufficient"],
  "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=-0.3.",
  "--mem-fraction-static -0.3 (a sign typo) is not rejected while the arguments are parsed; the weights load, then sizing the KV cache fails ('Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=-0.3') and the launcher is killed (rc -9). Give a fraction between 0 and 1 (default about 0.7-0.9), not a negative one.", "confirmed"),
 ("shm-read-only", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "/dev/shm is a read-only tmpfs (a private mount namespace, as in a hardened container): SGLang only warns that its load-snapshot writer cannot create its /dev/shm file ('[Errno 30] Read-only file system'); with one CPU rank nothing else needs shared memory, the server comes up, answers and stops cleanly on SIGTERM. No action needed for a single-rank start; give the container a writable /dev/shm for multi-rank or DP starts.", "likely"),
 ("served-name-nonascii-ascii-stdio", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "--served-model-name with a non-ASCII character (tiny-llamä) and PYTHONIOENCODING=ascii: stderr escapes the character ('tiny-llam\\xe4' in server_args) instead of failing, the server comes up, answers and stops cleanly on SIGTERM. A true negative; nothing to do.", "likely"),
 ("request-empty-input-ids", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "After ready, POST /generate with input_ids [] (an empty prompt): the server answers 400 ('[http_server] Error: input_ids cannot be empty.') and keeps serving (the next completion gets 200); it stops cleanly on SIGTERM. A client error, not a server fault: send at least one token.", "likely"),
 ("request-logprob-start-beyond-prompt", "success", "server", None, [],
  "The server is fired up and ready to roll!",
  "After ready, POST /generate with return_logprob and logprob_start_len 50 for a 9-token prompt: the request is refused with 400 ('logprob_start_len=50 is higher than the number of input tokens') and the server keeps serving (the next completion gets 200); it stops cleanly on SIGTERM. A client error: logprob_start_len must be below the prompt length (or -1).", "likely"),
]
C += json.load(open("tools/labels2.json")) if __import__("os").path.exists("tools/labels2.json") else []
with open("cases.jsonl", "w") as out:
    for name, outcome, phase, cat, sec, ev, rem, conf in C:
        lines = open(name + ".log").read().splitlines()
        full = [l for l in lines if l.startswith(ev) or ev in l]
        assert full, (name, ev)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=full[0], remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
print(len(C), "cases")
