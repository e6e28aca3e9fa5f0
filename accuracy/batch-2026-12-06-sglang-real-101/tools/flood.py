#!/usr/bin/env python3
"""Batch aw: open N idle TCP connections to HOST:PORT and hold them for HOLD seconds (a client that leaks connections).
    python3 flood.py HOST PORT N HOLD"""
import socket, sys, time
h, p, n, hold = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
s = []
for i in range(n):
    try:
        c = socket.create_connection((h, p), timeout=2); s.append(c)
    except OSError as e:
        print(f"connection {i}: {e}"); break
print(f"holding {len(s)} connections at {time.strftime('%T')}", flush=True)
time.sleep(hold)
for c in s: c.close()
print(f"closed at {time.strftime('%T')}")
