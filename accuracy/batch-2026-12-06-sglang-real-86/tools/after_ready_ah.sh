# Batch ah: batch ag's after_ready_ag.sh (../batch-2026-12-06-sglang-real-85/tools/after_ready_ag.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200. Then ACTION,
# then SIGTERM to the launcher 5 s later (if it still lives):
#   none:   nothing (a start expected to fail or hang; the runner's timeout ends a hang)
#   term:   one /v1/completions request
#   emb4:   one completion; POST /generate with input_embeds 3 x 4 floats (the model's hidden size is 128); one completion
#   killtw: one completion; the process tree printed; SIGKILL to one tokenizer worker; 10 s; two completions
#   loglvl: one completion; POST /configure_logging {"log_level": "verbose"}; one completion
#   eplb:   one completion; POST /start_expert_distribution_record (no recorder mode set); 10 s; one completion
# Usage: after_ready_ah.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs OUT, WORK and REPO)
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
      emb4) post generate '{"input_embeds": [[0.01, -0.02, 0.03, 0.04], [0.02, 0.01, -0.01, 0.0], [0.03, 0.02, 0.01, -0.02]], "sampling_params": {"max_new_tokens": 8}}'; sleep 3; comp;;
      killtw) ps -o pid,ppid,args --ppid $L; ps -eo pid,ppid,args | grep -i "tokenizer" | grep -v grep
              T=$(ps -eo pid,args | grep -i "tokenizer.worker\|TokenizerWorker" | grep -v grep | head -1 | awk '{print $1}')
              if [ -n "$T" ]; then echo "SIGKILL tokenizer worker $T at $(date +%T)"; kill -KILL $T; else echo "no tokenizer worker found"; fi
              sleep 10; comp; comp;;
      eplb) post start_expert_distribution_record '{}'; sleep 10; comp;;
      loglvl) post configure_logging '{"log_level": "verbose"}'; sleep 2; comp;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
