"""The code library, section, proposed-changes and zoning-district pages. Views route and
render; queries live in queries.py, numbers in the rules tables."""

import dataclasses

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from cotati_site.codebook import anchors
from cotati_site.codebook import queries as content
from cotati_site.codebook.models import CodeSection
from cotati_site.core.as_of import as_of_for, as_of_param, default_as_of
from cotati_site.core.cache import cache_for_anonymous
from law.engine import ZONES, Standard, load_standards
from law.engine.zones import zone_families
from law.reports.presentation import (
    DistrictTable,
    district_table,
    standard_changes,
)
from rules.numbers import parse_number, whole_number_param

# The query parameters each cached page reads (cotati_site/core/cache.py): nothing else reaches it.
AS_OF = {"as_of": as_of_param}


def cited_sections(summaries=(), records=(), district=None) -> set[str]:
    """The sections whose anchors a page's citations may land on: those its summaries, its
    standards records and, with a district table, its rows' records cite with a table or
    subsection (a citation naming none needs no anchor, and no query)."""
    cited = [
        (section.number, summary.citation_text)
        for summary in summaries
        for section in summary.sections.all()
    ]
    cited += [(record.section, record.subsection) for record in records]
    for row in district.rows if district is not None else ():
        for field in dataclasses.fields(row):
            value = getattr(row, field.name)
            for record in value if isinstance(value, tuple) else (value,):
                if isinstance(record, Standard):
                    cited.append((record.section, record.subsection))
    return {number for number, citation in cited if anchors.citation_anchor(citation)}


@cache_for_anonymous
@require_safe
def section_list(request):
    listed = CodeSection.objects.with_text_on(as_of_for(request)).only(
        "number", "title", "chapter", "code_title", "jurisdiction"
    )
    cotati, state = [], []
    for section in listed:
        (state if section.is_state_law else cotati).append(section)
    return render(
        request, "cotati_site/section_list.html", {"sections": cotati, "state_sections": state}
    )


@cache_for_anonymous
@require_safe
def chapter_detail(request, chapter: str):
    """A chapter with its sections, in the code's order."""
    sections = content.chapter_sections(chapter)
    return render(
        request,
        "cotati_site/chapter_detail.html",
        {"chapter": chapter, "chapter_title": sections[0].chapter_title, "sections": sections},
    )


@cache_for_anonymous(reads=AS_OF)
@require_safe
def section_detail(request, number: str):
    section, summaries = content.section_with_citations(number)
    text = content.section_text(section, as_of_for(request))
    blocks = text.current.body if text.current else []
    return render(
        request,
        "cotati_site/section_detail.html",
        {
            "section": section,
            "summaries": summaries,
            "text": text,
            "contents": anchors.contents(blocks),
            "known": content.known_numbers(blocks, this_section=section.number),
        },
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
    as_of = default_as_of()
    # A withdrawn proposal's records are not pending any more: the engine is not given it.
    pending = content.engine_proposals(as_of, preview=True)
    records = [r for r in load_standards() if r.status == "proposed" and r.proposal in pending]
    changes = standard_changes(as_of, records)
    amendments, map_changes = content.proposed_changes(as_of, changes)
    cited = {c.record.section for c in changes if anchors.citation_anchor(c.record.subsection)}
    return render(
        request,
        "cotati_site/proposed_changes.html",
        {
            "amendments": amendments,
            "map_changes": map_changes,
            "withdrawn": content.withdrawn_proposals(),
            "as_of": as_of,
            "section_anchors": content.section_anchors(cited, as_of),
        },
    )


@cache_for_anonymous(reads=AS_OF)
@require_safe
def district_list(request):
    as_of = as_of_for(request)
    table = district_table(as_of, content.engine_proposals(as_of))
    return render(
        request,
        "cotati_site/district_list.html",
        {
            "table": table,
            "as_of": as_of,
            "section_anchors": content.section_anchors(cited_sections(district=table), as_of),
        },
    )


def _with_query(url: str, request) -> str:
    query = request.GET.urlencode()
    return f"{url}?{query}" if query else url


@cache_for_anonymous(reads=AS_OF)
@require_safe
def district_detail(request, code: str):
    """One district; a family the code names (RR, RVL) lists its districts; a code in
    the wrong case redirects (301) to the page at the code's own spelling."""
    as_of = as_of_for(request)
    codes = {zone.upper(): zone for zone in ZONES}
    families = zone_families()
    canonical = codes.get(code.upper()) or next((f for f in families if f == code.upper()), None)
    if canonical is None:
        raise Http404("No such zoning district.")
    if canonical != code:
        url = reverse("district_detail", args=[canonical])
        return redirect(_with_query(url, request), permanent=True)
    table = district_table(as_of, content.engine_proposals(as_of))
    if canonical in families:
        family = families[canonical]
        members = {zone.code for zone in family.zones}
        rows = [r for r in table.rows if r.zone.code in members]
        family_table = DistrictTable(as_of=as_of, rows=rows)
        return render(
            request,
            "cotati_site/district_family.html",
            {
                "family": family,
                "table": family_table,
                "as_of": as_of,
                "section_anchors": content.section_anchors(
                    cited_sections(district=family_table), as_of
                ),
            },
        )
    row = next(r for r in table.rows if r.zone.code == canonical)
    return render(
        request,
        "cotati_site/district_detail.html",
        {
            "row": row,
            "table": table,
            "as_of": as_of,
            "map_changes": content.zoning_map_changes_for(row.zone.code),
            "family": next((f for f in families.values() if row.zone in f.zones), None),
            "section_anchors": content.section_anchors(
                cited_sections(district=DistrictTable(as_of=as_of, rows=[row])), as_of
            ),
        },
    )
