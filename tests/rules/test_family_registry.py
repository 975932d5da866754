"""The family registry: each family declares its rules, notes, inputs and relief once, and the
engine's dispatch, order and validation follow from those declarations."""

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from law.engine import ZONES, Lot, MainBuilding, load_standards
from law.engine.findings import COMMON_NOTES
from law.engine.registry import Family, Input, Part, Registry, asked, registry
from law.families.accessory.part import ACCESSORY_TYPES, AccessoryStructure
from law.families.fences.part import FENCE_LOCATIONS, FENCE_TYPES, Fence
from law.families.flood.part import FLOOD_ZONES, FloodData
from law.families.home_business.part import HomeBusiness

from .helpers import check

FAMILIES_DIR = Path(__file__).resolve().parents[2] / "law" / "families"


def _defines_check(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.FunctionDef) and n.name == "check" for n in tree.body)


def test_every_folder_with_a_check_is_a_registered_family():
    folders = {p.parent.name for p in FAMILIES_DIR.glob("*/check.py") if _defines_check(p)}
    assert folders == {f.name for f in registry().families}
    for family in registry().families:
        assert family.check.__module__ == f"law.families.{family.name}.check"


def _every_kind_of_answer():
    """Plans that reach each family's missing-input paths, in every zone."""
    heights = (None, 30, 90, 120)
    for zone in ZONES:
        yield check(zone)
        yield check(zone, corner_lot=True, hillside=True, dwelling_units=10, area_sqft=0)
        yield check(
            zone,
            corner_lot=True,
            hillside=True,
            dwelling_units=3,
            building=MainBuilding(),
            accessory=AccessoryStructure(),
            home_business=HomeBusiness(home_floor_area_sqft=0),
            fence=Fence(),
        )
        for location in (*FENCE_LOCATIONS, "on_the_roof"):
            for kind in (None, *FENCE_TYPES):
                for height in heights:
                    yield check(zone, fence=Fence(height_in=height, location=location, type=kind))
        for kind in (None, *ACCESSORY_TYPES, "boat"):
            yield check(zone, accessory=AccessoryStructure(type=kind))
        for flood_zone in (*FLOOD_ZONES, "Z"):
            yield check(zone, flood=FloodData(zone=flood_zone))
            yield check(zone, flood=FloodData(zone=flood_zone, in_floodway=True))


ALL_FINDINGS = [finding for findings in _every_kind_of_answer() for finding in findings]


def test_every_finding_belongs_to_a_family_and_carries_its_topic():
    family_of = registry().family_of
    for finding in ALL_FINDINGS:
        assert finding.rule in family_of, finding.rule
        assert finding.topic == family_of[finding.rule].topic, finding.rule


def test_every_missing_name_is_an_input_the_family_declares():
    family_of, inputs = registry().family_of, registry().inputs
    listed = set()
    for finding in ALL_FINDINGS:
        for name in finding.missing:
            assert name in inputs, (finding.rule, name)
            assert name in family_of[finding.rule].inputs, (finding.rule, name)
            listed.add(name)
    # The matrix really reaches the missing-input paths, the hillside one included.
    assert {"height_from_lowest_grade_ft", "fence_type", "flood_zone"} <= listed


def test_every_note_a_finding_carries_is_declared():
    notes = registry().notes
    assert {f.note for f in ALL_FINDINGS if f.note} <= notes


def test_every_standards_record_note_belongs_to_its_rules_family():
    family_of = registry().family_of
    for record in load_standards():
        # Records read by shared helpers, not one family: 17.62.060(C) by the variance hint,
        # 17.39.040's plex of 2-9 units by project.py, which every building family uses.
        if record.rule in ("minor_variance", "building_type.plex_units"):
            continue
        assert record.rule in family_of, (record.id, record.rule)
        if record.note:
            allowed = COMMON_NOTES | set(family_of[record.rule].notes)
            assert record.note in allowed, (record.id, record.note)


def test_findings_follow_the_family_order_then_each_familys_rule_order():
    order = registry().rule_order
    families = [f.name for f in registry().families]
    # The shipped families keep this order among themselves; a family added since sits
    # wherever its declared order puts it.
    pinned = [
        "parcel",
        "setbacks",
        "height",
        "coverage",
        "permits",
        "zone_notes",
        "fences",
        "accessory",
        "home_business",
        "flood",
        "hillside",
        "adu",
        "sb9",
    ]
    assert [name for name in families if name in pinned] == pinned
    assert order[:3] == ("lot.area", "lot.area_corner", "lot.width")
    hillside = order.index("hillside.height")
    assert order[hillside : hillside + 3] == (
        "hillside.height",
        "hillside.height_from_lowest_grade",
        "adu.allowed",
    )
    shipped = [rule for rule in order if registry().family_of[rule].name in pinned]
    assert shipped[-1] == "sb9.lot_split.min_area"
    topics = (
        "lot",
        "building",
        "fence",
        "accessory",
        "home_business",
        "flood",
        "hillside",
        "adu",
    )
    assert [topic for topic in registry().topics if topic in topics] == list(topics)


def test_a_minor_variance_can_relieve_only_dimensions_setbacks_and_heights():
    # 17.62.060(C)(2)-(4): parcel dimensions (not area), setbacks, structure height.
    assert registry().relievable == {
        "lot.width",
        "lot.depth",
        "setback.front",
        "setback.interior_side",
        "setback.street_side",
        "setback.rear",
        "height.main",
        "accessory.height",
        "hillside.height",
        "hillside.height_from_lowest_grade",
    }


def test_a_family_runs_only_when_it_applies():
    bare = {f.topic for f in check("NL")}
    assert bare == {"lot", "building"}
    topics = {f.topic for f in check("NL", flood=FloodData(base_flood_elevation_ft=10))}
    assert "flood" not in topics  # flood data without a flood zone asks nothing
    assert "hillside" in {f.topic for f in check("NL", hillside=True)}


# ---- turning field values into engine inputs -----------------------------


def test_a_part_is_built_only_when_one_of_its_answers_was_entered():
    lot, plan = registry().inputs_from({"zone": "NL", "fence_type": "", "in_floodway": True})
    assert lot == Lot(zone="NL")
    assert plan.building == MainBuilding()  # always there: every lot has a main building's rules
    assert (plan.fence, plan.accessory, plan.home_business, plan.flood) == (None,) * 4


def test_answers_fill_their_parts_under_their_public_names():
    lot, plan = registry().inputs_from(
        {
            "zone": "RR-1.0",
            "lot_area_sqft": 50000.0,
            "hillside": "",
            "building_height_ft": 20.0,
            "height_from_lowest_grade_ft": 30.0,
            "accessory_height_ft": 0.0,
            "flood_zone": "AO",
            "in_floodway": True,
        }
    )
    assert lot == Lot(zone="RR-1.0", area_sqft=50000.0)
    assert plan.building == MainBuilding(height_ft=20.0, height_from_lowest_grade_ft=30.0)
    assert plan.accessory == AccessoryStructure(height_ft=0.0)  # zero is an answer
    assert plan.flood == FloodData(zone="AO", in_floodway=True)
    assert plan.fence is None and plan.home_business is None


def test_every_input_has_a_label_and_numbers_have_a_unit_and_a_ceiling():
    for name, entry in registry().inputs.items():
        spec = entry.spec
        assert spec.label, name
        if spec.kind in ("number", "whole"):
            assert spec.unit and spec.maximum is not None, name


# ---- the registry refuses inconsistent declarations ----------------------


@dataclass(frozen=True)
class _Toy:
    size_ft: float | None = asked(Input(label="Size", unit="feet", maximum=10))


_TOY_PARTS = (Part(key="lot", legend="Toy", type=_Toy, always=True),)


def _family(**changes) -> Family:
    fields = {"name": "toy", "order": 1, "topic": "lot", "rules": ("toy.size",), "check": print}
    return Family(**(fields | changes))


def test_a_well_formed_family_registers():
    built = Registry([_family(inputs=("size_ft",), relievable=("toy.size",))], _TOY_PARTS, ())
    assert built.rule_order == ("toy.size",) and built.relievable == {"toy.size"}


@pytest.mark.parametrize(
    ("families", "problem"),
    [
        ([_family(), _family(name="other", order=2)], "also in"),
        ([_family(), _family(name="other", rules=("toy.other",))], "order 1 taken"),
        ([_family(inputs=("colour",))], "not a declared input"),
        ([_family(relievable=("lot.area",))], "not one of its rules"),
        ([_family(rules=())], "declares no rules"),
        ([_family(feature="toys", topic="toys")], "not a part"),
    ],
    ids=[
        "a rule in two families is refused",
        "two families in one place in the order are refused",
        "an input no part declares is refused",
        "relief for another family's rule is refused",
        "a family without rules is refused",
        "a topic page opening no form section is refused",
    ],
)
def test_an_inconsistent_family_is_refused(families, problem):
    with pytest.raises(ValueError, match=problem):
        Registry(families, _TOY_PARTS, ())


def test_an_input_declared_twice_is_refused():
    parts = (*_TOY_PARTS, Part(key="again", legend="Again", type=_Toy))
    with pytest.raises(ValueError, match="declared twice"):
        Registry([], parts, ())


def test_the_shipped_parts_are_the_lot_and_the_plan():
    reg = registry()
    family_parts = [f.part.key for f in reg.families if f.part is not None]
    assert [p.key for p in reg.parts] == ["lot", "building", *family_parts]
