# Batch 133: run a command inside a cgroup-v1 cpu group with a CFS quota (like a container's CPU limit).
# Usage: in_cpu_cgroup_133.sh CGROUP_DIR QUOTA_US PERIOD_US -- COMMAND...   (the group is made if absent; remove it
# with rmdir once every process in it has ended). QUOTA_US/PERIOD_US is the share of one CPU (15000/100000 = 0.15 CPU).
CG=$1; Q=$2; PER=$3; shift 4
mkdir -p $CG && echo $PER > $CG/cpu.cfs_period_us && echo $Q > $CG/cpu.cfs_quota_us && echo $$ > $CG/cgroup.procs || exit 99
exec "$@"
