from django.apps import AppConfig


class CodebookConfig(AppConfig):
    """The code's sections, their versions, named proposals, zoning-map changes; the code
    library, section, proposed-changes and zoning-district pages."""

    name = "cotati_site.codebook"
    label = "codebook"
    verbose_name = "Code book"
