# Batch 134 (batch 133's lane_133.sh, itself batch 131's, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_134.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
