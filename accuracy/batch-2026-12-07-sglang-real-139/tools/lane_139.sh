# Batch 139 (batch 135's lane_135.sh, itself batch 134's, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_139.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
