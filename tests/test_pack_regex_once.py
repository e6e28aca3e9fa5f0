"""One idea in one place: the shipped pack states a regex once; a second rule that needs it names it
in rules/patterns.yaml (`pattern: NAME`)."""

from collections import defaultdict
from pathlib import Path

import yaml

RULES = Path(__file__).resolve().parent.parent / "rules"


def _regexes(cond, out):
    if isinstance(cond, dict):
        if isinstance(cond.get("regex"), str):
            out.append(cond["regex"])
        for key in ("any", "all", "not"):
            if key in cond:
                _regexes(cond[key], out)
    elif isinstance(cond, list):
        for c in cond:
            _regexes(c, out)


def test_no_regex_is_written_in_two_rules():
    where = defaultdict(set)
    for path in sorted(RULES.glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "id" not in data:
            continue
        found = []
        for key in ("match", "unless"):
            _regexes(data.get(key), found)
        for rx in found:
            where[rx].add(data["id"])
    twice = {rx: sorted(ids) for rx, ids in where.items() if len(ids) > 1}
    assert not twice, "move these to rules/patterns.yaml and use `pattern: NAME`: " + repr(twice)
