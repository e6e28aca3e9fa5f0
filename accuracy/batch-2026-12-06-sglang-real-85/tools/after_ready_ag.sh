# Batch ag: batch af's after_ready_af.sh (../batch-2026-12-06-sglang-real-84/tools/after_ready_af.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s), kept logs written to OUT (a work folder; kept ones are copied to the batch by hand).
# Ready = `The server is fired up` in the raw log, or GET /health 200. Then ACTION, then SIGTERM to the launcher 5 s later:
#   none: nothing (a start expected to fail early; the runner's timeout ends a hang)
#   term: one /v1/completions request
#   json: one completion; POST /generate with sampling_params.json_schema; one completion
#   img:  one completion; POST /generate with text + image_data (a 1x1 PNG data URI); one completion
#   emb:  one completion; POST /generate with input_embeds (4 x 128 floats); one completion
# Usage: after_ready_ag.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-400; echo " (at $(date +%T))"; }
gen() { curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/generate -H 'Content-Type: application/json' -d "$1" | cut -c1-600; echo " (generate at $(date +%T))"; }
PNG='data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    comp
    case $ACTION in
      json) gen '{"text": "Give me a JSON object:", "sampling_params": {"max_new_tokens": 16, "json_schema": "{\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"string\"}}}"}}'; sleep 2; comp;;
      img) gen "{\"text\": \"Describe the picture: <image>\", \"image_data\": \"$PNG\", \"sampling_params\": {\"max_new_tokens\": 8}}"; sleep 2; comp;;
      emb) E=$(python3 -c 'import json,random; random.seed(0); print(json.dumps([[round(random.uniform(-0.05,0.05),4) for _ in range(128)] for _ in range(4)]))')
           gen "{\"input_embeds\": $E, \"sampling_params\": {\"max_new_tokens\": 8}}"; sleep 2; comp;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
