"""Finding writes its own constructor (a frozen dataclass's generated one costs a check about a
fifth of its time): it must take exactly the declared fields, with their defaults."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, fields, replace

from law.engine import load_standards
from law.engine.common import from_record
from law.engine.findings import Finding, Status


def test_the_constructor_takes_every_field_with_its_declared_default():
    parameters = inspect.signature(Finding).parameters
    assert list(parameters) == [f.name for f in fields(Finding)]
    for f in fields(Finding):
        parameter = parameters[f.name]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, f.name
        expected = inspect.Parameter.empty if f.default is MISSING else f.default
        assert parameter.default == expected, f.name


def test_a_finding_built_holds_every_field_it_was_given():
    given = {f.name: f"value of {f.name}" for f in fields(Finding)}
    finding = Finding(**given)
    assert {f.name: getattr(finding, f.name) for f in fields(Finding)} == given
    assert vars(finding) == given


def test_replace_keeps_the_fields_not_named():
    finding = Finding(rule="height.main", status=Status.PASS, topic="building", limit=30.0)
    changed = replace(finding, status=Status.FAIL)
    assert changed.limit == 30.0 and changed.status is Status.FAIL
    assert changed == Finding(rule="height.main", status=Status.FAIL, topic="building", limit=30.0)


def test_a_finding_from_a_record_holds_every_field():
    # from_record (law/engine/common.py) builds nearly every finding of a check: each declared
    # field, from the record or as given, and only those.
    record = next(r for r in load_standards().records if r.rule == "setback.rear")
    finding = from_record("setback.rear", "building", Status.FAIL, record, value=5.0, limit=10.0)
    assert list(vars(finding)) == [f.name for f in fields(Finding)]
    assert finding == Finding(
        rule="setback.rear",
        status=Status.FAIL,
        topic="building",
        value=5.0,
        limit=10.0,
        section=record.section,
        subsection=record.subsection,
        reading=record.reading,
        source=record.source,
        note=record.note,
        standard_id=record.id,
    )
    assert hash(finding) == hash(replace(finding))
