# Batch aj: model variants from <tmp>/models/tiny-llama (make_models.py, see README). Needs WORK; PY = the venv's python.
set -e; M=$WORK/models; PY=${PY:-python3}
for v in namedtpl maxpos; do rm -rf $M/tiny-llama-$v; cp -r $M/tiny-llama $M/tiny-llama-$v; done
# tokenizer_config.json: chat_template as a list of named templates ("default", "tool_use"), chat_template.jinja removed
$PY - $M/tiny-llama-namedtpl <<'PYEOF'
import json, os, sys
d = sys.argv[1]; t = open(os.path.join(d, "chat_template.jinja")).read(); os.remove(os.path.join(d, "chat_template.jinja"))
p = os.path.join(d, "tokenizer_config.json"); c = json.load(open(p))
c["chat_template"] = [{"name": "default", "template": t}, {"name": "tool_use", "template": t}]
json.dump(c, open(p, "w"), indent=2)
PYEOF
# config.json: max_position_embeddings 10**12 (the model really has 512)
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['max_position_embeddings']=10**12; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-maxpos/config.json
# added after the first runs: a stale weight-cache daemon socket (bound, then its process exited without unlinking it)
mkdir -p $WORK/wcache; rm -f $WORK/wcache/weights.sock
$PY -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" $WORK/wcache/weights.sock
