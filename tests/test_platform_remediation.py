"""Remediation items scoped to a platform: on a vLLM CPU-backend log (device_config=cpu) no GPU-only
advice (nvidia-smi, GPU memory, more GPUs), and the CPU equivalents; on a GPU log the reverse; a log
that does not say keeps both."""

from __future__ import annotations

from pathlib import Path

import pytest

from diagnose.pipeline import analyze, analyze_text

ROOT = Path(__file__).resolve().parents[1]
CPU = ROOT / "sample_logs/real/vllm-0.32.0"
GPU_MAX_LEN = ROOT / "sample_logs/vllm/08-v1-0.10.2-kv-cache-128k-default-context.log"
GPU_ONLY = ("nvidia-smi", "each GPU", "more GPUs", "GPU memory in GiB", "CUDA_VISIBLE_DEVICES")


def _first(path):
    report = analyze([str(path)])
    return report, report.diagnoses[0]


@pytest.mark.parametrize("name, rule", [("kv-cache-no-blocks", "vllm-kv-cache-no-blocks"),
                                        ("kv-cache-short-for-max-len", "vllm-kv-cache-max-len-v1")])
def test_cpu_log_gets_cpu_advice_only(name, rule):
    report, d = _first(CPU / f"{name}.log")
    assert report.facts["platform"] == "cpu" and d.rule == rule
    text = "\n".join(d.remediation)
    assert not [w for w in GPU_ONLY if w in text], text
    assert "export VLLM_CPU_KVCACHE_SPACE=<GiB>" in text


def test_gpu_log_keeps_gpu_advice_without_cpu_items():
    report, d = _first(GPU_MAX_LEN)
    assert report.facts["platform"] == "cuda" and d.rule == "vllm-kv-cache-max-len-v1"
    text = "\n".join(d.remediation)
    assert "more GPUs" in text and "VLLM_CPU_KVCACHE_SPACE" not in text


def test_a_log_that_does_not_say_keeps_both():
    report = analyze_text("ValueError: No available memory for the cache blocks. Try increasing "
                          "`gpu_memory_utilization` when initializing the engine.\n")
    text = "\n".join(report.diagnoses[0].remediation)
    assert "platform" not in report.facts
    assert "nvidia-smi" in text and "VLLM_CPU_KVCACHE_SPACE" in text


def test_detected_platform_line_sets_it_too():
    report = analyze_text("INFO 01-01 00:00:00 [__init__.py:1] Automatically detected platform cpu.\n"
                          "ValueError: No available memory for the cache blocks.\n")
    assert report.facts["platform"] == "cpu"
    assert "nvidia-smi" not in "\n".join(report.diagnoses[0].remediation)


def test_platforms_are_validated():
    from pydantic import ValidationError

    from diagnose.rulemodel import RemediationItem

    assert RemediationItem(text="x").platforms == ["any"]
    with pytest.raises(ValidationError):
        RemediationItem(text="x", platforms=["tpu"])
