# Batch 133: make the tiny model (as batches av-131), a copy of it under a non-ASCII folder name, and the serialized
# built-in DisallowedTokensLogitsProcessor. Needs WORK and REPO; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
# the same model in a folder whose name is not ASCII (for c-locale-utf8-mode-off-nonascii-model-path)
cp -r $WORK/models/tiny-llama "$WORK/models/modèle-ü"
# CustomLogitProcessor.to_str() of SGLang's own DisallowedTokensLogitsProcessor, as a JSON string literal
python -c "import json; from sglang.srt.sampling.custom_logit_processor import DisallowedTokensLogitsProcessor as D; print(json.dumps(D.to_str()))" > $WORK/clp-disallowed.json
cat $WORK/clp-disallowed.json
