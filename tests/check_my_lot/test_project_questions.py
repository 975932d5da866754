"""The project questions reach the engine through the form and the JSON, and bad answers are
reported next to their field."""

import pytest

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"


def finding(data: dict, rule: str) -> dict:
    return next(f for f in data["findings"] if f["rule"] == rule)


def test_building_type_and_stories_decide_nm_two_story_walls(client):
    query = {"zone": "NM", "dwelling_units": "12", "interior_side_setback_ft": "8"}
    open_question = finding(client.get(JSON_URL, query).json(), "setback.interior_side")
    assert open_question["status"] == "not_checked" and open_question["missing"] == ["storeys"]
    answered = finding(
        client.get(JSON_URL, {**query, "storeys": "2"}).json(), "setback.interior_side"
    )
    assert (answered["status"], answered["limit"]) == ("fail", 10)


@pytest.mark.parametrize(
    ("answer", "status"),
    [("", "info"), ("true", "fail"), ("false", "info")],
    ids=[
        "unanswered, a small NL lot is an existing lot: information, nothing asked",
        "a common-interest site under the minimum fails (note 4's proviso)",
        "a lot that is not common-interest is an existing lot: information",
    ],
)
def test_common_interest_answer_is_three_way(client, answer, status):
    query = {"zone": "NL", "lot_area_sqft": "5000", "common_interest_subdivision": answer}
    area = finding(client.get(JSON_URL, query).json(), "lot.area")
    assert area["status"] == status


def test_a_yes_no_question_rejects_other_words_next_to_the_field(client):
    response = client.get(JSON_URL, {"zone": "NL", "common_interest_subdivision": "maybe"})
    assert response.status_code == 400
    assert "common_interest_subdivision" in response.json()["errors"]


def test_an_unknown_building_type_is_a_field_error(client):
    response = client.get(JSON_URL, {"zone": "CD", "building_type": "castle"})
    assert response.status_code == 400
    assert "building_type" in response.json()["errors"]


def test_work_kind_and_ground_floor_answers_reach_the_engine(client):
    flood = {"zone": "NL", "flood_zone": "AE", "base_flood_elevation_ft": "100"}
    flood["lowest_floor_elevation_ft"] = "99"
    addition = {**flood, "work_kind": "addition"}
    lowest = finding(client.get(JSON_URL, addition).json(), "flood.lowest_floor")
    assert lowest["status"] == "not_checked" and lowest["missing"] == ["substantial_improvement"]
    small = {**addition, "substantial_improvement": "false"}
    lowest = finding(client.get(JSON_URL, small).json(), "flood.lowest_floor")
    assert lowest["note"] == "not_substantially_improved" and lowest["status"] == "info"
    cg = {"zone": "CG", "building_type": "mixed_use", "dwelling_units": "4"}
    cg |= {"lot_area_sqft": "10000", "covered_area_sqft": "7800"}
    open_question = finding(client.get(JSON_URL, cg).json(), "coverage")
    assert open_question["missing"] == ["ground_floor_residential"]
    ground = client.get(JSON_URL, {**cg, "ground_floor_residential": "true"}).json()
    assert (finding(ground, "coverage")["status"], finding(ground, "coverage")["limit"]) == (
        "fail",
        75,
    )


def test_a_date_before_we_vouch_links_nothing_and_says_from_when(client):
    data = client.get(
        JSON_URL, {"zone": "NL", "front_setback_ft": "25", "as_of": "2026-02-01"}
    ).json()
    front = finding(data, "setback.front")
    assert (front["note"], front["vouched_from"]) == ("before_vouched_date", "2026-02-12")
    page = client.get(URL, {"zone": "NL", "front_setback_ft": "25", "as_of": "2026-02-01"})
    assert "12 February 2026" in page.content.decode()


def test_the_project_questions_are_asked_with_the_lot_and_the_building(client):
    html = client.get(URL, {"zone": "CD"}).content.decode()
    lot = html[html.index('id="section-lot"') : html.index('id="section-building"')]
    for name in ("building_type", "common_interest_subdivision", "ground_floor_residential"):
        assert f'id="id_{name}"' in lot
    building = html[html.index('id="section-building"') :]
    for name in ("storeys", "work_kind"):
        assert f'id="id_{name}"' in building
