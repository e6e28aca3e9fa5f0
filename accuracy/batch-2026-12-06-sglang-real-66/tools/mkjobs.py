"""(BATCH and WORK come from the environment of queue.sh.) Batch m's mkjobs.py with this batch's starts: writes
wave1.jobs (one line per start: NAME PORT ACTION ENV/PREFIX EXTRA_ARGS MODEL)."""
PRE = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers '
       '--max-total-tokens 4096"; L="python -m sglang.launch_server"; ')
def job(name, port, action, env, args, model="$W/models/tiny-llama", x="$X", pre=""):
    e = (env + " ") if env else ""
    body = f"$L --model-path {model} --port {port} {x} {args}".rstrip()
    return (PRE + pre + f"RT=300 bash $T/after_ready.sh {name} {port} {action} \"{e}{body}\" -- \"{e}exec {body}\""
            f" > $W/{name}.out 2>&1")
W1 = [
 job("decode-log-interval-zero", 38101, "term", "", "--decode-log-interval 0"),
 job("omp-bind-absent-cores", 38102, "term", "SGLANG_CPU_OMP_THREADS_BIND=4-7", ""),
 job("tokenizer-mode-slow", 38103, "term", "", "--tokenizer-mode slow"),
 job("torch-compile-cpu", 38104, "term", "", "--enable-torch-compile"),
 job("ulimit-stack-256k", 38105, "term", "ulimit -s 256;", ""),
 job("omp-num-threads-zero", 38106, "term", "OMP_NUM_THREADS=0", ""),
 job("mem-fraction-above-one", 38107, "term", "", "--mem-fraction-static 1.5"),
 job("no-chat-template-chat-request", 38108, "chat", "", "", "$W/models/tiny-no-template"),
 job("json-schema-xgrammar", 38109, "json", "", ""),
 job("context-length-short-long-prompt", 38110, "long", "", "--context-length 64"),
 job("config-eos-above-vocab", 38111, "term", "", "", "$W/models/tiny-eos-9999"),
 job("tool-call-parser-llama3", 38112, "tools", "", "--tool-call-parser llama3"),
 job("cpu-offload-gb", 38113, "term", "", "--cpu-offload-gb 1"),
 job("ulimit-fsize-zero", 38114, "term", "ulimit -f 0;", ""),
]
open("wave1.jobs", "w").write("# wave1.jobs. Variables: T tools, W work folder, X the flags that come up, L the launcher\n" + "\n".join(W1) + "\n")
W2 = [
 job("max-queued-requests-zero", 38201, "term", "", "--max-queued-requests 0"),
 job("reasoning-parser-unknown", 38202, "chat", "", "--reasoning-parser qwen3-thinking"),
 job("enable-lora-bare", 38203, "term", "", "--enable-lora"),
 job("node-rank-equals-nnodes", 38204, "term", "", "--nnodes 1 --node-rank 1"),
]
open("wave2.jobs", "w").write("# wave2.jobs. Variables as in wave1.jobs\n" + "\n".join(W2) + "\n")
W3 = [
 job("config-dtype-float64", 38301, "term", "", "", "$W/models/tiny-float64"),
 job("ep-size-2-tp-1", 38302, "term", "", "--ep-size 2"),
 job("sampling-backend-flashinfer-cpu", 38303, "term", "", "--sampling-backend flashinfer"),
]
open("wave3.jobs", "w").write("# wave3.jobs. Variables as in wave1.jobs\n" + "\n".join(W3) + "\n")
W4 = [
 job("warmup-timeout-tiny", 38401, "term", "SGLANG_WARMUP_TIMEOUT=0.05", ""),
 job("dist-timeout-zero", 38402, "term", "", "--dist-timeout 0"),
 job("watchdog-timeout-zero", 38403, "term", "", "--watchdog-timeout 0"),
]
open("wave4.jobs", "w").write("# wave4.jobs. Variables as in wave1.jobs\n" + "\n".join(W4) + "\n")
W5 = [
 job("context-length-below-warmup", 38501, "term", "", "--context-length 8"),
 job("metrics-buckets-unsorted", 38502, "term", "", "--enable-metrics --bucket-time-to-first-token 1 0.5 0.1"),
 job("continuous-decode-steps-zero", 38503, "term", "", "--num-continuous-decode-steps 0"),
]
open("wave5.jobs", "w").write("# wave5.jobs. Variables as in wave1.jobs\n" + "\n".join(W5) + "\n")
