# Needs BATCH (this batch folder) and WORK (the work folder, here <tmp>) in the environment.
# Run the lines of a job file one after another, each in the background as soon as fewer than 1 (one at a time, batches s, t and u) of this batch's
# runners (run_sh.py under this batch's tools/) are running. Usage: queue.sh JOBFILE
T=$BATCH/tools
while IFS= read -r job; do
  [ -z "$job" ] && continue; case "$job" in \#*) continue;; esac
  sleep 3
  while [ "$(pgrep -f "python3 $T/run_sh.py" | wc -l)" -ge 1 ]; do sleep 2; done
  echo "$(date +%T) start: ${job:0:120}"
  bash -c "$job" &
  sleep 5
done < "$1"
wait
