"""What the sanitizer would drop from staff text is shown before it is saved, and the summary
and FAQ pages have a Preview of the public rendering."""

import re

import pytest
from django.contrib.auth.models import Group, User

from cotati_site.core.rich_text_check import cleaned_source, removals
from cotati_site.core.templatetags.rich_text import sanitize
from tests.factories import (
    make_faq,
    make_section,
    make_summary,
    make_topic,
    make_version,
    summary_admin_form,
)

pytestmark = pytest.mark.django_db

UNCLOSED_STYLE = (
    "Fences up to 3 feet are fine.\n\n<style>p {color: red}\n\nAbove 3 feet you need a permit."
)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        pytest.param("Plain words, a < b & c.", [], id="plain text and escapes: nothing removed"),
        pytest.param(
            'Allowed: <strong>bold</strong>, <em>it</em>, <a href="/code/17.24.030/">a link</a>',
            [],
            id="the allowed subset: nothing removed",
        ),
        pytest.param(
            UNCLOSED_STYLE,
            ["the <style> tag", "the text “p {color: red} Above 3 feet you need a permit.”"],
            id="an unclosed style swallows the rest: said",
        ),
        pytest.param(
            "<script>alert(1)</script>After.",
            ["the <script> tag", "the text “alert(1)”"],
            id="a script and its content",
        ),
        pytest.param(
            '<a href="javascript:alert(1)" onclick="x()">link</a>',
            ["the onclick attribute of <a>", "the link to “javascript:alert(1)”"],
            id="an event handler and a scripted link",
        ),
        pytest.param('<img src="x.png"> picture', ["the <img> tag"], id="a tag outside the subset"),
        pytest.param("Note <!-- to self -->", ["HTML comments"], id="a comment"),
    ],
)
def test_removals_says_what_the_public_page_would_not_show(typed, expected):
    assert removals(typed) == expected


def test_the_cleaned_text_renders_without_what_was_listed_and_keeps_paragraphs():
    cleaned = cleaned_source(UNCLOSED_STYLE)
    assert cleaned.startswith("Fences up to 3 feet are fine.\n\n")
    assert removals(cleaned) == []
    assert "<style" not in sanitize(cleaned)


@pytest.fixture
def editor(client):
    user = User.objects.create_user("editor", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return client


def preview_of(html: str) -> str:
    match = re.search(r"<section [^>]*data-preview>(.*?)</section>", html, re.S)
    assert match, "no preview on the page"
    return match.group(1)


def test_a_summary_the_sanitizer_would_cut_is_refused_with_the_removals_and_a_preview(editor):
    summary = make_summary(make_topic(), make_section(), body="Before.")
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    response = editor.post(url, summary_admin_form(summary, body=UNCLOSED_STYLE))
    assert response.status_code == 200
    html = response.content.decode()
    assert "the &lt;style&gt; tag" in html
    assert "Above 3 feet you need a permit." in html  # named as removed, and still in the box
    preview = preview_of(html)
    assert "Fences up to 3 feet are fine." in preview
    assert "Above 3 feet" not in preview
    assert 'class="rule"' in preview  # the public partial, not a look-alike
    assert re.search(r'<input type="checkbox" name="save_cleaned_text"', html)
    summary.refresh_from_db()
    assert summary.body == "Before."


def test_confirming_saves_the_cleaned_text_the_public_then_sees_as_previewed(editor, client):
    summary = make_summary(make_topic(), make_section(), body="Before.")
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    preview = preview_of(
        editor.post(url, summary_admin_form(summary, body=UNCLOSED_STYLE)).content.decode()
    )
    confirmed = summary_admin_form(summary, body=UNCLOSED_STYLE, save_cleaned_text="on")
    assert editor.post(url, confirmed).status_code == 302
    summary.refresh_from_db()
    assert summary.body == cleaned_source(UNCLOSED_STYLE)
    rendered = sanitize(summary.body)
    assert rendered in preview
    assert rendered in editor.get(summary.topic.get_absolute_url()).content.decode()


def test_text_within_the_allowed_formatting_saves_at_once(editor):
    summary = make_summary(make_topic(), make_section(), body="Before.")
    body = 'A <strong>fence</strong> over 3 feet needs a <a href="/code/17.24.030/">permit</a>.'
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    assert editor.post(url, summary_admin_form(summary, body=body)).status_code == 302
    summary.refresh_from_db()
    assert summary.body == body


def test_an_faq_answer_the_sanitizer_would_change_is_refused_first(editor):
    faq = make_faq(make_topic(), answer="Before.")
    url = f"/admin/guidance/faq/{faq.pk}/change/"
    data = {
        "topic": faq.topic_id,
        "question": faq.question,
        "answer": 'See <a href="/code/" onclick="steal()">the code</a>.',
        "order": faq.order,
        "is_published": "on",
        "shown_revision": faq.revision,
    }
    response = editor.post(url, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "the onclick attribute of &lt;a&gt;" in html
    assert "the code" in preview_of(html) and "steal" not in preview_of(html)
    faq.refresh_from_db()
    assert faq.answer == "Before."
    assert editor.post(url, {**data, "save_cleaned_text": "on"}).status_code == 302
    faq.refresh_from_db()
    assert faq.answer == 'See <a href="/code/">the code</a>.'


@pytest.mark.parametrize("model", ["summary", "faq"])
def test_the_change_page_has_a_preview_button_that_saves_nothing(editor, model):
    topic = make_topic()
    record = make_summary(topic, make_section()) if model == "summary" else make_faq(topic)
    page = editor.get(f"/admin/guidance/{model}/{record.pk}/change/").content.decode()
    assert re.search(
        rf'name="_preview" formaction="/admin/guidance/{model}/preview/" formtarget="_blank"',
        page,
    )
    if model == "summary":
        data = summary_admin_form(record, body="Typed, <em>not saved</em>.<script>x()</script>")
    else:
        data = {
            "topic": topic.pk,
            "question": "Typed?",
            "answer": "Typed, <em>not saved</em>.<script>x()</script>",
        }
    response = editor.post(f"/admin/guidance/{model}/preview/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Typed, <em>not saved</em>." in preview_of(html)
    assert "the &lt;script&gt; tag" in html
    before = record.revision
    record.refresh_from_db()
    assert record.revision == before
    assert editor.get(f"/admin/guidance/{model}/preview/").status_code == 405


def test_the_preview_shows_the_summary_as_its_topic_page_does_citation_anchor_included(editor):
    """Rendered through the public partial and the sanitizer, with its citation landing on
    the table the text in force prints, exactly as the topic page links it."""
    topic = make_topic(slug="previewed")
    section = make_section("99.99.030")
    make_version(section, body=[{"type": "table", "caption": "Table 9-1 Things", "rows": [["a"]]}])
    summary = make_summary(topic, section, citation_text="Table 9-1", headline="Cites a table.")
    data = summary_admin_form(summary, body='Fine <strong>bold</strong>. <img src="x.png">')
    html = editor.post("/admin/guidance/summary/preview/", data).content.decode()
    preview = preview_of(html)
    public = editor.get(topic.get_absolute_url()).content.decode()
    link = 'href="/code/99.99.030/#table-9-1"'
    assert link in preview and link in public
    assert "<strong>bold</strong>" in preview and "<img" not in preview
    removed = re.search(r"<div class=\"errornote\" data-removed>(.*?)</div>", html, re.S).group(1)
    assert "the &lt;img&gt; tag" in removed
