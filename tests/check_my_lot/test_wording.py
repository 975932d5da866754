"""Limits live in the rules tables only: the wording layer never types a figure of its own."""

import re
from pathlib import Path

from django.conf import settings

from rules.templatetags.rules_wording import NOTE_TEXT

FIGURE = re.compile(r"\b\d+(\.\d+)?\s?(ft|feet|in\.|inches|%|percent|sq ft|acres?)\b")


def test_note_wording_states_no_figures():
    for code, text in NOTE_TEXT.items():
        assert not FIGURE.search(text), code


def test_templates_state_no_figures_outside_variables():
    for path in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        text = re.sub(r"{{.*?}}|{%.*?%}", "", path.read_text())
        assert not FIGURE.search(text), (path.name, FIGURE.search(text).group())
