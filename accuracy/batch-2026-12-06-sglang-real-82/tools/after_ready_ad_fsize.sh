# Batch ad: the rerun of scheduler-fsize-after-ready (its first run is discarded, README). after_ready_ad.sh's start and
# ready wait with one action: one completion; RLIMIT_FSIZE of the scheduler (the launcher's child whose command line names
# it) set to the log file's current size; then completions with new prompts and max_tokens 120, so the scheduler logs a
# `Prefill batch` line and `Decode batch` lines (every 40 decode steps), each past the limit. SIGTERM to the launcher after.
# Usage: after_ready_ad_fsize.sh NAME PORT SHOWN -- SHELL_COMMAND   (needs BATCH, WORK and REPO)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; shift 2; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 ${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}}" | cut -c1-400; echo " (at $(date +%T))"; }
sched() { for p in $(pgrep -P $1); do grep -q "scheduler" /proc/$p/cmdline 2>/dev/null && echo $p; done | head -1; }
for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
if ready; then
  sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  comp; sleep 2; S=$(sched $L); SZ=$(stat -c %s $W/raw/$NAME.log)
  echo "scheduler $S, log size $SZ, prlimit --fsize=$SZ at $(date +%T)"; prlimit --pid $S --fsize=$SZ:$SZ; prlimit --pid $S --fsize
  comp 40 "A quite different prompt about rivers and mountains" 120; sleep 3; comp 20 "Third prompt, also new" 120
  sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
else echo "$NAME never ready"; fi
wait $RP; echo "runner done at $(date +%T)"
