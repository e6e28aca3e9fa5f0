# Batch ao: the tiny model and its broken copies. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
rm -rf tiny-llama-kv2 tiny-llama-qwen3; cp -r tiny-llama tiny-llama-kv2; cp -r tiny-llama tiny-llama-qwen3
$PY - <<'PY'
import json
def edit(p, **kw):
    c = json.load(open(p)); c.update(kw); json.dump(c, open(p, "w"), indent=2)
# config says 2 KV heads (k_proj/v_proj [128, 128]); the checkpoint was saved with 1 ([64, 128])
edit("tiny-llama-kv2/config.json", num_key_value_heads=2)
# config.json of a Qwen3 (model_type and architectures) on the Llama checkpoint: no q_norm/k_norm tensors
edit("tiny-llama-qwen3/config.json", model_type="qwen3", architectures=["Qwen3ForCausalLM"])
PY
# a PROMETHEUS_MULTIPROC_DIR with a leftover, damaged .db file (a crashed earlier server's, cut by a full disk)
rm -rf $WORK/prom-stale; mkdir -p $WORK/prom-stale; head -c 5000 /dev/urandom > $WORK/prom-stale/counter_4242.db
# (added after the first runs, run by hand) tokenizer.json saved with a UTF-8 byte-order mark (an editor on Windows)
rm -rf tiny-llama-tokbom; cp -r tiny-llama tiny-llama-tokbom
printf '\xef\xbb\xbf' | cat - tiny-llama/tokenizer.json > tiny-llama-tokbom/tokenizer.json
# (added after the first runs, run by hand) an /etc/hosts without its localhost line, bind-mounted in the start's mount namespace
printf '127.0.0.1 runsc\n127.0.0.1 vm\n' > $WORK/hosts-no-localhost
# (added later, run by hand) shard 2 replaced by the HTML error page a download tool saved instead of the file
rm -rf tiny-llama-html2; cp -r tiny-llama tiny-llama-html2
printf '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n' > tiny-llama-html2/model-00002-of-00004.safetensors
