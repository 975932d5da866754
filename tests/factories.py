"""Small factory functions for content the tests shape themselves."""

from datetime import date

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import FAQ, Summary, Topic


def make_topic(slug="test-topic", **fields) -> Topic:
    defaults = {"title": "Test topic", "intro": "A topic made by a test.", "order": 999}
    return Topic.objects.create(slug=slug, **{**defaults, **fields})


def make_section(number="99.99.010", *, body=None, **fields) -> CodeSection:
    """A section; with ``body``, also its text as an adopted version in force since 2026-01-01."""
    defaults = {
        "title": "Test section",
        "code_title": 99,
        "source_url": "https://ecode360.com/CO4398",
        # Summaries made by tests are "checked against code text", which needs official text.
        "text_source": "official",
    }
    section = CodeSection.objects.create(number=number, **{**defaults, **fields})
    if body is not None:
        make_version(section, body=body)
    return section


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


def make_version(section, *, status="adopted", body=None, **fields):
    """A version of ``section``, saved through the service (so search follows); adopted
    ones take effect on 2026-01-01 unless told."""
    from cotati_site.codebook.models import SectionVersion
    from cotati_site.codebook.services import save_version

    defaults = {
        "source": "Ord. 999" if status == "adopted" else "A test proposal (proposed)",
        "effective_on": date(2026, 1, 1) if status == "adopted" else None,
    }
    body = body if body is not None else [{"type": "paragraph", "text": "Text made by a test."}]
    return save_version(
        SectionVersion(section=section, status=status, body=body, **{**defaults, **fields})
    )


def paragraph(text: str) -> list[dict]:
    return [{"type": "paragraph", "text": text}]


def summary_admin_form(summary: Summary, **changes) -> dict:
    """What the admin's change form posts for a summary, with the revision it showed."""
    data = {
        "topic": summary.topic_id,
        "headline": summary.headline,
        "body": summary.body,
        "applies_when": summary.applies_when,
        "source_kind": summary.source_kind,
        "sections": [s.pk for s in summary.sections.all()],
        "citation_text": summary.citation_text,
        "basis": summary.basis,
        "basis_note": summary.basis_note,
        "checked_on": summary.checked_on.isoformat(),
        "is_published": "on" if summary.is_published else "",
        "is_key_point": "on" if summary.is_key_point else "",
        "order": summary.order,
        "shown_revision": summary.revision,
    }
    return {**data, **changes}
