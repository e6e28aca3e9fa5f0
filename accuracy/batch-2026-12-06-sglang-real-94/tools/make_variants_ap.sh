# Batch ap: the tiny model and its broken copies. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
# shard 3 replaced by a named pipe nobody writes to (stands for a network mount whose reads never return)
rm -rf tiny-llama-fifo3; cp -r tiny-llama tiny-llama-fifo3
rm tiny-llama-fifo3/model-00003-of-00004.safetensors; mkfifo tiny-llama-fifo3/model-00003-of-00004.safetensors
# an export-metrics folder that is removed once the server is up (after_ready_ap.sh, action rmexport)
rm -rf $WORK/export-metrics; mkdir -p $WORK/export-metrics
# (added before the runs, run by hand) an outlines disk cache with a damaged leftover cache.db (diskcache's SQLite file)
rm -rf $WORK/outlines-stale; mkdir -p $WORK/outlines-stale; head -c 20000 /dev/urandom > $WORK/outlines-stale/cache.db
# (added before the runs, run by hand) an /etc/passwd without root's line (an image whose passwd was replaced)
grep -v '^root:' /etc/passwd > $WORK/passwd-no-root
# (added after the first runs, run by hand) an /etc/hosts whose only localhost line is IPv6
printf '::1 localhost ip6-localhost\n127.0.0.1 vm\n' > $WORK/hosts-localhost-v6-only
# (added later, run by hand) shard 2's header: the first tensor's shape doubled, its data range left as it was (a converter bug)
rm -rf tiny-llama-shape2; cp -r tiny-llama tiny-llama-shape2
$PY - <<'PY'
import json, struct
p = "tiny-llama-shape2/model-00002-of-00004.safetensors"; b = open(p, "rb").read(); n = struct.unpack("<Q", b[:8])[0]
h = json.loads(b[8:8 + n]); k = sorted(x for x in h if x != "__metadata__")[0]; h[k]["shape"][0] *= 2; print("doubled", k, h[k])
s = json.dumps(h, separators=(",", ":")).encode(); s += b" " * (n - len(s)) if len(s) <= n else b""
assert len(s) == n, "header grew"; open(p, "wb").write(b[:8] + s + b[8 + n:])
PY
# (added later, run by hand) config.json with rms_norm_eps null (a config written by a tool that dropped the value)
rm -rf tiny-llama-epsnull; cp -r tiny-llama tiny-llama-epsnull
$PY -c "import json; p='tiny-llama-epsnull/config.json'; c=json.load(open(p)); c['rms_norm_eps']=None; json.dump(c, open(p,'w'), indent=2)"
# (added last, run by hand) tokenizer.json saved gzip-compressed (a download that kept Content-Encoding: gzip)
rm -rf tiny-llama-tokgz; cp -r tiny-llama tiny-llama-tokgz; gzip -c tiny-llama/tokenizer.json > tiny-llama-tokgz/tokenizer.json
# (added last, run by hand) tokenizer.json replaced by the bare vocabulary (vocab.json renamed: {token: id})
rm -rf tiny-llama-tokvocab; cp -r tiny-llama tiny-llama-tokvocab
$PY -c "import json; t=json.load(open('tiny-llama/tokenizer.json')); json.dump(t['model']['vocab'], open('tiny-llama-tokvocab/tokenizer.json','w'))"
