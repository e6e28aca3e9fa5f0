"""A stdlib-only structural check equivalent to the common JUnit schema (Jenkins junit-10.xsd, the
subset GitLab and GitHub test reporters read). Each element: allowed and required attributes,
allowed children in order, and attribute types."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

# SUREFIRE_TIME in junit-10.xsd
TIME = re.compile(r"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]{0,3})?$")
INT = re.compile(r"^\d+$")

# element: (allowed attributes, required attributes, child sequence as (name, min, max) or "choice")
SCHEMA = {
    "testsuites": ({"name", "time", "tests", "failures", "disabled", "errors"}, set(),
                   [("testsuite", 0, None)]),
    "testsuite": ({"name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname",
                   "id", "package", "file", "log", "url", "version"}, {"name", "tests"},
                  [("properties", 0, 1), ("testcase", 0, None), ("system-out", 0, 1), ("system-err", 0, 1)]),
    "properties": (set(), set(), [("property", 1, None)]),
    "property": ({"name", "value"}, {"name", "value"}, []),
    "testcase": ({"name", "assertions", "time", "classname", "status", "class", "file", "line", "log", "group",
                  "url"}, {"name"}, "choice:skipped,error,failure,system-out,system-err"),
    "skipped": ({"message"}, set(), []),
    "failure": ({"type", "message"}, set(), []),
    "error": ({"type", "message"}, set(), []),
    "system-out": (set(), set(), []),
    "system-err": (set(), set(), []),
}
TYPED = {"time": TIME, "tests": INT, "failures": INT, "errors": INT, "skipped": INT, "disabled": INT}


def validate(root: ET.Element) -> list[str]:
    problems: list[str] = []

    def check(el: ET.Element, path: str) -> None:
        if el.tag not in SCHEMA:
            problems.append(f"{path}: element <{el.tag}> is not in the schema")
            return
        allowed, required, children = SCHEMA[el.tag]
        for a in el.attrib:
            if a not in allowed:
                problems.append(f"{path}: attribute {a!r} not allowed on <{el.tag}>")
        for a in required:
            if a not in el.attrib:
                problems.append(f"{path}: required attribute {a!r} missing on <{el.tag}>")
        for a, pat in TYPED.items():
            if a in el.attrib and a in allowed and not pat.match(el.attrib[a]):
                problems.append(f"{path}: attribute {a}={el.attrib[a]!r} has the wrong type")
        kids = list(el)
        if isinstance(children, str):
            names = set(children.split(":", 1)[1].split(","))
            for k in kids:
                if k.tag not in names:
                    problems.append(f"{path}: <{k.tag}> not allowed in <{el.tag}>")
        else:
            i = 0
            for name, lo, hi in children:
                n = 0
                while i < len(kids) and kids[i].tag == name:
                    i += 1
                    n += 1
                if n < lo or (hi is not None and n > hi):
                    problems.append(f"{path}: <{name}> occurs {n} times in <{el.tag}> (allowed {lo}..{hi or 'n'})")
            if i < len(kids):
                problems.append(f"{path}: unexpected <{kids[i].tag}> in <{el.tag}> (order or element)")
            if not children and kids:
                problems.append(f"{path}: <{el.tag}> must not have child elements")
        for j, k in enumerate(kids):
            check(k, f"{path}/{k.tag}[{j}]")

    if root.tag not in ("testsuites", "testsuite"):
        problems.append(f"root element is <{root.tag}>")
    check(root, root.tag)
    return problems
