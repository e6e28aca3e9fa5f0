"""`-o prometheus=PATH`, `--format prometheus` and `--pushgateway URL` (docs/prometheus.md): the text
format read back by a strict parser (and by promtool / prometheus_client where they are installed),
end-to-end CLI runs on shipped sample logs, label bounding, no secret in a label, the push.

The same metrics through a real Prometheus, Pushgateway and node exporter: test_prometheus_integration.py.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from diagnose import prometheus as prom

ROOT = Path(__file__).resolve().parent.parent
FAILED = ROOT / "sample_logs/vllm/07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"
READY = ROOT / "sample_logs/sglang/sglang-0.4.7-tp1-qwen2.5-7b-ready.log"
SECRET = "hf_" + "Zq8rT2mW9xYbN4vK7pL1sD3fG6hJ0aE"  # fake, the shape of a Hugging Face token


def llmdiag(*args, input_bytes=None, env=None):
    full_env = {**os.environ, "LLMDIAG_NODE": "node-a", **(env or {})}
    p = subprocess.run([sys.executable, "-m", "diagnose", *map(str, args)], input=input_bytes,
                       capture_output=True, env=full_env, timeout=120, check=False)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


# -- a strict reader of the text format (version 0.0.4) -------------------------------------------

_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
_SAMPLE = re.compile(rf"^({_NAME})(?:\{{(.*)\}})? (\S+)$")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\\\|\\"|\\n)*)"(,|$)')


def _unesc(v: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "\\": "\\", '"': '"'}[m.group(1)], v)


def parse(text: str) -> dict[str, dict]:
    """{family: {"type", "help", "samples": [(labels, value)]}}; asserts the format's rules: HELP and
    TYPE once, before the family's samples; a family's samples together; no series twice; names,
    label names and escapes valid; a value that parses; the text ends with a newline."""
    assert text.endswith("\n")
    fams: dict[str, dict] = {}
    current = None
    series = set()
    for line in text.splitlines():
        assert line.strip() == line and line, f"blank or padded line: {line!r}"
        if line.startswith(("# HELP ", "# TYPE ")):
            kind, name, rest = line[2:6], *line[7:].split(" ", 1)
            assert re.fullmatch(_NAME, name), name
            fam = fams.setdefault(name, {"type": None, "help": None, "samples": []})
            assert not fam["samples"], f"{kind} of {name} after its samples"
            key = "help" if kind == "HELP" else "type"
            assert fam[key] is None, f"second {kind} of {name}"
            fam[key] = rest
            if kind == "TYPE":
                assert rest in ("counter", "gauge", "histogram", "summary", "untyped"), rest
            current = name
            continue
        assert not line.startswith("#"), line
        m = _SAMPLE.match(line)
        assert m, f"not a sample line: {line!r}"
        name, labels_text, value = m.groups()
        assert name == current, f"{name} outside its family block"
        labels = {}
        rest = labels_text or ""
        while rest:
            lm = _LABEL.match(rest)
            assert lm, f"bad labels in {line!r}"
            assert lm.group(1) not in labels, f"label {lm.group(1)} twice"
            labels[lm.group(1)] = _unesc(lm.group(2))
            rest = rest[lm.end():]
        float(value.replace("+Inf", "inf").replace("-Inf", "-inf").replace("NaN", "nan"))
        key = (name, tuple(sorted(labels.items())))
        assert key not in series, f"series twice: {line!r}"
        series.add(key)
        fams[name]["samples"].append((labels, float(value)))
    for name, fam in fams.items():
        assert fam["help"] and fam["type"], name
    return fams


def value(fams, name, **labels):
    hits = [v for lab, v in fams[name]["samples"] if all(lab.get(k) == x for k, x in labels.items())]
    assert len(hits) == 1, (name, labels, hits)
    return hits[0]


# -- the metrics -------------------------------------------------------------------------------

def test_a_failed_start_written_by_explain(tmp_path):
    out = tmp_path / "textfile" / "llmdiag.prom"
    rc, stdout, err = llmdiag("explain", FAILED, "-o", f"prometheus={out}")
    assert rc == 1, err  # the report's exit status, as without the output
    assert "outcome FAILED" in stdout
    fams = parse(out.read_text())
    assert value(fams, "llmdiag_start_outcome", outcome="failed") == 1
    assert value(fams, "llmdiag_start_outcome", outcome="ready") == 0
    assert value(fams, "llmdiag_last_phase", phase="nccl") == 1
    assert value(fams, "llmdiag_phase_duration_seconds", phase="nccl") == 10.0
    assert value(fams, "llmdiag_diagnoses", category="symm-mem-allreduce",
                 rule="vllm-symm-mem-rendezvous-crash", severity="error", role="cause") == 1
    info = fams["llmdiag_start_info"]["samples"]
    assert info == [({"engine": "vllm", "version": "0.11.0", "model": "/models/gpt-oss-120b", "node": "node-a"}, 1.0)]
    assert fams["llmdiag_log_lines_total"]["type"] == "counter"
    assert os.stat(out).st_mode & 0o777 == 0o644  # the node exporter runs as another user
    assert os.listdir(out.parent) == ["llmdiag.prom"]  # no temporary file left behind


def test_a_ready_start_has_its_speeds_and_sizes(tmp_path):
    out = tmp_path / "m.prom"
    rc, _, err = llmdiag("explain", READY, "-o", f"prometheus={out}")
    assert rc == 0, err
    fams = parse(out.read_text())
    assert value(fams, "llmdiag_start_outcome", outcome="ready") == 1
    assert value(fams, "llmdiag_start_after_ready", state="serving") == 1
    assert value(fams, "llmdiag_weights_load_bytes_per_second") == 5.132e9  # 5.132 GB/s, in base units
    assert value(fams, "llmdiag_weights_bytes") == round(14.34 * 2**30)
    assert value(fams, "llmdiag_kv_cache_tokens") == 960832
    assert value(fams, "llmdiag_phase_duration_seconds", phase="compile") == 7.0
    assert value(fams, "llmdiag_start_duration_seconds") == 18.0
    assert "llmdiag_diagnoses" not in fams


def test_names_follow_the_conventions():
    for name, mtype, help_ in prom.FAMILIES:
        full = prom.PREFIX + name
        assert re.fullmatch(r"llmdiag_[a-z_]+", full)
        assert full.endswith("_total") == (mtype == "counter"), full
        assert not re.search(r"_(ms|milliseconds|gb|gib|minutes|kb)(_|$)", full), full  # base units
        assert help_ and "\n" not in help_


def test_format_stdout_and_an_existing_file_is_replaced(tmp_path):
    out = tmp_path / "m.prom"
    out.write_text("stale 1\n")
    rc, stdout, _ = llmdiag("explain", "--format", "prometheus", READY, "-o", f"prom={out}")
    assert rc == 0
    parse(stdout)
    assert "stale" not in out.read_text()
    parse(out.read_text())


def test_several_starts_keep_their_series_apart(tmp_path):
    out = tmp_path / "m.prom"
    rc, _, err = llmdiag("explain", "--separate", FAILED, READY, "-o", f"prometheus={out}")
    assert rc == 1, err
    fams = parse(out.read_text())  # asserts that no series is there twice
    assert value(fams, "llmdiag_start_outcome", start="1", outcome="failed") == 1
    assert value(fams, "llmdiag_start_outcome", start="2", outcome="ready") == 1


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool (Debian's prometheus package) is not installed")
def test_promtool_accepts_the_text(tmp_path):
    for log in (FAILED, READY):
        _, text, _ = llmdiag("explain", "--format", "prometheus", log)
        p = subprocess.run(["promtool", "check", "metrics"], input=text.encode(), capture_output=True, timeout=60, check=False)
        assert p.returncode == 0 and not p.stdout.strip() and not p.stderr.strip(), (p.stdout, p.stderr)


def test_prometheus_client_parser_reads_it_where_installed():
    parser = pytest.importorskip("prometheus_client.parser", reason="prometheus_client is not installed (test-only)")
    _, text, _ = llmdiag("explain", "--format", "prometheus", FAILED)
    names = {f.name for f in parser.text_string_to_metric_families(text)}
    assert "llmdiag_start_outcome" in names and "llmdiag_log_lines" in names


# -- labels: bounded, escaped, no secrets ----------------------------------------------------------

def _report(**update):
    from diagnose.report import Report

    base = {"engine": "vllm", "engine_version": "0.11.0", "outcome": "failed", "last_phase": "weights",
            "phases": [], "diagnoses": [], "model": "/models/x"}
    return Report(**{**base, **update})


def test_label_values_are_bounded_and_escaped():
    long_model = "/very/" + "deep/" * 60 + "Qwen3-235B-A22B"
    weird = 'a "quoted"\nnew\\line é 模型 {x}'
    text = prom.render(_report(model=long_model, engine_version=weird), node="n" * 500)
    fams = parse(text)
    lab = fams["llmdiag_start_info"]["samples"][0][0]
    assert len(lab["model"]) <= prom.MAX_LABEL and lab["model"].endswith("Qwen3-235B-A22B")  # the tail names it
    assert len(lab["node"]) <= prom.MAX_LABEL
    assert re.fullmatch(r"[A-Za-z0-9._:/@+=\[\]-]*", lab["version"]), lab["version"]
    for labels, _ in (s for f in fams.values() for s in f["samples"]):
        for v in labels.values():
            assert len(v) <= prom.MAX_LABEL and re.fullmatch(r"[A-Za-z0-9._:/@+=\[\]-]*", v), v
    # the escapes of the format, should a value hold them
    fam = prom.Family("x", "gauge", "a \\ b\nc")
    fam.add({"l": 'q"\\\n'}, 1)
    assert parse(fam.text())["llmdiag_x"]["samples"][0][0] == {"l": 'q"\\\n'}
    assert "# HELP llmdiag_x a \\\\ b\\nc" in fam.text()


def test_no_secret_in_any_label():
    model = f"https://user:{SECRET}@hub.example/org/model?token={SECRET}"
    text = prom.render(_report(model=model), node=f"host-{SECRET}")
    assert SECRET not in text and SECRET[:12] not in text
    assert "[REDACTED]" in text
    assert prom.label_value("10.1.2.3") == "10.1.2.3"  # an address stays itself (no alias: nodes stay apart)
    assert prom.label_value("/home/alice/models/m") == "/home/[user]/models/m"


def test_no_secret_in_labels_end_to_end_even_with_no_redact(tmp_path):
    log = tmp_path / "secret.log"
    text = FAILED.read_text().replace("/models/gpt-oss-120b", f"/models/{SECRET}/gpt-oss-120b")
    assert SECRET in text
    log.write_text(text)
    out = tmp_path / "m.prom"
    rc, _, err = llmdiag("explain", "--no-redact", log, "-o", f"prometheus={out}",
                         env={"LLMDIAG_NODE": f"gpu-7 {SECRET}"})
    assert rc == 1, err
    body = out.read_text()
    assert SECRET not in body
    parse(body)


def test_node_label_precedence():
    assert prom.node_name("a", {"LLMDIAG_NODE": "b", "NODE_NAME": "c"}) == "a"
    assert prom.node_name(None, {"LLMDIAG_NODE": "b", "NODE_NAME": "c"}) == "b"
    assert prom.node_name(None, {"NODE_NAME": "c"}) == "c"
    assert prom.node_name(None, {})  # the host name


# -- the Pushgateway -----------------------------------------------------------------------------

class _Gateway:
    """A stand-in that records PUTs (the real Pushgateway: test_prometheus_integration.py)."""

    def __init__(self, status: int = 200):
        self.requests: list[tuple[str, str, dict, bytes]] = []
        gw = self

        class H(BaseHTTPRequestHandler):
            def do_PUT(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                gw.requests.append(("PUT", self.path, dict(self.headers), body))
                self.send_response(status)
                self.end_headers()
                if status >= 400:
                    self.wfile.write(b"pushed metrics are invalid or inconsistent\n")

            def log_message(self, *a):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def gateway():
    gw = _Gateway()
    yield gw
    gw.close()


def test_push_uses_the_grouping_key_and_the_text_format(gateway):
    rc, _, err = llmdiag("explain", FAILED, "--pushgateway", gateway.url)
    assert rc == 1, err
    assert not err.strip(), err
    [(_, path, headers, body)] = gateway.requests
    assert path == "/metrics/job/llmdiag/instance/node-a"
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    assert value(parse(body.decode()), "llmdiag_start_outcome", outcome="failed") == 1


def test_push_credentials_become_a_header_and_a_slash_goes_base64(gateway):
    url = gateway.url.replace("http://", "http://alice:s3cret@") + "/prefix/"
    prom.push(url, "x 1\n", node="rack/4")
    [(_, path, headers, _)] = gateway.requests
    assert path == "/prefix/metrics/job/llmdiag/instance@base64/" + base64.urlsafe_b64encode(b"rack/4").decode()
    assert headers["Authorization"] == "Basic " + base64.b64encode(b"alice:s3cret").decode()
    gateway.requests.clear()
    prom.push(gateway.url + "/metrics/job/mine/zone/eu", "x 1\n")  # the user's own grouping key
    assert gateway.requests[0][1] == "/metrics/job/mine/zone/eu"


def test_a_failed_push_is_one_warning_and_keeps_the_exit_status():
    gw = _Gateway(status=400)
    try:
        rc, stdout, err = llmdiag("explain", READY, "--pushgateway",
                                  gw.url.replace("http://", "http://bob:hunter2@"))
    finally:
        gw.close()
    assert rc == 0 and "No problem found" in stdout
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("llmdiag: warning: push to http://127.0.0.1:"), err
    assert "HTTP 400" in lines[0] and "hunter2" not in err and "bob" not in err


def test_an_unreachable_gateway_is_one_warning(tmp_path):
    import socket

    with socket.socket() as s:  # a port where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    rc, _, err = llmdiag("explain", FAILED, "--pushgateway", f"http://127.0.0.1:{port}")
    assert rc == 1
    assert err.count("\n") == 1 and "llmdiag: warning: push to" in err and "failed" in err, err


def test_a_bad_gateway_url_is_a_usage_error():
    rc, _, err = llmdiag("explain", FAILED, "--pushgateway", "ftp://x/")
    assert rc == 2 and "--pushgateway wants an http:// or https:// URL" in err
    rc, _, err = llmdiag("watch", "--pushgateway", "http://h:notaport", input_bytes=b"")
    assert rc == 2 and "--pushgateway: bad URL" in err


def test_push_timeout_is_one_line():
    import socket

    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)  # accepts, never answers
    try:
        with pytest.raises(prom.PushError) as exc:
            prom.push(f"http://127.0.0.1:{srv.getsockname()[1]}", "x 1\n", node="n", timeout=0.5)
    finally:
        srv.close()
    assert "no answer in 0.5 s" in str(exc.value) and "\n" not in str(exc.value)


# -- watch and run keep the file current ---------------------------------------------------------

def test_watch_writes_the_file_while_the_start_runs_and_at_its_end(tmp_path, gateway):
    out = tmp_path / "m.prom"
    lines = (ROOT / "sample_logs/vllm/04-v1-0.11.2-tp2-ready.log").read_bytes().splitlines(True)
    half = len(lines) // 2
    feeder = (f"import sys, time; d = open({str(ROOT / 'sample_logs/vllm/04-v1-0.11.2-tp2-ready.log')!r}, 'rb')"
              f".read().splitlines(True); sys.stdout.buffer.writelines(d[:{half}]); sys.stdout.flush(); "
              "time.sleep(float(sys.argv[1])); sys.stdout.buffer.writelines(d[" + str(half) + ":])")
    env = {**os.environ, "LLMDIAG_NODE": "ignored"}
    feed = subprocess.Popen([sys.executable, "-c", feeder, "6"], stdout=subprocess.PIPE)
    watch = subprocess.Popen([sys.executable, "-m", "diagnose", "watch", "--plain", "--node", "gpu-3",
                              "-o", f"prometheus={out}", "--pushgateway", gateway.url],
                             stdin=feed.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    feed.stdout.close()
    import time

    deadline = time.monotonic() + 30
    mid = None
    while time.monotonic() < deadline and feed.poll() is None:
        if out.exists():
            mid = parse(out.read_text())
            if value(mid, "llmdiag_last_phase", phase="compile") == 1:
                break
        time.sleep(0.2)
    assert mid is not None, "no metrics while the start ran"
    assert value(mid, "llmdiag_start_outcome", outcome="incomplete") == 1  # still starting
    _, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    end = parse(out.read_text())
    assert value(end, "llmdiag_start_outcome", outcome="ready") == 1
    assert value(end, "llmdiag_last_phase", phase="server") == 1
    assert end["llmdiag_start_info"]["samples"][0][0]["node"] == "gpu-3"
    assert gateway.requests and all(r[1] == "/metrics/job/llmdiag/instance/gpu-3" for r in gateway.requests)
    assert value(parse(gateway.requests[-1][3].decode()), "llmdiag_start_outcome", outcome="ready") == 1
    assert os.listdir(tmp_path) == ["m.prom"]


def test_watch_with_a_gateway_that_is_down_warns_once(tmp_path):
    import socket

    with socket.socket() as s:  # a port where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = FAILED.read_bytes()
    rc, stdout, err = llmdiag("watch", "--plain", "--pushgateway", f"http://127.0.0.1:{port}", input_bytes=log)
    assert rc == 1 and stdout == log.decode()  # the failed start's status, the log passed through unchanged
    assert err.count("warning: push to http://127.0.0.1:") == 1, err


def test_run_writes_the_file(tmp_path):
    out = tmp_path / "m.prom"
    rc, _, err = llmdiag("run", "-o", f"prometheus={out}", "--", sys.executable, "-c",
                         f"import sys; sys.stdout.write(open({str(FAILED)!r}).read()); sys.exit(1)")
    assert rc == 1, err
    fams = parse(out.read_text())
    assert value(fams, "llmdiag_start_outcome", outcome="failed") == 1
    assert value(fams, "llmdiag_diagnoses", category="symm-mem-allreduce", rule="vllm-symm-mem-rendezvous-crash",
                 severity="error", role="cause") == 1


def test_live_exporter_throttles_and_writes_on_change(tmp_path):
    t = {"now": 0.0}
    written = []
    exp = prom.LiveExporter([str(tmp_path / "m.prom")], None, "n", written.append, every_s=2.0, clock=lambda: t["now"])
    made = []

    def make():
        made.append(1)
        return _report()

    assert exp.maybe_update(("a",), make)
    assert not exp.maybe_update(("a",), make)  # nothing changed
    t["now"] = 1.0
    assert not exp.maybe_update(("b",), make)  # changed, but too soon: later
    t["now"] = 2.5
    assert exp.maybe_update(("b",), make)
    assert len(made) == 2 and not written


def test_the_grafana_dashboard_uses_these_metrics():
    import json

    dash = json.loads((ROOT / "docs/grafana-llmdiag.json").read_text())
    names = {prom.PREFIX + n for n, _, _ in prom.FAMILIES}
    titles = {p["title"] for p in dash["panels"]}
    assert {"Phase durations by model", "Failures by category", "Slowest nodes"} <= titles
    for p in dash["panels"]:
        for t in p["targets"]:
            used = set(re.findall(r"\bllmdiag_[a-z_]+", t["expr"]))
            assert used and used <= names, (p["title"], used - names)
    assert len({p["id"] for p in dash["panels"]}) == len(dash["panels"])
