M=/tmp/sglreal-d/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-d/out --work /tmp/sglreal-d"
$R memory-saver-cpu 180 -- --model-path $M/tiny-llama --port 31801 --device cpu --enable-memory-saver
$R lmcache-not-installed 180 -- --model-path $M/tiny-llama --port 31802 --device cpu --enable-lmcache
