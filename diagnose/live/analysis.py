"""The live analysis: raw bytes in, phase / progress / stall / diagnosis events out to a view.

It feeds the ordinary pipeline (Analyzer) line by line, so live and post-mortem agree. What it
adds: wall-clock phase times, shard progress read from unfinished `\\r` progress bars, stall clocks,
live confirmation of diagnoses (each fingerprint reported once), and bounded memory for servers
that run for weeks (after the server is up, only lines that may carry a fatal error are analysed,
and the per-run lists are trimmed).
"""

from __future__ import annotations

import re
import time
from typing import Callable

from diagnose.fastpath import QuietLine, QuietRun
from diagnose.lines import LineParser, LineSplitter, decode, expands, line_records
from diagnose.live import stall as stalls
from diagnose.live.views import View, fmt_dur, stall_lines
from diagnose.pipeline import Analyzer, heartbeat, scanner
from diagnose.report import Diagnosis, Report, stopped_serving

TICK_S = 0.25
CONFIRM_LINES = 30  # a finding is confirmed this many lines later ...
CONFIRM_IDLE_S = 0.5  # ... or after this long without input (the traceback has ended)
CONFIRM_EVERY_S = 1.0  # at most one report built in this time while the input flows
UNKNOWN_IDLE_S = 2.0  # "no known rule explains it" waits longer: a rule may still complete
POST_READY_CONTEXT = 100  # lines analysed after a suspicious line once the server is up
MAX_REPORTED = 10_000
MAX_FINDINGS = 4_000
MAX_FATAL = 2_000
TRIM_EVERY = 5_000  # analysed lines between two trims once the server is up

# Once the server is up, a line is analysed only if it may report a failure (cheap bytes search).
_SUSPICIOUS = re.compile(
    rb"rror|ERROR|xception|Traceback|raceback|Killed|killed|Segmentation|Bus error|CUDA|NCCL|out of memory|OOM|"
    rb"died|dead|Dead|DEAD|bort|core dumped|erminat|FATAL|atal|CRITICAL|xit|hutdown|hutting down|SIG[A-Z]|"
    rb"Startup|startup|fired up|Uvicorn running|not respond|timed out|Timeout|timeout"
)


def bar_seconds(value) -> float | None:
    """A progress bar's elapsed time ('00:07', '1:02:03') in seconds; None if it is not one."""
    if not isinstance(value, str):
        return None
    secs = 0.0
    try:
        for part in value.split(":"):
            secs = secs * 60 + int(part)
    except ValueError:
        return None
    return secs


class ShardProgress:
    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        self.started: float | None = None
        self.updated: float | None = None
        self.slowest: float | None = None
        self.elapsed: float | None = None  # the bar's own elapsed time at the last shard done (the log's clock)

    def update(self, done: int, total: int, now: float, elapsed: float | None = None) -> None:
        """`now`: the wall clock (stall budgets); `elapsed`: the bar's own time, for the rate shown."""
        if total != self.total or done < self.done:  # a new bar (another model, another rank)
            self.total, self.done = total, done
            self.started = self.updated = now
            self.elapsed = elapsed
            return
        if done > self.done:
            gap = now - (self.updated or now)
            self.slowest = max(self.slowest or 0.0, gap / (done - self.done))
            self.done = done
            self.updated = now
            self.elapsed = elapsed

    def snapshot(self, now: float, size_gib: float | None) -> dict | None:
        """Rate, GB/s and ETA from the bar's own elapsed time where it shows one (a replayed or
        delayed log keeps its real figures), else from the wall clock since the bar began."""
        if not self.total:
            return None
        out: dict = {"done": self.done, "total": self.total}
        elapsed = self.elapsed if self.elapsed is not None else now - (self.started or now)
        if self.done and elapsed > 0:
            rate = self.done / elapsed
            out["rate"] = rate
            out["eta_s"] = (self.total - self.done) / rate
            if size_gib:
                out["gbps"] = size_gib * 1.073741824 * self.done / self.total / elapsed
        return out


class LiveAnalysis:
    def __init__(self, rules, warnings: list[str] | None, view: View, overrides: dict[str, float] | None = None,
                 source: str = "<stdin>", clock: Callable[[], float] = time.monotonic,
                 on_ready: Callable[[], None] | None = None, node: str | None = None,
                 probe: dict | None = None, on_probe: Callable[[str], None] | None = None, events=None,
                 quiet: bool = True):
        self.analyzer = Analyzer(rules, warnings)
        self.analyzer.split_starts = True  # a restarted server (`docker logs -f` of a crash loop): one start at a time
        self.starts_seen = 1
        self.view = view
        self.overrides = dict(overrides or {})
        self.clock = clock
        self.on_ready = on_ready
        self.parser = LineParser(source, node=node)
        self.bar_parser = LineParser(source, node=node)
        # the quiet-line classifier of explain (diagnose.fastpath): a line it finds quiet is applied
        # without parsing and matching it; `quiet=False` reads every line the full way
        self.classify = self.quiet_lines = None
        if quiet:
            from diagnose.fastpath import QuietLines

            classifier = QuietLines(self.analyzer, self.parser, live=True)
            if classifier.enabled:
                self.quiet_lines, self.classify = classifier, classifier.classify
        now = clock()
        self.started = now
        self.split = LineSplitter()
        self.partial_len_seen = 0
        self.partial_n = 0  # `n` when partial_len_seen was taken
        self.last_byte = b"\n"
        self.last_input = now
        self.enabled = True
        self.view_ok = True
        self.diag_ok = True
        # phases on the wall clock
        self.phase: str | None = None
        self.phase_started = now
        self.done: list[tuple[str, float | None]] = []
        self.head_shown = False
        self.ready = False
        self.ready_s: float | None = None
        self.failed = False
        # progress and stalls
        self.last_progress = now
        self.last_text = ""
        self.stall: tuple[str | None, float] | None = None  # (phase, since) while stalled
        self.stall_spans: set[tuple[int, str | None]] = set()
        self.shards = ShardProgress()
        # diagnoses
        self.reported: set[str] = set()
        self.shown: list[tuple[str, str]] = []
        self.pending_since: float | None = None
        self.pending_lines = 0
        self.last_confirm = float("-inf")  # when the last report was built (_confirm)
        self.fatal_seen = 0
        self.warnings_seen = len(self.analyzer.run.warnings)
        self.post_ready_left = 0
        self.since_trim = 0
        self.dropped = 0
        self.child_exit: int | None = None
        self.last_tick = now
        # --probe: once ready, one request to the server (probing.py); its result goes into the report
        from diagnose.probe.fromlog import AddressFinder

        self.address = AddressFinder()
        self.probe_cfg = probe
        self.on_probe = on_probe
        self.prober = None
        self.probe_res = None
        self.events = events  # diagnose.events.LiveEvents (--events, --otel), or None

    def _event(self, kind: str, **fields) -> None:
        """Tell the events (--events, --otel) what just happened; a failure there never stops the analysis."""
        if self.events is None:
            return
        try:
            self.events.emit(self, kind, **fields)
        except Exception as exc:  # noqa: BLE001
            self.events = None
            self.note(f"internal error in the events ({type(exc).__name__}: {exc}); events are switched off")

    # -- bytes -> lines -------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Lines of input so far (analysed or only counted)."""
        return self.split.n

    @property
    def partial(self) -> bytes:
        return self.split.partial

    def feed_data(self, data: bytes, gap_bytes: int = 0, gap_newlines: int = 0) -> None:
        now = self.clock()
        self.last_input = now
        if data:
            self.last_byte = data[-1:]
        if gap_bytes:
            self._gap(gap_bytes, gap_newlines)
        if not self.enabled:
            self.split.count(data)
            return
        if self.quiet_lines is not None and self._skip_quiet() is None:
            # before the server is up: the block's whole lines at once (as explain reads them)
            try:
                n0, text, records = self.split.feed_block(data)
            except Exception as exc:  # noqa: BLE001
                self.disable("the line splitter", exc)
                return
            if text is not None:
                self._take_block(n0, text, now)
            for rec in records:
                if self.enabled:
                    self._record(rec, now)
            if self.enabled:
                self._partial_progress(now)
            return
        records = self.split.follow(data, self._skip_quiet)
        while True:
            try:
                rec = next(records, None)
            except Exception as exc:  # noqa: BLE001
                self.disable("the line splitter", exc)
                return
            if rec is None:
                break
            if self.enabled:  # (once switched off, the lines are only counted)
                self._record(rec, now)
        if self.enabled:
            self._partial_progress(now)

    def _take_block(self, n0: int, text: str, now: float) -> None:
        """The whole lines of a block (`text`, the first one numbered n0 + 1), as `_record` takes them
        one by one: a run of quiet lines (fastpath.QuietLines.pieces / run / refused, as explain takes
        them) is applied at once where it fits (_run_fits); once the server is up, a line outside the
        context of a suspicious one is taken as `follow` takes it (counted unread when nothing in it
        is suspicious)."""
        quiet = self.quiet_lines
        try:
            pieces = list(quiet.pieces(n0, text))
        except Exception as exc:  # noqa: BLE001
            self.disable("the line splitter", exc)
            return
        for piece in pieces:
            if not self.enabled:
                return
            if len(piece) == 2:
                self._take_line(*piece, now)
                continue
            first, last, run_text, _ = piece
            try:
                r = quiet.run(*piece) if self._run_fits(last - first + 1, now) else None  # (None: lines alone)
                for got in (r,) if r.__class__ is QuietRun else quiet.refused(*piece, r):  # (a generator)
                    if not self.enabled:
                        return
                    if got.__class__ is not QuietRun:
                        self._take_line(*got, now)
                        continue
                    part = run_text if got is r else \
                        "\n".join(run_text.split("\n")[got.first - first:got.last - first + 1])
                    if self._run_fits(got.k, now):
                        self.analyzer.quiet_run(got, self.parser)
                        self._after_run(got, part, now)
                    else:
                        for n, raw in enumerate(part.split("\n"), got.first):
                            self._take_line(n, raw, now)
            except Exception as exc:  # noqa: BLE001 - as a line of _record would
                self.disable("the log parser", exc, first)
                return

    def _take_line(self, n: int, raw: str, now: float) -> None:
        """A whole line of a block, as `_record` takes it (see _take_block)."""
        if not self.enabled:
            return
        pattern = self._skip_quiet()
        if pattern is not None and pattern.search(raw.encode()) is None:
            return  # counted (by the splitter), not read: as `follow` skips once the server is up
        for rec in line_records(n, raw) if expands(raw) else ((n, raw, 0),):
            if self.enabled:
                self._record(rec, now)

    def _run_fits(self, k: int, now: float) -> bool:
        """Whether k quiet lines can be taken at once: no confirmation falls among them and, once the
        server is up, each is still in the context analysed after a suspicious line and no trim is due."""
        if self._confirmable(now, k):
            return False
        return not self.ready or (self.post_ready_left >= k and self.since_trim + k < TRIM_EVERY)

    def _after_run(self, r: QuietRun, text: str, now: float) -> None:
        """`_after` of each line of a QuietRun `r` whose lines are `text`: no phase entered, no
        finding, and what _run_fits asks (see _take_block)."""
        k = r.k
        beats = set()
        for n, events in r.events:
            self.address.feed(n, events)
            if heartbeat(events):
                beats.add(n - r.first)
        message = self.quiet_lines.run_text
        before = self.last_text
        at = 0
        for i in range(k):  # (a run's messages are not blank; read up to the first progress)
            end = text.find("\n", at)
            t = message(text[at:end] if end >= 0 else text[at:])
            if t != before and i not in beats:
                self._progress(now)
                break
            before = t
            at = end + 1
        self.last_text = message(r.last_raw)
        if self.pending_since is not None:
            self.pending_lines += k
        if self.ready:
            self.post_ready_left -= k
            self.since_trim += k

    def _skip_quiet(self):
        """The server is up: whole lines before the next suspicious one are counted, not analysed."""
        return _SUSPICIOUS if self.ready and not self.post_ready_left else None

    def _gap(self, gap_bytes: int, gap_newlines: int) -> None:
        if not self.dropped:
            self.note(f"the analysis fell behind the input and skipped {gap_bytes} bytes; the passthrough "
                       "is complete, only the live analysis misses them (said once)")
        self.dropped += gap_bytes
        self.split.gap(gap_newlines)  # the line cut by the gap is counted when its newline arrives
        self.partial_len_seen = 0

    def _partial_progress(self, now: float) -> None:
        """A growing unfinished line is progress; a `\\r` bar in it may carry the shard count."""
        size = len(self.partial)
        if self.n != self.partial_n:  # the line that grew before has ended since
            self.partial_n, self.partial_len_seen = self.n, 0
        if size == self.partial_len_seen:
            return
        self.partial_len_seen = size
        self._progress(now)
        if b"\r" not in self.partial or self.phase not in (None, "config", "init", "weights"):
            return
        pieces = [p for p in bytes(self.partial).split(b"\r") if p.strip()]
        for piece in reversed(pieces[-2:]):
            try:
                line = self.bar_parser.parse(self.n + 1, decode(piece))
                events = scanner().scan(line)
            except Exception:  # noqa: BLE001 - a half-written bar must never stop the analysis
                return
            for ev in events:
                f = ev.facts
                if isinstance(f.get("shards_done"), int) and isinstance(f.get("shards_total"), int):
                    self.shards.update(f["shards_done"], f["shards_total"], now, bar_seconds(f.get("shards_elapsed")))
                    return

    def _record(self, rec: tuple[int, str, int], now: float) -> None:
        try:
            got = self.classify(rec[0], rec[1]) if self.classify is not None and not rec[2] else None
            if got.__class__ is QuietLine:
                line = got
                step = self.analyzer.feed_quiet(got, self.parser)
            else:  # None, or the rule leaf hits the classifier found
                line = self.parser.parse(*rec)
                step = self.analyzer.feed(line, got)
        except Exception as exc:  # noqa: BLE001 - a parser bug must not hurt the passthrough
            self.disable("the log parser", exc, rec[0])
            return
        if self.analyzer.starts != self.starts_seen:
            self._restarted(line.n, now)
        self._after(line, step, now)

    def disable(self, what: str, exc: BaseException, n: int | None = None) -> None:
        """Switch the analysis off after an internal error at line `n` (default: the last line split)."""
        self.enabled = False
        self.note(f"internal error in {what} at line {self.n if n is None else n} ({type(exc).__name__}: {exc}); the live analysis "
                   "is switched off, the log still passes through unchanged")

    def _restarted(self, banner: int, now: float) -> None:
        """The server started again, its banner on line `banner` (Analyzer._new_start): say so with
        what the finished start came to, show its diagnoses not yet confirmed, and follow the new
        start's phases, stalls and readiness from scratch."""
        a = self.analyzer
        n = a.start_line  # the banner's, or the new process's first line just before it
        if self.pending_since is not None and a.finished is not None and self.diag_ok:
            try:
                self._show(redacted(Report(**a.finished)), now, final=True, after_ready=False)
            except Exception as exc:  # noqa: BLE001
                self.diag_ok = False
                self.note(f"internal error while building the report ({type(exc).__name__}: {exc}); "
                           "live diagnoses are switched off")
        self.starts_seen = a.starts  # after the finished start's last diagnoses (their events name it)
        prev = a.earlier[-1] if a.earlier else None
        how = ""
        if prev is not None:
            came = {"ready": "came up", "failed": "failed", "incomplete": "stopped before it came up"}
            how = (f"; the previous start (lines {prev['first_line']}-{prev['last_line']}) "
                   f"{came.get(prev['outcome'], prev['outcome'])}")
            if prev["title"]:
                how += f": {prev['title']}"
        self.note(f"restart: the server started again at line {n} (start {a.starts}){how}")
        top = next((d for d in (a.finished or {}).get("diagnoses", []) if d.role != "wrapper"), None)
        self._event("restart", line=n, previous_outcome=prev["outcome"] if prev is not None else None,
                    previous_rule=top.rule if top is not None else None)
        self.started = self.phase_started = self.last_progress = now
        self.phase = None
        self.done = []
        self.head_shown = False
        self.ready = False
        self.ready_s = None
        self.failed = False
        self.stall = None
        self.stall_spans = set()
        self.shards = ShardProgress()
        # `reported` stays: a crash loop's failure is shown once, then named by each restart's note
        self.pending_since = None
        self.pending_lines = 0
        self.fatal_seen = 0
        self.post_ready_left = 0
        self.since_trim = 0
        self.prober = self.probe_res = None  # the new start is probed when it comes up
        tl = a.timeline
        if tl.phases and tl.phases[0].first_line < banner:  # the line before the banner began a phase
            self._entered(tl.phases[0].name, now)
        self._refresh(force=True)

    # -- one analysed line ---------------------------------------------------------------------
    def _after(self, line, step, now: float) -> None:
        tl = self.analyzer.timeline
        text = line.text.strip()
        if text and not step.heartbeat and text != self.last_text:
            self._progress(now)
        if text:
            self.last_text = text
        if step.events:
            self.address.feed(line.n, step.events)
        if step.entered and not self.ready:
            self._entered(step.entered, now)
        facts = tl.facts
        done, total = facts.get("shards_done"), facts.get("shards_total")
        if isinstance(done, int) and isinstance(total, int) and (done, total) != (self.shards.done, self.shards.total):
            self.shards.update(done, total, now, bar_seconds(facts.get("shards_elapsed")))
        if step.findings or step.fatal or len(tl.fatal) != self.fatal_seen:
            self.fatal_seen = len(tl.fatal)
            if self.pending_since is None:
                self.pending_since = now
                self.pending_lines = 0
            if self.ready:
                self.post_ready_left = POST_READY_CONTEXT
        elif self.pending_since is not None:
            self.pending_lines += 1
        if step.ready and not self.ready:
            self._ready(now)
        if self.ready:
            if self.post_ready_left:
                self.post_ready_left -= 1
            elif _SUSPICIOUS.search(line.raw.encode("utf-8", "replace")):
                self.post_ready_left = POST_READY_CONTEXT
        if self._confirmable(now) and not tl.in_traceback:
            self._confirm(now)
        if len(self.analyzer.run.warnings) != self.warnings_seen:
            for w in self.analyzer.run.warnings[self.warnings_seen:]:
                self.note(w)
            self.warnings_seen = len(self.analyzer.run.warnings)
        if self.ready:
            self.since_trim += 1
            if self.since_trim >= TRIM_EVERY:
                self.since_trim = 0
                self._trim()

    def _progress(self, now: float) -> None:
        self.last_progress = now
        if self.stall is not None:
            phase, since = self.stall
            self.stall = None
            self.to_view("resumed", phase, now - since)
            self._event("stall_over", phase=phase, stalled_s=round(now - since, 3))

    def _entered(self, name: str, now: float) -> None:
        prev, prev_s = self.phase, None
        if prev is not None:
            span = self.analyzer.timeline.span_of(prev)
            prev_s = span.duration_s if span is not None and span.duration_s else now - self.phase_started
            self.done.append((prev, prev_s))
            self.done = self.done[-20:]
        head = None
        if not self.head_shown:
            self.head_shown = True
            eng, ver = self._engine()
            head = f"{eng}{' ' + ver if ver else ''}" if eng != "unknown" else None
        self.phase = name
        self.phase_started = now
        if prev is not None:
            self._event("phase_ended", phase=prev, status="done", duration_s=prev_s)
        self._event("phase_started", phase=name)
        self.to_view("phase", name, prev, prev_s, head)
        self._refresh(force=True)

    def _ready(self, now: float) -> None:
        self.ready = True
        self.ready_s = now - self.started
        tl = self.analyzer.timeline
        first = next((p.start_clock for p in tl.phases if p.start_clock is not None), None)
        if first is not None and tl.last_clock is not None and tl.last_clock >= first:
            self.ready_s = tl.last_clock - first  # the log's own clock also covers what came before watch
        if self.phase is not None and self.phase != "server":
            self.done.append((self.phase, now - self.phase_started))
        self.stall = None
        self.to_view("ready", self.ready_s, list(self.done))
        self._event("ready", ready_s=round(self.ready_s, 3), phases=list(self.done))
        if self.pending_since is None:
            self.pending_since = now  # errors seen before now become "non-fatal": re-check once
            self.pending_lines = 0
        if self.on_ready is not None:
            try:
                self.on_ready()
            except Exception:  # noqa: BLE001
                pass
        self._start_probe()
        self._refresh(force=True)

    # -- --probe ---------------------------------------------------------------------------------
    def _start_probe(self) -> None:
        if self.probe_cfg is None or self.prober is not None:
            return
        from diagnose.live.probing import LiveProbe

        self.prober = LiveProbe(self.probe_cfg.get("url"), self.probe_cfg.get("timeout") or 30.0, self.clock)
        why = self.prober.start(self.address)
        if why:
            self.note(why)
        else:
            self.note(f"probe: asking {self.prober.target_url} for one token")

    def _poll_probe(self, wait: bool = False) -> None:
        if self.prober is None or self.probe_res is not None:
            return
        res = self.prober.poll(wait)
        if res is None:
            if self.prober.error:
                self.note(self.prober.error)
                self.prober.error = None
            return
        self.probe_res = res
        self._event("probe", result=res.result, url=res.url, ttft_s=res.ttft_s, detail=res.summary)
        if res.result == "serves":
            self.note(f"probe: {res.summary}")
        else:
            d = self._probe_diagnosis()
            self.reported.add(d.fingerprint)
            self.shown.append((d.severity, d.title))
            self.to_view("diagnosis", d, True)
            self._event("diagnosis", diagnosis=d, after_ready=True)
        if self.on_probe is not None:
            try:
                self.on_probe(res.result)
            except Exception:  # noqa: BLE001
                pass
        self._refresh(force=True)

    def _probe_diagnosis(self) -> Diagnosis:
        from diagnose.diagnosis import probe_failed

        res = self.probe_res
        return probe_failed(res.result, res.url, res.summary)

    def _with_probe(self, report: Report) -> Report:
        """The probe's result in the final report: `probe`, `after_ready.state` stuck, an error diagnosis."""
        res = self.probe_res
        if res is None or report.outcome != "ready":
            return report
        update: dict = {"probe": {"result": res.result, "url": res.url, "detail": res.summary,
                                  "ttft_s": None if res.ttft_s is None else round(res.ttft_s, 4)}}
        if res.result != "serves":
            diags = list(report.diagnoses)
            d = self._probe_diagnosis()
            if any(x.severity == "error" and x.role != "wrapper" for x in diags):
                diags.append(d.model_copy(update={"role": "symptom"}))  # the death already explains it
            else:
                diags.insert(0, d)
            update["diagnoses"] = diags
            ar = report.after_ready
            if res.result == "stuck" and ar is not None and ar.state != "died":
                update["after_ready"] = ar.model_copy(update={"state": "stuck", "line": None})
        return report.model_copy(update=update)

    def _engine(self) -> tuple[str, str | None]:
        a = self.analyzer
        eng = a.engine
        facts = a.timeline.facts
        ver = facts.get("sglang_version") if eng == "sglang" else (
            facts.get("engine_version") or (facts.get("image_vllm_version") if eng == "vllm" else None))
        return eng, ver if isinstance(ver, str) else None

    # -- diagnoses -------------------------------------------------------------------------------
    def _confirmable(self, now: float, ahead: int = 0) -> bool:
        """A finding waits CONFIRM_LINES lines, and a report is built at most every CONFIRM_EVERY_S
        (a server that logs a request error every few lines would build one per error); `ahead`:
        after that many more lines."""
        return (self.pending_since is not None and self.pending_lines + ahead >= CONFIRM_LINES
                and now - self.last_confirm >= CONFIRM_EVERY_S)

    def _confirm(self, now: float, final: bool = False) -> None:
        self.last_confirm = now
        self.pending_since = None
        self.pending_lines = 0
        if not self.diag_ok or not self.enabled:
            return
        try:
            report = self.analyzer.report()
        except Exception as exc:  # noqa: BLE001
            self.diag_ok = False
            self.note(f"internal error while building the report ({type(exc).__name__}: {exc}); "
                       "live diagnoses are switched off")
            return
        report = redacted(report)
        self.failed = report.outcome == "failed" or stopped_serving(report)
        self._show(report, now, final)
        told = None
        if self.events is not None and not self.events.after_ready_told:
            from diagnose.events import after_ready_event

            told = after_ready_event(report)
        if told is not None:
            self.events.after_ready_told = True
            self._event(told[0], **told[2])

    def _show(self, report: Report, now: float, final: bool, after_ready: bool | None = None) -> None:
        """Show the report's diagnoses not shown yet (`after_ready`: whether they came after the
        server was up; None: read it from the current start)."""
        idle = now - self.last_input
        for d in report.diagnoses:
            if d.fingerprint in self.reported or d.role == "wrapper" or d.severity == "info":
                continue
            if d.rule == "stall-unknown":
                continue
            if d.rule == "unknown-failure" and not final and idle < UNKNOWN_IDLE_S:
                self.pending_since = self.pending_since or now  # look again after a quiet moment
                continue
            if len(self.reported) < MAX_REPORTED:
                self.reported.add(d.fingerprint)
            self.shown.append((d.severity, d.title))
            self.shown = self.shown[-10:]
            late = self.ready and (self.ready_s or 0) > 0 and self._after_ready(d) if after_ready is None else after_ready
            self.to_view("diagnosis", d, late)
            self._event("diagnosis", diagnosis=d, after_ready=bool(late))
        self._refresh(force=True)

    def _after_ready(self, d) -> bool:
        rl = self.analyzer.timeline.ready_line
        return bool(rl and d.evidence and d.evidence[0].line > rl)

    # -- time ----------------------------------------------------------------------------------
    def tick(self) -> None:
        now = self.clock()
        self.last_tick = now
        self._poll_probe()
        if self.pending_since is not None:
            idle = now - self.last_input
            if idle >= CONFIRM_IDLE_S or (now - self.pending_since) >= 5.0 or self._confirmable(now):
                self._confirm(now)
        self._check_stall(now)
        self._refresh()

    def _check_stall(self, now: float) -> None:
        if self.ready or self.failed or not self.enabled or self.stall is not None:
            return
        facts = self.analyzer.timeline.facts
        span_id = (len(self.analyzer.timeline.phases), self.phase)
        if span_id in self.stall_spans:
            return  # reported once per phase
        silent = now - self.last_progress
        limit = stalls.budget(self.phase, facts, self.overrides, self.shards.total or None, self.shards.slowest)
        if silent < limit:
            return
        self.stall_spans.add(span_id)
        self.stall = (self.phase, self.last_progress)
        self._report_stall(silent, limit)

    def _report_stall(self, silent: float, limit: float, head: str | None = None) -> None:
        eng, _ = self._engine()
        meaning, actions = stalls.advice(self.phase, eng, self.analyzer.timeline.facts,
                                         self.shards.done if self.shards.total else None, self.shards.total or None)
        lines = stall_lines(self.phase, silent, limit, meaning, actions)
        if head:
            lines[0] = head
        self.to_view("stall", lines)
        self._event("stall", phase=self.phase, silent_s=round(silent, 3), budget_s=round(limit, 3),
                    ready_timeout=bool(head), meaning=meaning, actions=list(actions))
        self._refresh(force=True)

    def ready_timeout(self, secs: float) -> None:
        """`run --ready-timeout`: the server is not up in time; say where it is stuck."""
        if self.ready:
            return
        now = self.clock()
        where = f"in phase {self.phase} for {fmt_dur(now - self.phase_started)}" if self.phase else \
            "before any startup phase was recognised"
        head = (f"stall: not ready after {fmt_dur(secs)} (--ready-timeout), {where}, last progress "
                f"{fmt_dur(now - self.last_progress)} ago; stopping the server")
        self._report_stall(now - self.last_progress, secs, head)

    def child_exited(self, code: int, stopped_by_us: bool = False, stopped_by: str | None = None) -> None:
        """`run`: the server exited with `code`; `stopped_by`: the signal the user stopped it with."""
        self.child_exit = None if stopped_by_us else code
        self.analyzer.stopped_by = stopped_by

    # -- status ----------------------------------------------------------------------------------
    def state(self) -> dict:
        now = self.clock()
        eng, ver = self._engine()
        facts = self.analyzer.timeline.facts
        kv = []
        for key, fmt in (("kv_tokens", "{:,} tokens"), ("max_total_num_tokens", "{:,} tokens"),
                         ("kv_blocks", "{:,} blocks"), ("kv_available_gib", "{} GiB"),
                         ("max_concurrency", "{}x concurrency")):
            v = facts.get(key)
            if isinstance(v, (int, float)):
                try:
                    kv.append(fmt.format(v))
                except (ValueError, TypeError):
                    kv.append(str(v))
        kv = kv[:4]
        model = facts.get("model")
        shards = self.shards.snapshot(now, stalls.model_gib(facts)) if self.phase == "weights" or (
            self.shards.total and self.shards.done < self.shards.total) else None
        return {
            "engine": eng, "version": ver, "model": model if isinstance(model, str) else None,
            "phase": self.phase, "phase_s": now - self.phase_started, "total_s": now - self.started,
            "done": list(self.done), "shards": shards, "kv": kv, "diagnoses": list(self.shown),
            "stall": (self.stall[0], now - self.stall[1]) if self.stall else None,
            "ready": self.ready, "ready_s": self.ready_s, "failed": self.failed, "lines": self.n,
            "dropped": self.dropped, "starts": self.analyzer.starts,
            "probe": (self.probe_res.result, self.probe_res.ttft_s) if self.probe_res is not None else
            ("probing", None) if self.prober is not None and self.prober.running else None,
        }

    def _refresh(self, force: bool = False) -> None:
        if not self.view_ok:
            return
        try:
            self.view.refresh(self.state(), force)
        except Exception as exc:  # noqa: BLE001
            self._view_failed(exc)

    def to_view(self, method: str, *args) -> None:
        if not self.view_ok:
            return
        try:
            getattr(self.view, method)(*args)
        except Exception as exc:  # noqa: BLE001 - a display bug must not stop the analysis
            self._view_failed(exc)

    def _view_failed(self, exc: BaseException) -> None:
        self.view_ok = False
        try:
            self.view.close()
        except Exception:  # noqa: BLE001
            pass
        import sys

        try:
            sys.stderr.write(f"[llmdiag] internal error in the live view ({type(exc).__name__}: {exc}); "
                             "the live view is switched off\n")
            sys.stderr.flush()
        except Exception:  # noqa: BLE001
            pass

    def note(self, msg: str) -> None:
        self.to_view("note", msg)

    # -- memory ---------------------------------------------------------------------------------
    def _trim(self) -> None:
        """Keep the per-run lists bounded on a server that runs for weeks (oldest repeats go first)."""
        run = self.analyzer.run
        if len(run.findings) > MAX_FINDINGS:
            keep = MAX_FINDINGS // 4  # the first ones (the startup story) and the latest ones
            del run.findings[keep:len(run.findings) - keep]
        for key, seqs in list(run.unless_hits.items()):
            if len(seqs) > 1000:
                del seqs[:-500]
        tl = self.analyzer.timeline
        if len(tl.fatal) > MAX_FATAL:
            keep = MAX_FATAL // 4
            del tl.fatal[keep:len(tl.fatal) - keep]
            self.fatal_seen = len(tl.fatal)

    # -- end ------------------------------------------------------------------------------------
    def finish(self) -> Report | None:
        """End of input: the last partial line, the last confirmations; the report (None if broken)."""
        now = self.clock()
        if self.enabled:
            for rec in self.split.close():
                if self.enabled:
                    self._record(rec, now)
        if self.enabled:
            self._confirm(now, final=True)
        self._poll_probe(wait=True)
        try:
            tl = self.analyzer.timeline
            tl.n_lines = max(tl.n_lines, self.n)
            self.analyzer.exit_code = self.child_exit
            report = self.analyzer.report()
        except Exception as exc:  # noqa: BLE001
            self.note(f"internal error while building the final report ({type(exc).__name__}: {exc})")
            return None
        try:
            report = self._with_probe(report)
        except Exception as exc:  # noqa: BLE001 - the report without the probe, rather than none
            self.note(f"internal error while adding the probe to the report ({type(exc).__name__}: {exc})")
        return redacted(report)


def redacted(report: Report) -> Report:
    """Secrets out of what llmdiag itself prints, as `explain` does (the passthrough stays raw)."""
    try:
        from diagnose.redact import redact_report
    except ImportError:  # pragma: no cover - an older tree without redaction
        return report
    try:
        return redact_report(report)
    except Exception:  # noqa: BLE001 - never lose the report over redaction
        return report
