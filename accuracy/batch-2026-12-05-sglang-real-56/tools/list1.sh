M=/tmp/sglreal-d/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-d/out --work /tmp/sglreal-d"
$R lora-rank-zero 180 -- --model-path $M/tiny-llama --port 31401 --device cpu --enable-lora --max-lora-rank 0 --lora-target-modules q_proj v_proj
$R priority-scheduling-lpm 180 -- --model-path $M/tiny-llama --port 31402 --device cpu --enable-priority-scheduling --schedule-policy lpm
$R grpc-port-same-as-port 180 -- --model-path $M/tiny-llama --port 31403 --device cpu --grpc-port 31403
$R ssl-certfile-missing 180 -- --model-path $M/tiny-llama --port 31404 --device cpu --ssl-keyfile /tmp/sglreal-d/certs/server.key --ssl-certfile /tmp/sglreal-d/certs/server.crt
$R hub-offline-not-cached 180 HF_HUB_OFFLINE=1 HF_HOME=/tmp/sglreal-d/hf-empty -- --model-path meta-llama/Llama-3.2-1B-Instruct --port 31405 --device cpu
$R remote-code-file-missing 180 -- --model-path $M/tiny-remote-nofile --port 31406 --device cpu --trust-remote-code
$R tokenizer-backend-fastokens 180 -- --model-path $M/tiny-llama --port 31407 --device cpu --tokenizer-backend fastokens
