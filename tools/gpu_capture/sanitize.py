#!/usr/bin/env python3
"""Copy captured logs into sample_logs, replacing only machine-specific names.

    python3 sanitize.py DEST RAW_DIR [RAW_DIR ...]   # a later RAW_DIR wins for the same NAME.log

Replacements (nothing else is changed):
  * the directory holding capture.py on the capture machine  -> /workspace
  * the capture machine's host name in NCCL line prefixes    -> node-a   ("vm:584:584 [0]" -> "node-a:584:584 [0]")
Files whose name starts with "_" (harness notes) are not copied.
"""
import os
import re
import sys

CAPTURE_DIR = os.environ.get("CAPTURE_DIR", "/work/main/tools/gpu_capture")
HOST = os.environ.get("CAPTURE_HOST", "vm")


def clean(text):
    text = text.replace(CAPTURE_DIR + "/", "/workspace/").replace(CAPTURE_DIR, "/workspace")
    text = re.sub(r"(?<![\w./-])" + re.escape(HOST) + r"(?=:\d+:\d+ \[)", "node-a", text)
    return text


def main():
    dest, raws = sys.argv[1], sys.argv[2:]
    os.makedirs(dest, exist_ok=True)
    chosen = {}
    for raw in raws:
        for name in os.listdir(raw):
            if name.endswith(".log") and not name.startswith("_"):
                chosen[name] = os.path.join(raw, name)
    for name, path in sorted(chosen.items()):
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        with open(os.path.join(dest, name), "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(clean(text))
        print(name, "<-", path)


if __name__ == "__main__":
    main()
