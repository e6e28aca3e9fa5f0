# Batch ar: batch aq's after_ready_aq.sh (../../batch-2026-12-06-sglang-real-95/tools/) with its actions none and term,
# plus four of its own. One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
#   none:      nothing (a start expected to fail or hang)
#   term:      after ready one /v1/completions, then SIGTERM to the launcher 5 s later
#   stopsched: before ready: as soon as a child of the launcher calls itself a scheduler (its cmdline), SIGSTOP to it;
#              then nothing (the runner stops the start at RT)
#   stoplauncher: after ready one /v1/completions, SIGSTOP to the launcher, one /v1/completions and GET /health
#              (10 s / 5 s limits), SIGCONT, then SIGTERM
#   rmmodel:   after ready one /v1/completions, `rm -rf` of the model folder (MODEL), then /v1/completions and
#              /v1/chat/completions, then SIGTERM
#   blockedterm: after ready one /v1/completions, SIGTERM to the launcher; if it still lives 15 s later,
#              SIGKILL to its process group
# Usage: after_ready_ar.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
CH='{"model": "x", "messages": [{"role": "user", "content": "Say hello"}], "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" = stopsched ]; then
  for i in $(seq 1 $(( ${RT:-180} * 5 ))); do
    L=$(cat $W/raw/$NAME.pid 2>/dev/null); S=""
    for c in $(ps -o pid= --ppid "${L:-1}" 2>/dev/null); do tr '\0' ' ' < /proc/$c/cmdline 2>/dev/null | grep -q scheduler && S=$c; done
    [ -n "$S" ] && { kill -STOP $S; echo "SIGSTOP scheduler $S ($(tr '\0' ' ' < /proc/$S/cmdline | cut -c1-80)) at $(date +%T)"; break; }
    kill -0 $RP 2>/dev/null || break; sleep 0.2
  done
  tail -1 $W/raw/$NAME.log | cut -c1-200
elif [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    post v1/completions "$C"
    case $ACTION in
      stoplauncher) kill -STOP $L; echo "SIGSTOP launcher at $(date +%T)"; PT=10 post v1/completions "$C"
                    echo "health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)"
                    kill -CONT $L; echo "SIGCONT launcher at $(date +%T)"; sleep 3;;
      rmmodel) rm -rf ${MODEL:?}; echo "removed model folder at $(date +%T): $(ls -d $MODEL 2>&1 | cut -c1-80)"
               post v1/completions "$C"; post v1/chat/completions "$CH";;
      blockedterm) kill -TERM $L; echo "SIGTERM launcher $L at $(date +%T)"; sleep 15
                   if kill -0 $L 2>/dev/null; then echo "launcher still alive at $(date +%T); health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health)"
                     post v1/completions "$C"; kill -KILL -- -$L; echo "SIGKILL group $L at $(date +%T)"; fi;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
