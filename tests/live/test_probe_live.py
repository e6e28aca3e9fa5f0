"""`run --probe` and `watch --probe`: once the log says ready, one probe of a fake HTTP server (the
fakes of tests/test_probe.py); its result on the status lines, in the report (`probe`, `after_ready`,
a probe-not-serving error) and in run's exit status (125); the passthrough stays byte-identical."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap

import pytest

from tests.test_probe import Fake, hang, vllm_routes

from .conftest import WAIT_S, Collector, child_env, llmdiag, start_watch

STUCK = {("POST", "/v1/completions"): hang}
REFUSES = {("GET", "/health"): (503, "text/plain", b"engine dead")}


def ready_log(port: int) -> bytes:
    return (f"(APIServer pid=5830) INFO 11-29 22:40:56 [api_server.py:1] Starting vLLM API server 0 on "
            f"http://0.0.0.0:{port}\n"
            "INFO:     Started server process [5830]\n"
            "INFO:     Waiting for application startup.\n"
            "INFO:     Application startup complete.\n").encode()


@pytest.fixture
def fake():
    made = []

    def make(over=None):
        f = Fake(vllm_routes(over))
        made.append(f)
        return f

    yield make
    for f in made:
        f.close()


# -- watch --probe ------------------------------------------------------------------------------------

@pytest.mark.parametrize("over,result,code", [(None, "serves", 0), (STUCK, "stuck", 1), (REFUSES, "refuses", 1)])
def test_watch_probe_from_the_log_reports_the_result(fake, tmp_path, over, result, code):
    f = fake(over)
    data = ready_log(f.port) + b"".join(b"INFO 11-29 22:41:00 request %d\n" % i for i in range(2000))
    out_json = tmp_path / "r.json"
    proc = start_watch("--probe", "--probe-timeout", "2", "-o", f"json={out_json}")
    out, err = proc.communicate(data, timeout=WAIT_S)
    err = err.decode()
    assert out == data  # every byte, unchanged
    assert proc.returncode == code, err
    rep = json.loads(out_json.read_text())
    assert rep["outcome"] == "ready" and rep["probe"]["result"] == result
    assert rep["probe"]["url"] == f"http://127.0.0.1:{f.port}"
    if result == "serves":
        assert rep["probe"]["ttft_s"] is not None and rep["after_ready"]["state"] == "serving"
        assert f"[llmdiag] probe: http://127.0.0.1:{f.port} serves" in err
        assert not rep["diagnoses"]
    else:
        top = rep["diagnoses"][0]
        assert (top["rule"], top["severity"], top["phase"]) == ("probe-not-serving", "error", "server")
        assert rep["after_ready"]["state"] == ("stuck" if result == "stuck" else "serving")
        assert err.count("rule probe-not-serving]") == 1  # once live, then in the final report
    if result == "stuck":
        assert "--probe-timeout" in rep["probe"]["detail"]


def test_watch_probe_url_overrides_the_log_and_a_log_without_ready_is_not_probed(fake):
    f = fake()
    data = ready_log(1)  # the log names another port
    proc = start_watch("--probe", f.url)
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert (proc.returncode, out) == (0, data)
    assert f"probe: http://127.0.0.1:{f.port} serves" in err.decode()
    seen = len(f.seen)
    proc = start_watch("--probe", f.url)
    out, err = proc.communicate(b"INFO:     Started server process [5830]\nINFO:     Waiting for application startup.\n",
                                timeout=WAIT_S)
    assert len(f.seen) == seen and b"probe" not in err


def test_watch_probe_without_an_address_says_so(fake):
    data = b"INFO:     Started server process [1]\nINFO:     Application startup complete.\n"
    proc = start_watch("--probe")
    out, err = proc.communicate(data, timeout=WAIT_S)
    assert (proc.returncode, out) == (0, data)
    assert "probe: the log names no address" in err.decode()


@pytest.mark.parametrize("args", [("--probe", "ftp://x"), ("--probe-timeout", "0", "--probe"),
                                  ("--merge", "--probe", "http://x", "a.log")])
def test_watch_probe_usage_errors(args):
    proc = start_watch(*args)
    out, err = proc.communicate(b"", timeout=WAIT_S)
    assert proc.returncode == 2 and b"Traceback" not in err


# -- run --probe --------------------------------------------------------------------------------------

def _server(tmp_path, port: int) -> str:
    """Prints a vLLM ready log, then some more lines until SIGTERM, and exits 0 on it."""
    path = tmp_path / "server.py"
    path.write_text(textwrap.dedent(f"""
        import signal, sys, time
        signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
        sys.stdout.write({ready_log(port).decode()!r})
        sys.stdout.flush()
        for i in range(200):
            print(f"INFO 11-29 22:41:00 request {{i}}", flush=True)
        time.sleep(120)
    """))
    return str(path)


@pytest.mark.parametrize("over,result,code", [(None, "serves", 0), (STUCK, "stuck", 125), (REFUSES, "refuses", 125)])
def test_run_probe_exit_status(fake, tmp_path, over, result, code):
    f = fake(over)
    log = tmp_path / "raw.log"
    proc = subprocess.Popen(llmdiag("run", "--plain", "--probe", "--probe-timeout", "2", "--log", str(log), "--",
                                    sys.executable, _server(tmp_path, f.port)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env())
    out = Collector(proc.stdout)
    err = Collector(proc.stderr)
    err.wait_for("serves" if result == "serves" else "rule probe-not-serving]")
    out.wait_for("request 199\n")
    proc.send_signal(signal.SIGTERM)  # stopped as usual: the server exits 0 on it
    assert proc.wait(WAIT_S) == code
    out.join()
    err.join()
    expected = ready_log(f.port) + "".join(f"INFO 11-29 22:41:00 request {i}\n" for i in range(200)).encode()
    assert out.buf == expected and log.read_bytes() == expected
    assert "Traceback" not in err.text


def test_run_probe_url_and_no_probe_without_ready(fake, tmp_path):
    f = fake()
    path = tmp_path / "fails.py"
    path.write_text("import sys\nprint('INFO:     Started server process [1]', flush=True)\nsys.exit(3)\n")
    proc = subprocess.run(llmdiag("run", "--plain", "--probe-url", f.url, "--", sys.executable, str(path)),
                          capture_output=True, env=child_env(), timeout=WAIT_S)
    assert proc.returncode == 3 and not f.seen  # never ready: never probed, the server's status


def test_the_status_line_shows_the_probe():
    from diagnose.live.views import status_texts

    head = status_texts({"ready": True, "ready_s": 3.0, "probe": ("serves", 0.04)}, 3)[0].plain
    assert "READY after" in head and "probe: serves 0.04s" in head
    assert "probe: stuck" in status_texts({"ready": True, "ready_s": 3.0, "probe": ("stuck", None)}, 3)[0].plain


@pytest.mark.parametrize("over,result", [(None, "serves"), (REFUSES, "refuses")])
def test_watch_probe_result_is_an_event(fake, tmp_path, over, result):
    f = fake(over)
    data = ready_log(f.port) + b"".join(b"INFO 11-29 22:41:00 request %d\n" % i for i in range(2000))
    events_path = tmp_path / "events.ndjson"
    proc = start_watch("--probe", "--probe-timeout", "2", "--events", str(events_path))
    proc.communicate(data, timeout=WAIT_S)
    events = [json.loads(ln) for ln in events_path.read_text().splitlines()]
    probe, = [e for e in events if e["kind"] == "probe"]
    assert probe["result"] == result and probe["url"] == f"http://127.0.0.1:{f.port}"
    assert events[-1]["kind"] == "end" and events[-1]["probe"] == result
    if result != "serves":
        assert any(e["kind"] == "diagnosis" and e["rule"] == "probe-not-serving" for e in events)
