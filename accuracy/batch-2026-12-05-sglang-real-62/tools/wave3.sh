# wave 3: reruns of wave 1's two capsh starts with a longer timeout (420 s; at 200 s the loaded host had not
# reached the model yet). ulimit -u: 20 tasks above what root runs at that moment.
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
R="python3 $T/run_sh.py --out $W/out --work $W"
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
N=$(( $(ps -eLo ruser= | grep -c '^root') + 20 )); echo "wave3 ulimit -u $N" >> $W/nproc.txt
$R ulimit-nproc-low 420 "ulimit -u $N; $L --port 34031 $X" -- "capsh --drop=cap_sys_resource,cap_sys_admin -- -c 'ulimit -u $N && exec $L --port 34031 $X'" > $W/w3-1.out 2>&1 &
$R port-80-unprivileged 420 "$L --port 80 $X" -- "capsh --drop=cap_net_bind_service -- -c 'exec $L --port 80 $X'" > $W/w3-2.out 2>&1 &
wait
