HEAD = ('T=$BATCH/tools; W=$WORK; X="--device cpu --model-impl transformers --max-total-tokens 4096"; '
        'L="python -m sglang.launch_server"; ')
lines = ["# wave5.jobs (more failures: compile with a stale CXX, and a control with --enable-torch-compile alone; a partial hub cache). Variables as in wave1.jobs\n"]
J = [("torch-compile-cxx-missing", 38717, "CXX=/opt/rh/gcc-toolset-12/root/usr/bin/g++ ", "tiny-llama", "--enable-torch-compile"),
     ("torch-compile-cpu", 38718, "", "tiny-llama", "--enable-torch-compile"),
     ("hub-cache-interrupted-offline", 38719, "HF_HUB_OFFLINE=1 HF_HOME=$W/hfhome ", None, "")]
for name, port, pre, model, extra in J:
    mp = f"$W/models/{model}" if model else "tiny-org/tiny-llama"
    args = f"$L --model-path {mp} --port {port} $X" + (f" {extra}" if extra else "")
    lines.append(HEAD + f'RT=400 bash $T/after_ready.sh {name} {port} term "{pre}{args}" -- "{pre}exec {args}" > $W/{name}.out 2>&1\n')
open("wave5.jobs", "w").write("".join(lines))
