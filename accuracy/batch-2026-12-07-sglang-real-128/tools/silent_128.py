#!/usr/bin/env python3
"""Batch 128: a peer that never answers.
    silent_128.py tcp PORT      listen on 127.0.0.1:PORT, accept every connection, read what comes, never write
                                (an HTTPS proxy that takes the CONNECT and then stalls)
    silent_128.py udp HOST:PORT bind a UDP socket there, read every datagram, never reply (a DNS server that
                                does not answer)
Each connection / datagram is printed with the time (to the driver's output). Runs until killed (SIGTERM)."""
import select, socket, sys, time

kind, where = sys.argv[1], sys.argv[2]
say = lambda m: print(time.strftime("%T"), "silent:", m, flush=True)
if kind == "udp":
    host, port = where.rsplit(":", 1)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind((host, int(port)))
    say(f"udp {where} bound")
    while True:
        data, peer = s.recvfrom(4096)
        say(f"udp datagram from {peer} ({len(data)} bytes), not answered")
else:
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", int(where))); s.listen(64)
    say(f"tcp 127.0.0.1:{where} listening")
    conns = []
    while True:
        r, _, _ = select.select([s] + conns, [], [])
        for c in r:
            if c is s:
                n, peer = s.accept(); conns.append(n); say(f"tcp connection from {peer}")
            else:
                d = c.recv(4096)
                if not d:
                    conns.remove(c); c.close(); say("tcp connection closed by client")
                else:
                    say(f"tcp got {d[:80]!r}, not answered")
