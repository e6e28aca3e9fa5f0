# Batch 131 (batch an's in_tmpfs_an.sh, ../../batch-2026-12-06-sglang-real-92/tools/, unchanged): run inside `unshare -m --propagation private` (a private mount namespace; nothing outside sees the mount).
# in_tmpfs_an.sh DIR SIZE FILL -- COMMAND...: a tmpfs of SIZE on DIR; FILL=1 fills it with one file (dd until ENOSPC);
# then exec COMMAND.
D=$1; SZ=$2; FILL=$3; shift 4
mkdir -p "$D"; mount -t tmpfs -o size=$SZ tmpfs "$D" || exit 90
[ "$FILL" = 1 ] && { dd if=/dev/zero of="$D/.filler" bs=4k 2>/dev/null; true; }
exec "$@"
