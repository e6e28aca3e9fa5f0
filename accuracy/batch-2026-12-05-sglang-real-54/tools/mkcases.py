import json, os
os.chdir("/work/wt/_batch/sglang-real-b")
V = "0.5.23"
def src(n): return f"real run: sglang {V} on a CPU-only machine, scenario {n}, 2026-12-05"
# evidence: a prefix; the whole log line that starts with it is taken (and must be unique enough: first match)
C = [
 ("tokenizer-config-not-json", "failure", "config", "corrupt-checkpoint", [],
  "json.decoder.JSONDecodeError: Expecting value: line 6 column 5 (char 131)",
  "tokenizer_config.json in the model folder is cut off (not valid JSON; the traceback goes through transformers' get_tokenizer_config): download the tokenizer files again and compare checksums.", "likely"),
 ("tokenizer-json-truncated", "failure", "config", "corrupt-checkpoint", [],
  "json.decoder.JSONDecodeError: Expecting value: line 729 column 4 (char 12604)",
  "tokenizer.json is truncated (the JSON ends at line 729 while AutoTokenizer.from_pretrained reads it): download the model's tokenizer files again and compare checksums.", "likely"),
 ("override-args-not-json", "failure", "config", "invalid-argument", [],
  "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
  "--json-model-override-args must be JSON: double quotes and null, e.g. '{\"rope_scaling\": null}', not a Python dict literal.", "likely"),
 ("context-length-too-long", "failure", "config", "max-len-exceeds-model", [],
  "ValueError: Warning: User-specified context_length (4096) is greater than the derived context_length (512).",
  "--context-length 4096 is above the model's own 512 (max_position_embeddings): use --context-length 512 or less, or set SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 if the longer length is intended.", "confirmed"),
 ("env-bool-bad-value", "failure", "config", "invalid-argument", ["max-len-exceeds-model"],
  "<venv>/lib/python3.11/site-packages/sglang/srt/environ.py:83: UserWarning: Invalid value for SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN: \"enabled\" is not a valid boolean value, using default \"False\"",
  "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=enabled is not a boolean SGLang accepts (true/1/yes/y), so it falls back to False and --context-length 4096 (> 512) is refused: set SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1, or lower --context-length.", "likely"),
 ("attention-backend-unknown", "failure", "config", "invalid-argument", [],
  "sglang serve: error: argument --attention-backend: invalid choice: 'flashattn3'",
  "--attention-backend flashattn3 is not one of SGLang's backends: use one listed in the error (e.g. fa3, flashinfer, triton, torch_native).", "confirmed"),
 ("cpu-engine-cuda-kernel", "failure", "config", "dependency-import", ["cuda-driver-mismatch"],
  "- ImportError: libcuda.so.1: cannot open shared object file: No such file or directory",
  "SGLANG_USE_CPU_ENGINE=1 with the PyPI (CUDA) sglang-kernel: its common_ops library is the sm100 CUDA build and needs libcuda.so.1 (no NVIDIA driver here). Install SGLang's CPU build of sgl-kernel / use the CPU image, or run on a GPU host with the driver.", "confirmed"),
 ("home-read-only", "failure", "config", "tmp-space", [],
  "OSError: [Errno 30] Read-only file system: '<tmp>/rohome/.cache'",
  "HOME is on a read-only file system, so torch cannot create its cache folder (~/.cache) while SGLang is imported: make HOME writable, or point XDG_CACHE_HOME / TORCHINDUCTOR_CACHE_DIR (and HF_HOME) at a writable disk.", "likely"),
 ("dp-size-2-cpu", "failure", "nccl", "tp-exceeds-gpus", ["invalid-argument"],
  "AssertionError: SGLANG_CPU_OMP_THREADS_BIND is not set, in this case, the total number of ranks (dp_size * tp_size * pp_size = 2) should be smaller than or equal to number of numa node on the machine 1.",
  "On --device cpu every rank needs its own NUMA node unless SGLANG_CPU_OMP_THREADS_BIND assigns cores: --dp-size 2 gives 2 ranks on a 1-NUMA-node machine. Use --dp-size 1, or set SGLANG_CPU_OMP_THREADS_BIND (e.g. 0|1). The 'OOM killer' hint of the wrapper RuntimeError does not apply (exit code -3).", "likely"),
 ("ulimit-nofile-64", "failure", "init", "host-limits", [],
  "zmq.error.ZMQError: Too many open files",
  "The open-files limit is 64 (soft and hard), SGLang cannot raise it ('Fail to set RLIMIT_NOFILE') and the scheduler cannot open its ZMQ sockets: raise the limit (ulimit -n 65535, docker --ulimit nofile=65535:65535, systemd LimitNOFILE).", "confirmed"),
 ("tp-size-2-cpu-nccl", "failure", "nccl", "cuda-driver-mismatch", ["tp-exceeds-gpus"],
  "ValueError: Expected a cuda device, but got: cpu",
  "--tp-size 2 with --device cpu on the PyPI CUDA build: the tensor-parallel group sets up a PyNccl communicator (sglang is using nccl==2.30.7), which needs a CUDA device, and there is none. Run tensor parallelism on GPUs (as many as --tp-size), or use SGLang's CPU build for CPU tensor parallelism; --tp-size 1 otherwise.", "likely"),
 ("disaggregation-prefill-no-backend", "failure", "nccl", "dependency-import", [],
  "ImportError: Please install mooncake by following the instructions at https://kvcache-ai.github.io/Mooncake/getting_started/build.html to run SGLang with MooncakeTransferEngine.",
  "--disaggregation-mode prefill uses the Mooncake transfer engine by default and the mooncake package is not installed: pip install mooncake-transfer-engine (or pick another --disaggregation-transfer-backend that is installed), or drop --disaggregation-mode.", "confirmed"),
 ("multinode-master-unresolvable", "hang", "nccl", "nccl-network", [],
  "[W1205 12:21:23.290760820 socket.cpp:764] [c10d] The IPv6 network addresses of (sgl-master-0.invalid, 31500) cannot be retrieved (gai error: -2 - Name or service not known).",
  "Node rank 1 of 2 cannot resolve the --dist-init-addr host sgl-master-0.invalid; torch.distributed keeps retrying the lookup with back-off and the start never proceeds. Give --dist-init-addr an address or name that resolves on every node (the IP of node 0).", "confirmed"),
 ("multinode-worker-missing", "hang", "nccl", "nccl-network", [],
  "[2026-12-05 12:19:16 TP0] Init parallel begin.",
  "Node rank 0 of --nnodes 2 waits in the torch.distributed rendezvous at --dist-init-addr 127.0.0.1:31510 for node rank 1, which was never started (and could not reach 127.0.0.1 of another host anyway): start the other node with the same --dist-init-addr set to node 0's reachable IP, and open that port.", "likely"),
]
out = []
for n, oc, ph, cat, sec, ev, rem, conf in C:
    lines = [l.rstrip("\n") for l in open(n + ".log")]
    full = [l for l in lines if l.startswith(ev)]
    assert full, (n, ev)
    out.append(dict(file=n + ".log", engine="sglang", version=V, outcome=oc, phase=ph, category=cat,
                    secondary=sec, evidence=full[0], remediation=rem, confidence=conf, source=src(n)))
open("cases.jsonl", "w").write("".join(json.dumps(o) + "\n" for o in out))
print(len(out))
