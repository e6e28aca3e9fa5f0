#!/bin/bash
# Batch ag: broken copies and helper files under $WORK (= <tmp>). PY = the SGLang venv's python.
# tiny-llama itself: $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
set -e
W=${WORK:?}; PY=${PY:?}; M=$W/models
# np312: numpy 2.3.5 built for CPython 3.12 (pip download --python-version 3.12 into $W/whl), unpacked as a
# `pip install --target` for another interpreter would leave it; put first on PYTHONPATH of the 3.11 venv
rm -rf $W/np312; mkdir -p $W/np312; (cd $W/np312 && $PY -m zipfile -e $W/whl/numpy-2.3.5-cp312-*.whl .)
# tiny-bloom: a random BloomForCausalLM (2 layers, hidden 128, 2 heads, vocab 558), tiny-llama's tokenizer
rm -rf $M/tiny-bloom; $PY - "$M" <<'PY'
import sys, torch, shutil
from transformers import BloomConfig, BloomForCausalLM
m = sys.argv[1]; torch.manual_seed(0)
cfg = BloomConfig(vocab_size=558, hidden_size=128, n_layer=2, n_head=2, bos_token_id=0, eos_token_id=1, pad_token_id=4)
BloomForCausalLM(cfg).to(torch.bfloat16).save_pretrained(m + "/tiny-bloom")
for f in ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja"):
    shutil.copy(f"{m}/tiny-llama/{f}", f"{m}/tiny-bloom/{f}")
PY
# tiny-llama-fp8: every tensor of the 4 shards stored as float8_e4m3fn (F8_E4M3); config.json unchanged (bf16, no
# quantization_config), as a half-finished fp8 export leaves it
rm -rf $M/tiny-llama-fp8; cp -r $M/tiny-llama $M/tiny-llama-fp8; $PY - "$M/tiny-llama-fp8" <<'PY'
import sys, glob, torch
from safetensors.torch import load_file, save_file
for f in sorted(glob.glob(sys.argv[1] + "/*.safetensors")):
    t = load_file(f); save_file({k: v.to(torch.float8_e4m3fn) for k, v in t.items()}, f, metadata={"format": "pt"})
PY
# tiny-llama-tfmeta: the same shards with safetensors metadata {"format": "tf"} (a TensorFlow export)
rm -rf $M/tiny-llama-tfmeta; cp -r $M/tiny-llama $M/tiny-llama-tfmeta; $PY - "$M/tiny-llama-tfmeta" <<'PY'
import sys, glob
from safetensors.torch import load_file, save_file
for f in sorted(glob.glob(sys.argv[1] + "/*.safetensors")):
    save_file(load_file(f), f, metadata={"format": "tf"})
PY
# added after the first runs. tiny-llama-tailbytes: 4096 bytes (0x00) appended to shard 2, as a download resumed
# past its end leaves it; header and data unchanged
rm -rf $M/tiny-llama-tailbytes; cp -r $M/tiny-llama $M/tiny-llama-tailbytes
head -c 4096 /dev/zero >> $M/tiny-llama-tailbytes/model-00002-of-00004.safetensors
chmod -R a+rX $W/models
echo "variants done"
