"""Hypothesis strategies for hostile logs: real engine lines from the sample logs, mutated (cut,
spliced, re-encoded, prefixed, sprinkled with control bytes), plus plain random bytes."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from .conftest import SAMPLES


@lru_cache(maxsize=1)
def real_lines() -> tuple[bytes, ...]:
    out: list[bytes] = []
    for p in sorted(SAMPLES.rglob("*.log")):
        out.extend(ln for ln in p.read_bytes().split(b"\n") if ln.strip())
    return tuple(dict.fromkeys(out))  # unique, in a stable order


PREFIXES = [b"", b"(VllmWorker TP3 pid=4242) ", b"(EngineCore_DP0 pid=1) ", b"[rank7]: ",
            b"(RayWorkerWrapper pid=9, ip=10.0.0.2) ", b"2024-11-05T10:12:46.300Z ", b"vllm-1  | ",
            b"[2025-01-02 03:04:05 TP1] ", b"node-a:123:456 [3] NCCL INFO ", b"\x1b[32m", b"[", b"(", b"pid="]
NOISE = [b"\r", b"\r\n", b"\x00", b"\x1b[2K", b"\x1b]0;t\x07", b"\xff", b"\xc3", b"\xe4\xb8", b"\t",
         "显存不足".encode("gbk"), "模型".encode(), b"\\", b"{{", b"}}", b"${x}", b"%s", b" " * 300,
         b"(a+)+", b"9" * 40, b"-1", b"1e309", b"nan", b"0x" + b"f" * 30, b"GiB", b"[repeated 99999999999x across cluster]",
         # C1 controls as UTF-8 (CSI, OSC, ST, NEL, RI), bidi overrides / isolates, bare C0
         b"\xc2\x9b2J", b"\xc2\x9d0;PWNED\xc2\x9c", b"\xc2\x85", b"\xc2\x8d", b"\xe2\x80\xae", b"\xe2\x81\xa6",
         b"\x07", b"\x08", b"\x7f", b"\x1b", b"\x1bc"]


@st.composite
def mutated_line(draw) -> bytes:
    line = draw(st.sampled_from(real_lines()))
    ops = draw(st.lists(st.integers(0, 5), max_size=4))
    for op in ops:
        if op == 0 and line:  # cut
            line = line[: draw(st.integers(0, len(line)))]
        elif op == 1:  # insert noise
            i = draw(st.integers(0, len(line)))
            line = line[:i] + draw(st.sampled_from(NOISE)) + line[i:]
        elif op == 2:  # a collector / process prefix
            line = draw(st.sampled_from(PREFIXES)) + line
        elif op == 3:  # re-encode as GBK where possible
            try:
                line = line.decode("utf-8").encode("gbk")
            except (UnicodeDecodeError, UnicodeEncodeError):
                pass
        elif op == 4:  # random bytes
            i = draw(st.integers(0, len(line)))
            line = line[:i] + draw(st.binary(max_size=20)) + line[i:]
        else:  # splice with another real line (non-atomic writes of two processes)
            other = draw(st.sampled_from(real_lines()))
            line = line[: draw(st.integers(0, len(line)))] + other[draw(st.integers(0, len(other))):]
    return line


def hostile_log(max_lines: int = 60):
    """Bytes of a hostile log: mutated real lines, separators of every kind, maybe no final newline."""
    sep = st.sampled_from([b"\n", b"\n", b"\n", b"\r\n", b"\r", b"\n\n"])
    body = st.lists(st.tuples(st.one_of(mutated_line(), st.binary(max_size=200)), sep), max_size=max_lines)
    return st.builds(lambda parts, tail: b"".join(a + b for a, b in parts) + tail, body,
                     st.one_of(st.just(b""), mutated_line()))


_TOKENS = ["\x00", "\x1b[31m", "]]>", "<![CDATA[", "<x>", "&amp;", "::error::", "%0A", "\r", "\n", "|", "`", "*",
           "${{ secrets.X }}", "{}", "{x}", "\ud7ff", "\ufeff", "\u202e", "hf_" + "a" * 30, "10.1.2.3", "/home/alice/m",
           "\x9b2J", "\x9d0;x\x9c", "\x85", "\x8d", "\u2066", "\u2069", "\u202a", "\x7f", "\x07", "\x1b", "\u2028"]
hostile_text = st.lists(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
                        | st.sampled_from(_TOKENS), max_size=8).map("".join)
