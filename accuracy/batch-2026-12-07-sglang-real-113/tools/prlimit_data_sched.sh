# Batch bd: start the launcher (the rest of the arguments) in the background; as soon as its scheduler child
# (`sglang::scheduler...`) exists, set that child's RLIMIT_DATA (soft and hard) to its current VmData, as a
# per-process memory cap applied by a supervisor script would; then wait for the launcher. A note of what was set goes to
# $PRL_NOTE (not into the log).
"$@" &
P=$!
for i in $(seq 1 600); do
  for c in $(pgrep -P $P 2>/dev/null); do
    if tr '\0' ' ' < /proc/$c/cmdline 2>/dev/null | grep -q 'sglang::scheduler'; then
      D=$(awk '/^VmData/ {print $2 * 1024}' /proc/$c/status)
      prlimit --pid $c --data=$D:$D && echo "$(date +%T) RLIMIT_DATA of the scheduler (pid $c) set to $D bytes" > ${PRL_NOTE:-/dev/null}
      wait $P; exit $?
    fi
  done
  kill -0 $P 2>/dev/null || break
  sleep 0.2
done
wait $P
