"""A condition printed beside a figure ("within 20 ft of the street line", "one-story") is
held by its record (``condition``), and the engine decides with that figure: edit the data
and the verdict moves, with no figure typed in code."""

import shutil
from pathlib import Path

import pytest

from law.engine import StandardsError, Status, check_lot, load_standards
from law.engine.loader import law_files
from law.engine.plan import Plan
from law.engine.site import Lot
from law.engine.standards import Condition
from law.families.accessory.part import AccessoryStructure
from law.families.fences.check import location_condition
from law.families.fences.part import Fence

from .helpers import AS_OF, one

GOOD = """
[[standard]]
id = "x-exempt"
rule = "accessory.building_permit"
value = 120
unit = "sqft"
comparison = "max"
effective = 2026-01-13
section = "CRC R105.2"
subsection = "item 1"
source = "secondary"
condition = CONDITION
"""


def _load(tmp_path: Path, condition: str):
    (tmp_path / "x.toml").write_text(GOOD.replace("CONDITION", condition), encoding="utf-8")
    return load_standards(tmp_path)


def test_a_condition_loads_with_its_figure_unit_and_bound(tmp_path):
    standards = _load(
        tmp_path, '{ what = "stories", value = 1, unit = "stories", comparison = "max" }'
    )
    assert standards.by_id("x-exempt").condition == Condition("stories", 1.0, "stories", "max")


@pytest.mark.parametrize(
    "condition",
    [
        '{ what = "colour", value = 1, unit = "stories", comparison = "max" }',
        '{ what = "stories", value = 1, unit = "floors", comparison = "max" }',
        '{ what = "stories", value = 1, unit = "stories", comparison = "equal" }',
        '{ what = "stories", unit = "stories", comparison = "max" }',
        '{ what = "stories", value = -1, unit = "stories", comparison = "max" }',
        '{ what = "stories", value = 1, unit = "stories", comparison = "max", note = "x" }',
        '"one story"',
    ],
    ids=[
        "an unknown measure",
        "an unknown unit",
        "a bound other than max or min",
        "no figure",
        "a negative figure",
        "an unknown key",
        "not a table",
    ],
)
def test_a_malformed_condition_is_refused_naming_the_record_and_key(tmp_path, condition):
    with pytest.raises(StandardsError) as caught:
        _load(tmp_path, condition)
    assert (caught.value.record_id, caught.value.key) == ("x-exempt", "condition")


def test_the_shipped_exemption_and_no_setback_rows_carry_their_printed_conditions():
    standards = load_standards()
    assert standards.by_id("crc-r105-2-accessory-exempt").condition == Condition(
        "stories", 1.0, "stories", "max"
    )
    within = Condition("distance_from_street_line", 20.0, "ft", "max")
    assert standards.by_id("t3-2-no-setback-zone-within-20ft-solid").condition == within
    assert standards.by_id("t3-2-no-setback-zone-within-20ft-open").condition == within
    assert standards.by_id("t3-2-no-setback-zone-beyond-20ft").condition == Condition(
        "distance_from_street_line", 20.0, "ft", "min"
    )


def _edited_data(tmp_path: Path, file: str, old: str, new: str):
    """The shipped standards with one line of one file changed."""
    data = tmp_path / "data"
    data.mkdir()
    for law_file in law_files():
        shutil.copy(law_file, data / law_file.name)
    text = (data / file).read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    (data / file).write_text(text.replace(old, new), encoding="utf-8")
    return load_standards(data)


STORIES = 'condition = { what = "stories", value = 1, unit = "stories", comparison = "max" }'


def _permit(stories: int, standards=None):
    plan = Plan(accessory=AccessoryStructure(type="shed", footprint_sqft=100, stories=stories))
    findings = check_lot(Lot(zone="NL"), plan, as_of=AS_OF, standards=standards)
    return one(findings, "accessory.building_permit")


@pytest.mark.parametrize(
    ("stories", "status", "note"),
    [
        (1, Status.PASS, "building_permit_exempt_shed"),  # at the condition
        (2, Status.NEEDS_APPROVAL, "building_permit_over_one_story"),  # just over
    ],
)
def test_the_shed_exemption_holds_to_its_one_story_condition(stories, status, note):
    finding = _permit(stories)
    assert (finding.status, finding.note) == (status, note)


def test_the_story_limit_is_the_records_not_the_codes(tmp_path):
    standards = _edited_data(tmp_path, "accessory.toml", STORIES, STORIES.replace("1,", "2,"))
    assert _permit(2, standards).status is Status.PASS
    assert _permit(3, standards).status is Status.NEEDS_APPROVAL


DISTANCE = 'value = 20, unit = "ft", comparison = "max"'


@pytest.mark.parametrize(
    ("distance", "expected"),
    [
        (19, "front_or_street_side_setback"),  # the row's reach just under NL's 20 ft setback
        (20, "front_or_street_side_setback"),  # at it: the whole reach is in the setback
        (21, None),  # just over: part of the reach is outside the front setback
    ],
)
def test_a_within_row_fence_is_rerouted_only_while_the_rows_reach_fits_the_setback(
    tmp_path, distance, expected
):
    standards = _edited_data(
        tmp_path, "fences.toml", DISTANCE, DISTANCE.replace("20,", f"{distance},")
    )
    fence = Fence(height_in=36, location="no_setback_zone_within_20ft", type="solid")
    finding = one(
        check_lot(Lot(zone="NL"), Plan(fence=fence), as_of=AS_OF, standards=standards),
        "fence.height",
    )
    if expected is None:
        assert (finding.status, finding.note) == (Status.NOT_CHECKED, "fence_location_not_in_zone")
    else:
        assert finding.note == "fence_location_rerouted"
        assert finding.status is Status.PASS
    assert location_condition(standards, "no_setback_zone_within_20ft").value == distance
