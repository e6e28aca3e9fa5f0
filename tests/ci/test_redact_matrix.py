"""Redaction, generated: every secret shape in every way a name can carry it, on every kind of line,
through the redactor (the whole matrix) and through every output format (a subset of it, by the
report renderers and by the CLI). A secret must show in no output; the names around it (flags, keys,
hosts) stay readable."""

from __future__ import annotations

import json
import re

import pytest

from diagnose import outputs
from diagnose.redact import Redactor, redact_report
from diagnose.report import Evidence

from .reports import diag, report

SHAPES = {
    "hf": "hf_FAKEmAtRiXaBcDeFgHiJkLmNoPq0123",
    "openai": "sk-proj-FAKEmatrix0123456789abcdefghij",
    "aws": "AKIAFAKEMATRIX123456",
    "aliyun": "LTAI5tFAKEmatrix1234",
    "tencent": "AKIDFAKEmatrix0123456789abcdefABCDEF",
    "volcengine": "AKLTFAKEmatrix0123456789ab",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJGQUtFIn0.FAKEsigMatrix0123456",
    "alnum": "Xq7pL2mN9vR4tY8wZk3",
    "letters": "correcthorsebatterystaple",
    "short": "hunter2",
    "slash": "Pa55w0rdX/Sl4shY+Zq9=",
    "dashes": "s3cr3t-w1th-d4shes-Qx",
}

# name form -> (fragment, what stays readable)
FORMS = {
    "dash flag, space": ("--api-key {s}", "--api-key"),
    "dash flag, =": ("--hf-token={s}", "--hf-token"),
    "underscore flag, space": ("--api_key {s}", "--api_key"),
    "underscore flag, =": ("--hf_token={s}", "--hf_token"),
    "argv list": ("['vllm', 'serve', '--api-key', '{s}']", "--api-key"),
    "env var": ("HF_TOKEN={s}", "HF_TOKEN"),
    "env var, quoted": ('export OPENAI_API_KEY="{s}"', "OPENAI_API_KEY"),
    "env var, glued": ("PGPASSWORD={s}", "PGPASSWORD"),
    "camelCase, =": ("accessToken={s}", "accessToken"),
    "camelCase, JSON": ('{{"apiToken": "{s}"}}', "apiToken"),
    "snake_case, =": ("db_password={s}", "db_password"),
    "keyword argument": ("ServerArgs(api_key='{s}', port=8000)", "api_key"),
    "JSON key": ('{{"api_key": "{s}", "port": 8000}}', "api_key"),
    "escaped JSON key": ('{{\\"api_key\\": \\"{s}\\", \\"port\\": 8000}}', "api_key"),
    "dict repr": ("{{'hf_token': '{s}', 'port': 8000}}", "hf_token"),
    "YAML": ("client_secret: {s}", "client_secret"),
    "header, bearer": ("Authorization: Bearer {s}", "Authorization: Bearer"),
    "header, basic": ("Authorization: Basic {s}", "Authorization: Basic"),
    "header, JSON": ('{{"Authorization": "Bearer {s}"}}', "Authorization"),
    "header, api key": ("X-Api-Key: {s}", "X-Api-Key"),
    "query string": ("GET https://hf.co/x?token={s}&rev=main", "&rev=main"),
    "URL, user and password": ("https://bob:{s}@proxy.corp:3128/x", "proxy.corp:3128"),
    "URL, empty user": ("redis://:{s}@cache.internal:6379/0", "cache.internal:6379"),
    "tuple value": ("{{'api_key': ('{s}',), 'port': 8000}}", "'port': 8000"),
    "URL-encoded query": ("login?next=https%3A%2F%2Fhf.co%2Fx%3Frev%3Dmain%26token%3D{s}%26n%3D1", "%26n%3D1"),
}

# line context -> (the line around a fragment, what stays readable)
CONTEXTS = {
    "plain": (lambda f: f"{f} --port 8000", "--port 8000"),
    "vLLM": (lambda f: f"INFO 01-02 03:04:05 [api_server.py:1] args: {f} --port 8000", "api_server.py:1"),
    "EngineCore": (lambda f: f"(EngineCore pid=1) ERROR 01-02 03:04:05 [core.py:9] {f}", "EngineCore pid=1"),
    "Docker JSON": (lambda f: json.dumps({"log": f"(APIServer pid=1) INFO 01-02 03:04:05 [x.py:1] {f}\n",
                                          "stream": "stderr", "time": "2025-01-02T03:04:05.1Z"}), "stderr"),
    "args repr": (lambda f: f"INFO 01-02 03:04:05 [utils.py:1] non-default args: {{'model': 'm', 'cmd': {f!r}}}",
                  "non-default args"),
}


def needles(secret: str) -> list[str]:
    """The secret and each longer run of letters and digits in it: a part of a secret is a leak too,
    and a renderer's escaping (hf\\_...) must not hide a leak from the check."""
    return [secret] + [run for run in re.findall(r"[A-Za-z0-9]+", secret) if len(run) >= 5]


def leaks(out: str, secrets) -> list[str]:
    return sorted({n for s in secrets for n in needles(s) if n in out})


@pytest.mark.parametrize("form", FORMS)
def test_every_shape_in_every_context_is_redacted(form):
    fragment, keep = FORMS[form]
    bad = []
    for shape, secret in SHAPES.items():
        for ctx, (wrap, ctx_keep) in CONTEXTS.items():
            line = wrap(fragment.format(s=secret))
            out = Redactor().text(line)
            if leaks(out, [secret]) or keep not in out or ctx_keep not in out or "[REDACTED]" not in out:
                bad.append(f"{shape} / {ctx}: {line!r} -> {out!r}")
    assert bad == []


def _matrix_lines() -> list[tuple[str, str]]:
    """(line, secret): every form in every context once, the shapes taking turns."""
    shapes = list(SHAPES.values())
    out = []
    for i, fragment in enumerate(f for f, _ in FORMS.values()):
        for j, (wrap, _) in enumerate(CONTEXTS.values()):
            secret = shapes[(i + j) % len(shapes)]
            out.append((wrap(fragment.format(s=secret)), secret))
    return out


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "junit", "github"])
def test_every_format_renders_the_matrix_redacted(fmt):
    lines = _matrix_lines()
    evidence = [Evidence(line=n, text=text) for n, (text, _) in enumerate(lines, 1)]
    d = diag(1, title=f"failed with {lines[0][0]}", evidence=evidence, remediation=[t for t, _ in lines[:20]])
    raw = report(diagnoses=[d], warnings=[t for t, _ in lines])
    secrets = {s for _, s in lines}
    assert leaks(outputs.render(raw, fmt), secrets)  # the planted secrets show without redaction
    out = outputs.render(redact_report(raw), fmt)
    assert leaks(out, secrets) == []
    if fmt in ("json", "text", "markdown"):  # these show every evidence line
        assert [k for _, k in FORMS.values() if k.split(":")[0] not in out] == []


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "junit", "github"])
def test_the_cli_leaks_no_secret_of_a_log_of_the_matrix(fmt, cli_run, tmp_path):
    """A failing start whose first exception carries every name form (the shapes taking turns): the
    line is the evidence of the report's leading diagnosis in every format."""
    shapes = list(SHAPES.values())
    used = [(fragment.format(s=shapes[i % len(shapes)]), shapes[i % len(shapes)], keep)
            for i, (fragment, keep) in enumerate(FORMS.values())]
    log = tmp_path / "server.log"
    log.write_text(
        "INFO 01-02 03:04:00 [__init__.py:1] Automatically detected platform cuda.\n"
        "(EngineCore pid=1) ERROR 01-02 03:04:05 [core.py:9] EngineCore failed to start.\n"
        "(EngineCore pid=1) Traceback (most recent call last):\n"
        '(EngineCore pid=1)   File "/srv/app/core.py", line 1, in run\n'
        "(EngineCore pid=1) ValueError: cannot connect with " + " ; ".join(f for f, _, _ in used) + "\n"
        "RuntimeError: Engine core initialization failed. See root cause above.\n")
    secrets = {s for _, s, _ in used}
    rc, raw, _ = cli_run("explain", str(log), "--format", fmt, "--no-redact")
    assert len(leaks(raw, secrets)) >= len(secrets)  # the secrets reach the report ...
    rc, out, err = cli_run("explain", str(log), "--format", fmt)
    assert rc == 1 and leaks(out + err, secrets) == []  # ... and never leave it
    if fmt in ("json", "markdown"):  # text and GitHub cut a long line, JUnit writes quotes as &quot;
        assert [k for _, _, k in used if k not in out.replace("\\", "")] == []


@pytest.mark.parametrize("line", [
    "basic functionality test passed; Bearer authentication is configured",
    "Authorization header missing; token budget 8192",
    "maxTokens: 8192, maxToken=4096, tokenizer: meta-llama/Llama-3-8B, use_auth_token: None",
    "eosToken: </s>, firstToken=3, padToken: <pad>, tokenizerMode: auto",
    "pip install git+https://github.com/org/repo@v1.0 and https://github.com:443/org/repo@v1",
    "postgres://db.internal:5432/app, redis://cache.internal:6379/0",
    "passwordless sudo; no password given",
    '{"log":"INFO 01-02 03:04:05 [x.py:1] max_num_batched_tokens=8192\\n","stream":"stderr"}',
    "non-default args: {'api_key': None, 'hf_token': None, 'token': True}",
    "['vllm', 'serve', '--api-key', '--port', '8000']",
])
def test_diagnostic_text_near_the_new_forms_survives(line):
    assert Redactor().text(line) == line


@pytest.mark.parametrize("unit, tail", [
    ("a.", " token"),  # a dotted run: every dot once began a name that was read to the end of the run
    ("\\", "api_key="),  # a run of backslashes: every one began an escaped quote
    ("eyJ-", ""),  # every eyJ began a JWT
    ("x.--", " fe80::1"),  # every dash began an interface name of an IPv6 address
    ("Key://,=fe80::", "@"),  # every scheme read its password to the end of the line
    ("h.", " node-1:1:1 [0] NCCL INFO x"),  # a host looked up at each dot of a dotted run
    ("%3Fa%3D", " token"),  # every encoded name began a name
    ("key%26", "token%3D"),  # an encoded & in a value
])
def test_a_64kib_line_of_a_repeated_unit_is_read_once(unit, tail):
    """Lines are cut at 64 KiB; these took from seconds to many minutes each when a pattern re-read
    the rest of the line from every repetition (no time is asserted: quadratic would stall CI)."""
    line = tail + unit * (65536 // len(unit)) + tail
    out = Redactor().text(line)
    assert len(out) >= len(line) // 2
