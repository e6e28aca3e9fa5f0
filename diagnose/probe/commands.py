"""`llmdiag probe [URL]`: the CLI layer only parses options and calls the library (diagnose.probe.core).

Exit codes: 0 serves, 4 down, 5 refuses, 6 stuck; 2 bad usage (an invalid URL, a log that cannot be
read or names no address), 3 an internal error. 1 is not used: it means a failed start elsewhere.
"""

from __future__ import annotations

import sys

import click


def _lang(f):
    from diagnose.options import lang_option

    return lang_option(f)


@click.command()
@click.argument("url", required=False)
@click.option("--from-log", "log_path", type=click.Path(dir_okay=False), default=None, metavar="LOG",
              help="Read the URL from a server log (vLLM's or uvicorn's listening line, SGLang's server_args); "
                   "0.0.0.0 and :: become 127.0.0.1.")
@click.option("--api-key", default=None, metavar="KEY",
              help="Sent as `Authorization: Bearer KEY` (default: $VLLM_API_KEY, else $OPENAI_API_KEY). "
                   "Never printed. The environment keeps it out of the process list.")
@click.option("--model", default=None, help="Model to ask (default: the first one the server lists).")
@click.option("--timeout", type=float, default=10.0, show_default=True, metavar="SECONDS",
              help="Limit of each step (health, model list, the one-token request).")
@click.option("--total-timeout", type=float, default=30.0, show_default=True, metavar="SECONDS",
              help="Limit of the whole probe.")
@click.option("--insecure", is_flag=True, help="https: do not verify the server's certificate.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: the llmdiag.probe/v1 object (docs/probe.md).")
@_lang
def probe(url, log_path, api_key, model, timeout, total_timeout, insecure, fmt):
    """Prove that an OpenAI-compatible server (vLLM, SGLang) serves: GET /health, the model list, then a
    streamed one-token completion (chat when only chat is served), timed to its first token.

    \b
    llmdiag probe                              # http://127.0.0.1:8000
    llmdiag probe http://10.0.0.5:30000 --format json
    llmdiag probe --from-log server.log

    Results and exit codes: serves 0, down 4 (no connection, or /health does not answer in time),
    refuses 5 (an HTTP error or an answer that is not OpenAI's), stuck 6 (/health answers, the
    request does not complete in time); 2 bad usage.
    """
    from diagnose.exits import UsageProblem
    from diagnose.probe import core

    if timeout <= 0 or total_timeout <= 0:
        raise UsageProblem("--timeout and --total-timeout must be positive")
    if url and log_path:
        raise UsageProblem("give a URL or --from-log, not both")
    key = core.key_from_env() if api_key is None else (api_key.strip() if api_key else None)
    try:
        if log_path:
            from diagnose.lines import InputError
            from diagnose.probe.fromlog import address_from_log

            try:
                target, why = address_from_log(log_path)
            except InputError as exc:
                raise UsageProblem(str(exc)) from None
            if target is None:
                raise UsageProblem(f"{log_path}: {why}")
        else:
            target = core.parse_url(url or core.DEFAULT_URL)
        res = core.probe(target, api_key=key, timeout=timeout, total=total_timeout, insecure=insecure, model=model)
    except core.ProbeError as exc:
        raise UsageProblem(_hide(str(exc), key)) from None
    text = core.render_json(res) if fmt == "json" else core.render_text(res)
    click.echo(_hide(text, key))
    sys.exit(res.exit_code)


def _hide(text: str, key: str | None) -> str:
    return text.replace(key, "[REDACTED]") if key else text
