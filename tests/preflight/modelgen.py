"""Build model folders for the preflight tests: config.json + safetensors files with real headers.

The safetensors format is an 8-byte little-endian header length, a JSON header (tensor name ->
dtype, shape, data_offsets) and the raw data; the data here is zeros (no torch needed).
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

ITEMSIZE = {"F32": 4, "F16": 2, "BF16": 2, "I32": 4, "I8": 1, "U8": 1, "F8_E4M3": 1}
TORCH_TO_ST = {"bfloat16": "BF16", "float16": "F16", "float32": "F32"}


def nbytes(dtype: str, shape) -> int:
    n = ITEMSIZE[dtype]
    for d in shape:
        n *= d
    return n


def write_safetensors(path: Path, tensors: list[tuple[str, str, tuple]], pad_header: bool = True) -> int:
    header, offset = {}, 0
    for name, dtype, shape in tensors:
        size = nbytes(dtype, shape)
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + size]}
        offset += size
    header["__metadata__"] = {"format": "pt"}
    raw = json.dumps(header, separators=(",", ":")).encode()
    if pad_header:
        raw += b" " * (-len(raw) % 8)  # the writers align the data to 8 bytes
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        f.write(b"\0" * offset)
    return offset


def write_model(out: Path, config: dict, tensors: list[tuple[str, str, tuple]], shards: int = 1) -> Path:
    """Write config.json and the tensors, split over `shards` files (with an index when > 1)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(config, indent=2))
    if shards == 1:
        write_safetensors(out / "model.safetensors", tensors)
        return out
    per = -(-len(tensors) // shards)
    weight_map, total = {}, 0
    for i in range(shards):
        part = tensors[i * per:(i + 1) * per]
        name = f"model-{i + 1:05d}-of-{shards:05d}.safetensors"
        total += write_safetensors(out / name, part)
        weight_map.update({t[0]: name for t in part})
    (out / "model.safetensors.index.json").write_text(json.dumps({"metadata": {"total_size": total},
                                                                   "weight_map": weight_map}))
    return out


def llama_config(layers=2, hidden=128, heads=2, kv_heads=1, inter=256, vocab=1024, max_pos=512,
                 dtype="bfloat16", **extra) -> dict:
    return {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": hidden,
            "intermediate_size": inter, "num_hidden_layers": layers, "num_attention_heads": heads,
            "num_key_value_heads": kv_heads, "max_position_embeddings": max_pos, "vocab_size": vocab,
            "rms_norm_eps": 1e-5, "rope_theta": 10000.0, "tie_word_embeddings": False, "torch_dtype": dtype,
            **extra}


def llama_tensors(cfg: dict, dtype: str | None = None, qkv_bias: bool = False) -> list[tuple[str, str, tuple]]:
    dt = dtype or TORCH_TO_ST[cfg.get("torch_dtype", "bfloat16")]
    h, v, inter = cfg["hidden_size"], cfg["vocab_size"], cfg["intermediate_size"]
    heads, kv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim") or h // heads
    out = [("model.embed_tokens.weight", dt, (v, h))]
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        out += [(p + "self_attn.q_proj.weight", dt, (heads * hd, h)),
                (p + "self_attn.k_proj.weight", dt, (kv * hd, h)),
                (p + "self_attn.v_proj.weight", dt, (kv * hd, h)),
                (p + "self_attn.o_proj.weight", dt, (h, heads * hd))]
        if qkv_bias:
            out += [(p + "self_attn.q_proj.bias", dt, (heads * hd,)), (p + "self_attn.k_proj.bias", dt, (kv * hd,)),
                    (p + "self_attn.v_proj.bias", dt, (kv * hd,))]
        out += [(p + "mlp.gate_proj.weight", dt, (inter, h)), (p + "mlp.up_proj.weight", dt, (inter, h)),
                (p + "mlp.down_proj.weight", dt, (h, inter)),
                (p + "input_layernorm.weight", dt, (h,)), (p + "post_attention_layernorm.weight", dt, (h,))]
    out.append(("model.norm.weight", dt, (h,)))
    if not cfg.get("tie_word_embeddings"):
        out.append(("lm_head.weight", dt, (v, h)))
    return out


def qwen2_config(**kw) -> dict:
    cfg = llama_config(**{"layers": 4, "hidden": 256, "heads": 8, "kv_heads": 2, "inter": 512, "vocab": 2048,
                          "max_pos": 32768, **kw})
    cfg.update({"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "use_sliding_window": False,
                "sliding_window": 4096, "max_window_layers": 2, "tie_word_embeddings": True})
    return cfg


def deepseek_mla_config() -> dict:
    """DeepSeek-V2/V3 style: MLA attention, a first dense layer, then MoE layers, plus one MTP layer."""
    return {"architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3", "hidden_size": 256,
            "intermediate_size": 512, "moe_intermediate_size": 64, "num_hidden_layers": 3,
            "num_nextn_predict_layers": 1, "num_attention_heads": 8, "num_key_value_heads": 8,
            "q_lora_rank": 96, "kv_lora_rank": 64, "qk_rope_head_dim": 16, "qk_nope_head_dim": 32,
            "v_head_dim": 32, "n_routed_experts": 4, "n_shared_experts": 1, "num_experts_per_tok": 2,
            "first_k_dense_replace": 1, "vocab_size": 1000, "max_position_embeddings": 4096,
            "rope_scaling": {"type": "yarn", "factor": 40, "original_max_position_embeddings": 4096},
            "tie_word_embeddings": False, "torch_dtype": "bfloat16"}


def deepseek_tensors(cfg: dict, dt: str = "BF16") -> list[tuple[str, str, tuple]]:
    h, heads = cfg["hidden_size"], cfg["num_attention_heads"]
    ql, kvl, rope = cfg["q_lora_rank"], cfg["kv_lora_rank"], cfg["qk_rope_head_dim"]
    nope, vd, mi = cfg["qk_nope_head_dim"], cfg["v_head_dim"], cfg["moe_intermediate_size"]
    out = [("model.embed_tokens.weight", dt, (cfg["vocab_size"], h))]
    for i in range(cfg["num_hidden_layers"] + cfg.get("num_nextn_predict_layers", 0)):
        p = f"model.layers.{i}."
        out += [(p + "self_attn.q_a_proj.weight", dt, (ql, h)), (p + "self_attn.q_a_layernorm.weight", dt, (ql,)),
                (p + "self_attn.q_b_proj.weight", dt, (heads * (nope + rope), ql)),
                (p + "self_attn.kv_a_proj_with_mqa.weight", dt, (kvl + rope, h)),
                (p + "self_attn.kv_a_layernorm.weight", dt, (kvl,)),
                (p + "self_attn.kv_b_proj.weight", dt, (heads * (nope + vd), kvl)),
                (p + "self_attn.o_proj.weight", dt, (h, heads * vd)),
                (p + "input_layernorm.weight", dt, (h,)), (p + "post_attention_layernorm.weight", dt, (h,))]
        if i < cfg["first_k_dense_replace"]:
            inter = cfg["intermediate_size"]
            out += [(p + "mlp.gate_proj.weight", dt, (inter, h)), (p + "mlp.up_proj.weight", dt, (inter, h)),
                    (p + "mlp.down_proj.weight", dt, (h, inter))]
        else:
            out.append((p + "mlp.gate.weight", dt, (cfg["n_routed_experts"], h)))
            for e in range(cfg["n_routed_experts"]):
                q = p + f"mlp.experts.{e}."
                out += [(q + "gate_proj.weight", dt, (mi, h)), (q + "up_proj.weight", dt, (mi, h)),
                        (q + "down_proj.weight", dt, (h, mi))]
            q = p + "mlp.shared_experts."
            out += [(q + "gate_proj.weight", dt, (mi, h)), (q + "up_proj.weight", dt, (mi, h)),
                    (q + "down_proj.weight", dt, (h, mi))]
    out += [("model.norm.weight", dt, (h,)), ("lm_head.weight", dt, (cfg["vocab_size"], h))]
    return out


def gptq_llama(cfg: dict, bits: int = 4, group: int = 64) -> list[tuple[str, str, tuple]]:
    """GPTQ 4-bit: linear weights become qweight (I32, 8 values each) + qzeros + scales (F16) + g_idx."""
    out = []
    pack = 32 // bits
    for name, dt, shape in llama_tensors(cfg, "F16"):
        if ".layers." in name and len(shape) == 2:
            base = name.removesuffix(".weight")
            n_out, n_in = shape
            out += [(base + ".qweight", "I32", (n_in // pack, n_out)),
                    (base + ".qzeros", "I32", (n_in // group, n_out // pack)),
                    (base + ".scales", "F16", (n_in // group, n_out)),
                    (base + ".g_idx", "I32", (n_in,))]
        else:
            out.append((name, dt, shape))
    return out
