# Batch ba: the broken model-folder copies and host files (run once before the lanes). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# delete-ckpt-after-loading: a copy of tiny-llama that the start is allowed to delete
rm -rf $M/tiny-llama-del; cp -r $B $M/tiny-llama-del
# model-folder-noexec-mount: a copy of tiny-llama in its own folder (bound noexec in the start's mount namespace)
rm -rf $WORK/data; mkdir -p $WORK/data; cp -r $B $WORK/data/tiny-llama
# config-rope-yarn-original-above-max: yarn rope parameters whose original_max_position_embeddings (2048) is above
# max_position_embeddings (512)
rm -rf $M/tiny-llama-yarn; cp -r $B $M/tiny-llama-yarn
python3 - $M/tiny-llama-yarn/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p))
c["rope_parameters"] = {"rope_theta": 10000.0, "rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 2048}
json.dump(c, open(p, "w"), indent=2)
PY
# pth-editable-finder-missing: the .pth line an editable install (pip install -e) leaves, its finder module gone
mkdir -p $WORK/etc
echo "import __editable___mytools_0_1_finder; __editable___mytools_0_1_finder.install()" > $WORK/etc/editable.pth
# venv-base-python-removed: an empty folder to hide the base interpreter's bin/ with
mkdir -p $WORK/empty
grep -n rope -A4 $M/tiny-llama-yarn/config.json
