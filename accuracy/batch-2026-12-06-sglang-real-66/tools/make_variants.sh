# Broken copies of <tmp>/models/tiny-llama (WORK = the work folder). Usage: WORK=... bash make_variants.sh
cd $WORK/models
rm -rf tiny-no-template tiny-eos-9999
cp -r tiny-llama tiny-no-template && rm tiny-no-template/chat_template.jinja
cp -r tiny-llama tiny-eos-9999
python3 - <<'P'
import json
for f in ("tiny-eos-9999/config.json", "tiny-eos-9999/generation_config.json"):
    d = json.load(open(f)); d["eos_token_id"] = 9999; json.dump(d, open(f, "w"), indent=2)
P
rm -rf tiny-float64 && cp -r tiny-llama tiny-float64
python3 - <<'P'
import json
f = "tiny-float64/config.json"; d = json.load(open(f)); d["dtype"] = d["torch_dtype"] = "float64"; json.dump(d, open(f, "w"), indent=2)
P
