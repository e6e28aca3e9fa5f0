# Batch bj: make the tiny model (as batches av-bh) and a copy of it in a folder whose name carries an ollama-style tag
# (`tiny-llama:q4`). Needs WORK and REPO; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
cp -r $WORK/models/tiny-llama "$WORK/models/tiny-llama:q4"
ls -l $WORK/models/tiny-llama "$WORK/models/tiny-llama:q4"
