#!/usr/bin/env python3
"""Batch be: write cases.jsonl from the labels below (set blind, from what each run broke and what its log shows).
Same writer code as batch bd's write_cases.py (../../batch-2026-12-07-sglang-real-113/tools/), other labels; a
label whose log is absent from BATCH_DIR (a dropped start) is skipped.
    python3 write_cases.py BATCH_DIR
"""
import json, os, sys

D = sys.argv[1]
SRC = "real run: sglang 0.5.23 on a CPU-only machine, scenario {}, 2026-12-07"
# name: (outcome, phase, category, secondary, evidence text, remediation, confidence)
L = {
 "pythonpath-uvloop-placeholder": ("failure", "config", "dependency-import", [],
   "AttributeError: module 'uvloop' has no attribute 'EventLoopPolicy'",
   "PYTHONPATH puts first a folder with a placeholder package named uvloop (an __init__.py with a docstring and "
   "__version__ only, as a project keeps for platforms where uvloop does not build), which shadows the venv's "
   "uvloop 0.23. The launcher parses and resolves its arguments (no server_args line yet), then imports its HTTP server: tokenizer_manager.py runs "
   "`asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())` at import and fails with `AttributeError: module "
   "'uvloop' has no attribute 'EventLoopPolicy'` (rc 1, no process started). Remove the folder from PYTHONPATH (or "
   "the placeholder from it) so the installed uvloop is imported; check with `python -c 'import uvloop; "
   "print(uvloop.__file__)'`.",
   "confirmed"),
 "pythonpath-setproctitle-fallback": ("failure", "init", "dependency-import", [],
   "AttributeError: module 'setproctitle' has no attribute 'setproctitle'",
   "PYTHONPATH holds a fallback module setproctitle.py that offers only getproctitle(), shadowing the venv's "
   "setproctitle 1.3.8. The launcher imports it without trouble and gets through its arguments (server_args line); "
   "the scheduler and detokenizer processes then die at their first step, "
   "`setproctitle.setproctitle(\"sglang::scheduler\")` / `(\"sglang::detokenizer\")`: `AttributeError: module "
   "'setproctitle' has no attribute 'setproctitle'` in Process-1 and Process-2; the launcher ends with "
   "`RuntimeError: Rank 0 scheduler died during initialization (exit code: 1)` (rc 1; its hint about the OOM killer "
   "applies to exit code -9 only). Remove the folder from PYTHONPATH, or give the fallback a setproctitle(title) "
   "function.",
   "likely"),
 "pythonpath-vendored-pydantic-v1": ("failure", "config", "dependency-import", [],
   "ImportError: cannot import name 'GetCoreSchemaHandler' from 'pydantic'",
   "PYTHONPATH puts first a vendor folder with a pydantic 1.x package (pydantic/version.py VERSION 1.10.13, a bare "
   "BaseModel), shadowing the venv's pydantic 2.14. While the launcher resolves its arguments, SGLang imports its "
   "quantization registry, whose compressed_tensors import needs pydantic 2: `ImportError: cannot import name "
   "'GetCoreSchemaHandler' from 'pydantic' (<tmp>/pp/pydantic/pydantic/__init__.py)` (rc 1, no process started). "
   "SGLang needs pydantic 2: take the vendored pydantic off PYTHONPATH (the path is in the message).",
   "confirmed"),
 "pythonpath-psutil-shim": ("failure", "config", "dependency-import", [],
   "AttributeError: module 'psutil' has no attribute 'Process'",
   "PYTHONPATH holds a minimal psutil.py shim (cpu_count only), shadowing the venv's psutil 7.2. The launcher's "
   "argument resolution sizes memory for --device cpu: get_cpu_memory_capacity -> get_physical_cpus_by_numa -> "
   "`psutil.Process().cpu_affinity()` fails with `AttributeError: module 'psutil' has no attribute 'Process'`; "
   "SGLang's clean-up (kill_process_tree) then fails the same way (`... has no attribute 'NoSuchProcess'`), rc 1, "
   "no process started. Remove the shim from PYTHONPATH so the real psutil is imported.",
   "confirmed"),
 "pythonpath-dummy-triton": ("failure", "config", "dependency-import", [],
   "AttributeError: module 'triton' has no attribute 'language'",
   "PYTHONPATH puts first a dummy triton package (an __init__.py with __version__ 3.0.0 only, as people install to "
   "satisfy a triton requirement on CPU-only hosts), shadowing the venv's triton 3.8. `import sglang` patches "
   "transformers, whose Llama module imports torch._dynamo; torch sees a triton module and reads "
   "`triton.language.dtype`: `AttributeError: module 'triton' has no attribute 'language'` (rc 1, 41 lines, no "
   "SGLang log line, before the arguments are parsed). Remove the dummy triton from PYTHONPATH (torch and SGLang "
   "run on CPU with the real triton installed or with none at all).",
   "confirmed"),
 "pythonpath-vendored-jinja2-2x": ("failure", "config", "dependency-import", [],
   "ModuleNotFoundError: No module named 'jinja2.exceptions'",
   "PYTHONPATH puts first a vendor folder whose jinja2 package is an old 2.x stand-in (version string only), "
   "shadowing the venv's jinja2 3.1.6. While the launcher resolves its arguments it imports transformers, whose "
   "chat-template utilities import jinja2 at import time: `ModuleNotFoundError: No module named "
   "'jinja2.exceptions'` (rc 1, 31 lines, no process started). Take the old jinja2 off PYTHONPATH; transformers "
   "needs jinja2 >= 3.1.",
   "confirmed"),
}

with open(os.path.join(D, "cases.jsonl"), "w") as out:
    for name, (outcome, phase, cat, sec, ev, rem, conf) in L.items():
        if not os.path.exists(os.path.join(D, name + ".log")):
            continue
        text = open(os.path.join(D, name + ".log"), errors="replace").read().splitlines()
        evidence = next(l for l in text if ev in l)
        out.write(json.dumps(dict(file=name + ".log", engine="sglang", version="0.5.23", outcome=outcome, phase=phase,
                                  category=cat, secondary=sec, evidence=evidence, remediation=rem, confidence=conf,
                                  source=SRC.format(name))) + "\n")
