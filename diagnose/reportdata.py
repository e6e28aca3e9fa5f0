"""The report as plain Python objects: what explain, watch and run build, redact and render.

`diagnose.report` (pydantic) stays the contract and the source of its JSON Schema, but importing
pydantic and building its models costs about a fifth of a cold start, so the runtime path uses
these mirrors: the same classes, fields, order, defaults and alias (tests/test_reportdata.py keeps
them in step), the same attribute access, `model_dump` / `model_copy`, and `Report.to_json`
byte-identical to pydantic's `model_dump_json(by_alias=True)`.

Building one does not validate: the pipeline's own dicts are trusted. Unknown or missing keys
still raise, and the conversions pydantic would make are made (dicts into the nested classes,
ints into float fields, fresh lists and dicts). Where a nested value is a pydantic model (tests
build those), it is taken over through its `model_dump`.
"""

from __future__ import annotations

from json.encoder import encode_basestring as _json_str  # escapes like serde_json: raw unicode, \u00XX
from typing import Any, Mapping, NamedTuple

SCHEMA_ID = "llmdiag.report/v1"


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # the default of a field that must be given


class Field(NamedTuple):
    """One field as pydantic declares it. kind: "" (kept as given), "float" (ints become floats),
    "list" / "dict" (copied), "model" (one nested object or None), "models" (a list of them)."""

    name: str
    default: Any = REQUIRED
    kind: str = ""
    model: type | None = None
    alias: str | None = None


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


class _Data:
    """Base of the mirrors: construction from keywords or a dict, dump, copy, equality by value."""

    __slots__ = ()
    _fields: tuple[Field, ...] = ()
    _keys: frozenset[str] = frozenset()

    def __init_subclass__(cls) -> None:
        cls._keys = frozenset(f.name for f in cls._fields) | {f.alias for f in cls._fields if f.alias}

    def __init__(self, **data: Any) -> None:
        self._fill(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]):
        """From a dict keyed by field name or alias (what `model_dump` or the pipeline gives)."""
        obj = cls.__new__(cls)
        obj._fill(data)
        return obj

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
        """Nested dicts and lists, fresh containers (as pydantic's python-mode dump)."""
        return {(f.alias if by_alias and f.alias else f.name): _dump(getattr(self, f.name), by_alias)
                for f in self._fields}

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


def _slots(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields)


class Evidence(_Data):
    _fields = (Field("line"), Field("text"), Field("source", None))
    __slots__ = _slots(_fields)


class PhaseReport(_Data):
    _fields = (Field("name"), Field("status"), Field("first_line"), Field("last_line"), Field("started_at", None),
               Field("duration_s", None, "float"), Field("source", None))
    __slots__ = _slots(_fields)


class DiagnosisText(_Data):
    _fields = (Field("lang"), Field("title"), Field("explanation"), Field("remediation", kind="list"))
    __slots__ = _slots(_fields)


class Diagnosis(_Data):
    _fields = (Field("rule"), Field("category"), Field("severity"), Field("role"), Field("phase", None),
               Field("title"), Field("explanation"), Field("remediation", kind="list"),
               Field("evidence", kind="models", model=Evidence), Field("fingerprint"), Field("count", 1),
               Field("references", [], "list"), Field("ranks", [], "list"), Field("nodes", [], "list"),
               Field("confidence", "confirmed"), Field("i18n", None, "model", DiagnosisText))
    __slots__ = _slots(_fields)

    def model_dump(self, by_alias: bool = False) -> dict[str, Any]:
        data = super().model_dump(by_alias)
        if data["i18n"] is None:
            del data["i18n"]  # only a report made with --lang zh has it (as the pydantic model)
        return data


class ErrorLine(_Data):
    _fields = (Field("line"), Field("source"), Field("text"))
    __slots__ = _slots(_fields)


class RankReport(_Data):
    _fields = (Field("label"), Field("rank", None), Field("node"), Field("pid", None), Field("source"),
               Field("last_phase", None), Field("phases", [], "list"), Field("status"), Field("first_line"),
               Field("last_line"), Field("lines"), Field("error", None, "model", ErrorLine))
    __slots__ = _slots(_fields)


class NodeReport(_Data):
    _fields = (Field("name"), Field("node_rank", None), Field("sources", [], "list"), Field("ranks", [], "list"),
               Field("last_phase", None), Field("status"), Field("lines"), Field("facts", {}, "dict"),
               Field("env", {}, "dict"))
    __slots__ = _slots(_fields)


class NcclTransport(_Data):
    _fields = (Field("from_rank"), Field("to_rank"), Field("transport"), Field("node"))
    __slots__ = _slots(_fields)


class SeenBefore(_Data):
    _fields = (Field("fingerprint"), Field("rule"), Field("count"), Field("days"), Field("first_seen", None))
    __slots__ = _slots(_fields)


class SlowPhase(_Data):
    _fields = (Field("phase"), Field("duration_s", kind="float"), Field("median_s", kind="float"),
               Field("ratio", kind="float"), Field("runs"))
    __slots__ = _slots(_fields)


class HistoryInfo(_Data):
    _fields = (Field("model", None), Field("previous_runs", 0), Field("seen", [], "models", SeenBefore),
               Field("slow_phases", [], "models", SlowPhase), Field("notes", [], "list"))
    __slots__ = _slots(_fields)


class AfterReady(_Data):
    _fields = (Field("state"), Field("line", None), Field("ready_line", None))
    __slots__ = _slots(_fields)


class ProbeInfo(_Data):
    _fields = (Field("result"), Field("url"), Field("ttft_s", None, "float"), Field("detail", ""))
    __slots__ = _slots(_fields)


class Report(_Data):
    _fields = (Field("schema_", SCHEMA_ID, alias="schema"), Field("engine"), Field("engine_version", None),
               Field("outcome"), Field("after_ready", None, "model", AfterReady), Field("last_phase", None), Field("phases", kind="models", model=PhaseReport),
               Field("diagnoses", kind="models", model=Diagnosis), Field("model", None),
               Field("facts", {}, "dict"), Field("inputs", [], "list"), Field("lines", 0),
               Field("warnings", [], "list"), Field("history", None, "model", HistoryInfo),
               Field("ranks", [], "models", RankReport), Field("nodes", [], "models", NodeReport),
               Field("nccl", [], "models", NcclTransport), Field("probe", None, "model", ProbeInfo))
    __slots__ = _slots(_fields)

    def to_json(self, indent: int | None = 2) -> str:
        """Byte for byte what pydantic's `model_dump_json(by_alias=True, indent=indent)` writes."""
        return dumps(self.model_dump(by_alias=True), indent)


def died_after_ready(report: Any) -> bool:
    """The server came up, then died (`after_ready.state` died; docs/contract.md): a report of either model."""
    return report.outcome == "ready" and report.after_ready is not None and report.after_ready.state == "died"


def as_light(report: Any) -> Report:
    """The report as a `Report` of this module (a pydantic `diagnose.report.Report` is converted)."""
    return report if isinstance(report, Report) else Report.from_dict(report.model_dump(by_alias=True))


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
