M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R load-format-gguf-safetensors 180 -- --model-path $M/tiny-llama --port 31525 --device cpu --load-format gguf
$R dp-attention-dp1 180 -- --model-path $M/tiny-llama --port 31526 --device cpu --enable-dp-attention
$R hierarchical-cache-no-radix 180 -- --model-path $M/tiny-llama --port 31527 --device cpu --enable-hierarchical-cache --disable-radix-cache
