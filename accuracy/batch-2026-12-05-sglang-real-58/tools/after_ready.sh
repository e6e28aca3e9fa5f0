# Starts that come up, then something happens to the server. Usage: after_ready.sh NAME PORT ACTION [more SGLang args]
#   the runner (timeout 240) in the background; once the raw log has `The server is fired up` (or, for ACTION
#   sigint-start, `Load weight begin.`), ACTION; then, except where the action ends the server itself, SIGTERM to
#   the launcher's pid only (a clean stop, as `kill PID` or a supervisor would) 5 s later.
M=/tmp/sglreal-f/models; W=/tmp/sglreal-f
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
NAME=$1; PORT=$2; ACT=$3; shift 3
launcher_of() { ps -eo pid=,ppid=,args= | awk -v p="$1" '$2==p && /sglang.launch_server/ {print $1}'; }
wait_for() { for i in $(seq 1 900); do grep -q "$1" $W/raw/$NAME.log 2>/dev/null && return 0; sleep 0.2; done; return 1; }
$R $NAME 240 -- --model-path ${MODEL:-$M/tiny-llama} --port $PORT --device cpu --model-impl transformers --max-total-tokens 4096 "$@" &
RP=$!; sleep 2; L=$(launcher_of $RP); echo "runner $RP launcher $L"
case $ACT in
sigint-start)
  wait_for "Load weight begin." && { echo "SIGINT group $L at $(date +%T)"; kill -INT -- -$L; } ;;
*)
  wait_for "The server is fired up" || { echo "never ready"; wait $RP; exit; }
  sleep 2
  case $ACT in
  none) ;;
  sigkill-scheduler)
    S=$(ps -eo pid=,ppid=,args= | awk -v p="$L" '$2==p && /sglang::scheduler/ {print $1}')
    echo "SIGKILL scheduler $S at $(date +%T)"; kill -KILL $S; sleep 10 ;;
  max-tokens)
    curl -s -m 30 http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
      -d '{"model": "'"$M"'/tiny-llama", "prompt": "The model server is ready", "max_tokens": 4096}'; echo ;;
  chat-system)
    curl -s -m 30 http://127.0.0.1:$PORT/v1/chat/completions -H 'Content-Type: application/json' \
      -d '{"model": "x", "messages": [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "hello"}], "max_tokens": 8}'; echo ;;
  esac
  sleep 5
  L2=$(launcher_of $RP); [ -n "$L2" ] && { echo "SIGTERM launcher $L2 at $(date +%T)"; kill -TERM $L2; } ;;
esac
wait $RP
