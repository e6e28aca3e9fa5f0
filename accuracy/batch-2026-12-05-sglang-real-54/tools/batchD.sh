set -x
M=/tmp/sglreal-b/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal-b --out accuracy/batch-2026-12-05-sglang-real-54"
$R tokenizer-json-truncated 180 -- --model-path $M/tiny-badtokjson --port 31051 --device cpu
$R speculative-eagle-no-draft 180 -- --model-path $M/tiny-llama --port 31052 --device cpu --speculative-algorithm EAGLE
$R disaggregation-prefill-no-backend 180 -- --model-path $M/tiny-llama --port 31053 --device cpu --disaggregation-mode prefill
$R tp-size-3-heads 180 'SGLANG_CPU_OMP_THREADS_BIND=0|1|1' -- --model-path $M/tiny-llama --port 31054 --device cpu --tp-size 3
