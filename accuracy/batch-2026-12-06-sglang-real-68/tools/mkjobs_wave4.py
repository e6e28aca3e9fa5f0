HEAD = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers --max-total-tokens 4096"; '
        'L="python -m sglang.launch_server"; ')
lines = ["# wave4.jobs (ulimit-stack-32k died before its first line: two limits in between). Variables as in wave1.jobs\n"]
for name, port, kb in (("ulimit-stack-64k", 38715, 64), ("ulimit-stack-96k", 38716, 96)):
    args = f"$L --model-path $W/models/tiny-llama --port {port} $X"
    lines.append(HEAD + f'RT=300 bash $T/after_ready.sh {name} {port} term "ulimit -s {kb}; {args}" -- "ulimit -s {kb}; exec {args}" > $W/{name}.out 2>&1\n')
open("wave4.jobs", "w").write("".join(lines))
