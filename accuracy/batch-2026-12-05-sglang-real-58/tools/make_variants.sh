# Model folders and files of batch f (/tmp/sglreal-f). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head, max_position_embeddings 512,
# vocab 558, bf16, 4 safetensors shards, BPE tokenizer).
set -e
PY=~/.cache/llmdiag-real/sglang-0.5.23/bin/python
W=/tmp/sglreal-f; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-e/models/tiny-llama $M/
# a shard cut in half (an interrupted download)
cp -r $M/tiny-llama $M/tiny-shard-truncated
f=$M/tiny-shard-truncated/model-00002-of-00004.safetensors; truncate -s $(( $(stat -c %s $f) / 2 )) $f
# one shard missing while the index still names it (an incomplete download)
cp -r $M/tiny-llama $M/tiny-shard-missing && rm $M/tiny-shard-missing/model-00003-of-00004.safetensors
# a shard whose tensor names do not fit the architecture (GPT-2 style names: transformer.h.N....)
cp -r $M/tiny-llama $M/tiny-shard-names
$PY - $M/tiny-shard-names <<'PY'
import json, sys, os
from safetensors.torch import load_file, save_file
d = sys.argv[1]
idx = json.load(open(os.path.join(d, "model.safetensors.index.json")))
for shard in sorted(set(idx["weight_map"].values())):
    p = os.path.join(d, shard)
    t = load_file(p)
    t = {k.replace("model.layers.", "transformer.h.").replace("model.embed_tokens", "transformer.wte"): v for k, v in t.items()}
    save_file(t, p, metadata={"format": "pt"})
idx["weight_map"] = {k.replace("model.layers.", "transformer.h.").replace("model.embed_tokens", "transformer.wte"): v
                     for k, v in idx["weight_map"].items()}
json.dump(idx, open(os.path.join(d, "model.safetensors.index.json"), "w"), indent=2)
print(sorted(idx["weight_map"])[:5])
PY
# a chat template that raises (template guard against a system message)
cp -r $M/tiny-llama $M/tiny-template-raises
printf "%s" "{% for message in messages %}{% if message['role'] == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}" > $M/tiny-template-raises/chat_template.jinja
# another model's tokenizer: same BPE but every id shifted by 32000 (vocab 32558 vs the model's 558)
mkdir -p $M/other-tokenizer
$PY - $M/tiny-llama $M/other-tokenizer <<'PY'
import json, sys, os, shutil
s, d = sys.argv[1], sys.argv[2]
tj = json.load(open(os.path.join(s, "tokenizer.json")))
off = 32000
tj["model"]["vocab"] = {k: v + off for k, v in tj["model"]["vocab"].items()}
for a in tj["added_tokens"]: a["id"] += off
pp = tj.get("post_processor")
if pp and "special_tokens" in pp:
    for v in pp["special_tokens"].values(): v["ids"] = [i + off for i in v["ids"]]
json.dump(tj, open(os.path.join(d, "tokenizer.json"), "w"))
tc = json.load(open(os.path.join(s, "tokenizer_config.json")))
if "added_tokens_decoder" in tc:
    tc["added_tokens_decoder"] = {str(int(k) + off): v for k, v in tc["added_tokens_decoder"].items()}
json.dump(tc, open(os.path.join(d, "tokenizer_config.json"), "w"), indent=2)
shutil.copy(os.path.join(s, "chat_template.jinja"), d)
from transformers import AutoTokenizer
t = AutoTokenizer.from_pretrained(d)
print(len(t), t("The capital city of France is").input_ids)
PY
# a hub cache that holds only config.json of tiny-org/tiny-llama-chat (an interrupted snapshot_download)
H=$W/hf-partial/hub/models--tiny-org--tiny-llama-chat; R=0123456789abcdef0123456789abcdef01234567
mkdir -p $H/refs $H/snapshots/$R $H/blobs
echo -n $R > $H/refs/main
cp $M/tiny-llama/config.json $H/blobs/5d1e0c7b2a9f && ln -s ../../blobs/5d1e0c7b2a9f $H/snapshots/$R/config.json
