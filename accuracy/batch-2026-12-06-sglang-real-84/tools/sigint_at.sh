# Batch af: one start by batch o's run_sh.py (as after_ready_af.sh does, under nice -n 19); when PATTERN appears in
# the raw log, SIGINT to the launcher's process group (what Ctrl-C in its terminal sends), as a user who gives up.
# Usage: sigint_at.sh NAME PATTERN SHOWN -- SHELL_COMMAND   (needs BATCH, WORK and REPO)
W=$WORK; OUT=$BATCH; NAME=$1; PAT=$2; shift 2
rm -f $W/raw/$NAME.log $W/raw/$NAME.pid
set -m   # job control on: otherwise bash starts the background runner with SIGINT ignored (first run, discarded)
nice -n 19 python3 ${REPO:?}/accuracy/batch-2026-12-06-sglang-real-67/tools/run_sh.py --out $OUT --work $W "$NAME" ${RT:-180} "$@" &
RP=$!
for i in $(seq 1 1600); do tail -n +2 $W/raw/$NAME.log 2>/dev/null | grep -q "$PAT" 2>/dev/null && break; kill -0 $RP 2>/dev/null || break; sleep 0.1; done
L=$(cat $W/raw/$NAME.pid 2>/dev/null)
if tail -n +2 $W/raw/$NAME.log 2>/dev/null | grep -q "$PAT" 2>/dev/null; then echo "'$PAT' seen at $(date +%T.%N | cut -c1-12); SIGINT to group $L"; kill -INT -- -$L; else echo "'$PAT' never seen"; fi
wait $RP; echo "runner done at $(date +%T)"
