"""A finding's card is kept per process (rules/wording/cards.py), keyed by the finding: a
finding differing from a kept one in anything its card prints gets its own card, never the
kept one; an equal finding (a new plan's fresh copy) gets the kept card."""

import dataclasses

import pytest
from django.utils import translation

from law.engine.findings import Finding, MinorVariance, Status
from rules.wording import cards
from rules.wording.words import one_language

BASE = Finding(
    rule="setback.rear",
    status=Status.PASS,
    topic="setbacks",
    value=20.0,
    limit=10.0,
    unit="ft",
    section="17.24.030",
    subsection="Table 2-9",
)

# One change of each field the card prints, each printed differently from BASE's.
CHANGES = {
    "rule": "setback.front",
    "status": Status.FAIL,
    "value": 21.0,
    "limit": 12.0,
    "limit_max": 30.0,
    "unit": "in",
    "section": "17.24.020",
    "subsection": "Table 2-4",
    "source": "secondary",
    "minor_variance": MinorVariance(percent=10.0, limit=9.0, status="adopted", standard_id="x"),
    "note": "not_encoded",
    "missing": ("lot_area_sqft",),
    "exception": "not_encoded",
}


# A field printed only beside another: the base it is changed from.
BASES = {
    "approval": dataclasses.replace(BASE, status=Status.NEEDS_APPROVAL),
    "limit_max": dataclasses.replace(BASE, approval="use_permit"),
}
CHANGES["approval"] = "use_permit"


def _cards(finding) -> str:
    return str(cards.finding_cards({}, [finding]))


@pytest.fixture
def english():
    cards.forget_cards()
    with translation.override("en"), one_language():
        yield
    cards.forget_cards()


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_a_finding_differing_in_a_printed_field_gets_its_own_card(english, field):
    base = BASES.get(field, BASE)
    changed = dataclasses.replace(base, **{field: CHANGES[field]})
    cards.forget_cards()
    fresh = _cards(changed)
    cards.forget_cards()
    kept = _cards(base)
    assert fresh != kept  # the change is printed
    assert _cards(changed) == fresh  # not the kept card of BASE


def test_an_equal_finding_gets_the_kept_card(english):
    kept = _cards(BASE)
    misses = cards._card.cache_info().misses
    assert _cards(dataclasses.replace(BASE)) == kept
    assert cards._card.cache_info().misses == misses
