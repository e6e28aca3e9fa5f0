# Batch aq: the tiny model and its broken copies. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
# shard 1's __metadata__ holds a nested object (a converter that stored its config in the metadata; safetensors wants str -> str)
rm -rf tiny-llama-metamap; cp -r tiny-llama tiny-llama-metamap
$PY - <<'PY'
import json, struct
p = "tiny-llama-metamap/model-00001-of-00004.safetensors"; b = open(p, "rb").read(); n = struct.unpack("<Q", b[:8])[0]
h = json.loads(b[8:8 + n]); h["__metadata__"] = {"format": "pt", "source": {"tool": "convert.py", "step": 1}}
s = json.dumps(h, separators=(",", ":")).encode(); m = len(s) + (8 - len(s) % 8) % 8; s += b" " * (m - len(s))
off = 8 + n; open(p, "wb").write(struct.pack("<Q", m) + s + b[off:]); print("metadata", h["__metadata__"], n, "->", m)
PY
# tokenizer.json: one added token written with the key "contents" instead of "content" (a hand edit)
rm -rf tiny-llama-addtypo; cp -r tiny-llama tiny-llama-addtypo
$PY - <<'PY'
import json
p = "tiny-llama-addtypo/tokenizer.json"; t = json.load(open(p)); a = t["added_tokens"][-1]; a["contents"] = a.pop("content")
print("added token", a); json.dump(t, open(p, "w"), ensure_ascii=False)
PY
# config.json num_attention_heads 0
rm -rf tiny-llama-heads0; cp -r tiny-llama tiny-llama-heads0
$PY -c "import json; p='tiny-llama-heads0/config.json'; c=json.load(open(p)); c['num_attention_heads']=0; json.dump(c, open(p,'w'), indent=2)"
# an outlines disk cache whose cache.db is held under an exclusive SQLite lock by another process (made in starts.txt)
rm -rf $WORK/outlines-locked; mkdir -p $WORK/outlines-locked
# (added after the first runs, run by hand) model.safetensors.index.json whose weight_map sends every tensor to shard 1
# (an index written for another split); all 4 shards are there
rm -rf tiny-llama-index1; cp -r tiny-llama tiny-llama-index1
$PY -c "import json; p='tiny-llama-index1/model.safetensors.index.json'; j=json.load(open(p)); j['weight_map']={k:'model-00001-of-00004.safetensors' for k in j['weight_map']}; json.dump(j, open(p,'w'), indent=2)"
mkdir -p $WORK/outlines-small   # (added after the first runs) mount point of the 1 MB tmpfs for OUTLINES_CACHE_DIR
