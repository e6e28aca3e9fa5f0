import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(5)
s2 = socket.socket(); s2.bind(("0.0.0.0", int(sys.argv[2]))); s2.listen(5)
time.sleep(float(sys.argv[3]))
