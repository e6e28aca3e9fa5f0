# Batch aq: batch ap's after_ready_ap.sh (../../batch-2026-12-06-sglang-real-94/tools/) with its actions none and term,
# plus lodown. One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under
# nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200; then
# ACTION, then SIGTERM to the launcher 5 s later (if it still lives):
#   none:  nothing (a start expected to fail)     term: one /v1/completions
#   lodown: the start runs in its own network namespace (unshare -n); one /v1/completions inside it (nsenter), then
#           `ip link set lo down` there, then one /v1/completions and GET /health inside it
# Usage: after_ready_aq.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { $NS curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' "${@:3}" -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) post v1/completions "$C";;
      lodown) NS="nsenter -t $L -n"; post v1/completions "$C"; $NS ip link set lo down; echo "lo down at $(date +%T): $($NS ip -br link show lo)"
              sleep 3; PT=10 post v1/completions "$C"; echo "health: $($NS curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)"; sleep 5;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
