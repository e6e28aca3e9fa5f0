# wave 3: two more starts expected to fail (runner's own timeout), side by side
M=/tmp/sglreal-i/models; W=/tmp/sglreal-i
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
T="--device cpu --model-impl transformers --max-total-tokens 4096"
$R config-yaml-tab 200 -- --config server.yaml &
$R load-format-safetensors-bin-only 200 -- --model-path $M/tiny-bin --port 33032 $T --load-format safetensors &
wait
