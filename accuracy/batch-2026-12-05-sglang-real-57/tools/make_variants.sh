# Model folders and files of batch e (/tmp/sglreal-e). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head, max_position_embeddings 512,
# bf16, 4 safetensors shards, BPE tokenizer).
set -e
W=/tmp/sglreal-e; M=$W/models; mkdir -p $M
cp -r /tmp/sglreal-d/models/tiny-llama $M/
# config.json of 0 bytes (an interrupted copy)
cp -r $M/tiny-llama $M/tiny-emptyconfig && : > $M/tiny-emptyconfig/config.json
# config.json a dangling symlink (a snapshot folder whose blob is gone)
cp -r $M/tiny-llama $M/tiny-configlink && rm $M/tiny-configlink/config.json && ln -s ../../blobs/3f1c2a9e0d config.json && mv config.json $M/tiny-configlink/
# tokenizer.json a dangling symlink
cp -r $M/tiny-llama $M/tiny-toklink && rm $M/tiny-toklink/tokenizer.json && ln -s ../../blobs/9b7e41d2c8 tokenizer.json && mv tokenizer.json $M/tiny-toklink/
# a user's script named requests.py on PYTHONPATH
mkdir -p $W/myscripts && printf '# my quick test client\nimport json\n\ndef main():\n    print(json.dumps({"prompt": "hi"}))\n\nif __name__ == "__main__":\n    main()\n' > $W/myscripts/requests.py
# a stale typing_extensions.py on PYTHONPATH (an old vendored copy)
mkdir -p $W/vendor && printf '# vendored typing_extensions 3.7.4 (trimmed)\nimport typing\nfrom typing import *\nLiteral = typing.Literal\nProtocol = typing.Protocol\n' > $W/vendor/typing_extensions.py
# a regular file used as HF_HOME (discarded run hf-home-is-file)
touch $W/hf-home-file
