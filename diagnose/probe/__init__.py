"""`llmdiag probe`: does an OpenAI-compatible server (vLLM, SGLang) serve? See docs/probe.md."""

from diagnose.probe.core import (DEFAULT_URL, EXIT_CODES, KEY_ENV, RESULTS, SCHEMA, ProbeError, ProbeResult, Step,
                                 Target, parse_url, probe, render_json, render_text)

__all__ = ["DEFAULT_URL", "EXIT_CODES", "KEY_ENV", "RESULTS", "SCHEMA", "ProbeError", "ProbeResult", "Step", "Target",
           "parse_url", "probe", "render_json", "render_text"]
