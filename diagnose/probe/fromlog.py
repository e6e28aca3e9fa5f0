"""The URL a server's log says it listens on (`llmdiag probe --from-log`).

No regex of its own: the engines' markers already read the address (the `listen_url` fact of vLLM's
"Starting vLLM API server ... on URL" and uvicorn's "Uvicorn running on URL"; the `host` / `port` facts
of SGLang's server_args and vLLM's non-default args). The last start of the log counts: a new start's
banner forgets what an earlier one said.
"""

from __future__ import annotations

from diagnose.probe.core import Target, parse_url


def address_from_log(path: str) -> tuple[Target | None, str]:
    """(the target, how it was found) from a log file; (None, why not) when the log names no address.
    Raises diagnose.lines.InputError for a log that cannot be read."""
    from diagnose.engines import START_BANNERS
    from diagnose.lines import read_lines
    from diagnose.pipeline import scanner

    scan = scanner().scan
    url = host = port = None
    url_line = args_line = 0
    for line in read_lines(path):
        for ev in scan(line):
            if ev.marker.id in START_BANNERS:  # a new start (its own facts are read just below)
                url = host = port = None
            facts = ev.facts
            if isinstance(facts.get("listen_url"), str) and facts["listen_url"].startswith(("http://", "https://")):
                url, url_line = facts["listen_url"], line.n
            if isinstance(facts.get("port"), (int, float)) and not isinstance(facts.get("port"), bool):
                port, args_line = int(facts["port"]), line.n
                h = facts.get("host")
                host = h if isinstance(h, str) and h else None
    if url is not None:
        try:
            return parse_url(url), f"line {url_line}"
        except ValueError:
            pass
    if port is not None and 0 < port < 65536:
        try:
            return parse_url(f"http://{_bracket(host or '127.0.0.1')}:{port}"), f"host and port of line {args_line}"
        except ValueError:
            pass
    return None, ("the log names no address (vLLM's \"Starting vLLM API server ... on URL\", uvicorn's "
                  "\"Uvicorn running on URL\", SGLang's server_args host and port)")


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
