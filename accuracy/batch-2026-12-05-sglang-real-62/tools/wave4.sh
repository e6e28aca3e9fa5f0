# wave 4: reruns of wave 2 with runner timeout 560 s (at 300 s the loaded host, load average ~30, had only just
# reached `Uvicorn running`, and the runner's SIGTERM stopped them); omp-threads-1 dropped (load).
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
export RT=560; A="bash $T/after_ready.sh"
$A log-level-debug 34041 term "$L --port 34041 $X --log-level debug" -- "exec $L --port 34041 $X --log-level debug" > $W/w4-1.out 2>&1 &
$A hub-offline-cached 34042 term "HF_HOME=$W/hf HF_HUB_OFFLINE=1 python -m sglang.launch_server --model-path tiny-org/tiny-llama --port 34042 $X" -- "HF_HOME=$W/hf HF_HUB_OFFLINE=1 exec python -m sglang.launch_server --model-path tiny-org/tiny-llama --port 34042 $X" > $W/w4-2.out 2>&1 &
$A cwd-read-only 34043 term --cwd $W/ro "cd $W/ro && $L --port 34043 $X" -- "exec $L --port 34043 $X" > $W/w4-3.out 2>&1 &
$A sighup-after-ready 34044 hup "$L --port 34044 $X" -- "exec $L --port 34044 $X" > $W/w4-4.out 2>&1 &
$A sigint-after-ready 34045 int "$L --port 34045 $X" -- "exec $L --port 34045 $X" > $W/w4-5.out 2>&1 &
python3 $T/run_sh.py --out $W/out --work $W --stderr-only stdout-closed-head 560 "$L --port 34047 $X | head -20  (stderr only in this log)" -- "$L --port 34047 $X | head -20 > $W/stdout-closed-head.stdout" > $W/w4-7.out 2>&1 &
wait
