# Batch 185: make the tiny model (as batches av-139) and one broken copy. Needs WORK and REPO; run with the venv's python first on PATH.
#  - $WORK/models/tiny-llama: tools/real_engine/make_models.py, --arch llama --shard-size 300KB (as batch 139).
#  - $WORK/models/tiny-llama-mlp-bias: a copy whose config.json says "mlp_bias": true (the checkpoint has no MLP bias tensors).
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
rm -rf $WORK/models/tiny-llama-mlp-bias; cp -a $WORK/models/tiny-llama $WORK/models/tiny-llama-mlp-bias
python - $WORK/models/tiny-llama-mlp-bias/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); c["mlp_bias"] = True
json.dump(c, open(p, "w"), indent=2)
PY
grep -n mlp_bias $WORK/models/tiny-llama-mlp-bias/config.json
ls -la $WORK/models/tiny-llama $WORK/models/tiny-llama-mlp-bias
