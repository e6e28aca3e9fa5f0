# Batch bd: batch az's after_ready_az.sh (../../batch-2026-12-06-sglang-real-104/tools/), plus one optional request after the two usual ones: when XP (a path) and XB (a JSON body) are set, POST XB to XP (then GET /health as before); otherwise unchanged.
# start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
#   serve:  after ready one /v1/completions and one /v1/chat/completions, GET /health (a start expected to fail or hang
#           never gets there; the driver then waits for the runner)
#   then SIGTERM to the launcher if still alive
# Usage: after_ready_ay.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}; D=$(dirname $0)
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
CH='{"model": "x", "messages": [{"role": "user", "content": "Say hello"}], "max_tokens": 8, "temperature": 0}'
RR='{"model": "x", "query": "Which one is about weights?", "documents": ["The weights are loaded.", "The server is ready."]}'
for i in $(seq 1 $(( ${RT:-180} - 10 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
if ready; then
  sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  post v1/completions "$C"
  case $ACTION in
    serve) post v1/chat/completions "$CH"; [ -n "$XP" ] && post "$XP" "$XB";;
  esac
  echo "health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)"
  sleep 4; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
else echo "$NAME never ready"; fi
wait $RP; echo "runner done at $(date +%T)"
