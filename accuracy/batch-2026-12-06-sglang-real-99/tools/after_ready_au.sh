# Batch au: batch at's after_ready_at.sh (../../batch-2026-12-06-sglang-real-98/tools/) with this batch's actions. One
# start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
#   none:     nothing (a start expected to fail or hang)
#   grabport: before ready: as soon as a child of the launcher calls itself a scheduler, wait 1 s, start
#             `python3 -m http.server PORT --bind 127.0.0.1` (system python, an empty folder) on the start's own
#             --port; that server is stopped by its pid when the run ends
#   nan:      after ready one /v1/completions, then POST /generate with "temperature": NaN (a bare NaN literal), then
#             one /v1/completions and GET /health, then SIGTERM to the launcher
# Usage: after_ready_au.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" = grabport ]; then
  HS=""
  for i in $(seq 1 $(( ${RT:-180} * 5 ))); do
    L=$(cat $W/raw/$NAME.pid 2>/dev/null); S=""
    for c in $(ps -o pid= --ppid "${L:-1}" 2>/dev/null); do tr '\0' ' ' < /proc/$c/cmdline 2>/dev/null | grep -qi scheduler && S=$c; done
    [ -n "$S" ] && { sleep 1; nice -n 19 python3 -m http.server $PORT --bind 127.0.0.1 --directory $W/empty > $W/http-$PORT.out 2>&1 & HS=$!; echo "http.server $HS on $PORT (scheduler $S is up) at $(date +%T)"; break; }
    kill -0 $RP 2>/dev/null || break; sleep 0.2
  done
  wait $RP; [ -n "$HS" ] && { kill $HS; echo "http.server stopped"; }
elif [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    post v1/completions "$C"
    case $ACTION in
      nan) post generate '{"text": "The model server is ready", "sampling_params": {"max_new_tokens": 8, "temperature": NaN}}'
           sleep 3; PT=20 post v1/completions "$C"
           echo "health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
