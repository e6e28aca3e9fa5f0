# Batch 128: make the tiny model (as batches av-bm) and a Hugging Face cache that holds it as hub repo
# tiny-org/tiny-llama (refs/main + one snapshot, blobs named by the sha256 of their content, as LFS etags are).
# Needs WORK and REPO; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
python - <<'PY'
import hashlib, os
W = os.environ["WORK"]; src = f"{W}/models/tiny-llama"
repo = f"{W}/hf/hub/models--tiny-org--tiny-llama"; commit = "a" * 40
os.makedirs(f"{repo}/blobs", exist_ok=True); os.makedirs(f"{repo}/snapshots/{commit}", exist_ok=True); os.makedirs(f"{repo}/refs", exist_ok=True)
open(f"{repo}/refs/main", "w").write(commit)
for fn in sorted(os.listdir(src)):
    data = open(f"{src}/{fn}", "rb").read(); etag = hashlib.sha256(data).hexdigest()
    open(f"{repo}/blobs/{etag}", "wb").write(data)
    link = f"{repo}/snapshots/{commit}/{fn}"
    if not os.path.lexists(link): os.symlink(f"../../blobs/{etag}", link)
    print(fn, etag)
PY
