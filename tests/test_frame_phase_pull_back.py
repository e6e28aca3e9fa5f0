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
