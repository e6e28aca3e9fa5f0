"""`python -m llmdiag`: the distribution is called llmdiag, the code lives in the `diagnose` package.

This package only forwards to `diagnose.cli`; import `diagnose` for the library.
"""

from diagnose import __version__

__all__ = ["__version__"]
