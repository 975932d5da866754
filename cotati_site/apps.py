from django.apps import AppConfig


class CotatiSiteConfig(AppConfig):
    name = "cotati_site"
    verbose_name = "Cotati building rules"
