# weights: a shard cut in half, a shard missing, tensor names of another architecture (Transformers backend so the
# start gets to the weights; --max-total-tokens 4096 keeps the KV cache small)
M=/tmp/sglreal-f/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-f/out --work /tmp/sglreal-f"
X="--device cpu --model-impl transformers --max-total-tokens 4096"
$R shard-truncated 150 -- --model-path $M/tiny-shard-truncated --port 30601 $X &
$R shard-missing 150 -- --model-path $M/tiny-shard-missing --port 30602 $X &
$R shard-tensor-names 150 -- --model-path $M/tiny-shard-names --port 30603 $X &
wait
