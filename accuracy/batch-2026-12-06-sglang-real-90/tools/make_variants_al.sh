# Batch al: model variants from <tmp>/models/tiny-llama. Needs WORK (= <tmp>) and PY (the venv's python).
set -e; M=$WORK/models; B=$M/tiny-llama
# the weights as one safetensors file saved under the name pytorch_model.bin (no *.safetensors, no index)
rm -rf $M/tiny-llama-binsafe; mkdir $M/tiny-llama-binsafe; cp $B/*.json $B/chat_template.jinja $M/tiny-llama-binsafe/
rm $M/tiny-llama-binsafe/model.safetensors.index.json
$PY - $B $M/tiny-llama-binsafe/pytorch_model.bin <<'PYEOF'
import sys, glob; from safetensors.torch import load_file, save_file
t = {}
for f in sorted(glob.glob(sys.argv[1] + "/model-*.safetensors")): t.update(load_file(f))
save_file(t, sys.argv[2], metadata={"format": "pt"}); print(len(t), "tensors")
PYEOF
# config.json rms_norm_eps as a string ("1e-05", as a hand-edited or YAML-converted config)
rm -rf $M/tiny-llama-epsstr; cp -r $B $M/tiny-llama-epsstr
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['rms_norm_eps']=str(c['rms_norm_eps']); json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-epsstr/config.json
# config.json with an empty quantization_config object (left by an export tool)
rm -rf $M/tiny-llama-emptyquant; cp -r $B $M/tiny-llama-emptyquant
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['quantization_config']={}; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-emptyquant/config.json
# a chat template that includes a file that is not shipped
printf '%s\n' "{% include 'base_chat.jinja' %}" > $WORK/chat-include.jinja
# a service folder with the user's own test client named openai.py
mkdir -p $WORK/svc; printf '%s\n' 'import requests' 'r = requests.post("http://127.0.0.1:30000/v1/completions", json={"model": "x", "prompt": "hi", "max_tokens": 8})' 'print(r.json())' > $WORK/svc/openai.py
# (added after the first runs) config.json hidden_act gelu_pytorch_tanh on weights trained with silu (a config copied from another family)
rm -rf $M/tiny-llama-gelu; cp -r $B $M/tiny-llama-gelu
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['hidden_act']='gelu_pytorch_tanh'; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-gelu/config.json
