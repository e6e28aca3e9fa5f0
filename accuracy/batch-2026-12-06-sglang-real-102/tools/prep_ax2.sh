# Batch ax, for starts3.txt (run once before lane3.sh). Needs WORK.
M=$WORK/models; B=$M/tiny-llama; set -e
# config-partial-rotary-factor-two: rope_parameters.partial_rotary_factor 2.0 (rotary dim 128 for head_dim 64)
rm -rf $M/tiny-llama-prf2; cp -r $B $M/tiny-llama-prf2
python3 - $M/tiny-llama-prf2/config.json <<'P'
import json, sys; p = sys.argv[1]; c = json.load(open(p)); c["rope_parameters"]["partial_rotary_factor"] = 2.0
json.dump(c, open(p, "w"), indent=2)
P
# etc-hosts-crlf: the machine's /etc/hosts saved with Windows line endings (CRLF), bind-mounted in the start's mount namespace
mkdir -p $WORK/etc; sed 's/$/\r/' /etc/hosts > $WORK/etc/hosts.crlf
