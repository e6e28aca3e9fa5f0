# wave 5: ulimit -u tight: 10 tasks above what root runs at that moment (wave 3's +20 at a busier moment came up)
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
C=$(ps -eLo ruser= | grep -c '^root'); N=$(( C + 10 )); echo "wave5 root tasks $C, ulimit -u $N" >> $W/nproc.txt
python3 $T/run_sh.py --out $W/out --work $W ulimit-nproc-exhausted 420 "ulimit -u $N; $L --port 34051 $X" -- "capsh --drop=cap_sys_resource,cap_sys_admin -- -c 'ulimit -u $N && exec $L --port 34051 $X'" > $W/w5-1.out 2>&1
