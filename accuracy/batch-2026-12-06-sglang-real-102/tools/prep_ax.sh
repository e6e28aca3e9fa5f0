# Batch ax: the broken model-folder copies and host files (run once before the lanes). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# hf-quant-config-modelopt-stale: a plain bf16 copy with a ModelOpt hf_quant_config.json left in it (FP8)
rm -rf $M/tiny-llama-hfq; cp -r $B $M/tiny-llama-hfq
printf '%s\n' '{"producer": {"name": "modelopt", "version": "0.29.0"}, "quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": null, "exclude_modules": ["lm_head"]}}' > $M/tiny-llama-hfq/hf_quant_config.json
# config-partial-rotary-factor-zero: rope_parameters.partial_rotary_factor 0.0 in config.json
rm -rf $M/tiny-llama-prf0; cp -r $B $M/tiny-llama-prf0
python3 - $M/tiny-llama-prf0/config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["rope_parameters"]["partial_rotary_factor"] = 0.0
json.dump(c, open(p, "w"), indent=2)
P
# tokenizer-config-chat-template-number: tokenizer_config.json "chat_template": 12345, chat_template.jinja removed
rm -rf $M/tiny-llama-ctnum; cp -r $B $M/tiny-llama-ctnum; rm -f $M/tiny-llama-ctnum/chat_template.jinja
python3 - $M/tiny-llama-ctnum/tokenizer_config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["chat_template"] = 12345
json.dump(c, open(p, "w"), indent=2)
P
# nsswitch-hosts-dns-only: an nsswitch.conf whose hosts line has no "files" (bind-mounted in the start's mount namespace)
mkdir -p $WORK/etc; sed 's/^hosts:.*/hosts:          dns/' /etc/nsswitch.conf > $WORK/etc/nsswitch.conf
grep -n '^hosts' $WORK/etc/nsswitch.conf
# tokenizer-class-llama-on-bpe: tokenizer_config.json tokenizer_class LlamaTokenizer (the files are a byte-level BPE tokenizer.json)
rm -rf $M/tiny-llama-tcl; cp -r $B $M/tiny-llama-tcl
python3 - $M/tiny-llama-tcl/tokenizer_config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["tokenizer_class"] = "LlamaTokenizer"
json.dump(c, open(p, "w"), indent=2)
P
