M=/tmp/sglreal-d/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-d/out --work /tmp/sglreal-d"
$R chat-template-txt-jinja 180 -- --model-path $M/tiny-llama --port 31501 --device cpu --chat-template /tmp/sglreal-d/chat_template.txt
$R chat-template-is-folder 180 -- --model-path $M/tiny-llama --port 31502 --device cpu --chat-template /tmp/sglreal-d/templates
$R log-requests-target-readonly 180 -- --model-path $M/tiny-llama --port 31503 --device cpu --log-requests --log-requests-target /tmp/sglreal-d/ro/request-logs
$R config-dtype-unknown 180 -- --model-path $M/tiny-baddtype --port 31504 --device cpu
$R quantization-fp8-cpu 180 -- --model-path $M/tiny-llama --port 31505 --device cpu --quantization fp8
$R cpu-omp-bind-out-of-range 180 SGLANG_CPU_OMP_THREADS_BIND=0-15 -- --model-path $M/tiny-llama --port 31506 --device cpu
$R load-format-instanttensor-cpu 180 -- --model-path $M/tiny-llama --port 31507 --device cpu --load-format instanttensor
