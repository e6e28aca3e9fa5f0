# argument checks (ServerArgs / check_server_args); run one after another
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
$R torch-compile-no-graph-padding 180 -- --model-path $M/tiny-llama --port 31701 --device cpu --enable-torch-compile --disable-cuda-graph-padding
$R sampling-backend-xpu-on-cpu 180 -- --model-path $M/tiny-llama --port 31702 --device cpu --sampling-backend intel_xpu
$R kv-cache-dtype-mxfp8-cpu 180 -- --model-path $M/tiny-llama --port 31703 --device cpu --kv-cache-dtype mxfp8
$R http2-no-granian 180 -- --model-path $M/tiny-llama --port 31704 --device cpu --enable-http2
$R schedule-conservativeness-negative 180 -- --model-path $M/tiny-llama --port 31705 --device cpu --schedule-conservativeness -1
$R retraction-policy-priority 180 -- --model-path $M/tiny-llama --port 31706 --device cpu --retraction-policy priority
$R chat-template-kwargs-not-object 180 -- --model-path $M/tiny-llama --port 31707 --device cpu --default-chat-template-kwargs '["enable_thinking", false]'
$R dp-size-multinode 180 -- --model-path $M/tiny-llama --port 31708 --device cpu --tp-size 2 --dp-size 2 --nnodes 2 --node-rank 0 --dist-init-addr 127.0.0.1:31790
