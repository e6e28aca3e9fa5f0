# Batch bb (batch az's lane.sh, second list): run the given lines of starts2.txt one after another (one lane). Usage: lane_bb2.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts2.txt)"; done
