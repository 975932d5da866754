"""The ``{% load rules_wording %}`` library: Check my lot's wording filters, each registered
once in rules/wording/filters.py (the checker's Jinja2 templates use the same registry)."""

from rules.wording.filters import register  # noqa: F401  (what Django looks for)
