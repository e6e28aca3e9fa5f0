"""JSON: exactly the contract (llmdiag.report/v1) plus its documented additions."""

from __future__ import annotations

from diagnose.render.safe import json_escaped
from diagnose.report import Report


def render(report: Report) -> str:
    return json_escaped(report.to_json(indent=2)) + "\n"
