"""The URL a server's log says it listens on (`llmdiag probe --from-log`).

No regex of its own: the engines' markers already read the address (the `listen_url` fact of vLLM's
"Starting vLLM API server ... on URL" and uvicorn's "Uvicorn running on URL"; the `host` / `port` facts
of SGLang's server_args and vLLM's non-default args). The last start of the log counts: a new start's
banner forgets what an earlier one said.
"""

from __future__ import annotations

from diagnose.engines import START_BANNERS
from diagnose.probe.core import Target, parse_url


class AddressFinder:
    """The address a log names so far, fed the marker events of each line (a live analysis feeds the
    events it already has; `address_from_log` scans a file)."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.host: str | None = None
        self.port: int | None = None
        self.url_line = self.args_line = 0

    def feed(self, n: int, events) -> None:
        for ev in events:
            if ev.marker.id in START_BANNERS:  # a new start (its own facts are read just below)
                self.url = self.host = self.port = None
            facts = ev.facts
            url = facts.get("listen_url")
            if isinstance(url, str) and url.startswith(("http://", "https://")):
                self.url, self.url_line = url, n
            port = facts.get("port")
            if isinstance(port, (int, float)) and not isinstance(port, bool):
                self.port, self.args_line = int(port), n
                h = facts.get("host")
                self.host = h if isinstance(h, str) and h else None

    def target(self) -> tuple[Target | None, str]:
        """(the target, how it was found); (None, why not) when the log names no address."""
        if self.url is not None:
            try:
                return parse_url(self.url), f"line {self.url_line}"
            except ValueError:
                pass
        if self.port is not None and 0 < self.port < 65536:
            try:
                return (parse_url(f"http://{_bracket(self.host or '127.0.0.1')}:{self.port}"),
                        f"host and port of line {self.args_line}")
            except ValueError:
                pass
        return None, NO_ADDRESS


NO_ADDRESS = ("the log names no address (vLLM's \"Starting vLLM API server ... on URL\", uvicorn's "
              "\"Uvicorn running on URL\", SGLang's server_args host and port)")


def address_from_log(path: str) -> tuple[Target | None, str]:
    """(the target, how it was found) from a log file; (None, why not) when the log names no address.
    Raises diagnose.lines.InputError for a log that cannot be read."""
    from diagnose.lines import read_lines
    from diagnose.pipeline import scanner

    scan = scanner().scan
    found = AddressFinder()
    for line in read_lines(path):
        found.feed(line.n, scan(line))
    return found.target()


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
