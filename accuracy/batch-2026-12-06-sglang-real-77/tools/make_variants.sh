# Batch y: helper files in WORK (<tmp>); the model is <tmp>/models/tiny-llama (tools/real_engine/make_models.py
# <tmp>/models/tiny-llama --arch llama --shard-size 300KB, the venv's python). <tmp>/ro_bind.sh is batch w's tools/ro_bind.sh.
set -e
W=$WORK
# orjson-shadowed-empty: an empty orjson.py in a folder put first on PYTHONPATH (a stray file, as a leftover stub)
mkdir -p $W/shadow-orjson; : > $W/shadow-orjson/orjson.py
# hf-home-is-file: HF_HOME points at a file
echo "not a folder" > $W/hf-home-file
# logging-config-handler-read-only: a valid dictConfig whose file handler writes into a folder mounted read-only
mkdir -p $W/ro-logs
cat > $W/logging-ro.json <<J
{"version": 1, "disable_existing_loggers": false,
 "formatters": {"plain": {"format": "[%(asctime)s] %(message)s"}},
 "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"},
              "file": {"class": "logging.FileHandler", "filename": "$W/ro-logs/sglang.log", "formatter": "plain"}},
 "root": {"level": "INFO", "handlers": ["console", "file"]}}
J
# debug-tensor-dump-folder-read-only: an empty folder, bind-mounted read-only at start
mkdir -p $W/tensordump
