# Batch z: one start by batch o's run_sh.py ($RUNSH, default ../sglang-real-o/tools/run_sh.py) under nice -n 19, timeout RT (default 240 s).
# Ready = `The server is fired up` in the raw log, or (for quiet log levels) GET /health answering 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:    nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:    one /v1/completions request
#   detstop: one completion, SIGSTOP to the launcher's child whose name holds 'detokenizer', one completion (curl -m 30)
# Usage: after_ready_z.sh NAME PORT ACTION [run_sh options] SHOWN -- SHELL_COMMAND   (needs BATCH and WORK)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=${HOSTURL:-127.0.0.1}
nice -n 19 python3 ${RUNSH:-$BATCH/../sglang-real-o/tools/run_sh.py} --out $OUT --work $W "$NAME" ${RT:-240} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-600; echo " (at $(date +%T))"; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-240} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      detstop) comp; DP=""; for c in $(pgrep -P $L); do grep -q detokenizer /proc/$c/comm /proc/$c/cmdline 2>/dev/null && DP=$c; done
        echo "SIGSTOP detokenizer $DP ($(cat /proc/$DP/comm 2>/dev/null)) at $(date +%T)"; [ -n "$DP" ] && kill -STOP $DP; comp 30;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
