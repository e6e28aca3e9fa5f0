set -x
M=/tmp/sglreal-b/models
R="python3 /tmp/sglreal-b/bin/runcase.py"
$R multinode-master-unresolvable 180 -- --model-path $M/tiny-llama --port 31031 --device cpu --tp-size 2 --nnodes 2 --node-rank 1 --dist-init-addr sgl-master-0.invalid:31500 &
sleep 20
$R multinode-worker-missing 180 -- --model-path $M/tiny-llama --port 31032 --device cpu --tp-size 2 --nnodes 2 --node-rank 0 --dist-init-addr 127.0.0.1:31510 &
wait
