"""Renderers of the preflight report: text (rich), Markdown, JSON. They only read the report."""

from __future__ import annotations

import io

from diagnose.preflight.core import human
from diagnose.preflight.result import PreflightReport

_STATUS_STYLE = {"ok": "green", "warning": "yellow", "error": "red", "skipped": "dim"}
_OUTCOME = {"ok": "OK", "warning": "WARNINGS", "error": "WILL FAIL"}
_MD_ICON = {"ok": ":white_check_mark:", "warning": ":warning:", "error": ":x:", "skipped": ":heavy_minus_sign:"}


def summary_rows(r: PreflightReport) -> list[tuple[str, str]]:
    rows = []
    mi, w, kv, b, fit = r.model_info, r.weights, r.kv_cache, r.budget, r.fit
    if mi:
        rows.append(("model", f"{mi.get('architecture') or mi.get('model_type')}: {mi['layers']} layers, "
                              f"{mi['heads']} heads, {mi['kv_heads']} KV heads x {mi['head_dim']} ({mi['attention']})"
                     + (f", MLA latent {mi['kv_lora_rank']}+{mi['qk_rope_head_dim']}" if mi.get("kv_lora_rank")
                        else "")
                     + (f", quantization {mi['quantization']}" if mi.get("quantization") else "")))
    p = r.parallel
    rows.append(("parallel", f"TP {p['tp']} x PP {p['pp']} x DP {p['dp']}"
                             + (f" on {p['nnodes']} nodes" if p["nnodes"] > 1 else "")))
    if w:
        rows.append(("weights", f"{human(w['checkpoint_bytes'])} stored, {human(w['runtime_bytes'])} in "
                                f"{w['runtime_dtype']}, {human(w['per_gpu_bytes'])} on the largest GPU"))
    if kv:
        rows.append(("KV / token", f"{human(kv['bytes_per_token'])} whole model, "
                                   f"{human(kv['bytes_per_token_per_gpu'])} per GPU"))
    if b:
        if b.get("gpu_mem_bytes"):
            rows.append(("budget", f"{human(b['gpu_mem_bytes'])} ({b['gpu_mem_source']}) x {b['fraction']:g} = "
                                   f"{human(b['usable_bytes'])}; KV {human(b['kv_bytes'])} ({b['kv_source']})"))
        elif b.get("kv_bytes") is not None:
            rows.append(("budget", f"KV {human(b['kv_bytes'])} ({b['kv_source']})"))
    if fit and fit.get("kv_tokens") is not None:
        rows.append(("fit", f"{fit['kv_tokens']:,} KV tokens; max length {fit['max_len']} ({fit['max_len_source']}); "
                            f"largest that fits {fit['max_len_that_fits']}; concurrency {fit['max_concurrency']}x"))
    return rows


def render_text(r: PreflightReport, color: bool = True, width: int | None = None) -> str:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=color, no_color=not color, width=width or 110, highlight=False,
                      soft_wrap=False, emoji=False)
    head = Text("llmdiag preflight ", style="bold")
    head.append(_OUTCOME[r.outcome], style="bold " + {"ok": "green", "warning": "yellow", "error": "red"}[r.outcome])
    head.append("  " + r.engine + (f" {r.engine_version}" if r.engine_version else ""))
    head.append(f"  model {r.model_dir or r.model}")
    console.print(head)
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for k, v in summary_rows(r):
        table.add_row(k, v)
    console.print(table)
    console.print()
    checks = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("check", "status", "category", "result"):
        checks.add_column(col)
    for c in r.checks:
        checks.add_row(c.id, Text(c.status, style=_STATUS_STYLE[c.status]), c.category, c.title)
    console.print(checks)
    for i, c in enumerate([c for c in r.checks if c.status in ("error", "warning")], 1):
        console.print()
        t = Text(f"{i}. ")
        t.append(f"[{c.status}] ", style=_STATUS_STYLE[c.status])
        t.append(c.title, style="bold")
        t.append(f"  ({c.category}, check {c.id})", style="dim")
        console.print(t)
        if c.explanation:
            console.print(Text("   Why: ", style="bold") + Text(c.explanation))
        if c.remediation:
            console.print(Text("   What to do:", style="bold"))
            for line in c.remediation:
                console.print(Text("     - ") + Text(line, style="cyan"))
    if r.assumptions:
        console.print()
        console.print(Text("Estimate assumptions:", style="dim"))
        for a in r.assumptions:
            console.print(Text(f"  - {a}", style="dim"))
    for n in r.notes:
        console.print(Text(f"note: {n}", style="yellow"))
    return buf.getvalue()


def render_markdown(r: PreflightReport) -> str:
    from diagnose.render.markdown import code, esc

    out = [f"## {_MD_ICON[r.outcome if r.outcome != 'ok' else 'ok']} llmdiag preflight: {_OUTCOME[r.outcome]}", "",
           f"{esc(r.engine)}{' ' + esc(r.engine_version) if r.engine_version else ''}, model "
           f"{code(r.model_dir or r.model or '?')}", ""]
    rows = summary_rows(r)
    if rows:
        out += ["| | |", "|---|---|"] + [f"| {esc(k)} | {esc(v)} |" for k, v in rows] + [""]
    out += ["| check | status | category | result |", "|---|---|---|---|"]
    out += [f"| {esc(c.id)} | {_MD_ICON[c.status]} {c.status} | {esc(c.category)} | {esc(c.title)} |"
            for c in r.checks]
    for c in (c for c in r.checks if c.status in ("error", "warning")):
        out += ["", f"### {_MD_ICON[c.status]} {esc(c.title)}", "", f"**Why:** {esc(c.explanation)}"]
        if c.remediation:
            out += ["", "**What to do:**", ""] + [f"- {code(x)}" for x in c.remediation]
    if r.assumptions:
        out += ["", "<details><summary>Estimate assumptions</summary>", ""]
        out += [f"- {esc(a)}" for a in r.assumptions] + ["", "</details>"]
    for n in r.notes:
        out += ["", f"> note: {esc(n)}"]
    return "\n".join(out) + "\n"


def render_json(r: PreflightReport) -> str:
    return r.to_json() + "\n"
