# wave 3: starts that come up, then an action (after_ready.sh); side by side. The two LoRA runs are redone with
# --lora-backend torch_native (wave 1's csgmv runs crashed in the warm-up: the csgmv kernels need CUDA), and a
# request that names the adapter is sent after ready.
T=/work/wt/_batch/sglang-real-h/tools; M=/tmp/sglreal-h/models; W=/tmp/sglreal-h
bash $T/after_ready.sh served-model-name-other-request 32022 other-model --served-model-name tiny-chat > $W/ar2.out 2>&1 &
bash $T/after_ready.sh detokenizer-sigkill-after-ready 32025 sigkill-detokenizer > $W/ar5.out 2>&1 &
bash $T/after_ready.sh launcher-sigkill-during-weights 32026 launcher-kill-weights > $W/ar6.out 2>&1 &
LORA=a16 bash $T/after_ready.sh lora-rank-above-max-torch-native 32031 lora-request --enable-lora --lora-backend torch_native --lora-paths a16=$M/lora-r16 --max-lora-rank 8 > $W/ar8.out 2>&1 &
LORA=other bash $T/after_ready.sh lora-other-base-torch-native 32032 lora-request --enable-lora --lora-backend torch_native --lora-paths other=$M/lora-other-base > $W/ar9.out 2>&1 &
wait
