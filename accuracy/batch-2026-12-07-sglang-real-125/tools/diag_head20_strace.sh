# Batch bm: the diagnostic re-run of stdout-stderr-piped-to-head-20 under strace (not through the runner, not kept as a log), run twice
# under nice -n 19 setsid (first with -s 300 and port 38240, then -s 8000 and 38241, as below); its kept excerpt: diag-head20-strace.txt.
export PATH=$HOME/.cache/llmdiag-real/sglang-0.5.23/bin:$PATH PYTHONUNBUFFERED=1
cd <tmp>
timeout -s KILL 240 strace -f -qq -o <tmp>/diag/strace2.txt -e trace=write,exit_group,kill,tgkill -e signal=none -s 8000 python -m sglang.launch_server --model-path <tmp>/models/tiny-llama --port 38241 --device cpu --model-impl transformers --max-total-tokens 4096 2>&1 | head -n 20 > <tmp>/diag/head.txt
echo "PIPESTATUS ${PIPESTATUS[*]} at $(date +%T)" > <tmp>/diag/rc.txt
