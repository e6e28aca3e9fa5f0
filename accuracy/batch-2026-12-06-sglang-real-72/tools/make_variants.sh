# Broken copies of <tmp>/models/tiny-llama (WORK = the work folder). Run with the venv's python first on PATH.
set -e; cd $WORK/models
# config.json num_hidden_layers 1; the shards still hold layers 0 and 1
rm -rf tiny-layers1 && cp -r tiny-llama tiny-layers1 && python - <<'P'
import json; p = "tiny-layers1/config.json"; c = json.load(open(p)); c["num_hidden_layers"] = 1; json.dump(c, open(p, "w"), indent=2)
P
# model.safetensors.index.json deleted; the 4 shards stay
rm -rf tiny-noindex && cp -r tiny-llama tiny-noindex && rm tiny-noindex/model.safetensors.index.json
# config.json without max_position_embeddings
rm -rf tiny-nomaxpos && cp -r tiny-llama tiny-nomaxpos && python - <<'P'
import json; p = "tiny-nomaxpos/config.json"; c = json.load(open(p)); del c["max_position_embeddings"]; json.dump(c, open(p, "w"), indent=2)
P
# a TMPDIR whose path is 150 characters long (ZMQ ipc socket paths allow 107)
mkdir -p $WORK/tmp/$(python -c "print('t'*150)")
# tokenizer_config.json deleted; tokenizer.json, chat_template.jinja and the rest stay (added for wave 2)
rm -rf tiny-notokcfg && cp -r tiny-llama tiny-notokcfg && rm tiny-notokcfg/tokenizer_config.json
# (added for wave 3, as root) a 1 MB tmpfs with 4 inodes as TMPDIR, two of them taken by filler files: one inode left
mkdir -p $WORK/fulltmp && mount -t tmpfs -o size=1M,nr_inodes=4 tmpfs $WORK/fulltmp
head -c 1000 /dev/zero > $WORK/fulltmp/filler-1; head -c 1000 /dev/zero > $WORK/fulltmp/filler-2
