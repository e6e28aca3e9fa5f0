# Batch az (lane.sh for starts4.txt): run the given lines of starts4.txt one after another (one lane). Usage: lane4.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts4.txt)"; done
