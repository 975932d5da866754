"""Standards taken from a secondary source whose section now has official text here.

The rules data (law/data/*.toml) marks each standard's source: "code_text" or
"secondary" (a peer website, a redline). Once staff add a section's official text, every
secondary standard citing it should be re-checked by a developer against that text and its
file updated (source = "code_text", the effective date and ordinance). Listed in the admin
("Standards to re-check") and by ``manage.py secondary_standards``.
"""

from __future__ import annotations

from dataclasses import dataclass

from cotati_site.codebook.models import CodeSection, TextSource
from law.engine.loader import load_standards
from law.engine.standards import Standard


@dataclass(frozen=True)
class Recheck:
    standard: Standard
    section: CodeSection

    @property
    def figure(self) -> str:
        s = self.standard
        if s.value is None:
            return "no figure"
        value = f"{s.value:g}"
        return f"{value} {s.unit}" if s.unit else value


def secondary_standards_to_recheck(standards=None) -> list[Recheck]:
    """Each secondary standard whose section holds official code text, in code order."""
    records = [r for r in (standards or load_standards()).records if r.source == "secondary"]
    sections = {
        s.number: s
        for s in CodeSection.objects.filter(
            number__in={r.section for r in records},
            text_source=TextSource.OFFICIAL,
            versions__text_source=TextSource.OFFICIAL,
        ).distinct()
    }
    found = [Recheck(r, sections[r.section]) for r in records if r.section in sections]
    return sorted(found, key=lambda item: (item.section.sort_key, item.standard.id))
