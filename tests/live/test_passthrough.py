"""The passthrough never changes, drops or reorders a byte, and never hurts the writer."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import threading

import pytest

from diagnose.live.passthrough import DATA, FrameReader, Passthrough

from .conftest import WAIT_S, Collector, child_env, llmdiag, sample, start_watch


def _through_watch(data: bytes, *args: str, env=None) -> tuple[bytes, str, int]:
    proc = start_watch(*args, env=env)
    out, err = proc.communicate(data, timeout=WAIT_S * 2)
    return out, err.decode("utf-8", "replace"), proc.returncode


def test_random_binary_is_byte_exact():
    rnd = random.Random(1)
    data = bytes(rnd.getrandbits(8) for _ in range(1 << 20)) + b"\r\r\n\x00\x1b[31m" * 1000
    out, err, _ = _through_watch(data)
    assert out == data
    assert "Traceback (most recent" not in err


def test_invalid_utf8_crlf_and_partial_last_line():
    data = (b"INFO 01-02 03:04:05 [x.py:1] caf\xe9 \xff\xfe not utf-8\r\n"
            b"\xe4\xb8\xad\xe6\x96\x87 chinese\n" + b"a" * 200_000 + b"\n"  # one very long line
            b"Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:01<00:01]\r"
            b"partial last line without newline \xc3")
    out, err, _ = _through_watch(data)
    assert out == data
    assert "Traceback (most recent" not in err


def test_ordering_with_small_writes_and_split_lines(env):
    proc = start_watch(env=env)
    out = Collector(proc.stdout)
    err = Collector(proc.stderr)
    expected = bytearray()
    rnd = random.Random(7)
    blob = b"".join(b"INFO 01-02 03:04:%02d [x.py:1] line %06d\n" % (i % 60, i) for i in range(20000))
    pos = 0
    while pos < len(blob):  # writes that cut lines anywhere
        step = rnd.randint(1, 3000)
        piece = blob[pos:pos + step]
        proc.stdin.write(piece)
        proc.stdin.flush()
        expected += piece
        pos += step
    proc.stdin.close()
    proc.wait(WAIT_S)
    out.join()
    err.join()
    assert bytes(out.buf) == bytes(expected)


def _big_stream_test(total: int) -> None:
    """Stream `total` bytes of log-like and binary content; compare by hash, without keeping it."""
    env = child_env()
    env["LLMDIAG_LIVE_BACKLOG"] = str(256 * 1024)  # the analysis drops what it cannot follow; keep its tail short
    proc = start_watch("--fail-on", "never", env=env)
    src_hash = hashlib.sha256()
    out_hash = hashlib.sha256()
    received = [0]

    def read_out() -> None:
        while True:
            data = os.read(proc.stdout.fileno(), 1 << 20)
            if not data:
                return
            received[0] += len(data)
            out_hash.update(data)

    reader = threading.Thread(target=read_out, daemon=True)
    reader.start()
    err = Collector(proc.stderr)
    rnd = random.Random(3)
    text = sample("11-v1-0.11.2-cuda-graph-capture-oom.log").read_bytes()
    noise = bytes(rnd.getrandbits(8) for _ in range(1 << 16))
    block = (text + noise) * max(1, (4 << 20) // (len(text) + len(noise)))
    sent = 0
    while sent < total:
        piece = block[: min(len(block), total - sent)]
        proc.stdin.write(piece)
        src_hash.update(piece)
        sent += len(piece)
    proc.stdin.close()
    proc.wait(WAIT_S * 10)
    reader.join(WAIT_S)
    err.join()
    assert received[0] == total
    assert out_hash.hexdigest() == src_hash.hexdigest()
    assert "Traceback (most recent" not in err.text


def test_50mb_stream_hash():
    _big_stream_test(50 << 20)


@pytest.mark.skipif(bool(os.environ.get("LLMDIAG_SKIP_1GB")), reason="LLMDIAG_SKIP_1GB is set")
def test_1gb_stream_hash():
    # ~6 s here: streamed and hashed on the fly, never held in memory
    _big_stream_test(1 << 30)


_RAISING_RULE = """
import diagnose.matcher as m
_orig = m.Matcher._eval
def _eval(self, node, hits, hit_line, run):
    if hit_line.n > 20:
        raise RuntimeError("boom in a rule")
    return _orig(self, node, hits, hit_line, run)
m.Matcher._eval = _eval
"""

# line 25 goes the full way (Analyzer.feed), the quiet way (Analyzer.feed_quiet) or in a run of quiet
# lines (Analyzer.quiet_run): all are patched
_AT_LINE_25 = """
import os, diagnose.pipeline as p
def _patched(name, has_25):
    orig = getattr(p.Analyzer, name)
    def feed(self, line, *args):
        if has_25(line):
            {action}
        return orig(self, line, *args)
    setattr(p.Analyzer, name, feed)
_patched("feed", lambda line: line.n == 25)
_patched("feed_quiet", lambda line: line.n == 25)
_patched("quiet_run", lambda run: run.first <= 25 <= run.last)
"""
_RAISING_PARSER = _AT_LINE_25.format(action='raise ValueError("boom in the parser")')
_DYING_ANALYSIS = _AT_LINE_25.format(action="os._exit(9)")


@pytest.mark.parametrize("patch,message", [
    (_RAISING_RULE, "switched off after an error: boom in a rule"),
    (_RAISING_PARSER, "internal error in the log parser at line 25 (ValueError: boom in the parser)"),
    (_DYING_ANALYSIS, "the analysis stopped"),
])
def test_watch_keeps_passing_bytes_when_the_analysis_raises(tmp_path, patch, message):
    (tmp_path / "sitecustomize.py").write_text(patch)
    data = sample("11-v1-0.11.2-cuda-graph-capture-oom.log").read_bytes() * 3
    out, err, rc = _through_watch(data, "--plain", env=child_env(str(tmp_path)))
    assert out == data
    assert message in err
    live = [ln for ln in err.splitlines() if ln.startswith("[llmdiag]") and message in ln]
    assert live and len(live) == len(set(live))  # each broken part reported once, then switched off
    assert "Traceback (most recent" not in err
    assert rc in (0, 1)


def test_stdout_closed_by_reader_no_traceback_and_input_still_drained():
    env = child_env()
    env["LLMDIAG_LIVE_BACKLOG"] = str(128 * 1024)
    proc = subprocess.Popen(llmdiag("watch", "--plain", "--fail-on", "never"), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    err = Collector(proc.stderr)
    proc.stdin.write(b"first line\n")
    proc.stdin.flush()
    assert os.read(proc.stdout.fileno(), 100).startswith(b"first")
    proc.stdout.close()  # the reader goes away (like `| head -1`)
    chunk = b"the server keeps logging\n" * 4000
    for _ in range(20):  # 2 MB: far more than the pipe buffer; would fail with EPIPE if watch stopped reading
        proc.stdin.write(chunk)
    proc.stdin.close()
    assert proc.wait(WAIT_S) == 0
    err.join()
    assert "stdout was closed by its reader" in err.text
    assert "Traceback (most recent" not in err.text


def test_backlog_is_bounded_and_drops_are_counted_not_blocking():
    """No one reads the analysis pipe: the passthrough still copies everything, and counts the drop."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    sink_r, sink_w = os.pipe()
    os.set_blocking(sink_w, False)
    pt = Passthrough(in_r, out_w, sink_w, backlog_limit=100_000, chunk=4096)
    data = b"".join(b"line %d\n" % i for i in range(200_000))
    got = bytearray()

    def feed() -> None:
        os.write(in_w, data)
        os.close(in_w)

    def drain() -> None:
        while True:
            d = os.read(out_r, 1 << 16)
            if not d:
                return
            got.extend(d)

    threads = [threading.Thread(target=feed), threading.Thread(target=drain)]
    for t in threads:
        t.start()
    pt.run()
    os.close(out_w)
    for t in threads:
        t.join(WAIT_S)
    assert bytes(got) == data
    assert pt.backlog_bytes <= 100_000
    assert pt.gap_bytes > 0 and pt.gap_newlines > 0
    # what did reach the pipe is whole frames
    os.set_blocking(sink_r, False)
    frames = FrameReader().feed(os.read(sink_r, 1 << 22))
    assert frames and all(kind == DATA for kind, *_ in frames)
    for fd in (in_r, out_r, sink_r, sink_w):
        os.close(fd)


SLOW_SUMMARY = """
import os, time, diagnose.live.views as v
def final(self, report, color):
    while not os.path.exists({release!r}):  # the summary takes as long as the test wants
        time.sleep(0.02)
v.PlainView.final = final
"""


def test_watch_closes_stdout_at_end_of_input_before_its_summary(tmp_path):
    """`watch | tee` must not wait for the analysis: stdout ends with the input, the summary follows."""
    release = tmp_path / "release"
    (tmp_path / "sitecustomize.py").write_text(SLOW_SUMMARY.format(release=str(release)))
    data = sample("04-v1-0.11.2-tp2-ready.log").read_bytes()
    proc = start_watch("--plain", env=child_env(str(tmp_path)))
    err = Collector(proc.stderr)
    proc.stdin.write(data)
    proc.stdin.close()
    out = proc.stdout.read()  # returns at EOF: every writer of the pipe closed it
    try:
        assert out == data
        assert proc.poll() is None  # the summary is still held back
    finally:
        release.touch()
    assert proc.wait(WAIT_S) == 0
    err.join()
    assert "outcome READY" not in err.text  # the held-back final never printed it
