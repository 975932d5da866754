"""Topic and section pages cost a fixed number of queries however much they show."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.cotati_site.factories import make_faq, make_section, make_summary, make_topic

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
