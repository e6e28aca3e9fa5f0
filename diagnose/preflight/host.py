"""What the machine offers: GPUs (nvidia-smi when present), /dev/shm, host RAM, TMPDIR free space.

`probe_host` is the only function that looks at the machine; everything else takes a HostInfo, so
tests build one by hand and never depend on the machine they run on.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field

GIB = 1024 ** 3

# compute capability by GPU name fragment (first match wins: longer names first)
COMPUTE_CAPABILITY = (
    ("GB200", 10.0), ("B200", 10.0), ("B100", 10.0), ("GB300", 10.3), ("B300", 10.3),
    ("RTX PRO 6000", 12.0), ("RTX 50", 12.0),
    ("GH200", 9.0), ("H200", 9.0), ("H100", 9.0), ("H800", 9.0), ("H20", 9.0),
    ("L40S", 8.9), ("L40", 8.9), ("L4", 8.9), ("L20", 8.9), ("RTX 6000 Ada", 8.9), ("RTX 40", 8.9),
    ("A100", 8.0), ("A800", 8.0), ("A30", 8.0),
    ("A10G", 8.6), ("A10", 8.6), ("A40", 8.6), ("A16", 8.6), ("A2", 8.6), ("RTX A6000", 8.6), ("RTX A5000", 8.6),
    ("RTX A4000", 8.6), ("RTX 30", 8.6),
    ("T4", 7.5), ("RTX 20", 7.5), ("Quadro RTX", 7.5), ("TITAN RTX", 7.5),
    ("V100", 7.0), ("TITAN V", 7.0), ("P100", 6.0), ("P40", 6.1), ("P4", 6.1),
)


def compute_capability(gpu_name: str | None) -> float | None:
    if not gpu_name:
        return None
    name = gpu_name.upper()
    for frag, cc in COMPUTE_CAPABILITY:
        if frag.upper() in name:
            return cc
    return None


@dataclass
class HostInfo:
    gpu_count: int | None = None  # GPUs on the node (nvidia-smi ignores CUDA_VISIBLE_DEVICES)
    gpu_mem_bytes: int | None = None
    gpu_name: str | None = None
    gpu_source: str = "unknown"  # where gpu_mem_bytes came from
    gpu_count_source: str = "unknown"
    shm_bytes: int | None = None  # free space of /dev/shm
    ram_available_bytes: int | None = None
    tmp_free_bytes: int | None = None
    tmp_dir: str | None = None
    notes: list[str] = field(default_factory=list)


def _nvidia_smi() -> list[tuple[str, int]] | None:
    exe = shutil.which("nvidia-smi")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "--query-gpu=name,memory.total", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    gpus = []
    for line in out.strip().splitlines():
        name, _, mib = line.rpartition(",")
        try:
            gpus.append((name.strip(), int(float(mib)) * 1024 * 1024))
        except ValueError:
            continue
    return gpus or None


def _mem_available() -> int | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def _free(path: str) -> int | None:
    try:
        st = os.statvfs(path)
    except OSError:
        return None
    return st.f_bavail * st.f_frsize


def probe_host(env: dict | None = None) -> HostInfo:
    env = dict(os.environ if env is None else env)
    info = HostInfo()
    gpus = _nvidia_smi()
    if gpus:
        info.gpu_count, info.gpu_name, info.gpu_mem_bytes = len(gpus), gpus[0][0], min(g[1] for g in gpus)
        info.gpu_source = info.gpu_count_source = "nvidia-smi"
    info.shm_bytes = _free("/dev/shm") if os.path.isdir("/dev/shm") else None
    info.ram_available_bytes = _mem_available()
    info.tmp_dir = env.get("TMPDIR") or "/tmp"
    info.tmp_free_bytes = _free(info.tmp_dir)
    return info
