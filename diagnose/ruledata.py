"""The rule pack as plain objects: what the matcher and the report builder read at run time.

Rule files are validated by the pydantic models of `diagnose.rulemodel`; each validated rule is then
copied into these classes (same attribute names, same values), which is what the pack cache
stores. Loading a cached pack therefore needs neither PyYAML nor pydantic (~0.1 s of imports).
"""

from __future__ import annotations


class _Plain:
    __slots__: tuple[str, ...] = ()

    def __init__(self, **values):
        for name in self.__slots__:
            setattr(self, name, values[name])

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        shown = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__[:3])
        return f"{type(self).__name__}({shown}, ...)"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable containers inside, like the lists they hold

    def __getstate__(self):
        return tuple(getattr(self, k) for k in self.__slots__)

    def __setstate__(self, state) -> None:
        for k, v in zip(self.__slots__, state):
            setattr(self, k, v)


class CondData(_Plain):
    __slots__ = ("contains", "regex", "pattern", "anchor", "ignore_case", "any", "all", "within", "same_traceback")


class RemediationData(_Plain):
    __slots__ = ("text", "when", "engines", "platforms")


class ExamplesData(_Plain):
    __slots__ = ("match", "no_match")  # each a str, or an ExampleData (an example with its context)


class ExampleData(_Plain):
    __slots__ = ("text", "engine", "version", "phase", "facts", "expect")


class ExpectData(_Plain):
    __slots__ = ("fires", "captures", "title_contains", "remediation_contains", "remediation_absent")


def example_text(example) -> str:
    """The log text of an example: a plain string, or the `text` of one with its context."""
    return example if isinstance(example, str) else example.text


class RuleData(_Plain):
    __slots__ = ("id", "title", "category", "severity", "role", "tier", "engines", "versions", "phases", "phase",
                 "priority", "description", "match", "unless", "unless_within", "when", "compute",
                 "explanation", "remediation", "zh", "references", "fingerprint", "examples")

    @property
    def remediation_items(self) -> list[RemediationData]:
        return [RemediationData(text=r, when=None, engines=["any"], platforms=["any"]) if isinstance(r, str) else r
                for r in self.remediation]


class ZhData(_Plain):
    __slots__ = ("title", "explanation", "remediation")  # a rule's Chinese text (rules/README.md)


class PatternData(_Plain):
    __slots__ = ("regex", "anchor", "description", "examples")


PLAIN_OF = {"Cond": CondData, "RemediationItem": RemediationData, "Examples": ExamplesData, "Rule": RuleData,
            "NamedPattern": PatternData, "PatternExamples": ExamplesData, "Example": ExampleData, "Expect": ExpectData,
            "ZhText": ZhData}
