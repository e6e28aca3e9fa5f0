# Batch ae: broken copies of <tmp>/models/tiny-llama and helper folders. Needs WORK (= <tmp>) and PY (the venv's python).
set -e; M=$WORK/models; cd $M
rm -rf tiny-llama-llava tiny-llama-kv2 tiny-llama-trunc8 $WORK/enum34 $WORK/prom
# Llava config around the text-only Llama checkpoint (a VLM config copied onto a text model)
cp -r tiny-llama tiny-llama-llava
# config.json: num_key_value_heads 2 (= heads) while the weights are GQA with 1 KV head
cp -r tiny-llama tiny-llama-kv2
# tokenizer.json with truncation max_length 8 (saved from a tokenizer that had truncation on)
cp -r tiny-llama tiny-llama-trunc8
$PY - <<'PY'
import json, os
M = os.environ["WORK"] + "/models"
c = json.load(open(f"{M}/tiny-llama/config.json"))
llava = {"architectures": ["LlavaForConditionalGeneration"], "model_type": "llava",
         "text_config": c, "image_token_index": 557, "vision_feature_layer": -2,
         "vision_feature_select_strategy": "default", "projector_hidden_act": "gelu",
         "dtype": c.get("dtype", c.get("torch_dtype", "bfloat16"))}
json.dump(llava, open(f"{M}/tiny-llama-llava/config.json", "w"), indent=2)
k = dict(c); k["num_key_value_heads"] = 2
json.dump(k, open(f"{M}/tiny-llama-kv2/config.json", "w"), indent=2)
t = json.load(open(f"{M}/tiny-llama-trunc8/tokenizer.json"))
t["truncation"] = {"direction": "Right", "max_length": 8, "strategy": "LongestFirst", "stride": 0}
json.dump(t, open(f"{M}/tiny-llama-trunc8/tokenizer.json", "w"))
PY
# a Python-2-era enum34 backport left on PYTHONPATH (shadows the standard library's enum)
mkdir -p $WORK/enum34; cat > $WORK/enum34/enum.py <<'PY'
"""Python Enumerations (enum34 1.0 backport, Python 2 era)."""
__all__ = ['Enum', 'IntEnum', 'unique']
class EnumMeta(type):
    pass
class Enum(object):
    __metaclass__ = EnumMeta
class IntEnum(int, Enum):
    pass
def unique(enumeration):
    return enumeration
PY
mkdir -p $WORK/prom
# added after the first runs: config.json rope_parameters.rope_theta 0
rm -rf tiny-llama-theta0; cp -r tiny-llama tiny-llama-theta0
$PY -c "
import json; p='$M/tiny-llama-theta0/config.json'; c=json.load(open(p)); c['rope_parameters']['rope_theta']=0.0; json.dump(c, open(p,'w'), indent=2)"
# added after the first runs (by hand at the time): <tmp>/mnt/models-nfs/tiny-llama-empty, an empty folder (a mount point whose share never came up)
mkdir -p $WORK/mnt/models-nfs/tiny-llama-empty
# added after the first runs: config.json with a GPTQ quantization_config on the plain bf16 shards
rm -rf $M/tiny-llama-gptqcfg; cp -r $M/tiny-llama $M/tiny-llama-gptqcfg
$PY -c "
import json; p='$M/tiny-llama-gptqcfg/config.json'; c=json.load(open(p)); c['quantization_config']={'quant_method': 'gptq', 'bits': 4, 'group_size': 128, 'desc_act': False, 'sym': True}; json.dump(c, open(p,'w'), indent=2)"
