"""GitHub drops a job summary over 1 MiB: the Markdown stays under the cap, cutting the least
important parts first and saying so."""

from __future__ import annotations

import re

from diagnose import outputs
from diagnose.pipeline import analyze
from diagnose.render import markdown

from .reports import diag, report


def _huge_log(path, modules=300, repeats=2, pad=6_000):
    """Five kinds of start error for 300 modules each, from 2 workers: many distinct diagnoses
    (the matcher keeps up to 200 matches per rule) with long evidence lines."""
    kinds = ("ModuleNotFoundError: No module named 'missing_mod_{m}'",
             "ImportError: cannot import name 'thing_{m}' from 'pkg_{m}' (/opt/pkg_{m}/__init__.py)",
             "ImportError: /opt/ext_{m}/_C.so: undefined symbol: _ZN5torch{m}Xv",
             "ValueError: Model architectures ['Arch{m}ForCausalLM'] are not supported for now.",
             "RuntimeError: Cannot find any model weights with `/models/m{m}`")
    with open(path, "w") as fh:
        fh.write("INFO 09-23 21:48:00 [api_server.py:1805] vLLM API server version 0.10.2\n")
        for r in range(repeats):
            for kind in kinds:
                for m in range(modules):
                    fh.write(f"(Worker_TP{r} pid={100 + r}) ERROR 09-23 21:49:{r:02d} [multiproc_executor.py:585] "
                             f"{kind.format(m=m)} {'x' * pad}\n")


def test_huge_log_stays_under_one_mib(tmp_path):
    log = tmp_path / "huge.log"
    _huge_log(log)
    assert log.stat().st_size > 2 * 1024 * 1024
    r = outputs.prepare(analyze([str(log)]))
    assert len(r.diagnoses) >= 600
    full_evidence = sum(len(e.text) for d in r.diagnoses for e in d.evidence)
    assert full_evidence > 2 * 1024 * 1024
    assert len(markdown.render(r, max_bytes=10**9).encode()) > 1024 * 1024  # uncapped: GitHub would drop it
    md = outputs.render(r, "markdown")
    assert len(md.encode("utf-8")) <= markdown.MAX_BYTES < 1024 * 1024
    assert "Cut to stay under GitHub's 1 MiB job summary limit" in md
    # the most important parts survive: headline, phases, the top diagnosis with its evidence
    assert "**What failed:**" in md and "### Phases" in md
    top = md.split("#### 2.")[0]
    assert "<details><summary>Evidence" in top and "[multiproc_executor.py:585]" in top
    assert md.count("<details>") == md.count("</details>")
    assert len(re.findall(r"^```", md, flags=re.M)) % 2 == 0


def test_cuts_in_order_of_importance():
    long = "z" * 5000
    diags = [diag(i, evidence=[{"line": i, "text": f"line {i} {long}"}] * 5) for i in range(1, 40)]
    r = report(diagnoses=diags)
    full = markdown.render(r, max_bytes=10**9)
    assert "Cut to stay" not in full
    size = len(full.encode())
    # 1. a little too big: later evidence goes, the top diagnosis keeps its evidence
    md = markdown.render(r, max_bytes=size - 1000)
    assert "evidence of 1 later diagnosis left out" in md and len(md.encode()) <= size - 1000
    assert md.split("#### 2.")[0].count("<details>") == 1
    # 2. much too big: evidence lines cut, later diagnoses by title only, titles all still there
    md = markdown.render(r, max_bytes=8_000)
    assert len(md.encode()) <= 8_000
    assert "evidence lines cut to 200 characters" in md and "shown by title only" in md
    assert all(f"Title {i}" in md for i in range(1, 40))
    # 3. absurdly small: a hard cut that still closes its blocks
    md = markdown.render(r, max_bytes=3000)
    assert len(md.encode()) <= 3000 and "Report cut at the 1 MiB job summary limit" in md
    assert len(re.findall(r"^```", md, flags=re.M)) % 2 == 0
