# A start that may come up: the runner (timeout 300 s) in the background; if the raw log shows
# `The server is fired up`, one completion request, then SIGTERM to the launcher's pid only (a clean stop,
# as `kill PID` or a supervisor would) 5 s later. Usage: after_ready.sh NAME PORT [ENV=VAL ...] -- ARGS
M=/tmp/sglreal-i/models; W=/tmp/sglreal-i
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
NAME=$1; PORT=$2; shift 2
launcher_of() { ps -eo pid=,ppid=,args= | awk -v p="$1" '$2==p && /sglang.launch_server/ {print $1}'; }
$R $NAME 300 "$@" &
RP=$!; sleep 3; L=$(launcher_of $RP); echo "$NAME runner $RP launcher $L"
for i in $(seq 1 1400); do
  grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && break
  kill -0 $RP 2>/dev/null || break; sleep 0.2; done
if grep -q "The server is fired up" $W/raw/$NAME.log; then
  echo "$NAME ready at $(date +%T)"; sleep 2
  curl -s -m 60 -w ' HTTP %{http_code}' http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo
  sleep 5; L2=$(launcher_of $RP); [ -n "$L2" ] && { echo "SIGTERM launcher $L2 at $(date +%T)"; kill -TERM $L2; }
else echo "$NAME never ready"; fi
wait $RP
