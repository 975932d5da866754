"""Nothing staff delete is lost: a deleted topic comes back from the admin with the summaries
and FAQs its delete took, staff edits and citations included (issue 19, finding 4); reverting
works; a crafted revert is refused in words, never with an error page."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.contrib.messages import get_messages
from django.test import Client

from cotati_site.codebook.models import CodeSection, SectionVersion
from cotati_site.core.recovery import CASCADE_WINDOW, RECOVERED
from cotati_site.guidance.models import FAQ, Summary, Topic
from tests.factories import make_summary, make_topic, summary_admin_form
from tests.security.test_admin_write_paths import read_form

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password-for-recovery"


def staff_client(name: str, *, editor=True, permissions=()) -> tuple[Client, User]:
    user = User.objects.create_user(name, password=PASSWORD, is_staff=True)
    if editor:
        user.groups.add(Group.objects.get(name="Editors"))
    user.user_permissions.add(*Permission.objects.filter(codename__in=permissions))
    client = Client()
    client.force_login(user)
    return client, user


def superuser_client() -> tuple[Client, User]:
    user = User.objects.create_superuser("root", password=PASSWORD)
    client = Client()
    client.force_login(user)
    return client, user


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def edit_summary_in_admin(client, summary, **changes) -> None:
    response = client.post(
        f"/admin/guidance/summary/{summary.pk}/change/", summary_admin_form(summary, **changes)
    )
    assert response.status_code == 302, response.content.decode()[:2000]


def edit_faq_in_admin(client, faq, **changes) -> None:
    data = {
        "topic": faq.topic_id,
        "question": faq.question,
        "answer": faq.answer,
        "sections": [s.pk for s in faq.sections.all()],
        "basis": faq.basis,
        "basis_note": faq.basis_note,
        "order": faq.order,
        "is_published": "on" if faq.is_published else "",
        "shown_revision": faq.revision,
        **changes,
    }
    response = client.post(f"/admin/guidance/faq/{faq.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]


def delete_in_admin(client, obj) -> None:
    opts = obj._meta
    url = f"/admin/{opts.app_label}/{opts.model_name}/{obj.pk}/delete/"
    assert client.post(url, {"post": "yes"}).status_code == 302
    assert not type(obj)._base_manager.filter(pk=obj.pk).exists()


def deletion_id(model, pk) -> int:
    return model.history.filter(id=pk, history_type="-").latest().history_id


def test_an_editor_recovers_a_deleted_topic_with_its_summaries_faqs_and_staff_edits():
    editor, user = staff_client("rescuer")
    topic = Topic.objects.get(slug="fences-and-walls")
    summaries = {s.pk: s for s in topic.summaries.all()}
    faqs = {f.pk: f for f in topic.faqs.all()}
    assert summaries and faqs
    cited = {pk: {c.pk for c in s.sections.all()} for pk, s in summaries.items()}
    assert any(cited.values())
    # Staff edits made after shipping: what load_content could never bring back.
    edited_summary = next(s for s in summaries.values() if cited[s.pk])
    edit_summary_in_admin(editor, edited_summary, headline="A headline staff wrote later.")
    edited_faq = next(iter(faqs.values()))
    edit_faq_in_admin(editor, edited_faq, answer="An answer staff wrote later.")

    delete_in_admin(editor, topic)
    assert not Summary.objects.filter(pk__in=summaries).exists()
    assert not FAQ.objects.filter(pk__in=faqs).exists()

    changelist = editor.get("/admin/guidance/topic/").content.decode()
    assert 'href="/admin/guidance/topic/recover/"' in changelist
    listing = editor.get("/admin/guidance/topic/recover/")
    assert listing.status_code == 200
    history_id = deletion_id(Topic, topic.pk)
    assert f'data-deleted="{history_id}"' in listing.content.decode()
    url = f"/admin/guidance/topic/recover/{history_id}/"
    page = editor.get(url)
    assert page.status_code == 200
    assert "A headline staff wrote later." in page.content.decode()

    response = editor.post(url)
    assert response.status_code == 302
    assert response["Location"] == f"/admin/guidance/topic/{topic.pk}/change/"
    back = Topic.objects.get(pk=topic.pk)
    assert (back.slug, back.title, back.intro) == (topic.slug, topic.title, topic.intro)
    assert set(back.summaries.values_list("pk", flat=True)) == set(summaries)
    assert set(back.faqs.values_list("pk", flat=True)) == set(faqs)
    assert Summary.objects.get(pk=edited_summary.pk).headline == "A headline staff wrote later."
    assert FAQ.objects.get(pk=edited_faq.pk).answer == "An answer staff wrote later."
    for pk, sections in cited.items():
        assert {c.pk for c in Summary.objects.get(pk=pk).sections.all()} == sections
    # Recorded in history, with who did it, one version each.
    for record in (back, *back.summaries.all(), *back.faqs.all()):
        latest = record.history.first()
        assert (latest.history_type, latest.history_user, latest.history_change_reason) == (
            "+",
            user,
            RECOVERED,
        )
    # The list no longer offers it, and a second recovery is refused in words.
    assert (
        f'data-deleted="{history_id}"'
        not in editor.get(listing.request["PATH_INFO"]).content.decode()
    )
    again = editor.post(url)
    assert again.status_code == 302
    assert any("not deleted any more" in m for m in messages_of(again))


def test_a_recovered_page_is_shown_to_readers_at_once(
    client, page_cache, django_capture_on_commit_callbacks
):
    editor, _user = staff_client("cache-rescuer")
    topic = make_topic(slug="soon-back", title="Soon back again")
    with django_capture_on_commit_callbacks(execute=True):
        delete_in_admin(editor, topic)
    assert "Soon back again" not in client.get("/").content.decode()
    assert "Soon back again" not in client.get("/").content.decode()  # and now cached
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(f"/admin/guidance/topic/recover/{deletion_id(Topic, topic.pk)}/")
    assert response.status_code == 302
    assert "Soon back again" in client.get("/").content.decode()


def test_a_summary_deleted_on_its_own_before_its_topic_is_not_brought_back_with_it():
    editor, _user = staff_client("careful")
    topic = make_topic(slug="two-deletes")
    kept, dropped = (
        make_summary(topic, headline="Went with the topic."),
        make_summary(topic, headline="Deleted on its own first."),
    )
    delete_in_admin(editor, dropped)
    earlier = Summary.history.filter(id=dropped.pk, history_type="-")
    earlier.update(history_date=earlier.get().history_date - CASCADE_WINDOW - timedelta(hours=1))
    delete_in_admin(editor, topic)
    response = editor.post(f"/admin/guidance/topic/recover/{deletion_id(Topic, topic.pk)}/")
    assert response.status_code == 302
    assert list(Summary.objects.filter(topic=topic).values_list("pk", flat=True)) == [kept.pk]
    listing = editor.get("/admin/guidance/summary/recover/").content.decode()
    assert f'data-deleted="{deletion_id(Summary, dropped.pk)}"' in listing


def test_a_summary_whose_topic_is_deleted_too_is_refused_with_what_to_recover_first():
    editor, _user = staff_client("orphan")
    topic = make_topic(slug="gone-topic")
    summary = make_summary(topic, headline="Orphaned.")
    delete_in_admin(editor, topic)
    response = editor.post(f"/admin/guidance/summary/recover/{deletion_id(Summary, summary.pk)}/")
    assert response.status_code == 302
    assert any("recover that topic first" in m for m in messages_of(response))
    assert not Summary.objects.filter(pk=summary.pk).exists()


def test_a_topic_whose_address_was_taken_since_is_refused_and_nothing_comes_back():
    editor, _user = staff_client("slugger")
    topic = make_topic(slug="taken-since")
    summary = make_summary(topic)
    delete_in_admin(editor, topic)
    make_topic(slug="taken-since", title="A new topic at the same address")
    response = editor.post(f"/admin/guidance/topic/recover/{deletion_id(Topic, topic.pk)}/")
    assert response.status_code == 302
    assert any("Slug already exists" in m for m in messages_of(response))
    assert not Topic.objects.filter(pk=topic.pk).exists()
    assert not Summary.objects.filter(pk=summary.pk).exists()


def test_staff_without_add_and_change_permission_cannot_recover():
    editor, _user = staff_client("deleter")
    topic = make_topic(slug="not-for-viewers")
    make_summary(topic)
    delete_in_admin(editor, topic)
    url = f"/admin/guidance/topic/recover/{deletion_id(Topic, topic.pk)}/"

    viewer, _ = staff_client("viewer", editor=False, permissions=["view_topic", "view_summary"])
    assert 'id="recover-deleted"' not in viewer.get("/admin/guidance/topic/").content.decode()
    assert viewer.get("/admin/guidance/topic/recover/").status_code == 403
    assert viewer.post(url).status_code == 403
    # Topics yes, summaries no: the topic's delete took a summary, so not this one either.
    half, _ = staff_client(
        "half", editor=False, permissions=["view_topic", "add_topic", "change_topic"]
    )
    assert half.get("/admin/guidance/topic/recover/").status_code == 200
    assert half.post(url).status_code == 403
    assert not Topic.objects.filter(pk=topic.pk).exists()


def test_the_law_s_text_is_recovered_by_superusers_only_and_searched_again():
    root, _ = superuser_client()
    section = CodeSection.objects.exclude(search_version=None).first()
    version = section.search_version  # the text in force, which search reads
    delete_in_admin(root, version)
    url = f"/admin/codebook/sectionversion/recover/{deletion_id(SectionVersion, version.pk)}/"
    editor, _user = staff_client("not-the-law")
    assert editor.post(url).status_code == 403
    assert not SectionVersion.objects.filter(pk=version.pk).exists()
    assert root.post(url).status_code == 302
    assert SectionVersion.objects.get(pk=version.pk).body == version.body
    section.refresh_from_db()
    assert section.search_version_id == version.pk


def revert_form(client, url) -> dict:
    page = client.get(url)
    assert page.status_code == 200
    return read_form(page.content.decode(), "_form").data


@pytest.mark.parametrize("who", ["editor", "superuser"])
def test_a_recovered_topic_can_be_reverted_to_an_earlier_version(who):
    client, _user = staff_client("reverter") if who == "editor" else superuser_client()
    topic = make_topic(slug="revert-me", title="The first title")
    topic.title = "A later title"
    topic.save()
    delete_in_admin(client, topic)
    first = topic.history.filter(title="The first title").first()
    revert_url = f"/admin/guidance/topic/{topic.pk}/history/{first.history_id}/"
    # Deleted: its versions are read-only, and a revert leads to recovering it.
    assert 'name="_save"' not in client.get(revert_url).content.decode()
    refused = client.post(revert_url, revert_form(client, revert_url))
    assert refused.status_code == 302
    assert refused["Location"] == f"/admin/guidance/topic/recover/{deletion_id(Topic, topic.pk)}/"
    assert any("Recover it here first" in m for m in messages_of(refused))

    assert client.post(refused["Location"]).status_code == 302
    assert Topic.objects.get(pk=topic.pk).title == "A later title"
    response = client.post(revert_url, {**revert_form(client, revert_url), "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Topic.objects.get(pk=topic.pk).title == "The first title"


@pytest.mark.parametrize(
    "crafted",
    [
        "shown_revision added by hand",
        "shown_revision junk",
        "shown_revision huge",
        "object id junk",
        "object id never existed",
        "version id junk",
        "version of another record",
    ],
)
def test_a_crafted_revert_is_refused_with_a_message_and_writes_nothing(crafted):
    editor, _user = staff_client("crafter")
    topic = make_topic(slug="crafted", title="Before the attack")
    other = make_topic(slug="bystander")
    version = topic.history.first()
    data = {
        "slug": "crafted",
        "title": "Written by a crafted form",
        "intro": "Crafted.",
        "order": 1,
        "feature": "",
        "_save": "Save",
    }
    object_id, version_id = topic.pk, version.history_id
    if crafted == "shown_revision added by hand":
        delete_in_admin(editor, topic)
        data["shown_revision"] = version.revision
    elif crafted == "shown_revision junk":
        data["shown_revision"] = "1; DROP TABLE x"
    elif crafted == "shown_revision huge":
        data["shown_revision"] = "9" * 30
    elif crafted == "object id junk":
        object_id = "not-an-id"
    elif crafted == "object id never existed":
        object_id = 987654
    elif crafted == "version id junk":
        version_id = "junk"
    else:
        version_id = other.history.first().history_id
    response = editor.post(f"/admin/guidance/topic/{object_id}/history/{version_id}/", data)
    assert response.status_code in (200, 302)
    told = messages_of(response) + (
        [response.content.decode()] if response.status_code == 200 else []
    )
    assert any("nothing was" in m.lower() or "NOT been saved" in m for m in told), told
    assert not Topic.objects.filter(title="Written by a crafted form").exists()
    if crafted == "shown_revision added by hand":
        assert not Topic.objects.filter(pk=topic.pk).exists()


def test_staff_who_may_only_view_topics_see_a_version_read_only():
    viewer, _ = staff_client("reader", editor=False, permissions=["view_topic"])
    topic = Topic.objects.get(slug="fences-and-walls")
    url = f"/admin/guidance/topic/{topic.pk}/history/{topic.history.first().history_id}/"
    page = viewer.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="_save"' not in html
    # The title and slug (prepopulated from it) are shown as fields, but disabled.
    for name in ("title", "slug"):
        assert re.search(rf'<input[^>]*name="{name}"[^>]*disabled', html), name
    assert viewer.post(url, read_form(page.content.decode(), "_form").data).status_code == 403
