"""Helpers for the robustness suite: run the installed `llmdiag` as a real process, check that a
failure is one line (never a traceback), validate JSON against `llmdiag schema`, and measure peak
memory with getrusage in a wrapper process (no timing assertions anywhere)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"
WAIT_S = 120.0  # a hang guard, never a performance assertion

# CI profile: small and derandomized so the suite is reproducible and fits the time budget.
# `LLMDIAG_FUZZ_EXAMPLES=N` (see tools/fuzz/README.md) runs the same properties N times each.
FUZZ_EXAMPLES = int(os.environ.get("LLMDIAG_FUZZ_EXAMPLES", "0"))
fuzz = settings(  # applied per test, so other suites' hypothesis settings are untouched
    max_examples=FUZZ_EXAMPLES or 40, deadline=None, derandomize=not FUZZ_EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def llmdiag_cmd() -> list[str]:
    """The installed console script beside this Python (what users run), else `python -m diagnose`."""
    script = shutil.which("llmdiag", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "diagnose"]


def env(**extra: str) -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), *([e["PYTHONPATH"]] if e.get("PYTHONPATH") else [])])
    e["NO_COLOR"] = "1"
    e.pop("LLMDIAG_RULES", None)
    e.pop("GITHUB_STEP_SUMMARY", None)
    e.update(extra)
    return e


def run(args: list[str], stdin=None, input_bytes: bytes | None = None, timeout: float = WAIT_S, **kw):
    """Run llmdiag; return (rc, stdout bytes, stderr text)."""
    proc = subprocess.run([*llmdiag_cmd(), *args], stdin=stdin, input=input_bytes, capture_output=True,
                          timeout=timeout, env=kw.pop("env", None) or env(), **kw)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def assert_no_traceback(err: str) -> None:
    assert "Traceback (most recent call last)" not in err, err[-3000:]
    assert "internal error" not in err, err[-3000:]


def assert_one_line_error(rc: int, err: str, needle: str = "") -> None:
    """A usage or input problem: exit 2 and exactly one `llmdiag: error:` line."""
    assert rc == 2, (rc, err)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("llmdiag: error: "), err
    assert needle in lines[0], lines[0]
    assert_no_traceback(err)


_SCHEMA: dict | None = None


def report_schema() -> dict:
    global _SCHEMA
    if _SCHEMA is None:
        from diagnose.report import json_schema

        _SCHEMA = json_schema()
    return _SCHEMA


def validate(instance, schema: dict | None = None, root: dict | None = None, path: str = "$") -> None:
    """A small JSON Schema checker for the keywords `llmdiag schema` uses (no jsonschema dependency)."""
    root = root or report_schema()
    schema = root if schema is None else schema
    if "$ref" in schema:
        ref = schema["$ref"].split("/")[-1]
        return validate(instance, root["$defs"][ref], root, path)
    if "anyOf" in schema:
        errors = []
        for alt in schema["anyOf"]:
            try:
                return validate(instance, alt, root, path)
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{path}: matches no alternative: {errors}")
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    if kind == "integer":
        assert isinstance(instance, int) and not isinstance(instance, bool), f"{path}: not an integer"
    elif kind == "number":
        assert isinstance(instance, (int, float)) and not isinstance(instance, bool), f"{path}: not a number"
    elif kind in types:
        assert isinstance(instance, types[kind]), f"{path}: not {kind}: {instance!r:.80}"
    if "enum" in schema:
        assert instance in schema["enum"], f"{path}: {instance!r} not in {schema['enum']}"
    if "const" in schema:
        assert instance == schema["const"], f"{path}: {instance!r} != {schema['const']!r}"
    if "minimum" in schema:
        assert instance >= schema["minimum"], f"{path}: {instance} < {schema['minimum']}"
    if isinstance(instance, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            assert key in instance, f"{path}: missing {key}"
        for key, value in instance.items():
            if key in props:
                validate(value, props[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                raise AssertionError(f"{path}: unexpected field {key}")
    if isinstance(instance, list) and "items" in schema:
        for i, item in enumerate(instance):
            validate(item, schema["items"], root, f"{path}[{i}]")


def physical_line_count(data: bytes) -> int:
    """Lines as llmdiag numbers them: split on b"\\n"; a last line without newline counts."""
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def check_report_json(text: str | bytes, n_lines: int | None = None, sources: dict[str, int] | None = None) -> dict:
    """Valid JSON, valid against the schema, every line number inside the input."""
    report = json.loads(text)
    validate(report)
    assert report["schema"] == "llmdiag.report/v1"

    def inside(n: int, source: str | None) -> None:
        limit = (sources or {}).get(source, n_lines) if source else n_lines
        if limit is not None:
            assert 1 <= n <= max(limit, 1), f"line {n} outside the input ({limit} lines, {source})"

    for ph in report["phases"]:
        inside(ph["first_line"], ph.get("source"))
        inside(ph["last_line"], ph.get("source"))
        assert ph["duration_s"] is None or ph["duration_s"] >= 0, ph
    for d in report["diagnoses"]:
        for ev in d["evidence"]:
            inside(ev["line"], ev.get("source"))
    return report


def peak_rss_mb(args: list[str], stdin_path: str | None = None, timeout: float = WAIT_S,
                extra_env: dict | None = None) -> tuple[int, float, str]:
    """Run llmdiag in a wrapper process that reports the largest RSS of its children (getrusage),
    so the test process's own memory does not count. Returns (rc, peak MiB, stderr)."""
    code = (
        "import resource, subprocess, sys, json\n"
        "cmd = json.loads(sys.argv[1]); src = sys.argv[2]\n"
        "stdin = open(src, 'rb') if src else subprocess.DEVNULL\n"
        "p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
        "sys.stderr.write(p.stderr.decode('utf-8', 'replace'))\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, json.dumps([*llmdiag_cmd(), *args]), stdin_path or ""],
                          capture_output=True, timeout=timeout, env=env(**(extra_env or {})))
    rc, kib = proc.stdout.decode().split()
    return int(rc), int(kib) / 1024, proc.stderr.decode("utf-8", "replace")


@pytest.fixture(scope="session")
def rules():
    from diagnose.pipeline import load_rules

    loaded, errors = load_rules()
    assert not errors, errors
    return loaded


def sample(name: str) -> Path:
    found = sorted(SAMPLES.rglob(name))
    assert found, name
    return found[0]



def fuzz_n(n: int):
    """`fuzz` with another CI example count (expensive properties); the long run scales it up."""
    return settings(fuzz, max_examples=FUZZ_EXAMPLES or n)
