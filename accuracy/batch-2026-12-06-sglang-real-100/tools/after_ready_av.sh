# Batch av: batch au's after_ready_au.sh (../../batch-2026-12-06-sglang-real-99/tools/) with this batch's actions. One
# start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py) under nice -n 19,
# timeout RT (default 180 s). Ready = `The server is fired up` in the raw log or GET /health 200.
#   none:      nothing (a start expected to fail or hang)
#   nofileupd: after ready one /v1/completions; then the scheduler's RLIMIT_NOFILE is set (prlimit) to its lowest free
#              fd number, so that it can open no new file; then POST /update_weights_from_disk (the same model folder),
#              one /v1/completions, GET /health, then SIGTERM to the launcher
# Usage: after_ready_av.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs WORK and REPO; OUT defaults to $WORK/out)
W=$WORK; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1; OUT=${OUT:-$W/out}
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
post() { curl -s -m ${PT:-60} -w " HTTP %{http_code}" http://$H:$PORT/$1 -H 'Content-Type: application/json' -d "$2" | cut -c1-600; echo " ($1 at $(date +%T))"; }
C='{"model": "x", "prompt": "The model server is ready and the weights are loaded", "max_tokens": 8, "temperature": 0}'
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    post v1/completions "$C"
    case $ACTION in
      nofileupd)
        S=""; for c in $(ps -o pid= --ppid "$L" 2>/dev/null); do tr '\0' ' ' < /proc/$c/cmdline 2>/dev/null | grep -qi scheduler && S=$c; done
        FDS=$(ls /proc/$S/fd | sort -n | tr '\n' ' '); N=0; for f in $FDS; do [ "$f" = "$N" ] && N=$((N+1)); done
        echo "scheduler $S: open fds: $FDS-> prlimit --nofile=$N:$N at $(date +%T)"; prlimit --pid $S --nofile=$N:$N; prlimit --pid $S --nofile
        post update_weights_from_disk "{\"model_path\": \"$W/models/tiny-llama\"}"
        sleep 3; PT=20 post v1/completions "$C"
        echo "health: $(curl -s -m 5 -o /dev/null -w '%{http_code}' http://$H:$PORT/health) at $(date +%T)";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
