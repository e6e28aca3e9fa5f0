# Batch ae: batch ad's after_ready_ad.sh (../sglang-real-ad/tools/after_ready_ad.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:  nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:  one /v1/completions request
#   long:  one completion whose prompt is 60 words (prints usage.prompt_tokens)
#   cpu:   one completion; RLIMIT_CPU of the scheduler set to soft = its CPU seconds so far + 2, hard + 60;
#          then completions of 64 tokens every 3 s (up to 8) while the scheduler lives
#   prom:  one completion; GET /metrics; rm -rf $PROMETHEUS_MULTIPROC_DIR (as a /tmp cleaner would); GET /metrics;
#          one completion; GET /metrics
# Usage: after_ready_ae.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH, WORK and REPO)
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
      long) comp 60 "$(for i in $(seq 1 12); do printf 'the quick brown fox jumps '; done)" 4;;
      cpu) comp; S=$(sched $L); T=$(ps -o times= -p $S | tr -d ' '); echo "scheduler $S, cpu seconds $T, prlimit --cpu=$((T+2)):$((T+60)) at $(date +%T)"
        prlimit --pid $S --cpu=$((T+2)):$((T+60)); prlimit --pid $S --cpu
        for i in 1 2 3 4 5 6 7 8; do kill -0 $S 2>/dev/null || { echo "scheduler $S gone at $(date +%T)"; break; }; comp 30 "Tell me a story" 64; sleep 3; done;;
      prom) comp; metrics; echo "rm -rf $PROMETHEUS_MULTIPROC_DIR at $(date +%T)"; rm -rf "$PROMETHEUS_MULTIPROC_DIR"; metrics; comp; metrics;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
