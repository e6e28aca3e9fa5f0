# Batch ab: model variants in WORK (<tmp>). The good model is <tmp>/models/tiny-llama
# (tools/real_engine/make_models.py <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python).
set -e
W=$WORK; M=$W/models
# tokenizer-config-added-token-id-not-int: tokenizer_config.json gets an added_tokens_decoder whose key is not a token id
rm -rf $M/tiny-llama-addtok; cp -r $M/tiny-llama $M/tiny-llama-addtok
python3 - $M/tiny-llama-addtok/tokenizer_config.json <<'P'
import json, sys
p = sys.argv[1]; c = json.load(open(p))
c["added_tokens_decoder"] = {"<|im_end|>": {"content": "<|im_end|>", "lstrip": False, "normalized": False,
                              "rstrip": False, "single_word": False, "special": True}}
json.dump(c, open(p, "w"), indent=2)
P
# chat-template-jinja-dangling-symlink: chat_template.jinja is a symlink into a hub-cache blob that was deleted
rm -rf $M/tiny-llama-tplink; cp -r $M/tiny-llama $M/tiny-llama-tplink; rm $M/tiny-llama-tplink/chat_template.jinja
ln -s ../../blobs/6f1c2a9e0b7d4c35a8e2f1d0c9b8a7e6f5d4c3b2 $M/tiny-llama-tplink/chat_template.jinja
# shard-zero-filled: shard 3 has its full size but only zero bytes (a preallocated download that never got its data)
rm -rf $M/tiny-llama-zeros; cp -r $M/tiny-llama $M/tiny-llama-zeros
S=$M/tiny-llama-zeros/model-00003-of-00004.safetensors; N=$(stat -c %s $S); rm $S; head -c $N /dev/zero > $S
# index-json-absolute-shard-paths: the index's weight_map names the shards by absolute paths of the machine that exported them
rm -rf $M/tiny-llama-absidx; cp -r $M/tiny-llama $M/tiny-llama-absidx
python3 - $M/tiny-llama-absidx/model.safetensors.index.json <<'P'
import json, sys
p = sys.argv[1]; c = json.load(open(p))
c["weight_map"] = {k: "/data/export/tiny-llama/" + v for k, v in c["weight_map"].items()}; json.dump(c, open(p, "w"), indent=2)
P
# tokenizer-config-json-is-list: tokenizer_config.json is valid JSON, but a list (of one object) instead of an object
rm -rf $M/tiny-llama-toklist; cp -r $M/tiny-llama $M/tiny-llama-toklist
python3 - $M/tiny-llama-toklist/tokenizer_config.json <<'P'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); json.dump([c], open(p, "w"), indent=2)
P
