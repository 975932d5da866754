"""Topic and section pages cost a fixed number of queries however much they show."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_faq, make_section, make_summary, make_topic

pytestmark = pytest.mark.django_db


def queries_for(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_topic_page_query_count_does_not_grow_with_summaries(client):
    topic = make_topic()
    sections = [make_section(f"99.99.{n:03d}") for n in range(1, 4)]
    make_summary(topic, *sections)
    make_faq(topic)
    few = queries_for(client, topic.get_absolute_url())
    for n in range(12):
        make_summary(topic, *sections, headline=f"Rule {n}.")
        make_faq(topic, question=f"Question {n}?")
    assert queries_for(client, topic.get_absolute_url()) == few
    assert few <= 5


def test_section_page_query_count_does_not_grow_with_citing_summaries(client):
    topic = make_topic()
    section = make_section()
    make_summary(topic, section)
    few = queries_for(client, section.get_absolute_url())
    for n in range(12):
        make_summary(make_topic(slug=f"t-{n}"), section, headline=f"Rule {n}.")
    assert queries_for(client, section.get_absolute_url()) == few
    assert few <= 3


PLAN = {"zone": "NL", "lot_width_ft": "60", "lot_depth_ft": "100", "front_setback_ft": "20"}


@pytest.mark.parametrize("htmx", [False, True], ids=["json", "partial"])
def test_a_new_plan_in_check_my_lot_asks_the_database_nothing_once_warm(client, page_cache, htmx):
    """The proposals' status and the cited sections' anchors are read once per content
    generation (cotati_site.core.cache.per_generation), not once per check: a new plan costs the
    form, the engine and the rendering, and no round trip to the database."""
    url = "/check-my-lot/" if htmx else "/check-my-lot/result.json"
    headers = {"HX-Request": "true"} if htmx else {}
    client.get(url, {**PLAN, "rear_setback_ft": "10"}, headers=headers)
    for rear in ("10.5", "11", "11.5"):  # each a new plan: no page-cache hit
        with CaptureQueriesContext(connection) as context:
            response = client.get(url, {**PLAN, "rear_setback_ft": rear}, headers=headers)
        assert response.status_code == 200
        assert rear in response.content.decode()
        assert len(context.captured_queries) == 0, context.captured_queries


def test_with_the_page_cache_off_check_my_lot_reads_the_proposals_each_time(client):
    """Tests and DJANGO_CONTENT_CACHE_SECONDS=0: nothing is kept, every check reads afresh."""
    client.get("/check-my-lot/result.json", PLAN)
    with CaptureQueriesContext(connection) as context:
        client.get("/check-my-lot/result.json", {**PLAN, "rear_setback_ft": "12"})
    assert any("proposal" in q["sql"].lower() for q in context.captured_queries)


@pytest.mark.parametrize("url", ["/proposed-changes/", "/proposed-changes/feed/"])
def test_proposed_changes_read_each_amendments_proposal_with_it(client, url):
    """Each amendment names its proposal (title, status, dates): read with the amendments,
    not one query per amendment (the shipped redline has eleven)."""
    from cotati_site.codebook.models import SectionVersion

    assert SectionVersion.objects.proposed().count() >= 10
    assert queries_for(client, url) <= 8
