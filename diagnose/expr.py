"""A small, safe expression language for rules (`when`, `compute`, `{...}` in templates).

Parsed with `ast` and evaluated by walking an allow-list of node types: no attribute access, no
subscripts, no calls except the functions below, no names except the given values. A name that is
not given raises `Missing`.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from functools import lru_cache
from typing import Any, Mapping

MAX_EXPR_LEN = 500
# What one expression or template may produce, bounded like regexes are: a user's rule pack must not
# be able to make a report hang or take gigabytes (`{n:0800000000d}`, `[0] * 10**9`, a compute entry
# that doubles the one before it, a 64 KiB captured line filled in a thousand times).
MAX_TEXT_LEN = 100_000  # characters of a text value inside an expression
MAX_LIST_LEN = 1_000  # items of a list value
MAX_INT_BITS = 10_000  # an integer of about 3000 digits
MAX_FORMAT_WIDTH = 100  # `{x:>100}`
MAX_FORMAT_PRECISION = 30  # `{x:.30f}`
MAX_FIELDS = 100  # `{...}` placeholders in one template
MAX_FIELD_CHARS = 1_000  # characters one filled-in placeholder adds (longer values are cut, with "...")
MAX_RENDERED_CHARS = 10_000  # characters of one filled-in template (title, explanation, a remediation)


class Missing(Exception):
    """A name the expression needs is not known for this log."""


class ExprError(ValueError):
    """The expression is not valid in the rule language."""


def _version_key(v: Any) -> tuple:
    """'0.11.1' < '0.11.1.post1'; '0.11.1.dev5+g12' and '0.11.1rc1' sort before '0.11.1'."""
    text = str(v).strip().lstrip("v").split("+")[0]
    m = re.match(r"\d+(?:\.\d+)*", text)
    release = [int(p) for p in m.group(0).split(".")] if m else [0]
    release = (release + [0] * 4)[:4]
    rest = text[m.end():] if m else text
    pre = 0 if re.search(r"dev|rc|a\d|b\d", rest) else (2 if "post" in rest else 1)
    return (*release, pre)


class Version(str):
    """A string that compares as a version."""

    def _k(self, other):
        return _version_key(self), _version_key(other)

    def __lt__(self, other):
        a, b = self._k(other)
        return a < b

    def __le__(self, other):
        a, b = self._k(other)
        return a <= b

    def __gt__(self, other):
        a, b = self._k(other)
        return a > b

    def __ge__(self, other):
        a, b = self._k(other)
        return a >= b

    def __eq__(self, other):
        a, b = self._k(other)
        return a == b

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


def _round_to(x, step, fn):
    step = step or 1
    value = fn(float(x) / step + 1e-9 * (1 if fn is math.floor else -1)) * step
    if float(step).is_integer():
        return int(value)
    decimals = max(0, len(repr(float(step)).split(".")[1]))
    return round(value, decimals)


def _round_down(x, step=1):
    """Largest multiple of step <= x (int for integer steps: 31696 -> 31680 with 16)."""
    return _round_to(x, step, math.floor)


def _round_up(x, step=1):
    """Smallest multiple of step >= x (0.913 -> 0.92 with 0.01)."""
    return _round_to(x, step, math.ceil)


def _size(text) -> int:
    """Bytes of a size as torch and the engines print it ("1029.51 GiB", "20.00 MiB"): the preflight's
    parser of sizes, imported on first use (a rule's `when` on an out-of-memory line)."""
    from diagnose.preflight.cmdline import parse_size  # (its CommandError is a ValueError: missing here)

    return parse_size(text)


FUNCS = {
    "min": min, "max": max, "abs": abs, "round": round, "int": int, "float": float,
    "floor": math.floor, "ceil": math.ceil, "round_down": _round_down, "round_up": _round_up,
    "gib": lambda b: float(b) / (1 << 30), "size": _size, "version": Version, "str": str,
    "count": lambda text, part: str(text).count(str(part)),  # count(list, ",") + 1: the items of a list
    "default": None,  # default(x, y): x, or y where x is missing (evaluated in _eval: x may not be known)
}
_BIN = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_CMP = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
        ast.Gt: operator.gt, ast.GtE: operator.ge, ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.Name, ast.Constant, ast.Call,
            ast.IfExp, ast.Load, ast.And, ast.Or, ast.Not, ast.USub, ast.UAdd, ast.List, ast.Tuple,
            *_BIN, *_CMP)


@lru_cache(maxsize=4096)
def compile_expr(src: str) -> ast.Expression:
    if len(src) > MAX_EXPR_LEN:
        raise ExprError(f"expression longer than {MAX_EXPR_LEN} characters")
    try:
        tree = ast.parse(src.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExprError(f"invalid expression {src!r}: {exc.msg}") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise ExprError(f"{type(node).__name__} is not allowed in expression {src!r}")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in FUNCS):
            raise ExprError(f"only these functions are allowed: {', '.join(sorted(FUNCS))} (in {src!r})")
        if isinstance(node, ast.Call) and node.keywords:
            raise ExprError(f"keyword arguments are not allowed (in {src!r})")
        if isinstance(node, ast.Call) and node.func.id == "default" and len(node.args) != 2:  # type: ignore[union-attr]
            raise ExprError(f"default() takes two arguments: the value and what stands for it when it is missing (in {src!r})")
        if isinstance(node, ast.Constant) and isinstance(node.value, (bytes, complex)):
            raise ExprError(f"constant {node.value!r} is not allowed")
    return tree


def names_in(src: str) -> set[str]:
    tree = compile_expr(src)
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in FUNCS}


def _eval(node: ast.AST, env: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Expression):
        return _eval(node.body, env)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env:
            value = env[node.id]
            if value is None:
                raise Missing(node.id)
            return value
        if node.id in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.id]
        raise Missing(node.id)
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, env), _eval(node.right, env)
        if isinstance(node.op, ast.Pow) and (abs(float(right)) > 64 or abs(float(left)) > 1e6):
            raise ExprError("exponent too large")
        if isinstance(left, str) or isinstance(right, str):
            if not isinstance(node.op, ast.Add):
                raise ExprError("only + works on text")
            return _bounded(str(left) + str(right))
        if isinstance(left, list) or isinstance(right, list):
            if not (isinstance(node.op, ast.Add) and isinstance(left, list) and isinstance(right, list)):
                raise ExprError("only + of two lists works on lists")
            return _bounded(left + right)
        if (isinstance(node.op, ast.Mult) and isinstance(left, int) and isinstance(right, int)
                and left.bit_length() + right.bit_length() > MAX_INT_BITS):
            raise ExprError("number too large")
        try:
            return _BIN[type(node.op)](left, right)
        except ZeroDivisionError:
            raise Missing("division by zero") from None
    if isinstance(node, ast.UnaryOp):
        v = _eval(node.operand, env)
        if isinstance(node.op, ast.Not):
            return not v
        return -v if isinstance(node.op, ast.USub) else +v
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            result = True
            for value in node.values:
                result = _eval(value, env)
                if not result:
                    return result
            return result
        result = False
        for value in node.values:
            try:
                result = _eval(value, env)
            except Missing:
                continue
            if result:
                return result
        return result
    if isinstance(node, ast.Compare):
        left = _eval(node.left, env)
        for op, comp in zip(node.ops, node.comparators):
            right = _eval(comp, env)
            a, b = left, right
            if isinstance(a, Version) or isinstance(b, Version):
                a, b = Version(a), Version(b)
            elif isinstance(a, str) != isinstance(b, str) and not isinstance(op, (ast.In, ast.NotIn)):
                a, b = _coerce(a), _coerce(b)
            if not _CMP[type(op)](a, b):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body, env) if _eval(node.test, env) else _eval(node.orelse, env)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_eval(e, env) for e in node.elts]
    if isinstance(node, ast.Call):
        if node.func.id == "default":  # type: ignore[union-attr]
            try:
                return _eval(node.args[0], env)
            except Missing:
                return _eval(node.args[1], env)
        args = [_eval(a, env) for a in node.args]
        try:
            return FUNCS[node.func.id](*args)  # type: ignore[union-attr]
        except (TypeError, ValueError, OverflowError) as exc:
            raise Missing(f"{node.func.id}: {exc}") from None  # type: ignore[union-attr]
    raise ExprError(f"unsupported node {type(node).__name__}")


def _bounded(value):
    if isinstance(value, str) and len(value) > MAX_TEXT_LEN:
        raise ExprError(f"text longer than {MAX_TEXT_LEN} characters")
    if isinstance(value, list) and len(value) > MAX_LIST_LEN:
        raise ExprError(f"list longer than {MAX_LIST_LEN} items")
    return value


def _coerce(v):
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return v
    return v


def evaluate(src: str, env: Mapping[str, Any]) -> Any:
    return _eval(compile_expr(src), env)


TEMPLATE_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]+)\}")
_SPEC = re.compile(r"[<>^=]?[+\- ]?#?0?(\d*)[,_]?(?:\.(\d+))?[bcdeEfFgGnosxX%]?")


def _spec_problem(spec: str) -> str | None:
    """Why a format spec is refused (a width or precision past the limits), or None."""
    m = _SPEC.fullmatch(spec)
    width, precision = (m.group(1), m.group(2)) if m else ("", None)
    if width and int(width) > MAX_FORMAT_WIDTH:
        return f"format width {int(width)} is larger than {MAX_FORMAT_WIDTH}"
    if precision and int(precision) > MAX_FORMAT_PRECISION:
        return f"format precision {int(precision)} is larger than {MAX_FORMAT_PRECISION}"
    return None


def _fmt(value: Any, spec: str | None) -> str:
    if spec and _spec_problem(spec) is None:  # a spec past the limits is left out (rule loading refuses it)
        try:
            return format(value, spec)
        except (ValueError, TypeError):
            pass
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        if abs(value) < 0.01:  # (two decimals would print 0.001 s as 0)
            return f"{value:.2g}"
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, bool):
        return "true" if value else "false"
    try:
        return str(value)
    except ValueError:  # an integer with more digits than Python prints
        return "(a number too large to print)"


def _split_spec(inner: str) -> tuple[str, str | None]:
    # `{x:.1f}`: a format spec follows the last ':' that is not inside a string
    idx = inner.rfind(":")
    if idx > 0 and _SPEC.fullmatch(inner[idx + 1:]):
        return inner[:idx], inner[idx + 1:]
    return inner, None


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def render(template: str, env: Mapping[str, Any], missing: str | None = "?") -> str:
    """Fill `{expr}` / `{expr:spec}` placeholders. With missing=None, raise Missing instead.

    Bounded whatever the rule and the log: at most MAX_FIELDS placeholders are filled (the rest
    become `?`), each adds at most MAX_FIELD_CHARS, and the result is cut at MAX_RENDERED_CHARS."""
    fields = 0
    size = 0

    def sub(m: re.Match) -> str:
        nonlocal fields, size
        tok = m.group(0)
        if tok == "{{":
            return "{"
        if tok == "}}":
            return "}"
        fields += 1
        if fields > MAX_FIELDS or size > MAX_RENDERED_CHARS:
            return "?"
        expr, spec = _split_spec(m.group(1))
        try:
            text = _cut(_fmt(evaluate(expr, env), spec), MAX_FIELD_CHARS)
        except Missing:
            if missing is None:
                raise
            text = missing
        size += len(text)
        return text

    return _cut(TEMPLATE_FIELD.sub(sub, template), MAX_RENDERED_CHARS)


def template_names(template: str) -> set[str]:
    """Names a template's placeholders use; ExprError for a template past the limits (too many
    placeholders, a format width or precision too large) or an expression outside the language."""
    names: set[str] = set()
    fields = 0
    for m in TEMPLATE_FIELD.finditer(template):
        if m.group(1):
            fields += 1
            if fields > MAX_FIELDS:
                raise ExprError(f"more than {MAX_FIELDS} {{...}} placeholders in one template")
            expr, spec = _split_spec(m.group(1))
            problem = spec and _spec_problem(spec)
            if problem:
                raise ExprError(f"{problem} (in {{{m.group(1)[:60]}}})")
            names |= names_in(expr)
    return names
