"""An update of the results sends a "Read as" slot (understood-NAME, out of band) only for a
number field that holds text: a field left empty has no slot in the htmx answer (its old
reading is emptied in the browser as the field is: static/js/checker.js, and
tests/e2e/test_read_as_emptied.py), while the page without JavaScript still draws every slot.
Before, every update carried all thirty-five slots of the page, empty or not (about a quarter
of the bench's htmx answer)."""

import re

import pytest

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
OOB_SLOT = re.compile(
    r'<span class="field-understood" id="understood-(\w+)" hx-swap-oob="true">(.*?)</span>'
)
ANSWERS = {
    "zone": "NL",
    "project": "main_building",
    "lot_area_sqft": "8,000",  # read: its reading
    "rear_setback_ft": "abc",  # typed, unreadable: an empty slot, so an old reading goes
    "front_setback_ft": "",  # emptied: no slot
    "street_side_setback_ft": "   ",  # only spaces: nothing typed
}


def test_an_update_sends_read_as_only_for_numbers_typed_and_the_page_draws_every_slot(client):
    update = client.get(URL, ANSWERS, HTTP_HX_REQUEST="true").content.decode()
    assert dict(OOB_SLOT.findall(update)) == {
        "lot_area_sqft": "Read as 8,000 square feet",
        "rear_setback_ft": "",
    }
    # Without JavaScript nothing empties a slot: the page draws each field's, as before.
    page = client.get(URL, ANSWERS).content.decode()
    for name in ("front_setback_ft", "street_side_setback_ft", "interior_side_setback_ft"):
        assert f'<span class="field-understood" id="understood-{name}"></span>' in page
    assert (
        '<span class="field-understood" id="understood-lot_area_sqft">'
        "Read as 8,000 square feet</span>"
    ) in page


def test_each_number_typed_is_worded_once_for_the_slots_and_the_printed_sheet(client, monkeypatch):
    """The "Read as" slots and the printed sheet's answers say the same words of the same
    figures: worded once per answer (rules/wording/typed.py, typed_words), read by both."""
    from rules.wording import sheet, slots, typed

    worded = []
    original = typed.typed_amount

    def counted(number, unit):
        worded.append(number)
        return original(number, unit)

    for module in (typed, sheet, slots):  # wherever it is called from
        monkeypatch.setattr(module, "typed_amount", counted, raising=False)
    answers = {"zone": "NL", "lot_area_sqft": "8,000", "lot_width_ft": "60", "dwelling_units": "1"}
    update = client.get(URL, answers, HTTP_HX_REQUEST="true").content.decode()
    assert dict(OOB_SLOT.findall(update)) == {
        "lot_area_sqft": "Read as 8,000 square feet",
        "lot_width_ft": "Read as 60 feet",
    }
    assert "<dd>Lot area: 8,000 square feet</dd>" in update  # the printed sheet
    assert "<dd>Lot width: 60 feet</dd>" in update
    assert sorted(worded) == [60, 8000]


def test_the_read_as_sentence_is_translated_once_for_all_the_slots(client, monkeypatch):
    """An update's "Read as" slots translate their sentence once, not once a slot
    (templates/rules/partials/_understood.jinja), in English and in Spanish alike."""
    from rules import language

    asked = []
    original = language.gettext

    def counted(message):
        asked.append(message)
        return original(message)

    monkeypatch.setattr(language, "gettext", counted)
    answers = {"zone": "NL", "lot_area_sqft": "8,000", "lot_width_ft": "60", "lot_depth_ft": "100"}
    for url, sentence in ((URL, "Read as 60 feet"), ("/es" + URL, "Se leyó como 60 pies")):
        asked.clear()
        update = client.get(url, answers, HTTP_HX_REQUEST="true").content.decode()
        assert dict(OOB_SLOT.findall(update))["lot_width_ft"] == sentence
        assert asked.count("Read as %(read)s") == 1
