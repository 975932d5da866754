"""Queries the topic pages need: each returns everything a page shows in a fixed number of queries."""

from datetime import date

from django.db.models import Max, Prefetch
from django.shortcuts import get_object_or_404

from cotati_site.core.as_of import default_as_of
from cotati_site.guidance import review
from cotati_site.guidance.models import FAQ, Summary, Topic


def site_checked_on() -> date | None:
    """The most recent date any published summary was checked against its source."""
    return Summary.objects.published().aggregate(latest=Max("checked_on"))["latest"]


def published_summaries(on: date | None = None):
    """Published summaries with their sections, each section annotated with its current
    version and whether a proposal exists (no extra query; see cotati_site.guidance.review)."""
    sections = review.sections_for_summaries(on or default_as_of())
    return Summary.objects.published().prefetch_related(Prefetch("sections", queryset=sections))


def topic_with_content(slug: str) -> tuple[Topic, list[Summary], list[FAQ], date | None]:
    """A topic with its published summaries (and their sections) and FAQs: four queries.

    Each summary gets ``code_changed_on`` (a cited section changed since it was checked)
    and ``proposed_sections`` (cited sections with a proposed amendment)."""
    topic = get_object_or_404(Topic, slug=slug)
    summaries = list(published_summaries().filter(topic=topic).order_by("order", "pk"))
    review.attach_review_state(summaries)
    faqs = list(FAQ.objects.published().filter(topic=topic).order_by("order", "pk"))
    # The page is only as fresh as its least recently checked rule.
    checked_on = min((s.checked_on for s in summaries), default=None)
    return topic, summaries, faqs, checked_on


def topics_for_index():
    return Topic.objects.all().order_by("order", "title")
