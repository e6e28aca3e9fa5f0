#!/bin/bash
# Run every capture scenario on a GPU machine and pack the logs.
# Usage, from the repository root:  OUT=/some/dir bash tools/gpu_capture/run_on_device.sh [ONLY]
#   ONLY: optional comma-separated scenario names or name prefixes (see `capture.py list`).
# Produces $OUT/logs.tar.gz (logs/NAME.log, logs/_summary.tsv, logs/_setup.log) and $OUT/driver.log.
set -u
OUT=${OUT:-/tmp/gpu_capture_out}
mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-python3}
# hard cap for the whole capture: scenarios stop being started after DEADLINE seconds
timeout -k 10 "${TOTAL_TIMEOUT:-560}" "$PY" "$HERE/capture.py" run --out "$OUT/logs" \
    --deadline "${DEADLINE:-500}" ${1:+--only "$1"} >"$OUT/driver.log" 2>&1
echo "driver rc=$?" >>"$OUT/driver.log"
tar czf "$OUT/logs.tar.gz" -C "$OUT" logs && rm -rf "$OUT/logs"
cat "$OUT/driver.log"
