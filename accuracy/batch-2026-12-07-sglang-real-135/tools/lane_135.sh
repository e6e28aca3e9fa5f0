# Batch 135 (batch 134's lane_134.sh, itself batch 133's, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_135.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
