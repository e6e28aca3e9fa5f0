"""Chinese output (--lang zh): the language choice, every rule's zh: text, every sample rendered in
Chinese without English prose left in titles and remediations, and JSON that stays as it was."""

from __future__ import annotations

import json
import re

import pytest

from diagnose import i18n, outputs
from diagnose.pipeline import analyze
from diagnose.ruletest import iter_samples, zh_problems
from tests.conftest import SAMPLES, run_cli

SAMPLE_CASES = [log for log, _ in iter_samples(SAMPLES)]
IDS = [str(p.relative_to(SAMPLES)) for p in SAMPLE_CASES]
HUMAN = ("text", "markdown", "junit", "github")


# -- the choice of language ----------------------------------------------------------------------

@pytest.mark.parametrize("env,want", [
    ({}, "en"),
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "zh_TW.UTF-8"}, "zh"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),  # LC_ALL wins
    ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
    ({"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "zh"),  # an empty variable is not set
])
def test_language_from_the_locale_in_posix_order(env, want):
    assert i18n.lang_from_env(env) == want
    assert i18n.resolve(None, env) == want
    assert i18n.resolve("en", env) == "en" and i18n.resolve("zh", env) == "zh"


def test_fixed_words_keep_their_placeholders():
    import string

    def fields(s):
        return sorted(f[1] for f in string.Formatter().parse(s) if f[1])

    for en, zh in i18n.ZH.items():
        assert fields(en) == fields(zh), en


# -- every rule's Chinese text ------------------------------------------------------------------

def test_every_rule_has_its_chinese_text(rules):
    missing = [r.id for r in rules if getattr(r, "zh", None) is None]
    assert not missing, f"{len(missing)} rules without zh: {missing[:20]}"
    bad = {r.id: zh_problems(r) for r in rules if zh_problems(r)}
    assert not bad, bad
    english = {r.id: t for r in rules for t in [r.zh.title, r.zh.explanation, *r.zh.remediation] if _english_prose(t)}
    assert not english, english


# -- no English prose left ------------------------------------------------------------------------

# what may stay English inside Chinese text: code spans, quoted text, placeholders, flags, paths and
# names with / = _ . :, commands before a `#` comment, URLs
_CODEISH = re.compile(r"`[^`]*`|<[^<>]*>|\"[^\"]*\"|'[^']*'|“[^”]*”|「[^」]*」|\{[^}]*\}|https?://\S+|--?[\w.-]+|\S*[/=_.:<>|$\\]\S*")
_PROSE = re.compile(r"(?:\b[A-Za-z]{2,}\b[ ,;]+){4,}\b[A-Za-z]{2,}\b")  # five English words in a row
_CMD = re.compile(r"^\s*(?:[A-Z][A-Z0-9_]*=\S*\s+)*[a-z][\w.-]*(?:\s|$)")


def _english_prose(text: str) -> str | None:
    """An English sentence left in a Chinese text (five English words in a row outside code), else None."""
    if not text:
        return None
    if _CMD.match(text):
        if not re.search(r"[\u4e00-\u9fff]", text):
            return None  # only a command
        # `command  # comment` or `command   （note）`: only the comment or the note is prose
        text = re.split(r"#|\s{2,}|（", text, maxsplit=1)[-1]
    m = _PROSE.search(_CODEISH.sub(" ", text))
    return m.group(0) if m else None


def _zh_report(log):
    with i18n.using("zh"):
        return outputs.prepare(analyze([str(log)]))


@pytest.mark.parametrize("log", SAMPLE_CASES, ids=IDS)
def test_sample_in_chinese_leaves_no_english_prose(log):
    report = _zh_report(log)
    for d in report.diagnoses:
        assert d.i18n is not None and d.i18n.lang == "zh", f"{d.rule}: no Chinese text"
        for text in (d.i18n.title, *d.i18n.remediation):
            assert not _english_prose(text), f"{d.rule}: English prose in {text!r}"
        assert len(d.i18n.remediation) == len(d.remediation), d.rule
    with i18n.using("zh"):
        for fmt in HUMAN:
            out = outputs.render(report, fmt)
            for label in ("What to do:", "Why:", "What failed", "### Phases", "Evidence (", "Log line ",
                          "No problem found", "outcome ", "Reported by", "likely: family match"):
                assert label not in out, (fmt, label)
            for d in report.diagnoses:
                if d.title != d.i18n.title:
                    assert d.title not in out, (fmt, d.rule, d.title)
                for en, zh in zip(d.remediation, d.i18n.remediation):
                    if en != zh and len(en) > 30:
                        assert en not in out, (fmt, d.rule, en)


@pytest.mark.parametrize("log", SAMPLE_CASES[::7], ids=IDS[::7])
def test_json_keeps_its_english_fields(log):
    en = analyze([str(log)])
    with i18n.using("en"):
        plain = outputs.render(outputs.prepare(en), "json")
    assert '"i18n"' not in plain
    zh = _zh_report(log)
    data, zdata = json.loads(plain), json.loads(outputs.render(zh, "json"))
    for d in zdata["diagnoses"]:
        assert d.pop("i18n", {"lang": "zh"})["lang"] == "zh"  # every diagnosis has it: test_sample_in_chinese_...
    texts = zdata.pop("i18n", None)  # the report's warnings in Chinese, beside the English ones
    assert texts is None or (texts["lang"] == "zh" and len(texts["warnings"]) == len(zdata["warnings"]))
    assert zdata == data


# -- end to end ----------------------------------------------------------------------------------

_SAMPLE = str(SAMPLES / "excerpts" / "argparse-unrecognized.log")


def _cli(args, env=None):
    from click.testing import CliRunner

    from diagnose.cli import cli

    res = CliRunner().invoke(cli, args, env=env or {}, catch_exceptions=False)
    return res.exit_code, res.stdout


def test_cli_lang_zh():
    rc, out = _cli(["explain", _SAMPLE, "--lang", "zh"])
    assert rc == 1
    assert "结果" in out and "处理办法" in out and "outcome" not in out
    assert "--enable-foo-bar" in out  # log text and flags stay as they are


def test_cli_lang_from_LANG_and_en_overrides():
    rc, zh = _cli(["explain", _SAMPLE], env={"LANG": "zh_CN.UTF-8", "LC_ALL": None, "LC_MESSAGES": None})
    assert rc == 1 and "处理办法" in zh
    rc, en = _cli(["explain", _SAMPLE, "--lang", "en"], env={"LANG": "zh_CN.UTF-8", "LC_ALL": None})
    assert rc == 1 and "What to do:" in en and "处理办法" not in en
    rc, c = _cli(["explain", _SAMPLE], env={"LANG": "zh_CN.UTF-8", "LC_ALL": "C.UTF-8"})
    assert "What to do:" in c  # LC_ALL wins


def test_cli_json_default_is_unchanged_and_zh_adds_i18n():
    _, plain = _cli(["explain", _SAMPLE, "--format", "json", "--lang", "en"])
    _, default = _cli(["explain", _SAMPLE, "--format", "json"], env={"LANG": "C.UTF-8", "LC_ALL": None})
    assert plain == default and '"i18n"' not in plain
    _, zh = _cli(["explain", _SAMPLE, "--format", "json", "--lang", "zh"])
    d = json.loads(zh)["diagnoses"][0]
    assert d["i18n"]["lang"] == "zh" and d["title"] == json.loads(plain)["diagnoses"][0]["title"]


def test_rules_list_shows_titles_in_the_chosen_language(rules):
    rc, out, _ = run_cli(["rules", "list", "--lang", "zh"])
    assert rc == 0
    some = next(r for r in rules if getattr(r, "zh", None) is not None)
    assert some.zh.title.split("{")[0][:12] in out
    rc, out, _ = run_cli(["rules", "list", "--lang", "en"])
    assert rc == 0 and "title" in out


def test_json_schema_documents_i18n():
    from diagnose.report import json_schema

    schema = json.dumps(json_schema())
    assert "DiagnosisText" in schema and "i18n" in schema
