# Batch aa: model variants and helper files in WORK (<tmp>). The good model is <tmp>/models/tiny-llama
# (tools/real_engine/make_models.py <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python).
set -e
W=$WORK; M=$W/models
# config-vocab-size-missing: config.json without vocab_size (LlamaConfig's default, 32000, is used)
rm -rf $M/tiny-llama-novocab; cp -r $M/tiny-llama $M/tiny-llama-novocab
python3 - $M/tiny-llama-novocab/config.json <<'P'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); del c["vocab_size"]; json.dump(c, open(p, "w"), indent=2)
P
# tokenizer-model-garbage: a sentencepiece-style folder (no tokenizer.json, tokenizer_class LlamaTokenizer)
# whose tokenizer.model is not a sentencepiece ModelProto (an HTML error page saved under that name)
rm -rf $M/tiny-llama-spm; cp -r $M/tiny-llama $M/tiny-llama-spm; rm $M/tiny-llama-spm/tokenizer.json
printf '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n' > $M/tiny-llama-spm/tokenizer.model
python3 - $M/tiny-llama-spm/tokenizer_config.json <<'P'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); c["tokenizer_class"] = "LlamaTokenizer"; json.dump(c, open(p, "w"), indent=2)
P
# shard-header-unknown-dtype: shard 1's JSON header names dtype "XF16" (same length as "BF16": offsets unchanged)
rm -rf $M/tiny-llama-xf16; cp -r $M/tiny-llama $M/tiny-llama-xf16
python3 - $M/tiny-llama-xf16/model-00001-of-00004.safetensors <<'P'
import struct, sys
p = sys.argv[1]; b = bytearray(open(p, "rb").read()); n = struct.unpack("<Q", b[:8])[0]
h = bytes(b[8:8 + n]); i = h.index(b'"BF16"'); b[8 + i:8 + i + 6] = b'"XF16"'; open(p, "wb").write(b)
P
# sitecustomize-import-error: a site hook folder whose sitecustomize.py imports a package that is not installed
rm -rf $W/site-hook; mkdir -p $W/site-hook
printf '# site-wide hook (company telemetry), run by every Python start\nimport corp_telemetry\ncorp_telemetry.install()\n' > $W/site-hook/sitecustomize.py
