# starts that come up on this machine: --model-impl transformers (SGLang's Transformers backend avoids the
# vllm import of its own Llama class); --max-total-tokens 4096 keeps the KV cache small
M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
python3 tools/holdport.py 31551 200 & HP=$!
$R http-port-in-use 150 -- --model-path $M/tiny-llama --port 31551 --device cpu --model-impl transformers --max-total-tokens 4096
kill $HP
$R http-proxy-warmup 150 http_proxy=http://127.0.0.1:3128 -- --model-path $M/tiny-llama --port 31552 --device cpu --model-impl transformers --max-total-tokens 4096
