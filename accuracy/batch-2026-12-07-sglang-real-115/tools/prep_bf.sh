# Batch bf: make the tiny model (as batches av-be) and a self-signed TLS pair whose certificate is also written in
# DER form (as exported from a Windows certificate store). Needs WORK and REPO; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
C=$WORK/certs; mkdir -p $C
openssl req -x509 -newkey rsa:2048 -nodes -keyout $C/server.key -out $C/server.pem -days 30 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null
openssl x509 -in $C/server.pem -outform der -out $C/server.crt
ls -l $C
