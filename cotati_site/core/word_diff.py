"""Word-level differences between two lines of text: unchanged, deleted and inserted runs.

Used by the code book's redline and by the admin's history diff (``core.history_admin``),
so it lives below both.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

SAME, INSERTED, DELETED, CHANGED = "same", "inserted", "deleted", "changed"


@dataclass(frozen=True)
class Segment:
    kind: str  # same, inserted or deleted
    text: str


def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """Word-level differences between two lines: unchanged, deleted and inserted runs."""
    a, b = old.split(), new.split()
    segments: list[Segment] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            segments.append(Segment(SAME, " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            segments.append(Segment(DELETED, " ".join(a[i1:i2])))
        if j2 > j1:
            segments.append(Segment(INSERTED, " ".join(b[j1:j2])))
    return tuple(segments)
