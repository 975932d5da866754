"""The answer model (issue 21): decisive questions, conditions, the City's decisions and the
alternatives under state law, read from a table a planner can review
(tests/rules/data/answer_model.toml), then the same model on real checks."""

from __future__ import annotations

import dataclasses
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
from law.engine.common import Context
from law.engine.declarations import Project
from law.engine.findings import COMMON_NOTES, Finding, Status
from law.engine.loader import load_standards
from law.engine.plan import Plan
from law.engine.registry import Registry, discover, registry
from law.engine.site import BASE_PARTS, BASE_PROJECTS, Lot
from law.families.accessory.part import AccessoryStructure
from law.families.fences.part import Fence
from tests.rules.helpers import AS_OF, check

TABLE = Path(__file__).parent / "data" / "answer_model.toml"
_ROW_KEYS = {
    "covers",
    "zone",
    "as_of",
    "project",
    "findings",
    "outcome",
    "approvals",
    "rules",
    "missing",
    "unknown",
    "conditions",
    "alternatives",
    "variance",
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


def lot_context(row: dict) -> Context | None:
    """The lot a row names (its zone, on its date): where the routes could add a home."""
    if "zone" not in row:
        return None
    return Context(load_standards().view(row.get("as_of", AS_OF)), Lot(zone=row["zone"]), Plan())


@pytest.mark.parametrize("row", rows(), ids=lambda row: row["covers"])
def test_an_answer_row_gets_the_outcome_questions_conditions_and_routes_it_names(row):
    project = row["project"]
    findings = [finding(f, project) for f in row["findings"]]
    (answer,) = answers_for(findings, [project], on=lot_context(row))
    assert answer.outcome == row["outcome"]
    assert answer.approvals == tuple(row.get("approvals", ()))
    assert answer.rules == tuple(row["rules"])
    assert answer.missing == tuple(row.get("missing", ()))
    assert answer.unknown == tuple(row.get("unknown", ()))
    if "variance" in row:
        assert answer.variance == tuple(row["variance"])
    conditions = [
        {key: value for key, value in c.to_dict().items() if value is not None}
        for c in answer.conditions
    ]
    assert conditions == row.get("conditions", [])
    assert [a.to_dict() for a in answer.alternatives] == [
        {"project": key, "reason": TOO_MANY_HOMES, "rule": row["rules"][0]}
        for key in row.get("alternatives", [])
    ]


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


@pytest.mark.parametrize(
    ("fields", "offered"),
    [
        ({"zone": "NM", "lot_area_sqft": 8000, "dwelling_units": 4}, ["adu"]),
        ({"zone": "NL", "lot_area_sqft": 10000, "dwelling_units": 2}, ["adu", "sb9"]),
        ({"zone": "RR-1.0", "lot_area_sqft": 43560, "dwelling_units": 2}, ["adu", "sb9"]),
        ({"zone": "OSR", "lot_area_sqft": 200000, "dwelling_units": 4}, []),
    ],
    ids=[
        "the NM 8,000 sq ft four-plex is offered an ADU, not SB 9 (NM is no single-family zone)",
        "two homes on a 10,000 sq ft NL lot allowing one: an ADU and SB 9",
        "two homes on an acre of RR-1.0 allowing one: an ADU and SB 9",
        "four homes in OSR, which allows none: neither (no ADU where no homes, no SB 9)",
    ],
)
def test_a_plan_with_more_homes_than_its_lot_allows_is_offered_the_routes_its_zone_takes(
    fields, offered
):
    lot, plan = registry().inputs_from({**fields, "building_type": "plex"})
    findings = check_lot(lot, plan, as_of=AS_OF)
    density = next(f for f in findings if f.rule == "density.max")
    assert density.status is Status.FAIL and density.value > density.limit
    on = Context(load_standards().view(AS_OF), lot, plan)
    (answer,) = answers_for(findings, ["main_building"], on=on)
    assert answer.outcome == NOT_ALLOWED
    assert [a.project for a in answer.alternatives] == offered
    assert {a.reason for a in answer.alternatives} <= {TOO_MANY_HOMES}
    # Each route offered is one whose own check would let it add a home on this lot.
    for key in offered:
        assert registry().home_routes[key](on)


def test_without_the_lot_no_route_is_offered():
    lot, plan = registry().inputs_from(
        {"zone": "NL", "lot_area_sqft": 10000, "dwelling_units": 2, "building_type": "plex"}
    )
    (answer,) = answers_for(check_lot(lot, plan, as_of=AS_OF), ["main_building"])
    assert answer.outcome == NOT_ALLOWED and answer.alternatives == ()


@pytest.mark.parametrize(
    ("zone", "project", "fields", "fails"),
    [
        ("OSR", "adu", {"adu_type": "detached", "existing_dwelling": "single_family"}, True),
        ("NM", "adu", {"adu_type": "detached", "existing_dwelling": "single_family"}, False),
        ("NM", "sb9", {"sb9": "two_unit"}, True),
        ("NL", "sb9", {"sb9": "two_unit"}, False),
    ],
    ids=[
        "OSR: the ADU's own check refuses it, and it is not offered",
        "NM: the ADU's own check lets it through, and it is offered",
        "NM: SB 9's own check refuses it, and it is not offered",
        "NL: SB 9's own check lets it through, and it is offered",
    ],
)
def test_a_route_is_offered_exactly_where_its_own_check_lets_it_add_a_home(
    zone, project, fields, fails
):
    lot, plan = registry().inputs_from({"zone": zone, **fields})
    findings = check_lot(lot, plan, as_of=AS_OF)
    # The first rule of the family deciding the project: whether it may be built there at all.
    (family,) = [f for f in registry().families if project in f.projects]
    (eligible,) = [f for f in findings if f.rule == family.rules[0]]
    assert (eligible.status is Status.FAIL) is fails
    offered = registry().home_routes[project](Context(load_standards().view(AS_OF), lot, plan))
    assert offered is not fails


def test_a_family_whose_project_adds_homes_must_say_where():
    families = discover()
    silent = [
        dataclasses.replace(f, adds_homes_on=None) if f.name == "sb9" else f for f in families
    ]
    with pytest.raises(ValueError, match="'sb9' adds homes, but no family deciding it says where"):
        Registry(silent, BASE_PARTS, COMMON_NOTES, BASE_PROJECTS)
    stray = [
        dataclasses.replace(f, adds_homes_on=lambda ctx: True) if f.name == "fences" else f
        for f in families
    ]
    with pytest.raises(ValueError, match="'fences': adds_homes_on, but it decides no project"):
        Registry(stray, BASE_PARTS, COMMON_NOTES, BASE_PROJECTS)


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
        "variance",
        "covered",
    }
    assert CITY_DECIDES in OUTCOMES


def test_a_condition_measured_as_a_share_carries_its_amounts():
    fields = {
        "zone": "NL",
        "adu_type": "detached",
        "adu_floor_area_sqft": 751,
        "existing_dwelling": "single_family",
    }
    lot, plan = registry().inputs_from({**fields, "primary_floor_area_sqft": 1502})
    (answer,) = answers_for(check_lot(lot, plan, as_of=AS_OF), ["adu"])
    (fees,) = [c for c in answer.conditions if c.rule == "adu.fees"]
    assert (fees.share.part, fees.share.whole, fees.share.unit) == (751, 1502, "sqft")
    assert fees.to_dict()["share"] == fees.share.to_dict()
    lot, plan = registry().inputs_from(fields)
    (answer,) = answers_for(check_lot(lot, plan, as_of=AS_OF), ["adu"])
    (fees,) = [c for c in answer.conditions if c.rule == "adu.fees"]
    assert fees.share is None and fees.to_dict()["share"] is None
