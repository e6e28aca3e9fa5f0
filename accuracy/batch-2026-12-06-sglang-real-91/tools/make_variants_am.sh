# Batch am: broken copies of <tmp>/models/tiny-llama (made by tools/real_engine/make_models.py, see README). Needs WORK.
set -e; M=$WORK/models; cd $M
rm -rf tiny-llama-gz tiny-llama-vocab100
cp -r tiny-llama tiny-llama-gz; gzip tiny-llama-gz/model-0000?-of-00004.safetensors   # shards left compressed (*.safetensors.gz), index kept
cp -r tiny-llama tiny-llama-vocab100
python3 - <<'PY'
import json; p = "tiny-llama-vocab100/config.json"; c = json.load(open(p)); c["vocab_size"] = 100; json.dump(c, open(p, "w"), indent=2)
PY
# added after the first runs: the embedding dropped from the checkpoint, config.json says tied (run by hand with the venv's python as PY)
rm -rf tiny-llama-noembed; cp -r tiny-llama tiny-llama-noembed
${PY:-python3} - <<'PY'
import json
from safetensors.torch import load_file, save_file
d = "tiny-llama-noembed/"; f = d + "model-00001-of-00004.safetensors"
t = load_file(f); del t["model.embed_tokens.weight"]; save_file(t, f, metadata={"format": "pt"})
i = json.load(open(d + "model.safetensors.index.json")); del i["weight_map"]["model.embed_tokens.weight"]
json.dump(i, open(d + "model.safetensors.index.json", "w"), indent=2)
c = json.load(open(d + "config.json")); c["tie_word_embeddings"] = True; json.dump(c, open(d + "config.json", "w"), indent=2)
PY
# second addition (run by hand): layer_types shorter than num_hidden_layers; a half-copied `regex` package (truncated .so) for PYTHONPATH
rm -rf tiny-llama-layertypes; cp -r tiny-llama tiny-llama-layertypes
python3 - <<'PY'
import json; p = "tiny-llama-layertypes/config.json"; c = json.load(open(p)); c["layer_types"] = ["full_attention"]; json.dump(c, open(p, "w"), indent=2)
PY
S=$(dirname $(dirname ${PY:?}))/lib/python3.11/site-packages/regex
rm -rf $WORK/halfcopy; mkdir -p $WORK/halfcopy; cp -r $S $WORK/halfcopy/; rm -rf $WORK/halfcopy/regex/__pycache__
truncate -s 65536 $WORK/halfcopy/regex/_regex.cpython-311-x86_64-linux-gnu.so
