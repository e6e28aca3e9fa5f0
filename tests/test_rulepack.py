"""Loading and validating rule packs: clear errors, user packs, --only/--skip."""

import textwrap

from diagnose.rulepack import builtin_rules_dir, load_pack, select

GOOD = textwrap.dedent("""\
    id: my-rule
    title: A test rule
    category: port-in-use
    severity: error
    role: cause
    match:
      contains: "Address already in use"
    explanation: the port is busy
    remediation: ["--port 8001"]
    examples:
      match: ["OSError: [Errno 98] Address already in use"]
      no_match: ["INFO: all good"]
    """)


def write(d, name, text):
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(text)


def test_shipped_pack_loads_without_errors():
    pack = load_pack()
    assert not pack.errors, pack.errors
    assert len(pack.rules) >= 50
    assert builtin_rules_dir().is_dir()


def test_unknown_field_names_file_rule_and_field(tmp_path):
    write(tmp_path, "my-rule.yaml", GOOD + "colour: red\n")
    pack = load_pack([str(tmp_path)], include_builtin=False)
    assert not pack.rules
    assert any("my-rule.yaml" in e and "rule my-rule" in e and "colour" in e and "unknown field" in e
               for e in pack.errors), pack.errors


def test_bad_category_regex_and_version(tmp_path):
    bad = GOOD.replace("port-in-use", "not-a-category").replace("severity: error", "severity: error\nversions: '~=1'")
    write(tmp_path, "my-rule.yaml", bad)
    errors = load_pack([str(tmp_path)], include_builtin=False).errors
    assert any("category" in e for e in errors) and any("versions" in e for e in errors)
    write(tmp_path, "my-rule.yaml", GOOD.replace('contains: "Address already in use"', 'regex: "(unclosed"'))
    errors = load_pack([str(tmp_path)], include_builtin=False).errors
    assert any("regex does not compile" in e for e in errors), errors


def test_yaml_is_loaded_safely(tmp_path):
    write(tmp_path, "evil.yaml", "!!python/object/apply:os.system ['echo pwned']\n")
    errors = load_pack([str(tmp_path)], include_builtin=False).errors
    assert errors and "invalid YAML" in errors[0]


def test_user_rule_replaces_shipped_rule_with_same_id(tmp_path):
    shipped = load_pack().rules[0].rule
    text = GOOD.replace("id: my-rule", f"id: {shipped.id}")
    write(tmp_path, f"{shipped.id}.yaml", text)
    pack = load_pack([str(tmp_path)])
    assert not pack.errors
    replaced = pack.by_id(shipped.id)
    assert not replaced.builtin and replaced.rule.title == "A test rule"


def test_env_var_and_only_skip(tmp_path, monkeypatch):
    write(tmp_path, "my-rule.yaml", GOOD)
    monkeypatch.setenv("LLMDIAG_RULES", str(tmp_path))
    pack = load_pack()
    assert pack.by_id("my-rule") is not None
    assert [r.id for r in select(pack, ["my-rule"], None)] == ["my-rule"]
    assert all(r.category != "port-in-use" for r in select(pack, None, ["port-in-use"]))


def test_duplicate_ids_are_reported(tmp_path):
    write(tmp_path / "a", "my-rule.yaml", GOOD)
    write(tmp_path / "b", "my-rule.yaml", GOOD)
    errors = load_pack([str(tmp_path)], include_builtin=False).errors
    assert any("duplicate id" in e for e in errors)


def test_chinese_texts_load_and_need_one_remediation_per_item(tmp_path):
    zh = "zh:\n  title: 端口被占用\n  explanation: 端口已被占用\n  remediation: [\"--port 8001\"]\n"
    write(tmp_path / "ok", "my-rule.yaml", GOOD + zh)
    pack = load_pack([str(tmp_path / "ok")], include_builtin=False)
    assert pack.errors == [] and pack.rules[0].rule.zh.remediation == ["--port 8001"]
    write(tmp_path / "bad", "my-rule.yaml", GOOD + zh.replace('["--port 8001"]', '["a", "b"]') + "  note: x\n")
    errors = load_pack([str(tmp_path / "bad")], include_builtin=False).errors
    assert any("zh.note: unknown field" in e for e in errors), errors
    write(tmp_path / "bad", "my-rule.yaml", GOOD + zh.replace('["--port 8001"]', '["a", "b"]'))
    errors = load_pack([str(tmp_path / "bad")], include_builtin=False).errors
    assert any("zh.remediation: 2 items for 1 English ones" in e for e in errors), errors
