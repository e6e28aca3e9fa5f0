"""Cross-rank and cross-node state of one start, and the diagnoses only that state can make.

The tracker is fed every line with its marker events (by the timeline). It keeps, per process
(rank) and per node, the phases reached, the first error and the facts that node printed, plus the
NCCL transport of every rank pair when NCCL_DEBUG=INFO is on. `finish` turns that into the
report's `ranks` / `nodes` / `nccl` views and into diagnoses (diagnosis.Diagnosed, as diagnosis.build's):
a rank or node that stayed behind, nodes started differently, a node rank missing twice or not at
all, NCCL transports that fell back to sockets. Those rank after a rule-matched cause of the same
failure; only a rule-matched error on one rank moves ahead of the collective time-outs it causes
on the others.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from diagnose import i18n
from diagnose.diagnosis import Diagnosed, coded_texts, phrase, zh_text
from diagnose.rulepack import coded_rule
from diagnose.engines.base import PHASE_INDEX, PHASES
from diagnose.report import SEVERITY_RANK, Diagnosis

_WORKER = re.compile(r"Worker|RayWorker|TP\d|PP\d|EP\d|DP\d|rank")
_RANK_IN_NAME = re.compile(r"(?:^|[_ ])(?:TP|rank=?|VllmWorker-)(\d+)")
_ENV_LINE = re.compile(
    r"^(?:\+ )?(?:export |declare -x )?(?P<k>(?:VLLM|NCCL|SGLANG|GLOO|TORCH|RAY|PYTORCH|CUDA)_[A-Z0-9_]+)="
    r"(?P<v>'[^']*'|\"[^\"]*\"|\S*)\s*$"
)
_NCCL_ENV = re.compile(r"^NCCL INFO (?P<k>NCCL_[A-Z0-9_]+) set by environment to (?P<v>[^\s.]+)")
_NCCL_CHANNEL = re.compile(
    r"^NCCL INFO Channel \d+(?:/\d+)? : (?P<a>\d+)\[(?P<da>\d+)\] -> (?P<b>\d+)\[(?P<db>\d+)\]"
    r"(?: \[(?:send|receive)\])? via (?P<via>\S+)"
)
_NCCL_NETWORK = re.compile(r"^NCCL INFO Using network (?P<net>\w+)")
_NCCL_NNODES = re.compile(r"^NCCL INFO comm 0x[0-9a-f]+ rank \d+ nRanks (?P<n>\d+) nNodes (?P<nodes>\d+)")
_COMPARED = ("engine_version", "sglang_version", "model", "tp_size", "pp_size", "dp_size", "ep_size", "nnodes",
             "dist_init_addr", "nccl_version", "torch_version", "dtype", "quantization", "max_model_len",
             "kv_cache_dtype")
_FACT_WORDS = {"engine_version": "engine version", "sglang_version": "SGLang version", "model": "model path",
               "tp_size": "tensor-parallel size", "pp_size": "pipeline-parallel size", "dp_size": "data-parallel size",
               "ep_size": "expert-parallel size", "nnodes": "--nnodes", "dist_init_addr": "--dist-init-addr",
               "nccl_version": "NCCL version", "torch_version": "torch version", "dtype": "dtype",
               "quantization": "quantization", "max_model_len": "max model length", "kv_cache_dtype": "KV cache dtype"}
_ENV_CATEGORY = (("VLLM_ALLREDUCE_USE_SYMM_MEM", "symm-mem-allreduce"), ("NCCL_P2P", "nccl-p2p-acs"),
                 ("NCCL_SHM", "shm-exhausted"), ("NCCL_", "nccl-network"), ("GLOO_", "nccl-network"))
_COLLECTIVE_WAIT = {"nccl-network", "unknown"}
_CAP = PHASE_INDEX["compile"]  # rank 0 alone prints the server phase; worker nodes have none
MAX_ATTRIBUTED = 5_000  # (source, line) -> process of error lines (rule evidence carries its own)
# Per-host state is bounded: a log naming more nodes or processes than this (10^5 NCCL host names) has
# the lines of the others counted (`untracked`, a report warning), not kept. Rules still read them.
MAX_NODES = 1_024
MAX_PROCS = 4_096
MAX_PAIRS = 16_384  # NCCL (from rank, to rank) transports
MAX_ENV = 512  # environment variables per node


@dataclass
class ProcState:
    key: tuple
    label: str
    rank: int | None
    node: str
    pid: int | None
    source: str
    is_rank: bool
    first_line: int
    last_line: int
    lines: int = 0
    max_idx: int = -1
    phases: list[str] = field(default_factory=list)
    error: tuple[int, str, str] | None = None  # line, source, text
    error_wrapper: bool = False  # the error so far is a wrapper line; a real exception replaces it
    ready: bool = False
    network: str | None = None

    @property
    def last_phase(self) -> str | None:
        return PHASES[self.max_idx] if self.max_idx >= 0 else None


@dataclass
class NodeState:
    name: str
    sources: list[str] = field(default_factory=list)
    lines: int = 0
    max_idx: int = -1
    facts: dict = field(default_factory=dict)
    fact_lines: dict = field(default_factory=dict)  # fact -> (line, source, text)
    env: dict = field(default_factory=dict)
    env_lines: dict = field(default_factory=dict)
    env_families: set = field(default_factory=set)
    error: tuple[int, str, str] | None = None
    ready: bool = False
    nccl_nodes: int | None = None
    ray_remote: bool = False  # named by a Ray worker's ", ip=" prefix: Ray adds it only off the driver's node


class DistTracker:
    def __init__(self) -> None:
        self.procs: dict[tuple, ProcState] = {}
        self.nodes: dict[str, NodeState] = {}
        self.sources: list[str] = []
        self.where: dict[tuple[str, int], tuple] = {}  # (source, line) -> process key of error lines
        self.last_key: tuple | None = None  # process of the line just fed
        self.transports: dict[tuple[int, int], dict] = {}  # (from rank, to rank) -> transport info
        self.ray_dedup = False
        self.ray = False
        self.untracked = 0  # lines of nodes, processes, rank pairs or variables beyond the MAX_ limits

    # -- feeding -------------------------------------------------------------------------
    def node_of(self, line) -> str:
        return line.node or line.source

    def _proc(self, line, node: str) -> ProcState | None:
        if line.tags:
            # a pure TP tag is the global rank: torch's own "[rankN]:" lines join it
            key: tuple = ("rank", line.rank) if line.tags == f"TP{line.rank}" else ("tags", line.tags)
        elif line.pid is not None:
            key = ("pid", node, line.pid)
        elif line.rank is not None:
            key = ("rank", line.rank)
        else:
            key = ("main", node)
        st = self.procs.get(key)
        name = line.tags or line.proc
        if st is None:
            if len(self.procs) >= MAX_PROCS:
                return None
            is_rank = bool(line.tags) or line.rank is not None or line.kind == "nccl" or bool(
                line.proc and _WORKER.search(line.proc))
            if name is None:
                label = f"rank {line.rank}" if line.rank is not None else "main process"
            else:
                label = name if line.pid is None or line.tags else f"{name} pid={line.pid}"
            if line.kind == "nccl" and not line.proc:
                label = f"NCCL rank {line.rank}" if line.rank is not None else f"NCCL pid={line.pid} dev {line.dev}"
            st = ProcState(key, label, line.rank, node, line.pid, line.source, is_rank, line.n, line.n)
            self.procs[key] = st
        else:
            if line.tags and st.label != line.tags and key[0] == "rank":
                st.label = line.tags
            if line.proc and not line.tags and names_rank(line.proc) and not names_rank(st.label):
                st.label = f"{line.proc} pid={line.pid}" if line.pid is not None else line.proc
                st.is_rank = True
            if st.rank is None and line.rank is not None:
                st.rank = line.rank
                st.is_rank = True
                if st.label.startswith("NCCL pid="):
                    st.label = f"NCCL rank {line.rank}"
        return st

    @staticmethod
    def knows(node: NodeState, facts: dict) -> bool:
        """Whether `feed` would keep `node`'s facts as they are on these (it keeps the first value of
        a compared fact)."""
        have = node.facts
        return all(k in have or (k not in _COMPARED and k != "node_rank") for k in facts)

    def feed(self, line, events, is_error: bool = False) -> None:
        if line.source not in self.sources:
            self.sources.append(line.source)
        node_name = self.node_of(line)
        node = self.nodes.get(node_name)
        st = self._proc(line, node_name) if node is not None or len(self.nodes) < MAX_NODES else None
        if st is None:
            self.untracked += 1
            self.last_key = None
            return
        if node is None:
            node = self.nodes[node_name] = NodeState(node_name, ray_remote=node_name == line.ip)
        if line.source not in node.sources:
            node.sources.append(line.source)
        self.quiet(st, node, line.n, bool(line.proc) and line.proc.startswith("RayWorker"), False, None, ())
        if line.repeated:
            self.ray_dedup = True
        if is_error and len(self.where) < MAX_ATTRIBUTED:
            self.where[(line.source, line.n)] = st.key
        for ev in events:
            mk = ev.marker
            if mk.phase and mk.role in ("start", "progress", "end"):
                _reached(st, node, mk.phase)
            elif mk.role == "ready":
                st.ready = node.ready = True
                st.max_idx = node.max_idx = PHASE_INDEX["server"]
                if "server" not in st.phases:
                    st.phases.append("server")
            elif mk.role in ("wrapper", "fatal") and st.error is None:
                st.error = (line.n, line.source, line.raw)
                st.error_wrapper = mk.role == "wrapper"
            for k, v in ev.facts.items():
                if k in _COMPARED or k == "node_rank":
                    if k not in node.facts:
                        node.facts[k] = v
                        node.fact_lines[k] = (line.n, line.source, line.raw, self.last_key)
            if mk.id in ("ray_started", "pg_wait", "ray_spmd"):
                self.ray = True
        text = line.text
        if is_error and (st.error is None or st.error_wrapper):
            st.error = (line.n, line.source, line.raw)
            st.error_wrapper = False
        if node.error is None and st.error is not None and st.error[0] == line.n:
            node.error = st.error
        if "=" in text and text[:1] in "+ednVSGTRPC":
            m = _ENV_LINE.match(text)
            if m:
                self._env(node, m["k"], m["v"].strip("'\""), line)
        if line.kind == "nccl":
            node.env_families.add("NCCL_")
            self._nccl(line, st, node)

    def _env(self, node: NodeState, key: str, value: str, line) -> None:
        node.env_families.add(key.split("_", 1)[0] + "_")
        if key not in node.env:
            if len(node.env) >= MAX_ENV:
                self.untracked += 1
                return
            node.env[key] = value
            node.env_lines[key] = (line.n, line.source, line.raw, self.last_key)

    def _nccl(self, line, st: ProcState, node: NodeState) -> None:
        text = line.text
        if "via" in text:
            channel = channel_of(text)
            if channel:
                pair, kind = channel
                if pair not in self.transports and len(self.transports) >= MAX_PAIRS:
                    self.untracked += 1
                    return
                info = self.transports.setdefault(pair, {"via": set(), "node": node.name, "line": line.n,
                                                         "source": line.source, "text": line.raw,
                                                         "who": self.last_key})
                info["via"].add(kind)
                return
        if "set by environment" in text:
            m = _NCCL_ENV.match(text)
            if m:
                self._env(node, m["k"], m["v"], line)
                return
        if "Using network" in text:
            m = _NCCL_NETWORK.match(text)
            if m:
                st.network = m["net"]
                return
        if "nNodes" in text:
            nodes = nccl_nodes_of(text)
            if nodes is not None:
                node.nccl_nodes = max(node.nccl_nodes or 0, nodes)

    def quiet(self, st: ProcState, node: NodeState, n: int, ray: bool, nccl: bool, nodes_seen: int | None,
              phases) -> None:
        """What `feed` changes for a line of a known process that is no error and names no fact, env
        variable or new transport (see diagnose.fastpath): counts, last line, the phases it names."""
        if ray:
            self.ray = True
        if node.error is None and st.error is not None and st.error[0] == n:
            node.error = st.error
        self.quiet_run(((st, node, 1, n, nccl, phases, nodes_seen),), st.key)

    def quiet_run(self, procs, last_key: tuple) -> None:
        """`quiet` of a run of lines of no Ray worker: `procs` holds (ProcState, NodeState, lines, last
        line, NCCL lines, the phases its events name in order, NCCL node count seen or None) per
        process; `last_key` is the process of the run's last line."""
        for st, node, k, last, nccl, phases, nodes_seen in procs:
            node.lines += k
            st.lines += k
            st.last_line = last
            if nccl:
                node.env_families.add("NCCL_")
                if nodes_seen is not None:
                    node.nccl_nodes = max(node.nccl_nodes or 0, nodes_seen)
            for phase in phases:
                _reached(st, node, phase)
        self.last_key = last_key

    # -- views -----------------------------------------------------------------------------
    def ranks(self) -> list[ProcState]:
        ranks = [p for p in self.procs.values() if p.is_rank]
        # vLLM V1's engine core (EngineCore_DPn) runs the model itself only without worker processes;
        # with them (TP / PP > 1) it drives them and is no rank: its phases are not theirs
        if any("Worker" in p.label for p in ranks):
            ranks = [p for p in ranks if not p.label.startswith("EngineCore")]
        return ranks

    def distributed(self) -> bool:
        return len(self.ranks()) >= 2 or len([n for n in self.nodes.values() if n.lines]) >= 2

    def node_label(self, name: str) -> str:
        rank = self.nodes[name].facts.get("node_rank") if name in self.nodes else None
        return f"{name} (node_rank {rank})" if rank is not None and str(rank) not in name else name

    def views(self, outcome: str = "incomplete") -> tuple[list[dict], list[dict], list[dict]]:
        """The report's ranks / nodes / nccl lists; a rank or node with no error of a start that came up
        counts as ready (worker ranks and worker nodes print no ready line of their own)."""
        if not self.distributed():
            return [], [], []
        from diagnose.redact import cut  # the error text is cut before the report is redacted

        ranks = []
        for p in sorted(self.ranks(), key=lambda p: (p.rank if p.rank is not None else 1 << 30, p.label)):
            ranks.append({
                "label": p.label, "rank": p.rank, "node": p.node, "pid": p.pid, "source": p.source,
                "last_phase": p.last_phase, "phases": list(p.phases), "status": _status(p.error, p.ready or outcome == "ready"),
                "first_line": p.first_line, "last_line": p.last_line, "lines": p.lines,
                "error": ({"line": p.error[0], "source": p.error[1], "text": cut(p.error[2], 500)} if p.error else None),
            })
        nodes = []
        labels: dict[str, set[str]] = {}  # node -> labels of its ranks
        for p in self.ranks():
            labels.setdefault(p.node, set()).add(p.label)
        for n in self.nodes.values():
            if n.max_idx < 0 and not n.facts and not n.env and n.name not in labels and len(self.nodes) > 1:
                continue  # lines of a launcher (torchrun, a shell) with nothing to show
            nodes.append({
                "name": n.name, "node_rank": n.facts.get("node_rank"), "sources": list(n.sources),
                "ranks": sorted(labels.get(n.name, ())),
                "last_phase": PHASES[n.max_idx] if n.max_idx >= 0 else None,
                "status": _status(n.error, n.ready or outcome == "ready"), "lines": n.lines,
                "facts": {k: v for k, v in n.facts.items() if isinstance(v, (int, float, str, bool))},
                "env": dict(n.env),
            })
        nccl = []
        for (a, b), info in sorted(self.transports.items()):
            nccl.append({"from_rank": a, "to_rank": b, "transport": "+".join(sorted(info["via"])),
                         "node": info["node"]})
        return ranks, nodes, nccl

    def warnings(self) -> list[str]:
        if not self.untracked:
            return []
        return [f"{self.untracked} lines were not tracked per node and per rank: the log names more than "
                f"{MAX_NODES} nodes or {MAX_PROCS} processes (or {MAX_PAIRS} NCCL rank pairs, {MAX_ENV} variables "
                f"on one node); rules still read every line"]

    def attribution(self, source: str | None, n: int, who: tuple | None = None) -> tuple[str | None, str | None]:
        key = who if who is not None else (self.where.get((source, n)) if source is not None else None)
        st = self.procs.get(key) if key is not None else None
        if st is None:
            return None, None
        return (st.label if st.is_rank else None), st.node

    # -- diagnoses -------------------------------------------------------------------------
    def diagnoses(self, outcome: str, engine: str, multi_source: bool) -> list[Diagnosed]:
        out: list[Diagnosed] = []
        failing = outcome != "ready"
        out += self._mismatches(failing, multi_source)
        out += self._node_ranks(failing, multi_source)
        if failing:
            out += self._laggards(multi_source)
        out += self._transports(multi_source)
        return out

    def _ev(self, where: tuple, multi: bool, who: tuple | None = None) -> tuple:
        """An evidence line for _diag: (line, text, source, process)."""
        n, src, text = where[:3]
        who = who or (where[3] if len(where) > 3 else None)
        return n, text, src if multi else None, who or None

    def _mismatches(self, failing: bool, multi: bool) -> list[Diagnosed]:
        out = []
        nodes = [n for n in self.nodes.values() if n.facts or n.env]
        if len(nodes) < 2:
            return out
        for key in _COMPARED:
            have = [(n, n.facts[key]) for n in nodes if key in n.facts]
            values = {str(v) for _, v in have}
            if len(have) < 2 or len(values) < 2:
                continue
            desc = ", ".join(f"{self.node_label(n.name)}: {v}" for n, v in have)
            word = _FACT_WORDS.get(key, key)
            rule = coded_rule("dist-config-mismatch")
            title, explanation, remediation, text = coded_texts(rule, {"word": word, "desc": desc})
            out.append(_diag(
                rule.id, rule.category, rule.severity if failing else "warning", rule.role, rule.phase,
                title, explanation, remediation,
                [self._ev(n.fact_lines[key], multi) for n, _ in have[:5]], f"dist-config-mismatch:{key}", zh=text,
            ))
        keys = sorted({k for n in nodes for k in n.env})
        for key in keys:
            fam = key.split("_", 1)[0] + "_"
            have = [n for n in nodes if key in n.env]
            missing = [n for n in nodes if key not in n.env and fam in n.env_families]
            values = {n.env[key] for n in have}
            if len(values) < 2 and not missing:
                continue
            desc = ", ".join([f"{self.node_label(n.name)}: {key}={n.env[key]}" for n in have] +
                             [f"{self.node_label(n.name)}: not set" for n in missing])
            category = next((c for prefix, c in _ENV_CATEGORY if key.startswith(prefix)), "unknown")
            rule = coded_rule("dist-env-mismatch")
            title, explanation, remediation, text = coded_texts(rule, {"key": key, "desc": desc})
            out.append(_diag(
                rule.id, category, rule.severity if failing else "warning", rule.role, rule.phase,
                title, explanation, remediation, [self._ev(n.env_lines[key], multi) for n in have[:5]],
                f"dist-env-mismatch:{key}", zh=text,
            ))
        return out

    def _node_ranks(self, failing: bool, multi: bool) -> list[Diagnosed]:
        out = []
        ranked = [(n, n.facts["node_rank"]) for n in self.nodes.values() if isinstance(n.facts.get("node_rank"), int)]
        if len(ranked) < 2:
            return out
        seen: dict[int, list[NodeState]] = {}
        for n, r in ranked:
            seen.setdefault(r, []).append(n)
        for r, ns in sorted(seen.items()):
            if len(ns) > 1:
                rule = coded_rule("dist-node-rank-duplicate")
                title, explanation, remediation, text = coded_texts(
                    rule, {"rank": r, "nodes": ", ".join(n.name for n in ns), "count": len(ns)})
                out.append(_diag(
                    rule.id, rule.category, rule.severity if failing else "warning", rule.role, rule.phase,
                    title, explanation, remediation,
                    [self._ev(n.fact_lines["node_rank"], multi) for n in ns], f"dist-node-rank-duplicate:{r}", zh=text,
                ))
        nnodes = max((n.facts.get("nnodes") for n, _ in ranked if isinstance(n.facts.get("nnodes"), int)), default=None)
        if failing and nnodes and len(seen) < nnodes:
            gone = [r for r in range(nnodes) if r not in seen]
            first = ranked[0][0]
            rule = coded_rule("dist-node-rank-missing")
            title, explanation, remediation, text = coded_texts(
                rule, {"gone": ", ".join(map(str, gone)), "nnodes": nnodes, "seen": ", ".join(map(str, sorted(seen)))})
            out.append(_diag(
                rule.id, rule.category, rule.severity, rule.role, rule.phase, title, explanation, remediation,
                [self._ev(first.fact_lines["node_rank"], multi)], "dist-node-rank-missing:" + ",".join(map(str, gone)),
                zh=text,
            ))
        return out

    def _laggards(self, multi: bool) -> list[Diagnosed]:
        out = []
        ranks = [p for p in self.ranks() if p.max_idx >= 0]
        nodes = [n for n in self.nodes.values() if n.max_idx >= 0]
        if self.ray_dedup:
            return out  # Ray folds identical worker lines: per-rank and per-node progress is not reliable
        lag_nodes = _behind([(n, min(n.max_idx, _CAP)) for n in nodes]) if len(nodes) >= 2 else []
        last = self._last_of_nodes() if lag_nodes else {}
        ahead: list[str] = []
        for n, ref in lag_nodes:  # one reference phase for all of them: who reached it is listed once
            phase, reached = PHASES[n.max_idx], PHASES[ref]
            ahead = ahead or [m.name for m in nodes if min(m.max_idx, _CAP) >= ref]
            out.append(self._lag_diag("node", self.node_label(n.name), n.name, phase, reached, ahead,
                                      (n.lines and last.get(n.name)) or None, multi))
        lag_ranks = _behind([(p, min(p.max_idx, _CAP)) for p in ranks]) if len(ranks) >= 2 else []
        lagging_nodes = {n.name for n, _ in lag_nodes}
        ahead = []
        for p, ref in lag_ranks:
            if p.node in lagging_nodes:
                continue  # the node is the one to look at
            ahead = ahead or [q.label for q in ranks if min(q.max_idx, _CAP) >= ref]
            out.append(self._lag_diag("rank", p.label, p.node, PHASES[p.max_idx], PHASES[ref], ahead,
                                      (p.last_line, p.source), multi, p.rank))
        return out

    def _last_of_nodes(self) -> dict[str, tuple[int, str]]:
        """node -> (last line, source) of its process that printed last."""
        last: dict[str, ProcState] = {}
        for p in self.procs.values():
            q = last.get(p.node)
            if q is None or p.last_line > q.last_line:
                last[p.node] = p
        return {name: (p.last_line, p.source) for name, p in last.items()}

    def _lag_diag(self, what, label, node, phase, reached, ahead, last, multi, rank=None) -> Diagnosed:
        category = "nccl-network" if phase == "nccl" else ("ray-cluster" if phase == "init" and self.ray else "unknown")
        evidence = []
        if last is not None:
            evidence.append((last[0], f"(last line of {label})", last[1] if multi else None, None))
        ident = f"rank{rank}" if rank is not None else (label if what == "node" else what)
        rule = coded_rule(f"dist-{what}-behind")
        env = {"label": label, "node": node, "phase": phase, "reached": reached}
        others, others_zh = (phrase(rule, "others-many", {"count": len(ahead)}, lang) if len(ahead) > 3
                             else ", ".join(ahead) for lang in ("en", "zh"))
        title, explanation, remediation, text = coded_texts(rule, {**env, "others": others}, {"others": others_zh})
        return _diag(
            rule.id, category, rule.severity, rule.role, phase, title, explanation, remediation,
            evidence, f"dist-{what}-behind:{phase}:{reached}:{ident}", [label] if what == "rank" else [], [node],
            zh=text,
        )

    def _transports(self, multi: bool) -> list[Diagnosed]:
        out = []
        if not self.transports:
            return out
        by_kind: dict[str, list[tuple[int, int]]] = {}
        for pair, info in self.transports.items():
            for kind in info["via"]:
                by_kind.setdefault(kind, []).append(pair)
        socket_pairs = by_kind.get("NET/Socket", [])
        p2p_off = [n for n in self.nodes.values() if n.env.get("NCCL_P2P_DISABLE") == "1"]
        shm_off = [n for n in self.nodes.values() if n.env.get("NCCL_SHM_DISABLE") == "1"]
        env_note = ", ".join(sorted({f"{k}=1" for n in self.nodes.values() for k in ("NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE")
                                     if n.env.get(k) == "1"}))
        hosts = self._rank_hosts() if socket_pairs else {}
        same_host = [(a, b) for a, b in socket_pairs if a in hosts and b in hosts and hosts[a] == hosts[b]]
        if same_host:
            rule = coded_rule("nccl-socket-fallback-same-host")
            info = self.transports[sorted(same_host)[0]]
            env = {"pairs": ", ".join(f"{a}->{b}" for a, b in sorted(same_host)[:6]), "env_note": env_note,
                   "env_off": bool(p2p_off or shm_off)}
            unusable, unusable_zh = (phrase(rule, "unusable-env" if env_note else "unusable", env, lang)
                                     for lang in ("en", "zh"))
            title, explanation, remediation, text = coded_texts(rule, {**env, "unusable": unusable},
                                                                {"unusable": unusable_zh})
            out.append(_diag(
                rule.id, rule.category, rule.severity, rule.role, rule.phase, title, explanation, remediation,
                [self._ev((info["line"], info["source"], info["text"]), multi, info.get("who"))], rule.id, zh=text,
            ))
        same = set(same_host)
        cross = [pr for pr in socket_pairs if pr not in same]
        ib_users = [p for p in self.procs.values() if p.network == "IB"]
        if cross:
            rule = coded_rule("nccl-socket-between-nodes")
            info = self.transports[sorted(cross)[0]]
            fallback, fallback_zh = (phrase(rule, "some-ib", {}, lang) if ib_users else "" for lang in ("en", "zh"))
            title, explanation, remediation, text = coded_texts(rule, {"fallback": fallback}, {"fallback": fallback_zh})
            out.append(_diag(
                rule.id, rule.category, rule.severity if ib_users else "info", rule.role, rule.phase,
                title, explanation, remediation,
                [self._ev((info["line"], info["source"], info["text"]), multi, info.get("who"))], rule.id, zh=text,
            ))
        shm_pairs = by_kind.get("SHM", [])
        if shm_pairs and p2p_off and not same_host:
            rule = coded_rule("nccl-shm-instead-of-p2p")
            info = self.transports[sorted(shm_pairs)[0]]
            title, explanation, remediation, text = coded_texts(rule, {})
            out.append(_diag(
                rule.id, rule.category, rule.severity, rule.role, rule.phase, title, explanation, remediation,
                [self._ev((info["line"], info["source"], info["text"]), multi, info.get("who"))], rule.id, zh=text,
            ))
        return out

    def _rank_hosts(self) -> dict[int, str]:
        """rank -> node, of the processes known by pid (NCCL's own lines name their host)."""
        hosts: dict[int, str] = {}
        for p in self.procs.values():
            if p.rank is not None and p.key[0] == "pid":
                hosts.setdefault(p.rank, p.node)
        return hosts


_NAMES_RANK: dict[str, bool] = {}


def _reached(st: ProcState, node: NodeState, phase: str) -> None:
    """A process (on its node) printed an event of this phase."""
    idx = PHASE_INDEX[phase]
    if phase not in st.phases:
        st.phases.append(phase)
    st.max_idx = max(st.max_idx, idx)
    node.max_idx = max(node.max_idx, idx)


def env_line(text: str) -> bool:
    """Whether a message sets one of the environment variables the tracker compares across nodes."""
    return "=" in text and text[:1] in "+ednVSGTRPC" and _ENV_LINE.match(text) is not None


def channel_of(text: str) -> tuple[tuple[int, int], str] | None:
    """((from rank, to rank), transport) of an NCCL channel line (`P2P`, `SHM`, `NET/Socket`, ...)."""
    m = _NCCL_CHANNEL.match(text)
    if m is None:
        return None
    parts = m["via"].split("/")
    return (int(m["a"]), int(m["b"])), parts[0] if parts[0] != "NET" or len(parts) < 2 else f"NET/{parts[1]}"


def nccl_nodes_of(text: str) -> int | None:
    """nNodes of an NCCL communicator line."""
    m = _NCCL_NNODES.match(text)
    return int(m["nodes"]) if m is not None else None


def names_rank(name: str) -> bool:
    """_RANK_IN_NAME.search(name), remembered (a log has few process names)."""
    hit = _NAMES_RANK.get(name)
    if hit is None:
        hit = _RANK_IN_NAME.search(name) is not None
        if len(_NAMES_RANK) >= 4096:
            _NAMES_RANK.clear()
        _NAMES_RANK[name] = hit
    return hit


def _status(error, ready: bool) -> str:
    return "failed" if error else ("ready" if ready else "running")


def _behind(items: list) -> list:
    """Members that did not reach the phase the others reached: below the value a strict majority
    reached (with two members: below the other one)."""
    if len(items) < 2:
        return []
    values = sorted((v for _, v in items), reverse=True)
    if len(values) == 2:
        ref = values[0]
    else:  # the highest value that a strict majority reached: sorted high to low, the one in the middle
        ref = values[len(values) // 2]
    return [(x, ref) for x, v in items if v < ref]


def _diag(rule, category, severity, role, phase, title, explanation, remediation, evidence, fp,
          ranks=(), nodes=(), zh=None) -> Diagnosed:
    """`evidence`: (line, text, source, process) of each evidence line (see DistTracker._ev); `zh`: (title,
    explanation, remediation) in Chinese (or a DiagnosisText), kept as the diagnosis's `i18n` under --lang zh."""
    if isinstance(zh, tuple):
        zh = zh_text(*zh)
    d = Diagnosed(Diagnosis(
        rule=rule, category=category, severity=severity, role=role, phase=phase, title=title,
        explanation=explanation, remediation=remediation, evidence=[],
        fingerprint=rule + ":" + hashlib.sha1(fp.encode()).hexdigest()[:12], ranks=ranks, nodes=nodes,
        i18n=zh if zh is not None and i18n.current() == "zh" else None,
    ))
    for ev in evidence:
        d.add(*ev)
    return d


def merge(diags: list[Diagnosed], extra: list[Diagnosed], tracker: DistTracker, multi: bool,
          stuck_in: str | None = None) -> list[Diagnosed]:
    """Rule diagnoses and distributed ones in one order: causes by severity, a rule-matched cause
    before a distributed one, the generic 'unknown' answers last among their severity; for a start
    that stopped in phase `stuck_in`, what was read about a phase that had finished comes after the
    rest of its severity. When several ranks report errors, an error on one rank goes before
    collective time-outs seen on the others. In a distributed start, each names the ranks and nodes
    its evidence lines came from."""
    generic = {"unknown-failure", "stall-unknown"}
    seen = {d.entry.fingerprint for d in diags}
    extra = [d for d in extra if d.entry.fingerprint not in seen]
    if any(d.entry.rule == "unknown-failure" for d in diags) and any(d.entry.severity == "error" for d in extra):
        diags = [d for d in diags if d.entry.rule != "unknown-failure"] + \
                [d for d in diags if d.entry.rule == "unknown-failure"]
    tagged = [(d, 0) for d in diags] + [(d, 1) for d in extra]
    tagged.sort(key=lambda t: (t[0].entry.role == "wrapper", SEVERITY_RANK[t[0].entry.severity],
                               # (a distributed diagnosis is about the stop itself: a rank left behind in an earlier phase)
                               bool(stuck_in) and t[1] == 0 and t[0].entry.phase not in (stuck_in, None),
                               t[0].entry.rule in generic, t[1]))
    out = [d for d, _ in tagged]
    if tracker.distributed():
        for d in out:
            ranks, nodes = [], []
            for ev, who in zip(d.entry.evidence, d.who):
                r, n = tracker.attribution(ev.source if multi else tracker.sources[0] if tracker.sources else None,
                                           ev.line, who)
                if r and r not in ranks:
                    ranks.append(r)
                if n and n not in nodes:
                    nodes.append(n)
            if ranks:
                d.entry.ranks = ranks
            if nodes:
                d.entry.nodes = nodes
        _failing_rank_first(out)
    return out


def _failing_rank_first(diags: list[Diagnosed]) -> None:
    errs = [i for i, d in enumerate(diags) if d.entry.severity == "error" and d.entry.role != "wrapper"]
    if len(errs) < 2:
        return
    top = diags[errs[0]].entry
    if top.category not in _COLLECTIVE_WAIT or not top.ranks:
        return
    for i in errs[1:]:
        d = diags[i].entry
        if d.category not in _COLLECTIVE_WAIT and d.ranks and not set(d.ranks) & set(top.ranks):
            diags.insert(errs[0], diags.pop(i))
            return
