# wave 1: starts that fail or come up without an action (runner's own timeout)
M=/tmp/sglreal-h/models; W=/tmp/sglreal-h
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
T="--device cpu --model-impl transformers --max-total-tokens 4096"
$R dtype-bf16-on-fp16-checkpoint 200 -- --model-path $M/tiny-llama-fp16 --port 32011 $T --dtype bfloat16 &
$R lora-rank-above-max 200 -- --model-path $M/tiny-llama --port 32012 $T --enable-lora --lora-paths a16=$M/lora-r16 --max-lora-rank 8 &
$R lora-other-base 200 -- --model-path $M/tiny-llama --port 32013 $T --enable-lora --lora-paths other=$M/lora-other-base &
$R metrics-multiproc-dir-is-file 200 PROMETHEUS_MULTIPROC_DIR=$W/prom-multiproc-file -- --model-path $M/tiny-llama --port 32014 $T --enable-metrics &
$R multinode-master-blackhole 180 "SGLANG_CPU_OMP_THREADS_BIND=0|1" -- --model-path $M/tiny-llama --port 32015 --device cpu --tp-size 2 --nnodes 2 --node-rank 0 --dist-init-addr 10.255.255.1:32590 &
wait
