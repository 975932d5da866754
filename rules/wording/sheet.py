"""The printed result sheet's words (hidden on screen): the answers given, section by section,
and the full addresses of these results and of every source cited."""

from dataclasses import dataclass
from typing import NamedTuple

from django import forms
from django.urls import reverse
from django.utils.translation import get_language, gettext, gettext_lazy

from cotati_site.codebook.anchors import citation_href
from cotati_site.core.templatetags.languages import english
from law.engine.caches import process_cache
from law.engine.registry import registry
from rules.fields import ENGLISH_CHOICES, TRUE_WORDS, AnswerField, YesNoField
from rules.forms import FENCE_HEIGHT, CheckForm
from rules.numbers import NumberField
from rules.wording.citations import is_section_number, source_cite
from rules.wording.labels import form_unit, project_label
from rules.wording.numbers import feet_and_inches, num
from rules.wording.typed import typed_amount, typed_number, typed_words
from rules.wording.words import ANSWER_UNIT_SINGULAR

# The printed sheet's sections after the form's own: the check's options.
SHEET_OPTIONS = (
    {"id": "date", "legend": gettext_lazy("Date of the check"), "names": ["as_of"]},
    {"id": "proposed", "legend": gettext_lazy("Proposed rules"), "names": ["include_proposed"]},
)


class Row(NamedTuple):
    """One printed line: '<label>: <words>', or the words alone (a project). A tuple: the
    template unpacks it (``{% for words, label, english in rows %}``), no look-up per part."""

    words: str
    label: str = ""
    english: bool = False  # words kept in English in every language (a district's name)


class Section(NamedTuple):
    """A section of the form answered (unpacked by the template, as ``Row``)."""

    legend: str
    rows: list[Row]
    projects: bool = False  # the projects chosen, printed first


def answers_sheet(form) -> list[Section]:
    """The answers given, for the printed sheet, in form order, the projects first. The fields
    shown in place of another (the fence's feet and inches) are printed once, as its height."""
    given: dict[str, list[str]] = {}
    for name, value in form.given():
        given.setdefault(name, []).append(value)
    sections = []
    projects = form.projects()
    if given.get("project"):
        rows = [Row(project_label(key)) for key in projects]
        sections.append(Section(str(form.fields["project"].label), rows))
    shown_as = {name for names in form.SHOWN_AS.values() for name in names}
    cleaned = form.cleaned_data if form.is_bound and form.is_valid() else {}
    fields = form.fields
    typed = typed_words(form)  # the numbers' words, as the "Read as" slots say them
    for fieldset in (*form.layout(), *SHEET_OPTIONS):
        rows = [
            Row(
                _worded(form, name, given[name][0], typed),
                str(fields[name].label),
                name in ENGLISH_CHOICES,
            )
            for name in fieldset["names"]
            if name in given and name not in shown_as
        ]
        if fieldset["id"] == "fence" and cleaned.get(FENCE_HEIGHT) is not None:
            rows.insert(0, Row(feet_and_inches(cleaned[FENCE_HEIGHT]), gettext("Height")))
        if rows:
            sections.append(Section(fieldset["legend"], rows))
    if sections and projects:
        sections[0] = Section(sections[0].legend, sections[0].rows, projects=True)
    return sections


def _worded(form, name: str, raw: str, typed: dict) -> str:
    """A typed answer with its unit, or a choice with its words ("NL – Neighborhood Low
    Density", "Yes", "4,500 square feet"); a value the form rejected is shown as typed."""
    field = CheckForm.base_fields[name]
    if isinstance(field, NumberField):  # as the form read it: "8,000", "6'6\"", "10x12"
        read, words = typed.get(name, (None, None))  # typed_words
        if read != raw:  # not the text read beside the field (a name given twice)
            number = typed_number(form, name, raw)
            unit = field.unit or _declared_unit(name)
            words = None if number is None else typed_amount(number, unit)
        return raw if words is None else words
    if isinstance(field, YesNoField):
        return gettext("Yes") if raw.strip().lower() in TRUE_WORDS else gettext("No")
    if isinstance(field, AnswerField):  # its Yes / No / Not answered list is the widget's
        raw, choices = field.prepare_value(raw), field.widget.choices
    else:
        choices = getattr(field, "choices", None)
    if choices and not isinstance(field, forms.MultipleChoiceField):
        return next((str(label) for key, label in choices if str(key) == raw), raw)
    unit = getattr(field, "unit", None) or _declared_unit(name)
    try:
        number = float(raw)
    except ValueError:
        return raw
    unit = ANSWER_UNIT_SINGULAR.get(unit, form_unit(unit)) if number == 1 else form_unit(unit)
    return f"{num(number)} {unit}".strip()


def _declared_unit(name: str) -> str:
    """The unit the engine declares for input ``name`` ("" for none)."""
    entry = registry().inputs.get(name)
    return (entry.spec.unit if entry else "") or ""


class Source(NamedTuple):
    """A source cited (a tuple the template unpacks: ``{% for cite, href in sources %}``)."""

    cite: str  # HTML: marked as English on a page in another language (``english``)
    href: str = ""  # none: not on this site


@dataclass(frozen=True)
class Sources:
    link: str
    sources: tuple[Source, ...]


SOURCES_KEPT = 1024  # bounded: a host, the citations shown and their anchors make a key


def print_sources(context, result, share: str) -> Sources:
    """The link to these results and every source cited, as full addresses."""
    root = _site_root(context["request"])
    # The checker's address as the view gives it (checker_url: the one the request came to),
    # not worked out again through the URLs; else (a caller without it) by its name.
    path = context.get("checker_url") or reverse("check_my_lot")
    link = root + path + (f"?{share}" if share else "")
    known = context.get("section_anchors") or {}
    cited = tuple((f.section, f.subsection or "", known.get(f.section)) for f in result.cited)
    return Sources(link, _sources(root, cited, get_language()))


# Why kept: the sources depend only on the host, the citations shown, the anchors their
# texts print and the page's language (a Spanish page's sources are its /es/ pages, and each
# citation is marked English there), which a person refining a plan seldom changes; working
# out their addresses (a reverse() each) was about 8 % of a new plan's htmx answer
# (docs/performance.md).
@process_cache(maxsize=SOURCES_KEPT)
def _sources(root: str, cited: tuple, language: str) -> tuple[Source, ...]:
    # (``language`` is part of the key only: ``reverse`` and ``english`` follow the active one.)
    sources = []
    for section, citation, anchors in cited:
        cite = english(source_cite(section) + (f", {citation}" if citation else ""))
        if is_section_number(section):
            path = reverse("section_detail", args=[section])
            sources.append(Source(cite, root + citation_href(path, citation, anchors)))
        else:
            sources.append(Source(cite))
    return tuple(sources)


def _site_root(request) -> str:
    """The scheme and host this request reached; an address from ``reverse()`` (a path from
    the root) follows it directly."""
    return f"{request.scheme}://{request.get_host()}"
