# A start that may come up: run_sh.py (timeout RT, default 420 s) in the background; once the raw log shows
# `The server is fired up`, ACTION's requests, then SIGTERM to the launcher (its pid: run_sh.py's bash,
# which exec-ed the launcher; written to raw/NAME.pid) 5 s later, if it still lives.
#   term:    one /v1/completions request
#   metrics: one completion, then 5 GET /metrics (a Prometheus scrape of a server without --enable-metrics)
#   oov:     one completion, then POST /generate with input_ids 5000 and 70000 (model vocab 558), wait 30 s,
#            then a completion to see whether it still serves
#   chat:    one /v1/chat/completions request
#   quit:    one completion, then SIGQUIT to the launcher (Ctrl-\\ in its terminal); wait up to 40 s for it to go
# Usage: after_ready.sh NAME PORT ACTION [run_sh options] SHOWN -- SHELL_COMMAND
W=/tmp/sglreal-k; T=/work/wt/_batch/sglang-real-k/tools; OUT=/work/wt/_batch/sglang-real-k
NAME=$1; PORT=$2; ACTION=$3; shift 3
python3 $T/run_sh.py --out $OUT/logs --work $W "$NAME" ${RT:-420} "$@" &
RP=$!
for i in $(seq 1 $(( ${RT:-420} * 5 - 100 ))); do
  grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && break
  kill -0 $RP 2>/dev/null || break; sleep 0.2; done
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo; }
if grep -q "The server is fired up" $W/raw/$NAME.log; then
  L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  case $ACTION in
    term) comp;;
    chat) curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/chat/completions -H 'Content-Type: application/json' \
            -d '{"model": "x", "messages": [{"role": "user", "content": "hello"}], "max_tokens": 8}'; echo;;
    metrics) comp; for i in 1 2 3 4 5; do curl -s -m 10 -o /dev/null -w "metrics HTTP %{http_code}\n" http://127.0.0.1:$PORT/metrics; sleep 3; done;;
    oov) comp; echo "oov request at $(date +%T)"
         curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"input_ids": [1, 5000, 70000, 12], "sampling_params": {"max_new_tokens": 8}}'; echo
         sleep 30; echo "after 30 s at $(date +%T):"; comp;;
    quit) comp; sleep 3; echo "SIGQUIT launcher $L at $(date +%T)"; kill -QUIT $L; echo "kill rc $?"
         for i in $(seq 1 40); do kill -0 $L 2>/dev/null || break; sleep 1; done
         kill -0 $L 2>/dev/null && echo "launcher $L still alive 40 s after SIGQUIT" || echo "launcher $L gone at $(date +%T)";;
  esac
  sleep 5
  if kill -0 $L 2>/dev/null; then echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; else echo "launcher $L already gone at $(date +%T)"; fi
else echo "$NAME never ready"; fi
wait $RP
