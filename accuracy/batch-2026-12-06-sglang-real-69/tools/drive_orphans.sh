# stale-shards-next-to-current and rope-linear-factor4 lost their after_ready.sh driver (the script was edited while
# bash was reading it) after their run_sh.py had started; both servers were up. This sends what after_ready.sh's
# `term` / `long` actions send, then SIGTERM to the launcher (raw/NAME.pid), as after_ready.sh would.
W=$WORK
comp() { curl -s -m 60 -w " HTTP %{http_code}" http://127.0.0.1:$1/v1/completions -H 'Content-Type: application/json' \
    -d '{"model": "x", "prompt": "The model server is ready", "max_tokens": 8}' | cut -c1-300; echo; }
comp 38809; sleep 5; kill -TERM $(cat $W/raw/stale-shards-next-to-current.pid)
comp 38810; P=$(python3 -c "print(' '.join(['the model server is ready']*60))")
curl -s -m 90 -w " HTTP %{http_code}" http://127.0.0.1:38810/v1/completions -H 'Content-Type: application/json' \
  -d "{\"model\": \"x\", \"prompt\": \"$P\", \"max_tokens\": 8}" | cut -c1-300; echo; comp 38810; sleep 5
kill -TERM $(cat $W/raw/rope-linear-factor4.pid)
