"""A number typed into Check my lot's form, in words as the form read it ("8,000 square
feet", "6 ft 6 in."): beside its field, so a person sees what was understood of "8,000",
"7'" or "10x12", and on the printed sheet, one wording for both."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from rules.numbers import NumberField
from rules.wording.labels import form_unit
from rules.wording.numbers import feet_and_inches, num
from rules.wording.words import ANSWER_UNIT_SINGULAR, language

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


def typed_words(form) -> dict[str, tuple[str, str | None]]:
    """What the form read from each of its number fields that holds text: name -> (the text,
    ``typed_amount`` of its figure, None when it cannot be read), in the page's language. The
    "Read as" slots and the printed sheet word the same figures: worded once per form (the
    first to ask keeps them on the form, for its language) and read by both."""
    kept = form.__dict__.get("_typed_words")
    code = language()
    if kept is not None and kept[0] == code:
        return kept[1]
    data = form.data if form.is_bound else form.initial
    fields = form.fields
    # The figure the form cleaned from the text read here (typed_number's, without asking the
    # data again); none on a form not checked. A field shown as others (the fence's height, as
    # feet and inches) has no slot nor a line of its own on the sheet.
    cleaned = getattr(form, "cleaned_data", None) if form.is_bound else None
    shown_as = form.SHOWN_AS
    words = {}
    for name in data:  # the answers given (a score), not the form's seventy-odd fields
        field = fields.get(name)
        if not isinstance(field, NumberField) or name in shown_as:
            continue
        raw = data.get(name)
        if raw is None or not str(raw).strip():
            continue
        if cleaned is not None and name in cleaned:
            number = cleaned[name]
        else:
            number = read_number(field, raw)
        words[name] = (raw, None if number is None else typed_amount(number, field.unit))
    form._typed_words = (code, words)
    return words


def understood(bound_field) -> str:
    """What the form read from a number field as typed (bound or pre-filled by a link), in
    words; '' when nothing is typed or the field has an error (its slot says why)."""
    field = bound_field.field
    if not isinstance(field, NumberField):
        return ""
    number = read_number(field, bound_field.value())
    return "" if number is None else typed_amount(number, field.unit)
