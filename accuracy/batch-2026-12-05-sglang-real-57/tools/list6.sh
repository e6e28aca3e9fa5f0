M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R gloo-socket-ifname-missing 180 GLOO_SOCKET_IFNAME=eth9 -- --model-path $M/tiny-llama --port 31541 --device cpu
$R base-gpu-id-negative 180 -- --model-path $M/tiny-llama --port 31542 --device cpu --base-gpu-id -1
