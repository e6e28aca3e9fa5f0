# Batch ai: model variants and files, from <tmp>/models/tiny-llama (make_models.py, see README). Needs WORK.
set -e; M=$WORK/models; PY=${PY:-python3}
for v in padtok tokautomap ropedyn; do rm -rf $M/tiny-llama-$v; cp -r $M/tiny-llama $M/tiny-llama-$v; done
# config.json: pad_token_id 600 (vocab 558)
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['pad_token_id']=600; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-padtok/config.json
# tokenizer_config.json: auto_map to a custom tokenizer class in the folder (remote code for the tokenizer only)
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['auto_map']={'AutoTokenizer': [None, 'tokenization_tiny.TinyTokenizerFast']}; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-tokautomap/tokenizer_config.json
printf 'from transformers import PreTrainedTokenizerFast\n\nclass TinyTokenizerFast(PreTrainedTokenizerFast):\n    pass\n' > $M/tiny-llama-tokautomap/tokenization_tiny.py
# config.json: rope_parameters dynamic NTK, factor 2 (transformers 5 reads rope_parameters)
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['rope_parameters']={'rope_theta':10000.0,'rope_type':'dynamic','factor':2.0}; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-ropedyn/config.json
# a regular file where the metrics export folder should be; a real folder for the working export
rm -rf $WORK/metrics-export $WORK/metrics-ok; echo "not a folder" > $WORK/metrics-export; mkdir -p $WORK/metrics-ok
# added after the first runs: tokenizer_config.json padding_side "center" (transformers knows left/right)
rm -rf $M/tiny-llama-padside; cp -r $M/tiny-llama $M/tiny-llama-padside
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['padding_side']='center'; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-padside/tokenizer_config.json
# added last: tokenizer_config.json extra_special_tokens as a list (transformers 5 expects a mapping name -> token)
rm -rf $M/tiny-llama-extraspecial; cp -r $M/tiny-llama $M/tiny-llama-extraspecial
$PY -c "import json,sys; p=sys.argv[1]; c=json.load(open(p)); c['extra_special_tokens']=['<tool_call>', '</tool_call>']; json.dump(c,open(p,'w'),indent=2)" $M/tiny-llama-extraspecial/tokenizer_config.json
