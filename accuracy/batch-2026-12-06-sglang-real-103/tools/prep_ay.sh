# Batch ay: the broken model-folder copies and host files (run once before the lanes). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# shards-extension-uppercase: the 4 shards renamed *.SAFETENSORS (as a case-changing copy tool leaves them), index updated to match
rm -rf $M/tiny-llama-upper; cp -r $B $M/tiny-llama-upper
for f in $M/tiny-llama-upper/model-0000*-of-00004.safetensors; do mv $f ${f%.safetensors}.SAFETENSORS; done
sed -i 's/\.safetensors"/.SAFETENSORS"/g' $M/tiny-llama-upper/model.safetensors.index.json
# index-json-dot-slash-shard-paths: the index's weight_map names every shard as ./model-0000N-of-00004.safetensors
rm -rf $M/tiny-llama-dotidx; cp -r $B $M/tiny-llama-dotidx
sed -i 's/": "model-0000/": ".\/model-0000/g' $M/tiny-llama-dotidx/model.safetensors.index.json
# config-rms-norm-eps-nan: config.json "rms_norm_eps": NaN (Python's json writes and reads the bare NaN literal)
rm -rf $M/tiny-llama-epsnan; cp -r $B $M/tiny-llama-epsnan
python3 - $M/tiny-llama-epsnan/config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["rms_norm_eps"] = float("nan")
json.dump(c, open(p, "w"), indent=2)
P
# config-tie-word-embeddings-with-lm-head: config.json tie_word_embeddings true while the shards hold their own lm_head.weight
rm -rf $M/tiny-llama-tie; cp -r $B $M/tiny-llama-tie
python3 - $M/tiny-llama-tie/config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["tie_word_embeddings"] = True
json.dump(c, open(p, "w"), indent=2)
P
# proc-cpuinfo-empty: an empty file bind-mounted over /proc/cpuinfo in the start's own mount namespace
mkdir -p $WORK/etc; : > $WORK/etc/cpuinfo-empty
grep -c . $M/tiny-llama-upper/model.safetensors.index.json; grep -m2 SAFETENSORS $M/tiny-llama-upper/model.safetensors.index.json; grep -m2 '\./model' $M/tiny-llama-dotidx/model.safetensors.index.json; grep -n 'rms_norm_eps\|tie_word' $M/tiny-llama-epsnan/config.json $M/tiny-llama-tie/config.json
