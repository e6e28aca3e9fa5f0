"""docs/contract.md and the code say the same: a category, phase, outcome or report field added to
one of them and not to the other fails here. And no file of the project sends a reader to a contract
outside the repository."""

from __future__ import annotations

import re
import subprocess
from typing import get_args

import pytest

from tests.conftest import ROOT

DOC = ROOT / "docs" / "contract.md"


def table(section: str) -> list[list[str]]:
    """The rows of the first table under `## SECTION` (cells stripped, header and rule left out)."""
    text = DOC.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("|")]
    return [[c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows[2:]]


def names(section: str) -> list[str]:
    return [re.fullmatch(r"`([^`]+)`", row[0]).group(1) for row in table(section)]


def test_categories_are_the_codes_list_in_its_order():
    from diagnose.rulepack import CATEGORIES, CATEGORY_MEANINGS

    documented = names("Failure categories")
    assert len(documented) == len(set(documented))
    assert documented == list(CATEGORIES), (set(documented) ^ set(CATEGORIES))
    assert all(row[1] and row[2] for row in table("Failure categories"))  # a meaning and a remediation each
    assert all(CATEGORY_MEANINGS.values())


def test_phases_and_outcomes_are_the_codes():
    from diagnose.engines.base import PHASES
    from diagnose.report import pydantic_models

    models = pydantic_models()
    assert names("Phases") == list(PHASES) == list(get_args(models["PhaseReport"].model_fields["name"].annotation))
    assert names("Outcomes") == list(get_args(models["Report"].model_fields["outcome"].annotation))


def test_every_documented_report_field_is_in_the_schema_or_marked_not_written_yet():
    from diagnose.report import json_schema

    schema = json_schema()
    fields = set(schema["properties"])
    for part in schema["$defs"].values():
        fields |= set(part.get("properties", {}))
    rows = table("The JSON report")
    pending = {name for row in rows if "not written yet" in row[1] for name in re.findall(r"`(\w+)`", row[0])}
    documented = {name for row in rows for name in re.findall(r"`(\w+)`", row[0])}
    # what the rows' values name as sub-fields: {name, status, first_line, ...}
    documented |= {n for row in rows for brace in re.findall(r"\{([a-z_, ]+)\}", row[1])
                   for n in re.split(r",\s*", brace)}
    assert documented - pending <= fields, sorted(documented - pending - fields)
    # a field written now must lose its "not written yet" mark (and the note under Outcomes)
    assert not pending & fields, f"{sorted(pending & fields)} are written now: update docs/contract.md"
    additions = re.search(r"Additions of this project.*?:(.*?)\n\n", DOC.read_text(), re.S).group(1)
    assert set(re.findall(r"`(\w+)`", additions)) <= fields


def test_schema_id_in_the_doc_is_the_one_printed():
    from diagnose.report import JSON_SCHEMA_DIALECT, JSON_SCHEMA_ID

    text = DOC.read_text()
    assert f"`{JSON_SCHEMA_ID}`" in text and JSON_SCHEMA_DIALECT in text


def test_no_reference_to_a_contract_outside_the_repository():
    try:
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    me = "tests/test_contract_doc.py"
    stale = []
    for name in files:
        path = ROOT / name
        if name == me or path.suffix not in (".py", ".md", ".yaml", ".yml", ".toml", ".txt") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "CONTRACT.md" in text or "taxonomy.md" in text:
            stale.append(name)
    assert stale == []


def test_a_rule_with_a_category_outside_the_contract_is_refused_with_where_to_look(tmp_path):
    from diagnose.rulepack import load_file

    p = tmp_path / "typo.yaml"
    p.write_text("id: typo\ntitle: t\ncategory: shm-exausted\nseverity: error\nrole: cause\nexplanation: e\n"
                 "remediation: [r]\nmatch: {contains: x}\nexamples: {match: [x], no_match: [y]}\n")
    rule, errors = load_file(p)
    assert rule is None and len(errors) == 1
    assert "unknown category 'shm-exausted' (did you mean 'shm-exhausted'? see docs/contract.md" in errors[0]
