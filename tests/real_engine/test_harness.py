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
    assert sum(s.outcome == "ready" for s in ci) == 1 and sum(s.quick for s in ci) == 2


@pytest.mark.parametrize("group", ["breadth", "breadth2", "breadth3", "breadth4", "breadth6"])
def test_breadth_scenarios_stay_out_of_the_default_runs(group):
    """all/ci/quick (what sample_logs/real/ and CI are made of) hold only core scenarios; every
    breadth scenario carries what its cases.jsonl record needs."""
    breadth = set(harness.SUBSETS[group])
    assert len(breadth) >= (10 if group == "breadth6" else 14)
    for sub in ("all", "ci", "quick", *({"breadth", "breadth2", "breadth3", "breadth4", "breadth6"} - {group})):
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
