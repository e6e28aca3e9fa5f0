"""The line layer alone: prefixes, encodings, \\r redraws, bounded lines."""

import gzip
import io
import json

import pytest

from diagnose.lines import MAX_LINE_BYTES, InputError, LineParser, iter_records, lines_from_text, read_lines

from .conftest import run_cli


def one(text):
    recs = lines_from_text(text)
    assert len(recs) == 1, recs
    return recs[0]


def test_vllm_header_and_process_tag():
    r = one("(EngineCore_DP0 pid=93) ERROR 04-21 09:52:37 [core.py:1100] ValueError: boom")
    assert r.text == "ValueError: boom"
    assert r.proc == "EngineCore_DP0" and r.pid == 93
    assert r.level == "ERROR" and r.kind == "vllm"
    assert r.clock is not None


def test_old_vllm_header_without_bracket():
    r = one("INFO 01-12 09:24:00 llm_engine.py:275] # GPU blocks: 229, # CPU blocks: 512")
    assert r.text == "# GPU blocks: 229, # CPU blocks: 512"


def test_ray_tag_then_worker_tag_and_dedup_suffix():
    r = one("(RayWorkerProc pid=9, ip=10.0.0.3) (Worker_TP1 pid=9) INFO 01-01 00:00:01 [x.py:1] hello [repeated 3x across cluster]")
    assert r.text == "hello"
    assert r.ip == "10.0.0.3" and r.node == "10.0.0.3"
    assert r.rank == 1


def test_sglang_prefix_with_tags():
    r = one("[2025-10-07 22:49:27 DP1 TP3] Registering 0 cuda graph addresses")
    assert r.text == "Registering 0 cuda graph addresses"
    assert r.tags == "DP1 TP3" and r.rank == 3 and r.year == 2025


def test_sglang_uvicorn_line():
    r = one("[2025-05-19 10:46:11] INFO:     Uvicorn running on http://0.0.0.0:8200 (Press CTRL+C to quit)")
    assert r.kind == "uvicorn" and r.text.startswith("Uvicorn running on")


def test_rank_prefix_and_torch_c10():
    r = one("[rank3]:[W212 03:55:32.444220068 socket.cpp:487] [c10d] waitForInput: socket timed out")
    assert r.rank == 3 and r.kind == "torch" and r.text.startswith("[c10d] waitForInput")


def test_nccl_debug_prefix():
    r = one("vm:642:642 [0] NCCL INFO NCCL version 2.28.9+cuda13.0")
    assert r.kind == "nccl" and r.node == "vm" and r.text == "NCCL INFO NCCL version 2.28.9+cuda13.0"


@pytest.mark.parametrize("prefix", [
    "2025-03-10T15:07:20.1234567Z ",  # GitHub Actions
    "[2025-03-10T15:07:20Z] ",  # Buildkite
    "2025-03-10T15:07:20.123456789+00:00 ",  # kubectl logs --timestamps
    "vllm-1  | ",  # docker compose
    "vllm     | ",  # docker compose, a service with a container_name (padded to the widest name)
    "2025-03-10T15:07:20.1234567Z vllm-1  | ",  # both
    "2025-03-10 15:07:20 ",  # Docker Desktop's log view with its time stamps
    "[pod/vllm-0/vllm] ",  # kubectl logs --prefix
    "[pod/vllm-0/vllm] 2025-03-10T15:07:20.123456789Z ",  # kubectl logs --prefix --timestamps
    "[node/gpu-node-3] ",  # kubectl logs --prefix of a node's log
])
def test_collector_prefixes_are_stripped(prefix):
    r = one(prefix + "INFO 03-10 15:07:20 [core.py:1] Starting to load model m...")
    assert r.text == "Starting to load model m..."
    assert r.raw.startswith(prefix)


def test_compose_prefix_names_the_node_and_a_bar_is_not_a_prefix():
    assert one("vllm     | INFO 03-10 15:07:20 [core.py:1] hi").node == "vllm"
    assert one("vllm-1  | INFO 03-10 15:07:20 [core.py:1] hi").node == "vllm-1"
    r = one("Loading weights: 100%| 4/4 [00:02<00:00]")
    assert r.node is None and r.text.startswith("Loading weights")


def test_kubectl_prefix_names_the_pod_as_the_node_and_other_brackets_are_not_one():
    assert one("[pod/vllm-leader-0/vllm] INFO 03-10 15:07:20 [core.py:1] hi").node == "vllm-leader-0"
    r = one("[pod] INFO 03-10 15:07:20 [core.py:1] hi")  # not kubectl's shape: left whole
    assert r.node is None and r.text.startswith("[pod]")


def test_python_logging_stamp_is_not_a_collector_prefix():
    r = one("2025-03-10 15:07:20,123 root INFO hi")
    assert (r.kind, r.level, r.text) == ("pylog", "INFO", "hi")
    r = one("2025-03-10 15:07:20,123 - vllm - INFO - hi")  # (a format the parser does not read: left whole)
    assert (r.kind, r.text) == ("raw", "2025-03-10 15:07:20,123 - vllm - INFO - hi")


def test_sglang_start_behind_docker_desktop_stamps_comes_up(tmp_path):
    """Every line of a log copied from Docker Desktop begins with its own `date time ` stamp (in the
    host's zone), an SGLang header after it (in the container's): the start is read as without it."""
    lines = [
        "[2025-02-04 05:21:40 TP0] Load weight begin. avail mem=22.92 GB",
        "",
        "[2025-02-04 05:29:17 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.37 GB",
        "[2025-02-04 05:29:17 TP0] Memory pool end. avail mem=1.68 GB",
        "[2025-02-04 05:29:18 TP0] Capture cuda graph begin. This can take up to several minutes.",
        "[2025-02-04 05:29:19 TP0] Capture cuda graph end. Time elapsed: 1.79 s",
        "[2025-02-04 05:29:20] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        "[2025-02-04 05:29:23] The server is fired up and ready to roll!",
    ]
    log = tmp_path / "desktop.log"
    log.write_text("".join(f"2025-02-04 {int(ln[12:14]) + 16 if ln else 21}:{ln[15:20] if ln else '29:17'} {ln}\n"
                           for ln in lines))
    code, out, _ = run_cli(["explain", str(log), "--format", "json"])
    rep = json.loads(out)
    assert code == 0 and rep["outcome"] == "ready" and rep["engine"] == "sglang"
    assert [p["name"] for p in rep["phases"]] == ["weights", "kv_cache", "compile", "server"]
    assert rep["phases"][0]["duration_s"] == 457.0  # the header's clock, not the prefix's


def test_sglang_start_behind_kubectl_prefix_comes_up(tmp_path):
    """`kubectl logs --prefix` puts `[pod/NAME/CONTAINER] ` before every line: a start that came up
    after a harmless traceback (SGLang's post-warmup GC freeze refused, thread of issues-140) reads as
    it does without the prefix."""
    lines = [
        "[2025-02-04 05:29:20] INFO:     Application startup complete.",
        "[2025-02-04 05:29:20] INFO:     Uvicorn running on http://127.0.0.1:31000 (Press CTRL+C to quit)",
        "[2025-02-04 05:29:21] post-warmup freeze_gc failed",
        "Traceback (most recent call last):",
        "  ...",
        "ConnectionRefusedError: [Errno 111] Connection refused",
        "[2025-02-04 05:29:23] The server is fired up and ready to roll!",
    ]
    plain, prefixed = tmp_path / "plain.log", tmp_path / "kubectl.log"
    plain.write_text("".join(ln + "\n" for ln in lines))
    prefixed.write_text("".join("[pod/sglang-0/sglang] " + ln + "\n" for ln in lines))
    reps = [json.loads(run_cli(["explain", str(p), "--format", "json"])[1]) for p in (plain, prefixed)]
    for rep in reps:
        assert rep["outcome"] == "ready" and rep["engine"] == "sglang"
        assert not [d for d in rep["diagnoses"] if d["severity"] == "error"]


def test_ansi_removed_from_text_and_raw():
    r = one("\x1b[1;36m(VllmWorkerProcess pid=5)\x1b[0;0m \x1b[32mINFO\x1b[0m 01-01 00:00:00 x.py:1] hi")
    assert r.text == "hi" and "\x1b" not in r.raw


def test_colour_codes_as_cat_v_shows_them_are_removed():
    # a page's copy of a terminal view (batch zh-132): ESC as "^[", the line's carriage return as "^M"
    r = one("^[[0;36m(Worker_TP3 pid=134707)^[[0;0m ERROR 07-28 01:24:15 [multiproc_executor.py:824] Traceback (most recent call last):^M")
    assert (r.proc, r.pid, r.text) == ("Worker_TP3", 134707, "Traceback (most recent call last):")
    assert "^[" not in r.raw and not r.raw.endswith("^M")
    # a caret elsewhere stays
    assert one("INFO 07-28 01:24:15 [x.py:1] match ^[a-z]+$ or ^M in the middle").text == "match ^[a-z]+$ or ^M in the middle"


def test_tqdm_redraws_collapse_to_last_state():
    recs = lines_from_text("Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\r"
                           "Loading safetensors checkpoint shards:  50% Completed | 2/4 [00:01<00:01,  1.5it/s]\r"
                           "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:02<00:00,  1.5it/s]\n")
    assert len(recs) == 1
    assert "4/4" in recs[0].text and recs[0].redraws == 2 and recs[0].n == 1


def test_carriage_return_only_log_keeps_distinct_lines():
    recs = lines_from_text("first line\rsecond line\rthird line")
    assert [r.text for r in recs] == ["first line", "second line", "third line"]
    assert {r.n for r in recs} == {1}


def test_crlf_and_nul_bytes():
    recs = list(iter_records(io.BytesIO(b"a\x00b\r\nsecond\r\n"), "x"))
    assert [r.text for r in recs] == ["ab", "second"]
    assert [r.n for r in recs] == [1, 2]


def test_invalid_utf8_and_gb18030():
    gbk = "错误：模型路径不存在".encode("gb18030")
    recs = list(iter_records(io.BytesIO(b"\xff\xfe bad\n" + gbk + b"\n"), "x"))
    assert "\ufffd" in recs[0].text
    assert recs[1].text == "错误：模型路径不存在"


def test_very_long_line_is_cut_and_numbering_continues():
    data = b"x" * (MAX_LINE_BYTES * 5) + b"\nafter\n"
    recs = list(iter_records(io.BytesIO(data), "x"))
    assert len(recs[0].raw) <= MAX_LINE_BYTES
    assert recs[1].text == "after" and recs[1].n == 2


def test_gzip_and_missing_and_directory(tmp_path):
    p = tmp_path / "log.gz"
    p.write_bytes(gzip.compress(b"hello\nworld\n"))
    assert [r.text for r in read_lines(str(p))] == ["hello", "world"]
    with pytest.raises(InputError, match="no such file"):
        list(read_lines(str(tmp_path / "nope.log")))
    with pytest.raises(InputError, match="directory"):
        list(read_lines(str(tmp_path)))


def test_corrupt_gzip_is_an_input_error(tmp_path):
    p = tmp_path / "bad.gz"
    p.write_bytes(gzip.compress(b"hello\n" * 1000)[:40])
    with pytest.raises(InputError):
        list(read_lines(str(p)))


def test_year_rollover_keeps_clock_monotonic():
    recs = lines_from_text("INFO 12-31 23:59:58 [a.py:1] one\nINFO 01-01 00:00:03 [a.py:1] two\n")
    assert recs[1].clock - recs[0].clock == pytest.approx(5.0)


@pytest.mark.parametrize("data, raw", [
    (b"\x1b\x1b[0m[31mX\n", "[31mX"),  # removing one sequence must not leave a new one behind
    (b"\x1b[\x1b[0m31mX\n", "[31mX"),
    (b"a\x1b\x00[1m\n", "a"),  # a NUL inside a sequence
    (b"x\x1b\x1b[K[K\n", "x[K"),
    (b"\x1b[1;36m(APIServer pid=1)\x1b[0;0m INFO x\n", "(APIServer pid=1) INFO x"),
])
def test_no_escape_character_survives_the_parser(data, raw):
    (rec,) = list(iter_records(io.BytesIO(data), "x.log"))
    assert rec.raw == raw and "\x1b" not in rec.raw


def test_a_json_log_record_is_the_lines_it_stands_for():
    # vLLM 0.32's --logging-config.formatter json (python-json-logger): the message and its exc_info,
    # each line with the header the text formatter gives it; uvicorn's records in uvicorn's form
    from diagnose.lines import expands, json_lines, line_records

    rec = ('{"asctime": "2026-12-05 22:14:26,896", "levelname": "ERROR", "name": "vllm.v1.engine.core", '
           '"processName": "EngineCore", "process": 29466, "message": "EngineCore failed to start.", '
           '"exc_info": "Traceback (most recent call last):\\n  File \\"x.py\\", line 1, in f\\n'
           'ValueError: boom", "vllm_process_name": "EngineCore"}')
    assert expands(rec)
    head = "(EngineCore pid=29466) ERROR 12-05 22:14:26.896 [core.py:0] "
    assert [text for _, text, _ in line_records(7, rec)] == [
        head + "EngineCore failed to start.", head + "Traceback (most recent call last):",
        head + '  File "x.py", line 1, in f', head + "ValueError: boom"]
    assert {n for n, _, _ in line_records(7, rec)} == {7}
    line = LineParser("x").parse(7, line_records(7, rec)[-1][1])
    assert (line.proc, line.pid, line.level, line.text) == ("EngineCore", 29466, "ERROR", "ValueError: boom")
    uv = ('{"asctime": "2026-12-05 22:02:40,221", "levelname": "INFO", "name": "uvicorn.error", '
          '"processName": "MainProcess", "process": 6410, "message": "Application startup complete.", '
          '"vllm_process_name": "APIServer"}')
    assert json_lines(uv) == ["(APIServer pid=6410) INFO:     Application startup complete."]
    # not a record: a line kept as it is
    for text in ('{"broken": ', '{"a": 1}', '{"message": 3}'):
        assert line_records(1, text) == [(1, text, 0)]
