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


def _lines_of(text: str, places: list[int]) -> set[int]:
    return {text.count("\n", 0, p) for p in places}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="NCLIFO abrTe\u00e9t:()\n ", max_size=120))
def test_starts_apart_finds_each_line_with_an_anchor_in_the_list_of_its_kind(text):
    """The block scan's two lists (diagnose.fastpath.QuietLines.pieces), with the library and
    without it: each line holding an anchor has a place in one of them, a place of the first list
    is on a line holding an anchor of `apart`, one of the second on a line holding another (an
    anchor may hide one of the other kind that it overlaps)."""
    apart = {"Traceback (most recent call last)", "rror", "b"}
    lines = text.split("\n")
    with_apart = {i for i, line in enumerate(lines) if any(a in line for a in apart)}
    with_other = {i for i, line in enumerate(lines) if any(a in line for a in ANCHORS if a not in apart)}
    for use_library in (True, False):
        idx = AnchorIndex(ANCHORS, use_library, apart=apart)
        first, second = (_lines_of(text, places) for places in idx.starts_apart(text))
        assert first <= with_apart and second <= with_other
        assert first | second == with_apart | with_other == _lines_of(text, idx.starts(text))


_NEEDS = {"ab": ((("Te", "rr"), ("(",)),), "CCL I": ((("O ",),), (("x",),)), "\u00e9t\u00e9": ((("NC",),),)}
_PIECES = [*ANCHORS, "Te", "rr", "(", "O ", "x", "NC", "a", "CC", "\n", " "]


def _holds_needs(line: str, anchor: str) -> bool:
    alternatives = _NEEDS.get(anchor)
    return alternatives is None or any(all(any(x in line for x in clause) for clause in clauses)
                                       for clauses in alternatives)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_starts_apart_leaves_out_a_line_whose_every_anchor_lacks_what_it_needs(text):
    """With `needs`, a line counts only where one of its anchors has none or the line holds them
    (the block scan leaves an access line's ` HTTP/` alone when it lacks a proxy rule's `://`),
    whichever anchors the automaton reports of overlapping ones; with the library and without."""
    apart = {"Traceback (most recent call last)", "rror"}
    lines = text.split("\n")
    want = {i for i, line in enumerate(lines) if any(a in line and _holds_needs(line, a) for a in ANCHORS)}
    for use_library in (True, False):
        idx = AnchorIndex(ANCHORS, use_library, apart=apart, needs=_NEEDS)
        first, second = (_lines_of(text, places) for places in idx.starts_apart(text))
        assert first | second == want


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
    # a rule file that stands alone (not the named patterns, and using none of them)
    src = next(p for p in sorted(builtin_rules_dir().rglob("*.yaml"))
               if p.parent != builtin_rules_dir() and "pattern:" not in p.read_text())
    user = tmp_path / "rules"
    user.mkdir()
    shutil.copy(src, user / src.name)
    first = load_pack([str(user)], include_builtin=False)
    assert list((tmp_path / "cache").glob("*.pickle"))
    again = load_pack([str(user)], include_builtin=False)  # from the cache
    assert [lr.rule for lr in again.rules] == [lr.rule for lr in first.rules]
    text = (user / src.name).read_text()
    first = text.split("title: ", 1)[1][:1]
    quote = first if first in ('"', "'") else ""
    text = text.replace("title: " + quote, "title: " + quote + "Edited ", 1)  # (inside a quoted title's quotes)
    (user / src.name).write_text(text)
    edited = load_pack([str(user)], include_builtin=False)
    assert edited.rules[0].rule.title.startswith("Edited ")
    (tmp_path / "cache").chmod(0o500)  # unwritable: still loads
    try:
        assert load_pack([str(user)], include_builtin=False).rules
    finally:
        (tmp_path / "cache").chmod(0o700)


def test_cached_pack_is_plain_and_loads_without_pydantic(tmp_path):
    """The cache holds plain objects equal to a fresh validation; reading it imports no pydantic."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LLMDIAG_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("LLMDIAG_NO_CACHE", None)
    env.pop("LLMDIAG_RULES", None)
    code = ("import sys; from diagnose.rulepack import load_pack; p = load_pack(); "
            "print(len(p.rules), type(p.rules[0].rule).__name__, 'pydantic' in sys.modules)")
    cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    n = cold.stdout.split()[0]
    assert cold.stdout.split() == [n, "RuleData", "True"]  # validated on the miss
    assert warm.stdout.split() == [n, "RuleData", "False"]  # served from the cache


def test_plain_rules_equal_the_validated_models(monkeypatch):
    from diagnose.rulemodel import freeze, load_file, load_patterns

    monkeypatch.setenv("LLMDIAG_NO_CACHE", "1")
    pack = load_pack()
    patterns, perrors = load_patterns(builtin_rules_dir() / "patterns.yaml")
    assert not perrors
    for lr in pack.rules[:40]:
        model, errors = load_file(builtin_rules_dir().parent / lr.path, patterns)
        assert not errors
        plain = lr.rule
        assert plain == freeze(model)
        assert set(vars(plain)) == set(type(model).model_fields) | {"remediation_items"}
        for name in type(model).model_fields:
            value = getattr(model, name)
            if isinstance(value, (str, int, type(None))) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                assert getattr(plain, name) == value, (lr.path, name)
        assert [i.text for i in plain.remediation_items] == [i.text for i in model.remediation_items]


def test_derived_values_are_built_once_per_input_set(tmp_path, monkeypatch):
    """What the matcher and the block scan derive from the pack's regexes is built on the first run and
    read back after; other inputs get their own entry; with the cache off it is built every time."""
    from diagnose import _cache
    from diagnose.matcher import Matcher
    from diagnose.pipeline import load_rules

    monkeypatch.setenv("LLMDIAG_CACHE_DIR", str(tmp_path / "cache"))
    built = []

    def build(ordered):
        built.append(ordered)
        return {x: len(x) for x in ordered}

    many = {"x" * i for i in range(1, _cache._FEW + 1)}
    assert _cache.derived("t", 1, many, build) == {x: len(x) for x in many}
    assert _cache.derived("t", 1, set(sorted(many, reverse=True)), build) == {x: len(x) for x in many}
    assert len(built) == 1
    _cache.derived("t", 1, many | {"y"}, build)
    _cache.derived("t", 2, many, build)  # a new format of the value
    assert len(built) == 3
    monkeypatch.setenv("LLMDIAG_NO_CACHE", "1")
    _cache.derived("t", 1, many, build)
    assert len(built) == 4
    monkeypatch.delenv("LLMDIAG_NO_CACHE")
    entries = set((tmp_path / "cache").iterdir())
    assert _cache.derived("t", 1, {"ab", "c"}, build) == {"ab": 2, "c": 1}  # a few: built each time, not kept
    assert _cache.derived("t", 1, {"ab", "c"}, build) == {"ab": 2, "c": 1}
    assert len(built) == 6 and set((tmp_path / "cache").iterdir()) == entries
    rules, _ = load_rules()
    a, b = Matcher(rules), Matcher(rules)  # the second reads what the first stored
    assert [lf.anchor for lf in a.leaves] == [lf.anchor for lf in b.leaves] and a._blind == b._blind
    assert any(p.name.startswith("leaves-") for p in (tmp_path / "cache").iterdir())


def test_matchers_of_one_rule_leave_the_packs_cache_entries_alone(tmp_path, monkeypatch):
    """`rules test` makes a matcher per rule example: they must not push the pack's own entries out
    of the cache (the next explain would validate the pack again)."""
    from diagnose.matcher import Matcher
    from diagnose.pipeline import Analyzer, load_rules

    monkeypatch.setenv("LLMDIAG_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LLMDIAG_NO_CACHE", raising=False)
    rules, _ = load_rules()
    Analyzer(rules)
    kept = set((tmp_path / "cache").iterdir())
    assert {p.name.split("-")[0] for p in kept} >= {"rulepack", "leaves", "compiled"}
    for rule in rules[:60]:
        Matcher([rule])
    assert set((tmp_path / "cache").iterdir()) == kept


def test_the_rule_regexes_are_compiled_once_and_read_back(tmp_path, monkeypatch):
    """Every regex of the pack is compiled on the first run and kept; a later matcher unpickles the
    ones it uses instead of running regex's parser, with the same results; another regex version, or
    the cache off, compiles on use."""
    import regex

    from diagnose.matcher import Matcher
    from diagnose.pipeline import load_rules

    monkeypatch.setenv("LLMDIAG_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LLMDIAG_NO_CACHE", raising=False)
    rules, _ = load_rules()
    lines = ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
             "capacity of 79.19 GiB of which 1.06 GiB is free.",
             "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that "
             "can be stored in KV cache (12000).",
             "RuntimeError: NCCL error: unhandled system error", "nothing here"]
    fresh = Matcher(rules)
    want = [fresh.leaf_hits(text, fresh.new_run()) for text in lines]
    assert any(p.name.startswith("compiled-") for p in (tmp_path / "cache").iterdir())
    compiles = []
    real = regex.compile
    monkeypatch.setattr(regex, "compile", lambda *a, **k: compiles.append(a) or real(*a, **k))
    warm = Matcher(rules)
    assert [warm.leaf_hits(text, warm.new_run()) for text in lines] == want
    used = [lf for lf in warm.leaves if lf._pattern is not None]
    assert used and not compiles  # every regex it ran came from the cache
    other = Matcher(rules)
    for lf in other.leaves:
        lf.made = ("0.0", lf.made[1])  # stored by another version of regex
    assert [other.leaf_hits(text, other.new_run()) for text in lines] == want
    assert len(compiles) >= len(used)
    compiles.clear()
    monkeypatch.setenv("LLMDIAG_NO_CACHE", "1")
    off = Matcher(rules)
    assert off.leaves[0].made == (None, {}) and not compiles  # nothing compiled before use
    assert [off.leaf_hits(text, off.new_run()) for text in lines] == want
