"""Golden Markdown. Inputs are frozen reports (tests/ci/data/reports/*.json, redacted) so rule wording
churn does not touch these files; only the Markdown renderer does.

    UPDATE_GOLDEN=1 pytest tests/ci        # rewrite the .md goldens from the frozen reports
    UPDATE_GOLDEN=all pytest tests/ci      # also re-freeze the reports from sample_logs/
"""

from __future__ import annotations

import json
import os

import pytest

from diagnose.render import markdown
from diagnose.report import Report

from .conftest import ROOT

GOLDEN = {
    # frozen report name: sample log it was made from
    "vllm-weights-oom": "vllm/10-v1-0.10.2-tp2-weights-oom.log",
    "vllm-hang-compile": "vllm/25-v1-0.13.0-hang-torch-compile-cold-cache.log",
    "sglang-ready": "sglang/sglang-0.4.7-tp1-qwen2.5-7b-ready.log",
    "multinode-store-timeout": "multinode/sglang-0.4.3-2node-node1-unreachable-store-timeout.log",
}
UPDATE = os.environ.get("UPDATE_GOLDEN", "")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_markdown_golden(name, shared_datadir, ci_rules):
    src = ROOT / "tests" / "ci" / "data"  # write updates to the source tree, not the tmp copy
    frozen = src / "reports" / f"{name}.json"
    if UPDATE == "all":
        from diagnose.outputs import prepare
        from diagnose.pipeline import analyze

        report = prepare(analyze([str(ROOT / "sample_logs" / GOLDEN[name])], ci_rules))
        frozen.parent.mkdir(exist_ok=True)
        frozen.write_text(report.to_json(indent=2) + "\n")
    report = Report.model_validate(json.loads((shared_datadir / "reports" / f"{name}.json").read_text()
                                              if UPDATE != "all" else frozen.read_text()))
    got = markdown.render(report)
    golden = src / "golden" / f"{name}.md"
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(got)
    assert got == golden.read_text(), f"Markdown changed; if intended: UPDATE_GOLDEN=1 pytest {__file__}"
