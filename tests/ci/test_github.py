from __future__ import annotations

import json

from diagnose.render import github
from diagnose.ruledata import example_text

from .reports import diag, report


def test_escaping_of_data_and_properties():
    assert github.escape_data("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b"
    assert github.escape_property("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext%3A a%2Cb"
    assert github.command("error", "a%b\nc: d, e", file="logs/run 1.log", line=12, title="x: y, z") == \
        "::error file=logs/run 1.log,line=12,title=x%3A y%2C z::a%25b%0Ac: d, e"
    assert github.command("warning", "msg") == "::warning::msg"
    assert github.command("notice", "m", file=None, title="t") == "::notice title=t::m"


def test_one_annotation_per_diagnosis_most_important_first():
    diags = [diag(1, severity="warning", role="symptom"), diag(2, role="wrapper"), diag(3)] + \
            [diag(i, severity="info") for i in range(4, 20)]
    lines = github.render(report(diagnoses=diags)).splitlines()
    assert len(lines) == 10
    assert lines[0].startswith("::error title=llmdiag%3A Title 3::")   # the wrapper is folded into the cause
    assert "%0AReported by: Title 2 (line 12)%0A" in lines[0]
    assert lines[1].startswith("::warning title=llmdiag%3A Title 1::")
    assert all(l.startswith("::notice") for l in lines[2:])


def test_wrappers_stand_alone_only_without_a_cause():
    diags = [diag(2, role="wrapper"), diag(3, role="wrapper")]
    lines = github.render(report(diagnoses=diags)).splitlines()
    assert [l.split("::")[1] for l in lines] == ["error title=llmdiag%3A Title 2", "error title=llmdiag%3A Title 3"]
    assert "Reported by" not in "".join(lines)


def test_message_carries_why_what_to_do_and_evidence():
    d = diag(1, explanation="Needs 80.5 GiB, has 79.1 GiB", remediation=["--tensor-parallel-size 2", "use fp8"])
    line = github.render(report(diagnoses=[d])).splitlines()[0]
    msg = line.split("::", 2)[2]
    assert msg.split("%0A")[0] == "Needs 80.5 GiB, has 79.1 GiB"
    assert "%0A  --tensor-parallel-size 2%0A  use fp8" in msg
    assert "Log line 11: error line 1" in msg
    assert "fingerprint rule-1:000000000001" in msg


def test_file_and_line_point_at_the_log(monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    r = report(inputs=["engine.log"])
    assert github.render(r, input_paths=["logs/engine.log"]).startswith("::error file=logs/engine.log,line=11,")
    assert "file=" not in github.render(r, input_paths=["-"])
    assert "file=" not in github.render(r, input_paths=["/abs/engine.log"])  # outside the workspace
    monkeypatch.setenv("GITHUB_WORKSPACE", "/abs")
    assert github.render(r, input_paths=["/abs/engine.log"]).startswith("::error file=engine.log,line=11,")


def test_failed_start_without_diagnosis_still_annotates():
    line = github.render(report(diagnoses=[])).strip()
    assert line.startswith("::error title=llmdiag::Start failed in phase weights")


def test_ready_start_is_a_notice():
    out = github.render(report(outcome="ready", diagnoses=[])).strip()
    assert out.startswith("::notice title=llmdiag%3A ready::vllm server came up")


def test_step_summary_appends(tmp_path):
    path = tmp_path / "summary.md"
    path.write_text("earlier step\n")
    assert github.append_step_summary("## report", {"GITHUB_STEP_SUMMARY": str(path)}) == str(path)
    assert path.read_text() == "earlier step\n## report\n"
    assert github.append_step_summary("x", {}) is None


def test_problem_matcher_from_the_rule_pack(ci_rules, cli_run):
    import regex

    pm = github.problem_matcher(ci_rules)
    owners = [m["owner"] for m in pm["problemMatcher"]]
    assert len(owners) == len(set(owners)) > 20
    by_id = {r.id: r for r in ci_rules}
    for m in pm["problemMatcher"]:
        assert m["severity"] in ("error", "warning")
        (pat,) = m["pattern"]
        assert pat["message"] == 1 and "(?P<" not in pat["regexp"] and "(?P=" not in pat["regexp"]
        rule = by_id[m["owner"].removeprefix("llmdiag-")]
        # .NET syntax back to Python's for the check: every example of the rule is annotated
        rx = regex.compile(regex.sub(r"\\k<(\w+)>", r"(?P=\1)", pat["regexp"]))
        for ex in rule.examples.match:
            assert any(rx.search(line) for line in example_text(ex).splitlines()), (rule.id, ex)
    assert set(pm["x-llmdiag-skipped"]) <= set(by_id)
    # a rule whose `when` reads its captures is decided by more than its regex: the regex alone would
    # annotate every child's exit line as a SIGKILL
    assert {"vllm-worker-died-sigkill", "generic-slow-shard-progress"} <= set(pm["x-llmdiag-skipped"])
    rc, out, _ = cli_run("rules", "problem-matcher")
    assert rc == 0 and json.loads(out)["problemMatcher"]
