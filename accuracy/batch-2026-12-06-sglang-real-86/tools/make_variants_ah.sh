# Batch ah: the model variants and folders, from <tmp>/models/tiny-llama (make_models.py, see README). Needs WORK.
set -e; M=$WORK/models
rm -rf $M/tiny-llama-cfgfifo $M/tiny-llama-utf16 $WORK/src-parent
cp -r $M/tiny-llama $M/tiny-llama-cfgfifo; rm $M/tiny-llama-cfgfifo/config.json; mkfifo $M/tiny-llama-cfgfifo/config.json
cp -r $M/tiny-llama $M/tiny-llama-utf16
python3 -c "import sys; p=sys.argv[1]; t=open(p,encoding='utf-8').read(); open(p,'w',encoding='utf-16').write(t.replace(chr(10), chr(13)+chr(10)))" $M/tiny-llama-utf16/config.json
# a folder holding a git clone of transformers' source (src layout): transformers/ has no __init__.py
mkdir -p $WORK/src-parent/transformers/src/transformers $WORK/src-parent/transformers/docs
echo "# Transformers (source checkout)" > $WORK/src-parent/transformers/README.md
echo "" > $WORK/src-parent/transformers/src/transformers/__init__.py
# added after the first runs: shard 3 replaced by a named pipe (as a streaming download tool leaves it)
rm -rf $M/tiny-llama-shardfifo; cp -r $M/tiny-llama $M/tiny-llama-shardfifo
rm $M/tiny-llama-shardfifo/model-00003-of-00004.safetensors; mkfifo $M/tiny-llama-shardfifo/model-00003-of-00004.safetensors
