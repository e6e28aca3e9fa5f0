# flags the brief suggested, checked for whether SGLang rejects them before the model is built (two lines run side by side)
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
($R max-running-requests-zero 180 -- --model-path $M/tiny-llama --port 31791 --device cpu --max-running-requests 0; $R override-args-typo-key 180 -- --model-path $M/tiny-llama --port 31792 --device cpu --json-model-override-args '{"max_position_embedding": 4096}') &
($R stream-interval-zero 180 -- --model-path $M/tiny-llama --port 31793 --device cpu --stream-interval 0; $R torch-compile-cpu 180 -- --model-path $M/tiny-llama --port 31794 --device cpu --enable-torch-compile) &
wait
