"""A failure whose traceback's frames show an earlier step that runs inside a later phase's process
belongs to that earlier phase: a worker's device init that fails its free-memory check after the NCCL
lines is `init`; an NCCL failure inside the same device init stays `nccl`."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import run_cli

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs" / "vllm"
# the NCCL set-up of a real TP2 start (sample 04), printed before the workers check their memory
NCCL = [line for line in (SAMPLES / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
        if "pynccl.py" in line or "parallel_state.py" in line]


def report(tmp_path, lines):
    log = tmp_path / "x.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run_cli(["explain", str(log), "--format", "json"])
    return code, json.loads(out)


def free_memory_log():
    lines = (SAMPLES / "13-v1-0.11.2-free-memory-less-than-utilization.log").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "Initializing a V1 LLM engine" in line) + 1
    return lines[:at] + NCCL + lines[at:]


def test_free_memory_check_after_the_nccl_lines_fails_in_init(tmp_path):
    code, rep = report(tmp_path, free_memory_log())
    assert code == 1 and rep["outcome"] == "failed"
    assert rep["diagnoses"][0]["rule"] == "vllm-free-memory-below-utilization"
    assert rep["last_phase"] == "init"
    status = {p["name"]: p["status"] for p in rep["phases"]}
    assert status["init"] == "failed" and status["nccl"] == "done"


def test_nccl_error_inside_device_init_stays_nccl(tmp_path):
    lines = [line for line in free_memory_log() if "ValueError: Free memory" not in line]
    at = next(i for i, line in enumerate(lines) if "in init_device" in line and "gpu_worker.py" in line) + 1
    prefix = lines[at].split("]")[0] + "]"
    lines[at + 1:at + 1] = [
        prefix + '   File "/usr/local/lib/python3.12/dist-packages/vllm/distributed/parallel_state.py", line 1012, in init_distributed_environment',
        prefix + "     torch.distributed.init_process_group(",
        prefix + " torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.0.0.1, 29500).",
    ]
    code, rep = report(tmp_path, lines)
    assert rep["outcome"] == "failed"
    assert rep["last_phase"] == "nccl"


# The frames of a real worker traceback in weight loading (sample 10); an error line that no rule
# knows (the shape of a platform plugin's loader error: vLLM 0.16 on Neuron, accuracy batch repos-6, 007,
# whose tensor name the checkpoint family now reads; this key names none).
_PREFIX = "(Worker_TP1 pid=213) ERROR 09-23 21:49:25 [multiproc_executor.py:585] "
_KEY_ERROR = _PREFIX + "KeyError: 'neuron_plugin_state'"


def _weights_traceback():
    lines = (SAMPLES / "10-v1-0.10.2-tp2-weights-oom.log").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("Traceback (most recent call last):"))
    end = next(i for i, line in enumerate(lines) if i > at and "Error:" in line and "File" not in line)
    return lines[at - 1:end] + [_KEY_ERROR]


def _ends_in_nccl():
    lines = (SAMPLES / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if "pynccl.py" in line or "parallel_state.py" in line)
    return lines[:last + 1]


def test_unknown_failure_in_weight_loading_frames_after_nccl_lines_is_weights(tmp_path):
    # no rule knows the error, no weight-loading line was printed (a plugin's own loader): the frames
    # place the failure, as they place a rule's finding
    code, rep = report(tmp_path, _ends_in_nccl() + _weights_traceback())
    assert code == 1 and rep["outcome"] == "failed"
    top = rep["diagnoses"][0]
    assert top["rule"] == "unknown-failure" and top["phase"] == "weights"
    assert rep["last_phase"] == "weights"


def test_unknown_failure_without_telling_frames_stays_in_its_marker_phase(tmp_path):
    tb = [line for line in _weights_traceback() if "File " not in line and not line.endswith(")")]
    code, rep = report(tmp_path, _ends_in_nccl() + tb)
    top = rep["diagnoses"][0]
    assert top["rule"] == "unknown-failure" and top["phase"] == "nccl"
    assert rep["last_phase"] == "nccl"


def test_a_warm_up_failure_after_the_kv_cache_is_sized_is_compile(tmp_path):
    # vLLM V1 compiles while it profiles (before the KV cache) and warms up its kernels after sizing
    # it; a worker that fails in that warm-up (accuracy batch repos-23, 005: flashinfer's autotune)
    # leaves the log's markers in kv_cache and its frames in compile_or_warm_up_model
    lines = (SAMPLES / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "Maximum concurrency for" in line) + 1
    prefix = "(Worker_TP0 pid=281) ERROR 11-24 16:41:54 [multiproc_executor.py:703] "
    lines = lines[:at] + [prefix + line for line in (
        "WorkerProc hit an exception.",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_worker.py", line 780, in compile_or_warm_up_model',
        "    kernel_warmup(self)",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/model_executor/warmup/kernel_warmup.py", line 214, in flashinfer_autotune',
        "    runner._dummy_run(",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 896.00 MiB. GPU 0 has a total capacity of 139.81 GiB"
        " of which 507.50 MiB is free.",
    )]
    code, rep = report(tmp_path, lines)
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] == "compile"
    assert [p["name"] for p in rep["phases"]][-2:] == ["compile", "kv_cache"]
    log = tmp_path / "x.log"
    _, out, _ = run_cli(["explain", str(log)])
    assert "traceback places it in phase compile, after the log's last marker line (phase kv_cache)" in out


def test_an_excerpt_cut_inside_its_traceback_takes_the_phase_of_its_frames(tmp_path):
    # a pasted excerpt that stops before the exception line (accuracy batch zh-26, 004: a worker in CUDA
    # graph capture); with no exception line at all, the frames of the cut traceback place the failure
    prefix = "(VllmWorker rank=1 pid=5356) ERROR 04-25 10:24:22 [multiproc_executor.py:380] "
    lines = [prefix + line for line in (
        "WorkerProc hit an exception.",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 1618, in capture_model',
        "    self._dummy_run(num_tokens)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 1739, in _wrapped_call_impl',
        "    return self._call_impl(*args, **kwargs)",
    )]
    code, rep = report(tmp_path, lines)
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] == "compile"
    assert (rep["diagnoses"][0]["rule"], rep["diagnoses"][0]["phase"]) == ("unknown-failure", "compile")


def test_a_stack_printed_with_a_warning_before_the_failure_does_not_place_it(tmp_path):
    # vLLM prints a stack without an exception line when compiling falls back (a WARNING); a failure
    # after it with no traceback of its own is not in the phase of that stack
    prefix = "(Worker pid=1) WARNING 07-17 15:08:02 [decorators.py:321] "
    lines = [prefix + line for line in (
        "Compiling the model failed, falling back:",
        "Traceback (most recent call last):",
        '  File "/v/vllm/v1/worker/gpu_model_runner.py", line 1618, in capture_model',
        "    self._dummy_run(num_tokens)",
    )] + ["(EngineCore pid=2) ERROR 07-17 15:09:17 [core.py:1330] EngineCore failed to start."]
    code, rep = report(tmp_path, lines)
    assert code == 1 and rep["outcome"] == "failed" and rep["last_phase"] != "compile"


def test_sglangs_rendezvous_set_up_is_nccl(tmp_path):
    # SGLang 0.5.23 (batch sglang-real-55, dist-init-addr-no-port): its scheduler's __init__ (init) calls
    # srt/distributed/bootstrap.py, which sets the device and resolves the rendezvous address after
    # "Init parallel begin."
    lines = ["[2026-12-05 13:46:34] server_args=ServerArgs(model_path='m', tp_size=1)",
             "[2026-12-05 13:46:51] Init parallel begin.",
             "[2026-12-05 13:46:51] Scheduler hit an exception: Traceback (most recent call last):",
             '  File "/v/sglang/srt/managers/scheduler.py", line 3374, in run_scheduler_process',
             '  File "/v/sglang/srt/managers/scheduler.py", line 536, in __init__',
             '  File "/v/sglang/srt/distributed/bootstrap.py", line 127, in init_parallel_runtime',
             '  File "/v/sglang/srt/distributed/bootstrap.py", line 242, in _resolve_dist_init_method',
             '  File "/v/sglang/srt/utils/network.py", line 635, in parse',
             "ValueError: Unexpected address form: 'x'"]
    _, rep = report(tmp_path, lines)
    assert rep["outcome"] == "failed" and rep["diagnoses"][0]["phase"] == "nccl"
    # the device it sets first (batch sglang-real-55, device-cuda-no-driver) is init
    device = lines[:5] + ['  File "/v/torch/cuda/__init__.py", line 751, in set_device',
                          "RuntimeError: Found no NVIDIA driver on your system."]
    _, rep = report(tmp_path, device)
    assert rep["diagnoses"][0]["phase"] == "init"


def test_sglangs_environment_set_up_as_it_launches_its_processes_is_config(tmp_path):
    # SGLang 0.5.23: _set_envs_and_config, the first step of _launch_subprocesses, applies the arguments
    # before any process is launched (three blind labels of batches sglang-real-55, -59, -60: config);
    # http_server's launch_server frame above it says nothing of the step
    lines = ["Traceback (most recent call last):",
             '  File "/v/sglang/srt/entrypoints/http_server.py", line 3156, in launch_server',
             '  File "/v/sglang/srt/entrypoints/engine.py", line 1155, in _launch_subprocesses',
             '  File "/v/sglang/srt/entrypoints/engine.py", line 1942, in _set_envs_and_config',
             "RuntimeError: something in the environment"]
    _, rep = report(tmp_path, lines)
    assert rep["outcome"] == "failed" and rep["diagnoses"][0]["phase"] == "config"


def test_torch_compile_compiling_inside_the_profiling_run_is_compile(tmp_path):
    # vLLM V1 compiles on the first forward of its memory profiling run: frames of torch.compile at
    # work (aot_compile, inductor's compile_fx) under profile_run are compile, as the log's markers say
    lines = (SAMPLES / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "Maximum concurrency for" in line)
    at = max(i for i in range(at) if "torch.compile" in lines[i] or "Dynamo bytecode" in lines[i]) + 1
    prefix = "(Worker_TP0 pid=281) ERROR 11-24 16:41:54 [multiproc_executor.py:703] "
    frames = (
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 5210, in profile_run',
        "    hidden_states, last_hidden_states = self._dummy_run(",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/compilation/wrapper.py", line 220, in aot_compile',
        "    return self._compiled_callable.aot_compile((args, kwargs))",
        '  File "/usr/local/lib/python3.12/dist-packages/torch/_inductor/compile_fx.py", line 2441, in compile_fx',
        "    return compile_fx(",
    )
    lines = lines[:at] + [prefix + line for line in (
        "WorkerProc hit an exception.", "Traceback (most recent call last):", *frames,
        "OSError: [Errno 28] No space left on device",
    )]
    code, rep = report(tmp_path, lines)
    assert rep["outcome"] == "failed" and rep["last_phase"] == "compile"
    # the compiled model running out of memory in the same run stays the profiling run's (kv_cache)
    lines = lines[:at] + [prefix + line for line in (
        "WorkerProc hit an exception.", "Traceback (most recent call last):", *frames[:2],
        '  File "/usr/local/lib/python3.12/dist-packages/torch/_inductor/output_code.py", line 584, in __call__',
        "    return self.current_callable(inputs)",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 896.00 MiB. GPU 0 has a total capacity of 139.81 GiB"
        " of which 507.50 MiB is free.",
    )]
    code, rep = report(tmp_path, lines)
    assert rep["outcome"] == "failed" and rep["last_phase"] == "kv_cache"
