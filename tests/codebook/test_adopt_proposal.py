"""Adopting the Spring 2026 cleanup in the admin, with an ordinance and an effective date,
moves the section page, the key numbers, Check my lot and its JSON together on that date,
with no deploy and no stale cached page; summaries citing its sections need review then.

Spring 2026 changes § 17.62.060(C)'s minor variance from 25 % to 10 % and adds a TOC row
to Table 2-4 (2,000 sq ft minimum lot area); both are checked on each side of the date.
"""

import re
from datetime import date

import pytest
from django.contrib.auth.models import Permission, User

from cotati_site.codebook.models import Proposal, SectionVersion
from cotati_site.guidance import review
from cotati_site.guidance.models import Summary

pytestmark = pytest.mark.django_db

SPRING = "spring-2026-cleanup"
EFFECTIVE = date(2027, 1, 1)
DAY_BEFORE = date(2026, 12, 31)
ADMIN_URL = "/admin/codebook/proposal/"


def adopt_in_admin(client, captured, **fields):
    data = {"action": "adopt", "_selected_action": [SPRING], "apply": "1", **fields}
    with captured(execute=True):  # content_changed() runs when the transaction commits
        return client.post(ADMIN_URL, data)


def section_in_force(client, on: date) -> int:
    html = client.get("/code/17.62.060/", {"as_of": on.isoformat()}).content.decode()
    return int(re.search(r'class="law-text" data-version="(\d+)"', html).group(1))


def toc_min_area_cell(client, on: date) -> str:
    html = client.get("/topics/zoning-districts/", {"as_of": on.isoformat()}).content.decode()
    row = re.search(r'<tr data-zone="TOC">(.*?)</tr>', html, re.S).group(1)
    return re.search(r'<td data-col="min_area">(.*?)</td>', row, re.S).group(1)


def checker(client, on: date, **answers) -> str:
    return client.get("/check-my-lot/", {"as_of": on.isoformat(), **answers}).content.decode()


def finding_status(html: str, rule: str) -> str:
    return re.search(rf'data-rule="{re.escape(rule)}" data-status="(\w+)"', html).group(1)


def json_finding(client, on: date, rule: str, **answers) -> dict:
    data = client.get("/check-my-lot/result.json", {"as_of": on.isoformat(), **answers}).json()
    return next(f for f in data["findings"] if f["rule"] == rule)


def everything(client, on: date) -> dict:
    """What each surface says on ``on``: the section text in force, the TOC row of the key
    numbers, the checker's verdicts and the JSON's figures."""
    near = {"zone": "NL", "front_setback_ft": "17"}  # 15 % short of 20 ft
    # A common-interest subdivision's site: Table 2-4's minimums bind the lots a subdivision
    # creates; on an existing lot they are information (issue 21, e59ec42).
    toc = {"zone": "TOC", "lot_area_sqft": "1500", "common_interest_subdivision": "true"}
    variance = json_finding(client, on, "setback.front", **near)["minor_variance"]
    return {
        "section_version": section_in_force(client, on),
        "key_number_toc_area": "2,000" in toc_min_area_cell(client, on),
        "checker_variance_hint": 'class="variance"' in checker(client, on, **near),
        "checker_toc_area": finding_status(checker(client, on, **toc), "lot.area"),
        "json_variance": (variance or {}).get("percent"),
        "json_variance_proposed": (variance or {}).get("proposed_percent"),
        "json_toc_area": json_finding(client, on, "lot.area", **toc)["status"],
    }


def test_adopting_the_proposal_moves_every_surface_together_on_its_effective_date(
    client, admin_client, django_capture_on_commit_callbacks, page_cache
):
    old_text = SectionVersion.objects.get(section="17.62.060", status="adopted").pk
    new_text = SectionVersion.objects.get(section="17.62.060", proposal=SPRING).pk
    law_before = {
        "section_version": old_text,
        "key_number_toc_area": False,
        "checker_variance_hint": True,  # 17 ft is within 25 % of 20 ft
        "checker_toc_area": "not_checked",
        "json_variance": 25,
        "json_variance_proposed": 10,  # "the redline proposes 10 %; not law yet"
        "json_toc_area": "not_checked",
    }
    # Before adoption every date reads the law as it is (and the pages get cached).
    assert everything(client, DAY_BEFORE) == law_before
    assert everything(client, EFFECTIVE) == law_before

    response = adopt_in_admin(
        admin_client,
        django_capture_on_commit_callbacks,
        ordinance="Ord. 950",
        adopted_on="2026-12-01",
        effective_on=EFFECTIVE.isoformat(),
    )
    assert response.status_code == 302

    # The day before it takes effect nothing changes (but no longer "not law yet" wording
    # of a proposal on the section page: it is adopted, taking effect later).
    assert everything(client, DAY_BEFORE) == law_before
    # From the effective date every surface says 10 % and knows the TOC row.
    assert everything(client, EFFECTIVE) == {
        "section_version": new_text,
        "key_number_toc_area": True,
        "checker_variance_hint": False,  # 17 ft is beyond 10 % of 20 ft
        "checker_toc_area": "fail",
        "json_variance": None,
        "json_variance_proposed": None,
        "json_toc_area": "fail",
    }
    within_ten = json_finding(client, EFFECTIVE, "setback.front", zone="NL", front_setback_ft="18")[
        "minor_variance"
    ]
    assert (within_ten["percent"], within_ten["proposed_percent"]) == (10, None)


def test_the_section_page_announces_an_adopted_change_until_it_takes_effect(
    client, admin_client, django_capture_on_commit_callbacks
):
    adopt_in_admin(
        admin_client,
        django_capture_on_commit_callbacks,
        ordinance="Ord. 950",
        effective_on=EFFECTIVE.isoformat(),
    )
    new_text = SectionVersion.objects.get(section="17.62.060", proposal=SPRING).pk
    before = client.get("/code/17.62.060/", {"as_of": DAY_BEFORE.isoformat()}).content.decode()
    after = client.get("/code/17.62.060/", {"as_of": EFFECTIVE.isoformat()}).content.decode()
    assert f'data-upcoming-version="{new_text}"' in before
    assert "data-proposed-version" not in before
    assert "data-upcoming-version" not in after


def test_summaries_citing_its_sections_need_review_from_the_effective_date(
    admin_client, django_capture_on_commit_callbacks
):
    proposal = Proposal.objects.get(pk=SPRING)
    cited = set(proposal.versions.values_list("section", flat=True))
    assert not review.summaries_needing_review(EFFECTIVE)
    adopt_in_admin(
        admin_client,
        django_capture_on_commit_callbacks,
        ordinance="Ord. 950",
        effective_on=EFFECTIVE.isoformat(),
    )
    assert not review.summaries_needing_review(DAY_BEFORE)
    stale = review.summaries_needing_review(EFFECTIVE)
    citing = set(
        Summary.sections.through.objects.filter(codesection__in=cited).values_list(
            "summary_id", flat=True
        )
    )
    assert citing and set(stale) == citing
    assert set(stale.values()) == {EFFECTIVE}


def test_the_adopt_action_asks_for_the_ordinance_and_effective_date(admin_client):
    page = admin_client.post(ADMIN_URL, {"action": "adopt", "_selected_action": [SPRING]})
    html = page.content.decode()
    assert page.status_code == 200
    assert 'name="ordinance"' in html and 'name="effective_on"' in html
    assert Proposal.objects.get(pk=SPRING).status == "proposed"


def test_a_bad_effective_date_is_refused_next_to_the_field(
    admin_client, django_capture_on_commit_callbacks
):
    response = adopt_in_admin(
        admin_client,
        django_capture_on_commit_callbacks,
        ordinance="Ord. 950",
        adopted_on="2027-02-01",
        effective_on="2027-01-01",
    )
    assert response.status_code == 200
    assert "cannot take effect before it is adopted" in response.content.decode()
    assert Proposal.objects.get(pk=SPRING).status == "proposed"


def test_staff_without_the_adopt_permission_cannot_adopt(
    client, django_capture_on_commit_callbacks
):
    staff = User.objects.create_user("clerk", password="a-long-test-password", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_proposal"))
    client.force_login(staff)
    assert client.get(ADMIN_URL).status_code == 200
    adopt_in_admin(
        client,
        django_capture_on_commit_callbacks,
        ordinance="Ord. 950",
        effective_on=EFFECTIVE.isoformat(),
    )
    assert Proposal.objects.get(pk=SPRING).status == "proposed"
