# Batch be (batch az's lane.sh): run the given lines of starts.txt one after another (one lane). Usage: lane_be.sh N [N ...]  (needs WORK, REPO, VENV)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
