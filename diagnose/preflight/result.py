"""The preflight report (schema llmdiag.preflight/v1): checks plus every computed number."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_ID = "llmdiag.preflight/v1"
Status = Literal["ok", "warning", "error", "skipped"]


class _Model(BaseModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")


class Check(_Model):
    id: str = Field(description="stable check id, e.g. kv-cache-fit")
    category: str = Field(description="failure category of docs/contract.md this check predicts")
    status: Status
    title: str
    explanation: str = ""
    remediation: list[str] = []
    numbers: dict = Field(default_factory=dict, description="the values the verdict rests on")


class PreflightReport(_Model):
    schema_: Literal["llmdiag.preflight/v1"] = Field(default=SCHEMA_ID, alias="schema")
    engine: Literal["vllm", "sglang"]
    engine_version: Optional[str] = None
    command: list[str] = []
    model: Optional[str] = None
    model_dir: Optional[str] = None
    outcome: Literal["ok", "warning", "error"]
    checks: list[Check]
    model_info: dict = Field(default_factory=dict, description="architecture numbers read from config.json")
    parallel: dict = Field(default_factory=dict)
    weights: dict = Field(default_factory=dict, description="bytes from the safetensors headers")
    kv_cache: dict = Field(default_factory=dict, description="KV bytes per token")
    budget: dict = Field(default_factory=dict, description="per-GPU memory budget (an estimate)")
    fit: dict = Field(default_factory=dict, description="max context and concurrency that fit")
    host: dict = Field(default_factory=dict)
    assumptions: list[str] = []
    notes: list[str] = []

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(by_alias=True, indent=indent)


def outcome_of(checks: list[Check]) -> str:
    if any(c.status == "error" for c in checks):
        return "error"
    if any(c.status == "warning" for c in checks):
        return "warning"
    return "ok"
