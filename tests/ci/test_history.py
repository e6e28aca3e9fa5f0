from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta, timezone

from diagnose.history import annotate, model_key
from diagnose.render import markdown
from diagnose.report import PhaseReport

from .reports import diag, report

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)


def _ready(weights_s: float, model="/models/Llama-3-8B"):
    phases = [PhaseReport(name="config", status="done", first_line=1, last_line=3, duration_s=5.0),
              PhaseReport(name="weights", status="done", first_line=4, last_line=9, duration_s=weights_s),
              PhaseReport(name="server", status="done", first_line=10, last_line=12, duration_s=1.0)]
    return report(outcome="ready", diagnoses=[], phases=phases, model=model)


def test_seen_n_times_in_7_days(tmp_path):
    db = str(tmp_path / "h.sqlite")
    failing = report(diagnoses=[diag(1), diag(2, role="wrapper")])
    annotate(failing, db, now=T0 - timedelta(days=9))  # outside the window
    for day in (6, 4, 1):
        annotate(failing, db, now=T0 - timedelta(days=day))
    r = annotate(failing, db, now=T0)
    (seen,) = r.history.seen  # wrappers are not counted
    assert (seen.rule, seen.count, seen.days) == ("rule-1", 4, 7)
    assert seen.first_seen.startswith("2025-02-23")
    assert "rule-1: seen 4 times in 7 days" in r.history.notes[0]
    assert "seen 4 times in 7 days" in markdown.render(r)
    assert r.history.previous_runs == 4


def test_phase_slower_than_median_of_last_10_starts(tmp_path):
    db = str(tmp_path / "h.sqlite")
    for i, w in enumerate([10, 11, 9, 10, 12, 10, 10, 9, 11, 10, 500]):  # 500: older than the last 10
        annotate(_ready(w), db, now=T0 - timedelta(hours=i + 1))
    annotate(_ready(999, model="/models/other"), db, now=T0 - timedelta(hours=1))
    r = annotate(_ready(31.0, model="/elsewhere/Llama-3-8B/"), db, now=T0)  # same model, another path
    (slow,) = r.history.slow_phases
    assert (slow.phase, slow.median_s, slow.ratio, slow.runs) == ("weights", 10.0, 3.1, 10)
    assert "weights took 3.1x longer than the median of the last 10 starts of Llama-3-8B" in r.history.notes[0]


def test_too_few_runs_or_fast_phases_say_nothing(tmp_path):
    db = str(tmp_path / "h.sqlite")
    annotate(_ready(10), db, now=T0 - timedelta(hours=2))
    r = annotate(_ready(100), db, now=T0)
    assert r.history.slow_phases == [] and r.history.notes == []


def test_schema_stores_no_log_text(tmp_path):
    db = str(tmp_path / "h.sqlite")
    annotate(report(diagnoses=[diag(1, explanation="secret-ish text")]), db, now=T0)
    dump = "\n".join(sqlite3.connect(db).iterdump())
    assert "secret-ish" not in dump and "rule-1:000000000001" in dump


def test_model_key():
    assert model_key("/home/a/models/Llama-3-8B/") == model_key("meta-llama/Llama-3-8B") == "Llama-3-8B"
    assert model_key(None) is None
