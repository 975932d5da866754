"""Numbers read from a URL or a form: ASCII digits only, parsed in one place.

Python is generous with digits: ``int()`` and ``float()`` also read other scripts' digits
("١٢"), full-width ones ("１２") and underscores between digits ("1_0"), and
``str.isdigit()`` says yes to superscripts and circled digits ("²", "①") that ``int()``
then refuses. A number a visitor typed or a link carries is read here, by one rule:
optional sign, ASCII digits, an optional decimal part and exponent, nothing else.
"""

from __future__ import annotations

import math
import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

# Long enough for any real measurement or record id; short enough that int() and float()
# never work hard (int() refuses more than 4,300 digits with a ValueError).
MAX_LENGTH = 40
_DECIMAL_RE = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_WHOLE_RE = re.compile(r"([+-]?[0-9]+)(?:\.0*)?")  # "2.0" is the whole number 2


def parse_number(raw, *, whole: bool = False) -> int | float | None:
    """The finite number ``raw`` writes in ASCII digits (spaces around it ignored), or None.

    ``whole=True`` reads a whole number (an ``int``); otherwise a ``float``."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if len(text) > MAX_LENGTH:
        return None
    if whole:
        match = _WHOLE_RE.fullmatch(text)
        return int(match.group(1)) if match else None
    if not _DECIMAL_RE.fullmatch(text):
        return None
    number = float(text)
    return number if math.isfinite(number) else None


def whole_number_param(raw: str) -> str | None:
    """A whole number in a query string, written canonically ("007" is "7"); None if not one."""
    number = parse_number(raw, whole=True)
    return None if number is None else str(number)


# "10x12", "10 x 12 ft", "10 × 12": the sides of a floor typed where its area is asked.
_SIDES_RE = re.compile(
    r"\s*([0-9]+(?:\.[0-9]+)?)\s*(?:ft|feet|')?\s*[x×*]\s*([0-9]+(?:\.[0-9]+)?)\s*(?:ft|feet|')?\s*"
)


# A decimal answer is read to a millionth of its unit: finer than any measurement, and coarse
# enough that a share of it (a percent of a lot's area) stays finite. A home of 2.2e-308 sq ft
# made a business's share of it infinite, which JSON cannot hold (found by schemathesis).
DECIMAL_PLACES = 6


class NumberField(forms.FloatField):
    """A form's decimal number, read by ``parse_number`` to ``DECIMAL_PLACES``. Where an area is
    asked in square feet and two sides were typed ("10x12"), the message gives the area to type
    instead."""

    def to_python(self, value):
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        number = parse_number(str(value))
        if number is None:
            sides = _SIDES_RE.fullmatch(str(value)) if len(str(value)) <= MAX_LENGTH else None
            if sides and getattr(self, "unit", "") == "square feet":
                a, b = (float(side) for side in sides.groups())
                raise ValidationError(
                    gettext("Enter the area in square feet: %(a)s × %(b)s ft is %(area)s.")
                    % {"a": f"{a:g}", "b": f"{b:g}", "area": f"{a * b:,g}"},
                    code="sides",
                )
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return round(number, DECIMAL_PLACES) + 0.0  # + 0.0: -1e-9 reads as 0, not -0


class WholeNumberField(forms.IntegerField):
    """A form's whole number, read by ``parse_number``."""

    def to_python(self, value):
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        number = parse_number(str(value), whole=True)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number
