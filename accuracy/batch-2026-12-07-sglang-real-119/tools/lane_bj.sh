# Batch bj (batch bh's lane_bh.sh, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_bj.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
