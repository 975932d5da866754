"""Edit history (who changed what, revertible) and safe concurrent editing."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from cotati_site.codebook.models import SectionVersion
from cotati_site.guidance.models import FAQ, Summary, Topic
from tests.factories import (
    make_faq,
    make_section,
    make_summary,
    make_topic,
    summary_admin_form,
)

pytestmark = pytest.mark.django_db


def editor_client(name: str) -> tuple[Client, User]:
    user = User.objects.create_user(name, password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client = Client()
    client.force_login(user)
    return client, user


def test_history_is_kept_for_summaries_topics_faqs_and_versions():
    for model in (Summary, Topic, FAQ, SectionVersion):
        assert hasattr(model, "history"), model


def test_an_admin_change_is_recorded_with_its_editor_and_can_be_reverted():
    client, user = editor_client("alice")
    summary = make_summary(make_topic(), make_section(), headline="The original headline.")
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    response = client.post(url, summary_admin_form(summary, headline="An edited headline."))
    assert response.status_code == 302, response.content.decode()[:2000]
    latest = summary.history.first()
    assert latest.headline == "An edited headline."
    assert latest.history_user == user
    assert latest.history_type == "~"
    assert client.get(f"/admin/guidance/summary/{summary.pk}/history/").status_code == 200

    original = summary.history.filter(headline="The original headline.").first()
    revert_url = f"/admin/guidance/summary/{summary.pk}/history/{original.history_id}/"
    page = client.get(revert_url)
    assert page.status_code == 200
    summary.refresh_from_db()
    response = client.post(
        revert_url, summary_admin_form(summary, headline="The original headline.")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    summary.refresh_from_db()
    assert summary.headline == "The original headline."
    assert summary.history.first().history_user == user


def test_the_second_save_from_a_stale_form_is_refused_and_shows_the_current_text():
    first, _ = editor_client("first")
    second, _ = editor_client("second")
    summary = make_summary(make_topic(), make_section(), headline="Before both edits.")
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    # Both editors open the form at the same revision.
    assert first.get(url).status_code == 200 and second.get(url).status_code == 200
    stale_form = summary_admin_form(summary, headline="The second editor's headline.")
    saved = first.post(url, summary_admin_form(summary, headline="The first editor's headline."))
    assert saved.status_code == 302
    refused = second.post(url, stale_form)
    assert refused.status_code == 200
    html = refused.content.decode()
    assert "NOT been saved" in html
    assert "The first editor&#x27;s headline." in html or "The first editor's headline." in html
    summary.refresh_from_db()
    assert summary.headline == "The first editor's headline."
    # Reloading gives the current revision, and the edit then goes through.
    fresh = summary_admin_form(summary, headline="The second editor's headline.")
    assert second.post(url, fresh).status_code == 302
    summary.refresh_from_db()
    assert summary.headline == "The second editor's headline."


def test_a_change_form_that_does_not_say_which_revision_it_showed_is_refused():
    client, _ = editor_client("careless")
    summary = make_summary(make_topic(), make_section(), headline="Unchanged.")
    form = summary_admin_form(summary, headline="Posted without a revision.")
    del form["shown_revision"]
    response = client.post(f"/admin/guidance/summary/{summary.pk}/change/", form)
    assert response.status_code == 200
    summary.refresh_from_db()
    assert summary.headline == "Unchanged."


def test_stale_topic_and_faq_forms_are_refused_too():
    client, _ = editor_client("carol")
    topic = make_topic(slug="stale-topic")
    faq = make_faq(topic, question="Old question?")
    shown = faq.revision
    faq.answer = "Changed by someone else."
    faq.save()
    response = client.post(
        f"/admin/guidance/faq/{faq.pk}/change/",
        {
            "topic": topic.pk,
            "question": "My question?",
            "answer": "Mine.",
            "order": 1,
            "is_published": "on",
            "shown_revision": shown,
        },
    )
    assert response.status_code == 200
    assert "Changed by someone else." in response.content.decode()
    faq.refresh_from_db()
    assert faq.question == "Old question?"


def test_every_save_bumps_the_revision():
    topic = make_topic(slug="bumps")
    before = topic.revision
    topic.title = "Renamed"
    topic.save()
    assert topic.revision == before + 1


def test_the_history_diff_shows_the_whole_change_with_the_changed_words_marked():
    client, _user = editor_client("historian")
    summary = Summary.objects.filter(is_published=True).first()
    url = f"/admin/guidance/summary/{summary.pk}/change/"
    old = summary.headline
    new = old + " This sentence is long enough that the history page would shorten it to a stub."
    assert len(new) > 100  # past django-simple-history's 100-character display limit
    response = client.post(url, summary_admin_form(summary, headline=new))
    assert response.status_code == 302, response.content.decode()[:2000]
    html = client.get(f"/admin/guidance/summary/{summary.pk}/history/").content.decode()
    assert "chars]" not in html
    assert (
        "<ins>This sentence is long enough that the history page would shorten it to a stub.</ins>"
        in html
    )
    first_words = old.split()[0]
    assert first_words in html


def test_an_admin_save_that_changes_the_cited_sections_is_one_version_holding_them():
    client, _user = editor_client("citer")
    first, second = make_section("99.99.010"), make_section("99.99.020")
    summary = make_summary(make_topic(), first, headline="Cites one section.")
    versions = summary.history.count()
    form = summary_admin_form(summary, sections=[first.pk, second.pk])
    response = client.post(f"/admin/guidance/summary/{summary.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert summary.history.count() == versions + 1
    latest = summary.history.first()
    cited = {row.codesection_id for row in latest.sections.all()}
    assert cited == {first.pk, second.pk}
    revisions = list(summary.history.values_list("revision", flat=True))
    assert len(revisions) == len(set(revisions))
