# Batch 185 (batch 139's lane_139.sh, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_185.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
