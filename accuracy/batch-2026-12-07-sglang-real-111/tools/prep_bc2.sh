# Batch bc, second list (run while the first lanes ran, venv's python first on PATH). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
cp3() { rm -rf $M/$1; cp -r $B $M/$1; }
# shard-lm-head-missing-untied: lm_head.weight removed from its shard and from the index; config keeps
# "tie_word_embeddings": false
cp3 tiny-llama-nolmhead
python - $M/tiny-llama-nolmhead <<'PY'
import glob, json, sys
from safetensors import safe_open
from safetensors.torch import save_file
d = sys.argv[1]; ix = json.load(open(d + "/model.safetensors.index.json"))
f = d + "/" + ix["weight_map"].pop("lm_head.weight")
with safe_open(f, "pt") as s:
    meta = s.metadata(); t = {k: s.get_tensor(k) for k in s.keys() if k != "lm_head.weight"}
print(f.split("/")[-1], "left:", list(t))
save_file(t, f, metadata=meta); json.dump(ix, open(d + "/model.safetensors.index.json", "w"), indent=2)
PY
# config-rope-parameters-null: "rope_parameters": null (no rope_theta anywhere)
cp3 tiny-llama-ropenull
python - $M/tiny-llama-ropenull/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); c["rope_parameters"] = None; json.dump(c, open(p, "w"), indent=2)
PY
grep -c lm_head $M/tiny-llama-nolmhead/model.safetensors.index.json || true; grep rope $M/tiny-llama-ropenull/config.json
