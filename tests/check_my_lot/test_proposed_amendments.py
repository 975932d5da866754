"""Check my lot on a future date and with the proposed Spring 2026 amendments."""

import pytest

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"


def finding(data: dict, rule: str) -> dict:
    return next(f for f in data["findings"] if f["rule"] == rule)


def test_toc_lot_area_is_checked_only_with_the_proposed_amendments(client):
    # A common-interest subdivision's site: new lots are held to Table 2-4's row.
    query = {
        "zone": "TOC",
        "lot_area_sqft": "1500",
        "common_interest_subdivision": "true",
        "as_of": "2027-01-01",
    }
    adopted = client.get(JSON_URL, query).json()
    assert adopted["include_proposed"] is False
    assert finding(adopted, "lot.area")["status"] == "not_checked"
    proposed = client.get(JSON_URL, {**query, "include_proposed": "true"}).json()
    assert proposed["include_proposed"] is True
    area = finding(proposed, "lot.area")
    assert (area["status"], area["limit"], area["section"]) == ("fail", 2000, "17.24.020")


@pytest.mark.parametrize(
    ("include_proposed", "percent"),
    [("false", 25), ("true", 10)],
    ids=["adopted minor variance is 25%", "proposed minor variance is 10%"],
)
def test_minor_variance_hint_uses_the_percentage_asked_for(client, include_proposed, percent):
    query = {
        "zone": "NL",
        "front_setback_ft": "18",
        "as_of": "2027-01-01",
        "include_proposed": include_proposed,
    }
    front = finding(client.get(JSON_URL, query).json(), "setback.front")
    assert front["status"] == "fail"
    assert front["minor_variance"]["percent"] == percent


def test_before_the_adopted_variance_date_no_hint_is_offered_and_after_it_is(client):
    query = {"zone": "NL", "front_setback_ft": "18"}
    before = finding(client.get(JSON_URL, {**query, "as_of": "2026-03-19"}).json(), "setback.front")
    after = finding(client.get(JSON_URL, {**query, "as_of": "2026-03-20"}).json(), "setback.front")
    assert before["minor_variance"] is None
    assert after["minor_variance"]["percent"] == 25


def test_results_page_says_when_proposed_rules_were_applied(client):
    query = {"zone": "TOC", "lot_area_sqft": "1500"}
    assert "data-proposed-applied" not in client.get(URL, query).content.decode()
    html = client.get(URL, {**query, "include_proposed": "true"}).content.decode()
    assert "data-proposed-applied" in html
    assert 'data-include-proposed="true"' in html


def test_include_proposed_rejects_an_answer_that_is_not_yes_or_no(client):
    response = client.get(JSON_URL, {"zone": "NL", "include_proposed": "maybe"})
    assert response.status_code == 400
    assert "include_proposed" in response.json()["errors"]
