# after ready: SIGKILL to the scheduler, a request longer than the context, a chat template that raises; SIGINT
# to the whole process group during the start (Ctrl-C in the terminal)
T=/work/wt/_batch/sglang-real-f/tools; M=/tmp/sglreal-f/models
bash $T/after_ready.sh scheduler-sigkill-after-ready 30631 sigkill-scheduler > /tmp/sglreal-f/ar1.out 2>&1 &
bash $T/after_ready.sh request-max-tokens-above-context 30632 max-tokens > /tmp/sglreal-f/ar2.out 2>&1 &
MODEL=$M/tiny-template-raises bash $T/after_ready.sh chat-template-raises 30633 chat-system > /tmp/sglreal-f/ar3.out 2>&1 &
bash $T/after_ready.sh sigint-during-start 30634 sigint-start > /tmp/sglreal-f/ar4.out 2>&1 &
wait
