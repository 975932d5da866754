from django.apps import AppConfig


class CotatiSiteConfig(AppConfig):
    name = "cotati_site"
    verbose_name = "Cotati building rules"

    def ready(self):
        from cotati_site import checks  # noqa: F401  (registers the content checks)
