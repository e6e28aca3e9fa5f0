# Batch ao: batch an's after_ready_an.sh (../sglang-real-an/tools/) with two more actions (burst, metrics). One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under
# nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200; then ACTION,
# then SIGTERM to the launcher 5 s later (if it still lives):
#   none:  nothing (a start expected to fail)     term: one /v1/completions     chat: one /v1/chat/completions
#   two:   two /v1/completions, 3 s apart
#   fillprom: fill the start's private tmpfs $WORK/ns/prom (nsenter into its mount namespace, dd until ENOSPC),
#          then three /v1/completions and GET /metrics
#   killdet: one /v1/completions, SIGKILL to the detokenizer process (sglang::detokenizer), 10 s later one more
#   burst: 700 TCP connections to the port held open 15 s (tools/hold_conns.py), then one /v1/completions
#   metrics: one /v1/completions, then GET /metrics twice
#   echolp: one /v1/completions with echo true and logprobs 3, then a plain one
# Usage: after_ready_ao.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' "${@:3}" -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
CH='{"model": "x", "messages": [{"role": "user", "content": "hello model server"}], "temperature": 0}'
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) post v1/completions "$C";;
      chat) post v1/chat/completions "$CH";;
      two) post v1/completions "$C"; sleep 3; post v1/completions "$C";;
      fillprom) nsenter -t $L -m sh -c "df -k $W/ns/prom | tail -1; dd if=/dev/zero of=$W/ns/prom/zz.filler bs=4k 2>&1 | tail -1; df -k $W/ns/prom | tail -1"
            for j in 1 2 3; do PT=20 post v1/completions "$C"; done
            curl -s -m 10 -o /dev/null -w "GET /metrics HTTP %{http_code}\n" http://$H:$PORT/metrics;;
      killdet) post v1/completions "$C"; S=$(pgrep -P $L | while read p; do ps -o pid=,comm= -p $p; done | grep -i detok | awk '{print $1}' | head -1)
            echo "SIGKILL detokenizer $S at $(date +%T)"; kill -KILL $S; sleep 10; PT=20 post v1/completions "$C";;
      burst) python3 $(dirname $0)/hold_conns.py $H $PORT 700 15; PT=30 post v1/completions "$C";;
      echolp) post v1/completions '{"model": "x", "prompt": "The model server is ready", "max_tokens": 4, "echo": true, "logprobs": 3}'; sleep 3; PT=20 post v1/completions "$C";;
      metrics) post v1/completions "$C"; for j in 1 2; do curl -s -m 10 -w " GET /metrics HTTP %{http_code}\n" http://$H:$PORT/metrics | tail -c 300; sleep 2; done;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
