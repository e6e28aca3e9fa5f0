"""Every check's ok / warning / error, on tiny model folders and hand-made HostInfo (never this machine)."""

import pytest

from diagnose.preflight.cmdline import parse_command
from diagnose.preflight.core import ModelNotLocal, Options, run_preflight
from diagnose.preflight.host import HostInfo, compute_capability
from tests.preflight.modelgen import llama_config, llama_tensors, write_model

GIB, MIB = 1024 ** 3, 1024 ** 2
WEIGHTS = 1_115_392  # the tiny Llama in bfloat16 (test_arithmetic)


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    cfg = llama_config(heads=4, kv_heads=2)  # 4 heads of 32, 2 KV heads
    return write_model(tmp_path_factory.mktemp("m") / "llama", cfg, llama_tensors(cfg), shards=2)


def big_host(**kw):
    base = dict(gpu_count=8, gpu_count_source="test", gpu_mem_bytes=80 * GIB, gpu_source="test", gpu_name="H100",
                shm_bytes=64 * GIB, ram_available_bytes=512 * GIB, tmp_free_bytes=100 * GIB, tmp_dir="/tmp")
    return HostInfo(**{**base, **kw})


def run(model, args, host=None, env=None, **opts):
    cmd = args if any(w in args for w in ("serve", "sglang", "docker")) else f"vllm serve {model} {args}"
    return run_preflight(parse_command(cmd.format(m=model)), host or big_host(), env or {}, Options(**opts))


def check(report, cid):
    return next(c for c in report.checks if c.id == cid)


def test_all_ok_on_a_big_gpu(model):
    r = run(model, "-tp 2")
    bad = [(c.id, c.status, c.title) for c in r.checks if c.status not in ("ok", "skipped")]
    assert bad == [] and r.outcome == "ok"
    assert {c.id for c in r.checks} >= {"model-files", "weights-fit", "kv-cache-fit", "max-len-model", "tp-heads",
                                        "tp-gpus", "dtype-gpu", "shm-size", "host-ram", "tmp-space", "symm-mem"}


def test_weights_do_not_fit(model):
    # 1 MiB GPU: the CUDA context alone does not fit, the weights (1.06 MiB) even less
    r = run(model, "", big_host(gpu_mem_bytes=1 * MIB))
    c = check(r, "weights-fit")
    assert (c.status, c.category) == ("error", "weights-oom")
    assert c.numbers["weights_per_gpu_bytes"] == WEIGHTS
    assert any(x.startswith("--tensor-parallel-size") or x.startswith("a quantized") for x in c.remediation)


def test_weights_exceed_budget_but_load(model):
    # fits physically after the 0.5 GiB CUDA context, not in 0.001 x memory
    mem = int(0.5 * GIB) + WEIGHTS + 50_000
    r = run(model, "--gpu-memory-utilization 0.001", big_host(gpu_mem_bytes=mem))
    assert check(r, "weights-fit").status == "warning"
    kv = check(r, "kv-cache-fit")
    assert (kv.status, kv.title) == ("error", "No memory left for the KV cache")


def test_kv_does_not_fit_default_length_with_largest_that_fits(tmp_path):
    cfg = llama_config(max_pos=131072)
    path = write_model(tmp_path / "long", cfg, llama_tensors(cfg))
    # an explicit KV budget of 16 MiB: 512 B per token -> 32768 tokens; the default 131072 does not fit
    r = run(path, "--kv-cache-memory-bytes 16MiB")
    c = check(r, "kv-cache-fit")
    assert c.status == "error" and c.numbers["kv_tokens"] == 16 * MIB // 512 == 32768
    assert r.fit["max_len_source"] == "the model's max_position_embeddings" and r.fit["max_len"] == 131072
    assert c.numbers["max_len_that_fits"] == 32768
    assert "--max-model-len 32768   # the largest that fits: 32768" in c.remediation
    # --kv-cache-dtype fp8 doubles the tokens: 65536, still short of 131072 -> not offered
    assert not any("fp8" in x for x in c.remediation)


def test_kv_estimate_suggests_utilization_and_fp8(tmp_path):
    cfg = llama_config(max_pos=131072)
    path = write_model(tmp_path / "long", cfg, llama_tensors(cfg))
    # 1.5 GiB x 0.37 = 568 MiB - 1 MiB weights - ~0.3 GiB activations - 0.2 GiB non-torch = ~48 MiB of KV;
    # 131072 tokens x 512 B = 64 MiB
    r = run(path, "--max-model-len 131072 --gpu-memory-utilization 0.37 --enforce-eager",
            big_host(gpu_mem_bytes=int(1.5 * GIB)))
    c = check(r, "kv-cache-fit")
    assert c.status == "error" and c.numbers["request_bytes"] == 131072 * 512
    assert 40 * MIB < r.budget["kv_bytes"] < 56 * MIB
    # +10% of 64 MiB - 48 MiB = ~22 MiB more: 0.37 + 22 MiB / 1.5 GiB = 0.385 -> 0.39
    assert "--gpu-memory-utilization 0.39   # now 0.37" in c.remediation
    assert any(x.startswith("--kv-cache-dtype fp8") for x in c.remediation)  # 2 x 48 MiB >= 64 MiB


def test_kv_near_limit_is_a_warning(model):
    # exactly one 512-token request (2 x 2 KV heads x 32 x 2 B x 2 layers = 512 B/token) + 5%
    r = run(model, f"--max-model-len 512 --kv-cache-memory-bytes {int(512 * 512 * 1.05)}")
    assert check(r, "kv-cache-fit").status == "warning"


def test_max_len_over_model(model):
    c = check(run(model, "--max-model-len 1024"), "max-len-model")
    assert (c.status, c.category) == ("error", "max-len-exceeds-model")
    c = check(run(model, "--max-model-len 1024", env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"}), "max-len-model")
    assert c.status == "warning"
    c = check(run(model, "python -m sglang.launch_server --model-path {m} --context-length 2048"), "max-len-model")
    assert c.status == "error" and "--context-length 512" in c.remediation


def test_tp_does_not_divide_heads(model):
    c = check(run(model, "-tp 3"), "tp-heads")
    assert (c.status, c.category) == ("error", "tp-exceeds-gpus")
    assert "4 attention heads are not divisible by TP=3" in c.title
    assert c.numbers["valid_tp"] == [1, 2, 4]


def test_tp_exceeds_visible_gpus(model):
    c = check(run(model, "-tp 4", env={"CUDA_VISIBLE_DEVICES": "0,1"}), "tp-gpus")
    assert (c.status, c.category) == ("error", "tp-exceeds-gpus")
    assert c.numbers == {"needed": 4, "visible": 2, "visible_source": "CUDA_VISIBLE_DEVICES"}
    c = check(run(model, "-tp 4 --distributed-executor-backend ray", big_host(gpu_count=2)), "tp-gpus")
    assert c.status == "warning"  # Ray may place the rest on other nodes
    assert check(run(model, "-tp 2 -pp 2", big_host(gpu_count=4)), "tp-gpus").status == "ok"
    assert check(run(model, "-tp 2", HostInfo()), "tp-gpus").status == "skipped"


@pytest.mark.parametrize("gpu,args,status", [
    ("Tesla V100-SXM2-32GB", "--dtype bfloat16", "error"),
    ("Tesla V100-SXM2-32GB", "", "warning"),  # auto: recent versions fall back to float16
    ("Tesla T4", "--dtype float16", "ok"),
    ("NVIDIA A100-SXM4-80GB", "--quantization fp8", "warning"),  # weight-only FP8 (Marlin)
    ("Tesla T4", "--quantization fp8 --dtype float16", "error"),
    ("NVIDIA H100 80GB HBM3", "--quantization fp8", "ok"),
])
def test_dtype_on_gpu(model, gpu, args, status):
    c = check(run(model, args, big_host(gpu_name=gpu)), "dtype-gpu")
    assert (c.status, c.category) == (status, "dtype-unsupported")
    if status == "error" and "bfloat16" in args:
        assert c.remediation == ["--dtype float16"]


def test_compute_capability_table():
    assert compute_capability("NVIDIA L40S") == 8.9 and compute_capability("NVIDIA A10G") == 8.6
    assert compute_capability("NVIDIA GH200 480GB") == 9.0 and compute_capability("mystery") is None


def test_shm(model):
    c = check(run(model, "docker run --gpus all -v {m}:/models/x vllm/vllm-openai:v0.11.2 --model /models/x -tp 2"),
              "shm-size")
    assert (c.status, c.category) == ("error", "shm-exhausted")  # docker's 64 MB default
    assert c.numbers["shm_bytes"] == 64 * MIB
    assert check(run(model, "-tp 2", big_host(shm_bytes=512 * MIB)), "shm-size").status == "warning"
    ok = run(model, "docker run --ipc=host --gpus all -v {m}:/models/x vllm/vllm-openai:v0.11.2 --model /models/x "
                    "-tp 2")
    assert check(ok, "shm-size").status == "ok"
    assert check(run(model, "", big_host(shm_bytes=64 * MIB)), "shm-size").status == "ok"  # one GPU


def test_host_ram_with_eager_load(model):
    c = check(run(model, "--safetensors-load-strategy eager", big_host(ram_available_bytes=1 * MIB)), "host-ram")
    assert (c.status, c.category) == ("error", "host-oom-killed")
    c = check(run(model, "python -m sglang.launch_server --model-path {m} --weight-loader-disable-mmap",
                  big_host(ram_available_bytes=1 * MIB)), "host-ram")
    assert c.status == "error"
    assert check(run(model, "--safetensors-load-strategy eager"), "host-ram").status == "ok"
    assert check(run(model, "", big_host(ram_available_bytes=1 * MIB)), "host-ram").status == "ok"  # mmap


@pytest.mark.parametrize("free,status", [(100 * MIB, "error"), (1 * GIB, "warning"), (50 * GIB, "ok")])
def test_tmpdir_space(model, free, status):
    c = check(run(model, "", big_host(tmp_free_bytes=free)), "tmp-space")
    assert (c.status, c.category) == (status, "tmp-space")


@pytest.mark.parametrize("image,version,status", [
    ("vllm/vllm-openai:latest", None, "warning"),
    ("vllm/vllm-openai", None, "warning"),
    ("vllm/vllm-openai:nightly-8f3e2a1", None, "warning"),
    ("vllm/vllm-openai:v0.11.2", None, "ok"),
    ("lmsysorg/sglang@sha256:" + "a" * 64, None, "ok"),
    (None, "0.11.1.dev45+g1a2b3c4", "warning"),
    (None, None, "skipped"),
])
def test_image_pinned(model, image, version, status):
    c = check(run(model, "", image=image, engine_version=version), "image-pinned")
    assert (c.status, c.category) == (status, "unpinned-image")


def test_symm_mem_multi_node_partial(model):
    args = "-tp 2 -pp 2 --nnodes 2"  # 2 GPUs per node of 8
    c = check(run(model, args, engine_version="0.11.0"), "symm-mem")
    assert (c.status, c.category) == ("error", "symm-mem-allreduce")
    assert c.remediation == ["export VLLM_ALLREDUCE_USE_SYMM_MEM=0"]
    assert check(run(model, args, engine_version="0.11.2"), "symm-mem").status == "warning"
    assert check(run(model, args, env={"VLLM_ALLREDUCE_USE_SYMM_MEM": "0"}, engine_version="0.11.0"),
                 "symm-mem").status == "ok"
    assert check(run(model, args, engine_version="0.10.2"), "symm-mem").status == "ok"
    assert check(run(model, args, big_host(gpu_count=2), engine_version="0.11.0"), "symm-mem").status == "ok"
    assert check(run(model, args, image="vllm/vllm-openai:v0.11.0"), "symm-mem").status == "error"
    assert check(run(model, "-tp 2", engine_version="0.11.0"), "symm-mem").status == "ok"  # one node


def test_model_folder_problems(tmp_path):
    missing = check(run(tmp_path, "vllm serve /nonexistent/model"), "model-files")
    assert (missing.status, missing.category) == ("error", "model-not-found")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "config.json").write_text("{not json")
    c = check(run(bad, ""), "model-files")
    assert (c.status, c.category) == ("error", "corrupt-checkpoint")
    cfg = llama_config()
    empty = write_model(tmp_path / "empty", cfg, llama_tensors(cfg))
    (empty / "model.safetensors").unlink()
    c = check(run(empty, ""), "model-files")
    assert (c.status, c.category) == ("error", "model-not-found")
    sharded = write_model(tmp_path / "sharded", cfg, llama_tensors(cfg), shards=2)
    (sharded / "model-00002-of-00002.safetensors").unlink()
    c = check(run(sharded, ""), "model-files")
    assert c.status == "error" and "missing" in c.explanation


def test_hub_id_not_local_is_refused(tmp_path):
    with pytest.raises(ModelNotLocal):
        run(tmp_path, "vllm serve meta-llama/Llama-3.1-8B-Instruct", env={"HF_HUB_CACHE": str(tmp_path)})


def test_hub_id_found_in_local_cache(tmp_path):
    snap = tmp_path / "models--org--tiny" / "snapshots" / "abc123"
    cfg = llama_config()
    write_model(snap, cfg, llama_tensors(cfg))
    r = run(tmp_path, "vllm serve org/tiny --max-model-len 256", env={"HF_HUB_CACHE": str(tmp_path)})
    assert r.model_dir == str(snap) and check(r, "model-files").status == "ok"


def test_sglang_budget_uses_mem_fraction(model):
    r = run(model, "python -m sglang.launch_server --model-path {m} --tp 2 --mem-fraction-static 0.8")
    assert r.engine == "sglang" and r.parallel["tp"] == 2
    b = r.budget
    assert b["fraction"] == 0.8 and b["usable_bytes"] == int(80 * GIB * 0.8)
    assert b["kv_bytes"] == b["usable_bytes"] - r.weights["per_gpu_bytes"] - b["cuda_context_bytes"] \
        - b["non_torch_bytes"]
    assert r.fit["block_size"] == 1
    r = run(model, "python -m sglang.launch_server --model-path {m} --tp-size 4")
    assert r.budget["fraction"] == 0.83  # SGLang's default by TP size
