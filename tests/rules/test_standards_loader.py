"""The loader validates loudly (one broken file per defect), and records are
used only on the dates and with the status they carry."""

from datetime import date

import pytest

from law.engine import StandardsError, Status, check_lot, load_standards
from law.engine.plan import Plan
from law.engine.site import Lot
from law.engine.standards import COMPARISONS, UNITS

from .helpers import check, one

GOOD = """
[[standard]]
id = "x-front"
rule = "setback.front"
zones = ["NL"]
value = 20
unit = "ft"
comparison = "min"
effective = 2026-01-13
status = "adopted"
section = "17.24.030"
subsection = "Table 2-9"
source = "code_text"
"""


def _write(tmp_path, text, name="broken.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _load_error(tmp_path, text) -> StandardsError:
    _write(tmp_path, text)
    with pytest.raises(StandardsError) as caught:
        load_standards(tmp_path)
    return caught.value


def test_a_good_file_loads(tmp_path):
    _write(tmp_path, GOOD, "good.toml")
    standards = load_standards(tmp_path)
    assert [r.id for r in standards] == ["x-front"]


@pytest.mark.parametrize(
    ("key", "edited"),
    [
        ("section", GOOD.replace('section = "17.24.030"\n', "")),
        ("subsection", GOOD.replace('subsection = "Table 2-9"\n', "")),
    ],
    ids=["a record without a section is rejected", "a record without a subsection is rejected"],
)
def test_a_record_with_a_missing_citation_is_rejected_naming_it(tmp_path, key, edited):
    error = _load_error(tmp_path, edited)
    assert (error.file, error.record_id, error.key) == ("broken.toml", "x-front", key)
    assert "broken.toml" in str(error) and "x-front" in str(error) and key in str(error)


def test_a_record_with_an_unknown_unit_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace('unit = "ft"', 'unit = "furlongs"'))
    assert (error.record_id, error.key) == ("x-front", "unit")


def test_a_record_without_a_unit_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace('unit = "ft"\n', ""))
    assert (error.record_id, error.key) == ("x-front", "unit")


def test_a_record_with_an_unknown_comparison_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace('comparison = "min"', 'comparison = "about"'))
    assert (error.record_id, error.key) == ("x-front", "comparison")


def test_a_duplicate_id_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD + GOOD.replace("value = 20", "value = 25"))
    assert (error.record_id, error.key) == ("x-front", "id")


def test_a_duplicate_id_across_files_is_rejected(tmp_path):
    _write(tmp_path, GOOD, "a.toml")
    _write(tmp_path, GOOD, "b.toml")
    with pytest.raises(StandardsError) as caught:
        load_standards(tmp_path)
    assert caught.value.record_id == "x-front" and caught.value.file == "b.toml"


def test_overlapping_dates_for_the_same_rule_zone_and_case_are_rejected(tmp_path):
    later = GOOD.replace('"x-front"', '"x-front-2027"').replace("2026-01-13", "2026-06-01")
    error = _load_error(tmp_path, GOOD + later)
    assert (error.record_id, error.key) == ("x-front-2027", "effective")
    assert "overlap" in str(error)


def test_successive_dates_for_the_same_rule_are_accepted(tmp_path):
    first = GOOD.replace("status", "until = 2026-06-01\nstatus")
    later = GOOD.replace('"x-front"', '"x-front-2"').replace("2026-01-13", "2026-06-01")
    _write(tmp_path, first + later, "good.toml")
    assert len(load_standards(tmp_path)) == 2


PROPOSAL = """
[[proposal]]
id = "x-cleanup"
title = "An example cleanup"
"""


def _proposed(text: str, record_id: str, proposal: str = "x-cleanup") -> str:
    return (
        text.replace('"x-front"', f'"{record_id}"')
        .replace('status = "adopted"', f'proposal = "{proposal}"')
        .replace("effective = 2026-01-13\n", "")
    )


def test_an_adopted_and_a_proposed_record_for_the_same_rule_do_not_overlap(tmp_path):
    proposed = _proposed(GOOD, "x-front-proposed")
    _write(tmp_path, PROPOSAL + GOOD + proposed, "good.toml")
    standards = load_standards(tmp_path)
    assert len(standards) == 2
    assert standards.by_id("x-front-proposed").status == "proposed"
    assert standards.by_id("x-front-proposed").proposal == "x-cleanup"


def test_records_of_two_proposals_for_the_same_rule_do_not_overlap(tmp_path):
    second = PROPOSAL.replace("x-cleanup", "y-cleanup").replace("An example", "Another")
    text = PROPOSAL + second + GOOD + _proposed(GOOD, "x-a") + _proposed(GOOD, "y-a", "y-cleanup")
    _write(tmp_path, text, "good.toml")
    assert sorted(load_standards(tmp_path).proposals) == ["x-cleanup", "y-cleanup"]


def test_two_records_of_one_proposal_for_the_same_rule_overlap(tmp_path):
    text = PROPOSAL + _proposed(GOOD, "x-a") + _proposed(GOOD, "x-b")
    error = _load_error(tmp_path, text)
    assert (error.record_id, error.key) == ("x-b", "effective")
    assert "overlap" in str(error)


def test_a_record_of_an_undeclared_proposal_is_rejected(tmp_path):
    error = _load_error(tmp_path, _proposed(GOOD, "x-a", "no-such-cleanup"))
    assert (error.record_id, error.key) == ("x-a", "proposal")
    assert "no-such-cleanup" in str(error)


def test_a_proposed_record_without_its_proposal_is_rejected(tmp_path):
    text = GOOD.replace('status = "adopted"', 'status = "proposed"').replace(
        "effective = 2026-01-13\n", ""
    )
    error = _load_error(tmp_path, text)
    assert (error.record_id, error.key) == ("x-front", "proposal")


def test_a_proposal_record_with_its_own_effective_date_is_rejected(tmp_path):
    text = PROPOSAL + GOOD.replace('status = "adopted"', 'proposal = "x-cleanup"')
    error = _load_error(tmp_path, text)
    assert (error.record_id, error.key) == ("x-front", "effective")


def test_a_proposal_declared_in_two_files_is_rejected(tmp_path):
    _write(tmp_path, PROPOSAL, "a.toml")
    _write(tmp_path, PROPOSAL, "b.toml")
    with pytest.raises(StandardsError) as caught:
        load_standards(tmp_path)
    assert (caught.value.file, caught.value.key) == ("b.toml", "proposal")


def test_a_proposal_without_a_title_is_rejected(tmp_path):
    error = _load_error(tmp_path, PROPOSAL.replace('title = "An example cleanup"\n', ""))
    assert (error.record_id, error.key) == ("x-cleanup", "title")


def test_an_adopted_record_without_an_effective_date_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace("effective = 2026-01-13\n", ""))
    assert (error.record_id, error.key) == ("x-front", "effective")


def test_an_unknown_key_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace('unit = "ft"', 'unit = "ft"\nvalu = 3'))
    assert (error.record_id, error.key) == ("x-front", "valu")


def test_an_unknown_zone_is_rejected(tmp_path):
    error = _load_error(tmp_path, GOOD.replace('["NL"]', '["NX"]'))
    assert (error.record_id, error.key) == ("x-front", "zones")


def test_a_numberless_record_without_a_note_is_rejected(tmp_path):
    text = GOOD.replace("value = 20\n", "").replace('comparison = "min"', 'comparison = "none"')
    error = _load_error(tmp_path, text)
    assert (error.record_id, error.key) == ("x-front", "note")


def test_a_file_level_default_supplies_the_citation(tmp_path):
    text = '[defaults]\nsection = "17.24.030"\n' + GOOD.replace('section = "17.24.030"\n', "")
    _write(tmp_path, text, "good.toml")
    assert load_standards(tmp_path).by_id("x-front").section == "17.24.030"


def test_the_shipped_data_loads_and_uses_only_known_units_and_comparisons():
    standards = load_standards()
    assert len(standards) > 200
    assert {r.unit for r in standards if r.unit} <= UNITS
    assert {r.comparison for r in standards} <= COMPARISONS
    assert all(r.section and r.subsection for r in standards)


def test_the_default_standards_are_loaded_once():
    assert load_standards() is load_standards()


# ---- dates -----------------------------------------------------------------

ORD_939 = date(2026, 2, 12)  # passed 1/13/2026, in effect 30 days later


@pytest.mark.parametrize(
    ("as_of", "status"),
    [(date(2026, 2, 11), Status.NOT_CHECKED), (ORD_939, Status.PASS)],
    ids=[
        "NL front setback the day before Ord. 939 took effect is not checked",
        "NL front setback on the day Ord. 939 took effect is checked",
    ],
)
def test_zone_standards_apply_from_their_effective_date(as_of, status):
    from law.engine.site import MainBuilding

    finding = one(
        check("NL", building=MainBuilding(front_setback_ft=25), as_of=as_of), "setback.front"
    )
    assert finding.status is status
    if status is Status.NOT_CHECKED:
        assert finding.note == "before_vouched_date" and finding.standard_id is None
        assert finding.vouched_from == ORD_939


@pytest.mark.parametrize(
    ("as_of", "checked"),
    [(date(2026, 9, 30), False), (date(2026, 10, 1), True)],
    ids=[
        "home business limits taken from the peer page are not used before 2026-10-01",
        "home business limits are used from 2026-10-01",
    ],
)
def test_secondary_standards_apply_from_the_date_we_can_vouch_for(as_of, checked):
    from law.families.home_business.part import HomeBusiness

    finding = one(
        check("NL", home_business=HomeBusiness(visitor_trips_per_day=3), as_of=as_of),
        "home_business.visitor_trips",
    )
    assert (finding.status is Status.PASS) is checked


def test_a_record_with_an_until_date_stops_applying_that_day(tmp_path):
    first = GOOD.replace("status", "until = 2026-06-01\nstatus")
    later = (
        GOOD.replace('"x-front"', '"x-front-2"')
        .replace("2026-01-13", "2026-06-01")
        .replace("value = 20", "value = 25")
    )
    _write(tmp_path, first + later, "good.toml")
    standards = load_standards(tmp_path)
    assert standards.get("setback.front", "NL", as_of=date(2026, 5, 31)).value == 20
    assert standards.get("setback.front", "NL", as_of=date(2026, 6, 1)).value == 25


def test_as_of_is_required_and_must_be_a_date():
    with pytest.raises(TypeError):
        check_lot(Lot(zone="NL"), Plan(), as_of="2026-11-01")


# ---- proposed amendments ---------------------------------------------------


def test_the_toc_table_2_4_row_is_used_only_with_proposed_amendments():
    # A site making new lots (a common-interest subdivision) is held to Table 2-4's row.
    adopted = one(check("TOC", area_sqft=1999, common_interest_subdivision=True), "lot.area")
    proposed = one(
        check("TOC", area_sqft=1999, common_interest_subdivision=True, preview=True), "lot.area"
    )
    assert adopted.status is Status.NOT_CHECKED and adopted.note == "no_standard_for_zone"
    assert proposed.status is Status.FAIL and proposed.limit == 2000
    assert proposed.standard_id == "redline-2026-t2-4-toc-area"


@pytest.mark.parametrize(
    ("rule", "field", "value", "limit"),
    [
        ("lot.width", "width_ft", 20, 20),
        ("density.max", "dwelling_units", 35, 35),
        ("density.min", "dwelling_units", 25, 25),
    ],
    ids=[
        "proposed TOC minimum width is 20 ft",
        "proposed TOC maximum density is 35 units per acre",
        "proposed TOC minimum density is 25 units per acre",
    ],
)
def test_the_proposed_toc_row(rule, field, value, limit):
    fields = {"area_sqft": 43560, "width_ft": 100, field: value}
    finding = one(check("TOC", preview=True, **fields), rule)
    assert finding.status is Status.PASS and finding.limit == limit


def _fence_status(as_of):
    from law.families.fences.part import Fence

    fence = Fence(height_in=40, location="front_or_street_side_setback", type="solid")
    return one(check("NL", fence=fence, as_of=as_of), "fence.height").status


def _accessory_status(as_of):
    from law.families.accessory.part import AccessoryStructure

    accessory = AccessoryStructure(type="shed", height_ft=10)
    return one(check("NL", accessory=accessory, as_of=as_of), "accessory.height").status


def _flood_status(as_of):
    from law.families.flood.part import FloodData

    flood = FloodData(zone="AE", base_flood_elevation_ft=10, lowest_floor_elevation_ft=11)
    findings = check("NL", flood=flood, as_of=as_of)
    permit = one(findings, "flood.permit")
    if permit.status is Status.NOT_CHECKED:
        return permit.status
    return one(findings, "flood.lowest_floor").status


def _hillside_status(as_of):
    from law.engine.site import MainBuilding

    findings = check("NL", hillside=True, building=MainBuilding(height_ft=20), as_of=as_of)
    return one(findings, "hillside.height").status


def _minor_variance_offered(as_of):
    from law.engine.site import MainBuilding

    finding = one(
        check("NL", building=MainBuilding(front_setback_ft=18), as_of=as_of), "setback.front"
    )
    return Status.PASS if finding.minor_variance is not None else Status.NOT_CHECKED


@pytest.mark.parametrize(
    ("probe", "as_of", "status"),
    [
        (_fence_status, date(2026, 3, 19), Status.NOT_CHECKED),
        (_fence_status, date(2026, 3, 20), Status.PASS),
        (_minor_variance_offered, date(2026, 3, 19), Status.NOT_CHECKED),
        (_minor_variance_offered, date(2026, 3, 20), Status.PASS),
        (_accessory_status, date(2026, 9, 30), Status.NOT_CHECKED),
        (_accessory_status, date(2026, 10, 1), Status.PASS),
        (_flood_status, date(2026, 9, 30), Status.NOT_CHECKED),
        (_flood_status, date(2026, 10, 1), Status.PASS),
        (_hillside_status, date(2026, 9, 30), Status.NOT_CHECKED),
        (_hillside_status, date(2026, 10, 1), Status.PASS),
    ],
    ids=[
        "Table 3-2 is not used the day before 2026-03-20 (Spring 2026 redline)",
        "Table 3-2 is used from 2026-03-20",
        "the 25% minor variance is not offered before 2026-03-20",
        "the 25% minor variance is offered from 2026-03-20",
        "the 12 ft accessory limit is not used before 2026-10-01 (peer page)",
        "the 12 ft accessory limit is used from 2026-10-01",
        "the flood rules are not used before 2026-10-01",
        "the flood lowest-floor rule is used from 2026-10-01",
        "the hillside height is not used before 2026-10-01",
        "the hillside height is used from 2026-10-01",
    ],
)
def test_both_sides_of_each_vouch_date(probe, as_of, status):
    assert probe(as_of) is status
