"""explain --model-dir: remediations quote preflight's numbers for the model folder."""

import json

from tests.conftest import SAMPLES, run_cli
from tests.preflight.modelgen import llama_config, llama_tensors, write_model

LOG = SAMPLES / "real" / "vllm-0.32.0" / "kv-cache-no-blocks.log"


def test_model_dir_puts_computed_remediation_first(tmp_path):
    cfg = llama_config()
    model = write_model(tmp_path / "tiny-llama", cfg, llama_tensors(cfg), shards=2)
    code, out, _ = run_cli(["explain", "--format", "json", "--model-dir", str(model), str(LOG)])
    data = json.loads(out)
    top = next(d for d in data["diagnoses"] if d["role"] != "wrapper")
    assert code == 1 and top["category"] == "kv-cache-insufficient"
    assert "Preflight:" in top["explanation"]
    assert top["remediation"][0].startswith("--kv-cache-memory-bytes ")
    assert data["facts"]["kv_cache_memory_bytes"] == 65536


def test_without_a_model_folder_the_report_is_unchanged():
    code, out, _ = run_cli(["explain", "--format", "json", str(LOG)])
    top = next(d for d in json.loads(out)["diagnoses"] if d["role"] != "wrapper")
    assert "Preflight:" not in top["explanation"]
