"""What a terminal gets: whether to colour, and how wide prose may be.

Colour, the usual way (no-color.org, force-color.org): --no-color, then NO_COLOR (any non-empty
value) turn it off; then FORCE_COLOR (any non-empty value) turns it on, also into a pipe or a
file; otherwise colour only on a terminal that is not TERM=dumb.
"""

from __future__ import annotations

import os


def _isatty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()  # None: the stream was closed (`>&-`)
    except (ValueError, OSError):  # closed file
        return False


def use_color(no_color: bool, stream, env=None) -> bool:
    env = os.environ if env is None else env
    if no_color or env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    return _isatty(stream) and env.get("TERM") != "dumb"


def prose_width(stream) -> int | None:
    """Columns to wrap prose at on a terminal (COLUMNS wins, as in shutil); None when `stream` is not
    a terminal: then no line is ever wrapped."""
    if not _isatty(stream):
        return None
    import shutil  # (~3 ms of imports, only on a terminal)

    return max(40, shutil.get_terminal_size().columns)
