"""`run --probe` / `watch --probe`: once the log says ready, `llmdiag probe` the server once, in a
thread of the analysis process (the passthrough never waits for it; docs/probe.md).

The URL is the one given, else the one the log names (diagnose.probe.fromlog.AddressFinder, fed by
the analysis). The probe is bounded by its own total time (`--probe-timeout`); one still running
GRACE_S after that counts as stuck.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

STEP_S = 10.0  # each step's limit, as `llmdiag probe --timeout` (at most the total)
DEFAULT_TOTAL_S = 30.0  # as `llmdiag probe --total-timeout`
GRACE_S = 2.0


class LiveProbe:
    def __init__(self, url: str | None, total_s: float = DEFAULT_TOTAL_S, clock: Callable[[], float] = time.monotonic):
        self.url = url or None  # None: the address the log names
        self.total_s = float(total_s)
        self.clock = clock
        self.thread: threading.Thread | None = None
        self.box: dict = {}
        self.deadline: float | None = None
        self.target_url: str | None = None
        self.error: str | None = None

    def start(self, finder) -> str | None:
        """Start the probe; None, or why it cannot (no address, a bad URL)."""
        from diagnose.probe import core

        try:
            target = core.parse_url(self.url) if self.url else finder.target()[0]
        except core.ProbeError as exc:
            return f"probe: {exc}"
        if target is None:
            return f"probe: {finder.target()[1]}; give --probe-url URL (run) or --probe URL (watch)"
        key = core.key_from_env()
        self.target_url = target.url
        self.deadline = self.clock() + self.total_s + GRACE_S
        step = min(STEP_S, self.total_s)

        def work() -> None:
            try:
                self.box["res"] = core.probe(target, api_key=key, timeout=step,
                                             total=self.total_s)
            except Exception as exc:  # noqa: BLE001 - a probe bug is a result, never a crash of the analysis
                self.box["err"] = f"{type(exc).__name__}: {exc}"

        self.thread = threading.Thread(target=work, name="llmdiag-probe", daemon=True)
        self.thread.start()
        return None

    @property
    def running(self) -> bool:
        return self.thread is not None and "done" not in self.box

    def poll(self, wait: bool = False):
        """The result once it is known (exactly once): a diagnose.probe.ProbeResult; None before (and
        after a probe bug, then `error` says so). `wait`: wait for it up to the deadline."""
        if self.thread is None or "done" in self.box:
            return None
        if wait and self.deadline is not None:
            self.thread.join(max(0.0, self.deadline - self.clock()))
        if self.thread.is_alive() and (self.deadline is None or self.clock() < self.deadline):
            return None
        from diagnose.probe import core

        self.box["done"] = True
        if "err" in self.box:  # a probe bug: said once, never taken for a result of the server
            self.error = f"probe: internal error ({self.box['err']}); no probe result"
            return None
        res = self.box.get("res")
        if res is not None:  # the probe's own option names, as run / watch call them
            res.summary = res.summary.replace("(--total-timeout)", "(--probe-timeout)").replace(
                "(--timeout)", "(each step's limit)")
        if res is None:
            res = core.ProbeResult(url=self.target_url or "", result="stuck",
                                   summary=f"{self.target_url}: the probe did not finish within "
                                           f"--probe-timeout {self.total_s:g} s")
        return res
