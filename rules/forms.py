"""The Check my lot form: validates what people type and turns it into engine inputs, nothing more.

Its engine fields, their sections and ``to_engine`` come from the engine's input declarations
(``rules/engine/inputs.py``, read through the registry); only the check's own options (the date,
the proposed amendments) are declared here. Field names are part of the public contract (the
page's query string and the JSON endpoint take the same ones), so they never change.
"""

from datetime import date

from django import forms
from django.core.exceptions import ValidationError

from rules.engine import Lot, Plan
from rules.engine.registry import Input, registry
from rules.numbers import NumberField, WholeNumberField

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
        raise ValidationError("Answer yes or no (true or false).", code="invalid")


class AnswerField(forms.Field):
    """A yes/no question where "not answered" differs from no: a list of Yes, No and Not
    answered. The query string and JSON take yes/no/true/false (or nothing); anything else is
    an error next to the field, never a silent guess."""

    widget = forms.Select

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
        self.widget.choices = [("", "— Not answered —"), ("yes", "Yes"), ("no", "No")]

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
        raise ValidationError("Answer yes or no, or leave it unanswered.", code="invalid")

    def prepare_value(self, value):
        if value is True:
            return "yes"
        if value is False:
            return "no"
        text = str(value or "").strip().lower()
        return "yes" if text in TRUE_WORDS else "no" if text in FALSE_WORDS - {""} else ""


def number(
    label: str, *, unit: str, maximum: float, minimum: float = 0, help_text: str = "", step="any"
):
    """A decimal field that rejects text, NaN, infinities and absurd magnitudes with a clear message."""
    field = NumberField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": step, "inputmode": "decimal"}),
        error_messages={
            "invalid": f"Enter a number of {unit}, like 20 or 20.5.",
            "min_value": f"Enter {minimum:g} {unit} or more.",
            "max_value": f"That is more than {maximum:,g} {unit}; check the number.",
        },
    )
    field.unit = unit
    return field


def whole_number(label: str, *, unit: str, maximum: int, help_text: str = ""):
    return WholeNumberField(
        label=label,
        required=False,
        min_value=0,
        max_value=maximum,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": 1, "inputmode": "numeric"}),
        error_messages={
            "invalid": f"Enter a whole number of {unit}, like 1 or 2.",
            "min_value": f"Enter 0 {unit} or more.",
            "max_value": f"That is more than {maximum:,} {unit}; check the number.",
        },
    )


def choice(
    label: str, choices, *, required=False, help_text="", blank_label="— Not part of my plan —"
):
    return forms.ChoiceField(
        label=label,
        required=required,
        choices=([("", blank_label)] if not required else [("", "— Choose —")]) + list(choices),
        help_text=help_text,
        error_messages={
            "invalid_choice": "Choose one of the options in the list.",
            "required": "Choose your zoning district.",
        },
    )


class SharedFields(dict):
    """A form's fields, shared by every instance instead of deep-copied for each one.

    Django copies every field and widget per form so an instance may change its own; this
    form never does (its widget attributes are set once, below), and copying its thirty
    fields cost more than a millisecond a request, several times the engine's whole check.
    """

    def __deepcopy__(self, memo):
        return dict(self)


def form_field(spec: Input) -> forms.Field:
    """The form field an engine input declares."""
    if spec.kind == "number":
        return number(
            spec.label,
            unit=spec.unit,
            maximum=spec.maximum,
            minimum=spec.minimum,
            help_text=spec.help_text,
        )
    if spec.kind == "whole":
        return whole_number(
            spec.label, unit=spec.unit, maximum=int(spec.maximum), help_text=spec.help_text
        )
    if spec.kind == "yesno":
        field = YesNoField(label=spec.label, help_text=spec.help_text)
    elif spec.kind == "answer":
        field = AnswerField(label=spec.label, help_text=spec.help_text)
    else:
        field = choice(spec.label, spec.choices, required=spec.required, help_text=spec.help_text)
    field.definition_url = spec.definition_url
    return field


# The engine's inputs as a form whose fields CheckForm inherits, in the declared order.
EngineInputs = type(
    "EngineInputs",
    (forms.Form,),
    {
        "__module__": __name__,
        **{name: form_field(entry.spec) for name, entry in registry().inputs.items()},
    },
)


class CheckForm(EngineInputs):
    as_of = forms.DateField(
        required=False,
        label="Check as of",
        help_text="Leave empty for today. A later date previews rules that take effect then.",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": "Enter a date like 2026-12-31."},
    )
    include_proposed = YesNoField(
        label="Preview the proposed Spring 2026 amendments",
        help_text="Apply the rules the Spring 2026 code cleanup proposes. They are not law yet.",
    )

    FIELDSETS = tuple(registry().fieldsets())

    def clean_as_of(self):
        value = self.cleaned_data.get("as_of")
        if value and not date(2000, 1, 1) <= value <= date(2100, 12, 31):
            raise ValidationError("Choose a date between 2000 and 2100.")
        return value

    def fieldsets(self):
        """The form's sections, with their bound fields, for the template."""
        return [
            {
                "id": key,
                "legend": legend,
                "fields": [self[name] for name in names],
                "open": self._section_used(names),
            }
            for key, legend, names in self.FIELDSETS
        ]

    def _section_used(self, names) -> bool:
        data = self.data if self.is_bound else {}
        return any(
            str(data.get(name, "")).strip() not in ("", "false", "off")
            for name in names
            if name != "zone"
        )

    def to_engine(self) -> tuple[Lot, Plan]:
        """Engine inputs from cleaned data; a part of the plan is absent when nothing about it was entered."""
        return registry().inputs_from(self.cleaned_data)


def _describe_fields(form_class) -> None:
    """Tie each field to its help text and its error slot, once for every instance."""
    for name, field in form_class.base_fields.items():
        described_by = [f"error-{name}"]
        if field.help_text or getattr(field, "definition_url", ""):
            described_by.insert(0, f"id_{name}_helptext")
        field.widget.attrs["aria-describedby"] = " ".join(described_by)
    form_class.base_fields = SharedFields(form_class.base_fields)


_describe_fields(CheckForm)
