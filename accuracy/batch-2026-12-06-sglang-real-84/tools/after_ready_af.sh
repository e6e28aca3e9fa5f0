# Batch af: batch ae's after_ready_ae.sh (../sglang-real-ae/tools/after_ready_ae.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:  nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:  one /v1/completions request
#   nan:   three completions (default sampling, temperature 0, temperature 1 top_p 0.9), 5 s apart
#   upd:   one completion; POST /update_weights_from_disk with $UPD (a model folder of other shapes); one completion
#   ipcrm: one completion; rm the tmp* files of $TMPDIR (the ZMQ ipc sockets, as a /tmp cleaner would); two completions
# Usage: after_ready_af.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH, WORK and REPO)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 ${RUNSH:-${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py} --out $OUT --work $W ${CWD:+--cwd $CWD} "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}${4}}" | cut -c1-600; echo " (at $(date +%T))"; }
metrics() { curl -s -m 20 -o $W/metrics.txt -w "GET /metrics HTTP %{http_code}" http://$H:$PORT/metrics; echo ", $(grep -c '^sglang' $W/metrics.txt 2>/dev/null) sglang lines (at $(date +%T))"; }
sched() { for p in $(pgrep -P $1); do grep -q "scheduler" /proc/$p/cmdline 2>/dev/null && echo $p; done | head -1; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      nan) comp; sleep 5; comp 60 "The model server is ready" 8 ', "temperature": 0'; sleep 5; comp 60 "The model server is ready" 8 ', "temperature": 1, "top_p": 0.9';;
      upd) comp; curl -s -m 120 -w " HTTP %{http_code}" http://$H:$PORT/update_weights_from_disk -H 'Content-Type: application/json' -d "{\"model_path\": \"$UPD\"}" | sed "s#$W#<tmp>#g" | cut -c1-800; echo " (update at $(date +%T))"; sleep 2; comp;;
      ipcrm) comp; echo "$(ls $TMPDIR | wc -l) entries in \$TMPDIR; rm -f \$TMPDIR/tmp* at $(date +%T)"; rm -f $TMPDIR/tmp*; ls -la $TMPDIR | sed "s#$W#<tmp>#g"; comp; sleep 3; comp 60 "Tell me a story" 32;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
