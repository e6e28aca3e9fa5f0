# Starts that come up (--device cpu --model-impl transformers --max-total-tokens 4096), then something happens.
# Usage: after_ready.sh NAME PORT ACTION [more SGLang args]   (MODEL=..., ENVS="K=V ..." optional)
#   the runner (timeout 330 s) in the background; once the raw log shows READY (default `The server is fired up`;
#   for ACTION launcher-kill-weights `Load weight begin.`), ACTION; then, unless the action ended the server,
#   SIGTERM to the launcher's pid only (a clean stop, as `kill PID` or a supervisor would) some seconds later.
M=/tmp/sglreal-h/models; W=/tmp/sglreal-h
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
NAME=$1; PORT=$2; ACT=$3; shift 3
U=http://127.0.0.1:$PORT
launcher_of() { ps -eo pid=,ppid=,args= | awk -v p="$1" '$2==p && /sglang.launch_server/ {print $1}'; }
child_of() { ps -eo pid=,ppid=,args= | awk -v p="$1" -v t="$2" '$2==p && index($0, t) {print $1}'; }
wait_for() { for i in $(seq 1 1500); do grep -Eq "$1" $W/raw/$NAME.log 2>/dev/null && return 0; sleep 0.2; done; return 1; }
$R $NAME 330 $ENVS -- --model-path ${MODEL:-$M/tiny-llama} --port $PORT --device cpu --model-impl transformers --max-total-tokens 4096 "$@" &
RP=$!; sleep 3; L=$(launcher_of $RP); echo "runner $RP launcher $L"
stop_later() { sleep $1; L2=$(launcher_of $RP); [ -n "$L2" ] && { echo "SIGTERM launcher $L2 at $(date +%T)"; kill -TERM $L2; }; }
case $ACT in
launcher-kill-weights)
  wait_for "Load weight begin." && { echo "SIGKILL launcher $L at $(date +%T)"; kill -KILL $L; } ;;
*)
  wait_for "${READY:-The server is fired up}" || { echo "never ready"; wait $RP; exit; }
  echo "ready at $(date +%T)"; ps -eo pid=,ppid=,args= | awk -v p="$L" '$2==p'; sleep 3
  case $ACT in
  none) stop_later 10 ;;
  request)
    curl -s -m 60 $U/v1/completions -H 'Content-Type: application/json' \
      -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo; stop_later 10 ;;
  lora-request)
    curl -s -m 60 -w ' HTTP %{http_code}' $U/generate -H 'Content-Type: application/json' \
      -d '{"text": "The model server is ready", "sampling_params": {"max_new_tokens": 8}, "lora_path": "'"$LORA"'"}'; echo; stop_later 10 ;;
  other-model)
    curl -s -m 60 -w ' HTTP %{http_code}' $U/v1/chat/completions -H 'Content-Type: application/json' \
      -d '{"model": "gpt-4o", "messages": [{"role": "user", "content": "hello"}], "max_tokens": 8}'; echo
    curl -s -m 60 -w ' HTTP %{http_code}' $U/v1/models; echo; stop_later 10 ;;
  api-key)
    curl -s -m 60 -w ' HTTP %{http_code}' $U/v1/completions -H 'Content-Type: application/json' \
      -d '{"model": "x", "prompt": "hello", "max_tokens": 8}'; echo
    curl -s -m 60 -w ' HTTP %{http_code}' $U/v1/completions -H 'Content-Type: application/json' -H 'Authorization: Bearer sk-test-123' \
      -d '{"model": "x", "prompt": "hello", "max_tokens": 8}'; echo; stop_later 10 ;;
  sigstop-scheduler)
    S=$(child_of $L sglang::scheduler); echo "SIGSTOP scheduler $S at $(date +%T)"; kill -STOP $S
    curl -s -m 120 -w ' HTTP %{http_code}' $U/v1/completions -H 'Content-Type: application/json' \
      -d '{"model": "x", "prompt": "hello", "max_tokens": 8}'; echo " curl rc $? at $(date +%T)"
    L2=$(launcher_of $RP); [ -n "$L2" ] && { echo "SIGTERM launcher $L2 at $(date +%T)"; kill -TERM $L2; }
    sleep 20; kill -CONT $S 2>/dev/null ;;
  sigkill-detokenizer)
    D=$(child_of $L sglang::detokenizer); echo "SIGKILL detokenizer $D at $(date +%T)"; kill -KILL $D
    sleep 20; L2=$(launcher_of $RP); echo "launcher still there: $L2" ;;
  esac ;;
esac
wait $RP
