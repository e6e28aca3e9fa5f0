M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R mem-fraction-tiny 150 -- --model-path $M/tiny-llama --port 31553 --device cpu --model-impl transformers --mem-fraction-static 0.05
