"""The declarative rule pack: loading (cached), selection, version bounds, condition walks.

See rules/README.md for the format. Files are read with a safe YAML loader (no object
construction) and validated by the pydantic models of `diagnose.rulemodel` (an unknown field is an
error naming the file, the rule id and the field); the validated rules are kept as the plain
objects of `diagnose.ruledata`, so a cached pack loads without PyYAML or pydantic.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from diagnose.expr import names_in, template_names
from diagnose.ruledata import CondData, RuleData

if TYPE_CHECKING:
    from diagnose.rulemodel import Cond, Rule

_MODEL_NAMES = ("Cond", "Rule", "RemediationItem", "Examples", "load_file", "freeze")


def __getattr__(name: str):
    """The pydantic models (and `load_file`) are imported on first use: run time needs none of them."""
    if name in _MODEL_NAMES:
        from diagnose import rulemodel

        return getattr(rulemodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def yaml_loader():
    """PyYAML and its safe loader (libyaml when present); imported only when a rule file is read."""
    import yaml

    return yaml, getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# The failure categories of the contract (docs/contract.md, whose table tests/test_contract_doc.py
# compares with this one): name -> what it means, in one line (`llmdiag rules categories`).
CATEGORY_MEANINGS = {
    "symm-mem-allreduce": "vLLM's symmetric-memory all-reduce (on by default from 0.11) crashes at TP setup",
    "fractional-gpu": "a fractional or virtual GPU (vGPU, MIG slice, HAMi, qGPU) miscounts memory or hangs NCCL",
    "kv-cache-insufficient": "the weights fit but the KV cache for the configured context does not",
    "weights-oom": "CUDA out of memory while the weights load: the model does not fit the GPUs",
    "graph-capture": "CUDA graph capture or torch.compile fails (out of memory or a compile error)",
    "profile-run-oom": "out of memory in the engine's profiling (dummy) run before the KV cache is sized",
    "kernel-build": "a kernel compiled at start (FlashInfer, Triton, DeepGEMM) fails to build",
    "gpu-memory-in-use": "other processes already hold memory on the GPU",
    "slow-network-storage": "weights load very slowly from network storage (NFS, CFS, mmap), or its reads fail",
    "nccl-p2p-acs": "NCCL peer-to-peer between GPUs fails or hangs (PCIe ACS, IOMMU, topology)",
    "nccl-network": "NCCL or Gloo cannot connect across nodes (interface, InfiniBand, firewall, timeout)",
    "shm-exhausted": "/dev/shm is too small (Docker's 64 MB default): bus errors, NCCL shm errors",
    "tmp-space": "the temporary folder fills up while loading or compiling",
    "corrupt-checkpoint": "a checkpoint file is incomplete or corrupt (header, JSON, missing shard)",
    "model-not-found": "the model path or repo id is wrong, gated, or unreachable offline",
    "unsupported-model": "the installed engine or transformers does not support the architecture",
    "tp-exceeds-gpus": "tensor or pipeline parallel size does not fit the visible GPUs or the heads",
    "ray-cluster": "the Ray cluster does not form or the placement group cannot be placed",
    "cuda-driver-mismatch": "the driver, CUDA runtime, wheel or GPU architecture do not go together, or no GPU is visible",
    "dtype-unsupported": "the dtype or quantization is not supported on this GPU",
    "max-len-exceeds-model": "the requested maximum length is longer than the model allows",
    "port-in-use": "the HTTP port is already taken",
    "http-proxy": "the server's own warm-up or health request goes through an HTTP proxy and fails",
    "host-oom-killed": "host RAM ran out: the OOM killer ended a process or an allocation was refused",
    "dependency-import": "an import fails: missing module, undefined symbol, ABI mismatch between packages",
    "unpinned-image": "a dev, nightly or latest build is running instead of a pinned release",
    "invalid-argument": "the engine rejects a flag, a config value or an environment variable",
    "bind-address": "the HTTP server cannot bind its address (host name does not resolve, address not local)",
    "terminated": "the start was stopped from outside by a signal (SIGTERM, SIGINT), not by the OOM killer",
    "host-limits": "a host or container limit other than memory: open files, processes, locked memory",
    "engine-internal": "an internal check of the engine failed: a bug or an untested combination of features",
    "serving-oom": "out of GPU memory while serving, after the server came up (a long prompt, a large batch)",
    "metrics-disabled": "a platform scrapes /metrics but the server does not serve it (SGLang without --enable-metrics)",
    "unknown": "a failure or stall that no rule explains",
}
CATEGORIES = tuple(CATEGORY_MEANINGS)
PATTERNS_FILE = "patterns.yaml"  # named patterns of a rule folder (at its top), used as `pattern: NAME`
MAX_RULE_FILE_BYTES = 256 * 1024
MAX_RULES = 5000
MAX_PATTERN_LEN = 2000
MAX_RULE_NODES = 20_000  # values in one rule after YAML aliases are expanded ("billion laughs")
MAX_RULE_DEPTH = 40  # nesting of mappings and lists (any/all conditions nest)
RULE_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{1,80}$")
VERSION_SPEC = re.compile(r"^\s*(>=|<=|==|!=|>|<)\s*(\d+(?:\.\d+){0,3}\S*)\s*$")


class RulePackError(Exception):
    """A rule file that cannot be used; the message names the file, rule id and field."""


@dataclass
class LoadedRule:
    rule: RuleData
    path: str
    builtin: bool


@dataclass
class RulePack:
    rules: list[LoadedRule] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dirs: list[str] = field(default_factory=list)
    patterns: dict = field(default_factory=dict)  # name -> (PatternData, path of its patterns.yaml)

    def by_id(self, rule_id: str) -> LoadedRule | None:
        for lr in self.rules:
            if lr.rule.id == rule_id:
                return lr
        return None


def builtin_rules_dir() -> Path:
    """The shipped pack: inside the wheel (diagnose/_rules) or the source tree's rules/."""
    here = Path(__file__).resolve().parent
    for cand in (here / "_rules", here.parent / "rules"):
        if cand.is_dir():
            return cand
    return here / "_rules"


def size_problem(data: Any) -> str | None:
    """YAML aliases can make a tiny file expand to billions of values, or to a value that contains
    itself; count what validation would walk, and stop at the limits instead of hanging."""
    budget = MAX_RULE_NODES
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        budget -= 1
        if budget < 0:
            return f"more than {MAX_RULE_NODES} values (YAML aliases expanding?); a rule must be small"
        if depth > MAX_RULE_DEPTH:
            return f"nested deeper than {MAX_RULE_DEPTH} levels (or a YAML alias that contains itself)"
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for kv in value.items() for v in kv)
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return None


def _rule_files(d: Path) -> list[Path] | None:
    """The folder's YAML files: its rules, and its named patterns (PATTERNS_FILE at the top)."""
    if not d.is_dir():
        return None
    found: list[str] = []  # (os.scandir, not Path.rglob: a third of the cost of loading the cached pack)

    def walk(folder) -> None:
        try:
            with os.scandir(folder) as entries:
                for e in entries:
                    if e.is_dir(follow_symlinks=False):
                        walk(e.path)
                    elif os.path.splitext(e.name)[1] in (".yaml", ".yml") and e.is_file():
                        found.append(e.path)
        except PermissionError:  # (a folder it may not read is skipped, as Path.rglob skips it)
            pass

    walk(d)
    return [Path(f) for f in sorted(found, key=lambda f: f.split(os.sep))]  # (the order of Paths)


def _is_patterns(d: Path, path: Path) -> bool:
    return path.parent == d and path.name == PATTERNS_FILE


def load_pack(extra_dirs: list[str] | None = None, include_builtin: bool = True) -> RulePack:
    """Load the shipped pack and user packs (--rules DIR, LLMDIAG_RULES); a user rule replaces a
    shipped rule with the same id. The validated pack is cached (see `diagnose._cache`): reading
    and validating ~160 YAML files costs more than the analysis of a small log."""
    dirs: list[tuple[Path, bool]] = []
    if include_builtin:
        dirs.append((builtin_rules_dir(), True))
    env = os.environ.get("LLMDIAG_RULES", "")
    for d in [*(p for p in env.split(os.pathsep) if p), *(extra_dirs or [])]:
        dirs.append((Path(d), False))
    listing = [(d, builtin, _rule_files(d)) for d, builtin in dirs]
    pack = _cached_pack(listing)
    if include_builtin and len(listing) == 1:
        _remember_coded(pack)
    return pack


def _cached_pack(listing: list[tuple[Path, bool, list[Path] | None]]) -> RulePack:
    from diagnose import _cache

    entry = _cache.files_key("rulepack", [(str(d), builtin, files) for d, builtin, files in listing])
    if entry is not None:
        cached = _cache.load(*entry)
        if isinstance(cached, RulePack):
            return cached
    pack = _load_pack(listing)
    if entry is not None:
        _cache.store(*entry, pack)
    return pack


_CODED: dict[str, RuleData] = {}  # id -> shipped rule decided by Python code (`implementation`)


def _remember_coded(pack: RulePack) -> None:
    for name, (pat, _path) in pack.patterns.items():
        _PATTERNS[name] = pat
    for lr in pack.rules:
        if lr.builtin and getattr(lr.rule, "implementation", None):
            _CODED[lr.rule.id] = lr.rule


def coded_rule(rule_id: str) -> RuleData:
    """The shipped record of a rule that Python code decides (`implementation`): the code takes the
    rule's category, severity, role and texts from it. Always the shipped pack's (a user pack's rule of
    the same id does not change what the code says)."""
    return _shipped(_CODED, rule_id, "rule", "the record")


_PATTERNS: dict = {}  # name -> the shipped pack's named pattern (PatternData)


def shipped_pattern(name: str):
    """A named pattern of the shipped pack's patterns.yaml, for code that states a text once with the
    rules that use it (the engines' wrapper markers, `diagnose.engines.base.Named`). Always the
    shipped pack's: a user folder's pattern of the same name changes its rules, not the code."""
    return _shipped(_PATTERNS, name, "named pattern", "it")


def _shipped(table: dict, key: str, what: str, needs: str):
    """`table[key]`, filled from the shipped pack (cached) on first use."""
    value = table.get(key)
    if value is None:
        d = builtin_rules_dir()
        _remember_coded(_cached_pack([(d, True, _rule_files(d))]))
        value = table.get(key)
        if value is None:
            raise RulePackError(f"{d}: no {what} {key} (its code needs {needs}: a broken install?)")
    return value


def _load_pack(listing: list[tuple[Path, bool, list[Path] | None]]) -> RulePack:
    from diagnose.rulemodel import freeze, load_file

    from diagnose.rulemodel import load_patterns

    pack = RulePack()
    index: dict[str, int] = {}
    named: dict = {}  # name -> validated pattern; a user folder's pattern replaces a shipped one
    for d, _builtin, files in listing:
        for path in files or ():
            if _is_patterns(d, path):
                found, errors = load_patterns(path)
                pack.errors.extend(errors)
                for name, pat in found.items():
                    named[name] = pat
                    pack.patterns[name] = (freeze(pat), str(path))
    for d, builtin, files in listing:
        pack.dirs.append(str(d))
        if files is None:
            pack.errors.append(f"{d}: rules folder not found")
            continue
        for path in files:
            if _is_patterns(d, path):
                continue
            if len(pack.rules) >= MAX_RULES:
                pack.errors.append(f"{d}: more than {MAX_RULES} rules; the rest were not loaded")
                break
            rule, errors = load_file(path, named)
            pack.errors.extend(errors)
            if rule is None:
                continue
            shown = str(path.relative_to(d.parent)) if builtin else str(path)
            lr = LoadedRule(freeze(rule), shown, builtin)
            if rule.id in index:
                prev = pack.rules[index[rule.id]]
                if prev.builtin and not builtin:
                    pack.rules[index[rule.id]] = lr  # user rule replaces the shipped one
                    continue
                pack.errors.append(f"{path}: rule {rule.id}: duplicate id (also in {prev.path})")
                continue
            index[rule.id] = len(pack.rules)
            pack.rules.append(lr)
    return pack


def select(pack: RulePack, only: list[str] | None, skip: list[str] | None) -> list[RuleData]:
    """The rules the matcher runs, after --only / --skip (ids or categories); a rule decided by Python
    code (`implementation`) is not matched: its code reads it (`coded_rule`)."""
    rules = [lr.rule for lr in pack.rules if not getattr(lr.rule, "implementation", None)]
    if only:
        keep = set(only)
        rules = [r for r in rules if r.id in keep or r.category in keep]
    if skip:
        drop = set(skip)
        rules = [r for r in rules if r.id not in drop and r.category not in drop]
    return rules


def version_ok(spec: str | None, version: str | None) -> bool:
    """True when `version` satisfies every bound of `spec` (an unknown version always does)."""
    if not spec or not version:
        return True
    from diagnose.expr import Version

    v = Version(version)
    for part in spec.split(","):
        m = VERSION_SPEC.match(part)
        if not m:
            continue
        op, bound = m.groups()
        ok = {">=": v >= bound, "<=": v <= bound, ">": v > bound, "<": v < bound,
              "==": v == bound, "!=": v != bound}[op]
        if not ok:
            return False
    return True


def rule_names(rule: RuleData | Rule) -> set[str]:
    """Names the rule's expressions and templates use (for lint)."""
    names: set[str] = set()
    if rule.when:
        names |= names_in(rule.when)
    for src in rule.compute.values():
        names |= names_in(src)
    names |= template_names(rule.explanation)
    for item in rule.remediation_items:
        names |= template_names(item.text)
        if item.when:
            names |= names_in(item.when)
    return names


def walk_conds(cond: CondData | Cond | None):
    if cond is None:  # a rule decided by Python code has no condition
        return
    yield cond
    for key in ("any", "all"):
        for child in getattr(cond, key) or []:
            yield from walk_conds(child)


def capture_names(cond: CondData | Cond | None) -> set[str]:
    import regex as _re

    names: set[str] = set()
    for c in walk_conds(cond):
        if c.regex:
            names |= set(_re.compile(c.regex).groupindex)
    return names

