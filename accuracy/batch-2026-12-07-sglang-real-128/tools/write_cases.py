#!/usr/bin/env python3
"""Batch 128: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Batch 127's write_cases.py (../../batch-2026-12-07-sglang-real-127/tools/) with other labels and one addition: an
evidence text that starts with `LAST:` is copied whole from the LAST line of the log that contains the rest of the
text (for a hang: the last line before it stopped); otherwise from the first such line. The script stops if no line
does; a label whose log is absent is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "sglang-weights-lock-held-other-process": ("hang", "weights", "unknown", [],
   "LAST:[transformers] `torch_dtype` is deprecated! Use `dtype` instead!",
   "Hang, not a crash: the model is a hub repo id (tiny-org/tiny-llama, complete in HF_HOME, HF_HUB_OFFLINE=1) and "
   "another process (a second server or download job on the same machine and TMPDIR, stuck) holds SGLang's download "
   "lock for that repo, `$TMPDIR/<sha256 of the name>tiny-org-tiny-llama.lock` (flock). The scheduler takes that lock in "
   "download_weights_from_hf for every hub id, even offline with a full cache, and waits for it without a timeout "
   "and without a log line: the log stops after `Load weight begin` / `Using Transformers backend.` and the server never "
   "comes up (stopped by the runner after 170 s, rc -15). Find the holder (`fuser -v` or `lsof` on the .lock file in "
   "$TMPDIR, or --download-dir when given) and stop it or let it finish; or start this server with its own TMPDIR "
   "(or --download-dir), or pass the local snapshot folder as --model-path (no lock is taken for a local folder).",
   "likely"),
 "hf-hub-blob-lock-held-mirror-update": ("hang", "config", "unknown", [],
   "LAST:warnings.warn(f\"Only CUDA, MUSA and NPU support GGUF quantization currently.\")",
   "Hang, not a crash: hub repo id tiny-org/tiny-llama through HF_ENDPOINT (an internal mirror; HF_HUB_OFFLINE unset), "
   "whose main branch moved to a new commit with a changed config.json, and another process (a `hf download` or a "
   "second server on the same HF_HOME, stuck) holds huggingface_hub's lock for that file, "
   "`$HF_HOME/hub/.locks/models--tiny-org--tiny-llama/<etag>.lock`. The launcher's first config download waits for the "
   "lock forever; huggingface_hub's 'Still waiting to acquire lock' message is INFO and not shown, so the log has only "
   "the import warnings (8 lines, no server_args) until the runner stopped it after 170 s (rc -15). Find and stop "
   "the holder (`fuser -v`/`lsof` on the files in $HF_HOME/hub/.locks/), or remove a lock left by a dead holder only "
   "after checking nobody holds it; or start with HF_HUB_OFFLINE=1 on the cached commit, or a local --model-path.",
   "likely"),
 "hf-hub-shard-lock-held-mirror-update": ("hang", "weights", "unknown", [],
   "LAST:Using model weights format ['*.safetensors']",
   "Hang, not a crash: hub repo id through HF_ENDPOINT (an internal mirror; HF_HUB_OFFLINE unset) whose main branch "
   "moved to a new commit with a changed shard (model-00002-of-00004.safetensors), while another process (a `hf "
   "download` or a second server on the same HF_HOME, stuck) holds huggingface_hub's lock for that shard, "
   "`$HF_HOME/hub/.locks/models--tiny-org--tiny-llama/<etag>.lock`. Config and tokenizer come through; the scheduler "
   "finds the new snapshot without weights ('Local HF snapshot ... has no files matching ... will attempt download'), "
   "starts the shard download and waits for the lock forever without a message (huggingface_hub's 'Still waiting to "
   "acquire lock' is INFO, not shown); stopped by the runner after 170 s (rc -15). Find and stop the holder "
   "(`fuser -v`/`lsof` on $HF_HOME/hub/.locks/...), or let it finish; or pin --revision to the cached commit with "
   "HF_HUB_OFFLINE=1, or pass a local --model-path.",
   "likely"),
 "dist-init-addr-dns-server-silent": ("hang", "nccl", "nccl-network", [],
   "LAST:gai error: -3 - Temporary failure in name resolution",
   "Hang, not a crash: --dist-init-addr sgl-head.infra.internal:29514 is a host name, and the DNS server in "
   "/etc/resolv.conf takes the query and never answers (here a local UDP socket that never replies, in the start's "
   "own mount namespace; a dead cluster DNS or a firewall that drops port 53 look the same). Each lookup takes about "
   "20 s to give up ('gai error: -3 - Temporary failure in name resolution', unlike -2 for a name that does not exist), "
   "and torch.distributed's rendezvous retries it without end after `Init parallel begin`; stopped by the runner after "
   "170 s (rc -15). Fix the resolver (`getent hosts sgl-head.infra.internal` must answer at once: the nameserver in "
   "/etc/resolv.conf, the pod's dnsPolicy), or give --dist-init-addr the head node's IP address.",
   "likely"),
 "hub-id-cached-https-proxy-stalled": ("hang", "config", "model-not-found", ["http-proxy"],
   "LAST:warnings.warn(f\"Only CUDA, MUSA and NPU support GGUF quantization currently.\")",
   "Hang, not a crash: the model is a hub repo id whose files are all in HF_HOME, HF_HUB_OFFLINE is not set, and "
   "HTTPS_PROXY points at a proxy that accepts the connection and the `CONNECT huggingface.co:443` and never answers "
   "(here a local socket; an overloaded or half-dead corporate proxy looks the same). The launcher's first hub call "
   "(before server_args) waits on that connection with no time limit and prints nothing: the log has only the import "
   "warnings (8 lines) until the runner stopped it after 400 s (rc -15); no error, no retry line. Set HF_HUB_OFFLINE=1 "
   "(the cache is complete) or pass the local snapshot folder as --model-path; or fix the proxy / add huggingface.co "
   "to NO_PROXY where the hub is reachable directly.",
   "likely"),
 "hub-id-cached-dns-server-silent": ("hang", "config", "model-not-found", [],
   "LAST:Retrying in 8s [Retry 5/5].",
   "Crawl that looks like a hang: the model is a hub repo id whose files are all in HF_HOME, HF_HUB_OFFLINE is not set, "
   "and the DNS server in /etc/resolv.conf never answers (here a local UDP socket that never replies, in the start's "
   "own mount namespace). Every hub look-up waits about 10 s for the resolver ('[Errno -3] Temporary failure in name "
   "resolution'), then falls back to the cache ('Could not reach the Hub ... Using cached commit hash') or is retried "
   "(SGLang's hf_quant_config.json check 3 times with tracebacks, huggingface_hub's HEADs up to 5 times with back-off): "
   "server_args came after 2.5 min instead of about 40 s, Init parallel after 4.5 min, and after 400 s (runner's "
   "SIGTERM, rc -15) the tokenizer files were still being looked up; no weights loaded. Set HF_HUB_OFFLINE=1 (the "
   "cache is complete) or pass the local snapshot folder as --model-path; or fix the resolver (`getent hosts "
   "huggingface.co` must answer at once).",
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
        last = ev.startswith("LAST:")
        text = ev[5:] if last else ev
        hits = [l for l in lines if text in l]
        if not hits:
            sys.exit(f"{name}: evidence not in log: {ev!r}")
        hit = hits[-1] if last else hits[0]
    rows.append(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                     category=cat, secondary=sec, evidence=hit, remediation=rem, confidence=conf,
                     source=SRC.format(name)))
with open(os.path.join(D, "cases.jsonl"), "w") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "cases")
