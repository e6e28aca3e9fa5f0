# wave 2: starts that come up, then an action (after_ready.sh); side by side
T=/work/wt/_batch/sglang-real-h/tools; M=/tmp/sglreal-h/models; W=/tmp/sglreal-h
READY="The server is fired up|Application startup complete" bash $T/after_ready.sh skip-server-warmup 32021 request --skip-server-warmup > $W/ar1.out 2>&1 &
bash $T/after_ready.sh api-key-requests 32023 api-key --api-key sk-test-123 > $W/ar3.out 2>&1 &
bash $T/after_ready.sh scheduler-sigstop-watchdog 32024 sigstop-scheduler --watchdog-timeout 20 > $W/ar4.out 2>&1 &
bash $T/after_ready.sh log-requests-disk-full 32027 request --log-requests --log-requests-target $W/full/request-logs > $W/ar7.out 2>&1 &
wait
