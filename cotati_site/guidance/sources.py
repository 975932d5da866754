"""Where a summary's or FAQ's facts come from must match where its sections' words came from.

A summary (or FAQ answer) may say it was "checked against code text on this site" only when
every section it cites holds the official code text here. A section whose words were quoted
by a secondary source (a peer website), printed in a proposal's redline, or not held at all
cannot back that claim: such a summary's basis is "secondary", with a note saying where the
fact comes from. The admin forms refuse the mismatch, and a test holds the shipped content to it.
"""

from collections.abc import Iterable

from cotati_site.codebook.models import CodeSection, TextSource
from cotati_site.guidance.models import Summary


def basis_problem(basis: str, sections: Iterable[CodeSection]) -> str | None:
    """Why ``basis`` cannot stand with these cited ``sections``, or None if it can."""
    if basis != Summary.Basis.CODE_TEXT:
        return None
    sections = list(sections)
    if not sections:
        return "'Checked against code text on this site' needs at least one cited section."
    not_official = [s.number for s in sections if s.text_source != TextSource.OFFICIAL]
    if not_official:
        numbers = ", ".join(f"§ {n}" for n in sorted(not_official))
        return (
            f"{numbers} {'has' if len(not_official) == 1 else 'have'} no official code text on this "
            "site (quoted by a secondary source, taken from a redline, or not held), so the basis "
            "must be 'secondary', with a note saying where the fact comes from."
        )
    return None
