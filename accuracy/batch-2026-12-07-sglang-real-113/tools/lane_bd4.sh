# Batch bd, fourth list (batch az's lane.sh): run the given lines of starts4.txt one after another (one lane). Usage: lane_bd.sh N [N ...]  (needs WORK, REPO, VENV)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts4.txt)"; done
