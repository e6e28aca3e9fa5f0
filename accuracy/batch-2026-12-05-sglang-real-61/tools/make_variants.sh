# Model folders and files of batch i (/tmp/sglreal-i). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head, max_position 512, vocab 558,
# bf16, 4 safetensors shards, BPE tokenizer).
set -e
PY=~/.cache/llmdiag-real/sglang-0.5.23/bin/python
W=/tmp/sglreal-i; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-h/models/tiny-llama $M/
base() { rm -rf $M/$1; mkdir -p $M/$1; cp $M/tiny-llama/{config.json,generation_config.json,tokenizer.json,tokenizer_config.json,chat_template.jinja} $M/$1/; }
# tiny-bin: the same weights as one pytorch_model.bin (torch.save of the state dict), no safetensors, no index
base tiny-bin
$PY - $M <<'PY'
import sys, glob, torch
from safetensors.torch import load_file
M = sys.argv[1]; sd = {}
for f in sorted(glob.glob(M + "/tiny-llama/*.safetensors")): sd.update(load_file(f))
torch.save(sd, M + "/tiny-bin/pytorch_model.bin")
PY
# tiny-bin-truncated: that pytorch_model.bin cut to half its size
base tiny-bin-truncated
S=$(stat -c %s $M/tiny-bin/pytorch_model.bin); head -c $((S/2)) $M/tiny-bin/pytorch_model.bin > $M/tiny-bin-truncated/pytorch_model.bin
# tiny-both: the safetensors shards + index AND pytorch_model.bin (a repo that ships both; valid)
rm -rf $M/tiny-both; cp -r $M/tiny-llama $M/tiny-both; cp $M/tiny-bin/pytorch_model.bin $M/tiny-both/
# tiny-maxpos0: config.json max_position_embeddings 0
rm -rf $M/tiny-maxpos0; cp -r $M/tiny-llama $M/tiny-maxpos0
sed -i 's/"max_position_embeddings": 512/"max_position_embeddings": 0/' $M/tiny-maxpos0/config.json
# tiny-tokmaxlen0: tokenizer_config.json model_max_length 0
rm -rf $M/tiny-tokmaxlen0; cp -r $M/tiny-llama $M/tiny-tokmaxlen0
sed -i 's/"model_max_length": 512/"model_max_length": 0/' $M/tiny-tokmaxlen0/tokenizer_config.json
# tiny-remote-modeling: the first batch's remote-code folder (model_type tinycustom, auto_map), whose
# modeling_tinycustom.py imports a package that is not installed (the configuration module is fine)
rm -rf $M/tiny-remote-modeling; cp -r /tmp/sglreal/models/tiny-remote $M/tiny-remote-modeling
cat > $M/tiny-remote-modeling/modeling_tinycustom.py <<'PYX'
import flash_attn_tinycustom  # custom fused kernels shipped as a separate package
from transformers import LlamaForCausalLM
from .configuration_tinycustom import TinyCustomConfig

class TinyCustomForCausalLM(LlamaForCausalLM):
    config_class = TinyCustomConfig
PYX
# tiny-shard-unreadable: shard 2 of 4 with mode 000 (run without CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH)
rm -rf $M/tiny-shard-unreadable; cp -r $M/tiny-llama $M/tiny-shard-unreadable
chmod 000 $M/tiny-shard-unreadable/model-00002-of-00004.safetensors
# tiny-shard-dangling (made but not run: replaced in wave 2 by tiny-remote-automodel): shard 3 of 4 a symlink to a blob that is not there (an interrupted hub cache copy)
rm -rf $M/tiny-shard-dangling; cp -r $M/tiny-llama $M/tiny-shard-dangling
rm $M/tiny-shard-dangling/model-00003-of-00004.safetensors
ln -s ../../blobs/5f1c0e2d9a7b-missing $M/tiny-shard-dangling/model-00003-of-00004.safetensors
# hf/: an HF cache (HF_HOME) holding tiny-org/tiny-llama at one commit, refs/main only
R=$W/hf/hub/models--tiny-org--tiny-llama; SHA=3f7a1c9e0b2d4f6a8c0e1f2a3b4c5d6e7f809102
rm -rf $W/hf; mkdir -p $R/refs $R/snapshots/$SHA $R/blobs
printf %s $SHA > $R/refs/main
cp $M/tiny-llama/* $R/snapshots/$SHA/
# ro/: an empty read-only tmpfs (for --download-dir)
mkdir -p $W/ro && (mountpoint -q $W/ro || mount -t tmpfs -o ro,size=1m tmpfs $W/ro)
ls -la $M $W/hf/hub/models--tiny-org--tiny-llama/snapshots/*
# tiny-remote-automodel: as tiny-remote-modeling, but auto_map also maps AutoModel (which SGLang's Transformers
# backend asks for) to a class in modeling_tinycustom.py, the file that imports the missing package
rm -rf $M/tiny-remote-automodel; cp -r $M/tiny-remote-modeling $M/tiny-remote-automodel
cat >> $M/tiny-remote-automodel/modeling_tinycustom.py <<'PYX'

from transformers import LlamaModel

class TinyCustomModel(LlamaModel):
    config_class = TinyCustomConfig
PYX
$PY - $M/tiny-remote-automodel/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p))
c["auto_map"] = {"AutoConfig": "configuration_tinycustom.TinyCustomConfig",
                 "AutoModel": "modeling_tinycustom.TinyCustomModel",
                 "AutoModelForCausalLM": "modeling_tinycustom.TinyCustomForCausalLM"}
json.dump(c, open(p, "w"), indent=2)
PY
# server.yaml: an SGLang --config file whose second key is indented with a tab (YAML forbids tabs for indentation)
printf 'model-path: %s\n\tport: 33031\ndevice: cpu\n' $M/tiny-llama > $W/server.yaml
