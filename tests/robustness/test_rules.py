"""Issue 7.3: rule packs written by users. Loaded with a safe YAML loader (no object construction),
unknown fields rejected, size limits (file, values after alias expansion, nesting, rule count),
catastrophic regexes bounded by a timeout and reported, a rule that raises switched off while the
others keep working, and `llmdiag rules lint` flags patterns that can backtrack badly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diagnose import rulepack
from diagnose.rulepack import load_file, load_pack

from .conftest import assert_no_traceback, check_report_json, physical_line_count, run

OOM = ("ERROR 01-02 03:04:09 [core.py:700] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. "
       "GPU 0 has a total capacity of 79.19 GiB of which 1.05 GiB is free.")


def rule_yaml(rid: str, match: str = "{contains: 'marker'}", **extra: str) -> str:
    fields = {"id": rid, "title": f"'{rid}'", "category": "unknown", "severity": "warning", "role": "symptom",
              "description": "d", "explanation": "e", "remediation": "[r]",
              "examples": "{match: ['marker here'], no_match: ['nothing']}", "match": match, **extra}
    return "".join(f"{k}: {v}\n" for k, v in fields.items())


def write_rule(folder: Path, rid: str, **kw) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / f"{rid}.yaml"
    p.write_text(rule_yaml(rid, **kw))
    return p


# -- loading ------------------------------------------------------------------------------------

@pytest.mark.parametrize("payload", [
    "!!python/object/apply:os.system ['touch {canary}']",
    "!!python/object/new:subprocess.Popen [['touch', '{canary}']]",
    "!!python/name:os.system",
    "!!python/module:os",
])
def test_yaml_tags_never_construct_objects(tmp_path, payload):
    canary = tmp_path / "pwned"
    p = write_rule(tmp_path / "rules", "evil", explanation=payload.format(canary=canary))
    rule, errors = load_file(p)
    assert rule is None and errors, errors
    assert not canary.exists()
    # and through the CLI: one line, exit 2, nothing executed
    rc, _, err = run(["explain", "--rules", str(tmp_path / "rules"), "-"], input_bytes=b"marker\n")
    assert rc == 2 and not canary.exists()
    assert_no_traceback(err)


def test_unknown_fields_are_rejected_with_file_rule_and_field(tmp_path):
    p = write_rule(tmp_path, "extra-field", exec="'rm -rf /'")
    rule, errors = load_file(p)
    assert rule is None
    assert errors == [f"{p}: rule extra-field: exec: unknown field"]
    p = write_rule(tmp_path, "nested-extra", match="{contains: marker, shell: 'x'}")
    assert any("match.shell: unknown field" in e for e in load_file(p)[1])


def test_billion_laughs_and_self_referencing_aliases_are_refused_not_expanded(tmp_path):
    body = "  - &l0 {contains: 'lol'}\n" + "".join(
        f"  - &l{i} {{any: [{', '.join(['*l%d' % (i - 1)] * 9)}]}}\n" for i in range(1, 8))
    p = tmp_path / "laughs.yaml"
    p.write_text(rule_yaml("laughs", match="\n  any:\n" + body))
    assert p.stat().st_size < 2000  # a tiny file ...
    rule, errors = load_file(p)  # ... that would expand to 9**7 conditions
    assert rule is None and "more than" in errors[0] and "values" in errors[0]
    p = tmp_path / "selfref.yaml"
    p.write_text(rule_yaml("selfref", remediation="&r [*r]"))
    rule, errors = load_file(p)
    assert rule is None and "nested deeper" in errors[0]


def test_deep_flow_nesting_is_a_yaml_error(tmp_path):
    p = tmp_path / "deep.yaml"
    p.write_text("id: deep\nmatch: " + "[" * 60_000 + "]" * 60_000 + "\n")
    rule, errors = load_file(p)
    assert rule is None and errors and "YAML" in errors[0]


def test_huge_rule_file_is_refused_with_its_limit(tmp_path):
    p = tmp_path / "huge.yaml"
    p.write_text(rule_yaml("huge", description="'" + "x" * (rulepack.MAX_RULE_FILE_BYTES + 10) + "'"))
    rule, errors = load_file(p)
    assert rule is None and errors == [f"{p}: rule file larger than {rulepack.MAX_RULE_FILE_BYTES // 1024} KiB"]


def test_pattern_length_limit(tmp_path):
    p = write_rule(tmp_path, "long-re", match="{regex: '" + "a" * (rulepack.MAX_PATTERN_LEN + 1) + "'}")
    assert any(f"longer than {rulepack.MAX_PATTERN_LEN}" in e for e in load_file(p)[1])


def test_not_a_mapping_binary_and_bad_encoding(tmp_path):
    (tmp_path / "list.yaml").write_text("- a\n- b\n")
    (tmp_path / "binary.yaml").write_bytes(b"\x00\xff\xfe garbage \x89PNG")
    (tmp_path / "gbk.yaml").write_bytes("id: 中文\n".encode("gbk"))
    for name in ("list.yaml", "binary.yaml", "gbk.yaml"):
        rule, errors = load_file(tmp_path / name)
        assert rule is None and len(errors) == 1 and str(tmp_path / name) in errors[0]


def test_rule_count_limit_is_clear(tmp_path, monkeypatch):
    monkeypatch.setattr(rulepack, "MAX_RULES", 30)
    for i in range(40):
        write_rule(tmp_path, f"many-{i:03d}")
    pack = load_pack([str(tmp_path)], include_builtin=False)
    assert len(pack.rules) == 30
    assert pack.errors == [f"{tmp_path}: more than 30 rules; the rest were not loaded"]


def test_two_thousand_user_rules_load_and_match(tmp_path):
    rules = tmp_path / "rules"
    for i in range(2000):
        write_rule(rules, f"gen-{i:04d}", match="{regex: 'marker%04d (?P<w>\\w+)'}" % i,
                   examples="{match: ['marker%04d here'], no_match: ['nothing']}" % i)
    log = tmp_path / "server.log"
    data = "\n".join([OOM, "marker1234 here", "marker0007 there"] * 3) + "\n"
    log.write_text(data)
    rc, out, err = run(["explain", "--format", "json", "--rules", str(rules), str(log)])
    assert rc == 1, err
    report = check_report_json(out, physical_line_count(data.encode()))
    ids = {d["rule"] for d in report["diagnoses"]}
    assert {"gen-1234", "gen-0007"} <= ids and any("oom" in d["category"] for d in report["diagnoses"])


# -- matching -----------------------------------------------------------------------------------

CATASTROPHIC = ["(a+)+$", "(\\w+\\s?)*$", "(.*a){12}$", "(a|aa)+$"]


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_regex_is_bounded_reported_and_the_rest_keep_working(tmp_path, pattern):
    rules = tmp_path / "rules"
    write_rule(rules, "redos", match="{regex: '%s'}" % pattern,
               examples="{match: ['aaaa'], no_match: ['b']}")
    evil = "a" * 5000 + "!"  # a long line and no match: the engine must try (nearly) every split
    data = "\n".join([evil] * 8 + [OOM] + [evil] * 8) + "\n"
    log = tmp_path / "server.log"
    log.write_text(data)
    rc, out, err = run(["explain", "--format", "json", "--rules", str(rules), str(log)])
    assert rc == 1, err
    report = check_report_json(out, physical_line_count(data.encode()))
    top = next(d for d in report["diagnoses"] if d["role"] != "wrapper")
    assert "oom" in top["category"], top  # the shipped rules still find the cause
    assert any("rule redos: regex switched off after 3 timeouts" in w for w in report["warnings"]), report["warnings"]
    # lint says so before anyone runs it
    rc, out, _ = run(["rules", "lint", "--rules", str(rules)])
    assert rc == 1 and b"nested quantifier that can backtrack badly" in out


def test_lint_pattern_check_flags_bad_shapes_only():
    from diagnose.ruletest import _nested_quantifier

    bad = ["(a+)+$", "(\\w+\\s?)*$", "(a|aa)+$", "(.*a){12}", "(?:\\d+)+x", "(\\s*,\\s*)*$", "(x+x+)+y",
           "(?:-?\\d+)+", "(\\w+|\\d+)+", "(a*)*b", "((a+))+", "(.*)*x", "(?:a+){2,}"]
    good = ["(?:\\.\\d+)*", "(?:[^,]*,)*end", "\\w+\\s+\\w+", "(\\w+\\s)+", "(?:[^\\s]+\\s+)*x", "(ab|cd)+",
            "(?:\\d+\\.){3}\\d+", "(?:, \\w+)*", "(\\d+)(?:\\.\\d+)*", "(?:\\w+=\\w+,)*", ".*foo.*", "(x){2}"]
    assert [p for p in bad if not _nested_quantifier(p)] == []
    assert [p for p in good if _nested_quantifier(p)] == []


def test_shipped_pack_passes_the_backtracking_lint():
    from diagnose.rulepack import walk_conds
    from diagnose.ruletest import _nested_quantifier, slow_on_a_long_line

    conds = [(lr.rule.id, c) for lr in load_pack().rules for c in walk_conds(lr.rule.match) if c.regex]
    assert [(rid, c.regex) for rid, c in conds if _nested_quantifier(c.regex)] == []
    # quadratic on a long line (a cut line is 64 KiB): at run time the regex would time out and be switched off
    assert [(rid, c.regex) for rid, c in conds if slow_on_a_long_line(c.regex, c.ignore_case)] == []


def test_lint_long_line_check_flags_quadratic_shapes_only():
    from diagnose.ruletest import slow_on_a_long_line

    # a lazy repeat before an overlapping one and an anchor, a repeat the start can re-split, a greedy
    # token searched from every position: each takes seconds on 64 KiB of one character
    assert slow_on_a_long_line(r"^\s*assert (?P<reason>\S.{3,}?)\s*$") == "65536 bytes of spaces after 'assert '"
    assert slow_on_a_long_line(r"^\s*[^#\n]*?(?:/|%)\s*(?P<name>context_len|max_model_len)\b") == "65536 bytes of spaces"
    assert slow_on_a_long_line(r"(?P<nvcc>\S*nvcc): (?:\d+: )?not found|nvcc: command not found") == "65536 bytes of letters"
    assert slow_on_a_long_line(r"JSONDecodeError: (?P<detail>.+?)\s*$") == "65536 bytes of spaces after 'JSONDecodeError: '"
    for fine in (r"^\s*assert (?P<reason>\S.{2,}\S)\s*$", r"(?<!\S)(?P<nvcc>\S*nvcc): (?:\d+: )?not found|nvcc: command not found",
                 r"JSONDecodeError: (?P<detail>.*\S)\s*$",
                 r"(?:/|%)\s*\(?(?:\w+\.){0,4}context_len\b", r"Error building extension '(?P<e>[^']+)'"):
        assert slow_on_a_long_line(fine) is None, fine


@pytest.mark.parametrize("field,value,kind", [
    ("compute", "{x: '-word'}", "TypeError"),
    ("when", "'word ** 100 > 1'", "ExprError"),
    ("explanation", "'{word - 1}'", "ExprError"),
])
def test_a_rule_that_raises_is_switched_off_and_the_others_keep_working(tmp_path, field, value, kind):
    rules = tmp_path / "rules"
    extra = {field: value}
    if field == "compute":
        extra["explanation"] = "'x is {x}'"
    write_rule(rules, "raises", match="{regex: 'marker (?P<word>\\w+)'}", **extra)
    write_rule(rules, "fine", match="{contains: 'second marker'}",
               examples="{match: ['second marker'], no_match: ['nothing']}")
    data = f"marker here\nsecond marker\n{OOM}\nmarker again\n"
    log = tmp_path / "server.log"
    log.write_text(data)
    rc, out, err = run(["explain", "--format", "json", "--rules", str(rules), str(log)])
    assert rc == 1, err
    assert_no_traceback(err)
    report = check_report_json(out, 4)
    ids = [d["rule"] for d in report["diagnoses"]]
    assert "fine" in ids and "raises" not in ids
    assert any("oom" in d["category"] for d in report["diagnoses"])
    assert [w for w in report["warnings"] if w.startswith("rule raises: switched off after an error: " + kind)], report["warnings"]


def test_a_rule_that_raises_in_the_matcher_is_switched_off_once(monkeypatch, rules):
    """An exception inside a rule's evaluation (a bug, a hostile construct) disables that rule only."""
    from diagnose.matcher import Matcher
    from diagnose.pipeline import analyze_text

    real = Matcher._eval
    victim = "generic-weights-cuda-oom"
    other = next(r for r in rules if r.id == "generic-cli-argument-error")

    def boom(self, node, hits, hit_line, run):
        for rs in self.rules:
            if rs.node is node and rs.rule.id == victim:
                raise RuntimeError("boom")
        return real(self, node, hits, hit_line, run)

    monkeypatch.setattr(Matcher, "_eval", boom)
    report = analyze_text("\n".join([OOM] * 3 + other.examples.match), rules)
    msgs = [w for w in report.warnings if w.startswith(f"rule {victim}: switched off after an error")]
    assert len(msgs) == 1
    ids = [d.rule for d in report.diagnoses]
    assert victim not in ids and other.id in ids


def test_expressions_cannot_reach_python(tmp_path):
    from diagnose.expr import ExprError, compile_expr

    for src in ["__import__('os').system('id')", "().__class__.__bases__[0].__subclasses__()",
                "open('/etc/passwd').read()", "(lambda: 1)()", "[x for x in range(10**9)]",
                "eval('1')", "word.upper()", "globals()", "f'{word}'"]:
        with pytest.raises(ExprError):
            compile_expr(src)


def test_explain_with_an_invalid_user_pack_is_one_line(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "broken.yaml").write_text("id: [unclosed\n")
    rc, _, err = run(["explain", "--rules", str(rules), "-"], input_bytes=b"x\n")
    assert rc == 2 and err.startswith("llmdiag: error: ") and len(err.strip().splitlines()) == 1
    # a missing --rules folder too
    rc, _, err = run(["explain", "--rules", str(tmp_path / "nope"), "-"], input_bytes=b"x\n")
    assert rc == 2 and "rules folder not found" in err
    json.dumps(err)


# -- templates and expressions: bounded like regexes ------------------------------------------------

@pytest.mark.parametrize("field,value,problem", [
    ("explanation", "'n is {n:0800000000d}'", "format width 800000000 is larger than 100"),
    ("title", "'{n:>999999999}'", "format width 999999999 is larger than 100"),
    ("explanation", "'{n:.500000000f}'", "format precision 500000000 is larger than 30"),
    ("remediation", "['--max-model-len {n:,.900000000f}']", "format precision 900000000 is larger than 30"),
    ("remediation", "[{text: 'x {n:09999999999d}', when: 'n > 1'}]", "format width 9999999999 is larger than 100"),
    ("explanation", "'%s'" % ("{n}" * 101), "more than 100 {...} placeholders"),
])
def test_a_template_past_the_limits_is_a_load_and_lint_error(tmp_path, field, value, problem):
    rules = tmp_path / "rules"
    p = write_rule(rules, "wide", match="{regex: 'marker (?P<n>\\d+)'}",
                   examples="{match: ['marker 7'], no_match: ['nothing']}", **{field: value})
    rule, errors = load_file(p)
    assert rule is None and any(problem in e and "rule wide" in e for e in errors), errors
    rc, out, err = run(["rules", "lint", "--rules", str(rules)])
    assert rc == 1 and problem.encode() in out
    assert_no_traceback(err)
    rc, _, err = run(["explain", "--rules", str(rules), "-"], input_bytes=b"marker 7\n")
    assert rc == 2 and err.startswith("llmdiag: error: ") and problem in err and len(err.strip().splitlines()) == 1


def test_render_is_bounded_whatever_the_template_and_the_values():
    from diagnose import expr

    huge = "x" * 65536  # a captured value as long as a line may be
    assert expr.render("{n:0800000000d}|{n:.999999f}|{n:5d}", {"n": 7}) == "7|7|    7"  # refused specs: left out
    assert expr.render("{n:{w}d}", {"n": 7, "w": 800000000}) == "{n:800000000d}"  # no nested fields
    one = expr.render("<{s}>", {"s": huge})
    assert len(one) == expr.MAX_FIELD_CHARS + 2 and one.endswith("...>")
    many = expr.render("{s}" * 5000 + "{{}}" * 5000, {"s": huge})
    assert len(many) <= expr.MAX_RENDERED_CHARS and many.endswith("...")
    assert expr.render("{s:>100}", {"s": "a"}) == " " * 99 + "a"  # within the limits: unchanged
    assert expr.render("{x:.2f} GiB, {n:,}", {"x": 3.14159, "n": 131072}) == "3.14 GiB, 131,072"


@pytest.mark.parametrize("src", [
    "[0] * 1000000000", "1000000000 * [0]", "[0, 1] + [2] * 5",
    "s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s + s",  # 20 x 8 KiB
    "(1000000 ** 64) * (1000000 ** 64) * (1000000 ** 64) * (1000000 ** 64) * (1000000 ** 64) * (1000000 ** 64)"
    " * (1000000 ** 64) * (1000000 ** 64) * (1000000 ** 64)",
])
def test_an_expression_cannot_grow_without_bound(src):
    from diagnose.expr import ExprError, evaluate

    with pytest.raises(ExprError):
        evaluate(src, {"s": "y" * 8192})


def test_compute_entries_that_double_each_other_switch_the_rule_off(tmp_path):
    """Each entry may be short, but one that adds up the one before grows exponentially."""
    rules = tmp_path / "rules"
    chain = {"a": "word + word + word + word + word + word + word + word"}
    for prev, name in zip("abcdefgh", "bcdefghi"):
        chain[name] = " + ".join([prev] * 8)
    compute = "{%s}" % ", ".join(f"{k}: '{v}'" for k, v in chain.items())
    write_rule(rules, "grows", match="{regex: 'marker (?P<word>\\w+)'}", compute=compute,
               explanation="'{i}'", examples="{match: ['marker x'], no_match: ['nothing']}")
    data = "marker " + "w" * 60000 + "\n" + OOM + "\n"
    log = tmp_path / "server.log"
    log.write_text(data)
    rc, out, err = run(["explain", "--format", "json", "--rules", str(rules), str(log)])
    assert rc == 1, err
    report = check_report_json(out, 2)
    assert "grows" not in [d["rule"] for d in report["diagnoses"]]
    assert any("oom" in d["category"] for d in report["diagnoses"])
    assert any(w.startswith("rule grows: switched off after an error: ExprError: text longer than")
               for w in report["warnings"]), report["warnings"]
