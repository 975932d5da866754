"""Small factory functions for content the tests shape themselves."""

from datetime import date

from cotati_site.models import FAQ, CodeSection, Summary, Topic


def make_topic(slug="test-topic", **fields) -> Topic:
    defaults = {"title": "Test topic", "intro": "A topic made by a test.", "order": 999}
    return Topic.objects.create(slug=slug, **{**defaults, **fields})


def make_section(number="99.99.010", **fields) -> CodeSection:
    defaults = {
        "title": "Test section",
        "code_title": 99,
        "source_url": "https://ecode360.com/CO4398",
    }
    return CodeSection.objects.create(number=number, **{**defaults, **fields})


def make_summary(topic, *sections, **fields) -> Summary:
    defaults = {
        "headline": "A test rule.",
        "body": "Made by a test.",
        "checked_on": date(2026, 11, 29),
        "is_published": True,
    }
    summary = Summary.objects.create(topic=topic, **{**defaults, **fields})
    summary.sections.set(sections)
    return summary


def make_faq(topic, **fields) -> FAQ:
    defaults = {"question": "A test question?", "answer": "A test answer."}
    return FAQ.objects.create(topic=topic, **{**defaults, **fields})
