"""Stable fingerprints: the same root cause on another run, host or day gives the same value.

A fingerprint hashes the rule id plus the values of the rule's `fingerprint:` keys. Keys should
name values that tell root causes apart (sizes, versions, settings, module or package names). So
that a key that also carries run-specific noise cannot split one cause into many fingerprints,
every value goes through `stable_value` first:

- timestamps, pids, hex ids / addresses, UUIDs and temp-name suffixes are dropped or generalised;
- IP addresses and host:port pairs become `<ip>` / `<host>`;
- a path keeps only its last meaningful component (the model directory name, the file name), so
  `/home/alice/models/Llama-3-8B` and `/data/Llama-3-8B` agree; snapshot hashes are skipped;
- rank / device numbers (`GPU 3`, `cuda:1`, `VllmWorker-2`, `EngineCore_DP0`, `TP0`, `rank5`) are
  generalised (other trailing numbers, as in `missing_mod_2`, stay), and the
  keys `gpu`, `device`, `rank`, `local_rank`, `pid`, `host`, `hostname`, `ip`, `node`, `port` are
  dropped entirely: they say where a failure happened, not why.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Iterable

from diagnose.lazyre import lazy

VOLATILE_KEYS = frozenset({"gpu", "device", "rank", "local_rank", "pid", "tid", "host", "hostname", "ip",
                           "node", "node_ip", "port", "timestamp", "time", "date"})

_TIMESTAMP = lazy(
    r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|\b\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?\b|\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b")
_UUID = lazy(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
_HEX = lazy(r"\b0x[0-9a-fA-F]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b")
_IP = lazy(r"\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\[?::ffff:[\d.]+\]?(?::\d+)?")
_PID = lazy(r"(?i)\b(pid|tid|process|job)([=: ]+)\d+")
_RANKISH = lazy(r"(?i)(gpu|cuda:|rank|device|worker|proc|core|node)([ _:-]?)\d+\b"  # VllmWorker-3
                      r"|(?<![A-Za-z])(tp|pp|dp|ep)([ _:-]?)\d+\b")  # TP0, EngineCore_DP0
_PATH = lazy(r"(?:[A-Za-z]:\\|~?/)[^\s'\"`:,;()<>]*")
_TEMP_SUFFIX = lazy(r"(?i)(tmp|temp|torchinductor|triton|nccl|shm|cache)([_.-]?)[a-z0-9_]{4,}")
_SNAPSHOT = lazy(r"^(?:[0-9a-f]{16,}|snapshots|refs|main)$")


def _path_tail(path: str) -> str:
    parts = [p for p in re.split(r"[\\/]+", path) if p and p not in (".", "..")]
    for part in reversed(parts):
        if not _SNAPSHOT.match(part):
            return part
    return parts[-1] if parts else path


def stable_value(key: str, value: Any) -> str:
    """The part of a captured value that identifies a cause (see the module docstring)."""
    if value is None:
        return ""
    if key.lower() in VOLATILE_KEYS:
        return "*"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    s = str(value).strip()
    s = _TIMESTAMP.sub("<time>", s)
    s = _UUID.sub("<id>", s)
    s = _IP.sub("<ip>", s)
    s = _PATH.sub(lambda m: _path_tail(m.group(0)), s)
    s = _PID.sub(lambda m: f"{m.group(1)}{m.group(2)}<n>", s)
    s = _HEX.sub("<hex>", s)
    s = _TEMP_SUFFIX.sub(lambda m: m.group(1) + m.group(2) + "<id>", s)
    s = _RANKISH.sub(lambda m: f"{m.group(1) or m.group(3)}{m.group(2) or m.group(4) or ''}<n>", s)
    return " ".join(s.split())


def fingerprint(rule_id: str, keys: Iterable[str], env: dict) -> str:
    parts = [rule_id]
    for key in keys:
        parts.append(f"{key}={stable_value(key, env.get(key))}")
    digest = hashlib.sha1("|".join(parts).encode()).hexdigest()[:12]
    return f"{rule_id}:{digest}"
