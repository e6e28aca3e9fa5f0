M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R model-impl-transformers 170 -- --model-path $M/tiny-llama --port 31531 --device cpu --model-impl transformers
