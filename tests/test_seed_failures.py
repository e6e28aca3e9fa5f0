"""The failures users name most, end to end: a sample log in, the right category and the
engine-specific remediation with the value computed from that log out."""

import json

import pytest

from diagnose.pipeline import analyze
from diagnose.ruletest import top_diagnosis
from tests.conftest import SAMPLES

SEEDS = [
    # (sample, category, text the headline's remediation must contain: flags with computed values)
    ("vllm/07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log", "symm-mem-allreduce", "export VLLM_ALLREDUCE_USE_SYMM_MEM=0"),
    ("vllm/12-v1-0.11.0-hami-vgpu-profile-oom.log", "fractional-gpu", "LD_LIBRARY_PATH=/usr/local/cuda-12.2/compat"),
    ("vllm/08-v1-0.10.2-kv-cache-128k-default-context.log", "kv-cache-insufficient", "--max-model-len 31696"),
    ("sglang/sglang-0.5.9-kv-not-enough-mem-fraction.log", "kv-cache-insufficient", "--mem-fraction-static 0.80"),
    ("vllm/14-v1-0.20.0-weights-slow-nfs.log", "slow-network-storage", "--safetensors-load-strategy"),
    ("sglang/sglang-0.4.9-tp8-weights-slow-nfs-stall.log", "slow-network-storage", "--weight-loader-disable-mmap"),
    ("real/vllm-0.32.0/slow-weight-storage.log", "slow-network-storage", "--safetensors-load-strategy eager"),
    ("vllm/24-v0-0.6.3-hang-generating-p2p-cache.log", "nccl-p2p-acs", "NCCL_P2P_DISABLE=1"),
    ("multinode/sglang-0.4.3-2node-node1-unreachable-store-timeout.log", "nccl-network", "--dist-init-addr"),
    ("sglang/sglang-0.4.3-tp2-nccl-shm-segment-docker.log", "shm-exhausted", "--shm-size="),
    ("vllm/13-v1-0.11.2-free-memory-less-than-utilization.log", "gpu-memory-in-use", "CUDA_VISIBLE_DEVICES="),
    ("vllm/27-v1-0.13.0-torch-compile-no-space-tmp.log", "tmp-space", "export TMPDIR="),
    ("real/vllm-0.32.0/truncated-shard.log", "corrupt-checkpoint", "--force-download"),
    ("multinode/vllm-0.6.3-ray-2node-worker-without-gpus.log", "ray-cluster", "ray start --head"),
    ("sglang/sglang-0.4.9-2node-dp-attention-node1-dist-init-addr-without-port.log", "nccl-network", "--dist-init-addr"),
    ("vllm/18-v1-0.13.0-tp8-on-4-gpus.log", "tp-exceeds-gpus", "--tensor-parallel-size 4"),
    ("real/vllm-0.32.0/dev-version-banner.log", "unpinned-image", "pip install vllm=="),
    ("vllm/28-v0-0.6.3-driver-too-old-cuda-12.log", "cuda-driver-mismatch", "CUDA 11.4"),
    ("vllm/20-v1-0.10.2-bf16-on-t4.log", "dtype-unsupported", "--dtype half"),
    ("sglang/sglang-0.4.6-glm4-0414-arch-unsupported.log", "unsupported-model", "Glm4ForCausalLM"),
    ("real/vllm-0.32.0/port-in-use.log", "port-in-use", "--port 36446"),
    ("sglang/sglang-0.4.9-sgl-kernel-version-gate.log", "dependency-import", "sgl-kernel==0.2.5"),
    ("sglang/sglang-0.4.0-warmup-502-http-proxy.log", "http-proxy", "no_proxy=localhost,127.0.0.1"),
    ("vllm/19-v1-0.11.2-host-oom-killed-during-weights.log", "host-oom-killed", "dmesg"),
]


@pytest.mark.parametrize("sample,category,remedy", SEEDS, ids=[s[0] for s in SEEDS])
def test_seed_failure(sample, category, remedy, rules):
    report = json.loads(analyze([str(SAMPLES / sample)], rules).to_json())
    top = top_diagnosis(report) or next(d for d in report["diagnoses"] if d["role"] != "wrapper")
    assert top["category"] == category, (top["rule"], top["title"])
    assert any(remedy in r for r in top["remediation"]), top["remediation"]
    engine = report["engine"]
    other = {"vllm": "--mem-fraction-static", "sglang": "--gpu-memory-utilization"}.get(engine)
    assert other is None or not any(other in r for r in top["remediation"]), "remediation of the other engine"
