"""§ 17.62.060(C): the minor-variance hint on failing setback, height and
parcel-dimension findings; adopted 25%, proposed 10%."""

import pytest

from law.engine import Status
from law.engine.site import MainBuilding
from law.families.accessory.part import AccessoryStructure

from .helpers import check, one


@pytest.mark.parametrize(
    ("front", "hinted"),
    [(15, True), (14.9, False), (19.9, True)],
    ids=[
        "NL front setback 15 ft (25% short of 20 ft) gets the minor variance hint",
        "NL front setback 14.9 ft is beyond a minor variance",
        "NL front setback 19.9 ft gets the hint",
    ],
)
def test_setback_hint_at_the_adopted_25_percent(front, hinted):
    finding = one(check("NL", building=MainBuilding(front_setback_ft=front)), "setback.front")
    assert finding.status is Status.FAIL
    if not hinted:
        assert finding.minor_variance is None
        return
    mv = finding.minor_variance
    assert (mv.percent, mv.status, mv.section, mv.subsection) == (25, "adopted", "17.62.060", "C")
    assert mv.limit == pytest.approx(15)
    assert mv.proposed_percent == 10
    assert mv.proposed_limit == pytest.approx(18)


def test_with_proposed_amendments_the_10_percent_ceiling_is_used():
    near = one(
        check("NL", preview=True, building=MainBuilding(front_setback_ft=18)),
        "setback.front",
    )
    far = one(
        check("NL", preview=True, building=MainBuilding(front_setback_ft=17.9)),
        "setback.front",
    )
    assert near.minor_variance.percent == 10
    assert near.minor_variance.status == "proposed"
    assert near.minor_variance.proposed_percent is None
    assert far.minor_variance is None


@pytest.mark.parametrize(
    ("height", "hinted"),
    [(35, True), (35.1, False)],
    ids=[
        "NL height 35 ft (25% over 28 ft) gets the hint",
        "NL height 35.1 ft is beyond a minor variance",
    ],
)
def test_height_hint(height, hinted):
    finding = one(check("NL", building=MainBuilding(height_ft=height)), "height.main")
    assert finding.status is Status.FAIL
    assert (finding.minor_variance is not None) is hinted


# The lot's dimensions are held to Table 2-4 when the plan creates lots (a common-interest
# subdivision's site); an existing lot is never failed on them, so needs no variance.
NEW_LOTS = {"common_interest_subdivision": True}


def test_lot_width_gets_the_hint_but_lot_area_never_does():
    findings = check("NL", width_ft=50, area_sqft=5000, **NEW_LOTS)
    assert one(findings, "lot.width").minor_variance.limit == pytest.approx(45)
    assert one(findings, "lot.area").minor_variance is None


def test_an_existing_lot_gets_no_hint_for_what_it_is_not_failed_on():
    findings = check("NL", width_ft=50, area_sqft=5000)
    assert one(findings, "lot.width").minor_variance is None


def test_lot_depth_gets_the_hint_either_way():
    shallow = one(check("NL", width_ft=60, depth_ft=50, **NEW_LOTS), "lot.depth")
    deep = one(check("NL", width_ft=60, depth_ft=200, **NEW_LOTS), "lot.depth")
    assert shallow.minor_variance.limit == pytest.approx(45)
    assert deep.minor_variance.limit == pytest.approx(225)


def test_coverage_and_density_never_get_the_hint():
    findings = check(
        "NL", area_sqft=10000, dwelling_units=3, building=MainBuilding(covered_area_sqft=4100)
    )
    assert one(findings, "coverage").status is Status.FAIL
    assert one(findings, "coverage").minor_variance is None
    assert one(findings, "density.max").status is Status.FAIL
    assert one(findings, "density.max").minor_variance is None


def test_build_to_range_overshoot_gets_the_hint():
    finding = one(check("SW", building=MainBuilding(front_setback_ft=12.5)), "setback.front")
    assert finding.status is Status.FAIL
    assert finding.minor_variance.limit == pytest.approx(12.5)


def test_accessory_height_goes_through_its_minor_use_permit_not_a_variance():
    finding = one(
        check("NL", accessory=AccessoryStructure(type="shed", height_ft=13)), "accessory.height"
    )
    assert finding.status is Status.NEEDS_APPROVAL and finding.minor_variance is None


def test_the_hint_is_in_the_json_shape():
    finding = one(check("NL", building=MainBuilding(front_setback_ft=16)), "setback.front")
    assert finding.to_dict()["minor_variance"]["percent"] == 25
