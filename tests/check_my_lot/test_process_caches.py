"""Every process-level cache of Check my lot is registered with law/engine/caches.py, so one
call (``clear_caches``) empties them all, and the ones keyed by plans are bounded."""

import pytest

from law.engine.caches import clear_caches, process_cache
from rules import json_output, openapi
from rules.wording import cards, sheet, slots

QUERY = {
    "zone": "NL",
    "project": "fence",
    "lot_area_sqft": "6000",
    "fence_height_in": "72",
    "fence_location": "interior_side_or_rear_setback",
    "fence_type": "solid",
}

KEPT = {
    "finding cards": cards._card,
    "printed sources": sheet._sources,
    "empty error slots": slots._empty_slots,
    "findings' JSON": json_output._finding_json,
    "OpenAPI document": openapi.document,
}


@pytest.mark.django_db
def test_one_call_empties_every_cache_the_checker_fills(client):
    assert client.get("/check-my-lot/", QUERY, HTTP_HX_REQUEST="true").status_code == 200
    assert client.get("/check-my-lot/result.json", QUERY).status_code == 200
    assert client.get("/check-my-lot/openapi.json").status_code == 200
    filled = {name for name, kept in KEPT.items() if kept.cache_info().currsize}
    assert filled == set(KEPT)
    clear_caches()
    assert {name: kept.cache_info().currsize for name, kept in KEPT.items()} == dict.fromkeys(
        KEPT, 0
    )


def test_the_caches_keyed_by_plans_are_bounded():
    for kept in (cards._card, sheet._sources, slots._empty_slots, json_output._finding_json):
        assert kept.cache_info().maxsize is not None


def test_a_bounded_process_cache_keeps_at_most_its_size_and_is_cleared_with_the_rest():
    @process_cache(maxsize=2)
    def double(number: int) -> int:
        return 2 * number

    assert [double(n) for n in (1, 2, 3, 1)] == [2, 4, 6, 2]
    assert double.cache_info().currsize == 2
    clear_caches()
    assert double.cache_info().currsize == 0
