# Batch af: broken copies of <tmp>/models/tiny-llama and helper files. Needs WORK (= <tmp>), PY (the venv's python), REPO.
set -e; M=$WORK/models; cd $M
rm -rf tiny-llama-epsstr tiny-llama-nan tiny-llama-vm "$WORK/my models" tiny-llama-h256 $WORK/fake
cp -r tiny-llama tiny-llama-epsstr      # config.json rms_norm_eps written as a string "1e-05"
cp -r tiny-llama tiny-llama-nan         # model.norm.weight all NaN (a damaged export)
cp -r tiny-llama tiny-llama-vm          # tokenizer.json replaced by vocab.json + merges.txt
mkdir -p "$WORK/my models"; cp -r tiny-llama "$WORK/my models/tiny llama v2"   # spaces in the path
$PY $REPO/tools/real_engine/make_models.py $M/tiny-llama-h256 --arch llama --hidden 256 --heads 4 --shard-size 300KB > $WORK/make_h256.out 2>&1
$PY - <<'PY'
import json, os, glob, torch
from safetensors.torch import load_file, save_file
M = os.environ["WORK"] + "/models"
c = json.load(open(f"{M}/tiny-llama-epsstr/config.json")); c["rms_norm_eps"] = "1e-05"
json.dump(c, open(f"{M}/tiny-llama-epsstr/config.json", "w"), indent=2)
idx = json.load(open(f"{M}/tiny-llama-nan/model.safetensors.index.json"))
f = f"{M}/tiny-llama-nan/" + idx["weight_map"]["model.norm.weight"]
sd = load_file(f); sd["model.norm.weight"] = torch.full_like(sd["model.norm.weight"], float("nan"))
save_file(sd, f, metadata={"format": "pt"}); print("nan in", os.path.basename(f))
t = json.load(open(f"{M}/tiny-llama-vm/tokenizer.json"))
json.dump(t["model"]["vocab"], open(f"{M}/tiny-llama-vm/vocab.json", "w"))
with open(f"{M}/tiny-llama-vm/merges.txt", "w") as fh:
    fh.write("#version: 0.2\n")
    for m in t["model"]["merges"]:
        fh.write((m if isinstance(m, str) else " ".join(m)) + "\n")
os.remove(f"{M}/tiny-llama-vm/tokenizer.json")
PY
# /proc/meminfo as a container's LXCFS shows it: 2 GiB total, 160 MiB available
mkdir -p $WORK/fake; cat > $WORK/fake/meminfo <<'M2'
MemTotal:        2097152 kB
MemFree:          131072 kB
MemAvailable:     163840 kB
Buffers:               0 kB
Cached:            32768 kB
SwapCached:            0 kB
Active:          1700000 kB
Inactive:         150000 kB
SwapTotal:             0 kB
SwapFree:              0 kB
Shmem:              8192 kB
M2
# added after the first runs: an /etc/passwd without the running uid (root), as an arbitrary-UID container has
grep -v '^root:' /etc/passwd > $WORK/fake/passwd
# added: config.json without "model_type", in a folder whose name names no architecture
rm -rf $M/checkpoint-export; cp -r $M/tiny-llama $M/checkpoint-export
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); del c['model_type']; json.dump(c, open(p,'w'), indent=2)" $M/checkpoint-export/config.json
# added: a stale huggingface_hub 0.20.3 in a folder put first on PYTHONPATH. First try (discarded run): a hand-made stub
# (__init__.py + constants.py + a 0.20.3 dist-info); then the real 0.20.3 wheel, installed with pip --target as a
# project's vendored dependency folder would be:
rm -rf $WORK/oldhub2; $PY -m pip install -q --no-deps --target $WORK/oldhub2 huggingface_hub==0.20.3
# added: tokenizer_config.json eos_token "<|eot_id|>" (an instruct model's), a token the base tokenizer does not have
rm -rf $M/tiny-llama-eot; cp -r $M/tiny-llama $M/tiny-llama-eot
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['eos_token']='<|eot_id|>'; json.dump(c, open(p,'w'), indent=2)" $M/tiny-llama-eot/tokenizer_config.json
# added: the plain HF-format checkpoint in a folder named after a Mistral base model (a fine-tune named after its base)
rm -rf $M/mistral-small-4-tiny-sft-hf; cp -r $M/tiny-llama $M/mistral-small-4-tiny-sft-hf
# added: a PATH folder with every program of /usr/bin and /usr/sbin except lscpu (an image without util-linux's lscpu)
rm -rf $WORK/slimbin; mkdir -p $WORK/slimbin
for f in /usr/bin/* /usr/sbin/*; do b=$(basename "$f"); [ "$b" = lscpu ] || [ -e "$WORK/slimbin/$b" ] || ln -s "$f" "$WORK/slimbin/$b"; done
