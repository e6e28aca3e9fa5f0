import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"

# The suite runs llmdiag with many rule folders: its rule-pack cache entries go to a folder of its
# own (children inherit it), never into the user's cache folder, whose entries they would evict.
_CACHE = tempfile.mkdtemp(prefix="llmdiag-test-cache-")
os.environ["LLMDIAG_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

# Property tests run the same examples on every run (a CI run must not fail on an example no one has
# seen before); LLMDIAG_HYPOTHESIS=explore draws new ones, to look for bugs on purpose.
settings.register_profile("fixed", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("LLMDIAG_HYPOTHESIS", "fixed"))


@pytest.fixture(scope="session")
def rules():
    from diagnose.pipeline import load_rules

    loaded, errors = load_rules()
    assert not errors, errors
    return loaded


@pytest.fixture(autouse=True)
def _no_user_rules(monkeypatch):
    monkeypatch.delenv("LLMDIAG_RULES", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    # the suite reads English: a Chinese locale of the machine that runs it must not switch the language
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var, "").lower().startswith("zh"):
            monkeypatch.delenv(var)
    from diagnose import i18n

    i18n.set_lang("en")


def run_cli(args, input_bytes=None):
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from diagnose.cli import cli

    runner = CliRunner()
    result = runner.invoke(cli, args, input=input_bytes, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr if hasattr(result, "stderr") else ""
