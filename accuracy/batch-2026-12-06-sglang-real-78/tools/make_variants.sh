# Batch z: model variants and helper files in WORK (<tmp>). The good model is <tmp>/models/tiny-llama
# (tools/real_engine/make_models.py <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python).
set -e
W=$WORK; M=$W/models
# shards-dangling-symlinks: a hub-cache-style snapshot whose shards are symlinks to blobs that were deleted
# (cache clean-up); config, tokenizer and index are real files
rm -rf $M/tiny-llama-snap $W/blobs; mkdir -p $M/tiny-llama-snap $W/blobs
for f in $M/tiny-llama/*; do b=$(basename $f); case $b in model-0*) h=$(sha256sum $f | cut -c1-64); ln -s ../../blobs/$h $M/tiny-llama-snap/$b;; *) cp $f $M/tiny-llama-snap/;; esac; done
# tokenizer-merges-unknown-token: tokenizer.json's first merge names a token absent from the vocabulary
rm -rf $M/tiny-llama-badmerge; cp -r $M/tiny-llama $M/tiny-llama-badmerge
python3 - $M/tiny-llama-badmerge/tokenizer.json <<'P'
import json, sys
p = sys.argv[1]; t = json.load(open(p)); t["model"]["merges"][0] = ["Ġ", "tq"]; json.dump(t, open(p, "w"), ensure_ascii=False)
P
# generation-config-eos-string: generation_config.json eos_token_id a token string, not an id
rm -rf $M/tiny-llama-eosstr; cp -r $M/tiny-llama $M/tiny-llama-eosstr
python3 - $M/tiny-llama-eosstr/generation_config.json <<'P'
import json, sys
p = sys.argv[1]; g = json.load(open(p)); g["eos_token_id"] = "<|im_end|>"; json.dump(g, open(p, "w"), indent=2)
P
# pythonpath-safetensors-checkout: a source checkout of safetensors' Python bindings (no built extension) on PYTHONPATH
rm -rf $W/src/safetensors-py; mkdir -p $W/src/safetensors-py/safetensors
printf '# Python bindings of safetensors (source checkout, extension not built)\nfrom ._safetensors_rust import (  # noqa: F401\n    SafetensorError,\n    __version__,\n    deserialize,\n    safe_open,\n    serialize,\n    serialize_file,\n)\n' > $W/src/safetensors-py/safetensors/__init__.py
# xdg-cache-home-is-file: XDG_CACHE_HOME a regular file
echo "not a folder" > $W/xdg-cache-file
