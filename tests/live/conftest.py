"""Helpers for the live tests: run llmdiag as a real process (pipes, a pty, signals), and collect
its outputs in background threads so that tests wait for content, never for a fixed time."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"
WAIT_S = 60.0  # generous: a condition normally met in well under a second


def llmdiag(*args: str) -> list[str]:
    return [sys.executable, "-m", "diagnose", *args]


def child_env(extra_path: str | None = None) -> dict:
    env = dict(os.environ)
    paths = [str(ROOT)] + ([extra_path] if extra_path else [])
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["NO_COLOR"] = "1"
    env.pop("LLMDIAG_RULES", None)
    return env


class Collector:
    """Reads a file object or fd to the end in a thread; `wait_for` polls its content."""

    def __init__(self, source, keep: bool = True):
        # Hold the file object: if it were garbage-collected while this thread still reads, its fd
        # number could be reused by the next test's pipe, and this thread would steal that data.
        self.source = source
        self.fd = source if isinstance(source, int) else source.fileno()
        self.buf = bytearray()
        self.keep = keep
        self.count = 0
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:  # a pty master reads EIO once the other side is closed
                break
            if not data:
                break
            with self.lock:
                self.count += len(data)
                if self.keep:
                    self.buf += data

    @property
    def text(self) -> str:
        with self.lock:
            return self.buf.decode("utf-8", "replace")

    def wait_for(self, needle: str, timeout: float = WAIT_S, count: int = 1) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text
            if text.count(needle) >= count:
                return text
            if not self.thread.is_alive():
                break
            time.sleep(0.05)
        text = self.text
        assert text.count(needle) >= count, f"{needle!r} not seen; got:\n{text[-3000:]}"
        return text

    def join(self, timeout: float = WAIT_S) -> None:
        self.thread.join(timeout)


def sample(name: str) -> Path:
    hits = sorted(SAMPLES.rglob(name))
    assert hits, name
    return hits[0]


@pytest.fixture
def env():
    return child_env()


def start_watch(*args: str, env: dict | None = None, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd: Path = ROOT) -> subprocess.Popen:
    return subprocess.Popen(llmdiag("watch", *args), stdin=subprocess.PIPE, stdout=stdout, stderr=stderr,
                            env=env or child_env(), cwd=cwd)
