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


def test_every_case_of_the_standards_data_has_words_or_is_a_district():
    """Key numbers name a record by its case ("Number of ADUs (a junior ADU)"): a case that is
    not a district code needs words, as every rule id needs a label."""
    from rules.engine import ZONES, load_standards
    from rules.templatetags.rules_wording import CASE_LABELS, CASE_PART_WORDS

    unworded = {
        part
        for record in load_standards().records
        if record.case not in CASE_LABELS
        for case in record.cases
        for part in case.split(".")
        if part not in ZONES and part != "default" and part not in CASE_PART_WORDS
    }
    assert not unworded
