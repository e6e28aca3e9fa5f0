set -x
M=/tmp/sglreal/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal --out accuracy/batch-2026-12-05-sglang-real-53"
python3 /tmp/sglreal/bin/holdport.py 30050 30051 400 & HP=$!
sleep 1
$R nccl-port-in-use 180 -- --model-path $M/tiny-llama --port 30052 --device cpu --nccl-port 30051
$R http-port-in-use 180 -- --model-path $M/tiny-llama --port 30050 --device cpu
kill $HP
$R hub-repo-unreachable 240 -- --model-path tiny-org/tiny-llama-does-not-exist --port 30053 --device cpu
