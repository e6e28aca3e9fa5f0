"""Preflight against the real vLLM 0.32.0 CPU runs of ../shared/real/vllm-cpu/.

The tiny model is rebuilt here from make_tiny_model.py's configuration (2 layers, hidden 128, 2 heads
of dim 64, 1 KV head, intermediate 256, max_position_embeddings 512; vocab <= 1024) with zero
weights: the byte counts depend only on shapes and dtypes. The constants are vLLM's own numbers,
copied from the logs; each names its log line.
"""

import pytest

from diagnose.preflight.cmdline import parse_command
from diagnose.preflight.core import Options, run_preflight
from diagnose.preflight.host import HostInfo
from tests.preflight.modelgen import llama_config, llama_tensors, write_model

GIB = 1024 ** 3

# 01-success-cold-start.log, line 52: "Explicitly set (1.0/22.46) GiB for KV cache on node 0."
LOG01_KV_GIB = 1.0
# 01-success-cold-start.log, line 53: "CPU KV cache size: 2,097,152 tokens, Maximum concurrency for 256 tokens
# per request: 8192.00x"
LOG01_TOKENS, LOG01_CONCURRENCY = 2_097_152, 8192.00
# 20-success-auto-kv-float32-single-file.log, line 52: "Auto set (20.9/23.54) GiB for KV cache on node 0, with
# 21.66 GiB requested memory for the worker. 0.76 GiB memory was consumed by non-kv usages."
LOG20_KV_GIB, LOG20_NODE_GIB = 20.9, 23.54
# 20-success-auto-kv-float32-single-file.log, line 53: "CPU KV cache size: 21,916,160 tokens, Maximum
# concurrency for 256 tokens per request: 85610.00x"
LOG20_TOKENS, LOG20_CONCURRENCY = 21_916_160, 85610.00
# 04-kv-cache-too-small-for-max-model-len.log, line 77: "ValueError: No available memory for the cache blocks."
# (command, line 1: --max-model-len 256 --kv-cache-memory-bytes 65536)
# 03-max-model-len-over-max-position.log, line 54: "User-specified max_model_len (4096) is greater than the
# derived max_model_len (max_position_embeddings=512.0 ..."
LOG03_DERIVED = 512


def within(a, b, pct=10):
    return abs(a - b) <= b * pct / 100


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("real")
    cfg = llama_config()
    write_model(root / "tiny-llama", cfg, llama_tensors(cfg), shards=4)  # log 01-04: 4 shards (300KB each)
    cfg32 = llama_config(dtype="float32")
    write_model(root / "tiny-llama-1file", cfg32, llama_tensors(cfg32))  # log 20: one float32 file
    return root


def preflight(cmd, **host):
    return run_preflight(parse_command(cmd), HostInfo(**host), {}, Options(cpu=True, host_checks=False))


def check(report, cid):
    return next(c for c in report.checks if c.id == cid)


def test_log01_kv_tokens_and_concurrency_exact(tiny):
    # the README's run: export VLLM_CPU_KVCACHE_SPACE=1; vllm serve tiny-llama --dtype bfloat16 --max-model-len 256
    r = preflight(f"VLLM_CPU_KVCACHE_SPACE=1 vllm serve {tiny}/tiny-llama --port 58547 --dtype bfloat16 "
                  "--max-model-len 256")
    assert r.budget["kv_bytes"] == LOG01_KV_GIB * GIB
    assert r.kv_cache["bytes_per_token"] == 512
    assert r.fit["kv_tokens"] == LOG01_TOKENS
    assert r.fit["max_concurrency"] == LOG01_CONCURRENCY
    assert r.outcome == "ok"


def test_log20_float32_kv_within_10_percent(tiny):
    # given vLLM's own KV budget, the token count follows from the KV bytes per token
    r = run_preflight(parse_command(f"vllm serve {tiny}/tiny-llama-1file --dtype float32 --max-model-len 256"),
                      HostInfo(), {}, Options(cpu=True, host_checks=False, kv_budget_bytes=int(LOG20_KV_GIB * GIB),
                                              kv_budget_source="log"))
    assert r.kv_cache["bytes_per_token"] == 1024  # float32 KV: 2 x 2 layers x 1 head x 64 x 4 B
    assert within(r.fit["kv_tokens"], LOG20_TOKENS, 0.1)
    assert within(r.fit["max_concurrency"], LOG20_CONCURRENCY, 0.1)
    # and from the node's memory alone (no VLLM_CPU_KVCACHE_SPACE: automatic size), the whole estimate
    r = preflight(f"vllm serve {tiny}/tiny-llama-1file --dtype float32 --max-model-len 256",
                  gpu_mem_bytes=int(LOG20_NODE_GIB * GIB), gpu_source="--gpu-mem")
    assert within(r.budget["kv_bytes"], LOG20_KV_GIB * GIB)
    assert within(r.fit["kv_tokens"], LOG20_TOKENS)
    assert within(r.fit["max_concurrency"], LOG20_CONCURRENCY)
    assert r.outcome == "ok"


def test_log04_kv_failure_predicted(tiny):
    r = preflight(f"vllm serve {tiny}/tiny-llama --port 33863 --dtype bfloat16 --max-model-len 256 "
                  "--kv-cache-memory-bytes 65536")
    c = check(r, "kv-cache-fit")
    assert (c.status, c.category) == ("error", "kv-cache-insufficient")  # vLLM: failed in kv_cache
    assert r.fit["kv_tokens"] == 65536 // 512 == 128 and r.fit["max_len_that_fits"] == 128
    assert any(x.startswith("--max-model-len 128") for x in c.remediation)
    assert any(x.startswith("--kv-cache-memory-bytes ") and int(x.split()[1]) >= 256 * 512 for x in c.remediation)
    assert r.outcome == "error"


def test_log03_max_len_over_model_predicted(tiny):
    r = preflight(f"vllm serve {tiny}/tiny-llama --port 49545 --dtype bfloat16 --max-model-len 4096")
    c = check(r, "max-len-model")
    assert (c.status, c.category) == ("error", "max-len-exceeds-model")
    assert c.numbers["model_max_len"] == LOG03_DERIVED
    assert "--max-model-len 512" in c.remediation


def test_log06_truncated_shard_predicted(tiny, tmp_path):
    import shutil

    path = tmp_path / "tiny-llama"
    shutil.copytree(tiny / "tiny-llama", path)
    shard = path / "model-00002-of-00004.safetensors"
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    r = preflight(f"vllm serve {path} --max-model-len 256")
    c = check(r, "model-files")
    assert (c.status, c.category) == ("error", "corrupt-checkpoint")
    assert "model-00002-of-00004.safetensors" in c.explanation


REAL = __import__("pathlib").Path(__file__).resolve().parents[3] / "shared" / "real" / "vllm-cpu"


@pytest.mark.skipif(not REAL.is_dir(), reason="the real vLLM CPU logs are not beside this checkout")
@pytest.mark.parametrize("log,tokens", [("01-success-cold-start.log", LOG01_TOKENS),
                                        ("04-kv-cache-too-small-for-max-model-len.log", 0)])
def test_explain_facts_feed_estimate_for_log(tiny, log, tokens):
    """What explain will do: the log's facts + the rebuilt model folder -> the same KV numbers as vLLM."""
    from diagnose.pipeline import analyze
    from diagnose.preflight import estimate_for_log

    facts = analyze([str(REAL / log)]).facts
    est = estimate_for_log(facts, str(tiny / "tiny-llama"))
    assert est["kv_bytes_per_token_per_gpu"] == 512 and est["max_len"] == 256
    assert est["kv_tokens"] == tokens
    if tokens == 0:
        assert est["remediation"]["kv-cache-insufficient"][0].startswith("--kv-cache-memory-bytes ")
    else:
        assert est["max_concurrency"] == LOG01_CONCURRENCY and not est["checks"]
