"""LiveAnalysis in-process with a fake clock: stalls, progress, heartbeats, once-only diagnoses,
drops, bounded memory, and a broken parser switched off."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diagnose.live import stall as stalls
from diagnose.live import analysis
from diagnose.live.analysis import LiveAnalysis
from diagnose.live.views import View
from diagnose.pipeline import Analyzer

from ..test_fastpath import POOL, READY
from .conftest import SAMPLES, sample

V = "INFO 01-02 03:04:05 [x.py:1] "


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Record(View):
    def __init__(self) -> None:
        self.events: list[tuple] = []
        self.states: list[dict] = []

    def phase(self, name, prev, prev_s, head):
        self.events.append(("phase", name))

    def ready(self, secs, done):
        self.events.append(("ready", secs))

    def diagnosis(self, d, after_ready):
        self.events.append(("diagnosis", d.rule, after_ready))

    def stall(self, lines):
        self.events.append(("stall", lines))

    def resumed(self, phase, secs):
        self.events.append(("resumed", phase, secs))

    def note(self, msg):
        self.events.append(("note", msg))

    def refresh(self, state, force=False):
        self.states.append(state)

    def kinds(self, kind):
        return [e for e in self.events if e[0] == kind]


@pytest.fixture
def live(rules):
    clock = Clock()
    view = Record()
    la = LiveAnalysis(rules, [], view, {"weights": 30.0}, clock=clock)
    la.test_clock = clock
    la.test_view = view
    return la


def _feed(la, text: str) -> None:
    la.feed_data(text.encode())


def _weights_start(la) -> None:
    _feed(la, V + "Starting to load model /models/Qwen3-8B...\n")
    _feed(la, "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]\r")


def test_stall_once_per_phase_and_cleared_by_progress(live):
    _weights_start(live)
    live.test_clock.t += 29
    live.tick()
    assert not live.test_view.kinds("stall")
    live.test_clock.t += 2
    live.tick()
    stall = live.test_view.kinds("stall")
    assert len(stall) == 1
    assert stall[0][1][0].startswith("stall: no progress in phase weights for 31.0s")
    assert any("shard 0/4 is not advancing" in ln for ln in stall[0][1])
    live.test_clock.t += 100
    live.tick()
    assert len(live.test_view.kinds("stall")) == 1  # reported once
    # a moving progress bar (no newline yet) is progress
    _feed(live, "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:10<00:30, 10s/it]\r")
    assert live.test_view.kinds("resumed") == [("resumed", "weights", pytest.approx(131.0))]
    assert live.shards.done == 1 and live.shards.total == 4
    live.test_clock.t += 1000
    live.tick()
    assert len(live.test_view.kinds("stall")) == 1  # once per phase, even after it resumed


def test_heartbeat_lines_are_not_progress(live):
    _feed(live, V + "Waiting for creating a placement group of specs for 10 seconds. specs=[]\n")
    live.test_clock.t += 200
    _feed(live, V + "Waiting for creating a placement group of specs for 210 seconds. specs=[]\n")
    live.test_clock.t += 200
    live.tick()
    assert live.test_view.kinds("stall")


def test_repeated_identical_lines_are_not_progress(live):
    _weights_start(live)
    for _ in range(10):
        live.test_clock.t += 5
        _feed(live, "still waiting\n")
    live.tick()
    assert live.test_view.kinds("stall")


def test_default_budgets_scale_with_what_is_known():
    assert stalls.budget("weights", {}, {}) == 300
    assert stalls.budget("weights", {"weights_gib": 700.0}, {}, shard_total=10) == pytest.approx(4200)
    assert stalls.budget("weights", {}, {}, slowest_shard_s=200) == 800
    assert stalls.budget("nccl", {"nnodes": 4}, {}) == 300 + 3 * 120
    assert stalls.budget("compile", {"model": "meta-llama/Llama-3.1-70B-Instruct"}, {}) > stalls.budget("compile", {}, {})
    assert stalls.budget("compile", {}, {"compile": 5}) == 5
    assert stalls.budget(None, {}, {"default": 7}) == 7
    with pytest.raises(ValueError):
        stalls.parse_overrides(["weights"])
    with pytest.raises(ValueError):
        stalls.parse_overrides(["bogus=3"])
    assert stalls.parse_overrides(["kv-cache=10", "start=5"]) == {"kv_cache": 10.0, "start": 5.0}


@pytest.mark.parametrize("phase,engine,facts,needle", [
    ("weights", "vllm", {}, "downloaded silently"),
    ("nccl", "sglang", {"nnodes": 2}, "NCCL_DEBUG=INFO"),
    ("nccl", "vllm", {"nnodes": 2}, "other 1 node"),
    ("compile", "vllm", {}, "minutes on the first start"),
    ("compile", "vllm", {}, "torch_compile_cache"),
    ("kv_cache", "vllm", {}, "nvidia-smi"),
    (None, "unknown", {}, "py-spy dump"),
])
def test_stall_advice_per_phase_and_engine(phase, engine, facts, needle):
    meaning, actions = stalls.advice(phase, engine, facts)
    assert needle in meaning + "\n" + "\n".join(actions)


def test_each_diagnosis_is_reported_once(live):
    data = sample("11-v1-0.11.2-cuda-graph-capture-oom.log").read_bytes()
    live.feed_data(data)
    live.test_clock.t += 5
    live.tick()
    live.feed_data(data)  # the same failure printed again (a second rank, a retry)
    live.test_clock.t += 5
    live.tick()
    report = live.finish()
    rules_seen = [e[1] for e in live.test_view.kinds("diagnosis")]
    assert "vllm-graph-capture-oom-traceback" in rules_seen
    assert len(rules_seen) == len(set(rules_seen))
    assert report.outcome == "failed"


def test_gap_keeps_line_numbers(live):
    _feed(live, "one\ntwo\nthr")
    live.feed_data(b"ee\nfour\n", gap_bytes=100, gap_newlines=3)  # 3 newlines were dropped before this
    _feed(live, "five\n")
    # lines 1-2 seen; 'thr' + dropped bytes end lines 3, 4 and 5; 'ee' ends line 6 (not seen whole);
    # then 'four' is line 7 and 'five' line 8
    assert live.n == 8
    assert live.analyzer.last[0] == 8
    notes = live.test_view.kinds("note")
    assert len(notes) == 1 and "skipped 100 bytes" in notes[0][1]
    live.feed_data(b"x\n", gap_bytes=10, gap_newlines=0)
    assert len(live.test_view.kinds("note")) == 1  # said once


def test_memory_stays_bounded_after_ready(live, monkeypatch):
    monkeypatch.setattr(analysis, "MAX_FINDINGS", 100)
    monkeypatch.setattr(analysis, "MAX_FATAL", 100)
    monkeypatch.setattr(analysis, "TRIM_EVERY", 50)
    live.feed_data(sample("04-v1-0.11.2-tp2-ready.log").read_bytes())
    assert live.ready
    noisy = (V + "ERROR CUDA error: out of memory\n" + "RuntimeError: CUDA error: out of memory\n").encode()
    for _ in range(20):
        live.feed_data(noisy * 100)
    assert len(live.analyzer.run.findings) <= 100 + 50
    assert len(live.analyzer.timeline.fatal) <= 100 + 50
    live.feed_data(b"x" * (10 << 20))  # a 10 MB line without newline
    assert len(live.partial) <= 64 * 1024
    plain = b'(APIServer pid=1) INFO:     127.0.0.1:1 - "GET /metrics HTTP/1.1" 200 OK\n' * 10000
    before = live.analyzer.timeline.seq
    live.feed_data(b"\n" + plain)
    assert live.analyzer.timeline.seq - before < 200  # after ready, quiet lines are only counted
    assert live.n > 14000  # every line is counted


def test_a_parser_exception_switches_the_analysis_off_once(live, monkeypatch):
    def boom(line, known=None):
        raise RuntimeError("parser bug")

    monkeypatch.setattr(live.analyzer, "feed", boom)
    _feed(live, "a\nb\nc\n")
    _feed(live, "d\n")
    notes = live.test_view.kinds("note")
    assert len(notes) == 1 and "parser bug" in notes[0][1]
    assert not live.enabled
    assert live.n == 4  # lines are still counted


def test_a_broken_view_is_switched_off(live, capsys):
    def bad_refresh(state, force=False):
        raise ValueError("draw bug")

    live.view.refresh = bad_refresh
    _weights_start(live)
    _feed(live, "more\n")
    assert not live.view_ok
    assert capsys.readouterr().err.count("draw bug") == 1


def test_a_crash_loop_is_followed_one_start_at_a_time(live):
    """`docker logs -f` of a container that restarts: the restart is announced with what the
    previous start came to, its diagnosis is shown once (before the note, although it was not
    confirmed yet), the phases start again, and the final report covers the last start."""
    live.feed_data(sample("29-v1-0.11.0-restart-loop-symm-mem.log").read_bytes())
    live.test_clock.t += 5
    live.tick()
    report = live.finish()
    events = live.test_view.events
    notes = [i for i, e in enumerate(events) if e[0] == "note" and e[1].startswith("restart:")]
    assert len(notes) == 1
    msg = events[notes[0]][1]
    assert "at line 215 (start 2)" in msg and "the previous start (lines 1-" in msg and ") failed: " in msg
    diags = [i for i, e in enumerate(events) if e[0] == "diagnosis" and e[1] == "vllm-symm-mem-rendezvous-crash"]
    assert len(diags) == 1 and diags[0] < notes[0]
    phases_after = [e[1] for e in events[notes[0]:] if e[0] == "phase"]
    assert phases_after and phases_after[0] == [e[1] for e in events if e[0] == "phase"][0]
    assert report.facts["starts"] == 2 and report.facts["start_line"] == 215 and report.outcome == "failed"
    state = live.state()
    assert state["starts"] == 2
    from diagnose.live.views import status_texts

    assert "start 2" in status_texts(state, 5)[0].plain


def test_a_start_after_one_that_came_up_is_followed_until_it_is_ready_again(live):
    live.feed_data(sample("03-v1-0.10.1-tp4-ready.log").read_bytes())
    assert live.ready and live.state()["ready"]
    live.feed_data(sample("11-v1-0.11.2-cuda-graph-capture-oom.log").read_bytes())
    note = next(e[1] for e in live.test_view.events if e[0] == "note" and e[1].startswith("restart:"))
    assert "the previous start (lines 1-162) came up" in note
    assert not live.ready and not live.state()["ready"]
    live.test_clock.t += 5
    live.tick()
    report = live.finish()
    assert report.outcome == "failed" and report.facts["starts"] == 2
    assert "vllm-graph-capture-oom-traceback" in [e[1] for e in live.test_view.kinds("diagnosis")]


@pytest.mark.parametrize("name", ["sglang-0.4.7-tp1-qwen2.5-7b-ready.log", "sglang-0.5.13-tp1-qwen3-8b-ready.log"])
def test_sglang_is_ready_at_fired_up_not_when_uvicorn_starts(live, name):
    """SGLang warms itself up after uvicorn starts; the start is decided at 'fired up', as in explain."""
    lines = sample(name).read_bytes().splitlines(keepends=True)
    fired = next(i for i, ln in enumerate(lines) if b"The server is fired up" in ln)
    assert any(b"Uvicorn running on" in ln for ln in lines[:fired])
    live.feed_data(b"".join(lines[:fired]))
    live.tick()
    assert not live.test_view.kinds("ready") and not live.state()["ready"]
    live.feed_data(lines[fired])
    assert len(live.test_view.kinds("ready")) == 1 and live.state()["ready"]


def test_sglang_warmup_through_a_proxy_is_never_ready(live):
    live.feed_data(sample("sglang-0.4.0-warmup-502-http-proxy.log").read_bytes())
    report = live.finish()
    assert not live.test_view.kinds("ready")
    assert report.outcome == "failed"
    assert [e[2] for e in live.test_view.kinds("diagnosis")][:1] == [False]  # not "after the server came up"


def test_shard_rate_comes_from_the_bar_s_own_elapsed_time_not_the_wall_clock(live):
    """A replayed (`--speed 100`) or late-piped log shows its real load rate: the bar's elapsed time."""
    lines = sample("14-v1-0.20.0-weights-slow-nfs.log").read_bytes().splitlines(keepends=True)
    last = next(i for i, ln in enumerate(lines) if b"4/17 [06:26<" in ln)
    for ln in lines[:last + 1]:
        live.feed_data(ln)
        live.test_clock.t += 1.0  # a hundred times faster than the log
    sh = live.state()["shards"]
    assert (sh["done"], sh["total"]) == (4, 17)
    assert sh["rate"] == pytest.approx(4 / 386)  # 4 shards in 6:26 by the bar, not in a few wall seconds
    assert sh["eta_s"] == pytest.approx(13 * 386 / 4)
    if "gbps" in sh:
        assert sh["gbps"] < 0.5


def test_shard_rate_falls_back_to_the_wall_clock_without_a_bar_time():
    p = analysis.ShardProgress()
    p.update(0, 4, 100.0)
    p.update(2, 4, 110.0)
    assert p.snapshot(110.0, None)["rate"] == pytest.approx(0.2)
    assert analysis.bar_seconds("1:02:03") == 3723 and analysis.bar_seconds("?") is None


def _cut(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


def _both_ways(rules, pieces: list[bytes], step_s: float) -> list:
    """What watch shows, its state after each piece (the clock moving `step_s` a piece) and its
    final report, with the quiet path and without it."""
    got = []
    for quiet in (True, False):
        clock = Clock()
        view = Record()
        la = LiveAnalysis(rules, [], view, {"weights": 30.0}, clock=clock, quiet=quiet)
        states = []
        for piece in pieces:
            clock.t += step_s
            la.feed_data(piece)
            la.tick()
            a = la.address
            states.append((la.n, la.phase, la.ready, la.last_progress, la.last_text, la.pending_lines,
                           la.post_ready_left, la.fatal_seen, a.url, a.url_line, a.port, a.args_line, a.host,
                           la.stall))
        report = la.finish()
        got.append((view.events, states, report.to_json() if report is not None else None))
    return got


@pytest.mark.parametrize("path", sorted(str(p.relative_to(SAMPLES)) for p in SAMPLES.rglob("*.log")))
def test_the_quiet_path_shows_and_reports_the_same(rules, path):
    """Watch reads quiet lines as explain does (diagnose.fastpath): what it shows and the final
    report are those of reading every line the full way, fed in pieces that cut lines."""
    got = _both_ways(rules, _cut((SAMPLES / path).read_bytes(), 977), 0.5)
    assert got[0] == got[1]


def _runs_applied(monkeypatch) -> list:
    """The QuietRuns the analysis applies from now on."""
    applied = []
    quiet_run = Analyzer.quiet_run

    def counting(self, r, parser):
        applied.append(r)
        return quiet_run(self, r, parser)

    monkeypatch.setattr(Analyzer, "quiet_run", counting)
    return applied


def test_a_run_of_heartbeats_is_not_progress(rules, monkeypatch):
    """vLLM's shared-memory wait repeats while a start hangs; read from a file, the repeats come in
    one block and, with a pack whose rules do not read them (the shipped pack reads them: they go the
    full way), are applied as a run, which is no progress: the stall is shown, as line by line."""
    rules = []
    head = V + "Starting to load model /models/Qwen3-8B...\n"
    beat = ("(EngineCore_DP0 pid=133) INFO 02-03 22:0{}:30 [shm_broadcast.py:542] No available shared memory "
            "broadcast block found in 60 seconds. This typically happens when some processes are hanging.\n")
    applied = _runs_applied(monkeypatch)
    other = "(EngineCore_DP0 pid=133) INFO 02-03 22:00:31 [core.py:1] Waiting for the workers\n"
    pieces = [(head + beat.format(0)).encode(), other.encode(), "".join(beat.format(i) for i in range(1, 6)).encode(), b""]
    got = _both_ways(rules, pieces, 20.0)
    assert got[0] == got[1]
    assert any(r.events for r in applied)
    assert any(e[0] == "stall" for e in got[0][0])


def test_a_run_gives_the_address_finder_the_line_of_a_repeated_listen_port(rules, monkeypatch):
    """A repeated `non-default args` line (facts already known) is applied within a run, and the
    probe's address is taken from it, line and all, as line by line."""
    args = ("(APIServer pid=1) INFO 11-29 22:45:55 [api_utils.py:286] non-default args: {'model_tag': 'tiny', "
            "'host': '127.0.0.1', 'port': 49263, 'model': 'tiny'}\n")
    other = "(APIServer pid=1) INFO 11-29 22:45:56 [model.py:1] Resolved architecture: LlamaForCausalLM\n"
    applied = _runs_applied(monkeypatch)
    got = _both_ways(rules, [(args + other).encode(), (other + args + other).encode()], 1.0)
    assert got[0] == got[1]
    assert any(r.events for r in applied)
    assert got[0][1][-1][11] == 4  # (args_line)


# Lines whose events watch reads one by one, and that a run may hold: a heartbeat (not progress),
# a repeated line with the listen port, a DEBUG line of facts already known.
_LIVE_POOL = POOL + [
    "(EngineCore_DP0 pid=133) INFO 02-03 22:08:30 [shm_broadcast.py:542] No available shared memory broadcast "
    "block found in 60 seconds. This typically happens when some processes are hanging.",
    "(APIServer pid=1) INFO 11-29 22:45:55 [api_utils.py:286] non-default args: {'model_tag': 'tiny', "
    "'host': '127.0.0.1', 'port': 49263, 'model': 'tiny', 'max_model_len': 256}",
    "(APIServer pid=1) INFO 11-29 22:45:55 [api_utils.py:286] non-default args: {'model_tag': 'tiny', "
    "'host': '127.0.0.1', 'port': 8000, 'model': 'tiny'}",
    "(Worker_TP1 pid=412) DEBUG 11-24 16:40:40 [parallel_state.py:1169] world_size=2 rank=1 local_rank=1 "
    "distributed_init_method=tcp://127.0.0.1:31743 backend=nccl",
    "(Worker_TP1 pid=412) INFO 11-24 16:40:41 [gpu_model_runner.py:1] Starting to load model /models/tiny...",
    "(APIServer pid=1) INFO 11-24 16:40:59 [api_server.py:1] Starting vLLM API server 0 on http://0.0.0.0:8000",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=len(_LIVE_POOL) - 1), min_size=1, max_size=120),
       st.integers(min_value=40, max_value=4000))
def test_random_mixes_show_and_report_the_same(rules, picks, size):
    """Runs of quiet lines that hold heartbeats and lines watch reads the events of (the listen
    address) show and report as the lines read one by one the full way, with stalls on the way."""
    data = ("\n".join(_LIVE_POOL[i] for i in picks) + "\n").encode()
    got = _both_ways(rules, _cut(data, size), 20.0)
    assert got[0] == got[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=len(READY) - 1),
       st.lists(st.integers(min_value=0, max_value=len(_LIVE_POOL) - 1), max_size=30),
       st.integers(min_value=1, max_value=60),
       st.lists(st.integers(min_value=0, max_value=len(_LIVE_POOL) - 1), max_size=30),
       st.integers(min_value=200, max_value=6000))
def test_random_lines_around_a_restart_show_and_report_the_same(rules, start, served, cut, after, size):
    """What the quiet path remembered while a start was up does not carry into the start after a
    restart, in watch as in explain (see test_fastpath): what it shows and reports is the same."""
    lines = READY[start] + [_LIVE_POOL[i] for i in served] + READY[start][:cut] + [_LIVE_POOL[i] for i in after]
    got = _both_ways(rules, _cut(("\n".join(lines) + "\n").encode(), size), 20.0)
    assert got[0] == got[1]
