"""Anchors in the code's text, citations that land on them, and cross-references as links.

Plain Python over the block format of section versions (``blocks.validate_body``); nothing
here touches the database. One scheme, used by the section page (the ids it prints), by
every citation on the site (the ``#...`` it links to) and by the tests that hold them together:

- a table captioned "Table 2-10 ..." is ``table-2-10``; its note "(1) ..." is ``table-2-10-note-1``;
- a lettered or numbered subsection is the path of its labels: "A." → ``sub-a``, then "1." → ``sub-a-1``,
  then "a." → ``sub-a-1-a`` (the nesting follows the kind of label, as the code letters them:
  A., then 1., then a., then (i); the stored ``level`` is not relied on);
- a citation ("Table 2-10", "Table 3-2, note (1)", "C", "§ 17.24.040(A)(1)–(2)") maps to the anchor
  it names, or to none when it names no table or subsection ("height", "limits").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cotati_site.codebook.redline import _LABEL_RE, _label_level

_TABLE_RE = re.compile(r"\bTables?\s+(\d+(?:-\d+)*[A-Z]?)", re.IGNORECASE)
_NOTE_RE = re.compile(r"^\s*\((\d{1,2}|[a-z])\)")
_CITED_NOTE_RE = re.compile(r"\bnotes?\s*\((\d{1,2}|[a-z])\)", re.IGNORECASE)
# "(A)(1)" after a section number, or a bare "C" / "C(2)" as the standards data writes it.
_CITED_LABELS_RE = re.compile(r"(?:§\s*)?(?:\d+(?:\.\d+)+)?((?:\([A-Za-z0-9]{1,4}\))+)")
_BARE_LETTER_RE = re.compile(r"^([A-Z])((?:\([A-Za-z0-9]{1,4}\))*)$")
_PART_RE = re.compile(r"\(([A-Za-z0-9]{1,4})\)")

# A section number in running text ("Section 17.30.020", "§ 17.30.040(D)", "17.30.040E"), and a
# chapter named as one ("Chapter 17.34").
_SECTION_REF_RE = re.compile(r"(?<![\d.])(\d{1,2}\.\d{2}\.\d{3})([A-Z](?![A-Za-z]))?(?![\d])")
_CHAPTER_REF_RE = re.compile(r"(\bChapters?\s+)(\d{1,2}\.\d{2})(?![\d.]*\d)")

CONTENTS_MIN_ENTRIES = (
    4  # a section with this many subsections, headings and tables gets a contents list
)


def _slug(label: str) -> str:
    return label.strip("().").lower()


def table_anchor(caption: str | None, index: int) -> str:
    """``table-2-10`` for "Table 2-10 NM Zone Standards"; ``table-<n>`` for an unnumbered table."""
    match = _TABLE_RE.match((caption or "").strip())
    return f"table-{match.group(1).lower()}" if match else f"table-{index}"


def note_anchor(table: str, note: str) -> str | None:
    match = _NOTE_RE.match(note or "")
    return f"{table}-note-{match.group(1).lower()}" if match else None


@dataclass(frozen=True)
class ContentsEntry:
    anchor: str
    label: str
    title: str


def _short_title(text: str) -> str:
    head = text.split(". ", 1)[0].strip().rstrip(".")
    if len(head) <= 80:
        return head
    return text[:60].rsplit(" ", 1)[0] + "…"


def anchored_blocks(blocks) -> list[dict]:
    """The blocks of a text, each copied with the ``anchor`` it is printed with (None for an
    unlabelled paragraph); a table's copy also has ``note_anchors``, one per note."""
    out: list[dict] = []
    path: list[tuple[int, str]] = []
    seen: set[str] = set()
    tables = 0

    def unique(anchor: str) -> str:
        candidate, n = anchor, 2
        while candidate in seen:
            candidate, n = f"{anchor}-{n}", n + 1
        seen.add(candidate)
        return candidate

    for block in blocks or []:
        copy = dict(block)
        if block.get("type") == "table":
            tables += 1
            anchor = unique(table_anchor(block.get("caption"), tables))
            copy["anchor"] = anchor
            copy.setdefault("unseparated_rows", [])
            copy["note_anchors"] = [
                (unique(a) if (a := note_anchor(anchor, note)) else None)
                for note in block.get("notes", [])
            ]
        elif block.get("type") == "paragraph" and block.get("label"):
            label = block["label"]
            if not _LABEL_RE.match(label + " x"):
                copy["anchor"] = None
            else:
                level = _label_level(label)
                while path and path[-1][0] >= level:
                    path.pop()
                path.append((level, _slug(label)))
                copy["anchor"] = unique("sub-" + "-".join(part for _level, part in path))
        else:
            copy["anchor"] = None
        out.append(copy)
    return out


def block_anchors(blocks) -> frozenset[str]:
    """Every anchor a text prints (for checking a citation lands somewhere)."""
    anchors = set()
    for block in anchored_blocks(blocks):
        if block.get("anchor"):
            anchors.add(block["anchor"])
        anchors.update(a for a in block.get("note_anchors", []) if a)
    return frozenset(anchors)


def contents(blocks) -> list[ContentsEntry]:
    """A contents list for a long text (headings, top-level subsections and tables), or
    an empty list when the text is short enough to read without one."""
    entries = []
    for block in anchored_blocks(blocks):
        anchor = block.get("anchor")
        if not anchor:
            continue
        if block["type"] == "table":
            entries.append(ContentsEntry(anchor, "", block.get("caption") or "Table"))
        elif anchor.count("-") == 1:  # "sub-a": a top-level subsection
            entries.append(ContentsEntry(anchor, block["label"], _short_title(block["text"])))
    return entries if len(entries) >= CONTENTS_MIN_ENTRIES else []


def citation_anchor(citation: str | None) -> str | None:
    """The anchor a citation names: a table (and its note), else a subsection path."""
    text = (citation or "").strip()
    if not text:
        return None
    table = _TABLE_RE.search(text)
    if table:
        anchor = f"table-{table.group(1).lower()}"
        note = _CITED_NOTE_RE.search(text[table.end() :])
        return f"{anchor}-note-{note.group(1).lower()}" if note else anchor
    bare = _BARE_LETTER_RE.match(text)
    if bare:
        parts = [bare.group(1), *_PART_RE.findall(bare.group(2))]
        return "sub-" + "-".join(_slug(p) for p in parts)
    labels = _CITED_LABELS_RE.search(text)
    if labels and labels.group(1):
        return "sub-" + "-".join(_slug(p) for p in _PART_RE.findall(labels.group(1)))
    return None


def citation_href(section_url: str, citation: str | None, anchors) -> str:
    """The section's address with the citation's anchor, when the text in force prints it."""
    anchor = citation_anchor(citation)
    return f"{section_url}#{anchor}" if anchor and anchor in (anchors or ()) else section_url


def referenced_numbers(texts) -> tuple[set[str], set[str]]:
    """The section numbers (with and without a letter suffix) and chapter numbers the texts name."""
    sections: set[str] = set()
    chapters: set[str] = set()
    for text in texts:
        for match in _SECTION_REF_RE.finditer(text or ""):
            sections.add(match.group(1))
            if match.group(2):
                sections.add(match.group(1) + match.group(2))
        for match in _CHAPTER_REF_RE.finditer(text or ""):
            chapters.add(match.group(2))
    return sections, chapters


def block_texts(blocks):
    """Every run of words in a text: paragraphs, headings, table cells, captions and notes."""
    for block in blocks or []:
        if block.get("type") == "table":
            yield block.get("caption") or ""
            for row in [*block.get("head", []), *block.get("rows", [])]:
                if isinstance(row, dict):
                    yield row.get("group", "")
                else:
                    yield from (str(cell) for cell in row)
            yield from block.get("notes", [])
        else:
            yield block.get("text", "")


@dataclass(frozen=True)
class KnownNumbers:
    """The sections and chapters on this site that a text's cross-references may link to."""

    sections: frozenset[str] = frozenset()
    chapters: frozenset[str] = frozenset()
    this_section: str = ""


def link_references(text: str, known: KnownNumbers | None) -> SafeString:
    """``text`` escaped, with each cross-reference to a section or chapter on this site made a
    link (a reference to the section itself, or to one not on the site, stays plain text)."""
    from django.urls import reverse

    escaped = str(conditional_escape(text or ""))
    if not known or not (known.sections or known.chapters):
        return mark_safe(escaped)  # noqa: S308 -- escaped above

    def section_link(match: re.Match) -> str:
        number, suffix = match.group(1), match.group(2) or ""
        target = number + suffix if number + suffix in known.sections else number
        if target not in known.sections or target == known.this_section:
            return match.group(0)
        url = reverse("section_detail", args=[target])
        return format_html('<a href="{}" data-xref="{}">{}</a>', url, target, match.group(0))

    def chapter_link(match: re.Match) -> str:
        if match.group(2) not in known.chapters:
            return match.group(0)
        url = reverse("chapter_detail", args=[match.group(2)])
        return format_html(
            '{}<a href="{}" data-xref="{}">{}</a>',
            match.group(1),
            url,
            match.group(2),
            match.group(2),
        )

    linked = _SECTION_REF_RE.sub(section_link, escaped)
    linked = _CHAPTER_REF_RE.sub(chapter_link, linked)
    return mark_safe(linked)  # noqa: S308 -- built from escaped text and format_html
