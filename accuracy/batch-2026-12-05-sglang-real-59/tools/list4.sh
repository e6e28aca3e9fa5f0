# a draft model path that does not exist
M=/tmp/sglreal-g/models
R="python3 /work/main/tools/real_engine/sglang_run.py --out /tmp/sglreal-g/out --work /tmp/sglreal-g"
$R speculative-draft-path-missing 180 HF_HUB_OFFLINE=1 -- --model-path $M/tiny-llama --port 31761 --device cpu --speculative-algorithm EAGLE --speculative-draft-model-path $M/tiny-llama-eagle3 --speculative-num-steps 3 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4
