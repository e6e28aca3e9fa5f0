# Broken or unusual copies of <tmp>/models/tiny-llama (WORK = the work folder). Run with the venv's python first on PATH.
set -e; cd $WORK/models
# config.json an empty JSON object (a config stub written by a failed script)
rm -rf tiny-emptycfg && cp -r tiny-llama tiny-emptycfg && echo '{}' > tiny-emptycfg/config.json
# a LoRA adapter folder (adapter_config.json + adapter_model.safetensors, rank 8 on q_proj/v_proj), no config.json; base model a hub id
rm -rf tiny-adapter && mkdir tiny-adapter && python - <<'P'
import json, torch
from safetensors.torch import save_file
json.dump({"peft_type": "LORA", "task_type": "CAUSAL_LM", "base_model_name_or_path": "meta-llama/Llama-3.2-1B-Instruct", "r": 8, "lora_alpha": 16, "lora_dropout": 0.0, "target_modules": ["q_proj", "v_proj"], "bias": "none"}, open("tiny-adapter/adapter_config.json", "w"), indent=2)
t = {}
for l in range(2):
    for m, o in (("q_proj", 128), ("v_proj", 64)):
        t[f"base_model.model.model.layers.{l}.self_attn.{m}.lora_A.weight"] = torch.zeros(8, 128, dtype=torch.bfloat16)
        t[f"base_model.model.model.layers.{l}.self_attn.{m}.lora_B.weight"] = torch.zeros(o, 8, dtype=torch.bfloat16)
save_file(t, "tiny-adapter/adapter_model.safetensors")
P
# (wave 3) tokenizer.json a Git LFS pointer file (repo cloned without git-lfs; the shards were fetched separately)
rm -rf tiny-toklfs && cp -r tiny-llama tiny-toklfs && python - <<'P'
import hashlib, os
b = open("tiny-llama/tokenizer.json", "rb").read()
open("tiny-toklfs/tokenizer.json", "w").write("version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d\n" % (hashlib.sha256(b).hexdigest(), len(b)))
P
# (wave 3) config.json dtype / torch_dtype float8_e4m3fn on the bf16 checkpoint (an fp8 export's config copied over)
rm -rf tiny-f8cfg && cp -r tiny-llama tiny-f8cfg && python - <<'P'
import json; p = "tiny-f8cfg/config.json"; c = json.load(open(p))
for k in ("dtype", "torch_dtype"):
    c[k] = "float8_e4m3fn"
json.dump(c, open(p, "w"), indent=2)
P
