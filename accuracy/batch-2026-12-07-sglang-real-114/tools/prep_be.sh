# Batch be: make the tiny model (as batches av-bd) and six PYTHONPATH folders, each shadowing one package of the venv
# with a stub that lacks a name SGLang uses. Needs WORK and VENV; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
P=$WORK/pp; mkdir -p $P/uvloop/uvloop $P/setproctitle $P/pydantic/pydantic $P/psutil $P/triton/triton $P/jinja2/jinja2
# a platform shim: uvloop "not available here", keeps the name importable
printf '"""uvloop placeholder (uvloop does not build on this platform); asyncio is used instead."""\n__version__ = "0.0.0"\n' > $P/uvloop/uvloop/__init__.py
# a fallback module named like the package, offering only getproctitle
printf '"""Fallback for hosts without the setproctitle extension."""\nimport sys\n\n\ndef getproctitle():\n    return " ".join(sys.argv)\n' > $P/setproctitle/setproctitle.py
# a vendored pydantic 1.x (version module and a bare BaseModel only)
printf 'from .version import VERSION\n\n\nclass BaseModel:\n    pass\n\n\ndef Field(default=None, **kw):\n    return default\n' > $P/pydantic/pydantic/__init__.py
printf 'VERSION = "1.10.13"\n' > $P/pydantic/pydantic/version.py
# a minimal psutil shim (cpu_count only)
printf '"""Minimal psutil shim: cpu_count only."""\nimport os\n\n\ndef cpu_count(logical=True):\n    return os.cpu_count()\n' > $P/psutil/psutil.py
# a dummy triton package, as installed to satisfy a dependency on CPU-only hosts
printf '"""Dummy triton for CPU-only hosts (no GPU compiler)."""\n__version__ = "3.0.0"\n' > $P/triton/triton/__init__.py
# a jinja2 2.x left in a vendor folder (version string only)
printf '"""Jinja2 2.11 (vendored)."""\n__version__ = "2.11.3"\n' > $P/jinja2/jinja2/__init__.py
find $P -type f | sort
