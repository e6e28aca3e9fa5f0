# Batch ak: model variants from <tmp>/models/tiny-llama. Needs WORK (= <tmp>) and PY (the venv's python).
set -e; M=$WORK/models; B=$M/tiny-llama
# config.json is a folder (an unpacked archive or a sync tool made a directory of that name)
rm -rf $M/tiny-llama-configdir; cp -r $B $M/tiny-llama-configdir; rm $M/tiny-llama-configdir/config.json
mkdir $M/tiny-llama-configdir/config.json; cp $B/config.json $M/tiny-llama-configdir/config.json/config.json
# config.json vocab_size 600 while embed_tokens / lm_head have 558 rows (a stale config after resizing the vocab)
rm -rf $M/tiny-llama-vocab600; cp -r $B $M/tiny-llama-vocab600
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['vocab_size']=600; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-vocab600/config.json
# one of four shards stored as float32, the rest bfloat16 (a partly converted checkpoint)
rm -rf $M/tiny-llama-mixdtype; cp -r $B $M/tiny-llama-mixdtype
$PY - $M/tiny-llama-mixdtype/model-00002-of-00004.safetensors <<'PYEOF'
import sys; from safetensors.torch import load_file, save_file
p = sys.argv[1]; t = load_file(p); save_file({k: v.float() for k, v in t.items()}, p, metadata={"format": "pt"})
print({k: str(v.dtype) for k, v in load_file(p).items()})
PYEOF
# tokenizer kept in a folder of its own, weights folder without tokenizer files (valid with --tokenizer-path)
rm -rf $M/tiny-llama-notok $M/tok-only; cp -r $B $M/tiny-llama-notok; mkdir $M/tok-only
mv $M/tiny-llama-notok/tokenizer.json $M/tiny-llama-notok/tokenizer_config.json $M/tiny-llama-notok/chat_template.jinja $M/tok-only/
# a service folder without the models folder, for a relative --model-path
mkdir -p $WORK/svc
