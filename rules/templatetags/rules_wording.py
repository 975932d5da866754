"""Words for the engine's codes. The engine answers in codes and numbers; this is where they become English.

The words of each family (its rules' labels, its notes, its cases, its projects, what would
pass its rules) are in its folder's ``words.toml`` (law/engine/words.py), read here through the
registry; what is here is worded for every family alike (statuses, units, approvals).
tests/check_my_lot/test_family_registry.py holds every rule id and note code to its words.
"""

from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urljoin

from django import template
from django.template import engines
from django.urls import get_script_prefix, reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from law.engine import load_standards
from law.engine.registry import registry
from law.engine.words import words as family_words

register = template.Library()

RULE_LABELS = family_words().rules

STATUS_LABELS = {
    "pass": ("✓", "Meets the rule"),
    "fail": ("✗", "Does not meet the rule"),
    "needs_approval": ("!", "Allowed with approval"),
    "not_checked": ("?", "Not checked"),
    "info": ("i", "For your information"),
}

UNIT_LABELS = {
    "ft": "ft",
    "in": "in.",
    "sqft": "sq ft",
    "acre": "acres",
    "percent": "%",
    "units_per_acre": "homes per acre",
    "acres_per_unit": "acres per home",
    "units": "homes",
    "trips_per_day": "trips a day",
    "clients": "at a time",
    "width_multiple": "× the width",
    "days": "days",
    "business_days": "business days",
    "stories": "stories",
}

APPROVAL_LABELS = {
    "building_permit": "a building permit",
    "administrative_design_review": "administrative design review",
    "minor_use_permit": "a minor use permit",
    "use_permit": "a use permit",
    "flood_development_permit": "a floodplain development permit",
    "planning_division_review": "a decision by the Planning Division",
    "subdivision_review": "subdivision review (a tentative or parcel map)",
    "ministerial_permit": "a ministerial permit (decided by staff against objective standards, without a hearing)",
    "business_license": "a City business licence",
    "state_license": "a state licence for the trade",
}

NOTE_TEXT = family_words().notes


# Records of the standards data that no rule family checks on its own (the minor variance
# scales other limits), named where a page lists them (proposed changes).
STANDARD_ONLY_LABELS = {
    "minor_variance": "Minor variance limit",
}
# A record whose figure is an exemption's limit is named for what the figure allows: the
# rule's own label ("Building permit for the structure") beside "Up to 120 sq ft" and "With
# approval: a building permit" read as "a permit up to 120 sq ft", the reverse of the rule.
RECORD_LABELS = family_words().record_labels


@register.filter
def rule_label(rule: str) -> str:
    return RULE_LABELS.get(rule, rule)


@register.filter
def status_icon(status) -> str:
    return STATUS_LABELS.get(str(status), ("", ""))[0]


@register.filter
def status_label(status) -> str:
    return STATUS_LABELS.get(str(status), ("", str(status)))[1]


SINGULAR_UNITS = {
    "units": "home",
    "acre": "acre",
    "days": "day",
    "business_days": "business day",
    "stories": "story",
}


@register.filter
def unit_label(unit, value=None) -> str:
    """The unit's words, singular when the figure beside it is exactly one."""
    if value is not None and unit in SINGULAR_UNITS and float(value) == 1:
        return SINGULAR_UNITS[unit]
    return UNIT_LABELS.get(unit or "", unit or "")


@register.filter
def approval_label(approval) -> str:
    return APPROVAL_LABELS.get(approval or "", approval or "")


# A record's condition in words, its figure from the record (``Standard.condition``): the
# words for what is measured, by whether it must be at most or at least the figure.
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def condition_words(condition) -> str:
    """'within 20 ft of the street line', '20 ft or more behind the street line',
    'one-story' (a number of stories written as the code writes it)."""
    amount = _amount(condition.value, condition.unit)
    if condition.what == "distance_from_street_line":
        if condition.comparison == "max":
            return f"within {amount} of the street line"
        return f"{amount} or more behind the street line"
    if condition.what == "stories":
        count = int(condition.value) if float(condition.value).is_integer() else None
        word = NUMBER_WORDS.get(count, num(condition.value))
        return f"{word}-story" if condition.comparison == "max" else f"{amount} or more"
    return amount


def with_condition(text: str, record) -> str:
    """``text`` with its ``{condition}`` worded from ``record``'s condition (a record the
    data gives none keeps the sentence without it: a test holds every such record to one)."""
    if "{condition}" not in text:
        return text
    condition = getattr(record, "condition", None)
    return text.replace("{condition}", condition_words(condition) if condition else "")


@register.filter
def note_text(note) -> str:
    return NOTE_TEXT.get(note or "", "")


@register.filter
def finding_note(finding) -> str:
    """The note's words; a finding dated before our copy says from when we vouch for it."""
    if finding.note == "before_vouched_date" and finding.vouched_from:
        return (
            f"We can vouch for this figure from {finding.vouched_from:%-d %B %Y}; "
            "for earlier dates ask the Planning Division."
        )
    return with_condition(
        NOTE_TEXT.get(finding.note or "", ""), standard_record(finding.standard_id)
    )


@register.filter
def num(value) -> str:
    """12.0 → '12', 12.5 → '12.5', 43560 → '43,560'."""
    if value is None:
        return ""
    number = float(value)
    if number.is_integer():
        return f"{int(number):,}"
    return f"{number:,.2f}".rstrip("0").rstrip(".")


@register.filter
def comparison(finding) -> str:
    """'min' or 'max' for the record a finding was checked against ('' when unknown)."""
    if not finding.standard_id:
        return ""
    try:
        return load_standards().by_id(finding.standard_id).comparison
    except KeyError:
        return ""


@register.filter
def field_label(name: str) -> str:
    """The form's own label for a field name the engine reports as missing."""
    from rules.forms import CheckForm

    field = CheckForm.base_fields.get(name)
    return str(field.label) if field else name


CASE_LABELS = family_words().cases


# The words of a case written beside its rule's label ("ADU floor area (a one-bedroom ADU)");
# a case not listed here is a district code, shown as it is ("(RR-1.5, RR-1.0)").
CASE_WORDS = family_words().case_words


# The inputs whose choices are cases of the records (a building type, a kind of business, a
# flood zone): worded as the form words them.
CASE_ANSWERS = ("building_type", "business_kind", "flood_zone")


def _case_part_words() -> dict[str, str]:
    """Words for each part of a case ("multifamily.two_plus_stories"): the form's own words
    for a case that is an answer (a building type, a kind of business, a flood zone), then
    ``CASE_WORDS``."""
    inputs = registry().inputs
    answers = [
        choice for name in CASE_ANSWERS if name in inputs for choice in inputs[name].spec.choices
    ]
    return {**{key: label[0].lower() + label[1:] for key, label in answers}, **CASE_WORDS}


CASE_PART_WORDS = _case_part_words()


def case_words(case: str) -> str:
    """A case of the standards data in words; a district code stays as it is."""
    return ", ".join(CASE_PART_WORDS.get(part, part) for part in case.split("."))


@register.filter
def cases_in_words(record) -> str:
    """The cases a record applies to, in words, for a table cell: 'a plex (…) or an existing
    single-family home'; cases sharing a qualifier ('….two_plus_stories') name it once."""
    parts = [case.split(".") for case in record.cases]
    if len(parts) > 1 and all(len(p) == 2 for p in parts) and len({p[1] for p in parts}) == 1:
        kinds = [CASE_PART_WORDS.get(p[0], p[0]) for p in parts]
        return f"{_or_list(kinds)}: {CASE_PART_WORDS.get(parts[0][1], parts[0][1])}"
    return _or_list([case_words(case) for case in record.cases])


@register.filter
def sliding_scale(records) -> str:
    """A sliding coverage scale (RR, RVL: Table 2-7) in one phrase from its five records:
    '30% on a lot of 0.5 acres, reduced by 10% for each further 0.5 acres, to a minimum of
    10%'."""
    by_case = {record.case: record for record in records}
    try:
        parts = [
            by_case[f"sliding_{name}"]
            for name in ("base_percent", "base_area", "step_percent", "step_area", "floor_percent")
        ]
    except KeyError:  # an incomplete scale: each figure as it is
        return "; ".join(std(record) for record in records)
    base, area, step, step_area, floor = (std(record) for record in parts)
    # The code's own order and words; how the site reads "reduced by" is the records' reading.
    return (
        f"{base} on a lot of {area}, reduced by {step} for each further {step_area}, "
        f"to a minimum of {floor}"
    )


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


@register.filter
def standard_label(record) -> str:
    """A standards record named by its case where the case says more than the rule."""
    case = record.case
    if case in CASE_LABELS:
        return with_condition(CASE_LABELS[case], record)
    label = (
        RECORD_LABELS.get(record.rule)
        or RULE_LABELS.get(record.rule)
        or STANDARD_ONLY_LABELS.get(record.rule, record.rule)
    )
    parts = [case_words(c) for c in record.cases] if case and case != "default" else []
    if record.condition is not None:  # where the figure applies is part of the rule
        words = condition_words(record.condition)
        parts.append(f"{words} structures" if record.condition.what == "stories" else words)
    return f"{label} ({'; '.join(parts)})" if parts else label


@register.filter
def bound_word(comparison: str) -> str:
    """'at least' / 'up to' before a figure inside a sentence ('' for a figure or range)."""
    return {"min": "at least ", "max": "up to "}.get(comparison, "")


@register.filter
def comparison_word(comparison: str) -> str:
    return {"min": "At least", "max": "Up to", "equal_or_range": "At"}.get(comparison, "")


# A figure measured from a reference, not from zero, by rule and case (the flood ordinance's
# lowest floor: above the base flood elevation, or in AO above the highest adjacent grade).
FIGURE_ABOVE = {
    "flood.lowest_floor": {"AO": "the highest adjacent grade", "*": "the base flood elevation"},
}
# A condition printed beside a record's figure wherever a table or drawing gives it, where
# neither the figure's label nor a note of the record carries it (by record id): Table 3-2
# prints this row's 8 ft with note (1), which the fence family applies to several rows.
FIGURE_QUALIFIERS = {
    "t3-2-outside-setbacks": "the part above the solid limit of open design: note (1)",
}


def figure_qualifier(record) -> str:
    """The condition to print beside ``record``'s figure ('' for none): by its note
    (``NOTE_SUFFIX``), else by its id (``FIGURE_QUALIFIERS``)."""
    return NOTE_SUFFIX.get(record.note or "") or FIGURE_QUALIFIERS.get(record.id, "")


@register.filter
def record_figure(record) -> str:
    """A record's figure for the key-numbers table: 'Up to 7 ft'; for a figure measured above
    a reference, what the rule is ('At or above the base flood elevation', 'At least 2 ft above
    the highest adjacent grade'), never a bare 'At least 0 ft'."""
    figure = num(record.value)
    if record.value_max is not None:
        figure = f"{figure}–{num(record.value_max)}"
    above = FIGURE_ABOVE.get(record.rule)
    if above is not None and record.value is not None:
        reference = next((above[c] for c in record.cases if c in above), above["*"])
        if record.value == 0 and record.comparison == "min":
            return f"At or above {reference}"
        text = f"{comparison_word(record.comparison)} {figure} {unit_label(record.unit)} above {reference}"
    elif record.value is None:
        return ""
    else:
        if record.value_max is None:  # written as the rest of the site writes one amount
            figure = _amount(record.value, record.unit)
        else:
            figure = f"{figure} {unit_label(record.unit)}"
        text = f"{comparison_word(record.comparison)} {figure}"
    qualifier = figure_qualifier(record)
    return f"{text.strip()} ({qualifier})" if qualifier else text.strip()


# A record's condition in a few words, by its note, beside its figure wherever a table prints
# it (figure_qualifier).
NOTE_SUFFIX = {
    "caretaker_unit_only": "a caretaker's unit only",
    "ao_depth_number_first": (
        "where the flood map gives no depth number; otherwise at least the depth number"
    ),
}

NOTE_SHORT = {
    "subdivision_review": "Set in subdivision review",
    "no_standard_for_zone": "Not in our copy of the code",
    "not_applicable": "N.A.",
    "none_required": "None required",
    "not_encoded": "See the section",
}


@register.filter
def std(record) -> str:
    """A standards record as a short figure for a table cell: '20 ft', 'build-to 15 ft', '0–10 ft'."""
    if record is None:
        return "—"
    if record.comparison == "none" or record.value is None:
        return NOTE_SHORT.get(record.note or "", "—")
    unit = record.unit
    if record.note == "none_required" and not record.value:
        return NOTE_SHORT["none_required"]
    if unit == "acres_per_unit":
        return f"1 home per {num(record.value)} acre{'s' if record.value != 1 else ''}"
    if unit == "units" and not record.value:
        return "No homes allowed"
    figure = num(record.value)
    if record.value_max is not None and record.value_max != record.value:
        figure = f"{figure}–{num(record.value_max)}"
    text = f"{figure}%" if unit == "percent" else f"{figure} {unit_label(unit, record.value)}"
    if record.note == "build_to_line":
        return f"build-to {text}"
    qualifier = figure_qualifier(record)
    return f"{text} ({qualifier})" if qualifier else text


# Citations outside the Cotati Municipal Code's numbered sections, by the prefix a standards
# record's ``section`` uses (a test holds every record's prefix to this table).
CITATION_CODES = {
    "CRC": ("California Residential Code", "§ "),
    "BPC": ("California Business and Professions Code", "§ "),
    "HSC": ("California Health and Safety Code", "§ "),
    "GOV": ("California Government Code", "§ "),
    "ch.": ("Cotati Municipal Code", "chapter "),
}
STATE_CODES = frozenset({"CRC", "BPC", "HSC", "GOV"})


@register.filter
def citation_label(section) -> str:
    """'CRC R105.2' → 'California Residential Code § R105.2' ('' for other citations)."""
    prefix, _, rest = str(section or "").partition(" ")
    if prefix not in CITATION_CODES or not rest:
        return ""
    code, mark = CITATION_CODES[prefix]
    return f"{code}, {mark}{rest}"


# "Something else" is the form's own choice, not a project of the law.
PROJECT_LABELS = {
    **{key: text["label"] for key, text in family_words().projects.items()},
    "other": "Something else (a pool, a deck…)",
}
# The project in a sentence: "Your fence…".
PROJECT_NOUNS = {
    **{key: text["noun"] for key, text in family_words().projects.items()},
    "other": "project",
}


@register.filter
def project_label(key) -> str:
    return PROJECT_LABELS.get(key, key)


@register.filter
def project_noun(key) -> str:
    return PROJECT_NOUNS.get(key, key)


@register.filter
def projects_in_words(keys) -> str:
    """The projects in a sentence, by their labels: 'a fence, wall or hedge; a shed, garage
    or workshop; …' (what the site checks, from the registry)."""
    labels = [PROJECT_LABELS.get(key, key) for key in keys]
    return "; ".join(label[0].lower() + label[1:] for label in labels)


@register.filter
def is_section_number(section) -> bool:
    """Whether a citation names a section on this site we can link to: a Cotati section
    number or a state statute numbered as the site files it ("Gov. Code 66314"). Hillside
    rules cite none yet."""
    from cotati_site.core.section_numbers import SECTION_NUMBER_RE, STATE_SECTION_NUMBER_RE

    text = str(section or "")
    return bool(SECTION_NUMBER_RE.match(text) or STATE_SECTION_NUMBER_RE.match(text))


@register.filter
def section_cite(section) -> str:
    """A section number as a citation: '§ 17.30.030', or 'Gov. Code § 66314' for a statute."""
    from cotati_site.core.section_numbers import cite_label

    return cite_label(str(section or ""))


@register.filter
def source_cite(section) -> str:
    """Any citation of the standards data as it reads: '§ 17.30.030', 'Gov. Code § 66314',
    'California Residential Code, § R105.2'; a citation of neither kind is of Cotati's code."""
    if is_section_number(section):
        return section_cite(section)
    return citation_label(section) or f"Cotati Municipal Code, {section}"


@register.filter
def is_state_law(section) -> bool:
    """Whether a citation names a California statute or code (shown with a "CA state law" badge):
    a statute this site holds ("Gov. Code 66314") or one cited by its code's prefix ("BPC 7347")."""
    from cotati_site.core.section_numbers import STATE_SECTION_NUMBER_RE

    text = str(section or "")
    return bool(STATE_SECTION_NUMBER_RE.match(text)) or text.partition(" ")[0] in STATE_CODES


@register.filter
def standard_record(standard_id):
    """The standards record an id names (None when unknown): a state record that prevails."""
    if not standard_id:
        return None
    try:
        return load_standards().by_id(standard_id)
    except KeyError:
        return None


def feet_and_inches(inches: float) -> str:
    """84 → '7 ft', 90 → '7 ft 6 in.', 42 → '3 ft 6 in.'."""
    feet, rest = divmod(round(float(inches), 2), 12)
    text = f"{int(feet)} ft" if feet else ""
    if rest:
        text = f"{text} {num(rest)} in.".strip()
    return text or "0 in."


def _amount(value, unit) -> str:
    if unit == "in":
        return feet_and_inches(value)
    if unit == "percent":
        return f"{num(value)}%"
    return f"{num(value)} {unit_label(unit, value)}"


@register.filter
def fix_text(fix) -> str:
    """What would pass a failed rule, in words: 'lower it to 7 ft (6 in. lower)'."""
    rule, target, delta, unit = fix.rule, fix.target, fix.delta, fix.unit
    by, to = _amount(delta, unit), _amount(target, unit)
    own = family_words().fixes.get(rule)  # the family's own phrasing (its words.toml)
    if own is not None:
        text = own[fix.direction].format(by=by, to=to)
    elif unit == "percent":
        text = f"bring it down to {to} ({num(delta)} points less)"
    elif fix.direction == "up":
        text = f"at least {to} ({by} more)"
    else:
        text = f"at most {to} ({by} less)"
    if fix.variance_limit is not None:
        text += (
            f"; or ask for a minor variance, which may allow up to {_amount(fix.variance_limit, unit)}"
            if fix.direction == "down"
            else f"; or ask for a minor variance, which may allow as little as {_amount(fix.variance_limit, unit)}"
        )
    return text


@register.filter
def field_anchor(name: str) -> str:
    """The id of the form field a missing engine input is typed into."""
    from rules.forms import CheckForm

    return f"id_{CheckForm.SHOWN_AS.get(name, (name,))[0]}"


# Who to ask for each approval (the City's offices by role; their details are site information).
APPROVAL_WHERE = {
    "planning_division_review": "the City's Planning Division",
    "administrative_design_review": "the City's Planning Division",
    "minor_use_permit": "the City's Planning Division",
    "use_permit": "the City's Planning Division",
    "flood_development_permit": "the City, before any work starts (the Planning Division can say who reviews it)",
    "building_permit": "the City's Building Division",
    "business_license": "the City",
}


@register.filter
def approval_where(approval) -> str:
    return APPROVAL_WHERE.get(approval or "", "")


STRUCTURE_NOUNS = {
    "shed": "shed or workshop",
    "detached_garage": "detached garage",
    "agricultural": "barn",
}


@register.filter
def structure_noun(kind) -> str:
    """An accessory structure's kind in a sentence ("your shed or workshop")."""
    return STRUCTURE_NOUNS.get(kind or "", "accessory structure")


# What a share-stated rule's whole is, in words ("of a 4,500 sq ft lot").
SHARE_WHOLE = {"coverage": "lot", "home_business.floor_area": "home"}


@register.filter
def share_text(finding) -> str:
    """A share-stated finding's figures with the amounts behind the percent: 'You entered
    1,900 sq ft on a 4,500 sq ft lot (42.22%); the maximum is 40% (1,800 sq ft).'"""
    share = finding.share
    unit = unit_label(share.unit)
    whole = SHARE_WHOLE.get(finding.rule, "total")
    text = (
        f"You entered {num(share.part)} {unit} of a {num(share.whole)} {unit} {whole}"
        f" ({num(finding.value)}%)"
    )
    if finding.limit is None:
        return f"{text}."
    text += f"; the maximum is {num(finding.limit)}% ({num(share.limit)} {unit})"
    if finding.limit_max is not None and share.limit_max is not None:
        text += (
            f", or up to {num(finding.limit_max)}% ({num(share.limit_max)} {unit})"
            f" with {approval_label(finding.approval or 'planning_division_review')}"
        )
    return f"{text}."


@register.filter
def end_sentence(text) -> str:
    """Close a sentence after a unit without doubling its period ('84 in.' stays '84 in.')."""
    text = str(text)
    return text if text.endswith(".") else f"{text}."


# Each finding's card, rendered once per distinct finding and links in each process. A card
# depends on nothing but the finding (its codes, numbers and citation; the words are this
# module's and the template's, fixed for the life of the process) and the addresses its
# citations link to (with the anchor of the table or subsection cited, when the text in force
# prints it: so the links are part of the key), and a person refining a plan changes one or
# two findings at a time, so the other cards are reused: rendering ~25 cards through the
# template engine was most of the cost of a new plan's results (docs/decisions/project-answers.md).
FINDING_CARDS = 4096


@dataclass(frozen=True)
class CardLinks:
    """Where a card's citations lead: its source, its minor-variance section and the state
    law that prevails (each a section's address, with its anchor when the page prints it)."""

    source: str = ""
    variance: str = ""
    prevails: str = ""


@lru_cache(maxsize=4096)
def _cited_address(section: str, citation: str | None) -> tuple[str, str | None]:
    """A section's address and the anchor a citation of it names (None: none): the same for
    the life of the process, so worked out once per citation, not once per card."""
    from cotati_site.codebook.anchors import citation_anchor

    return reverse("section_detail", args=[section]), citation_anchor(citation)


def card_links(finding, section_anchors) -> CardLinks:
    def href(section, citation) -> str:
        # With the anchor only when the text in force prints it (``section_anchors``).
        url, anchor = _cited_address(section, citation)
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
    ``content.section_anchors``): sources, minor-variance sections and prevailing state law."""
    cited = set()
    for finding in findings:
        cited.update(_cited_by(finding))
    return cited


@lru_cache(maxsize=FINDING_CARDS)
def _cited_by(finding) -> frozenset[str]:
    """The sections one finding's card cites with an anchor (the same for the process's life)."""
    from cotati_site.codebook.anchors import citation_anchor

    pairs = [(finding.section, finding.subsection)]
    if finding.minor_variance:
        pairs.append((finding.minor_variance.section, finding.minor_variance.subsection))
    prevails = standard_record(finding.overridden_by)
    if prevails:
        pairs.append((prevails.section, prevails.subsection))
    return frozenset(section for section, citation in pairs if citation_anchor(citation))


@register.simple_tag(takes_context=True)
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


def finding_card(context, finding) -> str:
    return finding_cards(context, (finding,))


def finding_cards(context, findings) -> str:
    """Each finding's card, in order (one call for a list: the template's loop cost more
    than the cards, which are kept).

    A card depends on the finding, the anchors its citations may land on and the proposal a
    minor-variance hint names (its title and status are words of the card): kept by those."""
    anchors = context.get("section_anchors") or {}
    known = getattr(anchors, "key", None)
    if known is None:
        known = tuple(sorted(anchors.items()))
    cards = []
    for finding in findings:
        mv = finding.minor_variance
        # (The proposals are read only for a card that names one.)
        proposal = proposal_note(context, mv.proposed_by) if mv and mv.proposed_by else None
        cards.append(_card_html(finding, known, proposal))
    return mark_safe("".join(cards))


@lru_cache(maxsize=FINDING_CARDS)
def _card_html(finding, known: tuple, proposal) -> str:
    # Rendered with the results' Jinja2 engine, like the results it sits in.
    card = engines["results"].env.get_template("rules/partials/_finding.jinja").module
    links = card_links(finding, dict(known))
    return mark_safe(str(card.finding_card(finding, links, proposal)))


# The printed sheet's list of answers ----------------------------------------------------------

# A unit's words beside a figure of exactly one (the printed answers: "1 story", "1 foot").
SINGULAR_WORDS = {
    "feet": "foot",
    "square feet": "square foot",
    "inches": "inch",
    "homes": "home",
    "stories": "story",
    "bedrooms": "bedroom",
    "clients": "client",
    "trips": "trip",
    "units": "unit",
}


def answers_sheet(form) -> list[tuple[str, tuple]]:
    """The answers given, for the printed sheet: (section legend, its rows), in form order,
    the projects first. A row is ("project", its words), ("height", the fence's height in
    words) or ("answer", label, field name, what was typed): what its printed line is made
    of, so a section's lines are worded once per process (``_sheet_section``)."""
    from rules.forms import FENCE_HEIGHT

    given: dict[str, list[str]] = {}
    for name, value in form.given():
        given.setdefault(name, []).append(value)
    sections = []
    if given.get("project"):
        rows = tuple(("project", project_label(v)) for v in form.projects())
        sections.append((str(form.fields["project"].label), rows))
    fieldsets, places = _sheet_places(form)
    found: list[list] = [[] for _ in fieldsets]
    fields = form.fields
    for name, values in given.items():
        place = places.get(name)
        if place is not None:
            found[place[0]].append((place[1], str(fields[name].label), name, values[0]))
    cleaned = form.cleaned_data if form.is_bound and form.is_valid() else {}
    for (key, legend), answers in zip(fieldsets, found, strict=True):
        answers.sort()  # in the fieldset's order
        rows = [("answer", label, name, raw) for _, label, name, raw in answers]
        if key == "fence" and cleaned.get(FENCE_HEIGHT) is not None:
            rows.insert(0, ("height", feet_and_inches(cleaned[FENCE_HEIGHT])))
        if rows:
            sections.append((legend, tuple(rows)))
    return sections


# The printed sheet's sections after the form's own: the check's options.
SHEET_OPTIONS = (
    {"id": "date", "legend": "Date of the check", "names": ["as_of"]},
    {"id": "proposed", "legend": "Proposed rules", "names": ["include_proposed"]},
)
_SHEET_PLACES: dict[tuple, tuple] = {}


def _sheet_places(form) -> tuple[tuple, dict]:
    """The printed sheet's sections for the form's layout, as (id, legend) in order, and
    each answer's place: name -> (section, position in it). The fields shown in place of
    another (the fence's feet and inches) have none: the sheet prints the height once.
    Worked out once per set of projects (the layout is the same for every such form)."""
    key = form.checked_projects()
    known = _SHEET_PLACES.get(key)
    if known is None:
        shown_as = {name for names in form.SHOWN_AS.values() for name in names}
        sets = (*form.layout(), *SHEET_OPTIONS)
        places = {
            name: (i, j)
            for i, fieldset in enumerate(sets)
            for j, name in enumerate(fieldset["names"])
            if name not in shown_as
        }
        known = tuple((fieldset["id"], fieldset["legend"]) for fieldset in sets), places
        _SHEET_PLACES[key] = known
    return known


def _worded(field, name: str, raw: str) -> str:
    """A typed answer with its unit, or a choice with its words ("NL – Neighborhood Low
    Density", "Yes", "4,500 square feet"); a value the form rejected is shown as typed."""
    from django import forms

    from law.engine.registry import registry
    from rules.forms import TRUE_WORDS, AnswerField, YesNoField

    if isinstance(field, YesNoField):
        return "Yes" if raw.strip().lower() in TRUE_WORDS else "No"
    if isinstance(field, AnswerField):  # its Yes / No / Not answered list is the widget's
        raw, choices = field.prepare_value(raw), field.widget.choices
    else:
        choices = getattr(field, "choices", None)
    if choices and not isinstance(field, forms.MultipleChoiceField):
        return next((str(label) for key, label in choices if str(key) == raw), raw)
    entry = registry().inputs.get(name)
    unit = getattr(field, "unit", None) or (entry.spec.unit if entry else "") or ""
    try:
        number = float(raw)
    except ValueError:
        return raw
    if number == 1:
        unit = SINGULAR_WORDS.get(unit, unit)
    return f"{num(number)} {unit}".strip()


# The topic pages' plan view (law/reports/diagrams.py topic_diagram) ---------------------------------

PLAN_AREA_LABELS = {
    "front_setback": "In the front setback",
    "side_setbacks": "In the side setbacks",
    "rear_setback": "In the rear setback",
    "outside_setbacks": "Outside the setbacks",
    "sight_visibility": "In a sight-visibility area (street corners and driveways)",
}
PLAN_AREA_SETBACK = {
    "front_setback": "front",
    "side_setbacks": "interior_side",
    "rear_setback": "rear",
}


@register.filter
def plan_area_label(key) -> str:
    return PLAN_AREA_LABELS.get(key, key)


@register.filter
def plan_area_setback(key, setbacks):
    """The depth of the setback strip an area is (None for the other areas)."""
    which = PLAN_AREA_SETBACK.get(key)
    return setbacks.get(which) if which else None


def _height(record) -> str:
    return _amount(record.value, record.unit)


@register.filter
def plan_area_short(area) -> str:
    """The figure drawn inside an area: '3 ft 6 in.' ('' when the data gives none)."""
    record = area.record
    if record is None or record.value is None:
        return ""
    return _height(record)


@register.filter
def plan_area_limit(area, feature) -> str:
    """What limits a fence or structure in an area, in words, from its records."""
    record = area.record
    if record is None:
        if area.unheld is not None:
            return (
                "how close an accessory structure may stand to the lot lines is set by "
                f"{section_cite(area.unheld.section)}, which this site does not hold; ask the "
                "City's Planning Division"
            )
        return "this site holds no figure for it in this district"
    if record.value is None:
        return f"no figure; see {section_cite(record.section)}" if record.section else "no figure"
    text = f"up to {_height(record)} high"
    qualifier = figure_qualifier(record)
    if qualifier:
        text += f" ({qualifier})"
    extra = area.with_approval
    if extra is not None and extra.value is not None:
        text += f", or up to {_height(extra)} with {approval_label(extra.approval)}"
    return text


# The printed sheet's answers and sources are joined here rather than looped in the template:
# they are rendered with every update of the results (hidden on screen), and a template loop
# over them cost more than the rest of the partial (docs/decisions/project-answers.md, Speed).


@lru_cache(maxsize=4096)
def _answer_row(label: str, name: str, raw: str) -> str:
    """One printed answer (a field's words depend only on its name and what was typed)."""
    from rules.forms import CheckForm

    value = _worded(CheckForm.base_fields[name], name, raw)
    return f"<dd>{escape(label)}: {escape(value)}</dd>"


def print_answers(form):
    projects = bool(form.projects())
    parts = ['<div class="print-only print-inputs"><h3>Your answers</h3>']
    for i, (legend, rows) in enumerate(answers_sheet(form)):
        parts.append(_sheet_section(legend, rows, i == 0 and projects))
    parts.append("</div>")
    return mark_safe("".join(parts))


@lru_cache(maxsize=1024)
def _sheet_section(legend: str, rows: tuple, projects: bool) -> str:
    """One section of the printed answers (a person changing one answer changes one)."""
    first = ' class="print-projects"' if projects else ""
    parts = [f"<dl{first}><dt>{escape(legend)}</dt>"]
    for kind, *words in rows:
        if kind == "answer":
            parts.append(_answer_row(*words))
        elif kind == "height":
            parts.append(f"<dd>Height: {escape(words[0])}</dd>")
        else:
            parts.append(f"<dd>{escape(words[0])}</dd>")
    parts.append("</dl>")
    return "".join(parts)


def print_sources(context, result, share: str):
    """The link to these results and every source cited, as full addresses."""
    root = _site_root(context["request"])
    link = _checker_address(root) + (f"?{share}" if share else "")
    known = context.get("section_anchors") or {}
    cited = tuple((f.section, f.subsection or "", known.get(f.section)) for f in result.cited)
    sources = _sources_list(root, cited)
    return mark_safe(
        '<div class="print-only print-sources"><p>These results online: '
        f'<span class="print-url">{escape(link)}</span></p>{sources}</div>'
    )


def page_address(name: str, *args) -> str:
    """``reverse(name, args)``, worked out once per process (and script prefix): the
    results ask for the same few addresses on every answer."""
    return _page_address(get_script_prefix(), name, args)


@lru_cache(maxsize=256)
def _page_address(prefix: str, name: str, args: tuple) -> str:
    return reverse(name, args=args or None)


def _site_root(request) -> str:
    """``request.build_absolute_uri("/")``: the scheme and host this request reached."""
    return f"{request.scheme}://{request.get_host()}/"


@lru_cache(maxsize=16)
def _checker_address(root: str) -> str:
    return urljoin(root, page_address("check_my_lot"))


# The sources list depends only on the host, the citations shown and the anchors their text
# prints: kept per process, bounded.
@lru_cache(maxsize=FINDING_CARDS)
def _sources_list(root: str, cited: tuple) -> str:
    from cotati_site.codebook.anchors import citation_href

    items = []
    for section, citation, known in cited:
        where = f", {citation}" if citation else ""
        if is_section_number(section):
            path = citation_href(reverse("section_detail", args=[section]), citation, known)
            href = urljoin(root, path)
            items.append(
                f"<li>{escape(source_cite(section) + where)}: "
                f'<span class="print-url">{escape(href)}</span></li>'
            )
        else:
            items.append(f"<li>{escape(source_cite(section) + where)} (not on this site)</li>")
    return "<p>Sources:</p><ul>" + "".join(items) + "</ul>" if items else ""


def _ft(value) -> str:
    return "unknown" if value is None else f"{num(value)} ft"


@register.filter
def diagram_desc(d) -> str:
    """The lot diagram's text alternative: what the drawing shows, figure for figure (written
    in Python: the template version cost as much as the rest of the drawing)."""
    s = d.setbacks
    text = [
        f"A lot {num(d.width_ft)} ft wide and {num(d.depth_ft)} ft deep, with the street at the "
        f"bottom{' and a side street on the left' if d.corner_lot else ''}.",
        f" Required setbacks: front {_ft(s['front'])}, rear {_ft(s['rear'])}, interior side "
        f"{_ft(s['interior_side'])}"
        + (f", street side {_ft(s['street_side'])}" if d.corner_lot else "")
        + "; each is drawn as a dimension line with its figure.",
    ]
    if d.buildable:
        text.append(
            f" The area left to build on is {num(d.buildable_width_ft)} ft by "
            f"{num(d.buildable_depth_ft)} ft."
        )
    else:
        text.append(" The setbacks leave no area to build on.")
    if d.building:
        e = d.entered
        text.append(
            f" The setbacks you entered (front {_ft(e['front'])}, rear {_ft(e['rear'])}, "
            f"interior side {_ft(e['interior_side'])}"
            + (f", street side {_ft(e['street_side'])}" if d.corner_lot else "")
            + ") place the building in the solid brown outline."
        )
    c = d.coverage
    if c:
        text.append(
            f" Site coverage: you entered {num(c.planned_sqft)} sq ft on a {num(c.lot_sqft)} "
            f"sq ft lot ({num(c.planned_percent)}%)"
            + (
                f"; the most allowed is {num(c.allowed_sqft)} sq ft ({num(c.allowed_percent)}%)"
                if c.allowed_sqft is not None
                else ""
            )
            + "."
        )
        if c.planned:
            where = "building" if d.building else "buildable"
            text.append(
                f" The covered area is shaded as a band across the front of the {where} area "
                "(its real shape is not known)"
                + (
                    ", with the allowed area marked by a red line"
                    if c.allowed_y is not None
                    else ""
                )
                + "."
            )
    st = d.structure
    if st:
        text.append(
            f" The {structure_noun(st.kind)} ({num(st.footprint_sqft)} sq ft, drawn as a square) "
            f"stands {num(st.side_ft)} ft from the side lot line and {num(st.rear_ft)} ft from "
            "the rear lot line."
        )
    return "".join(text)
