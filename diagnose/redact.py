"""Redaction: remove secrets from a Report before any renderer sees it.

Redacted: Hugging Face / OpenAI / GitHub / AWS / Slack / Google tokens, JWTs, bearer and basic
auth headers, credentials in URLs, values of secret-named variables, keyword arguments and flags
(`HF_TOKEN=...`, `api_key='...'`, `--api-key ...`), e-mail addresses, home-directory user names.

Kept, because a diagnosis needs them: token-count settings (`max_num_batched_tokens=8192`),
numbers, flags, versions, interface names. IPv4 addresses (other than loopback, 0.0.0.0 and
masks) and NCCL host names become stable aliases (`ip-1`, `host-1`): the same address gets the
same alias everywhere in one report, so "rank 3 on ip-2 could not reach ip-1" still reads right.

One `Redactor` per report keeps the aliases consistent; `redact_report` is the entry point.
"""

from __future__ import annotations

import re
from typing import Any

from diagnose.report import Report

SECRET = "[REDACTED]"
USER = "[user]"

# Token shapes that are secrets wherever they appear (no name needed).
_TOKEN_SHAPES = [
    re.compile(r"\bhf_[A-Za-z0-9]{20,}\b"),                              # Hugging Face
    re.compile(r"\bsk-(?:proj-|ant-(?:api\d+-)?)?[A-Za-z0-9_-]{20,}\b"),  # OpenAI / Anthropic
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b"),                       # GitHub tokens
    re.compile(r"\bgithub_pat_[A-Za-z0-9_]{30,}\b"),
    re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b"),                         # GitLab
    re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),                        # AWS access key id
    re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"),                    # Slack
    re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),                            # Google API key
    re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"),  # JWT
    re.compile(r"\bnvapi-[A-Za-z0-9_-]{20,}\b"),                         # NVIDIA NGC
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"),
]

# Authorization headers: keep the scheme, drop the credential.
_AUTH_HEADER = re.compile(r"(?i)\b(bearer|basic|token)(\s+)([A-Za-z0-9._~+/=-]{8,})")

# scheme://user:password@host or scheme://token@host
_URL_CREDS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)([^/\s:@'\"]+)(?::([^/\s@'\"]*))?@")

# A secret-looking name: HF_TOKEN, hf_token, api_key, OPENAI_API_KEY, password, client_secret ...
_SECRET_NAME = (
    r"(?:[A-Za-z0-9]+[_.-])*"
    r"(?:token|api[_-]?key|apikey|access[_-]?key|secret(?:[_-]?(?:access[_-]?)?key)?|private[_-]?key"
    r"|password|passwd|passphrase|credentials?|auth|authorization|signature|sig|x-amz-signature"
    r"|x-amz-credential|x-amz-security-token|session[_-]?token|cookie)"
)
# Names that end like a secret but hold settings (bucket_time_to_first_token=[...], ...).
_SAFE_NAMES = re.compile(
    r"(?i)(?:^|[_-])(?:per|first|adapter|draft|eos|bos|pad|unk|sep|cls|mask|special|image|video|audio|start|end)"
    r"[_-]token$|^allow[_-]credentials$|^auth$"
)
# name=value, name: value, 'name': 'value', name='value' (env dumps, Namespace(...), dicts, query strings)
_NAMED_VALUE = re.compile(
    r"(?i)(?<![A-Za-z0-9_-])(['\"]?)(" + _SECRET_NAME + r")\1(\s*[=:]\s*)"
    r"(\"[^\"]*\"|'[^']*'|\[[^\]]*\]|[^\s,;&)}\]'\"]+)"
)
# --api-key VALUE, --hf-token=VALUE, --password VALUE
_SECRET_FLAG = re.compile(
    r"(?i)(?<![\w-])(--(?:[a-z0-9]+-)*(?:token|api-key|apikey|access-key|secret|secret-key|password|passwd"
    r"|credentials?|auth-token))(=|\s+)(\"[^\"]*\"|'[^']*'|[^\s,'\"]+)"
)
_KEEP_VALUES = re.compile(r"(?i)^(?:\$\{?\w+\}?|none|null|nil|true|false|''|\"\"|\[\]|\*+|<[^>]*>|\[redacted\]|-?\d+(?:\.\d+)?)$")

_EMAIL = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
_HOME = re.compile(r"(/home/|/Users/|[A-Za-z]:\\Users\\|/var/home/)([^/\\\s'\"`:]+)")
_HOME_SKIP = {USER, "user", "runner", "ubuntu", "root"}

_IPV4 = re.compile(
    r"(?<![\w.])(?<!version )(?<!v)(?<!==)"
    r"((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?![\w.])"
)
_IP_KEEP = re.compile(r"^(?:127\.|0\.|255\.|224\.)")
# NCCL's own prefix: "hostname:pid:tid [rank] NCCL INFO ..."
_NCCL_HOST = re.compile(r"(?m)(^|\s|\] )([A-Za-z][A-Za-z0-9_.-]*)(:\d+:\d+ \[\d+\] NCCL )")
# Ray / torch lines that name a node: "ip=10.0.0.2", "node_ip=...", "hostname: gpu-node-7"
_HOST_FIELD = re.compile(r"(?i)\b(hostname|host_name|node_name|nodename)(['\"]?\s*[=:]\s*['\"]?)([A-Za-z][A-Za-z0-9_.-]+)")
_HOST_KEEP = {"localhost", "none", "null", "true", "false"}


class Redactor:
    """Redacts text; the same host or address keeps the same alias for the life of the object."""

    def __init__(self) -> None:
        self.ips: dict[str, str] = {}
        self.hosts: dict[str, str] = {}
        self.count = 0  # how many secrets were removed (for a note in the report)

    # -- aliases -------------------------------------------------------------------------------
    def _ip(self, m: re.Match) -> str:
        ip = m.group(1)
        if _IP_KEEP.match(ip):
            return ip
        return self.ips.setdefault(ip, f"ip-{len(self.ips) + 1}")

    def host_alias(self, name: str) -> str:
        if name.lower() in _HOST_KEEP or name.startswith(("ip-", "host-")) and name in self.hosts.values():
            return name
        return self.hosts.setdefault(name, f"host-{len(self.hosts) + 1}")

    # -- secrets -------------------------------------------------------------------------------
    def _secret(self, _m: re.Match | None = None) -> str:
        self.count += 1
        return SECRET

    def _named(self, m: re.Match) -> str:
        quote, name, sep, value = m.group(1), m.group(2), m.group(3), m.group(4)
        if _SAFE_NAMES.search(name) or value.lower() in ("bearer", "basic", "token", "digest"):
            return m.group(0)  # "Authorization: Bearer x" is left to _AUTH_HEADER
        inner = value[1:-1] if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2 else value
        if _KEEP_VALUES.match(inner) or _KEEP_VALUES.match(value):
            return m.group(0)
        self.count += 1
        if value[:1] in "'\"" and len(value) >= 2:
            return f"{quote}{name}{quote}{sep}{value[0]}{SECRET}{value[-1]}"
        return f"{quote}{name}{quote}{sep}{SECRET}"

    def _flag(self, m: re.Match) -> str:
        flag, sep, value = m.group(1), m.group(2), m.group(3)
        inner = value.strip("'\"")
        if _KEEP_VALUES.match(inner) or inner.startswith("-"):
            return m.group(0)
        self.count += 1
        return f"{flag}{sep}{SECRET}"

    def _url(self, m: re.Match) -> str:
        self.count += 1
        return f"{m.group(1)}{SECRET}@"

    def _auth(self, m: re.Match) -> str:
        value = m.group(3)
        # "token 1234" in prose ("max token 8192"), a bare number or a placeholder is not a credential
        if _KEEP_VALUES.match(value) or not re.search(r"\d", value) or not re.search(r"[A-Za-z]", value):
            return m.group(0)
        self.count += 1
        return f"{m.group(1)}{m.group(2)}{SECRET}"

    def _home(self, m: re.Match) -> str:
        if m.group(2) in _HOME_SKIP:
            return m.group(0)
        return m.group(1) + USER

    def text(self, s: str) -> str:
        if not s:
            return s
        for shape in _TOKEN_SHAPES:
            s = shape.sub(self._secret, s)
        s = _URL_CREDS.sub(self._url, s)
        s = _SECRET_FLAG.sub(self._flag, s)
        s = _AUTH_HEADER.sub(self._auth, s)
        s = _NAMED_VALUE.sub(self._named, s)
        s = _EMAIL.sub(lambda m: self._secret(m), s)
        s = _HOME.sub(self._home, s)
        s = _NCCL_HOST.sub(lambda m: m.group(1) + self.host_alias(m.group(2)) + m.group(3), s)
        s = _HOST_FIELD.sub(lambda m: m.group(1) + m.group(2) + (
            m.group(3) if _IPV4.fullmatch(m.group(3)) else self.host_alias(m.group(3))), s)
        s = _IPV4.sub(self._ip, s)
        for host, alias in self.hosts.items():  # a host named once in an NCCL prefix, again in prose
            if len(host) >= 4 and host in s:
                s = re.sub(r"(?<![\w.-])" + re.escape(host) + r"(?![\w-])", alias, s)
        return s

    def value(self, v: Any, key: str | None = None) -> Any:
        if isinstance(v, str):
            if key is not None and re.fullmatch(_SECRET_NAME, key, re.I) and not _SAFE_NAMES.search(key) \
                    and not _KEEP_VALUES.match(v):
                self.count += 1
                return SECRET
            return self.text(v)
        if isinstance(v, list):
            return [self.value(x) for x in v]
        if isinstance(v, dict):
            return {k: self.value(x, k) for k, x in v.items()}
        return v


def redact_text(text: str) -> str:
    return Redactor().text(text)


def redact_report(report: Report, redactor: Redactor | None = None) -> Report:
    """A redacted copy: every free-text field (evidence, titles, explanations, remediation, facts,
    model, inputs, warnings, history notes). Rule ids, categories, numbers and fingerprints stay."""
    r = redactor or Redactor()
    data = report.model_dump(by_alias=True)
    for ph in data["phases"]:
        if ph.get("source"):
            ph["source"] = r.text(ph["source"])
    for d in data["diagnoses"]:
        d["title"] = r.text(d["title"])
        d["explanation"] = r.text(d["explanation"])
        d["remediation"] = [r.text(x) for x in d["remediation"]]
        for ev in d["evidence"]:
            ev["text"] = r.text(ev["text"])
            if ev.get("source"):
                ev["source"] = r.text(ev["source"])
    for key in ("model",):
        if data.get(key):
            data[key] = r.text(data[key])
    data["facts"] = r.value(data["facts"])
    data["inputs"] = [r.text(x) for x in data["inputs"]]
    data["warnings"] = [r.text(x) for x in data["warnings"]]
    if data.get("history"):
        data["history"] = r.value(data["history"])
    return Report.model_validate(data)
