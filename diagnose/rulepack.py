"""The declarative rule pack: pydantic models of a rule file, loading, validation and compiling.

See rules/README.md for the format. Files are read with a safe YAML loader (no object
construction); an unknown field is an error naming the file, the rule id and the field.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from diagnose.expr import ExprError, compile_expr, names_in, template_names


def _yaml():
    """PyYAML and its safe loader (libyaml when present); imported only when a rule file is read."""
    import yaml

    return yaml, getattr(yaml, "CSafeLoader", yaml.SafeLoader)

CATEGORIES = (
    "symm-mem-allreduce", "fractional-gpu", "kv-cache-insufficient", "weights-oom", "graph-capture",
    "profile-run-oom", "kernel-build", "gpu-memory-in-use", "slow-network-storage", "nccl-p2p-acs",
    "nccl-network", "shm-exhausted", "tmp-space", "corrupt-checkpoint", "model-not-found",
    "unsupported-model", "tp-exceeds-gpus", "ray-cluster", "cuda-driver-mismatch", "dtype-unsupported",
    "max-len-exceeds-model", "port-in-use", "http-proxy", "host-oom-killed", "dependency-import",
    "unpinned-image", "unknown",
)
MAX_RULE_FILE_BYTES = 256 * 1024
MAX_RULES = 5000
MAX_PATTERN_LEN = 2000
MAX_RULE_NODES = 20_000  # values in one rule after YAML aliases are expanded ("billion laughs")
MAX_RULE_DEPTH = 40  # nesting of mappings and lists (any/all conditions nest)
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{1,80}$")
_VERSION_SPEC = re.compile(r"^\s*(>=|<=|==|!=|>|<)\s*(\d+(?:\.\d+){0,3}\S*)\s*$")

Phase = Literal["config", "init", "nccl", "weights", "kv_cache", "compile", "server"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cond(_Strict):
    contains: Optional[str] = None
    regex: Optional[str] = None
    anchor: Optional[str] = None
    ignore_case: bool = False
    any: Optional[list["Cond"]] = None
    all: Optional[list["Cond"]] = None
    within: int = Field(default=30, ge=1, le=100000)
    same_traceback: bool = False

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k in ("contains", "regex", "any", "all") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a condition needs exactly one of contains/regex/any/all, got {kinds or 'none'}")
        if self.contains is not None and not self.contains:
            raise ValueError("contains: empty text")
        if self.regex is not None:
            if len(self.regex) > MAX_PATTERN_LEN:
                raise ValueError(f"regex longer than {MAX_PATTERN_LEN} characters")
            _check_regex(self.regex)
        for key in ("any", "all"):
            value = getattr(self, key)
            if value is not None and not value:
                raise ValueError(f"{key}: empty list")
        return self


def _check_regex(pattern: str) -> None:
    """The stdlib parser is much faster; the `regex` module decides only for its own syntax."""
    import re as _stdre

    try:
        _stdre.compile(pattern)
        return
    except _stdre.error:
        pass
    import regex as _re

    try:
        _re.compile(pattern)
    except _re.error as exc:
        raise ValueError(f"regex does not compile: {exc}") from None


class RemediationItem(_Strict):
    text: str
    when: Optional[str] = None
    engines: list[Literal["vllm", "sglang", "any"]] = ["any"]

    @field_validator("when")
    @classmethod
    def _expr(cls, v):
        if v is not None:
            try:
                compile_expr(v)
            except ExprError as exc:
                raise ValueError(str(exc)) from None
        return v


class Examples(_Strict):
    match: list[str] = Field(min_length=1)
    no_match: list[str] = []


class Rule(_Strict):
    id: str
    title: str
    category: str
    severity: Literal["error", "warning", "info"]
    role: Literal["cause", "symptom", "wrapper"]
    engines: list[Literal["vllm", "sglang", "any"]] = ["any"]
    versions: Optional[str] = None
    phases: Optional[list[Phase]] = None
    phase: Optional[Phase] = None
    priority: int = Field(default=50, ge=0, le=100)
    description: Optional[str] = None
    match: Cond
    unless: Optional[Cond] = None
    unless_within: Optional[int] = Field(default=None, ge=1)
    when: Optional[str] = None
    compute: dict[str, str] = {}
    explanation: str
    remediation: list[Union[str, RemediationItem]]
    references: list[str] = []
    fingerprint: list[str] = []
    examples: Examples

    @field_validator("id")
    @classmethod
    def _id(cls, v):
        if not _ID_RE.match(v):
            raise ValueError("must be kebab-case: lowercase letters, digits and '-'")
        return v

    @field_validator("category")
    @classmethod
    def _category(cls, v):
        if v not in CATEGORIES:
            raise ValueError(f"unknown category {v!r} (see CONTRACT.md)")
        return v

    @field_validator("versions")
    @classmethod
    def _versions(cls, v):
        if v is not None:
            for part in v.split(","):
                if not _VERSION_SPEC.match(part):
                    raise ValueError(f"bad version bound {part.strip()!r}: use e.g. '>=0.11.0,<0.11.1'")
        return v

    @field_validator("when")
    @classmethod
    def _when(cls, v):
        if v is not None:
            try:
                compile_expr(v)
            except ExprError as exc:
                raise ValueError(str(exc)) from None
        return v

    @field_validator("compute")
    @classmethod
    def _compute(cls, v):
        for name, src in v.items():
            if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
                raise ValueError(f"compute name {name!r} must be snake_case")
            try:
                compile_expr(src)
            except ExprError as exc:
                raise ValueError(f"{name}: {exc}") from None
        return v

    @field_validator("explanation")
    @classmethod
    def _template(cls, v):
        try:
            template_names(v)
        except ExprError as exc:
            raise ValueError(str(exc)) from None
        return v

    @property
    def remediation_items(self) -> list[RemediationItem]:
        return [RemediationItem(text=r) if isinstance(r, str) else r for r in self.remediation]


Cond.model_rebuild()


class RulePackError(Exception):
    """A rule file that cannot be used; the message names the file, rule id and field."""


@dataclass
class LoadedRule:
    rule: Rule
    path: str
    builtin: bool


@dataclass
class RulePack:
    rules: list[LoadedRule] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dirs: list[str] = field(default_factory=list)

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


def _format_validation(path: str, rule_id: str, exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(rule)"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        out.append(f"{path}: rule {rule_id}: {loc}: {msg}")
    return out


def _too_big(data: Any) -> str | None:
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


def load_file(path: Path) -> tuple[Rule | None, list[str]]:
    yaml, loader = _yaml()
    try:
        size = path.stat().st_size
        if size > MAX_RULE_FILE_BYTES:
            return None, [f"{path}: rule file larger than {MAX_RULE_FILE_BYTES // 1024} KiB"]
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - safe loader
    except (OSError, UnicodeDecodeError) as exc:
        return None, [f"{path}: cannot read: {exc}"]
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "invalid YAML"
        return None, [f"{path}: invalid YAML: {first}"]
    if not isinstance(data, dict):
        return None, [f"{path}: a rule file must hold one mapping (a rule), got {type(data).__name__}"]
    rule_id = str(data.get("id", "?"))[:100]
    too_big = _too_big(data)
    if too_big:
        return None, [f"{path}: rule {rule_id}: {too_big}"]
    try:
        rule = Rule.model_validate(data)
    except ValidationError as exc:
        return None, _format_validation(str(path), rule_id, exc)
    if path.stem != rule.id:
        return rule, [f"{path}: rule {rule.id}: file name should be {rule.id}.yaml"]
    return rule, []


def _rule_files(d: Path) -> list[Path] | None:
    if not d.is_dir():
        return None
    return sorted(p for p in d.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


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


def _load_pack(listing: list[tuple[Path, bool, list[Path] | None]]) -> RulePack:
    pack = RulePack()
    index: dict[str, int] = {}
    for d, builtin, files in listing:
        pack.dirs.append(str(d))
        if files is None:
            pack.errors.append(f"{d}: rules folder not found")
            continue
        for path in files:
            if len(pack.rules) >= MAX_RULES:
                pack.errors.append(f"{d}: more than {MAX_RULES} rules; the rest were not loaded")
                break
            rule, errors = load_file(path)
            pack.errors.extend(errors)
            if rule is None:
                continue
            shown = str(path.relative_to(d.parent)) if builtin else str(path)
            lr = LoadedRule(rule, shown, builtin)
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


def select(pack: RulePack, only: list[str] | None, skip: list[str] | None) -> list[Rule]:
    """Rules after --only / --skip (ids or categories)."""
    rules = [lr.rule for lr in pack.rules]
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
        m = _VERSION_SPEC.match(part)
        if not m:
            continue
        op, bound = m.groups()
        ok = {">=": v >= bound, "<=": v <= bound, ">": v > bound, "<": v < bound,
              "==": v == bound, "!=": v != bound}[op]
        if not ok:
            return False
    return True


def rule_names(rule: Rule) -> set[str]:
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


def walk_conds(cond: Cond):
    yield cond
    for key in ("any", "all"):
        for child in getattr(cond, key) or []:
            yield from walk_conds(child)


def capture_names(cond: Cond) -> set[str]:
    import regex as _re

    names: set[str] = set()
    for c in walk_conds(cond):
        if c.regex:
            names |= set(_re.compile(c.regex).groupindex)
    return names

