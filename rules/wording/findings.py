"""A finding's words beyond its labels: its note, what would pass it, its share of a whole,
where its citations lead, and the proposals it names."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext, pgettext

from cotati_site.codebook.anchors import citation_anchor
from rules.wording.citations import is_section_number
from rules.wording.labels import approval_label
from rules.wording.numbers import amount, num, unit_label
from rules.wording.records import standard_record, with_condition
from rules.wording.words import FIX, FIX_VARIANCE, SHARE_WHOLE, VOUCHED, family_words


def finding_note(finding) -> str:
    """The note's words; a finding dated before our copy says from when we vouch for it."""
    if finding.note == "before_vouched_date" and finding.vouched_from:
        # "5 January 2026"; Spanish "5 de enero de 2026" (docs/glossary-es.md).
        day = format_date(finding.vouched_from, pgettext("a day in a sentence", "j F Y"))
        return VOUCHED["from"].format(date=day)
    return with_condition(
        family_words().notes.get(finding.note or "", ""), standard_record(finding.standard_id)
    )


def fix_text(fix) -> str:
    """What would pass a failed rule, in words: 'lower it to 7 ft (6 in. lower)': in the
    phrasing its family's words give the rule, else its unit's (percentage points, homes) or an
    amount's."""
    phrases = family_words().fixes.get(fix.rule) or FIX.get(fix.unit or "") or FIX["amount"]
    text = phrases[fix.direction].format(
        by=amount(fix.delta, fix.unit), to=amount(fix.target, fix.unit), points=num(fix.delta)
    )
    if fix.variance_limit is not None:
        variance = FIX_VARIANCE["down" if fix.direction == "down" else "up"]
        text += variance.format(limit=amount(fix.variance_limit, fix.unit))
    return text


def share_text(finding) -> str:
    """A share-stated finding's figures with the amounts behind the percent: 'You entered
    1,900 sq ft on a 4,500 sq ft lot (42.22%); the maximum is 40% (1,800 sq ft).'"""
    share = finding.share
    unit = unit_label(share.unit)
    # A rule stated as a share carries the percent as its value and its limits in percent; a
    # figure measured as a share (an ADU's impact fee, in proportion to the main home) carries
    # its own amount and limit, so the percent is the share's and no limit is a percent.
    stated = finding.unit == "percent"
    figures = {
        "part": num(share.part),
        "whole": num(share.whole),
        "unit": unit,
        "what": SHARE_WHOLE.get(finding.rule, gettext("total")),
        "percent": num(finding.value if stated else share.part / share.whole * 100.0),
    }
    if finding.limit is None or not stated:
        return (
            gettext(
                "You entered %(part)s %(unit)s of a %(whole)s %(unit)s %(what)s (%(percent)s%%)."
            )
            % figures
        )
    figures |= {"limit": num(finding.limit), "limit_amount": num(share.limit)}
    if finding.limit_max is None or share.limit_max is None:
        return (
            gettext(
                "You entered %(part)s %(unit)s of a %(whole)s %(unit)s %(what)s (%(percent)s%%); "
                "the maximum is %(limit)s%% (%(limit_amount)s %(unit)s)."
            )
            % figures
        )
    figures |= {
        "limit_max": num(finding.limit_max),
        "limit_max_amount": num(share.limit_max),
        "approval": approval_label(finding.approval or "planning_division_review"),
    }
    return (
        gettext(
            "You entered %(part)s %(unit)s of a %(whole)s %(unit)s %(what)s (%(percent)s%%); "
            "the maximum is %(limit)s%% (%(limit_amount)s %(unit)s), or up to %(limit_max)s%% "
            "(%(limit_max_amount)s %(unit)s) with %(approval)s."
        )
        % figures
    )


@dataclass(frozen=True)
class CardLinks:
    """Where a card's citations lead: its source, its minor-variance section and the state
    law that prevails (each a section's address, with its anchor when the page prints it)."""

    source: str = ""
    variance: str = ""
    prevails: str = ""


def card_links(finding, section_anchors) -> CardLinks:
    def href(section, citation) -> str:
        # With the anchor only when the text in force prints it (``section_anchors``).
        url, anchor = reverse("section_detail", args=[section]), citation_anchor(citation)
        known = (section_anchors or {}).get(section) or ()
        return f"{url}#{anchor}" if anchor and anchor in known else url

    mv = finding.minor_variance
    prevails = standard_record(finding.overridden_by)
    return CardLinks(
        # (The card prints a source without a link when it names no section on the site.)
        source=href(finding.section, finding.subsection)
        if is_section_number(finding.section)
        else "",
        variance=href(mv.section, mv.subsection) if mv else "",
        prevails=href(prevails.section, prevails.subsection) if prevails else "",
    )


def cited_sections(findings) -> set[str]:
    """The sections a list of findings' cards cite with a table or subsection (for
    ``content.section_anchors``): sources, minor-variance sections and prevailing state law.

    Every section cited with a citation, read or not: a citation names an anchor only when
    ``citation_anchor`` reads one, and a link asks that again (``card_links``), so a section
    whose citation names none only adds anchors no link asks for. Reading each citation here
    too (a regular expression or three) was most of this function's time."""
    cited = set()
    for finding in findings:
        if finding.subsection:
            cited.add(finding.section)
        mv = finding.minor_variance
        if mv and mv.subsection:
            cited.add(mv.section)
        if finding.overridden_by:
            prevails = standard_record(finding.overridden_by)
            if prevails and prevails.subsection:
                cited.add(prevails.section)
    return cited


def proposal_note(context, proposal_id):
    """The title and status of a named proposal (``content.ProposalNote``), from the page's
    ``proposal_notes`` (the site context processor); None when unknown."""
    return (context.get("proposal_notes") or {}).get(proposal_id)


def previewed_proposals(context, result) -> list:
    """The proposals a previewed check applied that are not law on its date (pending, or
    adopted with a later effective date): those its notice names."""
    if not result or not result.include_proposed:
        return []
    notes = context.get("proposal_notes") or {}
    return [
        notes[pid]
        for pid in result.proposals
        if pid in notes and not notes[pid].in_force_on(result.as_of)
    ]
