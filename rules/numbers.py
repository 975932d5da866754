"""Numbers read from a URL or a form: ASCII digits only, parsed in one place.

Python is generous with digits: ``int()`` and ``float()`` also read other scripts' digits
("١٢"), full-width ones ("１２") and underscores between digits ("1_0"), and
``str.isdigit()`` says yes to superscripts and circled digits ("²", "①") that ``int()``
then refuses. A number a visitor typed or a link carries is read here, by one rule:
optional sign, ASCII digits, an optional decimal part and exponent, nothing else.

A measurement in the checker's form (and its JSON, which takes the same strings) may also be
written the way people write it (``read_measure``): thousands separated by commas ("8,000"),
with its unit ("3 ft", "120 sq ft", "84 in", "7'"), in feet and inches ("6'6\\"", "6 ft 6
in"), a lot's area in acres ("0.2 acre"), an area as its two sides ("10x12", "10 × 12 ft").
The digits are still ASCII only; the unit words and marks are a short closed list, so a
typing slip is an error next to the field and never a silent guess.
"""

from __future__ import annotations

import math
import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language

from law.engine.standards import convert

# Long enough for any real measurement or record id; short enough that int() and float()
# never work hard (int() refuses more than 4,300 digits with a ValueError) and the patterns
# below never backtrack far.
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


# -- Measurements as people type them -------------------------------------------------------

# A figure: ASCII digits, thousands grouped by commas only in threes ("8,000", "1,234.5"; not
# "6,5", which is a decimal comma in some languages and so ambiguous: an error).
_FIGURE = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]*)?|\.[0-9]+"
# The marks phones type as well as the ASCII ones: ’ and ” (smart punctuation), ′ and ″. The
# unit words in English and Spanish (issue 29: "3 pies", "6 pulgadas", "120 pies cuadrados"),
# whatever the page's language: a closed list either way.
_FEET = r"feet|foot|ft\.?|pies|pie|'|’|′"
_INCHES = r"inches|inch|in\.?|pulgadas|pulgada|pulg\.?|\"|”|″|''|’’|′′"
_SQUARE_FEET = (
    r"square\s*(?:feet|foot)|sq\.?\s*(?:ft|feet)\.?|sqft|sf|ft2|ft²"
    r"|pies\s*cuadrados|pie\s*cuadrado|pies2|pies²"
)
_ACRES = r"acres?|ac\.?"
_PERCENT = r"%|percent|por\s*ciento"
_TIMES = r"[x×*]|by|por"

_LENGTH_RE = re.compile(
    rf"(?P<sign>[+-]?)\s*(?P<first>{_FIGURE})\s*(?:"
    rf"(?P<feet>{_FEET})\s*(?:(?P<inches>{_FIGURE})\s*(?:{_INCHES})?)?"  # 6'6", 6 ft 6 in, 6'6
    rf"|(?P<only_inches>{_INCHES})"  # 84 in, 84"
    r")?",
    re.IGNORECASE,
)
_AREA_RE = re.compile(
    rf"(?P<figure>{_FIGURE})\s*(?:(?P<square_feet>{_SQUARE_FEET})|(?P<acres>{_ACRES}))?",
    re.IGNORECASE,
)
_PERCENT_RE = re.compile(rf"(?P<figure>{_FIGURE})\s*(?:{_PERCENT})?", re.IGNORECASE)
_PLAIN_RE = re.compile(rf"(?P<sign>[+-]?)(?P<figure>{_FIGURE})")
_SIDES_RE = re.compile(rf"\s*(?:{_TIMES})\s*", re.IGNORECASE)
_WHOLE_FIGURE_RE = re.compile(
    r"(?P<sign>[+-]?)(?P<figure>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.0*)?"
)


# -- The same forms as a pattern for the OpenAPI document -----------------------------------

# The parameters' patterns (rules/openapi.py) are made from the pieces above, so the document
# says what this module reads. JSON Schema's patterns are ECMA-262 regular expressions without
# flags or named groups: each letter is written in both cases, and a space stands for the
# whitespace read between a figure and its unit. Two limits are written in: inches after feet
# fewer than 12 ("6'13\"" is a slip), an exponent of two digits at most ("1e999" is not a
# finite number). What the patterns cannot say (the field's range) the description does.
_DOC_DECIMAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,2})?"
_DOC_INCHES_AFTER_FEET = r"(?:1[01]|0?[0-9])(?:\.[0-9]*)?|\.[0-9]+"
_DOC_SIDE = (
    rf"(?:{_FIGURE})\s*(?:(?:{_FEET})\s*(?:(?:{_DOC_INCHES_AFTER_FEET})\s*(?:{_INCHES})?)?"
    rf"|(?:{_INCHES}))?"
)
_DOC_FORMS = {
    "feet": rf"[+-]?\s*{_DOC_SIDE}",
    "inches": rf"[+-]?\s*{_DOC_SIDE}",
    "square feet": (
        rf"(?:{_FIGURE})\s*(?:{_SQUARE_FEET}|{_ACRES})?|{_DOC_SIDE}\s*(?:{_TIMES})\s*{_DOC_SIDE}"
    ),
    "percent": rf"(?:{_FIGURE})\s*(?:{_PERCENT})?",
}
_DOC_PLAIN = rf"[+-]?(?:{_FIGURE})"
_DOC_WHOLE = r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.0*)?"


def typed_pattern(unit: str | None, *, whole: bool = False) -> str:
    """The pattern of what ``read_measure`` (``read_whole`` when ``whole``) reads in ``unit``,
    as an ECMA-262 regular expression for JSON Schema (Python's ``re`` reads it the same)."""
    body = _DOC_WHOLE if whole else rf"{_DOC_DECIMAL}|{_DOC_FORMS.get(unit, _DOC_PLAIN)}"
    return _ecma(rf"^\s*(?:{body})\s*$")


def _ecma(pattern: str) -> str:
    """``pattern`` (a Python pattern read with re.IGNORECASE) without the flag: each ASCII
    letter as a class of both cases, ``\\s`` as a space, ``\\"`` as a plain quote."""
    out, index, in_class = [], 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            escaped = pattern[index + 1]
            out.append(" " if escaped == "s" else '"' if escaped == '"' else char + escaped)
            index += 2
            continue
        if char == "[" and not in_class:
            in_class = True
            out.append(char)
        elif char == "]" and in_class:
            in_class = False
            out.append(char)
        elif char.isascii() and char.isalpha():
            both = char.lower() + char.upper()
            out.append(both if in_class else f"[{both}]")
        else:
            out.append(char)
        index += 1
    return "".join(out)


def _figure(text: str) -> float:
    return float(text.replace(",", ""))


def _length_in_inches(text: str, bare_unit: str) -> float | None:
    """A length in inches: "6'6\\"", "6 ft 6 in", "7'", "84 in", or a bare figure in
    ``bare_unit`` ("feet" or "inches"). The inches after feet are fewer than 12."""
    match = _LENGTH_RE.fullmatch(text)
    if not match:
        return None
    first = _figure(match["first"])
    if match["feet"]:
        inches = _figure(match["inches"]) if match["inches"] else 0.0
        if inches >= 12:  # 6'13" is a slip, not 7'1"
            return None
        total = convert(first, "ft", "in") + inches
    elif match["only_inches"]:
        total = first
    else:
        total = first if bare_unit == "inches" else convert(first, "ft", "in")
    return -total if match["sign"] == "-" else total


def _area_in_square_feet(text: str) -> float | None:
    """An area in square feet: "8,000", "120 sq ft", "0.2 acre", or two sides, each a length
    in feet unless it says otherwise ("10x12", "10 × 12 ft", "10'6\\" by 12'")."""
    sides = _SIDES_RE.split(text)
    if len(sides) == 2:
        lengths = [_length_in_inches(side, "feet") for side in sides]
        if any(length is None or length < 0 for length in lengths):
            return None
        width, depth = (convert(length, "in", "ft") for length in lengths)
        return width * depth
    if len(sides) != 1:
        return None
    match = _AREA_RE.fullmatch(text)
    if not match:
        return None
    figure = _figure(match["figure"])
    return convert(figure, "acre", "sqft") if match["acres"] else figure


# A point followed by exactly three digits after one to three ("1.400", "12.500 pies"): in
# Spanish, as in much of the world, a thousands separator; in English, a decimal point. On a
# Spanish page either reading is a guess, so the field asks which was meant (issue 29).
_AMBIGUOUS_POINT_RE = re.compile(r"[+-]?(?P<head>[1-9][0-9]{0,2})\.(?P<tail>[0-9]{3})(?![0-9.,])")


def ambiguous_point(raw) -> tuple[str, str] | None:
    """For a figure whose point may group thousands ("1.400"), the two readings as written
    ("1400", "1.4"); None for any other text."""
    if not isinstance(raw, str):
        return None
    match = _AMBIGUOUS_POINT_RE.match(raw.replace("\u00a0", " ").strip())
    if not match:
        return None
    whole = match["head"] + match["tail"]
    decimal = f"{match['head']}.{match['tail']}".rstrip("0").rstrip(".")
    return whole, decimal


def read_measure(raw, unit: str) -> float | None:
    """The finite number ``raw`` gives in ``unit`` (a form field's unit: "feet", "inches",
    "square feet", "percent"; any other takes a figure alone), or None when it cannot be read.

    A bare figure is in ``unit``; a figure may group thousands with commas and carry its unit
    or a unit this one converts from (feet and inches, square feet and acres)."""
    if not isinstance(raw, str):
        return None
    text = raw.replace("\u00a0", " ").strip()
    if len(text) > MAX_LENGTH:
        return None
    if _DECIMAL_RE.fullmatch(text):  # a plain number, as parse_number reads it: "20", "2e3"
        number = float(text)
    elif unit in ("feet", "inches"):
        inches = _length_in_inches(text, unit)
        number = None if inches is None else inches if unit == "inches" else inches / 12
    elif unit == "square feet":
        number = _area_in_square_feet(text)
    elif unit == "percent":
        match = _PERCENT_RE.fullmatch(text)
        number = _figure(match["figure"]) if match else None
    else:
        match = _PLAIN_RE.fullmatch(text)
        number = _figure(match["figure"]) * (-1 if match["sign"] == "-" else 1) if match else None
    return number if number is not None and math.isfinite(number) else None


def read_whole(raw) -> int | None:
    """A whole number as people type it ("2", "1,200", "2.0"), or None."""
    if not isinstance(raw, str):
        return None
    text = raw.replace("\u00a0", " ").strip()
    if len(text) > MAX_LENGTH:
        return None
    match = _WHOLE_FIGURE_RE.fullmatch(text)
    if not match:
        return None
    number = int(match["figure"].replace(",", ""))
    return -number if match["sign"] == "-" else number


# A decimal answer is read to a millionth of its unit: finer than any measurement, and coarse
# enough that a share of it (a percent of a lot's area) stays finite. A home of 2.2e-308 sq ft
# made a business's share of it infinite, which JSON cannot hold (found by schemathesis).
DECIMAL_PLACES = 6


def _reads_point_as_decimal() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


class NumberField(forms.FloatField):
    """A form's decimal number in its ``unit``, read by ``read_measure`` to ``DECIMAL_PLACES``;
    a figure whose point may group thousands ("1.400") is asked back, never guessed."""

    unit = ""

    def to_python(self, value):
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        # Only for a reader whose language groups thousands with a point: in English (the page
        # and the JSON) "1.400" is one and four tenths, as written.
        both = None if _reads_point_as_decimal() else ambiguous_point(str(value))
        if both is not None and "ambiguous_point" in self.error_messages:
            whole, decimal = both
            raise ValidationError(
                self.error_messages["ambiguous_point"],
                code="ambiguous_point",
                params={"whole": whole, "decimal": decimal},
            )
        number = read_measure(str(value), self.unit)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return round(number, DECIMAL_PLACES) + 0.0  # + 0.0: -1e-9 reads as 0, not -0


class WholeNumberField(forms.IntegerField):
    """A form's whole number, read by ``read_whole``."""

    def to_python(self, value):
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        number = read_whole(str(value))
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number
