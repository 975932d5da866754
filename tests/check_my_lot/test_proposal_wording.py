"""Wording that mentions a proposal reads its title and status from the Proposal record:
the minor-variance hint, the district table's note and Check my lot's preview notice say
"proposes ... not law yet" while it is pending, name its ordinance and date once it is
adopted for a later day, and say nothing of a proposal once it is law (issue 13)."""

import re
from datetime import date

import pytest

from cotati_site.codebook.models import Proposal
from cotati_site.codebook.services import adopt_proposal

pytestmark = pytest.mark.django_db

SPRING = "spring-2026-cleanup"
EFFECTIVE = date(2027, 1, 1)
DAY_BEFORE = date(2026, 12, 31)
URL = "/check-my-lot/"
NEAR = {"zone": "NL", "front_setback_ft": "18"}  # within 25 % and within 10 % of 20 ft


def hint(client, on: date) -> str:
    html = client.get(URL, {**NEAR, "as_of": on.isoformat()}).content.decode()
    return re.search(r'<p class="variance">(.*?)</p>', html, re.S).group(1)


def table_notes(client, on: date) -> str:
    html = client.get("/zoning-districts/", {"as_of": on.isoformat()}).content.decode()
    return re.search(r"<p class=\"muted\" data-table-notes>(.*?)</p>", html, re.S).group(1)


def preview_notice(client, on: date) -> str | None:
    query = {"zone": "TOC", "lot_area_sqft": "1500", "include_proposed": "true"}
    html = client.get(URL, {**query, "as_of": on.isoformat()}).content.decode()
    found = re.search(
        r"<div class=\"notice\" role=\"note\" data-proposed-applied>(.*?)</div>", html, re.S
    )
    return found.group(1) if found else None


def adopt():
    adopt_proposal(Proposal.objects.get(pk=SPRING), ordinance="Ord. 950", effective_on=EFFECTIVE)


def test_while_pending_each_mention_says_the_proposal_proposes_and_is_not_law(client):
    text = hint(client, DAY_BEFORE)
    assert f'data-proposed-by="{SPRING}" data-proposal-status="proposed"' in text
    assert "Spring 2026 code cleanup <em>proposes</em> 10%" in text and "not law yet" in text
    assert "the Spring 2026 code cleanup proposes a TOC row" in table_notes(client, DAY_BEFORE)
    assert "SW and TOC have no row in Table 2-4" in table_notes(client, DAY_BEFORE)
    notice = preview_notice(client, DAY_BEFORE)
    assert "of the Spring 2026 code cleanup (to §&nbsp;17.24.020, §&nbsp;17.62.060)" in notice
    assert "not law yet" in notice


def test_the_words_follow_the_proposal_record_not_the_template(client):
    Proposal.objects.filter(pk=SPRING).update(title="Autumn 2026 housekeeping")
    assert "Autumn 2026 housekeeping <em>proposes</em>" in hint(client, DAY_BEFORE)
    assert "Autumn 2026 housekeeping proposes a TOC row" in table_notes(client, DAY_BEFORE)
    assert "of the Autumn 2026 housekeeping" in preview_notice(client, DAY_BEFORE)
    assert "Spring 2026" not in hint(client, DAY_BEFORE)


def test_adopted_for_a_later_date_the_mentions_give_its_ordinance_and_date(client):
    adopt()
    text = hint(client, DAY_BEFORE)
    assert 'data-proposal-status="adopted"' in text
    assert "(adopted as Ord. 950) changes it to 10%" in text
    assert '<time datetime="2027-01-01">' in text
    assert "proposes" not in text and "not law yet" not in text
    notes = table_notes(client, DAY_BEFORE)
    assert "(adopted as Ord. 950) adds a TOC row from" in notes and "proposes" not in notes
    notice = preview_notice(client, DAY_BEFORE)
    assert "is adopted (Ord. 950) and is <strong>not law until" in notice


def test_adopted_and_in_effect_nothing_is_called_proposed(client):
    adopt()
    text = hint(client, EFFECTIVE)
    assert "10% relief" in text  # the adopted percentage is the law now
    assert "data-proposed-by" not in text
    assert "proposes" not in text and "not law yet" not in text
    notes = table_notes(client, EFFECTIVE)
    assert "SW has no row in Table 2-4." in notes and "TOC" not in notes
    assert preview_notice(client, EFFECTIVE) is None  # nothing left to preview


def test_a_withdrawn_proposal_is_not_mentioned(client):
    Proposal.objects.filter(pk=SPRING).update(status="withdrawn")
    assert "data-proposed-by" not in hint(client, DAY_BEFORE)
    assert "TOC row" not in table_notes(client, DAY_BEFORE)


def test_a_new_plan_with_a_proposal_mentioned_asks_the_database_nothing_once_warm(settings):
    """The proposals' titles and status are read once per content generation, like their
    dates: a minor-variance hint naming the proposal costs no query on the next plan."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from cotati_site.core.cache import forget_local_pages

    settings.CONTENT_CACHE_SECONDS = 300
    cache.clear()
    forget_local_pages()
    client = Client()
    try:
        client.get(URL, {**NEAR, "rear_setback_ft": "10"}, headers={"HX-Request": "true"})
        with CaptureQueriesContext(connection) as context:
            html = client.get(
                URL, {**NEAR, "rear_setback_ft": "11"}, headers={"HX-Request": "true"}
            ).content.decode()
        assert f'data-proposed-by="{SPRING}"' in html
        assert len(context.captured_queries) == 0, context.captured_queries
    finally:
        cache.clear()
        forget_local_pages()
