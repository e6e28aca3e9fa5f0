"""JSON: exactly the contract (llmdiag.report/v1) plus its documented additions."""

from __future__ import annotations

from diagnose.reportdata import Report


def render(report: Report) -> str:
    return report.to_json(indent=2) + "\n"
