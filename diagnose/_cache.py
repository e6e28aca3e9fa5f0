"""A small on-disk cache of costly, derived objects (the validated rule pack, what the matcher and
the block scan derive from its regexes).

Entries live in the user cache folder (LLMDIAG_CACHE_DIR, else $XDG_CACHE_HOME/llmdiag,
~/Library/Caches/llmdiag, %LOCALAPPDATA%\\llmdiag\\cache). Each entry is keyed by the llmdiag,
Python and pydantic versions and the content of every source file, so an edited rule is never
served stale. Everything here is best effort: an unwritable folder or a broken entry means the
object is built again, never an error. LLMDIAG_NO_CACHE=1 turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from pathlib import Path

_FORMAT = 9  # 2: plain rule objects (diagnose.ruledata); 3: remediation items carry platforms; 4: rule tier,
# named patterns; 5: examples with their context (ExampleData); 6: plain objects keep their model's fields; 7: zh;
# 8: zh's remediation defaults to [] (wt-zh1's ZhText and wt-shapes' Zh made one); 9: rules carry unless_before
MAX_ENTRIES = 16  # one per distinct set of rule folders; the least recently written go first
# `derived` keeps no entry for fewer inputs: they are cheaper to build than to store, and the
# matchers of one rule that `rules test` makes by the hundred would push the pack's entries out
_FEW = 32
_RACY_NS = 3 * 10**9  # a rule file changed this recently is keyed by its bytes too (see files_key)


def cache_dir() -> Path | None:
    if os.environ.get("LLMDIAG_NO_CACHE"):
        return None
    explicit = os.environ.get("LLMDIAG_CACHE_DIR")
    if explicit:
        return Path(explicit)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "llmdiag" / "cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "llmdiag"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "llmdiag"


def files_key(kind: str, groups: list[tuple[str, bool, list[Path] | None]]) -> tuple[str, str] | None:
    """(entry name, key) of a derived object. The name depends on the groups' names only (one entry per
    set of folders); the key on versions and each group's name, flag and its files' paths, sizes and
    modification times, and the bytes of a file changed in the last seconds (as Python keys its
    bytecode; a file changed twice within a clock tick keeps its size and time: git's "racy" files)."""
    if cache_dir() is None:
        return None
    entry = kind + "-" + hashlib.sha256(repr([(g[0], g[1]) for g in groups]).encode()).hexdigest()[:16]
    from diagnose import __version__

    try:
        h = hashlib.sha256(f"{_FORMAT}|{kind}|{__version__}|{sys.version}|{_validator_id()}".encode())
        racy = time.time_ns() - _RACY_NS
        for group, flag, files in groups:
            h.update(f"\0{group}\0{flag}\0{files is None}".encode())
            for path in files or ():
                st = os.stat(path)
                h.update(f"\0{path}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
                if st.st_mtime_ns >= racy:
                    h.update(path.read_bytes())
    except OSError:
        return None
    return entry, h.hexdigest()


def _validator_id() -> str:
    """Which pydantic validated the cached rules, without importing it (~0.1 s): its version file."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("pydantic")
        origin = spec.origin if spec is not None else None
        if origin is None:
            return "none"
        st = os.stat(os.path.join(os.path.dirname(origin), "version.py"))
        return f"{origin}|{st.st_size}|{st.st_mtime_ns}"
    except (ImportError, ValueError, OSError):
        return "unknown"


def keeps(n: int) -> bool:
    """Whether `derived` keeps what it builds of `n` inputs: the cache is on and they are not few."""
    return n >= _FEW and cache_dir() is not None


def derived(kind: str, fmt: int, inputs, build):
    """`build(sorted inputs)` kept on disk, keyed by `kind`, `fmt` (bump it when `build` changes), the
    llmdiag and Python versions and the inputs themselves (hashable, orderable): for what the analysis
    derives from the rule pack's regexes on every start (parsing ~1000 regexes takes a large part of
    a second). Fewer than _FEW inputs are built every time."""
    from diagnose import __version__

    ordered = sorted(inputs)
    if not keeps(len(ordered)):
        return build(ordered)
    key = hashlib.sha256(repr((fmt, kind, __version__, sys.version, ordered)).encode()).hexdigest()
    name = f"{kind}-{key[:16]}"
    got = load(name, key)
    if got is not None:
        return got
    value = build(ordered)
    store(name, key, value)
    return value


def _entry(name: str) -> Path | None:
    d = cache_dir()
    return None if d is None else d / f"{name}.pickle"


def load(name: str, key: str):
    path = _entry(name)
    if path is None:
        return None
    try:
        with open(path, "rb") as fh:
            stored_key, value = pickle.load(fh)  # noqa: S301 - our own file in the user's cache folder
    except Exception:  # noqa: BLE001 - missing, unreadable or from another version: rebuild
        return None
    return value if stored_key == key else None


def store(name: str, key: str, value) -> None:
    path = _entry(name)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _prune(path.parent)
        # (atomic: concurrent runs never read half a file)
        replace_file(str(path), lambda fh: pickle.dump((key, value), fh, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - a cache that cannot be written is no error
        pass


def replace_file(path: str, write, mode: int | None = None) -> None:
    """Write a file through `write(binary file)` into a hidden temporary file of PATH's folder, then
    rename it over PATH: a reader never sees half a file; the temporary file goes when anything fails.
    `mode`: the new file's permissions (else the temporary file's, 0600)."""
    import tempfile  # (only when a file is written)

    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            if mode is not None:
                os.fchmod(fh.fileno(), mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
    for old in entries[: max(0, len(entries) - MAX_ENTRIES + 1)]:
        try:
            old.unlink()
        except OSError:
            pass
