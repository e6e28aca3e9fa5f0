# wave 2: starts that may come up, side by side (after_ready.sh), and the stdout pipe (run_sh.py, 240 s)
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
A="bash $T/after_ready.sh"
$A log-level-debug 34021 term "$L --port 34021 $X --log-level debug" -- "exec $L --port 34021 $X --log-level debug" > $W/w2-1.out 2>&1 &
# hub id cached in HF_HOME (refs/main + one snapshot), offline
$A hub-offline-cached 34022 term "HF_HOME=$W/hf HF_HUB_OFFLINE=1 python -m sglang.launch_server --model-path tiny-org/tiny-llama --port 34022 $X" -- "HF_HOME=$W/hf HF_HUB_OFFLINE=1 exec python -m sglang.launch_server --model-path tiny-org/tiny-llama --port 34022 $X" > $W/w2-2.out 2>&1 &
# current folder an empty read-only tmpfs
$A cwd-read-only 34023 term --cwd $W/ro "cd $W/ro && $L --port 34023 $X" -- "exec $L --port 34023 $X" > $W/w2-3.out 2>&1 &
$A sighup-after-ready 34024 hup "$L --port 34024 $X" -- "exec $L --port 34024 $X" > $W/w2-4.out 2>&1 &
$A sigint-after-ready 34025 int "$L --port 34025 $X" -- "exec $L --port 34025 $X" > $W/w2-5.out 2>&1 &
$A omp-threads-1 34026 term "OMP_NUM_THREADS=1 $L --port 34026 $X --tp-size 1" -- "OMP_NUM_THREADS=1 exec $L --port 34026 $X --tp-size 1" > $W/w2-6.out 2>&1 &
# stdout into `head -20`, stderr into the log: head exits after 20 lines, the launcher's stdout is then a broken pipe
python3 $T/run_sh.py --out $W/out --work $W --stderr-only stdout-closed-head 240 "$L --port 34027 $X | head -20  (stderr only in this log)" -- "$L --port 34027 $X | head -20 > $W/stdout-closed-head.stdout" > $W/w2-7.out 2>&1 &
wait
