"""§ 17.42.160 accessory height, § 17.42.080 home occupations, ch. 15.04
flood rules and the hillside heights, at the limits."""

import pytest

from law.engine import Status
from law.engine.site import MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.families.flood.part import FloodData
from law.families.home_business.part import HomeBusiness

from .helpers import check, one

# § 15.04.170 holds new and substantially improved buildings; these cases are new ones.
NEW_BUILDING = MainBuilding(work_kind="new_construction")

# ---- § 17.42.160: 12 ft unless a minor use permit; detached garages excepted.


@pytest.mark.parametrize(
    ("kind", "height", "status"),
    [
        ("shed", 11.9, Status.PASS),
        ("shed", 12, Status.PASS),
        ("shed", 12.1, Status.NEEDS_APPROVAL),
        ("other", 12.1, Status.NEEDS_APPROVAL),
    ],
    ids=[
        "NL shed 11.9 ft passes",
        "NL shed exactly 12 ft passes",
        "NL shed 12.1 ft needs a minor use permit",
        "NL workshop 12.1 ft needs a minor use permit",
    ],
)
def test_accessory_structure_height(kind, height, status):
    accessory = AccessoryStructure(type=kind, height_ft=height)
    finding = one(check("NL", accessory=accessory), "accessory.height")
    assert finding.status is status
    assert finding.limit == 12
    assert (finding.section, finding.source) == ("17.42.160", "secondary")
    if status is Status.NEEDS_APPROVAL:
        assert finding.approval == "minor_use_permit"


def test_detached_garages_are_excepted_and_shown_against_the_zone_height():
    accessory = AccessoryStructure(type="detached_garage", height_ft=20)
    finding = one(check("NL", accessory=accessory), "accessory.height")
    assert finding.status is Status.INFO
    assert finding.note == "detached_garage_excepted"
    assert finding.limit == 28
    assert "main-structure height" in finding.reading


@pytest.mark.parametrize(
    "zone", ["OSC", "OSR"], ids=lambda z: f"{z} accessory height is left to 17.42.020"
)
def test_open_space_accessory_height_is_not_encoded(zone):
    accessory = AccessoryStructure(type="shed", height_ft=30)
    finding = one(check(zone, accessory=accessory), "accessory.height")
    assert finding.status is Status.NOT_CHECKED and finding.note == "not_encoded"


def test_toc_accessory_height_uses_17_42_160_with_a_reading():
    accessory = AccessoryStructure(type="shed", height_ft=12)
    finding = one(check("TOC", accessory=accessory), "accessory.height")
    assert finding.status is Status.PASS and "drafting slip" in finding.reading


# ---- § 17.42.080 home occupations.


@pytest.mark.parametrize(
    ("business", "status"),
    [(499, Status.PASS), (500, Status.PASS), (501, Status.FAIL)],
    ids=[
        "business area 24.95% of a 2,000 sq ft home passes",
        "business area exactly 25% passes",
        "business area 25.05% fails",
    ],
)
def test_home_business_floor_area(business, status):
    hb = HomeBusiness(home_floor_area_sqft=2000, business_floor_area_sqft=business)
    finding = one(check("NL", home_business=hb), "home_business.floor_area")
    assert finding.status is status
    assert (finding.limit, finding.unit) == (25, "percent")


@pytest.mark.parametrize(
    ("trips", "status"),
    [(11, Status.PASS), (12, Status.PASS), (13, Status.FAIL)],
    ids=[
        "11 visitor trips a day pass",
        "exactly 12 visitor trips a day pass",
        "13 visitor trips a day fail",
    ],
)
def test_home_business_visitor_trips(trips, status):
    finding = one(
        check("NL", home_business=HomeBusiness(visitor_trips_per_day=trips)),
        "home_business.visitor_trips",
    )
    assert finding.status is status and finding.limit == 12


@pytest.mark.parametrize(
    ("clients", "status"),
    [(0, Status.PASS), (1, Status.PASS), (2, Status.FAIL)],
    ids=[
        "no clients at once passes",
        "exactly one client at once passes",
        "two clients at once fail",
    ],
)
def test_home_business_clients(clients, status):
    finding = one(
        check("NL", home_business=HomeBusiness(clients_at_once=clients)), "home_business.clients"
    )
    assert finding.status is status and finding.limit == 1


def test_home_business_with_nothing_entered_lists_what_to_enter():
    findings = check("NL", home_business=HomeBusiness())
    assert one(findings, "home_business.floor_area").missing == (
        "home_floor_area_sqft",
        "business_floor_area_sqft",
    )
    assert one(findings, "home_business.visitor_trips").missing == ("visitor_trips_per_day",)
    assert one(findings, "home_business.clients").missing == ("clients_at_once",)


# ---- Ch. 15.04 flood.


@pytest.mark.parametrize(
    "flood_zone",
    ["A", "AE", "AH", "AO", "A1-30"],
    ids=lambda z: f"building in zone {z} needs a flood permit",
)
def test_special_flood_hazard_areas_need_a_development_permit(flood_zone):
    finding = one(check("NL", flood=FloodData(zone=flood_zone)), "flood.permit")
    assert finding.status is Status.NEEDS_APPROVAL
    assert finding.approval == "flood_development_permit"
    assert finding.section == "15.04.150"


@pytest.mark.parametrize(
    "flood_zone", ["X", "none"], ids=lambda z: f"zone {z} needs no flood permit"
)
def test_outside_special_flood_hazard_areas(flood_zone):
    findings = check("NL", flood=FloodData(zone=flood_zone))
    assert one(findings, "flood.permit").status is Status.INFO
    assert "flood.lowest_floor" not in [f.rule for f in findings]


@pytest.mark.parametrize(
    ("flood_zone", "floor", "status"),
    [
        ("AE", 99.9, Status.FAIL),
        ("AE", 100, Status.PASS),
        ("AH", 100.1, Status.PASS),
        ("A1-30", 99.9, Status.FAIL),
        ("A", 100, Status.PASS),
        ("A", 99.9, Status.FAIL),
    ],
    ids=[
        "AE lowest floor 0.1 ft below the base flood elevation fails",
        "AE lowest floor exactly at the base flood elevation passes",
        "AH lowest floor above the base flood elevation passes",
        "A1-30 lowest floor below the base flood elevation fails",
        "unnumbered A lowest floor at the base flood elevation passes",
        "unnumbered A lowest floor below the base flood elevation fails",
    ],
)
def test_lowest_floor_against_base_flood_elevation(flood_zone, floor, status):
    flood = FloodData(zone=flood_zone, base_flood_elevation_ft=100, lowest_floor_elevation_ft=floor)
    finding = one(check("NL", flood=flood, building=NEW_BUILDING), "flood.lowest_floor")
    assert finding.status is status
    assert finding.limit == 100
    assert finding.section == "15.04.170"


@pytest.mark.parametrize(
    ("depth_number", "floor", "status"),
    [
        (None, 51.9, Status.FAIL),
        (None, 52, Status.PASS),
        (3, 52.9, Status.FAIL),
        (3, 53, Status.PASS),
    ],
    ids=[
        "AO without a depth number 1.9 ft above grade fails",
        "AO without a depth number exactly 2 ft above grade passes",
        "AO depth number 3 ft with the floor 2.9 ft above grade fails",
        "AO depth number 3 ft with the floor exactly 3 ft above grade passes",
    ],
)
def test_lowest_floor_in_ao_zones(depth_number, floor, status):
    flood = FloodData(
        zone="AO",
        highest_adjacent_grade_ft=50,
        depth_number_ft=depth_number,
        lowest_floor_elevation_ft=floor,
    )
    finding = one(check("NL", flood=flood, building=NEW_BUILDING), "flood.lowest_floor")
    assert finding.status is status
    # The 2 ft is the fallback for a map with no depth number: the card says so either way.
    assert finding.note == "ao_depth_number_first"


def test_floodway_needs_an_engineers_no_rise_certification():
    finding = one(check("NL", flood=FloodData(zone="AE", in_floodway=True)), "flood.floodway")
    assert finding.status is Status.NEEDS_APPROVAL
    assert finding.note == "engineer_no_rise_certification"
    assert finding.section == "15.04.220"


def test_ae_outside_a_floodway_shows_the_one_foot_cumulative_rise_limit():
    finding = one(check("NL", flood=FloodData(zone="AE")), "flood.cumulative_rise")
    assert (finding.status, finding.limit) == (Status.INFO, 1)


def test_flood_findings_need_a_flood_zone():
    assert not [f for f in check("NL", flood=FloodData()) if f.topic == "flood"]


# ---- Hillside (secondary source).


@pytest.mark.parametrize(
    ("height", "status"),
    [(23.9, Status.PASS), (24, Status.PASS), (24.1, Status.FAIL)],
    ids=[
        "hillside home 23.9 ft passes",
        "hillside home exactly 24 ft passes",
        "hillside home 24.1 ft fails",
    ],
)
def test_hillside_general_height(height, status):
    finding = one(
        check("NL", hillside=True, building=MainBuilding(height_ft=height)), "hillside.height"
    )
    assert finding.status is status
    assert finding.source == "secondary" and finding.reading


@pytest.mark.parametrize(
    ("height", "status"),
    [(35, Status.PASS), (35.1, Status.FAIL)],
    ids=[
        "hillside home exactly 35 ft from the lowest grade passes",
        "35.1 ft from the lowest grade fails",
    ],
)
def test_hillside_height_from_lowest_grade(height, status):
    building = MainBuilding(height_from_lowest_grade_ft=height)
    finding = one(
        check("NL", hillside=True, building=building), "hillside.height_from_lowest_grade"
    )
    assert finding.status is status


def test_hillside_findings_only_on_hillside_lots():
    assert not [
        f for f in check("NL", building=MainBuilding(height_ft=30)) if f.topic == "hillside"
    ]
