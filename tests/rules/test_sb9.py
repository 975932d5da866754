"""SB 9 as its own project (Gov. Code §§ 65852.21, 66411.7), at the limits: the zone says
whether it applies (never asked), the statute's questions asked at once, each home 800 sq ft
and 4 ft side and rear setbacks held, 25 percent of outside walls, a 40 percent smaller lot,
1,200 sq ft lots."""

from datetime import date

import pytest

from law.engine import ZONES, Status, check_lot, load_standards
from law.engine.answers import answers_for
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot
from law.families.sb9.part import Sb9Proposal

from .helpers import AS_OF, check, one

PASS, FAIL, NOT_CHECKED, NEEDS = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
)
CLEAR = {"site_excluded": False, "protected_housing": False}
SPLIT_CLEAR = {
    **CLEAR,
    "ellis_withdrawal": False,
    "historic": False,
    "prior_split": False,
    "adjacent_split": False,
}
HOMES = {"unit_floor_area_sqft": 800, "side_setback_ft": 4, "rear_setback_ft": 4}


def sb9(kind, *, zone="NL", lot_area_sqft=6000, as_of=AS_OF, **fields):
    plan = Plan(sb9=Sb9Proposal(kind=kind, **fields))
    findings = check_lot(Lot(zone=zone, area_sqft=lot_area_sqft), plan, as_of=as_of)
    return [f for f in findings if f.topic == "sb9"]


def test_sb9_is_a_project_of_its_own_that_adds_homes():
    project = registry().projects["sb9"]
    assert project.parts == ("sb9",) and project.adds_homes
    assert "sb9" in registry().adds_homes and "adu" in registry().adds_homes
    assert not any(i.name.startswith("sb9") for i in registry().part_inputs["adu"])


def test_whether_the_zone_is_single_family_is_never_asked():
    assert "sb9_single_family_zone" not in registry().inputs
    missing = one(sb9("two_unit"), "sb9.eligible").missing
    assert missing == ("sb9_site_excluded", "sb9_protected_housing", "sb9_ellis_withdrawal")


def test_a_lot_split_asks_each_of_its_bars_as_a_plain_yes_or_no_all_at_once():
    missing = one(sb9("lot_split"), "sb9.eligible").missing
    assert missing == (
        "sb9_site_excluded",
        "sb9_protected_housing",
        "sb9_ellis_withdrawal",
        "sb9_historic",
        "sb9_prior_split",
        "sb9_adjacent_split",
    )


def test_every_district_is_classified_once_for_sb9():
    standards = load_standards()
    inside = standards.get("sb9.eligible", "NL", "single_family_zone", as_of=AS_OF)
    outside = standards.get("sb9.eligible", "NM", "not_single_family_zone", as_of=AS_OF)
    assert set(inside.zones) | set(outside.zones) == set(ZONES)
    assert not set(inside.zones) & set(outside.zones)


@pytest.mark.parametrize(
    "zone, status",
    [("NL", NEEDS), ("RR-1.5", NEEDS), ("RVL-0.5", NEEDS), ("NM", FAIL), ("NU", FAIL)],
)
def test_the_zone_decides_whether_sb9_applies(zone, status):
    finding = one(sb9("two_unit", zone=zone, ellis_withdrawal=False, **CLEAR), "sb9.eligible")
    assert finding.status is status
    if status is FAIL:
        assert (finding.note, finding.section) == ("sb9_not_single_family_zone", "17.24.020")


ELIGIBLE = [
    ("two_unit", dict(CLEAR, ellis_withdrawal=False), NEEDS, "a clear two-unit project"),
    ("two_unit", dict(CLEAR, ellis_withdrawal=True), FAIL, "an Ellis Act withdrawal"),
    ("two_unit", dict(CLEAR, site_excluded=True, ellis_withdrawal=False), FAIL, "excluded site"),
    ("lot_split", dict(SPLIT_CLEAR, protected_housing=True), FAIL, "protected housing, a split"),
    ("lot_split", SPLIT_CLEAR, NEEDS, "a clear lot split"),
    ("lot_split", dict(SPLIT_CLEAR, ellis_withdrawal=True), FAIL, "an Ellis Act split"),
    ("lot_split", dict(SPLIT_CLEAR, historic=True), FAIL, "a historic lot split"),
    ("lot_split", dict(SPLIT_CLEAR, prior_split=True), FAIL, "a lot from an earlier split"),
    ("lot_split", dict(SPLIT_CLEAR, adjacent_split=True), FAIL, "a neighbour split before"),
    ("lot_split", dict(SPLIT_CLEAR, site_excluded=None), NOT_CHECKED, "an unanswered question"),
]


@pytest.mark.parametrize(
    "kind, answers, status", [c[:-1] for c in ELIGIBLE], ids=[c[-1] for c in ELIGIBLE]
)
def test_sb9_eligibility(kind, answers, status):
    finding = one(sb9(kind, **answers), "sb9.eligible")
    assert finding.status is status
    if status is NEEDS:
        assert finding.approval == "ministerial_permit"
    if status is NOT_CHECKED:
        assert finding.missing == ("sb9_site_excluded",)


BEFORE_SB450, SB450 = date(2024, 12, 31), date(2025, 1, 1)
UNIT_SIZE = [
    (799.9, AS_OF, PASS, "sb9_guarantee", "799.9 sq ft is guaranteed"),
    (800, AS_OF, PASS, "sb9_guarantee", "exactly 800 sq ft is guaranteed"),
    (800.1, BEFORE_SB450, NOT_CHECKED, "sb9_depends_on_cotati", "2024: 800.1 sq ft is Cotati's"),
    (800.1, SB450, PASS, "sb9_zone_standards", "2025: 800.1 sq ft meets the zone's standards"),
]


@pytest.mark.parametrize("kind", ["two_unit", "lot_split"])
@pytest.mark.parametrize(
    "area, as_of, status, note", [c[:4] for c in UNIT_SIZE], ids=[c[4] for c in UNIT_SIZE]
)
def test_each_home_of_800_sq_ft_is_held(kind, area, as_of, status, note):
    finding = one(sb9(kind, as_of=as_of, **dict(HOMES, unit_floor_area_sqft=area)), "sb9.unit_size")
    assert (finding.status, finding.note) == (status, note)
    assert finding.missing == ()
    assert finding.limit == 800


SETBACK = [
    (3.9, BEFORE_SB450, NOT_CHECKED, "2024: 3.9 ft is Cotati's to decide"),
    (3.9, SB450, FAIL, "2025: 3.9 ft misses the zone's setback, capped at 4 ft"),
    (4, AS_OF, PASS, "exactly 4 ft meets any setback Cotati may set"),
    (10, AS_OF, PASS, "10 ft meets it too"),
]


@pytest.mark.parametrize(
    "rule, field",
    [("sb9.setback.side", "side_setback_ft"), ("sb9.setback.rear", "rear_setback_ft")],
)
@pytest.mark.parametrize(
    "setback, as_of, status", [c[:3] for c in SETBACK], ids=[c[3] for c in SETBACK]
)
def test_side_and_rear_setbacks_of_4_ft_are_held(rule, field, setback, as_of, status):
    finding = one(sb9("two_unit", as_of=as_of, **dict(HOMES, **{field: setback})), rule)
    assert finding.status is status and finding.missing == ()
    if status is FAIL:
        assert finding.exception == "sb9_existing_structure" and finding.limit == 4


WALLS = [
    (24.9, BEFORE_SB450, PASS, "2024: 24.9 percent of walls passes"),
    (25, BEFORE_SB450, PASS, "2024: exactly 25 percent passes"),
    (25.1, BEFORE_SB450, NOT_CHECKED, "2024: 25.1 percent is the City's"),
    (25.1, SB450, Status.INFO, "2025: SB 450 removed the limit"),
    (100, SB450, Status.INFO, "2025: all the walls, no limit"),
]


@pytest.mark.parametrize("walls, as_of, status", [c[:3] for c in WALLS], ids=[c[3] for c in WALLS])
def test_two_unit_demolition_of_exterior_walls(walls, as_of, status):
    finding = one(
        sb9("two_unit", as_of=as_of, walls_demolished_percent=walls, **CLEAR), "sb9.demolition"
    )
    assert finding.status is status
    assert finding.missing == ()
    if as_of < SB450:
        assert finding.subsection == "(a)(5)"


SPLIT = [
    # (original, a, b, share status, area status, id)
    (6000, 2399.9, 3600.1, FAIL, PASS, "a lot just under 40 percent fails"),
    (6000, 2400, 3600, PASS, PASS, "a lot of exactly 40 percent passes"),
    (6000, 2400.1, 3599.9, PASS, PASS, "a lot just over 40 percent passes"),
    (2400, 1199.9, 1200.1, PASS, NOT_CHECKED, "a lot of 1,199.9 sq ft is the City's"),
    (2400, 1200, 1200, PASS, PASS, "lots of exactly 1,200 sq ft pass"),
    (2402, 1200.1, 1201.9, PASS, PASS, "lots just over 1,200 sq ft pass"),
]


@pytest.mark.parametrize(
    "original, a, b, share, area", [c[:-1] for c in SPLIT], ids=[c[-1] for c in SPLIT]
)
def test_urban_lot_split(original, a, b, share, area):
    findings = sb9("lot_split", lot_area_sqft=original, lot_a_sqft=a, lot_b_sqft=b, **CLEAR)
    assert one(findings, "sb9.lot_split").status is share
    assert one(findings, "sb9.lot_split.min_area").status is area


def test_a_lot_split_without_the_new_lots_names_them():
    findings = sb9("lot_split", **CLEAR)
    assert one(findings, "sb9.lot_split").missing == ("sb9_lot_a_sqft", "sb9_lot_b_sqft")


def test_an_unknown_sb9_kind_is_named():
    assert one(sb9("triplex"), "sb9.eligible").missing == ("sb9",)


@pytest.mark.parametrize(
    "on, status", [(date(2021, 12, 31), NOT_CHECKED), (date(2022, 1, 1), NEEDS)]
)
def test_sb9_from_2022(on, status):
    finding = one(sb9("two_unit", as_of=on, ellis_withdrawal=False, **CLEAR), "sb9.eligible")
    assert finding.status is status


def test_two_homes_within_every_guarantee_are_allowed_with_a_ministerial_permit():
    findings = sb9("two_unit", ellis_withdrawal=False, walls_demolished_percent=0, **CLEAR, **HOMES)
    (answer,) = answers_for(findings, ["sb9"])
    assert (answer.outcome, answer.approvals) == ("allowed_with_approval", ("ministerial_permit",))


@pytest.mark.parametrize(
    ("as_of", "deadline"),
    [(date(2024, 12, 31), None), (date(2025, 1, 1), 60)],
    ids=["2024-12-31: no SB 9 deadline of its own", "2025-01-01: SB 450's 60 days"],
)
def test_sb450_gives_the_city_60_days_to_decide_from_2025(as_of, deadline):
    findings = check("NL", as_of=as_of, sb9=Sb9Proposal(kind="two_unit"))
    review = [f for f in findings if f.rule == "sb9.review"]
    assert [f.limit for f in review] == ([] if deadline is None else [deadline])
    assert all(f.status is Status.CONDITION for f in review)
