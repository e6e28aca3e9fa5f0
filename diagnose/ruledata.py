"""The rule pack as plain objects: what the matcher and the report builder read at run time.

A rule has one definition, the pydantic models of `diagnose.rulemodel`, which validate rule files.
`rulemodel.freeze` copies each validated object into the plain class of the same role here, with
the same attributes (its model's fields), which is what the pack cache stores. Loading a cached
pack therefore needs neither PyYAML nor pydantic (~0.1 s of imports).
"""

from __future__ import annotations

import pickle


class _Plain:
    """A validated object of a rule file, its fields as attributes."""

    def __init__(self, **values) -> None:
        self.__dict__.update(values)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        shown = ", ".join(f"{k}={v!r}" for k, v in list(vars(self).items())[:3])
        return f"{type(self).__name__}({shown}, ...)"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside, like the lists they hold


class CondData(_Plain):
    """rulemodel.Cond"""


class RemediationData(_Plain):
    """rulemodel.RemediationItem"""


class ExamplesData(_Plain):
    """rulemodel.Examples / PatternExamples: each of match / no_match a str, or an ExampleData"""


class ExampleData(_Plain):
    """rulemodel.Example (an example with its context)"""


class ExpectData(_Plain):
    """rulemodel.Expect"""


class RuleData(_Plain):
    """rulemodel.Rule, with its `remediation_items` (every item as a RemediationData). Pickled (the pack
    cache), its examples, Chinese texts and description, most of the pack's bytes that a report reads of
    a few rules at most, stay one string until one of them is read: loading the pack ~30% faster."""

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        if "_later" not in state:
            state["_later"] = pickle.dumps({k: state.pop(k) for k in _LATER if k in state}, pickle.HIGHEST_PROTOCOL)
        return state

    def __getattr__(self, name: str):  # (only for a name the object lacks: one of _later's, the first time)
        later = self.__dict__.pop("_later", None)
        if later is None:
            raise AttributeError(name)
        self.__dict__.update(pickle.loads(later))  # noqa: S301 - what __getstate__ wrote
        return getattr(self, name)

    def __eq__(self, other) -> bool:
        for rule in (self, other):
            getattr(rule, _LATER[0], None)  # (read in: the fields compare)
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]


_LATER = ("examples", "zh", "description")


class ZhData(_Plain):
    """rulemodel.Zh (a rule's Chinese texts)"""


class PhraseData(_Plain):
    """rulemodel.Phrase (a named text of a rule decided by code)"""


class PatternData(_Plain):
    """rulemodel.NamedPattern"""


def example_text(example) -> str:
    """The log text of an example: a plain string, or the `text` of one with its context."""
    return example if isinstance(example, str) else example.text


PLAIN_OF = {"Cond": CondData, "RemediationItem": RemediationData, "Examples": ExamplesData, "Rule": RuleData,
            "NamedPattern": PatternData, "PatternExamples": ExamplesData, "Example": ExampleData, "Expect": ExpectData,
            "Zh": ZhData, "Phrase": PhraseData}
