# Model folders and files of batch h (/tmp/sglreal-h). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head of dim 64, max_position 512,
# vocab 558, bf16, 4 safetensors shards, BPE tokenizer).
set -e
PY=~/.cache/llmdiag-real/sglang-0.5.23/bin/python
W=/tmp/sglreal-h; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-e/models/tiny-llama $M/
# the same model made in float16 (config dtype float16, fp16 tensors), for --dtype bfloat16
$PY /work/main/tools/real_engine/make_models.py $M/tiny-llama-fp16 --dtype float16 --shard-size 300KB
# PEFT LoRA adapters written by hand: rank 16 for tiny-llama; rank 8 for a base with hidden size 256
$PY - $M <<'PY'
import json, os, sys, torch
from safetensors.torch import save_file
M = sys.argv[1]
def adapter(d, r, hidden, q_out, v_out, base):
    os.makedirs(d, exist_ok=True)
    t = {}
    for i in range(2):
        for mod, out in (("q_proj", q_out), ("v_proj", v_out)):
            p = f"base_model.model.model.layers.{i}.self_attn.{mod}"
            t[p + ".lora_A.weight"] = torch.randn(r, hidden, dtype=torch.bfloat16) * 0.01
            t[p + ".lora_B.weight"] = torch.zeros(out, r, dtype=torch.bfloat16)
    save_file(t, os.path.join(d, "adapter_model.safetensors"), metadata={"format": "pt"})
    json.dump({"peft_type": "LORA", "task_type": "CAUSAL_LM", "r": r, "lora_alpha": 2 * r, "lora_dropout": 0.0,
               "bias": "none", "target_modules": ["q_proj", "v_proj"], "base_model_name_or_path": base,
               "fan_in_fan_out": False, "inference_mode": True}, open(os.path.join(d, "adapter_config.json"), "w"), indent=2)
adapter(os.path.join(M, "lora-r16"), 16, 128, 128, 64, "tiny-llama")
adapter(os.path.join(M, "lora-other-base"), 8, 256, 256, 128, "tiny-llama-256")
PY
# PROMETHEUS_MULTIPROC_DIR pointing at a regular file
echo "not a folder" > $W/prom-multiproc-file
# a 16 KiB tmpfs, filled up, as the request-log target
mkdir -p $W/full && (mountpoint -q $W/full || mount -t tmpfs -o size=16k tmpfs $W/full)
mkdir -p $W/full/request-logs
dd if=/dev/zero of=$W/full/filler bs=1k count=64 2>/dev/null || true
df -h $W/full
