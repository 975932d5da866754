"""Queries the public pages need: each returns everything a page shows in a fixed number of queries."""

from datetime import date

from django.db.models import Max, Prefetch
from django.shortcuts import get_object_or_404

from cotati_site.models import FAQ, CodeSection, Summary, Topic


def site_checked_on() -> date | None:
    """The most recent date any published summary was checked against its source."""
    return Summary.objects.published().aggregate(latest=Max("checked_on"))["latest"]


def published_summaries():
    return Summary.objects.published().prefetch_related(
        Prefetch("sections", queryset=CodeSection.objects.only("number", "title", "body"))
    )


def topic_with_content(slug: str) -> tuple[Topic, list[Summary], list[FAQ], date | None]:
    """A topic with its published summaries (and their sections) and FAQs: four queries."""
    topic = get_object_or_404(Topic, slug=slug)
    summaries = list(published_summaries().filter(topic=topic).order_by("order", "pk"))
    faqs = list(FAQ.objects.published().filter(topic=topic).order_by("order", "pk"))
    # The page is only as fresh as its least recently checked rule.
    checked_on = min((s.checked_on for s in summaries), default=None)
    return topic, summaries, faqs, checked_on


def section_with_citations(number: str) -> tuple[CodeSection, list[Summary]]:
    """A section and the published summaries (with their topics) that cite it: two queries."""
    section = get_object_or_404(CodeSection, number=number)
    summaries = list(
        section.summaries.filter(is_published=True)
        .select_related("topic")
        .order_by("topic__order", "order")
    )
    return section, summaries


def topics_for_index():
    return Topic.objects.all().order_by("order", "title")
