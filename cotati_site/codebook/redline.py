"""Versions of a code section as text: pasted text into blocks, and a word-level redline.

Plain Python over the block format of ``SectionVersion.body`` (see ``blocks.validate_body``);
the pages and the admin use it, nothing here touches the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from cotati_site.core.word_diff import (  # noqa: F401  (re-exported for the redline's users)
    CHANGED,
    DELETED,
    INSERTED,
    SAME,
    Segment,
    word_diff,
)

# A line the source changes without showing which words go and which come (a table row whose
# flattened text runs struck and inserted wording together: ``unseparated_rows``).
UNSEPARATED = "unseparated"

# "A.", "1.", "a.", "(1)", "(a)", "(iv)" at the start of a paragraph: the code's own labels.
_LABEL_RE = re.compile(
    r"^(?P<label>(?:[A-Z]{1,2}|\d{1,3}|[a-z]{1,2})\.|\((?:\d{1,3}|[a-z]{1,4}|[A-Z])\))\s+"
)
_ROMAN_RE = re.compile(r"^\((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)\)$")
# A pair of lines this much alike is shown as one changed line; less alike, as a line
# deleted and a line inserted.
_PAIR_SIMILARITY = 0.4


def _label_level(label: str) -> int:
    inner = label.strip("().")
    if _ROMAN_RE.match(label):
        return 4
    if inner.isdigit():
        return 2
    if inner.isupper():
        return 1
    return 3


def text_to_blocks(text: str) -> list[dict]:
    """Blocks from pasted official text: one paragraph per blank-line-separated chunk
    (or per line, when the text has no blank lines), keeping labels such as 'A.' or '(1)'."""
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text:
        return []
    if re.search(r"\n\s*\n", text):
        chunks = [" ".join(chunk.split()) for chunk in re.split(r"\n\s*\n", text)]
    else:
        chunks = [" ".join(line.split()) for line in text.split("\n")]
    return [paragraph_block(chunk) for chunk in filter(None, chunks)]


def paragraph_block(chunk: str) -> dict:
    """One paragraph, with its label ('A.', '(1)') and level when it starts with one."""
    match = _LABEL_RE.match(chunk)
    if match and len(chunk) > match.end():
        label = match.group("label")
        return {
            "type": "paragraph",
            "label": label,
            "level": _label_level(label),
            "text": chunk[match.end() :],
        }
    return {"type": "paragraph", "text": chunk}


def version_lines(blocks) -> list[str]:
    """A body as lines of plain text: one per paragraph or heading, one per table row
    (cells joined by ' | '), caption and notes on their own lines."""
    lines: list[str] = []
    for block in blocks or []:
        if block.get("type") == "table":
            if block.get("caption"):
                lines.append(block["caption"])
            for row in list(block.get("head", [])) + list(block.get("rows", [])):
                if isinstance(row, dict):
                    lines.append(row.get("group", ""))
                else:
                    lines.append(" | ".join(str(cell) for cell in row))
            lines.extend(block.get("notes", []))
        else:
            lines.append(" ".join(filter(None, [block.get("label", ""), block.get("text", "")])))
    return [" ".join(line.split()) for line in lines if line and line.strip()]


@dataclass(frozen=True)
class RedlineLine:
    kind: str  # same, inserted, deleted or changed
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class Redline:
    lines: tuple[RedlineLine, ...]

    @property
    def has_changes(self) -> bool:
        """Whether words differ (an unseparated line is a change the redline cannot show)."""
        return any(line.kind not in (SAME, UNSEPARATED) for line in self.lines)

    @property
    def unseparated(self) -> list[RedlineLine]:
        """Lines the proposal changes without the source showing which words go and which come."""
        return [line for line in self.lines if line.kind == UNSEPARATED]


def redline(old_blocks, new_blocks) -> Redline:
    """The changes from one version's text to another's, line by line and, within a
    changed line, word by word (``difflib``)."""
    a, b = version_lines(old_blocks), version_lines(new_blocks)
    unseparated = set(unseparated_lines(new_blocks))
    out: list[RedlineLine] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.extend(RedlineLine(SAME, (Segment(SAME, line),)) for line in a[i1:i2])
        elif tag == "delete":
            out.extend(_whole(DELETED, line) for line in a[i1:i2])
        elif tag == "insert":
            out.extend(_whole(INSERTED, line) for line in b[j1:j2])
        else:
            out.extend(_pair_up(a[i1:i2], b[j1:j2]))
    if unseparated:
        # Whatever the word diff found, such a row's real change is not in the text.
        out = [
            RedlineLine(UNSEPARATED, (Segment(SAME, _new_text(line)),))
            if _new_text(line) in unseparated
            else line
            for line in out
        ]
    return Redline(tuple(out))


def _new_text(line: RedlineLine) -> str:
    return " ".join(s.text for s in line.segments if s.kind != DELETED)


def unseparated_lines(blocks) -> list[str]:
    """The lines (as ``version_lines`` writes them) of table rows marked ``unseparated_rows``."""
    lines = []
    for block in blocks or []:
        if block.get("type") == "table":
            for n in block.get("unseparated_rows", []):
                row = block["rows"][n]
                lines.append(" ".join(" | ".join(str(cell) for cell in row).split()))
    return lines


def _whole(kind: str, line: str) -> RedlineLine:
    return RedlineLine(kind, (Segment(kind, line),))


def _pair_up(old_lines: list[str], new_lines: list[str]) -> list[RedlineLine]:
    """Replaced lines: each old line is matched to the most similar new line still ahead of
    the last match; unmatched lines are wholly deleted or inserted."""
    out: list[RedlineLine] = []
    j = 0
    for old in old_lines:
        best, best_ratio = None, _PAIR_SIMILARITY
        for k in range(j, len(new_lines)):
            ratio = SequenceMatcher(None, old.split(), new_lines[k].split()).ratio()
            if ratio >= best_ratio:
                best, best_ratio = k, ratio
        if best is None:
            out.append(_whole(DELETED, old))
            continue
        out.extend(_whole(INSERTED, line) for line in new_lines[j:best])
        out.append(RedlineLine(CHANGED, word_diff(old, new_lines[best])))
        j = best + 1
    out.extend(_whole(INSERTED, line) for line in new_lines[j:])
    return out
