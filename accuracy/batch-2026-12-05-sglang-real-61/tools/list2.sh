# wave 2: starts that may come up (after_ready.sh), side by side
T=/work/wt/_batch/sglang-real-i/tools; M=/tmp/sglreal-i/models; W=/tmp/sglreal-i
X="--device cpu --model-impl transformers --max-total-tokens 4096"
bash $T/after_ready.sh bin-only 33021 -- --model-path $M/tiny-bin --port 33021 $X > $W/ar1.out 2>&1 &
bash $T/after_ready.sh maxpos-zero 33022 -- --model-path $M/tiny-maxpos0 --port 33022 $X > $W/ar2.out 2>&1 &
bash $T/after_ready.sh tokenizer-max-length-zero 33023 -- --model-path $M/tiny-tokmaxlen0 --port 33023 $X > $W/ar3.out 2>&1 &
bash $T/after_ready.sh warmup-timeout-not-number 33024 SGLANG_WARMUP_TIMEOUT=30s -- --model-path $M/tiny-llama --port 33024 $X > $W/ar4.out 2>&1 &
bash $T/after_ready.sh remote-modeling-missing-package 33025 -- --model-path $M/tiny-remote-automodel --port 33025 $X --trust-remote-code > $W/ar5.out 2>&1 &
bash $T/after_ready.sh bin-and-safetensors 33026 -- --model-path $M/tiny-both --port 33026 $X > $W/ar6.out 2>&1 &
wait
