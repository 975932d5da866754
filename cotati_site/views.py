"""Public pages. Views route and render; queries live in content.py, numbers in the rules tables."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from cotati_site import content, structured_data
from cotati_site import search as site_search
from cotati_site.cache import cache_by_key, cache_for_anonymous
from cotati_site.models import CodeSection
from rules.presentation import as_of_for, district_table, key_numbers_for


@cache_for_anonymous
@require_safe
def home(request):
    return render(request, "cotati_site/home.html", {"topics": content.topics_for_index()})


@cache_for_anonymous
@require_safe
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


@cache_for_anonymous
@require_safe
def section_list(request):
    sections = CodeSection.objects.only("number", "title", "chapter", "code_title", "body")
    return render(request, "cotati_site/section_list.html", {"sections": sections})


@cache_for_anonymous
@require_safe
def section_detail(request, number: str):
    section, summaries = content.section_with_citations(number)
    text = content.section_text(section, as_of_for(request))
    return render(
        request,
        "cotati_site/section_detail.html",
        {"section": section, "summaries": summaries, "text": text},
    )


def _version_id(raw: str | None) -> int | None:
    return int(raw) if raw and raw.isdigit() else None


@cache_for_anonymous
@require_safe
def section_compare(request, number: str):
    """A redline between two versions of a section: ?from=<id>&to=<id> (empty: no text)."""
    section = get_object_or_404(CodeSection, number=number)
    if "from" in request.GET or "to" in request.GET:
        from_id, to_id = _version_id(request.GET.get("from")), _version_id(request.GET.get("to"))
    else:  # by default: the text in force against the first proposal
        text = content.section_text(section, as_of_for(request))
        from_id = text.current.pk if text.current else None
        to_id = text.proposals[0].version.pk if text.proposals else None
    compared = content.compare_versions(section, from_id, to_id)
    if compared is None:
        raise Http404("No such version of this section.")
    old, new, changes, versions = compared
    return render(
        request,
        "cotati_site/section_compare.html",
        {"section": section, "old": old, "new": new, "redline": changes, "versions": versions},
    )


@cache_for_anonymous
@require_safe
def proposed_changes(request):
    versions, map_changes = content.proposed_changes()
    return render(
        request,
        "cotati_site/proposed_changes.html",
        {"versions": versions, "map_changes": map_changes},
    )


@cache_for_anonymous
@require_safe
def district_list(request):
    as_of = as_of_for(request)
    return render(
        request, "cotati_site/district_list.html", {"table": district_table(as_of), "as_of": as_of}
    )


@cache_for_anonymous
@require_safe
def district_detail(request, code: str):
    as_of = as_of_for(request)
    table = district_table(as_of)
    row = next((r for r in table.rows if r.zone.code.lower() == code.lower()), None)
    if row is None:
        raise Http404("No such zoning district.")
    return render(
        request,
        "cotati_site/district_detail.html",
        {
            "row": row,
            "table": table,
            "as_of": as_of,
            "map_changes": content.zoning_map_changes_for(row.zone.code),
        },
    )


def _search_key(request) -> tuple[str, bool]:
    # The view reads only q; the cleaned query (at most MAX_QUERY_LENGTH characters) and
    # whether it was cut are all the answer depends on.
    return site_search.clean_query(request.GET.get("q"))


@cache_by_key(_search_key)
@require_safe
@vary_on_headers("HX-Request")
def search(request):
    outcome = site_search.search(request.GET.get("q"))
    # A section number typed in full goes straight to the section; while typing (htmx) the
    # section is listed instead, so the page does not jump away mid-word.
    if outcome.section is not None and not request.htmx:
        return redirect(outcome.section)
    context = {"outcome": outcome, "max_length": site_search.MAX_QUERY_LENGTH}
    if request.htmx:
        return render(request, "cotati_site/partials/_search_results.html", context)
    return render(request, "cotati_site/search.html", context)


@require_safe
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /check-my-lot/result.json",
        f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")


@require_safe
def healthz(request):
    """For load balancers and uptime checks: the app is serving. Touches no database."""
    return HttpResponse("ok", content_type="text/plain")
