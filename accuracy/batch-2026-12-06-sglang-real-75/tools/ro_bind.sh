# Batch w (npcache-model-folder-read-only): FOLDER bind-mounted read-only onto itself in a private mount namespace, then the command.
# Usage: ro_bind.sh FOLDER COMMAND...
D=$1; shift
exec unshare -m bash -c 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"' "$D" "$@"
