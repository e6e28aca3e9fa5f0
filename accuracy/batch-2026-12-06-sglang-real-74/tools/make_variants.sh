# Batch v: model-folder variants from <tmp>/models/tiny-llama (tools/real_engine/make_models.py <tmp>/models/tiny-llama
# --arch llama --shard-size 300KB, the venv's python). Run with the venv's python first on PATH. WORK=<tmp>.
set -e
M=$WORK/models; B=$M/tiny-llama
v() { rm -rf $M/$1; cp -r $B $M/$1; }
# bin-pickle-numpy-global: safetensors shards and index replaced by one pytorch_model.bin written by torch.save whose
# dict also holds a numpy array and a numpy scalar next to the tensors (as old training scripts saved "extra state")
v tiny-binnp; python - $M/tiny-binnp <<'PY'
import glob, os, sys, numpy as np, torch
from safetensors.torch import load_file
d = sys.argv[1]; sd = {}
for f in sorted(glob.glob(d + "/model-*.safetensors")):
    sd.update(load_file(f)); os.remove(f)
os.remove(d + "/model.safetensors.index.json")
sd["training_step"] = np.int64(1200); sd["rng_state"] = np.random.RandomState(0).get_state()[1][:4]
torch.save(sd, d + "/pytorch_model.bin")
PY
# tokenizer-json-is-folder (wave 3): tokenizer.json replaced by a folder of that name holding the real file (an unpacked
# archive / a sync tool that made a folder)
v tiny-tokdir; mkdir $M/tiny-tokdir/tok.tmp; mv $M/tiny-tokdir/tokenizer.json $M/tiny-tokdir/tok.tmp/; mv $M/tiny-tokdir/tok.tmp $M/tiny-tokdir/tokenizer.json
# model-path-symlink-loop (wave 3): <tmp>/models/current -> current-link -> current (a "latest" link pointing at itself)
rm -f $M/current $M/current-link; ln -s current-link $M/current; ln -s current $M/current-link
