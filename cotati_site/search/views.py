"""The search page (and its htmx partial)."""

from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from cotati_site.core.cache import cache_by_key, renders_partial
from cotati_site.search.query import MAX_QUERY_LENGTH, clean_query
from cotati_site.search.search import search as site_search


def _search_key(request) -> tuple[str, bool]:
    # The view reads only q; the cleaned query (at most MAX_QUERY_LENGTH characters) and
    # whether it was cut are all the answer depends on.
    return clean_query(request.GET.get("q"))


@cache_by_key(_search_key, reads=("q",))
@require_safe
def search(request):
    # In the page's language: /es/search/ searches the Spanish text and vocabulary (the
    # cache's keys hold the language: core.cache.cache_by_key).
    outcome = site_search(request.GET.get("q"), get_language())
    partial = renders_partial(request)
    # A section number typed in full goes straight to the section; while typing (htmx) the
    # section is listed instead, so the page does not jump away mid-word.
    if outcome.section is not None and not partial:
        return redirect(outcome.section)
    context = {"outcome": outcome, "max_length": MAX_QUERY_LENGTH, "partial": partial}
    if partial:
        return render(request, "cotati_site/partials/_search_results.html", context)
    return render(request, "cotati_site/search.html", context)
