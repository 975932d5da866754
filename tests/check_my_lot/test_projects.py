"""Check my lot, project first (issue 11): the contract of the form, the partials and the JSON.
Assertions are on ids, data attributes and JSON keys, not on the page's sentences."""

import pytest

from law.engine.registry import registry

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"
HTMX = {"HX-Request": "true"}

FENCE = {"fence_location": "interior_side_or_rear_setback", "fence_height_ft": "7"}
SHED = {
    "accessory_type": "shed",
    "accessory_footprint_sqft": "120",
    "accessory_height_ft": "10",
    "accessory_stories": "1",
}


def test_the_form_opens_with_the_project_question_then_the_zone(client):
    html = client.get(URL).content.decode()
    assert html.index('id="section-projects"') < html.index('name="zone"')
    for key in registry().projects:
        assert f'id="id_project_{key}"' in html
    assert 'id="id_project_other"' in html


@pytest.mark.parametrize(
    ("projects", "shown", "hidden"),
    [
        # Site conditions (flood, hillside) are one yes/no each in "site" (issue 22).
        (["fence"], {"fence"}, {"building", "accessory", "home_business", "flood", "site"}),
        (["accessory_structure"], {"accessory", "site"}, {"building", "fence", "flood"}),
        (["home_business"], {"home_business"}, {"building", "fence", "flood", "site"}),
        (["main_building"], {"building", "site"}, {"fence", "accessory", "home_business"}),
        (["fence", "home_business"], {"fence", "home_business"}, {"building", "accessory"}),
    ],
    ids=lambda v: "+".join(sorted(v)) if isinstance(v, list | set) else v,
)
def test_only_the_questions_the_chosen_projects_need_are_shown(client, projects, shown, hidden):
    html = client.get(URL, {"zone": "NL", "project": projects}).content.decode()
    assert 'id="section-lot"' in html
    for part in shown:
        assert f'<fieldset id="section-{part}"' in html, part
    for part in hidden:
        assert f'id="section-{part}"' not in html, part


def test_ticking_a_box_with_htmx_swaps_in_only_the_questions(client):
    response = client.get(URL, {"project": ["fence"], "part": "questions"}, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="project-questions" ')
    assert '<fieldset id="section-fence"' in html
    assert 'id="results"' not in html and "data-rule=" not in html


def test_the_fence_height_is_typed_in_feet_and_inches_and_7_means_7_feet(client):
    data = client.get(JSON_URL, {"zone": "NL", **FENCE}).json()
    (fence,) = [f for f in data["findings"] if f["rule"] == "fence.height"]
    assert fence["value"] == 84.0
    more = client.get(JSON_URL, {"zone": "NL", **FENCE, "fence_height_extra_in": "6"}).json()
    assert [f["value"] for f in more["findings"] if f["rule"] == "fence.height"] == [90.0]
    html = client.get(URL, {"zone": "NL", "project": "fence"}).content.decode()
    assert 'name="fence_height_ft"' in html and 'name="fence_height_extra_in"' in html
    assert 'name="fence_height_in"' not in html


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"fence_height_ft": "seven"}, "fence_height_ft"),
        ({"fence_height_extra_in": "12"}, "fence_height_extra_in"),
        ({"fence_height_ft": "6", "fence_height_in": "80"}, "fence_height_ft"),
        ({"accessory_footprint_sqft": "-5"}, "accessory_footprint_sqft"),
        ({"accessory_stories": "1.5"}, "accessory_stories"),
        ({"business_kind": "casino"}, "business_kind"),
        ({"project": "pool"}, "project"),
    ],
    ids=lambda v: v if isinstance(v, str) else "&".join(f"{k}={x}" for k, x in v.items()),
)
def test_bad_project_answers_get_a_message_next_to_the_field_and_nothing_is_lost(
    client, params, field
):
    query = {"zone": "NL", "project": ["fence", "accessory_structure", "home_business"]}
    if field == "project":
        query["project"] = ["fence", params["project"]]
    else:
        query.update(params)
    html = client.get(URL, query).content.decode()
    start = html.index(f'id="error-{field}"')
    assert html[start : html.index("</span>", start)].split(">", 1)[1].strip()
    assert "data-outcome=" not in html  # no answer while an answer is wrong
    for name, value in params.items():
        if name not in ("business_kind", "project", "fence_height_in"):
            assert f'value="{value}"' in html
    data = client.get(JSON_URL, query).json()
    assert field in data["errors"] and data["answers"] == [] and data["findings"] == []


def test_json_without_project_keeps_todays_findings_and_no_answers(client):
    data = client.get(JSON_URL, {"zone": "NL", **FENCE}).json()
    assert data["answers"] == [] and data["projects"] == []
    assert {"setback.front", "lot.area", "fence.height"} <= {f["rule"] for f in data["findings"]}


def test_json_with_projects_holds_their_rules_the_site_conditions_and_one_answer_each(client):
    params = {
        "zone": "NL",
        "project": ["fence", "accessory_structure"],
        **FENCE,
        **SHED,
        "flood_zone": "AE",
        "hillside": "true",
        "front_setback_ft": "20",
    }
    data = client.get(JSON_URL, params).json()
    rules = {f["rule"] for f in data["findings"]}
    assert "fence.height" in rules and "accessory.building_permit" in rules
    assert "flood.permit" in rules and "hillside.height" in rules  # site conditions entered
    assert not rules & {"setback.front", "lot.area", "coverage", "height.main"}
    answers = {a["project"]: a for a in data["answers"]}
    assert list(answers) == ["fence", "accessory_structure"]
    assert answers["fence"]["outcome"] == "allowed"
    # The flood zone's permit is held: it heads the shed's answer beside the setbacks not held.
    assert answers["accessory_structure"]["outcome"] == "allowed_with_approval"
    assert answers["accessory_structure"]["unknown"] == ["accessory.setbacks"]
    assert "flood_development_permit" in answers["accessory_structure"]["approvals"]
    for item in data["answers"]:
        assert set(item) >= {"project", "outcome", "approvals", "rules", "missing"}
    assert sum(data["counts"].values()) == len(data["findings"])


def test_json_says_what_would_pass_in_numbers(client):
    data = client.get(
        JSON_URL,
        {
            "zone": "NM",
            "project": "main_building",
            "front_setback_ft": "15",
            "interior_side_setback_ft": "5",
            "rear_setback_ft": "13.5",
            "building_height_ft": "28",
        },
    ).json()
    (home,) = data["answers"]
    assert home["outcome"] == "not_allowed_as_planned"
    (fix,) = home["what_would_pass"]
    assert (fix["rule"], fix["direction"], fix["target"], fix["delta"]) == (
        "setback.rear",
        "up",
        15.0,
        1.5,
    )


def test_the_results_lead_with_an_answer_per_project_and_fold_the_other_rules(client):
    html = client.get(
        URL, {"zone": "NL", "project": ["fence"], **FENCE, "front_setback_ft": "20"}, headers=HTMX
    ).content.decode()
    assert html.index('data-project="fence"') < html.index('data-rule="fence.height"')
    assert 'data-outcome="allowed"' in html
    folded = html.index('<details class="other-rules" id="other-rules">')
    assert html.index('data-rule="setback.front"') > folded  # lot-wide rules sit collapsed
    assert 'class="finding finding-not_checked" data-rule="lot.area"' not in html


def test_approvals_are_listed_in_order_under_what_to_do_next(client):
    html = client.get(
        URL,
        {
            "zone": "NL",
            "project": "home_business",
            "business_kind": "hair_salon",
            "home_floor_area_sqft": "1600",
            "business_floor_area_sqft": "200",
            "visitor_trips_per_day": "4",
            "clients_at_once": "1",
        },
    ).content.decode()
    first = html.index('data-approval="business_license"')
    assert first < html.index('data-approval="state_license"')


def test_something_else_is_answered_as_not_covered_with_who_to_ask(client):
    html = client.get(URL, {"zone": "NL", "project": "other"}).content.decode()
    assert 'id="something-else"' in html


def test_a_repeated_project_list_is_one_cached_page_whatever_its_order(client):
    one = client.get(JSON_URL, {"zone": "NL", "project": ["fence", "home_business"]}).json()
    two = client.get(
        JSON_URL, {"zone": "NL", "project": ["home_business", "fence", "fence"]}
    ).json()
    assert one == two
    assert [a["project"] for a in one["answers"]] == ["fence", "home_business"]


def test_an_adu_is_answered_from_the_adu_family_with_its_questions_shown(client):
    params = {
        "zone": "NL",
        "project": "adu",
        "adu_type": "detached",
        "adu_floor_area_sqft": "800",
        "existing_dwelling": "single_family",
    }
    (adu,) = client.get(JSON_URL, params).json()["answers"]
    assert adu["covered"] is True and adu["project"] == "adu"
    assert all(
        rule.split(".")[0] in ("adu", "jadu", "sb9", "flood", "hillside") for rule in adu["rules"]
    )
    html = client.get(URL, params).content.decode()
    assert '<fieldset id="section-adu"' in html and "(coming" not in html


def test_something_else_alone_says_not_covered_and_keeps_the_lot_rules_collapsed(client):
    # A pool or a deck: not the whole list of lot rules as "Not checked" cards.
    html = client.get("/check-my-lot/", {"zone": "NL", "project": "other"}).content.decode()
    assert 'data-outcome="not_covered"' in html and "Not covered yet" in html
    results = html.split('id="results-title"')[1]
    assert 'class="finding ' not in results and 'id="other-rules"' in results
    assert "0 pass, 0 need approval" not in html
    data = client.get("/check-my-lot/result.json", {"zone": "NL", "project": "other"}).json()
    assert (data["projects"], data["answers"], data["findings"]) == (["other"], [], [])
