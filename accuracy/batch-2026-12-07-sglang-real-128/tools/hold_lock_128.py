#!/usr/bin/env python3
"""Batch 128: the other process that holds a lock file (like a second server or `hf download` stuck in the middle
of its download): creates LOCKFILE (and its folder), takes fcntl.flock(LOCK_EX) on it, as filelock.FileLock does,
and sleeps until killed (SIGTERM).
    hold_lock_128.py LOCKFILE"""
import fcntl, os, sys, time
p = sys.argv[1]
os.makedirs(os.path.dirname(p), exist_ok=True)
fd = os.open(p, os.O_RDWR | os.O_CREAT, 0o666)
fcntl.flock(fd, fcntl.LOCK_EX)
print(time.strftime("%T"), "hold_lock: holding", p, "pid", os.getpid(), flush=True)
while True:
    time.sleep(3600)
