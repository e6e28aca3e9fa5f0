"""Preflight: predict start-up failures from the model folder and the launch command (docs/preflight.md).

`estimate_for_log` gives `explain` the same numbers for a post-mortem: when the log names a local
model folder (or --model-dir is given), remediations can quote what fits.
"""

from __future__ import annotations

import os
from pathlib import Path

GIB = 1024 ** 3

_SGLANG_FACTS = ("mem_fraction_static", "context_length", "max_total_num_tokens", "sglang_version")


def _num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def estimate_for_log(facts: dict, model_dir: str | None) -> dict | None:
    """The preflight numbers for a log's settings, or None when no readable local model folder is known.

    `facts` is `Report.facts` of explain (keys such as model, tp_size, pp_size, max_model_len /
    context_length, dtype, kv_cache_dtype, quantization, gpu_memory_utilization / mem_fraction_static,
    gpu_total_gib, kv_available_gib, enforce_eager); an optional "engine" key ("vllm" / "sglang")
    overrides the guess. The KV budget is the log's own (kv_available_gib) when printed, else an estimate
    from gpu_total_gib. Returns a dict: the computed numbers, `checks` (non-ok checks), and
    `remediation` (category -> lines that quote the numbers) for explain to put first.
    """
    folder = model_dir or (facts.get("model") if isinstance(facts.get("model"), str) else None)
    if not folder:
        return None
    p = Path(os.path.expanduser(folder))
    if not (p / "config.json").is_file():
        return None
    # imported only when there is a model folder to read: explain of a log alone stays light
    from diagnose.preflight.checkpoint import CheckpointError
    from diagnose.preflight.cmdline import LaunchSpec
    from diagnose.preflight.core import Options, Preflight, human, nice_len
    from diagnose.preflight.host import HostInfo

    engine = facts.get("engine") if facts.get("engine") in ("vllm", "sglang") else (
        "sglang" if any(k in facts for k in _SGLANG_FACTS) else "vllm")
    spec = LaunchSpec(engine=engine, model=str(p))
    for key, attr in (("tp_size", "tp"), ("pp_size", "pp"), ("dp_size", "dp"), ("nnodes", "nnodes"),
                      ("max_num_seqs", "max_num_seqs"), ("max_num_batched_tokens", "max_num_batched_tokens")):
        if _num(facts.get(key)):
            setattr(spec, attr, int(facts[key]))
    length = facts.get("max_model_len") if engine == "vllm" else facts.get("context_length")
    if _num(length):
        spec.max_len = int(length)
    for key, attr in (("dtype", "dtype"), ("kv_cache_dtype", "kv_cache_dtype"), ("quantization", "quantization")):
        if isinstance(facts.get(key), str) and facts[key] not in ("None", ""):
            setattr(spec, attr, facts[key].replace("torch.", ""))
    if _num(facts.get("gpu_memory_utilization")):
        spec.gpu_util = float(facts["gpu_memory_utilization"])
    if _num(facts.get("mem_fraction_static")):
        spec.mem_fraction = float(facts["mem_fraction_static"])
    if _num(facts.get("kv_cache_memory_bytes")):
        spec.kv_cache_bytes = int(facts["kv_cache_memory_bytes"])
    spec.enforce_eager = facts.get("enforce_eager") is True or facts.get("disable_cuda_graph") is True
    info = HostInfo()
    if _num(facts.get("gpu_total_gib")):
        info.gpu_mem_bytes, info.gpu_source = int(facts["gpu_total_gib"] * GIB), "log (gpu_total_gib)"
    opts = Options(engine_version=facts.get("engine_version") if isinstance(facts.get("engine_version"), str)
                   else None, host_checks=False)
    if _num(facts.get("kv_available_gib")) is not None:
        opts.kv_budget_bytes, opts.kv_budget_source = int(facts["kv_available_gib"] * GIB), "log (kv_available_gib)"
    try:
        report = Preflight(spec, info, {}, opts).run(p)
    except (CheckpointError, OSError, ValueError):
        return None
    if not report.model_info:
        return None
    fit, kv, w, b = report.fit, report.kv_cache, report.weights, report.budget
    remediation: dict[str, list[str]] = {}
    for c in report.checks:
        if c.status in ("error", "warning") and c.remediation:
            remediation.setdefault(c.category, []).extend(c.remediation)
    suggested = fit.get("suggested_max_len")
    summary = (f"{report.model_info.get('architecture')}: weights {human(w['per_gpu_bytes'])} per GPU, "
               f"KV {human(kv['bytes_per_token_per_gpu'])} per token per GPU"
               + (f", KV budget {human(b['kv_bytes'])} ({b['kv_source']}) = {fit['kv_tokens']:,} tokens"
                  if b.get("kv_bytes") is not None and fit.get("kv_tokens") is not None else "")
               + (f"; largest max length that fits {fit['max_len_that_fits']}"
                  if fit.get("max_len_that_fits") is not None else ""))
    return {
        "model_dir": str(p),
        "engine": engine,
        "summary": summary,
        "weights_per_gpu_bytes": w["per_gpu_bytes"],
        "kv_bytes_per_token_per_gpu": kv["bytes_per_token_per_gpu"],
        "kv_budget_bytes": b.get("kv_bytes"),
        "kv_budget_source": b.get("kv_source"),
        "kv_tokens": fit.get("kv_tokens"),
        "max_len": fit.get("max_len"),
        "model_max_len": fit.get("model_max_len"),
        "max_len_that_fits": fit.get("max_len_that_fits"),
        "suggested_max_len": suggested if suggested is None else nice_len(suggested, fit.get("block_size") or 1),
        "max_concurrency": fit.get("max_concurrency"),
        "checks": [c.model_dump() for c in report.checks if c.status in ("error", "warning")],
        "remediation": remediation,
        "assumptions": report.assumptions,
    }


__all__ = ["estimate_for_log"]


def enrich_report(report, model_dir: str | None):
    """Put preflight's computed remediations first on the diagnoses of the same category (explain
    --model-dir, or a log naming a local model folder); the report is returned unchanged otherwise."""
    est = estimate_for_log({**report.facts, "engine": report.engine}, model_dir)
    if not est:
        return report
    changed = []
    for d in report.diagnoses:
        extra = [r for r in est["remediation"].get(d.category, []) if r not in d.remediation]
        if extra and d.role != "wrapper":
            t = d.i18n
            if t is not None:  # --lang zh: the same numbers first (preflight's lines are commands and numbers)
                t = t.model_copy(update={"remediation": extra + list(t.remediation),
                                         "explanation": f"{t.explanation} Preflight：{est['summary']}。"})
            d = d.model_copy(update={"remediation": extra + list(d.remediation),
                                     "explanation": f"{d.explanation} Preflight: {est['summary']}.",
                                     **({"i18n": t} if t is not None else {})})
        changed.append(d)
    facts = dict(report.facts)
    for key in ("kv_tokens", "max_len_that_fits"):
        if isinstance(est.get(key), (int, float)):
            facts[f"preflight_{key}"] = est[key]
    return report.model_copy(update={"diagnoses": changed, "facts": facts})
