# Needs BATCH (this batch folder) and WORK (the work folder, here <tmp>) in the environment.
# Batch o's after_ready.sh (batch m's with batch n's and o's actions), plus prof (batch p), emb, regex and dump (batch q). One start: run_sh.py (timeout RT, default 420 s) in the background;
# once the raw log shows `The server is fired up`, ACTION's requests, then SIGTERM to the launcher (raw/NAME.pid)
# 5 s later if it still lives.
#   term:  one /v1/completions request
#   chat:  one /v1/chat/completions request, then one completion
#   json:  one chat request with response_format json_schema, then one completion
#   long:  one completion, then a completion whose prompt is ~300 tokens, then a short one
#   tools: one chat request with a tools list, then one completion
#   upd:   one completion, POST /update_weights_from_disk with model_path $UPD, then one completion (added in batch o)
#   usr1:  one completion, then SIGUSR1 to the launcher, wait 10 s, one completion (added in batch o)
#   emb:   one /v1/completions request, then one POST /v1/embeddings (added in batch q)
#   regex: one POST /generate with an invalid regex constraint, then one completion (added in batch q)
#   dump:  one completion, POST /configure_logging with dump_requests_folder $DUMP and dump_requests_threshold 1, two completions (added in batch q)
#   prof:  one completion, POST /start_profile (CPU activities, 3 steps; in the background, it may answer only when the steps are done), three completions, POST /stop_profile,
#          one completion (added in batch p)
#   lbias: one completion, one completion with logit_bias for token id 99999 (vocab 558), one completion (batch r)
#   neg:   one completion with max_tokens -1, then one completion (batch r)
#   minstop: one completion, POST /generate with min_new_tokens 4 and stop_token_ids [99999] (vocab 558), wait 5 s, one completion (batch s)
#   kill9: one completion, then SIGKILL to the launcher, wait 10 s, one completion (batch s)
#   jsonbad: one completion, one chat request whose response_format json_schema is not a valid schema, wait 5 s, one completion (batch t)
#   schedterm: one completion, SIGTERM to the launcher's child whose name holds 'scheduler', wait 10 s, one completion (batch t)
#   chatdef: one chat request without max_tokens (the model's generation_config decides), then one completion (batch u)
#   emptyids: one completion, POST /generate with input_ids [] (an empty prompt), wait 5 s, one completion (batch v)
#   lpstart: one completion, POST /generate with return_logprob and logprob_start_len 50 (prompt of ~5 tokens), wait 5 s, one completion (batch v)
#   nomax: one completion without max_tokens (the server's defaults decide), then one completion (batch v)
# Batch r: the runner under nice -n 19. Batch v: the runner is batch o's run_sh.py ($RUNSH), not a copy.
# Batch w: batch v's after_ready.sh plus two actions: hidden (a completion, POST /generate with return_hidden_states true, wait 5 s, a completion) and toolreq (a chat request with tools and tool_choice "required", wait 5 s, a completion).
# Batch x: batch w's after_ready.sh plus one action: rpz (a completion, POST /v1/completions with repetition_penalty 0, wait 5 s, a completion).
# Batch y: batch x's after_ready.sh plus four actions (comp, a completion; each second completion waits at most 30 s):
#   relmem:  comp, POST /release_memory_occupation {} (no --enable-memory-saver), wait 5 s, comp
#   initwug: comp, POST /init_weights_update_group (gloo, world_size 2, master 127.0.0.1:39799 where nothing listens; -m 60), comp
#   clp:     comp, POST /generate with custom_logit_processor "not-a-processor", wait 5 s, comp
#   pause:   comp, POST /pause_generation {}, comp (no /continue_generation)
# Usage: after_ready.sh NAME PORT ACTION [run_sh options] SHOWN -- SHELL_COMMAND
W=$WORK; T=$BATCH/tools; OUT=$BATCH
NAME=$1; PORT=$2; ACTION=$3; shift 3; H=${HOSTURL:-127.0.0.1}
nice -n 19 python3 ${RUNSH:-$BATCH/../sglang-real-o/tools/run_sh.py} --out $OUT --work $W "$NAME" ${RT:-420} "$@" &
RP=$!
for i in $(seq 1 $(( ${RT:-420} * 5 - 100 ))); do
  grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && break
  kill -0 $RP 2>/dev/null || break; sleep 0.2; done
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-600; echo; }
comp30() { curl -s -m 30 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-600; echo " (at $(date +%T))"; }
chat() { curl -s -m 90 -w " HTTP %{http_code}" http://$H:$PORT/v1/chat/completions -H 'Content-Type: application/json' -d "$1" | cut -c1-600; echo; }
if grep -q "The server is fired up" $W/raw/$NAME.log; then
  L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  case $ACTION in
    term) comp;;
    chatdef) chat '{"model": "x", "messages": [{"role": "user", "content": "hello"}]}'; comp;;
    chat) chat '{"model": "x", "messages": [{"role": "user", "content": "hello"}], "max_tokens": 8}'; comp;;
    json) chat '{"model": "x", "messages": [{"role": "user", "content": "give me a city as json"}], "max_tokens": 16, "response_format": {"type": "json_schema", "json_schema": {"name": "city", "schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}}'; sleep 5; comp;;
    long) comp; P=$(python3 -c "print(' '.join(['the model server is ready']*60))")
         curl -s -m 90 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d "{\"model\": \"x\", \"prompt\": \"$P\", \"max_tokens\": 8}" | cut -c1-600; echo; comp;;
    upd) comp; curl -s -m 120 -w " HTTP %{http_code}" http://$H:$PORT/update_weights_from_disk -H 'Content-Type: application/json' \
           -d "{\"model_path\": \"$UPD\"}" | cut -c1-600; echo; sleep 3; comp;;
    usr1) comp; echo "SIGUSR1 launcher $L at $(date +%T)"; kill -USR1 $L; sleep 10; comp;;
    prof) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/start_profile -H 'Content-Type: application/json' \
           -d '{"num_steps": 3, "activities": ["CPU"]}' > $W/raw/$NAME.startprof 2>&1 & sleep 2; comp; comp; comp; sleep 3; wait %1; cat $W/raw/$NAME.startprof; echo
         curl -s -m 60 -w " HTTP %{http_code}" -X POST http://$H:$PORT/stop_profile | cut -c1-600; echo; sleep 3; comp;;
    emb) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/embeddings -H 'Content-Type: application/json' \
           -d '{"model": "x", "input": "The model server is ready"}' | cut -c1-300; echo;;
    regex) curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "Order id:", "sampling_params": {"max_new_tokens": 8, "regex": "[A-Z]{3-([0-9]+"}}' | cut -c1-600; echo; sleep 3; comp;;
    dump) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/configure_logging -H 'Content-Type: application/json' \
           -d "{\"dump_requests_folder\": \"$DUMP\", \"dump_requests_threshold\": 1}" | cut -c1-300; echo; comp; sleep 3; comp;;
    lbias) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8, "logit_bias": {"99999": 100}}' | cut -c1-600; echo; sleep 3; comp;;
    neg) curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": -1}' | cut -c1-600; echo; sleep 3; comp;;
    minstop) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "Order id:", "sampling_params": {"max_new_tokens": 8, "min_new_tokens": 4, "stop_token_ids": [99999]}}' | cut -c1-600; echo; sleep 5; comp;;
    jsonbad) comp; chat '{"model": "x", "messages": [{"role": "user", "content": "give me a city as json"}], "max_tokens": 16, "response_format": {"type": "json_schema", "json_schema": {"name": "city", "schema": {"type": "object", "properties": {"city": {"type": "strin"}}, "required": "city", "minProperties": -1}}}}'; sleep 5; comp;;
    schedterm) comp; SP=""; for c in $(pgrep -P $L); do grep -q scheduler /proc/$c/comm /proc/$c/cmdline 2>/dev/null && SP=$c; done
         echo "SIGTERM scheduler $SP ($(cat /proc/$SP/comm 2>/dev/null)) at $(date +%T)"; [ -n "$SP" ] && kill -TERM $SP; sleep 10; comp;;
    kill9) comp; echo "SIGKILL launcher $L at $(date +%T)"; kill -KILL $L; sleep 10; comp;;
    emptyids) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"input_ids": [], "sampling_params": {"max_new_tokens": 8}}' | cut -c1-600; echo; sleep 5; comp;;
    lpstart) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "Order id:", "sampling_params": {"max_new_tokens": 8}, "return_logprob": true, "logprob_start_len": 50}' | cut -c1-600; echo; sleep 5; comp;;
    nomax) curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d '{"model": "x", "prompt": "The model server is ready"}' | cut -c1-600; echo; comp;;
    hidden) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "Order id:", "sampling_params": {"max_new_tokens": 4}, "return_hidden_states": true}' | cut -c1-400; echo; sleep 5; comp;;
    toolreq) chat '{"model": "x", "messages": [{"role": "user", "content": "weather in Paris?"}], "max_tokens": 32, "tool_choice": "required", "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]}'; sleep 5; comp;;
    rpz) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
           -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8, "repetition_penalty": 0}' | cut -c1-600; echo; sleep 5; comp;;
    relmem) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/release_memory_occupation -H 'Content-Type: application/json' -d '{}' | cut -c1-600; echo; sleep 5; comp30;;
    initwug) comp; echo "init_weights_update_group at $(date +%T)"; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/init_weights_update_group -H 'Content-Type: application/json' \
           -d '{"master_address": "127.0.0.1", "master_port": 39799, "rank_offset": 1, "world_size": 2, "group_name": "rl", "backend": "gloo"}' | cut -c1-600; echo " (at $(date +%T))"; comp30;;
    clp) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' \
           -d '{"text": "Order id:", "sampling_params": {"max_new_tokens": 8}, "custom_logit_processor": "not-a-processor"}' | cut -c1-600; echo; sleep 5; comp30;;
    pause) comp; curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/pause_generation -H 'Content-Type: application/json' -d '{}' | cut -c1-600; echo; comp30;;
    tools) chat '{"model": "x", "messages": [{"role": "user", "content": "weather in Paris?"}], "max_tokens": 32, "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]}'; comp;;
  esac
  sleep 5
  if kill -0 $L 2>/dev/null; then echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; else echo "launcher $L already gone at $(date +%T)"; fi
else echo "$NAME never ready"; fi
wait $RP
