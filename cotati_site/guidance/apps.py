from django.apps import AppConfig


class GuidanceConfig(AppConfig):
    """Topics, summaries and FAQs in plain language; review and number drift; topic pages."""

    name = "cotati_site.guidance"
    label = "guidance"
    verbose_name = "Guidance"

    def ready(self):
        from cotati_site.guidance import checks  # noqa: F401  (registers the content checks)
