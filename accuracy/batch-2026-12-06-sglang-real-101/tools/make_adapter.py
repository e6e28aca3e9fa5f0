#!/usr/bin/env python3
"""Batch aw: a PEFT LoRA adapter for the tiny Llama (hidden 128, 1 KV head of 64) whose adapter_config.json says r=R_CFG
while its tensors have rank R_W (q_proj, v_proj of layers 0 and 1); HIDDEN (default 128) sets the tensors' hidden size
(256 makes an adapter for another, wider base model).   python make_adapter.py DIR R_CFG R_W [HIDDEN]  (venv python)"""
import json, os, sys
import torch
from safetensors.torch import save_file
d, rc, rw = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hd = int(sys.argv[4]) if len(sys.argv) > 4 else 128
os.makedirs(d, exist_ok=True)
json.dump({"peft_type": "LORA", "task_type": "CAUSAL_LM", "base_model_name_or_path": "tiny-llama", "r": rc,
           "lora_alpha": 2 * rc, "lora_dropout": 0.0, "bias": "none", "target_modules": ["q_proj", "v_proj"]},
          open(os.path.join(d, "adapter_config.json"), "w"), indent=2)
t = {}
g = torch.Generator().manual_seed(0)
for i in range(2):
    for m, out in (("q_proj", hd), ("v_proj", hd // 2)):
        p = f"base_model.model.model.layers.{i}.self_attn.{m}"
        t[p + ".lora_A.weight"] = (torch.randn(rw, hd, generator=g) * 0.01).to(torch.bfloat16)
        t[p + ".lora_B.weight"] = (torch.randn(out, rw, generator=g) * 0.01).to(torch.bfloat16)
save_file(t, os.path.join(d, "adapter_model.safetensors"), metadata={"format": "pt"})
print(d, sorted(os.listdir(d)))
