"""Public pages. Views route and render; queries live in content.py, numbers in the rules tables."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cotati_site import content, structured_data
from cotati_site.models import CodeSection
from rules.presentation import as_of_for, district_table, key_numbers_for


@require_GET
def home(request):
    return render(request, "cotati_site/home.html", {"topics": content.topics_for_index()})


@require_GET
def topic_detail(request, slug: str):
    topic, summaries, faqs, checked_on = content.topic_with_content(slug)
    as_of = as_of_for(request)
    return render(
        request,
        "cotati_site/topic_detail.html",
        {
            "topic": topic,
            "summaries": summaries,
            "key_points": [s for s in summaries if s.is_key_point],
            "faqs": faqs,
            "faq_structured_data": structured_data.faq_page(faqs),
            "checked_on": checked_on,
            "key_numbers": key_numbers_for(topic.feature, as_of),
            "as_of": as_of,
        },
    )


@require_GET
def section_list(request):
    sections = CodeSection.objects.only("number", "title", "chapter", "code_title", "body")
    return render(request, "cotati_site/section_list.html", {"sections": sections})


@require_GET
def section_detail(request, number: str):
    section, summaries = content.section_with_citations(number)
    return render(
        request, "cotati_site/section_detail.html", {"section": section, "summaries": summaries}
    )


@require_GET
def district_list(request):
    as_of = as_of_for(request)
    return render(
        request, "cotati_site/district_list.html", {"table": district_table(as_of), "as_of": as_of}
    )


@require_GET
def district_detail(request, code: str):
    as_of = as_of_for(request)
    table = district_table(as_of)
    row = next((r for r in table.rows if r.zone.code.lower() == code.lower()), None)
    if row is None:
        raise Http404("No such zoning district.")
    return render(
        request, "cotati_site/district_detail.html", {"row": row, "table": table, "as_of": as_of}
    )


@require_GET
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /check-my-lot/result.json",
        f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
