"""Rule examples with their context (engine, version, phase, facts, expect) and `rules lint`'s overlap
warning: the pack checks its scoping and its rendered advice where the rule is written."""

from __future__ import annotations

import textwrap

from diagnose.rulepack import load_pack
from diagnose.ruletest import example_problems, overlapping

from .conftest import run_cli

RULE = textwrap.dedent("""\
    id: vllm-test-kv
    title: "KV cache too small for {max_model_len} tokens"
    category: kv-cache-insufficient
    severity: error
    role: cause
    engines: [vllm]
    versions: ">=0.7.0"
    phases: [kv_cache]
    match:
      regex: 'max seq len \\((?P<max_model_len>\\d+)\\)'
    explanation: x
    remediation:
      - "--max-model-len {max_model_len // 2}"
      - text: "--gpu-memory-utilization 0.95"
        platforms: [gpu]
      - text: "VLLM_CPU_KVCACHE_SPACE=40"
        platforms: [cpu]
    examples:
      match:
        EXAMPLES
      no_match: ["Available KV cache memory: 1 GiB"]
    """)


def _pack(tmp_path, examples: str, rule: str = RULE):
    d = tmp_path / "rules"
    d.mkdir(exist_ok=True)
    (d / "vllm-test-kv.yaml").write_text(rule.replace("    EXAMPLES\n", textwrap.indent(examples, "    ")))
    return load_pack([str(d)], include_builtin=False)


def _problems(pack):
    rule = pack.rules[0].rule
    return [p for key in ("match", "no_match") for ex in getattr(rule.examples, key)
            for p in example_problems(rule, ex, key == "match")]


LINE = "ValueError: To serve at least one request with the models's max seq len (131072), more is needed"


def test_context_example_applies_scoping_and_checks_rendered_text(tmp_path):
    pack = _pack(tmp_path, textwrap.dedent(f"""\
        - "{LINE}"
        - text: "{LINE}"
          engine: vllm
          version: "0.8.0"
          phase: kv_cache
          facts: {{platform: cpu}}
          expect:
            captures: {{max_model_len: 131072}}
            title_contains: ["131072 tokens"]
            remediation_contains: ["--max-model-len 65536", "VLLM_CPU_KVCACHE_SPACE"]
            remediation_absent: ["--gpu-memory-utilization"]
        - text: "{LINE}"
          engine: sglang
          expect: {{fires: false}}
        - text: "{LINE}"
          engine: vllm
          version: "0.6.3"
          expect: {{fires: false}}
        - text: "{LINE}"
          phase: weights
          expect: {{fires: false}}
        """))
    assert not pack.errors, pack.errors
    assert _problems(pack) == []


def test_context_example_that_does_not_hold_says_what_and_where(tmp_path):
    pack = _pack(tmp_path, textwrap.dedent(f"""\
        - text: "{LINE}"
          engine: sglang
        - text: "{LINE}"
          facts: {{platform: cuda}}
          expect:
            captures: {{max_model_len: 4096}}
            title_contains: ["8192 tokens"]
            remediation_contains: ["VLLM_CPU_KVCACHE_SPACE"]
            remediation_absent: ["--max-model-len"]
        """))
    assert not pack.errors, pack.errors
    problems = _problems(pack)
    assert problems[0] == "does not fire (context: engine sglang): " + repr(LINE)
    assert problems[1:] == [
        "capture max_model_len: expected 4096, got '131072' (context: platform=cuda)",
        "title lacks '8192 tokens' (context: platform=cuda): 'KV cache too small for 131072 tokens'",
        "remediation lacks 'VLLM_CPU_KVCACHE_SPACE' (context: platform=cuda)",
        "remediation has '--max-model-len' (context: platform=cuda)",
    ]


def test_plain_string_examples_keep_the_filters_off(tmp_path):
    """A string example of a vLLM rule scoped to kv_cache still fires with no engine or phase given."""
    pack = _pack(tmp_path, f'- "{LINE}"\n')
    rule = pack.rules[0].rule
    assert example_problems(rule, LINE, True) == []
    assert example_problems(rule, LINE, False) == ["fires (false alarm): " + repr(LINE)]


def test_bad_context_examples_are_load_errors_naming_the_field(tmp_path):
    cases = {
        f'- text: "{LINE}"\n  expect: {{colour: red}}\n': "examples.match.0.expect.colour: unknown field",
        f'- text: "{LINE}"\n  engine: tgi\n': "examples.match.0.engine: Input should be 'vllm' or 'sglang'",
        f'- "{LINE}"\n- text: "{LINE}"\n  expect: {{fires: false, title_contains: [x]}}\n':
            "captures and report text need a rule that fires",
    }
    for examples, wanted in cases.items():
        errors = _pack(tmp_path, examples).errors
        assert len(errors) == 1 and wanted in errors[0], (examples, errors)


def test_rules_test_reports_a_failing_context_example(tmp_path):
    _pack(tmp_path, f'- "{LINE}"\n- text: "{LINE}"\n  engine: sglang\n')
    (tmp_path / "samples").mkdir()
    code, out, _ = run_cli(["rules", "test", "--rules", str(tmp_path / "rules"), "--samples", str(tmp_path / "samples")])
    assert code == 1
    assert "FAIL vllm-test-kv" in out and "examples.match[2] does not fire (context: engine sglang)" in out
    code, out, _ = run_cli(["rules", "show", "vllm-test-kv", "--rules", str(tmp_path / "rules")])
    assert code == 0 and out.count("max seq len (131072)") == 2


OTHER = textwrap.dedent("""\
    id: vllm-test-other
    title: t
    category: kv-cache-insufficient
    severity: error
    role: cause
    TIER
    match:
      contains: "max seq len"
    explanation: x
    remediation: [y]
    examples:
      match: ["the max seq len (1) is too long"]
      no_match: ["nothing"]
    """)


def test_lint_warns_about_rules_of_one_tier_that_fire_on_each_others_examples(tmp_path):
    _pack(tmp_path, f'- "{LINE}"\n')
    (tmp_path / "rules" / "vllm-test-other.yaml").write_text(OTHER.replace("TIER\n", ""))
    pack = load_pack([str(tmp_path / "rules")], include_builtin=False)
    (warning,) = overlapping(pack)
    assert "rule vllm-test-kv overlaps rule vllm-test-other" in warning
    # a family rule and a specific rule are ranked by tier: no overlap to report
    (tmp_path / "rules" / "vllm-test-other.yaml").write_text(OTHER.replace("TIER", "tier: family"))
    assert overlapping(load_pack([str(tmp_path / "rules")], include_builtin=False)) == []


def test_lint_reads_a_when_with_the_phase_and_version_an_example_gives(tmp_path):
    # a rule kept to logs that show no phase (bus-error-before-any-output) does not overlap a rule whose
    # examples give a phase (bus-error-shm): `when` decides with the example's phase, engine and version
    _pack(tmp_path, f'- text: "{LINE}"\n  phase: kv_cache\n')
    other = OTHER.replace("TIER\n", "when: \"default(seen_phase, '') == ''\"\n")
    (tmp_path / "rules" / "vllm-test-other.yaml").write_text(other)
    assert overlapping(load_pack([str(tmp_path / "rules")], include_builtin=False)) == []
    (tmp_path / "rules" / "vllm-test-other.yaml").write_text(other.replace("seen_phase", "engine_version"))
    _pack(tmp_path, f'- text: "{LINE}"\n  version: "0.9.2"\n')
    assert overlapping(load_pack([str(tmp_path / "rules")], include_builtin=False)) == []
    # a version the `when` compares as a version, not as text ('0.9.2' < '0.11')
    (tmp_path / "rules" / "vllm-test-other.yaml").write_text(
        OTHER.replace("TIER\n", "when: \"default(engine_version, '9') >= '0.11'\"\n"))
    assert overlapping(load_pack([str(tmp_path / "rules")], include_builtin=False)) == []


def test_lint_refuses_an_anchor_that_can_overlap_a_vllm_timestamp(tmp_path):
    # an anchor ending in a digit ("... than 0") can overlap "12-06 03:24:14": the fast path would key
    # every line whole (python-pool-max-workers-zero's first anchor did so)
    folder = tmp_path / "rules"
    folder.mkdir()
    rule = OTHER.replace("TIER\n", "").replace('  contains: "max seq len"', '  regex: "greater than 0"\n  anchor: "greater than 0"')
    (folder / "vllm-test-other.yaml").write_text(rule.replace('"the max seq len (1) is too long"', '"x greater than 0"'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert code == 1 and "anchor 'greater than 0' can overlap a vLLM timestamp" in out
    (folder / "vllm-test-other.yaml").write_text(
        rule.replace('anchor: "greater than 0"', 'anchor: "greater than"').replace('"the max seq len (1) is too long"', '"x greater than 0"'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert "can overlap a vLLM timestamp" not in out
    # without `anchor:`, the literal its regex requires is the anchor, and is checked the same way
    (folder / "vllm-test-other.yaml").write_text(
        rule.replace('\n  anchor: "greater than 0"', "").replace('"the max seq len (1) is too long"', '"x greater than 0"'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert code == 1 and "anchor 'greater than 0' can overlap a vLLM timestamp" in out


def test_lint_refuses_a_rule_text_that_the_reports_redaction_would_cut(tmp_path):
    # the report is redacted as a whole: "export HF_TOKEN=<token with read access>" came out as
    # "export HF_TOKEN=[REDACTED] with read access>" (generic-hf-repo-not-found)
    folder = tmp_path / "rules"
    folder.mkdir()
    rule = OTHER.replace("TIER\n", "")
    (folder / "vllm-test-other.yaml").write_text(rule.replace("remediation: [y]", 'remediation: ["export HF_TOKEN=<token with read access>"]'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert code == 1 and "is changed by the report's redaction" in out
    (folder / "vllm-test-other.yaml").write_text(rule.replace("remediation: [y]", 'remediation: ["export HF_TOKEN=<token>   (read access)"]'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert "redaction" not in out


def test_lint_refuses_an_anchor_missing_from_a_line_its_regex_matches(tmp_path):
    # the anchor gates the regex at run time: a match example without it passed `rules test` while the
    # rule never fired on that line (module-attribute-missing-at-import's "partially initialized module")
    folder = tmp_path / "rules"
    folder.mkdir()
    rule = OTHER.replace("TIER\n", "").replace('  contains: "max seq len"', '  regex: "max (?:seq )?len"\n  anchor: "max seq len"')
    (folder / "vllm-test-other.yaml").write_text(rule.replace('"the max seq len (1) is too long"', '"the max len (1) is too long"'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert code == 1 and "matches a line without its anchor 'max seq len'" in out
    (folder / "vllm-test-other.yaml").write_text(rule)
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert "without its anchor" not in out


def test_lint_refuses_an_unless_anchor_missing_from_a_line_its_regex_matches(tmp_path):
    # the same gate for a rule's `unless`: an anchor its regex's other branch lacks let the rule fire on
    # the line the unless was written for (torch-inductor-header-broken's first draft, whose examples
    # passed `rules test`)
    folder = tmp_path / "rules"
    folder.mkdir()
    unless = 'unless:\n  regex: "too short|is blocked"\n  anchor: "too short"\n'
    rule = OTHER.replace("TIER\n", unless).replace('no_match: ["nothing"]', 'no_match: ["the max seq len (1) is blocked"]')
    (folder / "vllm-test-other.yaml").write_text(rule)
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert code == 1 and "examples.no_match[0]: regex 'too short|is blocked' matches a line without its anchor" in out
    (folder / "vllm-test-other.yaml").write_text(rule.replace('regex: "too short|is blocked"\n  anchor: "too short"',
                                                              'contains: "is blocked"'))
    code, out, _ = run_cli(["rules", "lint", "--rules", str(folder)])
    assert "without its anchor" not in out
