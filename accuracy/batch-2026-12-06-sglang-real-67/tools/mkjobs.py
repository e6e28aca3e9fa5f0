"""(BATCH and WORK come from the environment of queue.sh.) Batch n's mkjobs.py with this batch's starts: writes
wave1.jobs, wave2.jobs (one line per start: NAME PORT ACTION ENV/PREFIX EXTRA_ARGS MODEL)."""
PRE = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers '
       '--max-total-tokens 4096"; L="python -m sglang.launch_server"; ')
CG = "/sys/fs/cgroup/memory/sglang-1200m"
def job(name, port, action, env, args, model="$W/models/tiny-llama", x="$X", pre=""):
    e = (env + " ") if env else ""
    body = f"$L --model-path {model} --port {port} {x} {args}".rstrip()
    return (PRE + pre + f"RT=300 bash $T/after_ready.sh {name} {port} {action} \"{e}{body}\" -- \"{e}exec {body}\""
            f" > $W/{name}.out 2>&1")
W1 = [
 job("shards-lfs-pointers", 38601, "term", "", "", "$W/models/tiny-lfs"),
 job("config-t5-encoder-decoder", 38602, "term", "", "", "$W/models/tiny-t5"),
 job("load-format-fastsafetensors", 38603, "term", "", "--load-format fastsafetensors"),
 job("memory-cgroup-1200m", 38604, "term", f"echo \\$\\$ > {CG}/cgroup.procs;", "",
     pre=f"mkdir -p {CG}; echo 1200M > {CG}/memory.limit_in_bytes; "),
 job("ulimit-cpu-time-30s", 38605, "term", "ulimit -t 30;", ""),
 job("chat-template-is-folder", 38606, "chat", "", "--chat-template $W/templates"),
 job("tool-call-parser-unknown", 38607, "tools", "", "--tool-call-parser hermes3"),
 job("model-folder-read-only", 38608, "term", "", "", "$W/models/tiny-ro"),
 job("host-loopback-alias", 38609, "term", "", "--host 127.0.0.2", pre="HOSTURL=127.0.0.2; export HOSTURL; "),
 job("chunked-prefill-32-long-prompt", 38610, "long", "", "--chunked-prefill-size 32"),
 job("update-weights-missing-folder", 38611, "upd", "", "", pre="UPD=$W/models/tiny-llama-v2; export UPD; "),
 job("update-weights-lfs-pointers", 38612, "upd", "", "", pre="UPD=$W/models/tiny-lfs; export UPD; "),
 job("sigusr1-launcher-after-ready", 38613, "usr1", "", ""),
]
open("wave1.jobs", "w").write("# wave1.jobs. Variables: T tools, W work folder, X the flags that come up, L the launcher\n" + "\n".join(W1) + "\n")
W2 = [  # added after wave 1: ulimit -t 30 came up (no process used 30 s of CPU)
 job("ulimit-cpu-time-8s", 38701, "term", "ulimit -t 8;", ""),
]
open("wave2.jobs", "w").write("# wave2.jobs. Variables as in wave1.jobs\n" + "\n".join(W2) + "\n")
W3 = [  # added after wave 1 came back: a full folder the server writes
 job("metrics-multiproc-dir-full", 38801, "term", "PROMETHEUS_MULTIPROC_DIR=$W/prom-full", "--enable-metrics"),
]
open("wave3.jobs", "w").write("# wave3.jobs. Variables as in wave1.jobs\n" + "\n".join(W3) + "\n")
