# Batch 139: make the tiny model (as batches av-138). Needs WORK and REPO; run with the venv's python first on PATH.
#  - $WORK/models/tiny-llama: tools/real_engine/make_models.py, --arch llama --shard-size 300KB (as batch 138).
# No broken copy: every start of this batch breaks a flag or a request, not the model folder.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
