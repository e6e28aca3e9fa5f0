"""The report: the single definition of the JSON contract (schema llmdiag.report/v1).

Each class declares its fields once, as pydantic would (type, default, `F(...)` for a description,
an alias or a bound). Explain, watch and run build these plain classes (no pydantic: importing it
costs about a fifth of a cold start); `pydantic_models()` makes the pydantic models of the same
declarations, from which `json_schema()` comes and against which the tests check `to_json`
(byte-identical to pydantic's `model_dump_json(by_alias=True)`). Renderers only read a report.

Fields beyond the contract (model, facts, inputs, warnings, count, references, ...) are additions;
the contract's fields keep their names and meaning.

Building one does not validate: the pipeline's own values are trusted. Unknown or missing keys
still raise, and the conversions pydantic would make are made (dicts into the nested classes,
ints into float fields, fresh lists and dicts).
"""

from __future__ import annotations

import sys
from json.encoder import encode_basestring as _json_str  # escapes like serde_json: raw unicode, \u00XX
from typing import Any, Literal, Mapping, NamedTuple, Optional

SCHEMA_ID = "llmdiag.report/v1"
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The schema's `$id`: a name (a URN), not an address; nothing is served for it (docs/contract.md).
JSON_SCHEMA_ID = "urn:llmdiag:report:v1"
SEVERITIES = ("error", "warning", "info")  # most severe first
ROLES = ("cause", "symptom", "wrapper")  # a cause first, a wrapper ("X failed, see above") last
CONFIDENCES = ("confirmed", "likely")
OUTCOMES = ("ready", "failed", "incomplete")  # of a start (timeline.decide_outcome decides it)
PHASE_STATUSES = ("done", "failed", "running")
RUN_STATUSES = ("ready", "failed", "running")  # of a process or a node
AFTER_READY_STATES = ("serving", "died", "stuck", "stopped")
PROBE_RESULTS = ("serves", "stuck", "refuses", "down")
SEVERITY_RANK = {s: i for i, s in enumerate(SEVERITIES)}
ROLE_RANK = {r: i for i, r in enumerate(ROLES)}


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # the default of a field that must be given


class F(NamedTuple):
    """A field's default with the pydantic `Field` keywords the contract uses."""

    default: Any = REQUIRED
    description: str | None = None
    alias: str | None = None
    ge: int | None = None
    default_factory: Any = None
    omit_none: bool = False  # dumped without the key when None (not a pydantic keyword: a serializer does it)


class Field(NamedTuple):
    """One declared field. kind: "" (kept as given), "float" (ints become floats), "list" / "dict"
    (copied), "model" (one nested object or None), "models" (a list of them)."""

    name: str
    default: Any
    kind: str
    model: type | None
    alias: str | None
    annotation: str
    spec: F


_CLASSES: dict[str, type] = {}  # every report class by name, in the order of declaration


def _kind(annotation: str) -> tuple[str, type | None]:
    inner = annotation[len("Optional["):-1] if annotation.startswith("Optional[") else annotation
    if inner.startswith("list["):
        item = _CLASSES.get(inner[5:-1])
        return ("models", item) if item is not None else ("list", None)
    if inner in _CLASSES:
        return "model", _CLASSES[inner]
    return {"float": "float", "dict": "dict"}.get(inner, ""), None


def _nested(cls: type, v: Any) -> Any:
    if v is None or isinstance(v, cls):
        return v
    return cls.from_dict(v if isinstance(v, Mapping) else v.model_dump(by_alias=True))


def _convert(f: Field, v: Any) -> Any:
    kind = f.kind
    if kind == "float":
        return float(v) if isinstance(v, int) else v
    if kind == "list":
        return list(v)
    if kind == "dict":
        return dict(v)
    if kind == "model":
        return _nested(f.model, v)
    if kind == "models":
        return [_nested(f.model, x) for x in v]
    return v


def _dump(v: Any, by_alias: bool) -> Any:
    if v is None or isinstance(v, (str, int, float)):
        return v
    if isinstance(v, _Data):
        return v.model_dump(by_alias)
    if isinstance(v, list):
        return [_dump(x, by_alias) for x in v]
    if isinstance(v, dict):
        return {k: _dump(x, by_alias) for k, x in v.items()}
    if hasattr(v, "model_dump"):
        return v.model_dump(by_alias=by_alias)
    return v


class _Declared(type):
    """Turns a class body of annotated fields into `_fields` and `__slots__`."""

    def __new__(mcs, name: str, bases: tuple, ns: dict):
        fields = []
        for fname, annotation in ns.get("__annotations__", {}).items():
            value = ns.pop(fname, REQUIRED)
            spec = value if isinstance(value, F) else F(value)
            default = spec.default_factory() if spec.default_factory is not None else spec.default
            kind, model = _kind(annotation)
            fields.append(Field(fname, default, kind, model, spec.alias, annotation, spec))
        ns["_fields"] = tuple(fields)
        ns["__slots__"] = tuple(f.name for f in fields)
        cls = super().__new__(mcs, name, bases, ns)
        cls._keys = frozenset(f.name for f in fields) | {f.alias for f in fields if f.alias}
        if fields:
            _CLASSES[name] = cls
        return cls


class _Data(metaclass=_Declared):
    """Base of the report classes: construction from keywords or a dict, dump, copy, equality by value."""

    # `_fields` (the declared fields) and `_keys` (their names and aliases) are set by _Declared

    def __init__(self, **data: Any) -> None:
        self._fill(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]):
        """From a dict keyed by field name or alias (what `model_dump` or the pipeline gives)."""
        obj = cls.__new__(cls)
        obj._fill(data)
        return obj

    @classmethod
    def model_validate(cls, data: Mapping[str, Any]):
        """From a dict validated as pydantic validates it (a report read back from JSON)."""
        return cls.from_dict(pydantic_models()[cls.__name__].model_validate(data).model_dump(by_alias=True))

    def _fill(self, data: Mapping[str, Any]) -> None:
        extra = data.keys() - self._keys
        if extra:
            raise TypeError(f"{type(self).__name__}: unknown field(s) {', '.join(sorted(extra))}")
        for f in self._fields:
            if f.alias is not None and f.alias in data:
                v = _convert(f, data[f.alias])
            elif f.name in data:
                v = _convert(f, data[f.name])
            elif f.default is REQUIRED:
                raise TypeError(f"{type(self).__name__}: field {f.name!r} is required")
            else:
                v = type(f.default)() if isinstance(f.default, (list, dict)) else f.default
            setattr(self, f.name, v)

    def model_dump(self, by_alias: bool = False) -> dict[str, Any]:
        """Nested dicts and lists, fresh containers (as pydantic's python-mode dump); a field declared
        with `omit_none` is left out while it is None."""
        return {(f.alias if by_alias and f.alias else f.name): _dump(getattr(self, f.name), by_alias)
                for f in self._fields if not (f.spec.omit_none and getattr(self, f.name) is None)}

    def model_copy(self, update: Mapping[str, Any] | None = None):
        """A shallow copy; `update` values are taken as given (pydantic does not validate them either)."""
        obj = self.__class__.__new__(self.__class__)
        for f in self._fields:
            setattr(obj, f.name, getattr(self, f.name))
        for k, v in (update or {}).items():
            setattr(obj, k, v)
        return obj

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in self._fields)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the pydantic models

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in self._fields)})"


# one of diagnose.engines.base.PHASES, SEVERITIES, ROLES: a Literal of them in pydantic_models()
Phase = Severity = Role = str

class Evidence(_Data):
    line: int = F(description="1-based line number in the input as given", ge=1)
    text: str = F(description="the log line as printed (ANSI colour removed, secrets redacted)")
    source: Optional[str] = F(None, "input file name, when several inputs were given")


class PhaseReport(_Data):
    name: Phase
    status: PhaseStatus
    first_line: int
    last_line: int
    started_at: Optional[str] = F(None, "ISO-8601 when the log tells the year, else null")
    duration_s: Optional[float] = None
    source: Optional[str] = None


class DiagnosisText(_Data):
    """A diagnosis's title, explanation and remediation in the language a person chose (--lang)."""

    lang: Literal["zh"] = F(description="the language of these texts (zh: Chinese)")
    title: str
    explanation: str
    remediation: list[str] = F(description="the same items as the English remediation, in the same order")


class Diagnosis(_Data):
    rule: str
    category: str
    severity: Severity
    role: Role
    phase: Optional[Phase] = None
    title: str
    explanation: str
    remediation: list[str]
    evidence: list[Evidence]
    fingerprint: str
    count: int = F(1, "how many times the rule matched")
    references: list[str] = []
    ranks: list[str] = F([], "ranks (processes) whose lines are the evidence, in a distributed start")
    nodes: list[str] = F([], "nodes whose lines are the evidence, in a distributed start")
    confidence: Confidence = F(
        "confirmed",
        "confirmed: a specific rule recognised this failure; likely: a family rule (tier: family) "
        "named the kind of failure without a specific rule, or the built-in unknown-failure / "
        "stall-unknown")
    i18n: Optional[DiagnosisText] = F(
        None,
        "only with --lang zh (or a Chinese locale): the title, explanation and remediation in that "
        "language, when the diagnosis has them; the English fields stay as they are. Absent otherwise "
        "(the key is left out, not null)", omit_none=True)


class ReportText(_Data):
    """A report's texts outside its diagnoses (its warnings) in the language a person chose (--lang)."""

    lang: Literal["zh"] = F(description="the language of these texts (zh: Chinese)")
    warnings: list[str] = F(description="the same items as the English warnings, in the same order")


class ErrorLine(_Data):
    line: int
    source: str
    text: str


class RankReport(_Data):
    """One rank (worker process) of a distributed start: how far it got (an addition to the contract)."""

    label: str = F(description="as the log names it: TP3, 'VllmWorker TP3 pid=12', 'RayWorkerWrapper pid=9'")
    rank: Optional[int] = F(None, "global rank when the log tells it")
    node: str
    pid: Optional[int] = None
    source: str = F(description="input file of its first line")
    last_phase: Optional[Phase] = None
    phases: list[Phase] = []
    status: RunStatus
    first_line: int
    last_line: int
    lines: int
    error: Optional[ErrorLine] = None


class NodeReport(_Data):
    """One node: from Ray's ip=, an NCCL host prefix, a compose service, or its input file."""

    name: str
    node_rank: Optional[int] = None
    sources: list[str] = []
    ranks: list[str] = []
    last_phase: Optional[Phase] = None
    status: RunStatus
    lines: int
    facts: dict = F(description="what this node printed: versions, model, parallel sizes", default_factory=dict)
    env: dict = F(description="engine / NCCL environment variables the log shows", default_factory=dict)


class NcclTransport(_Data):
    from_rank: int
    to_rank: int
    transport: str = F(description="P2P, SHM, NET/IB, NET/Socket (several joined by +)")
    node: str


class SeenBefore(_Data):
    fingerprint: str
    rule: str
    count: int = F(description="runs with this fingerprint in the window, this one included")
    days: int
    first_seen: Optional[str] = None


class SlowPhase(_Data):
    phase: Phase
    duration_s: float
    median_s: float
    ratio: float
    runs: int = F(description="earlier starts of this model the median is taken over")


class HistoryInfo(_Data):
    """What --history found about earlier runs (an addition to the contract)."""

    model: Optional[str] = None
    previous_runs: int = 0
    seen: list[SeenBefore] = []
    slow_phases: list[SlowPhase] = []
    notes: list[str] = []


class AfterReady(_Data):
    """What became of the server after it came up (only when the outcome is ready)."""

    state: AfterReadyState = F(
        description="serving: still up when the log ends; died: the engine or a worker died while serving; "
                    "stuck: up but not serving (a probe, a live stall, or a line that shows it: vLLM's engine core "
                    "thread that reads requests died); stopped: a clean shutdown")
    line: Optional[int] = F(None, "the line where it died, stopped serving or the stop began")
    ready_line: Optional[int] = F(None, "the line where the server came up")


class ProbeInfo(_Data):
    """`run --probe` / `watch --probe`: what one request to the server said once it came up (an addition
    to the contract; docs/probe.md)."""

    result: ProbeResult = F(
        description="as `llmdiag probe` says it: serves, stuck (health answers, the request does not complete), "
                    "refuses (an HTTP error or not an OpenAI answer), down (no connection)")
    url: str = F(description="the server's base URL that was probed")
    ttft_s: Optional[float] = F(None, "seconds to the first token, when it serves")
    detail: str = F("", "the probe's one-line summary")


class Report(_Data):
    schema_: Literal["llmdiag.report/v1"] = F(SCHEMA_ID, alias="schema")
    engine: Literal["vllm", "sglang", "unknown"]
    engine_version: Optional[str] = None
    outcome: Outcome
    after_ready: Optional[AfterReady] = None
    last_phase: Optional[Phase] = None
    phases: list[PhaseReport]
    diagnoses: list[Diagnosis]
    model: Optional[str] = None
    facts: dict = F(description="values read from the log (sizes, versions, settings)", default_factory=dict)
    inputs: list[str] = []
    lines: int = 0
    warnings: list[str] = []
    history: Optional[HistoryInfo] = None
    ranks: list[RankReport] = F([], "per-rank progress of a distributed start (empty otherwise)")
    nodes: list[NodeReport] = F([], "per-node progress and settings of a distributed start")
    nccl: list[NcclTransport] = F([], "NCCL transport per rank pair (NCCL_DEBUG=INFO)")
    probe: Optional[ProbeInfo] = F(None, "run --probe / watch --probe: the probe once the server came up "
                                         "(null without --probe)")
    i18n: Optional[ReportText] = F(
        None,
        "only with --lang zh (or a Chinese locale) when the report has warnings: the warnings in that "
        "language; the English ones stay as they are. Absent otherwise (the key is left out, not null)",
        omit_none=True)

    def to_json(self, indent: int | None = 2) -> str:
        """Byte for byte what pydantic's `model_dump_json(by_alias=True, indent=indent)` writes."""
        return dumps(self.model_dump(by_alias=True), indent)


def died_after_ready(report: Any) -> bool:
    """The server came up, then died (`after_ready.state` died; docs/contract.md)."""
    return report.outcome == "ready" and report.after_ready is not None and report.after_ready.state == "died"


def stopped_serving(report: Any) -> bool:
    """The server came up, then died or stopped answering (`after_ready.state` died or stuck): a failure."""
    return report.outcome == "ready" and report.after_ready is not None and report.after_ready.state in ("died", "stuck")


# -- the pydantic models and the JSON Schema ----------------------------------------------------

_PYDANTIC: dict[str, type] = {}


def pydantic_models() -> dict[str, type]:
    """The pydantic model of every report class, made from its declaration (name -> model)."""
    if _PYDANTIC:
        return _PYDANTIC
    from pydantic import BaseModel, ConfigDict, model_serializer
    from pydantic import Field as PydanticField

    from diagnose.engines.base import PHASES

    class _Model(BaseModel):
        model_config = ConfigDict(populate_by_name=True, extra="forbid")

    names: dict[str, Any] = {"Literal": Literal, "Optional": Optional, "Phase": Literal[PHASES],
                             "Severity": Literal[SEVERITIES], "Role": Literal[ROLES],
                             "Confidence": Literal[CONFIDENCES], "Outcome": Literal[OUTCOMES],
                             "PhaseStatus": Literal[PHASE_STATUSES], "RunStatus": Literal[RUN_STATUSES], "AfterReadyState": Literal[AFTER_READY_STATES],
                             "ProbeResult": Literal[PROBE_RESULTS]}
    for name, cls in _CLASSES.items():
        body: dict[str, Any] = {"__module__": __name__, "__qualname__": name, "__doc__": cls.__doc__,
                                "__annotations__": {}}
        for f in cls._fields:
            body["__annotations__"][f.name] = eval(f.annotation, names)  # noqa: S307 - our own declarations
            keywords = {k: v for k, v in f.spec._asdict().items()
                        if k not in ("default", "omit_none") and v is not None}
            if f.spec.default is not REQUIRED:
                keywords["default"] = f.spec.default
            if set(keywords) - {"default"}:
                body[f.name] = PydanticField(**keywords)
            elif keywords:
                body[f.name] = keywords["default"]
        omitted = tuple(f.name for f in cls._fields if f.spec.omit_none)
        if omitted:
            body["_omit_none"] = model_serializer(mode="wrap")(_omit_none_serializer(omitted))
        names[name] = _PYDANTIC[name] = type(name, (_Model,), body)
    return _PYDANTIC


def _omit_none_serializer(omitted: tuple[str, ...]):
    """The pydantic side of `F(omit_none=True)`: those keys are left out while None (the same as
    `_Data.model_dump`, so a report made without them reads byte for byte as before)."""

    def serialize(self, handler):
        data = handler(self)
        if isinstance(data, dict):
            for name in omitted:
                if name in data and data[name] is None:
                    del data[name]
        return data

    return serialize


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a report whose `schema` field is llmdiag.report/v1."""
    schema = pydantic_models()["Report"].model_json_schema(by_alias=True)
    schema.setdefault("description", f"A llmdiag report; its `schema` field is {SCHEMA_ID}.")
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": JSON_SCHEMA_ID, **schema}


# -- JSON as pydantic-core writes it ------------------------------------------------------------

_INF = float("inf")


def _float(v: float) -> str:
    """pydantic-core's float text: the shortest digits that read back (as repr), written plainly
    from 1e-5 up to below 1e16 ("0.00001", "100.0"), else as "1.5e+300" / "1e-7"; inf and nan are null."""
    if v != v or v in (_INF, -_INF):
        return "null"
    r = repr(v)
    sign = "-" if r[0] == "-" else ""
    mantissa, _, exp = r[len(sign):].partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    point = len(whole) + int(exp or 0) - (len(whole + frac) - len(digits))  # value = 0.DIGITS * 10**point
    digits = digits.rstrip("0")
    n = len(digits)
    if not digits:
        out = "0.0"
    elif n <= point <= 16:
        out = digits + "0" * (point - n) + ".0"
    elif 0 < point <= 16:
        out = digits[:point] + "." + digits[point:]
    elif -5 < point <= 0:
        out = "0." + "0" * -point + digits
    else:
        out = digits[0] + ("." + digits[1:] if n > 1 else "") + f"e{point - 1:+d}"
    return sign + out


def _key(k: Any) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, bool):
        return "true" if k else "false"
    return str(k)


def _write(v: Any, out: list[str], indent: str | None, level: int) -> None:
    if isinstance(v, str):
        out.append(_json_str(v))
    elif v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(int.__repr__(v))
    elif isinstance(v, float):
        out.append(_float(v))
    elif isinstance(v, (dict, list, tuple)):
        is_dict = isinstance(v, dict)
        if not v:
            out.append("{}" if is_dict else "[]")
            return
        if indent is None:
            sep, close, colon = ",", "}" if is_dict else "]", ":"
            out.append("{" if is_dict else "[")
        else:
            pad = "\n" + indent * (level + 1)
            sep, colon = "," + pad, ": "
            close = "\n" + indent * level + ("}" if is_dict else "]")
            out.append(("{" if is_dict else "[") + pad)
        first = True
        for item in (v.items() if is_dict else v):
            if not first:
                out.append(sep)
            first = False
            if is_dict:
                out.append(_json_str(_key(item[0])))
                out.append(colon)
                item = item[1]
            _write(item, out, indent, level + 1)
        out.append(close)
    else:
        raise TypeError(f"cannot write {type(v).__name__} as report JSON")


def dumps(value: Any, indent: int | None = 2) -> str:
    """JSON text of plain values (dict, list, str, int, float, bool, None) in pydantic-core's layout."""
    out: list[str] = []
    _write(value, out, None if indent is None else " " * indent, 0)
    return "".join(out)
