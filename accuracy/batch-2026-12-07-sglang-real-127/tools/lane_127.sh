# Batch 127 (batch bm's lane_bm.sh, unchanged): run the given lines of starts.txt one after another (one lane). Usage: lane_127.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts.txt)"; done
