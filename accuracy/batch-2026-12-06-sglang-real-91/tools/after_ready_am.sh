# Batch am: after batch al's after_ready_al.sh (same waiting and stopping; ../batch-2026-12-06-sglang-real-90/tools/) with
# its own actions. One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under
# nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200; then ACTION,
# then SIGTERM to the launcher 5 s later (if it still lives):
#   none:  nothing (a start expected to fail)      term:  one /v1/completions
#   nokey: one /v1/completions without an Authorization header, one with `Bearer ` (empty key)
#   cache: the same /v1/completions twice (prompt cache hit)
#   flush: a completion of 400 tokens (ignore_eos) in the background, 1 s later POST /flush_cache, then wait for it
#   abrt:  one /v1/completions, SIGABRT to the scheduler process (sglang::scheduler), 10 s later one more completion
# Usage: after_ready_am.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=${HOSTQ:-127.0.0.1}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' "${@:3}" -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the cache report is on", "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) post v1/completions "$C";;
      nokey) post v1/completions "$C"; post v1/completions "$C" -H 'Authorization: Bearer ';;
      cache) post v1/completions "$C"; post v1/completions "$C";;
      flush) (PT=200 post v1/completions '{"model": "x", "prompt": "The model server is ready", "max_tokens": 400, "temperature": 0, "ignore_eos": true}' | cut -c1-200) & sleep 1; post flush_cache '{}'; wait;;
      abrt) post v1/completions "$C"; S=$(pgrep -P $L | while read p; do ps -o pid=,comm= -p $p; done | grep -i sched | awk '{print $1}' | head -1)
            echo "SIGABRT scheduler $S at $(date +%T)"; kill -ABRT $S; sleep 10; PT=20 post v1/completions "$C";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
