# Batch bh: make the tiny model (as batches av-bf) and a chat template that parses but fails when rendered
# (adds 1 to a message's content: a Jinja TypeError at the first chat request). Needs WORK and REPO; run with the
# venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
mkdir -p $WORK/templates
cat > $WORK/templates/chat.jinja <<'T'
{%- for message in messages %}{{ '<|' + message['role'] + '|>\n' + message['content'] + 1 }}
{% endfor %}{%- if add_generation_prompt %}<|assistant|>
{% endif %}
T
ls -l $WORK/models/tiny-llama $WORK/templates
