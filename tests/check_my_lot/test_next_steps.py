"""What to do next follows the outcome: an approval is a step only when the project may go ahead
(allowed, allowed with approval, or the City decides the rest). A plan not allowed as planned is
told what would pass and the routes state law offers instead; "Get a building permit" under
"Not allowed" (the NM four-plex, issue 21) told no one what to do. The JSON's ``approvals``
still lists every approval the findings name, whatever the outcome."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from law.engine.answers import (
    ALLOWED_WITH_APPROVAL,
    CANNOT_TELL,
    NOT_ALLOWED,
    answers_for,
)
from law.engine.findings import Finding, Status

URL = "/check-my-lot/"
FOURPLEX = {
    "zone": "NM",
    "project": "main_building",
    "lot_area_sqft": "8000",
    "dwelling_units": "4",
    "building_type": "plex",
}
# A new home 2 ft over the height limit: not allowed, its building permit named by a finding.
TOO_TALL = {
    "zone": "NM",
    "project": "main_building",
    "building_type": "single_family_new",
    "storeys": "2",
    "lot_area_sqft": "5000",
    "lot_width_ft": "50",
    "lot_depth_ft": "100",
    "dwelling_units": "1",
    "front_setback_ft": "15",
    "interior_side_setback_ft": "5",
    "rear_setback_ft": "15",
    "building_height_ft": "30",
    "covered_area_sqft": "2000",
}
FRONT_FENCE = {
    "zone": "NL",
    "project": "fence",
    "fence_height_ft": "4",
    "fence_location": "front_or_street_side_setback",
    "fence_type": "solid",
}


def _answer(client, query, project):
    html = client.get(URL, query).content.decode()
    return re.search(
        rf'<section class="answer[^"]*" id="answer-{project}".*?</section>', html, re.S
    ).group(0)


def _steps(answer: str) -> str:
    return re.search(r'<ol class="next-steps">(.*?)</ol>', answer, re.S).group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query", [FOURPLEX, TOO_TALL], ids=["the NM four-plex", "a house 2 ft too tall"]
)
def test_a_plan_not_allowed_as_planned_gets_no_approval_as_a_step(client, query):
    answer = _answer(client, query, "main_building")
    assert 'data-outcome="not_allowed_as_planned"' in answer
    assert 'data-rule="building.permit" data-status="needs_approval"' in answer  # still named
    steps = _steps(answer)
    assert "data-approval=" not in steps
    assert 'data-step="change"' in steps
    # Its card keeps the permit's note (no step says it above).
    assert "data-said-above" not in answer


@pytest.mark.django_db
def test_the_four_plex_is_pointed_to_what_would_pass_and_the_routes_state_law_offers(client):
    answer = _answer(client, FOURPLEX, "main_building")
    steps = _steps(answer)
    route = re.search(r'<li data-step="alternatives">(.*?)</li>', steps, re.S)
    assert route, steps
    links = re.findall(r'<a href="([^"]+)" data-route="(\w+)"', route.group(1))
    assert [project for _href, project in links] == ["adu"]
    opened = parse_qs(urlsplit(unescape(links[0][0])).query)
    assert opened["project"] == ["adu"] and opened["lot_area_sqft"] == ["8000"]


@pytest.mark.django_db
def test_the_json_still_names_every_approval_whatever_the_outcome(client):
    data = client.get("/check-my-lot/result.json", FOURPLEX).json()
    (answer,) = data["answers"]
    assert answer["outcome"] == "not_allowed_as_planned"
    assert "building_permit" in answer["approvals"]


@pytest.mark.django_db
def test_an_answer_that_lets_the_project_go_ahead_lists_its_approval_as_a_step(client):
    answer = _answer(client, FRONT_FENCE, "fence")
    assert 'data-outcome="allowed_with_approval"' in answer
    assert "data-approval=" in _steps(answer)


def _finding(rule, status, approval=None, missing=()):
    return Finding(
        rule=rule, status=status, topic="building", approval=approval, missing=tuple(missing)
    )


PERMIT = _finding("building.permit", Status.NEEDS_APPROVAL, approval="building_permit")


@pytest.mark.parametrize(
    ("findings", "outcome", "steps"),
    [
        ([_finding("height.main", Status.PASS), PERMIT], ALLOWED_WITH_APPROVAL, True),
        ([_finding("height.main", Status.NOT_CHECKED), PERMIT], ALLOWED_WITH_APPROVAL, True),
        ([_finding("height.main", Status.FAIL), PERMIT], NOT_ALLOWED, False),
        (
            [_finding("height.main", Status.NOT_CHECKED, missing=["building_height_ft"]), PERMIT],
            CANNOT_TELL,
            False,
        ),
    ],
    ids=[
        "allowed with approval: the permit is a step",
        "a permit held beside a rule not held: allowed with it, the permit a step",
        "not allowed as planned: no step",
        "still asking: no step until answered",
    ],
)
def test_approvals_are_steps_only_when_the_project_may_go_ahead(findings, outcome, steps):
    (answer,) = answers_for(findings, ["main_building"])
    assert answer.outcome == outcome
    assert answer.approvals == ("building_permit",)
    assert answer.approvals_to_get == (answer.approvals if steps else ())
