"""Topics, summaries and FAQs in English and Spanish (django-modeltranslation: a column per
language beside each translated field; docs/decisions/translated-content.md), and the
English each translation was written from. The English already written is copied into the
English columns, in the records and in every version of their history."""

from django.db import migrations, models
from django.db.models import F

TRANSLATED = {
    "topic": ("title", "intro"),
    "summary": ("headline", "body", "applies_when"),
    "faq": ("question", "answer"),
}


def copy_english(apps, schema_editor):
    for name, fields in TRANSLATED.items():
        for model_name in (name, f"historical{name}"):
            model = apps.get_model("guidance", model_name)
            model._base_manager.update(**{f"{field}_en": F(field) for field in fields})


class Migration(migrations.Migration):
    dependencies = [
        ("guidance", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="faq",
            name="answer_en",
            field=models.TextField(
                help_text="A short plain-language answer; name the section it rests on. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="faq",
            name="answer_es",
            field=models.TextField(
                help_text="A short plain-language answer; name the section it rests on. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="faq",
            name="question_en",
            field=models.CharField(
                help_text="The question as a resident would ask it.", max_length=250, null=True
            ),
        ),
        migrations.AddField(
            model_name="faq",
            name="question_es",
            field=models.CharField(
                help_text="The question as a resident would ask it.", max_length=250, null=True
            ),
        ),
        migrations.AddField(
            model_name="faq",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="historicalfaq",
            name="answer_en",
            field=models.TextField(
                help_text="A short plain-language answer; name the section it rests on. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalfaq",
            name="answer_es",
            field=models.TextField(
                help_text="A short plain-language answer; name the section it rests on. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalfaq",
            name="question_en",
            field=models.CharField(
                help_text="The question as a resident would ask it.", max_length=250, null=True
            ),
        ),
        migrations.AddField(
            model_name="historicalfaq",
            name="question_es",
            field=models.CharField(
                help_text="The question as a resident would ask it.", max_length=250, null=True
            ),
        ),
        migrations.AddField(
            model_name="historicalfaq",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="applies_when_en",
            field=models.CharField(
                blank=True,
                help_text="Optional: when the rule applies, e.g. 'Corner lots only'.",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="applies_when_es",
            field=models.CharField(
                blank=True,
                help_text="Optional: when the rule applies, e.g. 'Corner lots only'.",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="body_en",
            field=models.TextField(
                blank=True,
                help_text="A short explanation in plain language: who it applies to, exceptions, what to do next. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="body_es",
            field=models.TextField(
                blank=True,
                help_text="A short explanation in plain language: who it applies to, exceptions, what to do next. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="headline_en",
            field=models.CharField(
                help_text="The rule in one plain sentence, e.g. 'A shed can be up to 12 feet tall.'",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="headline_es",
            field=models.CharField(
                help_text="The rule in one plain sentence, e.g. 'A shed can be up to 12 feet tall.'",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicalsummary",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="historicaltopic",
            name="intro_en",
            field=models.TextField(
                help_text="One plain-language paragraph saying what the topic covers and who it concerns.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicaltopic",
            name="intro_es",
            field=models.TextField(
                help_text="One plain-language paragraph saying what the topic covers and who it concerns.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicaltopic",
            name="title_en",
            field=models.CharField(
                help_text="A short title residents would search for, e.g. 'Fences and walls'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicaltopic",
            name="title_es",
            field=models.CharField(
                help_text="A short title residents would search for, e.g. 'Fences and walls'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="historicaltopic",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="applies_when_en",
            field=models.CharField(
                blank=True,
                help_text="Optional: when the rule applies, e.g. 'Corner lots only'.",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="applies_when_es",
            field=models.CharField(
                blank=True,
                help_text="Optional: when the rule applies, e.g. 'Corner lots only'.",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="body_en",
            field=models.TextField(
                blank=True,
                help_text="A short explanation in plain language: who it applies to, exceptions, what to do next. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="body_es",
            field=models.TextField(
                blank=True,
                help_text="A short explanation in plain language: who it applies to, exceptions, what to do next. Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="headline_en",
            field=models.CharField(
                help_text="The rule in one plain sentence, e.g. 'A shed can be up to 12 feet tall.'",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="headline_es",
            field=models.CharField(
                help_text="The rule in one plain sentence, e.g. 'A shed can be up to 12 feet tall.'",
                max_length=250,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="summary",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.AddField(
            model_name="topic",
            name="intro_en",
            field=models.TextField(
                help_text="One plain-language paragraph saying what the topic covers and who it concerns.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="topic",
            name="intro_es",
            field=models.TextField(
                help_text="One plain-language paragraph saying what the topic covers and who it concerns.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="topic",
            name="title_en",
            field=models.CharField(
                help_text="A short title residents would search for, e.g. 'Fences and walls'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="topic",
            name="title_es",
            field=models.CharField(
                help_text="A short title residents would search for, e.g. 'Fences and walls'.",
                max_length=120,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="topic",
            name="translated_from",
            field=models.JSONField(
                blank=True,
                default=dict,
                editable=False,
                help_text="For each language, the English each translated field had when its translation was written or last checked (language → field → text). When the English changes, the translation needs review.",
            ),
        ),
        migrations.RunPython(copy_english, migrations.RunPython.noop),
    ]
