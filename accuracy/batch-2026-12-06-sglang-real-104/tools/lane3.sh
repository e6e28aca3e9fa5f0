# Batch az (lane.sh for starts3.txt): run the given lines of starts3.txt one after another (one lane). Usage: lane3.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts3.txt)"; done
