"""Site information in each language (django-modeltranslation; see
cotati_site/guidance/translation.py): what an entry is, and its value where it is words
(office hours, where to apply). Its history is registered here too, after the translated
fields exist, so each version keeps both languages."""

import simple_history
from modeltranslation.translator import TranslationOptions, translator

from cotati_site.core.site_info import SiteInfo


class SiteInfoText(TranslationOptions):
    fields = ("label", "value")
    required_languages = {"en": ("label",)}


translator.register(SiteInfo, SiteInfoText)
simple_history.register(
    SiteInfo, app="cotati_site.core", table_name="cotati_site_historicalsiteinfo"
)
