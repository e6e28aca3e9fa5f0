# Batch at: batch ar's after_ready_ar.sh (../../batch-2026-12-06-sglang-real-96/tools/) rewritten with the actions this
# batch needs. One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under
# nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
#   none:      nothing (a start expected to fail or hang)
#   term:      after ready one /v1/completions, then SIGTERM to the launcher 5 s later
#   killdetok: before ready: as soon as a child of the launcher calls itself a detokenizer (its cmdline), SIGKILL to it;
#              then nothing (the runner stops the start at RT)
#   stopdetok: like killdetok, but SIGSTOP (the detokenizer is frozen, not gone); then nothing
#   stoplaunch: before ready: as soon as a child of the launcher calls itself a scheduler, SIGSTOP to the launcher;
#              then nothing
#   floatids:  after ready one /v1/completions, then POST /generate with "input_ids": [1.5, 2.5, 3.5], then one
#              /v1/completions and GET /health, then SIGTERM to the launcher
# Usage: after_ready_at.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" = killdetok ] || [ "$ACTION" = stopdetok ] || [ "$ACTION" = stoplaunch ]; then
  PAT=detok; SIG=KILL; [ "$ACTION" = stopdetok ] && SIG=STOP; [ "$ACTION" = stoplaunch ] && PAT=scheduler
  for i in $(seq 1 $(( ${RT:-180} * 5 ))); do
    L=$(cat $W/raw/$NAME.pid 2>/dev/null); S=""
    for c in $(ps -o pid= --ppid "${L:-1}" 2>/dev/null); do tr '\0' ' ' < /proc/$c/cmdline 2>/dev/null | grep -qi $PAT && S=$c; done
    [ -n "$S" ] && { sleep 1; if [ "$ACTION" = stoplaunch ]; then kill -STOP $L; echo "SIGSTOP launcher $L (its scheduler $S is up) at $(date +%T)"; else kill -$SIG $S; echo "SIG$SIG detokenizer $S at $(date +%T)"; fi; break; }
    kill -0 $RP 2>/dev/null || break; sleep 0.2
  done
  tail -1 $W/raw/$NAME.log | cut -c1-200
elif [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    post v1/completions "$C"
    case $ACTION in
      floatids) post generate '{"input_ids": [1.5, 2.5, 3.5], "sampling_params": {"max_new_tokens": 4, "temperature": 0}}'
                sleep 3; PT=20 post v1/completions "$C"
                echo "health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
