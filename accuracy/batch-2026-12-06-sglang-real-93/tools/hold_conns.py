# Open N TCP connections to HOST:PORT, send half a request line on each, hold them SECS seconds.
import socket, sys, time
h, port, n, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
socks, err = [], None
for i in range(n):
    try:
        s = socket.create_connection((h, port), timeout=5); s.sendall(b"GET /health HTTP/1.1\r\n"); socks.append(s)
    except OSError as e:
        err = e; break
print(f"opened {len(socks)} of {n} connections at {time.strftime('%T')}" + (f", then {err}" if err else ""), flush=True)
time.sleep(secs)
for s in socks: s.close()
print(f"closed at {time.strftime('%T')}", flush=True)
