# Batch bb: the broken model-folder copies and host files (run once before the lanes, with the venv's python first
# on PATH). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
cp3() { rm -rf $M/$1; cp -r $B $M/$1; }
# tokenizer-json-bpe-dropout-above-one: BPE dropout 1.5 in tokenizer.json (a training-time setting, out of range)
cp3 tiny-llama-dropout
python - $M/tiny-llama-dropout/tokenizer.json <<'PY'
import json, sys
p = sys.argv[1]; t = json.load(open(p)); t["model"]["dropout"] = 1.5; json.dump(t, open(p, "w"), ensure_ascii=False)
PY
# config-architectures-two: architectures lists the causal-LM class and a sequence-classification class
cp3 tiny-llama-arch2
python - $M/tiny-llama-arch2/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); c["architectures"] = ["LlamaForCausalLM", "LlamaForSequenceClassification"]
json.dump(c, open(p, "w"), indent=2)
PY
# config-tie-word-embeddings-string: "tie_word_embeddings": "false" (a string, truthy)
cp3 tiny-llama-tie
python - $M/tiny-llama-tie/config.json <<'PY'
import json, sys
p = sys.argv[1]; c = json.load(open(p)); c["tie_word_embeddings"] = "false"; json.dump(c, open(p, "w"), indent=2)
PY
# pythonpath-sourceless-pyc-bad-magic: a folder of sourceless .pyc files from another Python (3.8 magic number):
# filelock.pyc only
rm -rf $WORK/oldlibs; mkdir -p $WORK/oldlibs
python - $WORK/oldlibs/filelock.pyc <<'PY'
import py_compile, sys, tempfile, os
src = os.path.join(tempfile.mkdtemp(), "filelock.py"); open(src, "w").write("class FileLock: pass\n")
py_compile.compile(src, cfile=sys.argv[1])
b = bytearray(open(sys.argv[1], "rb").read()); b[0:4] = (3413).to_bytes(2, "little") + b"\r\n"  # 3.8's magic
open(sys.argv[1], "wb").write(b)
PY
# tmpdir-noexec-mount: a TMPDIR folder (bound noexec in the start's mount namespace)
rm -rf $WORK/tmpx; mkdir -p $WORK/tmpx
grep -o '"dropout": [0-9.]*' $M/tiny-llama-dropout/tokenizer.json; grep -A2 architectures $M/tiny-llama-arch2/config.json; grep tie $M/tiny-llama-tie/config.json; od -c $WORK/oldlibs/filelock.pyc | head -1
# (second list) generation-config-temperature-string: generation_config.json "do_sample": true, "temperature": "0.7"
cp3 tiny-llama-gentemp
python - $M/tiny-llama-gentemp/generation_config.json <<'PY'
import json, sys
p = sys.argv[1]; g = json.load(open(p)); g.update({"do_sample": True, "temperature": "0.7"}); json.dump(g, open(p, "w"), indent=2)
PY
