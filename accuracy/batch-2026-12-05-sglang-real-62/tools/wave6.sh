# wave 6 (run without nohup): SIGHUP rerun with SIGHUP reset to its default (wave 4 ran under nohup, which the
# launcher inherited as SIG_IGN), and ulimit -u as its own user (nobody, with ambient CAP_DAC_OVERRIDE /
# CAP_DAC_READ_SEARCH to read the venv under /root), so only this start's tasks count against the limit.
T=/work/wt/_batch/sglang-real-j/tools; W=/tmp/sglreal-j; M=$W/models/tiny-llama
X="--device cpu --model-impl transformers --max-total-tokens 4096"
L="python -m sglang.launch_server --model-path $M"
RT=400 bash $T/after_ready.sh sighup-launcher-after-ready 34061 hup "$L --port 34061 $X" -- "exec env --default-signal=HUP $L --port 34061 $X" > $W/w6-1.out 2>&1 &
python3 $T/run_sh.py --out $W/out --work $W ulimit-nproc-user-40 400 "ulimit -u 40; $L --port 34062 $X   (as a non-root user)" -- "exec env --default-signal=HUP capsh --caps='cap_dac_override,cap_dac_read_search,cap_setuid,cap_setgid,cap_setpcap+eip' --keep=1 --user=nobody --addamb=cap_dac_override,cap_dac_read_search -- -c 'export HOME=$W/home-nobody; ulimit -u 40 && exec $L --port 34062 $X'" > $W/w6-2.out 2>&1 &
wait
