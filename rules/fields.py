"""The Check my lot form's field types, and a field for each input the engine declares.

A declared input (``law.engine.registry.Input``: its kind, unit, range, choices) becomes a
form field here (``form_field``); rules/forms.py gathers them into the form. The fields'
words are lazy, worded when shown in the page's language (the declarations' English, or the
words files' translation of it: ``law.engine.words``).
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from law.engine import load_standards
from law.engine.registry import Input, registry
from law.engine.words import ENGLISH, Words, words
from law.families.fences.check import location_condition
from rules.language import page_language
from rules.numbers import NumberField, WholeNumberField

# The projects a person may pick, in the order the families declare them.
PROJECT_KEYS = tuple(registry().projects)


def _words() -> Words:
    """The families' words in the page's language (English where none is translated): the
    page's pinned once for its render (rules/language.py), a label being worded per field."""
    return words(page_language())


def _worded(table: str, key: str, english: str, item: str = "") -> str:
    """The words for ``key`` in a words table of the page's language, else ``english``."""
    entry = getattr(_words(), table).get(key, {} if item else english)
    return entry.get(item, english) if item else entry


_worded_lazy = lazy(_worded, str)


def unit_words(unit: str):
    """A declared unit in words ("feet"), in the page's language when shown."""
    return _worded_lazy("units", unit, unit)


TRUE_WORDS = {"true", "on", "1", "yes"}
FALSE_WORDS = {"false", "off", "0", "no", ""}


class YesNoWidget(forms.CheckboxInput):
    """A checkbox whose raw text reaches the field, so 'maybe' is an error and not a silent yes."""

    def __init__(self, attrs=None):
        super().__init__(
            attrs, check_test=lambda value: value is True or str(value).lower() in TRUE_WORDS
        )

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")

    def format_value(self, value):
        # Ticked, the box sends "on" (its default value): never the text a link carried, or a
        # box drawn from ?corner_lot=maybe sent "maybe" again once ticked and stayed in error.
        return None


class YesNoField(forms.BooleanField):
    widget = YesNoWidget

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
        raise ValidationError(_("Answer yes or no (true or false)."), code="invalid")


class AnswerField(forms.Field):
    """A yes/no question where "not answered" differs from no: a list of Yes, No and Not
    answered. The query string and JSON take yes/no/true/false (or nothing); anything else is
    an error next to the field, never a silent guess."""

    widget = forms.Select

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.widget.choices = [("", _("— Not answered —")), ("yes", _("Yes")), ("no", _("No"))]

    def to_python(self, value):
        if value is None or isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text == "":
            return None
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
        raise ValidationError(_("Answer yes or no, or leave it unanswered."), code="invalid")

    def prepare_value(self, value):
        if value is True:
            return "yes"
        if value is False:
            return "no"
        text = str(value or "").strip().lower()
        return "yes" if text in TRUE_WORDS else "no" if text in FALSE_WORDS - {""} else ""


# Numbers are typed into text boxes that bring up the number keypad (as GOV.UK's design
# system advises), not <input type="number">: Chromium drops what is not a digit as it is
# typed, so "10x12" for a shed's floor became 1012 and "abc" vanished with no message. The
# server reads what was typed and says next to the field what is wrong, keeping the text.
_NUMBER_ATTRS = {"spellcheck": "false", "autocomplete": "off"}


def number(label, *, unit: str, maximum: float, minimum: float = 0, help_text=""):
    """A decimal field that rejects text, NaN, infinities and absurd magnitudes with a clear message."""
    words = unit_words(unit)
    field = NumberField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        help_text=help_text,
        widget=forms.TextInput(attrs=_NUMBER_ATTRS | {"inputmode": "decimal"}),
        error_messages={
            "invalid": format_lazy(_("Enter a number of {unit}, like 20 or 20.5."), unit=words),
            # "1.400": a thousands point or a decimal one? Asked, not guessed.
            "ambiguous_point": _(
                "Is that %(whole)s or %(decimal)s? Write %(whole)s (without the point) for the "
                "first, or %(decimal)s for the second."
            ),
            "min_value": format_lazy(
                _("Enter {minimum} {unit} or more."), minimum=f"{minimum:g}", unit=words
            ),
            "max_value": format_lazy(
                _("That is more than {maximum} {unit}; check the number."),
                maximum=f"{maximum:,g}",
                unit=words,
            ),
        },
    )
    field.unit = unit
    return field


def whole_number(label, *, unit: str, maximum: int, help_text=""):
    words = unit_words(unit)
    return WholeNumberField(
        label=label,
        required=False,
        min_value=0,
        max_value=maximum,
        help_text=help_text,
        widget=forms.TextInput(attrs=_NUMBER_ATTRS | {"inputmode": "numeric"}),
        error_messages={
            "invalid": format_lazy(_("Enter a whole number of {unit}, like 1 or 2."), unit=words),
            "min_value": format_lazy(_("Enter {minimum} {unit} or more."), minimum="0", unit=words),
            "max_value": format_lazy(
                _("That is more than {maximum} {unit}; check the number."),
                maximum=f"{maximum:,}",
                unit=words,
            ),
        },
    )


NOT_IN_PLAN = _("— Not part of my plan —")

# Choices that stay English in every language: the districts' codes and names, as the code
# publishes them (docs/decisions/languages.md).
ENGLISH_CHOICES = frozenset({"zone"})


class EnglishOptions(forms.Select):
    """A list whose choices keep their English: on a page in another language each option
    is marked lang="en", so a screen reader reads it as English (nothing on an English page)."""

    def create_option(self, *args, **kwargs):
        option = super().create_option(*args, **kwargs)
        if option["value"] and page_language() != ENGLISH:
            option["attrs"]["lang"] = "en"
        return option


def choice(label, choices, *, required=False, help_text="", blank_label=NOT_IN_PLAN, widget=None):
    return forms.ChoiceField(
        label=label,
        widget=widget,
        required=required,
        choices=([("", blank_label)] if not required else [("", _("— Choose —"))]) + list(choices),
        help_text=help_text,
        error_messages={
            "invalid_choice": _("Choose one of the options in the list."),
            "required": _("Choose your zoning district."),
        },
    )


class SharedFields(dict):
    """A form's fields, shared by every instance instead of deep-copied for each one.

    Django copies every field and widget per form so an instance may change its own; this
    form never does (its widget attributes are set once, below). Kept because copying its
    seventy-odd fields is about half of a JSON answer's view (docs/performance.md).
    """

    def __deepcopy__(self, memo):
        return dict(self)


def form_field(name: str, spec: Input) -> forms.Field:
    """The form field an engine input declares, worded in the page's language when shown."""
    label = _worded_lazy("inputs", name, spec.label, "label")
    help_text = _worded_lazy("inputs", name, spec.help_text, "help") if spec.help_text else ""
    if spec.kind == "number":
        return number(
            label,
            unit=spec.unit,
            maximum=spec.maximum,
            minimum=spec.minimum,
            help_text=help_text,
        )
    if spec.kind == "whole":
        return whole_number(label, unit=spec.unit, maximum=int(spec.maximum), help_text=help_text)
    if spec.kind == "yesno":
        field = YesNoField(label=label, help_text=help_text)
    elif spec.kind == "answer":
        field = AnswerField(label=label, help_text=help_text)
    else:
        if name in ENGLISH_CHOICES:
            choices, widget = list(spec.choices), EnglishOptions
        else:
            choices = [(key, _choice_label_lazy(name, key, label)) for key, label in spec.choices]
            widget = None
        field = choice(label, choices, required=spec.required, help_text=help_text, widget=widget)
    field.definition_url = spec.definition_url
    return field


def _choice_label(name: str, key: str, english: str) -> str:
    """A choice's words in the page's language, with a figure it names ({distance}) from the
    standards data."""
    label = _worded("choices", name, english, key)
    if "{distance}" not in label:
        return label
    condition = location_condition(load_standards(), key)
    if condition is None:
        raise ValueError(f"no condition in the standards data words choice {key!r}")
    unit = _worded("units", condition.unit, condition.unit)
    return label.replace("{distance}", f"{condition.value:g} {unit}")


_choice_label_lazy = lazy(_choice_label, str)
