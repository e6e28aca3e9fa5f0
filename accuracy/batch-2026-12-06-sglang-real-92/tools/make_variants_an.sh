# Batch an: broken copies of <tmp>/models/tiny-llama (tools/real_engine/make_models.py, see README) and helper folders.
# Needs WORK (= <tmp>) and PY (the venv's python).
set -e; M=$WORK/models; cd $M
rm -rf tiny-llama-kt tiny-llama-l1 tiny-llama-gen0
cp -r tiny-llama tiny-llama-kt; cp -r tiny-llama tiny-llama-l1; cp -r tiny-llama tiny-llama-gen0
$PY - <<'PY'
import json
from safetensors.torch import load_file, save_file
# k_proj of layer 0 saved transposed ([in, out], as a Flax/JAX kernel converted without .T): [128, 64] for [64, 128]
f = "tiny-llama-kt/model-00001-of-00004.safetensors"; t = load_file(f)
k = "model.layers.0.self_attn.k_proj.weight"; t[k] = t[k].t().contiguous(); save_file(t, f, metadata={"format": "pt"})
# config.json says 1 layer, the checkpoint holds 2
p = "tiny-llama-l1/config.json"; c = json.load(open(p)); c["num_hidden_layers"] = 1; json.dump(c, open(p, "w"), indent=2)
# generation_config.json max_new_tokens 0
p = "tiny-llama-gen0/generation_config.json"; c = json.load(open(p)); c["max_new_tokens"] = 0; json.dump(c, open(p, "w"), indent=2)
PY
# a uvloop folder left behind by an interrupted pip uninstall (only __pycache__ left: a namespace package), first on PYTHONPATH
rm -rf $WORK/site-extra; mkdir -p $WORK/site-extra/uvloop/__pycache__
mkdir -p $WORK/ns   # mount points for the private tmpfs of the namespaced starts
# added after the first runs (replacing pythonpath-uvloop-empty-leftover, which came up): shard 3 a 0-byte file
# (a copy cut off when the disk filled), index kept; run by hand as its own block
rm -rf tiny-llama-empty3; cp -r tiny-llama tiny-llama-empty3; : > tiny-llama-empty3/model-00003-of-00004.safetensors
