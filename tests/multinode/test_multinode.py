"""Multi-process and multi-node starts: attribution, merged inputs, per-rank / per-node views and
the distributed diagnoses (diagnose/distributed.py)."""

import json
import re
import shutil

import pytest

from diagnose.lines import expand_inputs, iter_inputs, lines_from_text
from diagnose.pipeline import analyze
from tests.conftest import SAMPLES, run_cli

MN = SAMPLES / "multinode"
PAIR = MN / "sglang-0.4.9-2node-tp16-pair"


def report(paths, rules):
    return json.loads(analyze([str(p) for p in paths], rules).to_json())


def top(rep):
    return next(d for d in rep["diagnoses"] if d["role"] != "wrapper")


# -- attribution ---------------------------------------------------------------------------------
def test_line_attribution_from_prefixes():
    text = (
        "(RayWorkerWrapper pid=3121, ip=10.0.0.2) INFO 11-05 10:12:56 selector.py:135] Using Flash Attention backend.\n"
        "(RayWorkerWrapper pid=2404) INFO 11-05 10:12:57 pynccl.py:63] vLLM is using nccl==2.20.5 [repeated 14x across cluster]\n"
        "[2025-08-19 02:10:44 DP1 TP3 EP3] Load weight begin. avail mem=77.94 GB\n"
        "vm:643:643 [1] NCCL INFO ncclCommInitRankConfig comm 0x1942e4f0 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 70 commId 0x3f - Init START\n"
        "vm:643:657 [0] NCCL INFO [Proxy Service] Device 1 CPU core 5\n"
    )
    ray, dedup, sgl, nccl, proxy = lines_from_text(text)
    assert (ray.node, ray.pid, ray.proc) == ("10.0.0.2", 3121, "RayWorkerWrapper")
    assert dedup.repeated == 14 and dedup.text.endswith("nccl==2.20.5")
    assert (sgl.tags, sgl.rank) == ("DP1 TP3 EP3", 3)
    assert (nccl.node, nccl.pid, nccl.dev, nccl.rank) == ("vm", 643, 1, 1)
    assert proxy.rank == 1  # the process's rank, not its proxy thread's [0]


# -- several inputs --------------------------------------------------------------------------------
def test_merge_by_time_keeps_source_and_line(tmp_path):
    a = tmp_path / "node0.log"
    b = tmp_path / "node1.log"
    a.write_text("[2025-08-19 02:10:10] a1\nno clock a2\n[2025-08-19 02:10:30] a3\n")
    b.write_text("[2025-08-19 02:10:20] b1\n[2025-08-19 02:10:40] b2\n")
    got = [(ln.source, ln.n, ln.node) for ln in iter_inputs([str(a), str(b)])]
    assert got == [("node0.log", 1, "node0"), ("node0.log", 2, "node0"), ("node1.log", 1, "node1"),
                   ("node0.log", 3, "node0"), ("node1.log", 2, "node1")]


def test_merge_tolerates_small_clock_skew(tmp_path):
    a = tmp_path / "a.log"
    b = tmp_path / "b.log"
    a.write_text("[2025-08-19 02:10:10] a1\n[2025-08-19 02:10:11] a2\n")
    b.write_text("[2025-08-19 02:10:10] b1\n")
    order = [ln.text for ln in iter_inputs([str(a), str(b)])]
    assert order == ["a1", "a2", "b1"]  # one second apart: the input being read goes on


def test_ray_session_folder(tmp_path):
    logs = tmp_path / "session_latest" / "logs"
    logs.mkdir(parents=True)
    (logs / "raylet.out").write_text(
        "[2024-11-05 10:12:40,100 I 811 811] (raylet) main.cc:180: Setting cluster ID to: 3d1f\n")
    (logs / "worker-0a1b2c3d-01000000-3121.out").write_text(
        ":job_id:01000000\n:actor_name:RayWorkerWrapper\n"
        "INFO 11-05 10:12:57 pynccl.py:63] vLLM is using nccl==2.20.5\n")
    (logs / "gcs_server.out").write_text("not read\n")
    specs = expand_inputs([str(logs)])
    assert sorted(s.name for s in specs) == ["logs/raylet.out", "logs/worker-0a1b2c3d-01000000-3121.out"]
    assert {s.node for s in specs} == {"session_latest"}
    lines = list(iter_inputs([str(logs)]))
    raylet = next(ln for ln in lines if "cluster ID" in ln.text)
    assert raylet.kind == "ray" and raylet.clock is not None and raylet.proc == "raylet"
    nccl = next(ln for ln in lines if "nccl==" in ln.text)
    assert (nccl.proc, nccl.pid, nccl.node) == ("RayWorkerWrapper", 3121, "session_latest")


def test_explain_accepts_a_folder_and_files(tmp_path):
    code, out, _ = run_cli(["explain", "--format", "json", str(PAIR)])
    rep = json.loads(out)
    assert code == 0 and rep["outcome"] == "ready" and len(rep["inputs"]) == 2
    code, out, _ = run_cli(["explain", "--format", "json", str(PAIR / "node0.log"), str(PAIR / "node1.log")])
    assert code == 0 and len(json.loads(out)["ranks"]) == 16


# -- end to end, one per sample ------------------------------------------------------------------
def test_sglang_pair_per_node_and_per_rank_view(rules):
    rep = report([PAIR / "node0.log", PAIR / "node1.log"], rules)
    assert rep["outcome"] == "ready" and not [d for d in rep["diagnoses"] if d["severity"] == "error"]
    assert [r["label"] for r in rep["ranks"]] == [f"TP{i}" for i in range(16)]
    assert {r["node"] for r in rep["ranks"][8:]} == {"node1"}
    nodes = {n["name"]: n for n in rep["nodes"]}
    assert nodes["node0"]["node_rank"] == 0 and nodes["node1"]["node_rank"] == 1
    assert nodes["node0"]["last_phase"] == "server" and nodes["node1"]["last_phase"] == "compile"
    assert all(r["status"] == "ready" for r in rep["ranks"])
    assert {p.get("source") for p in rep["phases"]} == {"node0.log", "node1.log"}


def test_vllm_ray_two_node_ready(rules):
    rep = report([MN / "vllm-0.6.3-ray-2node-tp16-ready.log"], rules)
    assert rep["outcome"] == "ready"
    assert {n["name"] for n in rep["nodes"]} >= {"10.0.0.2"}
    remote = [r for r in rep["ranks"] if r["node"] == "10.0.0.2"]
    assert remote and all(r["label"].startswith("RayWorkerWrapper pid=") for r in remote)
    assert not any(d["rule"].startswith("dist-") for d in rep["diagnoses"])  # Ray de-duplication: no lag guesses


def test_vllm_ray_node_without_gpus(rules):
    rep = report([MN / "vllm-0.6.3-ray-2node-worker-without-gpus.log"], rules)
    assert rep["outcome"] == "failed" and top(rep)["category"] == "ray-cluster"


def test_sglang_node_unreachable_headline_and_ranks(rules):
    rep = report([MN / "sglang-0.4.3-2node-node1-unreachable-store-timeout.log"], rules)
    assert top(rep)["category"] == "nccl-network"
    ranks = {r["label"]: r for r in rep["ranks"]}
    assert set(ranks) == {f"TP{i}" for i in range(8)}  # torch's "[rankN]:" lines joined their TP tag
    assert ranks["TP0"]["status"] == "failed" and ranks["TP0"]["last_phase"] == "nccl"
    assert all(r["last_phase"] == "nccl" for r in rep["ranks"])


def test_tp8_one_rank_fails_on_weights(rules):
    rep = report([MN / "vllm-0.10.1-tp8-rank3-weights-oom.log"], rules)
    head = top(rep)
    assert head["ranks"] == ["VllmWorker TP3 pid=365"]
    assert head["category"] in ("gpu-memory-in-use", "weights-oom")
    failed = [r for r in rep["ranks"] if r["status"] == "failed"]
    assert [r["rank"] for r in failed] == [3]
    assert "OutOfMemoryError" in failed[0]["error"]["text"]
    assert {r["last_phase"] for r in rep["ranks"]} == {"weights"}


def test_nccl_info_multi_rank_transports(rules):
    rep = report([MN / "nccl-2.28-2rank-p2p-shm-disabled-socket.log"], rules)
    assert [(r["label"], r["node"]) for r in rep["ranks"]] == [("NCCL rank 0", "vm"), ("NCCL rank 1", "vm")]
    assert {(t["from_rank"], t["to_rank"], t["transport"]) for t in rep["nccl"]} == {(0, 1, "NET/Socket"), (1, 0, "NET/Socket")}
    head = top(rep)
    assert head["rule"] == "nccl-socket-fallback-same-host" and "NCCL_P2P_DISABLE=1" in head["explanation"]
    node = next(n for n in rep["nodes"] if n["name"] == "vm")
    assert node["env"]["NCCL_SHM_DISABLE"] == "1"


def test_nccl_p2p_is_not_a_finding(rules, tmp_path):
    # shape of the real healthy capture (10-nccl-ok.log): channels via P2P/CUMEM
    text = "".join(
        f"vm:{642 + r}:{642 + r} [{r}] NCCL INFO ncclCommInitRankConfig comm 0x3641 rank {r} nranks 2 cudaDev {r} nvmlDev {r} busId 60 commId 0x3f - Init START\n"
        f"vm:{642 + r}:{642 + r} [{r}] NCCL INFO Channel 00/0 : {r}[{r}] -> {1 - r}[{1 - r}] via P2P/CUMEM\n" for r in (0, 1))
    log = tmp_path / "nccl-ok.log"
    log.write_text(text)
    rep = report([log], rules)
    assert {t["transport"] for t in rep["nccl"]} == {"P2P"}
    assert not any(d["rule"].startswith("nccl-socket") for d in rep["diagnoses"])


# -- distributed diagnoses -----------------------------------------------------------------------
def _pair_copy(tmp_path, edit):
    d = tmp_path / "pair"
    shutil.copytree(PAIR, d)
    node1 = d / "node1.log"
    node1.write_text(edit(node1.read_text()))
    return d


def test_two_files_disagreeing_in_tp_report_the_mismatch(tmp_path, rules):
    d = _pair_copy(tmp_path, lambda t: t.replace("tp_size=16", "tp_size=8"))
    rep = report([d / "node0.log", d / "node1.log"], rules)
    mm = [x for x in rep["diagnoses"] if x["rule"] == "dist-config-mismatch"]
    assert mm and "tensor-parallel size" in mm[0]["title"] and "node1" in mm[0]["title"]
    assert {e["source"] for e in mm[0]["evidence"]} == {"node0.log", "node1.log"}


def test_two_files_disagreeing_in_version_report_the_mismatch(tmp_path, rules):
    log = (SAMPLES / "vllm" / "03-v1-0.10.1-tp4-ready.log").read_text()
    (tmp_path / "node0.log").write_text(log)
    (tmp_path / "node1.log").write_text(log.replace("0.10.1.1", "0.10.2"))
    code, out, _ = run_cli(["explain", "--format", "json", str(tmp_path / "node0.log"), str(tmp_path / "node1.log")])
    rep = json.loads(out)
    mm = next(x for x in rep["diagnoses"] if x["rule"] == "dist-config-mismatch")
    assert "engine version" in mm["title"] and "0.10.2" in mm["title"] and mm["severity"] == "warning"
    fp = mm["fingerprint"]
    assert not re.search(r"\d{2}:\d{2}|pid", fp)


def test_env_set_on_one_node_only(tmp_path, rules):
    log = (SAMPLES / "vllm" / "03-v1-0.10.1-tp4-ready.log").read_text()
    (tmp_path / "node0.log").write_text("+ export VLLM_ALLREDUCE_USE_SYMM_MEM=0\n+ export VLLM_LOGGING_LEVEL=INFO\n" + log)
    (tmp_path / "node1.log").write_text("+ export VLLM_LOGGING_LEVEL=INFO\n" + log)
    rep = report([tmp_path / "node0.log", tmp_path / "node1.log"], rules)
    env = next(x for x in rep["diagnoses"] if x["rule"] == "dist-env-mismatch")
    assert env["category"] == "symm-mem-allreduce" and "node1: not set" in env["title"]
    assert "VLLM_ALLREDUCE_USE_SYMM_MEM=0" in env["remediation"][0]


def test_duplicate_node_rank(tmp_path, rules):
    d = _pair_copy(tmp_path, lambda t: t.replace("node_rank=1", "node_rank=0"))
    rep = report([d], rules)
    assert any(x["rule"] == "dist-node-rank-duplicate" for x in rep["diagnoses"])


def _sglang_tp4(stuck: int) -> str:
    out = ["[2025-08-19 02:10:14] server_args=ServerArgs(model_path='/models/m', tp_size=4, nnodes=1, node_rank=0)"]
    for r in range(4):
        out.append(f"[2025-08-19 02:10:21 TP{r}] Init torch distributed begin.")
    for r in range(4):
        if r != stuck:
            out.append(f"[2025-08-19 02:10:44 TP{r}] Init torch distributed ends. mem usage=1.12 GB")
            out.append(f"[2025-08-19 02:10:44 TP{r}] Load weight begin. avail mem=77.94 GB")
    return "\n".join(out) + "\n"


def test_lagging_rank_is_the_headline_of_a_hang(tmp_path, rules):
    log = tmp_path / "tp4.log"
    log.write_text(_sglang_tp4(stuck=2))
    rep = report([log], rules)
    assert rep["outcome"] == "incomplete"
    head = top(rep)
    assert head["rule"] == "dist-rank-behind" and head["category"] == "nccl-network"
    assert "TP2" in head["title"] and "weights" in head["title"]
    again = report([log], rules)
    assert top(again)["fingerprint"] == head["fingerprint"]


def test_lagging_rank_ranks_after_a_rule_matched_cause(tmp_path, rules):
    log = tmp_path / "tp4.log"
    log.write_text(_sglang_tp4(stuck=2) + "[2025-08-19 02:11:00 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
                   "  File \"/sgl/srt/managers/scheduler.py\", line 1, in run_scheduler_process\n"
                   "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 3.31 MiB is free.\n")
    rep = report([log], rules)
    rules_in_order = [d["rule"] for d in rep["diagnoses"]]
    assert rep["outcome"] == "failed" and not top(rep)["rule"].startswith("dist-")
    assert "dist-rank-behind" in rules_in_order


@pytest.mark.parametrize("name", ["node0.log", "node1.log"])
def test_each_node_alone_still_works(name, rules):
    rep = report([PAIR / name], rules)
    assert rep["outcome"] in ("ready", "incomplete")
    assert not [d for d in rep["diagnoses"] if d["rule"].startswith("dist-")]
