"""Renderers: each reads a Report (diagnose.report) and returns text; none of them changes it."""


FAMILY_NOTE = "likely: family match, no specific rule"


def family_note(d) -> str:
    """The note a renderer adds to a diagnosis that a family rule (tier: family) made, else ''."""
    from diagnose.i18n import tr

    return tr(FAMILY_NOTE) if getattr(d, "confidence", "confirmed") == "likely" and d.category != "unknown" else ""
