"""Serving-side pitfalls, end to end through `llmdiag preflight`: SGLang's metrics need --enable-metrics,
multi-node TP is the total over the nodes, and a platform's MASTER_ADDR / RANK / WORLD_SIZE must agree
with the engine's own multi-node flags. Each with the cases that must stay quiet."""

import json

import pytest

from diagnose.preflight.cmdline import parse_command
from tests.conftest import run_cli
from tests.preflight.modelgen import llama_config, llama_tensors, write_model

_ENV = ("MASTER_ADDR", "MASTER_PORT", "RANK", "WORLD_SIZE", "LOCAL_RANK", "PROMETHEUS_MULTIPROC_DIR",
        "LLMDIAG_EXPECT_METRICS", "CUDA_VISIBLE_DEVICES")
SGL = "python -m sglang.launch_server --model-path {m}"


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    cfg = llama_config(heads=16, kv_heads=16)  # divisible by TP up to 16
    return write_model(tmp_path_factory.mktemp("m") / "llama", cfg, llama_tensors(cfg))


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for k in _ENV:
        monkeypatch.delenv(k, raising=False)


def pf(model, cmd, *opts, gpus=8):
    """Run the CLI; return (exit code, {check id: check})."""
    args = ["preflight", "--no-probe", "--gpu-mem", "80", "--format", "json", *opts]
    if gpus is not None:
        args += ["--gpus", str(gpus)]
    code, out, _ = run_cli([*args, "--", *cmd.format(m=model).split()])
    return code, {c["id"]: c for c in json.loads(out)["checks"]}


def test_flags_parsed():
    s = parse_command("vllm serve /m -tp 16 -n 2 -r 1 --master-addr 10.0.0.1 --master-port 29500 --headless")
    assert (s.nnodes, s.node_rank, s.master_addr, s.master_port, s.headless) == (2, 1, "10.0.0.1", 29500, True)
    s = parse_command("python -m sglang.launch_server --model-path /m --tp 16 --nnodes 2 --node-rank 1 "
                      "--dist-init-addr 10.0.0.1:5000 --enable-metrics-for-all-schedulers --extra-metric-labels "
                      "{} --enable-metrics")
    assert (s.nnodes, s.node_rank, s.dist_init_addr, s.enable_metrics) == (2, 1, "10.0.0.1:5000", True)
    assert s.metrics_flags == ["--enable-metrics-for-all-schedulers", "--extra-metric-labels"]


# ---------------------------------------------------------------- metrics
def test_sglang_metrics_flag_without_enable_metrics_warns(model):
    code, c = pf(model, SGL + " --bucket-time-to-first-token 0.1 --tp 2")
    m = c["metrics"]
    assert code == 0 and (m["status"], m["category"]) == ("warning", "metrics-disabled")
    assert "--bucket-time-to-first-token" in m["title"] and m["remediation"] == ["--enable-metrics"]


def test_sglang_expect_metrics_option_and_env(model, monkeypatch):
    assert pf(model, SGL, "--expect-metrics")[1]["metrics"]["status"] == "warning"
    code, c = pf(model, SGL, "--expect-metrics", "--fail-on", "warning")
    assert code == 1 and "--expect-metrics" in c["metrics"]["title"]
    monkeypatch.setenv("LLMDIAG_EXPECT_METRICS", "1")
    assert pf(model, SGL)[1]["metrics"]["status"] == "warning"
    monkeypatch.delenv("LLMDIAG_EXPECT_METRICS")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/prom")
    assert "PROMETHEUS_MULTIPROC_DIR" in pf(model, SGL)[1]["metrics"]["title"]


def test_metrics_quiet_cases(model):
    # SGLang with --enable-metrics, SGLang with no sign of scraping, vLLM (serves /metrics always)
    for cmd, opts in ((SGL + " --enable-metrics --bucket-time-to-first-token 0.1", ["--expect-metrics"]),
                      (SGL, []), ("vllm serve {m}", ["--expect-metrics"])):
        code, c = pf(model, cmd, *opts)
        assert (code, c["metrics"]["status"]) == (0, "ok"), (cmd, c["metrics"])


# ---------------------------------------------------------------- multi-node TP
@pytest.mark.parametrize("cmd", ["vllm serve {m} -tp 8 --nnodes 2 --node-rank 0 --master-addr 10.0.0.1",
                                 SGL + " --tp 8 --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.1:5000"])
def test_tp_per_node_on_two_nodes_warns_with_the_total(model, cmd):
    code, c = pf(model, cmd)
    m = c["multinode-tp"]
    assert code == 0 and m["status"] == "warning", m
    assert "uses 4 of the 8 GPUs on each node" in m["title"]
    assert m["remediation"][0].split("#")[0].split()[-1] == "16"
    assert (m["numbers"]["ranks_per_node"], m["numbers"]["visible_per_node"]) == (4, 8)


@pytest.mark.parametrize("cmd", ["vllm serve {m} -tp 16 --nnodes 2 --node-rank 1 --master-addr 10.0.0.1 --headless",
                                 SGL + " --tp 16 --nnodes 2 --node-rank 1 --dist-init-addr 10.0.0.1:5000",
                                 SGL + " --tp 8 --pp 2 --nnodes 2 --dist-init-addr 10.0.0.1:5000",
                                 "vllm serve {m} -tp 8"])
def test_tp_total_over_nodes_is_ok(model, cmd):
    code, c = pf(model, cmd)
    assert code == 0 and c["multinode-tp"]["status"] == "ok", c["multinode-tp"]


def test_multinode_engine_refusals(model):
    code, c = pf(model, SGL + " --tp 3 --nnodes 2 --dist-init-addr 10.0.0.1:5000")
    m = c["multinode-tp"]
    assert code == 1 and (m["status"], m["category"]) == ("error", "invalid-argument")
    assert "tp_size must be divisible by number of nodes" in m["explanation"]
    code, c = pf(model, "vllm serve {m} -tp 3 --nnodes 2")
    assert code == 1 and "must evenly divide the total world size (3)" in c["multinode-tp"]["explanation"]
    code, c = pf(model, "vllm serve {m} -tp 8 --nnodes 2 --node-rank 2")
    assert code == 1 and "outside 0..1" in c["multinode-tp"]["title"]
    code, c = pf(model, "vllm serve {m} -tp 16 --nnodes 2 --distributed-executor-backend ray")
    assert code == 1 and "can only be set when distributed executor backend" in c["multinode-tp"]["explanation"]


def test_multinode_gpus_unknown_is_skipped(model):
    code, c = pf(model, "vllm serve {m} -tp 8 --nnodes 2", gpus=None)
    assert code == 0 and c["multinode-tp"]["status"] == "skipped" and "--gpus N" in c["multinode-tp"]["title"]


# ---------------------------------------------------------------- platform rendezvous variables
def setenv(monkeypatch, **kw):
    for k, v in kw.items():
        monkeypatch.setenv(k, v)


def test_rank_and_master_addr_disagree_vllm(model, monkeypatch):
    setenv(monkeypatch, MASTER_ADDR="10.0.0.9", MASTER_PORT="23456", RANK="1", WORLD_SIZE="2")
    code, c = pf(model, "vllm serve {m} -tp 16 --nnodes 2")
    d = c["dist-env"]
    assert code == 0 and (d["status"], d["category"]) == ("warning", "nccl-network")
    assert "RANK=1" in d["explanation"] and "default 127.0.0.1" in d["explanation"]
    assert "--node-rank $RANK   # each pod its own rank" in d["remediation"]
    assert "--master-addr 10.0.0.9 --master-port 23456" in d["remediation"]


def test_master_addr_vs_dist_init_addr_sglang(model, monkeypatch):
    setenv(monkeypatch, MASTER_ADDR="10.0.0.9", MASTER_PORT="23456", RANK="0", WORLD_SIZE="2")
    code, c = pf(model, SGL + " --tp 16 --nnodes 2 --node-rank 0 --dist-init-addr 10.0.0.1:5000")
    d = c["dist-env"]
    assert d["status"] == "warning" and "MASTER_ADDR=10.0.0.9 but --dist-init-addr 10.0.0.1:5000" in d["explanation"]
    code, c = pf(model, SGL + " --tp 16 --nnodes 2 --node-rank 0")
    assert "--dist-init-addr 10.0.0.9:23456" in c["dist-env"]["remediation"]


def test_world_size_without_nnodes_and_per_gpu_launcher(model, monkeypatch):
    setenv(monkeypatch, MASTER_ADDR="10.0.0.9", RANK="0", WORLD_SIZE="2")
    code, c = pf(model, "vllm serve {m} -tp 8")
    d = c["dist-env"]
    assert d["status"] == "warning" and "WORLD_SIZE=2" in d["title"] and "--nnodes 2" in d["remediation"][0]
    setenv(monkeypatch, WORLD_SIZE="3")
    code, c = pf(model, SGL + " --tp 16 --nnodes 2 --dist-init-addr 10.0.0.9:5000")
    assert "WORLD_SIZE=3 but --nnodes 2" in c["dist-env"]["explanation"]
    setenv(monkeypatch, LOCAL_RANK="3", WORLD_SIZE="8", RANK="3")
    code, c = pf(model, "vllm serve {m} -tp 8")
    assert c["dist-env"]["status"] == "warning" and "LOCAL_RANK=3" in c["dist-env"]["title"]


@pytest.mark.parametrize("env,cmd", [
    # pod-level variables that match the flags
    (dict(MASTER_ADDR="10.0.0.1", MASTER_PORT="5000", RANK="1", WORLD_SIZE="2"),
     SGL + " --tp 16 --nnodes 2 --node-rank 1 --dist-init-addr 10.0.0.1:5000"),
    (dict(MASTER_ADDR="10.0.0.1", RANK="1", WORLD_SIZE="2"),
     "vllm serve {m} -tp 16 --nnodes 2 --node-rank 1 --master-addr 10.0.0.1 --headless"),
    # a one-pod job: WORLD_SIZE=1, RANK=0, LOCAL_RANK=0
    (dict(MASTER_ADDR="localhost", MASTER_PORT="23456", RANK="0", WORLD_SIZE="1", LOCAL_RANK="0"), "vllm serve {m} -tp 8"),
    # WORLD_SIZE counting GPUs (16 = TP) rather than nodes, RANK then is a GPU rank: no rank comparison
    (dict(MASTER_ADDR="10.0.0.1", RANK="8", WORLD_SIZE="16"),
     SGL + " --tp 16 --nnodes 2 --node-rank 1 --dist-init-addr 10.0.0.1:5000"),
    # nothing from a platform
    ({}, "vllm serve {m} -tp 16 --nnodes 2 --node-rank 1 --master-addr 10.0.0.1"),
])
def test_dist_env_quiet_cases(model, monkeypatch, env, cmd):
    setenv(monkeypatch, **env)
    code, c = pf(model, cmd)
    assert code == 0 and c["dist-env"]["status"] == "ok", c["dist-env"]


def test_external_launcher_needs_torch_env(model, monkeypatch):
    code, c = pf(model, "vllm serve {m} -tp 2 --distributed-executor-backend external_launcher")
    d = c["dist-env"]
    assert code == 1 and d["status"] == "error" and "RANK, LOCAL_RANK, MASTER_ADDR, MASTER_PORT not set" in d["title"]
    setenv(monkeypatch, MASTER_ADDR="localhost", MASTER_PORT="29500", RANK="1", LOCAL_RANK="1", WORLD_SIZE="3")
    code, c = pf(model, "vllm serve {m} -tp 2 --distributed-executor-backend external_launcher")
    assert code == 1 and "WORLD_SIZE=3 is not a multiple of TP x PP x DP = 2" in c["dist-env"]["title"]
    setenv(monkeypatch, WORLD_SIZE="4")
    code, c = pf(model, "vllm serve {m} -tp 2 --distributed-executor-backend external_launcher")
    assert code == 0 and c["dist-env"]["status"] == "ok"
