from django.apps import AppConfig


class CotatiSiteConfig(AppConfig):
    """The project package, installed only to hold the migration history from before the app
    split (migrations 0001-0060, which created the tables the apps core, codebook, guidance
    and search now own: their models keep those tables through Meta.db_table). It has no
    models left. Remove it from INSTALLED_APPS only when every database has migrated past
    0060 and those migrations are squashed into the apps' own."""

    name = "cotati_site"
    verbose_name = "Cotati building rules (migration history)"
