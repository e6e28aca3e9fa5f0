"""Where live information goes: plain `[llmdiag] ...` lines (CI, Kubernetes, files), or a rich status
pinned to the bottom of a terminal. Never into the passed-through stream.

The terminal status uses a scroll region (DECSTBM, as apt does): the log scrolls above, the status
stays in the last rows, and a partial line or a `\\r` progress bar on stdout is never broken by a
redraw, because each redraw saves and restores the cursor.
"""

from __future__ import annotations

import io
import os
import time

from diagnose.live.passthrough import write_all
from diagnose.render.safe import visible
from diagnose.render.text import fmt_dur as _fmt_dur

_SEV_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def fmt_dur(secs: float | None) -> str:
    return _fmt_dur(secs)


class Out:
    """A text sink on an fd; after the first write error it stays silent (never raises)."""

    def __init__(self, fd: int, close: bool = False):
        self.fd = fd
        self.ok = True
        self._close = close

    def write(self, text: str) -> None:
        if not self.ok or not text:
            return
        try:
            write_all(self.fd, text.encode("utf-8", "replace"))
        except OSError:
            self.ok = False

    def close(self) -> None:
        if self._close:
            try:
                os.close(self.fd)
            except OSError:
                pass


# -- message texts (shared by both views) -------------------------------------------------------
def diagnosis_lines(d, after_ready: bool = False) -> list[str]:
    from diagnose.i18n import current, tr

    t = d.i18n if current() == "zh" else None
    title, explanation, remediation = (t.title, t.explanation, t.remediation) if t is not None else \
        (d.title, d.explanation, d.remediation)
    when = tr("after the server came up: ") if after_ready else ""
    out = [f"{d.severity}: {when}{title}  [{d.category}, {tr('rule {rule}', rule=d.rule)}]"]
    if explanation:
        out.append(tr("  why: {text}", text=explanation))
    out += [tr("  do: {text}", text=r) for r in remediation[:5]]
    if d.evidence:
        ev = d.evidence[0]
        out.append(tr("  at line {n}: {text}", n=ev.line, text=ev.text.strip()[:240]))
    return out


def stall_lines(phase: str | None, secs: float, budget: float, meaning: str, actions: list[str],
                why: str = "") -> list[str]:
    from diagnose.i18n import tr

    where = tr("phase {phase}", phase=phase) if phase else tr("startup (no phase recognised yet)")
    out = [tr("stall: no progress in {where} for {secs}", where=where, secs=fmt_dur(secs))
           + (why or tr(" (budget {secs})", secs=fmt_dur(budget)))]
    out.append(tr("  usually: {text}", text=meaning))
    out += [tr("  check: {text}", text=a) for a in actions]
    return out


def ready_line(secs: float, done: list[tuple[str, float | None]]) -> str:
    from diagnose.i18n import tr

    parts = ", ".join(f"{n} {fmt_dur(s)}" for n, s in done)
    return tr("server is up after {secs}", secs=fmt_dur(secs)) + (f" ({parts})" if parts else "")


class View:
    """No output at all (and the base of the others)."""

    quiet = False

    def phase(self, name: str, prev: str | None, prev_s: float | None, head: str | None) -> None: ...
    def ready(self, secs: float, done: list) -> None: ...
    def diagnosis(self, d, after_ready: bool) -> None: ...
    def stall(self, lines: list[str]) -> None: ...
    def resumed(self, phase: str | None, secs: float) -> None: ...
    def note(self, msg: str) -> None: ...
    def refresh(self, state: dict, force: bool = False) -> None: ...
    def final(self, report, color: bool) -> None: ...
    def close(self) -> None: ...


class PlainView(View):
    """`[llmdiag] ...` lines at phase changes, stalls and diagnoses; no ANSI."""

    def __init__(self, out: Out, quiet: bool = False):
        self.out = out
        self.quiet = quiet

    def _emit(self, lines: list[str]) -> None:
        self.out.write("".join(f"[llmdiag] {visible(ln)}\n" for ln in lines))

    def phase(self, name, prev, prev_s, head):
        if self.quiet:
            return
        from diagnose.i18n import tr

        took = tr(" ({prev} took {secs})", prev=prev, secs=fmt_dur(prev_s)) if prev else ""
        self._emit([f"{head + ': ' if head else ''}{tr('phase {phase}', phase=name)}{took}"])

    def ready(self, secs, done):
        if not self.quiet:
            self._emit([ready_line(secs, done)])

    def diagnosis(self, d, after_ready):
        self._emit(diagnosis_lines(d, after_ready))

    def stall(self, lines):
        self._emit(lines)

    def resumed(self, phase, secs):
        if not self.quiet:
            from diagnose.i18n import tr

            self._emit([tr("progress resumed in phase {phase} after {secs} without progress", phase=phase or "-",
                           secs=fmt_dur(secs))])

    def note(self, msg):
        self._emit([msg])

    def final(self, report, color):
        if self.quiet and report.outcome == "ready" and not report.diagnoses:
            return
        from diagnose.render.text import render

        self.out.write(render(report, color=False))

    def close(self):
        self.out.close()


class TtyView(PlainView):
    """A rich status in the last rows of the terminal; messages scroll above it."""

    REDRAW_S = 0.5

    def __init__(self, out: Out, color: bool = True, shares_stdout: bool = False, at_line_start=lambda: True):
        super().__init__(out, quiet=False)
        self.color = color
        self.shares_stdout = shares_stdout
        self.at_line_start = at_line_start
        self.rows = self.cols = 0
        self.height = 0
        self.active = False
        self.last_draw = 0.0
        self._console = None

    # -- terminal geometry ------------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        try:
            sz = os.get_terminal_size(self.out.fd)
            return sz.lines, sz.columns
        except OSError:
            return 24, 80

    def _setup(self) -> bool:
        rows, cols = self._size()
        if rows < 8 or cols < 30:
            return False
        k = max(3, min(6, rows // 4))
        if self.active and rows == self.rows:
            self.cols = cols
            return True
        seq = ""
        if not self.active:
            seq += "\n" * k + f"\x1b[{k}A"  # make room below the cursor, then come back
        seq += f"\x1b7\x1b[1;{rows - k}r\x1b8"
        self.out.write(seq)
        self.rows, self.cols, self.height = rows, cols, k
        self.active = True
        return True

    def _teardown(self) -> None:
        if not self.active:
            return
        self.out.write(f"\x1b7\x1b[r\x1b[{self.rows - self.height + 1};1H\x1b[J\x1b8")
        self.active = False

    # -- drawing --------------------------------------------------------------------------
    def _ansi(self, text) -> str:
        from rich.console import Console

        if self._console is None or self._console.width != self.cols:
            self._console = Console(file=io.StringIO(), force_terminal=True, width=self.cols,
                                    color_system="standard" if self.color else None, no_color=not self.color,
                                    highlight=False, emoji=False, legacy_windows=False)
        text.truncate(self.cols - 1, overflow="ellipsis")
        with self._console.capture() as cap:
            self._console.print(text, end="", no_wrap=True, overflow="ellipsis", crop=True)
        return cap.get()

    def refresh(self, state, force=False):
        now = time.monotonic()
        if not force and now - self.last_draw < self.REDRAW_S:
            return
        self.last_draw = now
        if not self._setup():
            return
        lines = [self._ansi(t) for t in status_texts(state, self.height)]
        lines += [""] * (self.height - len(lines))
        top = self.rows - self.height + 1
        seq = "\x1b7" + "".join(f"\x1b[{top + i};1H\x1b[2K{ln}" for i, ln in enumerate(lines)) + "\x1b8"
        self.out.write(seq)

    def _emit(self, lines):
        from rich.text import Text

        first = "" if (not self.shares_stdout or self.at_line_start()) else "\n"
        body = []
        for ln in lines:
            t = Text("[llmdiag] ", style="dim cyan")
            sev = ln.split(":", 1)[0]
            t.append(visible(ln), style=_SEV_STYLE.get(sev, "bold yellow" if sev == "stall" else ""))
            body.append(self._ansi_wrap(t))
        self.out.write(first + "".join(b + "\n" for b in body))

    def _ansi_wrap(self, text) -> str:
        from rich.console import Console

        console = Console(file=io.StringIO(), force_terminal=True, width=max(40, self.cols or 100),
                          color_system="standard" if self.color else None, no_color=not self.color,
                          highlight=False, emoji=False, legacy_windows=False)
        with console.capture() as cap:
            console.print(text, end="", soft_wrap=True)
        return cap.get()

    def phase(self, name, prev, prev_s, head):
        pass  # the status shows phases; the log above stays the server's own

    def final(self, report, color):
        from diagnose.render.text import render

        self._teardown()
        first = "" if (not self.shares_stdout or self.at_line_start()) else "\n"
        self.out.write(first + render(report, color=self.color, width=self.cols or None))

    def close(self):
        self._teardown()
        self.out.close()


def status_texts(state: dict, height: int) -> list:
    """The status lines (rich Text), most important kept when the height is small."""
    from rich.text import Text

    from diagnose.i18n import tr

    head = Text("llmdiag ", style="bold")
    eng = state.get("engine") or "unknown"
    head.append(visible(f"{eng if eng != 'unknown' else 'engine ?'}{' ' + state['version'] if state.get('version') else ''}"),
                style="bold cyan")
    if state.get("model"):
        head.append(f"  {visible(state['model'])}")
    if (state.get("starts") or 1) > 1:
        head.append(tr("  start {n}", n=state["starts"]), style="bold magenta")
    if state.get("failed"):
        head.append(tr("  FAILED in {phase}", phase=state.get("phase") or "startup"), style="bold red")
    elif state.get("ready"):
        head.append(tr("  READY after {secs}", secs=fmt_dur(state.get("ready_s"))), style="bold green")
        probe = state.get("probe")
        if probe is not None:
            result, ttft = probe
            head.append(f"  probe: {result}" + (f" {ttft:.2f}s" if ttft is not None else ""),
                        style="bold green" if result == "serves" else "dim" if result == "probing" else "bold red")
    else:
        head.append("  " + tr("phase {phase}", phase=state.get("phase") or "starting") + " ", style="bold")
        head.append(fmt_dur(state.get("phase_s")))
        head.append(tr("  (total {secs})", secs=fmt_dur(state.get("total_s"))), style="dim")
    picked: list[tuple[int, int, Text]] = [(0, 0, head)]  # (priority, display order, text)
    if state.get("stall"):
        phase, secs = state["stall"]
        picked.append((1, 5, Text(tr("stalled: no progress in {phase} for {secs} (advice printed above)",
                                     phase=phase or "startup", secs=fmt_dur(secs)), style="bold yellow")))
    for i, (sev, title) in enumerate(state.get("diagnoses", [])[-2:]):
        picked.append((2, 6 + i, Text(visible(f"{sev}: {title}"), style=_SEV_STYLE.get(sev, ""))))
    sh = state.get("shards")
    if sh:
        t = Text(tr("weights: "), style="bold")
        t.append(tr("shards {done}/{total}", done=sh["done"], total=sh["total"]))
        if sh.get("gbps"):
            t.append(f"  {sh['gbps']:.2f} GB/s")
        elif sh.get("rate"):
            t.append(f"  {sh['rate']:.2f} shards/s")
        if sh.get("eta_s") is not None and sh["done"] < sh["total"]:
            t.append(f"  ETA {fmt_dur(sh['eta_s'])}")
        picked.append((3, 2, t))
    if state.get("kv"):
        picked.append((4, 3, Text(tr("KV cache: "), style="bold") + Text(visible("  ".join(state["kv"])))))
    if state.get("done"):
        picked.append((5, 1, Text(tr("done: "), style="dim") + Text(
            "  ".join(f"{n} {fmt_dur(s)}" for n, s in state["done"]), style="dim")))
    if state.get("dropped"):
        picked.append((6, 9, Text(tr("analysis skipped {n} bytes (input faster than analysis)", n=state["dropped"]),
                                  style="dim")))
    keep = sorted(picked, key=lambda p: p[0])[:height]
    return [t for _, _, t in sorted(keep, key=lambda p: p[1])]
