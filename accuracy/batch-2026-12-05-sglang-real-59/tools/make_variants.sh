# Model folders of batch g (/tmp/sglreal-g/models). tiny-llama is a copy of the earlier batches' folder made by
# tools/real_engine/make_models.py (Llama, 2 layers, hidden 128, 2 heads / 1 KV head, max_position_embeddings 512,
# bf16, 4 safetensors shards, BPE tokenizer). Each variant changes one thing (python3 edits of the JSON files).
set -e
M=/tmp/sglreal-g/models; mkdir -p $M
[ -d $M/tiny-llama ] || cp -r /tmp/sglreal-e/models/tiny-llama $M/
v() { rm -rf $M/$1; cp -r $M/tiny-llama $M/$1; python3 - $M/$1 "$2" <<'PY'
import json, sys
d = sys.argv[1]; code = sys.argv[2]
c = json.load(open(d + "/config.json"))
exec(code)
json.dump(c, open(d + "/config.json", "w"), indent=2)
PY
}
# rope scaling of an unknown type (a hand-edited config)
v tiny-rope-unknown 'c["rope_parameters"] = {"rope_type": "longrope2", "factor": 4.0, "rope_theta": 10000.0}'
# architectures an empty list
v tiny-arch-empty 'c["architectures"] = []'
# torch_dtype / dtype float64
v tiny-float64 'c["dtype"] = c["torch_dtype"] = "float64"'
# model_type of another family (bert) than the architecture (LlamaForCausalLM)
v tiny-bert-type 'c["model_type"] = "bert"'
# max_position_embeddings missing
v tiny-no-maxpos 'del c["max_position_embeddings"]'
# hidden_size as a string (a config written by a script that quoted numbers)
v tiny-hidden-str 'c["hidden_size"] = "128"'
# num_key_value_heads 3 with 2 attention heads (made, not run)
v tiny-kvheads-3 'c["num_key_value_heads"] = 3'
# special_tokens_map.json / tokenizer_config naming a token the vocabulary lacks
rm -rf $M/tiny-badspecial; cp -r $M/tiny-llama $M/tiny-badspecial
python3 - $M/tiny-badspecial <<'PY'
import json, sys
d = sys.argv[1]
t = json.load(open(d + "/tokenizer_config.json"))
t["eos_token"] = "<|eot_id|>"
json.dump(t, open(d + "/tokenizer_config.json", "w"), indent=2)
json.dump({"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>", "pad_token": "<pad>"}, open(d + "/special_tokens_map.json", "w"), indent=2)
PY
# a GPTQ checkpoint's config (quantization_config quant_method gptq; the weights stay bf16: the check comes first)
v tiny-gptq 'c["quantization_config"] = {"quant_method": "gptq", "bits": 4, "group_size": 128, "desc_act": False, "sym": True, "damp_percent": 0.01}'
# tokenizer.json whose pre-tokenizer type the installed tokenizers does not know (as a file written by a newer release)
rm -rf $M/tiny-tok-newformat; cp -r $M/tiny-llama $M/tiny-tok-newformat
python3 - $M/tiny-tok-newformat <<'PY'
import json, sys
p = sys.argv[1] + "/tokenizer.json"; t = json.load(open(p))
t["pre_tokenizer"] = {"type": "ByteLevelV2", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
json.dump(t, open(p, "w"), indent=2, ensure_ascii=False)
PY
# chat_template.jinja with a Jinja syntax error (the closing `%}` of the last tag cut to `%`)
rm -rf $M/tiny-badjinja; cp -r $M/tiny-llama $M/tiny-badjinja
printf '%s' "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %" > $M/tiny-badjinja/chat_template.jinja
