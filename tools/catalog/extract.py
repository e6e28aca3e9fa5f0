"""Message templates from Python source, read with `ast` (never with regexes over the source).

A template is the literal text of an error or warning with each run-time value replaced by `{}`:
f-string fields, `%s`/`%d`/`%(name)s` of %-formatting (the logging style too) and `{}`/`{name}` of
`.format`. A call whose message is a plain variable takes the literal messages bound to that name in
the same function (`msg = f"..."; raise ValueError(msg)`).
"""

from __future__ import annotations

import ast
import re
import string

MARK = "{}"
LOG_LEVELS = {"error": "error", "error_once": "error", "warning": "warning", "warning_once": "warning",
              "warn": "warning", "warn_once": "warning", "exception": "exception", "critical": "critical",
              "fatal": "critical"}
_PCT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]")


class Part:
    """A literal piece of text, or a run-time value (`hint`: the source of the expression)."""

    __slots__ = ("text", "hint")

    def __init__(self, text: str | None, hint: str = ""):
        self.text, self.hint = text, hint


def _src(node: ast.AST) -> str:
    try:
        return ast.unparse(node)[:80]
    except Exception:  # noqa: BLE001
        return ""


def parts_of(node: ast.AST | None, args: list[ast.AST] | None = None) -> list[Part] | None:
    """The parts of a message expression, or None when it has no literal text."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if args:  # logging style: logger.warning("... %s", x)
            return _percent(node.value, args)
        return [Part(node.value)]
    if isinstance(node, ast.JoinedStr):
        out: list[Part] = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(Part(str(v.value)))
            elif isinstance(v, ast.FormattedValue):
                spec = _src(v.format_spec) if v.format_spec is not None else ""
                out.append(Part(None, _src(v.value) + ("#float" if re.search(r"[fFeEg%]'?$", spec) else "")))
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
            and isinstance(node.left.value, str):
        right = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
        return _percent(node.left.value, right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = parts_of(node.left), parts_of(node.right)
        if left is None and right is None:
            return None
        return (left or [Part(None, _src(node.left))]) + (right or [Part(None, _src(node.right))])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str):
        return _format(node.func.value.value, node.args, node.keywords)
    if isinstance(node, ast.Tuple) and node.elts and isinstance(node.elts[0], ast.Constant) \
            and isinstance(node.elts[0].value, str):  # raise X(("... %s", value)): printed as the tuple's repr
        out = [Part("(" + repr(node.elts[0].value))]
        for v in node.elts[1:]:
            out += [Part(", "), Part(None, _src(v))]
        return out + [Part(")")]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and node.args:
        return parts_of(node.args[0])
    return None


def _percent(text: str, args: list[ast.AST]) -> list[Part]:
    out: list[Part] = []
    pos, i = 0, 0
    for m in _PCT.finditer(text):
        out.append(Part(text[pos:m.start()]))
        if m.group() == "%%":
            out.append(Part("%"))
        else:
            name = re.match(r"%\(([^)]*)\)", m.group())
            hint = name.group(1) if name else (_src(args[i]) if i < len(args) else "")
            i += 0 if name else 1
            conv = m.group()[-1]
            out.append(Part(None, hint + ("#int" if conv in "diouxX" else "#float" if conv in "eEfFgG" else "")))
        pos = m.end()
    out.append(Part(text[pos:]))
    return out


def _format(text: str, args, keywords) -> list[Part] | None:
    out: list[Part] = []
    auto = 0
    kw = {k.arg: k.value for k in keywords if k.arg}
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return [Part(text)]
    for literal, field, spec, _conv in parsed:
        out.append(Part(literal))
        if field is None:
            continue
        if field == "":
            node = args[auto] if auto < len(args) else None
            auto += 1
        elif field.isdigit():
            node = args[int(field)] if int(field) < len(args) else None
        else:
            node = kw.get(field.split(".")[0].split("[")[0])
        hint = _src(node) if node is not None else field
        out.append(Part(None, hint + ("#float" if spec and spec[-1:] in "fFeEg%" else "")))
    return out


def template_of(parts: list[Part]) -> str:
    text = "".join(p.text if p.text is not None else MARK for p in parts)
    return re.sub(r"(?:\{\}){2,}", MARK, text)  # adjacent fields read as one value


def literal_chars(parts: list[Part]) -> int:
    return sum(len(re.findall(r"[A-Za-z]", p.text)) for p in parts if p.text)


def regex_of(template: str) -> str:
    pieces = template.split(MARK)
    return "(.*?)".join(re.escape(p).replace("\\ ", " ") for p in pieces)


def _call_name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _receiver(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        v = func.value
        if isinstance(v, ast.Name):
            return v.id
        if isinstance(v, ast.Attribute):
            return v.attr
        if isinstance(v, ast.Call):
            return _call_name(v.func)
    return ""


def _msg_arg(call: ast.Call) -> tuple[list[Part] | None, ast.AST | None]:
    for a in call.args[:2]:
        p = parts_of(a)
        if p is not None:
            return p, a
    for k in call.keywords:
        if k.arg in ("msg", "message", "detail", "reason"):
            p = parts_of(k.value)
            if p is not None:
                return p, k.value
    return None, None


def _name_arg(call: ast.Call) -> str:
    a = call.args[0] if call.args else None
    return a.id if isinstance(a, ast.Name) else ""


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)


def _scope_of(node: ast.AST, tree: ast.AST) -> ast.AST:
    return getattr(node, "_scope", tree)


def _bound_messages(tree: ast.AST) -> dict:
    """(scope, name) -> the parts of each literal message assigned to that name in that function:
    `msg = f"..."`, and for each `msg += "..."` (often one per branch) the last assigned text plus it."""
    out: dict = {}
    base: dict = {}

    def visit(scope: ast.AST, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            child._scope = scope  # type: ignore[attr-defined]
            inner = child if isinstance(child, _SCOPES) else scope
            if isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.targets[0], ast.Name):
                parts = parts_of(child.value)
                if parts is not None:
                    key = (id(scope), child.targets[0].id)
                    base[key] = parts
                    out.setdefault(key, []).append(parts)
            elif isinstance(child, ast.AugAssign) and isinstance(child.op, ast.Add) \
                    and isinstance(child.target, ast.Name):
                key = (id(scope), child.target.id)
                parts = parts_of(child.value)
                if parts is not None and key in base:
                    out[key].append(base[key] + parts)
            visit(inner, child)

    visit(tree, tree)
    return out


def messages(source: str, filename: str = "<src>"):
    """Yield (kind, exc_or_level, parts, line) for every message in one file."""
    try:
        tree = ast.parse(source, filename)
    except (SyntaxError, ValueError):
        return
    bound = _bound_messages(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            exc = _call_name(node.exc.func)
            args = node.exc.args
            if len(args) >= 2 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str) \
                    and not any(isinstance(a, ast.Starred) for a in args):
                # raise RuntimeError("... %s", value): an exception of several arguments prints their tuple
                yield "raise", exc, parts_of(ast.Tuple(elts=list(args), ctx=ast.Load())), node.lineno
                continue
            parts, _ = _msg_arg(node.exc)
            if parts is not None:
                yield "raise", exc, parts, node.lineno
            else:  # msg = f"..."; raise ValueError(msg): every literal bound to that name in the function
                for parts in bound.get((id(_scope_of(node, tree)), _name_arg(node.exc)), []):
                    yield "raise", exc, parts, node.lineno
        elif isinstance(node, ast.Assert) and node.msg is not None:
            parts = parts_of(node.msg)
            if parts is not None:
                yield "assert", "AssertionError", parts, node.lineno
        elif isinstance(node, ast.Call):
            name, recv = _call_name(node.func), _receiver(node.func).lower()
            if name in LOG_LEVELS and ("log" in recv or recv == "warnings" and name == "warn"):
                if recv == "warnings":
                    parts, _ = _msg_arg(node)
                    if parts is not None:
                        yield "warn", "warning", parts, node.lineno
                    continue
                if node.args:
                    parts = parts_of(node.args[0], list(node.args[1:]))
                    if parts is not None:
                        yield "log", LOG_LEVELS[name], parts, node.lineno
            elif name == "exit" and recv in ("sys", "") and node.args:
                parts = parts_of(node.args[0])
                if parts is not None:
                    yield "exit", "exit", parts, node.lineno
            elif name == "error" and "pars" in recv and node.args:
                parts = parts_of(node.args[0])
                if parts is not None:
                    yield "argparse", "error", parts, node.lineno


# ---- example lines: a template with its fields filled by plausible values ----------------------

_HINTS = [
    (r"gpu_memory_utilization|mem_fraction|utilization|fraction|ratio", "0.95"),
    # vLLM's quantization checks print capabilities as integers (75), elsewhere as 7.5
    (r"min_capability|get_min_capability|^capability$|capability_int|to_int", "75"),
    (r"capability|compute_cap|\bsm\b", "7.5"),
    (r"env_name|env_var|envvar|\benv\b", "VLLM_ATTENTION_BACKEND"),
    (r"choices|options|candidates", "['FLASH_ATTN', 'TRITON_ATTN']"),
    (r"numa_nodes|numa_node_ids", "[0]"),
    (r"architectures|archs", "['FooForCausalLM']"),
    (r"missing", "{'model-00002-of-00004.safetensors'}"),
    (r"dtypes", "[torch.float16, torch.bfloat16]"),
    (r"device_str|device_key|ray_device", "GPU"),
    (r"so_file|lib_?path|library", "libnccl.so.2"),
    (r"pkg|package", "flashinfer_python"),
    (r"(?:^|_)(?:gib|gb)(?:$|_)|_gib|_gb|memory|mem\b|_mem|bytes|usage", "#float"),
    (r"port", "8000"),
    (r"host|(?:^|_)ip(?:$|_)|addr|address", "10.0.0.1"),
    (r"path|dir|file|folder|cache", "/models/llama-3-8b"),
    (r"dtype", "torch.bfloat16"),
    (r"quant", "awq"),
    (r"version", "2.5.1"),
    (r"device", "cuda:0"),
    (r"max_model_len|max_seq_len|context_len|len\b|_len|tokens|blocks|size|num|count|rank|world|tp|pp|dp|"
     r"heads|layers|idx|index|id\b|_id|\bn\b|\bi\b", "#int"),
    (r"time|timeout|seconds|secs", "300"),
    (r"backend", "FLASH_ATTN"),
    (r"platform", "cuda"),
    (r"arch|architecture", "LlamaForCausalLM"),
    (r"model|repo|name", "meta-llama/Llama-3.1-8B-Instruct"),
]
# numbers go down along a message: "X (16) is larger than Y (8)" reads as the failure it reports
_INTS = ["16", "8", "4", "2", "1"]
_FLOATS = ["20.50", "10.25", "5.12", "2.56", "1.28"]


def fill(parts: list[Part]) -> str:
    out = []
    ints = floats = 0
    for p in parts:
        if p.text is not None:
            out.append(p.text)
            continue
        hint = p.hint.lower()
        value = "#float" if hint.endswith("#float") else "#int" if hint.endswith("#int") else None
        if value is None:
            for pat, val in _HINTS:
                if re.search(pat, hint):
                    value = val
                    break
        if value is None or value == "#int":
            value, ints = _INTS[min(ints, len(_INTS) - 1)], ints + 1
        elif value == "#float":
            value, floats = _FLOATS[min(floats, len(_FLOATS) - 1)], floats + 1
        out.append(value)
    return "".join(out)
