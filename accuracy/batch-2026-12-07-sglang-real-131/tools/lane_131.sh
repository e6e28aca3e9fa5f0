# Batch 131 (batch 127's lane_127.sh, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_131.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
