# Batch bc: the broken model-folder copies and host files (run once before the lanes, with the venv's python first
# on PATH). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
cp3() { rm -rf $M/$1; cp -r $B $M/$1; }
cfg() { python - $M/$1/config.json "$2" <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); exec(sys.argv[2]); json.dump(c, open(p, "w"), indent=2)
PY
}
# config-vocab-size-below-tokenizer: embed_tokens and lm_head cut to their first 256 rows and vocab_size 256 (a
# consistent checkpoint), tokenizer.json unchanged (558 tokens)
cp3 tiny-llama-vocab256
python - $M/tiny-llama-vocab256 <<'PY'
import glob, json, os, sys
from safetensors import safe_open
from safetensors.torch import save_file
d = sys.argv[1]
for f in sorted(glob.glob(d + "/model-*.safetensors")):
    with safe_open(f, "pt") as s:
        meta = s.metadata(); t = {k: s.get_tensor(k) for k in s.keys()}
    if any(k in t for k in ("model.embed_tokens.weight", "lm_head.weight")):
        for k in ("model.embed_tokens.weight", "lm_head.weight"):
            if k in t: t[k] = t[k][:256].contiguous(); print(os.path.basename(f), k, tuple(t[k].shape))
        save_file(t, f, metadata=meta)
c = json.load(open(d + "/config.json")); c["vocab_size"] = 256; json.dump(c, open(d + "/config.json", "w"), indent=2)
PY
# config-rope-linear-factor-string: rope_parameters linear with "factor": "4.0" (a string)
cp3 tiny-llama-ropestr; cfg tiny-llama-ropestr 'c["rope_parameters"] = {"rope_theta": 10000.0, "rope_type": "linear", "factor": "4.0"}'
# config-rope-theta-negative: rope_theta -10000.0
cp3 tiny-llama-ropeneg; cfg tiny-llama-ropeneg 'c["rope_parameters"]["rope_theta"] = -10000.0'
# config-max-position-8: max_position_embeddings 8
cp3 tiny-llama-maxpos8; cfg tiny-llama-maxpos8 'c["max_position_embeddings"] = 8'
# safetensors-metadata-missing: every shard rewritten without a __metadata__ header (no "format": "pt")
cp3 tiny-llama-nometa
python - $M/tiny-llama-nometa <<'PY'
import glob, sys
from safetensors import safe_open
from safetensors.torch import save_file
for f in sorted(glob.glob(sys.argv[1] + "/model-*.safetensors")):
    with safe_open(f, "pt") as s:
        t = {k: s.get_tensor(k) for k in s.keys()}
    save_file(t, f, metadata=None)
PY
# sitecustomize-sys-exit: a site folder whose sitecustomize.py exits when a deployment variable is not set
rm -rf $WORK/site; mkdir -p $WORK/site
cat > $WORK/site/sitecustomize.py <<'PY'
import os, sys
if not os.environ.get("DEPLOY_ENV"):
    sys.exit("sitecustomize: DEPLOY_ENV is not set; refusing to start")
PY
# pythonsafepath-cwd-shadow-openai: a project folder (the start's cwd) with a stray openai.py
rm -rf $WORK/proj; mkdir -p $WORK/proj
printf 'raise RuntimeError("this is ./openai.py, a test script, not the openai package")\n' > $WORK/proj/openai.py
# checks
grep -A4 rope_parameters $M/tiny-llama-ropestr/config.json $M/tiny-llama-ropeneg/config.json | grep -v '^--'
grep -h '"vocab_size"\|max_position' $M/tiny-llama-vocab256/config.json $M/tiny-llama-maxpos8/config.json
python - $M/tiny-llama-nometa $M/tiny-llama <<'PY'
import glob, sys
from safetensors import safe_open
for d in sys.argv[1:]:
    f = sorted(glob.glob(d + "/model-*.safetensors"))[0]
    with safe_open(f, "pt") as s: print(d.split("/")[-1], s.metadata())
PY
