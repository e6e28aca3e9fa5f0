"""Pydantic models of a rule file: the validation half of the rule pack.

Imported only when a rule file is read (a cache miss, `rules test`, `rules lint`); run time uses the
plain copies of `diagnose.ruledata` that `freeze` makes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from diagnose.engines.base import PHASES
from diagnose.expr import ExprError, compile_expr, template_names
from diagnose.report import ROLES, SEVERITIES
from diagnose.ruledata import PLAIN_OF
from diagnose.rulepack import (CATEGORIES, MAX_PATTERN_LEN, MAX_RULE_FILE_BYTES, RULE_ID_RE, VERSION_SPEC, size_problem,
                               yaml_loader)

Phase = Literal[PHASES]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cond(_Strict):
    contains: Optional[str] = None
    regex: Optional[str] = None
    pattern: Optional[str] = None  # a name in patterns.yaml; resolved into `regex` (and `anchor`) at load
    anchor: Optional[str] = None
    ignore_case: bool = False
    any: Optional[list["Cond"]] = None
    all: Optional[list["Cond"]] = None
    within: int = Field(default=30, ge=1, le=100000)
    same_traceback: bool = False

    @model_validator(mode="after")
    def _one_kind(self, info: ValidationInfo):
        kinds = [k for k in ("contains", "regex", "pattern", "any", "all") if getattr(self, k) is not None]
        named = None
        if self.pattern is not None:
            named = ((info.context or {}).get("patterns") or {}).get(self.pattern)
            if named is not None and self.regex == named.regex:
                kinds.remove("regex")  # resolved already (a condition may be validated twice)
        if len(kinds) != 1:
            raise ValueError(f"a condition needs exactly one of contains/regex/pattern/any/all, got {kinds or 'none'}")
        if self.pattern is not None:
            if named is None:
                raise ValueError(f"unknown pattern {self.pattern!r} (not in any patterns.yaml of the rule folders)")
            object.__setattr__(self, "regex", named.regex)  # frozen model: set once, here
            if self.anchor is None and named.anchor is not None:
                object.__setattr__(self, "anchor", named.anchor)
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
    import warnings

    try:
        with warnings.catch_warnings():  # (the stdlib's FutureWarning on `[[`: `regex` reads it its own way)
            warnings.simplefilter("ignore", FutureWarning)
            _stdre.compile(pattern)
        return
    except _stdre.error:
        pass
    import regex as _re

    try:
        _re.compile(pattern)
    except _re.error as exc:
        raise ValueError(f"regex does not compile: {exc}") from None


def _check_expr(v: str | None) -> str | None:
    """A `when:` expression must compile (the message names what is wrong)."""
    if v is not None:
        try:
            compile_expr(v)
        except ExprError as exc:
            raise ValueError(str(exc)) from None
    return v


def _check_template(v: str) -> str:
    """A template's placeholders must compile and stay within the limits of `diagnose.expr`."""
    try:
        template_names(v)
    except ExprError as exc:
        raise ValueError(str(exc)) from None
    return v


class RemediationItem(_Strict):
    text: str
    when: Optional[str] = None
    engines: list[Literal["vllm", "sglang", "any"]] = ["any"]
    # the hardware the log shows (fact `platform`: cpu, or a GPU platform such as cuda / rocm);
    # an item scoped to one is left out on the other, kept when the log does not say
    platforms: list[Literal["gpu", "cpu", "any"]] = ["any"]

    _when = field_validator("when")(classmethod(lambda cls, v: _check_expr(v)))
    _text = field_validator("text")(classmethod(lambda cls, v: _check_template(v)))


class PatternExamples(_Strict):
    """A named pattern's examples: lines its regex must (must not) find."""

    match: list[str] = Field(min_length=1)
    no_match: list[str] = []


Scalar = Union[bool, int, float, str]


class Expect(_Strict):
    """What a context example must give: whether the rule fires, its captures, the rendered report text."""

    fires: Optional[bool] = None  # default: true under examples.match, false under examples.no_match
    captures: dict[str, Scalar] = {}
    title_contains: list[str] = []
    remediation_contains: list[str] = []
    remediation_absent: list[str] = []


class Example(_Strict):
    """An example with its context: the rule's engine/version/phase scoping and `when` apply, as in a
    report of a log that shows this engine, version, phase and these facts."""

    text: str = Field(min_length=1)
    engine: Optional[Literal["vllm", "sglang"]] = None
    version: Optional[str] = None
    phase: Optional[Phase] = None
    facts: dict[str, Scalar] = {}
    expect: Expect = Expect()

    @model_validator(mode="after")
    def _expect(self):
        e = self.expect
        if e.fires is False and (e.captures or e.title_contains or e.remediation_contains or e.remediation_absent):
            raise ValueError("expect: captures and report text need a rule that fires (fires: false)")
        return self


class Examples(_Strict):
    match: list[Union[str, Example]] = []  # at least one, except for a rule decided by code (Rule._implementation)
    no_match: list[Union[str, Example]] = []


class Zh(_Strict):
    """A rule's Chinese texts (`zh:`, shown with --lang zh): its title, explanation and one remediation
    text per English item, in the same order; an item's scoping (`when`, `engines`, `platforms`) is the
    English item's."""

    title: str
    explanation: str
    remediation: list[str] = []  # the count is checked against the English items (Rule._zh)

    _templates = field_validator("title", "explanation")(classmethod(lambda cls, v: _check_template(v)))

    @field_validator("remediation")
    @classmethod
    def _remediation(cls, v):
        for item in v:
            _check_template(item)
        return v


class Phrase(_Strict):
    """A named text of a rule decided by code (`phrases:`): the code picks it for one case and fills
    it into a template (the stall advice of one phase); `zh`: its Chinese."""

    text: str
    zh: Optional[str] = None

    _templates = field_validator("text", "zh")(classmethod(lambda cls, v: v if v is None else _check_template(v)))


class Rule(_Strict):
    id: str
    title: str
    category: str
    severity: Literal[SEVERITIES]  # the report's (diagnose.report)
    role: Literal[ROLES]
    tier: Literal["specific", "family"] = "specific"
    engines: list[Literal["vllm", "sglang", "any"]] = ["any"]
    versions: Optional[str] = None
    phases: Optional[list[Phase]] = None
    phase: Optional[Phase] = None
    priority: int = Field(default=50, ge=0, le=100)
    description: Optional[str] = None
    # the Python code that decides the rule (`diagnose.MODULE.NAME`), for a rule no condition can state
    # (the distributed checks, the unknown and stall answers): it has no `match`, and its examples are
    # whole logs that must (must not) produce the diagnosis; the code reads its texts from this record
    implementation: Optional[str] = None
    match: Optional[Cond] = None
    unless: Optional[Cond] = None
    unless_within: Optional[int] = Field(default=None, ge=1)
    unless_before: bool = False  # only an `unless` that hit before the match completed blocks it
    when: Optional[str] = None
    compute: dict[str, str] = {}
    explanation: str
    remediation: list[Union[str, RemediationItem]]
    zh: Optional[Zh] = None
    phrases: dict[str, Phrase] = {}  # only with `implementation`: texts the code picks per case
    references: list[str] = []
    fingerprint: list[str] = []
    examples: Examples

    @field_validator("id")
    @classmethod
    def _id(cls, v):
        if not RULE_ID_RE.match(v):
            raise ValueError("must be kebab-case: lowercase letters, digits and '-'")
        return v

    @field_validator("category")
    @classmethod
    def _category(cls, v):
        if v not in CATEGORIES:
            import difflib

            close = difflib.get_close_matches(v, CATEGORIES, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ValueError(f"unknown category {v!r} ({hint}see docs/contract.md or llmdiag rules categories)")
        return v

    @field_validator("versions")
    @classmethod
    def _versions(cls, v):
        if v is not None:
            for part in v.split(","):
                if not VERSION_SPEC.match(part):
                    raise ValueError(f"bad version bound {part.strip()!r}: use e.g. '>=0.11.0,<0.11.1'")
        return v

    _when = field_validator("when")(classmethod(lambda cls, v: _check_expr(v)))

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

    _templates = field_validator("title", "explanation")(classmethod(lambda cls, v: _check_template(v)))

    @field_validator("remediation")
    @classmethod
    def _remediation(cls, v):
        for item in v:
            if isinstance(item, str):
                _check_template(item)
        return v

    @model_validator(mode="after")
    def _zh(self):
        if self.zh is not None and len(self.zh.remediation) != len(self.remediation):
            raise ValueError(f"zh.remediation: {len(self.zh.remediation)} items for {len(self.remediation)} "
                             "English ones (one per item, in the same order)")
        return self

    @model_validator(mode="after")
    def _implementation(self):
        if self.implementation is None:
            if self.phrases:
                raise ValueError("phrases: only a rule decided by its `implementation` has them (its code picks one)")
            if self.match is None:
                raise ValueError("match: a rule needs a condition (or an `implementation`: the code that decides it)")
            if not self.examples.match:
                raise ValueError("examples.match: a rule needs at least one line it fires on")
            return self
        if not _IMPLEMENTATION.match(self.implementation):
            raise ValueError(f"implementation {self.implementation!r}: name the code as diagnose.MODULE.NAME")
        used = [k for k in ("match", "unless", "unless_within", "unless_before", "when", "phases", "versions")
                if getattr(self, k)]
        used += [k for k in ("compute", "fingerprint") if getattr(self, k)]
        if self.tier != "specific" or self.priority != 50 or self.engines != ["any"]:
            used += [k for k, v in (("tier", self.tier != "specific"), ("priority", self.priority != 50),
                                    ("engines", self.engines != ["any"])) if v]
        if used:
            raise ValueError(f"{', '.join(used)}: a rule decided by its `implementation` has no conditions, "
                             "scoping or ranking fields (the code decides them)")
        for key in ("match", "no_match"):
            for ex in getattr(self.examples, key):
                if not isinstance(ex, str) and (ex.engine or ex.version or ex.phase or ex.facts or ex.expect.captures):
                    raise ValueError(f"examples.{key}: an example of a rule decided by its `implementation` is a whole "
                                     "log (its lines give the engine, version, phase and facts); only text and expect")
        return self

    @model_validator(mode="after")
    def _family(self):
        if self.tier == "family" and self.category == "unknown":
            raise ValueError("a family rule names a kind of failure: its category cannot be unknown")
        return self

    @property
    def remediation_items(self) -> list[RemediationItem]:
        return [RemediationItem(text=r) if isinstance(r, str) else r for r in self.remediation]


Cond.model_rebuild()


_IMPLEMENTATION = re.compile(r"^diagnose(?:\.[A-Za-z_][A-Za-z0-9_]*){2,4}$")

_UNION_TAGS = {"str", "RemediationItem", "Example"}  # pydantic names the alternative of `str | RemediationItem`
_WRONG_TYPE = {"string_type", "model_type", "dict_type", "model_attributes_type"}


def _format_validation(path: str, rule_id: str, exc: ValidationError, prefix: str = "rule ") -> list[str]:
    errors = exc.errors()
    for err in errors:
        if err["loc"][:1] in (("remediation",), ("examples",)):
            err["loc"] = tuple(p for p in err["loc"] if p not in _UNION_TAGS and not str(p).startswith("function-"))
    # a remediation entry (an example) is text or a mapping: report what is wrong with the form it
    # has, not that it is not the other form
    def entry(loc: tuple) -> tuple:  # (remediation, i) or (examples, match, i)
        return loc[:2] if loc[:1] == ("remediation",) else loc[:3] if loc[:1] == ("examples",) else loc

    real = {entry(err["loc"]) for err in errors if err["type"] not in _WRONG_TYPE}
    errors = [e for e in errors if not (e["type"] in _WRONG_TYPE and entry(e["loc"]) in real)]
    out = []
    for err in errors:
        loc = ".".join(str(p) for p in err["loc"]) or "(rule)"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        out.append(f"{path}: {prefix}{rule_id}: {loc}: {msg}")
    return out



class NamedPattern(_Strict):
    """One entry of a patterns.yaml: a regex that several rules use by name (`pattern: NAME`)."""

    regex: str
    anchor: Optional[str] = None
    description: str
    examples: PatternExamples

    @field_validator("regex")
    @classmethod
    def _regex(cls, v):
        if len(v) > MAX_PATTERN_LEN:
            raise ValueError(f"regex longer than {MAX_PATTERN_LEN} characters")
        _check_regex(v)
        return v


_PATTERN_NAME = re.compile(r"^[a-z][a-z0-9-]{1,60}$")


def load_patterns(path: Path) -> tuple[dict[str, NamedPattern], list[str]]:
    """The named patterns of one rule folder (its patterns.yaml): name -> pattern, and errors."""
    yaml, loader = yaml_loader()
    try:
        if path.stat().st_size > MAX_RULE_FILE_BYTES:
            return {}, [f"{path}: patterns file larger than {MAX_RULE_FILE_BYTES // 1024} KiB"]
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - safe loader
    except (OSError, UnicodeDecodeError) as exc:
        return {}, [f"{path}: cannot read: {exc}"]
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "invalid YAML"
        return {}, [f"{path}: invalid YAML: {first}"]
    if not isinstance(data, dict):
        return {}, [f"{path}: a patterns file must hold one mapping (name -> pattern)"]
    too_big = size_problem(data)
    if too_big:
        return {}, [f"{path}: {too_big}"]
    out: dict[str, NamedPattern] = {}
    errors: list[str] = []
    for name, value in data.items():
        if not isinstance(name, str) or not _PATTERN_NAME.match(name):
            errors.append(f"{path}: pattern name {name!r} must be kebab-case")
            continue
        try:
            out[name] = NamedPattern.model_validate(value)
        except ValidationError as exc:
            errors.extend(_format_validation(str(path), f"pattern {name}", exc, prefix=""))
    return out, errors


def load_file(path: Path, patterns: dict[str, NamedPattern] | None = None) -> tuple[Rule | None, list[str]]:
    yaml, loader = yaml_loader()
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
    too_big = size_problem(data)
    if too_big:
        return None, [f"{path}: rule {rule_id}: {too_big}"]
    try:
        rule = Rule.model_validate(data, context={"patterns": patterns or {}})
    except ValidationError as exc:
        return None, _format_validation(str(path), rule_id, exc)
    if path.stem != rule.id:
        return rule, [f"{path}: rule {rule.id}: file name should be {rule.id}.yaml"]
    return rule, []



def freeze(value):
    """A validated model (and everything in it) as plain `diagnose.ruledata` objects: its fields
    (a rule also its `remediation_items`)."""
    if isinstance(value, BaseModel):
        fields = type(value).model_fields
        plain = PLAIN_OF[type(value).__name__](**{name: freeze(getattr(value, name)) for name in fields})
        if isinstance(value, Rule):
            plain.remediation_items = freeze(value.remediation_items)
        return plain
    if isinstance(value, list):
        return [freeze(v) for v in value]
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value
