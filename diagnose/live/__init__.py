"""The live front door: `watch` (a pipe), `run` (a child process) and `replay` (a saved log).

Two processes share the work so that the passthrough never depends on the analysis:

    input ─► passthrough process ─► stdout (every byte, unchanged, at once)
                     └─ bounded, non-blocking frames ─► analysis process ─► status (stderr / file / fd)

The passthrough (passthrough.py) is a short loop of os.read / os.write; when the analysis falls
behind, it drops analysis frames rather than wait. The analysis (worker.py, analysis.py) feeds the
ordinary pipeline (diagnose.pipeline.Analyzer) line by line, tracks stall clocks (stall.py) and
shows a status (views.py).
"""
