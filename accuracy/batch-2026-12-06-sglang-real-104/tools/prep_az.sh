# Batch az: the broken model-folder copy and host files (run once before the lanes). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# shards-browser-duplicate-partial: a second, interrupted download of shard 2 next to the shards, named as a browser
# names a repeated download ("model-00002-of-00004 (1).safetensors", its first half only); the index is unchanged
rm -rf $M/tiny-llama-dup; cp -r $B $M/tiny-llama-dup
S=$M/tiny-llama-dup/model-00002-of-00004.safetensors
head -c $(( $(stat -c %s $S) / 2 )) $S > "$M/tiny-llama-dup/model-00002-of-00004 (1).safetensors"
# venv-pyvenv-cfg-empty: an empty file, bind-mounted over the venv's pyvenv.cfg in the start's own mount namespace
mkdir -p $WORK/etc; : > $WORK/etc/pyvenv-empty.cfg
ls -la $M/tiny-llama-dup
