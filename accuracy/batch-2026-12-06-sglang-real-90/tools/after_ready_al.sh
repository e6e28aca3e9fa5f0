# Batch al: after batch ak's after_ready_ak.sh (same logic) with its own actions. One start by batch o's run_sh.py
# ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19, timeout RT (default 180 s), cwd CWD
# (default <tmp>). Ready = `The server is fired up` in the raw log, or GET /health 200; then ACTION, then SIGTERM to the
# launcher 5 s later (if it still lives):
#   none:  nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:  one /v1/completions request
#   chat:  one /v1/completions and one /v1/chat/completions request
#   tools: one /v1/completions; a /v1/chat/completions with one function tool (tool_choice auto)
#   burst: one /v1/completions; one /v1/completions with n=40, max_tokens 200, ignore_eos (40 x ~206 tokens > 4096 KV slots); one completion
# Usage: after_ready_al.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W --cwd ${CWD:-$W} "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
comp() { post v1/completions '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8, "temperature": 0}'; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    comp
    case $ACTION in
      chat) post v1/chat/completions '{"model": "x", "messages": [{"role": "user", "content": "Hello"}], "max_tokens": 8}';;
      tools) post v1/chat/completions '{"model": "x", "messages": [{"role": "user", "content": "What is the weather in Paris?"}], "max_tokens": 16, "tools": [{"type": "function", "function": {"name": "get_weather", "description": "weather of a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}], "tool_choice": "auto"}';;
      burst) PT=150 post v1/completions '{"model": "x", "prompt": "The model server is ready", "max_tokens": 200, "n": 40, "temperature": 1.0, "ignore_eos": true}' | cut -c1-200; comp;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
