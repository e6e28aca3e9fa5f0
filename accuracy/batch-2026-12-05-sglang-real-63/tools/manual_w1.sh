# wave 1's after_ready.sh wrappers died of a syntax error (after_ready.sh was edited while they ran; bash reads a
# script as it goes), leaving their runners alone. This does by hand what they were to do, for the two starts that
# come up: one completion (+ 5 GET /metrics for metrics-scraped-not-enabled), then SIGTERM to the launcher.
W=/tmp/sglreal-k
do_one() { NAME=$1; PORT=$2; ACTION=$3
  for i in $(seq 1 2000); do grep -q "The server is fired up" $W/raw/$NAME.log && break; sleep 0.2; done
  L=$(cat $W/raw/$NAME.pid); echo "$NAME ready at $(date +%T), launcher $L"; sleep 2
  curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$PORT/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}'; echo
  if [ "$ACTION" = metrics ]; then for i in 1 2 3 4 5; do curl -s -m 10 -o /dev/null -w "metrics HTTP %{http_code}\n" http://127.0.0.1:$PORT/metrics; sleep 3; done; fi
  sleep 5; echo "SIGTERM launcher $L at $(date +%T)"; kill -TERM $L; }
do_one load-format-dummy 35102 term > $W/m1-2.out 2>&1 &
do_one metrics-scraped-not-enabled 35103 metrics > $W/m1-3.out 2>&1 &
wait
