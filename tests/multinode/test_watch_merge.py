"""watch for many nodes: --merge follows growing per-node files; --node tags a stream; -o writes reports."""

import json
import os
import subprocess
import sys
import time

from diagnose.live.merge import MergeView, _node_rows, followers_for
from diagnose.live.views import Out
from tests.conftest import SAMPLES

PAIR = SAMPLES / "multinode" / "sglang-0.4.9-2node-tp16-pair"


def _llmdiag(*args, **kw):
    return subprocess.Popen([sys.executable, "-m", "diagnose", *map(str, args)], stderr=subprocess.PIPE,
                            stdout=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"}, **kw)


def test_merge_follows_growing_files_with_a_line_per_node(tmp_path):
    n0, n1 = (PAIR / "node0.log").read_text().splitlines(True), (PAIR / "node1.log").read_text().splitlines(True)
    a, b = tmp_path / "node0.log", tmp_path / "node1.log"
    proc = _llmdiag("watch", "--merge", "--exit-when-done", a, b, "-o", f"json={tmp_path / 'r.json'}")
    time.sleep(1.0)
    a.write_text("".join(n0[:30]))  # node0 starts first; node1's file does not exist yet
    time.sleep(1.5)
    b.write_text("".join(n1[:30]))
    time.sleep(1.5)
    with open(a, "a") as fa, open(b, "a") as fb:
        fa.write("".join(n0[30:]))
        fb.write("".join(n1[30:]))
    out, err = proc.communicate(timeout=90)
    text = err.decode()
    assert proc.returncode == 0, text
    assert "node node0: phase nccl" in text and "node node1: phase nccl" in text
    assert "node node0: phase server" in text
    assert "outcome READY" in text and "\x1b[" not in text
    report = json.loads((tmp_path / "r.json").read_text())
    assert {n["name"]: n["status"] for n in report["nodes"]} == {"node0": "ready", "node1": "ready"}
    assert out == b""  # nothing is passed through in --merge mode


def test_merge_view_has_a_row_per_node(tmp_path):
    from diagnose.pipeline import analyze

    report = analyze([str(PAIR / "node0.log"), str(PAIR / "node1.log")])
    follow = followers_for([str(PAIR / "node0.log"), str(PAIR / "node1.log")])
    rows = _node_rows(report, follow, time.monotonic())
    assert [(r["node"], r["phase"]) for r in rows] == [("node0", "server"), ("node1", "compile")]
    sink = tmp_path / "tty.txt"
    fd = os.open(sink, os.O_WRONLY | os.O_CREAT)
    view = MergeView(Out(fd), tty=True, quiet=False)
    view.rows(rows, report)
    view.close()
    os.close(fd)
    shown = sink.read_text()
    assert "node0" in shown and "node1" in shown and "compile" in shown


def test_watch_node_tags_the_stream_and_writes_reports(tmp_path):
    log = (SAMPLES / "vllm" / "07-v1-0.11.0-tp4-symm-mem-invalid-ordinal.log").read_bytes()
    proc = _llmdiag("watch", "--node", "gpu-a", "-o", f"json={tmp_path / 'r.json'}", stdin=subprocess.PIPE)
    out, err = proc.communicate(log, timeout=120)
    assert out == log  # the passthrough is untouched
    assert proc.returncode == 1
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["diagnoses"][0]["category"] == "symm-mem-allreduce"
    assert report["inputs"] == ["gpu-a"]


def test_merge_needs_files_and_files_need_merge(tmp_path):
    p = _llmdiag("watch", "--merge")
    _, err = p.communicate(timeout=60)
    assert p.returncode == 2 and b"--merge needs the files" in err
    p = _llmdiag("watch", tmp_path / "x.log")
    _, err = p.communicate(timeout=60)
    assert p.returncode == 2 and b"only with --merge" in err
