"""Staff-typed summaries and FAQ answers: a little formatting survives, nothing executable does."""

import json
import re

import pytest

from cotati_site.core.templatetags.rich_text import sanitize
from tests.factories import make_faq, make_summary, make_topic

HOSTILE = (
    "Intro line.\n\n"
    "<script>alert('script')</script>"
    '<img src="x" onerror="alert(\'onerror\')">'
    "<a href=\"javascript:alert('link')\">a scripted link</a>"
    '<iframe src="https://evil.example/"></iframe>'
    '<p style="position:fixed;top:0">styled</p>'
    "<svg onload=\"alert('svg')\"></svg>"
    '<a href="/code/17.24.030/" onclick="alert(\'click\')">a safe link</a>'
)


def assert_inert(html: str) -> None:
    assert "<script>alert" not in html
    assert "onerror" not in html
    assert "onload" not in html
    assert "onclick" not in html
    assert "javascript:" not in html
    assert "<iframe" not in html
    assert "<svg" not in html
    assert not re.search(r"\sstyle=", html)


def test_sanitize_keeps_the_small_formatting_subset():
    html = sanitize(
        "First line\nsecond line\n\n<strong>Bold</strong>, <em>stressed</em> and "
        '<a href="https://ecode360.com/CO4398">the code</a>.\n\n<ul>\n<li>one</li>\n</ul>'
    )
    assert html.startswith("<p>First line<br>second line</p>")
    assert "<strong>Bold</strong>" in html
    assert "<em>stressed</em>" in html
    assert '<a href="https://ecode360.com/CO4398" rel="noopener noreferrer">the code</a>' in html
    assert "<li>one</li>" in html


def test_sanitize_escapes_plain_text_that_looks_like_markup():
    assert sanitize("Fences < 3 ft & hedges") == "<p>Fences &lt; 3 ft &amp; hedges</p>"


def test_sanitize_removes_every_hostile_construct():
    html = sanitize(HOSTILE)
    assert_inert(html)
    assert "alert('script')" not in html  # the script's content goes with it
    assert '<a href="/code/17.24.030/" rel="noopener noreferrer">a safe link</a>' in html


@pytest.mark.django_db
def test_hostile_summary_and_faq_render_inert_on_the_topic_page(client):
    topic = make_topic(slug="hostile-topic")
    make_summary(topic, body=HOSTILE, headline="A hostile summary")
    make_faq(topic, answer=HOSTILE, is_published=True)
    response = client.get("/topics/hostile-topic/")
    assert response.status_code == 200
    html = response.content.decode()
    article = html[html.index('<article class="rule"') : html.index("</article>")]
    assert_inert(article)
    faqs = html[html.index('<section aria-labelledby="faq-title"') :]
    assert_inert(faqs.split("</section>")[0])
    assert "a safe link" in article


@pytest.mark.django_db
def test_hostile_faq_answers_reach_the_json_ld_sanitized(client):
    topic = make_topic(slug="hostile-topic")
    make_faq(topic, answer=HOSTILE, is_published=True)
    html = client.get("/topics/hostile-topic/").content.decode()
    payload = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    answer = json.loads(payload)["mainEntity"][0]["acceptedAnswer"]["text"]
    assert_inert(answer)
