"""The metrics through the real systems: a real Pushgateway and a real node exporter (textfile
collector) on free ports, a real Prometheus scraping both every second, and the values checked with
PromQL through Prometheus' HTTP query API.

Debian's packages: `apt-get install prometheus prometheus-pushgateway prometheus-node-exporter`
(.ci/run installs them where it can). Without the binaries the test is skipped with the reason;
LLMDIAG_REQUIRE_PROMETHEUS=1 (set by .ci/run after installing them) turns that skip into a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FAILED = ROOT / "sample_logs/vllm/07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log"
READY = ROOT / "sample_logs/sglang/sglang-0.4.7-tp1-qwen2.5-7b-ready.log"

pytestmark = pytest.mark.prometheus


def _binary(*names: str) -> str | None:
    return next((p for p in map(shutil.which, names) if p), None)


PROMETHEUS = _binary("prometheus")
PUSHGATEWAY = _binary("prometheus-pushgateway", "pushgateway")
NODE_EXPORTER = _binary("prometheus-node-exporter", "node_exporter")
MISSING = [n for n, p in (("prometheus", PROMETHEUS), ("prometheus-pushgateway", PUSHGATEWAY),
                          ("prometheus-node-exporter", NODE_EXPORTER)) if p is None]


@pytest.fixture(scope="module")
def binaries():
    if MISSING:
        why = (f"not installed: {', '.join(MISSING)} (Debian: apt-get install prometheus prometheus-pushgateway "
               "prometheus-node-exporter)")
        if os.environ.get("LLMDIAG_REQUIRE_PROMETHEUS") == "1":
            pytest.fail(why)
        pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 5.0) -> bytes:
    req = urllib.request.Request(url)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # local servers: never a proxy
    with opener.open(req, timeout=timeout) as resp:
        return resp.read()


class _Services:
    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.procs: list[tuple[str, subprocess.Popen, Path]] = []

    def start(self, name: str, argv: list[str]) -> None:
        log = self.tmp / f"{name}.log"
        fh = open(log, "wb")  # noqa: SIM115 - closed with the process
        self.procs.append((name, subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, cwd=self.tmp), log))
        fh.close()

    def wait_http(self, name: str, url: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            proc = next(p for n, p, _ in self.procs if n == name)
            if proc.poll() is not None:
                pytest.fail(f"{name} exited ({proc.returncode}): {self.logs(name)}")
            try:
                _get(url, 1.0)
                return
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"{name} did not answer {url} in {timeout:g} s: {self.logs(name)}")

    def logs(self, name: str) -> str:
        log = next(lg for n, _, lg in self.procs if n == name)
        return log.read_text(errors="replace")[-2000:]

    def stop(self) -> None:
        for _, proc, _ in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for _, proc, _ in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def stack(binaries, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("prom-stack")
    textdir = tmp / "textfile"
    textdir.mkdir()
    pg, ne, pr = _free_port(), _free_port(), _free_port()
    svc = _Services(tmp)
    try:
        svc.start("pushgateway", [PUSHGATEWAY, f"--web.listen-address=127.0.0.1:{pg}",
                                  "--persistence.file="])  # Debian defaults to a file in /var/lib: in memory only
        svc.start("node-exporter", [NODE_EXPORTER, f"--web.listen-address=127.0.0.1:{ne}",
                                    "--collector.disable-defaults", "--collector.textfile",
                                    f"--collector.textfile.directory={textdir}"])
        (tmp / "prometheus.yml").write_text(
            "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
            "scrape_configs:\n"
            f"  - job_name: pushgateway\n    honor_labels: true\n    static_configs:\n"
            f"      - targets: ['127.0.0.1:{pg}']\n"
            f"  - job_name: node\n    static_configs:\n      - targets: ['127.0.0.1:{ne}']\n")
        svc.start("prometheus", [PROMETHEUS, f"--config.file={tmp / 'prometheus.yml'}",
                                 f"--storage.tsdb.path={tmp / 'data'}", f"--web.listen-address=127.0.0.1:{pr}"])
        svc.wait_http("pushgateway", f"http://127.0.0.1:{pg}/-/ready")
        svc.wait_http("node-exporter", f"http://127.0.0.1:{ne}/metrics")
        svc.wait_http("prometheus", f"http://127.0.0.1:{pr}/-/ready", timeout=60)
        yield {"pushgateway": f"http://127.0.0.1:{pg}", "node_exporter": f"http://127.0.0.1:{ne}",
               "prometheus": f"http://127.0.0.1:{pr}", "textdir": textdir, "svc": svc}
    finally:
        svc.stop()


def _llmdiag(*args, node: str):
    env = {**os.environ, "LLMDIAG_NODE": node, "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"}
    p = subprocess.run([sys.executable, "-m", "diagnose", *map(str, args)], capture_output=True, env=env, timeout=120,
                       check=False)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def _query(base: str, promql: str) -> list[dict]:
    body = json.loads(_get(f"{base}/api/v1/query?" + urllib.parse.urlencode({"query": promql})))
    assert body["status"] == "success", body
    return body["data"]["result"]


def _until(base: str, promql: str, timeout: float = 40.0) -> list[dict]:
    """The query's result once it is not empty (Prometheus scrapes every second)."""
    deadline = time.monotonic() + timeout
    while True:
        res = _query(base, promql)
        if res or time.monotonic() > deadline:
            return res
        time.sleep(0.5)


@pytest.fixture(scope="module")
def fed(stack):
    """A failed start pushed to the Pushgateway (grouping key job=llmdiag, instance=its node), a ready
    start written for the node exporter's textfile collector; both by llmdiag from shipped sample logs."""
    rc, _, err = _llmdiag("explain", FAILED, "--pushgateway", stack["pushgateway"], node="gpu-node-7")
    assert rc == 1 and not err.strip(), err
    rc, _, err = _llmdiag("explain", READY, "-o", f"prometheus={stack['textdir'] / 'llmdiag.prom'}", node="gpu-node-3")
    assert rc == 0, err
    return stack


def test_real_prometheus_reads_the_pushed_and_the_textfile_metrics(fed):
    stack = fed
    prom = stack["prometheus"]
    # the exporters themselves accepted the metrics
    assert b"llmdiag_start_outcome" in _get(stack["pushgateway"] + "/metrics")
    ne_text = _get(stack["node_exporter"] + "/metrics").decode()
    assert 'node_textfile_scrape_error 0' in ne_text, ne_text[-1500:]
    assert "llmdiag_phase_duration_seconds" in ne_text

    def one(promql: str) -> float:
        res = _until(prom, promql)
        assert len(res) == 1, (promql, res, stack["svc"].logs("prometheus"))
        return float(res[0]["value"][1])

    # through the Pushgateway: outcome, last phase, the diagnosis by category and rule
    assert one('llmdiag_start_outcome{job="llmdiag",instance="gpu-node-7",outcome="failed"}') == 1
    assert one('llmdiag_last_phase{node="gpu-node-7",phase="nccl"}') == 1
    assert one('sum by (category) (llmdiag_diagnoses{severity="error",role="cause"})') == 1
    res = _query(prom, 'sum by (category, rule) (llmdiag_diagnoses{severity="error",role="cause"})')
    assert res[0]["metric"] == {"category": "symm-mem-allreduce", "rule": "vllm-symm-mem-rendezvous-crash"}
    assert one('llmdiag_phase_duration_seconds{engine="vllm",version="0.11.0",model="/models/gpt-oss-120b",'
               'phase="nccl"}') == 10
    # through the node exporter: durations, weights speed and KV cache of the ready start
    assert one('llmdiag_start_outcome{job="node",node="gpu-node-3",outcome="ready"}') == 1
    assert one('llmdiag_phase_duration_seconds{job="node",phase="compile"}') == 7
    assert one('llmdiag_weights_load_bytes_per_second{node="gpu-node-3"} / 1e9') == pytest.approx(5.132)
    assert one('llmdiag_kv_cache_tokens{model="/models/Qwen2.5-7B-Instruct"}') == 960832
    # the dashboard's queries (docs/grafana-llmdiag.json): slowest nodes, failures by category
    top = _until(prom, "topk(1, max by (node) (llmdiag_start_duration_seconds))")
    assert [(r["metric"]["node"], float(r["value"][1])) for r in top] == [("gpu-node-7", 25.0)]  # 25 s against 18 s
    assert one('count(llmdiag_start_info{engine=~"vllm|sglang"})') == 2


def test_the_grafana_dashboard_queries_run_on_real_prometheus(fed):
    """Every query of docs/grafana-llmdiag.json (its $model and $node as All) is valid PromQL for the
    real Prometheus, and the three views the issue names show the starts pushed above."""
    dash = json.loads((ROOT / "docs/grafana-llmdiag.json").read_text())
    prom = fed["prometheus"]
    assert _until(prom, 'llmdiag_start_info{node="gpu-node-7"}') and _until(prom, 'llmdiag_start_info{node="gpu-node-3"}')
    got = {}
    for panel in dash["panels"]:
        for t in panel["targets"]:
            expr = t["expr"].replace("$model", ".*").replace("$node", ".*")
            assert "$" not in expr, expr
            got[panel["title"]] = _query(prom, expr)  # a PromQL error fails here (status "error", HTTP 400)
    assert {r["metric"]["category"] for r in got["Failures by category"]} == {"symm-mem-allreduce"}
    assert {r["metric"]["phase"] for r in got["Phase durations by model"]} >= {"config", "nccl", "compile"}
    assert [r["metric"]["node"] for r in got["Slowest nodes"]] == ["gpu-node-7", "gpu-node-3"]
    assert [r["metric"]["node"] for r in got["Failed or stuck starts"]] == ["gpu-node-7"]


def test_watch_pushes_a_live_start_to_the_real_pushgateway(fed):
    """`watch --pushgateway`: the live pushes and the final one are accepted (HTTP 2xx: no warning)
    and Prometheus reads the final state."""
    log = (ROOT / "sample_logs/vllm/04-v1-0.11.2-tp2-ready.log").read_bytes()
    env = {**os.environ, "no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"}
    p = subprocess.run([sys.executable, "-m", "diagnose", "watch", "--plain", "--node", "gpu-node-9",
                        "--pushgateway", fed["pushgateway"]], input=log, capture_output=True, env=env,
                       timeout=120, check=False)
    assert p.returncode == 0 and p.stdout == log, p.stderr.decode()
    assert b"warning" not in p.stderr, p.stderr.decode()
    prom = fed["prometheus"]
    res = _until(prom, 'llmdiag_start_outcome{job="llmdiag",instance="gpu-node-9",outcome="ready"} == 1')
    assert len(res) == 1 and res[0]["metric"]["model"] == "/models/Qwen3-32B", res
    assert _until(prom, 'push_time_seconds{job="llmdiag",instance="gpu-node-9"}')
    assert float(_until(prom, 'llmdiag_kv_cache_tokens{node="gpu-node-9"}')[0]["value"][1]) > 0
