"""The report: one pydantic model, the single source of the JSON contract (schema llmdiag.report/v1).

Renderers only read it. Fields beyond the contract (model, facts, inputs, warnings, count,
references) are additions; the contract's fields keep their names and meaning.

The runtime path (explain, watch, run) builds the pydantic-free mirror in diagnose.reportdata,
which writes the same JSON; a change here needs the same change there (tests/test_reportdata.py).
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from diagnose.engines.base import PHASES
from diagnose.reportdata import SCHEMA_ID

Phase = Literal[PHASES]  # type: ignore[valid-type]


class _Model(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")


class Evidence(_Model):
    line: int = Field(ge=1, description="1-based line number in the input as given")
    text: str = Field(description="the log line as printed (ANSI colour removed, secrets redacted)")
    source: Optional[str] = Field(default=None, description="input file name, when several inputs were given")


class PhaseReport(_Model):
    name: Phase
    status: Literal["done", "failed", "running"]
    first_line: int
    last_line: int
    started_at: Optional[str] = Field(default=None, description="ISO-8601 when the log tells the year, else null")
    duration_s: Optional[float] = None
    source: Optional[str] = None


class Diagnosis(_Model):
    rule: str
    category: str
    severity: Literal["error", "warning", "info"]
    role: Literal["cause", "symptom", "wrapper"]
    phase: Optional[Phase] = None
    title: str
    explanation: str
    remediation: list[str]
    evidence: list[Evidence]
    fingerprint: str
    count: int = Field(default=1, description="how many times the rule matched")
    references: list[str] = []
    ranks: list[str] = Field(default=[], description="ranks (processes) whose lines are the evidence, in a distributed start")
    nodes: list[str] = Field(default=[], description="nodes whose lines are the evidence, in a distributed start")
    confidence: Literal["confirmed", "likely"] = Field(
        default="confirmed",
        description="confirmed: a specific rule recognised this failure; likely: a family rule (tier: family) "
                    "named the kind of failure without a specific rule, or the built-in unknown-failure / "
                    "stall-unknown")


class ErrorLine(_Model):
    line: int
    source: str
    text: str


class RankReport(_Model):
    """One rank (worker process) of a distributed start: how far it got (an addition to the contract)."""

    label: str = Field(description="as the log names it: TP3, 'VllmWorker TP3 pid=12', 'RayWorkerWrapper pid=9'")
    rank: Optional[int] = Field(default=None, description="global rank when the log tells it")
    node: str
    pid: Optional[int] = None
    source: str = Field(description="input file of its first line")
    last_phase: Optional[Phase] = None
    phases: list[Phase] = []
    status: Literal["ready", "failed", "running"]
    first_line: int
    last_line: int
    lines: int
    error: Optional[ErrorLine] = None


class NodeReport(_Model):
    """One node: from Ray's ip=, an NCCL host prefix, a compose service, or its input file."""

    name: str
    node_rank: Optional[int] = None
    sources: list[str] = []
    ranks: list[str] = []
    last_phase: Optional[Phase] = None
    status: Literal["ready", "failed", "running"]
    lines: int
    facts: dict = Field(default_factory=dict, description="what this node printed: versions, model, parallel sizes")
    env: dict = Field(default_factory=dict, description="engine / NCCL environment variables the log shows")


class NcclTransport(_Model):
    from_rank: int
    to_rank: int
    transport: str = Field(description="P2P, SHM, NET/IB, NET/Socket (several joined by +)")
    node: str


class SeenBefore(_Model):
    fingerprint: str
    rule: str
    count: int = Field(description="runs with this fingerprint in the window, this one included")
    days: int
    first_seen: Optional[str] = None


class SlowPhase(_Model):
    phase: Phase
    duration_s: float
    median_s: float
    ratio: float
    runs: int = Field(description="earlier starts of this model the median is taken over")


class HistoryInfo(_Model):
    """What --history found about earlier runs (an addition to the contract)."""

    model: Optional[str] = None
    previous_runs: int = 0
    seen: list[SeenBefore] = []
    slow_phases: list[SlowPhase] = []
    notes: list[str] = []


class AfterReady(_Model):
    """What became of the server after it came up (only when the outcome is ready)."""

    state: Literal["serving", "died", "stuck", "stopped"] = Field(
        description="serving: still up when the log ends; died: the engine or a worker died while serving; "
                    "stuck: up but not serving (a probe or a live stall); stopped: a clean shutdown")
    line: Optional[int] = Field(default=None, description="the line where it died or the stop began")
    ready_line: Optional[int] = Field(default=None, description="the line where the server came up")


class ProbeInfo(_Model):
    """`run --probe` / `watch --probe`: what one request to the server said once it came up (an addition
    to the contract; docs/probe.md)."""

    result: Literal["serves", "stuck", "refuses", "down"] = Field(
        description="as `llmdiag probe` says it: serves, stuck (health answers, the request does not complete), "
                    "refuses (an HTTP error or not an OpenAI answer), down (no connection)")
    url: str = Field(description="the server's base URL that was probed")
    ttft_s: Optional[float] = Field(default=None, description="seconds to the first token, when it serves")
    detail: str = Field(default="", description="the probe's one-line summary")


class Report(_Model):
    schema_: Literal["llmdiag.report/v1"] = Field(default=SCHEMA_ID, alias="schema")
    engine: Literal["vllm", "sglang", "unknown"]
    engine_version: Optional[str] = None
    outcome: Literal["ready", "failed", "incomplete"]
    after_ready: Optional[AfterReady] = None
    last_phase: Optional[Phase] = None
    phases: list[PhaseReport]
    diagnoses: list[Diagnosis]
    model: Optional[str] = None
    facts: dict = Field(default_factory=dict, description="values read from the log (sizes, versions, settings)")
    inputs: list[str] = []
    lines: int = 0
    warnings: list[str] = []
    history: Optional[HistoryInfo] = None
    ranks: list[RankReport] = Field(default=[], description="per-rank progress of a distributed start (empty otherwise)")
    nodes: list[NodeReport] = Field(default=[], description="per-node progress and settings of a distributed start")
    nccl: list[NcclTransport] = Field(default=[], description="NCCL transport per rank pair (NCCL_DEBUG=INFO)")
    probe: Optional[ProbeInfo] = Field(default=None, description="run --probe / watch --probe: the probe once the "
                                                                 "server came up (null without --probe)")

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(by_alias=True, indent=indent)


JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The schema's `$id`: a name (a URN), not an address; nothing is served for it (docs/contract.md).
JSON_SCHEMA_ID = "urn:llmdiag:report:v1"


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a report whose `schema` field is llmdiag.report/v1."""
    schema = Report.model_json_schema(by_alias=True)
    schema.setdefault("description", f"A llmdiag report; its `schema` field is {SCHEMA_ID}.")
    return {"$schema": JSON_SCHEMA_DIALECT, "$id": JSON_SCHEMA_ID, **schema}
