"""Every sample log against its expected report (NAME.expected.json next to it)."""

import json

import pytest

from diagnose.ruletest import check_sample, iter_samples
from tests.conftest import SAMPLES

CASES = list(iter_samples(SAMPLES))


def test_there_are_enough_samples():
    assert len(CASES) >= 20
    engines = {json.loads(exp.read_text())["engine"] for _, exp in CASES}
    assert {"vllm", "sglang"} <= engines
    outcomes = {json.loads(exp.read_text())["outcome"] for _, exp in CASES}
    assert outcomes == {"ready", "failed", "incomplete"}


@pytest.mark.parametrize("log,expected", CASES, ids=[str(c[0].relative_to(SAMPLES)) for c in CASES])
def test_sample(log, expected, rules):
    problems = check_sample(log, json.loads(expected.read_text()), rules)
    assert not problems, "\n".join(problems)
