"""The golden queries cover what the registry and the standards data declare.

The queries themselves are a reviewed list (``queries.toml``); what they must reach is
derived: every zoning district, every project whose rules have a record (and "something
else"), every input of the lot, the building and each family with a record, every choice of
those inputs, both answers to each yes/no/not-answered question, the day before, of and after
every effective date in the data, the proposals previewed, and a refused answer of every kind
of input. A family added without a golden query of its own fails here, naming what is missing.
"""

from datetime import timedelta
from urllib.parse import parse_qsl

import pytest

from law.engine import load_standards
from law.engine.registry import registry
from rules.fields import TRUE_WORDS
from rules.forms import SOMETHING_ELSE
from tests.golden.golden import load_queries, read_golden

FALSE_WORDS = {"false", "off", "0", "no"}


@pytest.fixture(scope="module")
def given() -> dict[str, set[str]]:
    """Every value each parameter takes in some query."""
    values: dict[str, set[str]] = {}
    for query in load_queries():
        for name, value in parse_qsl(query.query, keep_blank_values=True):
            values.setdefault(name, set()).add(value)
    return values


def _families_with_records():
    ruled = {record.rule for record in load_standards()}
    return [family for family in registry().families if ruled.intersection(family.rules)]


def _inputs_needed():
    """The inputs of the parts always asked (the lot, the building) and of every family
    whose rules have a record."""
    reg = registry()
    always = {part.key for part in reg.parts if part.always}
    names = {entry.name for entry in reg.inputs.values() if entry.part in always}
    for family in _families_with_records():
        names.update(family.inputs)
    return [reg.inputs[name] for name in reg.inputs if name in names]


def test_every_zone_is_asked(given):
    zones = [code for code, _label in registry().inputs["zone"].spec.choices]
    assert set(zones) - given["zone"] == set()


def test_every_project_with_rules_of_record_and_something_else_are_asked(given):
    reg = registry()
    own = {
        key: {r for f in reg.project_families[key] if not f.site_condition for r in f.rules}
        for key in reg.projects
    }
    ruled = {record.rule for record in load_standards()}
    needed = {key for key, rules in own.items() if rules & ruled} | {SOMETHING_ELSE}
    assert needed - given.get("project", set()) == set()


def test_every_input_of_a_family_with_records_is_given(given):
    assert [entry.name for entry in _inputs_needed() if entry.name not in given] == []


def test_every_choice_and_both_answers_of_every_question_are_given(given):
    absent = []
    for entry in _inputs_needed():
        raw = given.get(entry.name, set())
        values = {v.lower() for v in raw}
        if entry.spec.kind == "choice":
            absent += [f"{entry.name}={c}" for c, _label in entry.spec.choices if c not in raw]
        elif entry.spec.kind == "answer":
            absent += [f"{entry.name}=yes"] if not values & TRUE_WORDS else []
            absent += [f"{entry.name}=no"] if not values & FALSE_WORDS else []
        elif entry.spec.kind == "yesno" and not values & TRUE_WORDS:
            absent.append(f"{entry.name}=true")
    assert absent == []


def test_the_day_before_of_and_after_every_effective_date_are_asked(given):
    edges = {record.effective for record in load_standards() if record.effective} | {
        record.until for record in load_standards() if record.until
    }
    wanted = {(day + timedelta(days=shift)).isoformat() for day in edges for shift in (-1, 0, 1)}
    assert sorted(wanted - given.get("as_of", set())) == []


def test_the_proposals_are_previewed_and_not(given):
    assert load_standards().proposals, "no proposal in the data: drop this test"
    previews = {v.lower() for v in given.get("include_proposed", ())}
    assert previews & TRUE_WORDS and previews & FALSE_WORDS


def test_a_refused_answer_of_every_kind_of_input_is_captured():
    """Read from the golden file: which fields came back with an error, by kind."""
    reg = registry()
    refused = {
        reg.inputs[name].spec.kind
        for entry in read_golden().values()
        for name in entry["response"].get("errors", {})
        if name in reg.inputs
    }
    kinds = {entry.spec.kind for entry in reg.inputs.values()}
    assert kinds - refused == set()
