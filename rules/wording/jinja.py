"""The Jinja2 environment of Check my lot's templates (``templates/rules/*.jinja``).

Why Jinja2 for the checker: its results are rendered again on every change of an answer,
with a new plan each time, and Django's template language spends several times as long
walking the same markup's nodes (docs/performance.md has the figures). The checker's own
markup is all Jinja2; the rest of the site (pages cached whole, the admin) is Django's, and
``check.html`` only puts the checker's page in the site's layout.

The wording is not duplicated: the filters are the ``rules_wording`` library's
(``filters.py``, registered once there), and the tags its templates use are functions of the
same modules; Django's own filters fill in the rest (``date``, ``pluralize``...).
"""

from __future__ import annotations

from django.template import defaultfilters
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from jinja2 import ChainableUndefined, Environment, pass_context
from markupsafe import Markup, escape

from cotati_site.codebook.templatetags import code_text
from cotati_site.core.templatetags import languages
from law.engine.words import ENGLISH
from rules import language
from rules.language import page_language
from rules.wording import answers, cards, filters, findings, sheet, slots


def _with_context(function):
    """A Django ``takes_context`` tag as a Jinja function: Jinja's context answers the same
    ``context.get(name)`` and ``context[name]`` the tag asks."""

    @pass_context
    def call(context, *args):
        return function(context, *args)

    return call


@pass_context
def site_include(context, name: str, **values) -> Markup:
    """One of the site's own fragments (a Django template shared with its other pages, such
    as the Planning Division's contact box), rendered with this page's values and ``values``
    (the site information's entries for ``_site_info_entries.html``)."""
    # get_all(): the context's names and values as one dict, what dict(context) gives after
    # asking the context for each name in turn (some fifty of them).
    values = {**context.get_all(), **values}
    return Markup(render_to_string(name, values, request=context.get("request")))


def _never_folded(function):
    """A wording filter called when the page is rendered, never when its template is compiled.

    Jinja folds a filter of a constant (``"other"|project_label``) into the compiled template,
    in the language active when it was first compiled, and keeps the template: the next page
    in the other language showed it. A filter that takes the context is never folded."""

    @pass_context
    def call(_context, *args, **kwargs):
        return function(*args, **kwargs)

    return call


# The macros more than one template calls, as globals: a template that imports one
# ({% from ... import ... %}) makes Jinja compare the two templates' globals on each render
# (about 10 µs an import), and every question of the page and every answer imported one.
MACROS = {
    "understood_slots": "rules/partials/_understood.jinja",
    "headline": "rules/partials/_headline.jinja",
    "status_line": "rules/partials/_status.jinja",
    "lot_drawing": "rules/partials/_diagram.jinja",
}


def _macro(env: Environment, template: str, name: str):
    def call(*args, **kwargs):
        return getattr(env.get_template(template).module, name)(*args, **kwargs)

    call.__name__ = name
    return call


def english_page() -> bool:
    """Whether the page is in English: a note the site shows only on a page in another
    language (includes/_law_in_english.html) need not be rendered on an English one."""
    return page_language() == ENGLISH


@pass_context
def _gettext(context, message: str, **variables) -> str:
    """``{% trans %}`` and ``_()``: Jinja's own newstyle gettext (jinja2.ext), without the two
    calls through the context it makes to reach Django's catalog, nor formatting a sentence
    that has nothing to format (the checker's htmx answer translates some forty), in the
    page's pinned language (rules/language.py)."""
    text = language.gettext(message)
    if not context.eval_ctx.autoescape:
        return text % variables  # always a format string, as Jinja's: "%%" is "%"
    if not variables and "%" not in text:
        return Markup(text)  # what formatting it would give
    return _formatted(text, variables)


@pass_context
def _ngettext(context, singular: str, plural: str, number: int, **variables) -> str:
    """``ngettext`` and ``{% trans count=... %}``: Jinja's own newstyle ngettext, as above."""
    variables.setdefault("num", number)
    text = language.ngettext(singular, plural, number)
    if not context.eval_ctx.autoescape:
        return text % variables
    return _formatted(text, variables)


def _formatted(text: str, variables: dict) -> Markup:
    """``Markup(text) % variables``: each value escaped (one marked safe kept as it is). Every
    placeholder in the templates' sentences is "%(name)s", for which escaping the values first
    gives Markup's own result (tests/check_my_lot/test_template_sentences.py), without the
    wrapper Markup puts around each value to escape it when it is read (half the cost of a
    sentence: an htmx answer formats some thirty-five)."""
    return Markup(text % {name: escape(value) for name, value in variables.items()})


def environment(**options) -> Environment:
    # Django's template language prints nothing for a missing value, or for an attribute of
    # one; ChainableUndefined does the same at any depth, where Jinja's default would raise.
    options["undefined"] = ChainableUndefined
    options.setdefault("keep_trailing_newline", True)
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    # {% trans %} and _() translate with Django's catalogs, as {% translate %} does.
    env.install_gettext_translations(translation, newstyle=True)
    env.globals.update(gettext=_gettext, _=_gettext, ngettext=_ngettext)
    env.filters.update(
        {name: _never_folded(function) for name, function in filters.register.filters.items()}
    )
    env.filters.update(
        {
            name: getattr(defaultfilters, name)
            for name in ("add", "date", "floatformat", "pluralize", "yesno")
        }
    )
    # Words kept in English on a page in another language (a proposal's name, a citation),
    # marked lang="en" as the rest of the site marks them (docs/decisions/languages.md).
    env.filters["english"] = languages.english
    env.globals.update(
        {
            "url": lambda name, *args: reverse(name, args=args or None),
            "static": static,
            "finding_cards": _with_context(cards.finding_cards),
            "previewed_proposals": _with_context(findings.previewed_proposals),
            "print_sources": _with_context(sheet.print_sources),
            "error_slots": _with_context(slots.error_slots),
            "understood_on_page": _with_context(slots.understood_on_page),
            "cite_href": _with_context(code_text.cite_href),
            "site_include": site_include,
            "english_page": english_page,
            "planning_contact": _with_context(answers.planning_contact),
            "findings_of": answers.findings_of,
            "alternative_reason": answers.alternative_reason,
            "english_text": languages.english_text,
        }
    )
    env.globals.update({name: _macro(env, file, name) for name, file in MACROS.items()})
    return env
