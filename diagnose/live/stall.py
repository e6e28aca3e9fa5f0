"""Stall budgets (seconds without progress per phase) and what a stall usually means.

The base advice is diagnosis.STALL_ADVICE (also used by `explain` for logs that end mid-phase);
this module only adds what the live view knows: the engine, the shard progress, the model size
and the node count.
"""

from __future__ import annotations

import re

from diagnose.diagnosis import STALL_ADVICE
from diagnose.engines import PHASES

START = "start"  # before any phase was recognised
BASE_BUDGET_S = {START: 300.0, "config": 300.0, "init": 300.0, "nccl": 300.0, "weights": 300.0,
                 "kv_cache": 300.0, "compile": 600.0, "server": 180.0}
STALL_KEYS = (START, *PHASES, "default")

_PARAMS_B = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)[bB](?![a-zA-Z])")


def parse_overrides(items) -> dict[str, float]:
    """`--stall PHASE=SECONDS` values -> {phase: seconds}; raise ValueError with a reason."""
    out: dict[str, float] = {}
    for item in items or ():
        key, sep, value = str(item).partition("=")
        key = key.strip().lower().replace("-", "_")
        if key in ("kv", "kvcache"):
            key = "kv_cache"
        if not sep or key not in STALL_KEYS:
            raise ValueError(f"--stall {item!r}: expected PHASE=SECONDS with PHASE one of {', '.join(STALL_KEYS)}")
        try:
            secs = float(value)
        except ValueError:
            raise ValueError(f"--stall {item!r}: {value!r} is not a number of seconds") from None
        if secs <= 0:
            raise ValueError(f"--stall {item!r}: the budget must be positive")
        out[key] = secs
    return out


def model_gib(facts: dict) -> float | None:
    """Best known size of the weights in GiB: measured, announced, or guessed from the model name."""
    for key in ("weights_gib", "checkpoint_gib"):
        v = facts.get(key)
        if isinstance(v, (int, float)) and v > 0:
            return float(v)
    name = facts.get("model")
    if isinstance(name, str):
        m = _PARAMS_B.search(name.rsplit("/", 1)[-1])
        if m:
            return float(m.group(1)) * 2 * 0.931  # bf16: 2 bytes per parameter, in GiB
    return None


def nodes(facts: dict) -> int:
    v = facts.get("nnodes")
    return v if isinstance(v, int) and v > 0 else 1


def budget(phase: str | None, facts: dict, overrides: dict[str, float], shard_total: int | None = None,
           slowest_shard_s: float | None = None) -> float:
    """Seconds a phase may go without progress before it is reported as stalled."""
    key = phase or START
    if key in overrides:
        return overrides[key]
    if "default" in overrides:
        return overrides["default"]
    b = BASE_BUDGET_S.get(key, 300.0)
    size = model_gib(facts)
    n = nodes(facts)
    if key in ("init", "nccl"):
        b += 120.0 * (n - 1)  # each extra node has to start and join
    elif key == "weights":
        if size and shard_total:
            b = max(b, 60.0 * size / shard_total)  # one shard at ~17 MB/s, a slow network disk
        if slowest_shard_s:
            b = max(b, 4.0 * slowest_shard_s)  # the shards seen so far set the pace
    elif key == "kv_cache" and size:
        b += 2.0 * size
    elif key == "compile" and size:
        b = min(1800.0, b + 6.0 * size)
    return b


def compile_minutes(facts: dict) -> int:
    size = model_gib(facts) or 16.0
    return max(2, min(30, int(round(2 + size / 15))))


def advice(phase: str | None, engine: str, facts: dict, shards_done: int | None = None,
           shards_total: int | None = None) -> tuple[str, list[str]]:
    """(what it usually means, what to run to find out) for a stall in `phase`, in the current language
    (the texts through diagnose.i18n: the same cases and the same commands in both)."""
    from diagnose.diagnosis import STALL_ADVICE, STALL_ADVICE_ZH
    from diagnose.i18n import current, tr

    table = STALL_ADVICE_ZH if current() == "zh" else STALL_ADVICE
    meaning, actions = table.get(phase or "", (
        tr("the server has not printed a recognisable startup line yet: it may be importing, downloading, or stuck"),
        [tr("Check that the process is alive: ps -ef | grep -E 'vllm|sglang'")]))
    actions = list(actions)
    if phase == "weights":
        if shards_total:
            meaning = tr("shard {done}/{total} is not advancing: weights are read very slowly (network storage) "
                         "or the process is stuck in I/O", done=shards_done or 0, total=shards_total)
        else:
            meaning = tr("no shard progress yet: the storage is slow or the weights are being downloaded silently "
                         "(first use of a hub model)")
            actions.insert(0, tr("du -sh ~/.cache/huggingface/hub  # growing? then it is downloading"))
    elif phase == "compile":
        meaning += tr("; a cold torch.compile cache is normal for up to ~{minutes} minutes on the first start "
                      "of this model", minutes=compile_minutes(facts))
        if engine == "vllm":
            actions.append(tr("ls ~/.cache/vllm/torch_compile_cache  # empty or new hash: a cold compile"))
    elif phase in ("nccl", "init") and nodes(facts) > 1:
        actions.append(tr("Check the logs of the other {n} node(s): did each one start and reach this phase?",
                          n=nodes(facts) - 1))
    if phase == "nccl" and not any("NCCL_DEBUG" in a for a in actions):
        actions.insert(0, tr("Re-run with NCCL_DEBUG=INFO to see which rank waits"))
    for extra in (tr("py-spy dump --pid <server pid>  # where it waits"),
                  tr("nvidia-smi  # GPU memory and utilisation")):
        head = extra.split()[0]
        if not any(a.startswith(head) for a in actions):
            actions.append(extra)
    return meaning, actions
