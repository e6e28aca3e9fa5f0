# wave 1: side by side. Starts expected to fail through run_sh.py (timeout 200 s); the others through after_ready.sh
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
R="python3 $T/run_sh.py --out $W/out --work $W"
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
# ulimit -u: root without CAP_SYS_RESOURCE / CAP_SYS_ADMIN (what a non-root user gets), the limit 40 tasks above
# the tasks root runs at that moment (RLIMIT_NPROC counts threads of the real uid)
N=$(( $(ps -eLo ruser= | grep -c '^root') + 40 )); echo "ulimit -u $N" > $W/nproc.txt
$R ulimit-nproc-low 200 "ulimit -u $N; $L --port 34011 $X" -- "capsh --drop=cap_sys_resource,cap_sys_admin -- -c 'ulimit -u $N && exec $L --port 34011 $X'" > $W/w1-1.out 2>&1 &
$R pythonpath-shadow-torch 200 "PYTHONPATH=$W/shadow $L --port 34012 --device cpu" -- "PYTHONPATH=$W/shadow exec $L --port 34012 --device cpu" > $W/w1-2.out 2>&1 &
$R ld-library-path-empty-libstdcxx 200 "LD_LIBRARY_PATH=$W/badlib $L --port 34013 --device cpu" -- "LD_LIBRARY_PATH=$W/badlib exec $L --port 34013 --device cpu" > $W/w1-3.out 2>&1 &
# port 80 as a user without CAP_NET_BIND_SERVICE (root with that capability dropped)
$R port-80-unprivileged 200 "$L --port 80 $X" -- "capsh --drop=cap_net_bind_service -- -c 'exec $L --port 80 $X'" > $W/w1-4.out 2>&1 &
sleep 2
bash $T/after_ready.sh home-unset 34015 term "env -u HOME $L --port 34015 $X" -- "exec env -u HOME $L --port 34015 $X" > $W/w1-5.out 2>&1 &
bash $T/after_ready.sh tmpdir-is-file 34016 term "TMPDIR=$W/tmpfile $L --port 34016 $X" -- "TMPDIR=$W/tmpfile exec $L --port 34016 $X" > $W/w1-6.out 2>&1 &
bash $T/after_ready.sh host-any-proxy-no-proxy-localhost 34017 term "http_proxy=http://127.0.0.1:3128 https_proxy=http://127.0.0.1:3128 no_proxy=localhost,127.0.0.1 $L --host 0.0.0.0 --port 34017 $X" -- "http_proxy=http://127.0.0.1:3128 https_proxy=http://127.0.0.1:3128 no_proxy=localhost,127.0.0.1 exec $L --host 0.0.0.0 --port 34017 $X" > $W/w1-7.out 2>&1 &
wait
