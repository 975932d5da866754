"""A number typed into Check my lot's form, in words as the form read it ("8,000 square
feet", "6 ft 6 in."): beside its field, so a person sees what was understood of "8,000",
"7'" or "10x12", and on the printed sheet, one wording for both."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from rules.numbers import NumberField
from rules.wording.labels import form_unit
from rules.wording.numbers import feet_and_inches, num
from rules.wording.words import ANSWER_UNIT_SINGULAR

# A length in feet whose fraction is a whole number of inches (6.5 ft) reads in feet and
# inches; within this of a whole inch (what six decimal places of a foot leave of 6'7").
_INCH_TOLERANCE = 1e-4


def typed_amount(number: float, unit: str) -> str:
    """``number`` of the form's ``unit`` in words: '8,000 square feet', '6 ft 6 in.' (a
    length with inches), '7 feet', '1 story'."""
    if unit == "inches":
        return feet_and_inches(number)
    if unit == "feet" and not float(number).is_integer():
        inches = number * 12
        if abs(inches - round(inches)) < _INCH_TOLERANCE:
            return feet_and_inches(round(inches))
    words = ANSWER_UNIT_SINGULAR.get(unit, form_unit(unit)) if number == 1 else form_unit(unit)
    return f"{num(number)} {words}".strip()


def read_number(field, raw) -> float | None:
    """What ``field`` (a form's number field) reads from ``raw``, limits included; None when
    nothing is typed or the form refuses it."""
    if not isinstance(field, NumberField) or raw is None or not str(raw).strip():
        return None
    try:
        return field.clean(str(raw))
    except ValidationError:
        return None


def typed_number(form, name: str, raw) -> float | None:
    """``read_number`` of the text ``raw`` typed into the form's number field ``name``: the
    figure the form cleaned, when it cleaned this same text without an error (the form's
    checks of one field against another change only the fence's height in inches, shown as
    its feet and inches), else read again."""
    cleaned = getattr(form, "cleaned_data", None)
    if (
        cleaned is not None
        and name in cleaned
        and name not in form.SHOWN_AS
        and form.data.get(name) == raw
    ):
        return cleaned[name]
    return read_number(form.fields[name], raw)


def understood(bound_field) -> str:
    """What the form read from a number field as typed (bound or pre-filled by a link), in
    words; '' when nothing is typed or the field has an error (its slot says why)."""
    field = bound_field.field
    if not isinstance(field, NumberField):
        return ""
    number = read_number(field, bound_field.value())
    return "" if number is None else typed_amount(number, field.unit)
