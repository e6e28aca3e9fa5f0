# Batch az (lane.sh for starts5.txt): run the given lines of starts5.txt one after another (one lane). Usage: lane5.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts5.txt)"; done
