"""`llmdiag run`: exit status, signal forwarding, the raw log, --ready-timeout."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from .conftest import WAIT_S, Collector, child_env, llmdiag


def _script(tmp_path, body: str) -> str:
    path = tmp_path / "server.py"
    path.write_text(textwrap.dedent(body))
    return str(path)


def _run(*args, **kw) -> subprocess.Popen:
    return subprocess.Popen(llmdiag("run", "--plain", *args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=child_env(), **kw)


def test_exit_status_propagates_and_output_passes(tmp_path):
    srv = _script(tmp_path, """
        import sys
        print("to stdout", flush=True)
        print("to stderr", file=sys.stderr, flush=True)
        sys.exit(7)
    """)
    proc = _run("--", sys.executable, srv)
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 7
    assert out == b"to stdout\nto stderr\n"  # stdout and stderr merged, in order


def test_killed_child_gives_128_plus_signal_and_complete_log(tmp_path):
    srv = _script(tmp_path, """
        import os, signal
        for i in range(1000):
            print(f"line {i}", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    log = tmp_path / "raw.log"
    proc = _run("--log", str(log), "--", sys.executable, srv)
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 128 + signal.SIGKILL
    expected = "".join(f"line {i}\n" for i in range(1000)).encode()
    assert out == expected
    assert log.read_bytes() == expected


@pytest.mark.parametrize("end,outcome,after,category,title", [
    ("os.kill(os.getpid(), signal.SIGKILL)", "failed", None, "host-oom-killed",
     "The server was killed by SIGKILL (signal 9) in phase weights, with no error in its log"),
    ("sys.exit(3)", "failed", None, "unknown", "The server exited with code 3 in phase weights, with no error in its log"),
    ("sys.exit(0)", "incomplete", None, "unknown",
     "The server exited with code 0 in phase weights, with no error in its log"),
    ("print(READY, flush=True); os.kill(os.getpid(), signal.SIGKILL)", "ready", "died", "host-oom-killed",
     "The server was killed by SIGKILL (signal 9) after it came up, with no error in its log"),
])
def test_how_the_server_ended_is_the_diagnosis_when_its_log_shows_none(tmp_path, end, outcome, after, category, title):
    # no error in the log: a process that is gone did not hang (not stall-unknown), and a signal or a
    # failure code fails the start (lines of a real vLLM 0.11.2 start, sample_logs/vllm/04)
    srv = _script(tmp_path, f"""
        import os, signal, sys
        READY = "(APIServer pid=7) INFO 11-24 16:42:09 [api_server.py:2052] Starting vLLM API server 0 on http://0.0.0.0:8080"
        print("(APIServer pid=7) INFO 11-24 16:40:13 [api_server.py:1977] vLLM API server version 0.11.2", flush=True)
        print("(Worker_TP0 pid=281) INFO 11-24 16:40:36 [gpu_model_runner.py:3259] Starting to load model /models/Qwen3-32B...", flush=True)
        {end}
    """)
    report = tmp_path / "report.json"
    proc = _run("-o", f"json={report}", "--", sys.executable, srv)
    proc.communicate(timeout=WAIT_S)
    got = json.loads(report.read_text())
    top = got["diagnoses"][0]
    assert (got["outcome"], (got["after_ready"] or {}).get("state"), top["rule"], top["category"], top["title"]) == \
        (outcome, after, "server-exited", category, title)
    assert top["evidence"][-1]["line"] == got["lines"]  # the log's last line


def test_sigterm_is_forwarded_to_a_child_that_traps_it(tmp_path):
    srv = _script(tmp_path, """
        import signal, sys, time
        def bye(signum, frame):
            print("got SIGTERM, shutting down cleanly", flush=True)
            sys.exit(3)
        signal.signal(signal.SIGTERM, bye)
        print("started", flush=True)
        time.sleep(120)
    """)
    log = tmp_path / "raw.log"
    proc = _run("--log", str(log), "--", sys.executable, srv)
    out = Collector(proc.stdout)
    err = Collector(proc.stderr)
    out.wait_for("started\n")  # the whole line: with PYTHONUNBUFFERED print writes the newline apart
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(WAIT_S) == 3  # the child's own exit status after its handler ran
    out.join()
    err.join()
    assert "got SIGTERM, shutting down cleanly" in out.text
    assert "SIGTERM forwarded to the server" in err.text
    assert log.read_bytes() == b"started\ngot SIGTERM, shutting down cleanly\n"


def test_sigint_is_forwarded_to_the_process_group(tmp_path):
    srv = _script(tmp_path, """
        import subprocess, sys, time
        # a grandchild in the same process group (like engine workers) must get the signal too
        child = subprocess.Popen([sys.executable, "-c",
            "import signal,sys,time\\n"
            "signal.signal(signal.SIGINT, lambda *a: (print('worker got SIGINT', flush=True), sys.exit(0)))\\n"
            "print('worker up', flush=True)\\n"
            "time.sleep(120)"])
        try:
            print("server waiting", flush=True)
            time.sleep(120)
        except KeyboardInterrupt:
            child.wait()
            print("server got SIGINT", flush=True)
            sys.exit(130)
    """)
    proc = _run("--", sys.executable, srv)
    out = Collector(proc.stdout)
    Collector(proc.stderr)
    out.wait_for("worker up\n")
    out.wait_for("server waiting\n")  # in its try block: the SIGINT cannot come before it
    proc.send_signal(signal.SIGINT)
    assert proc.wait(WAIT_S) == 130
    out.join()
    assert "worker got SIGINT" in out.text and "server got SIGINT" in out.text


def test_log_is_complete_when_llmdiag_itself_is_killed(tmp_path):
    srv = _script(tmp_path, """
        import os, time
        print(f"pid {os.getpid()}", flush=True)
        for i in range(500):
            print(f"line {i}", flush=True)
        print("marker", flush=True)
        time.sleep(120)
    """)
    log = tmp_path / "raw.log"
    proc = _run("--log", str(log), "--", sys.executable, srv)
    out = Collector(proc.stdout)
    Collector(proc.stderr)
    out.wait_for("marker")
    proc.kill()  # SIGKILL: no chance to flush anything
    proc.wait(WAIT_S)
    data = log.read_bytes()
    pid = int(data.split(b"\n", 1)[0].split()[1])
    try:
        os.killpg(pid, signal.SIGKILL)  # the server is in its own process group; clean it up
    except ProcessLookupError:
        pass
    expected = f"pid {pid}\n".encode() + "".join(f"line {i}\n" for i in range(500)).encode() + b"marker\n"
    assert data == expected


def test_ready_timeout_reports_the_stall_and_stops_the_child(tmp_path):
    # sh starts in milliseconds, so its trap is in place long before the 1 s timeout even on a busy machine
    srv = tmp_path / "server.sh"
    srv.write_text(
        'trap \'echo "stopping on SIGTERM"; exit 0\' TERM\n'
        'echo "pid $$"\n'
        'echo "INFO 11-27 11:02:54 [gpu_model_runner.py:3259] Starting to load model /models/Qwen3-8B..."\n'
        'sleep 120 &\n'
        'wait\n'
    )
    proc = _run("--ready-timeout", "1", "--", "sh", str(srv))
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 124
    err = err.decode()
    assert "[llmdiag] stall: not ready after 1.0s (--ready-timeout)" in err, (out, err)
    assert "stopping the server" in err and "[llmdiag]   check: " in err
    assert "stopping on SIGTERM" in out.decode()
    pid = int(out.split(b"\n", 1)[0].split()[1])
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the server is still running")


def test_ready_before_the_timeout_is_not_a_stall(tmp_path):
    srv = _script(tmp_path, """
        print("INFO:     Started server process [1]", flush=True)
        print("INFO:     Waiting for application startup.", flush=True)
        print("INFO:     Application startup complete.", flush=True)
    """)
    proc = _run("--ready-timeout", "60", "--", sys.executable, srv)
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 0
    assert b"stall" not in err
    assert b"server is up" in err


def test_missing_command_is_127(tmp_path):
    proc = _run("--", str(tmp_path / "no-such-server"))
    out, err = proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 127
    assert b"cannot start" in err
    assert b"Traceback" not in err


def _sh(tmp_path, body: str) -> list[str]:
    path = tmp_path / "server.sh"
    path.write_text(textwrap.dedent(body))
    return ["sh", str(path)]


def _gone(pid: int) -> bool:
    """Not running: no such process, or a zombie (an orphan that init has not reaped yet)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return False


def _wait_gone(pid: int) -> bool:
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        if _gone(pid):
            return True
        time.sleep(0.05)
    return False


def _kill_quietly(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _pids(path, n: int) -> list[int]:
    """The pids the server's processes wrote to `path` once all `n` are there."""
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        words = path.read_text().split() if path.exists() else []
        if len(words) >= n:
            return [int(w) for w in words]
        time.sleep(0.02)
    raise AssertionError(f"{path}: {n} pids not written")


WEIGHTS = "INFO 11-27 11:02:54 [gpu_model_runner.py:3259] Starting to load model /models/Qwen3-8B..."


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_by_the_user_is_reported_as_such_not_as_a_hang(tmp_path, sig):
    cmd = _sh(tmp_path, f"""
        echo '{WEIGHTS}'
        exec sleep 120
    """)
    proc = _run("--", *cmd)
    out = Collector(proc.stdout)
    err = Collector(proc.stderr)
    out.wait_for("Starting to load model /models/Qwen3-8B...\n")
    proc.send_signal(sig)
    assert proc.wait(WAIT_S) == 128 + sig
    err.join()
    name = signal.Signals(sig).name
    assert f"[info] Stopped by you ({name}) in phase weights, before the server came up" in err.text
    assert "outcome INCOMPLETE" in err.text  # the start was neither ready nor failed
    assert "hang" not in err.text and "storage" not in err.text and "Check " not in err.text


def test_a_second_signal_kills_the_process_group(tmp_path):
    pidfile = tmp_path / "pids"
    cmd = _sh(tmp_path, f"""
        trap '' INT
        sh -c 'echo $$ >> {pidfile}; exec sleep 120' &
        echo $$ >> {pidfile}
        wait
    """)
    proc = _run("--kill-after", "600", "--", *cmd)  # the SIGKILL comes from the second signal, not the timer
    Collector(proc.stdout)
    err = Collector(proc.stderr)
    pids = _pids(pidfile, 2)
    try:
        proc.send_signal(signal.SIGINT)
        err.wait_for("SIGINT forwarded to the server")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(WAIT_S) == 128 + signal.SIGKILL
        err.join()
        assert "SIGINT again: SIGKILL sent to the server's process group" in err.text
        assert all(_wait_gone(p) for p in pids)
    finally:
        for p in pids:
            _kill_quietly(p)


def test_a_grandchild_that_ignores_sigterm_is_killed_after_kill_after(tmp_path):
    pidfile = tmp_path / "pids"
    cmd = _sh(tmp_path, f"""
        sh -c 'trap "" TERM; echo $$ >> {pidfile}; while :; do sleep 0.1; done' &
        wait
    """)
    proc = _run("--kill-after", "0.5", "--", *cmd)
    Collector(proc.stdout)
    err = Collector(proc.stderr)
    grandchild = _pids(pidfile, 1)[0]
    try:
        proc.send_signal(signal.SIGTERM)  # the server (sh) stops; its worker stays until the SIGKILL
        assert proc.wait(WAIT_S) == 128 + signal.SIGTERM
        err.join()
        assert "did not stop within 0.5s of the signal; sending SIGKILL" in err.text
        assert _wait_gone(grandchild)
    finally:
        _kill_quietly(grandchild)


def test_the_server_is_stopped_when_run_itself_is_killed(tmp_path):
    pidfile = tmp_path / "pids"
    cmd = _sh(tmp_path, f"""
        sh -c 'trap "" TERM; echo $$ >> {pidfile}; exec sleep 120' &
        echo $$ >> {pidfile}
        echo server-up
        wait
    """)
    proc = _run("--kill-after", "0.5", "--", *cmd)
    out = Collector(proc.stdout)
    Collector(proc.stderr)
    pids = _pids(pidfile, 2)
    # run passes the server's output on only once it has told its reaper the server's group; a SIGKILL
    # between the server's start and that message (microseconds, longer on a busy machine) is the one
    # case the reaper cannot cover
    out.wait_for("server-up")
    try:
        proc.kill()  # SIGKILL: run itself can stop nothing now
        proc.wait(WAIT_S)
        assert all(_wait_gone(p) for p in pids)  # SIGTERM to the group, then SIGKILL to what ignores it
    finally:
        for p in pids:
            _kill_quietly(p)


def test_a_stop_while_run_is_still_starting_is_forwarded_not_fatal(tmp_path):
    """A stop that arrives after the server started but before run finished its own start (it starts
    the analysis process next, slow on a busy machine) is forwarded to the server: run does not die of
    the signal's default action. The stop is sent from inside that window, deterministically."""
    pidfile = tmp_path / "pid"
    script = tmp_path / "drive.py"
    script.write_text(textwrap.dedent(f"""
        import os, signal, sys, time
        from diagnose.live import front

        real = front.start_worker

        def slow_start(cfg, control=False):
            deadline = time.monotonic() + 30
            while not os.path.exists({str(pidfile)!r}) and time.monotonic() < deadline:
                time.sleep(0.01)  # the server is up: now the stop comes, inside run's own start
            os.kill(os.getpid(), signal.SIGTERM)
            return real(cfg, control=control)

        front.start_worker = slow_start
        cmd = ["sh", "-c", "echo $$ > {pidfile}; exec sleep 60"]
        code = front.run(cmd, {{"plain": True, "status_fd": 2}}, kill_after=1.0)
        print("run returned", code, file=sys.stderr, flush=True)  # run has handed its stdout on
    """))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=child_env(),
                          timeout=WAIT_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "run returned 143" in proc.stderr  # the server's own end by the forwarded SIGTERM
    assert "SIGTERM forwarded to the server" in proc.stderr
