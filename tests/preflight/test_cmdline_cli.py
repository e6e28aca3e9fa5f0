"""Command-line parsing (both engines, aliases, docker run), the CLI's formats and exit codes, and
estimate_for_log for explain."""

import json

import pytest

from diagnose.preflight import estimate_for_log
from diagnose.preflight.cmdline import CommandError, parse_command
from diagnose.preflight.result import PreflightReport
from tests.conftest import run_cli
from tests.preflight.modelgen import llama_config, llama_tensors, write_model

GIB = 1024 ** 3


@pytest.mark.parametrize("flag", ["-tp", "--tp", "--tp-size", "--tensor-parallel-size", "--tensor_parallel_size"])
def test_tp_aliases_vllm(flag):
    assert parse_command(f"vllm serve /m {flag} 4").tp == 4
    assert parse_command(f"vllm serve /m {flag}=4").tp == 4


@pytest.mark.parametrize("flag", ["-tp", "--tp", "--tp-size", "--tensor-parallel-size"])
def test_tp_aliases_sglang(flag):
    s = parse_command(f"python3 -m sglang.launch_server --model-path /m {flag} 8")
    assert (s.engine, s.model, s.tp) == ("sglang", "/m", 8)


def test_vllm_flags():
    s = parse_command("VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 vllm serve /models/x --trust-remote-code -pp 2 "
                      "--max-model-len 32k --gpu-memory-utilization 0.95 --kv-cache-dtype fp8 --dtype half "
                      "--enforce-eager --safetensors-load-strategy eager --kv-cache-memory-bytes 4GiB -q fp8")
    assert (s.engine, s.model, s.pp, s.max_len, s.gpu_util) == ("vllm", "/models/x", 2, 32768, 0.95)
    assert (s.kv_cache_dtype, s.dtype, s.enforce_eager, s.eager_load) == ("fp8", "half", True, True)
    assert s.kv_cache_bytes == 4 * GIB and s.quantization == "fp8"
    assert s.env == {"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"}
    s = parse_command("python -m vllm.entrypoints.openai.api_server --model /m --max-model-len auto")
    assert (s.model, s.max_len, s.max_len_auto) == ("/m", None, True)


def test_sglang_flags_and_prefix_abbreviation():
    s = parse_command("python -m sglang.launch_server --model /m --context-length 65536 --mem-frac 0.7 "
                      "--disable-cuda-graph --weight-loader-disable-mmap --nnodes 2")
    assert (s.max_len, s.mem_fraction, s.enforce_eager, s.eager_load, s.nnodes) == (65536, 0.7, True, True, 2)


def test_docker_run():
    s = parse_command("docker run --rm --gpus '\"device=0,1\"' -e VLLM_ALLREDUCE_USE_SYMM_MEM=0 "
                      "-v /data/models:/models --shm-size 16g -p 8000:8000 vllm/vllm-openai:v0.11.0 "
                      "--model /models/llama -tp 2")
    assert (s.image, s.model, s.tp, s.docker_gpus) == ("vllm/vllm-openai:v0.11.0", "/models/llama", 2, 2)
    assert s.docker_shm_bytes == 16 * GIB and s.env == {"VLLM_ALLREDUCE_USE_SYMM_MEM": "0"}
    assert s.host_path(s.model) == "/data/models/llama"
    s = parse_command("docker run --ipc=host lmsysorg/sglang:v0.5.3 python3 -m sglang.launch_server "
                      "--model-path /m --tp 4")
    assert (s.engine, s.tp, s.docker_ipc_host, s.docker_shm_bytes) == ("sglang", 4, True, None)


def test_bad_commands():
    for bad in ("", "vllm serve", "vllm serve /m -tp", "vllm serve /m -tp two"):
        with pytest.raises(CommandError):
            parse_command(bad)


def test_a_command_of_neither_engine_is_refused_not_read_as_a_model(capsys):
    for bad in ("bash -c hi", "python train.py --model /m", "docker run ubuntu:22.04 bash -c 'sleep 1'"):
        with pytest.raises(CommandError, match="is not a vLLM or SGLang command"):
            parse_command(bad)
    # what must keep working: the engines' command words, SGLang's flags, or the engine's arguments alone
    assert parse_command("python launcher.py serve /m").model == "/m"
    assert parse_command("--model /m -tp 2").tp == 2
    assert parse_command("torchrun --nproc 2 -m sglang.launch_server --model-path /m").engine == "sglang"
    from diagnose.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["preflight", "--no-probe", "--", "bash", "-c", "hi"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "model" not in err.split("command")[0], err
    assert err.startswith("llmdiag: error: bash -c hi is not a vLLM or SGLang command"), err


@pytest.fixture
def tiny(tmp_path):
    cfg = llama_config()
    return write_model(tmp_path / "tiny-llama", cfg, llama_tensors(cfg))


def test_cli_ok_json_validates(tiny):
    code, out, _ = run_cli(["preflight", "--no-probe", "--gpu-mem", "24", "--gpus", "1", "--format", "json", "--",
                            "vllm", "serve", str(tiny), "--max-model-len", "256"])
    assert code == 0
    data = json.loads(out)
    PreflightReport.model_validate(data)
    assert data["schema"] == "llmdiag.preflight/v1" and data["outcome"] == "ok"
    assert data["weights"]["per_gpu_bytes"] == 1_115_392 and data["kv_cache"]["bytes_per_token"] == 512
    assert data["budget"]["gpu_mem_bytes"] == 24 * GIB and data["budget"]["gpu_mem_source"] == "--gpu-mem"
    assert data["fit"]["kv_tokens"] > 0 and data["fit"]["max_len"] == 256


def test_cli_error_exit_code_and_formats(tiny):
    args = ["--no-probe", "--gpus", "1", "--", "vllm", "serve", str(tiny), "-tp", "2", "--max-model-len", "4096"]
    code, out, _ = run_cli(["preflight", *args])
    assert code == 1
    assert "WILL FAIL" in out and "max-len-exceeds-model" in out and "tp-exceeds-gpus" in out
    code, out, _ = run_cli(["preflight", "--format", "markdown", *args])
    assert code == 1 and out.startswith("## :x: llmdiag preflight") and "| check | status |" in out
    assert run_cli(["preflight", "--fail-on", "never", *args])[0] == 0


def test_cli_fail_on_warning(tiny):
    args = ["--no-probe", "--image", "vllm/vllm-openai:latest", "--", "vllm", "serve", str(tiny)]
    assert run_cli(["preflight", *args])[0] == 0
    assert run_cli(["preflight", "--fail-on", "warning", *args])[0] == 1


def test_cli_usage_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    from diagnose.cli import main

    for argv in (["preflight", "--no-probe", "--", "vllm", "serve"],
                 ["preflight", "--no-probe", "--", "vllm", "serve", "org/not-downloaded"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2


def test_estimate_for_log_uses_the_logs_numbers(tiny):
    # the facts explain reads from 04-kv-cache-too-small-for-max-model-len.log (KV budget 0.0 GiB)
    facts = {"model": "tiny-llama", "max_model_len": 256, "dtype": "bfloat16", "tp_size": 1, "pp_size": 1,
             "kv_cache_dtype": "auto", "enforce_eager": False, "kv_available_gib": 0.0, "engine_version": "0.32.0"}
    assert estimate_for_log(facts, None) is None  # "tiny-llama" is not a folder here
    est = estimate_for_log(facts, str(tiny))
    assert est["kv_bytes_per_token_per_gpu"] == 512 and est["kv_budget_source"] == "log (kv_available_gib)"
    assert est["kv_tokens"] == 0 and "kv-cache-insufficient" in est["remediation"]
    # with a GPU's total from the log and no KV line (died before it): the estimate fills in
    facts = {"model": str(tiny), "max_model_len": 256, "gpu_total_gib": 0.6, "gpu_memory_utilization": 0.9}
    est = estimate_for_log(facts, None)
    assert est["kv_budget_source"] == "estimate" and est["max_len"] == 256
    facts = {"model": str(tiny), "context_length": 4096, "mem_fraction_static": 0.8, "gpu_total_gib": 80}
    est = estimate_for_log(facts, None)
    assert est["engine"] == "sglang" and est["remediation"]["max-len-exceeds-model"][0] == "--context-length 512"
