"""The one splitter (lines.LineSplitter): whatever pieces the bytes arrive in (explain's blocks,
a line at a time, watch's reads), through `feed` or `follow`, it yields the same records: each
physical line cut at MAX_LINE_BYTES, a last line without a newline, a trailing \\r dropped; a
block's lines decoded at once (lines.decode_batch) read as each line decoded alone."""

from __future__ import annotations

import io
import random

import pytest

from diagnose import lines


def _reference(data: bytes) -> list[bytes]:
    parts = data.split(b"\n")
    if parts[-1] == b"":
        parts.pop()
    return [p[:lines.MAX_LINE_BYTES] for p in parts]


def _pieces(data: bytes, rng: random.Random) -> list[bytes]:
    out, i = [], 0
    while i < len(data):
        k = rng.choice([1, 3, 8, 13, 64])
        out.append(data[i:i + k])
        i += k
    return out


def _fed(pieces: list[bytes]) -> list[tuple[int, str, int]]:
    split = lines.LineSplitter()
    out = [rec for p in pieces for rec in split.feed(p)]
    return out + split.close()


def _followed(pieces: list[bytes]) -> list[tuple[int, str, int]]:
    split = lines.LineSplitter()
    out = [rec for p in pieces for rec in split.follow(p, lambda: None)]
    return out + split.close()


@pytest.mark.parametrize("seed", range(40))
def test_every_way_of_feeding_gives_the_same_records(monkeypatch, seed):
    rng = random.Random(seed)
    monkeypatch.setattr(lines, "MAX_LINE_BYTES", rng.choice([4, 7, 16, 33]))
    alphabet = [b"a", b"b", b"\n", b"\r", b"\xc3\xa9", b"\n\n"]
    data = b"".join(rng.choice(alphabet) * rng.randrange(1, 12) for _ in range(rng.randrange(0, 60)))
    want = lines.LineSplitter().records([lines.decode(x) for x in _reference(data)])
    assert _fed([data]) == want
    assert _fed(_pieces(data, rng)) == want
    assert _followed(_pieces(data, rng)) == want
    assert list(lines.read_records(io.BytesIO(data), "x", whole=False)) == want


@pytest.mark.parametrize("data", [b"", b"\n", b"x", b"x\n", b"\n\nx", b"x" * 16, b"x" * 16 + b"\n", b"x" * 17,
                                  b"x" * 17 + b"\ny", b"x" * 15 + b"\n" + b"y" * 40])
def test_edges(monkeypatch, data):
    monkeypatch.setattr(lines, "MAX_LINE_BYTES", 16)
    want = [(i + 1, x.decode(), 0) for i, x in enumerate(_reference(data))]
    for size in (1, 5, 16, 17, 1024):
        pieces = [data[i:i + size] for i in range(0, len(data), size)]
        assert _fed(pieces) == want, (size, data)
        assert _followed(pieces) == want, (size, data)


def test_a_gap_drops_the_cut_line_and_counts_it():
    split = lines.LineSplitter()
    assert split.feed(b"one\ntw") == [(1, "one", 0)]
    split.gap(2)  # two newlines lost: "tw..." ended as line 2, line 3 whole, line 4 cut
    assert split.feed(b"ur\nfive\n") == [(5, "five", 0)]
    assert split.partial == b"" and split.n == 5


def test_follow_counts_the_lines_it_skips():
    import re

    split = lines.LineSplitter()
    got = list(split.follow(b"a\nb\nERROR c\nd\ne", lambda: re.compile(rb"ERROR")))
    assert got == [(3, "ERROR c", 0)]
    assert split.n == 4 and split.partial == b"e"


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


def test_records_in_blocks_and_lines(monkeypatch):
    monkeypatch.setattr(lines, "_BLOCK", 7)
    data = b"a\r\nprog 1%\rprog 50%\rprog 100%\n\xff-bad\n" + "加载".encode() + b"\n\nlast"
    got = list(lines.read_records(io.BytesIO(data), "x"))
    assert got == list(lines.read_records(io.BytesIO(data), "x", whole=False))
    assert got[0] == (1, "a", 0) and got[1][0] == 2 and got[-1] == (6, "last", 0)
