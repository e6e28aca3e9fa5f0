"""Renderers: each reads a Report and returns text; none of them changes it."""
