# A start that may come up: run_sh.py (timeout 300 s) in the background; if the raw log shows
# `The server is fired up`, one completion request, then ACTION to the launcher's pid only:
#   term: SIGTERM 5 s after the request (a clean stop); hup / int: SIGHUP / SIGINT 5 s after the request, then
#   wait 45 s; if the launcher still lives, SIGTERM it (noted in the .out file).
# RT: the runner timeout (default 300 s). Usage: after_ready.sh NAME PORT ACTION [run_sh options] SHOWN -- SHELL_COMMAND
W=/tmp/sglreal-j; T=/work/wt/_batch/sglang-real-j/tools
NAME=$1; PORT=$2; ACTION=$3; shift 3
launcher() { pgrep -o -f "^python -m sglang.launch_server .*--port $PORT( |$)"; }  # the exec-ed launcher itself (waves 1, 2 and 4 matched this script: see README)
python3 $T/run_sh.py --out $W/out --work $W "$NAME" ${RT:-300} "$@" &
RP=$!
for i in $(seq 1 $(( ${RT:-300} * 5 - 100 ))); do
  grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && break
  kill -0 $RP 2>/dev/null || break; sleep 0.2; done
if grep -q "The server is fired up" $W/raw/$NAME.log; then
  echo "$NAME ready at $(date +%T), launcher $(launcher)"; sleep 2
  curl -s -m 60 -w ' HTTP %{http_code}' http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo
  sleep 5; L=$(launcher)
  case $ACTION in
    term) echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L;;
    hup|int) echo "SIG${ACTION^^} launcher $L at $(date +%T)"; kill -${ACTION^^} $L; echo "kill rc $?"
       for i in $(seq 1 45); do kill -0 $L 2>/dev/null || break; sleep 1; done
       if kill -0 $L 2>/dev/null; then echo "launcher $L still alive 45 s after SIG${ACTION^^} at $(date +%T); pgrep: $(pgrep -f "port $PORT" | tr '\n' ' ')"
         curl -s -m 20 -o /dev/null -w "health HTTP %{http_code}\n" http://127.0.0.1:$PORT/health; echo "SIGTERM launcher at $(date +%T)"; kill -TERM $L
       else echo "launcher $L gone at $(date +%T); left: $(pgrep -f "port $PORT" | tr '\n' ' ')"; fi;;
  esac
else echo "$NAME never ready"; fi
wait $RP
