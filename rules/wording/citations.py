"""Citations in words and the addresses they lead to: Cotati's sections, the state statutes
the site holds, and the codes it cites by name only."""

from cotati_site.core.section_numbers import SECTION_NUMBER_RE, STATE_SECTION_NUMBER_RE, cite_label
from rules.wording.words import CITATION, STATE_CODES


def citation_label(section) -> str:
    """'CRC R105.2' → 'California Residential Code, § R105.2' ('' for other citations)."""
    prefix, _, rest = str(section or "").partition(" ")
    if prefix not in CITATION or not rest:
        return ""
    code = CITATION[prefix]
    return f"{code['code']}, {code['mark']}{rest}"


def is_section_number(section) -> bool:
    """Whether a citation names a section on this site we can link to: a Cotati section
    number or a state statute numbered as the site files it ("Gov. Code 66314"). Hillside
    rules cite none yet."""
    text = str(section or "")
    return bool(SECTION_NUMBER_RE.match(text) or STATE_SECTION_NUMBER_RE.match(text))


def section_cite(section) -> str:
    """A section number as a citation: '§ 17.30.030', or 'Gov. Code § 66314' for a statute."""
    return cite_label(str(section or ""))


def source_cite(section) -> str:
    """Any citation of the standards data as it reads: '§ 17.30.030', 'Gov. Code § 66314',
    'California Residential Code, § R105.2'; a citation of neither kind is of Cotati's code."""
    if is_section_number(section):
        return section_cite(section)
    return citation_label(section) or f"Cotati Municipal Code, {section}"


def is_state_law(section) -> bool:
    """Whether a citation names a California statute or code (shown with a "CA state law"
    badge): a statute this site holds ("Gov. Code 66314") or one cited by its code's prefix
    ("BPC 7347")."""
    text = str(section or "")
    return bool(STATE_SECTION_NUMBER_RE.match(text)) or text.partition(" ")[0] in STATE_CODES
