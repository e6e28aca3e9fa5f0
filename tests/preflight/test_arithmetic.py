"""Byte counts against hand computations: weights per GPU (TP, PP, dtype, quantization) and KV per token
(GQA, MQA, MLA, sliding window), on model folders built here with real safetensors headers."""

import json
import struct

import pytest

from diagnose.preflight import estimate as est
from diagnose.preflight.checkpoint import read_checkpoint, read_config, read_safetensors_header
from diagnose.preflight.cmdline import parse_command
from tests.preflight.modelgen import (
    deepseek_mla_config,
    deepseek_tensors,
    gptq_llama,
    llama_config,
    llama_tensors,
    qwen2_config,
    write_model,
)


def load(path, cmd):
    spec = parse_command(f"vllm serve {path} {cmd}")
    return read_config(path), read_checkpoint(path), spec


@pytest.fixture
def llama(tmp_path):
    cfg = llama_config()  # the tiny Llama of make_tiny_model.py: 2 layers, hidden 128, 2 heads, 1 KV head
    return write_model(tmp_path / "llama", cfg, llama_tensors(cfg), shards=3)


# per-layer element counts of that Llama (hidden 128, head_dim 64, intermediate 256, vocab 1024)
EMB = 1024 * 128
Q = O = 2 * 64 * 128
K = V = 1 * 64 * 128
MLP = 3 * 256 * 128
NORMS = 2 * 128
LAYER = Q + K + V + O + MLP + NORMS  # 147,712


def test_header_is_read_exactly(llama):
    header, start, size = read_safetensors_header(llama / "model-00001-of-00003.safetensors")
    assert header["model.embed_tokens.weight"]["shape"] == [1024, 128]
    assert size == start + max(t["data_offsets"][1] for k, t in header.items() if k != "__metadata__")


def test_llama_weights_tp1_tp2_pp2(llama):
    cfg, ck, spec = load(llama, "")
    total = (2 * EMB + 2 * LAYER + 128) * 2  # embed + lm_head + 2 layers + final norm, 2 bytes (bf16)
    assert total == 1_115_392
    w = est.estimate_weights(ck, cfg, spec)
    assert (w.checkpoint_bytes, w.runtime_bytes, w.per_gpu_bytes) == (total, total, total)

    w2 = est.estimate_weights(ck, cfg, parse_command(f"vllm serve {llama} -tp 2"))
    # TP=2: q, o, MLP, embed and lm_head halve; the single KV head is replicated; norms replicated
    per_layer = Q // 2 + K + V + O // 2 + MLP // 2 + NORMS
    assert w2.per_gpu_bytes == (EMB // 2 * 2 + 2 * per_layer + 128) * 2 == 591_104

    w3 = est.estimate_weights(ck, cfg, parse_command(f"vllm serve {llama} --pipeline-parallel-size 2"))
    # PP=2: stage 0 = embed + layer 0, stage 1 = layer 1 + norm + lm_head
    assert w3.stage_bytes == [(EMB + LAYER) * 2, (LAYER + 128 + EMB) * 2]
    assert w3.per_gpu_bytes == (EMB + LAYER + 128) * 2


def test_dtype_cast_and_online_fp8(tmp_path):
    cfg = llama_config(dtype="float32")
    path = write_model(tmp_path / "f32", cfg, llama_tensors(cfg))
    elements = 2 * EMB + 2 * LAYER + 128
    c, ck, spec = load(path, "")
    assert ck.tensor_bytes == elements * 4
    assert est.estimate_weights(ck, c, spec).runtime_bytes == elements * 2  # auto: float32 -> bfloat16
    assert est.estimate_weights(ck, c, parse_command(f"vllm serve {path} --dtype float32")).runtime_bytes \
        == elements * 4
    fp8 = est.estimate_weights(ck, c, parse_command(f"vllm serve {path} --quantization fp8"))
    linear = 2 * (Q + K + V + O + MLP)  # the layers' linear weights: one byte each
    assert fp8.runtime_bytes == linear * 1 + (elements - linear) * 2


def test_gptq_quantized_counts_stored_bytes(tmp_path):
    cfg = llama_config(dtype="float16")
    cfg["quantization_config"] = {"quant_method": "gptq", "bits": 4, "group_size": 64}
    path = write_model(tmp_path / "gptq", cfg, gptq_llama(cfg))
    c, ck, spec = load(path, "")
    assert (c.quant_method, c.quant_bits) == ("gptq", 4)

    def linear(n_out, n_in):  # qweight + qzeros (I32) + scales (F16) + g_idx (I32)
        return (n_in // 8 * n_out) * 4 + (n_in // 64 * n_out // 8) * 4 + (n_in // 64 * n_out) * 2 + n_in * 4

    layer = (linear(128, 128) + linear(64, 128) * 2 + linear(128, 128) + linear(256, 128) * 2 + linear(128, 256)
             + NORMS * 2)
    expected = 2 * EMB * 2 + 2 * layer + 128 * 2
    w = est.estimate_weights(ck, c, spec)
    assert w.checkpoint_bytes == w.runtime_bytes == w.per_gpu_bytes == expected
    assert expected < (2 * EMB + 2 * LAYER + 128) * 2  # smaller than the 16-bit model


def test_llama_kv_per_token(llama):
    cfg, ck, spec = load(llama, "--dtype bfloat16")
    kv = est.estimate_kv(cfg, spec)
    assert kv.bytes_per_token == 2 * 2 * 1 * 64 * 2 == 512  # K+V x layers x KV heads x head_dim x bf16
    assert kv.kind == "mqa"
    assert est.estimate_kv(cfg, parse_command(f"vllm serve {llama} --kv-cache-dtype fp8")).bytes_per_token == 256
    assert est.estimate_kv(cfg, parse_command(f"vllm serve {llama} --dtype float32")).bytes_per_token == 1024


def test_qwen2_gqa_tp(tmp_path):
    cfg = qwen2_config()  # 4 layers, 8 heads, 2 KV heads, head_dim 32, tied embeddings, qkv bias
    path = write_model(tmp_path / "qwen2", cfg, llama_tensors(cfg, qkv_bias=True), shards=2)
    c, ck, spec = load(path, "")
    assert c.attention == "gqa" and c.layer_kinds == ["full"] * 4  # use_sliding_window false
    assert c.max_len == 32768
    kv1 = est.estimate_kv(c, spec)
    assert kv1.bytes_per_token == kv1.bytes_per_token_per_gpu == 2 * 4 * 2 * 32 * 2 == 1024
    kv4 = est.estimate_kv(c, parse_command(f"vllm serve {path} -tp 4"))
    assert kv4.bytes_per_token_per_gpu == 2 * 4 * 1 * 32 * 2 == 512  # 2 KV heads over 4 ranks: 1 each

    h, q, kvd, inter, vocab = 256, 8 * 32, 2 * 32, 512, 2048
    w4 = est.estimate_weights(ck, c, parse_command(f"vllm serve {path} -tp 4"))
    per_layer = (q * h // 4 + 2 * (kvd * h // 2) + h * q // 4 + 3 * inter * h // 4  # k, v over min(4, 2)
                 + q + 2 * kvd + 2 * h)  # biases and norms replicated
    assert w4.per_gpu_bytes == (vocab * h // 4 + 4 * per_layer + h) * 2


def test_deepseek_mla(tmp_path):
    cfg = deepseek_mla_config()
    path = write_model(tmp_path / "dsv3", cfg, deepseek_tensors(cfg), shards=2)
    c, ck, spec = load(path, "-tp 2")
    assert c.is_mla and c.attention == "mla"
    assert c.max_len == 4096 * 40  # yarn: original_max_position_embeddings x factor
    kv = est.estimate_kv(c, spec)
    # one latent per token per layer, (kv_lora_rank + qk_rope_head_dim) x 2 bytes, not split over TP
    assert kv.bytes_per_token == kv.bytes_per_token_per_gpu == 3 * (64 + 16) * 2 == 480
    assert est.estimate_kv(c, parse_command(f"vllm serve {path} --kv-cache-dtype fp8")).bytes_per_token == 240

    w = est.estimate_weights(ck, c, spec)
    assert w.skipped_tensors > 0  # the MTP layer (model.layers.3) is not loaded
    h, heads, ql, kvl, rope, nope, vd, mi, E = 256, 8, 96, 64, 16, 32, 32, 64, 4
    replicated = ql * h + ql + (kvl + rope) * h + kvl + 2 * h  # q_a_proj, norms, kv_a_proj_with_mqa
    split = heads * (nope + rope) * ql + heads * (nope + vd) * kvl + h * heads * vd  # q_b, kv_b, o
    attn = replicated + split // 2
    dense = 3 * 512 * h // 2
    moe = E * h + (E + 1) * 3 * mi * h // 2  # router replicated; experts + shared expert split
    assert w.per_gpu_bytes == (1000 * h // 2 * 2 + 3 * attn + dense + 2 * moe + h) * 2


def test_sliding_window_layers(tmp_path):
    cfg = llama_config(layers=4, heads=4, kv_heads=2, max_pos=8192)
    cfg.update(sliding_window=1024, layer_types=["sliding_attention", "full_attention"] * 2)
    path = write_model(tmp_path / "swa", cfg, llama_tensors(cfg))
    c, ck, spec = load(path, "--max-model-len 8192")
    kv = est.estimate_kv(c, spec)
    per_layer = 2 * 2 * 32 * 2  # K+V x 2 KV heads x head_dim 32 x bf16 = 256
    assert (kv.full_bytes_per_token_per_gpu, kv.sliding_bytes_per_token_per_gpu) == (2 * per_layer, 2 * per_layer)
    # an 8192-token request: full layers keep 8192 tokens, sliding layers 1024
    assert est.request_bytes(kv, 8192) == 8192 * 512 + 1024 * 512
    budget = 2_000_000
    # budget >= window x (full + sliding): n = (budget - 1024 x 512) / 512, whole 16-token blocks
    assert est.max_len_that_fits(kv, budget, 16, None) == (budget - 1024 * 512) // 512 // 16 * 16


def test_mistral_style_and_gemma3_patterns(tmp_path):
    cfg = llama_config(layers=6, sliding_window=4096)
    c = read_config(write_model(tmp_path / "m", cfg, llama_tensors(cfg)))
    assert c.layer_kinds == ["sliding"] * 6
    cfg = llama_config(layers=6, sliding_window=512, sliding_window_pattern=3)
    c = read_config(write_model(tmp_path / "g", cfg, llama_tensors(cfg)))
    assert c.layer_kinds == ["sliding", "sliding", "full"] * 2


def test_pp_partition_matches_vllm():
    assert [len(r) for r in est.pp_partition(61, 4)] == [15, 15, 16, 15]  # the remainder goes to the stages before the last
    assert [len(r) for r in est.pp_partition(10, 3)] == [3, 4, 3]
    assert [len(r) for r in est.pp_partition(8, 2)] == [4, 4]


def test_truncated_and_unaligned_headers(tmp_path):
    cfg = llama_config()
    path = write_model(tmp_path / "t", cfg, llama_tensors(cfg), shards=2)
    shard = path / "model-00002-of-00002.safetensors"
    shard.write_bytes(shard.read_bytes()[:-100])
    ck = read_checkpoint(path)
    assert any("truncated" in p for p in ck.problems)
    raw = struct.pack("<Q", 10 ** 12) + b"{}"
    (path / "model-00001-of-00002.safetensors").write_bytes(raw)
    assert any("header length" in p for p in read_checkpoint(path).problems)
    json.loads((path / "model.safetensors.index.json").read_text())  # the index itself is fine
