"""Redaction: remove secrets from a Report before any renderer sees it.

Redacted: Hugging Face / OpenAI / GitHub / AWS / Slack / Google tokens, JWTs, bearer and basic
auth headers, credentials in URLs, values of secret-named variables, keys, keyword arguments and flags
(`HF_TOKEN=...`, `PGPASSWORD=...`, `api_key='...'`, `accessToken=...`, `"apiToken": "..."`, JSON
escaped in a Docker log line `\\"api_key\\": \\"...\\"`, `--api-key ...`, `--api_key=...`, `token%3D...`
in a URL-encoded URL), e-mail addresses, home-directory user names. Every pattern reads a line
once: none starts again inside a run it already read (a 64 KiB line of `a.a.a.` or of backslashes),
so redaction stays linear.

Kept, because a diagnosis needs them: token-count settings (`max_num_batched_tokens=8192`),
numbers, flags, versions, interface names. IPv4 and IPv6 addresses (other than loopback, 0.0.0.0,
`::` and masks) and NCCL host names become stable aliases (`ip-1`, `host-1`): the same address gets the
same alias everywhere in one report, so "rank 3 on ip-2 could not reach ip-1" still reads right.

One `Redactor` per report keeps the aliases consistent; `redact_report` is the entry point.
"""

from __future__ import annotations

import ipaddress
import os
import re
from typing import Any

from diagnose.lazyre import lazy
from diagnose.report import Report

SECRET = "[REDACTED]"
USER = "[user]"

# Token shapes that are secrets wherever they appear (no name needed), searched as one regex. A token
# begins where a word does or right after an escaped newline or tab of a JSON string ("...\\nhf_...").
_AFTER_ESCAPE = r"(?<=\\[nrt])"
_TOKEN_SHAPES = [
    r"hf_[A-Za-z0-9]{20,}\b",                              # Hugging Face
    r"sk-(?:proj-|ant-(?:api\d+-)?)?[A-Za-z0-9_-]{20,}\b",  # OpenAI / Anthropic / DashScope
    r"gh[pousr]_[A-Za-z0-9]{30,}\b",                       # GitHub tokens
    r"github_pat_[A-Za-z0-9_]{30,}\b",
    r"glpat-[A-Za-z0-9_-]{20,}\b",                         # GitLab
    r"(?:AKIA|ASIA)[0-9A-Z]{16}\b",                        # AWS access key id
    r"LTAI[0-9A-Za-z]{12,20}\b",                           # Alibaba Cloud AccessKey ID
    r"AKID[0-9A-Za-z]{13,}\b",                             # Tencent Cloud SecretId
    r"AKLT[0-9A-Za-z_-]{16,28}\b",                         # Volcengine / BytePlus AccessKey ID
    r"xox[abposr]-[A-Za-z0-9-]{10,}\b",                    # Slack
    r"AIza[0-9A-Za-z_-]{35}\b",                            # Google API key
    r"nvapi-[A-Za-z0-9_-]{20,}\b",                         # NVIDIA NGC
]
_JWT = r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"  # (after no word character or dash)
_PRIVATE_KEY = r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"

_TOKEN_SHAPE = lazy(rf"(?:\b|{_AFTER_ESCAPE})(?:{'|'.join(_TOKEN_SHAPES)})"
                    rf"|(?:(?<![\w-])|{_AFTER_ESCAPE}){_JWT}|{_PRIVATE_KEY}")
_TOKEN_HINT = lazy(r"hf_|sk-|gh[pousr]_|github_pat_|glpat-|AKIA|ASIA|LTAI|AKID|AKLT|xox|AIza|eyJ|nvapi-|PRIVATE KEY")
_SECRET_WORDS = ("token", "key", "secret", "passw", "credential", "auth", "sig", "cookie", "passphrase")
_MAYBE_IP = lazy(r"\d\.\d{1,3}\.\d")

# A quoted value, also with escaped quotes: JSON inside a JSON string (Docker's and Kubernetes' log
# lines) writes \" and a repr of that \\" ; and a bare value, which ends at a space, a separator, a
# quote or an escape of the string around it (\n, \")
_QUOTED = r"\\*\"(?:[^\"\\]|\\[^\"\\])*\\*\"|\\*'(?:[^'\\]|\\[^'\\])*\\*'"
_BARE = r"(?:(?!%26)[^\s,;&)}\]'\"\\]|\\(?![nrt\"'\\]))+"  # (%26: an encoded &)
_VALUE = _QUOTED + r"|\[(?:[^\]\[]|\[REDACTED\])*\]|\([^)]*\)|" + _BARE  # ... or a list or a tuple
_QUOTES = lazy(r"(\\*[\"'])(.*?)(\\*[\"'])", re.S)

# Authorization headers: keep the scheme, drop the credential. After `Authorization:` any value is
# one; elsewhere ("max token 8192", "basic functionality") only what looks like a credential.
_AUTH_HEADER = lazy(r"(?i)\b(bearer|basic|token)(\s+)([A-Za-z0-9._~+/=-]+)")
_AFTER_AUTHORIZATION = lazy(r"(?i)authorization\\*['\"]?\s*[:=]\s*\\*['\"]?\s*$")

# scheme://user:password@host, scheme://:password@host (redis) or scheme://token@host; a password may
# hold a slash, a port (host:8080/path@x) is not a password; each is read up to 512 characters (a
# line of 64 KiB without an @ is not read to its end from every scheme in it)
_URL_CREDS = lazy(
    r"(?i)(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*://)([^/\s:@'\"]{0,512})(?::(?!\d+[/?#])([^\s@'\"]{0,512}))?@")

# A secret-looking name: HF_TOKEN, hf_token, api_key, OPENAI_API_KEY, password, client_secret,
# accessToken, apiKey, PGPASSWORD ...
_SECRET_WORD = (
    r"token|api[_-]?key|apikey|access[_-]?key|secret(?:[_-]?(?:access[_-]?)?key)?|private[_-]?key"
    r"|password|passwd|passphrase|credentials?|auth|authorization|signature|sig|x-amz-signature"
    r"|x-amz-credential|x-amz-security-token|session[_-]?token|cookie"
)
_SECRET_NAME = (
    r"(?:[A-Za-z0-9]+[_.-])*"
    r"(?:(?-i:[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)*(?=[A-Z]))"  # camelCase: accessToken, apiKey
    r"|(?-i:[A-Z][A-Z0-9]*(?=TOKEN|SECRET))"  # glued upper-case names: GHTOKEN
    r"|[A-Za-z0-9]*(?=pass(?:word|wd|phrase)))?"  # a password whatever is glued before it: PGPASSWORD
    r"(?:" + _SECRET_WORD + ")"
)
# Names that end like a secret but hold settings (bucket_time_to_first_token=[...], ...), read in
# snake case (firstToken is first_token).
_SAFE_NAMES = lazy(
    r"(?i)(?:^|[_-])(?:per|first|adapter|draft|eos|bos|pad|unk|sep|cls|mask|special|image|video|audio|start|end)"
    r"[_-]token$|^allow[_-]credentials$|^auth$"
)
_CAMEL_HUMP = lazy(r"(?<=[a-z0-9])(?=[A-Z])")
# name=value, name: value, 'name': 'value', name='value', "name": "value", \"name\": \"value\"
# (env dumps, Namespace(...), dicts, JSON, YAML, query strings, headers), and name%3Dvalue (a query
# string inside a URL-encoded URL)
_NAMED_VALUE = lazy(
    r"(?i)(?:(?<![A-Za-z0-9_-])|(?<=%[0-9A-F]{2}))(?<![A-Za-z0-9_-]\.)((?:(?<!\\)\\*['\"])?)"
    r"(" + _SECRET_NAME + r")\1(\s*(?:[=:]|%3[DdAa])\s*)"
    r"(" + _VALUE + ")"
)
# What every match of _NAMED_VALUE holds (a secret word, a quote, `=` or `:`): a line without it is not
# searched with the whole pattern (most lines that say "token" say "tokens" in prose)
_NAMED_HINT = lazy(r"(?i)(?:" + _SECRET_WORD + r")\\*['\"]?\s*(?:[=:]|%3[da])")
# --api-key VALUE, --hf-token=VALUE, --api_key VALUE, --password VALUE, and in an argv list
# '--api-key', 'VALUE'
_SECRET_FLAG = lazy(
    r"(?i)(?<![\w-])(--(?:[a-z0-9]+[-_])*(?:token|api[-_]?key|access[-_]key|secret|secret[-_]key|password"
    r"|passwd|credentials?|auth[-_]token))(=|\s+|\\*['\"],\s*\\*['\"])(" + _VALUE + ")"
)
_KEEP_VALUES = lazy(r"(?i)^(?:\$\{?\w+\}?|none|null|nil|true|false|''|\"\"|\[\]|\*+|<[^>]*>|\[redacted\]|-?\d+(?:\.\d+)?)$")

_EMAIL = lazy(r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
_HOME = lazy(r"(/home/|/Users/|[A-Za-z]:\\Users\\|/var/home/)([^/\\\s'\"`:]+)")
_HOME_SKIP = {USER, "user", "runner", "ubuntu", "root"}

_IPV4 = lazy(
    r"(?<![\w.])(?<!version )(?<!v)(?<!==)"
    r"((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?![\w.])"
)
_IP_KEEP = lazy(r"^(?:127\.|0\.|255\.|224\.)")
# IPv6 candidates (NCCL's `eth0:fe80::42:acff:fe11:2%eth0<0>`, torch's `[2001:db8::7]:29500`): hex
# groups and colons, maybe behind an interface name, checked by `ipaddress`; an IPv4-mapped tail
# (`::ffff:10.0.0.1`) is left to _IPV4
_IPV6 = lazy(r"(?<![\w:.])((?:(?<!-)[A-Za-z][\w.-]*:)?)((?:[0-9A-Fa-f]{1,4}|:)(?::[0-9A-Fa-f]{0,4}){2,7})(?![\w:.])")
# NCCL's own prefix: "hostname:pid:tid [rank] NCCL INFO ..."
_NCCL_HOST = lazy(r"(?m)(^|\s|\] )([A-Za-z][A-Za-z0-9_.-]*)(:\d+:\d+ \[\d+\] NCCL )")
# Ray / torch lines that name a node: "ip=10.0.0.2", "node_ip=...", "hostname: gpu-node-7"
_HOST_FIELD = lazy(r"(?i)\b(hostname|host_name|node_name|nodename)(['\"]?\s*[=:]\s*['\"]?)([A-Za-z][A-Za-z0-9_.-]+)")
_HOST_KEEP = {"localhost", "none", "null", "true", "false"}
_HOST_KEYS = frozenset({"node", "nodes", "hostname", "host_name", "node_name", "nodename"})
_HOSTNAME = lazy(r"^[A-Za-z][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*$")
# Hosts that are replaced wherever they stand as a word: four characters or more, with a digit, dot
# or dash (not a plain word like "main" that an NCCL prefix happened to name)
_PROSE_HOST = lazy(r"(?=.*[\d.-]).{4,}", re.S)
_WORD = lazy(r"(?<![\w.-])[A-Za-z][A-Za-z_]*[\d.-][\w.-]*")  # a word that may begin with such a host
_FILE_NAME = lazy(r"(?i)\.(?:log|txt|gz|out|err|json|jsonl)$")


class Redactor:
    """Redacts text; the same host or address keeps the same alias for the life of the object."""

    def __init__(self) -> None:
        self.ips: dict[str, str] = {}
        self.hosts: dict[str, str] = {}
        self.count = 0  # how many secrets were removed (for a note in the report)
        self._cache: dict[str, str] = {}
        self._host_aliases: set[str] = set()
        self._prose_hosts: dict[str, str] = {}  # hosts also replaced in prose (see _prose)
        self._longest_host = 0

    # -- aliases -------------------------------------------------------------------------------
    def _ip(self, m: re.Match) -> str:
        ip = m.group(1)
        if _IP_KEEP.match(ip):
            return ip
        return self.ips.setdefault(ip, f"ip-{len(self.ips) + 1}")

    def _ip6(self, m: re.Match) -> str:
        head, text = m.group(1), m.group(2)
        if head:
            whole = self._ip6_alias(head + text)  # `fe80:` read as an interface name
            if whole is not None:
                return whole
        alias = self._ip6_alias(text)
        return m.group(0) if alias is None else head + alias

    def _ip6_alias(self, text: str) -> str | None:
        if ("::" not in text and text.count(":") != 7) or not any(c.isdigit() for c in text):
            return None  # "12:34:56", a MAC, "a::b" in prose
        try:
            addr = ipaddress.IPv6Address(text)
        except ValueError:
            return None
        if addr.is_loopback or addr.is_unspecified:
            return text
        return self.ips.setdefault(str(addr), f"ip-{len(self.ips) + 1}")  # one alias however it is written

    def host_alias(self, name: str) -> str:
        alias = self.hosts.get(name)
        if alias is not None:
            return alias
        if name.lower() in _HOST_KEEP or name in self._host_aliases:
            return name
        alias = self.hosts[name] = f"host-{len(self.hosts) + 1}"
        self._host_aliases.add(alias)
        if _PROSE_HOST.fullmatch(name):
            self._prose_hosts[name] = alias
            self._longest_host = max(self._longest_host, len(name))
        return alias

    def _prose(self, m: re.Match) -> str:
        """A word that is, or begins with, a known host (`gpu-node-17`, `gpu-node-17.corp.net`): the
        longest known host up to a dot is replaced, whatever the number of hosts known (one lookup per dot)."""
        word = m.group(0)
        end = len(word)
        if end > self._longest_host:  # a dotted run of 64 KiB is not sliced at each of its dots
            end = word.rfind(".", 0, self._longest_host + 1)
        while end > 0:
            alias = self._prose_hosts.get(word[:end])
            if alias is not None:
                return alias + word[end:]
            end = word.rfind(".", 0, end)
        return word

    # -- secrets -------------------------------------------------------------------------------
    def _secret(self, _m: re.Match | None = None) -> str:
        self.count += 1
        return SECRET

    def _named(self, m: re.Match) -> str:
        quote, name, sep, value = m.group(1), m.group(2), m.group(3), m.group(4)
        opened, inner, closed = _unquote(value)
        if _SAFE_NAMES.search(_CAMEL_HUMP.sub("_", name)) or inner.split(" ", 1)[0].lower() in _SCHEMES:
            return m.group(0)  # "Authorization: Bearer x" is left to _AUTH_HEADER
        if _KEEP_VALUES.match(inner) or _KEEP_VALUES.match(value):
            return m.group(0)
        self.count += 1
        return f"{quote}{name}{quote}{sep}{opened}{SECRET}{closed}"

    def _flag(self, m: re.Match) -> str:
        flag, sep, value = m.group(1), m.group(2), m.group(3)
        opened, inner, closed = _unquote(value)
        if _KEEP_VALUES.match(inner) or inner.startswith("-"):
            return m.group(0)
        self.count += 1
        return f"{flag}{sep}{opened}{SECRET}{closed}"

    def _url(self, m: re.Match) -> str:
        if not m.group(2) and not m.group(3):
            return m.group(0)  # scheme://@host, scheme://:@host: nothing to hide
        self.count += 1
        return f"{m.group(1)}{SECRET}@"

    def _auth(self, m: re.Match) -> str:
        scheme, value = m.group(1).lower(), m.group(3)
        if _KEEP_VALUES.match(value):
            return m.group(0)
        header = _AFTER_AUTHORIZATION.search(m.string, max(0, m.start() - 40), m.start())
        # "token 1234" in prose ("max token 8192") or "basic functionality" is not a credential: one has
        # a letter and a digit, or (bearer, basic) is long and in mixed case like base64
        if not header and not (len(value) >= 8 and re.search(r"\d", value) and re.search(r"[A-Za-z]", value)) \
                and not (scheme != "token" and len(value) >= 16 and not value.islower()
                         and sum(c.isupper() for c in value) >= 2):
            return m.group(0)
        self.count += 1
        return f"{m.group(1)}{m.group(2)}{SECRET}"

    def _home(self, m: re.Match) -> str:
        if m.group(2) in _HOME_SKIP:
            return m.group(0)
        return m.group(1) + USER

    def learn(self, s: str) -> None:
        """First pass: note hosts and addresses so that every mention gets the same alias."""
        if "NCCL" in s:
            for m in _NCCL_HOST.finditer(s):
                self.host_alias(m.group(2))
        if _MAYBE_IP.search(s):
            for m in _IPV4.finditer(s):
                self._ip(m)
        if "::" in s or s.count(":") >= 7:
            for m in _IPV6.finditer(s):
                self._ip6(m)

    def text(self, s: str) -> str:
        if not s:
            return s
        cached = self._cache.get(s)
        if cached is None:
            cached = self._cache[s] = self._text(s)
        return cached

    def _text(self, s: str) -> str:
        # cheap substring tests first: evidence can be megabytes, most lines hold nothing to redact
        low = s.lower()
        if _TOKEN_HINT.search(s):
            s = _TOKEN_SHAPE.sub(self._secret, s)
        if "@" in s:
            if "://" in s:
                s = _URL_CREDS.sub(self._url, s)
        if "--" in s:
            s = _SECRET_FLAG.sub(self._flag, s)
        if "bearer" in low or "basic" in low or "token" in low:
            s = _AUTH_HEADER.sub(self._auth, s)
        if any(w in low for w in _SECRET_WORDS) and _NAMED_HINT.search(s):
            s = _NAMED_VALUE.sub(self._named, s)
        if "@" in s:
            s = _EMAIL.sub(lambda m: self._secret(m), s)
        if "users" in low or "/home/" in s:
            s = _HOME.sub(self._home, s)
        if "NCCL" in s:
            s = _NCCL_HOST.sub(lambda m: m.group(1) + self.host_alias(m.group(2)) + m.group(3), s)
        if any(w in low for w in ("hostname", "host_name", "node_name", "nodename")):
            s = _HOST_FIELD.sub(lambda m: m.group(1) + m.group(2) + (
                m.group(3) if _IPV4.fullmatch(m.group(3)) else self.host_alias(m.group(3))), s)
        if _MAYBE_IP.search(s):
            s = _IPV4.sub(self._ip, s)
        if "::" in s or s.count(":") >= 7:
            s = _IPV6.sub(self._ip6, s)
        if self._prose_hosts:  # a host named once in an NCCL prefix, again in prose
            s = _WORD.sub(self._prose, s)
        return s

    def learn_hosts(self, v: Any, key: str | None = None, inputs: frozenset = frozenset()) -> None:
        """Host names the report holds in structured fields (`node`, `hostname`) get aliases too."""
        if isinstance(v, dict):
            for k, x in v.items():
                self.learn_hosts(x, k, inputs)
        elif isinstance(v, list):
            for x in v:
                self.learn_hosts(x, key if key in _HOST_KEYS else None, inputs)
        elif isinstance(v, str) and key in _HOST_KEYS and v not in inputs and _HOSTNAME.match(v) \
                and not _FILE_NAME.search(v) and v.lower() not in _HOST_KEEP and not _IPV4.fullmatch(v):
            self.host_alias(v)

    def value(self, v: Any, key: str | None = None) -> Any:
        """Redact every string in a JSON-like value; structural keys (ids, enums, versions) stay."""
        if key is not None and (key in STRUCTURAL_KEYS or key.endswith("version")):
            return v
        if key in FILE_KEYS:
            if isinstance(v, list):
                return [_HOME.sub(self._home, x) if isinstance(x, str) else x for x in v]
            return _HOME.sub(self._home, v) if isinstance(v, str) else v
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


# Values that are ids, enums or versions, never free text (fingerprints must not change).
STRUCTURAL_KEYS = frozenset({
    "schema", "engine", "outcome", "last_phase", "status", "rule", "category", "severity", "role", "phase",
    "phases", "fingerprint", "references", "started_at",
})
# The user's own input files: evidence must name the file it comes from, so only user names in
# home directories are hidden there, never host aliases.
FILE_KEYS = frozenset({"source", "sources", "inputs"})


def _walk_strings(v: Any, fn) -> None:
    if isinstance(v, str):
        fn(v)
    elif isinstance(v, list):
        for x in v:
            _walk_strings(x, fn)
    elif isinstance(v, dict):
        for k, x in v.items():
            if k not in STRUCTURAL_KEYS and not k.endswith("version"):
                _walk_strings(x, fn)


_SCHEMES = ("bearer", "basic", "token", "digest")


def _unquote(value: str) -> tuple[str, str, str]:
    """A value as (opening quote, inside, closing quote); quotes may be escaped (\\")."""
    m = _QUOTES.fullmatch(value) if len(value) >= 2 and value[-1:] in "'\"" else None
    return (m.group(1), m.group(2), m.group(3)) if m else ("", value, "")


def cut(text: str, n: int) -> str:
    """At most n characters of a text that is redacted later, ending at a space: a secret cut in half
    (`hf_FAKEab`) no longer has the shape redaction knows, so the cut drops the whole word."""
    if len(text) <= n:
        return text
    space = text.rfind(" ", 0, n + 1)
    return text[:space] if space > 0 else text[:n]


def redact_text(text: str) -> str:
    return Redactor().text(text)


def redact_report(report: Report, redactor: Redactor | None = None) -> Report:
    """A redacted copy. Every string of the report goes through the redactor (evidence, titles,
    explanations, remediation, facts, model, inputs, warnings, history, and fields added later),
    except ids, enums, versions and fingerprints (STRUCTURAL_KEYS)."""
    r = redactor or Redactor()
    data = report.model_dump(by_alias=True)
    # inputs and the node labels made from their names (node0.log -> node0) are the user's files
    stems = {os.path.splitext(os.path.basename(i))[0] for i in report.inputs}
    stems |= {os.path.basename(os.path.dirname(i)) for i in report.inputs if os.path.dirname(i)}
    r.learn_hosts(data, inputs=frozenset(report.inputs) | frozenset(stems))
    _walk_strings(data, r.learn)  # aliases in order of first mention anywhere, before any text is rewritten
    data = r.value(data)
    return Report.from_dict(data)
