"""Issue 7.2: property-based tests of the line layer, the engine parsers, the rule matcher, the
pipeline and the renderers: no exception, JSON valid against `llmdiag schema`, every line number
inside the input. (The passthrough property, `watch` output == input, is in test_live_faults.py.)
Long runs: LLMDIAG_FUZZ_EXAMPLES=5000 pytest tests/robustness -k properties (tools/fuzz/README.md)."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from diagnose.lines import MAX_LINE_BYTES, LineSplitter, iter_records, split_redraws

from .conftest import check_report_json, fuzz, fuzz_n, physical_line_count
from .strategies import hostile_log, hostile_text, mutated_line


def physical_lines(data: bytes) -> list[bytes]:
    split = LineSplitter()
    out = split.lines(data)
    return out + ([split.partial] if split.partial else [])


@fuzz
@given(st.binary(max_size=4000) | hostile_log())
def test_line_layer_numbers_stay_inside_the_input(data):
    n_lines = physical_line_count(data)
    assert len(physical_lines(data)) == n_lines
    last = 0
    for rec in iter_records(io.BytesIO(data), "fuzz.log"):
        assert 1 <= rec.n <= n_lines and rec.n >= last
        last = rec.n
        assert "\n" not in rec.text and "\x00" not in rec.raw and "\x1b[" not in rec.raw
        assert rec.text == rec.text.rstrip()
        assert isinstance(rec.clock, (float, type(None)))


@fuzz_n(10)
@given(st.integers(1, 3), st.binary(min_size=1, max_size=50))
def test_long_lines_are_cut_never_held(k, tail):
    data = b"x" * (MAX_LINE_BYTES * k + 17) + b"\n" + tail
    lines = physical_lines(data)
    assert len(lines) == physical_line_count(data)
    assert all(len(ln) <= MAX_LINE_BYTES for ln in lines)


@fuzz
@given(hostile_text)
def test_split_redraws_never_loses_a_non_blank_piece(text):
    pieces = split_redraws(text)
    assert pieces
    for piece, redraws in pieces:
        assert "\r" not in piece and redraws >= 0


@fuzz
@given(st.lists(mutated_line(), max_size=40))
def test_engine_parsers_and_matcher_never_raise(lines):
    from diagnose.engines import EngineGuess
    from diagnose.pipeline import scanner

    guess = EngineGuess()
    for rec in iter_records(io.BytesIO(b"\n".join(lines)), "fuzz.log"):
        events = scanner().scan(rec)
        guess.feed(rec, events)
        for ev in events:
            assert isinstance(ev.facts, dict)
    assert guess.engine in ("vllm", "sglang", "unknown")


def _analyze(data: bytes, rules):
    from diagnose.pipeline import Analyzer

    analyzer = Analyzer(rules)
    analyzer.feed_all(iter_records(io.BytesIO(data), "fuzz.log"))
    return analyzer.report()


@fuzz
@given(hostile_log())
def test_pipeline_report_is_valid_json_with_lines_inside_the_input(rules, data):
    report = _analyze(data, rules)
    check_report_json(report.to_json(), physical_line_count(data))
    assert report.lines <= physical_line_count(data)
    assert not [w for w in report.warnings if "switched off" in w], report.warnings  # shipped rules never break


FORMATS = ("text", "json", "markdown", "junit", "github", "prometheus")
# what must never reach a reader's terminal or viewer from a log: C0 but tab and newline, DEL, C1,
# line separators, bidi embeddings / overrides / isolates (the text format's own colour codes aside)
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
SGR = re.compile("\x1b\\[[0-9;]*m")


def assert_safe(text: str, fmt: str = "") -> None:
    bad = UNSAFE.search(SGR.sub("", text) if fmt in ("text", "") else text)
    assert bad is None, (fmt, hex(ord(bad.group())), text[max(0, bad.start() - 60): bad.end() + 20])


def _render_all(report, redact: bool) -> None:
    from diagnose import outputs

    prepared = outputs.prepare(report, redact=redact)
    for fmt in FORMATS:
        text = outputs.render(prepared, fmt, color=fmt == "text", input_paths=["fuzz.log"])
        assert isinstance(text, str)
        text.encode("utf-8")
        assert_safe(text, fmt)
        if fmt == "junit":
            ET.fromstring(text.encode("utf-8"))
        if fmt == "json":
            check_report_json(text)
        if fmt == "prometheus":
            from tests.test_prometheus import parse

            parse(text)  # the text format's rules: names, escapes, each series once


@fuzz_n(25)
@given(hostile_log(max_lines=30), st.booleans())
def test_renderers_never_raise_on_reports_of_hostile_logs(rules, data, redact):
    _render_all(_analyze(data, rules), redact)


@st.composite
def hostile_report(draw):
    """Reports built directly: every free-text field hostile, numbers at their edges."""
    from diagnose.report import Report

    phases = ["config", "init", "nccl", "weights", "kv_cache", "compile", "server"]
    txt = hostile_text
    from diagnose.rulepack import CATEGORIES

    # rule ids and categories are validated when a rule loads (kebab-case, the CONTRACT list)
    diags = draw(st.lists(st.fixed_dictionaries({
        "rule": st.from_regex(r"[a-z0-9][a-z0-9-]{1,20}", fullmatch=True), "category": st.sampled_from(CATEGORIES), "severity": st.sampled_from(["error", "warning", "info"]),
        "role": st.sampled_from(["cause", "symptom", "wrapper"]), "phase": st.none() | st.sampled_from(phases),
        "title": txt, "explanation": txt, "remediation": st.lists(txt, max_size=3),
        "evidence": st.lists(st.fixed_dictionaries({"line": st.integers(1, 2**31), "text": txt},
                                                   optional={"source": txt}), max_size=3),
        "fingerprint": txt, "count": st.integers(0, 10**6), "references": st.lists(txt, max_size=2),
    }), max_size=4))
    data = {
        "engine": draw(st.sampled_from(["vllm", "sglang", "unknown"])),
        "engine_version": draw(st.none() | txt),
        "outcome": draw(st.sampled_from(["ready", "failed", "incomplete"])),
        "last_phase": draw(st.none() | st.sampled_from(phases)),
        "phases": draw(st.lists(st.fixed_dictionaries({
            "name": st.sampled_from(phases), "status": st.sampled_from(["done", "failed", "running"]),
            "first_line": st.integers(1, 10**6), "last_line": st.integers(1, 10**6),
            "duration_s": st.none() | st.floats(0, 1e7, allow_nan=False),
        }), max_size=4)),
        "diagnoses": diags,
        "model": draw(st.none() | txt),
        "facts": draw(st.dictionaries(st.from_regex(r"[a-z_]{1,12}", fullmatch=True),
                                      txt | st.integers(-(2**63), 2**63) | st.floats(allow_nan=False, allow_infinity=False),
                                      max_size=5)),
        "inputs": draw(st.lists(txt, max_size=2)),
        "warnings": draw(st.lists(txt, max_size=2)),
    }
    return Report.model_validate(data)


@fuzz_n(60)
@given(hostile_report(), st.booleans())
def test_renderers_never_raise_on_hostile_reports(report, redact):
    _render_all(report, redact)


@fuzz_n(20)
@given(hostile_log(max_lines=20))
def test_explain_json_through_the_cli_in_process(data):
    """The click command end to end (stdin): exit 0/1 and a report valid against the schema."""
    from click.testing import CliRunner

    from diagnose.cli import cli

    result = CliRunner().invoke(cli, ["explain", "--format", "json", "-"], input=data)
    if data[:2] == b"\x1f\x8b" and result.exit_code == 2:
        # gzip's magic: stdin is read as a .gz file is, and a stream that is no whole gzip is bad
        # input, a one-line error (tests/robustness/test_inputs.py::test_corrupt_gzip)
        assert result.output.startswith("Error: cannot read '<stdin>'") and result.output.count("\n") == 1, result.output
        return
    assert result.exit_code in (0, 1), result.output
    check_report_json(result.stdout, physical_line_count(data))
    json.loads(result.stdout)



def test_junit_type_attribute_is_cleaned_like_every_other_field():
    """Defence in depth: rule validation limits categories to the CONTRACT list, but the JUnit
    writer cleans the failure's `type` as it cleans every other field."""
    from diagnose.render.junit import render
    from diagnose.report import Report

    report = Report.model_validate({
        "engine": "vllm", "outcome": "failed", "phases": [], "diagnoses": [{
            "rule": "r", "category": "bad\x1fcategory", "severity": "error", "role": "cause", "title": "t",
            "explanation": "e", "remediation": [], "evidence": [], "fingerprint": "f"}]})
    failures = ET.fromstring(render(report).encode("utf-8")).iter("failure")
    types = [f.get("type") for f in failures]
    assert types and all("\x1f" not in t and "category" in t for t in types)
