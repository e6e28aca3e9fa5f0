# Batch ac: batch ab's after_ready_ab.sh (../sglang-real-ab/tools/after_ready_ab.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:   nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:   one /v1/completions request
#   par3:   three completions at once, then one more
#   batch:  one /v1/completions request whose prompt is a list of four prompts
#   nofile: one completion; RLIMIT_NOFILE of the launcher (which runs the HTTP server) set to its lowest free fd
#           number (soft = hard), so the next accept() gets EMFILE; two completions (15 s timeout each)
#   updbad: one completion; POST /update_weights_from_disk {"model_path": UPD}; two completions
#   segv:   one completion; SIGSEGV to the scheduler (the launcher's child whose command line names it); one completion
# Usage: after_ready_ac.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH and WORK; UPD for updbad)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 ${RUNSH:-${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py} --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}}" | cut -c1-600; echo " (at $(date +%T))"; }
sched() { for p in $(pgrep -P $1); do grep -q "scheduler" /proc/$p/cmdline 2>/dev/null && echo $p; done | head -1; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      par3) comp 90 "one" 16 & C1=$!; comp 90 "two" 16 & C2=$!; comp 90 "three" 16 & C3=$!; wait $C1 $C2 $C3; comp;;
      batch) curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
          -d '{"model": "x", "prompt": ["first prompt", "the second prompt", "a third one", "four"], "max_tokens": 8}' | cut -c1-900
        echo " (batch at $(date +%T))";;
      nofile) comp; F=$(python3 -c "import os,sys; s=set(int(x) for x in os.listdir('/proc/$L/fd')); print(next(i for i in range(1<<20) if i not in s))")
        echo "launcher $L open fds $(ls /proc/$L/fd | wc -l), lowest free fd $F, prlimit --nofile=$F at $(date +%T)"
        prlimit --pid $L --nofile=$F:$F; prlimit --pid $L --nofile; comp 15; comp 15;;
      updbad) comp; curl -s -m 90 -w " HTTP %{http_code}" http://$H:$PORT/update_weights_from_disk -H 'Content-Type: application/json' \
          -d "{\"model_path\": \"$UPD\"}" | cut -c1-900; echo " (update at $(date +%T))"; sleep 2; comp 30; comp 30;;
      segv) comp; S=$(sched $L); echo "SIGSEGV scheduler $S at $(date +%T)"; kill -SEGV $S; sleep 5; comp 20;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
