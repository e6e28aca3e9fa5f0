# Broken copies of <tmp>/models/tiny-llama (WORK = the work folder). Run with the venv's python first on PATH.
set -e; cd $WORK/models
# config.json "architectures" a plain string instead of a list (hand-edited config)
rm -rf tiny-archstr && cp -r tiny-llama tiny-archstr && python - <<'P'
import json; p = "tiny-archstr/config.json"; c = json.load(open(p)); c["architectures"] = "LlamaForCausalLM"; json.dump(c, open(p, "w"), indent=2)
P
# model.embed_tokens.weight re-saved with half its width ([558, 64] instead of [558, 128]) in its shard; config untouched
rm -rf tiny-embshape && cp -r tiny-llama tiny-embshape && python - <<'P'
import json
from safetensors.torch import load_file, save_file
idx = json.load(open("tiny-embshape/model.safetensors.index.json"))
name = "model.embed_tokens.weight"; shard = "tiny-embshape/" + idx["weight_map"][name]
t = load_file(shard); t[name] = t[name][:, :64].contiguous(); save_file(t, shard, metadata={"format": "pt"})
print(shard, t[name].shape)
P
