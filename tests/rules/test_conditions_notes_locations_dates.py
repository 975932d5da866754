"""Conditions in Table 3-2's locations and notes, Table 2-4's note (4), the
work a flood rule covers, agricultural accessory structures, and the dates we
vouch from, each tried on both sides (heights in inches: 7 ft = 84, 8 ft = 96).
"""

from datetime import date

import pytest

from law.engine import Status, load_standards
from law.engine.site import MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.families.fences.part import Fence
from law.families.flood.part import FloodData

from .helpers import check, one

PASS, FAIL, NOT_CHECKED, NEEDS, INFO = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
    Status.INFO,
)
PDR, ADR, BP, MUP = (
    "planning_division_review",
    "administrative_design_review",
    "building_permit",
    "minor_use_permit",
)


def _fence(zone, location, height, kind=None, **lot):
    fence = Fence(height_in=height, location=location, type=kind)
    return one(check(zone, fence=fence, **lot), "fence.height")


# (zone, location, type, height, lot fields, status, approval, note, id)
FENCES = [
    (
        "NL",
        "no_setback_zone_within_20ft",
        "open",
        72,
        {},
        NEEDS,
        ADR,
        "fence_location_rerouted",
        "NL open fence of 72 in. 'within 20 ft' is in NL's 20 ft front setback: design review",
    ),
    (
        "NL",
        "no_setback_zone_within_20ft",
        "solid",
        42,
        {},
        PASS,
        None,
        "fence_location_rerouted",
        "NL fence of 42 in. 'within 20 ft' passes the front setback's 42 in.",
    ),
    (
        "RR-1.0",
        "no_setback_zone_within_20ft",
        "solid",
        72,
        {},
        PASS,
        None,
        "fence_location_rerouted",
        "RR fence of 6 ft 'within 20 ft' passes RR's front setback",
    ),
    (
        "NL",
        "no_setback_zone_within_20ft",
        "solid",
        42,
        {"corner_lot": True},
        NOT_CHECKED,
        None,
        "fence_location_not_in_zone",
        "NL corner lot 'within 20 ft' is refused (the 10 ft street side setback is shallower)",
    ),
    (
        "NM",
        "no_setback_zone_within_20ft",
        "solid",
        42,
        {},
        NOT_CHECKED,
        None,
        "fence_location_not_in_zone",
        "NM 'within 20 ft' is refused (its 15 ft front setback does not cover the strip)",
    ),
    (
        "NL",
        "no_setback_zone_beyond_20ft",
        "solid",
        84,
        {},
        NOT_CHECKED,
        None,
        "fence_location_not_in_zone",
        "NL '20 ft or more behind' is refused (NL has setbacks)",
    ),
    (
        "PF",
        "no_setback_zone_within_20ft",
        "solid",
        30,
        {},
        NOT_CHECKED,
        None,
        "fence_location_not_in_zone",
        "PF no-setback rows are refused (no table to tell)",
    ),
    (
        "CG",
        "front_or_street_side_setback",
        "solid",
        42,
        {},
        PASS,
        None,
        "fence_location_rerouted",
        "CG has no front setback: a 42 in. front wall uses the 20 ft rows",
    ),
    (
        "CG",
        "front_or_street_side_setback",
        "open",
        72,
        {},
        PASS,
        None,
        "fence_location_rerouted",
        "CG open front fence of 6 ft passes the within-20-ft open row",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        "solid",
        42.1,
        {},
        NOT_CHECKED,
        None,
        "note_2_between_readings",
        "CD solid 42.1 in. within 20 ft is between note 2's readings",
    ),
    (
        "SW",
        "no_setback_zone_beyond_20ft",
        "solid",
        84,
        {},
        PASS,
        None,
        None,
        "SW (0-10 ft front) fence 20 ft back at 7 ft passes",
    ),
    # Note (1) applies to "outside of a required setback 8 ft.(1)".
    (
        "NL",
        "outside_setbacks",
        "solid",
        84,
        {},
        PASS,
        None,
        None,
        "NL fence outside setbacks at exactly 7 ft passes",
    ),
    (
        "NL",
        "outside_setbacks",
        "open",
        84.1,
        {},
        NEEDS,
        BP,
        "open_design_above_7ft",
        "NL open-topped fence outside setbacks at 84.1 in. needs a building permit",
    ),
    (
        "NL",
        "outside_setbacks",
        "open",
        96,
        {},
        NEEDS,
        BP,
        "open_design_above_7ft",
        "NL open-topped fence outside setbacks at exactly 8 ft needs a building permit",
    ),
    (
        "NL",
        "outside_setbacks",
        "solid",
        84.1,
        {},
        NOT_CHECKED,
        None,
        "note_2_between_readings",
        "NL solid fence outside setbacks at 84.1 in. is not by right (note 1)",
    ),
    (
        "NL",
        "outside_setbacks",
        None,
        84.1,
        {},
        NOT_CHECKED,
        None,
        "input_missing",
        "NL fence outside setbacks at 84.1 in. of unknown design is not checked",
    ),
    (
        "NL",
        "outside_setbacks",
        "open",
        96.1,
        {},
        NEEDS,
        MUP,
        "minor_use_permit_and_adr",
        "NL fence outside setbacks at 96.1 in. needs a minor use permit and design review",
    ),
    # Note (2) above 8 ft in every row; below 8 ft over a row's limit: between readings.
    (
        "NL",
        "front_or_street_side_setback",
        "solid",
        96,
        {},
        NOT_CHECKED,
        None,
        "note_2_between_readings",
        "NL front fence of exactly 8 ft is between note 2's readings",
    ),
    (
        "NL",
        "front_or_street_side_setback",
        "solid",
        96.1,
        {},
        NEEDS,
        MUP,
        "minor_use_permit_and_adr",
        "NL front fence of 96.1 in. has note 2's permit path",
    ),
    (
        "NL",
        "sight_visibility_area",
        "solid",
        36,
        {},
        PASS,
        None,
        None,
        "NL fence of exactly 3 ft in a sight visibility area passes",
    ),
    (
        "NL",
        "sight_visibility_area",
        "solid",
        36.1,
        {},
        NOT_CHECKED,
        None,
        "note_2_between_readings",
        "NL fence of 36.1 in. in a sight visibility area is between note 2's readings",
    ),
]


@pytest.mark.parametrize(
    ("zone", "location", "kind", "height", "lot", "status", "approval", "note"),
    [pytest.param(*row[:8], id=row[8]) for row in FENCES],
)
def test_fence_locations_and_notes(zone, location, kind, height, lot, status, approval, note):
    finding = _fence(zone, location, height, kind, **lot)
    assert finding.status is status
    assert finding.approval == approval
    assert finding.note == note
    if note == "fence_location_not_in_zone":
        assert finding.missing == ("fence_location",)


def test_note_2_flags_its_run_together_wording():
    finding = _fence("NL", "interior_side_or_rear_setback", 97, "solid")
    assert "runs two wordings together" in finding.reading
    between = _fence("NL", "interior_side_or_rear_setback", 90, "solid")
    assert "disagree" in between.reading


# ---- Table 2-4, note (4): common-interest projects ---------------------------
# The parcel minimums bind the lots a subdivision creates (issue 21): a common-interest
# subdivision's whole site must meet them, its ownership lots are sized in subdivision review;
# a lot that is not being divided is an existing lot, never failed on them.

COMMON = [
    (
        "NL",
        6000,
        True,
        NEEDS,
        "subdivision_review",
        "NL common-interest site of 6,000 sq ft goes to subdivision review for its ownership lots",
    ),
    (
        "NL",
        5999,
        True,
        FAIL,
        None,
        "NL common-interest site of 5,999 sq ft fails: the whole site must meet the minimum",
    ),
    (
        "NL",
        5999,
        False,
        INFO,
        None,
        "NL existing lot of 5,999 sq ft, not common-interest, is information",
    ),
    (
        "NL",
        5999,
        None,
        INFO,
        None,
        "NL existing lot of 5,999 sq ft is information, the condominium question not asked",
    ),
    ("NL", 6000, None, PASS, None, "NL lot of 6,000 sq ft passes whatever the answer"),
    (
        "CI",
        10000,
        True,
        NEEDS,
        "subdivision_review",
        "CI commercial condominium site of 10,000 sq ft goes to subdivision review",
    ),
    (
        "RR-1.0",
        43559,
        True,
        FAIL,
        None,
        "RR-1.0 site under an acre making new lots fails (no note 4 in RR)",
    ),
]


@pytest.mark.parametrize(
    ("zone", "area", "answer", "status", "approval"),
    [pytest.param(*row[:5], id=row[5]) for row in COMMON],
)
def test_common_interest_lots_go_to_subdivision_review(zone, area, answer, status, approval):
    finding = one(check(zone, area_sqft=area, common_interest_subdivision=answer), "lot.area")
    assert finding.status is status
    assert finding.approval == approval
    assert finding.missing == ()


def test_note_4_leaves_width_alone():
    finding = one(check("NL", width_ft=59, common_interest_subdivision=True), "lot.width")
    assert finding.status is FAIL


# ---- § 15.04.170: new or substantially improved buildings only ----------------
# (kind of work, "Will the work cost half or more of the building's market value?", floor)

FLOOD = [
    (
        "new_construction",
        None,
        99.9,
        FAIL,
        (),
        "a new building's lowest floor 0.1 ft under the BFE fails",
    ),
    (
        "substantial_improvement",
        None,
        99.9,
        FAIL,
        (),
        "a substantial improvement 0.1 ft under fails",
    ),
    ("substantial_improvement", None, 100, PASS, (), "a substantial improvement at the BFE passes"),
    ("addition", False, 99.9, INFO, (), "an addition under half the building's value is not held"),
    (
        "addition",
        True,
        99.9,
        FAIL,
        (),
        "an addition at half the value or more, 0.1 ft under, fails",
    ),
    ("addition", True, 100, PASS, (), "an addition at half the value or more, at the BFE, passes"),
    (
        "addition",
        None,
        99.9,
        NOT_CHECKED,
        ("substantial_improvement",),
        "an addition 0.1 ft under asks only whether it costs half the value",
    ),
    (None, None, 100, PASS, (), "unknown work with the floor at the BFE passes either way"),
    (
        None,
        None,
        99.9,
        NOT_CHECKED,
        ("work_kind", "substantial_improvement"),
        "unknown work with the floor under the BFE asks both questions at once",
    ),
]


@pytest.mark.parametrize(
    ("work", "improved", "floor", "status", "asked"),
    [pytest.param(*row[:5], id=row[5]) for row in FLOOD],
)
def test_lowest_floor_turns_on_the_kind_of_work(work, improved, floor, status, asked):
    flood = FloodData(
        zone="AE",
        base_flood_elevation_ft=100,
        lowest_floor_elevation_ft=floor,
        substantial_improvement=improved,
    )
    finding = one(
        check("NL", flood=flood, building=MainBuilding(work_kind=work)), "flood.lowest_floor"
    )
    assert finding.status is status
    assert finding.missing == asked


# ---- accessory structures: § 17.42.020 (agricultural) vs § 17.42.160 ----------

ACCESSORY = [
    ("RR-1.0", "agricultural", 20, NOT_CHECKED, "an RR barn is sent to § 17.42.020, not 12 ft"),
    ("RVL-0.5", "agricultural", 12.1, NOT_CHECKED, "an RVL barn is sent to § 17.42.020"),
    ("TOC", "agricultural", 20, NOT_CHECKED, "a TOC barn is sent to § 17.42.020"),
    ("RR-1.0", "shed", 12.1, NEEDS, "an RR shed over 12 ft needs a minor use permit"),
    ("RR-1.0", "shed", 12, PASS, "an RR shed of 12 ft passes"),
    ("NL", "agricultural", 12.1, NEEDS, "an NL barn is held to § 17.42.160 (NL cites only it)"),
]


@pytest.mark.parametrize(
    ("zone", "kind", "height", "status"), [pytest.param(*row[:4], id=row[4]) for row in ACCESSORY]
)
def test_agricultural_accessory_structures(zone, kind, height, status):
    accessory = AccessoryStructure(type=kind, height_ft=height)
    finding = one(check(zone, accessory=accessory), "accessory.height")
    assert finding.status is status
    if status is NOT_CHECKED:
        assert finding.section == "17.24.030"


# ---- dates we vouch from -------------------------------------------------------

DATES = [
    (
        "setback.front",
        "NL",
        {"building": MainBuilding(front_setback_ft=25)},
        date(2026, 2, 11),
        date(2026, 2, 12),
        "zone tables from the day Ord. 939 took effect",
    ),
    (
        "lot.area",
        "NL",
        {"area_sqft": 7000},
        date(2025, 7, 23),
        date(2025, 7, 24),
        "Table 2-4 from the day Ord. 935 took effect",
    ),
    (
        "fence.height",
        "NL",
        {"fence": Fence(height_in=36, location="sight_visibility_area")},
        date(2026, 3, 19),
        date(2026, 3, 20),
        "Table 3-2 from the first day of spring 2026",
    ),
]


@pytest.mark.parametrize(
    ("rule", "zone", "fields", "before", "start"),
    [pytest.param(*row[:5], id=row[5]) for row in DATES],
)
def test_before_the_vouched_date_the_finding_says_from_when(rule, zone, fields, before, start):
    earlier = one(check(zone, as_of=before, **fields), rule)
    assert earlier.status is NOT_CHECKED
    assert (earlier.note, earlier.vouched_from) == ("before_vouched_date", start)
    assert earlier.to_dict()["vouched_from"] == start.isoformat()
    later = one(check(zone, as_of=start, **fields), rule)
    assert later.status is not NOT_CHECKED and later.vouched_from is None


def test_a_district_our_text_has_no_figure_for_still_says_so():
    finding = one(check("SW", area_sqft=7000), "lot.area")
    assert finding.note == "no_standard_for_zone" and finding.vouched_from is None


def test_the_plex_count_applies_only_from_when_we_vouch_for_it():
    building = MainBuilding(interior_side_setback_ft=5)
    lot = {"dwelling_units": 5, "abuts_residential": True, "building": building}
    before = one(check("CD", as_of=date(2026, 3, 19), **lot), "setback.interior_side")
    after = one(check("CD", as_of=date(2026, 3, 20), **lot), "setback.interior_side")
    assert before.status is NOT_CHECKED and before.missing == ("building_type",)
    assert after.status is PASS


REDLINE_TITLED_SPRING_2026 = date(2026, 3, 20)


def test_text_the_redline_shows_unchanged_is_vouched_no_later_than_spring_2026():
    from_redline = [
        r
        for r in load_standards()
        if r.status == "adopted" and r.section in ("17.30.030", "17.62.060", "17.39.040")
    ]
    assert from_redline
    assert all(r.effective <= REDLINE_TITLED_SPRING_2026 for r in from_redline)
    table_2_4 = [r for r in load_standards() if r.section == "17.24.020" and r.effective]
    assert all(r.effective <= REDLINE_TITLED_SPRING_2026 for r in table_2_4)


# ---- honest sources --------------------------------------------------------------


def test_figures_read_from_the_redline_or_our_reading_are_not_labelled_code_text():
    standards = load_standards()
    assert standards.by_id("s17-62-060-c-minor-variance").source == "secondary"
    assert standards.by_id("s17-39-040-plex-units").source == "secondary"
    assert standards.by_id("reading-density-single-unit").source == "reading"
    assert all(r.source == "secondary" for r in standards if r.section == "17.30.030")
