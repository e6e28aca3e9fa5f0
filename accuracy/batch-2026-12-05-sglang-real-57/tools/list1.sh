M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R multinode-rank1-master-refused 180 SGLANG_CPU_OMP_THREADS_BIND='0|1' -- --model-path $M/tiny-llama --port 31501 --device cpu --nnodes 2 --node-rank 1 --dist-init-addr 127.0.0.1:31599 --tp-size 2
