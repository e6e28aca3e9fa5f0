"""What watch shows while the server starts: non-TTY lines, a status in a terminal, stalls, and
diagnoses as soon as their evidence is complete."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import termios

from .conftest import WAIT_S, Collector, child_env, llmdiag, sample, start_watch

CRASH = "11-v1-0.11.2-cuda-graph-capture-oom.log"
READY = "04-v1-0.11.2-tp2-ready.log"
ANSI = re.compile(r"\x1b(?:\[[0-9;?]*[A-Za-z]|[78()][AB012]?)")


def _lines(name: str) -> list[bytes]:
    return sample(name).read_bytes().splitlines(keepends=True)


def test_non_tty_lines_phases_diagnosis_summary_and_exit_code():
    data = sample(CRASH).read_bytes()
    proc = start_watch()
    out, err = proc.communicate(data, timeout=WAIT_S)
    err = err.decode()
    assert out == data
    assert proc.returncode == 1  # the start failed
    assert "\x1b" not in err
    assert "[llmdiag] vllm 0.11.2: phase config" in err
    assert "[llmdiag] phase weights (nccl took 0.0s)" in err
    assert "[llmdiag] error: Out of memory inside CUDA graph capture" in err
    assert "[llmdiag]   do: --gpu-memory-utilization 0.93" in err
    assert "outcome FAILED" in err  # the explain summary at the end
    assert err.count("[llmdiag] error: Out of memory inside CUDA graph capture") == 1


def test_ready_server_exit_0_and_ready_line():
    data = sample(READY).read_bytes()
    proc = start_watch()
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert proc.returncode == 0
    assert out == data
    assert "[llmdiag] server is up after" in err.decode()
    assert "outcome READY" in err.decode()


def test_fail_on_never_and_quiet():
    data = sample(CRASH).read_bytes()
    proc = start_watch("--quiet", "--fail-on", "never")
    out, err = proc.communicate(data, timeout=WAIT_S)
    err = err.decode()
    assert proc.returncode == 0
    assert "phase" not in "".join(ln for ln in err.splitlines() if ln.startswith("[llmdiag]"))
    assert "[llmdiag] error: Out of memory inside CUDA graph capture" in err


def test_status_file_keeps_stderr_empty(tmp_path):
    status = tmp_path / "status.txt"
    data = sample(CRASH).read_bytes()
    proc = start_watch("--status-file", str(status))
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert out == data
    assert err == b""
    text = status.read_text()
    assert "[llmdiag] error: Out of memory inside CUDA graph capture" in text
    assert "outcome FAILED" in text


def test_diagnosis_is_reported_before_end_of_input():
    """The traceback ends, the process pauses: the diagnosis is out while stdin is still open."""
    proc = start_watch()
    err = Collector(proc.stderr)
    out = Collector(proc.stdout)
    proc.stdin.write(sample(CRASH).read_bytes())
    proc.stdin.flush()
    err.wait_for("[llmdiag] error: Out of memory inside CUDA graph capture")
    assert "outcome" not in err.text  # no summary yet: the input has not ended
    proc.stdin.close()
    proc.wait(WAIT_S)
    out.join()
    assert "outcome FAILED" in err.wait_for("outcome FAILED")


def test_fatal_error_after_the_server_is_up_is_reported():
    after = (
        b'(APIServer pid=1) INFO:     127.0.0.1:40000 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n' * 500
        + b"(EngineCore_DP0 pid=97) ERROR 11-27 11:10:05 [core.py:710] EngineCore encountered a fatal error.\n"
        b"(EngineCore_DP0 pid=97) ERROR 11-27 11:10:05 [core.py:710] Traceback (most recent call last):\n"
        b'(EngineCore_DP0 pid=97) ERROR 11-27 11:10:05 [core.py:710]   File "/x/vllm/v1/engine/core.py", line 701, in run\n'
        b"(EngineCore_DP0 pid=97) ERROR 11-27 11:10:05 [core.py:710] torch.OutOfMemoryError: CUDA out of memory. "
        b"Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.20 GiB is free.\n"
        b"(APIServer pid=1) ERROR 11-27 11:10:05 [async_llm.py:480] AsyncLLM output_handler failed.\n"
    )
    proc = start_watch()
    err = Collector(proc.stderr)
    out = Collector(proc.stdout)
    proc.stdin.write(sample(READY).read_bytes())
    proc.stdin.flush()
    err.wait_for("[llmdiag] server is up")
    proc.stdin.write(after)
    proc.stdin.flush()
    text = err.wait_for("after the server came up")
    assert "CUDA out of memory" in text
    proc.stdin.close()
    assert proc.wait(WAIT_S) == 1
    out.join()


def test_stall_reported_once_for_a_log_that_stops_mid_phase_then_cleared():
    lines = _lines(CRASH)
    cut = next(i for i, ln in enumerate(lines) if b"5/16" in ln) + 1  # mid weights
    proc = start_watch("--stall", "weights=1")
    err = Collector(proc.stderr)
    out = Collector(proc.stdout)
    proc.stdin.write(b"".join(lines[:cut]))
    proc.stdin.flush()
    text = err.wait_for("[llmdiag] stall: no progress in phase weights")
    assert "shard 5/16 is not advancing" in text
    assert "[llmdiag]   check: py-spy dump" in text
    proc.stdin.write(lines[cut])  # progress resumes
    proc.stdin.flush()
    err.wait_for("[llmdiag] progress resumed in phase weights")
    proc.stdin.write(b"".join(lines[cut + 1:]))
    proc.stdin.close()
    proc.wait(WAIT_S)
    out.join()
    assert err.text.count("[llmdiag] stall:") == 1  # once per phase


def test_tty_live_status_in_a_pseudo_terminal():
    lines = _lines(CRASH)
    cut = next(i for i, ln in enumerate(lines) if b"4/16" in ln) + 1
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 120, 0, 0))
    env = child_env()
    env["TERM"] = "xterm"
    proc = subprocess.Popen(llmdiag("watch"), stdin=subprocess.PIPE, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    screen = Collector(master)
    proc.stdin.write(b"".join(lines[:cut]))
    proc.stdin.flush()

    def plain() -> str:
        return ANSI.sub("", screen.text)

    import time

    end = time.monotonic() + WAIT_S
    while time.monotonic() < end and "shards 4/16" not in plain():
        time.sleep(0.05)
    text = plain()
    raw = screen.text
    assert "\x1b[1;24r" in raw  # a scroll region keeps the status in the last rows (30 rows - 6)
    assert "llmdiag vllm 0.11.2" in text
    assert "phase weights" in text
    assert "done: config 13.0s  init 2.0s  nccl 0.0s" in text
    assert "weights: shards 4/16" in text and "GB/s" in text and "ETA" in text
    proc.stdin.write(b"".join(lines[cut:]))
    proc.stdin.close()
    assert proc.wait(WAIT_S) == 1
    screen.join()
    text = ANSI.sub("", screen.text)
    assert "KV cache: 189,584 tokens" in text
    assert "error: Out of memory inside CUDA graph capture" in text
    assert "outcome FAILED" in text
    assert "\x1b[r" in screen.text  # the whole terminal is given back at the end
    os.close(master)


def test_sglang_warmup_failure_through_a_proxy_never_shows_ready(tmp_path):
    status = tmp_path / "status.txt"
    data = sample("sglang-0.4.0-warmup-502-http-proxy.log").read_bytes()
    proc = start_watch("--status-file", str(status))
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert out == data and proc.returncode == 1
    text = status.read_text()
    assert "server is up" not in text and "READY" not in text
    assert "[llmdiag] error: SGLang's own warm-up request was answered by an HTTP proxy" in text
    assert "after the server came up" not in text


def test_watch_on_a_terminal_says_it_waits_for_a_log_on_stdin():
    master, slave = pty.openpty()
    proc = subprocess.Popen(llmdiag("watch", "--fail-on", "never"), stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=child_env())
    os.close(slave)
    try:
        err = Collector(proc.stderr)
        Collector(proc.stdout)
        err.wait_for("llmdiag watch: waiting for a server log on stdin (pipe one in: vllm serve MODEL 2>&1 | llmdiag watch)")
        os.write(master, b"\x04")  # Ctrl-D: end of input
        assert proc.wait(WAIT_S) == 0
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    # with a pipe there is nothing to say
    proc = start_watch("--fail-on", "never")
    _, err2 = proc.communicate(b"hello\n", timeout=WAIT_S)
    assert b"waiting for a server log" not in err2


def test_output_help_names_every_format_and_github_is_written(tmp_path):
    from click.testing import CliRunner

    from diagnose import outputs
    from diagnose.cli import cli

    for cmd in ("watch", "run"):
        text = " ".join(CliRunner().invoke(cli, [cmd, "--help"]).output.split())
        assert all(f in text.split("--output FORMAT=PATH", 1)[1].split("--")[0] for f in outputs.FORMATS), cmd
    gh = tmp_path / "annotations.txt"
    data = sample(CRASH).read_bytes()
    proc = start_watch("--quiet", "-o", f"github={gh}")
    out, _ = proc.communicate(data, timeout=WAIT_S)
    assert out == data
    assert gh.read_text().startswith("::error ")
