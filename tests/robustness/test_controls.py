"""Control characters from a log (C0, DEL, C1 written as UTF-8, bidi overrides and isolates) are
shown as visible escapes in every human output and never reach a terminal or viewer as such;
JSON keeps the data (escaped as \\uXXXX)."""

from __future__ import annotations

import json
import os

from hypothesis import given

from diagnose.render.safe import visible

from .conftest import fuzz, run
from .strategies import hostile_text
from .test_properties import assert_safe

C1_LOG = (b'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
          b"ZzzError: boom \xc2\x9d0;PWNED\xc2\x9c\xc2\x9b2J \xe2\x80\xae evil \xc2\x85\xc2\x8d \x07\x08 \xe2\x81\xa6end\n")


def test_visible_shows_every_control_and_keeps_ordinary_text():
    assert visible("a\x9b2J\x9d0;x\x9c\x85\x8d") == "a\\x9b2J\\x9d0;x\\x9c\\x85\\x8d"
    assert visible("\u202eabc\u2066\u2069") == "<U+202E>abc<U+2066><U+2069>"
    assert visible("\x1b[31m\x07\x7f\r\n") == "\\x1b[31m\\x07\\x7f\\x0d\\x0a"
    plain = "tab\tand ünïcode 显存 — ok"
    assert visible(plain) is plain


def test_c1_and_bidi_from_a_log_never_reach_human_outputs(tmp_path):
    log = tmp_path / "c1.log"
    log.write_bytes(C1_LOG)
    for fmt in ("text", "markdown", "github", "junit", "json"):
        rc, out, err = run(["explain", "--format", fmt, str(log)])
        assert rc == 1, err
        text = out.decode("utf-8")
        assert_safe(text, fmt)
        assert_safe(err)
        if fmt == "json":  # the data is kept, escaped
            ev = json.loads(text)["diagnoses"][0]["evidence"][0]["text"]
            assert "\x9d0;PWNED\x9c\x9b2J \u202e" in ev
            assert "\\u009b" in text and "\\u202e" in text
        else:
            assert "\\x9d0;PWNED\\x9c\\x9b2J" in text and "U+202E" in text, text


def test_coloured_text_keeps_its_own_colour_and_escapes_the_log(tmp_path):
    log = tmp_path / "c1.log"
    log.write_bytes(C1_LOG.replace(b"boom", b"\x1b[31mboom\x1b[0m \x1b"))
    rc, out, _ = run(["explain", str(log)], env={**os.environ, "FORCE_COLOR": "1", "NO_COLOR": ""})
    text = out.decode("utf-8")
    assert "\x1b[1m" in text  # colour kept (FORCE_COLOR into a pipe)
    assert_safe(text, "text")


def test_error_lines_on_stderr_escape_a_file_name(tmp_path):
    rc, _, err = run(["explain", str(tmp_path / "no\x9b2Jsuch\u202e.log")])
    assert rc == 2
    assert_safe(err)
    assert "2Jsuch" in err


def _diag(title: str):
    from diagnose.report import Diagnosis

    return Diagnosis(rule="r", category="unknown", severity="error", role="cause", phase="weights", title=title,
                     explanation=title, remediation=[title], evidence=[{"line": 3, "text": title}], fingerprint="f")


@fuzz
@given(hostile_text)
def test_live_lines_and_status_never_carry_controls(text):
    from diagnose.live.views import Out, PlainView, diagnosis_lines, status_texts

    r, w = os.pipe()
    try:
        view = PlainView(Out(w))
        view.diagnosis(_diag(text), after_ready=False)
        view.note(f"note {text}")
        os.close(w)
        w = -1
        chunks = []
        while chunk := os.read(r, 65536):
            chunks.append(chunk)
    finally:
        os.close(r)
        if w >= 0:
            os.close(w)
    out = b"".join(chunks).decode("utf-8")
    assert out.count("\n") == len(diagnosis_lines(_diag(text))) + 1
    assert_safe(out.replace("\n", " "))
    state = {"engine": "vllm", "version": text, "model": text, "phase": "weights", "kv": [text],
             "diagnoses": [("error", text), ("warning", text)]}
    for t in status_texts(state, 6):
        assert_safe(t.plain)
