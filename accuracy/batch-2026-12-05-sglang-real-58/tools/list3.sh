# environment and flags that conflict
M=/tmp/sglreal-f/models; W=/tmp/sglreal-f
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
X="--device cpu --model-impl transformers --max-total-tokens 4096"
$R hub-offline-partial-cache 200 HF_HUB_OFFLINE=1 HF_HOME=$W/hf-partial -- --model-path tiny-org/tiny-llama-chat --port 30621 $X &
$R omp-num-threads-zero 200 OMP_NUM_THREADS=0 -- --model-path $M/tiny-llama --port 30622 $X &
$R speculative-eagle-transformers 200 -- --model-path $M/tiny-llama --port 30623 $X --speculative-algorithm EAGLE &
wait
