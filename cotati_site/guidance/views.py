"""Topic pages: the home page's list of topics, the topic index and each topic's page."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from cotati_site.codebook import queries as codebook_queries
from cotati_site.codebook.views import AS_OF, cited_sections
from cotati_site.core import structured_data
from cotati_site.core.as_of import as_of_for
from cotati_site.core.cache import cache_for_anonymous
from cotati_site.core.translated import shown
from cotati_site.guidance import queries as content
from law.reports.presentation import key_numbers_for
from law.reports.topic_diagrams import plan_view_zone, topic_plan_view


@cache_for_anonymous
@require_safe
def home(request):
    return render(request, "cotati_site/home.html", {"topics": content.topics_for_index()})


@cache_for_anonymous
@require_safe
def topic_list(request):
    return render(request, "cotati_site/topic_list.html", {"topics": content.topics_for_index()})


@cache_for_anonymous(reads={**AS_OF, "zone": plan_view_zone})
@require_safe
def topic_detail(request, slug: str):
    topic, summaries, faqs, checked_on = content.topic_with_content(slug)
    as_of = as_of_for(request)
    # Only a topic showing key numbers needs the proposals in force (read once per content
    # generation).
    proposals = codebook_queries.engine_proposals(as_of) if topic.feature else None
    key_numbers = key_numbers_for(topic.feature, as_of, proposals)
    cited = cited_sections(
        summaries,
        key_numbers.records if key_numbers else (),
        key_numbers.district_table if key_numbers else None,
    )
    return render(
        request,
        "cotati_site/topic_detail.html",
        {
            "topic": topic,
            "summaries": summaries,
            "key_points": [s for s in summaries if s.is_key_point],
            "faqs": faqs,
            # In the language the page shows each question in (core.translated).
            "faq_structured_data": structured_data.faq_page([shown(faq) for faq in faqs]),
            "checked_on": checked_on,
            "key_numbers": key_numbers,
            "plan_view": topic_plan_view(
                topic.feature, request.GET.get("zone", ""), as_of, proposals
            ),
            "as_of": as_of,
            "section_anchors": codebook_queries.section_anchors(cited, as_of),
        },
    )
