# Batch ad: batch ac's after_ready_ac.sh (../sglang-real-ac/tools/after_ready_ac.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:  nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:  one /v1/completions request
#   fsize: one completion; RLIMIT_FSIZE of the scheduler (the launcher's child whose command line names it) set to the
#          log file's current size, so its next log line (the next request's `Prefill batch`) passes the limit; two completions
#   lora:  one completion; POST /load_lora_adapter {"lora_name": "a1", "lora_path": <tmp>/models/tiny-llama} (LoRA not
#          enabled); one completion with "lora_path": "a1"; one plain completion
# Usage: after_ready_ad.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH, WORK and REPO)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 ${RUNSH:-${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py} --out $OUT --work $W ${CWD:+--cwd $CWD} "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}${4}}" | cut -c1-600; echo " (at $(date +%T))"; }
sched() { for p in $(pgrep -P $1); do grep -q "scheduler" /proc/$p/cmdline 2>/dev/null && echo $p; done | head -1; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      fsize) comp; sleep 2; S=$(sched $L); SZ=$(stat -c %s $W/raw/$NAME.log)
        echo "scheduler $S, log size $SZ, prlimit --fsize=$SZ at $(date +%T)"; prlimit --pid $S --fsize=$SZ:$SZ; prlimit --pid $S --fsize
        comp 30; sleep 3; comp 30;;
      lora) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/load_lora_adapter -H 'Content-Type: application/json' \
          -d "{\"lora_name\": \"a1\", \"lora_path\": \"$W/models/tiny-llama\"}" | cut -c1-900; echo " (load_lora_adapter at $(date +%T))"
        comp 30 "with the adapter" 8 ', "lora_path": "a1"'; comp 30;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
