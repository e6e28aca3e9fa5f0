HEAD = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers --max-total-tokens 4096"; '
        'L="python -m sglang.launch_server"; ')
name, port = "ulimit-stack-32k", 38714
args = f"$L --model-path $W/models/tiny-llama --port {port} $X"
open("wave3.jobs", "w").write(f"# wave3.jobs (ulimit-stack-128k came up). Variables as in wave1.jobs\n" + HEAD +
  f'RT=300 bash $T/after_ready.sh {name} {port} term "ulimit -s 32; {args}" -- "ulimit -s 32; exec {args}" > $W/{name}.out 2>&1\n')
