# Batch ay: lane.sh for starts3.txt (so no list was edited while a lane read it). Usage: lane3.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts3.txt)"; done
