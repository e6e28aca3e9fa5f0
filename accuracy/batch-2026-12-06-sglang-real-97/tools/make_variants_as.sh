# Batch as: the tiny model and its broken copies. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
# shard 3: the 8-byte header-length field says 2^40 bytes (the file is ~300 KB); header and data untouched
rm -rf tiny-llama-hdrlen; cp -r tiny-llama tiny-llama-hdrlen
$PY - <<'PY'
import struct
p = "tiny-llama-hdrlen/model-00003-of-00004.safetensors"; b = bytearray(open(p, "rb").read())
print("header length", struct.unpack("<Q", b[:8])[0], "->", 1 << 40); b[:8] = struct.pack("<Q", 1 << 40); open(p, "wb").write(b)
PY
# config.json: num_hidden_layers written as a float (2.0)
rm -rf tiny-llama-layersf; cp -r tiny-llama tiny-llama-layersf
$PY - <<'PY'
import json
p = "tiny-llama-layersf/config.json"; c = json.load(open(p)); print("num_hidden_layers", c["num_hidden_layers"]); c["num_hidden_layers"] = 2.0
json.dump(c, open(p, "w"), indent=2)
PY
# tokenizer.json: a Replace normalizer whose regex does not compile (unclosed group)
rm -rf tiny-llama-normre; cp -r tiny-llama tiny-llama-normre
$PY - <<'PY'
import json
p = "tiny-llama-normre/tokenizer.json"; t = json.load(open(p)); print("normalizer was", json.dumps(t.get("normalizer"))[:200])
t["normalizer"] = {"type": "Replace", "pattern": {"Regex": "(\\s+"}, "content": " "}; json.dump(t, open(p, "w"), ensure_ascii=False)
PY
# config.json: max_position_embeddings -1
rm -rf tiny-llama-maxposneg; cp -r tiny-llama tiny-llama-maxposneg
$PY - <<'PY'
import json
p = "tiny-llama-maxposneg/config.json"; c = json.load(open(p)); print("max_position_embeddings", c["max_position_embeddings"]); c["max_position_embeddings"] = -1
json.dump(c, open(p, "w"), indent=2)
PY
# model.safetensors.index.json: weight_map written as a list of [tensor, shard] pairs instead of an object
rm -rf tiny-llama-wmlist; cp -r tiny-llama tiny-llama-wmlist
$PY - <<'PY'
import json
p = "tiny-llama-wmlist/model.safetensors.index.json"; x = json.load(open(p)); x["weight_map"] = [[k, v] for k, v in x["weight_map"].items()]
json.dump(x, open(p, "w"), indent=2); print("weight_map entries", len(x["weight_map"]))
PY
ls $M
