"""§ 17.24.030, Tables 2-5 to 2-18, row by row, at the limits.

Typed from the code's tables (not read from the TOML), so a data error shows
up as a failing case. BT = build-to line, RANGE = 0-10 ft range.
"""

import pytest

from law.engine import Status
from law.engine.site import MainBuilding

from .helpers import check as _check
from .helpers import one

# The figures of each table that do not turn on the kind of building are
# checked for a project whose kind does not change them: CE, CG and CD's own
# figures are those for a nonresidential building (CE and CG send projects
# with homes to NU's), and NM and NU's 5 ft interior side is a plex's.
# tests/rules/test_conditions_building_types.py covers the other kinds.
PLAIN_PROJECT = {"CE": "nonresidential", "CG": "nonresidential", "CD": "nonresidential"}
PLAIN_PROJECT |= {"NM": "plex", "NU": "plex"}


def check(zone, **fields):
    if "dwelling_units" not in fields and "building_type" not in fields:
        fields["building_type"] = PLAIN_PROJECT.get(zone)
    return _check(zone, **fields)


BT = "build_to"
RANGE = (0, 10)

# zone: table, front, interior side, interior side abutting residential,
#       street side, rear, rear abutting residential, coverage %, height, use-permit height
TABLES = {
    "OSC": ("Table 2-5", 30, 20, None, 30, 30, None, 5, 35, None),
    "OSR": ("Table 2-6", 30, 20, None, 30, 30, None, 5, 35, None),
    "RR-1.5": ("Table 2-7", 25, 10, None, 20, 20, None, "sliding", 28, None),
    "RR-1.0": ("Table 2-7", 25, 10, None, 20, 20, None, "sliding", 28, None),
    "RVL-0.66": ("Table 2-8", 25, 10, None, 20, 20, None, "sliding", 28, None),
    "RVL-0.5": ("Table 2-8", 25, 10, None, 20, 20, None, "sliding", 28, None),
    "NL": ("Table 2-9", 20, 5, None, 10, 20, None, 40, 28, None),
    "NM": ("Table 2-10", 15, 5, None, 10, 15, None, 55, 28, None),
    "NU": ("Table 2-11", (BT, 15), 5, None, 10, 10, None, 75, 35, None),
    "CE": ("Table 2-12", (BT, 10), 0, 10, (BT, 10), 10, 20, 80, 35, 45),
    "CG": ("Table 2-13", (BT, 0), 0, 10, (BT, 0), 10, 20, 80, 35, 50),
    "CD": ("Table 2-14", (BT, 0), 0, 10, (BT, 0), 10, None, 100, 35, 50),
    "CI": ("Table 2-15", 20, 0, 20, 20, 30, None, 80, 40, None),
    "SW": ("Table 2-17", RANGE, 10, None, RANGE, 10, None, 75, 40, None),
    "TOC": ("Table 2-18", RANGE, 0, 10, RANGE, 10, 20, 100, 45, 55),
}
SETBACKS = {
    "front": ("setback.front", "front_setback_ft", 1),
    "interior side": ("setback.interior_side", "interior_side_setback_ft", 2),
    "street side": ("setback.street_side", "street_side_setback_ft", 4),
    "rear": ("setback.rear", "rear_setback_ft", 5),
}


def _setback_cases():
    for zone, row in TABLES.items():
        for name, (rule, field, index) in SETBACKS.items():
            figure = row[index]
            for abutting in (False, True):
                if abutting:
                    alt = {2: row[3], 5: row[6]}.get(index)
                    if alt is None:
                        continue
                    figure = alt
                where = " abutting a residential zone" if abutting else ""
                label = f"{zone} {name} setback{where}"
                if isinstance(figure, tuple) and figure[0] == BT:
                    line = figure[1]
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        line,
                        Status.PASS,
                        id=f"{label} exactly on the {line} ft build-to line passes",
                    )
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        line + 0.5,
                        Status.INFO,
                        id=f"{label} {line + 0.5} ft off the {line} ft build-to line is reported",
                    )
                elif isinstance(figure, tuple):
                    low, high = figure
                    yield pytest.param(
                        zone, rule, field, abutting, low, Status.PASS, id=f"{label} {low} ft passes"
                    )
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        high,
                        Status.PASS,
                        id=f"{label} exactly {high} ft passes",
                    )
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        high + 0.1,
                        Status.FAIL,
                        id=f"{label} {high + 0.1:g} ft fails",
                    )
                elif figure == 0:
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        0,
                        Status.PASS,
                        id=f"{label} of 0 ft passes (none required)",
                    )
                else:
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        figure - 0.1,
                        Status.FAIL,
                        id=f"{label} {figure - 0.1:g} ft fails",
                    )
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        figure,
                        Status.PASS,
                        id=f"{label} exactly {figure} ft passes",
                    )
                    yield pytest.param(
                        zone,
                        rule,
                        field,
                        abutting,
                        figure + 0.1,
                        Status.PASS,
                        id=f"{label} {figure + 0.1:g} ft passes",
                    )


@pytest.mark.parametrize(
    ("zone", "rule", "field", "abutting", "value", "status"), list(_setback_cases())
)
def test_setbacks(zone, rule, field, abutting, value, status):
    building = MainBuilding(**{field: value})
    finding = one(check(zone, building=building, corner_lot=True, abuts_residential=abutting), rule)
    assert finding.status is status
    assert (finding.section, finding.subsection) == ("17.24.030", TABLES[zone][0])
    assert finding.value == value


def _coverage_cases():
    for zone, row in TABLES.items():
        percent = row[7]
        if percent == "sliding":
            continue
        yield pytest.param(
            zone, percent, Status.PASS, id=f"{zone} coverage exactly {percent}% passes"
        )
        if percent < 100:
            yield pytest.param(
                zone, percent + 0.1, Status.FAIL, id=f"{zone} coverage {percent + 0.1:g}% fails"
            )
        yield pytest.param(
            zone, percent - 0.1, Status.PASS, id=f"{zone} coverage {percent - 0.1:g}% passes"
        )


@pytest.mark.parametrize(("zone", "percent", "status"), list(_coverage_cases()))
def test_site_coverage(zone, percent, status):
    building = MainBuilding(covered_area_sqft=percent * 100)
    finding = one(check(zone, building=building, area_sqft=10000), "coverage")
    assert finding.status is status
    assert finding.limit == TABLES[zone][7]
    assert finding.minor_variance is None


@pytest.mark.parametrize(
    ("zone", "counts"),
    [
        ("OSC", "counts_structures_and_pavement"),
        ("OSR", "counts_structures_and_pavement"),
        ("RR-1.0", "counts_structures_and_pavement"),
        ("RVL-0.5", "counts_structures_and_pavement"),
        ("CI", "counts_structures_and_pavement"),
        ("NL", "counts_structures"),
        ("CD", "counts_structures"),
        ("TOC", "counts_structures"),
    ],
    ids=lambda v: v if isinstance(v, str) and v.startswith("counts") is False else None,
)
def test_coverage_says_what_counts(zone, counts):
    building = MainBuilding(covered_area_sqft=1)
    assert one(check(zone, building=building, area_sqft=1e6), "coverage").note == counts


ACRE = 43560
# lot acres: (linear limit, stepwise limit), from the reading in reference §4.
SLIDING = {
    0.3: (30, 30),
    0.5: (30, 30),
    0.75: (25, 30),
    1.0: (20, 20),
    1.25: (15, 20),
    1.5: (10, 10),
    2.0: (10, 10),
}


def _sliding_cases():
    for zone in ("RR-1.5", "RR-1.0", "RVL-0.66", "RVL-0.5"):
        for acres, (linear, stepwise) in SLIDING.items():
            yield pytest.param(
                zone,
                acres,
                linear,
                Status.PASS,
                id=f"{zone} {acres:g} acre lot at {linear}% coverage passes",
            )
            over = stepwise + 0.1
            yield pytest.param(
                zone,
                acres,
                over,
                Status.FAIL,
                id=f"{zone} {acres:g} acre lot at {over:g}% coverage fails",
            )
            if stepwise > linear:
                between = (linear + stepwise) / 2
                yield pytest.param(
                    zone,
                    acres,
                    between,
                    Status.NOT_CHECKED,
                    id=f"{zone} {acres:g} acre lot at {between:g}% is the Planning Division's to decide",
                )


@pytest.mark.parametrize(("zone", "acres", "percent", "status"), list(_sliding_cases()))
def test_rr_and_rvl_sliding_coverage(zone, acres, percent, status):
    area = acres * ACRE
    building = MainBuilding(covered_area_sqft=area * percent / 100)
    finding = one(check(zone, building=building, area_sqft=area), "coverage")
    assert finding.status is status
    assert (finding.limit, finding.limit_max) == pytest.approx(SLIDING[acres])
    if status is Status.NOT_CHECKED:
        assert (finding.approval, finding.missing) == (None, ())
        assert finding.note == "sliding_scale_between_readings"
    assert "percentage points" in finding.reading


def _height_cases():
    for zone, row in TABLES.items():
        base, permit = row[8], row[9]
        yield pytest.param(
            zone, base, Status.PASS, None, id=f"{zone} height exactly {base} ft passes"
        )
        yield pytest.param(
            zone, base - 0.1, Status.PASS, None, id=f"{zone} height {base - 0.1:g} ft passes"
        )
        if permit is None:
            yield pytest.param(
                zone, base + 0.1, Status.FAIL, None, id=f"{zone} height {base + 0.1:g} ft fails"
            )
        else:
            yield pytest.param(
                zone,
                base + 0.1,
                Status.NEEDS_APPROVAL,
                "use_permit",
                id=f"{zone} height {base + 0.1:g} ft needs a use permit",
            )
            yield pytest.param(
                zone,
                permit,
                Status.NEEDS_APPROVAL,
                "use_permit",
                id=f"{zone} height exactly {permit} ft needs a use permit",
            )
            yield pytest.param(
                zone, permit + 0.1, Status.FAIL, None, id=f"{zone} height {permit + 0.1:g} ft fails"
            )


@pytest.mark.parametrize(("zone", "height", "status", "approval"), list(_height_cases()))
def test_main_structure_height(zone, height, status, approval):
    finding = one(check(zone, building=MainBuilding(height_ft=height)), "height.main")
    assert finding.status is status
    assert finding.approval == approval
    assert finding.limit == TABLES[zone][8]
    assert finding.limit_max == TABLES[zone][9]


@pytest.mark.parametrize(
    ("zone", "height", "note"),
    [
        ("CE", 45, "or_section_17_30_040_d"),
        ("CG", 45, "or_section_17_30_040_d"),
        ("CG", 46, None),
        ("CD", 45, "or_section_17_30_040_d"),
        ("TOC", 50, None),
    ],
    ids=[
        "CE 45 ft may also comply through 17.30.040(D)",
        "CG 45 ft may also comply through 17.30.040(D)",
        "CG 46 ft needs the use permit alone",
        "CD 45 ft may also comply through 17.30.040(D)",
        "TOC has no 17.30.040(D) path",
    ],
)
def test_section_17_30_040_d_path(zone, height, note):
    finding = one(check(zone, building=MainBuilding(height_ft=height)), "height.main")
    assert finding.status is Status.NEEDS_APPROVAL
    assert finding.note == note


def test_pf_has_no_zone_table_in_our_text():
    findings = check("PF", corner_lot=True, building=MainBuilding(front_setback_ft=1, height_ft=90))
    for rule in (
        "setback.front",
        "setback.interior_side",
        "setback.street_side",
        "setback.rear",
        "height.main",
        "coverage",
    ):
        finding = one(findings, rule)
        assert finding.status is Status.NOT_CHECKED, rule
        assert finding.note == "no_standard_for_zone"
        assert (finding.section, finding.subsection) == ("17.24.030", "Table 2-16")


@pytest.mark.parametrize(
    ("zone", "kind", "abutting", "limit"),
    [
        ("NM", "single_family_new", False, 5),
        ("NU", "single_family_new", False, 5),
        ("CD", "single_family_existing", False, 5),
        ("CD", "single_family_existing", True, 5),
        ("CD", "nonresidential", True, 10),
        ("CD", "nonresidential", False, 0),
    ],
    ids=[
        "NM single-family interior side is 5 ft (reading)",
        "NU single-family interior side is 5 ft (reading)",
        "CD existing single-family interior side is 5 ft",
        "CD existing single-family abutting a residential zone is still 5 ft",
        "CD other uses abutting a residential zone need 10 ft",
        "CD other uses need no interior side setback",
    ],
)
def test_interior_side_readings(zone, kind, abutting, limit):
    finding = one(
        check(zone, building_type=kind, abuts_residential=abutting), "setback.interior_side"
    )
    assert finding.limit == limit
    if zone in ("NM", "NU") or kind == "single_family_existing":
        assert finding.reading and "single-family" in finding.reading


def test_street_side_is_reported_only_for_corner_lots():
    assert "setback.street_side" not in [f.rule for f in check("NL")]
    assert one(check("NL", corner_lot=True), "setback.street_side").limit == 10


@pytest.mark.parametrize(
    ("zone", "limit", "note"),
    [("CG", 30, "gravenstein_frontage"), ("CD", 15, "la_plaza_streets")],
    ids=[
        "CG shows the 30 ft Gravenstein build-to line",
        "CD shows the 15 ft named-street build-to line",
    ],
)
def test_alternate_build_to_lines(zone, limit, note):
    finding = one(check(zone), "setback.front_alternate")
    assert (finding.status, finding.limit, finding.note) == (Status.INFO, limit, note)


@pytest.mark.parametrize("zone", ["RR-1.5", "RR-1.0", "RVL-0.66", "RVL-0.5", "NL", "NM", "NU"])
def test_garage_placement_is_shown_where_the_table_has_it(zone):
    finding = one(check(zone), "garage.placement")
    assert (finding.status, finding.limit, finding.unit) == (Status.INFO, 10, "ft")


@pytest.mark.parametrize("zone", ["OSC", "CE", "CI", "SW", "TOC"])
def test_no_garage_row_in_other_zones(zone):
    assert "garage.placement" not in [f.rule for f in check(zone)]


@pytest.mark.parametrize(("zone", "size"), [("NM", 2200), ("NU", 2000), ("CD", 2000)])
def test_maximum_dwelling_size_is_shown(zone, size):
    finding = one(check(zone, dwelling_units=12), "dwelling.max_size")
    assert (finding.status, finding.limit, finding.unit) == (Status.INFO, size, "sqft")


def test_upper_walls_of_ten_unit_buildings_are_held_to_the_10_ft_figure():
    building = MainBuilding(interior_side_setback_ft=9.9, storeys=2)
    finding = one(check("NM", dwelling_units=10, building=building), "setback.interior_side")
    assert (finding.status, finding.limit) == (Status.FAIL, 10)
    assert finding.standard_id == "t2-10-nm-setback-interior-side-upper-walls"


@pytest.mark.parametrize(
    ("zone", "note"),
    [
        ("CE", "residential_and_mixed_use_follow_nu_standards"),
        ("CG", "residential_follows_nu_standards"),
    ],
)
def test_corridor_residential_projects_follow_nu_standards(zone, note):
    finding = one(check(zone, dwelling_units=4), "residential.nu_standards")
    assert finding.status is Status.INFO and finding.note == note
