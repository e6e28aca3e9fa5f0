#!/usr/bin/env python3
"""Batch af (batch ab's write_cases.py, ../sglang-real-ab/tools/write_cases.py, only this docstring changed): write
cases.jsonl from tools/labels.json; each evidence line is copied from its kept log (the first line that contains the given text)."""
import json, os, sys
B = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-06"
# file stem: (outcome, phase, category, secondary, evidence text to find, remediation, confidence)
L = json.load(open(os.path.join(B, "tools", "labels.json")))
out = []
for stem, (outcome, phase, cat, sec, find, rem, conf) in L.items():
    lines = open(os.path.join(B, stem + ".log"), errors="replace").read().splitlines()
    ev = next((l for l in lines if find in l), None)
    if ev is None:
        sys.exit(f"{stem}: evidence {find!r} not in log")
    out.append(dict(file=stem + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase, category=cat,
                    secondary=sec, evidence=ev, remediation=rem, confidence=conf, source=SRC.format(stem)))
with open(os.path.join(B, "cases.jsonl"), "w") as f:
    for c in out:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(out), "cases")
