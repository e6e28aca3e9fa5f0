"""The quiet-line path (diagnose/fastpath.py) changes nothing but speed: every report is the same
with it and without it, on the shipped samples and on random mixes of real and tricky lines."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diagnose.anchors import holds
from diagnose.fastpath import QuietLine, QuietLines, QuietRun
from diagnose.lines import LineParser
from diagnose.pipeline import Analyzer, load_rules

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "sample_logs").rglob("*.log"))
RULES, _ = load_rules()


def report_json(path: Path, quiet: bool) -> str:
    analyzer = Analyzer(RULES)
    analyzer.feed_inputs([str(path)], quiet=quiet)
    return analyzer.report().to_json()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT / "sample_logs")))
def test_samples_report_the_same(path):
    assert report_json(path, True) == report_json(path, False)


def _pool() -> list[str]:
    """Real lines of the samples (a few from each), the shapes the quiet path reads, and their near misses."""
    rnd = random.Random(7)
    lines: list[str] = []
    for p in SAMPLES:
        raw = p.read_bytes().decode("utf-8", "replace").split("\n")
        lines += rnd.sample(raw, min(len(raw), 12))
    lines += [
        "(APIServer pid=1) INFO 10-14 07:53:44 [loggers.py:123] Engine 000: Avg prompt throughput: 66.5 tokens/s",
        "(APIServer pid=1) INFO 01-02 00:00:01 [loggers.py:123] Engine 000: Avg prompt throughput: 0.0 tokens/s",
        "(APIServer pid=1) INFO 12-31 23:59:59.120 [loggers.py:123] Engine 000: Running: 3 reqs",
        '(APIServer pid=1) INFO:     10.0.0.7:30928 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        '(APIServer pid=9) INFO:     10.0.0.7:30928 - "GET /health HTTP/1.1" 200 OK',
        "(Worker_TP1 pid=412) INFO 10-14 09:32:16 [gpu_worker.py:1] Cache the graph for later use",
        "(VllmWorker TP3 pid=77) INFO 10-14 09:32:17 [gpu_worker.py:1] Cache the graph for later use",
        "(pid=5) INFO 10-14 09:32:17 [x.py:1] a tag without a name",
        "(RayWorkerWrapper pid=3, ip=10.0.0.2) INFO 10-14 09:32:18 [worker.py:1] from another node",
        "(RayWorkerWrapper pid=4) INFO 10-14 09:32:18 [worker.py:1] on this node",
        "INFO 10-14 09:32:19 [api_server.py:1] no process tag",
        "WARNING 10-14 09:32:19 [api_server.py:1] VLLM_USE_V1=1",
        "INFO:     Started server process [7]",
        "TRACE:    a trace line",
        '(APIServer pid=1) ERROR:    Exception in ASGI application',
        '[2025-05-21 14:02:46] ERROR:    Exception in ASGI application',
        '[2025-05-21 14:02:46 TP0] CRITICAL:    the socket is gone',
        "node-1:1006:1006 [3] NCCL ABORT the communicator is aborted",
        '(APIServer pid=1) WARNING:  Invalid HTTP request received.',
        'INFO:     10.0.0.7:30930 - "GET /metrics HTTP/1.1" 200 OK',
        "INFO:root:a logging line of Python's default format",
        "INFO:1001:1001 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM",
        '(APIServer pid=1) INFO:     http://proxy.internal:8080 "POST http://127.0.0.1:30000/generate HTTP/1.1" 502 0',
        'http://10.0.0.20:3138 "GET http://0.0.0.0:25600/get_model_info HTTP/1.1" 403 3582',
        "node-0:1001:1001 [0] NCCL INFO Channel 05/0 : 0[0] -> 1[1] via P2P/CUMEM",
        "node-0:1001:1001 [0] NCCL INFO Channel 06/0 : 0[0] -> 1[1] via SHM/direct/direct",
        "node-1:1002:1002 [1] NCCL INFO Channel 05/0 : 1[1] -> 0[0] via NET/Socket/0",
        "node-0:1001:1001 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1",
        "node-0:1001:1001 [0] NCCL INFO Bootstrap timings total 0.001 (create 0.000, send 0.000, recv 0.000)",
        "(Worker_TP1 pid=412) DEBUG 10-14 09:32:16 [parallel_state.py:1169] world_size=2 rank=1 local_rank=1 "
        "distributed_init_method=tcp://127.0.0.1:41234 backend=nccl",
        "node-0:1001:1001 [0] NCCL INFO comm 0xabc rank 0 nRanks 2 nNodes 2 localRanks 1 localRank 0 MNNVL 0",
        "node-1:1002:1002 [1] NCCL INFO comm 0xdef rank 1 nRanks 2 nNodes 2 localRanks 1 localRank 0 MNNVL 0",
        "node-0:1001:1001 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1",
        "node-0:1001:1001 [0] NCCL INFO Using network Socket",
        "DGX-A:1003:1003 [2] NCCL INFO Trees [0] 1/-1/-1->0->-1",
        "10-0-0-1:1004:1004 [3] NCCL INFO Trees [0] 1/-1/-1->0->-1",
        "(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1] Traceback (most recent call last):",
        '(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1]   File "/x/vllm/entrypoints/a.py", line 2, in f',
        '(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1]   File "/x/sglang/srt/a.py", line 2, in f',
        "(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1]     x = await self.f(",
        "(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1] ValueError: bad input",
        "(Worker_TP1 pid=412) ERROR 10-14 09:32:16 [serving_chat.py:1] Unhandled exception in the loop",
        "(EngineCore_DP0 pid=143) INFO 10-14 09:32:20 [core.py:1] UNHANDLED things in upper case",
        "[rank0]: RuntimeError: boom",
        "2024-11-05T10:12:46.300Z (APIServer pid=1) INFO 11-05 10:12:46 [a.py:1] behind a CI stamp",
        "web-1  | (APIServer pid=1) INFO 11-05 10:12:46 [a.py:1] behind compose",
        "\x1b[32mINFO\x1b[0m 10-14 09:32:16 [a.py:1] coloured",
        "Capturing CUDA graphs: 10%|#         | 1/10\rCapturing CUDA graphs: 100%|##########| 10/10",
        "(APIServer pid=1) INFO 10-14 09:32:21 [a.py:1] msg [repeated 3x across cluster]",
        "(APIServer pid=1) INFO 10-14 09:32:21 [a.py:1] ",
        "",
        "   ",
        "\u5e73\u53f0 (APIServer pid=1) non-ASCII \u4e2d\u6587",
        "[2025-05-21 14:02:43 TP0] Decode batch. #running-req: 5, #token: 1234, token usage: 0.01, cuda graph: True",
        "[2025-05-21 14:02:43 TP1] Decode batch. #running-req: 5, #token: 1234, token usage: 0.01, cuda graph: True",
        "[2025-05-21 14:02:44.123 DP0 TP1] Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0",
        "[2025-05-21 14:02:44 DP1] Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0",
        "[14:02:45 TP0] Decode batch. #running-req: 1",
        "[2025-05-21 14:02:45] Prefill batch. #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00",
        '[2025-05-21 14:02:46] INFO:     127.0.0.1:40250 - "POST /generate HTTP/1.1" 200 OK',
        '[2025-05-21 14:02:46 TP0] INFO:     127.0.0.1:40251 - "POST /generate HTTP/1.1" 200 OK',
        "[2025-05-21 14:02:47] The server is fired up and ready to roll!",
        "[2025-05-21 14:02:47+02:00] a bracketed stamp with a zone",
        "[2025-05-21 14:02:48] (APIServer pid=3) INFO 05-21 14:02:48 [a.py:1] a tag behind a bracketed stamp",
        "[2025-05-21 14:02:48] 2025-05-21T14:02:48Z a second stamp",
        "[2025-05-21 14:02:49 TP0] node-0:1001:1001 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM",
        "[2024-12-31 23:59:59 TP0] Decode batch. #running-req: 1",
        "[2025-01-01 00:00:01 TP0] Decode batch. #running-req: 2",
        "(APIServer pid=1) INFO 10-14 09:32:22 [a.py:1] caf\u00e9 \u2014 non-ASCII message",
        # SGLang's Rust HTTP server (Rust's tracing after an ISO stamp)
        "\x1b[2m2026-12-06T09:27:22.163767Z\x1b[0m \x1b[32m INFO\x1b[0m \x1b[2msglang_server::api_server::http::app\x1b[0m"
        "\x1b[2m:\x1b[0m The server is fired up and ready to roll!",
        "2026-12-06T09:27:27.821892Z  INFO sglang_server::api_server::log: 127.0.0.1:46664 - \"POST /v1/completions HTTP/1.1\" 200 OK",
        "2026-12-06T09:27:28.000000Z ERROR sglang_server::api_server::http::app: request failed",
    ]
    return lines


POOL = _pool()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=len(POOL) - 1), min_size=1, max_size=160))
def test_random_mixes_report_the_same(tmp_path, picks):
    log = tmp_path / "mix.log"
    log.write_text("\n".join(POOL[i] for i in picks) + "\n", encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


READY = [(ROOT / "sample_logs" / "vllm" / name).read_text(encoding="utf-8").splitlines()
          for name in ("04-v1-0.11.2-tp2-ready.log", "01-v0-0.5.5-single-gpu-ready.log")]
READY.append((ROOT / "sample_logs" / "sglang" / "sglang-0.4.6-tp2-qwen2.5-32b-ready.log")
              .read_text(encoding="utf-8").splitlines())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=len(READY) - 1),
       st.lists(st.integers(min_value=0, max_value=len(POOL) - 1), max_size=40),
       st.integers(min_value=1, max_value=60),
       st.lists(st.integers(min_value=0, max_value=len(POOL) - 1), max_size=40))
def test_random_lines_around_a_restart_report_the_same(tmp_path, start, served, cut, after):
    """What the quiet path remembered while a start was up does not carry into the start after a
    restart: a ready start, random lines while it serves, then the same start again cut short
    (before it is up) and random lines (an error line the first start logged while up fails it)."""
    lines = READY[start] + [POOL[i] for i in served] + READY[start][:cut] + [POOL[i] for i in after]
    log = tmp_path / "restart.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


_STAMP = re.compile(r"\d\d-\d\d \d\d:\d\d:\d\d")
_STAMPS = ["10-14 09:32:16", "10-14 09:32:17", "10-14 09:33:00", "12-31 23:59:59", "01-01 00:00:01",
           "06-30 12:00:00", "10-14 09:32:16.250", "1x-14 09:32:16", "10-14 09:32", "\u0661\u0660-14 09:32:16"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=len(POOL) - 1),
                          st.integers(min_value=0, max_value=len(_STAMPS) - 1)), min_size=1, max_size=160))
def test_random_mixes_with_moved_stamps_report_the_same(tmp_path, picks):
    """The quiet path remembers a vLLM line without its stamp: lines that differ only in their stamps
    (later seconds, a new year, a fraction, a stamp that is not one) read as the full path reads them."""
    log = tmp_path / "mix.log"
    log.write_text("\n".join(_STAMP.sub(_STAMPS[k], POOL[i], count=1) for i, k in picks) + "\n", encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


_NUMBERS = re.compile(r"(?<!\w)[0-9]+")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=len(POOL) - 1), st.integers(min_value=0)),
                min_size=1, max_size=160))
def test_random_mixes_with_moved_numbers_report_the_same(tmp_path, picks):
    """The quiet path remembers what it made of an SGLang line by the line's number shape: lines
    whose numbers differ (each digit of a number moved by the same step) read as the full path
    reads them."""
    def moved(line: str, step: int) -> str:
        table = str.maketrans("0123456789", "".join(str((d + step) % 10) for d in range(10)))
        return _NUMBERS.sub(lambda m: m.group().translate(table), line)

    log = tmp_path / "mix.log"
    log.write_text("\n".join(moved(POOL[i], k % 10) for i, k in picks) + "\n", encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


def test_lines_of_one_number_shape_are_read_by_their_own_numbers(tmp_path):
    """An SGLang line of a number shape already read is not taken for the earlier one where a number
    decides: a rule leaf that reads a number (the proxy rule's 127.0.0.1 after a 100.0.0.1), an
    anchor that holds one (`Registering 0 cuda graph addresses` after `Registering 5`)."""
    log = tmp_path / "shapes.log"
    log.write_text(
        "[2025-05-21 14:02:45] Prefill batch, #new-seq: 1, #new-token: 6, #cached-token: 0, token usage: 0.00\n"
        + '[2025-05-21 14:02:46] http://10.0.0.20:3138 "GET http://100.0.0.1:25600/get_model_info HTTP/1.1" 403 3\n' * 2
        + '[2025-05-21 14:02:47] http://10.0.0.20:3138 "GET http://127.0.0.1:25600/get_model_info HTTP/1.1" 403 3\n'
        "[2025-05-21 14:02:48] Registering 5 cuda graph addresses\n"
        "[2025-05-21 14:02:49] Registering 0 cuda graph addresses\n", encoding="utf-8")
    quiet = report_json(log, True)
    assert quiet == report_json(log, False)
    fired = {d["rule"]: d["evidence"][0]["line"] for d in json.loads(quiet)["diagnoses"]}
    assert fired == {"generic-local-request-through-proxy": 4, "sglang-graph-capture-stalled": 6}


def test_vllm_lines_of_one_number_shape_are_read_by_their_own_numbers(tmp_path):
    """A vLLM line of a number shape already read has its markers run on its own text where a marker
    reads a number: a worker's `rank=9 local_rank=1` (a rank on another node) after `rank=2
    local_rank=2` is read as the full path reads it (the start spans nodes)."""
    real = ROOT / "sample_logs" / "vllm" / "24-v0-0.6.3-hang-generating-p2p-cache.log"
    line = ("(VllmWorkerProcess pid=3318) DEBUG 11-05 17:40:{s} parallel_state.py:1024] world_size=4 rank={r} "
            "local_rank={k} distributed_init_method=tcp://127.0.0.1:41234 backend=nccl\n")
    log = tmp_path / "world.log"
    log.write_text(real.read_text(encoding="utf-8") + line.format(s=36, r=1, k=1) + line.format(s=37, r=2, k=2)
                   + line.format(s=38, r=3, k=3) + line.format(s=39, r=9, k=1), encoding="utf-8")
    quiet = report_json(log, True)
    assert quiet == report_json(log, False)
    assert json.loads(quiet)["facts"]["remote_rank"] == "rank=9 local_rank=1"


def test_nccl_lines_of_one_number_shape_name_their_own_channels(tmp_path):
    """An NCCL channel line of a number shape already read (its head the same) names its own ranks:
    a pair first seen on such a line is the tracker's, as on the full path."""
    real = ROOT / "sample_logs" / "real" / "h200-torch-nccl" / "42-nccl-tiny-shm-nocumem-p2p-on-info.log"
    log = tmp_path / "channels.log"
    log.write_text(real.read_text(encoding="utf-8")
                   + "node-a:1470:1470 [0] NCCL INFO Channel 05/0 : 0[0] -> 1[1] via P2P/IPC\n"
                   + "node-a:1470:1470 [0] NCCL INFO Channel 06/0 : 0[0] -> 3[3] via P2P/IPC\n", encoding="utf-8")
    quiet = report_json(log, True)
    assert quiet == report_json(log, False)
    assert {(t["from_rank"], t["to_rank"]) for t in json.loads(quiet)["nccl"]} == {(0, 1), (1, 0), (0, 3)}


_CASE_PIECES = ["unhandled", "UNHANDLED", "Unhandled", "UNHANDLEd", "unhandle", "nhandled", "\u212a", "k",
                "\u0130", "i", "\u0307", "\u017f", "\u2588", "\u00e9", " ", "|", "\r", "x"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_CASE_PIECES), max_size=6).map("".join), min_size=1, max_size=12))
def test_the_block_scan_finds_every_line_whose_lower_case_holds_a_case_blind_anchor(lines):
    """pieces finds the pack's case-blind anchors without lower-casing the block: a line whose
    lower() holds one (through a Kelvin sign, a dotted capital I, block characters that make the
    block's text wide) is looked at on its own: yielded alone or named among its run's lines that
    hold an anchor, never counted blind in a run."""
    analyzer = Analyzer(RULES)
    quiet = QuietLines(analyzer, LineParser("x.log"))
    lower = quiet._lower
    assert lower  # the pack has case-blind anchors (else this tests nothing)
    lines = [f"(APIServer pid=1) INFO 10-14 07:53:44 [a.py:1] x{line}" for line in lines]  # of a run's shape
    seen = set()
    for piece in quiet.pieces(0, "\n".join(lines)):
        seen.update([piece[0]] if len(piece) == 2 else piece[3])
    for n, line in enumerate(lines, 1):
        if any(x in line.lower() for x in lower):
            assert n in seen, line


_REDRAW_PIECES = ["Capturing CUDA graph", " |", "\r", "\r\r", "Traceback (most recent call last)", " rank ",
                  "ValueError: x", "(APIServer pid=1) INFO 10-14 07:53:44 [a.py:1] ", "node-0:1:1 [0] NCCL INFO via",
                  "x", ""]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_REDRAW_PIECES), max_size=5).map("".join), min_size=1, max_size=12))
def test_the_block_scan_skips_redraw_lines_and_finds_the_same_pieces(lines):
    """pieces sets a line that holds a redraw apart without scanning it for anchors (a bar redrawn
    in place repeats them hundreds of times): it yields what the scan of the whole block gives."""
    quiet = QuietLines(Analyzer(RULES), LineParser("x.log"))
    block = "\n".join(lines)
    got = list(quiet.pieces(0, block))
    quiet._marks = quiet._scan.starts_apart  # the whole block through the automaton
    assert got == list(quiet.pieces(0, block))


_NEED_PIECES = ['"GET /metrics HTTP/1.1" 404', '"GET /metrics HTTP/1.1" 200', " /metrics", " HTTP/", "GET ",
                " CUDA graph", "Capture ", " begin.", " GPU P2P access cache", "reading", "http://", " HTTP/1.1",
                '" 400 Bad Request', "x", ""]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_NEED_PIECES), max_size=5).map("".join), min_size=1, max_size=12))
def test_the_block_scan_finds_the_lines_a_line_by_line_scan_finds(lines):
    """The block scan drops at once an anchor whose needs the whole block lacks: the lines it sets
    apart, and those it marks, are those a look at each line for each anchor gives (anchors that
    need what only another line of the block holds, or what no line holds)."""
    scan = QuietLines(Analyzer(RULES), LineParser("x.log"))._scan
    block = "\n".join(lines)
    got = [{block.count("\n", 0, p) for p in places} for places in scan.starts_apart(block)]
    want: list[set] = [set(), set()]
    for i, line in enumerate(lines):
        for k, anchor in enumerate(scan.anchors):
            if anchor not in line:
                continue
            needs = scan._needs[k]
            if scan._apart[k]:
                want[0].add(i)
            elif needs is None:
                want[1].add(i)
            elif any(holds(alt, line) for alt in needs):
                want[0 if scan._apart_if[k] else 1].add(i)
    assert scan._needs[scan.anchors.index(" /metrics")] is not None  # (pieces hold anchors with needs)
    assert got[0] == want[0]
    assert got[1] - got[0] == want[1] - want[0]


def _fast(quiet: QuietLines, n: int, raw: str) -> bool:
    """Classify a line and apply it when it is quiet, as Analyzer._feed_stream does: whether it was."""
    got = quiet.classify(n, raw)
    if got.__class__ is QuietLine:
        quiet.a.quiet(got, quiet.parser)
        return True
    return False


@pytest.mark.parametrize("error, before", [
    ("(APIServer pid=7) ERROR 11-24 16:51:00 [serving_chat.py:222] Error in preprocessing prompt inputs",
     "(APIServer pid=7) INFO 11-24 16:50:59 [a.py:1] still here"),
    ("(APIServer pid=7) ERROR:     the request broke", "(APIServer pid=7) INFO:     still here"),
    ("[2025-05-21 14:02:46] ERROR:    the request broke", "[2025-05-21 14:02:45] still here"),
    ("node-1:1006:1006 [3] NCCL ABORT the communicator is aborted",
     "node-1:1006:1006 [3] NCCL INFO Comm config Blocking set to 1"),
    ("node-1:1006:1006 [3] NCCL E the communicator is aborted",
     "node-1:1006:1006 [3] NCCL INFO Comm config Blocking set to 1"),
])
def test_an_error_line_fails_a_start_that_is_not_up_on_both_paths(tmp_path, error, before):
    """A line logged as an error may end a start (an SGLang-stamped uvicorn line, NCCL's ABORT or E),
    alone, among quiet lines of its process, or after a restart where the quiet path read it once
    the server was up: it fails the start that is not up on the quiet path as on the full one (the
    quiet path took each of them for a quiet line)."""
    start = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
    for lines in (start[:15] + [error], start[:15] + [before] * 3 + [error, before],
                  start + [error, error] + start[:15] + [error]):
        log = tmp_path / "error.log"
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        quiet = report_json(log, True)
        assert quiet == report_json(log, False)
        assert json.loads(quiet)["outcome"] == "failed"


def test_a_straggling_phase_event_after_an_error_line_moves_on_on_both_paths(tmp_path):
    """An error line ends the log so far; a later event of a phase the start has left (a straggling
    rank's) shows the start moving on, on the quiet path as on the full one (hypothesis found it)."""
    log = tmp_path / "moves.log"
    log.write_text("\n".join([
        "[2025-08-19 02:11:24 TP4] Capture cuda graph end. Time elapsed: 18.77 s. mem usage=1.14 GB. avail mem=12.01 GB.",
        '(Worker pid=12566) ERROR 11-29 22:45:36 [multiproc_executor.py:953]   File "<venv>/lib/python3.11/'
        'site-packages/vllm/model_executor/model_loader/__init__.py", line 141, in get_model\r',
        "[2025-08-19 02:10:45 TP4] Using model weights format ['*.safetensors']",
    ]) + "\n", encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


def _report_with_exit(path: Path, quiet: bool, exit_code: int | None) -> str:
    analyzer = Analyzer(RULES)
    analyzer.feed_inputs([str(path)], quiet=quiet)
    analyzer.exit_code = exit_code
    return analyzer.report().to_json()


@pytest.mark.parametrize("error", [
    "ERROR 12-05 14:11:36 [core.py:588]            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
    '(APIServer pid=7) ERROR:     the request broke',
    "node-1:1006:1006 [3] NCCL ABORT the communicator is aborted",
])
def test_an_error_line_once_the_server_looked_up_ends_the_log_on_both_paths(tmp_path, error):
    """An error line is the error that ends the log so far whether or not the server looked up (the
    quiet path kept it only before): it fails a start whose uvicorn still waits for the app's startup
    (vLLM names its address first), and a server that `llmdiag run` saw exit with 1 after it is read
    from it, alone or in a run of quiet lines (differential fuzzing on the labelled logs found it)."""
    ready = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8").splitlines()
    serving = ready + ['(APIServer pid=1) INFO:     10.0.0.7:51234 - "POST /v1/completions HTTP/1.1" 200 OK'] * 3
    for lines, exit_code, outcome in (
            (["INFO:     Waiting for application startup.",
              "INFO 12-05 14:11:34 [api_server.py:1457] Starting vLLM API server 0 on http://127.0.0.1:51665", error],
             None, "failed"),
            (serving + [error] + serving[-3:], 1, "ready"),
            (serving + [error, error], 1, "ready")):
        log = tmp_path / "error.log"
        log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        quiet = _report_with_exit(log, True, exit_code)
        assert quiet == _report_with_exit(log, False, exit_code)
        assert json.loads(quiet)["outcome"] == outcome


def test_a_continuation_line_after_an_exception_keeps_its_traceback_on_both_paths(tmp_path):
    """A line after an exception line whose message begins with a blank (`\treserved_cpus=[1]`) is read
    as the traceback's continuation on the quiet path as on the full one (the quiet path dropped the
    blanks, ended the traceback and gave the next frames another one, and the failure another phase)."""
    log = tmp_path / "cont.log"
    log.write_text("\n".join([
        '  File "<venv>/lib/python3.11/site-packages/vllm/v1/engine/core.py", line 157, in __init__',
        "ERROR 02-10 09:39:12 [engine.py:458] RuntimeError: boom",
        "(EngineCore pid=22089) ERROR 12-05 03:27:41 [core.py:1510]   ^^^^^^^^",
        "(EngineCore pid=22089) ERROR 12-05 03:27:41 [core.py:1510]   ^^^^^^^^",
        "(EngineCore pid=22089) ERROR 12-05 03:27:41 [core.py:1510]   ^^^^^^^^",
        "(EngineCore pid=22089) INFO 12-05 03:27:41 [ompmultiprocessing.py:185] \treserved_cpus=[1]",
        '  File "<venv>/lib/python3.11/site-packages/vllm/v1/engine/core.py", line 315, in _initialize_kv_caches',
        "ERROR 02-10 09:39:12 [engine.py:458] ValueError: VLLM_PORT 'tcp://10.96.211.137:6785' appears to be a URI.",
    ]) + "\n", encoding="utf-8")
    tbs = []
    for quiet in (True, False):
        analyzer = Analyzer(RULES)
        analyzer.feed_inputs([str(log)], quiet=quiet)
        tbs.append([(e.n, e.tb) for e in analyzer.timeline.exceptions])
    assert tbs[0] == tbs[1]
    assert report_json(log, True) == report_json(log, False)


@pytest.mark.parametrize("frame", [
    '[2025-03-10T15:07:40Z]   File "/home/user/venv/lib/python3.10/site-packages/sglang/srt/managers/tp_worker.py", '
    'line 330, in _init_model_runner',
    '(APIServer pid=7) ERROR 11-24 16:45:00 [serving_chat.py:1]   File "/x/vllm/entrypoints/a.py", line 2, in f'])
def test_a_frame_with_no_traceback_open_opens_one_on_both_paths(tmp_path, frame):
    """A pasted excerpt may start inside a traceback: its first frame opens one (the exceptions after
    it belong to it), whether the frame is looked at alone or sits in a run of quiet lines."""
    ready = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8")
    error = "vllm serve: error: unrecognized arguments: --enable-foo-bar"
    for text in (f"{error}\n{frame}\n{error}\n{error}\n",
                 ready + "(APIServer pid=7) INFO 11-24 16:45:00 [x.py:1] hello\n" + f"{frame}\n" * 3
                 + "(APIServer pid=7) ERROR 11-24 16:45:00 [serving_chat.py:1] ValueError: bad input\n" * 2):
        log = tmp_path / "excerpt.log"
        log.write_text(text, encoding="utf-8")
        tbs = []
        for quiet in (True, False):
            analyzer = Analyzer(RULES)
            analyzer.feed_inputs([str(log)], quiet=quiet)
            tbs.append([(e.n, e.tb) for e in analyzer.timeline.exceptions])
        assert tbs[0] == tbs[1] and all(tb is not None for _, tb in tbs[0][-2:])
        assert report_json(log, True) == report_json(log, False)


def test_quiet_lines_take_the_quiet_path():
    """Not vacuous: once the process is known, a channel line, a metrics line and an access line are
    handled without the full path; a line that names a new process is not."""
    analyzer = Analyzer(RULES)
    parser = LineParser("x.log")
    quiet = QuietLines(analyzer, parser)
    assert quiet.enabled
    first = ["node-0:1001:1001 [0] NCCL INFO Channel 05/0 : 0[0] -> 1[1] via P2P/CUMEM",
             "(APIServer pid=1) INFO 10-14 07:53:44 [loggers.py:123] Engine 000: Avg prompt throughput: 1 tokens/s"]
    for n, raw in enumerate(first, 1):
        assert not _fast(quiet, n, raw)  # first sight of each process and node
        analyzer._advance(parser.parse(n, raw))
    # (the server is up: before it, an access line is a serving server's first sign, read the full way)
    analyzer._advance(parser.parse(3, "(APIServer pid=1) INFO:     Application startup complete."))
    again = ["node-0:1001:1001 [0] NCCL INFO Channel 05/0 : 0[0] -> 1[1] via P2P/CUMEM",
             "(APIServer pid=1) INFO 10-14 07:53:45 [loggers.py:123] Engine 000: Avg prompt throughput: 2 tokens/s",
             '(APIServer pid=1) INFO:     10.0.0.8:30929 - "POST /v1/chat/completions HTTP/1.1" 200 OK']
    assert all(_fast(quiet, n, raw) for n, raw in enumerate(again, 4))
    assert not _fast(quiet, 7, "(APIServer pid=2) INFO 10-14 07:53:45 [a.py:1] a new process")
    sgl = ["[2025-05-21 14:02:43 TP0] Decode batch. #running-req: 5, #token: 1234, token usage: 0.01",
           '[2025-05-21 14:02:46] INFO:     127.0.0.1:40250 - "POST /generate HTTP/1.1" 200 OK']
    for n, raw in enumerate(sgl, 20):
        assert not _fast(quiet, n, raw)  # first sight of rank TP0 and of the main process
        analyzer._advance(parser.parse(n, raw))
    assert _fast(quiet, 30, "[2025-05-21 14:02:50 TP0] Decode batch. #running-req: 6, #token: 99, token usage: 0.02")
    assert _fast(quiet, 31, '[2025-05-21 14:02:51] INFO:     127.0.0.1:40251 - "POST /generate HTTP/1.1" 200 OK')
    assert not _fast(quiet, 8, "node-0:1001:1001 [0] NCCL INFO Channel 05/0 : 0[0] -> 1[1] via SHM/direct/direct")


def test_access_lines_of_one_number_shape_are_classified_once(monkeypatch):
    """An access line names a new client port each time: watch, which classifies each (its heartbeat
    marker), remembers what it made of one by its number shape, and a later line of that shape gets
    its own text and events without being classified again."""
    analyzer = Analyzer(RULES)
    parser = LineParser("x.log")
    quiet = QuietLines(analyzer, parser, live=True)
    head = "(APIServer pid=1) INFO 10-14 07:53:44 [loggers.py:123] Engine 000: Avg prompt throughput: 1 tokens/s"
    analyzer._advance(parser.parse(1, head))  # (the process's first line)
    # (the server is up: before it, an access line is a serving server's first sign, read the full way)
    analyzer._advance(parser.parse(2, "(APIServer pid=1) INFO:     Application startup complete."))
    firsts = []
    first = QuietLines._first
    monkeypatch.setattr(QuietLines, "_first", lambda self, n, *rest: firsts.append(n) or first(self, n, *rest))
    lines = [f'(APIServer pid=1) INFO:     10.0.0.{ip}:{port} - "POST /v1/chat/completions HTTP/1.1" 200 OK'
             for ip, port in ((7, 30928), (8, 41022), (9, 52817), (3, 12345))]
    got = [quiet.classify(n, raw) for n, raw in enumerate(lines, 3)]
    assert all(q.__class__ is QuietLine for q in got)
    assert firsts == [3, 4]  # (the first of its digits' places; the first of its shape)
    for q, raw in zip(got, lines):
        assert q.text == raw.split("INFO:", 1)[1].strip() and q.events


def test_sglang_access_lines_of_one_number_shape_keep_their_own_clocks(tmp_path):
    """An SGLang-stamped access line of a shape already read is read at its own clock (the server's
    span ends at the last one), as on the full path."""
    real = ROOT / "sample_logs" / "sglang" / "sglang-0.4.6-tp2-qwen2.5-32b-ready.log"
    log = tmp_path / "access.log"
    log.write_text(real.read_text(encoding="utf-8") + "".join(
        f'[2025-05-21 14:0{m}:{s}] INFO:     127.0.0.1:{port} - "POST /generate HTTP/1.1" 200 OK\n'
        for m, s, port in ((3, 10, 40250), (3, 11, 40251), (4, 12, 40252), (5, 13, 40253))), encoding="utf-8")
    quiet = report_json(log, True)
    assert quiet == report_json(log, False)
    assert json.loads(quiet)["phases"][-1]["duration_s"] > 120


def test_long_lines_are_not_remembered():
    """The memo keeps short lines only: thousands of long quiet lines, each new, leave it as it was
    (it would hold each line twice: its key and its text)."""
    from diagnose.fastpath import _MEMO_LINE

    analyzer = Analyzer(RULES)
    parser = LineParser("x.log")
    quiet = QuietLines(analyzer, parser)
    heads = ["[2025-05-21 14:02:43] ", "node-0:1001:1001 [0] NCCL INFO "]
    for n, head in enumerate(heads, 1):
        analyzer._advance(parser.parse(n, head + "hello"))  # (the processes' first lines)
    assert _fast(quiet, 3, heads[0] + "hello") and _fast(quiet, 4, heads[1] + "hello")
    size = len(quiet._memo)
    for n in range(5, 200):
        assert _fast(quiet, n, heads[n % 2] + "x" * _MEMO_LINE + str(n))
    assert len(quiet._memo) == size


def _bench_log(tmp_path, kind: str, seed: int) -> Path:
    """A 1 MB log of bench/gen_log.py (`serving` or `ranks`)."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import gen_log
    finally:
        sys.path.pop(0)
    log = tmp_path / f"{kind}.log"
    (gen_log.generate_ranks if kind == "ranks" else gen_log.generate)(log, 1.0, seed=seed)
    return log


def _count_run_lines(monkeypatch, counts: dict) -> None:
    """Add to counts[True] the lines of every run QuietLines.run takes."""
    run = QuietLines.run

    def counting(self, first, last, text, held=()):
        out = run(self, first, last, text, held)
        if out.__class__ is QuietRun:
            counts[True] += out.k
        return out

    monkeypatch.setattr(QuietLines, "run", counting)


def test_benchmark_log_reports_the_same(tmp_path, monkeypatch):
    """The benchmark's generated log (NCCL noise of 8 ranks, request and metrics lines, request
    tracebacks, bar redraws) is what the quiet path is for: same report, and most lines quiet."""
    log = _bench_log(tmp_path, "serving", 3)
    calls = {True: 0, False: 0}
    classify = QuietLines.classify

    def counting(self, n, raw):
        out = classify(self, n, raw)
        calls[out.__class__ is QuietLine] += 1
        return out

    monkeypatch.setattr(QuietLines, "classify", counting)
    _count_run_lines(monkeypatch, calls)
    assert report_json(log, True) == report_json(log, False)
    assert calls[True] > 4 * calls[False]  # on the bench logs ~86% of lines (alone or in runs)


def test_ranks_benchmark_log_reports_the_same_with_runs(tmp_path, monkeypatch):
    """The 8-rank start-up log of the benchmark (NCCL INFO and DEBUG lines of 8 ranks): same report,
    and most of its lines are applied as runs (QuietLines.run), not one by one."""
    log = _bench_log(tmp_path, "ranks", 5)
    lines = {True: 0}
    _count_run_lines(monkeypatch, lines)
    assert report_json(log, True) == report_json(log, False)
    assert lines[True] > 0.5 * log.read_bytes().count(b"\n")


def test_a_servers_access_log_is_read_in_runs(tmp_path, monkeypatch):
    """uvicorn's access lines (one per request, each with another client address) are applied as
    runs, not looked at one by one, though each holds ` HTTP/`: a rule needs more of a line there
    (a proxy's `http://`); an access line that holds it is looked at alone, and fires the rule."""
    ready = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8")
    rnd = random.Random(3)
    access = [f'(APIServer pid=7) INFO:     10.{rnd.randrange(256)}.{rnd.randrange(256)}.{rnd.randrange(256)}:'
              f'{rnd.randrange(30000, 65000)} - "{rnd.choice(["POST /v1/chat/completions", "GET /metrics"])} HTTP/1.1" '
              f'{rnd.choice([200, 200, 400])} OK' for _ in range(3000)]
    proxied = 'http://10.0.0.20:3138 "GET http://0.0.0.0:8080/health HTTP/1.1" 403 3582'
    log = tmp_path / "access.log"
    log.write_text(ready + "\n".join(access[:1500] + [proxied] + access[1500:]) + "\n", encoding="utf-8")
    alone = []
    classify = QuietLines.classify

    def recording(self, n, raw):
        alone.append(raw)
        return classify(self, n, raw)

    monkeypatch.setattr(QuietLines, "classify", recording)
    assert report_json(log, True) == report_json(log, False)
    assert proxied in alone and sum(1 for raw in alone if raw in access) < 30
    report = json.loads(report_json(log, True))
    assert "generic-local-request-through-proxy" in [d["rule"] for d in report["diagnoses"]]


def test_a_run_cut_at_many_lines_costs_a_bounded_number_of_passes(tmp_path, monkeypatch):
    """Error lines before the server is up are taken alone and cut the run they sit in: the lines
    between them are tried as runs a bounded number of times (each try is a pass over what is
    left), then taken one by one; the report is the same."""
    head = "(APIServer pid=1) INFO 10-14 07:53:44 [api_server.py:1] vLLM API server version 0.11.0"
    body = []
    for i in range(3000):
        level = "ERROR" if i % 3 == 0 else "INFO"
        body.append(f"(APIServer pid=1) {level} 10-14 07:53:45 [x.py:{i % 7}] step {i} of the setup")
    log = tmp_path / "errors.log"
    log.write_text(head + "\n" + "\n".join(body) + "\n", encoding="utf-8")
    looked = {True: 0}
    run = QuietLines.run

    def counting(self, first, last, text, held=()):
        looked[True] += last - first + 1
        return run(self, first, last, text, held)

    monkeypatch.setattr(QuietLines, "run", counting)
    assert report_json(log, True) == report_json(log, False)
    assert 0 < looked[True] <= 12 * len(body)


def test_a_straggling_ranks_nccl_lines_after_the_start_came_up(tmp_path, monkeypatch):
    """NCCL communicator lines of ranks after the server is up: the nccl phase's span and each
    rank's phases are extended and nNodes is read the same way on the quiet path."""
    ready = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8")
    extra = []
    for i in range(6):
        for r in range(2):
            extra.append(f"node-{r}:100{r}:100{r} [{r}] NCCL INFO comm 0x{i:x}{r} rank {r} nRanks 2 nNodes {1 + i % 3} "
                         f"localRanks 1 localRank 0 MNNVL 0")
            extra.append(f"node-{r}:100{r}:100{r} [{r}] NCCL INFO Channel 0{i}/0 : {r}[{r}] -> {1 - r}[{1 - r}] via P2P/CUMEM")
    log = tmp_path / "late-nccl.log"
    log.write_text(ready + "\n".join(extra) + "\n", encoding="utf-8")
    seen = {}  # line -> (quiet, names one node), as last classified (a run looks at its lines first)
    classify = QuietLines.classify

    def recording(self, n, raw):
        out = classify(self, n, raw)
        if "comm 0x" in raw:
            seen[n] = (out.__class__ is QuietLine, "nNodes 1 " in raw)
        return out

    monkeypatch.setattr(QuietLines, "classify", recording)
    assert report_json(log, True) == report_json(log, False)
    # each process's first comm line teaches its rank; the later ones are quiet whatever their nNodes
    # (no rule reads them: the rules' several_nodes comes from the tracker, which reads nNodes both ways)
    got = [seen[n] for n in sorted(seen)]
    assert [out for out, _ in got[:2]] == [False, False]
    assert all(out for out, _ in got[2:]) and any(not single for _, single in got[2:])


def test_stdin_takes_the_quiet_path_and_reports_the_same(tmp_path):
    """`kubectl logs POD | llmdiag explain -`: one input read from a pipe, with and without the quiet path."""
    import subprocess
    import sys

    code = ("import sys\nfrom diagnose.pipeline import Analyzer, load_rules\n"
            "a = Analyzer(load_rules()[0]); a.feed_inputs(['-'], quiet={q})\nsys.stdout.write(a.report().to_json())\n")
    log = ROOT / "sample_logs" / "vllm" / "29-v1-0.11.0-restart-loop-symm-mem.log"
    outs = []
    for q in (True, False):
        with open(log, "rb") as fh:
            outs.append(subprocess.run([sys.executable, "-c", code.format(q=q)], stdin=fh, capture_output=True,
                                       check=True).stdout)
    assert outs[0] == outs[1] and b'"<stdin>"' in outs[0] and b'"starts": 2' in outs[0]


@pytest.mark.parametrize("anchor,clear", [
    ("Error: ", True), ("NCCL INFO comm 0x", True), ("Registering 0 cuda", True), ("x", True),
    ("INFO 1", False), ("11-24", False), (": 1", False), ("-", False), (" 1", False),
    ("a11-24 16:43:14b", False), ("a11-24 16:43:1b", True),
])
def test_anchors_that_can_overlap_a_stamp(anchor, clear):
    """Only anchors that never overlap a vLLM stamp let lines that differ in their stamps share a memo entry."""
    from diagnose.fastpath import clear_of_stamps

    assert clear_of_stamps(anchor) is clear


def test_a_pack_anchor_that_can_overlap_a_stamp_switches_stamp_less_keys_off(tmp_path, monkeypatch):
    """With an anchor such as `INFO 1` a line's anchors depend on its stamp: lines are keyed whole,
    and the reports still read as the full path's."""
    from diagnose import fastpath

    assert QuietLines(Analyzer(RULES), LineParser("x"))._templates
    monkeypatch.setattr(fastpath, "TRIGGERS", fastpath.TRIGGERS + ("INFO 1",))
    assert not QuietLines(Analyzer(RULES), LineParser("x"))._templates
    log = tmp_path / "x.log"
    log.write_text("\n".join(_STAMP.sub(stamp, line, count=1) for line in POOL for stamp in _STAMPS[:3]) + "\n",
                   encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)


def test_blank_lines_take_the_quiet_path_and_report_the_same(tmp_path):
    """Empty lines (a log padded with them reads at the rate of lines, not bytes) are counted on the
    quiet path once their input's process is known; one may end a traceback, as on the full path."""
    analyzer = Analyzer(RULES)
    parser = LineParser("x.log")
    quiet = QuietLines(analyzer, parser)
    assert not _fast(quiet, 1, "")  # first sight of the input's main process
    analyzer._advance(parser.parse(1, ""))
    assert _fast(quiet, 2, "") and _fast(quiet, 3, "   ") and _fast(quiet, 4, "\t")
    assert analyzer.timeline.n_lines == 4 and analyzer.last is None
    tb = "Traceback (most recent call last):\n  File \"/x.py\", line 1, in f\nValueError: x\n"
    log = tmp_path / "blanks.log"
    log.write_text("\n" * 50 + (tb + "\n" * 7) * 3 + "INFO:     Application startup complete.\n" + "\n" * 20)
    assert report_json(log, True) == report_json(log, False)
    ray = tmp_path / "logs"
    ray.mkdir()
    (ray / "raylet.out").write_text("[2024-11-05 10:12:40,100 I 811 811] (raylet) main.cc:180: Setting cluster ID\n")
    (ray / "worker-0a1b2c3d-01000000-3121.out").write_text(
        ":job_id:01000000\n:actor_name:RayWorkerWrapper\n\n\n" + tb + "\n\n")
    for quiet_path in (True, False):  # a Ray worker file's blank lines belong to its process
        a = Analyzer(RULES)
        a.feed_inputs([str(ray / "worker-0a1b2c3d-01000000-3121.out")], quiet=quiet_path)
        if quiet_path:
            got = a.report().to_json()
        else:
            assert a.report().to_json() == got


@pytest.mark.parametrize("pattern,anchors,blind", [
    (r"(?P<exc>ValueError): (?P<n>\d+) tokens", ("ValueError",), True),
    (r"\bnNodes (?:[2-9]|\d{2,}) ", ("nNodes ",), False),  # a range of some digits
    (r"port 8000\b", ("port ",), False),  # a digit of its own
    (r"(\w+) \1", ("x",), False),  # a back-reference
    (r"[A-Z0-9_]{3,}=", ("=",), True),  # all ten digits
    (r"cuda:\d", ("cuda:0",), False),  # a digit in the anchor
    (r"\b(?:fp8|bf16|float16)\b", ("fp8",), True),  # digits after a letter are no number's
    (r"gfx9\d\w*", ("gfx9",), True),
    (r"(?:fp|int)8", ("8",), False),  # a digit after a group: not known to be bound
    (r"v 8", ("v ",), False),  # a digit after a blank may be a number's
    (r"a\b8", ("a",), False),
])
def test_number_blind_leaves(pattern, anchors, blind):
    from diagnose.matcher import number_blind

    assert number_blind(pattern, anchors) is blind


@pytest.mark.parametrize("pattern,needs", [
    (r"CUDA out of memory\. Tried to allocate (?P<n>[\d.]+) GiB", (("CUDA out of memory. Tried to allocate ",), (" GiB",))),
    (r"(?:foo|barx)bazqux", (("foo", "barx"), ("bazqux",))),  # one literal per branch
    (r"(?:foo|ba)bazqux", (("bazqux",),)),  # a branch without one: none of them
    (r"(?:abc)?defg", (("defg",),)),  # an optional part: not required
    (r"(?:abc){2}xyz", (("abc",), ("xyz",))),
    (r"(?=.*?(?:requires|needs))Error", (("requires", "needs"), ("Error",))),  # a look-ahead's too
    (r"(?!.*?nope)Error", (("Error",),)),  # a negative one: not
    (r"(?i:abc)def", (("def",),)),  # a scoped case flag: its part not read
    (r"(?i)abcdef", ()),  # a global one: nothing known
    (r"\p{L}abc", ()),  # `regex` syntax the stdlib parser does not read
    (r"x[[:alpha:]]yzw", ()),  # a POSIX class, which the stdlib parser reads as a set and a `]`
])
def test_required_literals(pattern, needs):
    from diagnose.matcher import required_literals

    assert required_literals(pattern) == needs


def test_a_posix_class_gives_no_anchor_the_regex_does_not_require():
    """`regex` reads [[:alpha:]] as a class of letters; the stdlib parser as a set followed by `]`.
    Nothing is derived from the stdlib's reading then: the rule still finds its line."""
    import regex

    from diagnose.matcher import literal_anchors, number_blind, scan_anchors

    pattern = r"x[[:alpha:]]yzw"
    assert regex.search(pattern, "xqyzw")
    assert literal_anchors(pattern) is None
    assert scan_anchors(pattern, ("x",)) == ("x",)
    assert number_blind(pattern, ("x",)) is False


def test_leaves_of_the_pack_match_only_texts_holding_their_required_literals():
    """Every regex leaf of the shipped pack that matches a sample line finds a literal of each clause
    required_literals reads from it in that line (lower-cased for a case-blind leaf): the premise of
    skipping a leaf, without compiling it, on a text that lacks one."""
    from diagnose.matcher import Matcher

    m = Matcher(RULES)
    leaves = [lf for lf in m.leaves if lf.kind == "regex" and lf.needs]
    assert len(leaves) > len(m.leaves) // 3
    texts = set()
    for path in sorted(Path("sample_logs").rglob("*.log")):
        texts.update(line for line in path.read_text(errors="replace").splitlines() if len(line) < 2000)
    matched = 0
    for text in sorted(texts):
        for lf in leaves:
            if lf.pattern.search(text) is not None:
                matched += 1
                seen = text.lower() if lf.ignore_case else text
                assert all(any(a in seen for a in clause) for clause in lf.needs), (lf.origin, text)
    assert matched > 200


@pytest.mark.parametrize("text,shape", [
    ("requested 78673 tokens (76625 in the messages)", "requested 00000 tokens (00000 in the messages)"),
    ("fp8 bf16 Qwen3-32B cuda:1 v0.11.2", "fp8 bf16 Qwen3-00B cuda:0 v0.00.0"),
    ("_7 x_12 ٣4 12ab", "_7 x_12 ٣4 00ab"),
])
def test_number_shape(text, shape):
    from diagnose.matcher import number_shape

    assert number_shape(text) == shape


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="a_Z1٣0 9x.-Ⅻ²é:", max_size=24))
def test_number_shape_is_its_definition(text):
    """The ASCII shortcut of number_shape gives what the definition gives: the digits of every run
    of ASCII digits that follows no word character made 0."""
    from diagnose.matcher import number_shape

    zero = str.maketrans("123456789", "000000000")
    assert number_shape(text) == re.sub(r"(?<!\w)[0-9]+", lambda m: m.group().translate(zero), text)
    ascii_text = text.encode("ascii", "ignore").decode()
    assert number_shape(ascii_text) == re.sub(r"(?<!\w)[0-9]+", lambda m: m.group().translate(zero), ascii_text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet="a_Z1٣0 9x.-é:", max_size=12), min_size=2, max_size=2))
def test_shape_key_is_equal_where_number_shapes_are(texts):
    """shape_key, the quiet path's memo key, tells two texts apart exactly where number_shape does
    (the pair often shares its letters, so that equal shapes with other digits occur)."""
    from diagnose.matcher import number_shape, shape_key

    a, b = texts
    for x, y in ((a, b), (a, a.translate(str.maketrans("19", "91"))), (a.encode("ascii", "ignore").decode(), b)):
        assert (shape_key(x) == shape_key(y)) == (number_shape(x) == number_shape(y))


def test_texts_of_one_number_shape_get_their_own_captures():
    """A text whose numbers differ from one already matched is answered by the number-shape memo: the
    leaves that hit give their captures from the same places in its own text (its own digits)."""
    from diagnose.matcher import Matcher

    m = Matcher(RULES)
    run = m.new_run()
    a = "ValueError: This model's maximum context length is 32768 tokens. However, you requested 40000 tokens"
    b = a.replace("40000", "51234").replace("32768", "16384")
    fresh = Matcher(RULES)
    assert m.leaf_hits(a, run) == fresh.leaf_hits(a, fresh.new_run())
    assert m.leaf_hits(b, run) == Matcher(RULES).leaf_hits(b, fresh.new_run())


def test_number_blind_leaves_of_the_pack_answer_alike_on_a_texts_number_shape():
    """Every number-blind regex leaf of the shipped pack matches a sample line exactly when it matches
    the line with its numbers' digits changed (the premise of the number-shape memo)."""
    from diagnose.matcher import Matcher, number_blind, number_shape

    m = Matcher(RULES)
    leaves = [lf for lf in m.leaves if lf.kind == "regex" and number_blind(lf.text, lf.anchor)]
    assert len(leaves) > len(m.leaves) // 2
    rng = random.Random(7)
    texts = set()
    for path in sorted(Path("sample_logs").rglob("*.log")):
        for line in path.read_text(errors="replace").splitlines():
            if re.search(r"(?<!\w)\d", line) and len(line) < 2000:
                texts.add(line)
    texts = sorted(texts)
    assert len(texts) > 1000
    texts = rng.sample(texts, 1000)
    other = str.maketrans("0123456789", "1234567890")
    for text in texts:
        shape = number_shape(text)
        moved = re.sub(r"(?<!\w)[0-9]+", lambda g: g.group().translate(other), text)
        for lf in leaves:
            hit = lf.pattern.search(text) is not None
            assert (lf.pattern.search(shape) is not None) is hit, (lf.origin, text)
            if rng.random() < 0.2:
                assert (lf.pattern.search(moved) is not None) is hit, (lf.origin, text)


_HEADS = ["(APIServer pid=1) ERROR 11-24 16:42:09 [serving_chat.py:222] ", "(APIServer pid=1) ERROR 11-24 16:42:10 [serving_chat.py:222]",
          "INFO 11-24 16:42:09.123 [core.py:70] ", "(Worker pid=7) INFO:     ", "INFO:  ",
          "node-1:1005:1005 [5] ", "node-1:1005:1005 [5] misc/socket.cc:578 "]
_BODIES = ["  File \"/x/vllm/entrypoints/openai/serving_chat.py\", line 205, in create", "    raise ValueError(",
           "\treserved_cpus=[1]", " x",
           "NCCL INFO comm 0x1 rank 5", "NCCL WARN socket", "10.0.0.7:51234 - \"POST /v1 HTTP/1.1\" 200 OK",
           "", "  ", "x\t", "ValueError: too long"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_HEADS), st.sampled_from(_BODIES)), min_size=1, max_size=12))
def test_run_texts_are_the_messages_without_their_heads(lines):
    """QuietLines.run_texts (which matches a repeated vLLM header once) gives what removing every
    line's head with the run-head regex gives, and what the parser reads as each line's message
    (blanks at its start kept: a traceback's continuation line is told by them)."""
    from diagnose.fastpath import _RUN_HEADS

    text = "\n".join(h + b for h, b in lines)
    texts = QuietLines.run_texts(text)
    assert texts == [m.rstrip() for m in _RUN_HEADS.sub("", text).split("\n")]
    parser = LineParser("x.log")
    assert texts == [parser.parse(n, raw).text for n, raw in enumerate(text.split("\n"), 1)]


def test_a_line_of_a_server_serving_before_any_ready_line_reads_the_same_on_both_paths(tmp_path):
    """SGLang's `Decode batch` (a heartbeat the quiet path takes in runs) is a ready line where none came
    before it (an excerpt that begins after ready): both paths read it so, and once ready, a run of them
    stays quiet."""
    decode = ("[2026-04-07 13:24:{s:02d} TP0] Decode batch, #running-req: 10, #token: 4852{s:02d}, token usage: 0.94, "
              "gen throughput (token/s): 259.82, #queue-req: 0\n")
    log = tmp_path / "decode.log"
    log.write_text("[2026-04-07 13:24:00 TP0] Prefill batch, #new-seq: 1, #new-token: 12, #cached-token: 0, "
                   "token usage: 0.00, #running-req: 0, #queue-req: 0\n"
                   + "".join(decode.format(s=s) for s in range(1, 40))
                   + "terminate called after throwing an instance of 'gloo::EnforceNotMet'\nFatal Python error: Aborted\n",
                   encoding="utf-8")
    quiet = report_json(log, True)
    assert quiet == report_json(log, False)
    rep = json.loads(quiet)
    assert (rep["outcome"], rep["after_ready"]["state"], rep["after_ready"]["line"]) == ("ready", "died", 42)


def test_an_access_line_before_ready_reads_as_on_the_full_path(tmp_path):
    """Differential fuzzing: uvicorn's access line shows a vLLM server that came up (Marker.serving), and
    explain's quiet path, which does not read access lines once the server is up, took it as quiet
    before it was: the full path read the server as up, the quiet path as a start that stalled."""
    log = tmp_path / "x.log"
    log.write_text('[2026-12-05 16:57:13] opentelemetry package is not installed, tracing disabled\n[2026-12-05 17:00:18] INFO:     127.0.0.1:51610 - "POST /freeze_gc HTTP/1.1" 200 OK\n', encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)
    assert json.loads(report_json(log, True))["outcome"] == "ready"


def test_a_run_that_ends_an_open_traceback_before_a_frame_reads_as_on_the_full_path(tmp_path):
    """Differential fuzzing: a run of quiet lines that ended an open traceback and then held a frame
    line, which opens another traceback on the full path (a traceback pasted without its header)."""
    log = tmp_path / "x.log"
    log.write_text('(APIServer pid=7997) INFO 12-06 06:30:17 [entry.py:140] Starting vLLM server on http://127.0.0.1:49879\n(VllmWorker TP3 pid=365) ERROR 08-28 10:14:31 [multiproc_executor.py:559]   File "/usr/local/lib/python3.12/dist-packages/vllm/model_executor/layers/linear.py", line 541, in weight_loader\n(EngineCore_0 pid=286) Process EngineCore_0:\npydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\nINFO:     Shutting down\n(APIServer pid=7997) INFO 12-06 06:30:17 [launcher.py:195] Route: /v1/messages/count_tokens, Methods: POST\n  File "<python>/lib/python3.11/contextlib.py", line 210, in __aenter__\n(APIServer pid=7997) INFO 12-06 06:30:17 [launcher.py:195] Route: /v1/responses/{response_id}/cancel, Methods: POST\n(EngineCore_0 pid=286) ERROR 08-28 10:14:35 [core.py:700]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 472, in wait_for_ready\n  Value error, User-specified max_model_len (256) is greater than the derived max_model_len (max_position_embeddings=0 or model_max_length=None in model\'s config.json). This may lead to incorrect model outputs or CUDA errors. To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 [type=value_error, input_value=ArgsKwargs((), {\'model\': ...attention_dtype\': None}), input_type=ArgsKwargs]\n(APIServer pid=7997) ERROR 12-06 06:30:18 [async_llm.py:906] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.\n', encoding="utf-8")
    assert report_json(log, True) == report_json(log, False)
