"""From findings to diagnoses: filter by engine, version, phase and facts; keep one finding per
evidence line; group repeats; fill templates; rank causes first; say "unknown" honestly."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from diagnose import i18n
from diagnose.engines.base import PHASE_INDEX, number
from diagnose.expr import Missing, Version, evaluate, render
from diagnose.fingerprint import fingerprint
from diagnose.matcher import MAX_EVIDENCE, Finding, Matcher, MatchRun
from diagnose.redact import cut
from diagnose.report import ROLE_RANK as _ROLE
from diagnose.report import SEVERITY_RANK as _SEV
from diagnose.report import Diagnosis, DiagnosisText, Evidence
from diagnose.rulepack import coded_rule, version_ok

if TYPE_CHECKING:
    from diagnose.timeline import TimelineResult



@dataclass
class Diagnosed:
    """A diagnosis on its way to the report: the report's entry, the process each of its evidence
    lines came from (for the rank and node views) and the phase its rule names."""

    entry: Diagnosis
    who: list = field(default_factory=list)  # per evidence line: a distributed.DistTracker key, or None
    rule_phase: str | None = None  # the traceback's frames' phase (not server), else the rule's `phase`
    framed: bool = False  # rule_phase comes from the traceback's frames
    teardown: bool = False  # every evidence line is in a traceback raised while a process shut down

    def add(self, n: int, text: str, source: str | None, who: tuple | None = None) -> None:
        """One more evidence line (`source`: None unless several inputs were given)."""
        self.entry.evidence.append(Evidence(line=n, text=text, source=source))
        self.who.append(who)


# (phase the frames show, phase the markers show): an earlier step that runs inside the later phase's
# process, so that its failure belongs to the earlier phase: a spawned engine process that builds its
# config again (vLLM V0's engine process), a worker's device init that checks free memory after its
# NCCL set-up (vLLM's init_device) without an NCCL frame in the traceback, SGLang 0.5.23's scheduler
# that prints its token budgets (the server's first line) before it builds its prefix cache
FRAMES_PULL_BACK = {("config", "init"), ("init", "nccl"), ("weights", "kv_cache"), ("kv_cache", "server")}


def engine_init_done(tl: TimelineResult) -> bool:
    """Whether the engine said its start is done (vLLM's "init engine ... took", fact engine_init_s)."""
    return "engine_init_s" in tl.facts


def framed_phase(framed: str | None, phase: str | None, engine_done: bool = False) -> str | None:
    """The phase a failure belongs to when its traceback's frames show `framed` and the phase
    markers `phase`: the frames' where no marker came before it (a pasted excerpt), where they show
    a later phase than the markers whose markers were not printed (a spawned engine process that
    dies while it starts, after the config lines; a platform plugin's worker that loads weights
    without vLLM's loading lines), or the earlier step that runs inside the later phase's process
    (FRAMES_PULL_BACK); else the markers'. The server's frames are outermost in every traceback of
    the API server's process, so only frames of nothing else once the engine said its start is done
    (`engine_done`: vLLM's "init engine ... took") place a failure in the server (the app's setup)."""
    if framed and (phase is None or (framed != "server" or engine_done) and PHASE_INDEX[framed] > PHASE_INDEX.get(phase, 99)
                   or (framed, phase) in FRAMES_PULL_BACK):
        return framed
    return phase


# The likely cause of a log that stops in a phase without any error line, where one cause is far more
# common than the others: the category of the stall diagnosis (confidence `likely`); elsewhere `unknown`.
# Not weights: a log cut there is as often a kill or a truncated paste as slow storage, which the
# shard-rate rules name when the log shows the rate.
STALL_CATEGORY = {
    "nccl": "nccl-network",  # a rank or node that never joins the rendezvous
    "warmup": "http-proxy",  # SGLang listens but its own warm-up request never returns
}


def spans_nodes(tl: TimelineResult, nccl_count: bool = True) -> bool:
    """Whether the log shows a start over several nodes (the rules' `several_nodes`): a node count over
    1 (the arguments; NCCL's nNodes where `nccl_count`), two hosts named by NCCL's "host:pid:tid", a Ray
    worker on another node than the driver's (its ", ip=" prefix), a --dist-init-addr, the custom
    all-reduce note that the group spans nodes, or a remote vLLM rank. NCCL's nNodes alone can mislead:
    with P2P and SHM off, NCCL counts each rank of one host as a node (a real H200 capture)."""
    facts = tl.facts
    nodes = list(tl.dist.nodes.items()) if tl.dist is not None else []
    # hosts the lines name (NCCL's "host:pid:tid"); lines that name none are counted by their file
    named = [n for name, n in nodes if n.lines and name not in tl.dist.sources]
    counts = [v for v in [facts.get("nnodes")] + [n.nccl_nodes for _, n in nodes if nccl_count]
              if isinstance(v, (int, float))]
    return max(counts, default=0) > 1 or len(named) > 1 or any(n.ray_remote for n in named) \
        or bool(facts.get("dist_init_addr") or facts.get("spans_nodes") or facts.get("remote_rank"))


def _stall_category(phase: str | None, tl: TimelineResult) -> str:
    """STALL_CATEGORY, with NCCL's two usual causes told apart: a rendezvous across nodes that never
    completes is the network (in init too); ranks of one node that stop in NCCL's setup are
    peer-to-peer (ACS, IOMMU)."""
    category = STALL_CATEGORY.get(phase or "", "unknown")
    if phase == "init" and spans_nodes(tl, nccl_count=False):
        # the engines of a start over several nodes wait for each other as they start (vLLM's data
        # parallel coordinator at --data-parallel-address, SGLang's --dist-init-addr)
        category = "nccl-network"
    elif _rendezvous_done(phase, tl):
        category = "unknown"
    elif phase == "nccl":
        facts = tl.facts
        # the parallel size the log states, else the processes it shows (a driver and its workers)
        ranks = max((v for v in (facts.get("tp_size"), facts.get("world_size")) if isinstance(v, (int, float))),
                    default=len(tl.dist.procs) if tl.dist is not None else 0)
        if not spans_nodes(tl, nccl_count=False) and ranks > 1:
            category = "nccl-p2p-acs"
    return category


def _rendezvous_done(phase: str | None, tl: TimelineResult) -> bool:
    """A stall in `nccl` after its end was logged (SGLang's "Init parallel ends.", vLLM's rank assignment):
    the rendezvous and the communicators are set up; what stopped the start is not NCCL's usual causes."""
    return phase == "nccl" and any(s.name == "nccl" and s.ended for s in tl.phases)


def base_env(facts: dict, engine: str, version: str | None) -> dict:
    """The names every finding of a report sees: the facts (versions comparable), engine, version."""
    env = {k: Version(v) if k.endswith("_version") and isinstance(v, str) else v for k, v in facts.items()}
    env["engine"] = engine
    if version:
        env["engine_version"] = Version(version)
    return env


def finding_env(f: Finding, facts: dict, engine: str, version: str | None, base: dict | None = None) -> dict:
    """The names a finding's rule sees: facts, engine, version, phase, captures, then its `compute`.
    `base`: `base_env` of the same facts, engine and version, made once for many findings."""
    env = dict(base) if base is not None else base_env(facts, engine, version)
    phase = f.phase or f.rule.phase
    if phase:
        env["phase"] = phase
    for k, v in f.captures.items():
        env[k] = number(v) if isinstance(v, str) else v
    if f.phase:
        env["seen_phase"] = f.phase  # the phase the log or the traceback's frames show (missing when neither)
    for name, src in f.rule.compute.items():
        try:
            env[name] = evaluate(src, env)
        except Missing:
            pass
    return env


def render_texts(rule, env: dict, engine: str) -> tuple[str, str, list[str]]:
    """A diagnosis's title, explanation and remediation, filled in from `env`."""
    return (render(rule.title, env), " ".join(render(rule.explanation, env).split()),
            _remediation(rule, env, engine))


def zh_text(title: str, explanation: str, remediation: list[str]) -> DiagnosisText:
    """A diagnosis's Chinese text (its `i18n` field, docs/contract.md)."""
    return DiagnosisText(lang="zh", title=title, explanation=explanation, remediation=list(remediation))


def render_zh(rule, env: dict, engine: str) -> DiagnosisText | None:
    """The diagnosis's `i18n` text (docs/contract.md): the rule's `zh:` block filled in from `env`, its
    remediation items kept or dropped as the English ones are; None when the rule has no Chinese text."""
    zh = getattr(rule, "zh", None)
    if zh is None:
        return None
    return zh_text(render(zh.title, env), " ".join(render(zh.explanation, env).split()),
                   _remediation(rule, env, engine, zh.remediation))


def _one_line(template: str) -> str:
    return " ".join(template.split())


def coded_texts(rule, env: dict, env_zh: dict | None = None) -> tuple[str, str, list[str], DiagnosisText | None]:
    """The title, explanation, remediation and `i18n` text (under --lang zh) of a diagnosis that code
    makes (a rule with `implementation`), rendered from the rule's record with the names the code
    gives (`env_zh`: names whose Chinese value differs). The record's line breaks are spaces; the
    values are kept as they are."""
    title = render(_one_line(rule.title), env, missing=None)
    explanation = render(_one_line(rule.explanation), env, missing=None)
    remediation = _remediation(rule, env, "unknown")
    text = None
    zh = getattr(rule, "zh", None)
    if zh is not None and i18n.current() == "zh":
        z = {**env, **(env_zh or {})}
        text = zh_text(render(_one_line(zh.title), z, missing=None), render(_one_line(zh.explanation), z, missing=None),
                       _remediation(rule, z, "unknown", zh.remediation))
    return title, explanation, remediation, text


def phrase(rule, name: str, env: dict, lang: str = "en") -> str:
    """One of the rule's `phrases`, filled in, in `lang` (the English text when it has no Chinese)."""
    p = rule.phrases[name]
    return render(_one_line(p.zh if lang == "zh" and p.zh is not None else p.text), env, missing=None)


def _fingerprint(finding: Finding, env: dict) -> str:
    # values are normalised (no timestamps, pids, hosts, paths): see diagnose/fingerprint.py
    return fingerprint(finding.rule.id, finding.rule.fingerprint, env)


def passes(finding: Finding, engine: str, version: str | None, env: dict) -> bool:
    """The rule's engine/version/phase scoping and its `when` keep this finding."""
    rule = finding.rule
    if engine != "unknown" and "any" not in rule.engines and engine not in rule.engines:
        return False
    if version and not version_ok(rule.versions, version):
        return False
    if rule.phases and finding.phase is not None and finding.phase not in rule.phases:
        return False
    if rule.when:
        try:
            if not evaluate(rule.when, env):
                return False
        except Missing:
            return False
    return True


def _builtin(rule: str, category: str, severity: str, phase: str | None, title: str, explanation: str,
             remediation: list[str], evidence: list[Evidence], key: str, confidence: str,
             zh: tuple[str, str, list[str]] | DiagnosisText | None = None) -> Diagnosis:
    """A diagnosis the code makes when no rule does (unknown-failure, stall-unknown, stopped-by-user);
    `zh`: its Chinese title, explanation and remediation (kept, as `i18n`, only under --lang zh)."""
    if isinstance(zh, tuple):
        zh = zh_text(*zh)
    return Diagnosis(rule=rule, category=category, severity=severity, role="cause", phase=phase, title=title,
                     explanation=explanation, remediation=remediation, evidence=evidence,
                     fingerprint=f"{rule}:" + hashlib.sha1(key.encode()).hexdigest()[:12], confidence=confidence,
                     i18n=zh if zh is not None and i18n.current() == "zh" else None)


def stopped(phase: str | None, signame: str) -> Diagnosis:
    """The start ends because the user stopped it (`llmdiag run` forwarded their SIGINT/SIGTERM/SIGHUP):
    not a hang, so none of the stall advice. Its texts: the rule stopped-by-user."""
    rule = coded_rule("stopped-by-user")
    env = {"phase": phase or "", "signame": signame}
    where, where_zh = (phrase(rule, "where-phase" if phase else "where-none", env, lang) for lang in ("en", "zh"))
    title, explanation, remediation, text = coded_texts(rule, {**env, "where": where}, {"where": where_zh})
    return _builtin(rule.id, rule.category, rule.severity, phase, title, explanation, remediation,
                    [], f"{phase}|{signame}", "confirmed", zh=text)


# how a signal that ended the server reads (rule server-exited): kind -> its signals
_EXIT_KINDS = {"oom": ("SIGKILL",), "bus": ("SIGBUS",), "stop": ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT")}
_EXIT_CATEGORY = {"oom": "host-oom-killed", "bus": "shm-exhausted", "stop": "terminated"}


def exit_signal(code: int) -> int | None:
    """The signal that ended a process from its exit status as `llmdiag run` gets it (Popen's -N),
    or as a shell reports its child's (128 + N); None for an exit code."""
    if code < 0:
        return -code
    return code - 128 if 128 < code <= 128 + 64 else None


def exited(phase: str | None, code: int, after_ready: bool = False) -> Diagnosis:
    """`llmdiag run`: the server's process ended on its own with `code` (a signal as -N) and no rule
    explains it. Its texts and category: the rule server-exited."""
    import signal

    rule = coded_rule("server-exited")
    signum = exit_signal(code)
    try:
        signame = signal.Signals(signum).name if signum is not None else ""
    except ValueError:
        signame = f"signal {signum}"
    kind = next((k for k, names in _EXIT_KINDS.items() if signame in names), "crash") if signum is not None \
        else "code" if code else "clean"
    how = "how-code" if signum is None else "how-signal" if code < 0 else "how-shell"
    where = "where-ready" if after_ready else "where-phase" if phase else "where-none"
    env = {"phase": phase or "", "code": code, "signum": signum or 0, "signame": signame, "kind": kind}
    parts = {name: [phrase(rule, pick, env, lang) for lang in ("en", "zh")]
             for name, pick in (("how", how), ("where", where), ("why", f"why-{kind}"))}
    title, explanation, remediation, text = coded_texts(
        rule, {**env, **{k: v[0] for k, v in parts.items()}}, {k: v[1] for k, v in parts.items()})
    return _builtin(rule.id, _EXIT_CATEGORY.get(kind, rule.category), "warning" if kind == "clean" else rule.severity,
                    "server" if after_ready else phase, title, explanation, remediation, [], f"{phase}|{code}",
                    "confirmed", zh=text)


def probe_failed(result: str, url: str, detail: str) -> Diagnosis:
    """`run --probe` / `watch --probe`: the server came up, but the probe found that it does not serve
    (stuck, refuses or down; docs/probe.md). An error in phase server, like a death after ready. Its
    texts: the rule probe-not-serving."""
    rule = coded_rule("probe-not-serving")
    env = {"result": result, "url": url, "detail": detail}
    picked = {name: [phrase(rule, f"{name}-{result}", env, lang) for lang in ("en", "zh")] for name in ("failure", "why")}
    title, explanation, remediation, text = coded_texts(
        rule, {**env, **{k: v[0] for k, v in picked.items()}}, {k: v[1] for k, v in picked.items()})
    return _builtin(rule.id, rule.category, rule.severity, rule.phase, title, explanation, remediation,
                    [], result, "confirmed", zh=text)


def build(findings: list[Finding], run: MatchRun, matcher: Matcher, tl: TimelineResult, engine: str,
          version: str | None, multi_source: bool = False, stopped_by: str | None = None,
          exit_code: int | None = None) -> list[Diagnosed]:
    """The diagnoses, most likely cause first (`stopped_by`: the signal a user stopped the server
    with in `llmdiag run`, which explains a start that ends without an error or a ready line;
    `exit_code`: how the server's process ended, where `llmdiag run` knows it, see exited)."""
    # `several_nodes` and `server_ready` (the engine's own readiness; SGLang's comes after its warm-up,
    # not at uvicorn's "Application startup complete") are for the rules, not report facts
    facts = {**tl.facts, "several_nodes": spans_nodes(tl), "server_ready": tl.ready_line is not None or tl.after_ready is not None}
    kept: list[tuple[Finding, dict]] = []
    base = base_env(facts, engine, version)
    # a line outside any traceback, in a log that reached no phase: the frames of the error that ended
    # the start say where its process was (an import that failed is config)
    ending_tb = getattr(_first_error(tl), "tb", None) if tl.last_phase is None and tl.outcome == "failed" else None
    # an excerpt that begins after the server came up (no ready line, no phase but the server's: it is known
    # to have come up only from a line or frame of it serving): a line it shows in no phase was the server's
    serving_excerpt = tl.ready_line is None and tl.after_ready is not None and all(s.name == "server" for s in tl.phases)
    for f in findings:
        if f.rule.id in run.disabled or matcher.unless_blocks(f, run):
            continue
        tb = f.evidence[-1].tb
        if tb is None and f.rule.phase is None:
            tb = ending_tb
        framed = f.frames = tl.tb_phase.get(tb) if tb is not None else None
        phase = framed_phase(framed, f.phase, engine_init_done(tl))
        if phase is None and serving_excerpt:
            phase = "server"
        if phase != f.phase:
            f.phase = phase
            f.frame_phase = True
        try:
            env = finding_env(f, facts, engine, version, base)
            ok = passes(f, engine, version, env)
        except Exception as exc:  # noqa: BLE001 - a rule whose expression fails must not stop the others
            _switch_off(f.rule.id, exc, run)
            continue
        if ok:
            kept.append((f, env))

    # one finding per evidence line (the line that completed the match): the most specific rule wins
    best: dict[tuple, tuple[Finding, dict]] = {}
    for f, env in kept:
        key = (f.evidence[-1].source, f.evidence[-1].n)
        cur = best.get(key)
        if cur is None or finding_rank(f) < finding_rank(cur[0]):
            best[key] = (f, env)
    # one cause per traceback block: rules that read the same failure differently (a profiling OOM on
    # a fractional GPU is also an OOM during compile) leave only the most specific reading
    per_tb: dict[tuple, tuple[Finding, dict]] = {}
    for key, (f, env) in list(best.items()):
        tb = f.evidence[-1].tb
        if tb is None or f.rule.role == "wrapper":
            continue
        cur = per_tb.get((f.evidence[-1].source, tb))
        if cur is None or finding_rank(f) < finding_rank(cur[0]):
            per_tb[(f.evidence[-1].source, tb)] = (f, env)
    keep = {id(fe[0]) for fe in per_tb.values()}
    best = {k: fe for k, fe in best.items()
            if fe[0].evidence[-1].tb is None or fe[0].rule.role == "wrapper" or id(fe[0]) in keep}
    survivors = sorted(best.values(), key=lambda fe: fe[0].seq)

    grouped: dict[str, Diagnosed] = {}
    keys: dict[str, tuple] = {}  # fingerprint -> place in the order
    zh = i18n.current() == "zh"
    for f, env in survivors:
        if f.rule.id in run.disabled:
            continue
        try:
            fp = _fingerprint(f, env)
            title, explanation, remediation = render_texts(f.rule, env, engine)
            text = render_zh(f.rule, env, engine) if zh else None
        except Exception as exc:  # noqa: BLE001 - as above: switch the rule off, keep the report
            _switch_off(f.rule.id, exc, run)
            continue
        g = grouped.get(fp)
        # (a signal's own reading is about the stop itself: its KeyboardInterrupt lies in the teardown too)
        teardown = f.rule.category != "terminated" and all(h.tb in tl.tb_teardown for h in f.evidence)
        if g is not None:
            g.entry.count += 1
            g.teardown = g.teardown and teardown
            seen = {(e.line, e.source) for e in g.entry.evidence}
            for h in f.evidence[:MAX_EVIDENCE]:
                source = h.source if multi_source else None
                if len(g.entry.evidence) < MAX_EVIDENCE and (h.n, source) not in seen:
                    g.add(h.n, h.raw, source, h.who)
            continue
        rule = f.rule
        g = grouped[fp] = Diagnosed(Diagnosis(
            rule=rule.id, category=rule.category, severity=rule.severity, role=rule.role,
            phase=f.phase or rule.phase, title=title, explanation=explanation, remediation=remediation,
            evidence=[], fingerprint=fp, references=rule.references,
            confidence="likely" if rule.tier == "family" else "confirmed", i18n=text,
        ), rule_phase=f.phase if f.frame_phase else f.frames if f.frames not in (None, "server") else rule.phase,
            framed=f.frame_phase, teardown=teardown)
        for h in f.evidence[:MAX_EVIDENCE]:
            g.add(h.n, h.raw, h.source if multi_source else None, h.who)
        # a reading of an error raised while a process shut down comes after the others of its severity
        # and role; a family reading after every specific one
        keys[fp] = (rule.role == "wrapper", _SEV[rule.severity], _ROLE[rule.role],
                    f.evidence[-1].tb in tl.tb_teardown, rule.tier == "family", -rule.priority, f.seq)
    diags = list(grouped.values())
    # matches beyond what the matcher keeps per rule are counted on the rule's first diagnosis
    for rule_id, total in run.per_rule.items():
        kept = sum(1 for f in findings if f.rule.id == rule_id)
        if total > kept:
            first = next((d for d in diags if d.entry.rule == rule_id), None)
            if first is not None:
                first.entry.count += total - kept

    # an error of a start that came up and stayed up is not fatal; one raised while a process shut down
    # (a worker's teardown after its parent went away, or after a clean stop) is what the stop caused,
    # not what caused it, and says so
    came_up = tl.outcome == "ready" and not tl.stopped_serving
    for d in diags:
        e = d.entry
        if e.severity == "error" and (came_up or d.teardown):
            prefix = "While shutting down: " if d.teardown else "Non-fatal: "
            e.severity = "warning"
            e.title = prefix + e.title
            if e.i18n is not None:
                e.i18n.title = i18n.tr_lang("zh", prefix) + e.i18n.title
            keys[e.fingerprint] = (keys[e.fingerprint][0], 1, *keys[e.fingerprint][2:])

    # a start that stopped in a phase is explained first by what was read in that phase; a warning about a
    # phase that finished (slow weights before a hang in compile) comes after it
    stuck_in = tl.last_phase if tl.outcome == "incomplete" else None
    diags.sort(key=lambda d: (keys[d.entry.fingerprint][0], bool(stuck_in) and d.entry.phase != stuck_in,
                              *keys[d.entry.fingerprint][1:]))
    _add_unknown(diags, tl, multi_source, stopped_by, exit_code)
    return diags


def platform_kind(platform) -> str | None:
    """'cpu' or 'gpu' from the `platform` fact (vLLM: `device_config=cpu`, `detected platform cuda`);
    None when the log does not say."""
    if not isinstance(platform, str) or not platform:
        return None
    return "cpu" if platform.lower() == "cpu" else "gpu"


def _remediation(rule, env: dict, engine: str, texts: list[str] | None = None) -> list[str]:
    """The remediation items this log keeps, filled in; `texts`: another language's text of each item
    (same order), rendered instead, with the English item's scoping."""
    remediation: list[str] = []
    seen: set[str] = set()
    kind = platform_kind(env.get("platform"))
    for i, item in enumerate(rule.remediation_items):
        if engine != "unknown" and "any" not in item.engines and engine not in item.engines:
            continue
        if kind and "any" not in item.platforms and kind not in item.platforms:
            continue
        try:
            if item.when and not evaluate(item.when, env):
                continue
            text = render(item.text, env, missing=None)
            if texts is not None:
                english, text = text, render(texts[i], env, missing=None)
            else:
                english = text
        except Missing:
            continue
        if english not in seen:
            seen.add(english)
            remediation.append(text)
    return remediation


def _switch_off(rule_id: str, exc: Exception, run: MatchRun) -> None:
    if rule_id not in run.disabled:
        run.disabled.add(rule_id)
        run.warnings.append(f"rule {rule_id}: switched off after an error: {type(exc).__name__}: {exc}")


def finding_rank(f: Finding) -> tuple:
    """Which reading of one line (or one traceback) wins: a specific rule always beats a family rule."""
    r = f.rule
    return (r.tier == "family", -r.priority, _ROLE[r.role], _SEV[r.severity])


def _explains_stop(causes: list, phase: str | None) -> bool:
    """Whether an error or warning read in the phase where the log stops (or in no phase) explains the stop."""
    return any(d.severity in ("error", "warning") and (not phase or d.phase in (phase, None)) for d in causes)


def _first_error(tl: TimelineResult):
    """The log's first exception that is not a wrapper's nor a Ctrl-C (None: there is none)."""
    return next((e for e in tl.exceptions if not e.wrapper and e.exc not in ("KeyboardInterrupt",)), None)


def _add_unknown(diags: list[Diagnosed], tl: TimelineResult, multi_source: bool, stopped_by: str | None = None,
                 exit_code: int | None = None) -> None:
    phase = tl.last_phase
    causes = [d.entry for d in diags if d.entry.role != "wrapper"]
    if (tl.outcome == "failed" or tl.stopped_serving) and not any(d.severity == "error" for d in causes):
        first = _first_error(tl)
        if exit_code and (exit_signal(exit_code) is not None or (
                first is None and not tl.fatal_lines and tl.tail_error is None)):
            # the process's own end explains it: a signal whatever the log printed, a failure code
            # where the log shows no error
            at = len([d for d in diags if d.entry.severity == "error" and d.entry.role != "wrapper"])
            diags.insert(at, Diagnosed(exited(phase, exit_code, tl.died_after_ready)))
            return
        framed = None  # the phase the first error's frames place it in, where they move it (see build)
        evidence = []
        env: dict = {"phase": phase or "", "found": "none", "line": 0, "text": ""}
        # the frames of the error's traceback, or with no exception line at all, of the traceback the
        # log is cut inside (an excerpt that stops before its exception line)
        tb = first.tb if first is not None else tl.cut_tb
        if tb is not None and not tl.stopped_serving:  # (as a rule's finding, see build)
            moved = framed_phase(tl.tb_phase.get(tb), phase, engine_init_done(tl))
            if moved != phase:
                phase = framed = moved
                env["phase"] = phase
        if first is not None:
            evidence.append(Evidence(line=first.n, text=first.text, source=first.source if multi_source else None))
            env.update(found="exception", line=first.n, text=cut(first.text.strip(), 300))
        elif tl.fatal_lines:
            n, src, _ = tl.fatal_lines[0]
            env.update(found="fatal", line=n)
            evidence.append(Evidence(line=n, text=f"(fatal line {n})", source=src if multi_source else None))
        elif tl.tail_error is not None:
            n, src, raw = tl.tail_error
            evidence.append(Evidence(line=n, text=raw, source=src if multi_source else None))
            env.update(found="tail", line=n, text=cut(raw.strip(), 300))
        rule = coded_rule("unknown-failure")
        failed = "failed-after-ready" if tl.stopped_serving else "failed-in-phase" if phase else "failed-no-phase"
        for name, lang in (("", "en"), ("_zh", "zh")):
            env["failed" + name] = phrase(rule, failed, env, lang)
            env["what" + name] = phrase(rule, "what-" + env["found"], env, lang)
        title, explanation, remediation, text = coded_texts(
            rule, env, {"failed": env.pop("failed_zh"), "what": env.pop("what_zh")})
        unknown = _builtin(rule.id, rule.category, rule.severity, phase, title, explanation, remediation,
                           evidence, f"{phase}|{first.exc if first else ''}", "likely", zh=text)
        at = len([d for d in diags if d.entry.severity == "error" and d.entry.role != "wrapper"])
        diags.insert(at, Diagnosed(unknown, [None] * len(evidence), rule_phase=framed, framed=framed is not None))
    elif tl.outcome == "incomplete" and stopped_by and not _explains_stop(causes, phase):
        diags.insert(0, Diagnosed(stopped(phase, stopped_by)))
    elif tl.outcome == "incomplete" and exit_code == 0 and not _explains_stop(causes, phase):
        diags.insert(0, Diagnosed(exited(phase, 0)))
    elif tl.outcome == "incomplete" and not _explains_stop(causes, phase):
        rule = coded_rule("stall-unknown")
        category = _stall_category(phase, tl)
        stall_phase = ("nccl-done" if _rendezvous_done(phase, tl)
                       else phase if phase and f"meaning-{phase}" in rule.phrases else "none")
        env = {"phase": phase or "", "stall_phase": stall_phase, "dist_init_addr": tl.facts.get("dist_init_addr") or ""}
        meaning, meaning_zh = (phrase(rule, f"meaning-{stall_phase}", env, lang) for lang in ("en", "zh"))
        # a note of the same phase that names a cause (a checkpoint on network storage) explains the stall
        hint = next((d for d in causes if d.severity == "info" and d.role == "cause" and d.phase == phase
                     and phase and d.category != "unknown"), None)
        if hint:
            category = hint.category
            meaning = phrase(rule, "meaning-note", {"note": hint.title})
            meaning_zh = phrase(rule, "meaning-note", {"note": (hint.i18n or hint).title}, "zh")
        if phase == "server" and tl.awaiting_app:  # uvicorn still waits for the app's startup
            category = "unknown"
            meaning, meaning_zh = (phrase(rule, "meaning-app-startup", {}, lang) for lang in ("en", "zh"))
        elif phase == "server" and tl.facts.get("listen_url"):  # listening is not ready: SGLang's warm-up decides
            category = STALL_CATEGORY["warmup"]
            meaning, meaning_zh = (phrase(rule, "meaning-listening", {"listen_url": tl.facts["listen_url"]}, lang)
                                   for lang in ("en", "zh"))
        title, explanation, remediation, text = coded_texts(rule, {**env, "meaning": meaning}, {"meaning": meaning_zh})
        diags.insert(0, Diagnosed(_builtin(
            rule.id, category, rule.severity, phase, title, explanation, remediation, [], str(phase), "likely",
            zh=text)))


def stall_advice(phase: str | None, lang: str = "en") -> tuple[str, list[str]] | None:
    """(what a stall in `phase` usually means, what to run to find out), in `lang`, from the rule
    stall-unknown (its phrase meaning-PHASE and its remediation items for that phase); None for a
    phase it has no advice for."""
    rule = coded_rule("stall-unknown")
    if not phase or f"meaning-{phase}" not in rule.phrases:
        return None
    env = {"phase": phase, "stall_phase": phase}
    zh = rule.zh.remediation if lang == "zh" and getattr(rule, "zh", None) is not None else None
    return phrase(rule, f"meaning-{phase}", env, lang), _remediation(rule, env, "unknown", zh)
