"""Every field's error slot (templates/rules/partials/_error_slots.jinja): an htmx update
swaps them all out of band, so a fixed answer's old message goes.

Why the slots with no message are kept: nearly every update has no error, and its seventy-odd
empty slots are the same markup each time; rendering them was about 8 % of a new plan's htmx
answer (docs/performance.md). Kept per process, keyed by the form's field names.
"""

from django.template import engines
from markupsafe import Markup

from law.engine.caches import process_cache

TEMPLATE = "rules/partials/_error_slots.jinja"


def error_slots(context) -> Markup:
    """The form's error slots, each with its messages (an unbound form's are all empty)."""
    form = context["form"]
    if form.is_bound and form.errors:
        return Markup(_render(form.error_messages()))
    return Markup(_empty_slots(form.shown_names()))


@process_cache(maxsize=128)  # one per set of projects shown
def _empty_slots(names: tuple[str, ...]) -> str:
    return _render([(name, []) for name in names])


def _render(slots: list[tuple[str, list[str]]]) -> str:
    return engines["checker"].env.get_template(TEMPLATE).render(slots=slots)
