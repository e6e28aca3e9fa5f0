"""Renderers: each reads a Report and returns text; none of them changes it. A Report of
diagnose.reportdata (what the pipeline builds) and the pydantic one of diagnose.report read alike."""
