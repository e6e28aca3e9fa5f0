"""The report: one pydantic model, the single source of the JSON contract (schema llmdiag.report/v1).

Renderers only read it. Fields beyond the contract (model, facts, inputs, warnings, count,
references) are additions; the contract's fields keep their names and meaning.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_ID = "llmdiag.report/v1"

Phase = Literal["config", "init", "nccl", "weights", "kv_cache", "compile", "server"]


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


class Report(_Model):
    schema_: Literal["llmdiag.report/v1"] = Field(default=SCHEMA_ID, alias="schema")
    engine: Literal["vllm", "sglang", "unknown"]
    engine_version: Optional[str] = None
    outcome: Literal["ready", "failed", "incomplete"]
    last_phase: Optional[Phase] = None
    phases: list[PhaseReport]
    diagnoses: list[Diagnosis]
    model: Optional[str] = None
    facts: dict = Field(default_factory=dict, description="values read from the log (sizes, versions, settings)")
    inputs: list[str] = []
    lines: int = 0
    warnings: list[str] = []
    history: Optional[HistoryInfo] = None

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(by_alias=True, indent=indent)


def json_schema() -> dict:
    schema = Report.model_json_schema(by_alias=True)
    schema["$id"] = SCHEMA_ID
    return schema
