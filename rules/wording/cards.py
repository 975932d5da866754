"""Each finding's card (the macro of templates/rules/partials/_finding.jinja), rendered once per
process and kept.

Why kept: a person refining a plan changes one or two findings at a time, and the results
carry fifteen to forty cards, rendered again on every update; rendering them was about a
third of a new plan's htmx answer (docs/performance.md has the figures). A card depends on
nothing but the finding (its codes, numbers and citations: the words are fixed for the life
of the process), the anchors its citations may land on (those the texts in force print), the
proposal a minor-variance hint names and the language it is worded in: the key is all four.
"""

from django.template import engines
from markupsafe import Markup

from law.engine.caches import process_cache
from rules.wording.findings import card_links, proposal_note
from rules.wording.words import language

CARDS_KEPT = 4096  # bounded: a new plan's changed findings are new keys


def finding_cards(context, findings) -> Markup:
    """Every card of a list, in order."""
    anchors = context.get("section_anchors") or {}
    known = getattr(anchors, "key", None)  # content.section_anchors keys itself
    if known is None:
        known = tuple(sorted(anchors.items()))
    cards = []
    for finding in findings:
        mv = finding.minor_variance
        proposal = proposal_note(context, mv.proposed_by) if mv and mv.proposed_by else None
        cards.append(_card(finding, known, proposal, language()))
    return Markup("".join(cards))


@process_cache(maxsize=CARDS_KEPT)
def _card(finding, known: tuple, proposal, language: str) -> str:
    # (``language`` is part of the key only: the macro's words follow the active language.)
    macro = engines["checker"].env.get_template("rules/partials/_finding.jinja").module.card
    return str(macro(finding, card_links(finding, dict(known)), proposal))


def forget_cards() -> None:
    """Empty the kept cards (a test that changes the words or the templates)."""
    _card.cache_clear()
