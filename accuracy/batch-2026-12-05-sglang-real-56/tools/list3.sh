M=/tmp/sglreal-d/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-d/out --work /tmp/sglreal-d"
# rerun with the key present (server.key) and the certificate named server.pem on disk, server.crt on the command line
$R ssl-certfile-missing 180 -- --model-path $M/tiny-llama --port 31601 --device cpu --ssl-keyfile /tmp/sglreal-d/certs/server.key --ssl-certfile /tmp/sglreal-d/certs/server.crt
$R checkpoint-quant-method-unknown 180 -- --model-path $M/tiny-quant-exl2 --port 31602 --device cpu
$R tokenizer-class-unknown 180 -- --model-path $M/tiny-tokclass --port 31603 --device cpu
$R pp-size-2-cpu 180 SGLANG_CPU_OMP_THREADS_BIND='0|1' -- --model-path $M/tiny-llama --port 31604 --device cpu --pp-size 2
