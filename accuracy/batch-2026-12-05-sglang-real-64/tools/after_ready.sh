# One start: run_sh.py (timeout RT, default 420 s) in the background; once the raw log shows `The server is fired up`,
# ACTION's requests, then SIGTERM to the launcher (run_sh.py's bash, which exec-ed the launcher; raw/NAME.pid) 5 s
# later if it still lives. Batch k's after_ready.sh with other actions.
#   term:    one /v1/completions request
#   chat:    one /v1/chat/completions request, then one /v1/completions request
#   metrics: one completion, then 5 GET /metrics 3 s apart
#   logprob: one completion, then POST /generate with return_logprob and top_logprobs_num 1000 (vocab 558),
#            wait 20 s, then a completion to see whether it still serves
#   long:    one completion, then a completion whose prompt is ~700 words (context 512), then a short one again
#   tools:   one chat request with a tool definition
# Usage: after_ready.sh NAME PORT ACTION [run_sh options] SHOWN -- SHELL_COMMAND
W=/tmp/sglreal-l; T=/work/wt/_batch/sglang-real-l/tools; OUT=/work/wt/_batch/sglang-real-l
NAME=$1; PORT=$2; ACTION=$3; shift 3
python3 $T/run_sh.py --out $OUT/logs --work $W "$NAME" ${RT:-420} "$@" &
RP=$!
for i in $(seq 1 $(( ${RT:-420} * 5 - 100 ))); do
  grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && break
  kill -0 $RP 2>/dev/null || break; sleep 0.2; done
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo; }
chat() { curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/chat/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "messages": [{"role": "user", "content": "hello"}], "max_tokens": 8}'; echo; }
if grep -q "The server is fired up" $W/raw/$NAME.log; then
  L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  case $ACTION in
    term) comp;;
    chat) chat; comp;;
    metrics) comp; for i in 1 2 3 4 5; do curl -s -m 10 -o /dev/null -w "metrics HTTP %{http_code}\n" http://127.0.0.1:$PORT/metrics; sleep 3; done;;
    logprob) comp; echo "logprob request at $(date +%T)"
         curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "the model server", "sampling_params": {"max_new_tokens": 4}, "return_logprob": true, "top_logprobs_num": 1000}' | cut -c1-600; echo
         sleep 20; echo "after 20 s at $(date +%T):"; comp;;
    long) comp; P=$(python3 -c "print(' '.join(['the model server is ready']*140))")
         curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d "{\"model\": \"x\", \"prompt\": \"$P\", \"max_tokens\": 8}"; echo; comp;;
    tools) curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/chat/completions -H 'Content-Type: application/json' \
           -d '{"model": "x", "messages": [{"role": "user", "content": "weather in Paris?"}], "max_tokens": 16, "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]}'; echo; comp;;
  esac
  sleep 5
  if kill -0 $L 2>/dev/null; then echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; else echo "launcher $L already gone at $(date +%T)"; fi
else echo "$NAME never ready"; fi
wait $RP
