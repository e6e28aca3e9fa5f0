# Model folders of batch c (/tmp/sglreal-c/models). tiny-llama is a copy of the first batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, max_position_embeddings 512, bf16, 4 shards, BPE tokenizer);
# tiny-remote (model_type tinycustom + auto_map) is the first batch's remote-code folder.
set -e
W=/tmp/sglreal-c; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-b/models/tiny-llama $M/
cp -r /tmp/sglreal/models/tiny-remote $M/tiny-remote-dep
cat > $M/tiny-remote-dep/configuration_tinycustom.py <<'PY'
import tinycustom_kernels  # custom fused kernels shipped as a separate pip package
from transformers import LlamaConfig

class TinyCustomConfig(LlamaConfig):
    model_type = "tinycustom"
PY
cp -r $M/tiny-llama $M/tiny-maxpos0   # max_position_embeddings set to 0 (discarded run)
python3 -c "import json;p='$M/tiny-maxpos0/config.json';c=json.load(open(p));c['max_position_embeddings']=0;json.dump(c,open(p,'w'),indent=2)"
mkdir -p $M/tiny-configonly && cp $M/tiny-llama/config.json $M/tiny-configonly/   # discarded run
cp -r $M/tiny-llama $M/tiny-noconfig && rm $M/tiny-noconfig/config.json
cp "$(dirname "$0")/bad_template.jinja" $W/bad_template.jinja   # discarded run
