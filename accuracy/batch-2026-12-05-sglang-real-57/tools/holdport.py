# holds 127.0.0.1:PORT open (listening) for SECONDS, like another server already on that port
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(5)
time.sleep(float(sys.argv[2]))
