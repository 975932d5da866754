"""The shape of the engine's answer: which findings, in which order, with
which fields; the public API names; the zoning-districts rows."""

import json
from dataclasses import FrozenInstanceError, fields, is_dataclass
from datetime import date
from pathlib import Path

import pytest

import law.engine as engine
from law.engine import ZONES, Finding, Status, load_standards
from law.engine.findings import APPROVALS
from law.engine.registry import registry
from law.engine.site import MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.families.adu.part import AduProposal
from law.families.fences.part import Fence
from law.families.flood.part import FloodData
from law.families.home_business.part import HomeBusiness
from law.reports.districts import district_rows

from .helpers import AS_OF, check, one, rules_of

NOTES = registry().notes
RULE_ORDER = registry().rule_order
TOPICS = registry().topics


def topic_then_rule(finding: Finding) -> tuple[int, int]:
    return TOPICS.index(finding.topic), RULE_ORDER.index(finding.rule)


ALWAYS = [
    "lot.area",
    "lot.width",
    "lot.depth",
    "density.min",
    "density.max",
    "setback.front",
    "setback.interior_side",
    "setback.rear",
    "height.main",
    "coverage",
]
FULL = {
    "area_sqft": 8000,
    "width_ft": 70,
    "depth_ft": 110,
    "corner_lot": True,
    "abuts_residential": True,
    "dwelling_units": 1,
    "hillside": True,
    "building": MainBuilding(20, 5, 10, 20, 25, 3000, 30),
    "fence": Fence(height_in=48, location="front_or_street_side_setback", type="solid"),
    "accessory": AccessoryStructure(type="shed", height_ft=10),
    "home_business": HomeBusiness(2000, 300, 6, 1),
    "flood": FloodData(zone="AE", base_flood_elevation_ft=100, lowest_floor_elevation_ft=101),
    "adu": AduProposal(
        adu_type="detached",
        adu_floor_area_sqft=600,
        adu_bedrooms=1,
        adu_height_ft=15,
        adu_side_setback_ft=4,
        adu_rear_setback_ft=4,
        existing_dwelling="single_family",
        primary_floor_area_sqft=1800,
        near_transit=False,
        near_major_transit=False,
    ),
}
# Every family's part is in the full plan: with the figures above where given, else as the
# part's declaration makes it with nothing entered (a family added since asks for its input).
FULL |= {
    f.part.key: f.part.type()
    for f in registry().families
    if f.part is not None and f.part.key not in FULL
}


def test_public_api_names():
    for family in registry().families:  # each family's part, from its folder
        if family.part is not None:
            assert family.part.type.__module__ == f"law.families.{family.name}.part"
    assert callable(district_rows)  # the district tables, with the reports
    for name in (
        "Lot",
        "MainBuilding",
        "Plan",
        "Finding",
        "Status",
        "Standard",
        "Standards",
        "StandardsError",
        "load_standards",
        "ZONES",
        "Zone",
        "check_lot",
    ):
        assert hasattr(engine, name), name
    assert [s.value for s in Status] == [
        "pass",
        "fail",
        "needs_approval",
        "not_checked",
        "info",
        "condition",
    ]
    assert list(ZONES) == [
        "OSC",
        "OSR",
        "RR-1.5",
        "RR-1.0",
        "RVL-0.66",
        "RVL-0.5",
        "NL",
        "NM",
        "NU",
        "CE",
        "CG",
        "CD",
        "CI",
        "PF",
        "SW",
        "TOC",
    ]


def test_finding_fields():
    assert [f.name for f in fields(Finding)] == [
        "rule",
        "status",
        "topic",
        "value",
        "limit",
        "limit_max",
        "unit",
        "approval",
        "section",
        "subsection",
        "reading",
        "source",
        "minor_variance",
        "note",
        "missing",
        "standard_id",
        "vouched_from",
        "overridden_by",
        "share",
        "exception",
    ]


@pytest.mark.parametrize(
    "zone", list(ZONES), ids=lambda z: f"a {z} lot with no plan lists the lot and building rules"
)
def test_lot_and_building_rules_are_always_reported(zone):
    findings = check(zone)
    for rule in ALWAYS:
        assert rule in rules_of(findings), rule
    assert {f.topic for f in findings} <= {"lot", "building"}


@pytest.mark.parametrize(
    "zone", list(ZONES), ids=lambda z: f"a full {z} check reports every family"
)
def test_a_full_check_covers_every_family(zone):
    findings = check(zone, **FULL)
    assert {f.topic for f in findings} == set(TOPICS)
    for rule in ALWAYS + [
        "setback.street_side",
        "fence.height",
        "accessory.height",
        "home_business.floor_area",
        "home_business.visitor_trips",
        "home_business.clients",
        "flood.permit",
        "flood.lowest_floor",
        "hillside.height",
        "adu.allowed",
    ]:
        assert rule in rules_of(findings), rule
    # Gov. Code 66314: where Table 2-4 allows no homes there is no ADU, and its check stops.
    if load_standards().get("adu.allowed", zone, "no_homes_zone", as_of=AS_OF) is not None:
        return
    for rule in [
        "adu.count",
        "adu.floor_area",
        "adu.height",
        "adu.setback.side",
        "adu.setback.rear",
        "adu.parking",
        "adu.review",
        "adu.fees",
    ]:
        assert rule in rules_of(findings), rule


def test_findings_are_ordered_by_topic_then_rule():
    findings = check("NL", **FULL)
    assert findings == sorted(findings, key=topic_then_rule)
    topics = [f.topic for f in findings]
    assert topics == sorted(topics, key=TOPICS.index)
    assert len(set(rules_of(findings))) == len(findings)
    assert set(rules_of(findings)) <= set(RULE_ORDER)


def test_the_same_input_gives_the_same_answer():
    assert check("CG", **FULL) == check("CG", **FULL)


@pytest.mark.parametrize("zone", list(ZONES))
def test_findings_are_codes_and_numbers_that_serialise_to_json(zone):
    for finding in check(zone, **FULL):
        data = json.loads(json.dumps(finding.to_dict()))
        assert data["status"] in {s.value for s in Status}
        assert data["approval"] is None or data["approval"] in APPROVALS
        assert data["note"] is None or data["note"] in NOTES
        assert data["source"] in (None, "code_text", "secondary")
        if data["status"] != "not_checked":
            assert data["section"], finding.rule
        if data["reading"] is not None:
            assert data["reading"].endswith(".")


def test_findings_are_frozen():
    finding = check("NL")[0]
    assert is_dataclass(finding)
    with pytest.raises(FrozenInstanceError):
        finding.rule = "other"


def test_missing_inputs_name_the_form_fields():
    findings = check("NL", corner_lot=True)
    assert one(findings, "setback.front").missing == ("front_setback_ft",)
    assert one(findings, "setback.street_side").missing == ("street_side_setback_ft",)
    assert one(findings, "height.main").missing == ("building_height_ft",)
    assert one(findings, "coverage").missing == ("lot_area_sqft", "covered_area_sqft")
    # An existing lot's depth is not asked (Table 2-4 binds new lots); a new lot's is.
    assert one(findings, "lot.depth").missing == ()
    new_lots = check("NL", common_interest_subdivision=True)
    assert one(new_lots, "lot.depth").missing == ("lot_width_ft", "lot_depth_ft")


def test_an_unknown_zone_is_a_programming_error():
    with pytest.raises(ValueError):
        check("IG")


def test_zero_lot_area_is_not_divided_by():
    finding = one(check("NL", area_sqft=0, building=MainBuilding(covered_area_sqft=10)), "coverage")
    assert finding.status is Status.NOT_CHECKED and finding.note == "input_zero"


# ---- the zoning-districts page rows -------------------------------------


def test_district_rows_cover_every_zone_with_cited_figures():
    rows = district_rows(load_standards(), date(2026, 11, 1))
    assert [row.zone.code for row in rows] == list(ZONES)
    by_zone = {row.zone.code: row for row in rows}
    rr = by_zone["RR-1.5"]
    assert (rr.min_area_acre, rr.min_area_sqft) == (1.5, 65340)
    assert rr.coverage_counts == "structures_and_pavement" and len(rr.coverage_sliding) == 5
    nl = by_zone["NL"]
    assert (nl.min_area_sqft, nl.min_area_acre, nl.front.value, nl.height.value) == (
        6000,
        None,
        20,
        28,
    )
    assert nl.front.section == "17.24.030" and nl.front.subsection == "Table 2-9"
    cg = by_zone["CG"]
    assert cg.front.comparison == "equal_or_range" and cg.front_alternate.value == 30
    assert (cg.height_use_permit.value, cg.height_17_30_040_d.value) == (50, 45)
    assert cg.interior_side_abutting_residential.value == 10
    assert by_zone["NM"].max_dwelling_size.value == 2200
    assert by_zone["PF"].front.note == "no_standard_for_zone"
    assert by_zone["TOC"].min_area.note == "no_standard_for_zone"


def test_district_rows_with_proposed_amendments_show_the_toc_row():
    on = date(2026, 11, 1)
    rows = district_rows(None, on, proposals={"spring-2026-cleanup": on})
    toc = next(row for row in rows if row.zone.code == "TOC")
    assert toc.min_area_sqft == 2000 and toc.density_max.value == 35


# ---- readings are documented ---------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "decisions"
# The readings of Cotati's tables, and of the state ADU, SB 9 and home-business statutes.
READING_NOTES = (
    "rules-readings.md",
    "adu-readings.md",
    "sb9-readings.md",
    "home-business-state-law.md",
)


def test_every_reading_in_the_data_is_in_the_decisions_note():
    text = "\n".join((DOCS / name).read_text(encoding="utf-8") for name in READING_NOTES)
    readings = {r.reading for r in load_standards() if r.reading}
    assert readings
    for reading in readings:
        assert reading in text, reading
