# wave 4: two more starts that get past config (runner's own timeout), side by side
M=/tmp/sglreal-h/models; W=/tmp/sglreal-h
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
T="--device cpu --model-impl transformers --max-total-tokens 4096"
$R override-layers-above-checkpoint 200 -- --model-path $M/tiny-llama --port 32041 $T --json-model-override-args '{"num_hidden_layers": 4}' &
$R kv-cache-dtype-fp8-e5m2-cpu 200 -- --model-path $M/tiny-llama --port 32042 $T --kv-cache-dtype fp8_e5m2 &
wait
