# Batch aq: after_ready_aq.sh with one more action (a copy, because lanes were still running the first one):
#   fillcache: the start runs in its own mount namespace with OUTLINES_CACHE_DIR on a 1 MB tmpfs; after ready, one
#              /generate with a regex (the guide is compiled and cached), then that tmpfs is filled (dd, via nsenter -m),
#              then /generate with another regex, a json_schema one, and a plain /v1/completions
# Usage: after_ready_aq2.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO; ACTION none|term|fillcache)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out ${OUT:?} --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' "${@:3}" -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
G1='{"text": "Answer:", "sampling_params": {"regex": "(yes|no|maybe)[0-9]{2}", "max_new_tokens": 8, "temperature": 0}}'
G2='{"text": "Code:", "sampling_params": {"regex": "[A-F]{3}-[0-9]{4}", "max_new_tokens": 10, "temperature": 0}}'
G3='{"text": "JSON:", "sampling_params": {"json_schema": "{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"integer\"}}, \"required\": [\"n\"]}", "max_new_tokens": 12, "temperature": 0}}'
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) post v1/completions "$C";;
      fillcache) NS="nsenter -t $L -m"; post generate "$G1"; echo "cache before: $($NS ls -la $W/outlines-small | tr '\n' ' ')"
                 $NS dd if=/dev/zero of=$W/outlines-small/fill bs=4k count=100000 2>&1 | tail -1; echo "filled at $(date +%T): $($NS df -k $W/outlines-small | tail -1)"
                 PT=30 post generate "$G2"; PT=30 post generate "$G3"; sleep 3; PT=30 post v1/completions "$C";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
