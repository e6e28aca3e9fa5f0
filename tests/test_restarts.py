"""One log, several starts (a restarted container's `docker logs`, a retry loop): explain reports
the last start and says what became of the earlier ones; one start is never split."""

from __future__ import annotations

import json
from pathlib import Path

from diagnose.cli import main

ROOT = Path(__file__).resolve().parent.parent
READY = (ROOT / "sample_logs" / "vllm" / "04-v1-0.11.2-tp2-ready.log").read_text(encoding="utf-8")
SYMM = (ROOT / "sample_logs" / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log").read_text(encoding="utf-8")
SGL_FAIL = (ROOT / "sample_logs" / "sglang" / "sglang-0.4.3-context-length-exceeds.log").read_text(encoding="utf-8")


def explain(tmp_path, text: str, *more: str, name: str = "server.log", opts: tuple = ()) -> dict:
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    paths = [str(log)]
    for i, extra in enumerate(more):
        p = tmp_path / f"other{i}.log"
        p.write_text(extra, encoding="utf-8")
        paths.append(str(p))
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            main(["explain", "--format", "json", *opts, *paths])
        except SystemExit:
            pass
    return json.loads(buf.getvalue())


def top(report: dict) -> dict:
    return next(d for d in report["diagnoses"] if d["role"] != "wrapper")


def test_a_start_that_came_up_then_a_crashed_restart(tmp_path):
    r = explain(tmp_path, READY + SYMM)
    n_ready = READY.count("\n")
    assert r["outcome"] == "failed" and r["engine_version"] == "0.11.0"
    assert top(r)["category"] == "symm-mem-allreduce" and top(r)["severity"] == "error"
    assert r["facts"]["starts"] == 2
    # the new process's first line (`Automatically detected platform cuda.`, just before its banner)
    assert r["facts"]["start_line"] == n_ready + 1 and "detected platform" in SYMM.split("\n")[0]
    assert r["phases"][0]["first_line"] == r["facts"]["start_line"]
    assert r["facts"]["platform"] == "cuda"
    assert r["lines"] == (READY + SYMM).count("\n")
    assert any("started 2 times" in w and "ready" in w for w in r["warnings"])
    assert r["facts"]["tp_size"] == 4  # the last start's settings, not the first's (tp 2)


def test_a_crash_then_a_restart_that_came_up(tmp_path):
    r = explain(tmp_path, SYMM + READY)
    assert r["outcome"] == "ready" and r["engine_version"] == "0.11.2"
    assert not [d for d in r["diagnoses"] if d["severity"] == "error"]
    warning = next(w for w in r["warnings"] if "started 2 times" in w)
    assert "failed (Symmetric-memory all-reduce crashed" in warning


def test_three_starts_and_sglang(tmp_path):
    r = explain(tmp_path, SYMM + SYMM + READY)
    assert r["facts"]["starts"] == 3 and r["outcome"] == "ready"
    s = explain(tmp_path, SGL_FAIL + SGL_FAIL, name="sglang.log")
    assert s["engine"] == "sglang" and s["facts"]["starts"] == 2 and s["outcome"] == "failed"
    # the second start's `Automatically detected platform` line (SGLang 0.4 imports vLLM), before server_args
    assert s["facts"]["start_line"] == SGL_FAIL.count("\n") + 2


def test_one_start_is_never_split(tmp_path):
    banner = next(ln for ln in READY.split("\n") if "vLLM API server version" in ln)
    # an error before the banner, the banner printed twice before the server came up
    early = "ERROR 11-24 16:40:10 [importing.py:1] ModuleNotFoundError: No module named 'optional_plugin'\n"
    lines = READY.split("\n")
    i = lines.index(banner)
    twice = "\n".join(lines[: i + 1] + [banner] + lines[i + 1:])
    for text in (early + READY, twice):
        r = explain(tmp_path, text)
        assert "starts" not in r["facts"]
        assert not any("started" in w for w in r["warnings"])
    # a banner after the start came up, even alone, begins a new start
    r = explain(tmp_path, READY + banner.replace("11-24 16:40:13", "11-24 18:00:00") + "\n")
    assert r["facts"]["starts"] == 2


def test_several_inputs_are_not_split(tmp_path):
    r = explain(tmp_path, READY + SYMM, READY, opts=("--merge",))  # read as one start (the files of two nodes)
    assert "starts" not in r["facts"]


def test_a_restart_loop_keeps_a_bounded_summary(tmp_path):
    r = explain(tmp_path, SYMM * 6)
    assert r["facts"]["starts"] == 6 and r["outcome"] == "failed"
    warning = next(w for w in r["warnings"] if "started 6 times" in w)
    assert "(the last 3)" in warning and warning.count("failed (") == 3


def test_the_last_start_reads_as_it_would_alone(tmp_path):
    """The report of the last start has the phases, facts and diagnoses of that start's own log."""
    n_ready = READY.count("\n")
    both = explain(tmp_path, READY + SYMM)
    alone = explain(tmp_path, SYMM, name="alone.log")

    def phases(r, shift):
        return [(p["name"], p["status"], p["first_line"] - shift, p["last_line"] - shift, p["duration_s"])
                for p in r["phases"]]

    assert phases(both, n_ready) == phases(alone, 0)
    assert {k: v for k, v in both["facts"].items() if k not in ("starts", "start_line")} == alone["facts"]
    assert [(d["rule"], d["title"]) for d in both["diagnoses"]] == [(d["rule"], d["title"]) for d in alone["diagnoses"]]
    assert (both["outcome"], both["last_phase"]) == (alone["outcome"], alone["last_phase"])
