"""The rule matcher alone: anchors, windows, tracebacks, unless, safety against bad regexes."""

from diagnose.lines import lines_from_text
from diagnose.matcher import Matcher, literal_anchors
from diagnose.rulepack import Rule
from diagnose.timeline import Timeline


def rule(match, **kw):
    data = {"id": "test-rule", "title": "t", "category": "unknown", "severity": "error", "role": "cause",
            "match": match, "explanation": "x", "remediation": ["y"],
            "examples": {"match": ["x"], "no_match": []}}
    data.update(kw)
    return Rule.model_validate(data)


def findings(r, text):
    m = Matcher([r])
    run = m.new_run()
    tl = Timeline()
    for line in lines_from_text(text):
        tl.feed(line, [])
        m.feed(line, tl.seq, tl.tb_of_line, tl.phase, "unknown", run)
    return [f for f in run.findings if not m.unless_blocks(f, run)], run


def test_literal_anchor_extraction():
    assert literal_anchors(r"Free memory on device \((?P<f>[\d.]+)/") == ("Free memory on device (",)
    assert literal_anchors(r"\d+|\w+") is None


def test_regex_captures_after_prefix_strip():
    fs, _ = findings(rule({"regex": r"max seq len \((?P<n>\d+)\)"}),
                     "ERROR 01-01 00:00:00 [x.py:1] ValueError: max seq len (4096) is larger")
    assert fs and fs[0].captures == {"n": "4096"} and fs[0].first.n == 1


def test_all_within_window():
    r = rule({"all": [{"contains": "symm_mem.py"}, {"contains": "invalid device ordinal"}], "within": 5})
    near = "File symm_mem.py\nx\nRuntimeError: CUDA driver error: invalid device ordinal\n"
    far = "File symm_mem.py\n" + "x\n" * 20 + "RuntimeError: CUDA driver error: invalid device ordinal\n"
    assert findings(r, near)[0]
    assert not findings(r, far)[0]


def test_same_traceback():
    r = rule({"all": [{"contains": "cuda_graph_runner.py"}, {"contains": "CUDA out of memory"}],
              "same_traceback": True, "within": 50})
    same = ('Traceback (most recent call last):\n  File "/x/cuda_graph_runner.py", line 1, in f\n'
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    other = ('Traceback (most recent call last):\n  File "/x/cuda_graph_runner.py", line 1, in f\nValueError: x\n'
             "some text\nmore\nmore\nmore\nmore\nmore\nINFO done\n"
             'Traceback (most recent call last):\n  File "/x/loader.py", line 1, in g\n'
             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    assert findings(r, same)[0]
    assert not findings(r, other)[0]


def test_unless_anywhere_and_within():
    r = rule({"contains": "Killed"}, unless={"contains": "Traceback"})
    assert not findings(r, "Traceback (most recent call last):\nValueError: x\nKilled\n")[0]
    assert findings(r, "INFO fine\nKilled\n")[0]
    r2 = rule({"contains": "Killed"}, unless={"contains": "Traceback"}, unless_within=2)
    assert findings(r2, "Traceback (most recent call last):\n" + "x\n" * 10 + "Killed\n")[0]


def test_catastrophic_regex_is_bounded_and_switched_off():
    r = rule({"regex": r"(a|aa)+$", "anchor": "aaaa"})
    text = ("a" * 40 + "!\n") * 5
    fs, run = findings(r, text)
    assert not fs
    assert any("switched off" in w for w in run.warnings)


def test_ignore_case():
    r = rule({"contains": "NO SPACE LEFT", "ignore_case": True})
    assert findings(r, "OSError: [Errno 28] No space left on device\n")[0]


def test_rules_sharing_an_anchor_are_tried_together_and_still_alone():
    """Leaves with the same anchor run as one alternation first (diagnose.matcher._Group); each rule
    still gets its own captures, a member the stdlib cannot join still runs, and no rule is lost."""
    rules = [rule({"regex": r"nNodes (?P<n>[2-9]) "}, id="nodes-many"),
             rule({"regex": r"nNodes (?P<m>1) "}, id="nodes-one"),
             rule({"regex": r"nNodes (?P<k>\d)\b(?<=\d) "}, id="nodes-lookbehind"),
             rule({"regex": r"nNodes \p{N} "}, id="nodes-regex-syntax"),
             rule({"regex": r"nNodes 7 zzz"}, id="nodes-never")]
    m = Matcher(rules)
    assert len({id(g) for g in m._group_of.values()}) == 1
    run = m.new_run()
    tl = Timeline()
    text = "NCCL INFO comm 0xab rank 0 nRanks 8 nNodes 1 localRanks 8\nNCCL INFO comm 0xcd rank 1 nRanks 8 nNodes 2 x\n"
    for line in lines_from_text(text):
        tl.feed(line, [])
        m.feed(line, tl.seq, tl.tb_of_line, tl.phase, "unknown", run)
    got = sorted((f.rule.id, f.first.n, tuple(sorted(f.captures.items()))) for f in run.findings)
    assert got == [("nodes-lookbehind", 1, (("k", "1"),)), ("nodes-lookbehind", 2, (("k", "2"),)),
                   ("nodes-many", 2, (("n", "2"),)), ("nodes-one", 1, (("m", "1"),)),
                   ("nodes-regex-syntax", 1, ()), ("nodes-regex-syntax", 2, ())]
    quiet = "NCCL INFO comm 0xef rank 2 nRanks 8 nNodes x\n"
    assert all(m._group_of[i].excludes(quiet.strip()) for i in m._group_of)


def test_a_user_rule_with_a_posix_class_finds_its_line(tmp_path):
    """`regex` reads [[:alpha:]] as a class of letters where the stdlib parser sees a set and a `]`:
    no anchor or required literal is derived from the stdlib's reading, so the rule fires."""
    import json

    from .conftest import run_cli

    user = tmp_path / "user"
    user.mkdir()
    (user / "user-widget.yaml").write_text(
        "id: user-widget\ntitle: widget {name} broke\ncategory: unknown\nseverity: error\nrole: cause\n"
        "priority: 100\ndescription: d\nmatch: {regex: 'widget (?P<name>[[:alpha:]]+) broke'}\n"
        "explanation: e\nremediation: [r]\nexamples: {match: ['widget Foo broke'], no_match: ['nothing']}\n")
    log = tmp_path / "x.log"
    log.write_text("INFO 11-24 16:40:46 [api_server.py:1] starting\nERROR 11-24 16:40:47 [core.py:2] widget Foo broke\n")
    _, out, _ = run_cli(["explain", "--format", "json", "--rules", str(user), str(log)])
    assert "user-widget" in [d["rule"] for d in json.loads(out)["diagnoses"]]
