# Batch ay, second list (starts2.txt): an empty file for /proc/meminfo (bind-mounted in the start's own mount namespace). Needs WORK.
mkdir -p $WORK/etc; : > $WORK/etc/meminfo-empty
