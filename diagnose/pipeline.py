"""One streaming pipeline for every front door: lines -> markers -> timeline + rule matcher ->
diagnoses -> report. `explain` feeds a whole input; `watch` feeds lines as they arrive."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from diagnose import diagnosis, distributed, i18n
from diagnose.engines import PHASE_INDEX, PROCESS_FIRST, START_BANNERS, EngineGuess, MarkerScanner, is_dev_version
from diagnose.lines import (InputSpec, Line, LineParser, LineSplitter, clock_datetime, expand_inputs, expands,
                            iter_specs, line_records, open_input, read_blocks)
from diagnose.matcher import Finding, Matcher
from diagnose.report import Report
from diagnose.ruledata import RuleData as Rule
from diagnose.rulepack import load_pack, select
from diagnose.timeline import BOTH_WAYS, Timeline, decide_outcome

_SCANNER: MarkerScanner | None = None
_EARLIER_KEPT = 3  # earlier starts described in the report (the rest are counted)
_PRE_START_LINES = 20  # how far before its banner a new process's first line may be


def scanner() -> MarkerScanner:
    global _SCANNER  # compiled once per process; immutable after construction
    if _SCANNER is None:
        _SCANNER = MarkerScanner()
    return _SCANNER


@dataclass
class Step:
    """What one line changed (for live views)."""

    entered: str | None = None  # phase entered on this line
    findings: list[Finding] = field(default_factory=list)  # rule matches completed on this line
    ready: bool = False  # the server came up on this line
    heartbeat: bool = False  # a periodic line that is not progress (e.g. "Waiting for ... placement group")
    fatal: bool = False  # a fatal or wrapper line (the start is failing)
    events: list = field(default_factory=list)  # the line's marker events (facts such as the listen address)


def heartbeat(events) -> bool:
    """Whether a line with these marker events is a heartbeat: a periodic line that is not progress."""
    return any(ev.marker.role == "heartbeat" for ev in events)


class Analyzer:
    def __init__(self, rules: list[Rule], warnings: list[str] | None = None):
        self.scanner = scanner()
        self.matcher = Matcher(rules)
        self.run = self.matcher.new_run()
        self.timeline = Timeline()
        self.guess = EngineGuess()
        self.sources: list[str] = []
        self.warnings = list(warnings or [])
        self.last: tuple[int, str, str] | None = None
        self.last_who: tuple | None = None
        self.split_starts = False  # one input read whole (explain): a restart begins a new report
        self.earlier: list[dict] = []  # the last starts before the one being read (see _new_start)
        self.starts = 1  # starts seen in the input
        self._first_line = 1  # where the start being read begins
        self.finished: dict | None = None  # the report fields of the last start that ended (see _new_start)
        self.finished_clocks: dict | None = None  # and its clocks (Analyzer.clocks)
        self._banner = False  # the start being read printed its banner
        self._pre_start: Line | None = None  # a new process's first line after the start ended (see _new_start)
        self.stopped_by: str | None = None  # `run`: the signal the user stopped the server with (SIGINT, ...)
        self.exit_code: int | None = None  # `run`: how the server ended (-N: signal N), see Timeline.finish

    @property
    def engine(self) -> str:
        return self.guess.engine

    def feed(self, line: Line, known: tuple[str, dict] | None = None) -> Step:
        """Everything a line changes, and what changed (for live views). `known`: see `_advance`."""
        was_ready = self.timeline.ready_seq is not None
        events, entered, new = self._advance(line, known)
        roles = {ev.marker.role for ev in events}
        return Step(entered, new, not was_ready and self.timeline.ready_seq is not None,
                    heartbeat(events), bool(roles & {"wrapper", "fatal"}), events)

    def _advance(self, line: Line, known: tuple[str, dict] | None = None):
        """Everything a line changes (feed without the Step): (events, phase entered, findings).
        `known`: rule leaf hits already found on its text (see Matcher.feed)."""
        if line.source not in self.sources:
            self.sources.append(line.source)
        events = self.scanner.scan(line)
        if self.split_starts and events:
            tl = self.timeline
            ended = self._banner and (tl.ready_seq is not None or tl.fatal_count or tl.shutdown_seq is not None)
            if any(ev.marker.id in START_BANNERS for ev in events):
                if ended:
                    self._new_start(line)
                self._banner = True
            elif ended and any(ev.marker.id in PROCESS_FIRST for ev in events):
                self._pre_start = line  # a new process's first words: the start a banner may confirm
        self.guess.feed(line, events)
        entered = self.timeline.feed(line, events, self.guess.engine)
        tl = self.timeline
        new = self.matcher.feed(line, tl.seq, tl.tb_of_line, tl.phase, self.guess.engine, self.run,
                                tl.dist.last_key, known)
        if line.text.strip():
            self.last = (line.n, line.source, line.raw)
            self.last_who = tl.dist.last_key
        return events, entered, new

    def quiet(self, q, parser: LineParser) -> None:
        """What `_advance` changes for a quiet line (see diagnose.fastpath), without a Line."""
        clock = q.clock
        if clock is not None:
            clock = parser.clock_at(clock, q.year)
        self.guess.vote(q.kind, q.votes, q.hint)
        tl = self.timeline
        tl.quiet(q.n, q.source, clock, q.year, q.text, q.moving, q.behind, (q.n, q.source, q.raw) if q.loud else None)
        tl.dist.quiet(q.proc, q.node, q.n, q.ray, q.kind == "nccl", q.nodes_seen, q.progress + q.behind)
        if q.nonblank:
            self.last = (q.n, q.source, q.raw)
            self.last_who = q.proc.key

    def feed_quiet(self, q, parser: LineParser) -> Step:
        """`quiet`, and what changed for live views (a quiet line enters no phase, completes no rule,
        is not ready and not fatal)."""
        self.quiet(q, parser)
        events = q.events or ()
        return Step(heartbeat=heartbeat(events), events=list(events))

    def quiet_run(self, r, parser: LineParser) -> None:
        """`quiet` of each line of a run (see diagnose.fastpath.QuietLines.run)."""
        clock = r.clock
        if clock is not None:
            clock = parser.clock_at(clock)
        for kind, k in r.kinds:
            self.guess.count(kind, k)
        if r.hints:
            self.guess.hinted(r.hints)
        if r.votes:
            self.guess.vote(None, r.votes, None)
        tl = self.timeline
        tl.quiet_run(r.last, r.k, r.source, clock, r.texts, r.behind, r.moving,
                     loud=(r.loud[0], r.source, r.loud[1]) if r.loud is not None else None)
        tl.dist.quiet_run(r.procs, r.last_key)
        self.last = (r.last, r.source, r.last_raw)
        self.last_who = r.last_key

    def _new_start(self, line: Line) -> None:
        """The server started again on this line (its banner): keep what the finished start came to
        (outcome and leading diagnosis), then read on with a fresh timeline, matcher run and engine
        vote. When the new process announced itself just before its banner (vLLM's `Automatically
        detected platform` line), the new start begins at that line, which is read again into it."""
        pre, self._pre_start = self._pre_start, None
        if pre is not None and (pre.source != line.source or not 0 < line.n - pre.n <= _PRE_START_LINES):
            pre = None
        first = pre.n if pre is not None else line.n
        done = self._report_fields()
        self.finished = done
        self.finished_clocks = self.clocks()
        top = next((d for d in done["diagnoses"] if d.role != "wrapper"), None)
        last = min(self.last[0], first - 1) if self.last is not None else first - 1
        self.earlier.append({"first_line": self._first_line, "last_line": max(self._first_line, last),
                             "outcome": done["outcome"], "title": top.title if top is not None else None,
                             "title_zh": (top.i18n or top).title if top is not None else None})
        del self.earlier[:-_EARLIER_KEPT]
        self.starts += 1
        run = self.matcher.new_run()
        run.warnings, run.disabled = self.run.warnings, self.run.disabled  # a rule switched off stays off
        self.run = run
        self.timeline = Timeline()
        self.guess = EngineGuess()
        self.last = self.last_who = None
        self._first_line = first
        if pre is not None:
            self._advance(pre)  # the fresh start has not ended: this cannot begin another one

    @property
    def start_line(self) -> int:
        """The first line of the start being read."""
        return self._first_line

    def feed_inputs(self, paths: list[str], quiet: bool = True, progress: Callable[[int], None] | None = None) -> None:
        """Every record of the inputs. One input (a file, a .gz file or stdin) takes the quiet-line
        path of `diagnose.fastpath` (`quiet=False` turns it off; the reports are the same either way).
        `progress` is told now and then how many bytes of that one input (of a .gz file: of its
        compressed bytes) are read (see diagnose.progress)."""
        self.feed_specs(expand_inputs(paths), quiet, progress)

    def feed_specs(self, specs: list[InputSpec], quiet: bool = True,
                   progress: Callable[[int], None] | None = None) -> None:
        """`feed_inputs` of inputs already expanded (see diagnose.lines.expand_inputs): several are
        merged by time as one start."""
        self.split_starts = len(specs) == 1
        self.matcher.report_new = False  # nothing here reads the findings each line completes
        try:
            if not quiet or len(specs) != 1:
                self.feed_all(iter_specs(specs))
                return
            sp = specs[0]
            stream, name = open_input(sp.path)
            if sp.path == "-":  # stdin (`kubectl logs POD | llmdiag explain -`): left open
                self._feed_stream(stream, LineParser(name))
                return
            try:
                self._feed_stream(stream, LineParser(sp.name, sp.node, sp.proc, sp.pid), progress)
            finally:
                stream.close()
        finally:
            self.matcher.report_new = True

    def _feed_stream(self, stream, parser: LineParser, progress: Callable[[int], None] | None = None) -> None:
        from diagnose.fastpath import QuietLine, QuietLines, QuietRun

        classifier = QuietLines(self, parser)
        classify = classifier.classify if classifier.enabled else None
        parse = parser.parse
        advance = self._advance
        quiet = self.quiet

        def take(records) -> None:
            for n, text, redraws in records:
                got = classify(n, text) if classify is not None and not redraws else None
                if got.__class__ is QuietLine:
                    quiet(got, parser)
                else:  # None, or the rule leaf hits the classifier found
                    advance(parse(n, text, redraws), got)

        def take_line(n: int, raw: str) -> None:
            if expands(raw):
                take(line_records(n, raw))
                return
            got = classify(n, raw)
            if got.__class__ is QuietLine:
                quiet(got, parser)
            else:
                advance(parse(n, raw), got)

        def take_block(n0: int, text: str) -> None:
            for piece in classifier.pieces(n0, text):
                if len(piece) == 2:
                    take_line(*piece)
                    continue
                r = classifier.run(*piece)
                if r.__class__ is QuietRun:
                    quiet_run(r, parser)
                    continue
                for got in classifier.refused(*piece, r):
                    if got.__class__ is QuietRun:
                        quiet_run(got, parser)
                    else:
                        take_line(*got)

        quiet_run = self.quiet_run
        where = (getattr(stream, "fileobj", None) or stream).tell if progress is not None else None
        split = LineSplitter()
        k = 0
        for data in read_blocks(stream, parser.source):
            if where is not None:
                k += 1
                if k % 16 == 0:  # every MB
                    try:
                        progress(where())
                    except (OSError, ValueError):  # not seekable after all: no progress
                        where = None
            if classify is None:
                take(split.feed(data))
                continue
            n0, text, records = split.feed_block(data)
            if text is None:
                take(records)
            else:
                take_block(n0, text)
        take(split.close())

    def feed_all(self, lines: Iterable[Line]) -> None:
        advance = self._advance
        for line in lines:
            advance(line)

    def report(self) -> Report:
        return Report(**self._report_fields())

    def clocks(self) -> dict:
        """The log's clock, which the report gives only as ISO text and only when the log tells the
        year: per phase (start_clock, end_clock, year), in the order of the report's phases (events, traces)."""
        tl = self.timeline
        return {"phases": [(s.start_clock, s.end_clock, s.start_year) for s in tl.phases], "year": tl.year,
                "last_clock": tl.last_clock}

    def _report_fields(self) -> dict:
        """The report's fields as the pipeline's own plain values."""
        tl = self.timeline.finish(self.exit_code)
        engine = self.guess.engine
        facts = tl.facts
        version = facts.get("engine_version") if engine in ("vllm", "unknown") else None
        if engine == "sglang":
            version = facts.get("sglang_version")
        if engine == "vllm" and not version:
            version = facts.get("image_vllm_version")
        if version:
            facts["engine_version"] = version
        if engine == "vllm" and is_dev_version(version):
            facts["dev_build"] = True
        facts["python_errors"] = sum(1 for e in tl.exceptions if not e.wrapper and e.exc not in
                                     ("KeyboardInterrupt", "CancelledError", "SystemExit"))
        multi = len(self.sources) > 1
        diags = diagnosis.build(self.run.findings, self.run, self.matcher, tl, engine, version, multi, self.stopped_by,
                                self.exit_code)
        if diags and self.last and (diags[0].entry.rule == "server-exited" or (
                tl.outcome == "incomplete" and diags[0].entry.rule in ("stall-unknown", "stopped-by-user"))):
            n, src, raw = self.last
            diags[0].entry.evidence, diags[0].who = [], []
            diags[0].add(n, raw, src if multi else None, self.last_who)
        dist = self.timeline.dist
        diags = distributed.merge(diags, dist.diagnoses(tl.outcome, engine, multi), dist, multi,
                                  tl.last_phase if tl.outcome == "incomplete" else None)
        ranks, nodes, nccl = dist.views(tl.outcome)
        top_error = next((d for d in diags if d.entry.role != "wrapper" and d.entry.severity == "error"), None)
        outcome = decide_outcome(tl.outcome == "ready", tl.outcome == "failed", top_error is not None, self.exit_code)
        if tl.outcome == "incomplete" and top_error is not None and tl.phases:
            # a rule recognised a fatal error line (an excerpt may lack the wrappers that follow it)
            tl.phases[-1].status = "failed"
        last_phase = tl.last_phase
        top = top_error or next((d for d in diags if d.entry.role != "wrapper"), None)
        rule_phase = top.rule_phase if top is not None and outcome != "ready" else None
        seen = {p.name for p in tl.phases}
        # a phase vLLM V1 passes twice (BOTH_WAYS): frames of its second pass (compile's warm-up and
        # capture after the KV cache) are a phase the log's markers have not reached again
        again = top is not None and top.framed and (rule_phase, last_phase) in BOTH_WAYS
        if rule_phase and (rule_phase not in seen or again) and (
            last_phase is None or PHASE_INDEX[rule_phase] > PHASE_INDEX[last_phase]
            or (last_phase, rule_phase) in BOTH_WAYS
        ):
            # the failure belongs to a phase whose markers the log does not show (yet)
            last_phase = rule_phase
        elif top is not None and top.framed and (rule_phase, last_phase) in diagnosis.FRAMES_PULL_BACK:
            # the failure's frames show the earlier step that runs inside this phase's process
            last_phase = rule_phase
            for span in tl.phases:
                if span.status == "failed" or (span.name == rule_phase and outcome == "failed"):
                    span.status = "failed" if span.name == rule_phase else "done"
            # a phase entered only by the error itself (Timeline's implied next phase) was not reached
            for i in range(len(tl.phases) - 1, 0, -1):
                span = tl.phases[i]
                if span.implied and tl.phases[i - 1].name == rule_phase:
                    tl.phases[i - 1].last_line = max(tl.phases[i - 1].last_line, span.last_line)
                    del tl.phases[i]
        phases = []
        for span in tl.phases:
            started = None
            year = span.start_year or tl.year
            if span.start_clock is not None and year:
                dt = clock_datetime(span.start_clock, year)
                started = dt.isoformat() if dt is not None else None
            phases.append({
                "name": span.name, "status": span.status, "first_line": span.first_line,
                "last_line": span.last_line, "started_at": started, "duration_s": span.duration_s,
                **({"source": span.source} if multi else {}),
            })
        warnings = self.warnings + self.run.warnings + dist.warnings()
        warnings_zh = None  # the warnings in Chinese, where one has a Chinese text (the report's i18n)
        if self.starts > 1:
            facts["starts"] = self.starts
            facts["start_line"] = self._first_line
            before = "; ".join(
                f"lines {e['first_line']}-{e['last_line']} {e['outcome']}" + (f" ({e['title']})" if e["title"] else "")
                for e in self.earlier)
            warnings.append(f"The server started {self.starts} times in this log; this report covers the last "
                            f"start, from line {self._first_line}. Before it"
                            f"{' (the last ' + str(len(self.earlier)) + ')' if self.starts - 1 > len(self.earlier) else ''}: {before}.")
            if i18n.current() == "zh":  # the same numbers, in Chinese (read by a person; JSON keeps English)
                before = "；".join(
                    f"第 {e['first_line']}-{e['last_line']} 行 {e['outcome']}" + (f"（{e['title_zh']}）" if e["title_zh"] else "")
                    for e in self.earlier)
                last_n = f"（最后 {len(self.earlier)} 次）" if self.starts - 1 > len(self.earlier) else ""
                warnings_zh = warnings[:-1] + [
                    f"服务在这份日志中启动了 {self.starts} 次；本报告只覆盖从第 {self._first_line} 行开始的"
                    f"最后一次启动。之前的启动{last_n}：{before}。"]
        public_facts = {k: v for k, v in facts.items() if isinstance(v, (int, float, str, bool))}
        return dict(
            engine=engine,
            engine_version=version,
            outcome=outcome,
            after_ready=tl.after_ready if outcome == "ready" else None,
            last_phase=last_phase,
            phases=phases,
            diagnoses=[d.entry for d in diags],
            model=facts.get("model") if isinstance(facts.get("model"), str) else None,
            facts=public_facts,
            inputs=list(self.sources),
            lines=tl.n_lines,
            warnings=warnings,
            **({"i18n": {"lang": "zh", "warnings": warnings_zh}} if warnings_zh is not None else {}),
            ranks=ranks,
            nodes=nodes,
            nccl=nccl,
        )


def load_rules(rule_dirs: list[str] | None = None, only: list[str] | None = None,
               skip: list[str] | None = None) -> tuple[list[Rule], list[str]]:
    pack = load_pack(rule_dirs)
    return select(pack, only, skip), pack.errors


def analyze(paths: list[str], rules: list[Rule] | None = None, warnings: list[str] | None = None,
            progress: Callable[[int], None] | None = None) -> Report:
    if rules is None:
        rules, errors = load_rules()
        warnings = (warnings or []) + errors
    analyzer = Analyzer(rules, warnings)
    analyzer.feed_inputs(paths, progress=progress)
    return analyzer.report()


@dataclass
class Start:
    """One start among the inputs of `explain`: its files, why they were put together, its report."""

    inputs: list[str]  # the names the report uses
    paths: list[str]  # the files as found (for annotations that point into them)
    why: str
    report: Report
    clocks: dict | None = None  # the log's clock per phase (Analyzer.clocks), for events and traces


def analyze_starts(paths: list[str], rules: list[Rule] | None = None, warnings: list[str] | None = None,
                   progress: Callable[[int], None] | None = None, mode: str = "auto") -> list[Start]:
    """`analyze` per start: the input files are grouped into starts (see diagnose.starts; `mode`
    auto, merge or separate) and each start gets its own report."""
    from diagnose.starts import group

    if rules is None:
        rules, errors = load_rules()
        warnings = (warnings or []) + errors
    specs = expand_inputs(paths)
    out = []
    for g in group(specs, mode):
        members = g.specs
        if len(members) == 1 and len(specs) > 1:  # read alone: as `explain FILE` reads it
            sp = members[0]
            members = [InputSpec(sp.path, sp.name, None, sp.proc, sp.pid)]
        analyzer = Analyzer(rules, warnings)
        analyzer.feed_specs(members, progress=progress if len(specs) == 1 else None)
        out.append(Start([sp.name for sp in members], [sp.path for sp in members], g.why, analyzer.report(),
                         analyzer.clocks()))
    return out


def analyze_text(text: str, rules: list[Rule] | None = None) -> Report:
    from diagnose.lines import lines_from_text

    if rules is None:
        rules, _ = load_rules()
    analyzer = Analyzer(rules)
    analyzer.split_starts = True
    analyzer.feed_all(lines_from_text(text))
    return analyzer.report()
