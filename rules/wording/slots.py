"""Every field's error slot (templates/rules/partials/_error_slots.jinja): an htmx update
swaps them all out of band, so a fixed answer's old message goes.

Only the slots of the fields on the page: those of the questions it drew. The form's updates
wait in one queue and each reads the form when its turn comes, so an update can carry a
project just ticked whose questions are still on their way (its questions' request is queued
behind it); it names the projects the questions on the page were drawn for
(``questions_for``, sent by static/js/checker.js), and those decide. Sent for the form's own
projects instead, its slots for the new questions had no target: htmx:oobErrorNoTarget,
#error-work_kind and 24 more when fence and shed are ticked at once.

Why the slots with no message are kept: nearly every update has no error, and its seventy-odd
empty slots are the same markup each time; rendering them was about 8 % of a new plan's htmx
answer (docs/performance.md). Kept per process, keyed by the form's field names.
"""

from django.template import engines
from markupsafe import Markup

from law.engine.caches import process_cache
from rules.wording.typed import typed_words

TEMPLATE = "rules/partials/_error_slots.jinja"


def names_on_page(context) -> tuple[str, ...]:
    """The fields whose slots the page holds: those of the projects its questions were drawn
    for when the update names them (``questions_for``), else the form's own."""
    drawn = context.get("questions_for")
    form = context["form"]
    return form.shown_names() if drawn is None else form.shown_names_for(drawn)


def error_slots(context) -> Markup:
    """The error slots of the fields on the page, each with its messages (an unbound form's
    are all empty). A message for a field not on the page yet comes with the update queued
    behind its questions (and the results' error summary lists it meanwhile)."""
    form = context["form"]
    names = names_on_page(context)
    if form.is_bound and form.errors:
        return Markup(_render(form.error_messages(names)))
    return Markup(_empty_slots(names))


def understood_on_page(context) -> list[tuple[str, str]]:
    """What was read of each number typed on the page, for an update's out-of-band "Read as"
    slots (templates/rules/partials/_understood.jinja): (name, words) for each number field on
    the page that holds text (the words empty when it cannot be read: the old reading goes).
    A field left empty gets none: its slot is emptied in the browser as the field is
    (static/js/checker.js), and the page without JavaScript draws every slot itself."""
    typed = typed_words(context["form"])
    return [(name, typed[name][1] or "") for name in names_on_page(context) if name in typed]


@process_cache(maxsize=128)  # one per set of projects shown
def _empty_slots(names: tuple[str, ...]) -> str:
    return _render([(name, []) for name in names])


def _render(slots: list[tuple[str, list[str]]]) -> str:
    return engines["checker"].env.get_template(TEMPLATE).render(slots=slots)
