"""The JSON joined from per-finding pieces is the JSON of the whole document."""

import json
from datetime import date

import pytest

from law.engine import check_lot, load_standards
from law.engine.plan import Plan
from law.engine.site import Lot, MainBuilding
from rules.json_output import result_json


def findings(rear: float):
    lot = Lot(zone="NL", area_sqft=6000, width_ft=60, depth_ft=100)
    plan = Plan(building=MainBuilding(front_setback_ft=20, rear_setback_ft=rear))
    return check_lot(lot, plan, as_of=date(2026, 12, 1), standards=load_standards())


@pytest.mark.parametrize(
    "document",
    [{}, {"zone": "NL", "errors": {}}, {"as_of": "2026-12-01", "answers": [{"a": [1, None]}]}],
    ids=["empty", "plain", "nested"],
)
def test_joined_json_reads_back_as_the_document_with_its_findings(document):
    found = findings(10)
    text = result_json(document, found)
    assert json.loads(text) == {**document, "findings": [f.to_dict() for f in found]}


def test_a_changed_finding_gets_its_own_text_and_an_unchanged_one_is_reused():
    first, second = findings(10), findings(12.5)
    assert json.loads(result_json({}, first))["findings"] == [f.to_dict() for f in first]
    again = json.loads(result_json({}, second))["findings"]
    rear = next(f for f in again if f["rule"] == "setback.rear")
    assert rear["value"] == 12.5
    assert again == [f.to_dict() for f in second]


def test_no_findings_give_an_empty_list():
    assert json.loads(result_json({"zone": "NL"}, [])) == {"zone": "NL", "findings": []}
