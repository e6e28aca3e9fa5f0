# stdout-piped-to-head: the launcher's stdout piped into `head -5` (closed after 5 lines), stderr into the log.
V=$HOME/.cache/llmdiag-real/sglang-0.5.23; W=/tmp/sglreal-e; M=$W/models; mkdir -p $W/raw
cd $W
echo '$ python -m sglang.launch_server --model-path <tmp>/models/tiny-llama --port 31532 --device cpu 2>stderr.log | head -5' > raw/stdout-head.err
( PYTHONUNBUFFERED=1 PATH=$V/bin:$PATH timeout 180 $V/bin/python -m sglang.launch_server --model-path $M/tiny-llama --port 31532 --device cpu 2>>raw/stdout-head.err | head -5 > raw/stdout-head.out ); echo "rc=${PIPESTATUS[*]}"
