# KV cache, page size, another tokenizer (Transformers backend, comes up unbroken)
M=/tmp/sglreal-f/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-f/out --work /tmp/sglreal-f"
X="--device cpu --model-impl transformers"
$R max-total-tokens-tiny 150 -- --model-path $M/tiny-llama --port 30611 $X --max-total-tokens 16 &
$R page-size-above-context 150 -- --model-path $M/tiny-llama --port 30612 $X --max-total-tokens 4096 --page-size 1024 &
$R tokenizer-path-other-vocab 150 -- --model-path $M/tiny-llama --tokenizer-path $M/other-tokenizer --port 30613 $X --max-total-tokens 4096 &
wait
