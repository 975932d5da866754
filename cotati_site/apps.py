from django.apps import AppConfig


class CotatiSiteConfig(AppConfig):
    """The project package, installed only to hold the migration history from before the app
    split: migrations 0001-0059 created the tables the apps core, codebook, guidance and
    search now own (their models keep those tables through Meta.db_table), 0060 relabels
    their content types and 0061 drops them from this app's state. It has no models left.
    It may leave INSTALLED_APPS only once every database has migrated past 0061 and the new
    apps' migrations no longer depend on it (a squash that creates the tables in the apps'
    own 0001 migrations for new databases)."""

    name = "cotati_site"
    verbose_name = "Cotati building rules (migration history)"
