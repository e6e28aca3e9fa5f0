# Batch ar: the tiny model and its broken copies. Needs WORK (= <tmp>), REPO (= <repo>), PY (the venv's python).
set -e; M=$WORK/models; mkdir -p $M; cd $M
[ -d tiny-llama ] || $PY $REPO/tools/real_engine/make_models.py $M/tiny-llama --arch llama --shard-size 300KB
# shard 1: the second tensor's data_offsets moved back by 2 bytes (overlapping the first tensor, a gap at the end)
rm -rf tiny-llama-overlap; cp -r tiny-llama tiny-llama-overlap
$PY - <<'PY'
import json, struct
p = "tiny-llama-overlap/model-00001-of-00004.safetensors"; b = open(p, "rb").read(); n = struct.unpack("<Q", b[:8])[0]
h = json.loads(b[8:8 + n]); names = sorted((k for k in h if k != "__metadata__"), key=lambda k: h[k]["data_offsets"][0])
k = names[1]; s, e = h[k]["data_offsets"]; h[k]["data_offsets"] = [s - 2, e - 2]
t = json.dumps(h, separators=(",", ":")).encode(); m = len(t) + (8 - len(t) % 8) % 8; t += b" " * (m - len(t))
open(p, "wb").write(struct.pack("<Q", m) + t + b[8 + n:]); print("moved", k, [s, e], "->", h[k]["data_offsets"], "after", names[0], h[names[0]]["data_offsets"])
PY
# tokenizer.json: the TemplateProcessing post-processor keeps its "<|begin_of_text|>" template piece but lost its special_tokens map
rm -rf tiny-llama-postproc; cp -r tiny-llama tiny-llama-postproc
$PY - <<'PY'
import json
p = "tiny-llama-postproc/tokenizer.json"; t = json.load(open(p)); pp = t["post_processor"]; print("post_processor", json.dumps(pp)[:300])
pp["special_tokens"] = {}; json.dump(t, open(p, "w"), ensure_ascii=False)
PY
# shard 2 replaced by a named pipe (nobody writes into it); the index still lists it
rm -rf tiny-llama-fifo; cp -r tiny-llama tiny-llama-fifo; rm tiny-llama-fifo/model-00002-of-00004.safetensors
mkfifo tiny-llama-fifo/model-00002-of-00004.safetensors
# a copy that the after-ready driver deletes once the server is up
rm -rf tiny-llama-rm; cp -r tiny-llama tiny-llama-rm
# request log folder whose log file (<hostname>_0.log, the name SGLang's request logger opens) is a named pipe without reader
rm -rf $WORK/reqlog; mkdir -p $WORK/reqlog; mkfifo $WORK/reqlog/$(hostname)_0.log
ls -la $M/tiny-llama-fifo $WORK/reqlog
