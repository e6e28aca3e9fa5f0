# Batch ad: broken copies of WORK/models/tiny-llama (made by tools/real_engine/make_models.py --arch llama --shard-size 300KB).
# Usage: WORK=<tmp> PY=<venv>/bin/python bash make_variants.sh
set -e; M=$WORK/models; T=$M/tiny-llama; PY=${PY:-python3}
mk() { rm -rf "$M/$1"; cp -r $T "$M/$1"; }
mk tiny-llama-kvheads4; $PY - $M/tiny-llama-kvheads4 <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p)); c["num_key_value_heads"] = 4; json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-attnbias; $PY - $M/tiny-llama-attnbias <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p)); c["attention_bias"] = True; json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-extratensor; $PY - $M/tiny-llama-extratensor <<'P'
import sys, glob, json, torch
from safetensors.torch import load_file, save_file
d = sys.argv[1]; f = sorted(glob.glob(d + "/model-0000*.safetensors"))[0]; t = load_file(f)
k = "model.layers.0.self_attn.rotary_emb.inv_freq_extra"; t[k] = torch.zeros(32, dtype=torch.bfloat16)
k2 = "model.layers.0.mlp.gate_proj.scales"; t[k2] = torch.ones(128, 4, dtype=torch.bfloat16)
save_file(t, f, metadata={"format": "pt"})
p = d + "/model.safetensors.index.json"; i = json.load(open(p)); n = f.rsplit("/", 1)[1]
i["weight_map"][k] = n; i["weight_map"][k2] = n; json.dump(i, open(p, "w"), indent=2); print("extratensor:", n, k, k2)
P
mk tiny-helium; $PY - $M/tiny-helium <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p))
c["architectures"] = ["HeliumForCausalLM"]; c["model_type"] = "helium"; json.dump(c, open(p, "w"), indent=2)
P
rm -rf "$M/my models"; mkdir -p "$M/my models"; cp -r $T "$M/my models/tiny llama"
# Done by hand (not by this script): <tmp>/zmqshadow/zmq/__init__.py (empty), <tmp>/gone (made and removed by the job line)
# added after the first runs (replacing pp-size-2-cpu, discarded)
mk tiny-llama-rope3; $PY - $M/tiny-llama-rope3 <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p))
c["rope_parameters"] = {"rope_theta": 10000.0, "rope_type": "llama3", "factor": 8.0}; json.dump(c, open(p, "w"), indent=2)
P
mk tiny-llama-dupshard; cp $M/tiny-llama-dupshard/model-00001-of-00004.safetensors $M/tiny-llama-dupshard/model-00002-of-00004.safetensors
# added later (a sure failure in the model folder, lane D)
mk tiny-llama-mamba; $PY - $M/tiny-llama-mamba <<'P'
import json, sys; p = sys.argv[1] + "/config.json"; c = json.load(open(p))
c["architectures"] = ["MambaForCausalLM"]; c["model_type"] = "mamba"; json.dump(c, open(p, "w"), indent=2)
P
