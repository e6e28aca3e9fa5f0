"""Issue 7.1: hostile input through the installed `llmdiag explain`. Each case gives a sensible
report (valid JSON, line numbers inside the input) or one `llmdiag: error:` line with exit 2;
never a traceback, never exit 3 (internal error)."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import subprocess
import threading

import pytest

from .conftest import (WAIT_S, assert_no_traceback, assert_one_line_error, check_report_json, env,
                       llmdiag_cmd, physical_line_count, run, sample)

OOM_LINE = (b"ERROR 01-02 03:04:09 [core.py:700] torch.OutOfMemoryError: CUDA out of memory. "
            b"Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.05 GiB is free.\n")


def explain_json(tmp_path, data: bytes, name: str = "input.log", *extra: str) -> tuple[int, dict, str]:
    path = tmp_path / name
    path.write_bytes(data)
    rc, out, err = run(["explain", "--format", "json", *extra, str(path)])
    assert_no_traceback(err)
    assert rc in (0, 1), (rc, err)
    n = physical_line_count(gzip.decompress(data) if name.endswith(".gz") else data)
    return rc, check_report_json(out, n), err


# -- bytes --------------------------------------------------------------------------------------

def test_random_bytes(tmp_path):
    rnd = random.Random(11)
    rc, report, _ = explain_json(tmp_path, bytes(rnd.getrandbits(8) for _ in range(300_000)))
    assert report["engine"] == "unknown" and report["outcome"] == "incomplete"


def test_invalid_and_mixed_utf8_keeps_the_readable_parts(tmp_path):
    data = (b"INFO 01-02 03:04:05 [x.py:1] caf\xe9 \xff\xfe \xc3\x28 truncated \xe4\xb8\n"
            + "INFO 01-02 03:04:06 [x.py:1] 模型路径 /数据/模型 (utf-8)\n".encode()
            + "INFO 01-02 03:04:07 [x.py:1] 模型路径 /数据/模型 (gbk)\n".encode("gbk")
            + b"\xed\xa0\x80 surrogate \xf4\x90\x80\x80 beyond U+10FFFF \xc0\xaf overlong\n" + OOM_LINE)
    _, report, _ = explain_json(tmp_path, data)
    assert report["outcome"] == "failed"
    ev = [e for d in report["diagnoses"] for e in d["evidence"]]
    assert any(e["line"] == 5 and "CUDA out of memory" in e["text"] for e in ev), report["diagnoses"]


@pytest.mark.parametrize("codec", ["gbk", "gb18030"])
def test_chinese_paths_and_messages_decode_readably(tmp_path, codec):
    msg = ("ERROR 01-02 03:04:09 [core.py:700] FileNotFoundError: [Errno 2] No such file or directory: "
           "'/数据/模型/通义千问-7B/config.json' 找不到文件\n")
    data = "INFO 01-02 03:04:05 [api_server.py:1] vLLM API server version 0.11.0\n".encode(codec) + msg.encode(codec)
    _, report, _ = explain_json(tmp_path, data)
    texts = [e["text"] for d in report["diagnoses"] for e in d["evidence"]]
    assert any("/数据/模型/通义千问-7B/config.json" in t for t in texts), texts
    assert not any("\ufffd" in t for t in texts)


def test_chinese_line_decoding_directly():
    from diagnose.lines import decode

    text = "加载权重失败: /home/用户/模型 显存不足"
    for codec in ("utf-8", "gbk", "gb18030"):
        assert decode(text.encode(codec)) == text
    assert decode(b"\xff\xfe plain") == "\ufffd\ufffd plain"  # neither: replacement, never an exception


def test_nul_bytes(tmp_path):
    data = b"\x00" * 5000 + b"\n" + OOM_LINE.replace(b"CUDA", b"CU\x00DA") + b"\x00\x00\x00"
    _, report, _ = explain_json(tmp_path, data)
    texts = [e["text"] for d in report["diagnoses"] for e in d["evidence"]]
    assert texts and all("\x00" not in t for t in texts)
    assert any("CUDA out of memory" in t for t in texts)


def test_100mb_line_is_cut_and_the_lines_after_it_still_count(tmp_path):
    data = b"INFO 01-02 03:04:05 [x.py:1] start\n" + b"y" * (100 << 20) + b"\n" + OOM_LINE
    _, report, _ = explain_json(tmp_path, data)
    assert report["lines"] == 3 and report["outcome"] == "failed"
    assert any(e["line"] == 3 for d in report["diagnoses"] for e in d["evidence"])
    for d in report["diagnoses"]:
        assert all(len(e["text"]) <= 70_000 for e in d["evidence"])


def test_a_json_record_nested_past_the_decoders_depth_is_read_as_text(tmp_path):
    """A line that looks like a JSON log record but nests deeper than Python's decoder goes (its
    RecursionError was an internal error) is read as plain text; the lines after it still count."""
    deep = b'{"message": "x", "levelname": "INFO", "extra": ' + b"[" * 60_000 + b"]" * 60_000 + b"}\n"
    _, report, _ = explain_json(tmp_path, deep + OOM_LINE)
    assert report["outcome"] == "failed"
    assert any(e["line"] == 2 for d in report["diagnoses"] for e in d["evidence"])


def test_only_carriage_returns(tmp_path):
    data = (b"INFO 01-02 03:04:05 [api_server.py:1] vLLM API server version 0.11.0\r" + b"\r" * 1000
            + OOM_LINE.rstrip(b"\n") + b"\r")
    _, report, _ = explain_json(tmp_path, data)
    assert report["engine"] == "vllm" and report["outcome"] == "failed"
    explain_json(tmp_path, b"\r" * 200_000, "only-cr.log")


def test_empty_file(tmp_path):
    _, report, _ = explain_json(tmp_path, b"")
    assert report["outcome"] == "incomplete" and report["lines"] == 0 and report["phases"] == []


def test_truncated_mid_line_and_mid_traceback(tmp_path):
    full = sample("10-v1-0.10.2-tp2-weights-oom.log").read_bytes()
    tb = full.index(b"Traceback")
    for i, cut in enumerate((tb + 5, tb + 300, len(full) // 2 + 7, len(full) - 3)):
        _, report, _ = explain_json(tmp_path, full[:cut], f"cut{i}.log")
        assert report["outcome"] in ("failed", "incomplete")


# -- stdin, paths ---------------------------------------------------------------------------------

def test_stdin_at_eof_at_once_and_stdin_closed():
    rc, out, err = run(["explain", "--format", "json", "-"], stdin=subprocess.DEVNULL)
    assert rc == 1 and check_report_json(out, 0)["outcome"] == "incomplete"
    assert_no_traceback(err)
    # stdin not open at all (`llmdiag explain - <&-`)
    proc = subprocess.run([*llmdiag_cmd(), "explain", "-"], stdin=subprocess.DEVNULL, capture_output=True,
                          env=env(), timeout=WAIT_S, preexec_fn=lambda: os.close(0))
    assert_one_line_error(proc.returncode, proc.stderr.decode(), "stdin")


def test_a_file_input_with_stdout_or_stdin_closed_is_not_an_internal_error(tmp_path):
    log = str(sample("04-v1-0.11.2-tp2-ready.log"))
    for fd in (0, 1):
        proc = subprocess.run([*llmdiag_cmd(), "explain", log], stdin=subprocess.DEVNULL, capture_output=True,
                              env=env(), timeout=WAIT_S, preexec_fn=lambda fd=fd: os.close(fd))
        assert proc.returncode == 0, proc.stderr
        assert_no_traceback(proc.stderr.decode())


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_on_stdout_is_one_line_exit_2():
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([*llmdiag_cmd(), "explain", str(sample("04-v1-0.11.2-tp2-ready.log"))],
                              stdout=full, stderr=subprocess.PIPE, env=env(), timeout=WAIT_S)
    assert_one_line_error(proc.returncode, proc.stderr.decode(), "No space left")


def test_directory_missing_and_empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    rc, _, err = run(["explain", str(tmp_path / "empty")])
    assert_one_line_error(rc, err, "holds no log files")
    rc, _, err = run(["explain", str(tmp_path / "missing.log")])
    assert_one_line_error(rc, err, "no such file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file(tmp_path):
    p = tmp_path / "secret.log"
    p.write_bytes(b"hello\n")
    p.chmod(0)
    rc, _, err = run(["explain", str(p)])
    assert_one_line_error(rc, err, "Permission denied")


def test_unreadable_file_in_process(tmp_path, monkeypatch):
    """Same case for root (CI containers): open() refused by the OS."""
    import builtins

    from diagnose.lines import InputError, open_input

    p = tmp_path / "secret.log"
    p.write_bytes(b"hello\n")
    real_open = builtins.open

    def deny(file, *a, **k):
        if str(file) == str(p):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *a, **k)

    monkeypatch.setattr(builtins, "open", deny)
    with pytest.raises(InputError, match="Permission denied"):
        open_input(str(p))


def test_fifo(tmp_path):
    fifo = tmp_path / "server.fifo"
    os.mkfifo(fifo)
    data = sample("04-v1-0.11.2-tp2-ready.log").read_bytes()

    def writer() -> None:
        with open(fifo, "wb") as fh:
            for i in range(0, len(data), 700):
                fh.write(data[i:i + 700])
                fh.flush()

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    rc, out, err = run(["explain", "--format", "json", str(fifo)])
    t.join(WAIT_S)
    assert rc == 0, err
    assert check_report_json(out, physical_line_count(data))["outcome"] == "ready"


@pytest.mark.parametrize("how", ["cut-in-half", "bad-crc", "not-gzip-at-all"])
def test_corrupt_gzip(tmp_path, how):
    gz = gzip.compress(sample("04-v1-0.11.2-tp2-ready.log").read_bytes())
    data = {"cut-in-half": gz[: len(gz) // 2], "bad-crc": gz[:-8] + b"\0" * 8,
            "not-gzip-at-all": b"\x1f\x8b" + os.urandom(2000)}[how]
    p = tmp_path / "server.log.gz"
    p.write_bytes(data)
    rc, _, err = run(["explain", str(p)])
    assert_one_line_error(rc, err, "server.log.gz" if how == "not-gzip-at-all" else "")


def test_a_gz_name_that_is_plain_text_is_read_as_text(tmp_path):
    data = sample("04-v1-0.11.2-tp2-ready.log").read_bytes()
    p = tmp_path / "server.log.gz"
    p.write_bytes(data)
    rc, out, err = run(["explain", "--format", "json", str(p)])
    assert rc == 0, err
    check_report_json(out, physical_line_count(data))


# -- shapes of real logs --------------------------------------------------------------------------

def _interleave(blocks: list[list[bytes]], rnd: random.Random) -> list[bytes]:
    out, idx = [], [0] * len(blocks)
    while any(i < len(b) for i, b in zip(idx, blocks)):
        k = rnd.choice([j for j, b in enumerate(blocks) if idx[j] < len(b)])
        out.append(blocks[k][idx[k]])
        idx[k] += 1
    return out


def test_interleaved_output_of_16_processes(tmp_path):
    """16 worker processes writing to one pipe: whole lines interleaved, and (as a second input)
    writes that are not line-atomic, so lines are cut and spliced into each other."""
    rnd = random.Random(16)
    blocks = []
    for tp in range(16):
        pid = 1000 + tp
        tag = f"(VllmWorker TP{tp} pid={pid}) ".encode()
        lines = [tag + b"INFO 01-02 03:04:%02d [gpu_model_runner.py:1] Starting to load model /m/Qwen3-235B...\n" % (5 + tp % 3),
                 tag + b"INFO 01-02 03:04:20 [default_loader.py:1] Loading weights took 12.00 seconds\n"]
        if tp == 11:
            lines += [tag + b"ERROR 01-02 03:04:21 [multiproc_executor.py:1] WorkerProc hit an exception.\n",
                      tag + b"ERROR 01-02 03:04:21 [multiproc_executor.py:1] Traceback (most recent call last):\n",
                      tag + b'ERROR 01-02 03:04:21 [multiproc_executor.py:1]   File "x.py", line 1, in f\n',
                      tag + OOM_LINE.replace(b"ERROR 01-02 03:04:09 [core.py:700] ",
                                             b"ERROR 01-02 03:04:21 [multiproc_executor.py:1] ")]
        blocks.append(lines)
    head = [b"INFO 01-02 03:04:00 [api_server.py:1] vLLM API server version 0.11.0\n"]
    data = b"".join(head + _interleave(blocks, rnd))
    _, report, _ = explain_json(tmp_path, data, "lines.log")
    assert report["outcome"] == "failed" and report["engine"] == "vllm"
    top = next(d for d in report["diagnoses"] if d["role"] != "wrapper")
    assert "oom" in top["category"] or "memory" in top["category"], top
    # byte-level interleaving: random cuts of each process's stream
    pieces = []
    for lines in blocks:
        stream = b"".join(lines)
        pos = 0
        while pos < len(stream):
            step = rnd.randint(1, 60)
            pieces.append((rnd.random(), stream[pos:pos + step]))
            pos += step
    spliced = b"".join(head + [p for _, p in sorted(pieces, key=lambda x: x[0])])
    explain_json(tmp_path, spliced, "spliced.log")


def test_timestamps_going_backwards(tmp_path):
    data = sample("04-v1-0.11.2-tp2-ready.log").read_bytes()

    def mirror(m: re.Match) -> bytes:  # 03:04:05 -> 20:55:54: every clock now runs backwards
        h, mi, s = (int(x) for x in m.groups())
        return b"%02d:%02d:%02d" % (23 - h, 59 - mi, 59 - s)

    backwards = b"\n".join(re.sub(rb"(\d\d):(\d\d):(\d\d)", mirror, ln, count=1) for ln in data.split(b"\n"))
    _, report, _ = explain_json(tmp_path, backwards)
    assert report["outcome"] == "ready"  # durations stay >= 0 (checked in check_report_json)
    # and a clock that jumps back once, in the middle (a host clock set by NTP)
    lines = data.split(b"\n")
    mid = len(lines) // 2
    jumped = b"\n".join(lines[:mid] + [re.sub(rb"\d\d:\d\d:\d\d", b"00:00:01", ln, count=1) for ln in lines[mid:]])
    explain_json(tmp_path, jumped, "jumped.log")


def test_a_hundred_thousand_hosts_and_addresses(tmp_path):
    """10^5 NCCL host names and 10^5 Ray node addresses, one line each: per-host state is bounded
    (a counted warning) and nothing runs per host per host (10^4 hosts once took a minute; at 10^5
    that would pass WAIT_S). The bounds themselves: tests/multinode/test_bounds.py."""
    n = 100_000
    lines = []
    for i in range(n):
        ip = f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}"
        lines.append(f"host{i}:4567:4567 [0] NCCL INFO Bootstrap : Using eth0:{ip}<0>\n" if i % 2 else
                     f"(RayWorkerWrapper pid={i}, ip={ip}) INFO 01-01 00:00:00 [worker.py:1] connect to {ip}\n")
    _, report, _ = explain_json(tmp_path, "".join(lines).encode())
    assert 1000 <= len(report["nodes"]) <= 1024 and report["lines"] == n
    assert [w for w in report["warnings"] if "lines were not tracked per node" in w]
    assert "host99999" not in json.dumps(report) and "10.1.134.159" not in json.dumps(report)  # redacted


@pytest.mark.parametrize("name", ["04-v1-0.11.2-tp2-ready.log", "10-v1-0.10.2-tp2-weights-oom.log"])
def test_same_log_pasted_twice(tmp_path, name):
    once = sample(name).read_bytes()
    _, first, _ = explain_json(tmp_path, once, "once.log")
    _, twice, _ = explain_json(tmp_path, once + once, "twice.log")
    assert twice["outcome"] == first["outcome"] and twice["engine"] == first["engine"]
    fps = [d["fingerprint"] for d in twice["diagnoses"]]
    assert len(fps) == len(set(fps)), "a repeated failure is one diagnosis (with a count), not two"
    if first["diagnoses"]:
        assert twice["diagnoses"][0]["rule"] == first["diagnoses"][0]["rule"]


def test_same_file_given_twice_as_two_inputs(tmp_path):
    data = sample("10-v1-0.10.2-tp2-weights-oom.log").read_bytes()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "server.log").write_bytes(data)
    (tmp_path / "b" / "server.log").write_bytes(data)
    rc, out, err = run(["explain", "--format", "json", str(tmp_path / "a" / "server.log"), str(tmp_path / "b" / "server.log")])
    assert rc == 1, err
    report = json.loads(out)
    n = physical_line_count(data)
    check_report_json(out, sources={s: n for s in report["inputs"]})


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "junit", "github"])
def test_every_format_survives_hostile_bytes(tmp_path, fmt):
    rnd = random.Random(5)
    data = (bytes(rnd.getrandbits(8) for _ in range(20_000)) + b"\n" + OOM_LINE
            + "错误: 显存不足 \x1b[31mred\x1b[0m <xml & ]]> \"quotes\" ::error::\n".encode("gbk")
            + b"\x00\x07\x08\x0b\x0c\x1b]0;title\x07 control characters\n")
    p = tmp_path / "hostile.log"
    p.write_bytes(data)
    rc, out, err = run(["explain", "--format", fmt, str(p)], env=env(GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md")))
    assert rc == 1, err
    assert_no_traceback(err)
    if fmt == "junit":
        import xml.etree.ElementTree as ET

        ET.fromstring(out)
    if fmt == "json":
        check_report_json(out, physical_line_count(data))
    out.decode("utf-8")  # every format is valid UTF-8
