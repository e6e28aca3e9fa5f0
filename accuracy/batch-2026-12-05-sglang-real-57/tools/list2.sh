M=/tmp/sglreal-e/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-e/out --work /tmp/sglreal-e"
$R config-empty 180 -- --model-path $M/tiny-emptyconfig --port 31502 --device cpu
$R config-dangling-symlink 180 -- --model-path $M/tiny-configlink --port 31503 --device cpu
$R tokenizer-dangling-symlink 180 -- --model-path $M/tiny-toklink --port 31504 --device cpu
$R pythonpath-shadow-requests 180 PYTHONPATH=/tmp/sglreal-e/myscripts -- --model-path $M/tiny-llama --port 31505 --device cpu
$R pythonpath-stale-typing-extensions 180 PYTHONPATH=/tmp/sglreal-e/vendor -- --model-path $M/tiny-llama --port 31506 --device cpu
$R host-ipv6-any 180 -- --model-path $M/tiny-llama --port 31507 --device cpu --host ::
$R random-seed-negative 180 -- --model-path $M/tiny-llama --port 31508 --device cpu --random-seed -1
$R context-length-zero 180 -- --model-path $M/tiny-llama --port 31509 --device cpu --context-length 0
