"""Run history in a local SQLite file (`--history FILE`): outcome, phase durations and fingerprints
per run, so a report can say "seen 4 times in 7 days" and "weights took 3.1x longer than the
median of the last 10 starts of this model".

Only the model's short name (last path component), rule ids, fingerprints and numbers are stored:
no log text, so the file is as safe to share as a redacted report.
"""

from __future__ import annotations

import os
import re
from datetime import datetime, timedelta, timezone

from diagnose.i18n import tr
from diagnose.report import HistoryInfo, Report, SeenBefore, SlowPhase

WINDOW_DAYS = 7
MEDIAN_OF = 10
MIN_RUNS_FOR_MEDIAN = 3
SLOW_RATIO = 1.5
MIN_SLOW_SECONDS = 5.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    recorded_at TEXT NOT NULL,
    model TEXT,
    engine TEXT NOT NULL,
    engine_version TEXT,
    outcome TEXT NOT NULL,
    last_phase TEXT
);
CREATE TABLE IF NOT EXISTS phases (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    status TEXT NOT NULL,
    duration_s REAL
);
CREATE TABLE IF NOT EXISTS fingerprints (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    rule TEXT NOT NULL,
    category TEXT NOT NULL,
    severity TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS fingerprints_fp ON fingerprints(fingerprint);
CREATE INDEX IF NOT EXISTS runs_model ON runs(model, recorded_at);
"""


class HistoryError(Exception):
    """The history file cannot be opened or is not an llmdiag history."""


def model_key(model: str | None) -> str | None:
    """`/home/a/models/Llama-3-8B/` and `meta-llama/Llama-3-8B` are the same model for history."""
    if not model:
        return None
    parts = [p for p in re.split(r"[\\/]+", model.strip()) if p]
    return parts[-1] if parts else None


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _phase_durations(report: Report) -> dict[str, float]:
    """Completed phases only (a failed or running phase's duration is not comparable); repeats add up."""
    out: dict[str, float] = {}
    for p in report.phases:
        if p.status == "done" and p.duration_s is not None:
            out[p.name] = out.get(p.name, 0.0) + p.duration_s
    return out


class History:
    def __init__(self, path: str):
        self.path = path
        import sqlite3  # (only with --history: explain without it never loads it)

        try:
            parent = os.path.dirname(path)
            if parent:
                os.makedirs(parent, exist_ok=True)
            self.db = sqlite3.connect(path)
            self.db.executescript(_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise HistoryError(f"cannot use history file {path}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def record(self, report: Report, now: datetime) -> int:
        with self.db:
            cur = self.db.execute(
                "INSERT INTO runs (recorded_at, model, engine, engine_version, outcome, last_phase)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (_iso(now), model_key(report.model), report.engine, report.engine_version, report.outcome,
                 report.last_phase))
            run_id = int(cur.lastrowid)
            self.db.executemany(
                "INSERT INTO phases (run_id, name, status, duration_s) VALUES (?, ?, ?, ?)",
                [(run_id, p.name, p.status, p.duration_s) for p in report.phases])
            seen: set[str] = set()
            rows = []
            for d in report.diagnoses:
                if d.fingerprint not in seen:
                    seen.add(d.fingerprint)
                    rows.append((run_id, d.fingerprint, d.rule, d.category, d.severity))
            self.db.executemany(
                "INSERT INTO fingerprints (run_id, fingerprint, rule, category, severity) VALUES (?, ?, ?, ?, ?)",
                rows)
        return run_id

    def compare(self, report: Report, now: datetime) -> HistoryInfo:
        """What earlier runs (recorded before `now`) say about this report; it is not recorded here."""
        import statistics

        model = model_key(report.model)
        since = _iso(now - timedelta(days=WINDOW_DAYS))
        info = HistoryInfo(model=model)
        if model is not None:
            info.previous_runs = self.db.execute(
                "SELECT COUNT(*) FROM runs WHERE model = ?", (model,)).fetchone()[0]
        done: set[str] = set()
        for d in report.diagnoses:
            if d.fingerprint in done or d.severity == "info" or d.role == "wrapper":
                continue
            done.add(d.fingerprint)
            count, first = self.db.execute(
                "SELECT COUNT(DISTINCT r.id), MIN(r.recorded_at) FROM fingerprints f JOIN runs r ON r.id = f.run_id"
                " WHERE f.fingerprint = ? AND r.recorded_at >= ? AND r.recorded_at <= ?",
                (d.fingerprint, since, _iso(now))).fetchone()
            if count:
                info.seen.append(SeenBefore(fingerprint=d.fingerprint, rule=d.rule, count=count + 1,
                                            days=WINDOW_DAYS, first_seen=first))
                info.notes.append(tr("{rule}: seen {n} times in {days} days (this run included; first on {first})",
                                     rule=d.rule, n=count + 1, days=WINDOW_DAYS, first=first[:10]))
        if model is not None:
            for name, duration in _phase_durations(report).items():
                rows = self.db.execute(
                    "SELECT p.duration_s FROM phases p JOIN runs r ON r.id = p.run_id"
                    " WHERE r.model = ? AND p.name = ? AND p.status = 'done' AND p.duration_s IS NOT NULL"
                    " AND r.recorded_at <= ? ORDER BY r.recorded_at DESC, r.id DESC LIMIT ?",
                    (model, name, _iso(now), MEDIAN_OF)).fetchall()
                values = [r[0] for r in rows]
                if len(values) < MIN_RUNS_FOR_MEDIAN:
                    continue
                median = statistics.median(values)
                if median <= 0 or duration < MIN_SLOW_SECONDS:
                    continue
                ratio = duration / median
                if ratio >= SLOW_RATIO:
                    info.slow_phases.append(SlowPhase(phase=name, duration_s=round(duration, 1),
                                                      median_s=round(median, 1), ratio=round(ratio, 1),
                                                      runs=len(values)))
                    info.notes.append(tr("{phase} took {ratio}x longer than the median of the last {n} starts of "
                                         "{model} ({duration}s vs {median}s)", phase=name, ratio=f"{ratio:.1f}",
                                         n=len(values), model=model, duration=f"{duration:.1f}", median=f"{median:.1f}"))
        return info


def annotate(report: Report, path: str, now: datetime | None = None, record: bool = True) -> Report:
    """Compare with earlier runs, record this one, and return the report with `history` filled."""
    now = now or datetime.now(timezone.utc)
    with History(path) as h:
        info = h.compare(report, now)
        if record:
            h.record(report, now)
    return report.model_copy(update={"history": info})
