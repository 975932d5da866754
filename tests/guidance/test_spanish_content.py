"""Staff text in Spanish (issue 23): topics, summaries, FAQs and site information carry a
Spanish text editors keep in the admin, with its history and the conflict check of every
edit. A Spanish page shows it while it says what the English says; until it exists, and
once the English changes after it was written (needs review), the page shows the English,
marked lang="en", with a note in Spanish before it (core/translated.py)."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from cotati_site.core import translated
from cotati_site.core.site_info import SiteInfo
from cotati_site.guidance.models import FAQ, Summary, Topic
from tests.factories import make_faq, make_section, make_summary, make_topic, summary_admin_form

pytestmark = pytest.mark.django_db

FENCES = "/topics/fences-and-walls/"
NOTE = re.compile(r'<p class="in-english-note" data-in-english-note="(\w+)">([^<]*)</p>')


def editor_client(name: str = "editor") -> Client:
    user = User.objects.create_user(name, password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client = Client()
    client.force_login(user)
    return client


def spanish_form(summary: Summary, **changes) -> dict:
    """What the admin's change form posts for a summary, its Spanish fields included."""
    data = summary_admin_form(summary)
    data.update(
        headline_es=summary.headline_es or "",
        body_es=summary.body_es or "",
        applies_when_es=summary.applies_when_es or "",
    )
    data.update(changes)
    return data


def page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def article(html: str, summary_id: int) -> str:
    start = html.index(f'<article class="rule" id="summary-{summary_id}"')
    return html[start : html.index("</article>", start)]


# Shown in Spanish while current -------------------------------------------------------------


def test_a_translated_topic_is_spanish_on_its_spanish_page_and_english_on_its_english_one(client):
    spanish = page(client, "/es" + FENCES)
    assert '<h1 id="page-title">Cercas y muros</h1>' in spanish
    assert "Junto a la calle, las cercas, los muros y los setos macizos" in article(spanish, 1)
    assert 'lang="en"' not in article(spanish, 1).split(">", 1)[0]  # the rule itself
    assert not NOTE.search(spanish[: spanish.index('id="page-title"')])
    english = page(client, FENCES)
    assert '<h1 id="page-title">Fences and walls</h1>' in english
    assert "Cercas" not in english and "data-in-english-note" not in english


def test_the_shipped_spanish_was_recorded_as_written_from_the_shipped_english():
    summary = Summary.objects.get(pk=1)
    assert translated.state(summary, "es") == translated.CURRENT
    assert summary.translated_from["es"]["headline"] == summary.headline_en
    # Every record shipped with Spanish starts current; no shipped record is half-translated.
    for model in (Topic, Summary, FAQ):
        for record in model.objects.all():
            if any(translated.text(record, f, "es") for f in translated.fields_of(record)):
                assert translated.state(record, "es") == translated.CURRENT, record


# Not translated yet: English, marked, the note before it ------------------------------------


def test_an_untranslated_topic_is_shown_in_english_after_a_note_in_spanish(client):
    topic = make_topic(slug="decks-test", title="Decks", intro="Where a deck may go.")
    make_summary(topic, make_section(), headline="A deck may be 30 inches high.")
    html = page(client, "/es/topics/decks-test/")
    note = NOTE.search(html)
    assert note and note.group(1) == "missing"
    assert note.group(2).startswith("Este tema aún no está traducido")
    title = html.index('<h1 id="page-title" lang="en">Decks</h1>')
    assert note.start() < title  # said before the English it is about
    assert '<p class="lede" lang="en">Where a deck may go.</p>' in html


def test_an_untranslated_rule_on_a_translated_topic_gets_its_own_note_before_it(client):
    summary = make_summary(Topic.objects.get(pk=1), headline="A test rule in English only.")
    html = page(client, "/es" + FENCES)
    start = html.index(f'<article class="rule" id="summary-{summary.pk}"')
    assert html[start:].split(">", 1)[0].endswith('lang="en"')
    notes = [m for m in NOTE.finditer(html) if m.end() <= start]
    assert notes and notes[-1].group(1) == "missing"
    assert notes[-1].group(2).startswith("Esta regla aún no está traducida")
    assert html[notes[-1].end() : start].strip() == ""  # right before it


def test_a_spanish_text_left_empty_counts_as_not_translated(client):
    topic = Topic.objects.get(pk=1)
    topic.intro_es = ""
    topic.save()
    assert translated.state(topic, "es") == translated.MISSING
    html = page(client, "/es" + FENCES)
    assert '<h1 id="page-title" lang="en">Fences and walls</h1>' in html


# The English changes after the Spanish was written: needs review ----------------------------


def test_changing_the_english_marks_the_spanish_for_review_until_an_editor_checks_it(client):
    editor = editor_client()
    summary = Summary.objects.get(pk=1)
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    new_english = "Near the street, a solid fence, wall or hedge can be at most 42 inches high."
    response = editor.post(url, spanish_form(summary, headline=new_english))
    assert response.status_code == 302, response.content.decode()[:3000]
    summary.refresh_from_db()
    assert summary.headline_es.startswith("Junto a la calle")  # kept, not lost
    assert translated.state(summary, "es") == translated.REVIEW

    # Staff see it in the list, by the filter, and what changed in the English.
    listing = page(editor, "/admin/guidance/summary/?spanish=review")
    assert "Spanish: needs review: the English changed" in listing  # its row says so
    assert f"/admin/guidance/summary/{summary.pk}/change/" in listing
    assert "/admin/guidance/summary/4/change/" not in listing  # up to date: not listed
    change_page = page(editor, url)
    assert 'data-english-changed="headline"' in change_page
    assert "<del>tall.</del>" in change_page and "<ins>high.</ins>" in change_page

    # The Spanish page shows the English, marked, after a note saying why.
    html = page(client, "/es" + FENCES)
    rule = article(html, summary.pk)
    assert rule.split(">", 1)[0].endswith('lang="en"')
    assert new_english in rule and "Junto a la calle" not in rule
    before = html[: html.index(f'<article class="rule" id="summary-{summary.pk}"')]
    note = list(NOTE.finditer(before))[-1]
    assert note.group(1) == "review"
    assert note.group(2).startswith("La traducción de esta regla se está actualizando")

    # A reviewer who finds the Spanish still right ticks the box: shown again.
    summary.refresh_from_db()
    response = editor.post(url, spanish_form(summary, spanish_checked="on"))
    assert response.status_code == 302, response.content.decode()[:3000]
    summary.refresh_from_db()
    assert translated.state(summary, "es") == translated.CURRENT
    assert "Junto a la calle" in article(page(client, "/es" + FENCES), summary.pk)


def test_saving_new_spanish_with_the_english_makes_it_current(client):
    editor = editor_client()
    summary = Summary.objects.get(pk=4)
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    form = spanish_form(
        summary,
        headline="Along side and back lines, a fence or wall can be up to 7 feet tall.",
        headline_es="En las líneas laterales y posteriores, una cerca o un muro puede medir hasta 7 pies.",
    )
    assert editor.post(url, form).status_code == 302
    summary.refresh_from_db()
    assert translated.state(summary, "es") == translated.CURRENT


def test_site_information_changed_in_english_shows_its_english_until_reviewed(client):
    editor = editor_client()
    hours = SiteInfo.objects.get(key="planning-hours")
    spanish = page(client, "/es" + FENCES)
    assert "De lunes a jueves, de 7:30 a. m. a 5:30 p. m." in spanish
    data = {
        "group": hours.group,
        "order": hours.order,
        "label": hours.label,
        "value": "Monday through Thursday, 8 am to 5 pm",
        "url": hours.url,
        "is_published": "on",
        "source_url": hours.source_url,
        "checked_on": hours.checked_on.isoformat(),
        "staff_note": hours.staff_note,
        "label_es": hours.label_es or "",
        "value_es": hours.value_es,
    }
    response = editor.post(f"/admin/core/siteinfo/{hours.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    spanish = page(client, "/es" + FENCES)
    assert "7:30 a. m." not in spanish  # an out-of-date translation holds old hours
    assert '<span lang="en">Monday through Thursday, 8 am to 5 pm</span>' in spanish
    listing = page(editor, "/admin/core/siteinfo/?spanish=review")
    assert f"/admin/core/siteinfo/{hours.pk}/change/" in listing
    assert '<td class="field-spanish_state">Needs review: the English changed</td>' in listing


# Help in Spanish: said only as the City says it ----------------------------------------------


def test_the_contact_box_says_to_ask_whether_staff_help_in_spanish(client):
    html = page(client, "/es" + FENCES)
    entry = html.index('data-site-info-key="planning-spanish-help"')
    assert "<dt>Atención en español</dt>" in html[:entry]
    shown = html[entry : html.index("</dd>", entry)]
    assert "data-not-found" in shown and "pregunte a la Ciudad" in shown
    # Nothing on the site claims more than its sources do.
    entry = SiteInfo.objects.get(key="planning-spanish-help")
    assert entry.value == "" and not entry.value_es


# Editing in the admin: whole translations, same figures, history, conflicts -----------------


def test_a_half_translated_summary_is_refused_and_keeps_what_was_typed():
    editor = editor_client()
    summary = make_summary(make_topic(), make_section(), body="Some body text.")
    response = editor.post(
        f"/admin/guidance/summary/{summary.pk}/change/",
        spanish_form(summary, headline_es="Una regla de prueba."),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Translate this field too" in html
    assert "Una regla de prueba." in html
    summary.refresh_from_db()
    assert not summary.headline_es


def test_a_translation_that_changes_a_figure_is_refused():
    editor = editor_client()
    summary = Summary.objects.get(pk=4)
    response = editor.post(
        f"/admin/guidance/summary/{summary.pk}/change/",
        spanish_form(
            summary,
            headline_es=summary.headline_es.replace("7 pies", "8 pies"),
        ),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Only in the English: 7. Only in the Spanish: 8." in html


def test_the_spanish_is_kept_in_each_version_of_the_history():
    editor = editor_client()
    faq = make_faq(make_topic(), question="Can I?", answer="Yes, 2 times.")
    url = f"/admin/guidance/faq/{faq.pk}/change/"
    data = {
        "topic": faq.topic_id,
        "question": faq.question,
        "answer": faq.answer,
        "order": faq.order,
        "is_published": "on",
        "shown_revision": faq.revision,
        "question_es": "¿Puedo?",
        "answer_es": "Sí, 2 veces.",
    }
    assert editor.post(url, data).status_code == 302
    latest = faq.history.first()
    assert (latest.question_es, latest.answer_es) == ("¿Puedo?", "Sí, 2 veces.")
    assert latest.translated_from == {"es": {"question": "Can I?", "answer": "Yes, 2 times."}}
    history = page(editor, f"/admin/guidance/faq/{faq.pk}/history/")
    assert "¿Puedo?" in history


def test_reverting_to_an_earlier_version_brings_back_its_spanish():
    editor = editor_client()
    summary = Summary.objects.get(pk=4)
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    shipped = summary.headline_es
    later = "Junto a las líneas laterales y posteriores, una cerca mide hasta 7 pies."
    assert editor.post(url, spanish_form(summary, headline_es=later)).status_code == 302
    summary.refresh_from_db()
    assert summary.headline_es == later
    before = summary.history.filter(headline_es=shipped).first()
    revert_url = f"/admin/guidance/summary/{summary.pk}/history/{before.history_id}/"
    form = page(editor, revert_url)
    assert shipped in form  # the version's Spanish is what the revert form shows
    assert editor.post(revert_url, spanish_form(summary, headline_es=shipped)).status_code == 302
    summary.refresh_from_db()
    assert summary.headline_es == shipped
    # The version the history keeps is a whole record: the Spanish, the English and what
    # the Spanish was written from, as a revert or a recovery rebuilds it.
    rebuilt = before.instance
    assert (rebuilt.headline_es, rebuilt.headline_en) == (shipped, summary.headline_en)
    assert rebuilt.translated_from == before.translated_from


def test_a_deleted_faq_comes_back_with_its_spanish():
    user = User.objects.create_superuser("root", password="a-long-test-password")
    root = Client()
    root.force_login(user)
    faq = FAQ.objects.get(pk=5)
    spanish = faq.question_es
    assert root.post(f"/admin/guidance/faq/{faq.pk}/delete/", {"post": "yes"}).status_code == 302
    deletion = FAQ.history.filter(id=faq.pk, history_type="-").latest().history_id
    response = root.post(f"/admin/guidance/faq/recover/{deletion}/")
    assert response.status_code == 302
    back = FAQ.objects.get(pk=faq.pk)
    assert back.question_es == spanish
    assert translated.state(back, "es") == translated.CURRENT


def test_a_stale_form_is_refused_for_its_spanish_too_and_shows_the_saved_spanish():
    first, second = editor_client("first"), editor_client("second")
    summary = Summary.objects.get(pk=4)
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    shown = spanish_form(summary)  # both editors opened the same revision
    saved = "A lo largo de las líneas laterales y posteriores, la altura máxima es de 7 pies."
    assert first.post(url, {**shown, "headline_es": saved}).status_code == 302
    typed = "Junto a las líneas laterales y traseras, una cerca mide hasta 7 pies."
    response = second.post(url, {**shown, "headline_es": typed})
    assert response.status_code == 200
    html = response.content.decode()
    assert "NOT been saved" in html
    assert saved in html and typed in html  # the saved Spanish, and what they typed
    summary.refresh_from_db()
    assert summary.headline_es == saved


def test_a_save_while_spanish_is_active_leaves_the_english_as_it_was():
    summary = Summary.objects.get(pk=1)
    english = summary.headline_en
    with translation.override("es"):
        record = Summary.objects.get(pk=1)
        assert record.headline == record.headline_es  # modeltranslation reads the language's
        record.save()
    summary.refresh_from_db()
    assert summary.headline_en == english
    assert translated.state(summary, "es") == translated.CURRENT


# The shipped Spanish: fits its fields, keeps the figures, uses the glossary's terms ----------

# Words the glossary (docs/glossary-es.md) replaces, and the word it uses instead.
NOT_THE_GLOSSARYS = {
    r"\bretirada\b": "retiro (a setback; 'retirada' is a withdrawn proposal)",
    r"\bvallas?\b": "cerca",
    r"\bpermiso de edificación\b": "permiso de construcción",
    r"\bunidad de vivienda adicional\b": "unidad de vivienda accesoria",
    r"\bplanificación urbana\b": "planificación",
    r"\balquil": "rentar",
    r"\bcuotas?\b": "tarifa",
    r"\bsuperficie\b": "área de piso",
    r"\b(?:ADU|garajes?|unidad(?:es)?)(?: nuevas?)? separad": "independiente",
    r"\bdeneg": "negar",
    r"\bpor derecho\b": "permitido sin permiso (a calque of 'by right')",
    r"(?<!derecho de )\bvías?\b": "opción (a calque of 'path')",
    r"(?<!cauce de )\balivio\b": "ajusta (a calque of 'relief'; a floodway stays FEMA's 'cauce de alivio')",
}


def shipped_spanish():
    for model in (Topic, Summary, FAQ, SiteInfo):
        for record in model.objects.all():
            for field in translated.fields_of(record):
                text = translated.text(record, field, "es")
                if text:
                    yield record, field, text


def test_every_shipped_spanish_text_fits_its_field_and_states_the_englishs_figures():
    seen = 0
    for record, field, text in shipped_spanish():
        limit = type(record)._meta.get_field(f"{field}_es").max_length
        assert limit is None or len(text) <= limit, (record, field, len(text))
        assert translated.figure_mismatches(translated.english(record, field), text) == (
            [],
            [],
        ), (record, field)
        seen += 1
    assert seen > 100  # topics, the fences, sheds, home business and ADU rules, their FAQs


def test_every_shipped_record_is_in_spanish_and_current():
    # Issue 29: every topic, rule, question and label the site ships shows in Spanish on a
    # Spanish page, not its English after a note.
    for model in (Topic, Summary, FAQ):
        for record in model.objects.all():
            assert translated.state(record, "es") == translated.CURRENT, record


def test_the_shipped_spanish_uses_the_glossarys_terms():
    glossary = (Path(settings.BASE_DIR) / "docs" / "glossary-es.md").read_text()
    for wrong, right in NOT_THE_GLOSSARYS.items():
        assert right.split(" ")[0] in glossary
        for record, field, text in shipped_spanish():
            assert not re.search(wrong, text, re.IGNORECASE), (record, field, right)


def test_load_content_keeps_a_translation_state_the_fixture_gives(tmp_path):
    topic = Topic.objects.get(pk=1)
    fixture = [
        {
            "model": "guidance.topic",
            "pk": 1,
            "fields": {
                "slug": topic.slug,
                "title": "Fences and walls, renamed",
                "title_es": "Cercas y muros",
                "intro": topic.intro_en,
                "intro_es": topic.intro_es,
                "translated_from": {"es": {"title": "Fences and walls", "intro": topic.intro_en}},
            },
        }
    ]
    for name in ("sections.json",):
        (tmp_path / name).write_text("[]")
    (tmp_path / "topics.json").write_text(json.dumps(fixture))
    for name in (
        "adu_sections.json",
        "proposals.json",
        "versions.json",
        "summaries.json",
        "faqs.json",
        "site_info.json",
        "adu_topic.json",
        "vocabulary.json",
    ):
        (tmp_path / name).write_text("[]")
    call_command("load_content", update=True, fixtures_dir=str(tmp_path), verbosity=0)
    topic.refresh_from_db()
    assert topic.title_en == "Fences and walls, renamed"
    assert translated.state(topic, "es") == translated.REVIEW  # as the fixture recorded it


# Feeds ----------------------------------------------------------------------------------------


def test_the_spanish_feed_gives_each_entry_as_its_page_shows_it(client):
    make_summary(Topic.objects.get(pk=1), headline="A rule in English only.")
    feed = page(client, "/es" + FENCES + "feed/")
    assert "<title>Cercas y muros: actualizaciones" in feed or "Cercas y muros" in feed
    assert "Junto a la calle, las cercas" in feed
    assert "A rule in English only. (en inglés)" in feed
