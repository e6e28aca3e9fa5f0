# Broken or unusual copies of <tmp>/models/tiny-llama and tiny-qwen2 (WORK = the work folder).
# Usage: WORK=... bash make_variants.sh   (run with the engine venv's bin first on PATH, for torch/safetensors)
set -e
cd $WORK/models
# Meta's "original/" download: consolidated.00.pth + params.json, no safetensors and no .bin
rm -rf tiny-pth && mkdir tiny-pth
cp tiny-llama/{config.json,generation_config.json,tokenizer.json,tokenizer_config.json,chat_template.jinja} tiny-pth/
python - <<'P'
import json, torch
from safetensors.torch import load_file
sd = {}
for i in range(1, 5):
    sd.update(load_file(f"tiny-llama/model-0000{i}-of-00004.safetensors"))
torch.save(sd, "tiny-pth/consolidated.00.pth")
c = json.load(open("tiny-llama/config.json"))
json.dump({"dim": c["hidden_size"], "n_layers": c["num_hidden_layers"], "n_heads": c["num_attention_heads"],
           "n_kv_heads": c["num_key_value_heads"], "vocab_size": c["vocab_size"], "norm_eps": c["rms_norm_eps"]},
          open("tiny-pth/params.json", "w"))
P
# num_attention_heads 3: hidden 128 is not a multiple of it
rm -rf tiny-heads3 && cp -r tiny-llama tiny-heads3
python - <<'P'
import json
f = "tiny-heads3/config.json"; d = json.load(open(f)); d["num_attention_heads"] = 3; d.pop("head_dim", None)
json.dump(d, open(f, "w"), indent=2)
P
# a Qwen2 checkpoint (q/k/v biases) under the Llama config.json (the wrong config copied next to the weights)
rm -rf tiny-qwen2-llamacfg && cp -r tiny-qwen2 tiny-qwen2-llamacfg && cp tiny-llama/config.json tiny-qwen2-llamacfg/config.json
# Mistral-style repo: a consolidated.safetensors (mistral tensor names) next to the HF shards + index (valid)
rm -rf tiny-consolidated && cp -r tiny-llama tiny-consolidated
python - <<'P'
import re
from safetensors.torch import load_file, save_file
sd = {}
for i in range(1, 5):
    sd.update(load_file(f"tiny-llama/model-0000{i}-of-00004.safetensors"))
ren = {"model.embed_tokens.weight": "tok_embeddings.weight", "model.norm.weight": "norm.weight", "lm_head.weight": "output.weight"}
sub = {"self_attn.q_proj": "attention.wq", "self_attn.k_proj": "attention.wk", "self_attn.v_proj": "attention.wv",
       "self_attn.o_proj": "attention.wo", "mlp.gate_proj": "feed_forward.w1", "mlp.down_proj": "feed_forward.w2",
       "mlp.up_proj": "feed_forward.w3", "input_layernorm": "attention_norm", "post_attention_layernorm": "ffn_norm"}
out = {}
for k, v in sd.items():
    n = ren.get(k)
    if n is None:
        n = k.replace("model.layers.", "layers.")
        for a, b in sub.items():
            n = n.replace(a, b)
    out[n] = v.contiguous()
save_file(out, "tiny-consolidated/consolidated.safetensors")
P
# a folder named sglang with an empty __init__.py in the folder the user starts from (cwd)
rm -rf $WORK/proj && mkdir -p $WORK/proj/sglang && : > $WORK/proj/sglang/__init__.py
# a read-only folder for SGLANG_TORCH_PROFILER_DIR (bind mount, ro; made by hand, see README)
mkdir -p $WORK/profiles-src $WORK/profiles
# wave 2: the model's chat template with a French comment line, saved in Windows-1252 (not UTF-8)
mkdir -p $WORK/templates
python3 - <<'P'
t = open("tiny-llama/chat_template.jinja", encoding="utf-8").read()
open("../templates/chatml-fr.jinja", "wb").write(("{# Modèle ChatML – équipe support #}\n" + t).encode("cp1252"))
P
# wave 5: HF_HOME whose hub cache holds tiny-org/tiny-llama from an interrupted download: the small files are in the
# snapshot (symlinks to blobs), the four shards exist only as partial `<sha256>.incomplete` blobs (half their bytes)
python3 - <<'P'
import hashlib, json, os
src = "tiny-llama"; repo = os.path.join(os.environ["WORK"], "hfhome/hub/models--tiny-org--tiny-llama")
rev = "0123456789abcdef0123456789abcdef01234567"
for d in ("blobs", "refs", f"snapshots/{rev}"):
    os.makedirs(os.path.join(repo, d), exist_ok=True)
open(os.path.join(repo, "refs/main"), "w").write(rev)
for fn in sorted(os.listdir(src)):
    data = open(os.path.join(src, fn), "rb").read(); h = hashlib.sha256(data).hexdigest()
    if fn.endswith(".safetensors"):
        open(os.path.join(repo, "blobs", h + ".incomplete"), "wb").write(data[: len(data) // 2])
        continue
    open(os.path.join(repo, "blobs", h), "wb").write(data)
    link = os.path.join(repo, "snapshots", rev, fn)
    if not os.path.lexists(link):
        os.symlink(os.path.join("../../blobs", h), link)
P
