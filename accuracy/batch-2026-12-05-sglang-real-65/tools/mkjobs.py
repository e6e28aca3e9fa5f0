"""(BATCH and WORK come from the environment of queue.sh.) Write wave1.jobs / wave2.jobs: one line per start (NAME PORT ACTION ENV EXTRA_ARGS MODEL)."""
PRE = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers '
       '--max-total-tokens 4096"; L="python -m sglang.launch_server"; ')
def job(name, port, action, env, args, model="$W/models/tiny-llama", x="$X", pre=""):
    e = (env + " ") if env else ""
    body = f"$L --model-path {model} --port {port} {x} {args}".rstrip()
    return (PRE + pre + f"RT=420 bash $T/after_ready.sh {name} {port} {action} \"{e}{body}\" -- \"{e}exec {body}\""
            f" > $W/{name}.out 2>&1")
W1 = [
 job("config-model-type-unknown", 37101, "term", "", "", "$W/models/tiny-model-type"),
 job("tokenizer-class-unknown", 37102, "term", "", "", "$W/models/tiny-tok-class"),
 job("device-xpu", 37103, "term", "", "--device xpu --model-impl transformers --max-total-tokens 4096", x=""),
 job("quantization-fp8-cpu", 37104, "term", "", "--quantization fp8"),
 job("pp-size-2-cpu", 37105, "term", "", "--pp-size 2"),
 job("max-total-tokens-huge", 37106, "term", "", "--device cpu --model-impl transformers --max-total-tokens 1000000000", x=""),
 job("nccl-port-same-as-port", 37107, "term", "", "--nccl-port 37107"),
]
W2 = [
 job("host-ipv6-loopback", 37201, "term", "", "--host ::1", pre="HOSTURL=[::1] "),
 job("config-layers-above-checkpoint", 37202, "term", "", "", "$W/models/tiny-layers-4"),
 job("grammar-backend-outlines-json", 37203, "json", "", "--grammar-backend outlines"),
 job("request-input-ids-above-vocab", 37204, "ids", "", ""),
 job("chunked-prefill-small-long-prompt", 37205, "chunk", "", "--chunked-prefill-size 32"),
]
for n, w in (("wave1.jobs", W1), ("wave2.jobs", W2)):
    open(n, "w").write("# " + n + ". Variables: T tools, W work folder, M the model, X the flags that come up, L the launcher\n" + "\n".join(w) + "\n")
W3 = [
 job("lora-path-is-base-model", 37301, "term", "", "--enable-lora --max-lora-rank 8 --lora-paths support-bot=$W/models/tiny-llama"),
 job("skip-tokenizer-init-text-request", 37302, "term", "", "--skip-tokenizer-init"),
 job("context-length-zero", 37303, "term", "", "--context-length 0"),
]
open("wave3.jobs", "w").write("# wave3.jobs. Variables as in wave1.jobs\n" + "\n".join(W3) + "\n")
W4 = [
 job("model-loader-extra-config-not-json", 37401, "term", "", "--model-loader-extra-config enable_multithread_load=false"),
 (PRE + 'RT=420 bash $T/after_ready.sh ulimit-cpu-time-20 37402 term "ulimit -t 20; $L --model-path $W/models/tiny-llama --port 37402 $X"'
  ' -- "ulimit -t 20; exec $L --model-path $W/models/tiny-llama --port 37402 $X" > $W/ulimit-cpu-time-20.out 2>&1'),
]
open("wave4.jobs", "w").write("# wave4.jobs. Variables as in wave1.jobs\n" + "\n".join(W4) + "\n")
W5 = [
 job("config-hidden-act-unknown", 37501, "term", "", "", "$W/models/tiny-act"),
 job("max-prefill-tokens-tiny", 37502, "chunk", "", "--max-prefill-tokens 8"),
]
open("wave5.jobs", "w").write("# wave5.jobs. Variables as in wave1.jobs\n" + "\n".join(W5) + "\n")
W6 = [
 job("chat-template-is-model-folder", 37601, "term", "", "--chat-template $W/models/tiny-llama"),
]
open("wave6.jobs", "w").write("# wave6.jobs. Variables as in wave1.jobs\n" + "\n".join(W6) + "\n")
W7 = [
 job("lora-paths-python-dict", 37701, "term", "", "--enable-lora --max-lora-rank 8 --lora-paths \\\"{'lora_name': 'support-bot', 'lora_path': '$W/adapters/support-bot'}\\\""),
 job("speculative-ngram-cpu", 37702, "term", "", "--speculative-algorithm NGRAM"),
]
open("wave7.jobs", "w").write("# wave7.jobs. Variables as in wave1.jobs\n" + "\n".join(W7) + "\n")
W8 = [
 job("ssl-key-cert-mismatch", 37801, "term", "", "--ssl-keyfile $W/certs/a.key --ssl-certfile $W/certs/b.crt"),
]
open("wave8.jobs", "w").write("# wave8.jobs. Variables as in wave1.jobs\n" + "\n".join(W8) + "\n")
