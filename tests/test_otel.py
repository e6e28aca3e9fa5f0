"""--otel: the start as an OTLP trace, received by a local OTLP/HTTP receiver (a stdlib http.server)
and decoded with the opentelemetry-proto messages (no collector binary is needed); the one-line
message without the extra; and that neither `import diagnose` nor --version loads OpenTelemetry."""

from __future__ import annotations

import http.server
import os
import subprocess
import sys
import threading
from datetime import datetime

import pytest

from tests.conftest import ROOT, SAMPLES

READY = SAMPLES / "vllm" / "04-v1-0.11.2-tp2-ready.log"
FAILED = SAMPLES / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"


def llmdiag(*args, env=None, input_bytes=None):
    e = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT), **(env or {})}
    e.pop("LLMDIAG_RULES", None)
    for k in list(e):
        if k.startswith("OTEL_") and k not in (env or {}):
            del e[k]
    return subprocess.run([sys.executable, "-m", "diagnose", *map(str, args)], capture_output=True, timeout=120,
                          env=e, input=input_bytes)


@pytest.fixture
def receiver():
    """An OTLP/HTTP receiver: POST /v1/traces bodies are kept; it answers an empty ExportTraceServiceResponse."""
    pytest.importorskip("opentelemetry.exporter.otlp.proto.http.trace_exporter",
                        reason="the otel extra is not installed (pip install '.[otel]' or '.[test]')")
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

    got: list[tuple[str, dict, bytes]] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            out = ExportTraceServiceResponse().SerializeToString()
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    env = {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{srv.server_port}",
           "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf", "OTEL_EXPORTER_OTLP_HEADERS": "x-tenant=fleet-a"}
    yield env, got
    srv.shutdown()
    srv.server_close()


def decode(got):
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    assert len(got) == 1, f"{len(got)} requests"
    path, headers, body = got[0]
    assert path == "/v1/traces" and headers.get("x-tenant") == "fleet-a"
    req = ExportTraceServiceRequest.FromString(body)
    rs, = req.resource_spans
    resource = {a.key: _val(a.value) for a in rs.resource.attributes}
    spans = [sp for ss in rs.scope_spans for sp in ss.spans]
    return resource, spans


def _val(v):
    kind = v.WhichOneof("value")
    if kind == "array_value":
        return [_val(x) for x in v.array_value.values]
    return getattr(v, kind)


def attrs(x) -> dict:
    return {a.key: _val(a.value) for a in x.attributes}


def _epoch_ns(text: str) -> int:
    """A naive log time read in the local zone, as llmdiag reads it."""
    return int(datetime.fromisoformat(text).timestamp()) * 10**9


def test_explain_failed_start_as_a_trace(receiver):
    env, got = receiver
    p = llmdiag("explain", FAILED, "--otel", env={**env, "OTEL_SERVICE_NAME": "vllm-fleet", "TZ": "UTC"})
    assert p.returncode == 1, p.stderr
    assert b"warning" not in p.stderr
    resource, spans = decode(got)
    assert resource["service.name"] == "vllm-fleet"  # OTEL_SERVICE_NAME wins over the engine name
    root = next(s for s in spans if not s.parent_span_id)
    phases = [s for s in spans if s.parent_span_id]
    assert all(s.parent_span_id == root.span_id and s.trace_id == root.trace_id for s in phases)
    assert [s.name for s in phases] == ["phase config", "phase init", "phase nccl"]
    year = datetime.fromtimestamp(FAILED.stat().st_mtime).year
    # the log's own times: config from 09:31:52 (15 s), nccl from 09:32:07 (10 s)
    cfg, _, nccl = phases
    assert cfg.start_time_unix_nano == _epoch_ns(f"{year}-10-14T09:31:52") or \
        cfg.start_time_unix_nano == _epoch_ns(f"{year - 1}-10-14T09:31:52")
    assert cfg.end_time_unix_nano - cfg.start_time_unix_nano == 15 * 10**9
    assert nccl.end_time_unix_nano - nccl.start_time_unix_nano == 10 * 10**9
    assert root.start_time_unix_nano == cfg.start_time_unix_nano and root.end_time_unix_nano == nccl.end_time_unix_nano
    # status ERROR on the failed phase and the root; the diagnosis as an event on the nccl span
    assert nccl.status.code == 2 and root.status.code == 2 and "Symmetric-memory" in root.status.message
    assert cfg.status.code == 0
    ev, = nccl.events
    a = attrs(ev)
    assert ev.name == "llmdiag.diagnosis" and ev.time_unix_nano == nccl.end_time_unix_nano
    assert a["llmdiag.diagnosis.rule"] == "vllm-symm-mem-rendezvous-crash"
    assert a["llmdiag.diagnosis.category"] == "symm-mem-allreduce" and a["llmdiag.diagnosis.severity"] == "error"
    assert a["llmdiag.diagnosis.confidence"] == "confirmed" and a["llmdiag.evidence.line"] == 45
    assert "SymmMemCommunicator" in a["llmdiag.evidence.text"]
    ra = attrs(root)
    assert ra["llmdiag.outcome"] == "failed" and ra["gen_ai.request.model"] == "/models/gpt-oss-120b"
    assert ra["llmdiag.timing"] == "log" and ra["llmdiag.engine.version"] == "0.11.0"


def test_explain_ready_start_and_run_id_is_the_trace_id(receiver, tmp_path):
    env, got = receiver
    out = tmp_path / "e.ndjson"
    p = llmdiag("explain", READY, "--otel", "--events", out, env={**env, "TZ": "UTC"})
    assert p.returncode == 0, p.stderr
    resource, spans = decode(got)
    assert resource["service.name"] == "vllm" and resource["service.version"] == "0.11.2"
    root = next(s for s in spans if not s.parent_span_id)
    assert root.status.code == 0 and not root.events
    assert len(spans) == 9  # the root and 8 phases (compile twice)
    assert (root.end_time_unix_nano - root.start_time_unix_nano) // 10**9 == 116  # 16:40:13 .. 16:42:09
    import json

    run_id = json.loads(out.read_text().splitlines()[0])["run_id"]
    assert root.trace_id.hex() == run_id


def test_log_without_a_clock_places_spans_at_the_file_time(receiver, tmp_path):
    env, got = receiver
    log = tmp_path / "noclock.log"
    import re

    log.write_text(re.sub(r"\b(INFO|WARNING|ERROR|DEBUG) \d\d-\d\d \d\d:\d\d:\d\d ", r"\1 ", FAILED.read_text()))
    os.utime(log, (1_700_000_000, 1_700_000_000))
    p = llmdiag("explain", log, "--otel", env=env)
    assert p.returncode == 1, p.stderr
    _, spans = decode(got)
    root = next(s for s in spans if not s.parent_span_id)
    assert attrs(root)["llmdiag.timing"] == "none"
    assert all(s.start_time_unix_nano == s.end_time_unix_nano == 1_700_000_000 * 10**9 for s in spans)


def test_watch_otel_from_a_piped_sample(receiver):
    env, got = receiver
    p = llmdiag("watch", "--plain", "--node", "gpu-9", "--otel", env=env, input_bytes=FAILED.read_bytes())
    assert p.returncode == 1, p.stderr
    resource, spans = decode(got)
    assert resource["host.name"] == "gpu-9"
    assert sorted(s.name for s in spans if s.parent_span_id) == ["phase config", "phase init", "phase nccl"]
    root = next(s for s in spans if not s.parent_span_id)
    assert attrs(root)["llmdiag.mode"] == "watch" and root.status.code == 2


def test_unreachable_receiver_is_a_warning_not_a_failure(tmp_path):
    pytest.importorskip("opentelemetry.exporter.otlp.proto.http.trace_exporter")
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there
    p = llmdiag("explain", READY, "--otel", env={"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
                                                 "OTEL_EXPORTER_OTLP_TIMEOUT": "2"})
    err = p.stderr.decode()
    assert p.returncode == 0
    assert "warning: OTLP export" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_missing_extra_is_one_line(tmp_path):
    """A regular package named `opentelemetry` earlier on the path hides the real one (as if not installed)."""
    shadow = tmp_path / "opentelemetry"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("")
    env = {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    for args in (("explain", READY, "--otel"), ("watch", "--otel")):
        p = llmdiag(*args, env=env, input_bytes=b"")
        err = p.stderr.decode()
        assert p.returncode == 2, err
        assert "pip install 'llmdiag[otel]'" in err and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1


def test_unsupported_protocol_is_one_line():
    p = llmdiag("explain", READY, "--otel", env={"OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"})
    err = p.stderr.decode()
    assert p.returncode == 2 and "http/json" in err and len(err.strip().splitlines()) == 1


def test_import_and_version_do_not_load_opentelemetry():
    code = ("import sys, diagnose, diagnose.cli\n"
            "try:\n    diagnose.cli.main(['--version'])\nexcept SystemExit:\n    pass\n"
            "bad = [m for m in sys.modules if m.startswith(('opentelemetry', 'google.protobuf', 'grpc'))]\n"
            "print('loaded:', bad)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "loaded: []" in p.stdout, p.stdout + p.stderr


def test_run_otel_has_the_server_process(receiver, tmp_path):
    env, got = receiver
    srv = tmp_path / "server.py"
    srv.write_text(f"import sys\nsys.stdout.write(open({str(FAILED)!r}).read())\nsys.exit(3)\n")
    p = llmdiag("run", "--plain", "--otel", "--", sys.executable, str(srv), "--api-key", "sk-abcdefghijklmnop1234",
                env=env)
    assert p.returncode == 3, p.stderr
    resource, spans = decode(got)
    assert resource["process.exit.code"] == 3 and resource["process.pid"] > 0
    assert resource["process.executable.name"] == os.path.basename(sys.executable)
    assert "sk-abcdefghijklmnop1234" not in " ".join(resource["process.command_args"])
    root = next(s for s in spans if not s.parent_span_id)
    assert attrs(root)["llmdiag.mode"] == "run" and root.status.code == 2


def test_grpc_protocol(tmp_path):
    """OTEL_EXPORTER_OTLP_PROTOCOL=grpc: the same trace to a local gRPC TraceService."""
    pytest.importorskip("opentelemetry.exporter.otlp.proto.grpc.trace_exporter", reason="no gRPC exporter")
    from concurrent import futures

    import grpc
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

    got = []

    class Service(trace_service_pb2_grpc.TraceServiceServicer):
        def Export(self, request, context):  # noqa: N802
            got.append(request)
            return trace_service_pb2.ExportTraceServiceResponse()

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(Service(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        p = llmdiag("explain", FAILED, "--otel", env={"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc",
                                                      "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
                                                      "OTEL_EXPORTER_OTLP_INSECURE": "true"})
    finally:
        server.stop(None)
    assert p.returncode == 1 and b"warning" not in p.stderr, p.stderr
    spans = [sp for rs in got[0].resource_spans for ss in rs.scope_spans for sp in ss.spans]
    assert sorted(s.name for s in spans) == ["phase config", "phase init", "phase nccl", "vllm start"]


def test_watch_a_restarting_server_gives_a_trace_per_start(receiver):
    env, got = receiver
    p = llmdiag("watch", "--plain", "--otel", env=env, input_bytes=FAILED.read_bytes() + READY.read_bytes())
    assert p.returncode == 0, p.stderr
    assert len(got) == 2
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    roots = []
    for _, _, body in got:
        req = ExportTraceServiceRequest.FromString(body)
        spans = [sp for rs in req.resource_spans for ss in rs.scope_spans for sp in ss.spans]
        roots.append(next(s for s in spans if not s.parent_span_id))
    by_start = {attrs(r)["llmdiag.start"]: r for r in roots}
    assert attrs(by_start[1])["llmdiag.outcome"] == "failed" and by_start[1].status.code == 2
    assert attrs(by_start[2])["llmdiag.outcome"] == "ready" and by_start[2].status.code == 0
    assert by_start[1].trace_id.hex() == attrs(by_start[1])["llmdiag.run_id"] != by_start[2].trace_id.hex()
