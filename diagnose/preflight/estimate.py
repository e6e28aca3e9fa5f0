"""The arithmetic: weight bytes per GPU, KV bytes per token, the memory budget, what fits.

Every formula is written out in docs/preflight.md; the constants below are the stated assumptions.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from diagnose.preflight.checkpoint import FLOAT_DTYPES, Checkpoint, ModelConfig, Tensor, layer_of
from diagnose.preflight.cmdline import LaunchSpec

GIB = 1024 ** 3
DTYPE_BYTES = {"float32": 4, "float": 4, "float16": 2, "half": 2, "bfloat16": 2, "float64": 8}
KV_DTYPE_BYTES = {"fp8": 1, "fp8_e4m3": 1, "fp8_e5m2": 1, "fp8_inc": 1, "int8": 1, "bfloat16": 2, "float16": 2,
                  "half": 2, "float32": 4, "fp4_e2m1": 0.5}

# Allowances (GiB per GPU): assumptions, not measurements. docs/preflight.md says where each comes from.
CUDA_CONTEXT_GIB = 0.5  # CUDA context + cuBLAS/cuDNN handles, before any tensor
NON_TORCH_GIB = 0.2  # memory outside torch's allocator that grows during vLLM's profiling run
NCCL_GIB = 0.3  # extra NCCL / custom all-reduce buffers when TP or PP > 1
CUDA_GRAPH_GIB = 0.5  # CUDA graph pools (vLLM counts them in the budget since 0.20)
ACTIVATION_MISC_GIB = 0.3  # sampler, workspace and allocator fragmentation in the profiling run
VLLM_BLOCK = 16
VLLM_GPU_UTIL = 0.9
SGLANG_FRACTION_BY_TP = ((1, 0.88), (2, 0.85), (4, 0.83), (8, 0.80), (16, 0.79))

# tensors that quantization methods add; they keep their stored dtype
_QUANT_AUX = re.compile(r"(?:scale|scales|scale_inv|zeros|qzeros|g_idx|absmax|quant_map|zero_point|"
                        r"weight_shape|input_scale|bias_scale)$")
_KV_PROJ = re.compile(r"\.(?:k_proj|v_proj|key|value|wk|wv)\.")
_QKV_FUSED = re.compile(r"\.(?:qkv_proj|query_key_value|c_attn|Wqkv|qkv)\.")
_REPLICATED = re.compile(r"(?:\.gate\.(?:weight|e_score_correction_bias)$|q_a_proj|kv_a_proj_with_mqa|"
                         r"kv_a_layernorm|q_a_layernorm)")
_LINEAR_IN_LAYER = re.compile(r"_proj\.|\.experts\.|\.mlp\.|\.dense|\.fc\d|w[123]\.")
_FIRST_STAGE = re.compile(r"(?:embed_tokens|wte|word_embeddings|tok_embeddings|embeddings)\.")


def runtime_dtype(spec: LaunchSpec, cfg: ModelConfig) -> str:
    """The dtype the engine computes in: --dtype, else the config's, with float32 cast down to bfloat16."""
    d = (spec.dtype or "auto").lower()
    if d != "auto":
        return {"half": "float16", "float": "float32"}.get(d, d)
    c = str(cfg.dtype or "bfloat16").replace("torch.", "").lower()
    return "bfloat16" if c in ("float32", "float") else c


def kv_dtype_bytes(spec: LaunchSpec, cfg: ModelConfig) -> float:
    k = (spec.kv_cache_dtype or "auto").lower()
    if k == "auto":
        return DTYPE_BYTES.get(runtime_dtype(spec, cfg), 2)
    return KV_DTYPE_BYTES.get(k, 2)


def pp_partition(layers: int, pp: int) -> list[range]:
    """vLLM's default split: equal parts, the remainder to the stages before the last."""
    parts = [layers // pp] * pp
    for i in range(2, layers % pp + 2):
        parts[-i] += 1
    out, start = [], 0
    for n in parts:
        out.append(range(start, start + n))
        start += n
    return out


@dataclass
class WeightEstimate:
    checkpoint_bytes: int  # bytes of the tensors as stored
    runtime_bytes: int  # after the cast to the runtime dtype (and online quantization)
    per_gpu_bytes: int  # the largest GPU's share under TP/PP (what must fit)
    stage_bytes: list[int]
    tensors: int
    skipped_tensors: int  # layers past num_hidden_layers (MTP heads), not loaded
    runtime_dtype: str
    online_quant: str | None = None
    notes: list[str] = field(default_factory=list)


def tensor_runtime_bytes(t: Tensor, rt_bytes: int, online_quant: bool) -> int:
    """Bytes of one tensor once loaded: float tensors in the runtime dtype, quantized ones as stored."""
    if t.dtype not in FLOAT_DTYPES or _QUANT_AUX.search(t.name.removesuffix(".weight").removesuffix(".bias")):
        return t.nbytes
    if online_quant and len(t.shape) == 2 and layer_of(t.name) is not None and _LINEAR_IN_LAYER.search(t.name):
        return t.numel  # fp8 / int8 online quantization of the layers' linear weights: one byte each
    return t.numel * rt_bytes


def tensor_share(name: str, shape: tuple[int, ...], tp: int, cfg: ModelConfig) -> float:
    """The fraction of a tensor that one TP rank holds."""
    if tp == 1 or len(shape) < 2 or _REPLICATED.search(name):
        return 1.0  # norms, biases, routers, MLA's small down-projections: replicated
    kv_split = min(tp, cfg.kv_heads) if cfg.kv_heads else tp
    if _KV_PROJ.search(name) and not cfg.is_mla:
        return 1.0 / kv_split
    if _QKV_FUSED.search(name) and not cfg.is_mla:
        q, kv = cfg.heads * cfg.head_dim, 2 * cfg.kv_heads * cfg.head_dim
        return (q / tp + kv / kv_split) / (q + kv)
    return 1.0 / tp


def estimate_weights(ck: Checkpoint, cfg: ModelConfig, spec: LaunchSpec) -> WeightEstimate:
    rt = runtime_dtype(spec, cfg)
    rt_bytes = DTYPE_BYTES.get(rt, 2)
    online = None
    if spec.quantization and not cfg.quant_method and spec.quantization.lower() in ("fp8", "ptpc_fp8"):
        online = spec.quantization.lower()
    stages = pp_partition(cfg.layers, spec.pp)
    stage_bytes = [0.0] * spec.pp
    stored = runtime = skipped = 0
    for t in ck.tensors:
        layer = layer_of(t.name)
        if layer is not None and layer >= cfg.layers:
            skipped += 1  # e.g. DeepSeek's MTP layer: loaded only for speculative decoding
            continue
        b = tensor_runtime_bytes(t, rt_bytes, online is not None)
        stored += t.nbytes
        runtime += b
        share = b * tensor_share(t.name, t.shape, spec.tp, cfg)
        if layer is not None:
            idx = next(i for i, r in enumerate(stages) if layer in r)
            stage_bytes[idx] += share
        elif _FIRST_STAGE.search(t.name):
            stage_bytes[0] += share
            if cfg.tie_word_embeddings and spec.pp > 1:
                stage_bytes[-1] += share  # the last stage holds the tied LM head
        else:
            stage_bytes[-1] += share  # final norm, LM head
    per_stage = [math.ceil(b) for b in stage_bytes]
    offload = int(spec.cpu_offload_gb * GIB)
    est = WeightEstimate(stored, runtime, max(0, max(per_stage) - offload), per_stage, len(ck.tensors) - skipped,
                         skipped, rt, online)
    if offload:
        est.notes.append(f"--cpu-offload-gb {spec.cpu_offload_gb:g} keeps that much of the weights in host RAM")
    return est


@dataclass
class KvEstimate:
    bytes_per_token: float  # whole model (all layers, all KV heads), one token
    bytes_per_token_per_gpu: float  # what one GPU stores per token (TP split, PP stage)
    full_bytes_per_token_per_gpu: float  # layers that keep every token
    sliding_bytes_per_token_per_gpu: float  # layers that keep only the window
    sliding_window: int | None
    kv_dtype_bytes: float
    kind: str  # mha / gqa / mqa / mla
    kv_heads_per_gpu: int | None
    formula: str


def estimate_kv(cfg: ModelConfig, spec: LaunchSpec) -> KvEstimate:
    kb = kv_dtype_bytes(spec, cfg)
    if cfg.is_mla:
        per_layer = (cfg.kv_lora_rank + (cfg.qk_rope_head_dim or 0)) * kb  # one latent, replicated over TP
        per_layer_gpu, heads_gpu = per_layer, None
        formula = f"(kv_lora_rank {cfg.kv_lora_rank} + qk_rope_head_dim {cfg.qk_rope_head_dim}) x {kb:g} B"
    else:
        per_layer = 2 * cfg.kv_heads * cfg.head_dim * kb
        heads_gpu = max(1, cfg.kv_heads // spec.tp)  # TP > KV heads replicates a head on each rank
        per_layer_gpu = 2 * heads_gpu * cfg.head_dim * kb
        formula = f"2 (K,V) x {cfg.kv_heads} KV heads x head_dim {cfg.head_dim} x {kb:g} B"
    kinds = cfg.layer_kinds or ["full"] * cfg.layers
    stage = max(pp_partition(cfg.layers, spec.pp), key=lambda r: sum(kinds[i] != "none" for i in r))
    full = sum(1 for i in stage if kinds[i] == "full")
    sliding = sum(1 for i in stage if kinds[i] == "sliding")
    attn_layers = sum(1 for k in kinds if k != "none")
    return KvEstimate(
        bytes_per_token=per_layer * attn_layers,
        bytes_per_token_per_gpu=per_layer_gpu * (full + sliding),
        full_bytes_per_token_per_gpu=per_layer_gpu * full,
        sliding_bytes_per_token_per_gpu=per_layer_gpu * sliding,
        sliding_window=cfg.sliding_window if sliding else None,
        kv_dtype_bytes=kb, kind=cfg.attention, kv_heads_per_gpu=heads_gpu,
        formula=f"{formula} per layer x {full + sliding} layers on the largest stage"
                + (f" ({sliding} of them keep only a {cfg.sliding_window}-token window)" if sliding else ""),
    )


def request_bytes(kv: KvEstimate, n: int) -> float:
    """KV bytes one GPU needs for one request of n tokens."""
    w = kv.sliding_window or 0
    return n * kv.full_bytes_per_token_per_gpu + min(n, w) * kv.sliding_bytes_per_token_per_gpu


def max_len_that_fits(kv: KvEstimate, budget: float, block: int, cap: int | None) -> int:
    """The largest request length whose KV fits in `budget` bytes, rounded down to whole blocks."""
    if budget <= 0:
        return 0
    full, swa, w = kv.full_bytes_per_token_per_gpu, kv.sliding_bytes_per_token_per_gpu, kv.sliding_window or 0
    if full == 0 and swa == 0:
        return cap or 0
    if full == 0:
        n = (cap or 10 ** 9) if budget >= w * swa else budget / swa
    elif budget >= w * (full + swa):
        n = (budget - w * swa) / full
    else:
        n = budget / (full + swa)
    n = int(n) // block * block
    return min(n, cap) if cap else n


@dataclass
class Budget:
    gpu_mem_bytes: int | None
    gpu_mem_source: str  # --gpu-mem / nvidia-smi / host RAM (CPU backend) / unknown
    fraction: float | None  # gpu_memory_utilization or mem_fraction_static
    fraction_source: str
    usable_bytes: int | None  # gpu_mem x fraction
    weights_bytes: int
    activation_bytes: int
    cuda_graph_bytes: int
    non_torch_bytes: int
    cuda_context_bytes: int
    kv_bytes: int | None  # what remains for the KV cache per GPU
    kv_source: str  # estimate / --kv-cache-memory-bytes / VLLM_CPU_KVCACHE_SPACE / log
    assumptions: list[str] = field(default_factory=list)


def default_batch(spec: LaunchSpec, gpu_mem: int | None) -> tuple[int, int]:
    """vLLM V1's defaults for `vllm serve`: max_num_batched_tokens, max_num_seqs (larger on >= 70 GiB GPUs)."""
    big = gpu_mem is not None and gpu_mem >= 70 * GIB
    if spec.engine == "sglang":
        return spec.max_num_batched_tokens or 8192, spec.max_num_seqs or 1024
    return (spec.max_num_batched_tokens or (8192 if big else 2048)), (spec.max_num_seqs or (1024 if big else 256))


def activation_bytes(cfg: ModelConfig, spec: LaunchSpec, gpu_mem: int | None) -> int:
    """Peak of vLLM's profiling run: one forward pass of max_num_batched_tokens tokens, plus logits."""
    tokens, seqs = default_batch(spec, gpu_mem)
    b = DTYPE_BYTES.get(runtime_dtype(spec, cfg), 2)
    inter = cfg.intermediate
    if cfg.num_experts and cfg.moe_intermediate and cfg.experts_per_token:
        inter = max(inter, cfg.moe_intermediate * cfg.experts_per_token)
    qkv = (cfg.heads + 2 * cfg.kv_heads) * cfg.head_dim
    per_token = (4 * cfg.hidden + (qkv + 2 * inter) / spec.tp) * b
    logits = min(tokens, seqs) * cfg.vocab * 4 * 2  # float32 logits and their softmax
    return int(tokens * per_token + logits + ACTIVATION_MISC_GIB * GIB)


def sglang_fraction(tp: int) -> float:
    frac = SGLANG_FRACTION_BY_TP[0][1]
    for n, f in SGLANG_FRACTION_BY_TP:
        if tp >= n:
            frac = f
    return frac


def estimate_budget(cfg: ModelConfig, spec: LaunchSpec, weights_per_gpu: int, gpu_mem: int | None,
                    gpu_mem_source: str, cpu: bool = False) -> Budget:
    env = spec.env
    multi = spec.tp * spec.pp > 1
    ctx = 0 if cpu else int(CUDA_CONTEXT_GIB * GIB)
    non_torch = 0 if cpu else int((NON_TORCH_GIB + (NCCL_GIB if multi else 0)) * GIB)
    graphs = 0 if (cpu or spec.enforce_eager) else int(CUDA_GRAPH_GIB * GIB)
    act = activation_bytes(cfg, spec, gpu_mem)
    assumptions = []
    if spec.engine == "sglang":
        frac = spec.mem_fraction if spec.mem_fraction is not None else sglang_fraction(spec.tp)
        frac_src = "--mem-fraction-static" if spec.mem_fraction is not None else "SGLang's default by TP size"
        # SGLang: KV = total x fraction - weights - what was in use before loading; activations and
        # CUDA graphs live in the (1 - fraction) left over.
        usable = int(gpu_mem * frac) if gpu_mem else None
        kv = usable - weights_per_gpu - ctx - non_torch if usable is not None else None
        b = Budget(gpu_mem, gpu_mem_source, frac, frac_src, usable, weights_per_gpu, 0, 0, non_torch, ctx, kv,
                   "estimate")
        assumptions.append("SGLang: KV = GPU memory x mem_fraction_static - weights - CUDA context"
                           + (" - NCCL buffers" if multi else "") + "; activations and CUDA graphs use the rest")
    else:
        frac = spec.gpu_util if spec.gpu_util is not None else VLLM_GPU_UTIL
        frac_src = "--gpu-memory-utilization" if spec.gpu_util is not None else "vLLM's default"
        usable = int(gpu_mem * frac) if gpu_mem else None
        kv = usable - weights_per_gpu - act - graphs - non_torch if usable is not None else None
        b = Budget(gpu_mem, gpu_mem_source, frac, frac_src, usable, weights_per_gpu, act, graphs, non_torch, ctx,
                   kv, "estimate")
        tokens, seqs = default_batch(spec, gpu_mem)
        assumptions.append(f"vLLM: KV = GPU memory x gpu_memory_utilization - weights - activation peak of a "
                           f"{tokens}-token profiling batch ({seqs} sequences of logits) - "
                           + ("" if cpu or spec.enforce_eager else f"CUDA graphs {CUDA_GRAPH_GIB} GiB - ")
                           + f"non-torch memory {non_torch / GIB:.1f} GiB")
        if not cpu:
            assumptions.append(f"the CUDA context ({CUDA_CONTEXT_GIB} GiB) must fit in the {1 - frac:.0%} that "
                               "gpu_memory_utilization leaves free")
        if spec.kv_cache_bytes is not None:
            b.kv_bytes, b.kv_source = spec.kv_cache_bytes, "--kv-cache-memory-bytes"
        elif cpu and _float(env.get("VLLM_CPU_KVCACHE_SPACE")):
            b.kv_bytes, b.kv_source = int(_float(env["VLLM_CPU_KVCACHE_SPACE"]) * GIB), "VLLM_CPU_KVCACHE_SPACE"
    if cpu:
        assumptions.append("CPU backend: no CUDA context, no CUDA graphs; memory is host RAM")
    b.assumptions = assumptions
    return b


def _float(v) -> float | None:
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


@dataclass
class Fit:
    max_len: int | None  # the length the engine will use
    max_len_source: str  # --max-model-len / --context-length / the model's config
    model_max_len: int | None
    block_size: int
    kv_tokens: int | None  # tokens the KV budget holds (whole blocks)
    max_len_that_fits: int | None
    max_concurrency: float | None  # full-length requests at once
    request_bytes: int | None  # one full-length request's KV per GPU


def compute_fit(cfg: ModelConfig, spec: LaunchSpec, kv: KvEstimate, budget: Budget) -> Fit:
    block = spec.block_size or (VLLM_BLOCK if spec.engine == "vllm" else 1)
    if spec.max_len is not None:
        length, src = spec.max_len, ("--max-model-len" if spec.engine == "vllm" else "--context-length")
    else:
        length, src = cfg.max_len, f"the model's {cfg.max_len_key}" if cfg.max_len_key else "unknown"
    kv_bytes = budget.kv_bytes
    if spec.engine == "sglang" and spec.max_total_tokens and kv_bytes is not None:
        kv_bytes = min(kv_bytes, int(spec.max_total_tokens * kv.bytes_per_token_per_gpu))
    if kv_bytes is None or kv.bytes_per_token_per_gpu == 0:
        return Fit(length, src, cfg.max_len, block, None, None, None,
                   int(request_bytes(kv, length)) if length else None)
    per_block = block * kv.bytes_per_token_per_gpu
    tokens = max(0, int(kv_bytes // per_block) * block) if kv_bytes > 0 else 0
    if kv.sliding_window:
        tokens = max(0, int(kv_bytes // kv.bytes_per_token_per_gpu) // block * block)
    cap = cfg.max_len if not spec.env.get("VLLM_ALLOW_LONG_MAX_MODEL_LEN") == "1" else None
    fits = max_len_that_fits(kv, kv_bytes, block, cap)
    req = None
    conc = None
    if length:
        blocks_needed = math.ceil(length / block)
        req = int(request_bytes(kv, blocks_needed * block))
        conc = round(kv_bytes / req, 2) if req and kv_bytes > 0 else 0.0
        if not kv.sliding_window:
            conc = round(tokens / length, 2)  # vLLM's own "Maximum concurrency" formula
    return Fit(length, src, cfg.max_len, block, tokens, fits, conc, req)
