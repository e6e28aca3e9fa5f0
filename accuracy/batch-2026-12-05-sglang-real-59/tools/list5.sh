# the model folder's own chat template (chat_template.jinja) with a Jinja syntax error
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
$R model-chat-template-syntax-error 180 -- --model-path $M/tiny-badjinja --port 31781 --device cpu
