"""ADUs and JADUs under Gov. Code §§ 66310-66342, at every limit.

Figures, as the state guarantees them (law/families/adu/adu.toml): 800 sq ft (§ 66321(b)(3));
size caps no lower than 850 sq ft, or 1,000 sq ft with more than one bedroom ((b)(2)); side and
rear setbacks of no more than 4 ft for any ADU not made within existing space (§ 66314(d)(7));
16 ft detached, 18 ft near a major transit stop (and 2 ft more for a matching roof pitch, an
exception named, not asked), 18 ft beside a multistory multifamily building, attached 25 ft or
the zone's limit ((b)(4)(A)-(D)); JADU 500 sq ft (§ 66313(d)), one per lot (§ 66333(a)); counts
of § 66323 (secondary). Parking, fees and deadlines are conditions of the permit (issue 21):
never a question the answer waits for. Impact fees: none under 750 sq ft (§ 66324(c)(1), from
2024-03-25), 750 sq ft or less from 2026 (§ 66311.5(a)).
"""

import dataclasses
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.engine import Status, check_lot, load_standards
from law.engine.answers import CITY_DECIDES, answers_for
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot
from law.engine.standards import Standards
from law.families.adu.part import AduProposal

from .helpers import AS_OF, adu_findings, one

PASS, FAIL, NOT_CHECKED, NEEDS, INFO, CONDITION = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
    Status.INFO,
    Status.CONDITION,
)
SF, MF = "single_family", "multifamily"


def adu(zone="NL", *, as_of=AS_OF, lot_area_sqft=6000, **fields):
    fields.setdefault("existing_dwelling", SF)
    return adu_findings(Lot(zone=zone, area_sqft=lot_area_sqft), AduProposal(**fields), as_of=as_of)


def new_unit(kind="detached", **fields):
    base = {
        "adu_type": kind,
        "adu_floor_area_sqft": 800,
        "adu_height_ft": 16,
        "adu_side_setback_ft": 4,
        "adu_rear_setback_ft": 4,
        "near_transit": False,
        "primary_floor_area_sqft": 1600,
    }
    base.update(fields)
    return adu(**base)


# --- adu.floor_area: 800 guaranteed; caps no lower than 850 / 1,000 -------------------

FLOOR_AREA = [
    # (type, lot, area, bedrooms, status, standard id, id)
    (
        "detached",
        SF,
        799.9,
        1,
        PASS,
        "gc-66321-b3-800-sqft-guaranteed",
        "detached 799.9 sq ft is guaranteed",
    ),
    (
        "detached",
        SF,
        800,
        1,
        PASS,
        "gc-66321-b3-800-sqft-guaranteed",
        "detached exactly 800 sq ft is guaranteed",
    ),
    (
        "detached",
        SF,
        800.1,
        1,
        PASS,
        "gc-66321-b2a-850-sqft-cap-floor",
        "detached 800.1 sq ft one bedroom is under the 850 cap floor",
    ),
    (
        "attached",
        MF,
        850,
        1,
        PASS,
        "gc-66321-b2a-850-sqft-cap-floor",
        "attached exactly 850 sq ft one bedroom on a multifamily lot passes",
    ),
    (
        "detached",
        SF,
        850.1,
        1,
        NOT_CHECKED,
        "cmc-17-42-170-adu-size",
        "detached 850.1 sq ft one bedroom depends on Cotati",
    ),
    (
        "detached",
        MF,
        850.1,
        2,
        PASS,
        "gc-66321-b2b-1000-sqft-cap-floor",
        "detached 850.1 sq ft two bedrooms passes",
    ),
    (
        "attached",
        SF,
        1000,
        2,
        PASS,
        "gc-66321-b2b-1000-sqft-cap-floor",
        "attached exactly 1,000 sq ft two bedrooms passes",
    ),
    (
        "attached",
        SF,
        1000.1,
        2,
        NOT_CHECKED,
        "cmc-17-42-170-adu-size",
        "attached 1,000.1 sq ft two bedrooms depends on Cotati",
    ),
    (
        "detached",
        MF,
        1000.1,
        3,
        NOT_CHECKED,
        "cmc-17-42-170-adu-size",
        "detached 1,000.1 sq ft three bedrooms on a multifamily lot depends on Cotati",
    ),
    (
        "detached",
        SF,
        849.9,
        None,
        PASS,
        "gc-66321-b2a-850-sqft-cap-floor",
        "849.9 sq ft passes whatever the bedrooms",
    ),
    (
        "detached",
        SF,
        900,
        None,
        NOT_CHECKED,
        "gc-66321-b2b-1000-sqft-cap-floor",
        "900 sq ft with bedrooms unknown asks for bedrooms",
    ),
    (
        "detached",
        SF,
        1000.1,
        None,
        NOT_CHECKED,
        "cmc-17-42-170-adu-size",
        "1,000.1 sq ft depends on Cotati whatever the bedrooms",
    ),
]


@pytest.mark.parametrize(
    "kind, lot, area, bedrooms, status, standard_id",
    [c[:-1] for c in FLOOR_AREA],
    ids=[c[-1] for c in FLOOR_AREA],
)
def test_adu_floor_area(kind, lot, area, bedrooms, status, standard_id):
    finding = one(
        new_unit(kind, existing_dwelling=lot, adu_floor_area_sqft=area, adu_bedrooms=bedrooms),
        "adu.floor_area",
    )
    assert (finding.status, finding.standard_id) == (status, standard_id)
    assert finding.value == area
    if status is NOT_CHECKED and standard_id.startswith("cmc-"):
        assert finding.section == "17.42.170" and finding.note == "depends_on_cotati"


def test_bedrooms_unknown_between_850_and_1000_names_the_field():
    finding = one(new_unit(adu_floor_area_sqft=900), "adu.floor_area")
    assert finding.missing == ("adu_bedrooms",)


def test_a_conversion_has_no_state_size_limit_beyond_its_space():
    finding = one(
        adu(adu_type="conversion", adu_floor_area_sqft=1400, near_transit=False), "adu.floor_area"
    )
    assert (finding.status, finding.note, finding.source) == (
        INFO,
        "conversion_existing_space",
        "secondary",
    )
    # 150 sq ft is the growth allowed for a way in and out, not the unit's size.
    assert finding.limit is None


# --- jadu.floor_area and where a JADU may be ------------------------------------------

JADU = [
    (499.9, PASS, "JADU 499.9 sq ft passes"),
    (500, PASS, "JADU exactly 500 sq ft passes"),
    (500.1, FAIL, "JADU 500.1 sq ft is not a JADU"),
]


@pytest.mark.parametrize("area, status", [c[:2] for c in JADU], ids=[c[2] for c in JADU])
def test_jadu_floor_area(area, status):
    findings = adu(adu_type="jadu", adu_floor_area_sqft=area)
    finding = one(findings, "jadu.floor_area")
    assert (finding.status, finding.section, finding.subsection) == (
        status,
        "Gov. Code 66313",
        "(d)",
    )
    assert "adu.floor_area" not in [f.rule for f in findings]


def test_a_jadu_on_a_multifamily_lot_is_not_allowed():
    findings = adu(adu_type="jadu", existing_dwelling=MF, adu_floor_area_sqft=400)
    assert one(findings, "adu.allowed").status is FAIL
    assert [f.rule for f in findings] == ["adu.allowed"]


def test_a_jadu_on_a_single_family_lot_is_a_ministerial_permit():
    finding = one(adu(adu_type="jadu", adu_floor_area_sqft=400), "adu.allowed")
    assert (finding.status, finding.approval, finding.note) == (
        NEEDS,
        "ministerial_permit",
        "jadu_single_family_only",
    )


@pytest.mark.parametrize("kind", ["detached", "attached", "conversion"])
@pytest.mark.parametrize("lot", [SF, MF])
def test_an_adu_beside_a_home_must_be_approved_ministerially(kind, lot):
    finding = one(new_unit(kind, existing_dwelling=lot), "adu.allowed")
    assert (finding.status, finding.approval, finding.note) == (
        NEEDS,
        "ministerial_permit",
        "state_guarantee",
    )


def test_an_adu_needs_a_home_on_the_lot():
    findings = new_unit(existing_dwelling="none")
    assert [(f.rule, f.status, f.note) for f in findings] == [
        ("adu.allowed", FAIL, "needs_primary_dwelling")
    ]


@pytest.mark.parametrize(
    "field, value", [("adu_type", None), ("adu_type", "tiny_house"), ("existing_dwelling", None)]
)
def test_missing_or_unknown_choices_are_named(field, value):
    finding = one(adu(**{"adu_type": "detached", field: value}), "adu.allowed")
    assert finding.status is NOT_CHECKED and finding.missing == (field,)


# --- adu.height: § 66321(b)(4)(A)-(D) ---------------------------------------------------

HEIGHT = [
    (15.9, None, PASS, "gc-66321-b4a-16-ft-detached", "detached 15.9 ft passes"),
    (16, False, PASS, "gc-66321-b4a-16-ft-detached", "detached exactly 16 ft passes"),
    (
        16.1,
        False,
        NOT_CHECKED,
        "cmc-17-42-170-adu-height",
        "detached 16.1 ft away from transit depends on Cotati",
    ),
    (
        16.1,
        True,
        PASS,
        "gc-66321-b4b-18-ft-detached-near-transit",
        "detached 16.1 ft near a major transit stop passes",
    ),
    (
        18,
        True,
        PASS,
        "gc-66321-b4b-18-ft-detached-near-transit",
        "detached exactly 18 ft near a major transit stop passes",
    ),
    (
        18.1,
        True,
        NOT_CHECKED,
        "cmc-17-42-170-adu-height",
        "detached 18.1 ft near a major transit stop depends on Cotati",
    ),
    (
        17,
        None,
        NOT_CHECKED,
        "gc-66321-b4b-18-ft-detached-near-transit",
        "detached 17 ft asks whether a major transit stop is near",
    ),
    (
        18.1,
        None,
        NOT_CHECKED,
        "cmc-17-42-170-adu-height",
        "detached 18.1 ft depends on Cotati either way",
    ),
]


@pytest.mark.parametrize(
    "height, near, status, standard_id", [c[:-1] for c in HEIGHT], ids=[c[-1] for c in HEIGHT]
)
def test_detached_adu_height_beside_a_single_family_home(height, near, status, standard_id):
    finding = one(new_unit(adu_height_ft=height, near_major_transit=near), "adu.height")
    assert (finding.status, finding.standard_id) == (status, standard_id)
    if status is NOT_CHECKED and finding.missing:
        assert finding.missing == ("near_major_transit",)


ROOF_PITCH = [
    (18, True, None, "18 ft near transit: guaranteed, no exception to name"),
    (18.1, True, "roof_pitch_matches_house", "18.1 ft near transit: the roof pitch is named"),
    (20, True, "roof_pitch_matches_house", "exactly 20 ft near transit: the roof pitch is named"),
    (20.1, True, None, "20.1 ft near transit: beyond even the roof pitch"),
    (17, False, None, "17 ft away from transit: the roof pitch is (B)'s, not named"),
]


@pytest.mark.parametrize(
    "height, near, exception", [c[:-1] for c in ROOF_PITCH], ids=[c[-1] for c in ROOF_PITCH]
)
def test_the_roof_pitch_is_an_exception_named_beside_the_18_ft(height, near, exception):
    finding = one(new_unit(adu_height_ft=height, near_major_transit=near), "adu.height")
    assert finding.exception == exception
    if exception is not None:
        # The general figure stays the limit; the exception's reach is beside it.
        assert (finding.limit, finding.limit_max) == (18, 20)
        assert finding.status is NOT_CHECKED and finding.missing == ()


MULTISTORY = [
    # (height, near transit, multistory, status, standard id or missing, id)
    (18, False, True, PASS, "gc-66321-b4c-18-ft-multifamily-multistory", "18 ft, multistory"),
    (18.1, False, True, NOT_CHECKED, "cmc-17-42-170-adu-height", "18.1 ft, multistory"),
    (17, False, False, NOT_CHECKED, "cmc-17-42-170-adu-height", "17 ft, one story, no transit"),
    (17, False, None, NOT_CHECKED, ("multifamily_multistory",), "17 ft, stories unknown"),
    (17, None, None, NOT_CHECKED, ("near_major_transit", "multifamily_multistory"), "both"),
    (17, True, None, PASS, "gc-66321-b4b-18-ft-detached-near-transit", "17 ft near transit"),
    (16, None, None, PASS, "gc-66321-b4a-16-ft-detached", "16 ft asks nothing"),
]


@pytest.mark.parametrize(
    "height, near, multistory, status, expected",
    [c[:-1] for c in MULTISTORY],
    ids=[f"beside a multifamily building, {c[-1]}" for c in MULTISTORY],
)
def test_detached_adu_height_beside_a_multifamily_building(
    height, near, multistory, status, expected
):
    finding = one(
        new_unit(
            existing_dwelling=MF,
            existing_units=6,
            adu_height_ft=height,
            near_major_transit=near,
            multifamily_multistory=multistory,
        ),
        "adu.height",
    )
    assert finding.status is status
    if isinstance(expected, tuple):
        assert finding.missing == expected
    else:
        assert finding.standard_id == expected and finding.missing == ()


ATTACHED = [
    (24.9, PASS, "attached 24.9 ft is guaranteed"),
    (25, PASS, "attached exactly 25 ft is guaranteed"),
    (25.1, NOT_CHECKED, "attached 25.1 ft depends on Cotati"),
]


@pytest.mark.parametrize("height, status", [c[:2] for c in ATTACHED], ids=[c[2] for c in ATTACHED])
def test_attached_adu_height_25_ft_or_the_zones_limit(height, status):
    finding = one(new_unit("attached", adu_height_ft=height), "adu.height")
    assert finding.status is status
    assert finding.limit == 25  # NL's 28 ft for the main structure is higher
    if status is PASS:
        assert (finding.section, finding.subsection) == ("Gov. Code 66321", "(b)(4)(D)")


@pytest.mark.parametrize(
    "height, status", [(22, PASS), (22.1, NOT_CHECKED)], ids=["22 ft passes", "22.1 ft is Cotati's"]
)
def test_the_attached_height_is_the_lower_of_25_ft_and_the_zones_limit(height, status):
    # Every district's main-structure limit is 28 ft or more today; a district whose limit were
    # 22 ft would give an attached ADU 22 ft, not 25 (§ 66321(b)(4)(D): whichever is lower).
    standards = load_standards()
    lowered = Standards(
        dataclasses.replace(r, value=22) if r.id == "t2-9-nl-height-main" else r for r in standards
    )
    plan = Plan(
        adu=AduProposal(
            adu_type="attached", adu_floor_area_sqft=600, adu_height_ft=height, existing_dwelling=SF
        )
    )
    finding = one(check_lot(Lot(zone="NL"), plan, as_of=AS_OF, standards=lowered), "adu.height")
    assert (finding.status, finding.limit) == (status, 22)


@pytest.mark.parametrize("kind", ["conversion", "jadu"])
def test_existing_space_has_no_adu_height_finding(kind):
    findings = adu(adu_type=kind, adu_floor_area_sqft=400, adu_height_ft=30)
    assert "adu.height" not in [f.rule for f in findings]


# --- adu.setback.side / adu.setback.rear: at most 4 ft for any new ADU (§ 66314(d)(7)) ---

SETBACKS = [
    (3.9, 800, NOT_CHECKED, "cmc-17-42-170", "3.9 ft depends on Cotati"),
    (4, 800, PASS, "gc-66314-d7-4-ft", "exactly 4 ft with 800 sq ft meets any setback"),
    (4.1, 799.9, PASS, "gc-66314-d7-4-ft", "4.1 ft with 799.9 sq ft meets any setback"),
    (4, 800.1, PASS, "gc-66314-d7-4-ft", "4 ft with 800.1 sq ft still meets any setback"),
    (4, 1200, PASS, "gc-66314-d7-4-ft", "4 ft with 1,200 sq ft still meets any setback"),
    (3.9, 1200, NOT_CHECKED, "cmc-17-42-170", "3.9 ft with 1,200 sq ft depends on Cotati"),
]


@pytest.mark.parametrize(
    "rule, field",
    [("adu.setback.side", "adu_side_setback_ft"), ("adu.setback.rear", "adu_rear_setback_ft")],
)
@pytest.mark.parametrize("kind", ["detached", "attached"])
@pytest.mark.parametrize("lot", [SF, MF])
@pytest.mark.parametrize(
    "setback, area, status, prefix", [c[:-1] for c in SETBACKS], ids=[c[-1] for c in SETBACKS]
)
def test_new_adu_setbacks(rule, field, kind, lot, setback, area, status, prefix):
    finding = one(
        new_unit(
            kind,
            existing_dwelling=lot,
            adu_floor_area_sqft=area,
            adu_bedrooms=2,
            **{field: setback},
        ),
        rule,
    )
    assert finding.status is status
    assert finding.standard_id.startswith(prefix)
    # The floor area is never asked to decide a setback.
    assert finding.missing == ()


def test_a_setback_never_waits_for_the_floor_area():
    finding = one(new_unit(adu_floor_area_sqft=None), "adu.setback.side")
    assert (finding.status, finding.missing) == (PASS, ())


@pytest.mark.parametrize("kind", ["conversion", "jadu"])
@pytest.mark.parametrize("rule", ["adu.setback.side", "adu.setback.rear"])
def test_existing_space_needs_no_setback(kind, rule):
    finding = one(
        adu(adu_type=kind, adu_floor_area_sqft=400, adu_side_setback_ft=0, adu_rear_setback_ft=0),
        rule,
    )
    assert (finding.status, finding.note) == (INFO, "conversion_existing_space")


# --- adu.parking: a condition; none for a § 66323 unit or in the § 66322(a) cases ------

PARKING = [
    ("detached", 800, {}, "parking_none_state_unit", "an 800 sq ft detached unit: a § 66323 unit"),
    ("detached", 801, {}, "parking_up_to_cotati", "801 sq ft: Cotati may ask, up to the cap"),
    ("detached", 801, {"near_transit": True}, "parking_exempt", "801 sq ft near transit"),
    ("detached", 801, {"near_transit": None}, "parking_up_to_cotati", "transit unknown"),
    ("attached", 600, {"historic_district": True}, "parking_exempt", "in a historic district"),
    ("attached", 600, {"car_share_within_one_block": True}, "parking_exempt", "beside car share"),
    ("attached", 600, {}, "parking_up_to_cotati", "an attached unit is no § 66323 unit"),
    ("conversion", 400, {}, "parking_exempt", "a conversion is part of the home"),
    ("jadu", 400, {"near_transit": None}, "parking_exempt", "a JADU is part of the home"),
    ("detached", 800, {"adu_side_setback_ft": 3.9}, "parking_up_to_cotati", "3.9 ft: no § 66323"),
    ("detached", 800, {"adu_height_ft": 17}, "parking_up_to_cotati", "17 ft, transit unknown"),
]


@pytest.mark.parametrize(
    "kind, area, extra, note", [c[:-1] for c in PARKING], ids=[c[-1] for c in PARKING]
)
def test_adu_parking_is_a_condition_never_a_question(kind, area, extra, note):
    fields = {"near_transit": False, "adu_bedrooms": 1, **extra}
    finding = one(new_unit(kind, adu_floor_area_sqft=area, **fields), "adu.parking")
    assert (finding.status, finding.note, finding.missing) == (CONDITION, note, ())
    section = {
        "parking_none_state_unit": "Gov. Code 66323",
        "parking_exempt": "Gov. Code 66322",
        "parking_up_to_cotati": "Gov. Code 66314",
    }[note]
    assert finding.section == section
    if note == "parking_up_to_cotati":
        assert (finding.limit, finding.unit, finding.subsection) == (1, "spaces", "(d)(10)")


def test_a_multifamily_lots_detached_units_within_their_limits_need_no_parking():
    finding = one(
        new_unit(existing_dwelling=MF, existing_units=4, adu_floor_area_sqft=1000, adu_bedrooms=2),
        "adu.parking",
    )
    assert finding.note == "parking_none_state_unit"


# --- adu.count -------------------------------------------------------------------------

COUNT = [
    # (type, lot, existing units, count, status, id)
    ("detached", SF, None, 1, PASS, "one detached ADU on a single-family lot is guaranteed"),
    (
        "detached",
        SF,
        None,
        2,
        NOT_CHECKED,
        "a second detached ADU on a single-family lot depends on Cotati",
    ),
    ("conversion", SF, None, 1, PASS, "one converted ADU on a single-family lot is guaranteed"),
    (
        "conversion",
        SF,
        None,
        2,
        NOT_CHECKED,
        "two converted ADUs on a single-family lot depend on Cotati",
    ),
    ("jadu", SF, None, 1, PASS, "one JADU is allowed"),
    ("jadu", SF, None, 2, FAIL, "a second JADU is not allowed"),
    ("conversion", MF, 3, 1, PASS, "three units: at least one converted ADU"),
    ("conversion", MF, 3, 2, NOT_CHECKED, "three units: two converted ADUs depend on Cotati"),
    ("conversion", MF, 8, 2, PASS, "eight units: a quarter is two"),
    ("conversion", MF, 11, 2, PASS, "eleven units: a quarter rounds down to two"),
    ("conversion", MF, 11, 3, NOT_CHECKED, "eleven units: three depend on Cotati"),
    ("conversion", MF, 12, 3, PASS, "twelve units: a quarter is three"),
    ("detached", MF, 5, 5, PASS, "five units: five detached ADUs"),
    ("detached", MF, 5, 6, NOT_CHECKED, "five units: six detached depend on Cotati"),
    ("detached", MF, 20, 8, PASS, "twenty units: eight detached ADUs"),
    ("detached", MF, 20, 9, NOT_CHECKED, "twenty units: nine detached depend on Cotati"),
]


@pytest.mark.parametrize(
    "kind, lot, units, count, status", [c[:-1] for c in COUNT], ids=[c[-1] for c in COUNT]
)
def test_adu_count(kind, lot, units, count, status):
    finding = one(
        adu(
            adu_type=kind,
            existing_dwelling=lot,
            existing_units=units,
            adu_count=count,
            adu_floor_area_sqft=400,
        ),
        "adu.count",
    )
    assert finding.status is status
    if status is NOT_CHECKED:
        assert finding.section == "17.42.170"


def test_multifamily_count_needs_the_existing_units():
    finding = one(
        adu(adu_type="detached", existing_dwelling=MF, adu_floor_area_sqft=400), "adu.count"
    )
    assert finding.missing == ("existing_units",)


ATTACHED = [
    ({"adu_count": 1}, PASS, "Gov. Code 66321", "one attached ADU of 800 sq ft: guaranteed"),
    ({}, PASS, "Gov. Code 66321", "the count not given: one taken, guaranteed"),
    ({"adu_count": 2}, NOT_CHECKED, "17.42.170", "a second attached ADU: Cotati's"),
    (
        {"adu_floor_area_sqft": 800.1},
        NOT_CHECKED,
        "17.42.170",
        "an attached ADU over 800 sq ft: Cotati's to count",
    ),
    (
        {"existing_dwelling": "multifamily", "existing_units": 4},
        NOT_CHECKED,
        "17.42.170",
        "attached to a multifamily building: Cotati's",
    ),
]


@pytest.mark.parametrize(
    "fields, status, section", [c[:3] for c in ATTACHED], ids=[c[3] for c in ATTACHED]
)
def test_one_attached_adu_beside_a_house_is_guaranteed_more_is_cotatis(fields, status, section):
    finding = one(new_unit("attached", **fields), "adu.count")
    assert (finding.status, finding.section) == (status, section)


# --- review deadlines and fees: conditions of the permit ----------------------------------


def test_the_review_deadlines_are_conditions_with_their_days():
    findings = new_unit()
    review = one(findings, "adu.review")
    assert (review.status, review.limit, review.unit) == (CONDITION, 60, "days")
    completeness = one(findings, "adu.review.completeness")
    assert (completeness.status, completeness.limit, completeness.unit) == (
        CONDITION,
        15,
        "business_days",
    )


def test_before_2026_there_is_no_completeness_deadline():
    assert "adu.review.completeness" not in [f.rule for f in new_unit(as_of=date(2025, 12, 31))]
    assert "adu.review.completeness" in [f.rule for f in new_unit(as_of=date(2026, 1, 1))]


def test_before_the_date_we_vouch_for_only_the_fee_rule_of_that_day_is_held():
    # The fee rule is dated by its own texts (§ 65852.2(f)(3)(A) until 2024-03-24); the rest of
    # ADU law is held from 2024-03-25, the day SB 477 moved it into Chapter 13.
    findings = new_unit(as_of=date(2024, 3, 24))
    assert [(f.rule, f.status) for f in findings] == [
        ("adu.allowed", NOT_CHECKED),
        ("adu.fees", CONDITION),
    ]
    assert one(findings, "adu.fees").section == "Gov. Code 65852.2"
    held = new_unit(as_of=date(2024, 12, 31))
    assert one(held, "adu.allowed").status is NEEDS


FEES = [
    # (as of, kind, area, section, note, id)
    ("2026-06-01", "detached", 749.9, "66311.5", "no_impact_fee", "2026: 749.9 sq ft, no fee"),
    ("2026-06-01", "detached", 750, "66311.5", "no_impact_fee", "2026: exactly 750, no fee"),
    ("2026-06-01", "detached", 750.1, "66311.5", "impact_fee_proportional", "2026: 750.1, a fee"),
    ("2026-06-01", "jadu", 500, "66311.5", "no_impact_fee", "2026: a 500 sq ft JADU, no fee"),
    ("2025-06-01", "detached", 749.9, "66324", "no_impact_fee_below", "2025: 749.9 sq ft, no fee"),
    ("2025-06-01", "detached", 750, "66324", "impact_fee_proportional_from", "2025: 750, a fee"),
    ("2025-12-31", "detached", 750, "66324", "impact_fee_proportional_from", "2025-12-31: 750"),
    ("2026-01-01", "detached", 750, "66311.5", "no_impact_fee", "2026-01-01: 750, no fee"),
]


@pytest.mark.parametrize(
    "on, kind, area, section, note", [c[:-1] for c in FEES], ids=[c[-1] for c in FEES]
)
def test_adu_fees_are_a_condition_with_the_law_then_in_force(on, kind, area, section, note):
    finding = one(
        new_unit(kind, adu_floor_area_sqft=area, adu_bedrooms=1, as_of=date.fromisoformat(on)),
        "adu.fees",
    )
    assert (finding.status, finding.section, finding.note) == (
        CONDITION,
        f"Gov. Code {section}",
        note,
    )
    assert finding.missing == ()
    assert (finding.value, finding.unit) == (area, "sqft")
    assert finding.limit == (500 if kind == "jadu" else 750)
    if note.startswith("impact_fee_proportional"):
        # In proportion to the main home: the amounts behind the share.
        assert (finding.share.part, finding.share.whole) == (area, 1600)
    else:
        assert finding.share is None


def test_a_jadu_has_no_fee_rule_before_2026_and_says_nothing():
    findings = new_unit("jadu", adu_floor_area_sqft=400, as_of=date(2025, 6, 1))
    assert "adu.fees" not in [f.rule for f in findings]


def test_the_main_homes_size_is_never_asked_for_the_fee():
    finding = one(
        new_unit(adu_floor_area_sqft=900, adu_bedrooms=2, primary_floor_area_sqft=None), "adu.fees"
    )
    assert (finding.status, finding.missing, finding.note) == (
        CONDITION,
        (),
        "impact_fee_over",
    )
    assert (finding.value, finding.limit) == (900, 750)


def test_the_fee_records_change_section_on_their_dates():
    from law.engine import load_standards

    standards = load_standards()

    def fee(on):
        return standards.get("adu.fees", "NL", as_of=on)

    assert fee(date(2024, 3, 24)).section == "Gov. Code 65852.2"
    assert fee(date(2024, 3, 25)).section == "Gov. Code 66324"
    assert fee(date(2025, 12, 31)).section == "Gov. Code 66324"
    assert fee(date(2026, 1, 1)).section == "Gov. Code 66311.5"
    assert fee(date(2019, 12, 31)) is None


# --- properties ------------------------------------------------------------------------

_RANK = {PASS: 0, INFO: 0, CONDITION: 0, NEEDS: 1, NOT_CHECKED: 2, FAIL: 3}
_SIZED = ("adu.floor_area", "jadu.floor_area", "adu.setback.side", "adu.setback.rear")
areas = st.floats(min_value=100, max_value=2000, allow_nan=False)


# Each example runs the whole check_lot; no per-example deadline (as test_engine_properties).
@settings(deadline=None)
@given(
    kind=st.sampled_from(["detached", "attached", "jadu"]),
    lot=st.sampled_from([SF, MF]),
    big=areas,
    shrink=st.floats(min_value=0, max_value=1),
    bedrooms=st.sampled_from([None, 0, 1, 2, 3]),
)
def test_a_smaller_unit_never_turns_a_pass_into_a_fail(kind, lot, big, shrink, bedrooms):
    small = big * shrink
    larger = {
        f.rule: f
        for f in new_unit(
            kind, existing_dwelling=lot, adu_floor_area_sqft=big, adu_bedrooms=bedrooms
        )
    }
    smaller = {
        f.rule: f
        for f in new_unit(
            kind, existing_dwelling=lot, adu_floor_area_sqft=small, adu_bedrooms=bedrooms
        )
    }
    for rule in _SIZED:
        if rule in larger and larger[rule].status is PASS:
            assert _RANK[smaller[rule].status] <= _RANK[PASS], rule


# Each example runs the whole check_lot; no per-example deadline (as test_engine_properties).
@settings(deadline=None)
@given(
    lot=st.sampled_from([SF, MF]),
    high=st.floats(min_value=8, max_value=30, allow_nan=False),
    drop=st.floats(min_value=0, max_value=1),
    near=st.sampled_from([None, True, False]),
)
def test_a_lower_adu_never_turns_a_pass_into_a_fail(lot, high, drop, near):
    tall = one(
        new_unit(existing_dwelling=lot, adu_height_ft=high, near_major_transit=near), "adu.height"
    )
    low = one(
        new_unit(existing_dwelling=lot, adu_height_ft=high * drop, near_major_transit=near),
        "adu.height",
    )
    if tall.status is PASS:
        assert low.status is PASS


@pytest.mark.parametrize(
    ("day", "section"),
    [
        (date(2019, 12, 31), None),
        (date(2020, 1, 1), "Gov. Code 65852.2"),
        (date(2024, 3, 24), "Gov. Code 65852.2"),
    ],
    ids=[
        "2019-12-31: no fee rule held, no fee condition",
        "2020-01-01: § 65852.2(f)(3)(A)'s fee rule, though the rest of ADU law is not vouched for",
        "2024-03-24: still § 65852.2(f)(3)(A)",
    ],
)
def test_the_fee_rule_of_the_day_is_a_condition_before_the_rest_of_adu_law_is_vouched(day, section):
    lot, plan = registry().inputs_from(
        {
            "zone": "NL",
            "adu_type": "detached",
            "adu_floor_area_sqft": 760,
            "existing_dwelling": "single_family",
            "primary_floor_area_sqft": 1520,
        }
    )
    (answer,) = answers_for(check_lot(lot, plan, as_of=day), ["adu"])
    assert answer.outcome == CITY_DECIDES and answer.unknown == ("adu.allowed",)
    fees = [c for c in answer.conditions if c.rule == "adu.fees"]
    assert [c.section for c in fees] == ([section] if section else [])
    if section:
        assert (fees[0].share.part, fees[0].share.whole) == (760, 1520)
