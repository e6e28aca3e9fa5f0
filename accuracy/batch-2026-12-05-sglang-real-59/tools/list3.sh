# more argument checks and checkpoint variants; run one after another
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
$R quantization-flag-vs-checkpoint 180 -- --model-path $M/tiny-gptq --port 31741 --device cpu --quantization awq
$R dp-attention-tp1 180 -- --model-path $M/tiny-llama --port 31742 --device cpu --enable-dp-attention --dp-size 2
$R tokenizer-json-unknown-pretokenizer 180 -- --model-path $M/tiny-tok-newformat --port 31743 --device cpu
$R http-worker-reuseport-one-worker 180 -- --model-path $M/tiny-llama --port 31744 --device cpu --enable-http-worker-reuseport
$R gc-threshold-four-values 180 -- --model-path $M/tiny-llama --port 31745 --device cpu --gc-threshold 700 10 10 5
