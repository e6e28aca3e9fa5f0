"""The block reader of `explain` (lines.block_lines) yields exactly the lines of the line reader
(lines.physical_lines): same cuts of over-long lines, same last line without a newline; a block's
lines decoded at once (lines.decode_batch) read as each line decoded alone."""

from __future__ import annotations

import io
import random

import pytest

from diagnose import lines


def _both(data: bytes) -> tuple[list[bytes], list[bytes]]:
    return list(lines.physical_lines(io.BytesIO(data))), list(lines.block_lines(io.BytesIO(data)))


@pytest.mark.parametrize("seed", range(40))
def test_block_lines_equal_physical_lines(monkeypatch, seed):
    rng = random.Random(seed)
    monkeypatch.setattr(lines, "MAX_LINE_BYTES", rng.choice([4, 7, 16, 33]))
    monkeypatch.setattr(lines, "_BLOCK", rng.choice([1, 3, 8, 13, 64]))
    monkeypatch.setattr(lines, "_READ_CHUNK", rng.choice([2, 5, 64]))
    alphabet = [b"a", b"b", b"\n", b"\r", b"\xc3\xa9", b"\n\n"]
    data = b"".join(rng.choice(alphabet) * rng.randrange(1, 12) for _ in range(rng.randrange(0, 60)))
    a, b = _both(data)
    assert a == b


@pytest.mark.parametrize("data", [b"", b"\n", b"x", b"x\n", b"\n\nx", b"x" * 16, b"x" * 16 + b"\n", b"x" * 17,
                                  b"x" * 17 + b"\ny", b"x" * 15 + b"\n" + b"y" * 40])
def test_block_lines_edges(monkeypatch, data):
    monkeypatch.setattr(lines, "MAX_LINE_BYTES", 16)
    for block in (1, 5, 16, 17, 1024):
        monkeypatch.setattr(lines, "_BLOCK", block)
        a, b = _both(data)
        assert a == b, (block, data)


def test_explain_reads_files_in_blocks(tmp_path):
    log = tmp_path / "x.log"
    log.write_bytes(b"INFO 01-02 03:04:05 [a.py:1] hello\r\nsecond\nthird")
    got = [(ln.n, ln.text) for ln in lines.read_lines(str(log))]
    assert got == [(1, "hello"), (2, "second"), (3, "third")]


@pytest.mark.parametrize("seed", range(40))
def test_decode_batch_equals_decode_per_line(seed):
    rng = random.Random(seed)
    # UTF-8, a cut multi-byte character, invalid bytes, GB18030 Chinese (its fallback), a bare \r
    pieces = [b"ok", "é".encode(), "é".encode()[:1], b"\xff", "加载模型".encode("gb18030"), "加载".encode(), b"\r", b""]
    batch = [b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 6))) for _ in range(rng.randrange(1, 8))]
    assert lines.decode_batch(batch) == [lines.decode(data) for data in batch]


def test_decode_batch_of_no_lines():
    assert lines.decode_batch([]) == []


def test_raw_records_same_in_blocks_and_lines(monkeypatch):
    monkeypatch.setattr(lines, "_BLOCK", 7)
    data = b"a\r\nprog 1%\rprog 50%\rprog 100%\n\xff-bad\n" + "加载".encode() + b"\n\nlast"
    got = list(lines.raw_records(io.BytesIO(data), "x", blocks=True))
    assert got == list(lines.raw_records(io.BytesIO(data), "x", blocks=False))
    assert got[0] == (1, "a", 0) and got[1][0] == 2 and got[-1] == (6, "last", 0)
