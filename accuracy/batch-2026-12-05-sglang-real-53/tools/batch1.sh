set -x
M=/tmp/sglreal/models
R="python3 tools/real_engine/sglang_run.py --work /tmp/sglreal --out accuracy/batch-2026-12-05-sglang-real-53"
$R unknown-argument 180 -- --model-path $M/tiny-llama --port 30012 --device cpu --max-model-len 256
$R tp-size-zero 180 -- --model-path $M/tiny-llama --port 30013 --device cpu --tp-size 0
$R mem-fraction-1.5 180 -- --model-path $M/tiny-llama --port 30014 --device cpu --mem-fraction-static 1.5
$R dtype-float7 180 -- --model-path $M/tiny-llama --port 30015 --device cpu --dtype float7
$R context-length-negative 180 -- --model-path $M/tiny-llama --port 30016 --device cpu --context-length -1
$R model-path-missing 180 HF_HUB_OFFLINE=1 -- --model-path $M/tiny-lama --port 30017 --device cpu
$R config-not-json 180 -- --model-path $M/tiny-badjson --port 30018 --device cpu
$R unknown-model-type 180 -- --model-path $M/tiny-unknownarch --port 30019 --device cpu
$R unknown-architecture 180 -- --model-path $M/tiny-unknownarch2 --port 30020 --device cpu
$R tokenizer-files-missing 180 -- --model-path $M/tiny-notok --port 30021 --device cpu
$R tokenizer-path-wrong 180 HF_HUB_OFFLINE=1 -- --model-path $M/tiny-llama --tokenizer-path $M/no-such-tokenizer --port 30022 --device cpu
$R chat-template-missing 180 -- --model-path $M/tiny-llama --chat-template $M/tiny-llama/missing_template.jinja --port 30023 --device cpu
$R quantization-awq-plain 180 -- --model-path $M/tiny-llama --quantization awq --port 30024 --device cpu
$R trust-remote-code-missing 180 -- --model-path $M/tiny-remote --port 30025 --device cpu
$R host-unresolvable 180 -- --model-path $M/tiny-llama --host no-such-host.invalid --port 30026 --device cpu
