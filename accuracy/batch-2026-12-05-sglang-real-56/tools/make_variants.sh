# Model folders and files of batch d (/tmp/sglreal-d). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head, max_position_embeddings 512,
# bf16, 4 safetensors shards, BPE tokenizer); tiny-remote is the first batch's remote-code folder.
set -e
W=/tmp/sglreal-d; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-c/models/tiny-llama $M/
# remote-code model whose auto_map names configuration_tinycustom.py, but the file is not in the folder
cp -r /tmp/sglreal/models/tiny-remote $M/tiny-remote-nofile && rm $M/tiny-remote-nofile/configuration_tinycustom.py
# config.json whose dtype is not a torch dtype
cp -r $M/tiny-llama $M/tiny-baddtype
python3 -c "import json;p='$M/tiny-baddtype/config.json';c=json.load(open(p));c['dtype']=c['torch_dtype']='bfloat17';json.dump(c,open(p,'w'),indent=2)"
# a Jinja chat template saved with a .txt name, and a folder of templates
cp $M/tiny-llama/chat_template.jinja $W/chat_template.txt
mkdir -p $W/templates && cp $M/tiny-llama/chat_template.jinja $W/templates/
# empty HF cache for the offline hub run
mkdir -p $W/hf-empty
# read-only file system for the request-log folder
mkdir -p $W/ro && (mountpoint -q $W/ro || mount -t tmpfs -o ro,size=1m tmpfs $W/ro)
