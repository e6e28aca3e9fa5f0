# Batch u: model-folder variants and host files, from <tmp>/models/tiny-llama (tools/real_engine/make_models.py
# <tmp>/models/tiny-llama --arch llama --shard-size 300KB). Run with the venv's python first on PATH. WORK=<tmp>.
set -e
M=$WORK/models; B=$M/tiny-llama
v() { rm -rf $M/$1; cp -r $B $M/$1; }
# special-tokens-map-truncated: a special_tokens_map.json cut in half
v tiny-stm; python - $M/tiny-stm <<'PY'
import json, sys
s = json.dumps({"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>"}, indent=2)
open(sys.argv[1] + "/special_tokens_map.json", "w").write(s[: len(s) // 2])
PY
# shards-in-subfolder: the four shards and the index moved into weights/ (config, tokenizer stay on top)
v tiny-subdir; mkdir $M/tiny-subdir/weights; mv $M/tiny-subdir/model-0000* $M/tiny-subdir/model.safetensors.index.json $M/tiny-subdir/weights/
# checkpoint-tied-config-untied: saved with tied embeddings (no lm_head.weight: shard 4 dropped from the set and the
# index), config.json still tie_word_embeddings false; shards renamed to -of-00003
v tiny-tied; python - $M/tiny-tied <<'PY'
import json, os, sys
d = sys.argv[1]; os.remove(d + "/model-00004-of-00004.safetensors")
ix = json.load(open(d + "/model.safetensors.index.json")); ix["weight_map"].pop("lm_head.weight")
for i in (1, 2, 3):
    os.rename(f"{d}/model-0000{i}-of-00004.safetensors", f"{d}/model-0000{i}-of-00003.safetensors")
ix["weight_map"] = {k: v.replace("-of-00004", "-of-00003") for k, v in ix["weight_map"].items()}
json.dump(ix, open(d + "/model.safetensors.index.json", "w"), indent=2)
PY
# config-dangling-symlink: config.json a symlink into an HF-cache-style blobs/ folder whose blob was cleaned away
v tiny-dangling; mkdir -p $M/blobs; rm $M/tiny-dangling/config.json; ln -s ../blobs/5d1e0c9f2a7b3e8c4d6f0a1b2c3d4e5f6a7b8c9d $M/tiny-dangling/config.json
# arch-mistral-on-llama: config.json architectures MistralForCausalLM, model_type still llama
v tiny-mistral; python - $M/tiny-mistral <<'PY'
import json, sys
p = sys.argv[1] + "/config.json"; c = json.load(open(p)); c["architectures"] = ["MistralForCausalLM"]; json.dump(c, open(p, "w"), indent=2)
PY
# generation-config-max-new-tokens-1: generation_config.json max_new_tokens 1
v tiny-gen1; python - $M/tiny-gen1 <<'PY'
import json, sys
p = sys.argv[1] + "/generation_config.json"; c = json.load(open(p)); c["max_new_tokens"] = 1; json.dump(c, open(p, "w"), indent=2)
PY
# ssl-keyfile-encrypted: a key encrypted with a pass phrase (AES-256) and its self-signed certificate
mkdir -p $WORK/certs; cd $WORK/certs
openssl req -x509 -newkey rsa:2048 -keyout server.key -out server.crt -days 30 -subj /CN=localhost -passout pass:s3cret 2>/dev/null
head -1 server.key
# (wave 2) hf-cache-repo-folder: an HF hub cache laid out by huggingface_hub (blobs/, refs/main, snapshots/<hash>/ with
# the files); --model-path names the repo folder models--tiny-org--tiny-llama, not its snapshot
R=$WORK/hub/models--tiny-org--tiny-llama; H=3f2a9c1d8e7b6a5f4c3d2e1f0a9b8c7d6e5f4a3b; rm -rf $R; mkdir -p $R/blobs $R/refs $R/snapshots
cp -r $B $R/snapshots/$H; printf %s $H > $R/refs/main
# (wave 2, appended) shard-is-directory: model-00002-of-00004.safetensors is a folder holding the real shard (as an
# unzip or a `cp -r` into a wrong place leaves it), the index unchanged
v tiny-sharddir; mv $M/tiny-sharddir/model-00002-of-00004.safetensors $M/tiny-sharddir/shard2.tmp
mkdir $M/tiny-sharddir/model-00002-of-00004.safetensors; mv $M/tiny-sharddir/shard2.tmp $M/tiny-sharddir/model-00002-of-00004.safetensors/model-00002-of-00004.safetensors
