# Broken copies of /tmp/sglreal-l/models/tiny-llama (made by tools/real_engine/make_models.py ... --arch llama --shard-size 300KB)
set -e; cd /tmp/sglreal-l/models
rm -rf tiny-gencfg-cut tiny-tmpl-syntax
cp -r tiny-llama tiny-gencfg-cut
python3 - <<'PY'
p = "tiny-gencfg-cut/generation_config.json"; b = open(p, "rb").read(); open(p, "wb").write(b[: len(b) // 2])
PY
cp -r tiny-llama tiny-tmpl-syntax
# the chat template loses its {% endfor %}: a Jinja syntax error (unexpected end of template)
python3 - <<'PY'
p = "tiny-tmpl-syntax/chat_template.jinja"; t = open(p).read(); t2 = t.replace("{% endfor %}", "", 1)
assert t2 != t; open(p, "w").write(t2)
PY
