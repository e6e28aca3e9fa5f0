"""Memory stays bounded whatever the input: peak RSS measured with getrusage in a wrapper process
(RUSAGE_CHILDREN: the largest llmdiag process, the analysis process of `watch` included), against
generous ceilings far below the input size. No timing assertions."""

from __future__ import annotations

import pytest

from .conftest import assert_no_traceback, peak_rss_mb, sample

CEILING_MB = 250  # llmdiag itself is ~40-80 MB; every input below is 100 MB or more


@pytest.fixture(scope="module")
def huge_line(tmp_path_factory):
    p = tmp_path_factory.mktemp("mem") / "huge-line.log"
    with open(p, "wb") as fh:
        fh.write(b"INFO 01-02 03:04:05 [api_server.py:1] vLLM API server version 0.11.0\n")
        chunk = b"z" * (1 << 20)
        for _ in range(100):  # one 100 MB line
            fh.write(chunk)
        fh.write(b"\nERROR 01-02 03:04:09 [core.py:700] torch.OutOfMemoryError: CUDA out of memory.\n")
    return p


def _repeat(path, block: bytes, size: int):
    with open(path, "wb") as fh:
        for _ in range(max(1, size // len(block))):
            fh.write(block)
    return path


FAILING = sample("10-v1-0.10.2-tp2-weights-oom.log").read_bytes()
READY = sample("04-v1-0.11.2-tp2-ready.log").read_bytes()


@pytest.mark.parametrize("via", ["file", "stdin"])
def test_explain_a_100mb_line(huge_line, via):
    args = ["explain", "--format", "json", str(huge_line) if via == "file" else "-"]
    rc, mb, err = peak_rss_mb(args, stdin_path=str(huge_line) if via == "stdin" else None)
    assert rc == 1 and mb < CEILING_MB, (rc, mb, err)
    assert_no_traceback(err)


def test_watch_a_100mb_line(huge_line):
    rc, mb, err = peak_rss_mb(["watch", "--plain", "--fail-on", "never"], stdin_path=str(huge_line))
    assert rc == 0 and mb < CEILING_MB, (rc, mb, err)
    assert_no_traceback(err)


def test_explain_many_lines_of_a_ready_server_is_flat(tmp_path):
    small = peak_rss_mb(["explain", "--format", "json", str(_repeat(tmp_path / "s.log", READY, 1 << 20))])
    big = peak_rss_mb(["explain", "--format", "json", str(_repeat(tmp_path / "b.log", READY, 8 << 20))])
    assert small[0] == big[0] == 0, (small, big)
    assert big[1] - small[1] < 10, (small[1], big[1])  # 7 MB more input, (almost) no more memory


def test_explain_many_lines_of_repeated_failures_is_flat(tmp_path):
    small = peak_rss_mb(["explain", "--format", "json", str(_repeat(tmp_path / "s.log", FAILING, 512 << 10))])
    big = peak_rss_mb(["explain", "--format", "json", str(_repeat(tmp_path / "b.log", FAILING, 5 << 20))])
    assert small[0] == big[0] == 1, (small, big)
    assert big[1] - small[1] < 6, (small[1], big[1])  # today: ~+13 MB


def test_watch_60mb_of_repeated_failures_faster_than_the_analysis(tmp_path):
    """The analysis cannot keep up (a small backlog makes it drop, as it would on a slow machine):
    the passthrough neither buffers the input nor blocks; memory stays flat."""
    rc, mb, err = peak_rss_mb(["watch", "--plain", "--fail-on", "never"],
                              stdin_path=str(_repeat(tmp_path / "w.log", FAILING, 60 << 20)),
                              extra_env={"LLMDIAG_LIVE_BACKLOG": str(256 * 1024)})
    assert rc == 0 and mb < CEILING_MB, (rc, mb, err)
    assert_no_traceback(err)


def test_watch_1mb_of_repeated_failures_fully_analysed(tmp_path):
    rc, mb, err = peak_rss_mb(["watch", "--plain", "--fail-on", "never"],
                              stdin_path=str(_repeat(tmp_path / "w.log", FAILING, 1 << 20)))
    assert rc == 0 and mb < CEILING_MB, (rc, mb, err)
    assert_no_traceback(err)


def test_only_carriage_returns_100mb(tmp_path):
    p = tmp_path / "cr.log"
    with open(p, "wb") as fh:
        for _ in range(100):
            fh.write(b"Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:01<00:01]\r" * 13_000)
    rc, mb, err = peak_rss_mb(["explain", "--format", "json", str(p)])
    assert rc == 1 and mb < CEILING_MB, (rc, mb, err)
    assert_no_traceback(err)
