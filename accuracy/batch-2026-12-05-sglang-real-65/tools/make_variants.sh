# Needs BATCH (this batch folder) and WORK (the work folder, here <tmp>) in the environment.
# Broken copies of $WORK/models/tiny-llama (made by tools/real_engine/make_models.py ... --arch llama --shard-size 300KB)
set -e; cd $WORK/models
rm -rf tiny-model-type tiny-tok-class tiny-layers-4
cp -r tiny-llama tiny-model-type; cp -r tiny-llama tiny-tok-class; cp -r tiny-llama tiny-layers-4
python3 - <<'PY'
import json
def edit(p, **kw):
    d = json.load(open(p)); d.update(kw); json.dump(d, open(p, "w"), indent=2)
edit("tiny-model-type/config.json", model_type="tinyllama")          # a model_type transformers does not know
edit("tiny-tok-class/tokenizer_config.json", tokenizer_class="TinyBPETokenizer")  # a tokenizer class nobody defines
edit("tiny-layers-4/config.json", num_hidden_layers=4)                # the checkpoint has 2 layers
PY
# added for wave 5: an activation name transformers does not know
rm -rf tiny-act; cp -r tiny-llama tiny-act
python3 -c "
import json; p='tiny-act/config.json'; d=json.load(open(p)); d['hidden_act']='swishglu'; json.dump(d, open(p,'w'), indent=2)"
# added for wave 8: two self-signed certificates; the run pairs a.key with b.crt
mkdir -p $WORK/certs && cd $WORK/certs && for n in a b; do openssl req -x509 -newkey rsa:2048 -nodes -keyout $n.key -out $n.crt -days 30 -subj /CN=localhost; done
