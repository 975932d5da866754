"""Limits live in the rules tables only: the wording layer never types a figure of its own."""

import re
from pathlib import Path

from django.conf import settings

from law.engine.words import words

NOTE_TEXT = words().notes
CASE_LABELS = words().cases

FIGURE = re.compile(r"\b\d+(\.\d+)?\s?(ft|feet|in\.|inches|%|percent|sq ft|acres?)\b")


def test_note_wording_states_no_figures():
    for code, text in NOTE_TEXT.items():
        assert not FIGURE.search(text), code


def test_templates_state_no_figures_outside_variables():
    templates = Path(settings.BASE_DIR, "templates")
    paths = [*templates.rglob("*.html"), *templates.rglob("*.jinja")]
    assert any(path.suffix == ".jinja" for path in paths)
    for path in paths:
        text = re.sub(r"{{.*?}}|{%.*?%}|{#.*?#}", "", path.read_text(), flags=re.S)
        assert not FIGURE.search(text), (path.name, FIGURE.search(text).group())


def test_case_labels_and_choice_words_state_no_figures():
    from law.families.fences.part import FENCE_LOCATION_CHOICES

    for code, text in [*CASE_LABELS.items(), *FENCE_LOCATION_CHOICES]:
        assert not FIGURE.search(text), code


def test_wording_that_names_a_condition_belongs_to_records_that_carry_one():
    """'{condition}' in a note or case label is worded from the record's condition ("within
    20 ft of the street line", "one-story"): every record using it must hold one."""
    from law.engine import load_standards
    from rules.wording.records import standard_label

    notes = {code for code, text in NOTE_TEXT.items() if "{condition}" in text}
    cases = {code for code, text in CASE_LABELS.items() if "{condition}" in text}
    assert notes and cases
    using = [r for r in load_standards() if r.note in notes or r.case in cases]
    assert using
    for record in using:
        assert record.condition is not None, record.id
        assert "{condition}" not in standard_label(record)


def test_every_case_of_the_standards_data_has_words_or_is_a_district():
    """Key numbers name a record by its case ("Number of ADUs (a junior ADU)"): a case that is
    not a district code needs words, as every rule id needs a label."""
    from law.engine import ZONES, load_standards
    from rules.wording.records import CASE_PART_WORDS

    unworded = {
        part
        for record in load_standards().records
        if record.case not in CASE_LABELS
        for case in record.cases
        for part in case.split(".")
        if part not in ZONES and part != "default" and part not in CASE_PART_WORDS
    }
    assert not unworded
