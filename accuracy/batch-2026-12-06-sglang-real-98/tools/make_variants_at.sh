# Batch at: the tiny model and its one broken copy. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
# generation_config.json: "temperature": NaN (a bare NaN literal, as Python's json.dump writes float('nan'))
rm -rf tiny-llama-gentempnan; cp -r tiny-llama tiny-llama-gentempnan
$PY - <<'PY'
import json
p = "tiny-llama-gentempnan/generation_config.json"; g = json.load(open(p)); g["do_sample"] = True; g["temperature"] = float("nan")
json.dump(g, open(p, "w"), indent=2); print(open(p).read())
PY
# a regular file to bind-mount over /dev/shm (inside the start's own mount namespace)
echo "not a directory" > $WORK/shm-file
ls $M
# (added after the first round) shard 2 replaced by a symlink to /dev/urandom
rm -rf tiny-llama-urandom; cp -r tiny-llama tiny-llama-urandom; rm tiny-llama-urandom/model-00002-of-00004.safetensors
ln -s /dev/urandom tiny-llama-urandom/model-00002-of-00004.safetensors
