"""Same root cause -> same fingerprint on another run, host, day or path; another cause -> another one."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from diagnose.fingerprint import fingerprint, stable_value
from diagnose.pipeline import analyze_text

from .conftest import SAMPLES, sample_id

FAILING = [s for s in SAMPLES if not s.endswith("-ready.log")]


def _shift_dates(text: str) -> str:
    """Move every date by 123 days (durations stay), keeping the format."""
    def iso(m):
        d = date.fromisoformat(m.group(0)) + timedelta(days=123)
        return d.isoformat()

    def md(m):
        d = date(2024, int(m.group(1)), int(m.group(2))) + timedelta(days=123)
        return f"{d.month:02d}-{d.day:02d}{m.group(3)}"

    text = re.sub(r"\b20\d\d-\d\d-\d\d\b", iso, text)
    return re.sub(r"\b(\d\d)-(\d\d)( \d\d:\d\d:\d\d)", md, text)


def another_run(text: str) -> str:
    """The same failure on another day, host and machine layout."""
    text = _shift_dates(text)
    text = re.sub(r"(?i)\b(pid[=: ]\s*)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 4242}", text)
    text = re.sub(r"\b10\.0\.0\.(\d+)\b", r"192.168.77.\1", text)
    text = text.replace("/models/", "/home/bob/hf-cache/models/")
    text = text.replace("/usr/local/lib/python3", "/opt/conda/envs/serve/lib/python3")
    text = re.sub(r"\b(node|gpu-node|worker)-?(\d+)\b", lambda m: f"{m.group(1)}-{int(m.group(2)) + 30}", text)
    # NCCL_DEBUG prefixes: host:pid:tid [dev]
    text = re.sub(r"(?m)^(\[[^\]]*\] )?[\w.-]+:(\d+):(\d+) \[",
                  lambda m: f"{m.group(1) or ''}host-b:{int(m.group(2)) + 4242}:{int(m.group(3)) + 4242} [", text)
    return text


def _fps(report):
    return sorted((d.rule, d.fingerprint) for d in report.diagnoses)


@pytest.mark.parametrize("path", FAILING, ids=sample_id)
def test_same_failure_elsewhere_has_the_same_fingerprints(path, ci_rules):
    text = open(path, encoding="utf-8", errors="replace").read()
    moved = another_run(text)
    if moved == text:
        pytest.skip("nothing run-specific (date, pid, host, path) in this log to move")
    a, b = analyze_text(text, ci_rules), analyze_text(moved, ci_rules)
    assert _fps(a) == _fps(b)


def test_different_causes_have_different_fingerprints(analyzed):
    top = {}
    for path in FAILING:
        r = analyzed(path)
        cause = next((d for d in r.diagnoses if d.role == "cause" and d.severity == "error"), None)
        if cause is not None:
            top.setdefault(cause.fingerprint, []).append((sample_id(path), cause.category))
    # two samples share a top fingerprint only when they are the same failure (same category)
    for fp, samples in top.items():
        assert len({c for _, c in samples}) == 1, (fp, samples)
    assert len(top) >= 10


def test_captured_values_are_normalised():
    env_a = {"model_path": "/home/alice/models/Llama-3-8B", "gpu": 0, "name": "VllmWorker-3",
             "err": "CUDA error at 0x7f3a2b10 on 10.0.0.1:5000 pid=123 2025-01-02 03:04:05"}
    env_b = {"model_path": "/data/cache/Llama-3-8B/", "gpu": 7, "name": "VllmWorker-0",
             "err": "CUDA error at 0x55aa0000 on 192.168.1.9:29500 pid=98765 2026-03-04 05:06:07"}
    keys = ["model_path", "gpu", "name", "err"]
    assert fingerprint("r", keys, env_a) == fingerprint("r", keys, env_b)
    assert fingerprint("r", ["model_path"], env_a) != fingerprint("r", ["model_path"], {"model_path": "/m/Qwen2-7B"})
    assert fingerprint("r", ["requested_len"], {"requested_len": 131072}) != \
        fingerprint("r", ["requested_len"], {"requested_len": 65536})
    assert fingerprint("r", ["tp"], {"tp": 4.0}) == fingerprint("r", ["tp"], {"tp": 4})
    assert fingerprint("a", [], {}) != fingerprint("b", [], {})
    assert stable_value("file", "/root/.cache/hf/models--Q--Q2/snapshots/a09a35458c702b33eeacc393d103063234e8bc28/"
                                "model-00001-of-00004.safetensors") == "model-00001-of-00004.safetensors"
    assert stable_value("module", "vllm._C") == "vllm._C"
    assert stable_value("path", "/home/u/models/Qwen2.5-7B/snapshots/0123456789abcdef0123") == "Qwen2.5-7B"


def test_fixture_logs_same_cause_other_host_path_and_day(shared_datadir, ci_rules):
    """weights-path-a/b: the same three failures (no weights in the model dir, a worker killed, disk
    full in the inductor cache) on another day, host, pids, worker index, model location and temp file."""
    from diagnose.pipeline import analyze

    a = analyze([str(shared_datadir / "fp" / "weights-path-a.log")], ci_rules)
    b = analyze([str(shared_datadir / "fp" / "weights-path-b.log")], ci_rules)
    other = analyze([str(shared_datadir / "fp" / "other-model.log")], ci_rules)
    assert len(a.diagnoses) >= 3
    assert _fps(a) == _fps(b)
    by_rule = dict(_fps(other))
    # another model directory is another cause for "no weights found"; the rest is the same
    assert by_rule["generic-no-model-weights-found"] != dict(_fps(a))["generic-no-model-weights-found"]
    assert by_rule["vllm-worker-died-sigkill"] == dict(_fps(a))["vllm-worker-died-sigkill"]
