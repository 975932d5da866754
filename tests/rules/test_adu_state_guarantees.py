"""ADUs and JADUs under Gov. Code §§ 66310-66342, at every limit.

Figures, as the state guarantees them (law/families/adu/adu.toml): 800 sq ft with 4 ft side and
rear setbacks (§ 66321(b)(3)); size caps no lower than 850 sq ft, or 1,000 sq ft with more
than one bedroom ((b)(2)); 16 ft detached, 18 ft near a major transit stop ((b)(4)(A)-(B));
JADU 500 sq ft (§ 66313(d)), one per lot (§ 66333(a)); counts of § 66323 (secondary);
no impact fee up to 750 sq ft, JADU 500 sq ft (§ 66311.5(a), from 2026).
"""

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.engine import Status
from law.engine.site import Lot
from law.families.adu.part import AduProposal

from .helpers import AS_OF, adu_findings, one

PASS, FAIL, NOT_CHECKED, NEEDS, INFO = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
    Status.INFO,
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


# --- adu.height: 16 ft, 18 ft within half a mile of a major transit stop --------------

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


@pytest.mark.parametrize("lot", [SF, MF])
@pytest.mark.parametrize(
    "height, near, status, standard_id", [c[:-1] for c in HEIGHT], ids=[c[-1] for c in HEIGHT]
)
def test_detached_adu_height(lot, height, near, status, standard_id):
    finding = one(
        new_unit(existing_dwelling=lot, adu_height_ft=height, near_major_transit=near), "adu.height"
    )
    assert (finding.status, finding.standard_id) == (status, standard_id)


def test_the_attached_height_guarantee_is_not_held():
    finding = one(new_unit("attached", adu_height_ft=14), "adu.height")
    assert (finding.status, finding.note) == (NOT_CHECKED, "state_figure_not_held")


@pytest.mark.parametrize("kind", ["conversion", "jadu"])
def test_existing_space_has_no_adu_height_finding(kind):
    findings = adu(adu_type=kind, adu_floor_area_sqft=400, adu_height_ft=30)
    assert "adu.height" not in [f.rule for f in findings]


# --- adu.setback.side / adu.setback.rear: 4 ft with up to 800 sq ft ---------------------

SETBACKS = [
    (3.9, 800, NOT_CHECKED, "cmc-17-42-170", "3.9 ft depends on Cotati"),
    (4, 800, PASS, "gc-66321-b3-4-ft", "exactly 4 ft with 800 sq ft is guaranteed"),
    (4.1, 799.9, PASS, "gc-66321-b3-4-ft", "4.1 ft with 799.9 sq ft is guaranteed"),
    (4, 800.1, NOT_CHECKED, "cmc-17-42-170", "4 ft with 800.1 sq ft depends on Cotati"),
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
            adu_bedrooms=1,
            **{field: setback},
        ),
        rule,
    )
    assert finding.status is status
    assert finding.standard_id.startswith(prefix)


@pytest.mark.parametrize("kind", ["conversion", "jadu"])
@pytest.mark.parametrize("rule", ["adu.setback.side", "adu.setback.rear"])
def test_existing_space_needs_no_setback(kind, rule):
    finding = one(
        adu(adu_type=kind, adu_floor_area_sqft=400, adu_side_setback_ft=0, adu_rear_setback_ft=0),
        rule,
    )
    assert (finding.status, finding.note) == (INFO, "conversion_existing_space")


# --- adu.parking: § 66322(a) exemptions ------------------------------------------------

PARKING = [
    ("detached", {"near_transit": True}, PASS, "near transit needs no parking"),
    (
        "detached",
        {"near_transit": False},
        NOT_CHECKED,
        "away from transit parking depends on Cotati",
    ),
    (
        "attached",
        {"near_transit": False, "historic_district": True},
        PASS,
        "in a historic district needs no parking",
    ),
    (
        "attached",
        {"near_transit": False, "car_share_within_one_block": True},
        PASS,
        "beside car share needs no parking",
    ),
    ("conversion", {"near_transit": False}, PASS, "a conversion needs no parking"),
    ("jadu", {"near_transit": None}, PASS, "a JADU needs no parking"),
    ("detached", {"near_transit": None}, NOT_CHECKED, "transit unknown asks for it"),
]


@pytest.mark.parametrize(
    "kind, extra, status", [c[:-1] for c in PARKING], ids=[c[-1] for c in PARKING]
)
def test_adu_parking(kind, extra, status):
    finding = one(adu(adu_type=kind, adu_floor_area_sqft=400, **extra), "adu.parking")
    assert finding.status is status
    if status is PASS:
        assert (finding.section, finding.note) == ("Gov. Code 66322", "parking_exempt")
    elif extra["near_transit"] is None:
        assert finding.missing == ("near_transit",)
    else:
        assert (finding.section, finding.note) == ("17.42.170", "parking_up_to_cotati")


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


def test_an_attached_adu_count_is_cotatis():
    finding = one(new_unit("attached"), "adu.count")
    assert (finding.status, finding.section) == (NOT_CHECKED, "17.42.170")


# --- review deadline and fees ----------------------------------------------------------


def test_the_review_deadline_is_information_with_its_days():
    findings = new_unit()
    review = one(findings, "adu.review")
    assert (review.status, review.limit, review.unit) == (INFO, 60, "days")
    completeness = one(findings, "adu.review.completeness")
    assert (completeness.limit, completeness.unit) == (15, "business_days")


def test_before_2026_there_is_no_completeness_deadline_and_no_fee_record():
    findings = new_unit(as_of=date(2025, 6, 1))
    assert "adu.review.completeness" not in [f.rule for f in findings]
    assert one(findings, "adu.fees").note == "state_figure_not_held"


def test_before_the_chapter_was_operative_nothing_is_held():
    findings = new_unit(as_of=date(2024, 12, 31))
    assert [(f.rule, f.status) for f in findings] == [("adu.allowed", NOT_CHECKED)]


FEES = [
    ("detached", 749.9, "no_impact_fee", "749.9 sq ft pays no impact fee"),
    ("detached", 750, "no_impact_fee", "exactly 750 sq ft pays no impact fee"),
    ("detached", 750.1, "impact_fee_proportional", "750.1 sq ft pays a proportionate fee"),
    ("jadu", 500, "no_impact_fee", "a JADU of exactly 500 sq ft pays no impact fee"),
]


@pytest.mark.parametrize("kind, area, note", [c[:-1] for c in FEES], ids=[c[-1] for c in FEES])
def test_adu_fees(kind, area, note):
    finding = one(new_unit(kind, adu_floor_area_sqft=area, adu_bedrooms=1), "adu.fees")
    assert (finding.status, finding.note) == (INFO, note)
    if note == "impact_fee_proportional":
        assert finding.value == pytest.approx(750.1 / 1600 * 100)
        assert finding.unit == "percent"


def test_a_proportionate_fee_needs_the_main_homes_size():
    finding = one(
        new_unit(adu_floor_area_sqft=900, adu_bedrooms=2, primary_floor_area_sqft=None), "adu.fees"
    )
    assert finding.missing == ("primary_floor_area_sqft",)


# --- properties ------------------------------------------------------------------------

_RANK = {PASS: 0, INFO: 0, NEEDS: 1, NOT_CHECKED: 2, FAIL: 3}
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
