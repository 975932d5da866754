"""Atom feeds of proposed changes and of each topic's updates, linked from their pages."""

import xml.etree.ElementTree as ET

import pytest

from cotati_site.codebook.models import SectionVersion
from cotati_site.guidance.models import Summary, Topic
from tests.factories import make_section, make_summary, make_topic, make_version

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def feed(client, url) -> ET.Element:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"].startswith("application/atom+xml")
    return ET.fromstring(response.content)


def entries(root) -> list[dict]:
    return [
        {
            "title": e.findtext(f"{ATOM}title"),
            "link": e.find(f"{ATOM}link").get("href"),
            "id": e.findtext(f"{ATOM}id"),
            "updated": e.findtext(f"{ATOM}updated"),
            "summary": e.findtext(f"{ATOM}summary") or "",
        }
        for e in root.findall(f"{ATOM}entry")
    ]


def test_proposed_changes_feed_has_an_entry_for_each_proposed_text_linking_its_redline(client):
    items = entries(feed(client, "/proposed-changes/feed/"))
    proposed = SectionVersion.objects.proposed()
    assert len(items) == proposed.count()
    links = {item["link"] for item in items}
    for version in proposed:
        assert f"http://testserver/code/{version.section_id}/#proposal-{version.pk}" in links
    assert all(item["updated"] for item in items)
    assert all("((" not in item["title"] for item in items)


def test_an_edited_proposal_moves_to_the_top_of_the_feed(client):
    version = SectionVersion.objects.proposed().order_by("pk").first()
    version.notes = version.notes + " Re-read."
    version.save()
    first = entries(feed(client, "/proposed-changes/feed/"))[0]
    assert first["id"] == f"cotati-building-rules:proposed-version:{version.pk}"


def test_topic_feed_lists_its_published_rules_and_questions_and_no_drafts(client):
    topic = Topic.objects.get(slug="fences-and-walls")
    items = entries(feed(client, f"/topics/{topic.slug}/feed/"))
    published = Summary.objects.published().filter(topic=topic)
    summary_ids = {i["id"] for i in items if ":summary:" in i["id"]}
    assert summary_ids == {f"cotati-building-rules:summary:{s.pk}" for s in published}
    assert any(":faq:" in i["id"] for i in items)

    other = make_topic(slug="quiet")
    section = make_section()
    make_summary(other, section, headline="A draft.", is_published=False)
    shown = make_summary(other, section, headline="A published rule.")
    quiet = entries(feed(client, "/topics/quiet/feed/"))
    assert [i["title"] for i in quiet] == ["A published rule."]
    assert quiet[0]["link"] == f"http://testserver{shown.get_absolute_url()}"


def test_the_latest_change_leads_the_topic_feed(client):
    topic = make_topic(slug="changing")
    section = make_section()
    first = make_summary(topic, section, headline="First rule.")
    make_summary(topic, section, headline="Second rule.")
    first.headline = "First rule, corrected."
    first.save()
    items = entries(feed(client, "/topics/changing/feed/"))
    assert items[0]["title"] == "First rule, corrected."


def test_unknown_topic_has_no_feed(client):
    assert client.get("/topics/no-such-topic/feed/").status_code == 404


def test_pages_link_their_feeds_for_readers_and_for_feed_readers(client):
    html = client.get("/proposed-changes/").content.decode()
    assert '<link rel="alternate" type="application/atom+xml"' in html
    assert 'href="/proposed-changes/feed/"' in html
    assert html.count('href="/proposed-changes/feed/"') >= 2  # <link> and a visible link
    topic = Topic.objects.first()
    html = client.get(topic.get_absolute_url()).content.decode()
    url = f"/topics/{topic.slug}/feed/"
    assert (
        f'<link rel="alternate" type="application/atom+xml" title="{topic.title}: updates" href="{url}">'
        in html
    )
    assert f'<a href="{url}" data-feed>' in html


def test_proposed_version_of_a_made_section_appears_in_the_feed(client):
    section = make_section("99.99.060", title="Made for the feed")
    version = make_version(section, status="proposed", part="(B)")
    items = entries(feed(client, "/proposed-changes/feed/"))
    item = next(i for i in items if i["id"].endswith(f":{version.pk}"))
    assert item["title"] == "Proposed change to § 99.99.060 Made for the feed, in (B)"
