M=/tmp/sglreal-d/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-d/out --work /tmp/sglreal-d"
# address-space limit of 4 GB (soft and hard) for the runner and everything it starts; the `$` line is edited afterwards
bash -c "ulimit -v 4000000; exec $R ulimit-vmem-4g 180 -- --model-path $M/tiny-llama --port 31701 --device cpu"
bash -c "ulimit -v 6000000; exec $R ulimit-vmem-6g 180 -- --model-path $M/tiny-llama --port 31702 --device cpu"
