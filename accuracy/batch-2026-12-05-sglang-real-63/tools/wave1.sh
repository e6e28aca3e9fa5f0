# wave 1: a truncated index, --load-format dummy, /metrics scraped without --enable-metrics
T=/work/wt/_batch/sglang-real-k/tools; W=/tmp/sglreal-k; M=$W/models/tiny-llama; OUT=/work/wt/_batch/sglang-real-k
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server"
export RT=420; A="bash $T/after_ready.sh"
$A index-json-truncated 35101 term "$L --model-path $W/models/tiny-index-cut --port 35101 $X" -- "exec $L --model-path $W/models/tiny-index-cut --port 35101 $X" > $W/w1-1.out 2>&1 &
$A load-format-dummy 35102 term "$L --model-path $M --port 35102 $X --load-format dummy" -- "exec $L --model-path $M --port 35102 $X --load-format dummy" > $W/w1-2.out 2>&1 &
$A metrics-scraped-not-enabled 35103 metrics "$L --model-path $M --port 35103 $X" -- "exec $L --model-path $M --port 35103 $X" > $W/w1-3.out 2>&1 &
wait
