# run by hand after batch D (replaces the discarded tp-size-3-heads)
python3 /tmp/sglreal-b/bin/runcase.py tp-size-2-cpu-nccl 180 'SGLANG_CPU_OMP_THREADS_BIND=0|1' -- --model-path /tmp/sglreal-b/models/tiny-llama --port 31061 --device cpu --tp-size 2
