"""`{% summaries_needing_review as stale %}`: for the admin index's review count."""

from django import template
from django.utils import timezone

from cotati_site.guidance import review

register = template.Library()


@register.simple_tag
def summaries_needing_review() -> int:
    return len(review.summaries_needing_review(timezone.localdate()))
