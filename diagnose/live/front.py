"""The two live front doors: `watch` (stdin) and `run` (a child process). Both start the analysis
process, then run the passthrough loop in this process; this module owns processes and signals."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time

from diagnose.live.passthrough import BACKLOG_LIMIT, EXIT, PIPE_SIZE, TIMEOUT, Passthrough, set_pipe_size
from diagnose.live.reaper import kill_group_after
from diagnose.live.views import Out

EXIT_READY_TIMEOUT = 124  # like timeout(1): the server was not up in time and was stopped
EXIT_NOT_SERVING = 125  # run --probe: the server came up, but the probe found that it does not serve
_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class _Stop(Exception):
    pass


def _notifier(cfg: dict):
    """One-line messages from this process go where the status goes (never to stdout)."""
    out = None
    if cfg.get("status_file"):
        try:
            out = Out(os.open(cfg["status_file"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644), close=True)
        except OSError:
            out = None
    if out is None:
        out = Out(int(cfg.get("status_fd", 2)))
    return lambda msg: out.write(f"[llmdiag] {msg}\n")


def status_is_tty(cfg: dict) -> bool:
    if cfg.get("status_file"):
        return False
    try:
        return os.isatty(int(cfg.get("status_fd", 2)))
    except OSError:
        return False


def shares_stdout(cfg: dict) -> bool:
    """Do stdout and the status go to the same terminal?"""
    if not status_is_tty(cfg):
        return False
    try:
        a, b = os.fstat(1), os.fstat(int(cfg.get("status_fd", 2)))
    except OSError:
        return False
    return os.isatty(1) and a.st_rdev == b.st_rdev


def backlog_limit() -> int:
    """Bytes of analysis input held while the analysis is busy (LLMDIAG_LIVE_BACKLOG, for tests and
    benchmarks of very fast input; the default keeps a whole startup log)."""
    try:
        return max(64 * 1024, int(os.environ.get("LLMDIAG_LIVE_BACKLOG", BACKLOG_LIMIT)))
    except ValueError:
        return BACKLOG_LIMIT


def _lang() -> str:
    from diagnose.i18n import current

    return current()


def start_worker(cfg: dict, control: bool = False):
    """Start the analysis process; return (process, non-blocking write end of its frame pipe)."""
    r, w = os.pipe()
    set_pipe_size(w, min(PIPE_SIZE, backlog_limit()))
    status_fd = int(cfg.get("status_fd", 2))
    pass_fds = tuple(fd for fd in (status_fd, _events_fd(cfg)) if fd is not None and fd > 2)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "diagnose.live.worker", json.dumps({**cfg, "lang": _lang()})],
            stdin=r, stdout=subprocess.PIPE if control else subprocess.DEVNULL, pass_fds=pass_fds,
        )
    finally:
        os.close(r)
    os.set_blocking(w, False)
    return proc, w


def _events_fd(cfg: dict) -> int | None:
    """--events fd:N: the analysis process writes the events there, so it must inherit it."""
    spec = cfg.get("events") or ""
    return int(spec[3:]) if spec.startswith("fd:") and spec[3:].isdigit() else None


def _wait_worker(proc, notify, timeout_s: float = 60.0) -> int:
    try:
        return proc.wait(timeout_s)
    except subprocess.TimeoutExpired:
        notify("the analysis did not finish its summary in time; stopping it")
        proc.kill()
        return proc.wait()


def _reset_terminal(cfg: dict) -> None:
    """Safety net after an abnormal end of the analysis: give the terminal its whole height back."""
    if status_is_tty(cfg):
        try:
            os.write(int(cfg.get("status_fd", 2)), b"\x1b7\x1b[r\x1b8")
        except OSError:
            pass


def watch(cfg: dict) -> int:
    notify = _notifier(cfg)
    cfg = {**cfg, "shares_stdout": shares_stdout(cfg)}
    try:
        worker, w = start_worker(cfg)
    except OSError as exc:
        notify(f"cannot start the analysis ({exc}); passing the input through without it")
        worker, w = None, None
    if stat.S_ISFIFO(_mode(0)):
        set_pipe_size(0)  # fewer wake-ups per byte, and more slack for the server if we are descheduled
    pt = Passthrough(0, 1, w, notify=notify, backlog_limit=backlog_limit())
    if _isatty(0):  # no pipe: say what watch waits for rather than sit there silently
        try:
            os.write(2, b"llmdiag watch: waiting for a server log on stdin "
                        b"(pipe one in: vllm serve MODEL 2>&1 | llmdiag watch)\n")
        except OSError:
            pass
    hits = {"n": 0}

    def on_signal(signum, frame):  # noqa: ARG001
        hits["n"] += 1
        if hits["n"] >= 2:
            raise _Stop()
        notify(f"{signal.Signals(signum).name}: still passing the input through until it ends "
               "(so the server's last lines are not lost); send it again to stop now")

    old = {s: signal.signal(s, on_signal) for s in _SIGNALS}
    interrupted = False
    try:
        pt.run()
    except _Stop:
        interrupted = True
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    _release_stdout()
    pt.finish()
    if worker is None:
        return 130 if interrupted else 0
    rc = _wait_worker(worker, notify)
    if rc not in (0, 1):
        _stopped(cfg, notify, pt, rc)
    if interrupted:
        return 130
    if rc not in (0, 1):
        return 0 if cfg.get("fail_on") == "never" else 1
    return rc


def run(cmd: list[str], cfg: dict, log_path: str | None = None, ready_timeout: float | None = None,
        kill_after: float = 10.0) -> int:
    notify = _notifier(cfg)
    cfg = {**cfg, "shares_stdout": shares_stdout(cfg), "control": True}
    log_fd = None
    if log_path:
        try:
            log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        except OSError as exc:
            raise ValueError(f"--log {log_path!r}: {exc.strerror}") from None
    reaper = _start_reaper(kill_after)
    # forwarded: the first stop signal the user sent; kill_at: when what is left of the group gets SIGKILL
    state: dict = {"ready": False, "forwarded": None, "kill_at": None, "child": None}

    def forward(signum, frame):  # noqa: ARG001
        name = signal.Signals(signum).name
        child = state["child"]
        if state["forwarded"] is not None and child is not None:  # a second stop signal: stop now
            _killpg(child.pid, signal.SIGKILL)
            notify(f"{name} again: SIGKILL sent to the server's process group {child.pid}")
            return
        if state["forwarded"] is None:
            state["forwarded"] = name
        if state["kill_at"] is None:
            state["kill_at"] = time.monotonic() + kill_after
        if child is None:  # the server is being started: it gets the signal as soon as it exists
            state["pending"] = signum
            return
        _killpg(child.pid, signum)
        notify(f"{name} forwarded to the server (process group {child.pid}); send it again to kill it now")

    # installed before the server starts: a stop that comes while run is still starting (its analysis
    # process loads slowly on a busy machine) is forwarded, never run's own death by the default action
    old = {s: signal.signal(s, forward) for s in _SIGNALS}
    try:
        child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    except OSError as exc:
        for s_, h in old.items():
            signal.signal(s_, h)
        if log_fd is not None:
            os.close(log_fd)
        _end_reaper(reaper)
        raise FileNotFoundError(f"cannot start {cmd[0]!r}: {exc.strerror or exc}") from None
    state["child"] = child
    _tell_reaper(reaper, f"pgid {child.pid}\n")
    if "pending" in state:  # a stop came while the server was being started
        _killpg(child.pid, state.pop("pending"))
        notify(f"{state['forwarded']} forwarded to the server (process group {child.pid}); send it again to kill it now")
    child_fd = child.stdout.fileno()  # type: ignore[union-attr]
    set_pipe_size(child_fd)
    try:
        worker, w = start_worker({**cfg, "server_pid": child.pid} if cfg.get("otel") else cfg, control=True)
    except OSError as exc:
        notify(f"cannot start the analysis ({exc}); passing the output through without it")
        worker, w = None, None
    pt = Passthrough(child_fd, 1, w, log_fd, notify=notify, backlog_limit=backlog_limit())

    ctl_buf = bytearray()

    def control(data: bytes) -> None:
        """The analysis's messages, one a line: `ready`, `probe RESULT`."""
        ctl_buf.extend(data)
        while b"\n" in ctl_buf:
            msg, _, rest = bytes(ctl_buf).partition(b"\n")
            ctl_buf[:] = rest
            if msg == b"ready":
                state["ready"] = True
            elif msg.startswith(b"probe "):
                state["probe"] = msg[6:].decode("ascii", "replace")

    if worker is not None and worker.stdout is not None:
        ctl = worker.stdout.fileno()

        def on_control() -> None:
            try:
                data = os.read(ctl, 4096)
            except OSError:
                data = b""
            if not data:
                pt.unwatch_fd(ctl)
            else:
                control(data)

        pt.watch_fd(ctl, on_control)

    started = time.monotonic()
    timed_out = False
    exited_at: float | None = None
    last_bytes, last_data = 0, started
    try:
        while pt.step(0.25):
            now = time.monotonic()
            if pt.bytes_in != last_bytes:
                last_bytes, last_data = pt.bytes_in, now
            if ready_timeout and not state["ready"] and not timed_out and now - started >= ready_timeout:
                timed_out = True
                pt.send(TIMEOUT, repr(float(ready_timeout)).encode())
                _killpg(child.pid, signal.SIGTERM)
                if state["kill_at"] is None:
                    state["kill_at"] = now + kill_after
            if exited_at is None and child.poll() is not None:
                exited_at = now
            kill_at = state["kill_at"]
            if kill_at is not None and now >= kill_at:
                state["kill_at"] = None
                kill_group_after(child.pid, now, kill_after, notify, child.poll)
            if exited_at is not None and now - exited_at >= 2.0 and now - last_data >= 2.0:
                break  # the server is gone; a leftover process still holds its output open
        child.poll()
        if state["kill_at"] is not None:  # a stop was asked for: what is left of the group gets SIGKILL in time
            kill_group_after(child.pid, state["kill_at"], kill_after, notify, child.poll)
    finally:
        code = child.wait()
        for s, h in old.items():
            signal.signal(s, h)
    _end_reaper(reaper)
    _release_stdout()
    by_user = state["forwarded"] if state["forwarded"] is not None and not timed_out else ""
    pt.send(EXIT, f"{code},{int(timed_out or state['forwarded'] is not None)},{by_user}".encode())
    pt.finish()
    if log_fd is not None:
        os.close(log_fd)
    if worker is not None:
        rc = _wait_worker(worker, notify)
        if rc not in (0, 1):
            _stopped(cfg, notify, pt, rc)
        if worker.stdout is not None:  # what the analysis said after the passthrough ended (a late probe result)
            try:
                control(worker.stdout.read())
            except (OSError, ValueError):
                pass
    if reaper is not None:
        try:
            reaper[0].wait(5.0)  # told `done` above: it has ended by now (no zombie left behind)
        except subprocess.TimeoutExpired:
            pass
    if timed_out:
        return EXIT_READY_TIMEOUT
    if state.get("probe") in ("stuck", "refuses", "down"):
        return EXIT_NOT_SERVING
    return 128 - code if code < 0 else code


def _start_reaper(kill_after: float):
    """The process that stops the server's group if this one is killed (see reaper.py); None if it
    cannot start (then a SIGKILL of `run` leaves the server running, as before)."""
    r, w = os.pipe()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "diagnose.live.reaper", repr(float(kill_after))], stdin=r,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        os.close(w)
        return None
    finally:
        os.close(r)
    return proc, w


def _tell_reaper(reaper, msg: str) -> None:
    if reaper is not None:
        try:
            os.write(reaper[1], msg.encode())
        except OSError:
            pass


def _end_reaper(reaper) -> None:
    """`run` ends normally: the reaper has nothing to do."""
    if reaper is not None:
        _tell_reaper(reaper, "done\n")
        os.close(reaper[1])


def _stopped(cfg: dict, notify, pt: Passthrough, rc: int) -> None:
    """The analysis ended abnormally: restore the terminal, say so (once) and carry on."""
    _reset_terminal(cfg)
    if not pt.analysis_lost:
        notify(f"the analysis stopped (exit status {rc}); the log still passes through unchanged")


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def _mode(fd: int) -> int:
    try:
        return os.fstat(fd).st_mode
    except OSError:
        return 0


def _release_stdout() -> None:
    """The input has ended: close our end of stdout now (readers see EOF at once, not after the summary)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass
