"""Conditions of Tables 2-10 to 2-14 that turn on the building, at their limits.

Each condition printed beside a figure ("for multifamily plex", "existing
single-family", "of 10 or more units", "2-story and higher building walls",
"nonresidential structures", "abutting a residential zone", "ground-floor
residential projects and mixed use projects") is tried on both sides, with
the setback just under and at the figure. Typed from the tables, not the TOML.
"""

import pytest

from law.engine import Status
from law.engine.site import MainBuilding

from .helpers import check, one

PASS, FAIL, NOT_CHECKED, NEEDS, INFO = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
    Status.INFO,
)


def _side(zone, setback, *, storeys=None, **lot):
    building = MainBuilding(interior_side_setback_ft=setback, storeys=storeys)
    return one(check(zone, building=building, **lot), "setback.interior_side")


# (zone, lot fields, storeys, setback, status, limit, id)
INTERIOR = [
    # Table 2-14 (CD): 5 ft for plex and existing single-family; 10 ft for other uses
    # abutting a residential zone; none otherwise.
    (
        "CD",
        {"dwelling_units": 12, "abuts_residential": True},
        None,
        9.9,
        FAIL,
        10,
        "CD 12-unit building abutting a residential zone at 9.9 ft fails (10 ft, not the plex's 5)",
    ),
    (
        "CD",
        {"dwelling_units": 12, "abuts_residential": True},
        None,
        10,
        PASS,
        10,
        "CD 12-unit building abutting a residential zone at 10 ft passes",
    ),
    (
        "CD",
        {"dwelling_units": 12},
        None,
        0,
        PASS,
        0,
        "CD 12-unit building not abutting a residential zone at 0 ft passes (none required)",
    ),
    (
        "CD",
        {"dwelling_units": 9, "abuts_residential": True},
        None,
        4.9,
        FAIL,
        5,
        "CD 9-unit plex abutting a residential zone at 4.9 ft fails",
    ),
    (
        "CD",
        {"dwelling_units": 9, "abuts_residential": True},
        None,
        5,
        PASS,
        5,
        "CD 9-unit plex abutting a residential zone at 5 ft passes (5 ft, not 10)",
    ),
    (
        "CD",
        {"dwelling_units": 2},
        None,
        4.9,
        FAIL,
        5,
        "CD duplex not abutting a residential zone at 4.9 ft fails (a plex needs 5 ft anyway)",
    ),
    (
        "CD",
        {"dwelling_units": 10, "abuts_residential": True},
        None,
        5,
        FAIL,
        10,
        "CD 10 units is multifamily, not a plex: 5 ft abutting fails",
    ),
    (
        "CD",
        {"building_type": "single_family_existing", "abuts_residential": True},
        None,
        5,
        PASS,
        5,
        "CD existing single-family home abutting at 5 ft passes",
    ),
    (
        "CD",
        {"building_type": "single_family_existing"},
        None,
        4.9,
        FAIL,
        5,
        "CD existing single-family home not abutting at 4.9 ft fails",
    ),
    (
        "CD",
        {"building_type": "single_family_new", "abuts_residential": True},
        None,
        9.9,
        FAIL,
        10,
        "CD new single-family home abutting at 9.9 ft fails (an other use)",
    ),
    (
        "CD",
        {"building_type": "single_family_new"},
        None,
        0,
        PASS,
        0,
        "CD new single-family home not abutting at 0 ft passes",
    ),
    (
        "CD",
        {"building_type": "mixed_use", "abuts_residential": True},
        None,
        9.9,
        FAIL,
        10,
        "CD mixed-use building abutting at 9.9 ft fails",
    ),
    (
        "CD",
        {"building_type": "nonresidential", "abuts_residential": True},
        None,
        10,
        PASS,
        10,
        "CD nonresidential building abutting at 10 ft passes",
    ),
    (
        "CD",
        {"dwelling_units": 1, "abuts_residential": True},
        None,
        6,
        NOT_CHECKED,
        5,
        "CD one home abutting at 6 ft is not checked: new or existing decides",
    ),
    (
        "CD",
        {"dwelling_units": 1, "abuts_residential": True},
        None,
        10,
        PASS,
        10,
        "CD one home abutting at 10 ft passes whether new or existing",
    ),
    (
        "CD",
        {"dwelling_units": 1},
        None,
        4.9,
        NOT_CHECKED,
        0,
        "CD one home not abutting at 4.9 ft is not checked: new or existing decides",
    ),
    (
        "CD",
        {"dwelling_units": 1},
        None,
        5,
        PASS,
        5,
        "CD one home not abutting at 5 ft passes whether new or existing",
    ),
    # Table 2-10 (NM): 5 ft for plex and nonresidential; 5 ft at 1-story and 10 ft at
    # 2-story and higher walls for multifamily of 10 or more units.
    (
        "NM",
        {"dwelling_units": 10},
        1,
        4.9,
        FAIL,
        5,
        "NM 10-unit one-story building at 4.9 ft fails",
    ),
    ("NM", {"dwelling_units": 10}, 1, 5, PASS, 5, "NM 10-unit one-story building at 5 ft passes"),
    (
        "NM",
        {"dwelling_units": 10},
        2,
        9.9,
        FAIL,
        10,
        "NM 10-unit two-story building at 9.9 ft fails",
    ),
    (
        "NM",
        {"dwelling_units": 10},
        2,
        10,
        PASS,
        10,
        "NM 10-unit two-story building at 10 ft passes",
    ),
    (
        "NM",
        {"dwelling_units": 9},
        2,
        5,
        PASS,
        5,
        "NM 9-unit two-story plex at 5 ft passes (the 10 ft wall rule is for 10 or more)",
    ),
    (
        "NM",
        {"dwelling_units": 10},
        None,
        7,
        NOT_CHECKED,
        5,
        "NM 10-unit building at 7 ft is not checked until the stories are given",
    ),
    (
        "NM",
        {"dwelling_units": 10},
        None,
        10,
        PASS,
        10,
        "NM 10-unit building at 10 ft passes whatever its stories",
    ),
    (
        "NM",
        {"dwelling_units": 10},
        None,
        4.9,
        FAIL,
        5,
        "NM 10-unit building at 4.9 ft fails whatever its stories",
    ),
    (
        "NM",
        {"building_type": "nonresidential"},
        3,
        5,
        PASS,
        5,
        "NM three-story nonresidential building at 5 ft passes (5 ft in NM)",
    ),
    (
        "NM",
        {"building_type": "mixed_use", "dwelling_units": 10},
        2,
        9.9,
        FAIL,
        10,
        "NM two-story mixed-use building with 10 homes at 9.9 ft fails",
    ),
    (
        "NM",
        {"building_type": "mixed_use", "dwelling_units": 9},
        2,
        5,
        PASS,
        5,
        "NM two-story mixed-use building with 9 homes at 5 ft passes",
    ),
    # Table 2-11 (NU): as NM, but the 10 ft wall rule also covers nonresidential structures.
    (
        "NU",
        {"building_type": "nonresidential"},
        2,
        9.9,
        FAIL,
        10,
        "NU two-story nonresidential building at 9.9 ft fails",
    ),
    (
        "NU",
        {"building_type": "nonresidential"},
        2,
        10,
        PASS,
        10,
        "NU two-story nonresidential building at 10 ft passes",
    ),
    (
        "NU",
        {"building_type": "nonresidential"},
        1,
        5,
        PASS,
        5,
        "NU one-story nonresidential building at 5 ft passes",
    ),
    ("NU", {"dwelling_units": 4}, 2, 5, PASS, 5, "NU two-story plex at 5 ft passes"),
    (
        "NU",
        {"dwelling_units": 12},
        2,
        9.9,
        FAIL,
        10,
        "NU two-story 12-unit building at 9.9 ft fails",
    ),
    (
        "NU",
        {"building_type": "mixed_use", "dwelling_units": 3},
        2,
        9.9,
        FAIL,
        10,
        "NU two-story mixed-use building at 9.9 ft fails (read as nonresidential)",
    ),
    (
        "NU",
        {"building_type": "single_family_new"},
        2,
        5,
        PASS,
        5,
        "NU two-story new single-family home at 5 ft passes (reading)",
    ),
]


@pytest.mark.parametrize(
    ("zone", "lot", "storeys", "setback", "status", "limit"),
    [pytest.param(*row[:6], id=row[6]) for row in INTERIOR],
)
def test_interior_side_by_building(zone, lot, storeys, setback, status, limit):
    finding = _side(zone, setback, storeys=storeys, **lot)
    assert finding.status is status
    assert finding.limit == limit


def test_an_undecided_interior_side_names_the_field_that_decides():
    finding = _side("NM", 7, dwelling_units=10)
    assert finding.missing == ("storeys",) and finding.note == "depends_on_building"
    finding = _side("CD", 6, dwelling_units=1, abuts_residential=True)
    assert finding.missing == ("building_type",)


def test_a_building_type_the_number_of_homes_contradicts_is_not_checked():
    finding = _side("CD", 6, building_type="plex", dwelling_units=12, abuts_residential=True)
    assert finding.status is NOT_CHECKED
    assert finding.note == "building_type_conflicts_units"
    assert finding.missing == ("building_type", "dwelling_units")


@pytest.mark.parametrize("zone", ["NL", "NM", "NU"])
def test_rowhouse_units_note_is_carried_in_each_neighborhood_zone(zone):
    assert _side(zone, 5, dwelling_units=4).note == "rowhouse_units_none"


# ---- CE and CG projects that follow the NU standards (Tables 2-12, 2-13) -------


def _rule(zone, rule, *, building, **lot):
    return one(check(zone, building=building, **lot), rule)


COVERAGE_78 = MainBuilding(covered_area_sqft=7800)
HEIGHT_40 = MainBuilding(height_ft=40)

# (zone, lot fields, building, rule, status, limit, id)
CORRIDOR = [
    (
        "CE",
        {"dwelling_units": 4},
        COVERAGE_78,
        "coverage",
        FAIL,
        75,
        "CE project with homes at 78% coverage fails NU's 75%",
    ),
    (
        "CE",
        {"building_type": "nonresidential"},
        COVERAGE_78,
        "coverage",
        PASS,
        80,
        "CE nonresidential project at 78% coverage passes CE's 80%",
    ),
    (
        "CE",
        {"building_type": "mixed_use", "dwelling_units": 4},
        COVERAGE_78,
        "coverage",
        FAIL,
        75,
        "CE mixed-use project at 78% coverage fails NU's 75%",
    ),
    (
        "CE",
        {},
        COVERAGE_78,
        "coverage",
        NOT_CHECKED,
        80,
        "CE project of unknown kind at 78% coverage is not checked (75% or 80%)",
    ),
    (
        "CE",
        {},
        MainBuilding(covered_area_sqft=7000),
        "coverage",
        PASS,
        80,
        "CE project of unknown kind at 70% coverage passes under both tables",
    ),
    (
        "CE",
        {"dwelling_units": 4},
        HEIGHT_40,
        "height.main",
        FAIL,
        35,
        "CE project with homes at 40 ft fails NU's 35 ft (no use-permit path in NU)",
    ),
    (
        "CE",
        {"building_type": "nonresidential"},
        HEIGHT_40,
        "height.main",
        NEEDS,
        35,
        "CE nonresidential project at 40 ft needs a use permit",
    ),
    (
        "CG",
        {"building_type": "plex", "dwelling_units": 4},
        COVERAGE_78,
        "coverage",
        FAIL,
        75,
        "CG plex at 78% coverage fails NU's 75%",
    ),
    (
        "CG",
        {"building_type": "mixed_use", "dwelling_units": 4},
        COVERAGE_78,
        "coverage",
        NOT_CHECKED,
        80,
        "CG mixed-use project at 78% is not checked until the ground floor is known",
    ),
    (
        "CG",
        {"building_type": "mixed_use", "dwelling_units": 4, "ground_floor_residential": True},
        COVERAGE_78,
        "coverage",
        FAIL,
        75,
        "CG mixed-use project with homes on the ground floor at 78% fails NU's 75%",
    ),
    (
        "CG",
        {"building_type": "mixed_use", "dwelling_units": 4, "ground_floor_residential": False},
        COVERAGE_78,
        "coverage",
        PASS,
        80,
        "CG mixed-use project with no homes on the ground floor at 78% passes CG's 80%",
    ),
    (
        "CE",
        {"dwelling_units": 4},
        MainBuilding(front_setback_ft=15),
        "setback.front",
        PASS,
        15,
        "CE project with homes on NU's 15 ft build-to line passes",
    ),
]


@pytest.mark.parametrize(
    ("zone", "lot", "building", "rule", "status", "limit"),
    [pytest.param(*row[:6], id=row[6]) for row in CORRIDOR],
)
def test_corridor_projects_with_homes_use_nu_figures(zone, lot, building, rule, status, limit):
    finding = _rule(zone, rule, building=building, area_sqft=10000, **lot)
    assert finding.status is status
    assert finding.limit == limit


def test_an_undecided_corridor_project_names_what_decides():
    findings = check("CG", building=COVERAGE_78, area_sqft=10000, building_type="mixed_use")
    assert one(findings, "coverage").missing == ("ground_floor_residential",)
    switch = one(findings, "residential.nu_standards")
    assert switch.status is NOT_CHECKED and switch.missing == ("ground_floor_residential",)
    unknown = one(check("CE", building=COVERAGE_78, area_sqft=10000), "coverage")
    assert unknown.note == "depends_on_nu_standards" and unknown.missing == ("building_type",)


def test_nu_figures_cite_table_2_11_and_ce_nonresidential_cites_table_2_12():
    homes = _rule("CE", "coverage", building=COVERAGE_78, area_sqft=10000, dwelling_units=4)
    own = _rule(
        "CE", "coverage", building=COVERAGE_78, area_sqft=10000, building_type="nonresidential"
    )
    assert homes.subsection == "Table 2-11" and own.subsection == "Table 2-12"


@pytest.mark.parametrize(
    ("zone", "kind", "shown"),
    [
        ("CE", "nonresidential", False),
        ("CE", "mixed_use", True),
        ("CG", "multifamily", True),
    ],
    ids=[
        "a CE nonresidential project gets no NU-standards finding",
        "a CE mixed-use project is told it follows NU",
        "a CG multifamily project is told it follows NU",
    ],
)
def test_the_nu_standards_finding_follows_the_project(zone, kind, shown):
    findings = check(zone, building_type=kind)
    rules = [f.rule for f in findings]
    assert ("residential.nu_standards" in rules) is shown


# ---- CD and CG named-street build-to lines: front and street side -----------


@pytest.mark.parametrize(
    ("zone", "corner", "limit"),
    [("CD", True, 15), ("CD", False, None), ("CG", True, 30), ("CG", False, None)],
    ids=[
        "CD corner lot shows the 15 ft named-street line for the street side too",
        "CD inside lot has no street-side named-street line",
        "CG corner lot shows the 30 ft Gravenstein line for the street side too",
        "CG inside lot has no street-side Gravenstein line",
    ],
)
def test_named_street_build_to_lines_cover_the_street_side(zone, corner, limit):
    findings = check(zone, corner_lot=corner, building_type="nonresidential")
    alternates = [f for f in findings if f.rule == "setback.street_side_alternate"]
    assert [f.limit for f in alternates] == ([limit] if limit else [])
