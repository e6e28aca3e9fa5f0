# Batch aa: one start by batch o's run_sh.py ($RUNSH, default $REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:   nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:   one /v1/completions request
#   fdflood: one completion; 700 TCP connections to the HTTP port held open 20 s (from this driver, whose own
#            limit is the host's), one completion while they are open; then the connections close, one more completion
#   oom:    one completion; memory.limit_in_bytes of the cgroup CG (v1) set to its usage + OOM_MARGIN_KB (default 8192 KiB); two completions
#            with a prompt of OOM_REPEAT (default 60) sentences
# Usage: after_ready_aa.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH and WORK; CG for oom)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
nice -n 19 python3 ${RUNSH:-${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py} --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}}" | cut -c1-600; echo " (at $(date +%T))"; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      fdflood) comp
        python3 - $PORT <<'P' &
import socket, sys, time
port = int(sys.argv[1]); socks = []; fails = 0
for i in range(700):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=2); socks.append(s)
    except OSError as e:
        fails += 1
print(f"fdflood: {len(socks)} connections open, {fails} failed at {time.strftime('%T')}", flush=True)
time.sleep(20)
for s in socks: s.close()
print(f"fdflood: closed at {time.strftime('%T')}", flush=True)
P
        FP=$!; sleep 8; comp 10; wait $FP; sleep 2; comp 30;;
      oom) comp; U=$(cat /sys/fs/cgroup/memory/$CG/memory.usage_in_bytes); NL=$((U + ${OOM_MARGIN_KB:-8192}*1024))
        echo "cgroup $CG usage $U, limit -> $NL at $(date +%T)"; echo $NL > /sys/fs/cgroup/memory/$CG/memory.limit_in_bytes
        P=$(python3 -c "print(' '.join(['the quick brown fox jumps over the lazy dog']*${OOM_REPEAT:-60}))")
        comp 40 "$P" 64; comp 40 "$P" 64; grep -E "oom_kill|under_oom" /sys/fs/cgroup/memory/$CG/memory.oom_control;;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
