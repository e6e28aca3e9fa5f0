# Batch 138: make the tiny model (as batches av-135) and a copy of it with one shard replaced by a symlink to itself.
# Needs WORK and REPO; run with the venv's python first on PATH.
#  - $WORK/models/tiny-llama: tools/real_engine/make_models.py, --arch llama --shard-size 300KB (as batch 135).
#  - $WORK/models/tiny-llama-shardloop: a copy (cp -a) in which model-00002-of-00004.safetensors is removed and made
#    a symlink to its own name (ln -s model-00002-of-00004.safetensors model-00002-of-00004.safetensors), a symlink
#    loop (ELOOP) as a botched sync or link-farm can leave; the index still names the shard.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
rm -rf $WORK/models/tiny-llama-shardloop; cp -a $WORK/models/tiny-llama $WORK/models/tiny-llama-shardloop
cd $WORK/models/tiny-llama-shardloop
rm model-00002-of-00004.safetensors; ln -s model-00002-of-00004.safetensors model-00002-of-00004.safetensors
ls -la $WORK/models/tiny-llama-shardloop
python -c "open('model-00002-of-00004.safetensors','rb')" 2>&1 | tail -1 || true
