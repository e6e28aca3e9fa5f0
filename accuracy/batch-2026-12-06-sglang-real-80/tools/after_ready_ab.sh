# Batch ab: batch aa's after_ready_aa.sh (../sglang-real-aa/tools/after_ready_aa.sh) with other actions.
# One start by batch o's run_sh.py ($REPO/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py, REPO = <repo>)
# under nice -n 19, timeout RT (default 180 s). Ready = `The server is fired up` in the raw log, or GET /health 200.
# Then ACTION, then SIGTERM to the launcher 5 s later if it still lives:
#   none:   nothing (a start expected to fail; the runner's timeout ends a hang)
#   term:   one /v1/completions request
#   embed:  one completion, one POST /v1/embeddings (a generation model), one more completion
#   aslimit: one completion; `prlimit --as` of the scheduler process (the launcher's child named sglang::scheduler)
#            set to its current VmSize + AS_MARGIN_KB (default 1024 KiB); two completions with a prompt of REPEAT sentences
#   pidsq:  one completion; pids.max of the pids cgroup CG (v1, which the start's shell joined) set to pids.current;
#            three completions at once, then one more
# Usage: after_ready_ab.sh NAME PORT ACTION SHOWN -- SHELL_COMMAND   (needs BATCH and WORK; CG for pidsq)
W=$WORK; OUT=$BATCH; NAME=$1; PORT=$2; ACTION=$3; shift 3; H=127.0.0.1
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
nice -n 19 python3 ${RUNSH:-${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py} --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
ready() { grep -q "The server is fired up" $W/raw/$NAME.log 2>/dev/null && return 0
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' http://$H:$PORT/health 2>/dev/null)" = 200 ]; }
comp() { curl -s -m ${1:-60} -w " HTTP %{http_code}" http://$H:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d "{\"model\": \"x\", \"prompt\": \"${2:-The model server is ready}\", \"max_tokens\": ${3:-8}}" | cut -c1-600; echo " (at $(date +%T))"; }
if [ "$ACTION" != none ]; then
  for i in $(seq 1 $(( ${RT:-180} - 20 ))); do ready && break; kill -0 $RP 2>/dev/null || break; sleep 1; done
  if ready; then
    sleep 1; L=$(cat $W/raw/$NAME.pid 2>/dev/null); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
    case $ACTION in
      term) comp;;
      embed) comp
        curl -s -m 60 -w " HTTP %{http_code}" http://$H:$PORT/v1/embeddings -H 'Content-Type: application/json' \
          -d '{"model": "x", "input": "embed this sentence"}' | cut -c1-600; echo " (embeddings at $(date +%T))"
        sleep 2; comp;;
      aslimit) comp
        S=$(for p in $(pgrep -P $L); do grep -q "scheduler" /proc/$p/cmdline 2>/dev/null && echo $p; done | head -1)
        [ -z "$S" ] && S=$(for p in $(pgrep -P $L); do echo "$(awk '/VmRSS/{print $2}' /proc/$p/status) $p"; done | sort -n | tail -1 | cut -d' ' -f2)
        VS=$(awk '/VmSize/{print $2}' /proc/$S/status); NL=$(( (VS + ${AS_MARGIN_KB:-1024}) * 1024 ))
        echo "scheduler $S VmSize ${VS} kB, prlimit --as=$NL at $(date +%T)"; prlimit --pid $S --as=$NL:$NL; prlimit --pid $S --as
        P=$(python3 -c "print(' '.join(['the quick brown fox jumps over the lazy dog']*${REPEAT:-40}))")
        comp 40 "$P" 64; comp 40 "$P" 64;;
      pidsq) comp; C=$(cat /sys/fs/cgroup/pids/$CG/pids.current)
        echo "cgroup $CG pids.current $C, pids.max -> $C at $(date +%T)"; echo $C > /sys/fs/cgroup/pids/$CG/pids.max
        comp 30 & C1=$!; comp 30 & C2=$!; comp 30 & C3=$!; wait $C1 $C2 $C3; sleep 2; comp 30; echo "pids.events: $(cat /sys/fs/cgroup/pids/$CG/pids.events 2>/dev/null)";;
    esac
    sleep 5; kill -0 $L 2>/dev/null && { echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
  else echo "$NAME never ready"; fi
fi
wait $RP; echo "runner done at $(date +%T)"
