"""Issue 7.4 (and the passthrough property of 7.2): fault injection for the installed
`llmdiag watch` and `llmdiag run`. Whatever breaks (a rule or renderer that raises, a slow or
vanished reader, SIGPIPE, SIGINT, SIGTERM, SIGHUP, a child that dies mid-line) the passthrough never
loses bytes it read, exit codes stay right, and no child is left behind as a zombie.
Tests wait for content or for exit, never for a fixed time."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import WAIT_S, assert_no_traceback, env, fuzz_n, llmdiag_cmd, sample

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and ptys")


class Reader:
    """Drain an fd in a thread (optionally slowly); `wait_for` polls the content."""

    def __init__(self, fd: int, delay: float = 0.0, size: int = 1 << 16):
        self.fd, self.delay, self.size = fd, delay, size
        self.buf = bytearray()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            try:
                data = os.read(self.fd, self.size)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.buf += data
            if self.delay:
                time.sleep(self.delay)  # a slow consumer, not a timing assertion

    def wait_for(self, needle: bytes, timeout: float = WAIT_S) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if needle in self.buf:
                    return
            time.sleep(0.02)
        raise AssertionError(f"{needle!r} not seen in {bytes(self.buf[-2000:])!r}")

    def result(self) -> bytes:
        self.thread.join(WAIT_S)
        return bytes(self.buf)


def script(tmp_path, body: str) -> list[str]:
    p = tmp_path / "server.sh"
    p.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    p.chmod(0o755)
    return [str(p)]


def _default_signals() -> None:
    """A suite started under nohup (SIGHUP ignored) or as a background job of a script (SIGINT
    ignored) would pass those dispositions on to llmdiag and the server it starts."""
    for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


def popen(args, **kw) -> subprocess.Popen:
    kw.setdefault("stdin", subprocess.PIPE)
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    kw.setdefault("preexec_fn", _default_signals)
    return subprocess.Popen([*llmdiag_cmd(), *args], env=kw.pop("env", None) or env(), **kw)


def gone(pid: int) -> bool:
    """The process no longer exists, or at least is not a zombie (init reaps orphans)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return True


def wait_gone(pid: int) -> bool:
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        if gone(pid):
            return True
        time.sleep(0.05)
    return False


def read_pid(path) -> int:
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        if path.exists() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.02)
    raise AssertionError("the child never wrote its pid")


LOG = sample("11-v1-0.11.2-cuda-graph-capture-oom.log").read_bytes()


# -- passthrough property -------------------------------------------------------------------------

@fuzz_n(30)
@given(st.binary(max_size=20_000), st.lists(st.integers(1, 5000), min_size=1, max_size=20),
       st.integers(16, 4096), st.integers(0, 40_000))
def test_passthrough_is_byte_identical_whatever_the_chunking(data, cuts, chunk, backlog):
    """The passthrough loop in-process: any input, read in any chunk size, written in any pieces,
    with an analysis pipe that takes little or nothing, reaches stdout unchanged."""
    from diagnose.live.passthrough import Passthrough

    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    sink_r, sink_w = os.pipe()
    os.set_blocking(sink_w, False)
    pt = Passthrough(in_r, out_w, sink_w, backlog_limit=backlog, chunk=chunk)

    def feed() -> None:
        pos, i = 0, 0
        while pos < len(data):
            n = cuts[i % len(cuts)]
            os.write(in_w, data[pos:pos + n])
            pos, i = pos + n, i + 1
        os.close(in_w)

    out = Reader(out_r)
    t = threading.Thread(target=feed)
    t.start()
    pt.run()
    t.join(WAIT_S)
    os.close(out_w)
    assert out.result() == data
    assert pt.bytes_in == len(data)
    for fd in (in_r, out_r, sink_r, sink_w):
        os.close(fd)


@fuzz_n(3)
@given(st.binary(min_size=1, max_size=200_000) | st.just(LOG[:50_000] + b"\xff\x00\r" * 100))
def test_watch_output_is_byte_identical_to_its_input(data):
    proc = popen(["watch", "--plain", "--fail-on", "never"])
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert out == data
    assert proc.returncode == 0
    assert_no_traceback(err.decode("utf-8", "replace"))


# -- a part of llmdiag that raises --------------------------------------------------------------

RAISING_RENDERER = """
import diagnose.render.text as t, diagnose.live.views as v
def boom(*a, **k):
    raise RuntimeError("renderer exploded")
t.render = boom
v.PlainView.final = boom
v.PlainView.phase = boom
"""

RAISING_EXPLAIN = """
import diagnose.matcher as m
def boom(*a, **k):
    raise RuntimeError("rule exploded")
m.Matcher._eval = boom
"""


@pytest.mark.parametrize("patch,needle", [(RAISING_RENDERER, "renderer exploded"), (RAISING_EXPLAIN, "rule exploded")])
def test_run_keeps_the_passthrough_and_the_exit_code_when_a_rule_or_renderer_raises(tmp_path, patch, needle):
    (tmp_path / "sitecustomize.py").write_text(patch)
    e = env()
    e["PYTHONPATH"] = f"{tmp_path}{os.pathsep}{e['PYTHONPATH']}"
    (tmp_path / "server.log").write_bytes(LOG)
    cmd = script(tmp_path, f"cat '{tmp_path / 'server.log'}'\nexit 7\n")
    proc = popen(["run", "--plain", "--", *cmd], env=e, stdin=subprocess.DEVNULL)
    out, err = proc.communicate(timeout=WAIT_S)
    text = err.decode("utf-8", "replace")
    assert out == LOG
    assert proc.returncode == 7
    assert needle in text
    assert "Traceback (most recent call last)" not in text


# -- readers that are slow or gone ----------------------------------------------------------------

def test_slow_consumer_gets_every_byte_and_the_child_is_not_killed(tmp_path):
    payload = b"".join(b"INFO 01-02 03:04:05 [x.py:1] line %06d %s\n" % (i, b"x" * 100) for i in range(20_000))
    (tmp_path / "payload").write_bytes(payload)
    cmd = script(tmp_path, f"cat '{tmp_path / 'payload'}'\necho done-writing >&2\nexit 3\n")
    proc = popen(["run", "--plain", "--", *cmd], stdin=subprocess.DEVNULL)
    err = Reader(proc.stderr.fileno())
    out = Reader(proc.stdout.fileno(), delay=0.002, size=8192)  # ~4 MB/s: far slower than the child
    assert proc.wait(WAIT_S) == 3
    assert out.result() == payload + b"done-writing\n"  # run merges the child's stderr into stdout
    assert_no_traceback(err.result().decode("utf-8", "replace"))


def test_sigpipe_run_keeps_draining_the_child_and_returns_its_status(tmp_path):
    cmd = script(tmp_path, """
        echo first
        i=0
        while [ $i -lt 200 ]; do
          printf '%0500d\\n' $i
          i=$((i+1))
        done
        exit 4
    """)
    proc = popen(["run", "--plain", "--", *cmd], stdin=subprocess.DEVNULL)
    err = Reader(proc.stderr.fileno())
    assert os.read(proc.stdout.fileno(), 6) == b"first\n"
    proc.stdout.close()  # like `llmdiag run ... | head -1`
    assert proc.wait(WAIT_S) == 4  # the child was not killed by SIGPIPE; its status comes back
    text = err.result().decode("utf-8", "replace")
    assert "stdout was closed by its reader" in text
    assert_no_traceback(text)


# -- signals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_watch_first_signal_keeps_passing_second_stops(sig):
    proc = popen(["watch", "--plain", "--fail-on", "never"])
    out = Reader(proc.stdout.fileno())
    err = Reader(proc.stderr.fileno())
    proc.stdin.write(b"before the signal\n")
    proc.stdin.flush()
    out.wait_for(b"before the signal\n")
    proc.send_signal(sig)
    err.wait_for(b"still passing the input through")
    proc.stdin.write(b"after the signal: the server's last words\n")
    proc.stdin.flush()
    out.wait_for(b"the server's last words\n")  # nothing read is lost
    proc.send_signal(sig)
    assert proc.wait(WAIT_S) == 130
    assert out.result() == b"before the signal\nafter the signal: the server's last words\n"
    assert_no_traceback(err.result().decode("utf-8", "replace"))
    proc.stdin.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_run_forwards_signals_exit_128_plus_n_no_zombie(tmp_path, sig):
    pidfile = tmp_path / "child.pid"
    cmd = script(tmp_path, f"""
        echo $$ > '{pidfile}'
        echo "server starting"
        printf 'a line cut by the signal'
        exec sleep 1000
    """)
    proc = popen(["run", "--plain", "--", *cmd], stdin=subprocess.DEVNULL)
    out = Reader(proc.stdout.fileno())
    err = Reader(proc.stderr.fileno())
    out.wait_for(b"a line cut by the signal")
    child = read_pid(pidfile)
    proc.send_signal(sig)
    assert proc.wait(WAIT_S) == 128 + sig
    assert out.result() == b"server starting\na line cut by the signal"
    assert wait_gone(child)
    assert_no_traceback(err.result().decode("utf-8", "replace"))


def test_child_dying_mid_line_keeps_the_partial_line_and_its_status(tmp_path):
    cmd = script(tmp_path, """
        echo "INFO 01-02 03:04:05 [x.py:1] Loading weights"
        printf 'ERROR 01-02 03:04:06 [x.py:1] half a line \\377\\376 no newline'
        kill -9 $$
    """)
    log = tmp_path / "raw.log"
    proc = popen(["run", "--plain", "--log", str(log), "--", *cmd], stdin=subprocess.DEVNULL)
    out, err = proc.communicate(timeout=WAIT_S)
    want = b"INFO 01-02 03:04:05 [x.py:1] Loading weights\nERROR 01-02 03:04:06 [x.py:1] half a line \xff\xfe no newline"
    assert out == want and log.read_bytes() == want
    assert proc.returncode == 128 + 9
    assert_no_traceback(err.decode("utf-8", "replace"))


def test_terminal_disappears_sighup_run_stops_the_child_and_keeps_the_log(tmp_path):
    """stdout and stderr on a pty that is closed (the ssh session dies), then SIGHUP."""
    pidfile = tmp_path / "child.pid"
    log = tmp_path / "raw.log"
    cmd = script(tmp_path, f"""
        echo $$ > '{pidfile}'
        i=0
        while true; do echo "server line $i"; i=$((i+1)); sleep 0.01; done
    """)
    master, slave = pty.openpty()
    proc = popen(["run", "--log", str(log), "--", *cmd], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    os.close(slave)
    term = Reader(master)
    term.wait_for(b"server line 3")
    child = read_pid(pidfile)
    os.close(master)  # the terminal is gone: writes now fail with EIO
    time.sleep(0.2)  # let the server write into the dead terminal for a moment (not an assertion)
    proc.send_signal(signal.SIGHUP)
    assert proc.wait(WAIT_S) == 128 + signal.SIGHUP
    assert wait_gone(child)
    data = log.read_bytes()
    lines = data.decode().splitlines()
    # the --log file has every line the child wrote, in order, with nothing missing in between
    assert lines[:4] == [f"server line {i}" for i in range(4)]
    full = [ln for ln in lines if ln.startswith("server line ")]
    assert [int(ln.split()[-1]) for ln in full] == list(range(len(full)))


def test_watch_with_the_terminal_gone_still_drains_its_input(tmp_path):
    master, slave = pty.openpty()
    proc = popen(["watch", "--fail-on", "never"], stdout=slave, stderr=slave)
    os.close(slave)
    term = Reader(master)
    proc.stdin.write(b"hello terminal\n")
    proc.stdin.flush()
    term.wait_for(b"hello terminal")
    os.close(master)
    proc.send_signal(signal.SIGHUP)
    for _ in range(50):  # 5 MB: far more than any pipe buffer; the writer must not block
        proc.stdin.write(b"the server keeps logging " * 4000 + b"\n")
    proc.stdin.close()
    assert proc.wait(WAIT_S) == 0


def test_no_zombie_analysis_process_after_watch(tmp_path):
    proc = popen(["watch", "--plain", "--fail-on", "never"])
    out, _ = proc.communicate(LOG, timeout=WAIT_S)
    assert out == LOG
    kids = subprocess.run(["ps", "-o", "pid=,stat=", "--ppid", str(proc.pid)], capture_output=True, text=True)
    assert kids.stdout.strip() == ""  # watch is gone; nothing of it is left under its pid


def test_run_with_a_child_that_ignores_sigterm_is_killed_after_kill_after(tmp_path):
    pidfile = tmp_path / "child.pid"
    cmd = script(tmp_path, f"""
        trap '' TERM
        echo $$ > '{pidfile}'
        echo "stubborn server"
        while true; do sleep 0.1; done
    """)
    proc = popen(["run", "--plain", "--ready-timeout", "0.5", "--kill-after", "0.5", "--", *cmd],
                 stdin=subprocess.DEVNULL)
    out = Reader(proc.stdout.fileno())
    err = Reader(proc.stderr.fileno())
    assert proc.wait(WAIT_S) == 124
    assert wait_gone(read_pid(pidfile))
    assert out.result() == b"stubborn server\n"
    text = err.result().decode("utf-8", "replace")
    assert "SIGKILL" in text
    assert_no_traceback(text)
