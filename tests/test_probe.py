"""`llmdiag probe`: fake servers (http.server in threads, ephemeral ports) for each result, the bad
inputs (closed port, a silent socket, HTML, garbage, a stream without end, a bad certificate, an invalid
URL), --from-log on vLLM and SGLang log lines, and the API key that never appears in any output."""

from __future__ import annotations

import json
import shutil
import socket
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from diagnose.probe import EXIT_CODES, SCHEMA, probe
from tests.conftest import run_cli

FAST = {"timeout": 0.6, "total": 3.0}
KEY = "sk-probe-SECRET-4f9a8b7c6d5e"
MODEL = "Qwen/Qwen3-0.6B"


def sse(*events) -> bytes:
    return b"".join(b"data: " + (e if isinstance(e, bytes) else json.dumps(e).encode()) + b"\n\n" for e in events)


MODELS = {"object": "list", "data": [{"id": MODEL, "object": "model"}]}
COMPLETION_CHUNK = {"id": "cmpl-1", "object": "text_completion", "choices": [{"index": 0, "text": " there",
                                                                              "finish_reason": None}]}
CHAT_ROLE = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                                                              "finish_reason": None}]}
CHAT_TOKEN = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "Hello"},
                                                               "finish_reason": None}]}


class Fake:
    """A server whose routes are `{(METHOD, path): handler}`; a handler is (status, content type, body)
    or a callable(request handler, stop event)."""

    def __init__(self, routes: dict):
        self.routes = routes
        self.stop = threading.Event()
        self.seen: list[tuple[str, str, dict]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _any(self):
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                fake.seen.append((self.command, self.path, {"headers": dict(self.headers), "body": body}))
                route = fake.routes.get((self.command, self.path))
                if route is None:
                    route = (404, "application/json", b'{"detail":"Not Found"}')
                if callable(route):
                    try:
                        route(self, fake.stop)
                    except OSError:
                        pass
                    return
                status, ctype, payload = route
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self):
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    made = []

    def make(routes):
        f = Fake(routes)
        made.append(f)
        return f

    yield make
    for f in made:
        f.close()


def vllm_routes(over=None):
    routes = {("GET", "/health"): (200, "application/json", b""),
              ("GET", "/v1/models"): (200, "application/json", json.dumps(MODELS).encode()),
              ("POST", "/v1/completions"): (200, "text/event-stream", sse(COMPLETION_CHUNK, b"[DONE]"))}
    routes.update(over or {})
    return routes


def hang(handler, stop):
    stop.wait(10)


def endless_stream(keepalive: bytes):
    def route(handler, stop):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        while not stop.is_set():
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(keepalive), keepalive))
            handler.wfile.flush()
            time.sleep(0.01)
    return route


def cli(*args):
    return run_cli(["probe", *args])


# -- the four results ---------------------------------------------------------------------------------

def test_a_vllm_server_serves_with_its_model_and_time_to_first_token(fake):
    f = fake(vllm_routes())
    res = probe(f.url, **FAST)
    assert res.result == "serves" and res.exit_code == 0, res.summary
    assert res.model == MODEL and res.ttft_s is not None and 0 <= res.ttft_s < 1
    assert [s.name for s in res.steps] == ["health", "models", "completion"]
    sent = json.loads(f.seen[-1][2]["body"])
    assert sent == {"model": MODEL, "prompt": "Hi", "max_tokens": 1, "temperature": 0, "stream": True}
    code, out, _ = cli(f.url + "/v1", "--timeout", "0.6")  # an OpenAI base URL is the same server
    assert code == 0 and out.startswith(f"serves: {f.url} serves {MODEL}: first token"), out


def test_json_output_is_the_documented_object(fake):
    f = fake(vllm_routes())
    code, out, _ = cli(f.url, "--format", "json", "--timeout", "0.6")
    doc = json.loads(out)
    assert code == 0
    assert set(doc) == {"schema", "url", "result", "summary", "model", "ttft_s", "steps"}
    assert doc["schema"] == SCHEMA and doc["result"] == "serves" and doc["url"] == f.url and doc["model"] == MODEL
    assert all(set(s) == {"name", "method", "url", "status", "seconds", "ok", "error"} for s in doc["steps"])
    assert doc["steps"][0] == {**doc["steps"][0], "name": "health", "url": f.url + "/health", "status": 200,
                               "ok": True, "error": None}


def test_a_chat_only_server_is_probed_with_a_chat_completion_past_its_role_chunk(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): (404, "application/json", b'{"detail":"Not Found"}'),
                            ("POST", "/v1/chat/completions"): (200, "text/event-stream",
                                                               sse(CHAT_ROLE, CHAT_TOKEN, b"[DONE]"))}))
    res = probe(f.url, **FAST)
    assert res.result == "serves", res.summary
    assert [s.name for s in res.steps] == ["health", "models", "completion", "chat"]
    assert json.loads(f.seen[-1][2]["body"])["messages"] == [{"role": "user", "content": "Hi"}]


def test_a_completion_that_never_answers_is_stuck_in_bounded_time(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): hang}))
    t0 = time.monotonic()
    code, out, _ = cli(f.url, "--timeout", "0.5")
    assert code == EXIT_CODES["stuck"] == 6, out
    assert time.monotonic() - t0 < 3
    assert out.startswith("stuck: ") and "did not complete" in out and "0.5 s (--timeout)" in out


def test_the_total_timeout_bounds_the_probe(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): hang}))
    t0 = time.monotonic()
    res = probe(f.url, timeout=5, total=0.7)
    assert res.result == "stuck" and time.monotonic() - t0 < 2.5
    assert "--total-timeout" in res.steps[-1].error


def test_a_stream_without_end_and_without_a_token_is_stuck_at_the_deadline(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): endless_stream(b": ping\n\n")}))
    t0 = time.monotonic()
    res = probe(f.url, **FAST)
    assert res.result == "stuck" and time.monotonic() - t0 < 2.5, res.summary


def test_a_stream_of_garbage_without_end_is_cut_at_its_size_cap(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): endless_stream(b"x" * 8192)}))
    res = probe(f.url, timeout=5, total=8)
    assert res.result == "refuses" and "KiB of the stream" in res.summary, res.summary


def test_an_endless_health_body_is_read_only_in_part(fake):
    def health(handler, stop):
        endless_stream(b"ok " * 1000)(handler, stop)
    f = fake(vllm_routes({("GET", "/health"): health}))
    t0 = time.monotonic()
    res = probe(f.url, **FAST)
    assert res.result == "serves" and time.monotonic() - t0 < 2.5, res.summary


@pytest.mark.parametrize("status", [401, 500])
def test_http_errors_refuse_with_the_status_and_the_body_start(fake, status):
    body = json.dumps({"error": {"message": "boom " + "y" * 400, "type": "InternalServerError"}}).encode()
    where = ("GET", "/v1/models") if status == 401 else ("POST", "/v1/completions")
    f = fake(vllm_routes({where: (status, "application/json", body)}))
    code, out, _ = cli(f.url, "--timeout", "0.6")
    first = out.splitlines()[0]
    assert code == EXIT_CODES["refuses"] == 5, out
    assert first.startswith("refuses: ") and f" {status} " in first and "boom yyy" in first
    assert "y" * 201 not in first and "..." in first  # the body's start only
    if status == 401:
        assert "--api-key" in first


def test_an_error_inside_the_stream_refuses(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): (
        200, "text/event-stream", sse({"error": {"message": "engine dead", "code": 500}}))}))
    res = probe(f.url, **FAST)
    assert res.result == "refuses" and "engine dead" in res.summary


def test_a_closed_port_is_down():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, out, _ = cli(f"http://127.0.0.1:{port}", "--timeout", "0.5")
    assert code == EXIT_CODES["down"] == 4
    assert out.startswith("down: ") and "connection refused" in out


def test_a_socket_that_accepts_but_never_answers_is_down_in_bounded_time():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)  # the kernel accepts; nobody reads or answers
        t0 = time.monotonic()
        res = probe(f"http://127.0.0.1:{s.getsockname()[1]}", **FAST)
    assert res.result == "down" and time.monotonic() - t0 < 2, res.summary
    assert "0.6 s" in res.summary


def test_a_server_that_does_not_speak_http_refuses():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)

    def answer():
        conn, _ = srv.accept()
        conn.recv(4096)
        conn.sendall(b"\x00\xffSSH-2.0-garbage\r\n" * 4)
        conn.close()

    threading.Thread(target=answer, daemon=True).start()
    try:
        res = probe(f"http://127.0.0.1:{srv.getsockname()[1]}", **FAST)
    finally:
        srv.close()
    assert res.result == "refuses" and "not HTTP" in res.summary, res.summary


# -- servers that are not (OpenAI) LLM servers --------------------------------------------------------

def test_an_html_server_refuses_with_the_404_of_the_model_list(fake):
    page = b"<html><head><title>Welcome to nginx!</title></head><body>" + b"x" * 500 + b"</body></html>"
    f = fake({("GET", "/health"): (200, "text/html", page), ("GET", "/v1/models"): (404, "text/html", page)})
    code, out, _ = cli(f.url, "--timeout", "0.6")
    assert code == 5 and out.startswith("refuses: ") and "404" in out and "Welcome to nginx!" in out, out
    assert "Traceback" not in out and len(out.splitlines()[0]) < 400


def test_garbage_instead_of_json_refuses(fake):
    f = fake(vllm_routes({("GET", "/v1/models"): (200, "application/json", b"\x00{not json at all\x1b[31m")}))
    code, out, _ = cli(f.url, "--timeout", "0.6")
    assert code == 5 and "not JSON" in out, out
    assert "\x1b" not in out and "\x00" not in out  # controls are shown escaped


def test_sglang_model_info_is_used_when_the_openai_list_fails(fake):
    info = {"model_path": "/models/Qwen3-8B", "tokenizer_path": "/models/Qwen3-8B", "is_generation": True}
    f = fake(vllm_routes({("GET", "/v1/models"): (500, "application/json", b'{"detail":"x"}'),
                            ("GET", "/get_model_info"): (200, "application/json", json.dumps(info).encode())}))
    res = probe(f.url, **FAST)
    assert res.result == "serves" and res.model == "/models/Qwen3-8B", res.summary
    assert json.loads(f.seen[-1][2]["body"])["model"] == "/models/Qwen3-8B"


def test_an_unknown_model_is_not_retried_as_chat(fake):
    f = fake(vllm_routes({("POST", "/v1/completions"): (
        404, "application/json", b'{"error":{"message":"The model `x` does not exist.","type":"NotFoundError"}}')}))
    res = probe(f.url, model="x", **FAST)
    assert res.result == "refuses" and [s.name for s in res.steps][-1] == "completion"
    assert "does not exist" in res.summary


# -- bad input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["ftp://host/", "http://", "http://host:99999", "http://a b", "http://u:p@host:1"])
def test_an_invalid_url_is_one_usage_line(url, capsys):
    from diagnose.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["probe", url])
    code, (out, err) = exc.value.code, capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "llmdiag: error: invalid URL" in err, err
    assert "u:p@" not in err


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_tls_with_an_untrusted_certificate_is_named_and_insecure_skips_the_check(fake, tmp_path):
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True, timeout=60)
    f = fake(vllm_routes())
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    f.server.socket = ctx.wrap_socket(f.server.socket, server_side=True)
    url = f"https://127.0.0.1:{f.port}"
    code, out, _ = cli(url, "--timeout", "0.8")
    assert code == 4 and "TLS certificate not trusted" in out and "--insecure" in out, out
    res = probe(url, insecure=True, timeout=0.8, total=4)
    assert res.result == "serves", res.summary


def test_plain_http_to_a_tls_port_and_tls_to_a_plain_port_are_one_line(fake):
    f = fake(vllm_routes())
    res = probe(f"https://127.0.0.1:{f.port}", **FAST)
    assert res.result == "down" and "TLS" in res.summary, res.summary


# -- the API key --------------------------------------------------------------------------------------

def _echo_auth(handler, stop):
    body = json.dumps({"error": {"message": f"bad key, got {handler.headers.get('Authorization')}"}}).encode()
    handler.send_response(401)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_key_is_sent_but_never_shown(fake, monkeypatch, fmt):
    f = fake(vllm_routes({("GET", "/v1/models"): _echo_auth}))
    code, out, err = cli(f.url, "--api-key", KEY, "--format", fmt, "--timeout", "0.6")
    assert code == 5 and KEY not in out + err and "[REDACTED]" in out
    assert "the API key was refused" in out
    assert f.seen[0][2]["headers"]["Authorization"] == f"Bearer {KEY}"
    monkeypatch.setenv("VLLM_API_KEY", KEY)  # the environment's key, the same
    code, out, err = cli(f.url, "--format", fmt, "--timeout", "0.6")
    assert code == 5 and KEY not in out + err
    assert f.seen[-1][2]["headers"]["Authorization"] == f"Bearer {KEY}"


def test_openai_api_key_is_the_fallback(fake, monkeypatch):
    monkeypatch.delenv("VLLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    f = fake(vllm_routes())
    code, out, _ = cli(f.url, "--timeout", "0.6")
    assert code == 0 and all(h["headers"]["Authorization"] == f"Bearer {KEY}" for _, _, h in f.seen)
    assert KEY not in out


# -- --from-log ---------------------------------------------------------------------------------------

def test_from_log_reads_vllms_listening_line(fake, tmp_path):
    f = fake(vllm_routes())
    log = tmp_path / "vllm.log"
    log.write_text(
        f"(APIServer pid=12862) INFO 11-29 22:45:55 [api_utils.py:286] non-default args: {{'host': '0.0.0.0', "
        f"'port': 1, 'model': 'm'}}\n"
        f"(APIServer pid=5830) INFO 11-29 22:40:56 [entry.py:140] Starting vLLM API server 0 on http://0.0.0.0:{f.port}\n")
    code, out, _ = cli("--from-log", str(log), "--timeout", "0.6")
    assert code == 0 and out.startswith(f"serves: http://127.0.0.1:{f.port} "), out


def test_from_log_reads_uvicorns_line_and_sglangs_server_args(fake, tmp_path):
    f = fake(vllm_routes())
    args = (f"[2026-02-17 11:40:25] server_args=ServerArgs(model_path='/models/Qwen3-8B', tp_size=1, "
            f"host='0.0.0.0', port={f.port}, mem_fraction_static=0.88)\n")
    log = tmp_path / "sglang.log"
    log.write_text(args + "[2026-02-17 11:40:30] Load weight begin. avail mem=78.50 GB\n")
    code, out, _ = cli("--from-log", str(log), "--timeout", "0.6")
    assert code == 0 and f"127.0.0.1:{f.port}" in out, out
    # the uvicorn line says where it really listens; a later start's server_args win over an earlier start's
    log.write_text("[2025-05-21 14:02:42] INFO:     Uvicorn running on http://0.0.0.0:1 (Press CTRL+C to quit)\n"
                   + args)
    from diagnose.probe.fromlog import address_from_log

    target, why = address_from_log(str(log))
    assert (target.host, target.port) == ("127.0.0.1", f.port) and why == "host and port of line 2"
    log.write_text(args + f"[2025-05-21 14:02:42] INFO:     Uvicorn running on http://[::]:{f.port} (Press CTRL+C to quit)\n")
    target, why = address_from_log(str(log))
    assert (target.url, why) == (f"http://127.0.0.1:{f.port}", "line 2")


def test_from_log_without_an_address_or_with_a_url_too_is_a_usage_error(tmp_path):
    log = tmp_path / "x.log"
    log.write_text("INFO 11-29 22:40:56 [loader.py:1] Loading weights took 3.2 seconds\n")
    code, _, err = cli("--from-log", str(log))
    assert code == 2 and "names no address" in err
    code, _, err = cli("--from-log", str(tmp_path / "missing.log"))
    assert code == 2 and "Traceback" not in err
    code, _, err = cli("http://127.0.0.1:1", "--from-log", str(log))
    assert code == 2 and "not both" in err
