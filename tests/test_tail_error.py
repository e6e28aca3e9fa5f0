"""A log whose last error (an ERROR-level line or an exception) ends it, with no ready line and nothing
after it but shutdown / cleanup lines, is `failed` even when no rule names the error; an error followed
by progress or waiting lines is not (the start moved on: a hang stays `incomplete`)."""

from __future__ import annotations

import json

from .conftest import run_cli

HEAD = (
    "INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.11.0\n"
    "INFO 01-01 00:00:01 [default_loader.py:1] Loading weights took 12.3 seconds\n"
)
ERROR = "ERROR 01-01 00:00:02 [custom_op.py:1] Could not open the tokenizer cache file /tmp/x.json\n"


def outcome(tmp_path, text):
    log = tmp_path / "x.log"
    log.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(["explain", str(log), "--format", "json"])
    rep = json.loads(out)
    return code, rep["outcome"], rep["diagnoses"]


def test_error_line_that_ends_the_log_fails_the_start_and_unknown_failure_names_it(tmp_path):
    code, got, diags = outcome(tmp_path, HEAD + ERROR)
    assert (code, got) == (1, "failed")
    assert diags[0]["rule"] == "unknown-failure"
    assert "Could not open the tokenizer cache file" in diags[0]["evidence"][0]["text"]


def test_error_followed_only_by_shutdown_lines_fails(tmp_path):
    tail = "INFO:     Shutting down\nINFO:     Finished server process [1]\n"
    assert outcome(tmp_path, HEAD + ERROR + tail)[1] == "failed"


def test_error_followed_by_progress_or_waiting_is_not_failed(tmp_path):
    progress = "INFO 01-01 00:00:03 [default_loader.py:1] Loading weights took 12.3 seconds\n"
    early = "INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.11.0\n"
    assert outcome(tmp_path, early + ERROR + progress)[1] == "incomplete"
    waiting = "INFO 01-01 00:00:09 [core_client.py:1] Waiting for 1 local, 0 remote core engine proc(s) to start.\n"
    assert outcome(tmp_path, HEAD + ERROR + waiting)[1] == "incomplete"


def test_warning_at_the_end_stays_incomplete(tmp_path):
    warn = "WARNING 01-01 00:00:02 [x.py:1] Could not open the tokenizer cache file /tmp/x.json\n"
    assert outcome(tmp_path, HEAD + warn)[1] == "incomplete"
