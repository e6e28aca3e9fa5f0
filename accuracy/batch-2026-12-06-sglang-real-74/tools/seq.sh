# Batch v: run the job lines of JOBFILE one after another (each after_ready.sh waits for its own start). Needs BATCH, WORK.
while IFS= read -r job; do
  [ -z "$job" ] && continue; case "$job" in \#*) continue;; esac
  echo "$(date +%T) start: ${job:0:160}"; bash -c "$job"; done < "$1"
