# The model folders of this batch, as they were made (by hand, in this order) under /tmp/sglreal-k/models.
V=~/.cache/llmdiag-real/sglang-0.5.23/bin; cd /tmp/sglreal-k/models
$V/python /work/main/tools/real_engine/make_models.py /tmp/sglreal-k/models/tiny-llama --arch llama --shard-size 300KB
cp -r tiny-llama tiny-index-cut && python3 -c "
p='tiny-index-cut/model.safetensors.index.json'; b=open(p,'rb').read(); open(p,'wb').write(b[:len(b)//2])"
cp -r tiny-llama tiny-ffn-512 && sed -i 's/"intermediate_size": 256/"intermediate_size": 512/' tiny-ffn-512/config.json
cp -r tiny-llama tiny-gencfg-topp && python3 -c "
import json; p='tiny-gencfg-topp/generation_config.json'; d=json.load(open(p))
d.update({'do_sample': True, 'temperature': 0.7, 'top_p': 1.5}); json.dump(d, open(p, 'w'), indent=2)"
cp -r tiny-llama tiny-no-index && rm tiny-no-index/model.safetensors.index.json          # (discarded run)
mkdir -p adapters/support-bot && python3 -c "
import json
d={'base_model_name_or_path': '/models/tiny-llama', 'peft_type': 'LORA', 'task_type': 'CAUSAL_LM', 'r': 8, 'lora_alpha': 16,
   'lora_dropout': 0.05, 'target_modules': ['q_proj', 'v_proj'], 'bias': 'none', 'fan_in_fan_out': False, 'inference_mode': True}
s=json.dumps(d, indent=2); open('adapters/support-bot/adapter_config.json','w').write(s[:len(s)//2])"
$V/python -c "
import torch
from safetensors.torch import save_file
t={}
for i in range(2):
    for m,out in (('q_proj',128),('v_proj',64)):
        p=f'base_model.model.model.layers.{i}.self_attn.{m}'
        t[p+'.lora_A.weight']=torch.randn(8,128,dtype=torch.bfloat16)*0.01
        t[p+'.lora_B.weight']=torch.zeros(out,8,dtype=torch.bfloat16)
save_file(t,'adapters/support-bot/adapter_model.safetensors')"
cp -r tiny-llama tiny-kv-heads-0 && sed -i 's/"num_key_value_heads": 1/"num_key_value_heads": 0/' tiny-kv-heads-0/config.json
