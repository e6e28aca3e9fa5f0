# Batch ax, for starts4.txt (run once before lane4.sh). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# quant-description-modelslim-stale: a bf16 copy with a ModelSlim (Ascend) quant_model_description.json left in it (W8A8)
rm -rf $M/tiny-llama-mslim; cp -r $B $M/tiny-llama-mslim
python3 - $M/tiny-llama-mslim <<'P'
import json, sys; d = sys.argv[1]; c = json.load(open(d + "/config.json"))
desc = {"model_quant_type": "W8A8", "version": "1.0.0"}
for i in range(c["num_hidden_layers"]):
    for n in ("self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj", "mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"):
        desc[f"model.layers.{i}.{n}.weight"] = "W8A8"
json.dump(desc, open(d + "/quant_model_description.json", "w"), indent=2)
P
# tokenizer-json-ignore-merges-string: tokenizer.json model.ignore_merges "yes" (a string where a boolean belongs)
rm -rf $M/tiny-llama-igm; cp -r $B $M/tiny-llama-igm
python3 - $M/tiny-llama-igm/tokenizer.json <<'P'
import json, sys; p = sys.argv[1]; t = json.load(open(p)); t["model"]["ignore_merges"] = "yes"
json.dump(t, open(p, "w"), indent=2, ensure_ascii=False)
P
