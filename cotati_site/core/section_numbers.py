"""Section numbers as the Cotati Municipal Code writes them (17.30.030, 17.24.030A), and
California statutes as the site files them ("Gov. Code 66314").

Here, below both the code book and Check my lot's wording, so each can read the one pattern
without importing the other.
"""

import re

from django.core.validators import RegexValidator

SECTION_NUMBER_RE = re.compile(r"^\d+(\.\d+)*[A-Z]?$")
# A California statute shown as a section of its own: "Gov. Code 66314", "Gov. Code 65852.21".
STATE_SECTION_NUMBER_RE = re.compile(r"^Gov\. Code \d+(\.\d+)?$")


def cite_label(number: str) -> str:
    """A section as a citation: "§ 17.30.030", or "Gov. Code § 66314" for a state statute."""
    if STATE_SECTION_NUMBER_RE.match(number):
        code, _, digits = number.rpartition(" ")
        return f"{code} § {digits}"
    return f"§ {number}"


section_number_validator = RegexValidator(
    re.compile(f"{SECTION_NUMBER_RE.pattern}|{STATE_SECTION_NUMBER_RE.pattern}"),
    "Use the number as the code writes it, for example 17.30.030 (or Gov. Code 66314 for a state statute).",
)


def section_sort_key(number: str) -> str:
    """A key that sorts section numbers as the code does: 17.24.9 before 17.24.10."""
    parts = []
    for part in number.split("."):
        digits = re.match(r"\d+", part)
        head = int(digits.group()) if digits else 0
        parts.append(f"{head:05d}{part[len(digits.group()) if digits else 0 :]}")
    return ".".join(parts)
