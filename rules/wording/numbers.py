"""Figures in words: numbers as the site prints them, with their units (in the page's
language: docs/glossary-es.md says why Spanish keeps the decimal point)."""

from django.utils.translation import gettext

from rules.wording.words import BOUND, COMPARISON, UNIT, UNIT_SINGULAR


def num(value) -> str:
    """12.0 → '12', 12.5 → '12.5', 43560 → '43,560'."""
    if value is None:
        return ""
    number = float(value)
    if number.is_integer():
        return f"{int(number):,}"
    return f"{number:,.2f}".rstrip("0").rstrip(".")


def unit_label(unit, value=None) -> str:
    """The unit's words, singular when the figure beside it is exactly one."""
    # The figure is compared first: it is seldom one, and each look-up in a table of words
    # asks for the page's language.
    if value is not None and float(value) == 1 and unit in UNIT_SINGULAR:
        return UNIT_SINGULAR[unit]
    return UNIT.get(unit or "", unit or "")


def feet_and_inches(inches: float) -> str:
    """84 → '7 ft', 90 → '7 ft 6 in.', 42 → '3 ft 6 in.' ('7 pies 6 pulgadas' in Spanish)."""
    feet, rest = divmod(round(float(inches), 2), 12)
    text = f"{int(feet)} {unit_label('ft', feet)}" if feet else ""
    if rest:
        text = f"{text} {num(rest)} {unit_label('in', rest)}".strip()
    return text or f"0 {unit_label('in')}"


def amount(value, unit) -> str:
    """A figure with its unit as the site writes one amount: '3 ft 6 in.', '40%', '2 homes'."""
    if unit == "in":
        return feet_and_inches(value)
    if unit == "percent":
        return f"{num(value)}%"
    return f"{num(value)} {unit_label(unit, value)}"


def feet(value) -> str:
    """A distance in feet for the drawing's text: '20 ft', or 'unknown'."""
    return gettext("unknown") if value is None else f"{num(value)} {unit_label('ft', value)}"


def end_sentence(text) -> str:
    """Close a sentence after a unit without doubling its period ('84 in.' stays '84 in.')."""
    text = str(text)
    return text if text.endswith(".") else f"{text}."


def bound_word(comparison: str) -> str:
    """'at least ' / 'up to ' before a figure inside a sentence ('' for a figure or range)."""
    return BOUND.get(comparison, "")


def comparison_word(comparison: str) -> str:
    return COMPARISON.get(comparison, "")
