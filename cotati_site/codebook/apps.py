from django.apps import AppConfig


class CodebookConfig(AppConfig):
    """The code's sections, their versions, named proposals, zoning-map changes; the code
    library, section, proposed-changes and zoning-district pages."""

    name = "cotati_site.codebook"
    label = "codebook"
    verbose_name = "Code book"

    def ready(self):
        from cotati_site.codebook.queries import rule_changes
        from cotati_site.core.as_of import read_rule_changes_with

        # ?as_of= is read as the first day of its period of unchanged rules (core/as_of.py).
        read_rule_changes_with(rule_changes)
