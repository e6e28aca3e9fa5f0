"""`llmdiag replay`: byte-exact, with the log's own timing (scaled by --speed)."""

from __future__ import annotations

import os
import subprocess

import pytest

from diagnose.live.replay import replay

from .conftest import SAMPLES, WAIT_S, child_env, llmdiag, sample

LOGS = sorted(SAMPLES.rglob("*.log"))


@pytest.mark.parametrize("path", LOGS[:40:4], ids=lambda p: p.name)
def test_replay_is_byte_exact(path, tmp_path):
    out_path = tmp_path / "out"
    with open(out_path, "wb") as fh:
        rc = subprocess.run(llmdiag("replay", "--speed", "1e9", str(path)), stdout=fh, env=child_env(),
                            timeout=WAIT_S).returncode
    assert rc == 0
    assert out_path.read_bytes() == path.read_bytes()


def test_replay_timing_follows_timestamps_and_speed(tmp_path):
    log = tmp_path / "t.log"
    log.write_bytes(
        b"INFO 01-02 03:04:00 [a.py:1] start\n"
        b"no timestamp here\n"
        b"INFO 01-02 03:04:10 [a.py:1] ten seconds later\n"
        b"Loading safetensors checkpoint shards:   0% Completed | 0/2 [00:00<?]\r"
        b"Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:01<00:01]\r"
        b"Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:02<00:00]\n"
        b"INFO 01-02 03:04:16 [a.py:1] six seconds later\n"
        b"INFO 01-02 03:04:01 [a.py:1] clock went back: no pause\n"
    )
    sleeps: list[float] = []
    r, w = os.pipe()
    replay(str(log), speed=2.0, out_fd=w, sleep=sleeps.append)
    os.close(w)
    out = b""
    while chunk := os.read(r, 65536):
        out += chunk
    assert out == log.read_bytes()
    assert sum(sleeps) == pytest.approx((10 + 6) / 2)
    assert len([s for s in sleeps if s > 0]) >= 3  # the progress bar redraws are spread over the gap


def test_replay_piped_into_watch_shows_the_same_diagnosis_as_explain():
    path = sample("11-v1-0.11.2-cuda-graph-capture-oom.log")
    rep = subprocess.Popen(llmdiag("replay", "--speed", "1e9", str(path)), stdout=subprocess.PIPE, env=child_env())
    watch = subprocess.run(llmdiag("watch"), stdin=rep.stdout, capture_output=True, env=child_env(), timeout=WAIT_S)
    rep.wait(WAIT_S)
    assert watch.stdout == path.read_bytes()
    assert "[llmdiag] error: Out of memory inside CUDA graph capture" in watch.stderr.decode()
    assert watch.returncode == 1


def test_replay_missing_file_is_usage_error():
    res = subprocess.run(llmdiag("replay", "/no/such/file.log"), capture_output=True, env=child_env(), timeout=WAIT_S)
    assert res.returncode == 2
    assert b"no such file" in res.stderr
