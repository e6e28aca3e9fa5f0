# Batch 185: batch 139's after_ready_139.sh (../../batch-2026-12-07-sglang-real-139/tools/, itself batch 135's and earlier), unchanged
# but for these first lines (no new action; batch 185 uses only serve).
# start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
# ACTION:
#   serve                      after ready one /v1/completions, one /v1/chat/completions, GET /health
#   req|PATH|JSON              after ready POST JSON to /PATH, then the follow-up (FOLLOW or one /v1/completions), GET /health (twice, 5 s apart)
#   burst|N|JSON               after ready N POSTs of JSON to /v1/completions at once, wait for them, one /v1/completions
#   stagger|N|SECS|JSON        (127) after ready N POSTs of JSON to /v1/completions, each started SECS s after the one
#                              before (so that later prefills meet earlier decodes), wait for them, one /v1/completions;
#                              {K} in JSON is replaced by the request's number (so that the prompts differ from the start)
#   stream|, qtimeout|, aslimit|, profile|   as in after_ready_bm.sh (not used here)
#   abortall|N|SECS|JSON       (131) after ready one /v1/completions; N POSTs of JSON to /v1/completions at once; SECS s
#                              later POST /abort_request {"abort_all": true}; wait for them; one /v1/completions
#   stopre|JSON                (131) after ready one /v1/completions; POST JSON to /generate (client timeout PT2, default
#                              150 s); GET /health (30 s); one /v1/completions (client timeout 30 s)
#   long|N|JSON                (131) after ready one /v1/completions; N POSTs of JSON to /v1/completions one after another
#   audio|FILE                 (131) after ready one /v1/completions; POST FILE as multipart to /v1/audio/transcriptions; one /v1/completions
#   gburst|N|SECS|JSON         (133) after ready one /v1/completions; N POSTs of JSON to /generate, each started SECS s after
#                              the one before; wait for them; one /v1/completions
#   then GET /health and SIGTERM to the launcher if still alive
# Usage: after_ready_133.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}; D=$(dirname $0); SC=${SCHEME:-http}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -k -s -m 2 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -k -s -m ${PT:-60} -w " HTTP %{http_code}" $SC://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
CH='{"model": "x", "messages": [{"role": "user", "content": "Say hello"}], "max_tokens": 8, "temperature": 0}'
for i in $(seq 1 $(( ${RT:-180} - 10 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
if ready; then
  sleep 1; PG=$(cat $W/raw/$NAME.pid 2>/dev/null); L=$(pgrep -o -g $PG -f '^python -m sglang.launch_server'); L=${L:-$PG}
  echo "$NAME ready at $(date +%T), group $PG, launcher $L"; sleep 2
  case $ACTION in
    serve) post v1/completions "$C"; post v1/chat/completions "$CH";;
    req\|*) P=${ACTION#req|}; RPATH=${P%%|*}; J=${P#*|}; post $RPATH "$J"; sleep 3
      if [ -n "$FOLLOW" ]; then post ${FOLLOW%%|*} "${FOLLOW#*|}"; else post v1/completions "$C"; fi
      echo "health: $(curl -k -s -m 5 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health) at $(date +%T)"; sleep 5;;
    burst\|*) IFS='|' read -r _ N J <<< "$ACTION"; echo "$NAME: $N requests at once at $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(post v1/completions "$J"); echo "req $k: $R" ) & PIDS="$PIDS $!"; done; wait $PIDS
      sleep 2; post v1/completions "$C";;
    stagger\|*) IFS='|' read -r _ N S J <<< "$ACTION"; echo "$NAME: $N requests, one every $S s, from $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(post v1/completions "${J//\{K\}/$k}"); echo "req $k: $R" ) & PIDS="$PIDS $!"; sleep $S; done; wait $PIDS
      sleep 2; post v1/completions "$C";;
    stream\|*) IFS='|' read -r _ N S J <<< "$ACTION"; post v1/completions "$C"; echo "$NAME: $N streaming requests at once, clients hang up after $S s, at $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(curl -s -N -m $S $SC://$H:$PORT/v1/completions -H 'Content-Type: application/json' -d "$J" 2>/dev/null | grep -c '^data:'); echo "stream $k: $R data chunks received before hanging up at $(date +%T.%N | cut -c1-12)" ) & PIDS="$PIDS $!"; done; wait $PIDS
      sleep 5; post v1/completions "$C";;
    qtimeout\|*) IFS='|' read -r _ N S J <<< "$ACTION"; echo "$NAME: $N requests at once, clients give up after $S s, at $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(PT=$S post v1/completions "$J"); echo "req $k: $R" ) & PIDS="$PIDS $!"; done; wait $PIDS
      sleep 5; post v1/completions "$C";;
    aslimit\|*) IFS='|' read -r _ MB F <<< "$ACTION"; post v1/completions "$C"
      VM=$(awk '/^VmSize/{print $2}' /proc/$L/status); RSS=$(awk '/^VmRSS/{print $2}' /proc/$L/status); LIM=$(( VM * 1024 + MB * 1048576 ))
      echo "$NAME: launcher $L VmSize ${VM} kB VmRSS ${RSS} kB; prlimit --as=$LIM at $(date +%T)"; prlimit --pid $L --as=$LIM:$LIM; prlimit --pid $L --as
      echo "$NAME: POST $(stat -c %s $F)-byte body from $(basename $F) at $(date +%T)"; post v1/completions "@$F"; sleep 3
      echo "launcher alive: $(kill -0 $L 2>/dev/null && echo yes || echo no)"; post v1/completions "$C";;
    profile\|*) J=${ACTION#profile|}; post start_profile "$J"; for k in 1 2 3; do post v1/completions "$C"; done; sleep 10
      echo "profile folder: $(ls -la $W/prof 2>&1 | tr '\n' ';')"; post v1/completions "$C";;
    abortall\|*) IFS='|' read -r _ N S J <<< "$ACTION"; post v1/completions "$C"; echo "$NAME: $N requests at once at $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(post v1/completions "$J"); echo "req $k: $R" ) & PIDS="$PIDS $!"; done; sleep $S
      post abort_request '{"abort_all": true}'; wait $PIDS; sleep 2; post v1/completions "$C";;
    stopre\|*) J=${ACTION#stopre|}; post v1/completions "$C"; echo "$NAME: POST /generate at $(date +%T)"; PT=${PT2:-150} post generate "$J"
      echo "health: $(curl -k -s -m 30 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health) at $(date +%T)"; PT=30 post v1/completions "$C";;
    long\|*) IFS='|' read -r _ N J <<< "$ACTION"; post v1/completions "$C"
      for k in $(seq 1 $N); do post v1/completions "$J"; done;;
    audio\|*) F=${ACTION#audio|}; post v1/completions "$C"
      curl -k -s -m 60 -w " HTTP %{http_code}" $SC://$H:$PORT/v1/audio/transcriptions -F "file=@$F" -F model=x | cut -c1-600; echo " (v1/audio/transcriptions at $(date +%T))"; sleep 3; post v1/completions "$C";;
    gburst\|*) IFS='|' read -r _ N S J <<< "$ACTION"; post v1/completions "$C"; echo "$NAME: $N POSTs to /generate, one every $S s, from $(date +%T.%N | cut -c1-12)"; PIDS=""
      for k in $(seq 1 $N); do ( R=$(post generate "$J"); echo "req $k: $R" ) & PIDS="$PIDS $!"; sleep $S; done; wait $PIDS
      sleep 2; post v1/completions "$C";;
    *) post v1/completions "$C";;
  esac
  echo "health: $(curl -k -s -m 30 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health) at $(date +%T)"
  sleep 4; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
else echo "$NAME never ready"; fi
wait $RP; echo "runner done at $(date +%T)"
