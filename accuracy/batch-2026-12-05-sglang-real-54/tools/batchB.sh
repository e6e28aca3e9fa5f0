set -x
M=/tmp/sglreal-b/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal-b --out accuracy/batch-2026-12-05-sglang-real-54"
$R multinode-master-unresolvable 180 -- --model-path $M/tiny-llama --port 31031 --device cpu --tp-size 2 --nnodes 2 --node-rank 1 --dist-init-addr sgl-master-0.invalid:31500 &
sleep 20
$R multinode-worker-missing 180 -- --model-path $M/tiny-llama --port 31032 --device cpu --tp-size 2 --nnodes 2 --node-rank 0 --dist-init-addr 127.0.0.1:31510 &
wait
