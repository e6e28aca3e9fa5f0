#!/usr/bin/env python3
"""Write wave1.jobs and wave2.jobs (batch p; wave 2 added while wave 1 ran). Each line: one start through after_ready.sh (queued by queue.sh)."""
HEAD = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers --max-total-tokens 4096"; '
        'L="python -m sglang.launch_server"; ')
JOBS = [  # name, port, action, env/shell prefix (shown and run), model folder, extra flags, run_sh options
    ("weights-original-pth-only", 38701, "term", "", "tiny-pth", "", ""),
    ("config-heads-not-divisor", 38702, "term", "", "tiny-heads3", "", ""),
    ("qwen2-weights-llama-config", 38703, "chat", "", "tiny-qwen2-llamacfg", "", ""),
    ("cwd-sglang-folder-shadow", 38704, "term", "cd $W/proj \\&\\& ", "tiny-llama", "", "--cwd $W/proj"),
    ("ulimit-stack-128k", 38705, "term", "ulimit -s 128; ", "tiny-llama", "", ""),
    ("pythonhashseed-invalid", 38706, "term", "PYTHONHASHSEED=random42 ", "tiny-llama", "", ""),
    ("profiler-dir-read-only", 38707, "prof", "SGLANG_TORCH_PROFILER_DIR=$W/profiles ", "tiny-llama", "", ""),
    ("grammar-backend-outlines-json", 38708, "json", "", "tiny-llama", "--grammar-backend outlines", ""),
    ("dtype-float32-on-bf16", 38709, "chat", "", "tiny-llama", "--dtype float32", ""),
    ("revision-on-local-folder", 38710, "term", "", "tiny-llama", "--revision v2.0", ""),
    ("consolidated-next-to-shards", 38711, "chat", "", "tiny-consolidated", "", ""),
]
JOBS2 = [
    ("chat-template-cp1252", 38712, "chat", "", "tiny-llama", "--chat-template $W/templates/chatml-fr.jinja", ""),
    ("tokenizer-mode-slow", 38713, "chat", "", "tiny-llama", "--tokenizer-mode slow", ""),
]
for fname, jobs in (("wave1.jobs", JOBS), ("wave2.jobs", JOBS2)):
  with open(fname, "w") as f:
    f.write(f"# {fname}. Variables: T tools, W work folder, X the flags that come up, L the launcher\n")
    for name, port, act, pre, model, extra, opts in jobs:
        args = f"$L --model-path $W/models/{model} --port {port} $X{(' ' + extra) if extra else ''}"
        shown = pre.replace("\\&\\&", "&&") + args
        run = pre.replace("\\&\\&", "&&") + "exec " + args
        f.write(HEAD + f'RT=300 bash $T/after_ready.sh {name} {port} {act} {opts + " " if opts else ""}"{shown}" -- "{run}" > $W/{name}.out 2>&1\n')
