# wave 1: starts expected to fail (runner's own timeout), side by side
M=/tmp/sglreal-i/models; W=/tmp/sglreal-i
R="python3 /work/main/tools/real_engine/sglang_run.py --out $W/out --work $W"
T="--device cpu --model-impl transformers --max-total-tokens 4096"
$R bin-truncated 200 -- --model-path $M/tiny-bin-truncated --port 33011 $T &
$R remote-modeling-missing-package 200 -- --model-path $M/tiny-remote-modeling --port 33012 $T --trust-remote-code &
capsh --drop=cap_dac_override,cap_dac_read_search -- -c "$R shard-unreadable 200 -- --model-path $M/tiny-shard-unreadable --port 33013 $T" &
$R revision-not-cached-offline 200 HF_HOME=$W/hf HF_HUB_OFFLINE=1 -- --model-path tiny-org/tiny-llama --revision v2.0 --port 33014 --device cpu &
$R download-dir-offline-empty 200 HF_HOME=$W/hf HF_HUB_OFFLINE=1 -- --model-path tiny-org/tiny-llama --download-dir $W/ro --port 33015 $T &
$R modelscope-hf-repo-id 200 HF_HOME=$W/hf SGLANG_USE_MODELSCOPE=1 -- --model-path tiny-org/tiny-llama --port 33016 --device cpu &
wait
