"""Small hand-built Reports for unit tests of the renderers."""

from __future__ import annotations

from diagnose.report import Diagnosis, Evidence, PhaseReport, Report


def diag(i: int = 1, severity: str = "error", role: str = "cause", phase: str | None = "weights", **kw) -> Diagnosis:
    base = dict(rule=f"rule-{i}", category="weights-oom", severity=severity, role=role, phase=phase,
                title=f"Title {i}", explanation=f"Explanation {i}", remediation=["--tensor-parallel-size 2"],
                evidence=[Evidence(line=10 + i, text=f"error line {i}")], fingerprint=f"rule-{i}:{i:012x}")
    base.update(kw)
    return Diagnosis(**base)


def report(outcome: str = "failed", diagnoses=None, phases=None, **kw) -> Report:
    if phases is None:
        phases = [PhaseReport(name="config", status="done", first_line=1, last_line=5, duration_s=2.0),
                  PhaseReport(name="weights", status="failed" if outcome != "ready" else "done",
                              first_line=6, last_line=40, duration_s=31.5)]
    kw.setdefault("model", "/models/m")
    return Report(engine="vllm", engine_version="0.11.0", outcome=outcome,
                  last_phase=phases[-1].name if phases else None, phases=phases,
                  diagnoses=diagnoses if diagnoses is not None else [diag()], **kw)
