"""Which fields of guidance staff keep in each language (django-modeltranslation; the
decision: docs/decisions/translated-content.md), and the history of each model.

Each translated field gets a column per language of ``MODELTRANSLATION_LANGUAGES``:
``title_en``, ``title_es``, … django-modeltranslation adds them when it reads this module,
after the models are built, so the history of each model is registered here, just after:
django-simple-history copies a model's fields when it builds its history model, and built
from the class as written (``history = HistoricalRecords()`` in models.py) the history would
hold no Spanish; a version could not then show, revert to or recover the Spanish it saved.
Built here, every version keeps the text in each language. (The tables keep the names they
had: ``cotati_site_historical…``.)
"""

import simple_history
from modeltranslation.translator import TranslationOptions, translator
from simple_history.models import HistoricalRecords

from cotati_site.core.history import VersionHistory
from cotati_site.guidance.models import FAQ, Summary, Topic


class TopicText(TranslationOptions):
    fields = ("title", "intro")
    required_languages = ("en",)


class SummaryText(TranslationOptions):
    fields = ("headline", "body", "applies_when")
    required_languages = {"en": ("headline",)}


class FAQText(TranslationOptions):
    fields = ("question", "answer")
    required_languages = ("en",)


translator.register(Topic, TopicText)
translator.register(Summary, SummaryText)
translator.register(FAQ, FAQText)

simple_history.register(
    Topic,
    app="cotati_site.guidance",
    records_class=HistoricalRecords,
    table_name="cotati_site_historicaltopic",
)
# A summary's and an FAQ's cited sections are kept with each version, so a deleted one comes
# back citing what it cited (core.recovery); one version per save (core.history).
for model, table in (
    (Summary, "cotati_site_historicalsummary"),
    (FAQ, "cotati_site_historicalfaq"),
):
    simple_history.register(
        model,
        app="cotati_site.guidance",
        records_class=VersionHistory,
        table_name=table,
        m2m_fields=[model._meta.get_field("sections")],
    )
