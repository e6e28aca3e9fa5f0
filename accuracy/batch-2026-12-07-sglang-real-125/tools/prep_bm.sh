# Batch bm (125): make the tiny model (as batches av-bl). Needs WORK and REPO; run with the venv's python first on PATH.
# Also a 40 MB prompt body for the memory-limit case and the output folder for the profile case.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
mkdir -p $WORK/prof
python - "$WORK/big-prompt.json" <<'PY'
import json, sys
text = ("The model server is ready and the weights are loaded. " * 800000)[:40_000_000]
json.dump({"model": "x", "prompt": text, "max_tokens": 8, "temperature": 0}, open(sys.argv[1], "w"))
PY
ls -la $WORK/models/tiny-llama $WORK/big-prompt.json
