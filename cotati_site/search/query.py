"""What a typed query is: cleaned text, a section number, words, or a place.

Plain functions on strings; no database.
"""

import re
import unicodedata

MAX_QUERY_LENGTH = 200
MAX_TERMS = 10
# While typing, the last word also finds the words it starts ("floodpl" finds floodplain)
# from this length on: shorter, it starts too many ("car" would find "care" and "carport",
# "en" "entry" and "engineer").
PREFIX_MIN_LENGTH = 4

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\ue000\ue001]")
_SPACE_RE = re.compile(r"\s+")
# "§ 17.30.030", "sec. 17.30", "17.30.030(B)(2)": a section, chapter or title number.
_NUMBER_RE = re.compile(
    r"^(?:§+\s*|sec(?:tion)?\.?\s+)?(\d+(?:\.\d+)*[A-Za-z]?)(?:\s*\([A-Za-z0-9]+\))*\.?$",
    re.IGNORECASE,
)
# Words for the query: letters and digits, with inner dots kept so "17.30.030" stays whole.
_TERM_RE = re.compile(r"\w+(?:\.\w+)*")
# Words as the vocabulary compares them: runs of letters (accents kept) and digits.
_NOT_WORD_RE = re.compile(r"[\W_]+")


def clean_query(raw: str | None) -> tuple[str, bool]:
    """The query with control characters dropped, spaces collapsed and a sane length."""
    text = _SPACE_RE.sub(" ", _CONTROL_RE.sub(" ", raw or "")).strip()
    if len(text) <= MAX_QUERY_LENGTH:
        return text, False
    return text[:MAX_QUERY_LENGTH].rstrip(), True


def section_number_in(query: str) -> str | None:
    """The section, chapter or title number a query consists of, if it is one.

    A bare number without a dot ("12") is more likely a measurement than code title 12, so
    it only counts as a number when written with "§" or "section".
    """
    match = _NUMBER_RE.match(query.strip())
    if not match:
        return None
    number = match.group(1).upper() if match.group(1)[-1].isalpha() else match.group(1)
    if "." not in number and not re.match(r"^(§|sec)", query.strip(), re.IGNORECASE):
        return None
    return number


def query_terms(query: str) -> list[str]:
    """The distinct words of a query, lower-cased, at most MAX_TERMS of them."""
    terms = []
    for term in _TERM_RE.findall(query.lower()):
        if term not in terms:
            terms.append(term)
    return terms[:MAX_TERMS]


def normalised(text: str) -> str:
    """Lower-case words without accents, separated by single spaces, a space at each end:
    " in law unit ", " espanol ". (Accents are dropped as the search indexes drop them.)"""
    text = "".join(
        char
        for char in unicodedata.normalize("NFKD", text.lower())
        if not unicodedata.combining(char)
    )
    return f" {_NOT_WORD_RE.sub(' ', text).strip()} "


def shorten(text: str, width: int = 220) -> str:
    """The text's first ``width`` characters or so, cut at a space."""
    text = _SPACE_RE.sub(" ", text or "").strip()
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[: cut if cut > width // 2 else width] + " …"


# Addresses and parcel numbers --------------------------------------------------------------

_STREET_TYPES = (
    "st|street|ave|avenue|rd|road|dr|drive|ln|lane|ct|court|way|blvd|boulevard|pl|place|"
    "cir|circle|ter|terrace|pkwy|parkway|hwy|highway|loop|trl|trail"
)
# "123 Main St", "8080 Old Redwood Hwy, Cotati": a house number, words, a street type.
_ADDRESS_RE = re.compile(
    rf"^\d{{1,6}}[a-z]?\s+(?:[a-z0-9.'-]+\s+){{0,4}}(?:{_STREET_TYPES})\b\.?(?:[\s,].*)?$",
    re.IGNORECASE,
)
# Sonoma County APNs: 046-123-045 (book-page-parcel), with or without dashes or spaces, or
# with a fourth group; "APN 046123045" too.
_APN_RE = re.compile(
    r"^(?:apn\s*:?\s*)?\d{3}[-\s]?\d{3}[-\s]?\d{3}(?:[-\s]?\d{3})?$", re.IGNORECASE
)


def place_kind(query: str) -> str:
    """ "parcel" for a query that is an APN, "address" for a street address, else ""."""
    if _APN_RE.match(query.strip()):
        return "parcel"
    if _ADDRESS_RE.match(query.strip()):
        return "address"
    return ""
