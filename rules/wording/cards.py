"""Each finding's card (the macro of templates/rules/partials/_finding.jinja), rendered once per
process and kept.

Why kept: a person refining a plan changes one or two findings at a time, and the results
carry fifteen to forty cards, rendered again on every update; rendering them was about a
third of a new plan's htmx answer (docs/performance.md has the figures). A card depends on
nothing but the finding (its codes, numbers and citations: the words are fixed for the life
of the process), the anchors its citations may land on (those the texts in force print), the
proposal a minor-variance hint names, the language it is worded in, whether its figure was
typed (``typed_values``) and whether "What to do next" says its note: the key is all six.
"""

from dataclasses import fields
from operator import itemgetter

from django.template import engines
from markupsafe import Markup

from law.engine.caches import process_cache
from law.engine.findings import Finding
from law.engine.registry import registry
from rules.wording.findings import card_links, proposal_note
from rules.wording.words import language

CARDS_KEPT = 4096  # bounded: a new plan's changed findings are new keys

# A card is kept by its finding's fields as one tuple (the values the finding's own equality
# and hash compare): a new plan's findings are all fresh copies, and a tuple is hashed and
# compared in one step each, where the finding hashes its fields, then compares them with the
# kept one's through the dataclass's __eq__.
_FIELDS = tuple(field.name for field in fields(Finding))
_values_of = itemgetter(*_FIELDS)


def finding_cards(context, findings, said=()) -> Markup:
    """Every card of a list, in order; ``said``: the rules whose notes "What to do next" says
    above them (the card marks its note, which the printed sheet leaves off)."""
    anchors = context.get("section_anchors") or {}
    known = getattr(anchors, "key", None)  # content.section_anchors keys itself
    if known is None:
        known = tuple(sorted(anchors.items()))
    typed = typed_values(context.get("form"))
    # Asked once for the list, not once a card: the language, the families' inputs (whose
    # typed figures make a card's "You entered").
    words_in = language()
    family_of = registry().family_of
    cards = []
    for finding in findings:
        mv = finding.minor_variance
        proposal = proposal_note(context, mv.proposed_by) if mv and mv.proposed_by else None
        entered = _entered(finding, typed, family_of) if typed else False
        printed = _values_of(vars(finding))
        cards.append(_card(printed, known, proposal, words_in, entered, finding.rule in said))
    return Markup("".join(cards))


def typed_values(form) -> dict[str, float]:
    """The figures the person typed, by engine input (a fence's feet and inches as the one
    height they make): a card says "You entered" only of these. A figure the engine took
    from a blank field's meaning or from another answer (one ADU when the count is left
    empty, one home for an existing single-family home) is not one: blank is not a value."""
    if form is None or not getattr(form, "is_bound", False) or form.errors:
        return {}
    kept = getattr(form, "_typed_values", None)
    if kept is not None:
        return kept
    given = {name for name, _value in form.given()}
    # The inputs answered: a score of the seventy-odd, looked up from the answers' side.
    answered = given.union(
        name for name, shown in form.SHOWN_AS.items() if given.intersection(shown)
    )
    inputs = registry().inputs
    cleaned = form.cleaned_data
    typed = {}
    for name in answered:
        if name in inputs:
            value = cleaned.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                typed[name] = float(value)
    form._typed_values = typed
    return typed


def _entered(finding, typed: dict[str, float], family_of) -> bool:
    """Whether ``finding``'s figure is one its family's inputs were typed as."""
    value = finding.value
    if value is None:
        return False
    family = family_of.get(finding.rule)
    if family is None:
        return False
    return float(value) in map(typed.get, family.inputs)


@process_cache(maxsize=CARDS_KEPT)
def _card(
    printed: tuple, known: tuple, proposal, language: str, entered: bool = True, said: bool = False
) -> str:
    # (The macro's words follow the active language, which ``language`` is: the macro is told
    # it only to mark words kept in English on a page in another language.)
    finding = Finding(**dict(zip(_FIELDS, printed, strict=True)))
    macro = engines["checker"].env.get_template("rules/partials/_finding.jinja").module.card
    return str(macro(finding, card_links(finding, dict(known)), proposal, entered, said, language))


def forget_cards() -> None:
    """Empty the kept cards (a test that changes the words or the templates)."""
    _card.cache_clear()
