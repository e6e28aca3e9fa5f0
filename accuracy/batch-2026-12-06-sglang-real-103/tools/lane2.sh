# Batch ay: lane.sh for starts2.txt (so no list was edited while a lane read it). Usage: lane2.sh N [N ...]  (needs WORK, REPO)
for n in "$@"; do eval "$(sed -n ${n}p $(dirname $0)/starts2.txt)"; done
