# Batch x: model-folder variants and helper files from <tmp>/models/tiny-llama (tools/real_engine/make_models.py
# <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python). Run with the venv's python first on PATH. WORK=<tmp>.
set -e
M=$WORK/models; B=$M/tiny-llama
v() { rm -rf $M/$1; cp -r $B $M/$1; }
# model-checksum-*: the manifest of the good folder, written by SGLang's own tool
python -m sglang.srt.utils.model_file_verifier generate --model-path $B --model-checksum $WORK/checksums.json
# model-checksum-byte-flipped: one byte in the tensor data of shard 3 changed (header intact, loads without the check)
v tiny-flip; python - $M/tiny-flip/model-00003-of-00004.safetensors <<'PY'
import sys; p = sys.argv[1]; b = bytearray(open(p, "rb").read()); b[-100] ^= 0x01; open(p, "wb").write(bytes(b))
PY
# weights-bin-renamed-safetensors: shards and index replaced by a torch.save() pickle named model.safetensors
v tiny-pickle-st; python - $M/tiny-pickle-st <<'PY'
import glob, os, sys, torch
from safetensors.torch import load_file
d = sys.argv[1]; sd = {}
for f in sorted(glob.glob(d + "/model-*.safetensors")):
    sd.update(load_file(f)); os.remove(f)
os.remove(d + "/model.safetensors.index.json"); torch.save(sd, d + "/model.safetensors")
PY
# added-tokens-json-truncated: an added_tokens.json (as slow-tokenizer exports write) cut in half
v tiny-addtok; python - $M/tiny-addtok <<'PY'
import json, sys; d = sys.argv[1]
s = json.dumps({"<|tool_call|>": 558, "<|/tool_call|>": 559}, indent=2); open(d + "/added_tokens.json", "w").write(s[: len(s) // 2])
PY
# crash-dump-folder-read-only: an empty folder, bind-mounted read-only at start
mkdir -p $WORK/crashdump
