"""Official code text as staff paste it from the city's code host, parsed into blocks.

Plain Python, no database: the admin's "Add official text" page and the
``import_official_text`` command both call ``parse_official_text`` and then
``code_text.adopt_official_text`` to save what staff confirmed.

What a paste may hold, and what becomes of it:

- Paragraphs, separated by blank lines (lines inside one are joined: the host wraps them).
  A leading bullet ("•") is dropped; a label such as "A.", "1.", "(a)" is kept as the
  paragraph's label, with its level.
- A table: a line "Table 2-10" (its caption, with the title line after it), then rows with
  cells separated by tabs or by "|" (as a spreadsheet or a Markdown table pastes). The rows
  above a Markdown rule ("|---|---|") are the header; without a rule, the first row is.
  A row that wraps is joined back: in the body, a row whose first cell is empty continues
  the row above it cell by cell, and a line with no separators continues the last filled
  cell of the row above ("1 unit per 0.66" + "acres"). A blank line ends the table.
- "Notes:" after a table, then "(1) …" lines: the table's notes.
- The ordinance history line, "(Ord. 766 § 2 Exh. A (part), 2004; Ord. 935, 6/24/2025)".
- The host's page furniture ("Downloaded from https://ecode360.com/CO4398 on 2026-05-11",
  "City of Cotati, CA § 17.24.020", "COTATI CODE", a lone "§ 17.24.030") is dropped; the
  download line gives the source address and the retrieval date.
- A first line "§ 17.24.030 Zoning district standards." names the section.

Whatever the parser cannot place is kept as a paragraph and reported in ``warnings``, so
staff can fix the parsed result before saving; nothing pasted is silently lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from cotati_site.codebook.redline import paragraph_block

_SECTION_RE = re.compile(r"^§\s*(?P<number>\d+(?:\.\d+)+[A-Z]?)\.?(?:\s+(?P<title>.+?))?\s*$")
_DOWNLOADED_RE = re.compile(
    r"^Downloaded from (?P<url>https?://\S+?)\.? on (?P<date>\d{4}-\d{2}-\d{2})\.?\s*$"
)
_FURNITURE_RE = re.compile(
    r"^(?:City of Cotati, CA(?:\s+§\s*[\d.]+)?|COTATI CODE|§\s*\d+(?:\.\d+)+|"
    r"-+ (?:Start|End) of picture text -+|==> picture .* <==)$"
)
_HISTORY_RE = re.compile(r"^\(?\s*(?:Ord\.|Ords\.|Prior code|Res\.)", re.IGNORECASE)
_TABLE_RE = re.compile(r"^Table\s+\d+(?:-\d+)?[A-Za-z]?\b")
_NOTES_RE = re.compile(r"^Notes?:\s*$", re.IGNORECASE)
_NOTE_RE = re.compile(r"^\(\d+\)\s")
_RULE_CELL_RE = re.compile(r"^:?-{3,}:?$")
_BULLET_RE = re.compile(r"^[•·▪◦]\s*")


@dataclass
class ParsedSection:
    number: str = ""
    title: str = ""
    blocks: list[dict] = field(default_factory=list)
    history: str = ""
    source_url: str = ""
    retrieved_on: date | None = None
    warnings: list[str] = field(default_factory=list)


def _cells(line: str) -> list[str] | None:
    """The cells of a table row, or None when the line is not one."""
    if "\t" in line:
        cells = line.split("\t")
    elif line.count("|") >= 1 and not line.startswith("("):
        inner = line.strip()
        if inner.startswith("|"):
            inner = inner[1:]
        if inner.endswith("|"):
            inner = inner[:-1]
        cells = inner.split("|")
    else:
        return None
    return [" ".join(cell.split()) for cell in cells]


def _is_rule(cells: list[str]) -> bool:
    return all(_RULE_CELL_RE.match(cell) for cell in cells if cell) and any(cells)


def _join(a: str, b: str) -> str:
    return " ".join(filter(None, [a, b]))


class _Table:
    def __init__(self, caption: str):
        self.caption = caption
        self.head: list[list[str]] = []
        self.rows: list[list[str]] = []
        self.notes: list[str] = []
        self.ruled = False  # a Markdown rule has split the header from the body
        self.gap = False  # a blank line came after the caption, before any row

    def add_row(self, cells: list[str]) -> None:
        if _is_rule(cells):
            self.head, self.rows, self.ruled = self.head + self.rows, [], True
        elif not self.head and not self.rows:
            self.head.append(cells)  # the first row is the header, until a rule says otherwise
        elif not self.ruled and not self.rows and not cells[0]:
            self.head.append(cells)  # right under the header, an empty first cell: more header
        elif self.rows and not cells[0]:
            previous = self.rows[-1]  # a wrapped row: its cells continue the row above
            for index, cell in enumerate(cells):
                if index < len(previous):
                    previous[index] = _join(previous[index], cell)
                elif cell:
                    previous.append(cell)
        else:
            self.rows.append(cells)

    def continue_last_cell(self, text: str) -> bool:
        rows = self.rows or self.head
        if not rows:
            return False
        row = rows[-1]
        filled = [index for index, cell in enumerate(row) if cell]
        index = filled[-1] if filled else 0
        row[index] = _join(row[index], text)
        return True

    def block(self) -> dict:
        width = max((len(row) for row in self.head + self.rows), default=0)

        def padded(row):
            return row + [""] * (width - len(row))

        block = {
            "type": "table",
            "caption": self.caption,
            "head": [padded(row) for row in self.head],
            "rows": [padded(row) for row in self.rows],
        }
        if self.notes:
            block["notes"] = list(self.notes)
        return block


def parse_official_text(text: str) -> ParsedSection:
    """Blocks, history line, source and retrieval date from one pasted section."""
    parsed = ParsedSection()
    lines = (text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    chunk: list[str] = []
    table: _Table | None = None
    last_table: dict | None = None  # the table "Notes:" would belong to
    in_notes = False
    first = True

    def flush_chunk():
        nonlocal chunk
        if chunk:
            paragraph = " ".join(" ".join(line.split()) for line in chunk)
            chunk = []
            _paragraph(parsed, paragraph)

    def close_table():
        nonlocal table, last_table
        if table is not None:
            block = table.block()
            if not block["rows"] and not block["head"]:
                parsed.warnings.append(
                    f"{table.caption}: no rows were found (paste rows with tabs or '|' "
                    "between cells)."
                )
            parsed.blocks.append(block)
            last_table = block
            table = None

    for raw in lines:
        line = _BULLET_RE.sub("", raw.strip()) if raw.strip() else ""
        if first and line:
            first = False
            match = _SECTION_RE.match(line)
            if match and match.group("title"):
                parsed.number = match.group("number")
                parsed.title = match.group("title").rstrip(".")
                continue
        downloaded = _DOWNLOADED_RE.match(line)
        if downloaded:
            parsed.source_url = downloaded.group("url")
            parsed.retrieved_on = date.fromisoformat(downloaded.group("date"))
            continue
        if _FURNITURE_RE.match(line):
            continue
        if table is not None:
            if not line:
                if table.rows or table.head:
                    close_table()
                else:
                    table.gap = True
                continue
            cells = _cells(raw.rstrip("\n")) if ("\t" in raw or "|" in raw) else None
            if cells is not None:
                table.add_row(cells)
                continue
            if table.head or table.rows:
                table.continue_last_cell(line)
                continue
            if not table.gap:
                table.caption = _join(table.caption, line)  # the table's title line
                continue
            close_table()  # a blank line, then words rather than rows: the table had none
        if not line:
            flush_chunk()
            continue
        if _TABLE_RE.match(line) and not chunk:
            close_table()
            in_notes = False
            table = _Table(line)
            continue
        if _NOTES_RE.match(line) and last_table is not None and not chunk:
            in_notes = True
            continue
        if in_notes and last_table is not None and _NOTE_RE.match(line) and not chunk:
            last_table.setdefault("notes", []).append(line)
            continue
        if (
            in_notes
            and last_table is not None
            and not chunk
            and last_table.get("notes")
            and not _HISTORY_RE.match(line)
            and not paragraph_block(line).get("label")
        ):
            last_table["notes"][-1] = _join(last_table["notes"][-1], line)  # a wrapped note
            continue
        in_notes = False
        if _HISTORY_RE.match(line) and not chunk:
            parsed.history = " ".join(line.split())
            continue
        chunk.append(line)
    flush_chunk()
    close_table()
    if not parsed.blocks:
        parsed.warnings.append("No text was found to save.")
    return parsed


def _paragraph(parsed: ParsedSection, text: str) -> None:
    if not text:
        return
    parsed.blocks.append(paragraph_block(text))


def split_sections(text: str) -> list[str]:
    """A file of many sections, split at each line that starts "§ <number> <title>"."""
    pieces: list[list[str]] = []
    for line in (text or "").replace("\r\n", "\n").split("\n"):
        match = _SECTION_RE.match(_BULLET_RE.sub("", line.strip()))
        if match and match.group("title"):
            pieces.append([line])
        elif pieces:
            pieces[-1].append(line)
    return ["\n".join(piece) for piece in pieces]
