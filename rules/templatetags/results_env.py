"""The Jinja2 environment Check my lot's results are rendered with (``templates/rules/*.jinja``).

Why a second template engine: the results are rendered again on every change of an answer,
with a new plan each time, and Django's template language spent about two thirds of that
answer walking its nodes (docs/decisions/results-templates.md). Jinja2 compiles a template to
Python once, so the same markup costs a fraction. The rest of the site (pages that are
cached whole, the form itself, the admin) stays on Django's templates.

The wording is not duplicated: every filter of ``rules_wording`` and ``code_text`` is
registered here under the same name, and the tags the results use are functions of the
same modules, so a word changed there changes both engines' output.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.template import defaultfilters
from django.utils import dates
from django.utils.dateformat import format as date_format
from jinja2 import ChainableUndefined, Environment, pass_context
from markupsafe import Markup

from cotati_site.codebook.templatetags import code_text
from cotati_site.core import as_of
from rules.templatetags import rules_wording


def _date(value, format_string: str) -> str:
    """Django's ``date`` filter ('' for no date), with the two formats the results print
    written directly (Django's formatter costs more than the rest of a finding's card)."""
    if not value:
        return ""
    if format_string == "Y-m-d":
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if format_string == "F j, Y":
        return f"{MONTHS[value.month]} {value.day}, {value.year}"
    return date_format(value, format_string)


MONTHS = dict(enumerate(dates.MONTHS.values(), start=1))  # Django's own month names


def _one_place(value) -> str:
    """Django's ``floatformat:1`` (one decimal place, halves rounded up) for the numbers the
    drawing's frame is given, without Django's localisation machinery. A number written with
    one decimal place already (the frame is nearly always whole) is printed as it is."""
    text = repr(float(value))
    whole, dot, tenths = text.partition(".")
    if dot and len(tenths) == 1 and whole.lstrip("-").isdigit():
        return text
    return f"{Decimal(text).quantize(_TENTH, ROUND_HALF_UP):f}"


_TENTH = Decimal("0.1")


def _pluralize(value, arg: str = "s") -> str:
    return defaultfilters.pluralize(value, arg)


def _with_context(function):
    """A Django ``takes_context`` tag as a Jinja function: Jinja's context answers the same
    ``context.get(name)`` and ``context[name]`` the tag asks."""

    @pass_context
    def call(context, *args):
        return function(context, *args)

    return call


def results_cards(context, findings) -> Markup:
    """Every card of a list, joined in one call."""
    return Markup(rules_wording.finding_cards(context, findings))


class _Macro:
    """A macro of a results template, as a global of the environment: loaded on first use,
    then called directly. ``{% from ... import %}`` in the results would look the macro up
    again on every answer (Jinja compares the page's globals with the module's each time)."""

    def __init__(self, env: Environment, template: str, name: str):
        self.env, self.template, self.name = env, template, name
        self.macro = None

    def __call__(self, *args):
        if self.macro is None:
            self.macro = getattr(self.env.get_template(self.template).module, self.name)
        return self.macro(*args)


def environment(**options) -> Environment:
    # Django's template language prints nothing for a missing value, or for an attribute of
    # one; ChainableUndefined does the same at any depth, where Jinja's default would raise.
    options["undefined"] = ChainableUndefined
    options.setdefault("keep_trailing_newline", True)
    env = Environment(**options)
    env.filters.update(rules_wording.register.filters)
    env.filters.update(code_text.register.filters)
    env.filters.update(
        {
            "add": defaultfilters.add,
            "date": _date,
            "floatformat": defaultfilters.floatformat,
            "one_place": _one_place,
            "pluralize": _pluralize,
            "yesno": defaultfilters.yesno,
        }
    )
    env.globals.update(
        {
            "url": rules_wording.page_address,
            # Django's {% now %} as a date: the day the check is made.
            "today": as_of.today,
            "finding_cards": _with_context(results_cards),
            "previewed_proposals": _with_context(rules_wording.previewed_proposals),
            "print_sources": _with_context(rules_wording.print_sources),
            "cite_href": _with_context(code_text.cite_href),
            "print_answers": rules_wording.print_answers,
            "lot_drawing": _Macro(env, "rules/partials/_diagram.jinja", "lot_drawing"),
            "status_line": _Macro(env, "rules/partials/_status.jinja", "status_line"),
        }
    )
    return env
