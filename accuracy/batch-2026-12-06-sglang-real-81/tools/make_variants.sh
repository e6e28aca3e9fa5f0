# Batch ac: broken copies of WORK/models/tiny-llama (made by tools/real_engine/make_models.py --arch llama --shard-size 300KB).
# Usage: WORK=<tmp> bash make_variants.sh   (runs with the SGLang venv's python: safetensors, torch)
set -e; M=$WORK/models; T=$M/tiny-llama; PY=${PY:-python3}
mk() { rm -rf $M/$1; cp -r $T $M/$1; }
mk tiny-llama-cfglist; $PY - $M/tiny-llama-cfglist <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p)); json.dump([c], open(p, "w"), indent=2)
P
mk tiny-llama-gptq; $PY - $M/tiny-llama-gptq <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p))
c["quantization_config"] = {"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": False, "sym": True}
json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-noheads; $PY - $M/tiny-llama-noheads <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p)); del c["num_attention_heads"]; json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-remote; $PY - $M/tiny-llama-remote <<'P'
import json, sys; d = sys.argv[1]; p = d + "/config.json"; c = json.load(open(p))
c["auto_map"] = {"AutoConfig": "configuration_tiny.TinyLlamaConfig"}; json.dump(c, open(p, "w"), indent=2)
open(d + "/configuration_tiny.py", "w").write("from transformers import LlamaConfig\n\n\nclass TinyLlamaConfig(LlamaConfig):\n    pass\n")
P
mk tiny-llama-genfolder; rm $M/tiny-llama-genfolder/generation_config.json; mkdir $M/tiny-llama-genfolder/generation_config.json
mk tiny-llama-badshape; $PY - $M/tiny-llama-badshape <<'P'
import sys, glob
from safetensors.torch import load_file, save_file
f = sorted(glob.glob(sys.argv[1] + "/model-0000*.safetensors"))[1]; t = load_file(f)
k = next(k for k in t if k.endswith("mlp.down_proj.weight")); t[k] = t[k][:, :-64].contiguous()
save_file(t, f, metadata={"format": "pt"}); print("badshape:", f.rsplit("/", 1)[1], k, tuple(t[k].shape))
P
# added after the first runs (replaces config-quant-gptq-plain-weights, discarded)
mk tiny-llama-emptymap; $PY - $M/tiny-llama-emptymap <<'P'
import json, sys; p = sys.argv[1] + "/model.safetensors.index.json"; c = json.load(open(p)); c["weight_map"] = {}; json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-otherrepo; $PY - $M/tiny-llama-otherrepo <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p))
c["auto_map"] = {"AutoConfig": "tiny-org/tiny-llama-base--configuration_tiny.TinyLlamaConfig"}; json.dump(c, open(p, "w"), indent=2)
P
# Done by hand before the runs (not by this script): the full folder for hf-modules-cache-disk-full, and the empty HF home
#   mkdir -p $WORK/hfmod && mount -t tmpfs -o size=64k tmpfs $WORK/hfmod && mkdir $WORK/hfmod/modules
#   dd if=/dev/zero of=$WORK/hfmod/fill bs=4k      # fills it to 100 % (No space left on device)
#   mkdir -p $WORK/empty-hf-home
# and after the runs: umount $WORK/hfmod
# (tiny-llama-cfglist ... tiny-llama-badshape were made before the first runs; tiny-llama-emptymap and tiny-llama-otherrepo after
#  them, by the same commands as in this file.)
