M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R hf-home-is-file 180 HF_HOME=/tmp/sglreal-e/hf-home-file -- --model-path $M/tiny-llama --port 31521 --device cpu
$R preferred-sampling-params-not-json 180 -- --model-path $M/tiny-llama --port 31522 --device cpu --preferred-sampling-params "temperature=0.7"
$R tool-call-parser-unknown 180 -- --model-path $M/tiny-llama --port 31523 --device cpu --tool-call-parser llama4x
$R reasoning-parser-unknown 180 -- --model-path $M/tiny-llama --port 31524 --device cpu --reasoning-parser deepseek-r2
