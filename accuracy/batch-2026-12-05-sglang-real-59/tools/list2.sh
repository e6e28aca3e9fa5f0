# config.json / tokenizer variants; run one after another
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
$R config-rope-type-unknown 180 -- --model-path $M/tiny-rope-unknown --port 31721 --device cpu
$R config-architectures-empty 180 -- --model-path $M/tiny-arch-empty --port 31722 --device cpu
$R config-dtype-float64 180 -- --model-path $M/tiny-float64 --port 31723 --device cpu
$R config-model-type-bert 180 -- --model-path $M/tiny-bert-type --port 31724 --device cpu
$R config-hidden-size-string 180 -- --model-path $M/tiny-hidden-str --port 31725 --device cpu
$R tokenizer-eos-not-in-vocab 180 -- --model-path $M/tiny-badspecial --port 31726 --device cpu
$R config-max-position-missing 180 -- --model-path $M/tiny-no-maxpos --port 31727 --device cpu
