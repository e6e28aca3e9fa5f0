"""The anchor index finds exactly the anchors a substring loop finds; the rule-pack cache never
serves a stale pack."""

import random
import shutil

from hypothesis import given, settings
from hypothesis import strategies as st

from diagnose.anchors import AnchorIndex
from diagnose.rulepack import builtin_rules_dir, load_pack

ANCHORS = ["NCCL INFO ", "NCCL", "CCL I", "Traceback (most recent call last)", "rror", "Error: ", "ab", "b", "\u00e9t\u00e9"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="NCLIFO abrTe\u00e9t:() ", max_size=80))
def test_present_is_the_substring_loop(text):
    for use_library in (True, False):
        assert AnchorIndex(ANCHORS, use_library).present(text) == {a for a in ANCHORS if a in text}


def test_present_on_real_lines():
    rnd = random.Random(0)
    idx = AnchorIndex(ANCHORS)
    for _ in range(2000):
        line = "".join(rnd.choice(ANCHORS + ["x", " ", "Err", "NCC"]) for _ in range(rnd.randrange(8)))
        assert idx.present(line) == {a for a in ANCHORS if a in line}


def test_rule_pack_cache_follows_the_files(tmp_path, monkeypatch):
    monkeypatch.setenv("LLMDIAG_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LLMDIAG_NO_CACHE", raising=False)
    monkeypatch.delenv("LLMDIAG_RULES", raising=False)
    src = next(builtin_rules_dir().rglob("*.yaml"))
    user = tmp_path / "rules"
    user.mkdir()
    shutil.copy(src, user / src.name)
    first = load_pack([str(user)], include_builtin=False)
    assert list((tmp_path / "cache").glob("*.pickle"))
    again = load_pack([str(user)], include_builtin=False)  # from the cache
    assert [lr.rule for lr in again.rules] == [lr.rule for lr in first.rules]
    text = (user / src.name).read_text().replace("title: ", "title: Edited ", 1)
    (user / src.name).write_text(text)
    edited = load_pack([str(user)], include_builtin=False)
    assert edited.rules[0].rule.title.startswith("Edited ")
    (tmp_path / "cache").chmod(0o500)  # unwritable: still loads
    try:
        assert load_pack([str(user)], include_builtin=False).rules
    finally:
        (tmp_path / "cache").chmod(0o700)
