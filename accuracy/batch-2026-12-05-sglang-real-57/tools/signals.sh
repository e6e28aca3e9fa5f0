# sigterm-launcher-10s: SIGTERM to the launcher (python -m sglang.launch_server) 10 s after it started.
#   (at 10 s the launcher was still importing: a log of one line, discarded; hence sigterm2)
# scheduler-sigkill: SIGKILL to the scheduler process as soon as it shows up as `sglang::scheduler`.
M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
launcher_of() { ps -eo pid=,ppid=,args= | awk -v p="$1" '$2==p && /sglang.launch_server/ {print $1}'; }
case "$1" in
sigterm)
  $R sigterm-launcher-10s 180 -- --model-path $M/tiny-llama --port 31510 --device cpu &
  RP=$!; sleep 1; L=$(launcher_of $RP); echo "runner $RP launcher $L"
  sleep 9; echo "SIGTERM $L at $(date +%T)"; kill -TERM "$L"; wait $RP ;;
sigkill)
  $R scheduler-sigkill 180 -- --model-path $M/tiny-llama --port 31511 --device cpu &
  RP=$!; sleep 1; L=$(launcher_of $RP); echo "runner $RP launcher $L"
  for i in $(seq 1 600); do
    S=$(ps -eo pid=,ppid=,args= | awk -v p="$L" '$2==p && /sglang::scheduler/ {print $1}')
    [ -n "$S" ] && break; sleep 0.1; done
  echo "SIGKILL scheduler $S at $(date +%T)"; ps -o pid,args -p $S; kill -KILL "$S"; wait $RP ;;
sigterm2)
  # sigterm-launcher-after-spawn: SIGTERM to the launcher 5 s after its server_args= line (schedulers spawned)
  $R sigterm-launcher-after-spawn 180 -- --model-path $M/tiny-llama --port 31512 --device cpu &
  RP=$!; sleep 1; L=$(launcher_of $RP); echo "runner $RP launcher $L"
  for i in $(seq 1 600); do grep -q "server_args=" /tmp/sglreal-e/raw/sigterm-launcher-after-spawn.log && break; sleep 0.2; done
  sleep 5; echo "SIGTERM $L at $(date +%T)"; kill -TERM "$L"; wait $RP ;;
esac
