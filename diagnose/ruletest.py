"""`llmdiag rules test` and `llmdiag rules lint`: the rule pack checks itself.

Rule examples run through the line layer, the timeline (for traceback blocks) and the matcher with
only that rule. A plain-text example runs with the engine/phase/version filters off (an example is
a line, not a start); `when` decides only when the example's own captures give every name it needs.
An example with its context (a mapping: text, engine, version, phase, facts, expect) runs as a report
would see it: scoping and `when` apply, and `expect` is checked against the captures and the title
and remediation rendered by `diagnose.diagnosis`. Sample logs run through the whole pipeline and are
compared with NAME.expected.json.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Callable

from diagnose.expr import FUNCS
from diagnose.lines import lines_from_text
from diagnose.matcher import Matcher
from diagnose.redact import Redactor
from diagnose.ruledata import example_text
from diagnose.rulepack import Rule, capture_names, load_pack, rule_names, walk_conds
from diagnose.timeline import Timeline

KNOWN_FACTS = set("""engine engine_version model architecture dtype quantization kv_cache_dtype tp_size pp_size
dp_size ep_size world_size nnodes node_rank max_model_len context_length gpu_memory_utilization
mem_fraction_static max_num_seqs max_num_batched_tokens enforce_eager host port weights_gib weights_load_s
shards_total shards_done load_gbps kv_blocks kv_tokens max_concurrency kv_available_gib max_total_num_tokens
compile_s graph_capture_s cuda_version torch_version nccl_version driver_version gpu_name gpu_total_gib
avail_mem_gb phase python_errors exit_code checkpoint_fs checkpoint_gib host_ram_gib failed_core_procs
dist_init_addr listen_url attention_backend dev_build image_vllm_version load_format weights_total_s
engine_init_s activation_peak_gib seen_phase spans_nodes several_nodes server_ready silent_before_stop_s""".split())

# an example's lines are not a whole start: the engine was not seen ready (state `server_ready: true` in
# an example's facts for one that was), as build() states it for a log
NOT_READY = {"server_ready": False}


def example_fires(rule: Rule, text: str) -> bool:
    matcher = Matcher([rule])
    run = matcher.new_run()
    tl = Timeline()
    for line in lines_from_text(text):
        tl.feed(line, [])
        matcher.feed(line, tl.seq, tl.tb_of_line, None, "unknown", run)
    return any(not matcher.unless_blocks(f, run) and when_allows(rule, f.captures, NOT_READY) for f in run.findings)


def context_findings(rule: Rule, ex) -> list[tuple]:
    """(finding, env) of a context example: what a report of a log with this engine, version, phase
    and these facts keeps of the rule (scoping, `when` and `unless` applied)."""
    from diagnose.diagnosis import finding_env, passes

    matcher = Matcher([rule])
    run = matcher.new_run()
    tl = Timeline()
    engine = ex.engine or "unknown"
    for line in lines_from_text(ex.text):
        tl.feed(line, [])
        matcher.feed(line, tl.seq, tl.tb_of_line, ex.phase, engine, run)
    out = []
    for f in run.findings:
        if matcher.unless_blocks(f, run):
            continue
        env = finding_env(f, {**NOT_READY, **ex.facts}, engine, ex.version)
        if passes(f, engine, ex.version, env):
            out.append((f, env))
    return out


def _same_value(got, want) -> bool:
    from diagnose.engines.base import number

    if got is None:
        return False
    if str(got) == str(want):
        return True
    a, b = number(str(got)), number(str(want))
    return isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b


def coded_example_problems(rule: Rule, ex, under_match: bool, rules: list[Rule] | None = None) -> list[str]:
    """One example of a rule decided by code (`implementation`): the example is a whole log, analysed by
    the pipeline with the matched rules of the pack (`rules`); the report must (must not) hold a
    diagnosis of the rule, with the texts `expect` asks for."""
    from diagnose.pipeline import analyze_text

    text = ex if isinstance(ex, str) else ex.text
    first = (text.splitlines() or [""])[0][:120]
    want = ex.expect.fires if not isinstance(ex, str) and ex.expect.fires is not None else under_match
    got = [d for d in analyze_text(text, rules).diagnoses if d.rule == rule.id]
    if bool(got) != want:
        return [("does not produce it" if want else "produces it") + f" (a whole log, first line {first!r})"]
    if not got or isinstance(ex, str):
        return []
    d = got[0]
    return ([f"title lacks {sub!r}: {d.title!r}" for sub in ex.expect.title_contains if sub not in d.title]
            + [f"remediation lacks {sub!r}" for sub in ex.expect.remediation_contains
               if not any(sub in r for r in d.remediation)]
            + [f"remediation has {sub!r}" for sub in ex.expect.remediation_absent
               if any(sub in r for r in d.remediation)])


def example_problems(rule: Rule, ex, under_match: bool, rules: list[Rule] | None = None) -> list[str]:
    """What is wrong with one example of a rule (empty when it holds); `rules`: the pack's matched
    rules, for the example of a rule decided by code (its whole-log run)."""
    if getattr(rule, "implementation", None):
        return coded_example_problems(rule, ex, under_match, rules)
    text = ex if isinstance(ex, str) else ex.text
    first = (text.splitlines() or [""])[0][:120]
    if isinstance(ex, str):
        fires = example_fires(rule, ex)
        if fires == under_match:
            return []
        return ["does not fire: " + repr(first)] if under_match else ["fires (false alarm): " + repr(first)]
    from diagnose.diagnosis import render_texts

    found = context_findings(rule, ex)
    want = ex.expect.fires if ex.expect.fires is not None else under_match
    ctx = ", ".join(f"{k} {v}" for k, v in (("engine", ex.engine), ("version", ex.version), ("phase", ex.phase))
                    if v) + "".join(f", {k}={v}" for k, v in ex.facts.items())
    where = f" (context: {ctx.lstrip(', ')})" if ctx else ""
    if bool(found) != want:
        return [("does not fire" if want else "fires") + f"{where}: {first!r}"]
    if not found:
        return []
    f, env = found[0]
    problems = [f"capture {name}: expected {value!r}, got {f.captures.get(name)!r}{where}"
                for name, value in ex.expect.captures.items() if not _same_value(f.captures.get(name), value)]
    title, _, remediation = render_texts(rule, env, ex.engine or "unknown")
    problems += [f"title lacks {sub!r}{where}: {title!r}" for sub in ex.expect.title_contains if sub not in title]
    problems += [f"remediation lacks {sub!r}{where}" for sub in ex.expect.remediation_contains
                 if not any(sub in r for r in remediation)]
    problems += [f"remediation has {sub!r}{where}" for sub in ex.expect.remediation_absent
                 if any(sub in r for r in remediation)]
    return problems


def _pattern_problems(pat) -> list[str]:
    """A named pattern's examples: each match example must match a line's message, no no_match may."""
    import regex

    compiled = regex.compile(pat.regex)

    def fires(text: str) -> bool:
        return any(compiled.search(line.text) for line in lines_from_text(text))

    return ([f"examples.match[{i}] does not match: {ex[:120]!r}" for i, ex in enumerate(pat.examples.match, 1)
             if not fires(ex)]
            + [f"examples.no_match[{i}] matches: {ex[:120]!r}" for i, ex in enumerate(pat.examples.no_match, 1)
               if fires(ex)])


def when_allows(rule: Rule, captures: dict, facts: dict | None = None) -> bool:
    """`when` decides only if the example itself provides the names it needs (its facts, captures, compute)."""
    if not rule.when:
        return True
    from diagnose.engines.base import number
    from diagnose.expr import Missing, evaluate

    env = {**(facts or {}), **{k: number(v) if isinstance(v, str) else v for k, v in captures.items()}}
    for name, src in rule.compute.items():
        try:
            env[name] = evaluate(src, env)
        except Missing:
            pass
    try:
        return bool(evaluate(rule.when, env))
    except Missing:
        return True


def samples_dir_candidates() -> list[Path]:
    """Where `rules test` looks for sample logs without --samples: the source tree beside the package
    (a checkout, an editable install), then ./sample_logs (a checkout, after a non-editable install)."""
    here = Path(__file__).resolve().parent.parent / "sample_logs"
    cwd = Path("sample_logs")
    return [here] if cwd.resolve() == here else [here, cwd]


def default_samples_dir() -> Path | None:
    return next((d for d in samples_dir_candidates() if d.is_dir()), None)


def check_sample(log: Path, expected: dict, rules: list[Rule]) -> list[str]:
    from diagnose.pipeline import analyze

    report = json.loads(analyze([str(log)], rules).to_json())
    problems = []
    for key in ("engine", "outcome", "last_phase"):
        if key in expected and report.get(key) != expected[key]:
            problems.append(f"{key}: expected {expected[key]!r}, got {report.get(key)!r}")
    if "engine_version" in expected and expected["engine_version"] and report.get("engine_version") != expected["engine_version"]:
        problems.append(f"engine_version: expected {expected['engine_version']!r}, got {report.get('engine_version')!r}")
    top = top_diagnosis(report)
    if report.get("outcome") == "ready" and expected.get("category"):
        # a start that came up can still carry a warning worth the headline (e.g. slow storage)
        top = next((d for d in report["diagnoses"] if d.get("role") != "wrapper"), None)
    if "category" in expected:
        got = (top or {}).get("category") if expected["category"] is not None else (top or {}).get("category")
        want = expected["category"]
        if want is None:
            if top is not None and top.get("severity") == "error":
                problems.append(f"expected no error diagnosis, got {top['category']} ({top['rule']})")
        elif got != want:
            problems.append(f"category: expected {want!r}, got {got!r}" + (f" (rule {top['rule']})" if top else ""))
    if expected.get("rule") and (top or {}).get("rule") != expected["rule"]:
        problems.append(f"rule: expected {expected['rule']!r}, got {(top or {}).get('rule')!r}")
    for sub in expected.get("remediation_contains", []):
        if top is None or not any(sub in r for r in top.get("remediation", [])):
            problems.append(f"remediation lacks {sub!r}")
    for sub in expected.get("explanation_contains", []):
        if top is None or sub not in top.get("explanation", ""):
            problems.append(f"explanation lacks {sub!r}")
    cats = {d["category"] for d in report["diagnoses"]}
    for cat in expected.get("absent_categories", []):
        if cat in cats:
            problems.append(f"category {cat!r} must not be reported")
    for k, v in (expected.get("facts") or {}).items():
        if report.get("facts", {}).get(k) != v:
            problems.append(f"fact {k}: expected {v!r}, got {report.get('facts', {}).get(k)!r}")
    state = (report.get("after_ready") or {}).get("state")
    if "after_ready" in expected and state != expected["after_ready"]:
        problems.append(f"after_ready: expected {expected['after_ready']!r}, got {state!r}")
    # a server that came up and then died is reported as an error beside the ready outcome
    if (report["outcome"] == "ready" and state != "died"
            and any(d["severity"] == "error" for d in report["diagnoses"])):
        problems.append("ready outcome with an error diagnosis")
    return problems


def top_diagnosis(report: dict) -> dict | None:
    """The headline: first non-wrapper diagnosis; for a failed start the first error."""
    diags = [d for d in report.get("diagnoses", []) if d.get("role") != "wrapper"]
    errors = [d for d in diags if d.get("severity") == "error"]
    if report.get("outcome") == "failed":
        return (errors or diags or [None])[0]
    if report.get("outcome") == "incomplete":
        return (diags or [None])[0]
    return errors[0] if errors else None


def iter_samples(root: Path):
    """NAME.log with NAME.expected.json; and a folder with expected.json (one start logged in
    several files, e.g. node0.log + node1.log), explained as a whole."""
    found = [(log, log.with_name(log.name[: -len(".log")] + ".expected.json")) for log in root.rglob("*.log")]
    found += [(exp.parent, exp) for exp in root.rglob("expected.json")]
    for log, exp in sorted(found):
        if exp.is_file():
            yield log, exp


def _say(what: str, problems: list[str], verbose: bool, echo: Callable[[str], None]) -> bool:
    """One rule's or pattern's result: FAIL with its problems, or ok (shown with -v). True when ok."""
    if problems:
        echo(f"FAIL {what}")
        for p in problems:
            echo(f"  {p}")
    elif verbose:
        echo(f"ok   {what}")
    return not problems


def run_all(rule_dirs: list[str], samples_dir: str | None, verbose: bool, echo: Callable[[str], None]) -> bool:
    pack = load_pack(rule_dirs)
    ok = True
    for err in pack.errors:
        echo(f"ERROR {err}")
        ok = False
    n_ex = 0
    matched = [lr.rule for lr in pack.rules if not getattr(lr.rule, "implementation", None)]
    for lr in pack.rules:
        rule = lr.rule
        problems = []
        for key in ("match", "no_match"):
            for i, ex in enumerate(getattr(rule.examples, key), 1):
                n_ex += 1
                problems += [f"{lr.path}: examples.{key}[{i}] {p}"
                             for p in example_problems(rule, ex, key == "match", matched)]
        ok &= _say(f"{rule.id}", problems, verbose, echo)
    for name, (pat, path) in sorted(pack.patterns.items()):
        n_ex += len(pat.examples.match) + len(pat.examples.no_match)
        ok &= _say(f"pattern {name} ({path})", _pattern_problems(pat), verbose, echo)
    echo(f"{len(pack.rules)} rules, {len(pack.patterns)} named patterns, {n_ex} examples checked")
    root = Path(samples_dir) if samples_dir else default_samples_dir()
    if root is None or not root.is_dir():
        looked = " and ".join(str(d) if d.is_absolute() else f"./{d}" for d in samples_dir_candidates())
        echo(f"sample logs: none found (looked in {looked}); rule examples only. Run it in a llmdiag "
             "checkout or pass --samples DIR (a folder of NAME.log with NAME.expected.json)")
        return ok
    rules = matched
    n = bad = 0
    for log, exp in iter_samples(root):
        n += 1
        try:
            expected = json.loads(exp.read_text())
        except ValueError as exc:
            echo(f"FAIL {exp}: invalid JSON: {exc}")
            bad += 1
            continue
        problems = check_sample(log, expected, rules)
        if problems:
            bad += 1
            echo(f"FAIL {log.relative_to(root.parent) if root.parent in log.parents else log}")
            for p in problems:
                echo(f"  {p}")
        elif verbose:
            echo(f"ok   {log}")
    echo(f"{n} sample logs, {n - bad} as expected")
    return ok and bad == 0


_STRING_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _placeholders(template: str) -> list[str]:
    """The `{...}` placeholders of a template (expression and format spec), sorted; `{{` is a literal brace.
    String literals inside an expression are prose and are translated: they compare as ''."""
    from diagnose.expr import TEMPLATE_FIELD

    return sorted(_STRING_LITERAL.sub("''", m.group(1).strip()) for m in TEMPLATE_FIELD.finditer(template or "")
                  if m.group(1))


def zh_problems(rule) -> list[str]:
    """What is wrong with a rule's `zh:` block against its English text: the same placeholders (with
    their format specs) in the title, the explanation and each remediation item."""
    zh = getattr(rule, "zh", None)
    if zh is None:
        return []
    out = []
    for key in ("title", "explanation"):
        if _placeholders(getattr(rule, key)) != _placeholders(getattr(zh, key)):
            out.append(f"zh.{key}: placeholders {_placeholders(getattr(zh, key))} differ from the English "
                       f"{_placeholders(getattr(rule, key))}")
    for i, (item, text) in enumerate(zip(rule.remediation_items, zh.remediation)):
        if _placeholders(item.text) != _placeholders(text):
            out.append(f"zh.remediation[{i}]: placeholders {_placeholders(text)} differ from the English "
                       f"{_placeholders(item.text)}")
    if len(zh.remediation) != len(rule.remediation):
        out.append(f"zh.remediation: {len(zh.remediation)} items, remediation {len(rule.remediation)}")
    for name, p in (getattr(rule, "phrases", None) or {}).items():
        if p.zh is None:
            out.append(f"phrases.{name}: no zh (the rule has Chinese text)")
        elif _placeholders(p.text) != _placeholders(p.zh):
            out.append(f"phrases.{name}: placeholders {_placeholders(p.zh)} of zh differ from the English "
                       f"{_placeholders(p.text)}")
    return out


def anchor_misses(rule: Rule) -> list[str]:
    """Lines of the rule's own examples that a regex of it matches without its anchor: the anchor gates
    the regex at run time (diagnose.anchors), so the rule would never see such a line, while its
    examples, matched without the gate, pass. Its `match` is checked on the match examples, its
    `unless` on all of them (an unless that never sees its line lets the rule fire)."""
    import regex

    out = []
    match = [("match", i, ex) for i, ex in enumerate(rule.examples.match)]
    every = match + [("no_match", i, ex) for i, ex in enumerate(rule.examples.no_match)]
    for cond, examples in [*((c, match) for c in walk_conds(rule.match)), *((c, every) for c in walk_conds(rule.unless))]:
        if cond.regex is None or not cond.anchor:
            continue
        compiled = regex.compile(cond.regex, regex.IGNORECASE if cond.ignore_case else 0)
        anchor = cond.anchor.lower() if cond.ignore_case else cond.anchor
        for kind, i, ex in examples:
            for line in example_text(ex).splitlines():
                if compiled.search(line) and anchor not in (line.lower() if cond.ignore_case else line):
                    out.append(f"examples.{kind}[{i}]: regex {cond.regex[:50]!r} matches a line without its "
                               f"anchor {cond.anchor!r}, so at run time it never would: {line[:80]!r}")
                    break
    return out


def lint(rule_dirs: list[str], echo: Callable[[str], None]) -> bool:
    from diagnose.fastpath import clear_of_stamps
    from diagnose.matcher import literal_anchors

    pack = load_pack(rule_dirs)
    errors = list(pack.errors)
    warnings: list[str] = []
    for lr in pack.rules:
        r = lr.rule
        where = f"{lr.path}: rule {r.id}"
        if not r.remediation:
            errors.append(f"{where}: no remediation")
        if not r.examples.no_match:
            errors.append(f"{where}: no examples.no_match (add a similar-looking harmless line)")
        if not r.description:
            warnings.append(f"{where}: no description")
        known = KNOWN_FACTS | capture_names(r.match) | set(r.compute) | set(FUNCS)
        if r.unless is not None:
            known |= capture_names(r.unless)
        coded = bool(getattr(r, "implementation", None))  # its code gives the names (its description lists them)
        for name in sorted(rule_names(r) - known) if not coded else ():
            errors.append(f"{where}: unknown name {name!r} (not a capture, compute entry or known fact)")
        if r.role == "wrapper" and r.priority > 50:
            warnings.append(f"{where}: a wrapper with high priority")
        # every anchor the matcher gates a leaf by: a rule's own, or the literals an anchor-less regex
        # (a named pattern's too) requires
        for anchor in sorted({a for lf in (Matcher([r]).leaves if r.match else ()) for a in lf.anchor or ()}):
            if not clear_of_stamps(anchor):
                errors.append(f"{where}: anchor {anchor!r} can overlap a vLLM timestamp (an end of it can "
                              "be read as the stamp's digits, '-', ':' or space): every line would be remembered whole")
        errors += [f"{where}: {p}" for p in anchor_misses(r)]
        for cond in walk_conds(r.match):
            if cond.regex is not None and not (cond.anchor or literal_anchors(cond.regex, cond.ignore_case)):
                warnings.append(f"{where}: regex {cond.regex[:60]!r} has no literal anchor; it runs on every line")
            if cond.regex is not None and _nested_quantifier(cond.regex):
                errors.append(f"{where}: regex {cond.regex[:60]!r} has a nested quantifier that can backtrack badly")
            elif cond.regex is not None and (probe := slow_on_a_long_line(cond.regex, cond.ignore_case)):
                errors.append(f"{where}: regex {cond.regex[:60]!r} takes over a second on a long line ({probe}); "
                              "at run time it would time out and be switched off")
        if r.versions and r.engines == ["any"]:
            warnings.append(f"{where}: version bounds on a rule for any engine")
        zh = getattr(r, "zh", None)
        if zh is None:
            warnings.append(f"{where}: no Chinese text (zh: title, explanation, remediation; rules/README.md)")
        else:
            errors += [f"{where}: {p}" for p in zh_problems(r)]
        # the report is redacted as a whole: a text of the rule's own that looks like a secret would be cut
        texts = [r.title, r.explanation, *(i.text for i in r.remediation_items), *((zh.title, zh.explanation, *zh.remediation) if zh else ())]
        errors += [f"{where}: text {t[:60]!r} is changed by the report's redaction (it reads as a secret: "
                   "NAME=<a value with spaces>, a word after --api-key)" for t in texts if Redactor().text(t) != t]
    fired = _examples_fired(pack)
    shadow_errors, shadow_warnings = shadowed(pack, fired)
    errors += shadow_errors
    warnings += shadow_warnings + overlapping(pack, fired)
    for w in warnings:
        echo(f"WARN  {w}")
    for e in errors:
        echo(f"ERROR {e}")
    echo(f"{len(pack.rules)} rules, {len(errors)} errors, {len(warnings)} warnings")
    return not errors


def _same_context(a: Rule, b: Rule) -> bool:
    """Rules that can both fire on one line of one start: engines and phases overlap."""
    engines = "any" in a.engines or "any" in b.engines or bool(set(a.engines) & set(b.engines))
    phases = not a.phases or not b.phases or bool(set(a.phases) & set(b.phases))
    return engines and phases


def _examples_fired(pack) -> list[tuple]:
    """(rule, i, findings) for each examples.match[i] of each rule: what every rule of the pack finds
    in it, with the filters off as for a plain example."""
    rules = [lr.rule for lr in pack.rules if not getattr(lr.rule, "implementation", None)]  # matched rules
    matcher = Matcher(rules)
    out = []
    for rule in rules:
        for i, ex in enumerate(rule.examples.match, 1):
            run = matcher.new_run()
            tl = Timeline()
            for line in lines_from_text(example_text(ex)):
                tl.feed(line, [])
                matcher.feed(line, tl.seq, tl.tb_of_line, None, "unknown", run)
            facts = {} if isinstance(ex, str) else {**_context_names(ex), **ex.facts}
            out.append((rule, i, [f for f in run.findings
                                  if not matcher.unless_blocks(f, run) and when_allows(f.rule, f.captures, facts)]))
    return out


def _context_names(ex) -> dict:
    """The names an example's context gives a rule's `when`: its phase, engine and version."""
    from diagnose.expr import Version

    names = {"seen_phase": ex.phase, "phase": ex.phase, "engine": ex.engine,
             "engine_version": Version(ex.version) if ex.version else None}
    return {k: v for k, v in names.items() if v is not None}


def overlapping(pack, fired: list[tuple] | None = None) -> list[str]:
    """Pairs of rules of one tier that can fire on one line of one start (engines and phases overlap)
    where each fires on an example of the other: two readings of one failure, decided only by the
    ranking order (rules/README.md). One warning per pair."""
    where = {lr.rule.id: lr.path for lr in pack.rules}
    hits: dict[tuple[str, str], int] = {}  # (rule, other) -> first examples.match index of `rule` other fires on
    by_id = {}
    for rule, i, found in fired if fired is not None else _examples_fired(pack):
        by_id[rule.id] = rule
        for f in found:
            if f.rule.id != rule.id:
                hits.setdefault((rule.id, f.rule.id), i)
    out = []
    for (a, b), i in sorted(hits.items()):
        if a < b and (b, a) in hits and by_id[a].tier == by_id[b].tier and _same_context(by_id[a], by_id[b]):
            out.append(f"{where[a]}: rule {a} overlaps rule {b} ({where[b]}): each fires on an example of the "
                       f"other ({a} examples.match[{i}], {b} examples.match[{hits[(b, a)]}]); the ranking order "
                       "decides between them: narrow one, or merge them")
    return out


def shadowed(pack, fired: list[tuple] | None = None) -> tuple[list[str], list[str]]:
    """Rules whose own examples another rule wins (as the report would pick on that line): a family rule
    winning a specific rule's example is an error; another specific rule winning one, a warning."""
    from diagnose.diagnosis import finding_rank

    where = {lr.rule.id: lr.path for lr in pack.rules}
    errors: list[str] = []
    warnings: list[str] = []
    for rule, i, found in fired if fired is not None else _examples_fired(pack):
        own = [f for f in found if f.rule.id == rule.id]
        if not own:
            continue  # `rules test` reports an example that does not fire
        line = own[-1].evidence[-1].n
        rivals = [f for f in found if f.evidence[-1].n == line and _same_context(f.rule, rule)]
        winner = min(rivals, key=finding_rank).rule
        if winner.id == rule.id or finding_rank(own[-1]) == finding_rank(min(rivals, key=finding_rank)):
            continue
        msg = (f"{where[rule.id]}: rule {rule.id}: examples.match[{i}] is won by rule {winner.id} "
               f"({where[winner.id]})")
        if winner.tier == "family" and rule.tier != "family":
            errors.append(msg + ": a family rule must never win a specific rule's line")
        elif winner.tier == rule.tier:
            warnings.append(msg + " (shadowed: raise its priority or narrow the other rule)")
    return errors, warnings


# long lines of the characters logs repeat (a cut line is up to MAX_LINE_BYTES): a regex whose repeats
# can split such a run in many ways (a lazy `.*?` before `\s*$`, `\s*` before `[^#]*?`) is quadratic on it
_LONG_PROBES = (("spaces", " "), ("letters", "a"), ("digits", "0"), ("dots", "."), ("slashes", "/ "),
                ("words", "ab "), ("dashes", "-"), ("colons", "a: "), ("commas", "a, "), ("pairs", "a=1 "),
                ("quotes", "'a' "), ("parentheses", "(a) "))
_AFTER_LITERAL = ("spaces", "colons")  # the probes also run after each literal the regex requires


def slow_on_a_long_line(pattern: str, ignore_case: bool = False, limit_s: float = 1.0) -> str | None:
    """The probe (a line of MAX_LINE_BYTES characters, then one that ends the run; also after each
    literal the regex requires, so that its repeats are reached) on which a search takes over
    `limit_s` (a linear search takes about a millisecond), or None."""
    import regex

    from diagnose.lines import MAX_LINE_BYTES
    from diagnose.matcher import required_literals

    try:
        rx = regex.compile(pattern, regex.IGNORECASE if ignore_case else 0)
    except regex.error:
        return None  # reported as an invalid pattern elsewhere
    heads = [""] + sorted({lit + "a" for clause in required_literals(pattern) for lit in clause})[:8]
    for head in heads:
        for name, unit in (p for p in _LONG_PROBES if not head or p[0] in _AFTER_LITERAL):
            text = (head + unit * (MAX_LINE_BYTES // len(unit)))[: MAX_LINE_BYTES - 1] + "\x01"
            try:
                rx.search(text, timeout=limit_s)
            except TimeoutError:
                return f"{MAX_LINE_BYTES} bytes of {name}" + (f" after {head[:-1]!r}" if head else "")
    return None


def _nested_quantifier(pattern: str) -> bool:
    """A repeated group whose iterations can split the same text in many ways, so a failing match
    backtracks exponentially (or with a high power): (a+)+, (\\w+\\s?)*, (.*a){12}, (a|aa)+.
    (?:\\.\\d+)* and (?:[^,]*,)* are fine: a mandatory atom the inner repeat cannot eat ends each
    iteration. Patterns in `regex`-only syntax fall back to a textual check."""
    from diagnose.matcher import read_regex, sre_constants

    parsed = read_regex(pattern)
    if parsed is None:
        return _nested_quantifier_text(pattern)
    return _risky_seq(list(parsed), sre_constants)


_PROBE = [chr(c) for c in range(256)] + ["\u4e2d", "\u00e9", "\u2028"]


def _chars(op, arg, c) -> set[str]:
    """The probe characters one atom can match (an approximation good enough to see overlap)."""
    if op is c.LITERAL:
        return {chr(arg)}
    if op is c.NOT_LITERAL:
        return set(_PROBE) - {chr(arg)}
    if op is c.ANY:
        return set(_PROBE) - {"\n"}
    if op is c.IN:
        import re as _re

        out: set[str] = set()
        negate = False
        for iop, iarg in arg:
            if iop is c.NEGATE:
                negate = True
            elif iop is c.LITERAL:
                out.add(chr(iarg))
            elif iop is c.RANGE:
                out |= {ch for ch in _PROBE if iarg[0] <= ord(ch) <= iarg[1]}
            elif iop is c.CATEGORY:
                name = str(iarg).rsplit("_", 1)[-1].lower()  # CATEGORY_DIGIT / CATEGORY_NOT_WORD ...
                cls = {"digit": r"\d", "word": r"\w", "space": r"\s", "linebreak": r"\n"}.get(name, ".")
                if "NOT" in str(iarg):
                    cls = cls.upper() if cls.startswith("\\") else cls
                rx = _re.compile(cls)
                out |= {ch for ch in _PROBE if rx.fullmatch(ch)}
            else:
                return set(_PROBE)
        return set(_PROBE) - out if negate else out
    return set()


def _items(seq, c) -> list[tuple[set[str], bool, bool]]:
    """A sequence as (chars, optional, repeats) items; a quantified part or an alternation is one item."""
    out: list[tuple[set[str], bool, bool]] = []
    for op, arg in seq:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            lo, hi, body = arg
            inner = _items(list(body), c)
            chars = set().union(*(it[0] for it in inner)) if inner else set()
            optional = lo == 0 or all(it[1] for it in inner)
            if chars:
                out.append((chars, optional, hi is c.MAXREPEAT or hi > 1 or any(it[2] for it in inner)))
        elif op is c.SUBPATTERN:
            out.extend(_items(list(arg[-1]), c))
        elif op is c.BRANCH:
            alts = [_items(list(b), c) for b in arg[1]]
            chars = set().union(*(it[0] for a in alts for it in a)) if any(alts) else set()
            if chars:
                out.append((chars, any(all(it[1] for it in a) for a in alts), any(it[2] for a in alts for it in a)))
        else:
            chars = _chars(op, arg, c)
            if chars:
                out.append((chars, False, False))
    return out


def _ambiguous(items) -> bool:
    """Can one repetition of `items` meet the next (or itself) at more than one place? A repeating or
    optional item overlaps the next item it can touch (optional items between them skipped)."""
    n = len(items)
    for i, (chars, optional, repeats) in enumerate(items):
        if not (repeats or optional):
            continue
        for k in range(1, n + 1):
            nxt = items[(i + k) % n]
            if chars & nxt[0]:
                return True
            if not nxt[1]:
                break
    return False


def _risky_seq(seq, c) -> bool:
    for op, arg in seq:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            lo, hi, body = arg
            body = list(body)
            if (hi is c.MAXREPEAT or hi > 1) and _ambiguous(_items(body, c)):
                return True  # (a+)+ (\\w+\\s?)* (.*a){12} (a|aa)+: iterations split the text many ways
            if _risky_seq(body, c):
                return True
        elif op is c.SUBPATTERN:
            if _risky_seq(list(arg[-1]), c):
                return True
        elif op is c.BRANCH:
            if any(_risky_seq(list(b), c) for b in arg[1]):
                return True
        elif op in (c.ASSERT, c.ASSERT_NOT):
            if _risky_seq(list(arg[1]), c):
                return True
    return False


def _nested_quantifier_text(pattern: str) -> bool:
    """Textual fallback: a quantified group whose body has no mandatory atom, e.g. (a+)+."""
    import re

    for m in re.finditer(r"\((?:\?:|\?P<\w+>)?([^()|]*)\)(?:[+*]|\{\d*,\d*\})", pattern):
        atoms = re.findall(r"(\\.|\[[^\]]*\]|[^\\\[()])([+*?]|\{\d*,?\d*\})?", m.group(1))
        if atoms and all(q for _, q in atoms) and any(q in ("+", "*") or q.startswith("{") for _, q in atoms):
            return True
    return False
