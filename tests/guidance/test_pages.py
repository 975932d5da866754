"""Every public page answers with its key content; unknown addresses give a useful 404."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Summary, Topic
from tests.factories import make_faq, make_section, make_summary, make_topic

pytestmark = pytest.mark.django_db


def test_home_lists_every_topic_and_links_to_the_checker(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    for topic in Topic.objects.all():
        assert f'href="{topic.get_absolute_url()}"' in html
    assert f'href="{reverse("check_my_lot")}"' in html
    assert html.count("<h1") == 1


def test_every_topic_page_shows_its_published_summaries_with_badges_and_citations(client):
    for topic in Topic.objects.all():
        response = client.get(topic.get_absolute_url())
        assert response.status_code == 200, topic.slug
        html = response.content.decode()
        assert html.count("<h1") == 1
        assert "General information, not legal advice." in html
        for summary in topic.summaries.filter(is_published=True):
            assert f'id="summary-{summary.pk}"' in html
            assert f"badge-{summary.source_kind}" in html
            for section in summary.sections.all():  # the page, or the anchor cited on it
                assert f'href="{section.get_absolute_url()}' in html


def test_topic_page_shows_applies_when_faqs_and_audiences(client):
    topic = make_topic(for_contractors=True)
    section = make_section()
    make_summary(topic, section, applies_when="Corner lots only")
    faq = make_faq(topic, question="Can I build it?")
    html = client.get(topic.get_absolute_url()).content.decode()
    assert "Corner lots only" in html
    assert f'id="faq-{faq.pk}"' in html
    assert "Homeowners, Contractors" in html
    assert '"@type": "FAQPage"' in html


def test_draft_summaries_never_appear_on_public_pages(client):
    topic = make_topic()
    section = make_section()
    draft = make_summary(topic, section, headline="Secret draft rule.", is_published=False)
    for url in (topic.get_absolute_url(), section.get_absolute_url(), reverse("home")):
        assert draft.headline not in client.get(url).content.decode()


def test_faq_structured_data_cannot_break_out_of_its_script(client):
    topic = make_topic()
    make_faq(topic, question="</script><script>alert(1)</script>?")
    html = client.get(topic.get_absolute_url()).content.decode()
    assert "<script>alert(1)" not in html


def test_unknown_topic_and_section_give_404_in_the_site_style(client):
    for url in ("/topics/no-such-topic/", "/code/99.99.999/", "/zoning-districts/XX/"):
        response = client.get(url)
        assert response.status_code == 404
        assert "We could not find that page" in response.content.decode()


def test_section_with_text_renders_its_tables_as_html_tables(client):
    response = client.get(reverse("section_detail", args=["17.24.020"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<table" in html and "<caption>" in html
    assert "Table 2-4" in html
    assert "ecode360.com" in html


def test_section_without_text_says_so_and_links_to_the_official_code(client):
    section = CodeSection.objects.filter(versions__isnull=True).first()
    assert section is not None, "fixtures hold sections known by number and title only"
    html = client.get(section.get_absolute_url()).content.decode()
    assert "not on this site yet" in html
    assert f'href="{escape(section.source_url)}"' in html


def test_section_page_lists_the_summaries_that_cite_it(client):
    topic = make_topic()
    section = make_section()
    summary = make_summary(topic, section, headline="Cites the test section.")
    html = client.get(section.get_absolute_url()).content.decode()
    assert summary.get_absolute_url() in html


def test_code_library_lists_sections_in_code_order(client):
    make_section("99.99.9", title="Nine")
    make_section("99.99.10", title="Ten")
    html = client.get(reverse("section_list")).content.decode()
    assert html.index("§ 99.99.9</span>") < html.index("§ 99.99.10</span>")


def test_robots_and_sitemap(client):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200
    assert "Sitemap:" in robots.content.decode()
    sitemap = client.get("/sitemap.xml")
    assert sitemap.status_code == 200
    body = sitemap.content.decode()
    assert "/topics/" in body and "/code/17.24.030/" in body and "/zoning-districts/NL/" in body


def test_summary_admin_link_points_at_its_public_anchor():
    summary = Summary.objects.filter(is_published=True).select_related("topic").first()
    assert summary.get_absolute_url() == f"/topics/{summary.topic.slug}/#summary-{summary.pk}"


@pytest.mark.parametrize(
    ("slug", "cited", "not_printed"),
    [
        ("adding-a-home-adus-jadus-sb9", "Gov. Code § 663", "§&nbsp;Gov. Code"),
        (
            "sheds-garages-and-accessory-structures",
            "California Residential Code",
            "Cotati code, CRC",
        ),
    ],
    ids=["a statute reads as one", "a building-code section is not called Cotati code"],
)
def test_key_numbers_cite_state_law_as_state_law(client, slug, cited, not_printed):
    html = client.get(f"/topics/{slug}/").content.decode()
    table = html.split('class="key-source"', 1)[1]
    assert cited in html and cited in table
    assert not_printed not in html


def test_key_numbers_name_each_case_in_words_not_by_its_code(client):
    """A case of the standards data beside its rule reads as words on the topic page."""
    html = client.get("/topics/adding-a-home-adus-jadus-sb9/").content.decode()
    assert "(a junior ADU)" in html
    assert not re.findall(r"\(([a-z]+_[a-z0-9_.]*)\)", html)
