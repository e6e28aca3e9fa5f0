set -x
M=/tmp/sglreal-b/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal-b --out accuracy/batch-2026-12-05-sglang-real-54"
$R tokenizer-config-not-json 180 -- --model-path $M/tiny-badtokcfg --port 31011 --device cpu
$R generation-config-not-json 180 -- --model-path $M/tiny-badgencfg --port 31012 --device cpu
$R lora-path-missing 180 HF_HUB_OFFLINE=1 -- --model-path $M/tiny-llama --port 31013 --device cpu --enable-lora --lora-paths myadapter=$M/no-such-adapter
$R load-format-unknown 180 -- --model-path $M/tiny-llama --port 31014 --device cpu --load-format safetensorz
$R kv-cache-dtype-unknown 180 -- --model-path $M/tiny-llama --port 31015 --device cpu --kv-cache-dtype fp6
$R attention-backend-unknown 180 -- --model-path $M/tiny-llama --port 31016 --device cpu --attention-backend flashattn3
$R override-args-not-json 180 -- --model-path $M/tiny-llama --port 31017 --device cpu --json-model-override-args "{'rope_scaling': None}"
$R context-length-too-long 180 -- --model-path $M/tiny-llama --port 31018 --device cpu --context-length 4096
$R env-bool-bad-value 180 SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=enabled -- --model-path $M/tiny-llama --port 31019 --device cpu --context-length 4096
$R dp-size-2-cpu 180 -- --model-path $M/tiny-llama --port 31020 --device cpu --dp-size 2
$R weights-missing 180 -- --model-path $M/tiny-noweights --port 31021 --device cpu
$R cpu-engine-cuda-kernel 180 SGLANG_USE_CPU_ENGINE=1 -- --model-path $M/tiny-llama --port 31022 --device cpu
