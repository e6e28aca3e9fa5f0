# Batch bl: batch bj's after_ready_bj.sh (../../batch-2026-12-07-sglang-real-119/tools/), unchanged but for this line; only serve and req| are used here.
# start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
# ACTION:
#   serve                      after ready one /v1/completions, one /v1/chat/completions, GET /health
#   req|PATH|JSON              after ready POST JSON to /PATH, then one /v1/completions, GET /health (twice, 5 s apart)
#   siggroup|SIG|PATTERN       when PATTERN first shows in the raw log, SIGNAL to the start's process group (as a
#                              terminal sends Ctrl-C or a hangup to its foreground group)
#   sigproc|SIG|TITLE|PATTERN  when PATTERN first shows, SIGNAL to the one process of the start's group whose
#                              title begins with TITLE (e.g. sglang::scheduler)
#   after|SIG|TITLE            (batch bh) after ready one /v1/completions, then SIGNAL to the one process of the group
#                              whose title begins with TITLE, 5 s later one /v1/completions (PT, default 60 s) and GET /health
#   burst|N|JSON               (batch bj) after ready N POSTs of JSON to /v1/completions at once (curl in background),
#                              wait for all, then one /v1/completions and GET /health
#   get|PATH|N|HEADER          (batch bj) after ready N GETs of /PATH without HEADER, then one with HEADER (e.g.
#                              'Authorization: Bearer KEY'), then one /v1/completions with HEADER and GET /health
#   then SIGTERM to the launcher if still alive
# Usage: after_ready_bf.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}; D=$(dirname $0); SC=${SCHEME:-http}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
watch_for() { # wait until $1 shows in the raw log (or the runner ends); 0 if seen
  for i in $(seq 1 $(( ${RT:-180} * 20 ))); do grep -q -- "$1" $W/raw/$NAME.log 2>/dev/null && return 0
    kill -0 $RP 2>/dev/null || return 1; sleep 0.05; done; return 1; }
case $ACTION in
  siggroup\|*) IFS='|' read -r _ SIG PAT <<< "$ACTION"
    if watch_for "$PAT"; then PG=$(cat $W/raw/$NAME.pid); echo "$NAME: '$PAT' seen at $(date +%T.%N | cut -c1-12); SIG$SIG to group $PG"; kill -$SIG -- -$PG
    else echo "$NAME: '$PAT' never seen"; fi;;
  sigproc\|*) IFS='|' read -r _ SIG TITLE PAT <<< "$ACTION"
    if watch_for "$PAT"; then PG=$(cat $W/raw/$NAME.pid); T=$(pgrep -g $PG -f "^$TITLE" | head -1)
      echo "$NAME: '$PAT' seen at $(date +%T.%N | cut -c1-12); SIG$SIG to $TITLE pid $T (group $PG)"; [ -n "$T" ] && kill -$SIG $T
    else echo "$NAME: '$PAT' never seen"; fi;;
esac
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -k -s -m 2 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -k -s -m ${PT:-60} -w " HTTP %{http_code}" $SC://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
CH='{"model": "x", "messages": [{"role": "user", "content": "Say hello"}], "max_tokens": 8, "temperature": 0}'
for i in $(seq 1 $(( ${RT:-180} - 10 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
if ready; then
  sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  case $ACTION in
    serve) post v1/completions "$C"; post v1/chat/completions "$CH";;
    req\|*) P=${ACTION#req|}; RPATH=${P%%|*}; J=${P#*|}; post $RPATH "$J"; sleep 3; post v1/completions "$C"
      echo "health: $(curl -k -s -m 5 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health) at $(date +%T)"; sleep 5;;
    after\|*) IFS='|' read -r _ SIG TITLE <<< "$ACTION"; post v1/completions "$C"; PG=$(cat $W/raw/$NAME.pid)
      T=$(pgrep -g $PG -f "^$TITLE" | head -1); echo "$NAME: SIG$SIG to $TITLE pid $T (group $PG) at $(date +%T.%N | cut -c1-12)"
      [ -n "$T" ] && kill -$SIG $T; sleep 5; post v1/completions "$C";;
    burst\|*) IFS='|' read -r _ N J <<< "$ACTION"; echo "$NAME: $N requests at once at $(date +%T.%N | cut -c1-12)"
      for k in $(seq 1 $N); do ( R=$(post v1/completions "$J"); echo "req $k: $R" ) & done; wait
      sleep 2; post v1/completions "$C";;
    get\|*) IFS='|' read -r _ GP N HD <<< "$ACTION"
      for k in $(seq 1 $N); do echo "GET /$GP without header: $(curl -k -s -m 10 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/$GP) at $(date +%T)"; sleep 2; done
      echo "GET /$GP with header: $(curl -k -s -m 10 -H "$HD" $SC://$H:$PORT/$GP -w ' HTTP %{http_code}' | tail -c 200) at $(date +%T)"
      echo "completion with header: $(curl -k -s -m ${PT:-60} -H "$HD" -w ' HTTP %{http_code}' $SC://$H:$PORT/v1/completions -H 'Content-Type: application/json' -d "$C" | cut -c1-400)";;
    *) post v1/completions "$C";;
  esac
  echo "health: $(curl -k -s -m 5 -o /dev/null -w '%{http_code}' $SC://$H:$PORT/health) at $(date +%T)"
  sleep 4; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
else echo "$NAME never ready"; fi
wait $RP; echo "runner done at $(date +%T)"
