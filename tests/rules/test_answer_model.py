"""The answer model (issue 21): decisive questions, conditions, the City's decisions and the
alternatives under state law, read from a table a planner can review
(tests/rules/data/answer_model.toml), then the same model on real checks."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from law.engine.answers import (
    CANNOT_TELL,
    CITY_DECIDES,
    NOT_ALLOWED,
    OUTCOMES,
    TOO_MANY_HOMES,
    answers_for,
)
from law.engine.check import check_lot
from law.engine.declarations import Project
from law.engine.findings import COMMON_NOTES, Finding, Status
from law.engine.registry import Registry, discover, registry
from law.engine.site import BASE_PARTS, BASE_PROJECTS
from law.families.accessory.part import AccessoryStructure
from law.families.fences.part import Fence
from tests.rules.helpers import AS_OF, check

TABLE = Path(__file__).parent / "data" / "answer_model.toml"
_ROW_KEYS = {
    "covers",
    "project",
    "findings",
    "outcome",
    "approvals",
    "rules",
    "missing",
    "unknown",
    "conditions",
    "alternatives",
}
_FINDING_KEYS = {"rule", "status", "approval", "missing", "note", "value", "limit", "unit"}


def rows() -> list[dict]:
    with TABLE.open("rb") as fh:
        table = tomllib.load(fh)["row"]
    for row in table:
        assert set(row) <= _ROW_KEYS, f"{row['covers']}: unknown key {set(row) - _ROW_KEYS}"
        assert row["outcome"] in OUTCOMES, row["covers"]
        for finding in row["findings"]:
            assert set(finding) <= _FINDING_KEYS, f"{row['covers']}: {finding}"
    return table


def finding(entry: dict, project: str) -> Finding:
    rule = entry["rule"]
    assert rule in registry().project_rules[project], f"{rule} does not bear on {project}"
    return Finding(
        rule=rule,
        status=Status(entry["status"]),
        topic=registry().family_of[rule].topic,
        approval=entry.get("approval"),
        missing=tuple(entry.get("missing", ())),
        note=entry.get("note"),
        value=entry.get("value"),
        limit=entry.get("limit"),
        unit=entry.get("unit"),
    )


@pytest.mark.parametrize("row", rows(), ids=lambda row: row["covers"])
def test_an_answer_row_gets_the_outcome_questions_conditions_and_routes_it_names(row):
    project = row["project"]
    (answer,) = answers_for([finding(f, project) for f in row["findings"]], [project])
    assert answer.outcome == row["outcome"]
    assert answer.approvals == tuple(row.get("approvals", ()))
    assert answer.rules == tuple(row["rules"])
    assert answer.missing == tuple(row.get("missing", ()))
    assert answer.unknown == tuple(row.get("unknown", ()))
    conditions = [
        {key: value for key, value in c.to_dict().items() if value is not None}
        for c in answer.conditions
    ]
    assert conditions == row.get("conditions", [])
    if row.get("alternatives") == "adds_homes":
        offered = tuple(key for key in registry().adds_homes if key != project)
        assert offered, "no project declares adds_homes"
        assert [a.to_dict() for a in answer.alternatives] == [
            {"project": key, "reason": TOO_MANY_HOMES, "rule": row["rules"][0]} for key in offered
        ]
    else:
        assert answer.alternatives == ()


def test_only_an_unanswered_question_makes_an_answer_wait():
    for row in rows():
        waits = row["outcome"] == CANNOT_TELL
        assert waits == bool(row.get("missing")), row["covers"]


# --- The same model on real checks.
def test_a_shed_within_every_rule_held_is_the_citys_to_place_not_a_question():
    findings = check(
        "NL", accessory=AccessoryStructure(type="shed", footprint_sqft=120, height_ft=10, stories=1)
    )
    (answer,) = answers_for(findings, ["accessory_structure"])
    assert answer.outcome == CITY_DECIDES
    assert answer.missing == ()
    assert "accessory.setbacks" in answer.unknown


def test_a_fence_nothing_entered_asks_every_question_that_starts_its_check():
    (answer,) = answers_for(check("NL"), ["fence"])
    assert answer.outcome == CANNOT_TELL
    assert answer.missing == registry().part_triggers["fence"]
    assert {"fence_height_in", "fence_location", "fence_type"} <= set(answer.missing)


def test_a_home_with_nothing_entered_is_asked_every_decisive_question_at_once():
    findings = check("NM")
    (answer,) = answers_for(findings, ["main_building"])
    listed = {name for f in findings for name in f.missing if f.status is Status.NOT_CHECKED}
    assert answer.outcome == CANNOT_TELL
    assert len(answer.missing) > 2
    assert set(answer.missing) == {
        name
        for f in findings
        if f.rule in registry().project_rules["main_building"]
        for name in f.missing
    }
    assert set(answer.missing) <= listed


def test_a_plan_with_more_homes_than_its_lot_allows_is_offered_the_adu():
    lot, plan = registry().inputs_from(
        {"zone": "NM", "lot_area_sqft": 8000, "dwelling_units": 4, "building_type": "plex"}
    )
    findings = check_lot(lot, plan, as_of=AS_OF)
    density = next(f for f in findings if f.rule == "density.max")
    assert density.status is Status.FAIL and density.value > density.limit
    (answer,) = answers_for(findings, ["main_building"])
    assert answer.outcome == NOT_ALLOWED
    offered = [a.project for a in answer.alternatives]
    assert "adu" in offered and "main_building" not in offered
    assert {a.reason for a in answer.alternatives} == {TOO_MANY_HOMES}


def test_a_fence_within_its_limits_is_offered_nothing_and_has_no_conditions():
    fence = Fence(height_in=84, location="interior_side_or_rear_setback")
    (answer,) = answers_for(check("NL", fence=fence), ["fence"])
    assert (answer.alternatives, answer.conditions) == ((), ())


def test_the_projects_that_add_homes_are_read_from_their_declarations():
    families = discover()
    flagged = Project(key="two_homes", parts=("building",), order=35, adds_homes=True)
    plain = Project(key="porch", parts=("building",), order=36)
    built = Registry(families, BASE_PARTS, COMMON_NOTES, (*BASE_PROJECTS, flagged, plain))
    # A project no family's rules bear on yet is not offered: it would check nothing.
    assert "two_homes" not in built.adds_homes and "porch" not in built.adds_homes
    assert built.adds_homes == tuple(
        key for key, p in built.projects.items() if p.adds_homes and built.covered(key)
    )
    assert "adu" in registry().adds_homes


def test_a_condition_never_changes_the_outcome():
    rule = registry().project_rules["fence"][0]
    base = Finding(rule=rule, status=Status.PASS, topic="fence")
    condition = Finding(rule=rule, status=Status.CONDITION, topic="fence", note="not_encoded")
    (alone,) = answers_for([base], ["fence"])
    (with_condition,) = answers_for([base, condition], ["fence"])
    assert alone.outcome == with_condition.outcome
    assert [c.rule for c in with_condition.conditions] == [rule]


def test_every_outcome_and_member_of_an_answer_serialises():
    (answer,) = answers_for(check("NL"), ["fence"])
    data = answer.to_dict()
    assert set(data) == {
        "project",
        "outcome",
        "approvals",
        "rules",
        "missing",
        "unknown",
        "what_would_pass",
        "conditions",
        "alternatives",
        "covered",
    }
    assert CITY_DECIDES in OUTCOMES
