"""``makemessages`` that also reads Check my lot's Jinja2 templates (``templates/**/*.jinja``).

Django's own command reads Python files and Django templates; it does not understand
Jinja2's ``{% trans %}…{% endtrans %}`` and ``_("…", name=…)``, and with ``--no-obsolete``
(``make makemessages``) it would drop every message only the checker's templates use. This
command adds them to the catalog's template (``django.pot``) with Jinja2's own extractor,
through Babel, before the catalog is merged with it, so the checker's words stay in the one
catalog with the rest of the site's (docs/decisions/languages.md). Everything else is
Django's command unchanged.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po
from django.conf import settings
from django.core.management.commands import makemessages

# The keywords the checker's templates use: _, gettext, ngettext and pgettext (jinja.py
# installs Django's functions under these names).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}


def jinja_templates() -> list[Path]:
    """Every Jinja2 template of the site, in a stable order."""
    found = []
    for engine in settings.TEMPLATES:
        for folder in engine.get("DIRS", ()):
            found += Path(folder).rglob("*.jinja")
    return sorted(set(found))


def jinja_catalog(base: Path) -> Catalog:
    """The messages of every Jinja2 template, located by their path from ``base``."""
    catalog = Catalog(fuzzy=False)
    for path in jinja_templates():
        where = os.path.relpath(path, base)
        for lineno, message, comments, context in extract_from_file(
            "jinja2.ext:babel_extract",
            str(path),
            keywords=KEYWORDS,
            options={"extensions": "jinja2.ext.i18n"},
        ):
            catalog.add(
                message, locations=[(where, lineno)], auto_comments=comments, context=context
            )
    return catalog


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also reads the Jinja2 templates (*.jinja)."

    def process_files(self, file_list):
        super().process_files(file_list)
        if self.domain != "django":
            return
        for path in self.locale_paths:
            potfile = Path(path) / f"{self.domain}.pot"
            if not potfile.exists():
                continue
            out = io.BytesIO()
            write_po(out, jinja_catalog(Path(settings.BASE_DIR)), omit_header=True, width=0)
            # Appended after Django's messages; build_potfiles' msguniq merges a message both
            # kinds of template use into one entry with both locations.
            with potfile.open("a", encoding="utf-8") as pot:
                pot.write("\n" + out.getvalue().decode())
