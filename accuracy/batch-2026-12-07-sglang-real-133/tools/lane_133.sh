# Batch 133 (batch 131's lane_131.sh, itself batch 127's, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_133.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
