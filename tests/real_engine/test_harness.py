"""tools/real_engine/harness.py without an engine: scenario table, committed expectations, scrubbing,
and the --check comparison rule."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from diagnose.engines.base import PHASES
from diagnose.rulepack import CATEGORIES

REPO = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("real_engine_harness", REPO / "tools" / "real_engine" / "harness.py")
harness = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = harness  # dataclasses look their module up there
spec.loader.exec_module(harness)


def test_scenarios_use_contract_names():
    names = [s.name for s in harness.SCENARIOS]
    assert len(names) == len(set(names))
    for s in harness.SCENARIOS:
        assert s.outcome in ("ready", "failed", "incomplete"), s.name
        assert s.last_phase in PHASES, s.name
        assert s.category is None or s.category in CATEGORIES, s.name
        if s.outcome != "ready":
            assert s.category, f"{s.name}: a failed/incomplete start needs a category"
    assert set(harness.SUBSETS["ci"]) <= set(names)
    ci = [harness.BY_NAME[n] for n in harness.SUBSETS["ci"]]
    assert sum(s.outcome == "ready" and s.group == "core" for s in ci) == 1 and sum(s.quick for s in ci) == 2
    assert [s.after_ready for s in ci if s.group == "after-ready"] == ["died"]


BREADTH_GROUPS = {"breadth": 14, "breadth2": 14, "breadth3": 14, "breadth4": 14, "breadth5": 12, "breadth6": 10, "breadth7": 14, "breadth8": 14, "breadth9": 14}  # group: fewest scenarios


@pytest.mark.parametrize("group", sorted(BREADTH_GROUPS))
def test_breadth_scenarios_stay_out_of_the_default_runs(group):
    """all/ci/quick (what sample_logs/real/ and CI are made of) hold only core scenarios; every
    breadth scenario carries what its cases.jsonl record needs."""
    breadth = set(harness.SUBSETS[group])
    assert len(breadth) >= BREADTH_GROUPS[group]
    for sub in ("all", "ci", "quick", *(set(BREADTH_GROUPS) - {group})):
        assert not breadth & set(harness.SUBSETS[sub]), sub
    for n in breadth:
        sc = harness.BY_NAME[n]
        assert sc.remediation.endswith("."), n
        assert sc.intent or sc.evidence or sc.signal_at or sc.outcome == "ready", n
        if sc.signal_at and sc.signal_at[1] != "SIGSTOP":  # a stopped process is a hang, not a stop
            assert sc.category == "terminated" and sc.last_phase in PHASES, n
        if sc.stall_after or sc.signal_at and sc.signal_at[1] == "SIGSTOP":
            assert sc.outcome == "incomplete", n


BATCH2 = REPO / "accuracy" / "batch-2026-12-01-vllm-cpu-2"


@pytest.mark.skipif(not (BATCH2 / "cases.jsonl").exists(), reason="batch not committed")
def test_breadth2_batch_labels_are_the_scenarios():
    """Each record of the breadth2 batch carries its scenario's label (what was broken), has its log
    (command first, no machine paths), and each log has a record."""
    recs = [json.loads(x) for x in (BATCH2 / "cases.jsonl").read_text().splitlines() if x.strip()]
    assert {r["file"] for r in recs} == {p.name for p in BATCH2.glob("*.log")}
    assert len(recs) >= 10 and sum(r["outcome"] == "success" for r in recs) >= 2
    for r in recs:
        sc = harness.BY_NAME[r["file"].removesuffix(".log")]
        assert sc.group == "breadth2", r["file"]
        assert (r["outcome"], r["phase"], r["category"]) == (harness.CASE_OUTCOME[sc.outcome], sc.last_phase, sc.category)
        text = (BATCH2 / r["file"]).read_text(errors="replace")
        assert text.startswith("$ ") and r["evidence"] in text.splitlines()[1:], r["file"]
        for needle in ("/.cache/llmdiag-real/", "/tmp/llmdiag-real-", str(REPO) + "/"):
            assert needle not in text, f"{r['file']} contains {needle}"


def test_write_cases_merges_and_drops_deviated(tmp_path):
    def rec(name):
        return {"file": f"{name}.log", "engine": "vllm", "version": "0.32.0", "outcome": "failure"}
    (tmp_path / "cases.jsonl").write_text(json.dumps(rec("port-zero")) + "\n" + json.dumps(rec("nofile-limit-low")) + "\n")
    (tmp_path / "nofile-limit-low.log").write_text("x\n")
    results = [harness.Result("nofile-limit-low", 1.0, "ready", 0, False, "deviated"),
               harness.Result("max-num-seqs-zero", 1.0, "failed", 1, True, "", rec("max-num-seqs-zero"))]
    harness.write_cases(tmp_path, results)
    files = [json.loads(x)["file"] for x in (tmp_path / "cases.jsonl").read_text().splitlines()]
    assert files == ["port-zero.log", "max-num-seqs-zero.log"]  # SCENARIOS order
    assert (tmp_path / ".deviated" / "nofile-limit-low.log").exists()
    assert not (tmp_path / "nofile-limit-low.log").exists()


@pytest.mark.parametrize("out", sorted((REPO / "sample_logs" / "real").glob("vllm-*")), ids=lambda p: p.name)
def test_committed_expectations_match_the_scenarios(out: Path):
    """Each committed expected file says what its scenario broke (so it cannot drift by hand)."""
    version = out.name.removeprefix("vllm-")
    files = sorted(out.glob("*.expected.json"))
    assert files, f"{out} has no expected files"
    for f in files:
        name = f.name.removesuffix(".expected.json")
        sc = harness.BY_NAME.get(name)
        assert sc, f"{f.name}: no scenario of that name in harness.py"
        exp = json.loads(f.read_text())
        assert exp["engine"] == "vllm"
        assert (exp["outcome"], exp["last_phase"], exp["category"]) == (sc.outcome, sc.last_phase, sc.category), name
        assert (exp.get("after_ready"), exp.get("probe", [])) == (sc.after_ready, list(sc.probe)), name
        if sc.probe:  # what `llmdiag probe` said against the live server, for --check --no-run
            assert json.loads((out / f"{name}.probe.json").read_text())["result"] in sc.probe, name
        if sc.engine_version is True:
            assert exp["engine_version"] == version, name
        assert (out / f"{name}.log").exists()
        first = (out / f"{name}.log").read_text(errors="replace").splitlines()[0]
        assert first.startswith("$ ") and " vllm serve " in f" {first[2:]}", name


def test_committed_logs_have_no_machine_paths():
    home = str(Path.home())
    for log in (REPO / "sample_logs" / "real").glob("vllm-*/*.log"):
        text = log.read_text(errors="replace")
        for needle in ("/.cache/llmdiag-real/", "/tmp/llmdiag-real-", str(REPO) + "/"):
            assert needle not in text, f"{log.name} contains {needle}"
        if home not in ("/", ""):
            assert f"{home}/" not in text, f"{log.name} contains {home}/"


def test_scrubber(tmp_path):
    venv = tmp_path / "venv"
    venv.mkdir()
    (venv / "pyvenv.cfg").write_text("home = /opt/py/3.11/bin\n")
    work = tmp_path / "work"
    s = harness.Scrubber(venv, work)
    text = (f"{venv}/lib/x.py {work}/models/a /opt/py/3.11/lib/python3.11/asyncio "
            f"{harness.REPO}/tools/real_engine/launcher.py {Path.home()}/.cache/vllm")
    out = s(text)
    assert out == ("<venv>/lib/x.py <tmp>/models/a <python>/lib/python3.11/asyncio "
                   "<repo>/tools/real_engine/launcher.py <home>/.cache/vllm")


@pytest.mark.parametrize("report,expected,top", [
    ({"outcome": "failed", "diagnoses": [
        {"role": "wrapper", "severity": "error", "category": "unknown"},
        {"role": "symptom", "severity": "warning", "category": "shm-exhausted"},
        {"role": "cause", "severity": "error", "category": "corrupt-checkpoint"}]}, "corrupt-checkpoint", "corrupt-checkpoint"),
    ({"outcome": "ready", "diagnoses": [{"role": "cause", "severity": "warning", "category": "unpinned-image"}]},
     None, None),
    ({"outcome": "ready", "diagnoses": [{"role": "cause", "severity": "warning", "category": "unpinned-image"}]},
     "unpinned-image", "unpinned-image"),
    ({"outcome": "incomplete", "diagnoses": []}, "unknown", None),
])
def test_top_category(report, expected, top):
    assert harness.top_category(report, expected) == top


def test_case_record_takes_the_first_matching_line_after_the_command(tmp_path):
    sc = harness.BY_NAME["host-not-on-machine"]
    log = ("$ vllm serve tiny-llama --host 203.0.113.7 Cannot assign requested address\n"
           "(APIServer pid=1) INFO non-default args: {'host': '203.0.113.7'}\n"
           "OSError: [Errno 99] Cannot assign requested address\r\n")
    rec = harness.case_record(sc, log, "0.32.0", "2026-12-01")
    assert rec["evidence"] == "OSError: [Errno 99] Cannot assign requested address"
    assert (rec["outcome"], rec["phase"], rec["category"]) == ("failure", "server", "bind-address")
    assert rec["source"] == ("real run: tools/real_engine/harness.py --scenarios host-not-on-machine, "
                             "vllm-cpu 0.32.0, 2026-12-01")
    assert list(rec) == ["file", "engine", "version", "outcome", "phase", "category", "secondary", "evidence",
                         "remediation", "confidence", "source"]
    hang = harness.case_record(harness.BY_NAME["sigterm-during-init"],
                               "$ x\n(EngineCore pid=2) INFO [shutdown] EngineCore: trigger received signal=SIGTERM\n",
                               "0.32.0")
    assert hang["outcome"] == "failure" and hang["evidence"].endswith("signal=SIGTERM")
    assert harness.case_record(harness.BY_NAME["nofile-limit-128"], "$ x\n", "0.32.0")["outcome"] == "success"
    # --cases --no-run: the record is rebuilt from the log kept in OUT, the run's date kept
    (tmp_path / "host-not-on-machine.log").write_text(log)
    (tmp_path / "cases.jsonl").write_text(json.dumps(dict(rec, evidence="old")) + "\n")
    assert harness.relabel_cases(tmp_path, ["host-not-on-machine"], "0.32.0") == 0
    assert json.loads((tmp_path / "cases.jsonl").read_text()) == rec


def test_titled_pids_finds_this_process_in_its_session():
    import os
    comm = Path(f"/proc/{os.getpid()}/comm").read_text().strip() if Path("/proc/self/comm").exists() else None
    if comm is None:
        pytest.skip("no /proc")
    assert os.getpid() in harness.titled_pids(os.getsid(0), comm)
    assert os.getpid() not in harness.titled_pids(os.getsid(0), "VLLM::NoSuch")


def test_small_mount_can_point_home_at_the_full_tmpfs(tmp_path):
    """breadth4's home-on-full-disk: the tmpfs folder is named and the variable set is HOME (TMPDIR
    stays the default); the server runs under unshare with the mount made and filled first."""
    ctx = harness.Ctx(venv=tmp_path, work=tmp_path, models=tmp_path, port=1, env={})
    harness._small_mount(None, "1m", True, var="HOME", folder="full-home")(ctx)
    assert ctx.env == {"HOME": str(tmp_path / "full-home")} and (tmp_path / "full-home").is_dir()
    assert ctx.wrap[:2] == ["unshare", "--mount"] and "size=1m" in ctx.wrap[-2] and "filler" in ctx.wrap[-2]
    ctx = harness.Ctx(venv=tmp_path, work=tmp_path, models=tmp_path, port=1, env={})
    harness._small_mount(None, "1m", False)(ctx)
    assert list(ctx.env) == ["TMPDIR"] and ctx.env["TMPDIR"].endswith("small-tmp")
def test_stalled_mount_asks_throttlefs_to_stall(tmp_path, monkeypatch):
    """model-on-stalled-mount: the models folder is served by throttlefs with --stall (reads never
    return), and the scenario is a hang cut a while after its last line."""
    seen = {}

    class Stop(Exception):
        pass

    def popen(cmd, **kw):
        seen["cmd"] = cmd
        raise Stop

    monkeypatch.setattr(harness.subprocess, "Popen", popen)
    ctx = harness.Ctx(venv=tmp_path, work=tmp_path, models=tmp_path / "models", port=1, env={})
    with pytest.raises(Stop):
        harness._slow_mount("4MB", model="tiny-llama", stall=True)(ctx)
    assert "--stall" in seen["cmd"]
    sc = harness.BY_NAME["model-on-stalled-mount"]
    assert sc.outcome == "incomplete" and sc.stall_after and "fuse" in sc.needs


def test_cases_readme_of_a_scenarios_rerun_names_the_folders_group(tmp_path):
    """A `--scenarios NAME --cases` rerun into a breadth5 folder keeps `--subset breadth5` in its README."""
    (tmp_path / "cases.jsonl").write_text(json.dumps({"file": "sleep-mode-on-cpu.log", "outcome": "failure",
                                                      "phase": "config", "category": "invalid-argument"}) + "\n")
    harness.write_cases_readme(tmp_path, "0.32.0", {}, [], ["--scenarios", "sleep-mode-on-cpu"])
    text = (tmp_path / "README.md").read_text()
    assert "--subset breadth5 " in text and "--subset breadth " not in text



def test_after_ready_scenarios_say_what_they_expect():
    """The after-ready group: servers that came up, then serve / die / hang / stop. Each names the
    after_ready state explain must report, the probe results that are right, and only known steps;
    their logs go to sample_logs/real/ (the `all` subset), not to a labelled batch."""
    group = harness.SUBSETS["after-ready"]
    assert len(group) == 4 and set(group) <= set(harness.SUBSETS["all"])
    states = {harness.BY_NAME[n].after_ready for n in group}
    assert states == {"stopped", "died", "serving"}
    for n in group:
        sc = harness.BY_NAME[n]
        assert sc.outcome == "ready" and sc.last_phase == "server" and sc.after_ready_do, n
        assert all(step[0] in harness.AFTER_READY_STEPS for step in sc.after_ready_do), n
        assert set(sc.probe) <= {"serves", "stuck", "refuses", "down"}, n
        assert bool(sc.probe) == any(step[0] == "probe" for step in sc.after_ready_do), n
        if sc.after_ready == "died":
            assert sc.category, n  # the death is an error diagnosis: its category is the headline
        for sub in ("quick", "breadth", "breadth2", "breadth3", "breadth4"):
            assert n not in harness.SUBSETS[sub], (n, sub)


def test_check_compares_after_ready_and_the_recorded_probe(tmp_path, monkeypatch):
    """--check: after_ready.state (and explain's exit 1 for a death) and the probe result kept in
    NAME.probe.json (its exit code too) join outcome/phase/category."""
    src = REPO / "tests" / "data" / "vllm-0.32-ready-then-shutdown-race.log"
    log = tmp_path / "x.log"
    log.write_text(src.read_text())
    exp = {"engine": "vllm", "outcome": "ready", "last_phase": "server", "category": None,
           "after_ready": "stopped", "probe": ["serves"]}
    (tmp_path / "x.expected.json").write_text(json.dumps(exp))
    monkeypatch.setattr(harness, "llmdiag_cmd", lambda: [sys.executable, "-m", "diagnose"])
    ok, info = harness.check_log(log, tmp_path / "x.expected.json")
    assert not ok and info["got"]["probe"] == "no probe record" and info["got"]["after_ready"] == "stopped"
    (tmp_path / "x.probe.json").write_text(json.dumps({"result": "serves", "exit": 0}))
    ok, info = harness.check_log(log, tmp_path / "x.expected.json")
    assert ok, info
    (tmp_path / "x.probe.json").write_text(json.dumps({"result": "stuck", "exit": 6}))
    assert not harness.check_log(log, tmp_path / "x.expected.json")[0]
    (tmp_path / "x.expected.json").write_text(json.dumps(dict(exp, after_ready="died", probe=["stuck"])))
    ok, info = harness.check_log(log, tmp_path / "x.expected.json")
    assert not ok and info["got"]["after_ready"] == "stopped (exit 0)" and info["got"]["probe"] == "stuck"


def test_after_ready_steps_against_a_fake_server(tmp_path):
    """The steps' own checks (independent of llmdiag): a server whose /health answers and whose
    completions never return is 'health ok' and 'hangs'; the log is cut where the scenario says."""
    import http.server
    import threading
    import time

    class H(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_GET(self):
            self.send_response(200)
            self.end_headers()

        def do_POST(self):
            time.sleep(3)

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    raw = tmp_path / "raw.log"
    raw.write_text("INFO:     Application startup complete.\n")
    sc = harness.Scenario("t", "t", "ready", "server", None, "t", group="after-ready",
                          after_ready_do=(("health", "ok"), ("hangs", 1), ("cut",), ("health", "fails")))

    class P:
        pid = -1
    try:
        res = harness.after_ready(sc, P(), srv.server_address[1], "m", raw)
    finally:
        srv.shutdown()
    assert res.cut_at == raw.stat().st_size
    assert res.why == ["/health answered 200, meant to be fails"]
    assert res.detail[:2] == ["health 200", "completion hangs (1 s)"]



def test_titled_pids_checks_a_long_prefix_on_the_command_line():
    """comm keeps 15 characters: a longer prefix (VLLM::EngineCore_DP1 vs _DP0) is matched on the
    command line, so one of two engines can be picked."""
    import subprocess
    import sys
    import time
    if not Path("/proc/self/comm").exists() or not Path("/bin/bash").exists():
        pytest.skip("no /proc or bash")
    code = ("import ctypes, time; ctypes.CDLL(None).prctl(15, b'VLLM::EngineCore', 0, 0, 0); "
            "print('up', flush=True); time.sleep(30)")
    p = subprocess.Popen(["/bin/bash", "-c", f'exec -a VLLM::EngineCore_DP1 "{sys.executable}" -c "{code}"'],
                         stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert p.stdout.readline().strip() == "up"
        time.sleep(0.1)
        assert harness.titled_pids(p.pid, "VLLM::EngineCore") == [p.pid]
        assert harness.titled_pids(p.pid, "VLLM::EngineCore_DP1") == [p.pid]
        assert harness.titled_pids(p.pid, "VLLM::EngineCore_DP0") == []
    finally:
        p.kill()
        p.wait()
