# Batch ai, second driver: after_ready_ai.sh (same folder) with one more action, written while the first was in use.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200. Then ACTION,
# then SIGTERM to the launcher 5 s later (if it still lives):
#   none:   nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:   one /v1/completions request
#   rid:    one completion; POST /generate, a batch of two texts with the same rid; 10 s; one completion
#   both:   one completion; POST /generate with sampling_params regex AND json_schema; 10 s; one completion
#   stopre: one completion; /v1/completions with stop_regex "(" (not a valid regex); 5 s; one completion
#   mexp:   two completions; the export folder listed
#   slow:   one completion; POST /slow_down {"forward_sleep_time": 3e10} (30 s given in nanoseconds); 10 s; one completion
# Usage: after_ready_ai.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-400; echo " (at $(date +%T))"; }
post() { curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    comp
    case $ACTION in
      rid) post generate '{"text": ["Hello there", "Good morning"], "rid": ["job-1", "job-1"], "sampling_params": {"max_new_tokens": 8}}'; sleep 10; comp;;
      both) post generate '{"text": "Answer:", "sampling_params": {"max_new_tokens": 8, "regex": "[a-z]+", "json_schema": "{\"type\": \"object\"}"}}'; sleep 10; comp;;
      stopre) post v1/completions '{"model": "x", "prompt": "Count: one two", "max_tokens": 8, "stop_regex": "("}'; sleep 5; comp;;
      slow) post slow_down '{"forward_sleep_time": 3e10}'; sleep 2; comp; sleep 8; comp;;
      mexp) comp; ls -l $W/metrics-ok | sed "s#$W#<tmp>#g";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
