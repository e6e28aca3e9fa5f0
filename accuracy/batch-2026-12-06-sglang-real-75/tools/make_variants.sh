# Batch w: model-folder variants and helper files from <tmp>/models/tiny-llama (tools/real_engine/make_models.py
# <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python). Run with the venv's python first on PATH. WORK=<tmp>.
set -e
M=$WORK/models; B=$M/tiny-llama
v() { rm -rf $M/$1; cp -r $B $M/$1; }
# config-head-dim-mismatch: config.json head_dim 32 (the weights are 2 heads x 64 = 128 wide)
v tiny-hd32; python - $M/tiny-hd32/config.json <<'PY'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["head_dim"] = 32; json.dump(c, open(p, "w"), indent=2)
PY
# index-stale-single-file: the 4 shards re-saved as one model.safetensors; the old index (naming the 4 shards) left behind
v tiny-stale-index; python - $M/tiny-stale-index <<'PY'
import glob, os, sys
from safetensors.torch import load_file, save_file
d = sys.argv[1]; sd = {}
for f in sorted(glob.glob(d + "/model-*.safetensors")):
    sd.update(load_file(f)); os.remove(f)
save_file(sd, d + "/model.safetensors", metadata={"format": "pt"})
PY
# npcache-model-folder-read-only: shards and index replaced by one pytorch_model.bin (plain tensors); mounted read-only at start
v tiny-bin; python - $M/tiny-bin <<'PY'
import glob, os, sys, torch
from safetensors.torch import load_file
d = sys.argv[1]; sd = {}
for f in sorted(glob.glob(d + "/model-*.safetensors")):
    sd.update(load_file(f)); os.remove(f)
os.remove(d + "/model.safetensors.index.json"); torch.save(sd, d + "/pytorch_model.bin")
PY
# arch-llamamodel-base: config.json architectures ["LlamaModel"] (a base-model export, as AutoModel.save_pretrained writes)
v tiny-llamamodel; python - $M/tiny-llamamodel/config.json <<'PY'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["architectures"] = ["LlamaModel"]; json.dump(c, open(p, "w"), indent=2)
PY
# chat-template-unknown-filter: a ChatML template that uses a filter Jinja does not have (tojson_pretty)
cat > $WORK/chatml-pretty.jinja <<'J'
{% for message in messages %}<|im_start|>{{ message['role'] }}
{{ message['content'] | tojson_pretty }}<|im_end|>
{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant
{% endif %}
J
# gguf-file-is-html (wave 4): <tmp>/models/gguf/tiny-llama.Q4_K_M.gguf is the HTML page a browser/wget gets from a hub "blob"
# URL instead of the "resolve" one (no GGUF magic)
mkdir -p $M/gguf; printf '<!doctype html>\n<html class="">\n<head><meta charset="utf-8" /><title>tiny-llama.Q4_K_M.gguf · tiny-org/tiny-llama-GGUF at main</title></head>\n<body><div>Git LFS file</div></body>\n</html>\n' > $M/gguf/tiny-llama.Q4_K_M.gguf
