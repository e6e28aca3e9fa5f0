# Broken copies of <tmp>/models/tiny-llama (WORK = the work folder). Usage: WORK=... bash make_variants.sh
set -e
cd $WORK/models
# shards as a clone without git-lfs leaves them: Git LFS pointer files (the index and small files are real)
rm -rf tiny-lfs && cp -r tiny-llama tiny-lfs
for f in tiny-lfs/model-0000*-of-00004.safetensors; do
  oid=$(sha256sum "$f" | cut -d' ' -f1); size=$(stat -c %s "$f")
  printf 'version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %s\n' "$oid" "$size" > "$f"
done
# the config of an encoder-decoder T5 model (t5-small's layout, this folder's sizes)
rm -rf tiny-t5 && cp -r tiny-llama tiny-t5
python3 - <<'P'
import json
f = "tiny-t5/config.json"
d = {"architectures": ["T5ForConditionalGeneration"], "model_type": "t5", "d_model": 128, "d_ff": 256, "d_kv": 64,
     "num_layers": 2, "num_decoder_layers": 2, "num_heads": 2, "vocab_size": 558, "is_encoder_decoder": True,
     "decoder_start_token_id": 4, "eos_token_id": 1, "pad_token_id": 4, "feed_forward_proj": "relu",
     "relative_attention_num_buckets": 32, "relative_attention_max_distance": 128, "layer_norm_epsilon": 1e-06,
     "dropout_rate": 0.1, "initializer_factor": 1.0, "tie_word_embeddings": True, "dtype": "bfloat16"}
json.dump(d, open(f, "w"), indent=2)
P
# a read-only bind mount of a copy (as a model on a read-only volume)
mountpoint -q tiny-ro && umount tiny-ro || true
rm -rf tiny-ro-src tiny-ro && cp -r tiny-llama tiny-ro-src && mkdir tiny-ro
mount --bind tiny-ro-src tiny-ro && mount -o remount,ro,bind tiny-ro
# a folder for templates (passed to --chat-template as a folder)
mkdir -p $WORK/templates && cp tiny-llama/chat_template.jinja $WORK/templates/chatml.jinja
# (wave 3) a full 64 KiB tmpfs for PROMETHEUS_MULTIPROC_DIR
mkdir -p $WORK/prom-full; mountpoint -q $WORK/prom-full || mount -t tmpfs -o size=64k tmpfs $WORK/prom-full
dd if=/dev/zero of=$WORK/prom-full/fill bs=4k count=100 2>/dev/null || true
