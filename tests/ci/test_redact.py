"""Planted fake secrets never leave in any format; the values a diagnosis needs stay."""

from __future__ import annotations

import json

import pytest

from diagnose import outputs
from diagnose.redact import Redactor, redact_report, redact_text

from .reports import diag, report

HF = "hf_FAKEaBcDeFgHiJkLmNoPqRsTuVwXyZ0123"
OPENAI = "sk-proj-FAKE0123456789abcdefghijABCDEFGHIJ"
SECRETS = [HF, OPENAI, "Sup3rS3cretPw", "alice", "FAKEwJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
           "AKIAFAKEFAKEFAKE1234", "hunter2-FAKE-pw", "10.20.30.40", "gpu-node-17", "alice@example.com"]
FORMATS = ["text", "json", "markdown", "junit", "github"]


@pytest.mark.parametrize("line, expected", [
    (f"HF_TOKEN={HF} vllm serve m", "HF_TOKEN=[REDACTED] vllm serve m"),
    (f"export HUGGING_FACE_HUB_TOKEN='{HF}'", "export HUGGING_FACE_HUB_TOKEN='[REDACTED]'"),
    (f"vllm serve m --api-key {OPENAI} --port 8000", "vllm serve m --api-key [REDACTED] --port 8000"),
    ("--api-key=abc123XYZ --hf-token tok_123abc", "--api-key=[REDACTED] --hf-token [REDACTED]"),
    ("{'api_key': 'abc123', 'max_num_batched_tokens': 8192}", "{'api_key': '[REDACTED]', 'max_num_batched_tokens': 8192}"),
    ("ServerArgs(api_key='k-123', admin_api_key=None, token_num=256)",
     "ServerArgs(api_key='[REDACTED]', admin_api_key=None, token_num=256)"),
    ("Authorization: Bearer abc.def123-ghi", "Authorization: Bearer [REDACTED]"),
    ("https://bob:pa55w0rd@proxy.corp:3128/x", "https://[REDACTED]@proxy.corp:3128/x"),
    ("https://hub/resolve/main/config.json?token=abc123&x=1", "https://hub/resolve/main/config.json?token=[REDACTED]&x=1"),
    ("DB_PASSWORD=hunter2 AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI", "DB_PASSWORD=[REDACTED] AWS_SECRET_ACCESS_KEY=[REDACTED]"),
    ("File \"/home/alice/.venv/lib/x.py\"", "File \"/home/[user]/.venv/lib/x.py\""),
    ("/Users/bob/models/llama", "/Users/[user]/models/llama"),
    ("mail alice@example.com", "mail [REDACTED]"),
    # Chinese clouds' access key ids, named or not (Alibaba Cloud LTAI..., Tencent Cloud AKID..., Volcengine AKLT...)
    ("ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5tFAKEfakeFAKEfake1 oss ok", "ALIBABA_CLOUD_ACCESS_KEY_ID=[REDACTED] oss ok"),
    ("cos SecretId AKIDFAKEfakeFAKEfake0123456789abcdef used", "cos SecretId [REDACTED] used"),
    ("tos ak AKLTFAKEfakeFAKEfake0123 used", "tos ak [REDACTED] used"),
    # a token right after an escaped newline or tab of a JSON string
    ('{"log": "pulling\\nhf_FAKEaBcDeFgHiJkLmNoPqRsTuVw\\tok"}', '{"log": "pulling\\n[REDACTED]\\tok"}'),
    ('{"msg": "--api-key\\tsk-FAKE0123456789abcdefghij"}', '{"msg": "--api-key\\t[REDACTED]"}'),
    # a list value whose token was redacted by its shape first is redacted whole, no quote left behind
    ("non-default args: {'api_key': ['sk-FAKE0123456789abcdefghij'], 'port': 8000}",
     "non-default args: {'api_key': [REDACTED], 'port': 8000}"),
])
def test_secret_shapes(line, expected):
    assert redact_text(line) == expected


@pytest.mark.parametrize("line", [
    "Chunked prefill is enabled with max_num_batched_tokens=8192.",
    "--max-num-batched-tokens 8192 --max-model-len 131072 --tokenizer-mode auto",
    "vLLM API server version 0.10.1.1", "vLLM is using nccl==2.26.2",
    "NCCL_SOCKET_IFNAME=eth0 GLOO_SOCKET_IFNAME=ib0 NCCL_IB_DISABLE=1",
    "export HF_TOKEN=<token>   (in Docker: -e HF_TOKEN=$HF_TOKEN)",
    "non-default args: {'token': None, 'api_key': None, 'max_prompt_adapter_token': 0}",
    "bucket_time_to_first_token=[0.1, 0.2], kt_max_deferred_experts_per_token=4",
    "Uvicorn running on http://0.0.0.0:8000, no_proxy=localhost,127.0.0.1",
    "GPU 1 has a total capacity of 44.39 GiB of which 229.38 MiB is free",
    "File \"/root/.cache/huggingface/hub/x\" /home/runner/work/repo",
    "The maximum number of tokens 8192 exceeds; max token 4096",
    "\\nhf_home=/data/hf \\tLTAI short AKID1 AKLT-x",
])
def test_diagnostic_values_survive(line):
    assert redact_text(line) == line


def test_addresses_and_hosts_get_stable_aliases():
    r = Redactor()
    a = r.text("gpu-node-17:356:356 [0] NCCL INFO Bootstrap : Using eth0:10.20.30.40<0>")
    b = r.text("connect to (10.20.30.40, 5000) from 10.0.0.9; gpu-node-17 unreachable")
    assert a == "host-1:356:356 [0] NCCL INFO Bootstrap : Using eth0:ip-1<0>"
    assert b == "connect to (ip-1, 5000) from ip-2; host-1 unreachable"


def test_ipv6_addresses_get_the_same_stable_aliases():
    """NCCL prints `iface:addr%iface<port>`, torch `[addr]:port`; one address written two ways is one alias."""
    r = Redactor()
    a = r.text("node-0:356:356 [0] NCCL INFO Bootstrap : Using eth0:fe80::42:acff:fe11:2%eth0<0>")
    b = r.text("connect to [2001:db8::7]:29500 failed; peer 2001:0db8:0000:0000:0000:0000:0000:0007, "
               "local FE80::42:ACFF:FE11:2")
    assert a == "host-1:356:356 [0] NCCL INFO Bootstrap : Using eth0:ip-1%eth0<0>"
    assert b == "connect to [ip-2]:29500 failed; peer ip-2, local ip-1"
    assert "fe80" not in r.text("fe80::1:2 on the wire").lower()


@pytest.mark.parametrize("line", [
    "c10::Error at::Tensor std::vector c10d::Backend torch::jit",
    "10:12:46 and 23:59:59.120, MAC 00:1a:2b:3c:4d:5e, ratio 3:1",
    "listening on [::]:8000 and ::1, loopback 0:0:0:0:0:0:0:1",
    "a::b in prose, dead::beef",
])
def test_things_that_look_like_ipv6_stay(line):
    assert redact_text(line) == line


def _everything_planted():
    d = diag(1, title=f"token {HF} failed", explanation=f"HTTP 401 with --api-key {OPENAI} on 10.20.30.40",
             remediation=[f"export HF_TOKEN={HF}", "--max-num-batched-tokens 8192"],
             evidence=[{"line": 3, "text": f"https://alice:Sup3rS3cretPw@hf.co/x?token={HF}",
                        "source": "/home/alice/run.log"},
                       {"line": 4, "text": "gpu-node-17:1:1 [0] NCCL INFO NET/Socket : Using [0]eth0:10.20.30.40<0>"}])
    return report(diagnoses=[d], model="/home/alice/models/Llama-3-8B", inputs=["/home/alice/run.log"],
                  facts={"hf_token": HF, "api_key": OPENAI, "max_num_batched_tokens": 8192,
                         "cmd": "DB_PASSWORD=hunter2-FAKE-pw AWS_SECRET_ACCESS_KEY=FAKEwJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY",
                         "aws": "AKIAFAKEFAKEFAKE1234", "owner": "alice@example.com"},
                  warnings=[f"rule pack at /home/alice/rules: token={HF}"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_report_fields_are_redacted_in_every_format(fmt):
    raw = _everything_planted()
    leaked = [s for s in SECRETS if s in outputs.render(raw, fmt)]
    assert leaked, "the planted secrets should show without redaction"
    out = outputs.render(redact_report(raw), fmt)
    assert [s for s in SECRETS if s in out] == []
    keep = ["--max-num-batched-tokens 8192", "weights-oom", "HTTP 401", "eth0"]
    keep += {"json": ["Llama-3-8B", "0.11.0", "rule-1:000000000001", "8192"], "markdown": ["Llama-3-8B", "0.11.0"],
             "text": ["Llama-3-8B", "0.11.0"], "junit": ["Llama-3-8B", "rule-1:000000000001"],
             "github": ["rule-1:000000000001"]}[fmt]
    if fmt == "github":
        keep.remove("eth0")  # the annotation quotes one evidence line
    assert [k for k in keep if k not in out] == []


def test_redaction_keeps_structure():
    raw = _everything_planted()
    red = redact_report(raw)
    assert red.diagnoses[0].fingerprint == raw.diagnoses[0].fingerprint
    assert red.facts["max_num_batched_tokens"] == 8192 and red.facts["hf_token"] == "[REDACTED]"
    assert red.model == "/home/[user]/models/Llama-3-8B"
    assert [e.line for e in red.diagnoses[0].evidence] == [3, 4]


@pytest.mark.parametrize("fmt", FORMATS)
def test_planted_log_leaks_nothing_through_the_cli(fmt, cli_run, shared_datadir, tmp_path):
    log = str(shared_datadir / "secrets.log")
    rc, raw, _ = cli_run("explain", log, "--format", fmt, "--no-redact")
    assert rc == 1 and HF in raw  # the planted secrets reach the report...
    summary = tmp_path / "summary.md"
    rc, out, err = cli_run("explain", log, "--format", fmt, "-o", f"{fmt}={tmp_path / 'out'}",
                           env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert rc == 1
    written = (tmp_path / "out").read_text()
    everything = out + err + written + (summary.read_text() if summary.exists() else "")
    assert [s for s in SECRETS if s in everything] == []  # ... and never leave it
    assert "401" in out and "[REDACTED]" in everything
    if fmt == "json":
        data = json.loads(out)
        assert data["engine_version"] == "0.10.1.1"
        assert data["facts"]["max_num_batched_tokens"] == 8192
        assert data["diagnoses"][0]["category"] == "model-not-found"
        assert data["model"].endswith("/models/Meta-Llama-3-8B-Instruct")


class _NoWalkDict(dict):
    def _walk(self, *_a):
        raise AssertionError("a text was redacted by walking every known host")

    values = items = keys = __iter__ = _walk


def test_many_hosts_are_looked_up_never_walked():
    """10^4 NCCL hosts once took minutes: every text walked every host. A text is now read once,
    whatever the number of hosts known, with the same aliases as before."""
    r = Redactor()
    r.hosts = _NoWalkDict()
    r._host_aliases = set()
    lines = [f"gpu-{i}:1:1 [0] NCCL INFO Bootstrap : Using eth0:10.0.{i >> 8}.{i & 255}<0>" for i in range(2000)]
    for line in lines:
        r.learn(line)
    assert len(r.hosts) == 2000
    assert r.text(lines[1999]) == "host-2000:1:1 [0] NCCL INFO Bootstrap : Using eth0:ip-2000<0>"
    assert r.text("gpu-7 and gpu-7.corp.net, gpu-70x, xgpu-7, gpu-7. host-1 main") == \
        "host-8 and host-8.corp.net, gpu-70x, xgpu-7, host-8. host-1 main"


def test_a_rank_error_cut_before_redaction_loses_the_whole_word_not_half_a_secret():
    from diagnose.distributed import DistTracker
    from diagnose.lines import lines_from_text
    from diagnose.redact import cut

    long = "h:1:1 [0] NCCL WARN " + "x " * 236 + HF + " rest"  # the token straddles character 500
    assert len(long.split(HF)[0]) < 500 < len(long.split(HF)[0]) + len(HF)
    t = DistTracker()
    for i, line in enumerate(lines_from_text(f"h:2:2 [1] NCCL INFO up\n{long}\n")):
        t.feed(line, [], is_error=i == 1)
    ranks, _, _ = t.views("failed")
    text = next(r["error"]["text"] for r in ranks if r["error"])
    assert text == cut(long, 500) == long.split(" " + HF)[0] and "hf_" not in redact_text(text)
    assert cut("short", 500) == "short" and cut("a" * 600, 500) == "a" * 500


def test_unknown_failure_text_is_cut_at_a_space_before_redaction(tmp_path):
    """The first error's text is cut to 300 characters; a cut inside a token would leave half a secret
    that redaction no longer recognises."""
    import subprocess
    import sys

    secret = "hf_abcdefghijklmnopqrstuvwxyz123456"
    log = tmp_path / "x.log"
    log.write_text('Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
                   "ZzzError: " + "word " * 55 + secret + " more\n")
    out = subprocess.run([sys.executable, "-m", "diagnose", "explain", str(log)], capture_output=True, text=True).stdout
    assert "first error that is not a wrapper" in out
    assert "hf_abc" not in out


def test_an_error_line_that_ends_the_log_is_cut_at_a_space_before_redaction(tmp_path):
    """As above, for the last ERROR line of a log without any exception (unknown-failure names it)."""
    import subprocess
    import sys

    secret = "hf_abcdefghijklmnopqrstuvwxyz123456"
    log = tmp_path / "x.log"
    log.write_text("INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.11.0\n"
                   "ERROR 01-01 00:00:01 [core.py:1] " + "word " * 50 + secret + " more\n")
    out = subprocess.run([sys.executable, "-m", "diagnose", "explain", str(log)], capture_output=True, text=True).stdout
    assert "The log ends with an error at line 2" in out
    assert "hf_abc" not in out
