"""Once staff adopt a proposal, the JSON's minor-variance hint says its figure is adopted law
(issue 21): the engine applies a proposal's records by date alone, so the checker tells
law/engine/variance.py which proposals were adopted. A previewed proposal stays "proposed"."""

from datetime import date

import pytest

from cotati_site.codebook.models import Proposal
from cotati_site.codebook.services import adopt_proposal

pytestmark = pytest.mark.django_db

SPRING = "spring-2026-cleanup"
EFFECTIVE = date(2027, 1, 1)
# 18 ft: 10 % short of NL's 20 ft front setback, within the proposal's 10 % and the code's 25 %.
NEAR = {"zone": "NL", "front_setback_ft": "18"}


def variance(client, on: date, **extra) -> dict:
    data = client.get(
        "/check-my-lot/result.json", {"as_of": on.isoformat(), **NEAR, **extra}
    ).json()
    return next(f for f in data["findings"] if f["rule"] == "setback.front")["minor_variance"]


def test_before_adoption_the_code_figure_is_adopted_and_a_preview_is_proposed(client):
    assert (variance(client, EFFECTIVE)["percent"], variance(client, EFFECTIVE)["status"]) == (
        25,
        "adopted",
    )
    previewed = variance(client, EFFECTIVE, include_proposed="on")
    assert (previewed["percent"], previewed["status"]) == (10, "proposed")


def test_after_adoption_the_proposals_figure_is_adopted_from_its_effective_date(client):
    adopt_proposal(Proposal.objects.get(pk=SPRING), ordinance="Ord. 950", effective_on=EFFECTIVE)
    before = variance(client, date(2026, 12, 31))
    assert (before["percent"], before["status"]) == (25, "adopted")
    after = variance(client, EFFECTIVE)
    assert (after["percent"], after["status"], after["standard_id"]) == (
        10,
        "adopted",
        "redline-2026-s17-62-060-c-minor-variance",
    )
    # Previewed before its effective date, an adopted proposal's figure is still adopted law.
    early = variance(client, date(2026, 12, 31), include_proposed="on")
    assert (early["percent"], early["status"]) == (10, "adopted")
