"""Preflight: read the model folder, do the arithmetic, run the checks, build the report.

Each check predicts one failure category of docs/contract.md and says ok / warning / error (or skipped,
when an input it needs is unknown), with remediations in the rule pack's style: the flag to copy,
with the computed number.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from diagnose.preflight import estimate as est
from diagnose.preflight.checkpoint import (
    Checkpoint,
    CheckpointError,
    ModelConfig,
    hf_cache_snapshot,
    read_checkpoint,
    read_config,
)
from diagnose.preflight.cmdline import LaunchSpec
from diagnose.preflight.host import HostInfo, compute_capability
from diagnose.preflight.result import Check, PreflightReport, outcome_of

GIB = est.GIB
MIB = 1024 ** 2
SHM_ERROR_BYTES = 256 * MIB
SHM_WARN_BYTES = 1 * GIB
TMP_ERROR_BYTES = 512 * MIB
TMP_WARN_BYTES = 2 * GIB
NEAR_LIMIT = 1.10  # KV budget within 10% of one full request: the estimate's own margin


class ModelNotLocal(Exception):
    """The model is neither a local folder nor in the local HF cache (preflight never downloads)."""


def human(n: float | None) -> str:
    if n is None:
        return "unknown"
    a = abs(n)
    if a >= GIB:
        return f"{n / GIB:.2f} GiB"
    if a >= MIB:
        return f"{n / MIB:.1f} MiB"
    if a >= 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n:g} B"


def nice_len(n: int, block: int) -> int:
    """A length to suggest: round numbers a person would type, never above n."""
    for step in (1024, 256):
        if n >= 8 * step:
            return n // step * step
    return max(block, n // block * block) if n >= block else n


def version_tuple(v: str | None) -> tuple[int, ...] | None:
    if not v:
        return None
    m = re.match(r"v?(\d+)\.(\d+)(?:\.(\d+))?", v)
    return tuple(int(x or 0) for x in m.groups()) if m else None


def is_dev(v: str | None) -> bool:
    return bool(v) and bool(re.search(r"dev|nightly|\+g[0-9a-f]|main|latest", v, re.I))


@dataclass
class Options:
    engine_version: str | None = None
    image: str | None = None
    cpu: bool = False  # vLLM's CPU backend (memory = host RAM, VLLM_CPU_KVCACHE_SPACE)
    kv_budget_bytes: int | None = None  # a KV budget already known (from a log)
    kv_budget_source: str | None = None
    host_checks: bool = True  # shm, RAM, TMPDIR, image (off when explaining a log from elsewhere)
    expect_metrics: bool = False  # a platform scrapes /metrics (--expect-metrics / LLMDIAG_EXPECT_METRICS=1)


def resolve_model_dir(spec: LaunchSpec, env: dict) -> Path:
    path = spec.host_path(spec.model or "")
    p = Path(os.path.expanduser(path))
    if p.is_dir():
        return p
    snap = hf_cache_snapshot(spec.model or "", env)
    if snap is not None:
        return snap
    if path.startswith(("/", ".", "~")) or not re.fullmatch(r"[\w.-]+/[\w.-]+", path):
        return p  # a path that does not exist: the model-files check reports it
    raise ModelNotLocal(f"{spec.model!r} is not a local folder and not in the local Hugging Face cache; "
                        "preflight never downloads: pass the local folder")


def _valid_tps(cfg: ModelConfig, upto: int = 64) -> list[int]:
    out = []
    for tp in (1, 2, 4, 8, 16, 32, 64):
        if tp > upto:
            break
        if cfg.heads % tp:
            continue
        if not cfg.is_mla and cfg.kv_heads % tp and tp % cfg.kv_heads:
            continue
        out.append(tp)
    return out


class Preflight:
    def __init__(self, spec: LaunchSpec, host: HostInfo, env: dict, opts: Options):
        self.spec, self.host, self.env, self.opts = spec, host, env, opts
        self.checks: list[Check] = []
        self.notes: list[str] = []
        self.assumptions: list[str] = []
        self.version = opts.engine_version or self._image_version()

    # ------------------------------------------------------------------ helpers
    def add(self, id, category, status, title, explanation="", remediation=(), **numbers):
        self.checks.append(Check(id=id, category=category, status=status, title=title, explanation=explanation,
                                 remediation=list(remediation), numbers=numbers))

    def _image_version(self) -> str | None:
        image = self.opts.image or self.spec.image
        if not image:
            return None
        tag = image.split("@")[0].rpartition(":")[2] if ":" in image.split("/")[-1] else ""
        m = re.match(r"v?(\d+\.\d+\.\d+\S*)", tag)
        return m.group(1) if m else None

    @property
    def vllm(self) -> bool:
        return self.spec.engine == "vllm"

    def flag(self, vllm: str, sglang: str) -> str:
        return vllm if self.vllm else sglang

    def visible_gpus(self) -> tuple[int | None, str]:
        cvd = self.env.get("CUDA_VISIBLE_DEVICES")
        if cvd is not None and cvd.strip() != "":
            return len([x for x in cvd.split(",") if x.strip() and x.strip() != "-1"]), "CUDA_VISIBLE_DEVICES"
        if self.spec.docker_gpus is not None:
            return self.spec.docker_gpus, "docker --gpus"
        if self.host.gpu_count is not None:
            return self.host.gpu_count, self.host.gpu_count_source
        return None, "unknown"

    # ------------------------------------------------------------------ run
    def run(self, model_dir: Path | None) -> PreflightReport:
        spec = self.spec
        report = dict(engine=spec.engine, engine_version=self.version, command=spec.argv, model=spec.model,
                      model_dir=str(model_dir) if model_dir else None)
        parallel = dict(tp=spec.tp, pp=spec.pp, dp=spec.dp, nnodes=spec.nnodes, world_size=spec.world_size,
                        gpus_per_node_needed=math.ceil(spec.world_size / max(1, spec.nnodes)))
        cfg = ck = None
        if model_dir is not None:
            cfg, ck = self.check_model_files(model_dir)
        numbers: dict = {}
        if cfg is not None and ck is not None:
            numbers = self.check_memory(cfg, ck)
            self.check_tp_heads(cfg)
            self.check_dtype(cfg)
        self.check_tp_gpus()
        if self.opts.host_checks:
            self.check_shm()
            self.check_host_ram(ck)
            self.check_tmp()
            self.check_image()
        self.check_symm_mem()
        self.check_multinode_tp()
        self.check_dist_env()
        self.check_metrics()
        host = {k: v for k, v in asdict(self.host).items() if k != "notes"}
        return PreflightReport(**report, outcome=outcome_of(self.checks), checks=self.checks,
                               parallel=parallel, host=host, assumptions=self.assumptions,
                               notes=self.notes + self.host.notes, **numbers)

    # ------------------------------------------------------------------ checks
    def check_model_files(self, model_dir: Path) -> tuple[ModelConfig | None, Checkpoint | None]:
        rem_nf = ["check the path (inside a container: the path as mounted with docker -v)",
                  "huggingface-cli download ORG/NAME --local-dir DIR   # on a machine with network"]
        if not model_dir.is_dir():
            self.add("model-files", "model-not-found", "error", f"Model folder {model_dir} does not exist",
                     "The engine would stop in the config phase: it cannot read config.json.", rem_nf)
            return None, None
        try:
            cfg = read_config(model_dir)
            ck = read_checkpoint(model_dir)
        except CheckpointError as exc:
            rem = rem_nf if exc.category == "model-not-found" else [
                "re-download the model files (an interrupted download leaves truncated or invalid files)",
                "sha256sum *.safetensors   # compare with the hashes on the model page"]
            self.add("model-files", exc.category, "error", f"The model folder cannot be read: {exc}",
                     "The engine would fail on the same file.", rem)
            return None, None
        if ck.problems:
            self.add("model-files", "corrupt-checkpoint", "error", "Weight files are incomplete or corrupt",
                     "; ".join(ck.problems[:5]) + ". The engine would fail while loading these shards.",
                     ["re-download the named files", "sha256sum *.safetensors   # compare with the model page"],
                     problems=ck.problems)
            return cfg, None
        if not ck.tensors:
            other = ", ".join(ck.other_weight_files[:3])
            self.add("model-files", "model-not-found" if not other else "corrupt-checkpoint",
                     "error" if not other else "warning",
                     "No safetensors weights in the folder" + (f" (found {other}: sizes not read)" if other else ""),
                     "Without *.safetensors the weight sizes cannot be read from headers"
                     + ("" if other else " and the engine would find no weights to load") + ".",
                     ["download the *.safetensors files of the model"])
            return cfg, None
        self.add("model-files", "corrupt-checkpoint", "ok",
                 f"{len(ck.files)} safetensors file(s), {len(ck.tensors)} tensors, {human(ck.tensor_bytes)}",
                 files=len(ck.files), tensors=len(ck.tensors), tensor_bytes=ck.tensor_bytes)
        return cfg, ck

    def check_memory(self, cfg: ModelConfig, ck: Checkpoint) -> dict:
        spec, host, opts = self.spec, self.host, self.opts
        w = est.estimate_weights(ck, cfg, spec)
        kv = est.estimate_kv(cfg, spec)
        gpu_mem, src = host.gpu_mem_bytes, host.gpu_source
        if opts.cpu and gpu_mem is None:
            gpu_mem, src = host.ram_available_bytes, "host RAM (CPU backend)"
        budget = est.estimate_budget(cfg, spec, w.per_gpu_bytes, gpu_mem, src, cpu=opts.cpu)
        if opts.kv_budget_bytes is not None:
            budget.kv_bytes, budget.kv_source = opts.kv_budget_bytes, opts.kv_budget_source or "given"
        fit = est.compute_fit(cfg, spec, kv, budget)
        self.assumptions += budget.assumptions + [
            "weights: 2-D tensors are split over TP (K/V projections over min(TP, KV heads)), 1-D tensors "
            "(norms, biases) are replicated; PP stages follow vLLM's layer partition",
            f"float tensors are counted in the runtime dtype ({w.runtime_dtype}); quantized tensors as stored",
        ]
        self.notes += w.notes
        if w.skipped_tensors:
            self.notes.append(f"{w.skipped_tensors} tensors of layers past num_hidden_layers (MTP) not counted")
        if cfg.layer_kinds.count("none"):
            self.notes.append(f"{cfg.layer_kinds.count('none')} layers without attention KV (linear attention / "
                              "mamba): their state is not estimated")
        self._weights_check(cfg, ck, w, budget)
        self._max_len_check(cfg, fit)
        self._kv_check(cfg, ck, w, kv, budget, fit)
        model_info = dict(architecture=cfg.architecture, model_type=cfg.model_type, layers=cfg.layers,
                          heads=cfg.heads, kv_heads=cfg.kv_heads, head_dim=cfg.head_dim, hidden=cfg.hidden,
                          vocab=cfg.vocab, attention=cfg.attention, kv_lora_rank=cfg.kv_lora_rank,
                          qk_rope_head_dim=cfg.qk_rope_head_dim, sliding_window=cfg.sliding_window,
                          sliding_layers=cfg.layer_kinds.count("sliding"), dtype=cfg.dtype,
                          quantization=cfg.quant_method, quant_bits=cfg.quant_bits,
                          max_len=cfg.max_len, max_len_key=cfg.max_len_key)
        weights = {**asdict(w), "per_gpu_gib": round(w.per_gpu_bytes / GIB, 3),
                   "checkpoint_gib": round(w.checkpoint_bytes / GIB, 3), "file_bytes": ck.file_bytes}
        weights.pop("notes")
        budget_d = asdict(budget)
        budget_d.pop("assumptions")
        budget_d.update({k.replace("_bytes", "_gib"): round(v / GIB, 3) for k, v in asdict(budget).items()
                         if k.endswith("_bytes") and isinstance(v, int)})
        return dict(model_info=model_info, weights=weights, kv_cache=asdict(kv), budget=budget_d,
                    fit={**asdict(fit), "suggested_max_len": nice_len(fit.max_len_that_fits, fit.block_size)
                         if fit.max_len_that_fits else fit.max_len_that_fits})

    def _suggest_tp(self, cfg, ck, need_bytes_fn) -> int | None:
        visible, _ = self.visible_gpus()
        for tp in _valid_tps(cfg):
            if tp <= self.spec.tp:
                continue
            w = est.estimate_weights(ck, cfg, replace(self.spec, tp=tp))
            if need_bytes_fn(w.per_gpu_bytes, tp):
                return tp
        return None

    def _weights_check(self, cfg, ck, w, budget):
        if budget.gpu_mem_bytes is None:
            self.add("weights-fit", "weights-oom", "skipped",
                     f"Weights per GPU: {human(w.per_gpu_bytes)} (GPU memory unknown: pass --gpu-mem GiB)",
                     weights_per_gpu_bytes=w.per_gpu_bytes)
            return
        room = budget.gpu_mem_bytes - budget.cuda_context_bytes
        nums = dict(weights_per_gpu_bytes=w.per_gpu_bytes, gpu_mem_bytes=budget.gpu_mem_bytes,
                    usable_bytes=budget.usable_bytes)
        if w.per_gpu_bytes <= (budget.usable_bytes or 0):
            self.add("weights-fit", "weights-oom", "ok",
                     f"Weights take {human(w.per_gpu_bytes)} per GPU of {human(budget.usable_bytes)} usable "
                     f"({w.per_gpu_bytes / budget.usable_bytes:.0%})", **nums)
            return
        tp = self._suggest_tp(cfg, ck, lambda b, _tp: b < 0.7 * (budget.usable_bytes or 0))
        rem = []
        if tp:
            rem.append(f"{self.flag('--tensor-parallel-size', '--tp-size')} {tp}   # {tp} GPUs: "
                       f"{human(est.estimate_weights(ck, cfg, replace(self.spec, tp=tp)).per_gpu_bytes)} of "
                       "weights each")
        if not cfg.quant_method:
            rem.append("a quantized checkpoint (FP8 halves 16-bit weights; AWQ / GPTQ 4-bit quarter them)")
        excess = w.per_gpu_bytes - (budget.usable_bytes or 0)
        if self.vllm:
            rem.append(f"--cpu-offload-gb {math.ceil(excess / GIB) + 1}   # slow: streams weights from host RAM")
        if w.per_gpu_bytes > room:
            self.add("weights-fit", "weights-oom", "error",
                     f"Weights do not fit: {human(w.per_gpu_bytes)} per GPU, the GPU has {human(room)} after "
                     "the CUDA context",
                     f"Under TP={self.spec.tp}, PP={self.spec.pp} the largest GPU's share of the weights is "
                     f"{human(w.per_gpu_bytes)} (from the safetensors headers in {w.runtime_dtype}); the GPU has "
                     f"{human(budget.gpu_mem_bytes)} ({budget.gpu_mem_source}). Loading would stop with CUDA out "
                     "of memory in the weights phase.", rem, **nums)
        else:
            self.add("weights-fit", "weights-oom", "warning",
                     f"Weights ({human(w.per_gpu_bytes)} per GPU) exceed the usable budget "
                     f"{human(budget.usable_bytes)} ({budget.fraction:g} x {human(budget.gpu_mem_bytes)})",
                     "They load, but nothing is left for the KV cache (see kv-cache-fit).", rem, **nums)

    def _max_len_check(self, cfg, fit):
        spec = self.spec
        if spec.max_len is None or cfg.max_len is None:
            self.add("max-len-model", "max-len-exceeds-model", "ok" if cfg.max_len else "skipped",
                     f"Max length {fit.max_len or 'unknown'} ({fit.max_len_source})", max_len=fit.max_len)
            return
        allow = (self.env.get("VLLM_ALLOW_LONG_MAX_MODEL_LEN") == "1" if self.vllm
                 else str(self.env.get("SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN", "")).lower() in ("1", "true"))
        if spec.max_len <= cfg.max_len:
            self.add("max-len-model", "max-len-exceeds-model", "ok",
                     f"{self.flag('--max-model-len', '--context-length')} {spec.max_len} <= the model's "
                     f"{cfg.max_len} ({cfg.max_len_key})", max_len=spec.max_len, model_max_len=cfg.max_len)
            return
        env_var = self.flag("VLLM_ALLOW_LONG_MAX_MODEL_LEN", "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN")
        self.add("max-len-model", "max-len-exceeds-model", "warning" if allow else "error",
                 f"Requested max length {spec.max_len} is above the model's {cfg.max_len} ({cfg.max_len_key})",
                 ("The engine accepts it because " + env_var + " is set; outputs past the trained length may "
                  "degrade." if allow else "The engine refuses it in the config phase."),
                 [f"{self.flag('--max-model-len', '--context-length')} {cfg.max_len}",
                  f"export {env_var}=1   # only with RoPE scaling that supports the longer length"],
                 max_len=spec.max_len, model_max_len=cfg.max_len)

    def _kv_check(self, cfg, ck, w, kv, budget, fit):
        spec = self.spec
        lenflag = self.flag("--max-model-len", "--context-length")
        nums = dict(kv_bytes_per_token_per_gpu=kv.bytes_per_token_per_gpu, kv_budget_bytes=budget.kv_bytes,
                    max_len=fit.max_len, kv_tokens=fit.kv_tokens, max_len_that_fits=fit.max_len_that_fits,
                    max_concurrency=fit.max_concurrency, request_bytes=fit.request_bytes)
        if budget.kv_bytes is None:
            self.add("kv-cache-fit", "kv-cache-insufficient", "skipped",
                     f"KV cache: {human(kv.bytes_per_token_per_gpu)} per token per GPU (GPU memory unknown: pass "
                     "--gpu-mem GiB)", **nums)
            return
        how = (f"KV budget {human(budget.kv_bytes)} per GPU ({budget.kv_source}), "
               f"{human(kv.bytes_per_token_per_gpu)} per token ({kv.formula})")
        if budget.kv_source == "estimate":
            how += (f"; budget = {human(budget.usable_bytes)} usable - {human(budget.weights_bytes)} weights"
                    + (f" - {human(budget.activation_bytes)} activations" if budget.activation_bytes else "")
                    + (f" - {human(budget.cuda_graph_bytes)} CUDA graphs" if budget.cuda_graph_bytes else "")
                    + f" - {human(budget.non_torch_bytes + (0 if self.vllm else budget.cuda_context_bytes))} "
                      "other")
        rem = []
        needed = fit.request_bytes or 0
        if fit.max_len_that_fits:
            rem.append(f"{lenflag} {nice_len(fit.max_len_that_fits, fit.block_size)}   # the largest that fits: "
                       f"{fit.max_len_that_fits}")
        from_log_only = budget.kv_source.startswith("log") and not budget.gpu_mem_bytes
        if budget.kv_source == "--kv-cache-memory-bytes" or (from_log_only and self.vllm):
            rem.append(f"--kv-cache-memory-bytes {math.ceil(needed * NEAR_LIMIT)}   # one {fit.max_len}-token "
                       "request, +10%")
        elif budget.kv_source == "VLLM_CPU_KVCACHE_SPACE":
            rem.append(f"export VLLM_CPU_KVCACHE_SPACE={max(1, math.ceil(needed * NEAR_LIMIT / GIB))}")
        elif budget.kv_source != "given" and budget.gpu_mem_bytes and budget.fraction is not None:
            short = needed * NEAR_LIMIT - budget.kv_bytes
            frac = budget.fraction + short / budget.gpu_mem_bytes
            if frac <= 0.95:
                frac = math.ceil(frac * 100) / 100
                rem.append(self.flag(f"--gpu-memory-utilization {frac:.2f}   # now {budget.fraction:g}",
                                     f"--mem-fraction-static {frac:.2f}   # now {budget.fraction:g}"))
        if (spec.kv_cache_dtype or "auto") == "auto" and kv.kv_dtype_bytes >= 2 and budget.kv_bytes > 0 and \
                budget.kv_bytes * 2 >= needed:
            rem.append("--kv-cache-dtype fp8   # halves the KV bytes per token (small accuracy cost)")
        if budget.kv_source == "estimate" and budget.usable_bytes:
            def fits(wb, tp):
                s = replace(spec, tp=tp)
                b = est.estimate_budget(cfg, s, wb, budget.gpu_mem_bytes, budget.gpu_mem_source, cpu=self.opts.cpu)
                need = est.request_bytes(est.estimate_kv(cfg, s), fit.max_len or 0) * NEAR_LIMIT
                return b.kv_bytes is not None and b.kv_bytes >= need
            tp = self._suggest_tp(cfg, ck, fits)
            if tp:
                rem.append(f"{self.flag('--tensor-parallel-size', '--tp-size')} {tp}   # more GPUs: weights and "
                           "KV heads are split")
        if (budget.kv_bytes <= 0 or fit.kv_tokens == 0) and not rem:
            rem.append(f"{self.flag('--tensor-parallel-size', '--tp-size')} N (more GPUs) or a quantized checkpoint: "
                       f"the weights ({human(budget.weights_bytes)}) and the fixed allowances leave no room")
        if budget.kv_bytes <= 0 or fit.kv_tokens == 0:
            self.add("kv-cache-fit", "kv-cache-insufficient", "error",
                     "No memory left for the KV cache",
                     how + ". The engine would stop with \"No available memory for the cache blocks\" "
                     "(SGLang: \"Not enough memory\").", rem, **nums)
        elif fit.max_len and fit.max_len_that_fits is not None and fit.max_len_that_fits < fit.max_len:
            self.add("kv-cache-fit", "kv-cache-insufficient", "error",
                     f"KV cache holds {fit.kv_tokens} tokens; a {fit.max_len}-token request needs {human(needed)}",
                     how + f". The largest length that fits is {fit.max_len_that_fits}. The engine would stop in "
                     "the kv_cache phase (\"max seq len ... larger than the maximum number of tokens that can be "
                     "stored in KV cache\").", rem, **nums)
        elif fit.max_len and budget.kv_bytes < needed * NEAR_LIMIT:
            self.add("kv-cache-fit", "kv-cache-insufficient", "warning",
                     f"KV cache barely fits one {fit.max_len}-token request ({fit.max_concurrency}x)",
                     how + ". The estimate's margin is about 10%: the start may still fail.", rem, **nums)
        else:
            self.add("kv-cache-fit", "kv-cache-insufficient", "ok",
                     f"KV cache: {fit.kv_tokens} tokens, {fit.max_concurrency}x concurrency at {fit.max_len} tokens",
                     how + ".", **nums)

    def check_tp_heads(self, cfg: ModelConfig):
        spec = self.spec
        bad = []
        if cfg.heads % spec.tp:
            bad.append(f"{cfg.heads} attention heads are not divisible by TP={spec.tp}")
        if not cfg.is_mla and cfg.kv_heads % spec.tp and spec.tp % cfg.kv_heads:
            bad.append(f"{cfg.kv_heads} KV heads and TP={spec.tp}: neither divides the other")
        if spec.pp > cfg.layers:
            bad.append(f"PP={spec.pp} is more than the {cfg.layers} layers")
        valid = _valid_tps(cfg)
        if bad:
            self.add("tp-heads", "tp-exceeds-gpus", "error", "; ".join(bad),
                     "The engine checks this in the config phase and refuses to start.",
                     [f"{self.flag('--tensor-parallel-size', '--tp-size')} {t}" for t in valid
                      if t != spec.tp][-2:] or ["a TP size that divides the head count"],
                     heads=cfg.heads, kv_heads=cfg.kv_heads, valid_tp=valid)
        else:
            self.add("tp-heads", "tp-exceeds-gpus", "ok",
                     f"TP={spec.tp} divides {cfg.heads} attention heads" + ("" if cfg.is_mla else
                                                                           f" / {cfg.kv_heads} KV heads"),
                     heads=cfg.heads, kv_heads=cfg.kv_heads, valid_tp=valid)

    def check_tp_gpus(self):
        spec = self.spec
        need = math.ceil(spec.world_size / max(1, spec.nnodes))
        visible, src = self.visible_gpus()
        if self.opts.cpu:
            self.add("tp-gpus", "tp-exceeds-gpus", "skipped", "CPU backend: no GPUs needed")
            return
        if visible is None:
            self.add("tp-gpus", "tp-exceeds-gpus", "skipped",
                     f"Needs {need} GPU(s) per node; visible GPUs unknown (pass --gpus N)", needed=need)
            return
        nums = dict(needed=need, visible=visible, visible_source=src)
        if need <= visible:
            self.add("tp-gpus", "tp-exceeds-gpus", "ok", f"Needs {need} GPU(s) per node, {visible} visible ({src})",
                     **nums)
            return
        ray = spec.executor == "ray"
        rem = [f"{self.flag('--tensor-parallel-size', '--tp-size')} {max(1, 2 ** int(math.log2(visible)))}"
               "   # as many as there are GPUs", "unset CUDA_VISIBLE_DEVICES   # or list all the GPUs to use"]
        if ray:
            rem.insert(0, "ray status   # the Ray cluster must hold the other GPUs")
        self.add("tp-gpus", "tp-exceeds-gpus", "warning" if ray else "error",
                 f"TP x PP x DP = {spec.world_size} needs {need} GPUs per node, only {visible} visible ({src})",
                 "With Ray the other GPUs may be on other nodes." if ray else
                 "The engine would wait for or fail to find the missing devices in the init phase.", rem, **nums)

    def check_dtype(self, cfg: ModelConfig):
        cc = compute_capability(self.host.gpu_name)
        if self.opts.cpu:
            return
        if cc is None:
            self.add("dtype-gpu", "dtype-unsupported", "skipped",
                     "GPU type unknown (pass --gpu-name, e.g. A100)" if not self.host.gpu_name
                     else f"Compute capability of {self.host.gpu_name} unknown")
            return
        rt = est.runtime_dtype(self.spec, cfg)
        quant = (self.spec.quantization or cfg.quant_method or "").lower()
        explicit = (self.spec.dtype or "auto").lower() != "auto"
        nums = dict(gpu=self.host.gpu_name, compute_capability=cc, dtype=rt, quantization=quant or None)
        problems: list[tuple[str, str, list[str]]] = []  # (status, text, remediation)
        if rt == "bfloat16" and cc < 8.0:
            problems.append(("error" if explicit else "warning",
                             f"bfloat16 needs compute capability 8.0; {self.host.gpu_name} has {cc}"
                             + ("" if explicit else " (dtype auto: recent versions fall back to float16, older "
                                                    "ones refuse)"), ["--dtype float16"]))
        if "fp8" in quant and cc < 8.9:
            problems.append(("error" if cc < 8.0 else "warning",
                             f"FP8 needs compute capability 8.9 for native kernels; {cc} "
                             + ("has none" if cc < 8.0 else "runs weight-only FP8 (Marlin), slower"),
                             ["a 16-bit or AWQ/GPTQ checkpoint of the model"]))
        if quant in ("awq",) and cc < 7.5:
            problems.append(("error", f"AWQ kernels need compute capability 7.5; {cc} has none",
                             ["a GPTQ or 16-bit checkpoint"]))
        if quant in ("modelopt_fp4", "nvfp4") and cc < 10.0:
            problems.append(("warning", f"NVFP4 runs natively from compute capability 10.0; {cc} emulates or "
                                        "fails", ["an FP8 or 16-bit checkpoint"]))
        if (self.spec.kv_cache_dtype or "").startswith("fp8") and cc < 8.0:
            problems.append(("error", f"an FP8 KV cache needs compute capability 8.0+; {cc}",
                             ["--kv-cache-dtype auto"]))
        if not problems:
            self.add("dtype-gpu", "dtype-unsupported", "ok",
                     f"{rt}{' / ' + quant if quant else ''} runs on {self.host.gpu_name} (compute capability {cc})",
                     **nums)
            return
        status = "error" if any(p[0] == "error" for p in problems) else "warning"
        self.add("dtype-gpu", "dtype-unsupported", status, "; ".join(p[1] for p in problems),
                 "The engine checks the dtype and quantization against the GPU in the config phase.",
                 [r for p in problems for r in p[2]], **nums)

    def check_shm(self):
        spec = self.spec
        ranks = math.ceil(spec.world_size / max(1, spec.nnodes))
        shm = self.host.shm_bytes if spec.docker_shm_bytes is None else spec.docker_shm_bytes
        src = "docker --shm-size (64 MB when not given)" if spec.docker_shm_bytes is not None else "/dev/shm free"
        if ranks <= 1:
            self.add("shm-size", "shm-exhausted", "ok", "One GPU per node: /dev/shm is not used by NCCL", shm_bytes=shm)
            return
        if shm is None:
            self.add("shm-size", "shm-exhausted", "skipped", "/dev/shm size unknown")
            return
        rem = ["docker run --ipc=host ...   # or --shm-size 16g", "kubernetes: an emptyDir with medium: Memory "
               "mounted at /dev/shm"]
        status = "error" if shm < SHM_ERROR_BYTES else "warning" if shm < SHM_WARN_BYTES else "ok"
        self.add("shm-size", "shm-exhausted", status,
                 f"/dev/shm has {human(shm)} for {ranks} GPU processes ({src})",
                 "" if status == "ok" else
                 "NCCL and the engine's worker message queues use shared memory between the GPU processes; "
                 "Docker's 64 MB default ends in bus errors or NCCL 'Error while creating shared memory segment'.",
                 rem if status != "ok" else [], shm_bytes=shm, ranks_per_node=ranks)

    def check_host_ram(self, ck: Checkpoint | None):
        spec = self.spec
        strategy = self.flag("--safetensors-load-strategy eager", "--weight-loader-disable-mmap")
        if not spec.eager_load:
            self.add("host-ram", "host-oom-killed", "ok", "Weights are memory-mapped (no eager / no-mmap load)")
            return
        ram = self.host.ram_available_bytes
        if ck is None or ram is None:
            self.add("host-ram", "host-oom-killed", "skipped", f"{strategy}: host RAM or weight size unknown")
            return
        need = ck.file_bytes
        nums = dict(ram_available_bytes=ram, checkpoint_bytes=need)
        if ram >= need:
            self.add("host-ram", "host-oom-killed", "ok",
                     f"{strategy}: {human(ram)} available RAM >= {human(need)} of weight files", **nums)
            return
        self.add("host-ram", "host-oom-killed", "error",
                 f"{strategy} reads {human(need)} of weight files into {human(ram)} of available RAM",
                 "Without memory mapping the files are read into host RAM; the kernel's OOM killer would end "
                 "the engine (Killed, exit 137) in the weights phase.",
                 ["drop " + strategy + "   # memory-map instead",
                  f"more host / container memory (>= {math.ceil(need / GIB) + 4} GiB)"], **nums)

    def check_tmp(self):
        free, tmp = self.host.tmp_free_bytes, self.host.tmp_dir
        if self.spec.image:
            self.add("tmp-space", "tmp-space", "skipped", "TMPDIR is inside the container")
            return
        if free is None:
            self.add("tmp-space", "tmp-space", "skipped", "TMPDIR free space unknown")
            return
        status = "error" if free < TMP_ERROR_BYTES else "warning" if free < TMP_WARN_BYTES else "ok"
        self.add("tmp-space", "tmp-space", status, f"TMPDIR {tmp}: {human(free)} free",
                 "" if status == "ok" else "torch.compile (inductor), Triton and kernel JIT builds write to the "
                 "temp dir at start; a full disk fails the compile phase.",
                 [] if status == "ok" else ["export TMPDIR=/path/on/a/large/disk"], tmp_free_bytes=free)

    def check_image(self):
        image = self.opts.image or self.spec.image
        version = self.version
        if not image and not version:
            self.add("image-pinned", "unpinned-image", "skipped", "No image name or engine version given")
            return
        problems = []
        if image and "@sha256:" not in image:
            last = image.split("/")[-1]
            tag = last.partition(":")[2] if ":" in last else ""
            if not tag or tag in ("latest", "nightly", "main", "dev") or is_dev(tag):
                problems.append(f"image {image} is not pinned to a release tag")
        if version and is_dev(version):
            problems.append(f"engine version {version} is a development build")
        if problems:
            self.add("image-pinned", "unpinned-image", "warning", "; ".join(problems),
                     "An unpinned or nightly build changes under you: a start that works today may fail "
                     "tomorrow, and diagnoses cannot be tied to a version.",
                     ["pin a released tag, e.g. vllm/vllm-openai:v0.11.2 or lmsysorg/sglang:v0.5.3"],
                     image=image, version=version)
        else:
            self.add("image-pinned", "unpinned-image", "ok", f"pinned: {image or version}", image=image,
                     version=version)

    def check_symm_mem(self):
        spec = self.spec
        if not self.vllm:
            return
        vt = version_tuple(self.version)
        visible_node = self.host.gpu_count or spec.docker_gpus
        per_node = math.ceil(spec.world_size / max(1, spec.nnodes))
        multi = spec.nnodes > 1 or (spec.executor == "ray" and visible_node is not None
                                    and spec.world_size > visible_node)
        if not multi or spec.tp == 1:
            self.add("symm-mem", "symm-mem-allreduce", "ok", "Single node (or TP=1): symmetric-memory all-reduce "
                     "is not a risk")
            return
        if vt is None:
            self.add("symm-mem", "symm-mem-allreduce", "skipped",
                     "Multi-node TP: vLLM version unknown (pass --engine-version or --image)")
            return
        val = self.env.get("VLLM_ALLREDUCE_USE_SYMM_MEM")
        cvd, _ = self.visible_gpus()
        partial = (visible_node is not None and per_node < visible_node) or (
            cvd is not None and visible_node is not None and cvd < visible_node)
        if vt < (0, 11, 0) or val == "0":
            self.add("symm-mem", "symm-mem-allreduce", "ok",
                     "VLLM_ALLREDUCE_USE_SYMM_MEM=0" if val == "0" else f"vLLM {self.version} predates the "
                     "symmetric-memory default")
            return
        if not partial and visible_node is not None:
            self.add("symm-mem", "symm-mem-allreduce", "ok", f"Every GPU of each node is used ({per_node})")
            return
        status = "error" if vt[:3] == (0, 11, 0) else "warning"
        self.add("symm-mem", "symm-mem-allreduce", status,
                 f"vLLM {self.version}, multi-node TP on part of a node ({per_node} of "
                 f"{visible_node if visible_node is not None else '?'} GPUs) with symmetric-memory all-reduce on",
                 "From 0.11.0 VLLM_ALLREDUCE_USE_SYMM_MEM defaults to 1; on a partial node the rendezvous uses "
                 "a wrong GPU index ('invalid device ordinal') in the nccl phase"
                 + ("; 0.11.1+ falls back with a warning." if status == "warning" else "."),
                 ["export VLLM_ALLREDUCE_USE_SYMM_MEM=0"], gpus_per_node_used=per_node, gpus_on_node=visible_node)

    # ------------------------------------------------------------------ serving-side pitfalls
    def multinode_flags(self) -> list[str]:
        """The engine's own multi-node flags present on the command line."""
        spec, out = self.spec, []
        if spec.nnodes > 1:
            out.append(f"--nnodes {spec.nnodes}")
        if spec.node_rank is not None:
            out.append(f"--node-rank {spec.node_rank}")
        if spec.headless:
            out.append("--headless")
        for flag, val in (("--master-addr", spec.master_addr), ("--data-parallel-address", spec.dp_address),
                          ("--dist-init-addr", spec.dist_init_addr)):
            if val:
                out.append(f"{flag} {val}")
        return out

    def check_multinode_tp(self):
        """TP x PP is the total over all nodes: `-tp 8 --nnodes 2` puts 4 ranks on each node."""
        spec = self.spec
        flags = self.multinode_flags()
        tpflag = self.flag("--tensor-parallel-size", "--tp-size")
        if not flags:
            self.add("multinode-tp", "tp-exceeds-gpus", "ok", "Single node: no multi-node flags")
            return
        # SGLang asserts (tp_size * pp_size) % nnodes == 0; vLLM checks dp * pp * tp (* pcp) against --nnodes
        world = spec.tp * spec.pp * (spec.dp if self.vllm else 1)
        what = "TP x PP x DP" if self.vllm else "TP x PP"
        nn = spec.nnodes
        nums = dict(tp=spec.tp, pp=spec.pp, dp=spec.dp, nnodes=nn, world_size=world, node_rank=spec.node_rank)
        if self.vllm and nn > 1 and spec.executor == "ray":
            self.add("multinode-tp", "invalid-argument", "error",
                     f"--nnodes {nn} with --distributed-executor-backend ray",
                     "vLLM refuses it: \"nnodes > 1 can only be set when distributed executor backend is mp, uni "
                     "or external_launcher.\" With Ray the cluster places the ranks; --nnodes is for the "
                     "multiprocessing backend.", ["drop --nnodes and --node-rank (Ray places the ranks)",
                                                  "--distributed-executor-backend mp"], **nums)
            return
        if nn <= 1:
            if spec.node_rank:
                self.add("multinode-tp", "invalid-argument", "warning",
                         f"--node-rank {spec.node_rank} without --nnodes: the engine starts as a single node",
                         "The node rank only counts with a node count above 1.",
                         [f"--nnodes N --node-rank {spec.node_rank}   # N = the number of nodes"], **nums)
            else:
                self.add("multinode-tp", "tp-exceeds-gpus", "ok",
                         f"{', '.join(flags)} without --nnodes: one node", **nums)
            return
        if world % nn:
            msg = (f"\"`--nnodes {nn}` must evenly divide the total world size ({world})\"" if self.vllm
                   else "\"tp_size must be divisible by number of nodes\"")
            self.add("multinode-tp", "invalid-argument", "error",
                     f"{what} = {world} does not split over {nn} nodes",
                     f"The engine refuses it in the config phase: {msg}.",
                     [f"{tpflag} {nn * max(1, world // nn)}   # a multiple of --nnodes {nn}"], **nums)
            return
        if self.vllm and spec.node_rank is not None and not 0 <= spec.node_rank < nn:
            self.add("multinode-tp", "invalid-argument", "error",
                     f"--node-rank {spec.node_rank} is outside 0..{nn - 1} for --nnodes {nn}",
                     "vLLM refuses it: \"`--node-rank` must be between 0 and " f"{nn - 1}\".",
                     [f"--node-rank K   # this node's index, 0 to {nn - 1}"], **nums)
            return
        per_node = world // nn
        visible, src = self.visible_gpus()
        nums.update(ranks_per_node=per_node, visible_per_node=visible, visible_source=src)
        if visible is None:
            self.add("multinode-tp", "tp-exceeds-gpus", "skipped",
                     f"{what} = {world} over {nn} nodes: {per_node} GPU(s) per node; GPUs per node unknown "
                     "(pass --gpus N)", **nums)
            return
        if per_node > visible:
            self.add("multinode-tp", "tp-exceeds-gpus", "skipped",
                     f"{what} = {world} over {nn} nodes needs {per_node} GPUs per node, {visible} visible: see "
                     "tp-gpus", **nums)
            return
        if per_node == visible:
            self.add("multinode-tp", "tp-exceeds-gpus", "ok",
                     f"{what} = {world} over {nn} nodes: {per_node} GPU(s) on each node, all {visible} visible "
                     f"({src})", **nums)
            return
        total = nn * visible
        size = (f"{tpflag} {total // (spec.pp * (spec.dp if self.vllm else 1))}"
                if total % (spec.pp * (spec.dp if self.vllm else 1)) == 0 else None)
        self.add("multinode-tp", "tp-exceeds-gpus", "warning",
                 f"{what} = {world} over {nn} nodes uses {per_node} of the {visible} GPUs on each node",
                 f"Multi-node parallel sizes are totals across the nodes: the engine puts {world} / {nn} = "
                 f"{per_node} ranks on each node, so {nn * (visible - per_node)} of the {total} GPUs stay idle and "
                 f"each rank holds a larger share of the weights than intended ({visible} GPUs visible per node: "
                 f"{src}).",
                 ([f"{size}   # all {total} GPUs of the {nn} nodes"] if size else [])
                 + [f"--nnodes {max(1, world // visible)}   # if {world} GPUs is the intended total"
                    if world % visible == 0 and world // visible < nn else
                    "CUDA_VISIBLE_DEVICES=...   # if using part of each node is intended"], **nums)

    _DIST_ENV = ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK")

    def check_dist_env(self):
        """torch's rendezvous variables set by a platform (PyTorchJob, Volcano, ...) against the engine's
        own multi-node flags: the engines start their own workers and do not read them (except vLLM's
        external_launcher backend)."""
        spec, env = self.spec, self.env
        got = {k: str(env[k]).strip() for k in self._DIST_ENV if str(env.get(k) or "").strip()}
        if not got and not (self.vllm and spec.executor == "external_launcher"):
            self.add("dist-env", "nccl-network", "ok", "No platform rendezvous variables (MASTER_ADDR, RANK, "
                     "WORLD_SIZE ...) in the environment")
            return

        def as_int(k):
            try:
                return int(got[k]) if k in got else None
            except ValueError:
                return None

        rank, ws, local = as_int("RANK"), as_int("WORLD_SIZE"), as_int("LOCAL_RANK")
        shown = " ".join(f"{k}={v}" for k, v in got.items())
        nums = dict(env=got, nnodes=spec.nnodes, node_rank=spec.node_rank)
        world = spec.tp * spec.pp * (spec.dp if self.vllm else 1)
        if self.vllm and spec.executor == "external_launcher":
            missing = [k for k in ("RANK", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT") if k not in got]
            probs, rem = [], []
            if missing:
                probs.append(f"{', '.join(missing)} not set (the external launcher reads RANK, LOCAL_RANK, "
                             "MASTER_ADDR and MASTER_PORT: torch's env:// rendezvous)")
                rem.append("torchrun --nproc-per-node N ...   # sets them, or set them in the pod spec")
            if ws is not None and ws % world:
                probs.append(f"WORLD_SIZE={ws} is not a multiple of TP x PP x DP = {world}")
                rem.append(f"WORLD_SIZE a multiple of {world}, or --tensor-parallel-size {ws}")
            if probs:
                self.add("dist-env", "invalid-argument", "error", "; ".join(probs),
                         "With --distributed-executor-backend external_launcher every process is one rank that "
                         "torch's env:// rendezvous places; the engine fails at init without them.", rem, **nums)
            else:
                self.add("dist-env", "nccl-network", "ok", f"external_launcher: {shown}", **nums)
            return
        nn = spec.nnodes
        probs, rem = [], []
        if local is not None and local > 0:
            probs.append(f"LOCAL_RANK={local}: the engine runs under a per-GPU launcher (torchrun "
                         "--nproc-per-node > 1, a training template); it starts its own process per GPU, so each "
                         "copy is a whole server competing for the same GPUs")
            rem.append("start one engine process per node (nproc-per-node 1, or the plain command)")
        per_gpu = ws is not None and ws == world and ws != nn  # WORLD_SIZE counts GPUs, not nodes
        if ws is not None and ws > 1 and nn <= 1 and not per_gpu:
            probs.append(f"WORLD_SIZE={ws} (the platform runs {ws} pods or nodes) but the command has no "
                         "--nnodes: each one would start its own single-node server")
            rem.append(self._nodes_flags(ws, "$RANK"))
        elif ws is not None and nn > 1 and ws != nn and not per_gpu:
            probs.append(f"WORLD_SIZE={ws} but --nnodes {nn} (and {self.flag('TP x PP x DP', 'TP x PP')} = {world})")
            rem.append(f"--nnodes {ws}   # when the platform's WORLD_SIZE counts the nodes")
        node_rank = spec.node_rank or 0
        if rank is not None and nn > 1 and not per_gpu and rank != node_rank:
            probs.append(f"RANK={rank} but {'--node-rank ' + str(node_rank) if spec.node_rank is not None else 'no --node-rank (0)'}"
                         f": two nodes would claim node rank {node_rank} and the rendezvous waits forever")
            rem.append("--node-rank $RANK   # each pod its own rank")
        maddr = got.get("MASTER_ADDR")
        if maddr and nn > 1:
            if self.vllm:
                mine = spec.master_addr
                if mine is None and not spec.dp_address:
                    probs.append(f"MASTER_ADDR={maddr} but no --master-addr: vLLM uses its default 127.0.0.1, so "
                                 "the other nodes cannot reach node 0")
                    rem.append(f"--master-addr {maddr}" + (f" --master-port {got['MASTER_PORT']}"
                                                           if "MASTER_PORT" in got else ""))
                elif mine and _host(mine) != _host(maddr):
                    probs.append(f"MASTER_ADDR={maddr} but --master-addr {mine}")
                    rem.append("--master-addr $MASTER_ADDR   # unless both name the same machine")
            else:
                mine = spec.dist_init_addr
                if not mine:
                    probs.append(f"MASTER_ADDR={maddr} but no --dist-init-addr: SGLang needs node 0's address "
                                 f"for --nnodes {nn}")
                    rem.append(f"--dist-init-addr {maddr}:{got.get('MASTER_PORT', '5000')}")
                elif _host(mine) != _host(maddr):
                    probs.append(f"MASTER_ADDR={maddr} but --dist-init-addr {mine}")
                    rem.append(f"--dist-init-addr $MASTER_ADDR:{_port(mine) or '$MASTER_PORT'}   # unless both name "
                               "the same machine")
        if not probs:
            self.add("dist-env", "nccl-network", "ok",
                     f"{shown} agree with the command ({', '.join(self.multinode_flags()) or 'single node'})", **nums)
            return
        self.add("dist-env", "nccl-network", "warning",
                 f"The platform's rendezvous variables disagree with the engine's flags: {probs[0].split(':')[0]}"
                 + (f" (+{len(probs) - 1} more)" if len(probs) > 1 else ""),
                 f"From the environment: {shown}. The engines take the node count, node rank and node 0's address "
                 f"from their own flags ({', '.join(self.multinode_flags()) or 'none given'}), not from these "
                 "variables (vLLM reads RANK / LOCAL_RANK only with the external_launcher backend; SGLang lets a "
                 "MASTER_ADDR already set win over --dist-init-addr for some of its side stores). "
                 + "; ".join(probs) + ". Nodes that disagree wait in the rendezvous until a timeout.", rem, **nums)

    def _nodes_flags(self, n: int, rank: str) -> str:
        if self.vllm:
            return f"--nnodes {n} --node-rank {rank} --master-addr $MASTER_ADDR   # and --headless on ranks > 0"
        return f"--nnodes {n} --node-rank {rank} --dist-init-addr $MASTER_ADDR:$MASTER_PORT"

    def check_metrics(self):
        """SGLang mounts /metrics only with --enable-metrics; vLLM always serves it."""
        spec = self.spec
        if self.vllm:
            self.add("metrics", "metrics-disabled", "ok", "vLLM serves /metrics on its API port without a flag")
            return
        if spec.enable_metrics:
            self.add("metrics", "metrics-disabled", "ok", "--enable-metrics: SGLang serves /metrics")
            return
        why = []
        if self.opts.expect_metrics:
            why.append("--expect-metrics")
        if spec.metrics_flags:
            why.append(", ".join(dict.fromkeys(spec.metrics_flags)) + " given")
        if str(self.env.get("PROMETHEUS_MULTIPROC_DIR") or "").strip():
            why.append("PROMETHEUS_MULTIPROC_DIR is set")
        if not why:
            self.add("metrics", "metrics-disabled", "ok",
                     "Metrics off (SGLang's default); pass --expect-metrics when a platform scrapes /metrics")
            return
        self.add("metrics", "metrics-disabled", "warning",
                 f"SGLang serves no /metrics without --enable-metrics ({'; '.join(why)})",
                 "SGLang's metrics are off by default: without --enable-metrics no /metrics route is mounted, so "
                 "a Prometheus scrape gets 404 Not Found (the access log shows \"GET /metrics HTTP/1.1\" 404) "
                 "and the metrics-only flags change nothing. vLLM serves /metrics without a flag.",
                 ["--enable-metrics"], reasons=why, metrics_flags=spec.metrics_flags)


def _host(addr: str) -> str:
    """The host part of host, host:port, [v6]:port or tcp://host:port."""
    a = addr.strip().split("://")[-1]
    if a.startswith("["):
        return a[1:].split("]")[0].lower()
    return (a.rsplit(":", 1)[0] if a.count(":") == 1 else a).lower()


def _port(addr: str) -> str | None:
    a = addr.strip().split("://")[-1]
    if a.startswith("["):
        rest = a.split("]", 1)[1]
        return rest[1:] if rest.startswith(":") else None
    return a.rsplit(":", 1)[1] if a.count(":") == 1 else None


def run_preflight(spec: LaunchSpec, host: HostInfo, env: dict | None = None,
                  opts: Options | None = None) -> PreflightReport:
    """Run every check for one launch command; raises ModelNotLocal when the model is not on this machine."""
    opts = opts or Options()
    merged = dict(env or {})
    merged.update(spec.env)
    pf = Preflight(spec, host, merged, opts)
    model_dir = resolve_model_dir(spec, merged)
    return pf.run(model_dir)
