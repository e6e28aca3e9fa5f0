"""Released files from PyPI: the member files a catalog needs, read without unpacking whole wheels.

An sdist (.tar.gz) is downloaded whole (a few MB to ~50 MB); of a wheel only the central directory and
the wanted members are read, with HTTP range requests (a CUDA wheel is hundreds of MB, its Python part
a few). What was read is kept under the cache folder, one folder per package and version, so a second
build reads nothing from the network.
"""

from __future__ import annotations

import fnmatch
import io
import json
import shutil
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

from packaging.version import InvalidVersion, Version

INDEX = "https://pypi.org/simple"
STATS = {"bytes": 0, "seconds": 0.0}


def _get(url: str, headers: dict | None = None) -> bytes:
    t0 = time.monotonic()
    for attempt in range(4):
        try:
            req = urllib.request.Request(url, headers=headers or {})
            with urllib.request.urlopen(req, timeout=120) as r:
                data = r.read()
            STATS["bytes"] += len(data)
            STATS["seconds"] += time.monotonic() - t0
            return data
        except OSError:
            if attempt == 3:
                raise
            time.sleep(2 * (attempt + 1))
    raise AssertionError("unreachable")


def project_files(package: str) -> list[dict]:
    data = _get(f"{INDEX}/{package}/", {"Accept": "application/vnd.pypi.simple.v1+json"})
    return json.loads(data)["files"]


def releases(package: str) -> list[str]:
    """Final releases, oldest first."""
    seen = set()
    for f in project_files(package):
        v = _version_of(package, f["filename"])
        if v is not None and not v.is_prerelease and not f.get("yanked"):
            seen.add(v)
    return [str(v) for v in sorted(seen)]


def _version_of(package: str, filename: str) -> Version | None:
    norm = package.replace("-", "_").lower()
    low = filename.lower()
    for prefix in (norm + "-", package.lower() + "-"):
        if low.startswith(prefix):
            rest = filename[len(prefix):]
            rest = rest[: -len(".tar.gz")] if rest.endswith(".tar.gz") else rest.split("-")[0]
            try:
                return Version(rest)
            except InvalidVersion:
                return None
    return None


def _pick(package: str, version: str, prefer_sdist: bool) -> dict:
    files = [f for f in project_files(package) if str(_version_of(package, f["filename"])) == str(Version(version))]
    sdists = [f for f in files if f["filename"].endswith(".tar.gz")]
    wheels = [f for f in files if f["filename"].endswith(".whl")
              and (("manylinux" in f["filename"] and "x86_64" in f["filename"]) or "none-any" in f["filename"])
              and ("cp311" in f["filename"] or "abi3" in f["filename"] or "-py3-" in f["filename"]
                   or "py2.py3" in f["filename"])]
    if prefer_sdist and sdists:
        return sdists[0]
    if wheels:
        return sorted(wheels, key=lambda f: ("cp311" not in f["filename"], f["filename"]))[0]
    if sdists:
        return sdists[0]
    raise SystemExit(f"no sdist or x86_64 wheel of {package} {version} on PyPI")


class _RangeFile(io.RawIOBase):
    """A seekable read-only view of a remote file, read with HTTP range requests (cached in blocks)."""

    BLOCK = 1 << 20

    def __init__(self, url: str, size: int):
        self.url, self.size, self.pos = url, size, 0
        self.blocks: dict[int, bytes] = {}

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.pos

    def seek(self, off: int, whence: int = 0) -> int:
        self.pos = {0: off, 1: self.pos + off, 2: self.size + off}[whence]
        return self.pos

    def _block(self, i: int) -> bytes:
        if i not in self.blocks:
            lo = i * self.BLOCK
            hi = min(self.size, lo + self.BLOCK) - 1
            self.blocks[i] = _get(self.url, {"Range": f"bytes={lo}-{hi}"})
            if len(self.blocks) > 64:
                self.blocks.pop(next(iter(self.blocks)))
        return self.blocks[i]

    def read(self, n: int = -1) -> bytes:
        if n < 0:
            n = self.size - self.pos
        n = min(n, self.size - self.pos)
        if n <= 0:
            return b""
        if n > 8 * self.BLOCK:  # a large member: one request, not block by block
            data = _get(self.url, {"Range": f"bytes={self.pos}-{self.pos + n - 1}"})
            self.pos += len(data)
            return data
        out = bytearray()
        while len(out) < n:
            b = self._block(self.pos // self.BLOCK)
            start = self.pos % self.BLOCK
            chunk = b[start: start + n - len(out)]
            if not chunk:
                break
            out += chunk
            self.pos += len(chunk)
        return bytes(out)

    def readinto(self, b) -> int:
        data = self.read(len(b))
        b[: len(data)] = data
        return len(data)


def _wanted(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatch(name, p) for p in patterns)


def fetch(package: str, version: str, members: list[str], cache: Path, prefer_sdist: bool = True,
          strip_prefix: str = "") -> Path:
    """The members matching `members` (fnmatch on the path inside the package, after stripping an
    sdist's top folder and `strip_prefix`) of one release, under cache/package-version/."""
    dest = cache / f"{package}-{version}"
    done = dest / ".complete"
    if done.exists():
        return dest
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    f = _pick(package, version, prefer_sdist)
    url, size = f["url"], f.get("size") or 0
    info = {"file": f["filename"], "size": size}
    t0 = time.monotonic()
    if f["filename"].endswith(".tar.gz"):
        data = _get(url)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for m in tar:
                if not m.isfile():
                    continue
                name = m.name.split("/", 1)[1] if "/" in m.name else m.name
                if strip_prefix and name.startswith(strip_prefix):
                    name = name[len(strip_prefix):]
                if _wanted(name, members):
                    out = dest / name
                    out.parent.mkdir(parents=True, exist_ok=True)
                    out.write_bytes(tar.extractfile(m).read())
        info["read"] = len(data)
    else:
        before = STATS["bytes"]
        with zipfile.ZipFile(_RangeFile(url, size)) as z:
            for name in z.namelist():
                if _wanted(name, members):
                    out = dest / name
                    out.parent.mkdir(parents=True, exist_ok=True)
                    out.write_bytes(z.read(name))
        info["read"] = STATS["bytes"] - before
    info["seconds"] = round(time.monotonic() - t0, 1)
    (dest / ".source.json").write_text(json.dumps(info))
    done.write_text("")
    return dest
