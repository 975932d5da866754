"""The Check my lot form: validates what people type and turns it into engine inputs, nothing more.

Its engine fields, their sections and ``to_engine`` come from the engine's input declarations
(``law/engine/site.py`` and each family's ``part.py``, read through the registry); only the check's own options (the date,
the proposed amendments) are declared here. Field names are part of the public contract (the
page's query string and the JSON endpoint take the same ones), so they never change.

Its words are lazy: a label, help text, choice or message is worded when it is shown, in the
page's language (the declarations' English, or the words files' translation of it:
``law.engine.words``; the form's own words through the catalog). The JSON, which is
unprefixed, says its messages in English.
"""

from datetime import date
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cotati_site.core.query_strings import pure_reader
from law.engine.caches import process_cache
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot
from rules.fields import (
    PROJECT_KEYS,
    SharedFields,
    YesNoField,
    _worded_lazy,
    form_field,
    number,
)
from rules.numbers import NumberField

# The engine's inputs as a form whose fields CheckForm inherits, in the declared order.
EngineInputs = type(
    "EngineInputs",
    (forms.Form,),
    {
        "__module__": __name__,
        **{name: form_field(name, entry.spec) for name, entry in registry().inputs.items()},
    },
)


# A project the site does not check yet: the form offers it, the answer says who to ask.
SOMETHING_ELSE = "other"
# Every project the form offers, in its order.
PROJECT_CHOICES = (*PROJECT_KEYS, SOMETHING_ELSE)
# The engine takes a fence's height in inches; people give it in feet and inches.
FENCE_HEIGHT = "fence_height_in"
FENCE_FEET, FENCE_INCHES = "fence_height_ft", "fence_height_extra_in"


class CheckForm(EngineInputs):
    project = forms.MultipleChoiceField(
        label=_("What are you planning?"),
        required=False,
        choices=[(key, key) for key in PROJECT_CHOICES],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"invalid_choice": _("Choose from the projects listed.")},
    )
    fence_height_ft = number(_("Height: feet"), unit="feet", maximum=100)
    fence_height_extra_in = number(
        _("and inches"),
        unit="inches",
        maximum=11.99,
        help_text=_("Less than 12; 6 ft 6 in. is 6 and 6."),
    )
    fence_height_extra_in.error_messages["max_value"] = _(
        "Enter less than 12 inches: 12 inches is a foot, so add it to the feet."
    )
    as_of = forms.DateField(
        required=False,
        label=_("Check as of"),
        help_text=_("Leave empty for today. A later date previews rules that take effect then."),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": _("Enter a date like 2026-12-31.")},
    )
    include_proposed = YesNoField(
        # Which proposals are pending is the database's to say (the results' notice names them).
        label=_("Preview the proposed amendments"),
        help_text=_(
            "Apply the rules the City's pending code amendments propose. They are not law yet."
        ),
    )

    # Each section's legend worded in the page's language when shown.
    FIELDSETS = tuple(
        (key, _worded_lazy("parts", key, legend), names)
        for key, legend, names in registry().fieldsets()
    )
    _given: list[tuple[str, str]] | None = None  # given(), once worked out
    # Fields the form shows in place of an engine field (the engine field stays accepted).
    SHOWN_AS = {FENCE_HEIGHT: (FENCE_FEET, FENCE_INCHES)}

    def clean(self):
        data = super().clean()
        feet, inches = data.get(FENCE_FEET), data.get(FENCE_INCHES)
        if feet is not None or inches is not None:
            total = (feet or 0) * 12 + (inches or 0)
            given = data.get(FENCE_HEIGHT)
            if given is not None and abs(given - total) > 1e-9:
                self.add_error(
                    FENCE_FEET,
                    gettext("Give the height once: in feet and inches, or as fence_height_in."),
                )
            else:
                data[FENCE_HEIGHT] = total
        return data

    def projects(self) -> tuple[str, ...]:
        """The projects chosen (cleaned when the form is valid; otherwise what was ticked)."""
        if self.is_bound and hasattr(self, "cleaned_data") and "project" in self.cleaned_data:
            chosen = self.cleaned_data["project"]
        elif self.is_bound:
            chosen = self.data.getlist("project") if hasattr(self.data, "getlist") else []
        else:
            chosen = self.initial.get("project") or []
            chosen = [chosen] if isinstance(chosen, str) else chosen
        if not chosen:  # most checks name no project
            return ()
        return tuple(key for key in PROJECT_CHOICES if key in chosen)

    def given(self) -> list[tuple[str, str]]:
        """(name, value) for every answer given, in form order: what the share link and the
        browser's URL carry (an empty field, and the page's own parameters, are left out)."""
        if self._given is not None:  # asked by the share link and the printed sheet alike
            return self._given
        data = self.data if self.is_bound else self.initial
        pairs = []
        # A QueryDict holds each name's values as a list already: read without copying it.
        lists = isinstance(data, MultiValueDict)
        for name in sorted(_PLACE.keys() & data.keys(), key=_PLACE.__getitem__):
            if lists:
                values = dict.__getitem__(data, name)
            else:
                raw = data.get(name)
                values = raw if isinstance(raw, list | tuple) else [raw]
            for value in values:
                if value is not None:
                    text = str(value)
                    if text.strip():
                        pairs.append((name, text))
        self._given = pairs
        return pairs

    def share_query(self) -> str:
        """The query string of a link to these answers: only the answers given."""
        return urlencode(self.given())

    def error_messages(self, names=None) -> list[tuple[str, list[str]]]:
        """Each field on the page (``names``, by default the form's own, ``shown_names``) with
        its messages (none for most), in form order: an update refreshes every field's error
        slot (rules/wording/slots.py), and only those the page holds (an update naming a slot
        the page lacks is an error in the browser's console)."""
        errors = self.errors if self.is_bound else {}
        names = self.shown_names() if names is None else names
        return [(name, errors.get(name, [])) for name in names]

    def checked_projects(self) -> tuple[str, ...]:
        """The chosen projects this site checks (not "something else")."""
        return tuple(key for key in self.projects() if key in PROJECT_KEYS)

    def clean_as_of(self):
        value = self.cleaned_data.get("as_of")
        if value and not date(2000, 1, 1) <= value <= date(2100, 12, 31):
            raise ValidationError(gettext("Choose a date between 2000 and 2100."))
        return value

    def fieldsets(self):
        """The form's sections, with their bound fields and whether each starts open, for
        the template (see ``layout``); the site conditions' section lists each yes/no with the
        questions it opens and whether they are open (``opened``)."""
        chosen = bool(self.checked_projects())
        sections = []
        for section in self.layout():
            bound = {
                **section,
                "fields": [self[name] for name in section["names"]],
                "open": chosen or self._section_used(section["asked"]),
            }
            if "conditions" in section:
                bound["conditions"] = [
                    {
                        **condition,
                        "gate": self[condition["gate"]],
                        "fields": [self[name] for name in condition["opens"]],
                        "open": self.opened(condition),
                    }
                    for condition in section["conditions"]
                ]
            sections.append(bound)
        return sections

    def layout(self) -> tuple[dict, ...]:
        """The form's sections shown: id, legend and the names of their fields as shown (no
        bound fields: the printed sheet needs only names), the same for every form with the
        same projects (not to be changed by the caller).

        With projects chosen, only the questions that bear on them (``_layout``); without,
        every section (the form as it was before the project question)."""
        return _layout(self.projects())

    def opened(self, condition: dict) -> bool:
        """Whether a site condition's questions are open: its yes/no is ticked, or one of the
        questions it opens holds an answer (a link that gives the flood zone alone)."""
        data = self.data if self.is_bound else self.initial
        return any(
            str(data.get(name, "")).strip() not in ("", "false", "off")
            for name in (condition["gate"], *condition["opens"])
        )

    def shown_names(self) -> tuple[str, ...]:
        """The fields on the page (those with an error slot), in form order: the projects, the
        questions of the layout (those a closed yes/no hides included) and the check's date
        and preview."""
        return _shown_names(self.projects())

    @staticmethod
    def shown_names_for(projects) -> tuple[str, ...]:
        """``shown_names`` of a page whose questions were drawn for ``projects``."""
        return _shown_names(tuple(key for key in PROJECT_CHOICES if key in projects))

    def first_new_question(self, before: tuple[str, ...]) -> str | None:
        """The first question "Show my questions" revealed (where the page without JavaScript
        lands): the first of the layout that the projects ``before`` did not ask (all of it
        when none was chosen), or that a site condition's yes has just opened (its questions
        were closed: the submission carried none of them). A box that is not ticked sends
        nothing either way, so it is never taken for new."""
        data = self.data if self.is_bound else self.initial
        layout = self.layout()
        before = tuple(key for key in PROJECT_KEYS if key in before)
        drawn = {name for section in _layout(before) for name in section["names"]}
        closed, opened = set(), set()
        for section in layout:
            for condition in section.get("conditions", ()):
                (opened if self.opened(condition) else closed).update(condition["opens"])
        for section in layout:
            for name in section["names"]:
                if name in closed or isinstance(self.fields[name], YesNoField):
                    continue
                if not before or name not in drawn or (name in opened and name not in data):
                    return name
        return None

    def _section_used(self, names) -> bool:
        data = self.data if self.is_bound else {}
        shown = [n for name in names for n in (name, *self.SHOWN_AS.get(name, ()))]
        return any(
            str(data.get(name, "")).strip() not in ("", "false", "off")
            for name in shown
            if name != "zone"
        )

    def _clean_fields(self):
        # Django's version makes a BoundField per field for every request; this form's fields
        # are plain (no disabled fields, no files, no initial-dependent values), so each is
        # cleaned from its raw value directly. An absent optional field gets its empty value
        # without parsing, all at once: a check gives a score of answers out of the form's
        # seventy-odd fields, and visiting every field cost more than cleaning the answers.
        # Kept because Django's version is about a third of a JSON answer's view
        # (docs/performance.md); it overrides a private method: re-check on a Django upgrade.
        data = self.data
        cleaned = self.cleaned_data
        cleaned.update(_ABSENT_CLEANED)  # in field order; a field cleaned below keeps its place
        for name in _LISTS:
            cleaned[name] = []
        fields = self.fields
        for name in _to_clean(data):
            field = fields[name]
            try:
                raw = field.widget.value_from_datadict(data, self.files, name)
                cleaned[name] = field.clean(raw)
                if name in _HOOKED:
                    cleaned[name] = getattr(self, f"clean_{name}")()
            except ValidationError as error:
                self.add_error(name, error)

    def to_engine(self) -> tuple[Lot, Plan]:
        """Engine inputs from cleaned data; a part of the plan is absent when nothing about it was entered."""
        return registry().inputs_from(self.cleaned_data)


def _describe_fields(form_class) -> None:
    """Tie each field to its help text, what was read of a number and its error slot, once
    for every instance."""
    for name, field in form_class.base_fields.items():
        described_by = [f"error-{name}"]
        if isinstance(field, NumberField):  # "Read as 8,000 square feet" (_understood.jinja)
            described_by.insert(0, f"understood-{name}")
        if field.help_text or getattr(field, "definition_url", ""):
            described_by.insert(0, f"id_{name}_helptext")
        field.widget.attrs["aria-describedby"] = " ".join(described_by)
    form_class.base_fields = SharedFields(form_class.base_fields)


_describe_fields(CheckForm)


def _empty_values(form_class) -> dict:
    """What each optional field cleans an absent answer to (list-valued ones made fresh)."""
    empties = {}
    for name, field in form_class.base_fields.items():
        if field.required or hasattr(form_class, f"clean_{name}"):
            continue
        raw = field.widget.value_from_datadict({}, {}, name)
        value = field.clean(raw)
        empties[name] = list if isinstance(value, list) else value
    return empties


_EMPTY = _empty_values(CheckForm)
# The cleaned value of every optional field left unanswered (a list-valued one is made fresh
# for each form: _LISTS); the fields that are cleaned even when absent (required ones, and
# those with a clean_<name> method: _HOOKED); each field's place in the form.
_ABSENT_CLEANED = {name: value for name, value in _EMPTY.items() if value is not list}
_LISTS = tuple(name for name, value in _EMPTY.items() if value is list)
_HOOKED = frozenset(name for name in CheckForm.base_fields if hasattr(CheckForm, f"clean_{name}"))
_ALWAYS_CLEANED = frozenset(CheckForm.base_fields) - _EMPTY.keys()
_SHORTCUT = frozenset(_EMPTY)
_PLACE = {name: index for index, name in enumerate(CheckForm.base_fields)}


def _to_clean(data) -> list[str]:
    """The fields to clean, in form order: those answered, and those cleaned even when not."""
    names = _ALWAYS_CLEANED.union(_SHORTCUT.intersection(data.keys()))
    return sorted(names, key=_PLACE.__getitem__)


# The section of the site conditions' yes/no questions (flood zone, hillside lot), last: what
# a yes opens comes below it, so nothing the person has answered moves.
SITE_SECTION = "site"
SITE_LEGEND = _("Your site")


@process_cache(maxsize=128)  # one per set of projects: at most 2 ** projects
def _layout(chosen: tuple[str, ...]) -> tuple[dict, ...]:
    """CheckForm.layout for the projects ``chosen`` (in declared order; "something else"
    alone asks only the zone: no rule here bears on it).

    Only the questions that bear on them, in the order a person thinks of them (issue 22): the
    lot's (the zone, and what the chosen projects' own rules ask of the lot: a fence asks
    whether it is a corner lot, a new home its width and depth), then each project's part in
    the order the projects are declared, then each site condition that bears on them as its
    one yes/no (``Family.asked_by``) with the questions it opens on yes. Every question a
    project's rules may name as missing is in the list from the start."""
    sets = CheckForm.FIELDSETS
    if not chosen:  # every section (the form as it was before the project question)
        return tuple(_section(key, legend, names) for key, legend, names in sets)
    reg = registry()
    chosen = tuple(key for key in chosen if key in reg.projects)
    by_key = {key: (legend, names) for key, legend, names in sets}
    bearing = set().union(*(reg.project_rules[key] for key in chosen))
    families = [f for f in reg.families if bearing.intersection(f.rules)]
    conditions = [f for f in families if f.site_condition and f.asked_by]
    own = {name for f in families if f not in conditions for name in f.inputs}
    opened = {name for f in conditions for name in _condition_inputs(f, reg)}
    parts = [p for key in chosen for p in reg.projects[key].parts]
    # A site condition without a yes/no of its own is asked as its part, as any project's.
    parts += [f.part.key for f in families if f.site_condition and not f.asked_by and f.part]
    sections = []
    lot_legend, lot_names = by_key["lot"]
    lot = [n for n in lot_names if reg.inputs[n].spec.required or n in own]
    sections.append(_section("lot", lot_legend, lot))
    shown = set(lot)
    for key in dict.fromkeys(parts):
        legend, names = by_key[key]
        # An input only a site condition asks waits for its yes (a home's kind of work: flood).
        names = [n for n in names if n in own or n not in opened]
        sections.append(_section(key, legend, names))
        shown.update(names)
    if conditions:
        asked = []
        for family in conditions:
            opens = [n for n in _condition_inputs(family, reg) if n not in shown]
            asked.append({"family": family.name, "gate": family.asked_by, "opens": opens})
            shown.update(opens)
        names = [n for c in asked for n in (c["gate"], *c["opens"])]
        sections.append({**_section(SITE_SECTION, SITE_LEGEND, names), "conditions": asked})
    return tuple(sections)


def _condition_inputs(family, reg) -> list[str]:
    """A site condition's questions opened by its yes: its part's, then the others it may
    name as missing (a home's kind of work), without the yes/no itself."""
    listed = [i.name for i in reg.part_inputs.get(family.part.key, ())] if family.part else []
    return [n for n in dict.fromkeys((*listed, *family.inputs)) if n != family.asked_by]


def _section(key: str, legend, names) -> dict:
    shown_as = CheckForm.SHOWN_AS
    return {
        "id": key,
        "legend": legend,
        "names": [shown for name in names for shown in shown_as.get(name, (name,))],
        "asked": tuple(names),  # the engine's names (whether the section was answered)
    }


@pure_reader
def questions_for(value: str) -> str | None:
    """The ``questions_for`` parameter written canonically: the projects the page's questions
    were drawn for (static/js/checker.js sends them with each update of the results), known
    keys in the form's order, space-separated; "" for none (the whole form), None (absent)
    when it names only unknown ones."""
    named = value.split()
    known = [key for key in PROJECT_CHOICES if key in named]
    return " ".join(known) if known or not named else None


# The check's own options, after the questions.
_OPTIONS = ("as_of", "include_proposed")


@process_cache(maxsize=128)
def _shown_names(chosen: tuple[str, ...]) -> tuple[str, ...]:
    names = (n for section in _layout(chosen) for n in section["names"])
    on_page = {"project", *_OPTIONS, *names}
    return tuple(name for name in CheckForm.base_fields if name in on_page)
