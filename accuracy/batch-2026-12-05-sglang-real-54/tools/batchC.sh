set -x
M=/tmp/sglreal-b/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal-b --out accuracy/batch-2026-12-05-sglang-real-54"
$R multinode-master-unresolvable 180 'SGLANG_CPU_OMP_THREADS_BIND=0|1' -- --model-path $M/tiny-llama --port 31041 --device cpu --tp-size 2 --nnodes 2 --node-rank 1 --dist-init-addr sgl-master-0.invalid:31500 &
sleep 25
$R multinode-worker-missing 180 'SGLANG_CPU_OMP_THREADS_BIND=0|1' -- --model-path $M/tiny-llama --port 31042 --device cpu --tp-size 2 --nnodes 2 --node-rank 0 --dist-init-addr 127.0.0.1:31510 &
sleep 25
bash -c "ulimit -n 64; exec $R ulimit-nofile-64 180 -- --model-path $M/tiny-llama --port 31043 --device cpu"
sed -i '1s/^\$ /$ ulimit -n 64 \&\& /' /tmp/sglreal-b/out/ulimit-nofile-64.log
$R home-read-only 180 HOME=/tmp/sglreal-b/rohome -- --model-path $M/tiny-llama --port 31044 --device cpu
wait
