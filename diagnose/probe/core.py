"""Probe an OpenAI-compatible server (vLLM, SGLang): does it serve?

Steps, in order, each bounded by its own timeout and all by a total one: GET /health, the model list
(GET /v1/models; SGLang's GET /get_model_info when that fails), then one tiny real request (a streamed
one-token completion; a chat completion when the server serves only chat), timed to its first token.

Results: `serves`, `stuck` (/health answers, the request does not complete in time), `refuses` (an HTTP
error or an answer that is not an OpenAI-compatible one) and `down` (no connection, or no answer from
/health in time). Standard library only; every read is bounded in size and time (a watchdog shuts the
socket at the deadline, so a server that trickles bytes or streams forever cannot hold the probe).
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

SCHEMA = "llmdiag.probe/v1"
RESULTS = ("serves", "stuck", "refuses", "down")
# Exit codes of `llmdiag probe` (0, 2 and 3 mean what they mean for every command; 1 is a failed start)
EXIT_CODES = {"serves": 0, "down": 4, "refuses": 5, "stuck": 6}
KEY_ENV = ("VLLM_API_KEY", "OPENAI_API_KEY")  # read in this order when --api-key is not given


def key_from_env(env=None) -> str | None:
    """The API key from the environment (KEY_ENV, in order), stripped; None when none is set."""
    import os

    env = os.environ if env is None else env
    key = next((env[v] for v in KEY_ENV if env.get(v)), None)
    return key.strip() if key else None
DEFAULT_URL = "http://127.0.0.1:8000"
BODY_SHOWN = 200  # characters of an error body in a result
_SMALL_CAP = 4096  # bytes read of /health
_JSON_CAP = 1 << 20  # bytes read of a JSON answer (a model list)
_STREAM_CAP = 256 * 1024  # bytes read of a stream before its first token
_LOCAL = {"0.0.0.0", "::", ""}  # listening on every address: probe the loopback


class ProbeError(ValueError):
    """Unusable input (a URL that is not one): the CLI prints one line and exits 2."""


@dataclass
class Target:
    scheme: str
    host: str
    port: int
    base: str  # path prefix without a trailing slash ("" or "/prefix")

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return f"{self.scheme}://{host}{'' if self.port == default else f':{self.port}'}{self.base}"

    def at(self, path: str) -> str:
        return self.url + path


def parse_url(text: str) -> Target:
    """A server's base URL: `http(s)://HOST[:PORT][/prefix]` or `HOST:PORT`; a trailing `/v1` or
    `/health` (an OpenAI base URL, a health URL pasted whole) is dropped. Credentials in the URL are
    refused (use --api-key)."""
    raw = (text or "").strip()
    if not raw or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in raw):
        raise ProbeError(f"invalid URL {raw!r}: empty or has spaces or control characters")
    if "://" not in raw:
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError as exc:
        raise ProbeError(f"invalid URL {_no_creds(text)!r}: {exc}") from None
    if parts.scheme not in ("http", "https"):
        raise ProbeError(f"invalid URL {_no_creds(text)!r}: the scheme must be http or https")
    if parts.username is not None or parts.password is not None:
        raise ProbeError("invalid URL: credentials in the URL are not used; give the key with --api-key "
                         "or VLLM_API_KEY")
    host = parts.hostname or ""
    if not host:
        raise ProbeError(f"invalid URL {_no_creds(text)!r}: no host")
    if host in _LOCAL:
        host = "127.0.0.1"
    base = parts.path.rstrip("/")
    for tail in ("/health", "/v1"):
        if base.endswith(tail):
            base = base[: -len(tail)]
    return Target(parts.scheme, host, port or (443 if parts.scheme == "https" else 80), base)


def _no_creds(text: str) -> str:
    return re.sub(r"//[^/@\s]*@", "//[REDACTED]@", text or "")


@dataclass
class Step:
    name: str  # health | models | model_info | completion | chat
    method: str
    url: str
    status: int | None = None
    seconds: float = 0.0
    ok: bool = False
    error: str | None = None
    note: str = ""  # text output only (the model, "first token")

    def as_dict(self) -> dict:
        return {"name": self.name, "method": self.method, "url": self.url, "status": self.status,
                "seconds": round(self.seconds, 4), "ok": self.ok, "error": self.error}


@dataclass
class ProbeResult:
    url: str
    result: str = "down"
    summary: str = ""
    model: str | None = None
    summary_zh: str = ""  # the summary in Chinese, for the text output under --lang zh (not in the JSON)
    ttft_s: float | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.result]

    def as_dict(self) -> dict:
        return {"schema": SCHEMA, "url": self.url, "result": self.result, "summary": self.summary,
                "model": self.model, "ttft_s": None if self.ttft_s is None else round(self.ttft_s, 4),
                "steps": [s.as_dict() for s in self.steps]}


# -- one HTTP exchange, bounded -----------------------------------------------------------------------

class _Fail(Exception):
    """A request that got no HTTP answer. kind: dns | connect | tls | timeout | closed | protocol."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


@dataclass
class _Answer:
    status: int
    reason: str
    content_type: str
    body: bytes
    seconds: float
    first_token: float | None = None  # seconds to the first streamed token (stream requests)
    event: dict | None = None  # the first token's chunk, or an error chunk


class _Watchdog:
    """Shuts the socket at the deadline, so that no read (headers trickled a byte at a time, a stream
    without end, a TLS handshake that stalls) outlives it."""

    def __init__(self, deadline: float):
        self.sock: socket.socket | None = None
        self.fired = False
        self._timer = threading.Timer(max(0.0, deadline - time.monotonic()), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def _fire(self) -> None:
        self.fired = True
        sock = self.sock
        if sock is not None:
            try:
                socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the plain socket's, also under TLS
            except OSError:
                pass

    def cancel(self) -> None:
        self._timer.cancel()


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise _Fail("timeout", "no answer in time")
    return left


def _resolve(host: str, port: int, deadline: float) -> list:
    """getaddrinfo has no timeout: it runs in a thread given the time that is left."""
    box: dict = {}

    def work() -> None:
        try:
            box["v"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as exc:
            box["e"] = exc

    th = threading.Thread(target=work, daemon=True)
    th.start()
    th.join(_left(deadline))
    if th.is_alive():
        raise _Fail("timeout", f"the name {host} was not resolved in time")
    if "e" in box:
        exc = box["e"]
        raise _Fail("dns", f"cannot resolve {host}: {getattr(exc, 'strerror', None) or exc}")
    return box["v"]


def _connect(t: Target, deadline: float, ctx: ssl.SSLContext | None, dog: _Watchdog) -> socket.socket:
    last: OSError | None = None
    sock = None
    for family, kind, proto, _, addr in _resolve(t.host, t.port, deadline):
        sock = socket.socket(family, kind, proto)
        dog.sock = sock
        sock.settimeout(_left(deadline))
        try:
            sock.connect(addr)
            break
        except OSError as exc:
            sock.close()
            sock = None
            last = exc
            if dog.fired or isinstance(exc, TimeoutError):
                raise _Fail("timeout", f"no connection to {t.host}:{t.port} in time") from None
    if sock is None:
        why = "connection refused" if isinstance(last, ConnectionRefusedError) else (
            (getattr(last, "strerror", None) or str(last) or "no address") if last else "no address")
        raise _Fail("connect", f"cannot connect: {why}")
    if ctx is not None:
        try:
            sock = ctx.wrap_socket(sock, server_hostname=t.host)
        except ssl.SSLCertVerificationError as exc:
            sock.close()
            raise _Fail("tls", f"TLS certificate not trusted: {exc.verify_message or exc.reason} "
                               "(--insecure skips the check)") from None
        except (ssl.SSLError, OSError) as exc:
            sock.close()
            if dog.fired or isinstance(exc, TimeoutError):
                raise _Fail("timeout", "the TLS handshake did not finish in time") from None
            raise _Fail("tls", f"TLS handshake failed: {getattr(exc, 'reason', None) or exc}") from None
        dog.sock = sock
    return sock


def _exchange(t: Target, ctx, method: str, path: str, headers: dict, body: bytes | None, deadline: float,
              cap: int, stream: str | None = None) -> _Answer:
    """One request on a fresh connection. `stream` (completion | chat) reads Server-Sent Events up to
    the first token instead of a body."""
    start = time.monotonic()
    dog = _Watchdog(deadline)
    sock = None
    try:
        sock = _connect(t, deadline, ctx, dog)
        cls = http.client.HTTPSConnection if ctx is not None else http.client.HTTPConnection
        conn = cls(t.host, t.port, timeout=_left(deadline), **({"context": ctx} if ctx is not None else {}))
        conn.sock = sock
        conn.request(method, t.base + path, body=body, headers=headers)
        resp = conn.getresponse()
        ctype = (resp.getheader("Content-Type") or "").split(";")[0].strip().lower()
        answer = _Answer(resp.status, resp.reason or "", ctype, b"", 0.0)
        if stream and resp.status == 200 and ctype == "text/event-stream":
            _first_token(resp, sock, deadline, stream, answer, start)
        else:
            answer.body = _read(resp, sock, deadline, cap)
        answer.seconds = time.monotonic() - start
        return answer
    except _Fail as exc:
        if dog.fired and exc.kind != "timeout":
            raise _Fail("timeout", "no answer in time") from None
        raise
    except (OSError, http.client.HTTPException, ValueError) as exc:
        if dog.fired or isinstance(exc, TimeoutError) or time.monotonic() >= deadline:
            raise _Fail("timeout", "no answer in time") from None
        if isinstance(exc, (http.client.BadStatusLine, http.client.LineTooLong)):
            raise _Fail("protocol", "the answer is not HTTP") from None
        if isinstance(exc, (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError,
                            http.client.IncompleteRead)):
            raise _Fail("closed", "the server closed the connection without a complete answer") from None
        raise _Fail("protocol", f"{type(exc).__name__}: {exc}") from None
    finally:
        dog.cancel()
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass


def _read(resp, sock, deadline: float, cap: int) -> bytes:
    buf = bytearray()
    while len(buf) < cap:
        sock.settimeout(_left(deadline))
        chunk = resp.read1(min(65536, cap - len(buf)))
        if not chunk:
            break
        buf += chunk
    return bytes(buf)


def _first_token(resp, sock, deadline: float, kind: str, answer: _Answer, start: float) -> None:
    """Reads `data:` lines until one carries a token (a role-only chat chunk does not), an error, the
    end of the stream, the deadline or _STREAM_CAP bytes."""
    buf = b""
    seen = 0
    while True:
        sock.settimeout(_left(deadline))
        chunk = resp.read1(16384)
        if not chunk:
            raise _Fail("closed", "the stream ended before a token")
        seen += len(chunk)
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in lines:
            line = line.strip()
            if not line.startswith(b"data:"):
                continue
            data = line[5:].strip()
            if data == b"[DONE]":
                raise _Fail("protocol", "the stream ended ([DONE]) before a token")
            try:
                event = json.loads(data)
            except ValueError:
                raise _Fail("protocol", f"a stream chunk that is not JSON: {_show(data)}") from None
            if not isinstance(event, dict):
                raise _Fail("protocol", f"a stream chunk that is not an OpenAI one: {_show(data)}")
            if "error" in event or _has_token(event, kind):
                answer.event = event
                answer.first_token = time.monotonic() - start
                return
            if not isinstance(event.get("choices"), list):
                raise _Fail("protocol", f"a stream chunk that is not an OpenAI one: {_show(data)}")
        if seen >= _STREAM_CAP:
            raise _Fail("protocol", f"no token in the first {_STREAM_CAP // 1024} KiB of the stream")


def _has_token(event: dict, kind: str) -> bool:
    choices = event.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return False
    c = choices[0]
    if c.get("finish_reason") is not None:
        return True
    if kind == "completion":
        return bool(c.get("text"))
    delta = c.get("delta") if isinstance(c.get("delta"), dict) else {}
    return any(delta.get(k) for k in ("content", "reasoning_content", "reasoning", "tool_calls"))


# -- the probe ----------------------------------------------------------------------------------------

class _Redact:
    """Every string shown goes through here: the API key never appears (a server may echo it; bodies
    also go through the report's redaction, see _show)."""

    def __init__(self, key: str | None):
        self.key = key

    def __call__(self, text: str) -> str:
        if self.key:
            text = text.replace(self.key, "[REDACTED]")
        return text


def _show(data: bytes | str, n: int = BODY_SHOWN) -> str:
    """The start of a body as one visible line (controls escaped, whitespace squeezed)."""
    from diagnose.redact import redact_text
    from diagnose.render.safe import visible

    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = " ".join(text.split())
    if len(text) > n:
        text = text[:n] + "..."
    return visible(redact_text(text)) if text else "(empty body)"


def _json(body: bytes):
    try:
        return json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


def _error_message(body: bytes) -> str:
    """An OpenAI error's message (`{"error": {"message": ...}}`, `{"message": ...}`, `{"detail": ...}`),
    else the body's start."""
    doc = _json(body)
    if isinstance(doc, dict):
        err = doc.get("error")
        for value in ((err.get("message") if isinstance(err, dict) else err), doc.get("message"), doc.get("detail")):
            if isinstance(value, str) and value:
                return _show(value)
    return _show(body)


def _headers(key: str | None, body: bool) -> dict:
    from diagnose import __version__

    h = {"User-Agent": f"llmdiag-probe/{__version__}", "Accept": "application/json, text/event-stream",
         "Connection": "close"}
    if body:
        h["Content-Type"] = "application/json"
    if key:
        h["Authorization"] = f"Bearer {key}"
    return h


_CHAT_ONLY = re.compile(r"(?i)not support|unsupported|not (?:available|enabled|implemented)|chat")
_NO_MODEL = re.compile(r"(?i)\bmodel\b")


def _chat_only(ans: _Answer) -> bool:
    """/v1/completions is not served (a chat-only server): no such route (404, 405, 501; a 404 that
    names the model is an unknown model instead), or a 400 that says the API is not supported."""
    msg = _error_message(ans.body)
    if ans.status in (404, 405, 501):
        return not _NO_MODEL.search(msg)
    return ans.status == 400 and bool(_CHAT_ONLY.search(msg))


def probe(url: str | Target, *, api_key: str | None = None, timeout: float = 10.0, total: float = 30.0,
          insecure: bool = False, model: str | None = None) -> ProbeResult:
    """Probe one server. Never raises for what the network or the server does; a bad URL raises
    ProbeError."""
    t = url if isinstance(url, Target) else parse_url(url)
    if api_key is not None and any(ord(c) < 32 or ord(c) == 127 for c in api_key):
        raise ProbeError("the API key has a line break or a control character")
    red = _Redact(api_key or None)
    ctx = None
    if t.scheme == "https":
        ctx = ssl.create_default_context()
        if insecure:
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
    res = ProbeResult(url=red(t.url))
    end = time.monotonic() + total

    def step(name, method, path, body=None, cap=_JSON_CAP, stream=None):
        s = Step(name, method, red(t.at(path)))
        res.steps.append(s)
        deadline = min(time.monotonic() + timeout, end)
        t0 = time.monotonic()
        try:
            data = json.dumps(body).encode() if body is not None else None
            ans = _exchange(t, ctx, method, path, _headers(api_key, body is not None), data, deadline, cap, stream)
        except _Fail as exc:
            s.seconds = time.monotonic() - t0
            s.error = red(str(exc)) if exc.kind != "timeout" else _timeout_text(timeout, end)
            return s, None, exc.kind
        s.seconds, s.status = ans.seconds, ans.status
        return s, ans, None

    def finish(result: str, summary: str, zh: str = "") -> ProbeResult:
        res.result, res.summary = result, red(summary)
        res.summary_zh = red(zh) if zh else res.summary
        for s in res.steps:
            s.error = red(s.error) if s.error else s.error
            s.note = red(s.note)
        res.model = red(res.model) if res.model else res.model
        return res

    def refused(s: Step, ans: _Answer) -> ProbeResult:
        s.error = f"{ans.status} {ans.reason}: {_error_message(ans.body)}".strip()
        hint = hint_zh = ""
        if ans.status in (401, 403):
            hint = (" (the API key was refused)" if api_key else
                    " (give the server's key: --api-key, or VLLM_API_KEY / OPENAI_API_KEY)")
            hint_zh = ("（API key 被拒绝）" if api_key else
                       "（请提供服务的 key：--api-key，或 VLLM_API_KEY / OPENAI_API_KEY）")
        return finish("refuses", f"{t.url} answered {s.method} {_path(s)} with {s.error}{hint}",
                      f"{t.url} 对 {s.method} {_path(s)} 的应答是 {s.error}{hint_zh}")

    # 1. /health
    s, ans, fail = step("health", "GET", "/health", cap=_SMALL_CAP)
    if fail is not None:
        if fail == "protocol":
            return finish("refuses", f"{t.url} does not answer HTTP on {_path(s)}: {s.error}",
                          f"{t.url} 在 {_path(s)} 上不以 HTTP 应答：{s.error}")
        return finish("down", f"{t.url}: {s.error} ({s.method} {_path(s)})",
                      f"{t.url}：{s.error}（{s.method} {_path(s)}）")
    if 200 <= ans.status < 300:
        s.ok = True
    elif ans.status in (404, 405):  # behind a proxy that exposes only /v1: the next steps decide
        s.ok, s.note = True, "no /health here; the next steps decide"
    else:
        return refused(s, ans)

    # 2. the model list (SGLang's own model info when the OpenAI one fails)
    s, ans, fail = step("models", "GET", "/v1/models")
    found = _model_list(ans) if ans is not None and ans.status == 200 else None
    if found is None and fail == "timeout":
        return finish("stuck", f"{t.url} answers /health but not {_path(s)}: {s.error}",
                      f"{t.url} 响应 /health，但不响应 {_path(s)}：{s.error}")
    if found is None and fail in ("connect", "dns"):
        return finish("down", f"{t.url} answered /health, then went away: {s.error} ({s.method} {_path(s)})",
                      f"{t.url} 响应了 /health，随后就断开了：{s.error}（{s.method} {_path(s)}）")
    if found is None:
        if ans is not None:
            s.error = _bad_list(ans) if ans.status == 200 else f"{ans.status} {ans.reason}: {_error_message(ans.body)}"
        s2, ans2, _ = step("model_info", "GET", "/get_model_info")
        doc = _json(ans2.body) if ans2 is not None and ans2.status == 200 else None
        path = doc.get("model_path") if isinstance(doc, dict) else None
        if isinstance(path, str) and path:
            found = [path]
            s2.ok, s2.note = True, path
        else:
            if ans2 is not None:
                s2.error = ("not SGLang's model info (JSON with model_path)" if ans2.status == 200
                            else f"{ans2.status} {ans2.reason}")
            if ans is not None and ans.status != 200:
                return refused(s, ans)
            return finish("refuses", f"{t.url} answered {s.method} {_path(s)} with {s.error}",
                          f"{t.url} 对 {s.method} {_path(s)} 的应答是 {s.error}")
    else:
        s.ok = True
        s.note = (found[0] + (f" (and {len(found) - 1} more)" if len(found) > 1 else "")) if found else "no model"
    if not found:
        s.ok, s.error = False, "the list is empty"
        return finish("refuses", f"{t.url} serves no model ({_path(s)} lists none)",
                      f"{t.url} 没有提供任何模型（{_path(s)} 列表为空）")
    res.model = model or found[0]

    # 3. one tiny real request, streamed, timed to its first token
    s, ans, fail = step("completion", "POST", "/v1/completions", stream="completion",
                        body={"model": res.model, "prompt": "Hi", "max_tokens": 1, "temperature": 0, "stream": True})
    if ans is not None and _chat_only(ans):
        s.ok, s.note = True, f"{ans.status}: not served here; trying chat"
        s, ans, fail = step("chat", "POST", "/v1/chat/completions", stream="chat",
                            body={"model": res.model, "messages": [{"role": "user", "content": "Hi"}],
                                  "max_tokens": 1, "temperature": 0, "stream": True})
    what = "a one-token chat completion" if s.name == "chat" else "a one-token completion"
    how = what.split(" ", 1)[1]
    if fail == "timeout":
        return finish("stuck", f"{t.url} answers /health, but {what} of {res.model} did not complete: {s.error}",
                      f"{t.url} 响应 /health，但 {res.model} 的单 token 请求没有完成：{s.error}")
    if fail is not None:
        return finish("down" if fail in ("connect", "dns") else "refuses",
                      f"{t.url}: {s.method} {_path(s)} of {res.model} failed: {s.error}",
                      f"{t.url}：{res.model} 的 {s.method} {_path(s)} 失败：{s.error}")
    if ans.status != 200:
        return refused(s, ans)
    if ans.event is not None and "error" in ans.event:
        err = ans.event["error"]
        msg = err.get("message") if isinstance(err, dict) else err
        s.error = f"error in the stream: {_show(str(msg))}"
        return finish("refuses", f"{t.url} answered {s.method} {_path(s)} with {s.error}",
                      f"{t.url} 对 {s.method} {_path(s)} 的应答是 {s.error}")
    if ans.first_token is None:  # not a stream: a JSON completion is fine, anything else is not
        doc = _json(ans.body)
        if not (isinstance(doc, dict) and isinstance(doc.get("choices"), list) and doc["choices"]):
            s.error = f"not an OpenAI completion ({ans.content_type or 'no content type'}): {_show(ans.body)}"
            return finish("refuses", f"{t.url} answered {s.method} {_path(s)} with {s.error}",
                          f"{t.url} 对 {s.method} {_path(s)} 的应答是 {s.error}")
        ans.first_token = ans.seconds
    s.ok, s.note = True, "first token"
    res.ttft_s = ans.first_token
    return finish("serves", f"{t.url} serves {res.model}: first token after {res.ttft_s:.3f} s ({how})",
                  f"{t.url} 正常提供 {res.model}：首 token 耗时 {res.ttft_s:.3f} s（{how}）")


def _path(s: Step) -> str:
    return urlsplit(s.url).path or "/"


def _timeout_text(timeout: float, end: float) -> str:
    if time.monotonic() >= end - 0.001:
        return "no answer within the total time (--total-timeout)"
    return f"no answer within {timeout:g} s (--timeout)"


def _model_list(ans: _Answer | None) -> list[str] | None:
    """The ids of an OpenAI model list, or None when the body is not one."""
    doc = _json(ans.body) if ans is not None else None
    data = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(data, list):
        return None
    return [m["id"] for m in data if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"]]


def _bad_list(ans: _Answer) -> str:
    if _json(ans.body) is None:
        return f"not JSON ({ans.content_type or 'no content type'}): {_show(ans.body)}"
    return f"not an OpenAI model list: {_show(ans.body)}"


# -- output -------------------------------------------------------------------------------------------

def render_text(res: ProbeResult) -> str:
    from diagnose.i18n import current

    zh = current() == "zh" and res.summary_zh
    out = [f"{res.result}: {res.summary}" if not zh else f"{res.result}：{res.summary_zh}"]
    width = max((len(_path(s)) for s in res.steps), default=0)
    for s in res.steps:
        status = "-" if s.status is None else str(s.status)
        tail = s.error if s.error and not s.ok else s.note
        mark = "FAIL" if not s.ok else "n/a " if s.status is not None and s.status >= 400 else "ok  "
        out.append(f"  {mark}  {s.method:<4} {_path(s):<{width}}  {status:>3}  "
                   f"{s.seconds:6.3f} s" + (f"  {tail}" if tail else ""))
    return "\n".join(out)


def render_json(res: ProbeResult) -> str:
    return json.dumps(res.as_dict(), indent=2, ensure_ascii=False)
