# Batch 128: run a command in its own mount namespace with RESOLV bind-mounted over /etc/resolv.conf (the rest of
# the machine keeps its resolver). Usage: in_resolv_ns_128.sh RESOLV COMMAND...   (exec's the command: no fork)
R=$1; shift
exec unshare -m sh -c 'mount --bind "$0" /etc/resolv.conf && exec "$@"' "$R" "$@"
