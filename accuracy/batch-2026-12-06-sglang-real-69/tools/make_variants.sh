# Broken or unusual copies of <tmp>/models/tiny-llama (WORK = the work folder). Run with the venv's python first on PATH.
set -e; cd $WORK/models
# config.json saved with a UTF-8 byte-order mark (as a Windows editor does)
rm -rf tiny-bom && cp -r tiny-llama tiny-bom && printf '\xef\xbb\xbf' | cat - tiny-llama/config.json > tiny-bom/config.json
# shard 2's first 64 bytes (header length + start of its JSON header) overwritten with random bytes (bit rot / partial overwrite)
rm -rf tiny-hdr && cp -r tiny-llama tiny-hdr && python - <<'P'
import os; p="tiny-hdr/model-00002-of-00004.safetensors"; b=bytearray(open(p,"rb").read()); import random; random.seed(7)
b[0:64]=bytes(random.randrange(256) for _ in range(64)); open(p,"wb").write(b)
P
# a reward/classification head architecture (LlamaForSequenceClassification, num_labels 1) on the causal-LM folder
rm -rf tiny-seqcls && cp -r tiny-llama tiny-seqcls && python - <<'P'
import json; p="tiny-seqcls/config.json"; c=json.load(open(p)); c["architectures"]=["LlamaForSequenceClassification"]; c["num_labels"]=1; c["id2label"]={"0":"LABEL_0"}; c["label2id"]={"LABEL_0":0}; json.dump(c,open(p,"w"),indent=2)
P
# custom config code with a syntax error (auto_map -> configuration_tinycustom.py), as a bad edit/merge leaves it
rm -rf tiny-rcsyntax && cp -r tiny-llama tiny-rcsyntax && python - <<'P'
import json; p="tiny-rcsyntax/config.json"; c=json.load(open(p)); c["auto_map"]={"AutoConfig":"configuration_tinycustom.TinyCustomConfig"}; c["model_type"]="tinycustom"; json.dump(c,open(p,"w"),indent=2)
open("tiny-rcsyntax/configuration_tinycustom.py","w").write('''from transformers import LlamaConfig


class TinyCustomConfig(LlamaConfig):
    model_type = "tinycustom"

    def __init__(self, rope_theta=10000.0, **kwargs)
        super().__init__(rope_theta=rope_theta, **kwargs)
''')
P
# stale shards of an older two-shard download left next to the current four-shard set (valid: the index names the four)
rm -rf tiny-stale && cp -r tiny-llama tiny-stale && python - <<'P'
from safetensors.torch import load_file, save_file
sd={}
for i in range(1,5): sd.update(load_file(f"tiny-stale/model-0000{i}-of-00004.safetensors"))
ks=sorted(sd); h=len(ks)//2
save_file({k:sd[k].clone() for k in ks[:h]}, "tiny-stale/model-00001-of-00002.safetensors", metadata={"format":"pt"})
save_file({k:sd[k].clone() for k in ks[h:]}, "tiny-stale/model-00002-of-00002.safetensors", metadata={"format":"pt"})
P
# linear RoPE scaling, factor 4 (valid; context 512 -> 2048)
rm -rf tiny-rope4 && cp -r tiny-llama tiny-rope4 && python - <<'P'
import json; p="tiny-rope4/config.json"; c=json.load(open(p)); print("rope keys:", {k:v for k,v in c.items() if "rope" in k}); c["rope_scaling"]={"rope_type":"linear","factor":4.0}
if "rope_parameters" in c: c["rope_parameters"]={**c["rope_parameters"],"rope_type":"linear","factor":4.0}
json.dump(c,open(p,"w"),indent=2)
P
ls
