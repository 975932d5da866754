"""Public pages. Views route and render; queries live in content.py, numbers in the rules tables."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from cotati_site import content, structured_data
from cotati_site import search as site_search
from cotati_site.cache import cache_by_key, cache_for_anonymous, renders_partial
from cotati_site.models import CodeSection
from rules.numbers import parse_number, whole_number_param
from rules.presentation import as_of_for, as_of_param, district_table, key_numbers_for

# The query parameters each cached page reads (cotati_site/cache.py): nothing else reaches it.
AS_OF = {"as_of": as_of_param}


@cache_for_anonymous
@require_safe
def home(request):
    return render(request, "cotati_site/home.html", {"topics": content.topics_for_index()})


@cache_for_anonymous(reads=AS_OF)
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
    listed = CodeSection.objects.only(
        "number", "title", "chapter", "code_title", "body", "jurisdiction"
    )
    cotati, state = [], []
    for section in listed:
        (state if section.is_state_law else cotati).append(section)
    return render(
        request, "cotati_site/section_list.html", {"sections": cotati, "state_sections": state}
    )


@cache_for_anonymous(reads=AS_OF)
@require_safe
def section_detail(request, number: str):
    section, summaries = content.section_with_citations(number)
    text = content.section_text(section, as_of_for(request))
    return render(
        request,
        "cotati_site/section_detail.html",
        {"section": section, "summaries": summaries, "text": text},
    )


def _version_param(raw: str) -> str | None:
    # Empty means "no text"; anything but a whole number in ASCII digits is ignored.
    return "" if not raw.strip() else whole_number_param(raw)


@cache_for_anonymous(reads={**AS_OF, "from": _version_param, "to": _version_param})
@require_safe
def section_compare(request, number: str):
    """A redline between two versions of a section: ?from=<id>&to=<id> (empty: no text)."""
    section = get_object_or_404(CodeSection, number=number)
    if "from" in request.GET or "to" in request.GET:
        from_id = parse_number(request.GET.get("from", ""), whole=True)
        to_id = parse_number(request.GET.get("to", ""), whole=True)
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


@cache_for_anonymous(reads=AS_OF)
@require_safe
def district_list(request):
    as_of = as_of_for(request)
    return render(
        request, "cotati_site/district_list.html", {"table": district_table(as_of), "as_of": as_of}
    )


@cache_for_anonymous(reads=AS_OF)
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


@cache_by_key(_search_key, reads=("q",))
@require_safe
def search(request):
    outcome = site_search.search(request.GET.get("q"))
    partial = renders_partial(request)
    # A section number typed in full goes straight to the section; while typing (htmx) the
    # section is listed instead, so the page does not jump away mid-word.
    if outcome.section is not None and not partial:
        return redirect(outcome.section)
    context = {"outcome": outcome, "max_length": site_search.MAX_QUERY_LENGTH, "partial": partial}
    if partial:
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
