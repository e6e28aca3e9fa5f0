"""Read a local model folder: config.json, safetensors headers (or the index), quantization config.

Nothing is downloaded and no tensor data is read: a safetensors file is an 8-byte little-endian
header length, a JSON header (name -> dtype, shape, data_offsets) and the data, so the header alone
gives every tensor's exact size.
"""

from __future__ import annotations

import json
import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

MAX_HEADER_BYTES = 100 * 1024 * 1024  # the safetensors format's own limit

FLOAT_DTYPES = ("F64", "F32", "F16", "BF16")


class CheckpointError(Exception):
    """The folder cannot be read as a model (the message says why, with the file name)."""

    def __init__(self, message: str, category: str = "corrupt-checkpoint"):
        super().__init__(message)
        self.category = category


@dataclass(frozen=True)
class Tensor:
    name: str
    dtype: str
    shape: tuple[int, ...]
    nbytes: int  # bytes on disk (end - begin of data_offsets)
    file: str

    @property
    def numel(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


@dataclass
class Checkpoint:
    """What the weight files say: every tensor with its real size, and what is wrong with the files."""

    files: list[str] = field(default_factory=list)
    tensors: list[Tensor] = field(default_factory=list)
    file_bytes: int = 0  # sum of the files' sizes on disk
    problems: list[str] = field(default_factory=list)  # truncated / missing / unreadable shards
    index_total_size: int | None = None  # metadata.total_size of model.safetensors.index.json
    other_weight_files: list[str] = field(default_factory=list)  # *.bin / *.pt / *.gguf (not read)

    @property
    def tensor_bytes(self) -> int:
        return sum(t.nbytes for t in self.tensors)


def read_safetensors_header(path: str | os.PathLike) -> tuple[dict, int, int]:
    """Return (header, data_start, file_size); raise CheckpointError when the header is unreadable."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        raw = f.read(8)
        if len(raw) < 8:
            raise CheckpointError(f"{Path(path).name}: {size} bytes, shorter than the 8-byte header length")
        (n,) = struct.unpack("<Q", raw)
        if n > MAX_HEADER_BYTES or 8 + n > size:
            raise CheckpointError(f"{Path(path).name}: header length {n} does not fit in the file ({size} bytes): "
                                  "truncated or not a safetensors file")
        try:
            header = json.loads(f.read(n).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CheckpointError(f"{Path(path).name}: header is not valid JSON ({exc})") from None
    if not isinstance(header, dict):
        raise CheckpointError(f"{Path(path).name}: header is not a JSON object")
    return header, 8 + n, size


def read_checkpoint(model_dir: str | os.PathLike) -> Checkpoint:
    ck = Checkpoint()
    root = Path(model_dir)
    index_path = root / "model.safetensors.index.json"
    names: list[str]
    if index_path.is_file():
        try:
            index = json.loads(index_path.read_text(encoding="utf-8"))
            weight_map = index["weight_map"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CheckpointError(f"model.safetensors.index.json is not a valid index ({exc})") from None
        total = (index.get("metadata") or {}).get("total_size")
        ck.index_total_size = int(total) if isinstance(total, (int, float)) else None
        names = sorted(set(weight_map.values()))
        for name in names:
            if not (root / name).is_file():
                ck.problems.append(f"{name} is named in model.safetensors.index.json but missing")
        names = [n for n in names if (root / n).is_file()]
    else:
        names = sorted(p.name for p in root.glob("*.safetensors"))
    ck.other_weight_files = sorted(p.name for p in root.iterdir()
                                   if p.suffix in (".bin", ".pt", ".pth", ".gguf") and p.is_file())
    for name in names:
        path = root / name
        ck.files.append(name)
        try:
            header, data_start, size = read_safetensors_header(path)
        except CheckpointError as exc:
            ck.problems.append(str(exc))
            ck.file_bytes += path.stat().st_size
            continue
        ck.file_bytes += size
        end_max = 0
        for tname, meta in header.items():
            if tname == "__metadata__" or not isinstance(meta, dict):
                continue
            try:
                begin, end = (int(x) for x in meta["data_offsets"])
                t = Tensor(tname, str(meta["dtype"]), tuple(int(d) for d in meta["shape"]), end - begin, name)
            except (KeyError, TypeError, ValueError):
                ck.problems.append(f"{name}: tensor {tname!r} has a malformed header entry")
                continue
            end_max = max(end_max, end)
            ck.tensors.append(t)
        if data_start + end_max > size:
            ck.problems.append(f"{name}: truncated: the header needs {data_start + end_max} bytes, "
                               f"the file has {size}")
    return ck


# ---------------------------------------------------------------------------------------------
# config.json


@dataclass
class ModelConfig:
    """The architecture numbers the estimates need, normalised across config spellings."""

    raw: dict
    architecture: str | None
    model_type: str | None
    layers: int
    heads: int
    kv_heads: int
    head_dim: int
    hidden: int
    intermediate: int
    vocab: int
    dtype: str | None  # torch_dtype of the checkpoint ("bfloat16", ...)
    max_len: int | None  # the length the engine derives from the config
    max_len_key: str | None
    kv_lora_rank: int | None = None  # MLA latent
    qk_rope_head_dim: int | None = None
    sliding_window: int | None = None
    layer_kinds: list[str] = field(default_factory=list)  # per layer: full / sliding / none
    quant_method: str | None = None
    quant_bits: int | None = None
    tie_word_embeddings: bool = False
    num_experts: int | None = None
    experts_per_token: int | None = None
    moe_intermediate: int | None = None

    @property
    def is_mla(self) -> bool:
        return bool(self.kv_lora_rank)

    @property
    def attention(self) -> str:
        if self.is_mla:
            return "mla"
        if self.kv_heads == 1 and self.heads > 1:
            return "mqa"
        return "gqa" if self.kv_heads < self.heads else "mha"


_LEN_KEYS = ("max_position_embeddings", "n_positions", "max_seq_len", "seq_length", "max_sequence_length",
             "max_seq_length", "seq_len")


def _first(cfg: dict, *keys, default=None):
    for k in keys:
        v = cfg.get(k)
        if v is not None:
            return v
    return default


def derived_max_len(cfg: dict) -> tuple[int | None, str | None]:
    """vLLM's rule: the smallest of the length keys, times the RoPE scaling factor (except the
    types that already include it: su, longrope, llama3)."""
    best, key = None, None
    for k in _LEN_KEYS:
        v = cfg.get(k)
        if isinstance(v, (int, float)) and v > 0 and (best is None or v < best):
            best, key = int(v), k
    rope = cfg.get("rope_scaling") or {}
    if best is not None and isinstance(rope, dict):
        rtype = rope.get("rope_type") or rope.get("type")
        factor = rope.get("factor")
        if rtype not in (None, "su", "longrope", "llama3", "default", "mrope") and isinstance(factor, (int, float)):
            base = rope.get("original_max_position_embeddings") or best
            best, key = int(base * factor), f"{key} x rope_scaling.factor"
    return best, key


def _layer_kinds(cfg: dict, layers: int) -> tuple[list[str], int | None]:
    window = cfg.get("sliding_window")
    window = int(window) if isinstance(window, (int, float)) and window > 0 else None
    types = cfg.get("layer_types")
    if isinstance(types, list) and len(types) >= layers:
        kinds = []
        for t in types[:layers]:
            t = str(t)
            if "sliding" in t or t in ("local", "local_attention", "chunked_attention"):
                kinds.append("sliding" if window else "full")
            elif "attention" in t and "linear" not in t and "mamba" not in t:
                kinds.append("full")
            else:
                kinds.append("none")  # linear attention / mamba: no per-token KV (state not estimated)
        return kinds, window
    if window is None or cfg.get("use_sliding_window") is False:
        return ["full"] * layers, None
    pattern = cfg.get("sliding_window_pattern")
    if isinstance(pattern, int) and pattern > 1:  # Gemma 3: every pattern-th layer is global
        return ["full" if (i + 1) % pattern == 0 else "sliding" for i in range(layers)], window
    if cfg.get("model_type") == "gemma2":  # Gemma 2 alternates, sliding first
        return ["sliding" if i % 2 == 0 else "full" for i in range(layers)], window
    if cfg.get("use_sliding_window") and isinstance(cfg.get("max_window_layers"), int):  # Qwen2 style
        mwl = cfg["max_window_layers"]
        return ["sliding" if i >= mwl else "full" for i in range(layers)], window
    return ["sliding"] * layers, window  # Mistral 7B v0.1 style: every layer


def read_config(model_dir: str | os.PathLike) -> ModelConfig:
    path = Path(model_dir) / "config.json"
    if not path.is_file():
        raise CheckpointError(f"no config.json in {model_dir}", "model-not-found")
    try:
        top = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CheckpointError(f"config.json is not valid JSON ({exc})") from None
    if not isinstance(top, dict):
        raise CheckpointError("config.json is not a JSON object")
    cfg = top
    for sub in ("text_config", "llm_config", "language_config"):  # multimodal wrappers
        if isinstance(top.get(sub), dict) and "num_hidden_layers" not in top:
            cfg = {**top[sub], **{k: v for k, v in top.items() if k in ("quantization_config",)}}
            break
    try:
        layers = int(_first(cfg, "num_hidden_layers", "n_layer", "num_layers", "n_layers"))
        heads = int(_first(cfg, "num_attention_heads", "n_head", "num_heads", "n_heads"))
        hidden = int(_first(cfg, "hidden_size", "n_embd", "d_model", "dim"))
    except (TypeError, ValueError):
        raise CheckpointError("config.json lacks num_hidden_layers / num_attention_heads / hidden_size",
                              "unsupported-model") from None
    kv = _first(cfg, "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num")
    if kv is None and cfg.get("multi_query"):
        kv = 1
    kv_heads = int(kv) if kv else heads
    head_dim = int(_first(cfg, "head_dim", default=0) or hidden // heads)
    kinds, window = _layer_kinds(cfg, layers)
    max_len, key = derived_max_len(cfg)
    q = top.get("quantization_config") or cfg.get("quantization_config") or {}
    qm = q.get("quant_method") if isinstance(q, dict) else None
    bits = q.get("bits") or q.get("w_bit") if isinstance(q, dict) else None
    arch = (top.get("architectures") or [None])[0]
    return ModelConfig(
        raw=top, architecture=arch, model_type=cfg.get("model_type") or top.get("model_type"),
        layers=layers, heads=heads, kv_heads=kv_heads, head_dim=head_dim, hidden=hidden,
        intermediate=int(_first(cfg, "intermediate_size", "ffn_dim", "n_inner", default=4 * hidden) or 4 * hidden),
        vocab=int(_first(cfg, "vocab_size", "padded_vocab_size", default=0) or 0),
        dtype=_first(top, "torch_dtype", "dtype") or cfg.get("torch_dtype") or cfg.get("dtype"),
        max_len=max_len, max_len_key=key,
        kv_lora_rank=cfg.get("kv_lora_rank") or None, qk_rope_head_dim=cfg.get("qk_rope_head_dim"),
        sliding_window=window, layer_kinds=kinds, quant_method=str(qm).lower() if qm else None,
        quant_bits=int(bits) if isinstance(bits, (int, float)) else None,
        tie_word_embeddings=bool(_first(cfg, "tie_word_embeddings", default=top.get("tie_word_embeddings", False))),
        num_experts=_first(cfg, "n_routed_experts", "num_experts", "num_local_experts"),
        experts_per_token=_first(cfg, "num_experts_per_tok", "moe_topk", "num_experts_per_token"),
        moe_intermediate=_first(cfg, "moe_intermediate_size"),
    )


_LAYER_RE = re.compile(r"(?:^|\.)(?:layers|h|blocks|layer)\.(\d+)\.")


def layer_of(name: str) -> int | None:
    m = _LAYER_RE.search(name)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------------------------
# where the folder is


def hf_cache_snapshot(repo_id: str, env: dict) -> Path | None:
    """The newest local snapshot of a hub id in the HF cache (read only, never fetched)."""
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repo_id):
        return None
    hub = env.get("HF_HUB_CACHE") or (Path(env["HF_HOME"]) / "hub" if env.get("HF_HOME") else None)
    hub = Path(hub) if hub else Path(env.get("HOME", "~")).expanduser() / ".cache" / "huggingface" / "hub"
    snaps = hub / ("models--" + repo_id.replace("/", "--")) / "snapshots"
    if not snaps.is_dir():
        return None
    found = sorted((p for p in snaps.iterdir() if (p / "config.json").exists()), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None
